"""The Hut module: the hut tiles, building a hut, and what each hut does.

Everything the Hut module changes is here, so its whole effect can be read in one place:
the tiles and their two sides (:rule:`R-HUT-1`), the building decision at the end of a turn
(:rule:`R-HUT-3`), the effects during play that other steps ask about (:func:`owns`), and the
bonuses at scoring (:rule:`R-HUT-4`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..game.components import HUT_COSTS, WATER_TRACK, Hut, JungleKind, JungleTile, WorkerTile
from ..game.events import HutBuilt, Resource, Spent
from ..game.geometry import SIDES, Square, neighbour
from ..game.moves import BuildHut, PassHut
from ..state.draft import Draft
from ..state.state import HUT_STEP, PlayerState
from ..state.view import View

FARMER_TRIGGER: Final = 4
"""Cacao received in one turn that earns the Farmer's extra fruit (:rule:`R-HUT-FARMER`)."""

FOREMAN_EDGE: Final = 3
"""The printed workers of an edge that the Foreman counts as one more (:rule:`R-HUT-FOREMAN`)."""

CHEAPEST_HUT: Final = min(HUT_COSTS.values())
"""The cost of the cheapest hut: a player with less gold can build none."""

_SHAMAN: Final = Hut.SHAMAN
_MARKET_CRIER: Final = Hut.MARKET_CRIER
_FOREMAN: Final = Hut.FOREMAN
"""The huts that play asks about at every overbuild, market and placed tile: in the pure
build one global read each, where ``Hut.SHAMAN`` is a global read and an attribute lookup
on the enum class (compiled, both are the same native constant)."""


def owns(player: PlayerState, hut: Hut) -> bool:
    """Whether ``player`` has built ``hut``."""
    return hut in player.huts


def sorted_huts(huts: list[Hut]) -> tuple[Hut, ...]:
    """Huts in their fixed order."""
    return tuple(sorted(huts, key=lambda hut: hut.sort_key))


# --- building (R-HUT-3) -----------------------------------------------------------------------


def buildable(view: View, seat: int) -> list[Hut]:
    """The huts ``seat`` may build now: in the supply, affordable, of a function they lack.

    Asked at the end of every turn of a game with huts, so the costs are read from their
    table and the player's gold and huts once (:func:`owns` written out). The supply is in
    the huts' fixed order, which is by cost, so the first hut dearer than the gold held
    ends the search.
    """
    player = view.players[seat]
    gold, built = player.gold, player.huts
    huts: list[Hut] = []
    for hut, _ in view.hut_supply.items:
        if HUT_COSTS[hut] > gold:
            break
        if hut not in built:
            huts.append(hut)
    return huts


def why_not_buildable(view: View, seat: int, hut: Hut) -> str:
    """Why ``seat`` cannot build ``hut`` now, for an error message."""
    player = view.players[seat]
    if not view.hut_supply.count(hut):
        return f"no {hut} hut is left in the supply"
    if owns(player, hut):
        return f"seat {seat} already owns a {hut}; nobody owns two huts with the same function"
    return f"a {hut} costs {hut.cost} gold and seat {seat} holds {player.gold}"


def start_hut_step(draft: Draft) -> bool:
    """Offer the player whose turn ends a hut, if they can build one; return whether offered.

    Asked at the end of every turn of a game with huts, and at about half of them the
    player holds less gold than any hut costs: then the supply is not looked at."""
    if draft.players[draft.current].gold < CHEAPEST_HUT or not buildable(draft, draft.current):
        return False
    draft.step = HUT_STEP
    return True


def hut_moves(view: View) -> list[BuildHut | PassHut]:
    """Every hut the player may build, cheapest first, then passing."""
    moves: list[BuildHut | PassHut] = [BuildHut(hut) for hut in buildable(view, view.current)]
    return [*moves, PassHut()]


def do_build(draft: Draft, move: BuildHut | PassHut) -> None:
    """Build the hut of ``move`` (or nothing, for a pass)."""
    if isinstance(move, PassHut):
        return
    seat = draft.current
    player = draft.players[seat]
    draft.hut_supply = draft.hut_supply.remove(move.hut)
    draft.update_player(
        seat, gold=player.gold - move.hut.cost, huts=sorted_huts([*player.huts, move.hut])
    )
    if draft.events is not None:
        draft.emit(Spent(seat, Resource.GOLD, move.hut.cost))
        draft.emit(HutBuilt(seat, move.hut))


# --- bonuses at the end (R-HUT-4) ---------------------------------------------------------------


def _own_tiles(view: View, seat: int) -> list[tuple[Square, WorkerTile]]:
    return [
        (square, tile)
        for square, tile in view.board.items()
        if isinstance(tile, WorkerTile) and tile.owner == seat
    ]


