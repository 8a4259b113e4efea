"""The board as an SVG picture, with the standard library only: :func:`board`.

A picture shows the whole table: the jungle and the worker tiles on the board, the display,
the map board (Map), the Emperor (Favour of the Emperor), the supplies, and a panel per
player with everything on their village board. It is drawn from a
:class:`~cacao_rules.State` or from an :class:`~cacao_rules.Observation`; an observation's
picture shows the hand of its player only, the others' as face-down tiles.

- A jungle tile is a square in its kind's colour with the kind's letter (as in move
  notation: ``P`` plantation, ``M`` market, ``G`` gold mine, ``W`` water, ``S``
  sun-worshiping site, ``T`` temple, ``I`` watering, ``K`` chocolate kitchen, ``C`` chocolate
  market, ``D`` gem mine with its gems, ``L`` tree of life) and its value beneath.
- A worker tile is a light square in its owner's seat colour with the seat number in the
  middle and its workers as dots on each edge, as placed; a black corner marks a tile
  overbuilt on another.
- A dashed square is an empty jungle space next to a worker tile; a crowned ``E`` the
  Emperor's square.

Every part carries a ``class`` (``jungle``, ``worker``, ``space``, ``emperor``, ``display``,
``player``, ...) and a ``<title>`` that says in words what it is, so that a browser shows it
on hover and a program can find it. The board's background (``class="board-area"``) names
the square in its top left corner (``data-first="x,y"``): square ``x+i,y+j`` lies ``i``
and ``j`` times :data:`SQUARE` units right of and below the background's corner, which a
page needs to put its own marks on squares.

>>> import xml.etree.ElementTree as ET
>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=1)
>>> picture = ET.fromstring(board(state, highlight_moves=cr.legal_moves(state)))
>>> picture.tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

import attrs

from ..game.components import (
    GEM_COLOURS,
    STORAGE_SPACES,
    SUN_PLACES,
    Gems,
    JungleKind,
    JungleTile,
    Side,
    WorkerTile,
    WorkerType,
)
from ..game.config import Module
from ..game.geometry import Square, format_square
from ..game.moves import Fill, Move, Overbuild, Place, Resolve
from ..game.score_sheet import ScoreSheet
from ..state.state import FillStep, ResolveStep, State
from .render import open_jungle_spaces, waiting_for
from .running_score import running_scores
from .seats import SeatSummary, Shown, seat_summaries
from .svg_marks import checked_edges, checked_fill, palette_style
from .tile_words import KIND_NAMES, tile_title

SQUARE: Final = 48
"""The side of one board square in the picture's own units; ``size`` scales the picture."""

SEAT_COLOURS: Final = ("#b84d00", "#1565c0", "#212121", "#a63d84")
"""The seat colours: orange, blue, black, magenta, each dark enough to read on white, and
chosen to stay apart for colour-blind eyes as well (``tests/test_seat_colours.py``: red
beside amber and blue beside purple did not); a worker tile also shows its seat's number."""

KIND_COLOURS: Final[dict[JungleKind, tuple[str, str]]] = {
    JungleKind.PLANTATION: ("#2e7d32", "#ffffff"),
    JungleKind.MARKET: ("#ef6c00", "#ffffff"),
    JungleKind.GOLD_MINE: ("#d4af37", "#3b2c00"),
    JungleKind.WATER: ("#0288d1", "#ffffff"),
    JungleKind.SUN_WORSHIP: ("#fff176", "#5d4a00"),
    JungleKind.TEMPLE: ("#78909c", "#ffffff"),
    JungleKind.WATERING: ("#4dd0e1", "#00363d"),
    JungleKind.CHOCOLATE_KITCHEN: ("#6d4c41", "#ffffff"),
    JungleKind.CHOCOLATE_MARKET: ("#ad1457", "#ffffff"),
    JungleKind.GEM_MINE: ("#4527a0", "#ffffff"),
    JungleKind.TREE_OF_LIFE: ("#aed581", "#1b3a00"),
}
"""Each jungle kind's fill and text colour."""

GEM_FILLS: Final = ("#e53935", "#43a047", "#1e88e5", "#fafafa")
"""The gems' colours, red, green, blue and white, in :data:`~cacao_rules.GEM_COLOURS` order."""

_FONT: Final = "font-family:Helvetica,Arial,sans-serif;max-width:100%;height:auto"
_PANEL_WIDTH: Final = 312
_MARGIN: Final = 14
_LABEL: Final = 16
_ROW: Final = 22
_MINI: Final = 30
_LAST_COLOUR: Final = "#d50000"
_PLACE_COLOUR: Final = "#00c853"
_SIDES: Final = ("north", "east", "south", "west")


def _attrs(attributes: Mapping[str, str | float]) -> str:
    return "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(str(value))}"
        for name, value in attributes.items()
    )


def _tag(name: str, *content: str, **attributes: str | float) -> str:
    """One SVG element; ``class_`` gives ``class`` and ``font_size`` gives ``font-size``."""
    inner = "".join(content)
    if not inner:
        return f"<{name}{_attrs(attributes)}/>"
    return f"<{name}{_attrs(attributes)}>{inner}</{name}>"


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _text(x: float, y: float, text: str, size: float = 12, **attributes: str | float) -> str:
    return _tag("text", escape(text), x=_n(x), y=_n(y), font_size=_n(size), **attributes)


