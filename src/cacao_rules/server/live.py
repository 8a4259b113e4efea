"""One game in the server's memory: its state, its events, its seats, and each seat's view.

The state is rebuilt from the stored moves (:meth:`LiveGame.replay`) and changed only by
:meth:`LiveGame.advance`, with the lobby holding the game's lock. Everything a seat is sent
comes from :meth:`LiveGame.view`, built from ``cr.observe`` and ``cr.observe_events`` of that
seat: nothing else of the state ever leaves the server before the game is over.

The functions here take milliseconds (the board picture, the replay): the lobby runs them on
worker threads.
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time

import msgspec

import cacao_rules as cr

from ..agents.specs import HUMAN
from ..formats.serialization import config_from_document
from ..observation import OPEN_FIELDS, Observation, player_view
from ..show.describe import describe_event
from ..show.replay_page import replay_page
from ..show.svg import board
from . import schemas
from .clocks import Clocks
from .status import GameStatus, game_status
from .storage import Seat, StoredGame

LAST_MOVE_COLOUR = "#d50000"
"""The colour of the edges the last turn resolved, on the board's picture (the library's
colour of the last move's outline)."""


def spectator_observation(state: cr.State) -> Observation:
    """What someone who holds no seat may know of ``state``: every seat's public part, no
    hand (the library's observation of seat 0, with seat 0's hand hidden too)."""
    return Observation(
        player=0,
        players=tuple(player_view(player, False) for player in state.players),
        **{name: getattr(state, name) for name in OPEN_FIELDS},
    )


def _seen(events: list[cr.Event], seat: int | None) -> tuple[cr.Event, ...]:
    """``events`` as ``seat`` sees them; a spectator (``None``) sees no worker drawn."""
    if seat is not None:
        return cr.observe_events(events, seat)
    return tuple(
        cr.WorkerDrawnUnseen(event.player) if isinstance(event, cr.WorkerDrawn) else event
        for event in events
    )


def _lines(events: tuple[cr.Event, ...]) -> list[str]:
    """``events`` in words (those worth a line)."""
    return [line for event in events if (line := describe_event(event)) is not None]


def _sheet(sheet: cr.ScoreSheet) -> schemas.ScoreSheet:
    return schemas.ScoreSheet(seat=sheet.player, total=sheet.total, parts=dict(sheet.breakdown))


def _resolved_edges(moves: list[cr.Move]) -> dict[tuple[cr.Square, cr.Side], str]:
    """The edges ``moves`` resolved, to mark on the board."""
    return {
        (move.square, move.side): LAST_MOVE_COLOUR for move in moves if isinstance(move, cr.Resolve)
    }


@functools.lru_cache(maxsize=64)
def action_space(config: cr.Config) -> cr.ActionSpace:
    """The action ids of a configuration (built once per configuration)."""
    return cr.ActionSpace(config)


