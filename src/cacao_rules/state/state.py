"""The game state: an immutable value holding everything about a game in progress.

A state is hashable and compares by value, so search code can keep transposition tables;
keeping an old state is undo. The hidden piles are multisets
(:class:`~cacao_rules.game.frozen.Bag`), never a secret order (:rule:`R-CHANCE-1`). Which
decision is pending, and who makes it, is the state's ``step``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ..game.components import (
    NO_GEMS,
    WATER_TRACK,
    Gems,
    Hut,
    JungleTile,
    Side,
    Tile,
    WorkerTile,
    WorkerType,
)
from ..game.config import Config
from ..game.frozen import Bag, FrozenMap
from ..game.geometry import Square
from ..game.record import SET_HASH, Record, slot_setter

EMPTY_BAG: Final[Bag[Any]] = Bag(())


class PlayerState(Record):
    """One player's village board, hand and worker pile.

    ``water_field`` is the index of the carrier's field on the water track; ``water`` is that
    field's value. ``hand`` is sorted; ``pile`` holds what is left to draw, as counts.
    ``chocolate`` counts bars (Chocolate module), ``map_tiles`` the map tiles left (Map
    module), ``huts`` the huts built, sorted (Hut module), ``gems`` the gems held by colour
    and ``masks`` the masks' values, sorted (Gem mines module).

    An immutable value: assigning an attribute raises ``AttributeError``; equal by value,
    hashable, picklable. A plain slotted class rather than an attrs one, because the engine
    builds one whenever a player's resources change (:meth:`replace`).

    >>> PlayerState(gold=2).replace(cacao=1)
    PlayerState(gold=2, cacao=1, sun=0, water_field=0, hand=(), pile=Bag(()), chocolate=0, \
map_tiles=0, huts=(), gems=(0, 0, 0, 0), masks=())
    """

    __slots__ = (
        "cacao",
        "chocolate",
        "gems",
        "gold",
        "hand",
        "huts",
        "map_tiles",
        "masks",
        "pile",
        "sun",
        "water_field",
    )

    FIELDS: ClassVar[tuple[str, ...]] = (
        "gold",
        "cacao",
        "sun",
        "water_field",
        "hand",
        "pile",
        "chocolate",
        "map_tiles",
        "huts",
        "gems",
        "masks",
    )
    """The fields, in the order of the constructor's arguments."""

    gold: int
    cacao: int
    sun: int
    water_field: int
    hand: tuple[WorkerType, ...]
    pile: Bag[WorkerType]
    chocolate: int
    map_tiles: int
    huts: tuple[Hut, ...]
    gems: Gems
    masks: tuple[int, ...]

    def __init__(
        self,
        gold: int = 0,
        cacao: int = 0,
        sun: int = 0,
        water_field: int = 0,
        hand: tuple[WorkerType, ...] = (),
        pile: Bag[WorkerType] = EMPTY_BAG,
        chocolate: int = 0,
        map_tiles: int = 0,
        huts: tuple[Hut, ...] = (),
        gems: Gems = NO_GEMS,
        masks: tuple[int, ...] = (),
    ) -> None:
        _SET_GOLD(self, gold)
        _SET_CACAO(self, cacao)
        _SET_SUN(self, sun)
        _SET_WATER_FIELD(self, water_field)
        _SET_HAND(self, hand)
        _SET_PILE(self, pile)
        _SET_CHOCOLATE(self, chocolate)
        _SET_MAP_TILES(self, map_tiles)
        _SET_HUTS(self, huts)
        _SET_GEMS(self, gems)
        _SET_MASKS(self, masks)
        SET_HASH(self, None)

    @property
    def water(self) -> int:
        """The value of the water field the carrier stands on (-10 at the start)."""
        return WATER_TRACK[self.water_field]

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (
            self.gold,
            self.cacao,
            self.sun,
            self.water_field,
            self.hand,
            self.pile,
            self.chocolate,
            self.map_tiles,
            self.huts,
            self.gems,
            self.masks,
        )


