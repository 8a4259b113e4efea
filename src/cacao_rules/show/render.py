"""Text rendering of a game: the board as a grid, the players, and the final score sheet.

:func:`render` draws a state for a person to follow in a terminal; :func:`render_scores`
draws the final score sheet. Both are deterministic and use plain ASCII, no colour.
With the *Chocolatl* modules they also show the map board and each player's map tiles
(Map), the chocolate bars (Chocolate), the huts built, the hut supply and the huts' columns
of the score sheet (Huts); with the *Diamante* modules, the Trees of Life, the Emperor, and the
gem mines with their gems, the gem cart, the mask supply, each player's gems and masks and the
columns ``masks`` and ``gems`` of the score sheet (Gem mines).

Each square of the board is a cell three lines high and seven characters wide:

- a worker tile shows its owner's seat in brackets and the workers on each edge in the
  edge's place (north above, east right, south below, west left), as placed;
  a ``*`` in the top left corner marks a tile overbuilt on another, an ``F`` in the bottom
  left corner a tile played with the Foreman (Hut module);
- a jungle tile shows its code (``P1``, ``P2``, ``M2``, ``M3``, ``M4``, ``G1``, ``G2``,
  ``W``, ``S``, ``T``, and with the modules ``I``, ``K``, ``C``, ``L``, and a gem mine with
  the gems on it, one digit per colour (red, green, blue, white), such as ``D2103``; see
  :attr:`~cacao_rules.JungleTile.code`);
- an ``E`` in the top right corner marks the Emperor's square (Favour of the Emperor);
- an empty jungle space next to a worker tile shows a ``.``.

>>> import cacao_rules as cr
>>> print(render(cr.new_game(cr.Config(players=2), seed=1)))
        0       1
    +-------+-------+
    |       |       |
  0 |  P1   |       |
    |       |       |
    +-------+-------+
    |       |       |
  1 |       |  M2   |
    |       |       |
    +-------+-------+
Turn 0   display: M4 T   jungle pile: 17 tiles
> seat 0: gold  0  cacao 0  sun 0  water -10  hand 2-1-0-1 2-1-0-1 3-1-0-0  pile 8
  seat 1: gold  0  cacao 0  sun 0  water -10  hand 2-1-0-1 2-1-0-1 2-1-0-1  pile 8
Waiting for seat 0 to place a worker tile
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import Final

from ..errors import expect, expect_any
from ..game.components import Hut, JungleTile, Tile, WorkerTile
from ..game.config import Module
from ..game.frozen import Bag
from ..game.geometry import Square, format_square, is_jungle_square, neighbours
from ..state.state import (
    State,
)
from ..turn.results import final_scores, winners
from ..turn.scoring import CATEGORIES, HUT_CATEGORIES
from ..turn.step_kinds import kind_of
from .colour import paint, seat_paint
from .seats import SeatSummary, Shown, seat_summaries

CELL_WIDTH: Final = 7
"""Characters inside one board cell."""

_BLANK: Final = " " * CELL_WIDTH
EMPEROR_MARK: Final = "E"
"""The mark in the top right corner of the Emperor's square."""
_LABEL_WIDTH: Final = 4

LEGEND: Final = (
    "Legend: [n] worker tile of seat n, its workers on each edge (N above, E right, S below,\n"
    "  W left); * overbuilt; F played with the Foreman (Huts); . empty jungle space next to\n"
    "  a worker tile; P1 P2 plantation, M2 M3 M4 market, G1 G2 gold mine, W water,\n"
    "  S sun-worshiping site, T temple;\n"
    "  with the modules I watering, K chocolate kitchen, C chocolate market, L tree of life;\n"
    "  E (top right) the Emperor; D2103 gem mine with its gems: 2 red, 1 green, 0 blue,\n"
    "  3 white (players' gems and the gem cart are written the same way)"
)
"""What the symbols of :func:`render`'s board mean."""


def _worker_cell(tile: WorkerTile, overbuilt: bool) -> list[str]:
    n, e, s, w = tile.edges
    corner = "*" if overbuilt else " "
    foreman = "F" if tile.foreman else " "
    return [
        f"{corner}  {n}   ",
        f"{w} [{tile.owner}] {e}",
        f"{foreman}  {s}   ",
    ]


def _jungle_cell(tile: JungleTile) -> list[str]:
    return [_BLANK, f"{tile.code:^{CELL_WIDTH}}", _BLANK]


def _marker_cell() -> list[str]:
    return [_BLANK, f"{'.':^{CELL_WIDTH}}", _BLANK]


