"""What each jungle tile does for the workers activated next to it.

One :class:`Action` per :class:`~cacao_rules.JungleKind`, a class of its own found through
:data:`ACTIONS`. An action lists the uses worth offering (``options``: each a :class:`Use`
that gives a different result, :rule:`R-DECIDE-2`), carries out a chosen one (``perform``,
given the jungle tile's square, the edge's workers and the use; it returns the cacao it put
into storage, for the Farmer, :rule:`R-HUT-FARMER`) and says what caps the useful workers
(``limit``, for the message of a refused move). ``reads``, ``raises`` and ``lowers`` name the
owner's :class:`Amount` values that cap an action's uses and that it can raise or lower, which
lets the engine see when an edge cannot matter (:rule:`R-ACT-7`).
"""

from __future__ import annotations

import enum
import functools
from typing import Final, NamedTuple, Protocol

from ..game.components import (
    NO_GEMS,
    STORAGE_SPACES,
    SUN_PLACES,
    WATER_TRACK,
    Gems,
    Hut,
    JungleKind,
    JungleTile,
)
from ..game.events import Gained, HutUsed, Resource, Spent
from ..game.geometry import Square
from ..modules.gem_mines import gem_draws, take_gems
from ..modules.huts import market_price
from ..state.draft import Draft
from ..state.state import PlayerState


class Use(NamedTuple):
    """How an edge is used: how many ``workers``; at a chocolate market how many of them sell
    ``bars``; at a gem mine which ``gems`` they take, by colour."""

    workers: int
    bars: int = 0
    gems: Gems = NO_GEMS


class Used(Protocol):
    """What ``perform`` reads of a use: a :class:`Use`, or the
    :class:`~cacao_rules.Resolve` move that makes it, which the engine passes as it is
    rather than building a :class:`Use` at every move."""

    @property
    def workers(self) -> int: ...
    @property
    def bars(self) -> int: ...
    @property
    def gems(self) -> Gems: ...


class Amount(enum.Enum):
    """An amount of the edge owner's that can cap how many of an edge's workers are worth
    using. Each is a count that an action can raise or lower: the storage room is one of its
    own, since a kitchen changes cacao and bars but not the room they take
    (:rule:`R-CHOC-2`). Gold, a player's gems and masks cap no edge, so none is named."""

    CACAO = "cacao"
    """Cacao in storage."""
    CHOCOLATE = "chocolate"
    """Chocolate bars in storage."""
    STORAGE_ROOM = "storage room"
    """Free storage spaces, shared by cacao and bars (:rule:`R-CHOC-4`)."""
    WATER_BEHIND = "water fields behind"
    """How many fields the water carrier can still move back (its field)."""
    WATER_AHEAD = "water fields ahead"
    """How many fields the water carrier can still move forward."""
    SUN_ROOM = "sun room"
    """Free places for sun tokens on the village board."""
    MINE_GEMS = "mine gems"
    """The gems lying on a gem mine: taken from, never added to during play."""


_AMOUNT_BITS: Final = {amount: 1 << number for number, amount in enumerate(Amount)}
"""One bit per :class:`Amount` (see :func:`amount_bits`)."""


def amount_bits(amounts: frozenset[Amount]) -> int:
    """``amounts`` as bits, one per :class:`Amount`: the engine asks whether one action
    raises what another reads for every situation it works out, and ``&`` of two integers
    answers that for less than an intersection of two sets does."""
    bits = 0
    for amount in amounts:
        bits |= _AMOUNT_BITS[amount]
    return bits


_CACAO: Final = frozenset({Amount.CACAO})
_BARS: Final = frozenset({Amount.CHOCOLATE})
_ROOM: Final = frozenset({Amount.STORAGE_ROOM})
_STOCK: Final = _CACAO | _BARS
_NONE: Final[frozenset[Amount]] = frozenset()
_BEHIND: Final = frozenset({Amount.WATER_BEHIND})
_AHEAD: Final = frozenset({Amount.WATER_AHEAD})
_SUN: Final = frozenset({Amount.SUN_ROOM})
_GEMS: Final = frozenset({Amount.MINE_GEMS})