_SET_GOLD: Final = slot_setter(PlayerState, "gold")
_SET_CACAO: Final = slot_setter(PlayerState, "cacao")
_SET_SUN: Final = slot_setter(PlayerState, "sun")
_SET_WATER_FIELD: Final = slot_setter(PlayerState, "water_field")
_SET_HAND: Final = slot_setter(PlayerState, "hand")
_SET_PILE: Final = slot_setter(PlayerState, "pile")
_SET_CHOCOLATE: Final = slot_setter(PlayerState, "chocolate")
_SET_MAP_TILES: Final = slot_setter(PlayerState, "map_tiles")
_SET_HUTS: Final = slot_setter(PlayerState, "huts")
_SET_GEMS: Final = slot_setter(PlayerState, "gems")
_SET_MASKS: Final = slot_setter(PlayerState, "masks")


class ActivatedEdge(Record):
    """An edge of ``owner``'s tile on ``square`` that was activated and awaits its owner.

    An immutable value like :class:`PlayerState`, and a plain slotted class for the same
    reason: the engine makes one for every edge activated.
    """

    __slots__ = ("jungle_square", "owner", "side", "square", "workers")

    FIELDS: ClassVar[tuple[str, ...]] = ("owner", "square", "side", "workers", "jungle_square")
    """The fields, in the order of the constructor's arguments."""

    owner: int
    square: Square
    side: Side
    workers: int
    jungle_square: Square

    def __init__(
        self, owner: int, square: Square, side: Side, workers: int, jungle_square: Square
    ) -> None:
        _SET_E_OWNER(self, owner)
        _SET_E_SQUARE(self, square)
        _SET_E_SIDE(self, side)
        _SET_E_WORKERS(self, workers)
        _SET_E_JUNGLE_SQUARE(self, jungle_square)
        SET_HASH(self, None)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.owner, self.square, self.side, self.workers, self.jungle_square)


_SET_E_OWNER: Final = slot_setter(ActivatedEdge, "owner")
_SET_E_SQUARE: Final = slot_setter(ActivatedEdge, "square")
_SET_E_SIDE: Final = slot_setter(ActivatedEdge, "side")
_SET_E_WORKERS: Final = slot_setter(ActivatedEdge, "workers")
_SET_E_JUNGLE_SQUARE: Final = slot_setter(ActivatedEdge, "jungle_square")


# The steps: which decision or chance event the game waits for. Immutable values like the
# records above (the engine makes a step at every move), equal when of one class and fields.


class _BareStep(Record):
    """A step with no fields: its class says everything."""

    __slots__ = ()

    def __init__(self) -> None:
        SET_HASH(self, None)

    def values(self) -> tuple[Any, ...]:
        """No fields."""
        return ()


class DealStep(_BareStep):
    """Chance: the starting hands are dealt, seat by seat, then the display (R-CHANCE-3)."""

    __slots__ = ()


class PlacementStep(_BareStep):
    """The player to move places, overbuilds or, if neither is possible, discards a tile."""

    __slots__ = ()


class FillStep(Record):
    """The player to move decides which display tile goes on which of ``spaces``."""

    __slots__ = ("placed", "spaces")

    FIELDS: ClassVar[tuple[str, ...]] = ("placed", "spaces")
    """The fields, in the order of the constructor's arguments."""

    placed: Square
    spaces: tuple[Square, ...]

    def __init__(self, placed: Square, spaces: tuple[Square, ...]) -> None:
        _SET_F_PLACED(self, placed)
        _SET_F_SPACES(self, spaces)
        SET_HASH(self, None)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.placed, self.spaces)


_SET_F_PLACED: Final = slot_setter(FillStep, "placed")
_SET_F_SPACES: Final = slot_setter(FillStep, "spaces")


