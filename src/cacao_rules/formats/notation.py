"""Move notation: reading back what ``str(move)`` writes.

Every move prints as a verb followed by its fields, separated by spaces::

    place 2-1-0-1 1,0 r1          a worker type (0-0-0-4 and the other new workers too),
                                  a square, a rotation r0 to r3
    overbuild 1-1-1-1 0,1 r0      the same fields as place
    discard 3-0-0-1               a worker type
    fill 0,2=M3 2,0=map:P1        square=tile choices, map: for a map-board tile; or none
    resolve 1,0 W 1               a square, a side (N, E, S or W), a worker count
    resolve 1,0 W 3 b2            ... and the bars sold at a chocolate market (b1 or more)
    resolve 0,1 N 1               an edge with no worker facing a Tree of Life: 1 takes 3 gold
    resolve 1,0 N 2 g1001         ... and the gems taken at a gem mine: red, green, blue, white
    draw-worker 1-1-1-1           a worker type (chance)
    draw-jungle T                 a jungle tile code (chance); D2103 a gem mine with its gems
    slide T                       the map-board tile that slides into the display
    build market-crier            a hut to build
    pass                          no hut this turn
    hut-side chief                the side a hut tile landed on (chance)

:func:`parse_move` reads this notation. It checks the syntax only: whether a move is legal
in a given state is for :func:`cacao_rules.apply` to say. The grammar is in
``docs/formats.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from ..errors import FormatError, IllegalMoveError
from ..game.components import GEM_COLOURS, TILES_BY_CODE, Gems, Hut, JungleTile, Side, WorkerType
from ..game.geometry import Square
from ..game.limits import MAX_MOVE_CHARS
from ..game.moves import (
    BuildHut,
    Discard,
    DrawJungle,
    DrawWorker,
    Fill,
    FillChoice,
    HutSide,
    Move,
    Overbuild,
    PassHut,
    Place,
    Resolve,
    Slide,
)

_INTEGER: Final = r"(?:0|-?[1-9][0-9]*)"
_SQUARE: Final = re.compile(rf"({_INTEGER}),({_INTEGER})")
_ROTATION: Final = re.compile(r"r([0-3])")
_COUNT: Final = re.compile(r"0|[1-9][0-9]*")
_BARS: Final = re.compile(r"b([1-9][0-9]*)")
_GEMS: Final = re.compile(r"g([0-9])([0-9])([0-9])([0-9])")
_GEM_MINE: Final = re.compile(r"D[0-9]{4}")
_MAP_PREFIX: Final = "map:"
_MAX_DIGITS: Final = 18

MAX_MOVE_LENGTH: Final = MAX_MOVE_CHARS
_MAX_QUOTE: Final = 80

_TYPES: Final = {kind.value: kind for kind in WorkerType}
_SIDES: Final = {side.name: side for side in Side}
_HUTS: Final = {hut.value: hut for hut in Hut}


class _Bad(Exception):
    """What is wrong with one part of a move; :func:`parse_move` adds the quoted input."""


def _quote(text: str) -> str:
    if len(text) > _MAX_QUOTE:
        return repr(text[:_MAX_QUOTE]) + f" (... {len(text)} characters)"
    return repr(text)


def _worker_type(part: str) -> WorkerType:
    kind = _TYPES.get(part)
    if kind is None:
        raise _Bad(
            f"unknown worker type {part!r}; expected one of {', '.join(_TYPES)}",
        )
    return kind


def _jungle_tile(part: str) -> JungleTile:
    tile = TILES_BY_CODE.get(part)
    if tile is None and _GEM_MINE.fullmatch(part):
        return JungleTile.from_code(part)
    if tile is None:
        raise _Bad(
            f"unknown jungle tile code {part[:_MAX_QUOTE]!r}; expected one of "
            f"{', '.join(TILES_BY_CODE)}, or D and 4 digits for a gem mine with its gems "
            "(red, green, blue, white), such as D2103"
        )
    return tile


def _hut(part: str) -> Hut:
    hut = _HUTS.get(part)
    if hut is None:
        raise _Bad(f"unknown hut {part[:_MAX_QUOTE]!r}; expected one of {', '.join(_HUTS)}")
    return hut


def _number(digits: str, what: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise _Bad(f"{what} {digits[:_MAX_QUOTE]!r} is too large (at most {_MAX_DIGITS} digits)")
    return int(digits)


def _square(part: str) -> Square:
    match = _SQUARE.fullmatch(part)
    if match is None:
        raise _Bad(
            f"bad square {part!r}; expected x,y with two integers and no spaces, like 1,0 or -1,2"
        )
    return (_number(match.group(1), "coordinate"), _number(match.group(2), "coordinate"))


def _rotation(part: str) -> int:
    match = _ROTATION.fullmatch(part)
    if match is None:
        raise _Bad(f"bad rotation {part!r}; expected r0, r1, r2 or r3")
    return int(match.group(1))


def _side(part: str) -> Side:
    side = _SIDES.get(part)
    if side is None:
        raise _Bad(f"bad side {part!r}; expected N, E, S or W")
    return side


def _count(part: str) -> int:
    if _COUNT.fullmatch(part) is None:
        raise _Bad(f"bad worker count {part!r}; expected a whole number such as 0, 1 or 2")
    return _number(part, "worker count")


def _expect(args: list[str], shape: str) -> None:
    wanted = len(shape.split()) - 1
    if len(args) != wanted:
        raise _Bad(
            f"wrong number of parts: expected {wanted + 1} ({shape}), got {len(args) + 1}",
        )


def _place(args: list[str]) -> Move:
    _expect(args, "place TYPE X,Y rN")
    return Place(_worker_type(args[0]), _square(args[1]), _rotation(args[2]))


def _overbuild(args: list[str]) -> Move:
    _expect(args, "overbuild TYPE X,Y rN")
    return Overbuild(_worker_type(args[0]), _square(args[1]), _rotation(args[2]))


def _discard(args: list[str]) -> Move:
    _expect(args, "discard TYPE")
    return Discard(_worker_type(args[0]))


def _fill(args: list[str]) -> Move:
    choices: dict[Square, FillChoice] = {}
    for part in args:
        square_part, equals, code = part.partition("=")
        if not equals:
            raise _Bad(
                f"bad fill choice {part!r}; expected X,Y=TILE such as 0,2=M3, or X,Y=map:TILE "
                "for a map-board tile"
            )
        square = _square(square_part)
        if square in choices:
            raise _Bad(f"square {square_part} is filled twice; each square takes one tile")
        from_map = code.startswith(_MAP_PREFIX)
        tile = _jungle_tile(code.removeprefix(_MAP_PREFIX))
        choices[square] = FillChoice(square, tile, from_map=from_map)
    return Fill(tuple(choices[square] for square in sorted(choices)))


def _bars(part: str) -> int:
    match = _BARS.fullmatch(part)
    if match is None:
        raise _Bad(
            f"bad bar count {part[:_MAX_QUOTE]!r}; expected b1, b2, ... for the workers selling a "
            "chocolate bar (left out when none does), or g and 4 digits for the gems taken at a "
            "gem mine"
        )
    return _number(match.group(1), "bar count")


def _gems(part: str) -> Gems:
    match = _GEMS.fullmatch(part)
    if match is None or not any(int(digit) for digit in match.groups()):
        raise _Bad(
            f"bad gems {part[:_MAX_QUOTE]!r}; expected g and one digit per colour "
            f"({', '.join(GEM_COLOURS)}), such as g1001, for the gems taken at a gem mine "
            "(left out when none is)"
        )
    red, green, blue, white = (int(digit) for digit in match.groups())
    return (red, green, blue, white)


def _resolve(args: list[str]) -> Move:
    if len(args) not in (3, 4):
        raise _Bad(
            "wrong number of parts: expected 4 (resolve X,Y SIDE COUNT) or 5 (with the bars "
            "sold at a chocolate market, resolve X,Y SIDE COUNT bN, or the gems taken at a gem "
            f"mine, resolve X,Y SIDE COUNT gRGBW), got {len(args) + 1}"
        )
    square, side, count = _square(args[0]), _side(args[1]), _count(args[2])
    if len(args) == 3:
        return Resolve(square, side, count)
    if args[3].startswith("g"):
        return Resolve(square, side, count, gems=_gems(args[3]))
    return Resolve(square, side, count, _bars(args[3]))


def _draw_worker(args: list[str]) -> Move:
    _expect(args, "draw-worker TYPE")
    return DrawWorker(_worker_type(args[0]))


def _draw_jungle(args: list[str]) -> Move:
    _expect(args, "draw-jungle TILE")
    return DrawJungle(_jungle_tile(args[0]))


def _slide(args: list[str]) -> Move:
    _expect(args, "slide TILE")
    return Slide(_jungle_tile(args[0]))


def _build(args: list[str]) -> Move:
    _expect(args, "build HUT")
    return BuildHut(_hut(args[0]))


def _pass(args: list[str]) -> Move:
    _expect(args, "pass")
    return PassHut()


def _hut_side(args: list[str]) -> Move:
    _expect(args, "hut-side HUT")
    return HutSide(_hut(args[0]))


_VERBS: Final[dict[str, Callable[[list[str]], Move]]] = {
    "place": _place,
    "overbuild": _overbuild,
    "discard": _discard,
    "fill": _fill,
    "resolve": _resolve,
    "draw-worker": _draw_worker,
    "draw-jungle": _draw_jungle,
    "slide": _slide,
    "build": _build,
    "pass": _pass,
    "hut-side": _hut_side,
}


def parse_move(text: object) -> Move:
    """The move that ``text`` writes in move notation; the inverse of ``str(move)``.

    Parts are separated by whitespace; whitespace around the move and repeated whitespace
    are ignored. Everything else is strict: verbs are lower case, sides upper case, squares
    are written ``x,y`` without spaces. The choices of a fill may come in any order (the
    move keeps them sorted by square), but no square may be named twice; a bare ``fill``
    takes no tile from the display or the map board. Only the syntax is checked: whether the
    move is legal is for :func:`cacao_rules.apply` to say.

    Raises :class:`~cacao_rules.FormatError`, quoting ``text`` and saying what was expected,
    when ``text`` is not a move.

    >>> parse_move("place 2-1-0-1 1,0 r1")
    Place(type=<WorkerType.W2101: '2-1-0-1'>, square=(1, 0), rotation=1)
    >>> str(parse_move("  fill 2,0=P1   0,2=map:M3 "))
    'fill 0,2=map:M3 2,0=P1'
    >>> parse_move("resolve 1,0 W 3 b2")
    Resolve(square=(1, 0), side=<Side.W: 3>, workers=3, bars=2, gems=(0, 0, 0, 0))
    >>> parse_move("resolve 1,0 N 2 g1001").gems
    (1, 0, 0, 1)
    >>> parse_move("draw-jungle D2103").tile.gems
    (2, 1, 0, 3)
    >>> parse_move("build chiefs-wife")
    BuildHut(hut=<Hut.CHIEFS_WIFE: 'chiefs-wife'>)
    >>> parse_move("resolve 1,0 west 1")
    Traceback (most recent call last):
    ...
    cacao_rules.errors.FormatError: cannot read move 'resolve 1,0 west 1': bad side 'west'; ...
    """
    if not isinstance(text, str):
        raise FormatError(
            f"parse_move needs a str in move notation, got {type(text).__name__} "
            f"{repr(text)[:_MAX_QUOTE]}"
        )
    if len(text) > MAX_MOVE_LENGTH:
        raise FormatError(
            f"cannot read move {_quote(text)}: it is {len(text)} characters long; a move "
            f"takes at most {MAX_MOVE_LENGTH}"
        )
    parts = text.split()
    if not parts:
        raise FormatError(
            f"cannot read move {_quote(text)}: it is empty; expected a verb "
            f"({', '.join(_VERBS)}) and its fields"
        )
    verb, args = parts[0], parts[1:]
    reader = _VERBS.get(verb)
    try:
        if reader is None:
            raise _Bad(f"unknown verb {verb[:_MAX_QUOTE]!r}; expected one of {', '.join(_VERBS)}")
        return reader(args)
    except _Bad as bad:
        raise FormatError(f"cannot read move {_quote(text)}: {bad}") from None
    except IllegalMoveError as error:  # a field out of a move's range
        raise FormatError(f"cannot read move {_quote(text)}: {error}") from None
