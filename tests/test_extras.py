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
    assert f"pip install 'cacao-rules[{adapter}]'" in message
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


SERVER_TESTS = ["test_server.py", "test_server_bots.py", "test_server_process.py"]
"""The game server's tests that need the test group's HTTP client."""


def test_the_server_tests_skip_without_the_test_groups_http_client() -> None:
    """With the server extra but not the test group (no HTTP client for the tests), the
    server's tests are skipped, not errors at collection."""
    program = (
        "import sys\n"
        "sys.modules['httpx'] = sys.modules['httpx2'] = None\n"
        "import pytest\n"
        "sys.exit(pytest.main(sys.argv[1:]))\n"
    )
    tests = Path(__file__).resolve().parent
    result = subprocess.run(
        [sys.executable, "-c", program, "-p", "no:cacheprovider", "-n", "0", "-q", "-rs"]
        + [str(tests / name) for name in SERVER_TESTS],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
        cwd=tests.parent,
    )
    # Every test skipped (pytest's "no tests collected"), not interrupted by an error.
    assert result.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, result.stdout[-2000:]
    for name in SERVER_TESTS:
        assert f"SKIPPED [2] tests/{name}" in result.stdout, result.stdout[-2000:]
