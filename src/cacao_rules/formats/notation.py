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

Each move class writes its notation (``__str__``) and reads it back (``read``), side by
side in :mod:`cacao_rules.game.moves`; :func:`parse_move` finds the class by the verb.
It checks the syntax only: whether a move is legal
in a given state is for :func:`cacao_rules.apply` to say. The grammar is in
``docs/formats.md``.
"""

from __future__ import annotations

from typing import Final

from ..errors import FormatError, IllegalMoveError, expect
from ..game.limits import MAX_MOVE_CHARS
from ..game.moves import MOVE_CLASSES, Move
from ..game.notation_parts import MAX_MOVE_QUOTE, PartError

MAX_MOVE_LENGTH: Final = MAX_MOVE_CHARS

_VERBS: Final = {kind.VERB: kind for kind in MOVE_CLASSES}
"""Each move class by the verb that starts its notation."""


def _quote(text: str) -> str:
    if len(text) > MAX_MOVE_QUOTE:
        return repr(text[:MAX_MOVE_QUOTE]) + f" (... {len(text)} characters)"
    return repr(text)


def parse_move(text: str) -> Move:
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
    expect(text, str)
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
    kind = _VERBS.get(verb)
    try:
        if kind is None:
            raise PartError(
                f"unknown verb {verb[:MAX_MOVE_QUOTE]!r}; expected one of {', '.join(_VERBS)}"
            )
        return kind.read(args)
    except PartError as bad:
        raise FormatError(f"cannot read move {_quote(text)}: {bad}") from None
    except IllegalMoveError as error:  # a field out of a move's range
        raise FormatError(f"cannot read move {_quote(text)}: {error}") from None