def _cell(state: Shown, square: Square, marked: frozenset[Square]) -> list[str]:
    cell = _tile_cell(state, square, marked)
    if square == state.emperor:
        cell[0] = cell[0][:-1] + EMPEROR_MARK
    return cell


def _tile_cell(state: Shown, square: Square, marked: frozenset[Square]) -> list[str]:
    tile: Tile | None = state.board.get(square)
    if isinstance(tile, WorkerTile):
        return _worker_cell(tile, square in state.covered)
    if isinstance(tile, JungleTile):
        return _jungle_cell(tile)
    if square in marked:
        return _marker_cell()
    return [_BLANK, _BLANK, _BLANK]


def open_jungle_spaces(board: Mapping[Square, Tile]) -> frozenset[Square]:
    """The empty jungle squares of ``board`` that touch a worker tile."""
    expect_any(board, (Mapping,))
    spaces = set()
    for square, tile in board.items():
        if isinstance(tile, WorkerTile):
            for other in neighbours(square):
                if other not in board and is_jungle_square(other):
                    spaces.add(other)
    return frozenset(spaces)


def _used_area(state: Shown) -> tuple[range, range, frozenset[Square]] | None:
    """The columns and rows of the used board (tiles and open spaces), and the open spaces."""
    marked = open_jungle_spaces(state.board)
    squares = list(state.board) + list(marked)
    if not squares:
        return None
    xs = range(min(x for x, _ in squares), max(x for x, _ in squares) + 1)
    ys = range(min(y for _, y in squares), max(y for _, y in squares) + 1)
    return xs, ys, marked


def render_board(state: Shown) -> str:
    """The board alone: a grid of cells with column (x) and row (y) coordinates."""
    area = _used_area(state)
    if area is None:
        return "(empty board)"
    xs, ys, marked = area
    pad = " " * _LABEL_WIDTH
    rule = pad + "+" + "+".join("-" * CELL_WIDTH for _ in xs) + "+"
    lines = [pad + " " + " ".join(f"{x:^{CELL_WIDTH}}" for x in xs), rule]
    for y in ys:
        cells = [_cell(state, (x, y), marked) for x in xs]
        for row in range(3):
            label = f"{y:>{_LABEL_WIDTH - 1}} " if row == 1 else pad
            lines.append(label + "|" + "|".join(cell[row] for cell in cells) + "|")
        lines.append(rule)
    return "\n".join(line.rstrip() for line in lines)


def _codes(tiles: Iterable[JungleTile]) -> str:
    return " ".join(tile.code for tile in tiles) or "(empty)"


def _huts(huts: Bag[Hut]) -> str:
    parts = [f"{hut}" if count == 1 else f"{hut} x{count}" for hut, count in huts.items]
    return " ".join(parts) or "(none)"


def _player_fields(state: Shown, player: SeatSummary) -> list[str]:
    """What a player line says of ``player``, field by field; a hidden hand as a count."""
    modules = state.config.modules
    if player.hand is None and player.hand_size:
        hand = f"{player.hand_size} hidden"
    elif player.hand is None:
        hand = "-"
    else:
        hand = " ".join(str(kind) for kind in player.hand) or "-"
    fields = [
        f"gold {player.gold:>2}",
        f"cacao {player.cacao}",
        *([f"choc {player.chocolate}"] if Module.CHOCOLATE in modules else []),
        f"sun {player.sun}",
        f"water {player.water:>3}",
        f"hand {hand}",
        f"pile {player.pile_size}",
    ]
    if Module.MAP in modules:
        fields.append(f"map tiles {player.map_tiles}")
    if Module.HUTS in modules:
        fields.append("huts " + (" ".join(str(hut) for hut in player.huts) or "-"))
    if Module.GEM_MINES in modules:
        fields.append(f"gems {_gems(player.gems)}")
        fields.append("masks " + (" ".join(str(value) for value in player.masks) or "-"))
    return fields


def _marker(state: Shown, seat: int) -> str:
    return ">" if seat == state.current and not state.is_over else " "


def _player_line(state: Shown, player: SeatSummary) -> str:
    fields = _player_fields(state, player)
    return f"{_marker(state, player.seat)} seat {player.seat}: " + "  ".join(fields)


def _gems(gems: tuple[int, ...]) -> str:
    """Gems by colour as one digit each, red, green, blue, white, as in ``D2103``."""
    return "".join(str(count) for count in gems)


