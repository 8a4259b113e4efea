"""Each value declared once: no constant of the package is written out in two of its modules,
under one name or as the same seat count, quote length or seat kind under another."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import cacao_rules

PACKAGE = Path(cacao_rules.__file__).parent


def _constants() -> dict[str, list[tuple[str, object]]]:
    """Each upper-case module-level name given a literal value, with where and what."""
    found: dict[str, list[tuple[str, object]]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                target, value = node.target.id, node.value
            elif (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                target, value = node.targets[0].id, node.value
            else:
                continue
            if target.lstrip("_").isupper() and isinstance(value, ast.Constant):
                found[target.lstrip("_")].append((str(path.relative_to(PACKAGE)), value.value))
    return found


def test_no_constant_is_declared_twice_under_one_name() -> None:
    twice = {name: places for name, places in _constants().items() if len(places) > 1}
    assert not twice, twice


def test_the_quote_lengths_and_seat_counts_have_one_declaration() -> None:
    """A message quotes at most ``errors.MAX_QUOTE`` characters of an input (a move's text
    ``MAX_MOVE_QUOTE``); a game has at most ``config.MAX_PLAYERS`` seats."""
    quotes = {
        (name, place)
        for name, places in _constants().items()
        if "QUOTE" in name
        for place, _ in places
    }
    assert quotes == {
        ("MAX_QUOTE", "errors.py"),
        ("MAX_MOVE_QUOTE", "game/notation_parts.py"),
    }
    seats = {
        (name, place)
        for name, places in _constants().items()
        if "SEATS" in name or "PLAYERS" in name
        for place, value in places
        if value == 4
    }
    assert seats == {("MAX_PLAYERS", "game/config.py")}
