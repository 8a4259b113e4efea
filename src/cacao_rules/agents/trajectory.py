"""A game as the OpenSpiel adapter plays it: the engine state, the actions so far, who saw them.

:class:`Trajectory` is the part of an OpenSpiel state (:mod:`cacao_rules.openspiel`) that
changes from action to action. Every call OpenSpiel makes per action reads it or makes the
next one: the player to act is worked out once per state and kept, and the next trajectory
links its :class:`HistoryEntry` to the previous one instead of copying the history. It lives
apart from the adapter, which subclasses pyspiel's classes and so stays interpreted, so
that the compiled build compiles it.

What the engine reported for each action (:func:`cacao_rules.step`'s events) is worked out
only for a game that asks for it: see :class:`Recorder`. A random playout never does, and
keeps nothing of the states it has passed, as the engine's own playouts keep nothing.

The information state it writes is the one :mod:`cacao_rules.openspiel` documents.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..engine import apply, new_game, step
from ..formats.serialization import from_json, to_json
from ..game.events import AutoDecision, Event
from ..game.moves import Move
from ..observation import private_chance_seat
from ..state.state import State
from .action_space import ActionSpace

CHANCE: Final = -1
"""The player at a chance node, as OpenSpiel numbers it (``pyspiel.PlayerId.CHANCE``)."""

TERMINAL: Final = -4
"""The player once the game is over, as OpenSpiel numbers it (``pyspiel.PlayerId.TERMINAL``)."""


class Recorder:
    """Whether the trajectories of one game work out each action's events as it is applied.

    At first they do not: an action is applied with :func:`cacao_rules.apply`, cheaper than
    :func:`cacao_rules.step`, and no state is kept to work the events out later (keeping
    every state a playout passes costs it far more, in memory and in garbage collection,
    than the events would). The first time a trajectory's events are asked for (for an
    information state, a resampling, a pickle), its history is replayed once from the start
    of the game, and ``eager`` is set: from then on every action of the game is applied
    with ``step``, since a caller that asks once keeps asking.
    """

    __slots__ = ("eager",)

    def __init__(self) -> None:
        self.eager = False


class HistoryEntry:
    """One action of the history and what it did.

    ``actor`` is the deciding seat, or -1 for chance; ``hidden`` the only seat that sees a
    chance outcome (-1 if everybody does); ``previous`` the record of the action before
    (``None`` for the first). :attr:`events` are what :func:`cacao_rules.step` reported for
    the action, known on the records that :meth:`Trajectory.played` gives.
    """

    __slots__ = ("_events", "action", "actor", "hidden", "move", "previous")

    def __init__(
        self,
        action: int,
        actor: int,
        hidden: int,
        move: Move,
        previous: HistoryEntry | None,
        events: tuple[Event, ...] | None,
    ) -> None:
        self.action = action
        self.actor = actor
        self.hidden = hidden
        self.move = move
        self.previous = previous
        self._events = events

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the action."""
        events = self._events
        assert events is not None, "events are known on the records Trajectory.played gives"
        return events

    @property
    def text(self) -> str:
        """The action's line in the information state of a player who saw it."""
        return f"chance: {self.move}" if self.actor < 0 else f"seat {self.actor}: {self.move}"

    def __reduce__(self) -> tuple[Callable[..., HistoryEntry], tuple[Any, ...]]:
        # The link to the previous record is left out: a pickled trajectory writes its
        # records as a flat tuple (a chain would nest one level per action) and relinks them.
        return HistoryEntry, (self.action, self.actor, self.hidden, self.move, None, self._events)


def _player(state: State) -> int:
    """The seat to decide in ``state``, or :data:`CHANCE`, or :data:`TERMINAL`."""
    if state.is_over:
        return TERMINAL
    seat = state.to_move
    return CHANCE if seat is None else seat