def describe_step(state: State) -> str:
    """What the game waits for, in words: whose decision and what kind, chance, or the end
    with its winners. The sentence of a pending step is its kind's
    (:meth:`~cacao_rules.turn.step_kinds.StepKind.describe`)."""
    if expect(state, State).is_over:
        won = winners(state)
        seats = ", ".join(f"seat {seat}" for seat in won)
        return f"Game over. {'Winners (shared win)' if len(won) > 1 else 'Winner'}: {seats}"
    return kind_of(state.step).describe(state)


def waiting_for(shown: Shown) -> str:
    """What the game waits for, in words, as :func:`describe_step`, for a state or an
    observation.

    The sentence reads only open parts of the game (the step, whose turn it is, the map
    board), so an observation gives the same sentence as its state; only the winners of a
    finished game are worked out from a state, so an observation of the end says that the
    game is over without them (its score sheet, drawn from the open resources, shows them).
    """
    if isinstance(shown, State):
        return describe_step(shown)
    return kind_of(shown.step).describe(shown)


def summary_line(shown: Shown) -> str:
    """A one-line description, for a notebook's text view of a state or an observation."""
    kind = "State" if isinstance(shown, State) else f"Observation of seat {shown.player}"
    config = shown.config
    modules = (
        "the Big Game"
        if config.is_big_game
        else ", ".join(sorted(module.value for module in config.modules)) or "base game"
    )
    return (
        f"<{kind}: {config.players} players, {modules}, turn {shown.turn}, "
        f"{len(shown.board)} tiles on the board; {waiting_for(shown)}>"
    )


def render(
    state: Shown,
    *,
    legend: bool = False,
    compact: bool = False,
    colour: bool = False,
    width: int | None = None,
) -> str:
    """The board, the display, the jungle pile, every player, and what the game waits for.

    ``>`` marks the seat whose turn it is. With ``legend=True`` the symbols are explained.
    With the modules: the map board after the pile and ``map tiles`` left for each player
    (Map), ``choc`` bars after the cacao (Chocolate), each player's huts and a line with the
    hut supply, ``x2`` for a hut there twice (Huts); the Emperor's square, marked ``E`` on the
    board and named after the pile (Favour of the Emperor); a line with the gems left in the
    cart and the masks left, and each player's ``gems`` (red, green, blue, white, one digit
    each) and ``masks`` (their values) (Gem mines).

    ``state`` may be an :class:`~cacao_rules.Observation`: the other players' hands are then
    shown as counts (``hand 3 hidden``). ``compact=True`` gives :func:`render_compact`'s
    narrower board, and ``colour=True`` paints it in the seats' colours.

    With ``width`` (a terminal's columns) the text keeps to that width: the lines are
    wrapped at word boundaries, a player's fields go on over indented lines, and a board
    wider than ``width`` is drawn as the compact board.
    """
    expect_any(state, Shown)
    if compact:
        return render_compact(state, legend=legend, colour=colour, width=width)
    if width is None:
        parts = [render_board(state)]
        if legend:
            parts.append(LEGEND)
        parts.extend(_table_lines(state))
        parts.extend(_player_line(state, player) for player in seat_summaries(state))
        parts.append(waiting_for(state))
        return "\n".join(parts)
    board = render_board(state)
    if max(len(line) for line in board.splitlines()) > width:
        board = render_compact_board(state)
    lines = [board]
    if legend:
        lines.extend(_wrapped(" ".join(LEGEND.split()), width, "  "))
    return "\n".join([*lines, *panel_lines(state, width, colour=False)])


_GAP: Final = "   "
"""Between the parts of a line of :func:`_table_lines`."""


def _table_lines(state: Shown) -> list[str]:
    """The turn, display, piles and supplies, one line for each kind of thing."""
    lines = [
        f"Turn {state.turn}   display: {_codes(state.display)}   "
        f"jungle pile: {state.jungle_pile.total} tiles"
        + (f"   map board: {_codes(state.map_board)}" if Module.MAP in state.config.modules else "")
        + (f"   Emperor: {format_square(state.emperor)}" if state.emperor is not None else "")
    ]
    if Module.HUTS in state.config.modules:
        lines.append(f"Hut supply: {_huts(state.hut_supply)}")
    if Module.GEM_MINES in state.config.modules:
        masks = " ".join(str(value) for value in state.mask_supply) or "(none)"
        lines.append(
            f"Gem cart: {_gems(state.gem_cart)} (red, green, blue, white)   masks left: {masks}"
        )
    return lines


# --- the compact board -----------------------------------------------------------------------

COMPACT_CELL: Final = 5
"""Characters of one cell of the compact board."""

