"""The API reference (docs/api/*.md) has an entry for every public name, and only one.

Every name in ``cacao_rules.__all__`` must be documented by a directive of the form
``.. autofunction:: NAME`` (or autoclass, autoexception, autodata, py:data, ...) under
``.. currentmodule:: cacao_rules``, so that a name added to the package without its entry in
the reference fails here, not silently in the docs.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections import Counter
from pathlib import Path

import pytest

import cacao_rules

API_DOCS = Path(__file__).resolve().parent.parent / "docs" / "api"

DIRECTIVE = re.compile(
    r"^\.\. (?:auto(?:function|class|exception|data|attribute)|py:(?:function|class|data))::"
    r"[ \t]+([\w.]+)",
    re.MULTILINE,
)
CURRENT_MODULE = re.compile(r"^\.\. currentmodule::[ \t]+([\w.]+)", re.MULTILINE)


def documented_names(text: str) -> list[str]:
    """The fully qualified names that a page's directives document, in order."""
    events = sorted(
        [(m.start(), "module", m.group(1)) for m in CURRENT_MODULE.finditer(text)]
        + [(m.start(), "entry", m.group(1)) for m in DIRECTIVE.finditer(text)]
    )
    module = ""
    names: list[str] = []
    for _, kind, name in events:
        if kind == "module":
            module = name
        elif "." in name or not module:
            names.append(name)
        else:
            names.append(f"{module}.{name}")
    return names


def all_documented() -> Counter[str]:
    return Counter(
        name
        for page in sorted(API_DOCS.glob("*.md"))
        for name in documented_names(page.read_text(encoding="utf-8"))
    )


def test_the_parser_reads_current_module_and_qualified_names() -> None:
    text = (
        ".. autoclass:: cacao_rules.game.frozen.Bag\n"
        ".. currentmodule:: cacao_rules\n\n"
        ".. autofunction:: apply\n"
        "   .. autofunction:: not_at_line_start\n"
        ".. py:data:: Move\n"
    )
    assert documented_names(text) == [
        "cacao_rules.game.frozen.Bag",
        "cacao_rules.apply",
        "cacao_rules.Move",
    ]


def test_every_public_name_has_an_entry() -> None:
    documented = all_documented()
    missing = [name for name in cacao_rules.__all__ if f"cacao_rules.{name}" not in documented]
    assert not missing, f"public names with no entry in docs/api/*.md: {missing}"


def test_no_name_has_two_entries() -> None:
    twice = [name for name, count in all_documented().items() if count > 1]
    assert not twice, f"documented more than once in docs/api/*.md: {twice}"


def test_every_entry_names_something_that_exists() -> None:
    unknown = []
    for name in all_documented():
        module, _, attribute = name.rpartition(".")
        if module == "cacao_rules" and attribute not in cacao_rules.__all__:
            unknown.append(name)
    assert not unknown, f"entries for names cacao_rules does not export: {unknown}"


WRITTEN_SIGNATURE = re.compile(r"^\.\. autoclass::[ \t]+(\w+)\((.*)\)[ \t]*$", re.MULTILINE)


@pytest.mark.parametrize(
    ("module", "framework"), [("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo")]
)
def test_written_out_adapter_signatures_match_the_code(module: str, framework: str) -> None:
    """The adapters' pages write class signatures by hand (the docs mock the frameworks)."""
    pytest.importorskip(framework)
    adapter = importlib.import_module(f"cacao_rules.{module}")
    page = (API_DOCS / "adapters.md").read_text(encoding="utf-8")
    section = page.split(f".. currentmodule:: cacao_rules.{module}", 1)[1].split("```", 1)[0]
    written = WRITTEN_SIGNATURE.findall(section)
    assert written, f"no written-out signature for cacao_rules.{module}"
    for name, text in written:
        actual = inspect.signature(getattr(adapter, name).__init__)
        parameters = [p for p in actual.parameters.values() if p.name != "self"]
        expected = ", ".join(
            ("*, " if p.kind is p.KEYWORD_ONLY and i == first_keyword else "")
            + (p.name if p.default is p.empty else f"{p.name}={p.default!r}")
            for first_keyword in [
                next((i for i, p in enumerate(parameters) if p.kind is p.KEYWORD_ONLY), -1)
            ]
            for i, p in enumerate(parameters)
        )
        assert text == expected, f"{module}.{name}: the page says ({text}), the code ({expected})"
