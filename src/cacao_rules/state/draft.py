"""A mutable working copy of a state, used only inside one call of the engine.

The turn logic changes a :class:`Draft` in place and freezes it into a new
:class:`~cacao_rules.state.state.State` at the end, so a failed move never leaves a half-changed
state behind: the input state is never touched.
"""

from __future__ import annotations

from typing import Any

from ..game.components import Gems, Hut, JungleTile, Tile, WorkerTile, WorkerType
from ..game.config import Config
from ..game.events import Event
from ..game.frozen import Bag, FrozenMap
from ..game.geometry import Square
from ..game.moves import Move
from .state import PlayerState, State, Step


class Draft:
    """The fields of a :class:`State`, open to change, plus the events being collected."""

    __slots__ = (
        "board",
        "chance_count",
        "config",
        "covered",
        "current",
        "discarded",
        "display",
        "emperor",
        "events",
        "gem_cart",
        "gems_exchanged",
        "hut_supply",
        "jungle_pile",
        "map_board",
        "map_tiles_used",
        "mask_supply",
        "moves",
        "players",
        "seed",
        "step",
        "turn",
    )

    def __init__(self, state: State | Draft, events: list[Event] | None) -> None:
        self.config: Config = state.config
        self.seed: int | None = state.seed
        self.chance_count: int = state.chance_count
        self.board: FrozenMap[Square, Tile] = state.board
        self.covered: FrozenMap[Square, WorkerTile] = state.covered
        self.discarded: tuple[tuple[int, WorkerType], ...] = state.discarded
        self.players: list[PlayerState] = list(state.players)
        self.jungle_pile: Bag[JungleTile] = state.jungle_pile
        self.display: tuple[JungleTile, ...] = state.display
        self.current: int = state.current
        self.turn: int = state.turn
        self.step: Step = state.step
        self.map_board: tuple[JungleTile, ...] = state.map_board
        self.map_tiles_used: int = state.map_tiles_used
        self.hut_supply: Bag[Hut] = state.hut_supply
        self.emperor: Square | None = state.emperor
        self.gem_cart: Gems = state.gem_cart
        self.mask_supply: tuple[int, ...] = state.mask_supply
        self.gems_exchanged: int = state.gems_exchanged
        self.events = events
        self.moves: tuple[Move, ...] | None = None

    def emit(self, event: Event) -> None:
        """Record ``event`` if events are being collected (only :func:`step` collects them)."""
        if self.events is not None:
            self.events.append(event)

    def update_player(self, seat: int, **changes: Any) -> PlayerState:
        """Replace seat ``seat``'s player state by a copy with ``changes``; return it.

        What :meth:`~cacao_rules.game.record.Record.replace` does, spelled out for the one
        record that the rules change on nearly every move: building it by position from
        the old fields and the changed ones costs a fraction of the generic copy, compiled
        (a direct call of the native constructor) and in pure Python alike.
        """
        old = self.players[seat]
        player = PlayerState(
            changes.pop("gold", old.gold),
            changes.pop("cacao", old.cacao),
            changes.pop("sun", old.sun),
            changes.pop("water_field", old.water_field),
            changes.pop("hand", old.hand),
            changes.pop("pile", old.pile),
            changes.pop("chocolate", old.chocolate),
            changes.pop("map_tiles", old.map_tiles),
            changes.pop("huts", old.huts),
            changes.pop("gems", old.gems),
            changes.pop("masks", old.masks),
        )
        if changes:
            raise TypeError(f"PlayerState has no field(s) {', '.join(sorted(changes))}")
        self.players[seat] = player
        return player

    def update_tiles(
        self, seat: int, hand: tuple[WorkerType, ...], pile: Bag[WorkerType]
    ) -> PlayerState:
        """:meth:`update_player` for a new ``hand`` and ``pile`` of seat ``seat``: a tile
        placed, discarded or drawn, which happens at every turn, so without the keyword
        arguments' dictionary."""
        old = self.players[seat]
        player = PlayerState(
            old.gold,
            old.cacao,
            old.sun,
            old.water_field,
            hand,
            pile,
            old.chocolate,
            old.map_tiles,
            old.huts,
            old.gems,
            old.masks,
        )
        self.players[seat] = player
        return player

    def freeze(self) -> State:
        """The state this draft now describes, with its legal moves if they are known."""
        state = State(  # by position, in the order of the fields: the fastest call
            self.config,
            self.seed,
            self.chance_count,
            self.board,
            self.covered,
            self.discarded,
            tuple(self.players),
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
        if self.moves is not None:
            state._keep_moves(self.moves)
        return state
