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
from ..game.record import Record

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
        object.__setattr__(self, "gold", gold)
        object.__setattr__(self, "cacao", cacao)
        object.__setattr__(self, "sun", sun)
        object.__setattr__(self, "water_field", water_field)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "chocolate", chocolate)
        object.__setattr__(self, "map_tiles", map_tiles)
        object.__setattr__(self, "huts", huts)
        object.__setattr__(self, "gems", gems)
        object.__setattr__(self, "masks", masks)
        self._start()

    def replace(self, **changes: Any) -> PlayerState:
        """A copy with the fields named in ``changes`` changed.

        Written out here rather than left to :meth:`Record.replace`, because the engine
        changes a player's resources this way on most moves. Compiled, copying by a direct
        call of the constructor and then writing the one or two fields changed costs about
        a third of the base class's generic call with every field."""
        self._check_changes(changes)
        copy = PlayerState(
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
        for name, value in changes.items():
            object.__setattr__(copy, name, value)
        return copy

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
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "workers", workers)
        object.__setattr__(self, "jungle_square", jungle_square)
        self._start()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.owner, self.square, self.side, self.workers, self.jungle_square)


# The steps: which decision or chance event the game waits for. Immutable values like the
# records above (the engine makes a step at every move), equal when of one class and fields.


class _BareStep(Record):
    """A step with no fields: its class says everything."""

    __slots__ = ()

    def __init__(self) -> None:
        self._start()

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
        object.__setattr__(self, "placed", placed)
        object.__setattr__(self, "spaces", spaces)
        self._start()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.placed, self.spaces)


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
        object.__setattr__(self, "placed", placed)
        object.__setattr__(self, "filled", filled)
        object.__setattr__(self, "spaces", spaces)
        self._start()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.placed, self.filled, self.spaces)


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
        object.__setattr__(self, "queue", queue)
        object.__setattr__(self, "received", received)
        self._start()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.queue, self.received)


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
    _moves: tuple[Any, ...] | None
    """The legal moves once the engine has listed them (:meth:`_keep_moves`), else ``None``."""

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
        object.__setattr__(self, "config", config)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "chance_count", chance_count)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "covered", covered)
        object.__setattr__(self, "discarded", discarded)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "jungle_pile", jungle_pile)
        object.__setattr__(self, "display", display)
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "map_board", map_board)
        object.__setattr__(self, "map_tiles_used", map_tiles_used)
        object.__setattr__(self, "hut_supply", hut_supply)
        object.__setattr__(self, "emperor", emperor)
        object.__setattr__(self, "gem_cart", gem_cart)
        object.__setattr__(self, "mask_supply", mask_supply)
        object.__setattr__(self, "gems_exchanged", gems_exchanged)
        self._start()
        object.__setattr__(self, "_moves", None)

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

    def _keep_moves(self, moves: tuple[Any, ...]) -> None:
        """Keep ``moves`` as this state's legal moves, for the engine alone: it lists them
        once (:func:`cacao_rules.legal_moves`) and accepts a move that is one of them
        without checking it again. Private, and never part of the state's value: no caller
        can make the engine accept a move it did not list."""
        object.__setattr__(self, "_moves", moves)

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


def seat_to_move(step: Step, current: int) -> int | None:
    """The seat that decides at ``step`` when ``current`` has the turn: an activated edge's
    owner, else the player to move; ``None`` at a chance node or when the game is over."""
    if isinstance(step, ResolveStep):
        return step.queue[0].owner
    if isinstance(step, PlacementStep | FillStep | SlideStep | HutStep):
        return current
    return None