def _n(value: float) -> str:
    """A coordinate, short: ``12`` rather than ``12.0``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _points(*points: tuple[float, float]) -> str:
    """A polygon's ``points`` attribute."""
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def tint(colour: str, share: float = 0.78) -> str:
    """``colour`` (``#rrggbb``) mixed with white, ``share`` of it white."""
    channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(c + (255 - c) * share) for c in channels]
    return "#" + "".join(f"{c:02x}" for c in mixed)


# --- tiles ---------------------------------------------------------------------------------


_GEM_INKS: Final = ("#ffffff", "#ffffff", "#ffffff", "#000000")
"""The colour of the count written on each gem colour's dot."""


def _gem_dots(gems: Gems, x: float, y: float, step: float, radius: float) -> list[str]:
    """The four gem colours as dots left to right from ``(x, y)``, each with its count
    written large inside it."""
    parts = []
    for index, count in enumerate(gems):
        cx = x + index * step
        parts.append(
            _tag(
                "circle",
                _title(f"{count} {GEM_COLOURS[index]}"),
                cx=_n(cx),
                cy=_n(y),
                r=_n(radius),
                fill=GEM_FILLS[index],
                stroke="#424242",
                stroke_width="0.8",
                class_=f"gem gem-{GEM_COLOURS[index]}",
            )
        )
        parts.append(
            _text(
                cx,
                y + radius * 0.62,
                str(count),
                radius * 1.75,
                text_anchor="middle",
                fill=_GEM_INKS[index],
                font_weight="bold",
                class_="gem-count",
            )
        )
    return parts


def _tile_rect(x: float, y: float, side: float, radius: float, **style: str | float) -> str:
    """A tile's square, ``side`` wide, a little inside its place, its corners rounded."""
    k = side / SQUARE
    return _tag(
        "rect",
        x=_n(x + 1.5 * k),
        y=_n(y + 1.5 * k),
        width=_n(side - 3 * k),
        height=_n(side - 3 * k),
        rx=_n(radius * k),
        **style,
    )


def jungle_tile_picture(
    tile: JungleTile, x: float, y: float, side: float, where: str, square: Square | None = None
) -> str:
    """A jungle tile as a coloured square with its letter and value, ``side`` wide; on the
    board, ``square`` is where it lies."""
    fill, ink = KIND_COLOURS[tile.kind]
    letter = tile.code[0]
    k = side / SQUARE
    parts = [
        _title(f"{tile_title(tile)}{where}"),
        _tile_rect(x, y, side, 5, fill=fill, stroke="#263238", stroke_width=_n(max(0.6, k))),
    ]
    cx = x + side / 2
    if tile.gems is not None:
        parts.append(
            _text(
                cx, y + 20 * k, letter, 16 * k, text_anchor="middle", fill=ink, font_weight="bold"
            )
        )
        parts.extend(_gem_dots(tile.gems, x + 7.5 * k, y + 34.5 * k, 11 * k, 5.4 * k))
    elif tile.value:
        parts.append(
            _text(
                cx, y + 22 * k, letter, 17 * k, text_anchor="middle", fill=ink, font_weight="bold"
            )
        )
        parts.append(
            _text(
                cx,
                y + 40 * k,
                str(tile.value),
                15 * k,
                text_anchor="middle",
                fill=ink,
                font_weight="bold",
            )
        )
    else:
        parts.append(
            _text(
                cx, y + 31 * k, letter, 20 * k, text_anchor="middle", fill=ink, font_weight="bold"
            )
        )
    kind = tile.kind.value.replace("_", "-")
    place = {} if square is None else {"data_square": format_square(square)}
    return _tag("g", *parts, class_=f"jungle kind-{kind}", data_code=tile.code, **place)


def _worker_dots(
    edges: tuple[int, int, int, int], x: float, y: float, side: float, colour: str
) -> list[str]:
    """The workers of each edge (N, E, S, W) as dots along that edge."""
    k = side / SQUARE
    spacing, inset, radius = 8 * k, 6.5 * k, 3.3 * k
    centre = side / 2
    parts = []
    for index, count in enumerate(edges):
        for i in range(count):
            along = centre + (i - (count - 1) / 2) * spacing
            dx, dy = [
                (along, inset),
                (side - inset, along),
                (along, side - inset),
                (inset, along),
            ][index]
            parts.append(
                _tag(
                    "circle",
                    cx=_n(x + dx),
                    cy=_n(y + dy),
                    r=_n(radius),
                    fill=colour,
                    class_=f"worker-dot edge-{_SIDES[index]}",
                )
            )
    return parts