class BlindFillStep(Record):
    """Chance: ``spaces`` still to be filled get blind draws from the jungle pile."""

    __slots__ = ("filled", "placed", "spaces")

    FIELDS: ClassVar[tuple[str, ...]] = ("placed", "filled", "spaces")
    """The fields, in the order of the constructor's arguments."""

    placed: Square
    filled: tuple[Square, ...]
    spaces: tuple[Square, ...]

    def __init__(
        self, placed: Square, filled: tuple[Square, ...], spaces: tuple[Square, ...]
    ) -> None:
        _SET_B_PLACED(self, placed)
        _SET_B_FILLED(self, filled)
        _SET_B_SPACES(self, spaces)
        SET_HASH(self, None)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.placed, self.filled, self.spaces)


_SET_B_PLACED: Final = slot_setter(BlindFillStep, "placed")
_SET_B_FILLED: Final = slot_setter(BlindFillStep, "filled")
_SET_B_SPACES: Final = slot_setter(BlindFillStep, "spaces")


class ResolveStep(Record):
    """The owners resolve the activated edges in ``queue``, which is in resolution order.

    ``received`` is the cacao the owner now deciding has put into storage from their edges
    this turn (for the Farmer, R-HUT-FARMER).
    """

    __slots__ = ("queue", "received")

    FIELDS: ClassVar[tuple[str, ...]] = ("queue", "received")
    """The fields, in the order of the constructor's arguments."""

    queue: tuple[ActivatedEdge, ...]
    received: int

    def __init__(self, queue: tuple[ActivatedEdge, ...], received: int = 0) -> None:
        _SET_R_QUEUE(self, queue)
        _SET_R_RECEIVED(self, received)
        SET_HASH(self, None)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.queue, self.received)


_SET_R_QUEUE: Final = slot_setter(ResolveStep, "queue")
_SET_R_RECEIVED: Final = slot_setter(ResolveStep, "received")


class DrawWorkerStep(_BareStep):
    """Chance: the player whose turn ends draws a worker tile."""

    __slots__ = ()


class SlideStep(_BareStep):
    """The player whose turn ends chooses which map-board tile slides into the display."""

    __slots__ = ()


class RefillStep(_BareStep):
    """Chance: the display is refilled from the jungle pile."""

    __slots__ = ()


class MapRefillStep(_BareStep):
    """Chance: the map board is refilled from the jungle pile (Map module)."""

    __slots__ = ()


class HutStep(_BareStep):
    """The player whose turn ends may build a hut (Hut module)."""

    __slots__ = ()


class OverStep(_BareStep):
    """The game is over."""

    __slots__ = ()


Step = (
    DealStep
    | PlacementStep
    | FillStep
    | BlindFillStep
    | ResolveStep
    | DrawWorkerStep
    | SlideStep
    | RefillStep
    | MapRefillStep
    | HutStep
    | OverStep
)
"""What the game waits for next."""

CHANCE_STEPS: Final = (DealStep, BlindFillStep, DrawWorkerStep, RefillStep, MapRefillStep)