class Trajectory:
    """The engine state of a game, the actions that led to it and who is to act.

    Immutable once made (but for the events its records learn): a clone of an OpenSpiel
    state shares it (``__deepcopy__`` returns it), and :meth:`child` makes the next one. A
    game played with ``seed=None`` from :func:`cacao_rules.new_game` of ``state.config``
    leads to ``state``, and ``recorder`` is shared by the trajectories of that game. A
    pickle writes the engine state as its JSON text and the records, with their events, as
    a tuple.
    """

    __slots__ = ("_infostates", "last", "player", "recorder", "space", "state")

    def __init__(
        self, space: ActionSpace, state: State, last: HistoryEntry | None, recorder: Recorder
    ) -> None:
        self.space = space
        self.state = state
        self.last = last
        self.recorder = recorder
        self.player = _player(state)
        """The seat to decide, or :data:`CHANCE`, or :data:`TERMINAL`."""
        self._infostates: dict[int, str] = {}

    def child(self, action: int) -> Trajectory:
        """The trajectory after the decision or chance outcome ``action``; raises
        :class:`~cacao_rules.IllegalMoveError` if it is not legal here."""
        state = self.state
        move = self.space.decode(state, action)
        player = self.player
        if player == CHANCE:
            seat = private_chance_seat(state)
            hidden = -1 if seat is None else seat
        else:
            hidden = -1
        events: tuple[Event, ...] | None = None
        if self.recorder.eager:
            after, events = step(state, move)
        else:
            after = apply(state, move)
        record = HistoryEntry(action, player, hidden, move, self.last, events)
        return Trajectory(self.space, after, record, self.recorder)

    def _records(self) -> list[HistoryEntry]:
        """The records of the actions so far, first to last."""
        records = []
        record = self.last
        while record is not None:
            records.append(record)
            record = record.previous
        records.reverse()
        return records

    def history(self) -> list[tuple[int, int]]:
        """The actions so far as OpenSpiel lists them: ``(player, action)``, -1 for chance."""
        return [(record.actor, record.action) for record in self._records()]

    def played(self) -> tuple[HistoryEntry, ...]:
        """The records of the actions so far, first to last, each with its events.

        Where some are not known yet, the game is replayed from its start to work them out
        (once), and the game's recorder turns eager (see :class:`Recorder`).
        """
        records = self._records()
        if any(record._events is None for record in records):
            self.recorder.eager = True
            state = new_game(self.state.config)
            for record in records:
                state, record._events = step(state, record.move)
            assert state == self.state, "the records replay to the state"
        return tuple(records)

    def __deepcopy__(self, memo: dict[int, Any]) -> Trajectory:
        return self

    def __reduce__(self) -> tuple[Callable[..., Trajectory], tuple[Any, ...]]:
        return _restore, (to_json(self.state), self.played())

    def infostate(self, player: int) -> str:
        """The information state string of ``player`` (kept once made)."""
        known = self._infostates.get(player)
        if known is None:
            lines = [f"seat {player}"]
            for record in self.played():
                if record.hidden not in (-1, player):
                    line = f"chance: seat {record.hidden} drew a hidden tile"
                else:
                    line = record.text
                autos = [
                    f"[auto {event.player}: {event.move}]"
                    for event in record.events
                    if isinstance(event, AutoDecision)
                ]
                lines.append(" ".join([line, *autos]))
            known = self._infostates[player] = "\n".join(lines)
        return known

    def history_codes(self, player: int) -> list[int]:
        """The ``history`` part of the information state tensor (without the padding)."""
        size = self.space.size
        hidden_base = 1 + size + self.space.chance_size
        codes = []
        for record in self._records():
            if record.actor >= 0:
                codes.append(1 + record.action)
            elif record.hidden in (-1, player):
                codes.append(1 + size + record.action)
            else:
                codes.append(hidden_base + record.hidden)
        return codes


def _restore(text: str, records: tuple[HistoryEntry, ...]) -> Trajectory:
    """The trajectory a pickle wrote: its state from JSON, its records linked again."""
    previous = None
    for record in records:
        record.previous = previous
        previous = record
    state = from_json(text)
    return Trajectory(ActionSpace(state.config), state, previous, Recorder())