class LiveGame:
    """A game being served: :class:`StoredGame` replayed, and who is watching it."""

    def __init__(self, stored: StoredGame) -> None:
        self.id = stored.id
        self.config = config_from_document(stored.config)
        self.config_document = stored.config
        self.seed = stored.seed
        self.seats: list[Seat] = []
        self.expired = False
        self.touched = stored.touched
        self.state = cr.new_game(self.config, seed=self.seed)
        self.moves: list[cr.Move] = []
        self.deciders: list[int | None] = []
        """The seat that made each of :attr:`moves` (``None``: a chance outcome)."""
        self.event_ends: list[int] = []
        """The number of :attr:`events` once each of :attr:`moves` was played."""
        self.events: list[cr.Event] = []
        self.rematch: str | None = None
        """The game created as this one's rematch, once one is (as stored)."""
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.sockets = [0] * (self.config.players + 1)
        """The WebSockets open on each seat, then the spectators'."""
        self.notices: list[tuple[int, str]] = []
        """What clients are told of the game beyond its events (an external bot that broke
        down and its stand-in), with the number of moves played when it happened."""
        self.programs: dict[int, cr.ProgramBot] = {}
        """The running program of each external bot's seat (:mod:`.programs`)."""
        self.programs_lock = threading.Lock()
        self.programs_closed = False
        """Set once the game's programs are closed: none is started for it any more."""
        self.bot_task: asyncio.Task[None] | None = None
        self.client = self.id
        """Who made the game (its address), whose share of the search bots' time its
        search bots use (:mod:`.bot_queue`); its own id once loaded from the database,
        which does not keep it."""
        self.clocks: Clocks | None = None
        """The seats' clocks of a timed game (:mod:`.clocks`), as stored."""
        self.clock_timer: asyncio.TimerHandle | None = None
        """The lobby's timer for the moment the running clock's time is up."""
        self._finished: tuple[str, str] | None = None
        self._decided: tuple[cr.State, msgspec.Raw] | None = None
        self._scored: tuple[cr.State, tuple[cr.ScoreSheet, ...]] | None = None
        self.catch_up(stored)  # its moves, seats, notices, clocks and status

    def catch_up(self, stored: StoredGame) -> bool:
        """Take what the database holds of the game, ``stored``: play its moves beyond the
        ones in memory (those are the same: every move in memory was stored first, and a
        stored move never changes), and its seats, notices, clocks, status and rematch; whether
        anything changed (an update heard twice changes nothing, and wakes no watcher)."""
        before = self._stored_parts()
        for text in stored.moves[len(self.moves) :]:
            self.advance(cr.parse_move(text))
        self.seats = list(stored.seats)
        self.notices = list(stored.notices)
        self.clocks = stored.clocks
        self.expired = stored.status == "expired"
        self.rematch = stored.rematch
        return before != self._stored_parts()

    def _stored_parts(self) -> tuple[object, ...]:
        """What :meth:`catch_up` takes from the database, to tell whether it changed."""
        return (
            len(self.moves),
            list(self.seats),
            list(self.notices),
            self.clocks,
            self.expired,
            self.rematch,
        )

    def advance(self, move: cr.Move) -> None:
        """Play ``move`` (legal: checked by ``cr.step``) and keep its events."""
        self.keep(move, *cr.step(self.state, move))

    def keep(self, move: cr.Move, state: cr.State, events: tuple[cr.Event, ...]) -> None:
        """Take ``state`` and ``events``, what ``cr.step`` made of ``move``."""
        decider = self.state.to_move
        self.events.extend(events)
        self.moves.append(move)
        self.deciders.append(decider)
        self.event_ends.append(len(self.events))
        self.state = state

    def last_turn(self) -> tuple[list[cr.Move], list[cr.Event]]:
        """The moves of the last seat that decided, since the decision of another seat (its
        whole turn: placement, fills, resolves), and the events they and the draws among
        them made: to show what just happened."""
        deciders = self.deciders
        end = len(deciders)
        while end and deciders[end - 1] is None:  # the draws after it
            end -= 1
        start = end
        while start and deciders[start - 1] in (deciders[end - 1], None):
            start -= 1
        moves = [
            move
            for move, seat in zip(self.moves[start:end], deciders[start:end], strict=True)
            if seat is not None
        ]
        first = self.event_ends[start - 1] if start else 0
        last = self.event_ends[end - 1] if end else 0
        return moves, self.events[first:last]

    def notify(self) -> None:
        """Wake everyone waiting for a change of this game."""
        self.touched = time.time()
        self.changed.set()
        self.changed = asyncio.Event()

    @property
    def status(self) -> GameStatus:
        seated = all(seat.name is not None for seat in self.seats)
        return game_status(expired=self.expired, over=self.state.is_over, seated=seated)

    @property
    def bot_to_move(self) -> int | None:
        """The seat to move when a bot holds it and the game is being played."""
        seat = self.state.to_move
        if self.status != "playing" or seat is None or self.seats[seat].player == HUMAN:
            return None
        if self.time_is_up(time.time()):
            return None  # the lobby seats the stand-in first
        return seat

    @property
    def running_clock(self) -> int | None:
        """The seat whose clock runs: the seat to move of a timed game being played, unless
        its time ran out."""
        seat = self.state.to_move
        clocks = self.clocks
        if clocks is None or clocks.started is None or seat is None or clocks.is_out(seat):
            return None
        return seat if self.status == "playing" else None

    def time_is_up(self, now: float) -> bool:
        """Whether the running clock's time is up at ``now`` (its seat is not out yet: the
        lobby seats the stand-in)."""
        seat = self.running_clock
        return (
            seat is not None and self.clocks is not None and self.clocks.left(seat, seat, now) <= 0
        )

    def seat_of(self, token_hash: str) -> int | None:
        """The human seat whose token has this hash."""
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and seat.token_hash == token_hash:
                return number
        return None

    def take(self, seat: int, name: str, token_hash: str, started: float | None) -> None:
        """Seat ``name`` at ``seat``; ``started``: the game begins then (its last free seat
        was taken), and so does its first clock."""
        self.seats[seat] = Seat(HUMAN, name, token_hash)
        if started is not None and self.clocks is not None:
            self.clocks = self.clocks.start(started)

    def stand_in(self, seat: int, player: str, notice: str, out: bool = False) -> None:
        """Let the built-in bot ``player`` play ``seat`` from now on, and tell everyone;
        ``out``: the seat's time ran out. A person keeps their token, to watch their seat."""
        entry = self.seats[seat]
        self.seats[seat] = Seat(player, entry.name, entry.token_hash)
        self.notices.append((len(self.moves), notice))
        if out and self.clocks is not None:
            self.clocks = self.clocks.out(seat)

    def clocks_view(self) -> schemas.Clocks | None:
        """The seats' clocks as everyone may see them now (``None``: the game has none)."""
        clocks = self.clocks
        if clocks is None:
            return None
        running = self.running_clock
        started = clocks.started
        control = clocks.control
        return schemas.Clocks(
            clock=schemas.Clock(minutes=control.seconds / 60, increment=control.increment),
            remaining=[max(0.0, left) for left in clocks.remaining],
            running=running,
            started=started,
            elapsed=0.0 if running is None or started is None else time.time() - started,
        )

    def info(self) -> schemas.GameInfo:
        """What everyone may know of the game."""
        state = self.state
        over = state.is_over
        return schemas.GameInfo(
            game=self.id,
            config=self.config_document,
            seats=[
                schemas.SeatInfo(seat=number, player=seat.player, name=seat.name)
                for number, seat in enumerate(self.seats)
            ],
            status=self.status,
            moves=len(self.moves),
            to_move=state.to_move,
            scores=[sheet.total for sheet in cr.final_scores(state)] if over else None,
            winners=list(cr.winners(state)) if over else None,
            notices=[text for _number, text in self.notices],
            clocks=self.clocks_view(),
        )

    def parse(self, seat: int, request: schemas.PlayMove) -> cr.Move:
        """The move ``seat`` asks for, checked: :class:`cr.CacaoError` says what is wrong."""
        if self.status != "playing":
            raise cr.IllegalMoveError(f"the game is {self.status}: no move can be played now")
        if self.state.to_move != seat:
            raise cr.IllegalMoveError(
                f"it is seat {self.state.to_move}'s decision, not seat {seat}'s"
            )
        if self.seats[seat].player != HUMAN:
            raise cr.IllegalMoveError(
                f"seat {seat} is played by the bot {self.seats[seat].player} now "
                "(see the game's notices)"
            )
        if (request.move is None) == (request.action is None):
            raise cr.FormatError('send exactly one of "move" (notation) or "action" (an id)')
        if request.action is not None:
            return action_space(self.config).decode(self.state, request.action)
        assert request.move is not None  # exactly one of the two was sent
        move = cr.parse_move(request.move)
        if move not in cr.legal_moves(self.state):
            raise cr.IllegalMoveError(
                f"{request.move!r} is not a legal move now; ask for the view's legal_moves"
            )
        return move

    def view(
        self, seat: int | None, since: int, with_board: bool, with_decision: bool = False
    ) -> schemas.SeatView:
        """What ``seat`` may know now (``None``: a spectator, who sees no hand), its events
        from number ``since`` on; the board's picture when ``with_board``; the decision
        document when ``with_decision`` and ``seat`` decides (asked for by a client that
        draws it, such as the page: making it costs about a fifth of a move's time, which
        a client that plays by notation or action ids need not pay)."""
        state, count, moves = self.state, len(self.events), len(self.moves)
        since = min(since, count)
        seen = _seen(self.events[since:count], seat)
        observation = spectator_observation(state) if seat is None else cr.observe(state, seat)
        deciding = (
            seat is not None
            and state.to_move == seat
            and not self.expired
            and self.seats[seat].player == HUMAN
        )
        legal = cr.legal_moves(state) if deciding else ()
        space = action_space(self.config)
        over = state.is_over
        last, last_events = self.last_turn()
        return schemas.SeatView(
            type="view",
            game=self.id,
            seat=seat,
            names=[entry.name for entry in self.seats],
            status=self.status,
            to_move=state.to_move,
            waiting=cr.describe_step(state),
            observation=cr.observation_document(observation),
            events=[cr.event_document(event) for event in seen],
            lines=_lines(seen),
            next=count,
            moves=moves,
            legal_moves=[
                schemas.LegalMove(move=str(move), action=space.encode(state, move))
                for move in legal
            ],
            is_over=over,
            scores=[sheet.total for sheet in self._scores(state)],
            winners=list(cr.winners(state)) if over else None,
            notices=[text for _number, text in self.notices],
            decision=self._decision(state) if deciding and with_decision else None,
            last_turn=[str(move) for move in last],
            last_turn_lines=[cr.describe(event) for event in _seen(last_events, seat)],
            sheets=[_sheet(sheet) for sheet in self._scores(state)] if over else None,
            rematch=self.rematch,
            # str(): board() gives an SvgPicture, a str subclass that msgspec does not encode
            board=str(
                board(
                    observation,
                    highlight_moves=legal,
                    last_move=last,
                    edges=_resolved_edges(last),
                )
            )
            if with_board
            else None,
            clocks=self.clocks_view(),
        )

    def _decision(self, state: cr.State) -> msgspec.Raw:
        """The decision document of ``state`` as the JSON it is sent as (made once per
        state: every connection of the deciding seat is sent it)."""
        made = self._decided
        if made is None or made[0] is not state:
            made = self._decided = (state, msgspec.Raw(cr.decision_to_json(state).encode()))
        return made[1]

    def _scores(self, state: cr.State) -> tuple[cr.ScoreSheet, ...]:
        """The score sheets of ``state`` (made once per state: every seat's view shows
        them)."""
        made = self._scored
        if made is None or made[0] is not state:
            made = self._scored = (state, cr.final_scores(state))
        return made[1]

    def finished(self) -> tuple[str, str]:
        """The record (text) and the replay page of the finished game (made once)."""
        if self._finished is None:
            names = [seat.name or f"seat {number}" for number, seat in enumerate(self.seats)]
            comments: dict[int, str] = {}
            for number, text in self.notices:  # on the first move made after it
                comments[number + 1] = " ".join(filter(None, (comments.get(number + 1), text)))
            record = cr.GameRecord(self.config, self.seed, self.moves, names, {}, comments)
            self._finished = (record.to_text(), replay_page(record))
        return self._finished