COMPACT_WIDTHS: Final = (80, 120)
"""The compact text's width: for the base game and modules, and for the Big Game."""

COMPACT_LEGEND: Final = (
    "[n] worker tile of seat n with its workers on each edge; * overbuilt; F with the "
    "Foreman; . empty space; "
    "E the Emperor; P1 P2 plantation, M2-M4 market, G1 G2 gold mine, W water, S sun site, "
    "T temple, I watering, K chocolate kitchen, C chocolate market, L tree of life, "
    "D a gem mine, its red, green, blue and white gems beneath (2103)"
)
"""What the symbols of the compact board mean, wrapped to its width."""


def compact_width(state: Shown) -> int:
    """The width the compact text keeps to: 120 columns for the Big Game, else 80."""
    return COMPACT_WIDTHS[1] if state.config.is_big_game else COMPACT_WIDTHS[0]


def _compact_cell(
    state: Shown, square: Square, marked: frozenset[Square], colour: bool
) -> list[str]:
    tile = state.board.get(square)
    blank = " " * COMPACT_CELL
    if isinstance(tile, WorkerTile):
        n, e, s, w = tile.edges
        corner = "*" if square in state.covered else " "
        foreman = "F" if tile.foreman else " "
        cell = [f"{corner} {n}  ", f"{w}[{tile.owner}]{e}", f"{foreman} {s}  "]
    elif isinstance(tile, JungleTile) and tile.gems is not None:
        cell = [blank, f"{'D':^{COMPACT_CELL}}", f"{_gems(tile.gems):^{COMPACT_CELL}}"]
    elif isinstance(tile, JungleTile):
        cell = [blank, f"{tile.code:^{COMPACT_CELL}}", blank]
    else:
        cell = [blank, f"{'.' if square in marked else '':^{COMPACT_CELL}}", blank]
    if square == state.emperor:
        cell[0] = cell[0][:-1] + EMPEROR_MARK
    if isinstance(tile, WorkerTile):
        return [seat_paint(line, tile.owner, enabled=colour) for line in cell]
    if tile is None:
        return [paint(line, "2", enabled=colour) for line in cell]
    return cell


def render_compact_board(state: Shown, *, colour: bool = False) -> str:
    """The board in cells of five characters and three lines, cropped to the used area,
    without rules between the cells (a worker tile never lies beside another). A gem mine
    shows ``D`` with its gems beneath, one digit per colour."""
    area = _used_area(state)
    if area is None:
        return "(empty board)"
    xs, ys, marked = area
    lines = ["    " + "".join(f"{x:^{COMPACT_CELL}}" for x in xs).rstrip()]
    for y in ys:
        cells = [_compact_cell(state, (x, y), marked, colour) for x in xs]
        for row in range(3):
            label = f"{y:>3} " if row == 1 else "    "
            lines.append((label + "".join(cell[row] for cell in cells)).rstrip())
    return "\n".join(lines)


def compact_legend(width: int) -> list[str]:
    """The lines of the compact board's legend (:data:`COMPACT_LEGEND`) in ``width`` columns."""
    return _wrapped("Legend: " + COMPACT_LEGEND, width, "  ")


def _wrapped(text: str, width: int, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False)


def _wrap_fields(
    first: str, fields: list[str], width: int, indent: str = "    ", sep: str = "  "
) -> list[str]:
    """``first`` and the ``fields`` ``sep`` apart, in lines of at most ``width``
    characters, each field kept whole on one line if one line can hold it."""
    lines = _wrapped(first, width, indent)
    for field in fields:
        if len(lines[-1]) + len(sep) + len(field) <= width:
            lines[-1] += (sep if lines[-1].strip() else "") + field
        elif len(indent) + len(field) <= width:
            lines.append(indent + field)
        else:  # a field too long for any line: a list of huts, say
            lines.extend(_wrapped(indent + field, width, indent + "  "))
    return lines


def render_compact(
    state: Shown, *, legend: bool = False, colour: bool = False, width: int | None = None
) -> str:
    """The whole game in ``width`` columns (by default :func:`compact_width`): the compact
    board, the table and a line or two per player, in the seats' colours with
    ``colour=True``.

    >>> import cacao_rules as cr
    >>> print(render_compact(cr.new_game(cr.Config(players=2), seed=1)))
          0    1
    <BLANKLINE>
      0  P1
    <BLANKLINE>
    <BLANKLINE>
      1       M2
    <BLANKLINE>
    Turn 0   display: M4 T   jungle pile: 17 tiles
    > seat 0: gold  0  cacao 0  sun 0  water -10  hand 2-1-0-1 2-1-0-1 3-1-0-0  pile 8
      seat 1: gold  0  cacao 0  sun 0  water -10  hand 2-1-0-1 2-1-0-1 2-1-0-1  pile 8
    Waiting for seat 0 to place a worker tile
    """
    width = compact_width(state) if width is None else width
    lines = [render_compact_board(state, colour=colour)]
    if legend:
        lines.extend(compact_legend(width))
    return "\n".join([*lines, *panel_lines(state, width, colour=colour)])


