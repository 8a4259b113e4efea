"""What one player may know: :func:`observe` projects a state onto a player's view.

The hidden parts of a game are the hands and the order of the face-down piles
(:rule:`R-HIDDEN-1`). An :class:`Observation` keeps everything else, the observer's own hand,
and for every pile how many tiles it holds and which tiles may still be in it
(:rule:`R-HIDDEN-2`). It is immutable and hashable, so search code can key tables by it, and
:func:`cacao_rules.observation_to_json` writes it without a hidden tile or the seed.
:func:`cacao_rules.determinize` turns it back into a full state.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=7)
>>> seen = cr.observe(state, 1)
>>> seen.hand == state.players[1].hand, seen.players[0].hand, seen.players[0].hand_size
(True, None, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from ..errors import CacaoError, excerpt
from ..game.components import WATER_TRACK, Gems, Hut, JungleTile, Tile, WorkerTile, WorkerType
from ..game.config import Config
from ..game.events import Event, WorkerDrawn, WorkerDrawnUnseen
from ..game.frozen import Bag, FrozenMap
from ..game.geometry import Square
from ..state.state import (
    CHANCE_STEPS,
    OverStep,
    PlayerState,
    State,
    Step,
    seat_to_move,
)
from ..turn.hidden_tiles import drawing_seat


@attrs.frozen(cache_hash=True)
class PlayerView:
    """One player's village board as an observer sees it.

    The open resources are those of :class:`~cacao_rules.PlayerState`. ``hand`` is the hand
    when the observer is this player, else ``None``; ``hand_size`` and ``pile_size`` count
    the tiles in hand and in the face-down pile. ``unseen`` holds the tiles that may still be
    in the pile: for the observer, exactly their pile; for anyone else, their hand and pile
    together, because the observer cannot tell which is where (:rule:`R-HIDDEN-2`).
    """

    gold: int
    cacao: int
    sun: int
    water_field: int
    chocolate: int
    map_tiles: int
    huts: tuple[Hut, ...]
    gems: Gems
    masks: tuple[int, ...]
    hand: tuple[WorkerType, ...] | None
    hand_size: int
    pile_size: int
    unseen: Bag[WorkerType]

    @property
    def water(self) -> int:
        """The value of the water field the carrier stands on (-10 at the start)."""
        return WATER_TRACK[self.water_field]


@attrs.frozen(cache_hash=True)
class Observation:
    """What ``player`` may know of a game at one moment (:rule:`R-HIDDEN-2`).

    The open fields mean what the fields of the same name of :class:`~cacao_rules.State`
    mean: the board and the tiles beneath overbuilds, the tiles set aside, the display, the
    map board, the supplies, whose turn it is, and the decision or chance event the game
    waits for (``step``; ``to_move``, ``is_chance`` and ``is_over`` follow from it as on a
    state).
    ``jungle_pile`` holds the jungle tiles that may still be drawn: every one of them, since
    every tile that left the pile was seen. ``players`` has one :class:`PlayerView` per
    seat. Nothing of the seed is kept: whether and how chance is seeded is no part of what a
    player sees.
    """

    player: int
    config: Config
    chance_count: int
    board: FrozenMap[Square, Tile]
    covered: FrozenMap[Square, WorkerTile]
    discarded: tuple[tuple[int, WorkerType], ...]
    players: tuple[PlayerView, ...]
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

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, as :attr:`cacao_rules.State.to_move`."""
        return seat_to_move(self.step, self.current)

    @property
    def is_chance(self) -> bool:
        """Whether the game waits for a chance outcome."""
        return isinstance(self.step, CHANCE_STEPS)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return isinstance(self.step, OverStep)

    @property
    def hand(self) -> tuple[WorkerType, ...]:
        """The observer's own hand."""
        hand = self.players[self.player].hand
        assert hand is not None
        return hand

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for notebooks (:func:`cacao_rules.show.svg.board`)."""
        from ..show.svg import board

        return board(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """A one-line summary for IPython's text view, in place of the long repr."""
        from ..show.render import summary_line

        printer.text(summary_line(self))


def _check_seat(state: object, player: object, caller: str) -> State:
    if not isinstance(state, State):
        raise CacaoError(f"{caller} needs a cacao_rules.State, got {type(state).__name__}")
    seats = state.config.players
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < seats:
        raise CacaoError(
            f"{caller}: player must be a seat from 0 to {seats - 1}, got {excerpt(player)}"
        )
    return state


