"""Setting up a game: start tiles, piles, hands and the display.

Rules: :rule:`R-SETUP-1` to :rule:`R-SETUP-9`, :rule:`R-CHANCE-3`.
"""

from __future__ import annotations

from typing import Final

from ..game.components import (
    HAND_SIZE,
    HUT_TILES,
    MAP_TILES_PER_PLAYER,
    Hut,
    JungleTile,
    Tile,
    WorkerType,
)
from ..game.config import Config, Module
from ..game.events import HutSideUp, TurnStarted, WorkerDrawn
from ..game.frozen import Bag, FrozenMap
from ..game.geometry import Square
from ..game.pools import gem_cart, jungle_pool, mask_supply, start_tiles, worker_set
from ..modules.emperor import emperor_start
from ..modules.gem_mines import seeded_jungle_draw
from ..state.chance import seeded_pick
from ..state.draft import Draft
from ..state.state import DEAL_STEP, PLACEMENT_STEP, PlayerState, State
from ..state.view import View
from .end_of_turn import (
    display_wants_tile,
    draw_worker,
    fill_map_board,
    map_board_wants_tile,
    refill_display,
    sorted_hand,
)

START_SQUARES: tuple[Square, Square] = ((0, 0), (1, 1))
"""Where the two start tiles lie, diagonal to each other (:rule:`R-SETUP-6`)."""


def initial_state(config: Config, seed: int | None) -> State:
    """The state before the deal: start tiles laid, every pile full, nothing drawn yet."""
    starts = start_tiles(config)
    pool = jungle_pool(config)
    for tile in starts:
        pool[tile] -= 1
    board: dict[Square, Tile] = dict(zip(START_SQUARES, starts, strict=True))
    workers = worker_set(config)
    pile = Bag.of(
        (kind for kind, count in workers.items() for _ in range(count)),
        key=lambda kind: kind.sort_key,
    )
    map_tiles = MAP_TILES_PER_PLAYER if config.has(Module.MAP) else 0
    agreed = config.huts or frozenset()
    return State(
        config=config,
        seed=seed,
        chance_count=0,
        board=FrozenMap(board),
        covered=FrozenMap(),
        discarded=(),
        players=tuple(PlayerState(pile=pile, map_tiles=map_tiles) for _ in range(config.players)),
        jungle_pile=Bag.of(
            (tile for tile, count in pool.items() for _ in range(count)),
            key=lambda tile: tile.sort_key,
        ),
        display=(),
        current=0,
        turn=0,
        step=DEAL_STEP,
        hut_supply=Bag.of(agreed, key=lambda hut: hut.sort_key),
        emperor=emperor_start(config),
        gem_cart=gem_cart(config),
        mask_supply=mask_supply(config),
    )


_HUTS: Final = Module.HUTS
"""The huts module, read from here at every question about the deal: compiled, a ``Final``
name is a native constant, while ``Module.HUTS`` is a generic attribute lookup on a class
left interpreted (see ``_HUTS`` in :mod:`~cacao_rules.turn.end_of_turn`)."""


def hut_tile_being_dealt(view: View) -> tuple[Hut, Hut] | None:
    """The hut tile whose up side is decided next at setup, if any (:rule:`R-HUT-1`).

    With an agreed selection (:rule:`R-HUT-2`) no side is left to chance.
    """
    config = view.config
    if _HUTS not in config.modules or config.huts is not None:
        return None
    dealt = view.hut_supply.total
    return HUT_TILES[dealt] if dealt < len(HUT_TILES) else None


SIDE_BAGS: Final = {sides: Bag.of(sides, key=lambda hut: hut.sort_key) for sides in HUT_TILES}
"""The two sides of each hut tile, one of each, as the bag a side is drawn from at setup
(:rule:`R-HUT-1`): made once, not at every draw of a deal."""


def deal_hut_side(draft: Draft, hut: Hut) -> None:
    """A hut tile of the setup landed with ``hut`` up; it joins the supply."""
    _lay_hut_side(draft, hut)
    continue_deal(draft)