def worker_tile(
    edges: tuple[int, int, int, int],
    x: float,
    y: float,
    side: float,
    *,
    seat: int,
    title: str,
    label: str,
) -> list[str]:
    """A worker tile: a light square in the seat's colour, ``label`` in the middle, and the
    workers as dots on each edge."""
    colour = SEAT_COLOURS[seat]
    k = side / SQUARE
    return [
        _title(title),
        _tile_rect(
            x,
            y,
            side,
            4,
            fill=tint(colour),
            stroke=colour,
            stroke_width=_n(2.2 * k),
            class_="tile-face",
        ),
        _text(
            x + side / 2,
            y + side / 2 + 5 * k,
            label,
            14 * k,
            text_anchor="middle",
            fill=colour,
            font_weight="bold",
            class_="seat-label",
        ),
        *_worker_dots(edges, x, y, side, colour),
    ]


def _edges_words(edges: tuple[int, int, int, int]) -> str:
    return ", ".join(f"{n} {side[0].upper()}" for n, side in zip(edges, _SIDES, strict=True))


# --- the board -----------------------------------------------------------------------------


def _move_squares(moves: Iterable[Move]) -> set[Square]:
    """The squares a move puts something on: a placement's, a fill's spaces, a resolved edge's
    worker tile."""
    squares: set[Square] = set()
    for move in moves:
        if isinstance(move, Place | Overbuild | Resolve):
            squares.add(move.square)
        elif isinstance(move, Fill):
            squares.update(choice.square for choice in move.choices)
    return squares


def _placement_squares(moves: Iterable[Move]) -> set[Square]:
    return {move.square for move in moves if isinstance(move, Place | Overbuild)}


class _Grid:
    """Where each board square lies in the picture: the used area, cropped."""

    def __init__(self, squares: Iterable[Square], left: float, top: float) -> None:
        squares = list(squares) or [(0, 0)]
        self.xs = range(min(x for x, _ in squares), max(x for x, _ in squares) + 1)
        self.ys = range(min(y for _, y in squares), max(y for _, y in squares) + 1)
        self.left, self.top = left + _LABEL, top + _LABEL
        self.width = _LABEL + len(self.xs) * SQUARE
        self.height = _LABEL + len(self.ys) * SQUARE

    def at(self, square: Square) -> tuple[float, float]:
        return (
            self.left + (square[0] - self.xs.start) * SQUARE,
            self.top + (square[1] - self.ys.start) * SQUARE,
        )


def _board_part(
    shown: Shown, grid: _Grid, last: set[Square], can_place: set[Square], marks: _Marks
) -> list[str]:
    parts = [
        _tag(
            "rect",
            x=_n(grid.left),
            y=_n(grid.top),
            width=_n(len(grid.xs) * SQUARE),
            height=_n(len(grid.ys) * SQUARE),
            fill="#e7efdc",
            rx="6",
            class_="board-area",
            data_first=format_square((grid.xs.start, grid.ys.start)),
        )
    ]
    for column in grid.xs:
        left, _ = grid.at((column, grid.ys.start))
        parts.append(
            _text(
                left + SQUARE / 2,
                grid.top - 4,
                str(column),
                10,
                text_anchor="middle",
                fill="#607d8b",
            )
        )
    for row in grid.ys:
        _, top = grid.at((grid.xs.start, row))
        parts.append(
            _text(
                grid.left - 4,
                top + SQUARE / 2 + 3.5,
                str(row),
                10,
                text_anchor="end",
                fill="#607d8b",
            )
        )
    for square in sorted(open_jungle_spaces(shown.board)):
        parts.append(
            _mark(
                grid,
                square,
                4,
                f"empty jungle space {format_square(square)}",
                "space",
                fill="#f6f9f1",
                stroke="#9e9d24",
                stroke_width="1.2",
                stroke_dasharray="4 3",
            )
        )
    for square, tile in sorted(shown.board.items()):
        x, y = grid.at(square)
        where = f" at {format_square(square)}"
        if isinstance(tile, JungleTile):
            parts.append(jungle_tile_picture(tile, x, y, SQUARE, where, square))
            continue
        assert isinstance(tile, WorkerTile)
        parts.append(_placed_worker(shown, square, tile, x, y))
    parts.extend(_highlights(grid, can_place, last))
    if shown.emperor is not None:
        parts.append(_emperor(*grid.at(shown.emperor), shown.emperor))
    if marks.pending:  # over the Emperor's frame, which would hide an edge
        parts.extend(_pending_marks(grid, shown))
    parts.extend(_free_marks(grid, marks.fill, marks.edges))
    return parts


@attrs.frozen
class _Marks:
    """What is marked on the board besides the game: the caller's filled squares and barred
    edges, and whether the pending decision is marked."""

    fill: Mapping[Square, str]
    edges: Mapping[tuple[Square, Side], str]
    pending: bool