def _hermit(view: View, seat: int) -> int:
    """1 per worker on an edge that faces no jungle tile (:rule:`R-HUT-HERMIT`)."""
    return sum(
        tile.edges[side]
        for square, tile in _own_tiles(view, seat)
        for side in SIDES
        if not isinstance(view.board.get(neighbour(square, side)), JungleTile)
    )


def _road_worker(view: View, seat: int) -> int:
    """1 per tile in the row or column with most of them (:rule:`R-HUT-ROAD-WORKER`)."""
    rows: dict[int, int] = {}
    columns: dict[int, int] = {}
    for (x, y), _ in _own_tiles(view, seat):
        columns[x] = columns.get(x, 0) + 1
        rows[y] = rows.get(y, 0) + 1
    return max([*rows.values(), *columns.values(), 0])


def _trader(view: View, seat: int) -> int:
    """1 per cacao fruit left; bars do not count (:rule:`R-HUT-TRADER`)."""
    return view.players[seat].cacao


def _monk(view: View, seat: int) -> int:
    """1 per temple with at least one of the player's workers next to it (:rule:`R-HUT-MONK`)."""
    return sum(
        1
        for square, tile in view.board.items()
        if isinstance(tile, JungleTile)
        and tile.kind is JungleKind.TEMPLE
        and any(_faces(view, neighbour(square, side), side.opposite, seat) for side in SIDES)
    )


def _faces(view: View, square: Square, side: int, seat: int) -> bool:
    tile = view.board.get(square)
    return isinstance(tile, WorkerTile) and tile.owner == seat and tile.edges[side] > 0


def _master_builder(view: View, seat: int) -> int:
    """1 per other hut the player owns (:rule:`R-HUT-MASTER-BUILDER`)."""
    return len(view.players[seat].huts) - 1


def _fountain_master(view: View, seat: int) -> int:
    """4 if the carrier stands on the last field, 16 (:rule:`R-HUT-FOUNTAIN-MASTER`)."""
    return 4 if view.players[seat].water_field == len(WATER_TRACK) - 1 else 0


def _fixed(gold: int) -> Callable[[View, int], int]:
    """A bonus of ``gold`` whatever the game (:rule:`R-HUT-CHIEF-FAMILY`)."""
    return lambda view, seat: gold


def _none(view: View, seat: int) -> int:
    return 0


HUT_BONUSES: Final[dict[Hut, Callable[[View, int], int]]] = {
    Hut.MARKET_CRIER: _none,
    Hut.HERMIT: _hermit,
    Hut.ROAD_WORKER: _road_worker,
    Hut.TRADER: _trader,
    Hut.FARMER: _none,
    Hut.SHAMAN: _none,
    Hut.MONK: _monk,
    Hut.MASTER_BUILDER: _master_builder,
    Hut.FOREMAN: _none,
    Hut.FOUNTAIN_MASTER: _fountain_master,
    Hut.CHIEFS_DAUGHTER: _fixed(4),
    Hut.CHIEFS_SON: _fixed(4),
    Hut.CHIEFS_WIFE: _fixed(5),
    Hut.CHIEF: _fixed(6),
}
"""The end-of-game bonus of every hut, in gold."""


def hut_bonus(view: View, seat: int) -> int:
    """The bonus of all of ``seat``'s huts at scoring."""
    return sum(HUT_BONUSES[hut](view, seat) for hut in view.players[seat].huts)


def hut_costs(player: PlayerState) -> int:
    """The gold ``player`` paid for huts, which scoring gives back."""
    return sum(hut.cost for hut in player.huts)


def sun_cost_of_overbuilding(player: PlayerState) -> int:
    """1 sun token, or none with the Shaman (:rule:`R-HUT-SHAMAN`)."""
    return 0 if _SHAMAN in player.huts else 1


def market_price(player: PlayerState, tile: JungleTile) -> int:
    """A market's price for ``player``: 3 instead of 2 with the Market crier."""
    if tile.value == 2 and _MARKET_CRIER in player.huts:
        return 3
    return tile.value


def played_with_foreman(player: PlayerState) -> bool:
    """Whether a tile ``player`` plays now gets the Foreman's 4th worker: they hold the hut
    (:rule:`R-HUT-FOREMAN`)."""
    return _FOREMAN in player.huts


def counted_workers(tile: WorkerTile, printed: int) -> int:
    """Workers an activated edge of ``tile`` counts: a 3 counts 4 if the tile was played while
    its owner held the Foreman (:rule:`R-HUT-FOREMAN`)."""
    if printed == FOREMAN_EDGE and tile.foreman:
        return FOREMAN_EDGE + 1
    return printed
