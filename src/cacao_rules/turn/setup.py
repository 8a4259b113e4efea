"""Setting up a game: start tiles, piles, hands and the display.

Rules: :rule:`R-SETUP-1` to :rule:`R-SETUP-9`, :rule:`R-CHANCE-3`.
"""

from __future__ import annotations

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
from ..game.events import HutSideUp, TurnStarted
from ..game.frozen import Bag, FrozenMap
from ..game.geometry import Square
from ..game.pools import gem_cart, jungle_pool, mask_supply, start_tiles, worker_set
from ..modules.emperor import emperor_start
from ..state.draft import Draft
from ..state.state import DEAL_STEP, PLACEMENT_STEP, PlayerState, State
from ..state.view import View
from .end_of_turn import (
    display_wants_tile,
    draw_worker,
    fill_map_board,
    map_board_wants_tile,
    refill_display,
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


def hut_tile_being_dealt(view: View) -> tuple[Hut, Hut] | None:
    """The hut tile whose up side is decided next at setup, if any (:rule:`R-HUT-1`).

    With an agreed selection (:rule:`R-HUT-2`) no side is left to chance.
    """
    config = view.config
    if Module.HUTS not in config.modules or config.huts is not None:
        return None
    dealt = view.hut_supply.total
    return HUT_TILES[dealt] if dealt < len(HUT_TILES) else None


def deal_hut_side(draft: Draft, hut: Hut) -> None:
    """A hut tile of the setup landed with ``hut`` up; it joins the supply."""
    draft.hut_supply = draft.hut_supply.add(hut, key=lambda h: h.sort_key)
    if draft.events is not None:
        draft.emit(HutSideUp(hut))
    continue_deal(draft)


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
    """A jungle draw of the setup came out as ``tile``: it goes on the map board first
    (:rule:`R-MAP-1`), then in the display (:rule:`R-SETUP-7`)."""
    if map_board_wants_tile(draft):
        fill_map_board(draft, tile)
    else:
        refill_display(draft, tile)
    continue_deal(draft)


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