def _placed_worker(shown: Shown, square: Square, tile: WorkerTile, x: float, y: float) -> str:
    covered = shown.covered.get(square)
    title = (
        f"seat {tile.owner}'s worker tile {tile.type} at {format_square(square)}, "
        f"workers {_edges_words(tile.edges)}"
    )
    if covered is not None:
        title += f"; overbuilt on seat {covered.owner}'s {covered.type}"
    if tile.foreman:
        title += "; played with the Foreman (a 4th worker on an edge of 3)"
    parts = worker_tile(
        tile.edges, x, y, SQUARE, seat=tile.owner, title=title, label=str(tile.owner)
    )
    if covered is not None:
        parts.append(
            _tag(
                "polygon",
                points=_points((x + 1.5, y + 1.5), (x + 15, y + 1.5), (x + 1.5, y + 15)),
                fill="#212121",
                class_="overbuilt",
            )
        )
    if tile.foreman:
        parts.append(
            _text(
                x + 5, y + SQUARE - 5, "F", 9, fill="#212121", font_weight="bold", class_="foreman"
            )
        )
    return _tag(
        "g",
        *parts,
        class_=f"worker seat-{tile.owner}" + (" overbuilt-tile" if covered else ""),
        data_square=format_square(square),
        data_edges="-".join(str(n) for n in tile.edges),
    )


def _mark(grid: _Grid, square: Square, inset: float, title: str, class_: str, **style: str) -> str:
    """A rounded square over ``square``, ``inset`` inside its edges, with its title."""
    x, y = grid.at(square)
    rect = _tag(
        "rect",
        _title(title),
        x=_n(x + inset),
        y=_n(y + inset),
        width=_n(SQUARE - 2 * inset),
        height=_n(SQUARE - 2 * inset),
        rx="5",
        class_=class_,
        data_square=format_square(square),
        **style,
    )
    return _tag("g", rect)  # a group of its own: a piece that replay pages share


def _highlights(grid: _Grid, can_place: set[Square], last: set[Square]) -> list[str]:
    can = [
        _mark(
            grid,
            square,
            3,
            f"the player to move can place at {format_square(square)}",
            "can-place",
            fill=_PLACE_COLOUR,
            fill_opacity="0.22",
            stroke=_PLACE_COLOUR,
            stroke_width="2",
        )
        for square in sorted(can_place)
    ]
    outlined = [
        _mark(
            grid,
            square,
            0,
            f"the last move: {format_square(square)}",
            "last-move",
            fill="none",
            stroke=_LAST_COLOUR,
            stroke_width="3",
        )
        for square in sorted(last)
    ]
    return can + outlined


_PENDING_COLOUR: Final = "#ff1744"
_EDGE_BAR: Final = 7.0
"""The thickness of an edge mark."""


def _edge_bar(
    grid: _Grid, square: Square, side: Side, title: str, class_: str, **style: str
) -> str:
    """A bar along the ``side`` edge of ``square``, across the line between the squares,
    outlined in white so that it shows on any tile."""
    x, y = grid.at(square)
    inset, length, half = 6.0, SQUARE - 12.0, _EDGE_BAR / 2
    bar = {
        Side.N: (x + inset, y - half, length, _EDGE_BAR),
        Side.E: (x + SQUARE - half, y + inset, _EDGE_BAR, length),
        Side.S: (x + inset, y + SQUARE - half, length, _EDGE_BAR),
        Side.W: (x - half, y + inset, _EDGE_BAR, length),
    }[side]
    return _tag(
        "g",
        _tag(
            "rect",
            _title(title),
            x=_n(bar[0]),
            y=_n(bar[1]),
            width=_n(bar[2]),
            height=_n(bar[3]),
            rx="2",
            class_=class_,
            data_square=format_square(square),
            data_side=side.name,
            **style,
        ),
    )


def _pending(shown: Shown) -> tuple[list[Square], list[tuple[Square, Side, int]]]:
    """What the game waits for, on the board: the jungle spaces to fill, or the activated
    edges waiting to be resolved (square, side, workers), the first one next."""
    step = shown.step
    if isinstance(step, FillStep):
        return list(step.spaces), []
    if isinstance(step, ResolveStep):
        return [], [(edge.square, edge.side, edge.workers) for edge in step.queue]
    return [], []


def _pending_marks(grid: _Grid, shown: Shown) -> list[str]:
    spaces, edges = _pending(shown)
    parts = [
        _mark(
            grid,
            square,
            2,
            f"waiting to be filled: the jungle space {format_square(square)}",
            "pending pending-space",
            fill="none",
            stroke=_PENDING_COLOUR,
            stroke_width="2.5",
            stroke_dasharray="6 3",
        )
        for square in spaces
    ]
    for index, (square, side, workers) in enumerate(edges):
        which = "next" if index == 0 else f"{index + 1}th in line"
        parts.append(
            _edge_bar(
                grid,
                square,
                side,
                f"waiting to be resolved ({which}): the {_SIDES[side]} edge of "
                f"{format_square(square)}, {workers} workers",
                "pending pending-edge" + (" pending-next" if index == 0 else ""),
                fill=_PENDING_COLOUR,
                fill_opacity="1" if index == 0 else "0.5",
                stroke="#ffffff",
                stroke_width="1.5",
            )
        )
    return parts


def _free_marks(
    grid: _Grid, fill: Mapping[Square, str], edges: Mapping[tuple[Square, Side], str]
) -> list[str]:
    """The caller's own marks: squares filled, edges barred, in the colours given."""
    parts = [
        _mark(
            grid,
            square,
            0,
            f"marked: {format_square(square)}",
            "fill-mark",
            fill=colour,
            fill_opacity="0.45",
        )
        for square, colour in fill.items()
    ]
    parts += [
        _edge_bar(
            grid,
            square,
            side,
            f"marked: the {_SIDES[side]} edge of {format_square(square)}",
            "edge-mark",
            fill=colour,
            stroke="#ffffff",
            stroke_width="1.5",
        )
        for (square, side), colour in edges.items()
    ]
    return parts