def panel_lines(state: Shown, width: int, *, colour: bool, only: int | None = None) -> list[str]:
    """The table, a line or more per player and what the game waits for, in ``width``
    columns, the seats' names in their colours with ``colour``. With ``only`` (a seat), the
    short panel of a low terminal: that seat's lines and what the game waits for."""
    lines: list[str] = []
    for line in _table_lines(state) if only is None else []:
        first, *parts = line.split(_GAP)
        lines.extend(_wrap_fields(first, parts, width, sep=_GAP))
    for player in seat_summaries(state):
        if only is not None and player.seat != only:
            continue
        name = f"seat {player.seat}:"
        first, *fields = _player_fields(state, player)
        wrapped = _wrap_fields(f"{_marker(state, player.seat)} {name} {first}", fields, width)
        wrapped[0] = wrapped[0].replace(name, seat_paint(name, player.seat, enabled=colour), 1)
        lines.extend(wrapped)
    lines.extend(_wrapped(waiting_for(state), width))
    return lines


GEM_CATEGORIES: Final = ("masks", "gems")
"""The score sheet's columns of the Gem mines module (:rule:`R-GEM-6`)."""


def score_categories(state: State) -> tuple[str, ...]:
    """The breakdown's categories for ``state``'s configuration, in the score sheet's order."""
    categories: tuple[str, ...] = CATEGORIES
    if Module.HUTS in state.config.modules:
        categories = (*categories, *HUT_CATEGORIES)
    if Module.GEM_MINES in state.config.modules:
        categories = (*categories, *GEM_CATEGORIES)
    return categories


def render_scores(state: State, *, width: int | None = None) -> str:
    """The score sheet: each player's gold by category, total and cacao (the tiebreak).

    With the Hut module the sheet has the columns ``huts`` (their cost, given back) and
    ``hut bonus`` before the total; with the Gem mines module ``masks`` (their values) and
    ``gems`` (1 gold per gem held). On a game that is not over the scores are provisional.

    >>> import cacao_rules as cr
    >>> hand = (cr.WorkerType.W1111,)
    >>> state = cr.position(cr.Config(players=2), players=[cr.PlayerState(gold=5, hand=hand),
    ...                                                    cr.PlayerState(gold=7, cacao=1)])
    >>> print(render_scores(state))
     seat   gold  temples    sun  water  total  cacao (tiebreak)
        0      5        0      0    -10     -5      0
        1      7        0      0    -10     -3      1
    Provisional (the game is not over). Leading: seat 1

    With ``width`` (a terminal's columns) a sheet too wide for it narrows its columns to
    their headings and says below it that cacao breaks ties.
    """
    expect(state, State)
    categories = score_categories(state)
    headers = ["seat", *categories, "total", "cacao"]
    sheets = final_scores(state)
    rows = [
        [sheet.player, *(sheet.breakdown[c] for c in categories), sheet.total, sheet.cacao]
        for sheet in sheets
    ]
    widths = [max(len(header), 5) for header in headers]
    tiebreak = " (tiebreak)"
    if width is not None and sum(widths) + 2 * len(widths) - 2 + len(tiebreak) > width:
        widths = [
            max(len(header), *(len(str(row[column])) for row in rows))
            for column, header in enumerate(headers)
        ]
        tiebreak = ""
    lines = ["  ".join(f"{h:>{w}}" for h, w in zip(headers, widths, strict=True)) + tiebreak]
    for values in rows:
        lines.append("  ".join(f"{v:>{w}}" for v, w in zip(values, widths, strict=True)))
    if not tiebreak:
        lines.append("(cacao breaks ties)")
    won = winners(state)
    seats = ", ".join(f"seat {seat}" for seat in won)
    if not state.is_over:
        lines.append(f"Provisional (the game is not over). Leading: {seats}")
    elif len(won) > 1:
        lines.append(f"Winners (shared win): {seats}")
    else:
        lines.append(f"Winner: {seats}")
    return "\n".join(lines)
