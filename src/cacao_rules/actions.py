"""What each jungle tile does for the workers activated next to it.

One :class:`Action` per :class:`~cacao_rules.JungleKind`, found through :data:`ACTIONS`.
An action lists the worker counts worth offering (``options``: each gives a different
result, :rule:`R-DECIDE-2`) and carries out a chosen count (``perform``). ``reads`` and
``writes`` name the resources an action depends on and changes, which lets the engine see
when an edge cannot matter (:rule:`R-ACT-7`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from .components import STORAGE_SPACES, SUN_PLACES, WATER_TRACK, JungleKind, JungleTile
from .draft import Draft
from .events import Gained, Resource, Spent
from .state import PlayerState

Options = Callable[[PlayerState, JungleTile, int], tuple[int, ...]]
Perform = Callable[[Draft, int, JungleTile, int], None]
Limit = Callable[[PlayerState, JungleTile], str]


@attrs.frozen
class Action:
    """The effect of one jungle-tile kind; see the module docstring."""

    options: Options
    perform: Perform
    reads: frozenset[Resource]
    writes: frozenset[Resource]
    limit: Limit
    """Says what caps the useful workers, for the message of a refused move."""


def _up_to(limit: int) -> tuple[int, ...]:
    return tuple(range(limit + 1))


def storage_room(player: PlayerState) -> int:
    """Free storage spaces: cacao and chocolate share them (:rule:`R-STORAGE-1`)."""
    return STORAGE_SPACES - player.cacao - player.chocolate


def _plantation_options(player: PlayerState, tile: JungleTile, workers: int) -> tuple[int, ...]:
    # A worker is worth offering only while the ones before it leave room (R-ACT-PLANTATION).
    room = storage_room(player)
    return tuple(used for used in range(workers + 1) if used == 0 or (used - 1) * tile.value < room)


def _plantation(draft: Draft, seat: int, tile: JungleTile, used: int) -> None:
    player = draft.players[seat]
    grown = used * tile.value
    kept = min(grown, storage_room(player))
    draft.update_player(seat, cacao=player.cacao + kept)
    draft.emit(Gained(seat, Resource.CACAO, kept, grown - kept))


def _market_options(player: PlayerState, tile: JungleTile, workers: int) -> tuple[int, ...]:
    return _up_to(min(workers, player.cacao))


def _market(draft: Draft, seat: int, tile: JungleTile, used: int) -> None:
    player = draft.players[seat]
    draft.update_player(seat, cacao=player.cacao - used, gold=player.gold + used * tile.value)
    draft.emit(Spent(seat, Resource.CACAO, used))
    draft.emit(Gained(seat, Resource.GOLD, used * tile.value))


def _gold_mine_options(player: PlayerState, tile: JungleTile, workers: int) -> tuple[int, ...]:
    return _up_to(workers)


def _gold_mine(draft: Draft, seat: int, tile: JungleTile, used: int) -> None:
    player = draft.players[seat]
    draft.update_player(seat, gold=player.gold + used * tile.value)
    draft.emit(Gained(seat, Resource.GOLD, used * tile.value))


_LAST_WATER_FIELD: Final = len(WATER_TRACK) - 1


def _water_options(player: PlayerState, tile: JungleTile, workers: int) -> tuple[int, ...]:
    return _up_to(min(workers, _LAST_WATER_FIELD - player.water_field))


def _water(draft: Draft, seat: int, tile: JungleTile, used: int) -> None:
    player = draft.players[seat]
    draft.update_player(seat, water_field=player.water_field + used)
    draft.emit(Gained(seat, Resource.WATER, used))


def _sun_options(player: PlayerState, tile: JungleTile, workers: int) -> tuple[int, ...]:
    return _up_to(min(workers, SUN_PLACES - player.sun))


def _sun(draft: Draft, seat: int, tile: JungleTile, used: int) -> None:
    player = draft.players[seat]
    draft.update_player(seat, sun=player.sun + used)
    draft.emit(Gained(seat, Resource.SUN, used))


def _nothing_options(player: PlayerState, tile: JungleTile, workers: int) -> tuple[int, ...]:
    return (0,)


def _nothing(draft: Draft, seat: int, tile: JungleTile, used: int) -> None:
    """Temples do nothing during play (:rule:`R-ACT-TEMPLE`)."""


def _room_limit(player: PlayerState, tile: JungleTile) -> str:
    return f"the storage has room for {storage_room(player)} more cacao"


def _cacao_limit(player: PlayerState, tile: JungleTile) -> str:
    return f"the player holds {player.cacao} cacao to sell"


def _no_limit(player: PlayerState, tile: JungleTile) -> str:
    return "every worker may be used"


def _water_limit(player: PlayerState, tile: JungleTile) -> str:
    return f"the carrier is {_LAST_WATER_FIELD - player.water_field} fields from the last one"


def _sun_limit(player: PlayerState, tile: JungleTile) -> str:
    return f"the village board has room for {SUN_PLACES - player.sun} more sun tokens"


def _temple_limit(player: PlayerState, tile: JungleTile) -> str:
    return "a temple does nothing during play"


_CACAO: Final = frozenset({Resource.CACAO})
_NONE: Final[frozenset[Resource]] = frozenset()

ACTIONS: Final[dict[JungleKind, Action]] = {
    JungleKind.PLANTATION: Action(_plantation_options, _plantation, _CACAO, _CACAO, _room_limit),
    JungleKind.MARKET: Action(
        _market_options,
        _market,
        _CACAO,
        frozenset({Resource.CACAO, Resource.GOLD}),
        _cacao_limit,
    ),
    JungleKind.GOLD_MINE: Action(
        _gold_mine_options, _gold_mine, _NONE, frozenset({Resource.GOLD}), _no_limit
    ),
    JungleKind.WATER: Action(
        _water_options,
        _water,
        frozenset({Resource.WATER}),
        frozenset({Resource.WATER}),
        _water_limit,
    ),
    JungleKind.SUN_WORSHIP: Action(
        _sun_options, _sun, frozenset({Resource.SUN}), frozenset({Resource.SUN}), _sun_limit
    ),
    JungleKind.TEMPLE: Action(_nothing_options, _nothing, _NONE, _NONE, _temple_limit),
}
"""The action of every jungle-tile kind the engine implements."""