def _emperor(x: float, y: float, square: Square) -> str:
    cx, cy = x + SQUARE - 10, y + 10
    crown = _points(
        *(
            (cx + dx, cy + dy)
            for dx, dy in [(-6, 4), (-7, -5), (-3, -1), (0, -7), (3, -1), (7, -5), (6, 4)]
        )
    )
    return _tag(
        "g",
        _title(f"the Emperor at {format_square(square)}"),
        _tag(
            "rect",
            x=_n(x + 1),
            y=_n(y + 1),
            width=_n(SQUARE - 2),
            height=_n(SQUARE - 2),
            rx="6",
            fill="none",
            stroke="#ffb300",
            stroke_width="3",
        ),
        _tag(
            "circle",
            cx=_n(cx),
            cy=_n(cy),
            r="9.5",
            fill="#fff8e1",
            stroke="#8d6e00",
            opacity="0.95",
        ),
        _tag("polygon", points=crown, fill="#ffc107", stroke="#8d6e00", stroke_width="0.8"),
        class_="emperor",
        data_square=format_square(square),
    )


# --- the panel -----------------------------------------------------------------------------


class _Panel:
    """The column beside the board, filled from the top, one row at a time."""

    def __init__(self, left: float, top: float) -> None:
        self.left, self.y = left, top
        self.parts: list[str] = []

    def label(self, text: str, size: float = 12, **attributes: str | float) -> None:
        """A line of text, in a group of its own (a piece that replay pages share)."""
        self.y += size + 5
        line = _text(self.left, self.y, text, size, **({"fill": "#212121"} | attributes))
        self.parts.append(_tag("g", line))
        self.y += 2

    def wrapped(
        self, text: str, width: int = 48, size: float = 12, **attributes: str | float
    ) -> None:
        for line in textwrap.wrap(text, width):
            self.label(line, size, **attributes)

    def group(self, class_: str, start: int, **attributes: str | float) -> None:
        """Put the parts from ``start`` on into one ``<g>``."""
        self.parts[start:] = [_tag("g", *self.parts[start:], class_=class_, **attributes)]


def _config_words(shown: Shown) -> str:
    config = shown.config
    if config.is_big_game:
        modules = "the Big Game"
    elif config.modules:
        modules = ", ".join(sorted(m.value.replace("_", " ") for m in config.modules))
    else:
        modules = "base game"
    return f"Cacao: {config.players} players, {modules}"


def _tile_row(panel: _Panel, name: str, tiles: Sequence[JungleTile], class_: str) -> None:
    start = len(panel.parts)
    panel.label(name, 11, fill="#455a64")
    x = panel.left
    for tile in tiles:
        panel.parts.append(
            jungle_tile_picture(tile, x, panel.y, _MINI + 6, f" in the {name.lower()}")
        )
        x += _MINI + 10
    if not tiles:
        panel.parts.append(_text(x, panel.y + 20, "(empty)", 11, fill="#757575"))
    panel.y += _MINI + 8
    panel.group(class_, start)


def _observer(shown: Shown) -> int | None:
    """The seat whose observation ``shown`` is: ``None`` for a state, and for an observation
    that shows no hand, not even its own player's (a spectator's, as a server makes it)."""
    if isinstance(shown, State) or shown.players[shown.player].hand is None:
        return None
    return shown.player


def _common(panel: _Panel, shown: Shown) -> None:
    panel.wrapped(_config_words(shown), 40, 14, font_weight="bold")
    observer = _observer(shown)
    seen = "" if observer is None else f"seen by seat {observer}, "
    panel.wrapped(f"Turn {shown.turn} ({seen}{waiting_for(shown)})", 46, 12, class_="status")
    _tile_row(panel, "Display", shown.display, "display")
    if Module.MAP in shown.config.modules:
        _tile_row(panel, "Map board", shown.map_board, "map-board")
    start = len(panel.parts)
    panel.label(f"Jungle pile: {shown.jungle_pile.total} tiles", 11, class_="jungle-pile")
    if Module.HUTS in shown.config.modules:
        huts = [str(hut) if n == 1 else f"{hut} x{n}" for hut, n in shown.hut_supply.items]
        panel.wrapped("Hut supply: " + (", ".join(huts) or "(none)"), 52, 11, class_="hut-supply")
    if Module.GEM_MINES in shown.config.modules:
        panel.label("Gem cart:", 11)
        panel.parts.extend(_gem_dots(shown.gem_cart, panel.left + 64, panel.y - 6, 22, 7))
        masks = " ".join(str(value) for value in shown.mask_supply) or "(none)"
        panel.label(f"Masks left: {masks}", 11, class_="mask-supply")
    panel.group("supplies", start)