class Action:
    """The effect of one jungle-tile kind; see the module docstring.

    A class per kind with methods, the one way the engine dispatches on a kind (the step
    kinds are written so too): compiled, a native method is called directly, where a
    function kept in a field would go through Python's call protocol at every edge resolved.
    """

    def __init__(
        self, reads: frozenset[Amount], raises: frozenset[Amount], lowers: frozenset[Amount]
    ) -> None:
        self.reads = reads
        """The amounts that cap the uses offered: only more of one of them can offer more."""
        self.raises = raises
        """The amounts a use can raise."""
        self.lowers = lowers
        """The amounts a use can lower."""
        self.read_bits = amount_bits(reads)
        """:attr:`reads` as bits (:func:`amount_bits`)."""
        self.raise_bits = amount_bits(raises)
        """:attr:`raises` as bits."""
        self.change_bits = amount_bits(raises | lowers)
        """The amounts a use can raise or lower, as bits."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        """The uses of ``workers`` worth offering ``player``, in order."""
        raise NotImplementedError

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        """Carry out ``use`` for ``seat``; return the cacao put into storage."""
        raise NotImplementedError

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        """What caps the useful workers, for the message of a refused move."""
        raise NotImplementedError


def _up_to(workers: int, cap: int) -> tuple[Use, ...]:
    """The uses of up to ``workers`` workers, or of up to ``cap`` if fewer are worth using:
    the least of the two asked here rather than of ``min()``, which the pure build calls
    through an iterator over its arguments (every action but a plantation's and a chocolate
    market's offers its uses so)."""
    limit = workers if workers < cap else cap
    if 0 <= limit < _KEPT_UP_TO:  # (a constant: len() would be a call more)
        return _UP_TO[limit]
    return tuple(Use(used) for used in range(limit + 1))


_KEPT_UP_TO: Final = 8
"""How many of :data:`_UP_TO` are kept."""

_UP_TO: Final = tuple(tuple(Use(used) for used in range(limit + 1)) for limit in range(_KEPT_UP_TO))
"""The uses of up to 0 to 7 workers, made once (uses are immutable)."""


def storage_room(player: PlayerState) -> int:
    """Free storage spaces: cacao and chocolate share them (:rule:`R-STORAGE-1`,
    :rule:`R-CHOC-4`)."""
    return STORAGE_SPACES - player.cacao - player.chocolate


def gain_cacao(draft: Draft, seat: int, received: int) -> int:
    """Give ``seat`` ``received`` cacao; what does not fit in storage is lost. Returns the
    cacao kept."""
    player = draft.players[seat]
    room = storage_room(player)
    kept = received if received < room else room  # (not min(): see _up_to)
    draft.update_cacao(seat, player.cacao + kept)
    if draft.events is not None:
        draft.emit(Gained(seat, Resource.CACAO, kept, received - kept))
    return kept


def _cacao_limit(player: PlayerState) -> str:
    return f"the player holds {player.cacao} cacao"


# --- base tiles --------------------------------------------------------------------------------


class _Plantation(Action):
    """1 or 2 cacao per worker (:rule:`R-ACT-PLANTATION`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        # A worker is worth offering only while the ones before it leave room
        # (R-ACT-PLANTATION): the first room / value of them, rounded up; fruit lost to a
        # full storage counts for nothing, for a Farmer either (R-HUT-FARMER). Worked out
        # rather than kept by a cached function (compiled, a call through Python's protocol,
        # about 1,100 instructions per plantation edge), and the kept uses read here rather
        # than through _up_to (a call more for the pure build than the cached function was).
        room = storage_room(player)
        value = tile.value
        if value <= 0:  # no plantation prints one, but a hand-built tile may
            return tuple(
                [Use(used) for used in range(workers + 1) if used == 0 or (used - 1) * value < room]
            )
        if room <= 0:
            return _UP_TO[0]
        useful = (room + value - 1) // value
        if workers < useful:
            useful = workers
        return _UP_TO[useful] if useful < _KEPT_UP_TO else _up_to(useful, useful)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        return gain_cacao(draft, seat, use.workers * tile.value)

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return f"the storage has room for {storage_room(player)} more cacao"


class _Market(Action):
    """Sell 1 cacao per worker at the printed price (:rule:`R-ACT-MARKET`), or at 3 instead
    of 2 with the Market crier (:rule:`R-HUT-MARKET-CRIER`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _up_to(workers, player.cacao)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        price = market_price(player, tile)
        draft.update_player(
            seat, cacao=player.cacao - use.workers, gold=player.gold + use.workers * price
        )
        if draft.events is not None:
            draft.emit(Spent(seat, Resource.CACAO, use.workers))
            draft.emit(Gained(seat, Resource.GOLD, use.workers * price))
        if price != tile.value and draft.events is not None:
            draft.emit(HutUsed(seat, Hut.MARKET_CRIER))
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return _cacao_limit(player)


class _GoldMine(Action):
    """1 or 2 gold per worker (:rule:`R-ACT-GOLD-MINE`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _up_to(workers, workers)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        draft.update_gold(seat, player.gold + use.workers * tile.value)
        if draft.events is not None:
            draft.emit(Gained(seat, Resource.GOLD, use.workers * tile.value))
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return "every worker may be used"


_LAST_WATER_FIELD: Final = len(WATER_TRACK) - 1


class _Water(Action):
    """The carrier 1 field forward per worker, up to 16 (:rule:`R-ACT-WATER`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _up_to(workers, _LAST_WATER_FIELD - player.water_field)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        draft.update_water_field(seat, player.water_field + use.workers)
        if draft.events is not None:
            draft.emit(Gained(seat, Resource.WATER, use.workers))
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return f"the carrier is {_LAST_WATER_FIELD - player.water_field} fields from the last one"


class _SunWorship(Action):
    """1 sun token per worker, up to 3 (:rule:`R-ACT-SUN`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _up_to(workers, SUN_PLACES - player.sun)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        draft.update_sun(seat, player.sun + use.workers)
        if draft.events is not None:
            draft.emit(Gained(seat, Resource.SUN, use.workers))
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return f"the village board has room for {SUN_PLACES - player.sun} more sun tokens"


class _Temple(Action):
    """Temples do nothing during play (:rule:`R-ACT-TEMPLE`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        # The one kept tuple: compiled, making a Use calls the named tuple's class through
        # Python's protocol (about 2,700 instructions per temple edge).
        return _UP_TO[0]

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return "a temple does nothing during play"


# --- Chocolatl tiles ---------------------------------------------------------------------------

CACAO_PER_WATERING_STEP: Final = 4
CACAO_PRICE_AT_CHOCOLATE_MARKET: Final = 3
BAR_PRICE_AT_CHOCOLATE_MARKET: Final = 7


class _Watering(Action):
    """The carrier 1 field back per worker for 4 cacao each (:rule:`R-WATERING-3`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _up_to(workers, player.water_field)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        draft.update_water_field(seat, player.water_field - use.workers)
        if draft.events is not None:
            draft.emit(Spent(seat, Resource.WATER, use.workers))
        return gain_cacao(draft, seat, use.workers * CACAO_PER_WATERING_STEP)

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return f"the carrier is {player.water_field} fields from the first one"


class _ChocolateKitchen(Action):
    """1 cacao into 1 bar per worker, in the same storage space (:rule:`R-CHOC-2`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _up_to(workers, player.cacao)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        draft.update_player(
            seat, cacao=player.cacao - use.workers, chocolate=player.chocolate + use.workers
        )
        if draft.events is not None:
            draft.emit(Spent(seat, Resource.CACAO, use.workers))
            draft.emit(Gained(seat, Resource.CHOCOLATE, use.workers))
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return _cacao_limit(player)


class _ChocolateMarket(Action):
    """Per worker, 1 cacao for 3 or 1 bar for 7 (:rule:`R-CHOC-3`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _chocolate_market_uses(workers, player.cacao, player.chocolate)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        fruit = use.workers - use.bars
        gold = fruit * CACAO_PRICE_AT_CHOCOLATE_MARKET + use.bars * BAR_PRICE_AT_CHOCOLATE_MARKET
        draft.update_player(
            seat,
            cacao=player.cacao - fruit,
            chocolate=player.chocolate - use.bars,
            gold=player.gold + gold,
        )
        if fruit and draft.events is not None:
            draft.emit(Spent(seat, Resource.CACAO, fruit))
        if use.bars and draft.events is not None:
            draft.emit(Spent(seat, Resource.CHOCOLATE, use.bars))
        if draft.events is not None:
            draft.emit(Gained(seat, Resource.GOLD, gold))
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return f"the player holds {player.cacao} cacao and {player.chocolate} chocolate bars"


@functools.lru_cache(maxsize=1024)
def _chocolate_market_uses(workers: int, cacao: int, chocolate: int) -> tuple[Use, ...]:
    uses = (
        Use(fruit + bars, bars)
        for fruit in range(min(workers, cacao) + 1)
        for bars in range(min(workers - fruit, chocolate) + 1)
    )
    return tuple(sorted(uses))


# --- Diamante tiles ----------------------------------------------------------------------------

GOLD_PER_TREE_WORKER: Final = 1
GOLD_AT_TREE_FOR_AN_EMPTY_EDGE: Final = 3


class _TreeOfLife(Action):
    """1 gold per worker, or 3 gold for an edge showing no worker (:rule:`R-TREE-2`,
    :rule:`R-TREE-3`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        # An edge with no worker facing a tree is activated too; using it (1) takes 3 gold.
        useful = workers if workers > 0 else 1
        return _up_to(useful, useful)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        player = draft.players[seat]
        gold = (
            GOLD_AT_TREE_FOR_AN_EMPTY_EDGE if workers == 0 else use.workers * GOLD_PER_TREE_WORKER
        )
        draft.update_gold(seat, player.gold + gold)
        if draft.events is not None:
            draft.emit(Gained(seat, Resource.GOLD, gold))
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return "every worker may be used"


class _GemMine(Action):
    """Per worker one gem of the player's choice from the mine (:rule:`R-GEM-3`), then the
    forced exchange of full sets for masks (:rule:`R-GEM-4`)."""

    def options(self, player: PlayerState, tile: JungleTile, workers: int) -> tuple[Use, ...]:
        return _gem_uses(tile.gems or NO_GEMS, workers)

    def perform(
        self, draft: Draft, seat: int, at: Square, tile: JungleTile, workers: int, use: Used
    ) -> int:
        take_gems(draft, seat, at, use.gems)
        return 0

    def limit(self, player: PlayerState, tile: JungleTile) -> str:
        return f"the mine holds the gems {tile.code[1:]} (red, green, blue, white)"


@functools.lru_cache(maxsize=4096)
def _gem_uses(on_mine: Gems, workers: int) -> tuple[Use, ...]:
    """Every way ``workers`` can take gems from a mine holding ``on_mine``, in order: by
    the number of gems taken, then by the gems (the order of :class:`Use`)."""
    return tuple(
        [
            Use(taken, gems=gems)
            for taken in range(workers + 1)
            for gems in gem_draws(on_mine, taken)
        ]
    )


ACTIONS: Final[dict[JungleKind, Action]] = {
    # A plantation fills storage room; a market sells cacao and frees its room.
    JungleKind.PLANTATION: _Plantation(_ROOM, _CACAO, _ROOM),
    JungleKind.MARKET: _Market(_CACAO, _ROOM, _CACAO),
    JungleKind.GOLD_MINE: _GoldMine(_NONE, _NONE, _NONE),
    JungleKind.WATER: _Water(_AHEAD, _BEHIND, _AHEAD),
    JungleKind.SUN_WORSHIP: _SunWorship(_SUN, _NONE, _SUN),
    JungleKind.TEMPLE: _Temple(_NONE, _NONE, _NONE),
    # Watering moves the carrier back and only adds cacao: it frees no storage room.
    JungleKind.WATERING: _Watering(_BEHIND, _AHEAD | _CACAO, _BEHIND | _ROOM),
    # A kitchen turns cacao into bars in the same storage spaces: the room stays as it is.
    JungleKind.CHOCOLATE_KITCHEN: _ChocolateKitchen(_CACAO, _BARS, _CACAO),
    JungleKind.TREE_OF_LIFE: _TreeOfLife(_NONE, _NONE, _NONE),
    # Taking gems lowers only the gems on that mine; no action puts gems on a mine.
    JungleKind.GEM_MINE: _GemMine(_GEMS, _NONE, _GEMS),
    # Selling cacao or bars frees room and brings neither.
    JungleKind.CHOCOLATE_MARKET: _ChocolateMarket(_STOCK, _ROOM, _STOCK),
}
"""The action of every jungle-tile kind the engine implements."""
