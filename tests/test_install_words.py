"""What the project says about installing it (issue 41, item 10).

The package is not on PyPI yet, so every message and page says ``pip install ".[EXTRA]"``
from a clone, never ``pip install "cacao-rules[EXTRA]"`` alone (which fails); the README and
the installation page name every runtime dependency and every extra that pyproject.toml
declares; and each third-party module the server imports is declared by its extra.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest

from cacao_rules.cli import main

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]


def _name(requirement: str) -> str:
    """The distribution a requirement names: ``dask`` of ``dask[distributed]>=2024.1``."""
    match = re.match(r"[A-Za-z0-9_.-]+", requirement)
    assert match is not None
    return match.group().lower().replace("_", "-")


def _published_form_only(text: str) -> list[str]:
    """Each ``pip install ... cacao-rules[EXTRA]`` in ``text`` not said to be for later."""
    return [
        line
        for line in text.splitlines()
        if re.search(r"pip install ['\"]?cacao-rules\[", line) and "once" not in line.lower()
    ]


@pytest.mark.parametrize(
    "page",
    ["README.md", *sorted(str(path.relative_to(ROOT)) for path in (ROOT / "docs").glob("**/*.md"))],
)
def test_no_page_installs_the_unpublished_package_by_name(page: str) -> None:
    assert _published_form_only((ROOT / page).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source", sorted(str(path.relative_to(ROOT)) for path in (ROOT / "src").glob("**/*.py"))
)
def test_no_message_or_docstring_installs_the_unpublished_package_by_name(source: str) -> None:
    assert _published_form_only((ROOT / source).read_text(encoding="utf-8")) == []


def test_serve_help_says_how_to_install_the_server_from_a_clone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert 'pip install ".[server]"' in help_text


@pytest.mark.parametrize("page", ["README.md", "docs/installation.md"])
def test_the_install_pages_name_every_dependency_and_extra(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8").lower()
    for requirement in PROJECT["dependencies"]:
        assert _name(requirement) in text, f"{page} does not name {_name(requirement)}"
    for extra in EXTRAS:
        assert re.search(rf"[.\[`]{extra}[\]`]", text), f"{page} does not name the extra {extra}"


def _imported_modules(folder: Path) -> set[str]:
    """The top-level modules that the Python files in ``folder`` import."""
    names: set[str] = set()
    for path in folder.glob("**/*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"cacao_rules", "__future__"}


def test_the_server_extra_declares_every_module_the_server_imports() -> None:
    """The server extra, and the postgres extra for the PostgreSQL parts (its driver, which
    the server imports only for a ``postgresql`` database URL)."""
    required = [*PROJECT["dependencies"], *EXTRAS["server"], *EXTRAS["postgres"]]
    declared = {_name(requirement) for requirement in required}
    distributions = importlib.metadata.packages_distributions()
    for module in _imported_modules(ROOT / "src" / "cacao_rules" / "server"):
        names = {name.lower() for name in distributions.get(module, [module])}
        assert names & declared, f"the server imports {module}, which no requirement declares"