def _slots(panel: _Panel, x: float, y: float, fills: Sequence[str | None], name: str) -> list[str]:
    parts = []
    for i, fill in enumerate(fills):
        parts.append(
            _tag(
                "circle",
                cx=_n(x + i * 14),
                cy=_n(y),
                r="5.5",
                fill=fill or "none",
                stroke="#5d4037" if fill else "#bdbdbd",
                stroke_width="1.2",
                class_=name if fill else f"{name}-empty",
            )
        )
    return parts


def _player(panel: _Panel, shown: Shown, seat: SeatSummary, width: float, score: _Standing) -> None:
    start = len(panel.parts)
    top = panel.y + 4
    colour = SEAT_COLOURS[seat.seat]
    modules = shown.config.modules
    to_move = shown.to_move == seat.seat
    observer = _observer(shown) == seat.seat
    panel.y = top
    name = f"Seat {seat.seat}" + (" (you)" if observer else "")
    panel.label(
        name + ("   \u25b6 to move" if to_move else ""),
        13,
        font_weight="bold",
        fill=colour,
        class_="seat-name",
    )
    panel.label(f"Gold {seat.gold}    Water {seat.water}    Pile {seat.pile_size}", 12)
    sheet = score.sheet
    panel.label(
        f"{'Final score' if shown.is_over else 'If the game ended now'}: {sheet.total} "
        f"(temples {sheet.breakdown['temples']}, water {sheet.breakdown['water']})"
        + ("  \u2605 leads" if score.leads and not shown.is_over else ""),
        11,
        fill="#263238",
        font_weight="bold" if score.leads else "normal",
        class_="running-score",
        data_total=str(sheet.total),
    )
    panel.y += 4
    storage: list[str | None] = [*["#795548"] * seat.cacao, *["#3e2723"] * seat.chocolate]
    storage += [None] * (STORAGE_SPACES - len(storage))
    row = panel.y + 8
    panel.parts.append(_text(panel.left, row + 4, "Storage", 11, fill="#455a64"))
    panel.parts.extend(_slots(panel, panel.left + 52, row, storage[:STORAGE_SPACES], "cacao"))
    sun: list[str | None] = ["#fbc02d"] * seat.sun + [None] * (SUN_PLACES - seat.sun)
    panel.parts.append(_text(panel.left + 130, row + 4, "Sun", 11, fill="#455a64"))
    panel.parts.extend(_slots(panel, panel.left + 158, row, sun, "sun"))
    panel.y = row + 10
    if Module.CHOCOLATE in modules:
        panel.label(f"Cacao {seat.cacao}, chocolate {seat.chocolate}", 11, fill="#455a64")
    _hand(panel, seat)
    extras = []
    if Module.MAP in modules:
        extras.append(f"Map tiles {seat.map_tiles}")
    if Module.GEM_MINES in modules:
        extras.append("Masks " + (" ".join(str(v) for v in seat.masks) or "-"))
    if extras:
        panel.label("    ".join(extras), 11)
    if Module.GEM_MINES in modules:
        panel.label("Gems", 11, fill="#455a64")
        panel.parts.extend(_gem_dots(seat.gems, panel.left + 40, panel.y - 6, 22, 7))
    if Module.HUTS in modules:
        panel.wrapped("Huts: " + (", ".join(str(h) for h in seat.huts) or "-"), 52, 11)
    panel.y += 6
    box = _tag(
        "rect",
        x=_n(panel.left - 6),
        y=_n(top),
        width=_n(width),
        height=_n(panel.y - top),
        rx="6",
        fill=tint(colour, 0.93),
        stroke=colour,
        stroke_width="2.5" if to_move else "1",
        class_="panel-box",
    )
    panel.parts.insert(start, box)
    panel.parts.insert(start, _title(f"seat {seat.seat}"))
    panel.group(f"player seat-{seat.seat}", start, data_seat=str(seat.seat))


@attrs.frozen
class _Standing:
    """A seat's running score, and whether it leads (on the total, then the cacao)."""

    sheet: ScoreSheet
    leads: bool


def _standings(shown: Shown) -> list[_Standing]:
    sheets, leaders = running_scores(shown)
    return [_Standing(sheet, sheet.player in leaders) for sheet in sheets]


def _hand(panel: _Panel, seat: SeatSummary) -> None:
    panel.parts.append(_text(panel.left, panel.y + 20, "Hand", 11, fill="#455a64"))
    x = panel.left + 40
    start = len(panel.parts)
    if seat.hand is None:
        for _ in range(seat.hand_size):
            panel.parts.append(
                _tag(
                    "g",
                    _title(f"a tile in seat {seat.seat}'s hand, face down"),
                    _tag(
                        "rect",
                        x=_n(x + 1),
                        y=_n(panel.y + 1),
                        width=str(_MINI - 2),
                        height=str(_MINI - 2),
                        rx="3",
                        fill="#9e9e9e",
                        stroke=SEAT_COLOURS[seat.seat],
                    ),
                    _text(x + _MINI / 2, panel.y + 20, "?", 13, text_anchor="middle", fill="#fff"),
                    class_="hidden-tile",
                )
            )
            x += _MINI + 6
    else:
        for kind in seat.hand:
            panel.parts.append(_hand_tile(kind, x, panel.y, seat.seat))
            x += _MINI + 6
    if not seat.hand_size:
        panel.parts.append(_text(x, panel.y + 20, "(empty)", 11, fill="#757575"))
    panel.group("hand", start, data_seat=str(seat.seat))
    panel.y += _MINI + 4