def _merged(first: Iterable[WorkerType], second: Bag[WorkerType]) -> Bag[WorkerType]:
    """The tiles of ``first`` and of the bag ``second`` together, as one bag."""
    return Bag.of([*first, *second.elements()], key=lambda kind: kind.sort_key)


def player_view(player: PlayerState, own: bool) -> PlayerView:
    """``player`` as an observer sees them: their hand only if ``own``."""
    return PlayerView(
        gold=player.gold,
        cacao=player.cacao,
        sun=player.sun,
        water_field=player.water_field,
        chocolate=player.chocolate,
        map_tiles=player.map_tiles,
        huts=player.huts,
        gems=player.gems,
        masks=player.masks,
        hand=player.hand if own else None,
        hand_size=len(player.hand),
        pile_size=player.pile.total,
        unseen=player.pile if own else _merged(player.hand, player.pile),
    )


def observe(state: object, player: object) -> Observation:
    """What ``player`` may know of ``state`` (:rule:`R-HIDDEN-1`, :rule:`R-HIDDEN-2`).

    Two states that differ only in what ``player`` cannot see (the other hands, the order
    of the piles, the seed) give equal observations:

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=3), seed=1)
    >>> other = cr.determinize(cr.observe(state, 0), seed=99)
    >>> cr.observe(other, 0) == cr.observe(state, 0)
    True
    """
    state = _check_seat(state, player, "observe")
    assert isinstance(player, int)  # _check_seat checked it
    return Observation(
        player=player,
        config=state.config,
        chance_count=state.chance_count,
        board=state.board,
        covered=state.covered,
        discarded=state.discarded,
        players=tuple(player_view(p, seat == player) for seat, p in enumerate(state.players)),
        jungle_pile=state.jungle_pile,
        display=state.display,
        current=state.current,
        turn=state.turn,
        step=state.step,
        map_board=state.map_board,
        map_tiles_used=state.map_tiles_used,
        hut_supply=state.hut_supply,
        emperor=state.emperor,
        gem_cart=state.gem_cart,
        mask_supply=state.mask_supply,
        gems_exchanged=state.gems_exchanged,
    )


def private_chance_seat(state: object) -> int | None:
    """The only seat that sees the outcome of the chance node ``state``, if one does.

    That is the drawing player at a worker draw into a hand, at the deal or at the end of a
    turn (:rule:`R-HIDDEN-4`); every other chance outcome is seen by all, and so is ``None``
    returned for a state that is no chance node.

    >>> import cacao_rules as cr
    >>> cr.private_chance_seat(cr.new_game(cr.Config(players=2)))
    0
    """
    if not isinstance(state, State):
        raise CacaoError(f"private_chance_seat needs a cacao_rules.State, got {excerpt(state)}")
    return drawing_seat(state)


def observe_events(events: object, player: object) -> tuple[Event, ...]:
    """The events of :func:`cacao_rules.step` as ``player`` sees them (:rule:`R-HIDDEN-4`).

    Another player's worker draw becomes a :class:`~cacao_rules.WorkerDrawnUnseen`, which
    names the drawing player but not the tile; everything else is seen as it is.

    >>> import cacao_rules as cr
    >>> events = (cr.WorkerDrawn(0, cr.WorkerType.W1111), cr.WorkerDrawn(1, cr.WorkerType.W1111))
    >>> cr.observe_events(events, 1)
    (WorkerDrawnUnseen(player=0), WorkerDrawn(player=1, type=<WorkerType.W1111: '1-1-1-1'>))
    """
    given = tuple(events) if isinstance(events, Iterable) and not isinstance(events, str) else None
    if given is None or not all(isinstance(event, Event) for event in given):
        raise CacaoError(
            f"observe_events needs the events of cacao_rules.step, got {excerpt(events)}"
        )
    if not isinstance(player, int) or isinstance(player, bool):
        raise CacaoError(f"observe_events: player must be a seat number, got {excerpt(player)}")
    return tuple(
        WorkerDrawnUnseen(event.player)
        if isinstance(event, WorkerDrawn) and event.player != player
        else event
        for event in given
    )
