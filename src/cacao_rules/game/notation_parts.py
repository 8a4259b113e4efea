"""Reading the parts of the move notation: squares, rotations, worker types, jungle tiles,
huts, sides and counts, as each move class's ``read`` takes them
(:mod:`cacao_rules.game.moves`; :func:`cacao_rules.parse_move` puts them together).

Each reader takes one whitespace-free part and returns its value, or raises
:class:`PartError` saying what is wrong with the part and what is expected;
:func:`~cacao_rules.parse_move` quotes the whole text with that sentence.
"""

from __future__ import annotations

import re
from typing import Final

from .components import GEM_COLOURS, TILES_BY_CODE, Gems, Hut, JungleTile, Side, WorkerType
from .geometry import Square

MAX_MOVE_QUOTE: Final = 80
"""The most characters of a move's text, or of a part of it, quoted in a message (more than
:data:`~cacao_rules.errors.MAX_QUOTE`: a whole move fits)."""

_INTEGER: Final = r"(?:0|-?[1-9][0-9]*)"
_SQUARE: Final = re.compile(rf"({_INTEGER}),({_INTEGER})")
_ROTATION: Final = re.compile(r"r([0-3])")
_COUNT: Final = re.compile(r"0|[1-9][0-9]*")
_BARS: Final = re.compile(r"b([1-9][0-9]*)")
_GEMS: Final = re.compile(r"g([0-9])([0-9])([0-9])([0-9])")
_GEM_MINE: Final = re.compile(r"D[0-9]{4}")
_MAX_DIGITS: Final = 18

MAP_PREFIX: Final = "map:"
"""Marks a fill choice's tile as taken from the map board."""

_TYPES: Final = {kind.value: kind for kind in WorkerType}
_SIDES: Final = {side.name: side for side in Side}
_HUTS: Final = {hut.value: hut for hut in Hut}


class PartError(Exception):
    """What is wrong with one part of a move; :func:`cacao_rules.parse_move` adds the
    quoted input and raises :class:`~cacao_rules.FormatError`."""


def expect_parts(parts: list[str], shape: str) -> None:
    """Raise :class:`PartError` unless ``parts`` (after the verb) has as many parts as
    ``shape``, the move's notation with its verb (``"place TYPE X,Y rN"``)."""
    wanted = len(shape.split()) - 1
    if len(parts) != wanted:
        raise PartError(
            f"wrong number of parts: expected {wanted + 1} ({shape}), got {len(parts) + 1}",
        )


def worker_type(part: str) -> WorkerType:
    """A worker type, written by its counts: ``1-1-1-1``."""
    kind = _TYPES.get(part)
    if kind is None:
        raise PartError(f"unknown worker type {part!r}; expected one of {', '.join(_TYPES)}")
    return kind


def jungle_tile(part: str) -> JungleTile:
    """A jungle tile by its code, or ``D`` and 4 digits for a gem mine with its gems."""
    tile = TILES_BY_CODE.get(part)
    if tile is None and _GEM_MINE.fullmatch(part):
        return JungleTile.from_code(part)
    if tile is None:
        raise PartError(
            f"unknown jungle tile code {part[:MAX_MOVE_QUOTE]!r}; expected one of "
            f"{', '.join(TILES_BY_CODE)}, or D and 4 digits for a gem mine with its gems "
            "(red, green, blue, white), such as D2103"
        )
    return tile


def hut(part: str) -> Hut:
    """A hut by its name: ``market-crier``."""
    found = _HUTS.get(part)
    if found is None:
        raise PartError(
            f"unknown hut {part[:MAX_MOVE_QUOTE]!r}; expected one of {', '.join(_HUTS)}"
        )
    return found


def _number(digits: str, what: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise PartError(
            f"{what} {digits[:MAX_MOVE_QUOTE]!r} is too large (at most {_MAX_DIGITS} digits)"
        )
    return int(digits)


def square(part: str) -> Square:
    """A square, ``x,y``."""
    match = _SQUARE.fullmatch(part)
    if match is None:
        raise PartError(
            f"bad square {part!r}; expected x,y with two integers and no spaces, like 1,0 or -1,2"
        )
    return (_number(match.group(1), "coordinate"), _number(match.group(2), "coordinate"))


def rotation(part: str) -> int:
    """A rotation, ``r0`` to ``r3``."""
    match = _ROTATION.fullmatch(part)
    if match is None:
        raise PartError(f"bad rotation {part!r}; expected r0, r1, r2 or r3")
    return int(match.group(1))


def side(part: str) -> Side:
    """A side of a tile: ``N``, ``E``, ``S`` or ``W``."""
    found = _SIDES.get(part)
    if found is None:
        raise PartError(f"bad side {part!r}; expected N, E, S or W")
    return found


def count(part: str) -> int:
    """A worker count: a whole number."""
    if _COUNT.fullmatch(part) is None:
        raise PartError(f"bad worker count {part!r}; expected a whole number such as 0, 1 or 2")
    return _number(part, "worker count")


def bars(part: str) -> int:
    """The bars sold at a chocolate market: ``b1``, ``b2``, ..."""
    match = _BARS.fullmatch(part)
    if match is None:
        raise PartError(
            f"bad bar count {part[:MAX_MOVE_QUOTE]!r}; expected b1, b2, ... for the workers "
            "selling a chocolate bar (left out when none does), or g and 4 digits for the gems "
            "taken at a gem mine"
        )
    return _number(match.group(1), "bar count")


def gems(part: str) -> Gems:
    """The gems taken at a gem mine: ``g`` and one digit per colour, not all 0."""
    match = _GEMS.fullmatch(part)
    if match is None or not any(int(digit) for digit in match.groups()):
        raise PartError(
            f"bad gems {part[:MAX_MOVE_QUOTE]!r}; expected g and one digit per colour "
            f"({', '.join(GEM_COLOURS)}), such as g1001, for the gems taken at a gem mine "
            "(left out when none is)"
        )
    red, green, blue, white = (int(digit) for digit in match.groups())
    return (red, green, blue, white)