def _hand_tile(kind: WorkerType, x: float, y: float, seat: int) -> str:
    parts = worker_tile(
        kind.edges, x, y, _MINI, seat=seat, title=f"{kind} in seat {seat}'s hand", label=""
    )
    return _tag("g", *parts, class_="hand-tile", data_type=str(kind))


def _legend(panel: _Panel, shown: Shown, shown_marks: Sequence[str]) -> None:
    tiles = [t for t in shown.board.values() if isinstance(t, JungleTile)]
    kinds = sorted(
        {t.kind for t in [*tiles, *shown.display, *shown.map_board]}, key=list(JungleKind).index
    )
    start = len(panel.parts)
    panel.y += 4
    x, y = panel.left, panel.y + 10
    for kind in kinds:
        fill, ink = KIND_COLOURS[kind]
        name = KIND_NAMES[kind]
        width = 22 + 6.2 * len(name)
        if x + width > panel.left + _PANEL_WIDTH - 16:
            x, y = panel.left, y + 18
        letter = JungleTile(kind).code[0]
        panel.parts.append(
            _tag(
                "rect",
                x=_n(x),
                y=_n(y - 7),
                width="14",
                height="14",
                rx="2",
                fill=fill,
                stroke="#263238",
                stroke_width="0.6",
            )
        )
        panel.parts.append(
            _text(x + 7, y + 4, letter, 10, text_anchor="middle", fill=ink, font_weight="bold")
        )
        panel.parts.append(_text(x + 18, y + 4, name, 10, fill="#37474f"))
        x += width
    panel.y = y + 10
    _legend_marks(panel, shown, shown_marks)
    panel.group("legend", start)


def _legend_icon(kind: str, x: float, y: float) -> list[str]:
    """A small picture of one kind of mark, 14 units wide, its centre line at ``y``."""
    top = y - 7
    face = {"fill": tint(SEAT_COLOURS[0]), "stroke": SEAT_COLOURS[0], "stroke_width": "1.2"}
    square = {"x": _n(x), "y": _n(top), "width": "14", "height": "14", "rx": "2"}
    if kind == "worker":
        dots = [(x + 7, top + 2.5), (x + 11.5, top + 7), (x + 7, top + 11.5), (x + 2.5, top + 7)]
        return [
            _tag("rect", **square, **face),
            *(
                _tag("circle", cx=_n(cx), cy=_n(cy), r="1.4", fill=SEAT_COLOURS[0])
                for cx, cy in dots
            ),
        ]
    if kind == "overbuilt":
        corner = _points((x, top), (x + 7, top), (x, top + 7))
        return [_tag("rect", **square, **face), _tag("polygon", points=corner, fill="#212121")]
    if kind == "foreman":
        return [
            _tag("rect", **square, **face),
            _text(x + 2, top + 12.5, "F", 8, fill="#212121", font_weight="bold"),
        ]
    if kind == "emperor":
        crown = _points(
            *(
                (x + 7 + dx, y + dy)
                for dx, dy in [(-6, 4), (-7, -5), (-3, -1), (0, -7), (3, -1), (7, -5), (6, 4)]
            )
        )
        return [_tag("polygon", points=crown, fill="#ffc107", stroke="#8d6e00", stroke_width="0.8")]
    if kind == "space":
        return [_tag("rect", **square, fill="#f6f9f1", stroke="#9e9d24", stroke_dasharray="3 2")]
    if kind == "can-place":
        return [
            _tag("rect", **square, fill=_PLACE_COLOUR, fill_opacity="0.22", stroke=_PLACE_COLOUR)
        ]
    if kind == "last-move":
        return [_tag("rect", **square, fill="none", stroke=_LAST_COLOUR, stroke_width="2")]
    assert kind == "pending"
    return [
        _tag("rect", **square, fill="none", stroke="#9e9e9e"),
        _tag("rect", x=_n(x + 3), y=_n(top - 1.5), width="8", height="4", fill=_PENDING_COLOUR),
    ]


_MARK_WORDS: Final = {
    "worker": "worker tile: seat, workers per edge",
    "overbuilt": "overbuilt",
    "foreman": "with the Foreman",
    "emperor": "the Emperor",
    "space": "empty jungle space",
    "can-place": "can place here",
    "last-move": "last move",
    "pending": "waiting: edge to resolve, space to fill",
}
"""What each mark of the board is, in the legend."""


def _legend_marks(panel: _Panel, shown: Shown, marks: Iterable[str]) -> None:
    """The legend of the marks on the board, each with a small picture of it."""
    x, y = panel.left, panel.y + 4
    for kind in marks:
        width = 22 + 5.6 * len(_MARK_WORDS[kind])
        if x + width > panel.left + _PANEL_WIDTH - 16:
            x, y = panel.left, y + 18
        panel.parts.extend(_legend_icon(kind, x, y))
        panel.parts.append(_text(x + 18, y + 4, _MARK_WORDS[kind], 10, fill="#37474f"))
        x += width
    panel.y = y + 12


