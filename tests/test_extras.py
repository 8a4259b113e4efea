"""An adapter imported without its extra says which extra to install.

Each case runs in a fresh interpreter in which the framework's import is blocked (a ``None``
in ``sys.modules`` makes ``import`` raise ``ModuleNotFoundError``), as it would be on a machine
without the extra, whether or not this one has it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

PROGRAM = """
import sys
sys.modules[{blocked!r}] = None
try:
    import cacao_rules.{adapter}
except ImportError as error:
    print(type(error).__name__, error.name, error, sep="|")
else:
    print("imported")
"""


@pytest.mark.parametrize(
    ("adapter", "blocked"),
    [
        ("openspiel", "pyspiel"),
        ("openspiel", "numpy"),
        ("pettingzoo", "pettingzoo"),
        ("pettingzoo", "gymnasium"),
        ("pettingzoo", "numpy"),
    ],
)
def test_an_adapter_without_its_extra_names_the_extra(adapter: str, blocked: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM.format(adapter=adapter, blocked=blocked)],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC)},
    )
    kind, name, message = result.stdout.strip().split("|")
    assert kind == "ImportError"  # not the bare ModuleNotFoundError of the framework
    # The blocked framework, or another of the extra's that this machine lacks too.
    assert name == blocked or importlib.util.find_spec(name) is None
    assert f'pip install ".[{adapter}]" in a clone' in message
    assert f"{name} is not installed" in message


def test_the_core_library_imports_without_any_framework() -> None:
    program = (
        "import sys\n"
        "for name in ('numpy', 'pyspiel', 'pettingzoo', 'gymnasium'):\n"
        "    sys.modules[name] = None\n"
        "import cacao_rules as cr\n"
        "print(len(cr.legal_moves(cr.new_game(cr.Config(players=2), seed=1))) > 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC)},
    )
    assert result.stdout.strip() == "True"
