"""The free marks and colours of :func:`cacao_rules.show.svg.board`, checked.

A caller marks squares (``fill``: a square's colour, as ``chess.svg`` fills squares) and
edges (``edges``: a bar along one side of a square, for the edges waiting to be resolved, a
hint, or a policy's weights), and restyles the picture (``colors``: a colour for each named
part, written as a ``<style>`` sheet over the picture's stable CSS classes).

Every colour is checked to be a plain CSS colour (``#rgb``, ``#rrggbb``, ``#rrggbbaa``, a
name such as ``gold``, or ``rgb(...)``/``rgba(...)`` of numbers), so that no text given
as a colour can leave the attribute or the style sheet it is written into.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Final

from ..errors import ConfigError, bad_argument, bad_type, excerpt, is_a
from ..game.components import Side
from ..game.geometry import Square, format_square

_COLOUR: Final = re.compile(
    r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,30}"
    r"|rgba?\(\s*[0-9.]+%?(?:\s*,\s*[0-9.]+%?){2,3}\s*\)"
)
_HEX6: Final = re.compile(r"#[0-9a-fA-F]{6}")

SEAT_PARTS: Final = tuple(f"seat-{seat}" for seat in range(4))
"""The ``colors`` keys of the seats' colours (each a ``#rrggbb`` colour, from which the
tiles' light faces are mixed)."""
PARTS: Final = {
    "background": (".background", "fill"),
    "board": (".board-area", "fill"),
    "space": (".space", "stroke"),
    "last-move": (".last-move", "stroke"),
    "can-place": (".can-place", "fill", "stroke"),
    "pending": (".pending", "stroke"),
}
"""The other ``colors`` keys: each part's CSS selector and the properties it colours. The
jungle kinds are keyed ``kind-NAME`` (``kind-plantation``, ``kind-gem-mine``...)."""


def check_colour(colour: str, what: str) -> str:
    """``colour`` if it is a plain CSS colour; else an error saying what ``what`` needs.

    Typed as the picture's options declare it and checked all the same: a caller's mapping
    may hold anything, and a colour goes into the picture's markup."""
    if not isinstance(colour, str):
        raise bad_type(what, "a colour as a str", colour)
    if not _COLOUR.fullmatch(colour):
        raise bad_argument(
            what, "a CSS colour such as '#1565c0', 'gold' or 'rgba(0,0,0,0.3)'", colour
        )
    return colour


def _check_square(square: object, what: str) -> Square:
    if not isinstance(square, tuple) or len(square) != 2 or not all(is_a(c, int) for c in square):
        raise bad_type(what, "a square, a tuple (x, y) of ints", square)
    x, y = square
    if max(abs(x), abs(y)) > 100:
        raise ConfigError(f"{what} {format_square((x, y))} lies far beyond any board")
    return (x, y)


def checked_fill(fill: Mapping[Square, str] | None) -> dict[Square, str]:
    """``fill`` checked: a mapping from squares to colours."""
    if fill is None:
        return {}
    if not isinstance(fill, Mapping):
        raise bad_type("fill", "a mapping from squares to colours", fill)
    return {
        _check_square(square, "a square of fill"): check_colour(
            colour, f"the colour of square {square}"
        )
        for square, colour in fill.items()
    }


def checked_edges(
    edges: Mapping[tuple[Square, Side], str] | None,
) -> dict[tuple[Square, Side], str]:
    """``edges`` checked: a mapping from ``(square, side)`` to colours."""
    if edges is None:
        return {}
    if not isinstance(edges, Mapping):
        raise bad_type("edges", "a mapping from (square, side) to colours", edges)
    checked: dict[tuple[Square, Side], str] = {}
    entries: Iterable[tuple[object, str]] = edges.items()  # as given, checked here
    for key, colour in entries:
        if not isinstance(key, tuple) or len(key) != 2 or not isinstance(key[1], Side):
            raise bad_type("an edge", "a tuple (square, cr.Side)", key)
        square = _check_square(key[0], "the square of an edge")
        checked[square, key[1]] = check_colour(colour, f"the colour of edge {key!r:.60}")
    return checked


def palette_style(
    colors: Mapping[str, str] | None, kinds: Iterable[str], tint: Callable[[str, float], str]
) -> str:
    """A ``<style>`` sheet that gives the picture's parts the ``colors`` asked for ("" for
    none): the keys are :data:`SEAT_PARTS`, :data:`PARTS` and ``kind-NAME`` for each of
    ``kinds``; ``tint(colour, share)`` mixes a seat's colour with white for its tiles."""
    if colors is None:
        return ""
    if not isinstance(colors, Mapping):
        raise bad_type("colors", "a mapping from part names to colours", colors)
    kind_parts = {f"kind-{kind}" for kind in kinds}
    rules = []
    for part, colour in colors.items():
        known = [*SEAT_PARTS, *PARTS, *sorted(kind_parts)]
        if part not in known:
            raise ConfigError(
                f"colors has no part {excerpt(part)}; the parts are: {', '.join(known)}"
            )
        check_colour(colour, f"the colour of {part}")
        if part in SEAT_PARTS:
            if not _HEX6.fullmatch(colour):
                raise bad_argument(f"the colour of {part}", "#rrggbb", colour)
            rules += _seat_rules(part, colour, tint(colour, 0.78), tint(colour, 0.93))
        elif part in PARTS:
            selector, *properties = PARTS[part]
            rules.append(f"{selector}{{{';'.join(f'{p}:{colour}' for p in properties)}}}")
        else:
            rules.append(f".{part}>rect{{fill:{colour}}}")
    return f"<style>{''.join(rules)}</style>"


def _seat_rules(part: str, colour: str, face: str, panel: str) -> list[str]:
    return [
        f".{part} .tile-face{{fill:{face};stroke:{colour}}}",
        f".{part} .worker-dot,.{part} .seat-label,.{part} .seat-name{{fill:{colour}}}",
        f".{part}>.panel-box{{fill:{panel};stroke:{colour}}}",
    ]