def _marks_shown(
    shown: Shown, last: set[Square], can_place: set[Square], pending: bool
) -> list[str]:
    """The kinds of mark on the board, in the legend's order."""
    workers = [tile for tile in shown.board.values() if isinstance(tile, WorkerTile)]
    present = {
        "worker": bool(workers),
        "overbuilt": bool(shown.covered),
        "foreman": any(tile.foreman for tile in workers),
        "emperor": shown.emperor is not None,
        "space": bool(open_jungle_spaces(shown.board)),
        "can-place": bool(can_place),
        "last-move": bool(last),
        "pending": pending and any(_pending(shown)),
    }
    return [kind for kind in _MARK_WORDS if present[kind]]


class SvgPicture(str):
    """An SVG document: a ``str`` (write it to a file, put it in a page) that a notebook
    (Jupyter, IPython) displays as the picture it is, through ``_repr_svg_``."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def board(
    shown: Shown,
    *,
    last_move: Move | Sequence[Move] | None = None,
    highlight_moves: Iterable[Move] = (),
    size: int = SQUARE,
    legend: bool = True,
    fill: Mapping[Square, str] | None = None,
    edges: Mapping[tuple[Square, Side], str] | None = None,
    colors: Mapping[str, str] | None = None,
    pending: bool = True,
) -> SvgPicture:
    """The game as an SVG picture: the board, the display, the supplies and every player.

    ``shown`` is a :class:`~cacao_rules.State` or an :class:`~cacao_rules.Observation`
    (whose picture hides the other players' hands). ``last_move`` (a move, or the moves of
    a turn) outlines in red the squares it put something on: a placement's square, a fill's
    spaces. ``highlight_moves`` marks in green the squares where those moves place a worker
    tile: pass ``cr.legal_moves(state)`` to show where the player to move can place.
    ``size`` is one board square's side in pixels (48 by default; the text scales with it).
    ``legend`` adds the names of the jungle kinds shown and of the marks on the board.

    The pending decision is marked (unless ``pending=False``): the activated edges waiting
    to be resolved as bars along them (the next one filled), the jungle spaces waiting to
    be filled outlined. Each player's panel gives the running score, what they would score
    if the game ended now (:func:`~cacao_rules.show.running_score.running_scores`), and
    marks the leader.

    Free marks, as ``chess.svg`` has: ``fill`` maps squares to colours (a hint, a policy's
    weights as a heat map), drawn translucent over them; ``edges`` maps
    ``(square, cr.Side.N)`` pairs to colours, drawn as bars along those edges. ``colors``
    restyles the picture: keys ``seat-0`` to ``seat-3`` (``#rrggbb``), ``background``,
    ``board``, ``space``, ``last-move``, ``can-place``, ``pending`` and ``kind-NAME`` for a
    jungle kind (``kind-plantation``, ``kind-gem-mine``...); every part also has a stable
    CSS class for a page's own style sheet. A colour is a plain CSS colour (``#1565c0``,
    ``gold``, ``rgba(0,0,0,0.3)``); anything else raises :class:`~cacao_rules.CacaoError`,
    a mark of the wrong type :class:`TypeError`.

    The result is a :class:`SvgPicture`, a ``str`` that notebooks display.
    """
    marks = _Marks(checked_fill(fill), checked_edges(edges), pending)
    style = palette_style(colors, [kind.value.replace("_", "-") for kind in JungleKind], tint)
    moves: Sequence[Move] = (
        ()
        if last_move is None
        else ((last_move,) if not isinstance(last_move, Sequence) else last_move)
    )
    can_place = _placement_squares(highlight_moves)
    last = _move_squares(moves)
    used = [*shown.board, *open_jungle_spaces(shown.board), *can_place, *marks.fill]
    used += [square for square, _ in marks.edges]
    grid = _Grid(used, _MARGIN, _MARGIN)
    panel = _Panel(_MARGIN + grid.width + 2 * _MARGIN, _MARGIN - 4)
    _common(panel, shown)
    for seat, standing in zip(seat_summaries(shown), _standings(shown), strict=True):
        _player(panel, shown, seat, _PANEL_WIDTH - 4, standing)
    if legend:
        _legend(panel, shown, _marks_shown(shown, last, can_place, pending))
    width = panel.left + _PANEL_WIDTH
    height = max(grid.top + len(grid.ys) * SQUARE, panel.y) + _MARGIN
    scale = size / SQUARE
    body = [
        *([style] if style else []),
        _tag("rect", width=_n(width), height=_n(height), fill="#fbfaf5", class_="background"),
        _tag("g", *_board_part(shown, grid, last, can_place, marks), class_="board"),
        *panel.parts,
    ]
    return SvgPicture(
        _tag(
            "svg",
            *body,
            xmlns="http://www.w3.org/2000/svg",
            width=_n(width * scale),
            height=_n(height * scale),
            viewBox=f"0 0 {_n(width)} {_n(height)}",
            style=_FONT,
        )
    )
