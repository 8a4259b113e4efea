"""Step B of a turn: filling the jungle spaces that the new worker tile closed in.

Rules: :rule:`R-FILL-1` to :rule:`R-FILL-6`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from itertools import combinations, permutations
from typing import Final, cast

from ..errors import IllegalMoveError
from ..game.caches import Memo
from ..game.components import DISPLAY_SIZE, JungleTile, Tile
from ..game.events import JungleFilled, Resource, SpaceLeftEmpty, Spent
from ..game.geometry import SORTED_STEPS, KeptSquare, Square, format_square
from ..game.moves import Fill, FillChoice
from ..modules.gem_mines import take_from_pile
from ..state.board import square_object, with_jungle
from ..state.draft import Draft
from ..state.state import BlindFillStep, FillStep
from ..state.view import View
from .activation import start_activation


def spaces_to_fill(view: View, placed: Square) -> tuple[Square, ...]:
    """Empty jungle spaces next to ``placed`` that now touch 2 or more worker tiles.

    Whose tiles they are does not matter (:rule:`R-FILL-1`). Asked after every placement,
    so written to look at little: ``placed`` holds the new worker tile and is one of each
    space's neighbours, so a space needs one more worker tile among its other three, and
    the first one found settles it. The spaces and their other neighbours are read from a
    table made once per square (:func:`_around`), in sorted order, so nothing is built or
    sorted.

    A space's neighbours are squares of the worker colour of the checkerboard, which hold
    worker tiles and nothing else (:rule:`R-PLACE-2`; jungle tiles lie only on jungle
    squares), so a neighbour holds a worker tile if it holds any tile: one ``in`` rather
    than a read and an ``isinstance`` call each.
    """
    board: dict[KeptSquare, Tile] = view.board  # type: ignore[assignment]  # (no cast call)
    spaces: list[KeptSquare] = []
    around = _AROUND.table.get(placed)  # _around, written out: a call less (pure)
    for space, beyond, left, right in _around(placed) if around is None else around:
        if space not in board and (beyond in board or left in board or right in board):
            spaces.append(space)  # (beyond the space, then on either side of it)
    return tuple(spaces)  # type: ignore[arg-type]


_Around = tuple[tuple[KeptSquare, KeptSquare, KeptSquare, KeptSquare], ...]
"""The four neighbours of a square, each with its own three other neighbours, as
:func:`~cacao_rules.state.board.square_object` keeps them."""

_AROUND: Final[Memo[KeptSquare, _Around]] = Memo("spaces around squares", 20_000)
"""The neighbours of the squares placed on so far, with theirs (:func:`_around`)."""


def _around(square: KeptSquare) -> _Around:
    """The neighbours of ``square`` in sorted order
    (:data:`~cacao_rules.game.geometry.SORTED_STEPS`), each with its neighbour beyond it
    and those on either side of it: what :func:`spaces_to_fill` reads, made once per square
    and kept."""
    around = _AROUND.table.get(square)
    if around is None:
        x, y = cast(Square, square)
        around = _AROUND.keep(
            square,
            tuple(
                [
                    (
                        square_object((x + dx, y + dy)),
                        square_object((x + 2 * dx, y + 2 * dy)),
                        square_object((x + dx + dy, y + dy + dx)),
                        square_object((x + dx - dy, y + dy - dx)),
                    )
                    for dx, dy in SORTED_STEPS
                ]
            ),
        )
    return around


def fill_moves(view: View, spaces: tuple[Square, ...]) -> list[Fill]:
    """Every different way to put the display tiles on ``spaces`` (:rule:`R-FILL-2`).

    All display tiles are used while spaces remain (:rule:`R-FILL-4`); with more tiles than
    spaces the player also picks which tiles to use, with fewer which spaces get them
    (:rule:`R-FILL-6`). Assignments with the same result are listed once.

    With the Map module the player may also give up map tiles to take map-board tiles
    instead of display tiles, so that still at most 2 spaces get face-up tiles; the display
    tiles go on others of those (:rule:`R-MAP-2`, :rule:`R-MAP-3`).

    Which tiles go on which of the spaces depends only on how many spaces there are, not
    where they lie, and on which face-up tiles are equal and how they sort, not on what
    they are. So the assignments are worked out once per :class:`_Layout` of the face-up
    tiles and laid here on the sorted ``spaces`` (so that squares sort as their indices do).
    Listed after nearly every placement, so each fill of one space is made once and kept
    (:func:`_one_choice`), and a fill of several is made of those fills' choices.
    """
    if len(spaces) > 1:
        spaces = tuple(sorted(spaces))
    map_board = view.map_board
    usable = 0
    if map_board:  # R-MAP-2: at most the face-up spaces get map-board tiles
        face_up = min(DISPLAY_SIZE, len(spaces))
        usable = min(view.players[view.current].map_tiles, len(map_board), face_up)
    layout = _layout(len(spaces), view.display, map_board if usable else (), usable)
    tiles, keys = layout.tiles, layout.keys
    squares: tuple[KeptSquare, ...] = spaces  # kept as they are (see _one_choice)
    fills: list[Fill] = []
    for fill in layout.fills:
        if len(fill) == 1:
            index, tile, from_map = fill[0]
            fills.append(_one_choice(squares[index], tiles[tile], keys[tile], from_map))
        else:
            choices: list[FillChoice] = []
            for index, tile, from_map in fill:  # a loop: a comprehension is a call (pure)
                one = _one_choice(squares[index], tiles[tile], keys[tile], from_map)
                choices.append(one.choices[0])
            fills.append(Fill._unchecked(tuple(choices)))
    return fills


class _Layout:
    """What listing the fills of some spaces needs to know of the face-up tiles: the fills
    by space index and tile rank (:func:`_fill_pattern`), and the tile of each rank with its
    :attr:`~cacao_rules.JungleTile.sort_key`, which names it in :func:`_one_choice`'s
    table (equal tiles have equal keys)."""

    __slots__ = ("fills", "keys", "tiles")

    def __init__(
        self,
        fills: tuple[tuple[_Choice, ...], ...],
        tiles: tuple[JungleTile, ...],
        keys: tuple[_TileKey, ...],
    ) -> None:
        self.fills: Final = fills
        self.tiles: Final = tiles
        self.keys: Final = keys


_TileKey = object
"""A jungle tile's :attr:`~cacao_rules.JungleTile.sort_key`, typed ``object`` so that the
compiled build keeps the tuple as it is instead of unboxing it and boxing a new one for
every key of :func:`_one_choice`."""

_LAYOUTS: Final[Memo[tuple[int, int, tuple[JungleTile, ...], tuple[JungleTile, ...]], _Layout]] = (
    Memo("fill layouts", 20_000)
)
"""The layouts met so far, by number of spaces, usable map tiles, display and map board
(empty when no map tile can be used): a few hundred in practice."""


def _layout(
    count: int, display: tuple[JungleTile, ...], map_board: tuple[JungleTile, ...], usable: int
) -> _Layout:
    """The layout of ``count`` spaces and these face-up tiles, worked out once and kept.

    Most layouts are met only once in a Big Game (the face-up gem mines carry gems of
    their own, and the map board's tiles count too), so working one out is kept cheap: each
    tile's sort key is made once, and with at most four tiles, ranks are found by position
    in short lists rather than through tables keyed by the keys.
    """
    key = (count, usable, display, map_board)
    layout = _LAYOUTS.table.get(key)
    if layout is None:
        shown = (*display, *map_board)
        keys: list[_TileKey] = []
        for tile in shown:  # plain loops: a comprehension is a call (pure)
            keys.append(tile.sort_key)
        order = sorted(set(keys))  # type: ignore[type-var]  # (sort keys are tuples)
        ranks: list[int] = []
        for tile_key in keys:
            ranks.append(order.index(tile_key))
        fills = _fill_pattern(
            count, tuple(ranks[: len(display)]), tuple(ranks[len(display) :]), usable
        )
        ranked: list[JungleTile] = []
        for tile_key in order:
            ranked.append(shown[keys.index(tile_key)])
        tiles = tuple(ranked)
        layout = _LAYOUTS.keep(key, _Layout(fills, tiles, tuple(order)))
    return layout


_ONE_CHOICE_FILLS: Final[Memo[tuple[KeptSquare, _TileKey, bool], Fill]] = Memo(
    "fills of one choice", 100_000
)
"""The fills of one space made so far, by square, tile (its sort key) and source."""


def _one_choice(square: KeptSquare, tile: JungleTile, key: _TileKey, from_map: bool) -> Fill:
    """The fill of ``tile`` (whose sort key is ``key``) on ``square`` alone, made once and
    kept (fills are immutable); a fill of several spaces takes its choices from these.

    Listing a fill decision built each of its fills and choices afresh, every one checking
    its fields, which was most of the cost of the listing; the same few thousand come back
    game after game (squares near the start, a few dozen tiles). Nothing relies on their
    identity.
    """
    memo_key = (square, key, from_map)
    fill = _ONE_CHOICE_FILLS.table.get(memo_key)
    if fill is None:
        choice = FillChoice._unchecked(cast(Square, square), tile, from_map)
        fill = _ONE_CHOICE_FILLS.keep(memo_key, Fill._unchecked((choice,)))
    return fill


_Choice = tuple[int, int, bool]
"""A fill choice by the index of its space and the rank of its tile among the face-up
tiles (equal tiles share a rank; ranks sort as the tiles do)."""


def _fill_key(fill: tuple[_Choice, ...]) -> tuple[tuple[int, bool, int], ...]:
    """:attr:`Fill.sort_key` of a fill, by indices and ranks (the class rank left out)."""
    return tuple([_choice_key(choice) for choice in fill])


@functools.lru_cache(maxsize=4096)
def _fill_pattern(
    count: int,
    display: tuple[int, ...],
    map_board: tuple[int, ...],
    usable: int,
) -> tuple[tuple[_Choice, ...], ...]:
    """The fills of :func:`fill_moves` for ``count`` spaces, as choices by space index and
    tile rank, in the fills' order; ``usable`` map tiles may be given up for map-board
    tiles."""
    spaces = tuple(range(count))
    found: set[tuple[_Choice, ...]] = set()
    face_up = min(DISPLAY_SIZE, count)
    for taken in range(usable + 1):
        shown = min(len(display), face_up - taken)
        for map_spaces in combinations(spaces, taken):
            rest = tuple(space for space in spaces if space not in map_spaces)
            for map_tiles in permutations(map_board, taken):
                from_map: list[_Choice] = [
                    (space, tile, True) for space, tile in zip(map_spaces, map_tiles, strict=True)
                ]
                for from_display in _display_choices(rest, display, shown):
                    found.add(tuple(sorted([*from_map, *from_display], key=_choice_key)))
    return tuple(_distinct(sorted(found, key=_fill_key)))


def _choice_key(choice: _Choice) -> tuple[int, bool, int]:
    """:attr:`FillChoice.sort_key` of a choice, by index and rank."""
    index, tile, from_map = choice
    return (index, from_map, tile)


def _distinct(fills: list[tuple[_Choice, ...]]) -> list[tuple[_Choice, ...]]:
    """The first of every group of fills with the same result (:rule:`R-DECIDE-2`).

    Taking a tile from the map board for one space and the same kind of tile from the
    display for another, or the other way round, lays the same tiles and leaves the same
    tiles behind.
    """
    seen: set[tuple[object, ...]] = set()
    distinct = []
    for fill in fills:
        laid = tuple(sorted((index, tile) for index, tile, _ in fill))
        from_map = tuple(sorted(tile for _, tile, taken in fill if taken))
        if (laid, from_map) not in seen:
            seen.add((laid, from_map))
            distinct.append(fill)
    return distinct


def _display_choices(
    spaces: tuple[int, ...], tiles: tuple[int, ...], count: int
) -> Iterator[list[_Choice]]:
    """Every way to lay ``count`` of the display ``tiles`` (ranks) on ``count`` of the
    ``spaces``."""
    for chosen in combinations(spaces, count):
        for order in permutations(tiles, count):
            yield [(space, tile, False) for space, tile in zip(chosen, order, strict=True)]


def check_fill(view: View, move: Fill) -> None:
    """Raise :class:`IllegalMoveError` saying why ``move`` is not a legal fill now."""
    step = view.step
    assert isinstance(step, FillStep)
    if move in fill_moves(view, step.spaces):
        return
    wanted = ", ".join(format_square(space) for space in step.spaces)
    shown = ", ".join(tile.code for tile in view.display) or "nothing"
    raise IllegalMoveError(
        f"{move} is not a legal fill: the spaces to fill are {wanted} and the display holds "
        f"{shown}{_map_note(view)}; every tile must go on a different space to fill, and "
        f"{DISPLAY_SIZE} of them (or all, if fewer) get face-up tiles, display tiles while "
        "they last unless a map-board tile is taken instead; the rest are drawn blind"
    )


def _map_note(view: View) -> str:
    if not view.map_board:
        return ""
    board = ", ".join(tile.code for tile in view.map_board)
    tiles = view.players[view.current].map_tiles
    return f", the map board {board} (seat {view.current} has {tiles} map tiles)"


def start_filling(draft: Draft, placed: Square) -> None:
    """Set the step after a placement on ``placed``: fill, blind draws or activation."""
    spaces = spaces_to_fill(draft, placed)
    if spaces and (draft.display or (draft.map_board and draft.players[draft.current].map_tiles)):
        draft.step = FillStep._unchecked(placed, spaces)
    else:
        _continue_blind(draft, placed, (), spaces)


def do_fill(draft: Draft, move: Fill) -> None:
    """Lay the chosen display tiles; blind draws follow for the spaces left over.

    A fill is laid after nearly every placement, so this makes few temporary objects: the
    map board is copied only when a tile comes from it, and the spaces left are worked out
    only when some are. The fill is a legal one, equal to one :func:`fill_moves` listed, so
    its choices are on different spaces among those to fill, sorted by square. It is
    carried out at a fill step (the engine finds the step kind by the step's class): no
    assert, an isinstance call in the pure build.
    """
    step: FillStep = draft.step  # type: ignore[assignment]
    display = list(draft.display)
    chosen: list[Square] = []
    for choice in move.choices:
        square = choice.square
        if choice.from_map:
            map_board = list(draft.map_board)
            map_board.remove(choice.tile)
            draft.map_board = tuple(map_board)
            _spend_map_tile(draft)
            _lay(draft, square, choice.tile, "map")
        else:
            display.remove(choice.tile)
            _lay(draft, square, choice.tile, "display")
        chosen.append(square)
    draft.display = tuple(display)
    spaces = step.spaces
    rest: tuple[Square, ...] = ()
    if len(chosen) < len(spaces):  # a loop: a comprehension is a call (pure)
        left: list[Square] = []
        for space in spaces:
            if space not in chosen:
                left.append(space)
        rest = tuple(left)
    _continue_blind(draft, step.placed, tuple(chosen), rest)


def do_blind_fill(draft: Draft, tile: JungleTile) -> None:
    """Lay the tile drawn blind from the pile on the first space still empty (:rule:`R-FILL-4`)."""
    step = draft.step
    assert isinstance(step, BlindFillStep)
    take_from_pile(draft, tile)
    space, rest = step.spaces[0], step.spaces[1:]
    _lay(draft, space, tile, "pile")
    _continue_blind(draft, step.placed, (*step.filled, space), rest)


def _spend_map_tile(draft: Draft) -> None:
    """The player to move gives up a map tile; it leaves the game (:rule:`R-MAP-2`)."""
    seat = draft.current
    draft.update_map_tiles(seat, draft.players[seat].map_tiles - 1)
    draft.map_tiles_used += 1
    if draft.events is not None:
        draft.emit(Spent(seat, Resource.MAP_TILES, 1))


def _lay(draft: Draft, square: Square, tile: JungleTile, source: str) -> None:
    draft.board = with_jungle(draft.board, square, tile)
    if draft.events is not None:
        draft.emit(JungleFilled(square, tile, source))


def _continue_blind(
    draft: Draft, placed: Square, filled: tuple[Square, ...], rest: tuple[Square, ...]
) -> None:
    """Wait for a blind draw if one is due; otherwise leave spaces empty and activate."""
    if rest and draft.jungle_pile._total:  # the size read: no __bool__ call (pure)
        draft.step = BlindFillStep._unchecked(placed, filled, rest)
        return
    for space in rest:
        if draft.events is not None:
            draft.emit(SpaceLeftEmpty(space))
    start_activation(draft, placed, filled)