def _lay_hut_side(draft: Draft, hut: Hut) -> None:
    """Put a hut tile of the setup, landed with ``hut`` up, in the supply."""
    draft.hut_supply = draft.hut_supply.add(hut, key=lambda h: h.sort_key)
    if draft.events is not None:
        draft.emit(HutSideUp(hut))


def seat_being_dealt(view: View) -> int | None:
    """The first seat whose starting hand is not complete, or ``None`` once all are."""
    for seat, player in enumerate(view.players):
        if len(player.hand) < HAND_SIZE and player.pile:
            return seat
    return None


def deal_worker(draft: Draft, kind: WorkerType) -> None:
    """A starting-hand draw came out as ``kind``."""
    seat = seat_being_dealt(draft)
    assert seat is not None
    draw_worker(draft, seat, kind)
    continue_deal(draft)


def deal_jungle(draft: Draft, tile: JungleTile) -> None:
    """A jungle draw of the setup came out as ``tile``."""
    _lay_jungle(draft, tile)
    continue_deal(draft)


def _lay_jungle(draft: Draft, tile: JungleTile) -> None:
    """Lay ``tile``, drawn at setup, on the map board first (:rule:`R-MAP-1`), then in the
    display (:rule:`R-SETUP-7`)."""
    if map_board_wants_tile(draft):
        fill_map_board(draft, tile)
    else:
        refill_display(draft, tile)


def deal_seeded(draft: Draft, seed: int) -> None:
    """Draw the whole deal of game ``seed`` (:rule:`R-CHANCE-2`), then start the first turn.

    The draws are those of one chance event at a time, in the same order (the hut sides,
    the hands seat by seat, then the map board and the display) with the same counters, so
    the same tiles are dealt; but each part is drawn in a loop of its own, instead of asking
    before and after every draw which part of the deal is pending, and each hand is given
    to its player in one update.
    """
    sides = hut_tile_being_dealt(draft)
    while sides is not None:
        _lay_hut_side(draft, seeded_pick(SIDE_BAGS[sides], seed, _next_chance(draft)))
        sides = hut_tile_being_dealt(draft)
    for seat in range(len(draft.players)):
        _deal_hand(draft, seat, seed)
    while map_board_wants_tile(draft) or display_wants_tile(draft):
        _lay_jungle(draft, seeded_jungle_draw(draft, seed, _next_chance(draft)))
    continue_deal(draft)


def _deal_hand(draft: Draft, seat: int, seed: int) -> None:
    """Draw ``seat``'s starting hand of game ``seed`` whole: the tiles of one draw at a time
    (:func:`~cacao_rules.turn.end_of_turn.draw_worker`), the player updated once."""
    player = draft.players[seat]
    hand = list(player.hand)
    pile = player.pile
    while len(hand) < HAND_SIZE and pile:
        kind = seeded_pick(pile, seed, _next_chance(draft))
        pile = pile.remove(kind)
        hand.append(kind)
        if draft.events is not None:
            draft.emit(WorkerDrawn(seat, kind))
    if pile is not player.pile:
        draft.update_tiles(seat, sorted_hand(hand), pile)


def _next_chance(draft: Draft) -> int:
    """Count a chance event of ``draft``; return its counter, the number of those before."""
    counter = draft.chance_count
    draft.chance_count = counter + 1
    return counter


def dealing(view: View) -> bool:
    """Whether the deal still has something to decide (:rule:`R-CHANCE-3`)."""
    return (
        hut_tile_being_dealt(view) is not None
        or seat_being_dealt(view) is not None
        or map_board_wants_tile(view)
        or display_wants_tile(view)
    )


def continue_deal(draft: Draft) -> None:
    """Wait for the next deal draw, or start seat 0's first turn (:rule:`R-SETUP-9`)."""
    if dealing(draft):
        draft.step = DEAL_STEP
        return
    draft.current = 0
    draft.step = PLACEMENT_STEP
    if draft.events is not None:
        draft.emit(TurnStarted(0))