class State(Record):
    """A game in progress. Never changed: :func:`cacao_rules.apply` returns a new one.

    ``board`` maps each occupied square to its top tile; ``covered`` maps each overbuilt square
    to the tile beneath (:rule:`R-OVER-6`). ``discarded`` lists the tiles set aside by
    :rule:`R-PLACE-4` as ``(seat, type)``. ``current`` is the seat whose turn it is;
    ``chance_count`` counts the chance events so far (the seeded draws' counter,
    :rule:`R-CHANCE-2`). ``map_board`` holds the map board's face-up tiles, sorted, and
    ``map_tiles_used`` counts the map tiles given up (Map module); ``hut_supply`` holds the
    huts that can still be built (Hut module); ``emperor`` is the Emperor's square (Favour of
    the Emperor module); ``gem_cart`` holds the gems not yet drawn by colour,
    ``mask_supply`` the masks left, lowest first, and ``gems_exchanged`` counts the gems
    traded for masks, out of the game (Gem mines module).

    An immutable value: assigning an attribute raises ``AttributeError``; equal by value,
    hashable (the hash is kept once worked out), picklable. A plain slotted class rather
    than an attrs one, because :func:`cacao_rules.apply` builds one per move; it is built
    by position (:meth:`~cacao_rules.state.draft.Draft.freeze`). :meth:`replace` gives a
    copy with some fields changed.
    """

    __slots__ = (
        "_memo",
        "_moves",
        "board",
        "chance_count",
        "config",
        "covered",
        "current",
        "discarded",
        "display",
        "emperor",
        "gem_cart",
        "gems_exchanged",
        "hut_supply",
        "jungle_pile",
        "map_board",
        "map_tiles_used",
        "mask_supply",
        "players",
        "seed",
        "step",
        "turn",
    )

    FIELDS: ClassVar[tuple[str, ...]] = (
        "config",
        "seed",
        "chance_count",
        "board",
        "covered",
        "discarded",
        "players",
        "jungle_pile",
        "display",
        "current",
        "turn",
        "step",
        "map_board",
        "map_tiles_used",
        "hut_supply",
        "emperor",
        "gem_cart",
        "mask_supply",
        "gems_exchanged",
    )
    """The fields, in the order of the constructor's arguments."""

    config: Config
    seed: int | None
    chance_count: int
    board: FrozenMap[Square, Tile]
    covered: FrozenMap[Square, WorkerTile]
    discarded: tuple[tuple[int, WorkerType], ...]
    players: tuple[PlayerState, ...]
    jungle_pile: Bag[JungleTile]
    display: tuple[JungleTile, ...]
    current: int
    turn: int
    step: Step
    map_board: tuple[JungleTile, ...]
    map_tiles_used: int
    hut_supply: Bag[Hut]
    emperor: Square | None
    gem_cart: Gems
    mask_supply: tuple[int, ...]
    gems_exchanged: int
    _memo: dict[str, Any] | None
    _moves: tuple[Any, ...] | None

    def __init__(
        self,
        config: Config,
        seed: int | None,
        chance_count: int,
        board: FrozenMap[Square, Tile],
        covered: FrozenMap[Square, WorkerTile],
        discarded: tuple[tuple[int, WorkerType], ...],
        players: tuple[PlayerState, ...],
        jungle_pile: Bag[JungleTile],
        display: tuple[JungleTile, ...],
        current: int,
        turn: int,
        step: Step,
        map_board: tuple[JungleTile, ...] = (),
        map_tiles_used: int = 0,
        hut_supply: Bag[Hut] = EMPTY_BAG,
        emperor: Square | None = None,
        gem_cart: Gems = NO_GEMS,
        mask_supply: tuple[int, ...] = (),
        gems_exchanged: int = 0,
    ) -> None:
        _SET_S_CONFIG(self, config)
        _SET_S_SEED(self, seed)
        _SET_S_CHANCE_COUNT(self, chance_count)
        _SET_S_BOARD(self, board)
        _SET_S_COVERED(self, covered)
        _SET_S_DISCARDED(self, discarded)
        _SET_S_PLAYERS(self, players)
        _SET_S_JUNGLE_PILE(self, jungle_pile)
        _SET_S_DISPLAY(self, display)
        _SET_S_CURRENT(self, current)
        _SET_S_TURN(self, turn)
        _SET_S_STEP(self, step)
        _SET_S_MAP_BOARD(self, map_board)
        _SET_S_MAP_TILES_USED(self, map_tiles_used)
        _SET_S_HUT_SUPPLY(self, hut_supply)
        _SET_S_EMPEROR(self, emperor)
        _SET_S_GEM_CART(self, gem_cart)
        _SET_S_MASK_SUPPLY(self, mask_supply)
        _SET_S_GEMS_EXCHANGED(self, gems_exchanged)
        SET_HASH(self, None)
        _SET_STATE_MEMO(self, None)
        _SET_STATE_MOVES(self, None)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (
            self.config,
            self.seed,
            self.chance_count,
            self.board,
            self.covered,
            self.discarded,
            self.players,
            self.jungle_pile,
            self.display,
            self.current,
            self.turn,
            self.step,
            self.map_board,
            self.map_tiles_used,
            self.hut_supply,
            self.emperor,
            self.gem_cart,
            self.mask_supply,
            self.gems_exchanged,
        )

    @property
    def known_moves(self) -> tuple[Any, ...] | None:
        """The legal moves once listed (:func:`cacao_rules.legal_moves`), else ``None``;
        never part of the state's value. A slot of its own rather than an entry of
        :attr:`memo`, since nearly every state gets its moves listed."""
        return self._moves

    def keep_moves(self, moves: tuple[Any, ...] | None) -> None:
        """Keep ``moves`` as this state's legal moves (see :attr:`known_moves`); ``None``
        forgets them."""
        _SET_STATE_MOVES(self, moves)

    @property
    def memo(self) -> dict[str, Any]:
        """Values derived from this state and kept for reuse (the action space's indices);
        never part of the state's value (made when first asked for)."""
        memo = self._memo
        if memo is None:
            memo = {}
            _SET_STATE_MEMO(self, memo)
        return memo

    def recall(self, name: str) -> Any:
        """The value kept as ``name`` in :attr:`memo`, or ``None``, without making the memo."""
        memo = self._memo
        return None if memo is None else memo.get(name)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return isinstance(self.step, OverStep)

    @property
    def is_chance(self) -> bool:
        """Whether the game waits for a chance outcome (only in games without a seed)."""
        return isinstance(self.step, CHANCE_STEPS)

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; ``None`` at a chance node or when the game is over."""
        return seat_to_move(self.step, self.current)

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for notebooks (:func:`cacao_rules.show.svg.board`)."""
        from ..show.svg import board

        return board(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """A one-line summary for IPython's text view, in place of the long repr."""
        from ..show.render import summary_line

        printer.text(summary_line(self))


_SET_S_CONFIG: Final = slot_setter(State, "config")
_SET_S_SEED: Final = slot_setter(State, "seed")
_SET_S_CHANCE_COUNT: Final = slot_setter(State, "chance_count")
_SET_S_BOARD: Final = slot_setter(State, "board")
_SET_S_COVERED: Final = slot_setter(State, "covered")
_SET_S_DISCARDED: Final = slot_setter(State, "discarded")
_SET_S_PLAYERS: Final = slot_setter(State, "players")
_SET_S_JUNGLE_PILE: Final = slot_setter(State, "jungle_pile")
_SET_S_DISPLAY: Final = slot_setter(State, "display")
_SET_S_CURRENT: Final = slot_setter(State, "current")
_SET_S_TURN: Final = slot_setter(State, "turn")
_SET_S_STEP: Final = slot_setter(State, "step")
_SET_S_MAP_BOARD: Final = slot_setter(State, "map_board")
_SET_S_MAP_TILES_USED: Final = slot_setter(State, "map_tiles_used")
_SET_S_HUT_SUPPLY: Final = slot_setter(State, "hut_supply")
_SET_S_EMPEROR: Final = slot_setter(State, "emperor")
_SET_S_GEM_CART: Final = slot_setter(State, "gem_cart")
_SET_S_MASK_SUPPLY: Final = slot_setter(State, "mask_supply")
_SET_S_GEMS_EXCHANGED: Final = slot_setter(State, "gems_exchanged")
_SET_STATE_MEMO: Final = slot_setter(State, "_memo")
_SET_STATE_MOVES: Final = slot_setter(State, "_moves")


def seat_to_move(step: Step, current: int) -> int | None:
    """The seat that decides at ``step`` when ``current`` has the turn: an activated edge's
    owner, else the player to move; ``None`` at a chance node or when the game is over."""
    if isinstance(step, ResolveStep):
        return step.queue[0].owner
    if isinstance(step, PlacementStep | FillStep | SlideStep | HutStep):
        return current
    return None
