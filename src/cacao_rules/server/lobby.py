"""Every game of the server, and the only code that changes one.

A change (a join, a move) takes the game's lock, checks the request against the game, does
the slow parts (the engine's step, the database's commit) on worker threads, and only then
changes the game in memory and wakes its watchers: an accepted move is committed before
anyone hears of it, and a request never holds the event loop while it computes, so no game
waits for another. The built-in bots think in processes of their own (a search holds the
interpreter's lock of the process it runs in); each external bot is a program of its own,
kept for its game's life and talked to from a thread of its own (:mod:`.programs`), so that
a slow bot delays only its own game. An external bot that breaks down is stopped and the
built-in ``random`` bot plays its seat from then on, which every client is told; so is a
seat of a timed game whose time runs out (:meth:`Lobby._enforce_clock`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import math
import secrets
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

import msgspec

import cacao_rules as cr

from ..agents.registry import BOTS
from ..agents.specs import HUMAN
from ..formats.serialization import config_document, config_from_document
from . import schemas
from .bot_queue import BotQueue
from .clocks import TimeControl
from .game_leases import leases_for
from .live import LiveGame
from .live_updates import Missed, live_updates_for
from .players import (
    MAX_ITERATIONS,
    STAND_IN,
    check_external,
    check_player,
    is_built_in,
)
from .programs import Programs, public_reason
from .settings import Settings
from .sqlite_lock import serving
from .status import UNFINISHED, GameStatus
from .storage import (
    RETRY_SECONDS,
    MoveConflict,
    RematchTaken,
    Seat,
    Storage,
    Unavailable,
    token_hash,
)

LOG = logging.getLogger("cacao_rules.server")
CATCH_UP_WAITS = (0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
"""The waits before trying again to catch up a game after a heard change while the database
cannot be read; after the last, the game is caught up at its next update or when the
listener reconnects."""
ERRANDS_SECONDS = 2.0
"""How long a stopping server waits for its last updates to be published."""
P = ParamSpec("P")
T = TypeVar("T")


class Refused(Exception):
    """A request refused: its HTTP status and the message saying why (and what is allowed)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Conflict(Refused):
    """A move refused because the game moved on before it was stored (409): the game in
    memory is the database's again, and the client should choose from its new view."""

    def __init__(self, message: str) -> None:
        super().__init__(409, message)


class OutOfTime(Refused):
    """A move refused because its seat's time ran out before it was played (409): the
    built-in ``random`` bot plays the seat from then on."""

    def __init__(self, seat: int) -> None:
        super().__init__(
            409,
            f"seat {seat}'s time ran out before the move; the built-in {STAND_IN} bot "
            "plays the seat from now on",
        )


class Reserved:
    """What games being created hold while they are stored: the count of those games, of
    their external bots and of each client's. The caps count them, so that creations
    awaiting the database at once cannot all pass a check made before any of them was
    counted."""

    def __init__(self) -> None:
        self.games = 0
        self.programs = 0
        self.clients: collections.Counter[str] = collections.Counter()

    @contextlib.contextmanager
    def holding(self, programs: int, client: str) -> Iterator[None]:
        """Hold one game of ``client`` and its ``programs`` until the block ends."""
        self.games += 1
        self.programs += programs
        self.clients[client] += 1
        try:
            yield
        finally:
            self.games -= 1
            self.programs -= programs
            self.clients[client] -= 1
            if not self.clients[client]:
                del self.clients[client]


class Lobby:
    """The games of one server: those in memory, the database, and the worker threads."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limits = settings.limits
        self._serving = contextlib.ExitStack()
        self._serving.enter_context(serving(settings.database))  # SQLite: this process only
        self.storage = Storage(settings.database, settings.fsync, self.limits.database_seconds)
        self.leases = leases_for(self.storage.engine)
        self._claims: dict[str, float] = {}
        """When this process last tried to take each game's lease (:meth:`_claim_soon`)."""
        self._claiming: set[asyncio.Task[None]] = set()
        self.games: dict[str, LiveGame] = {}
        self.sockets = 0
        self._work = ThreadPoolExecutor(4, thread_name_prefix="cacao-work")
        self.programs = Programs(
            check_external(settings.bots), self.limits.program_ms, self.limits.max_programs
        )
        limits = self.limits
        self._think = BotQueue(settings.bot_processes, limits.search_seconds, limits.search_window)
        self._loading: dict[str, asyncio.Future[LiveGame | None]] = {}
        self._reserved = Reserved()
        self._timeouts: set[asyncio.Task[None]] = set()
        self.updates = (settings.live_updates or live_updates_for)(settings.database)
        self._hearing: asyncio.Task[None] | None = None
        self._behind: set[str] = set()
        """The games a heard update is waiting to catch up (one catch-up reads them all)."""
        self._errands: set[asyncio.Task[None]] = set()
        """Publications and catch-ups under way (kept: asyncio holds its tasks weakly)."""

    async def run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``function(*args)`` on a worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._work, lambda: function(*args, **kwargs))

    # --- start and stop --------------------------------------------------------------

    async def start(self) -> None:
        """Listen for the other processes' changes, then resume every unfinished game:
        replay its moves, and let its bots play on."""
        await self.updates.start()
        self._hearing = asyncio.create_task(self._hear())
        for game_id in await self.run(self.storage.unfinished):
            game = await self.game(game_id)
            if game is not None:
                self._kick(game)
        LOG.info("resumed %d games", len(self.games))

    async def stop(self) -> None:
        """Stop the bots: cancel their turns and close the external bots' programs."""
        for game in self.games.values():
            if game.bot_task is not None:
                game.bot_task.cancel()
            if game.clock_timer is not None:
                game.clock_timer.cancel()
        for task in self._timeouts:
            task.cancel()
        await self.programs.stop(list(self.games.values()))
        self._work.shutdown(wait=False, cancel_futures=True)
        self._think.stop()
        if self._hearing is not None:
            self._hearing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._hearing
        if self._errands:  # the last changes' updates go out; a catch-up may end
            await asyncio.wait(list(self._errands), timeout=ERRANDS_SECONDS)
        for errand in list(self._errands):
            errand.cancel()
        await self.updates.close()
        self.leases.close()
        self.storage.close()
        self._serving.close()

    # --- finding a game ----------------------------------------------------------------

    async def game(self, game_id: str) -> LiveGame | None:
        """The game ``game_id``, loaded from the database (and replayed) when not in memory;
        caught up first when this process may have missed a change (:attr:`hearing`)."""
        game = self.games.get(game_id)
        if game is not None:
            if not self.hearing:
                async with game.lock:
                    await self._reload(game)
            return game
        if not (len(game_id) == 16 and all(c in "0123456789abcdef" for c in game_id)):
            return None
        loading = self._loading.get(game_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[LiveGame | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            stored = await self.run(self.storage.load, game_id)
            game = None if stored is None else await self.run(LiveGame, stored)
            if game is not None:
                self.games[game_id] = game
            future.set_result(game)
            return game
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # taken: asyncio logs no "never retrieved" when none waited
            raise
        finally:
            del self._loading[game_id]

    async def existing(self, game_id: str) -> LiveGame:
        """The game ``game_id`` (404 when there is none); a request for it is also a chance
        to take it over when its bots have no owner (:meth:`_claim_soon`)."""
        game = await self.game(game_id)
        if game is None:
            raise Refused(404, f"no game {game_id[:40]!r} (games have 16 hex digits)")
        if not self.owns(game):
            self._claim_soon(game)
        return game

    def seat(self, game: LiveGame, authorization: str | None) -> int:
        """The seat of the bearer token in an ``Authorization`` header (or a bare token)."""
        token = (authorization or "").removeprefix("Bearer ").strip()
        seat = game.seat_of(token_hash(token)) if token else None
        if seat is None:
            raise Refused(
                403, "send the token of your seat of this game: Authorization: Bearer TOKEN"
            )
        return seat

    # --- changing games ----------------------------------------------------------------

    async def create(self, request: schemas.CreateGame, client: str) -> schemas.GameInfo:
        config = self._config(request.config)
        players = request.seats or [HUMAN] * config.players
        if len(players) != config.players:
            raise Refused(
                400, f"seats names {len(players)} players for a {config.players}-player game"
            )
        try:
            players = [
                check_player(spec, self.programs.commands, self.limits.max_mcts_ms)
                for spec in players
            ]
        except cr.ConfigError as error:
            raise Refused(400, str(error)) from None
        clock = request.clock
        control = None if clock is None else TimeControl(clock.minutes * 60, clock.increment)
        game = await self._new_game(config_document(config), players, client, control)
        return game.info()

    async def _new_game(
        self,
        document: dict[str, Any],
        players: list[str],
        client: str,
        clock: TimeControl | None,
        rematch_of: str | None = None,
    ) -> LiveGame:
        """A new game of the configuration ``document`` with ``players`` (checked) seated
        and timed by ``clock``, stored (as the rematch of the game ``rematch_of``:
        :class:`RematchTaken` when another writer made that one first), and its bots
        started; refused when the server or the client has too many (a game being stored
        holds its place under the caps until it is in ``games``)."""
        programs = self._count_programs(players)
        self._count_creation()
        with self._reserved.holding(programs, client):
            await self._count_client(client)
            game_id = secrets.token_hex(8)
            seats = [Seat(spec, None if spec == HUMAN else spec, None) for spec in players]
            seed = secrets.randbits(64)
            await self.run(
                self.storage.create, game_id, document, seed, seats, clock, client, rematch_of
            )
            game = await self.existing(game_id)
        self._publish(game)
        game.client = client
        self._kick(game)
        return game

    async def rematch(self, game: LiveGame, seat: int, client: str) -> schemas.Joined:
        """``seat`` of the finished ``game`` sits at the same seat of its rematch: the same
        configuration, clock and players (a person whose time ran out included), made by
        the first seat that asks for it, through any process: the database keeps one rematch
        per game (:meth:`.Storage.create`), and a process that made one too late joins the
        one stored first."""
        if not game.state.is_over:
            raise Refused(409, "a rematch is offered once the game is over")
        async with game.lock:
            if game.rematch is None:
                players = [  # a person's seat (it has a token) again, a program's stand-in
                    HUMAN if entry.token_hash is not None else entry.player for entry in game.seats
                ]
                clock = None if game.clocks is None else game.clocks.control
                document = game.config_document
                try:
                    made = await self._new_game(document, players, client, clock, game.id)
                    game.rematch = made.id
                    game.notify()
                    self._publish(game)
                except RematchTaken as taken:  # through another process: its game is the one
                    LOG.info("game %s: the rematch %s was made elsewhere first", game.id, taken)
                    await self._reload(game)
            rematch = game.rematch
            assert rematch is not None  # made here, or read from the database
        name = game.seats[seat].name or f"seat {seat}"
        return await self.join(rematch, schemas.JoinGame(name=name, seat=seat))

    async def listing(self) -> schemas.Games:
        """The games with a free seat and those being played through any process of the
        server, the most recently joined or played first: which ones, from the database
        (:meth:`.Storage.listed`, bounded by :attr:`Limits.listed_games`); what everyone
        may know of each (its seat to move and clocks come from its state), from
        the game in memory, loaded when this process does not hold it (made through another
        process since this one started) and caught up when it holds it at another point."""
        lists: dict[str, list[schemas.OpenGame]] = {"open": [], "playing": []}
        for entry in await self.run(self.storage.listed, self.limits.listed_games):
            game = await self.game(entry.id)
            if game is None:  # cannot happen: a game is never deleted
                continue
            names = tuple(seat.name for seat in game.seats)
            if (len(game.moves), game.status, names) != (entry.moves, entry.status, entry.names):
                async with game.lock:
                    await self._reload(game)
            listed = lists.get(game.status)  # the game's, which may have moved on since
            if listed is not None and len(listed) < self.limits.listed_games:
                waiting = [e.name for e in game.seats if e.player == HUMAN and e.name is not None]
                listed.append(schemas.OpenGame(info=game.info(), waiting=waiting))
        return schemas.Games(open=lists["open"], playing=lists["playing"])

    def _config(self, request: schemas.ConfigRequest) -> cr.Config:
        document = msgspec.structs.asdict(request)  # its fields are the configuration's
        by_name = request.is_big_game and not (request.modules or request.map_early_overbuild)
        try:  # (tests/test_server_shapes.py)
            if by_name and request.huts is None and request.workers is None:
                return cr.Config.big_game(request.players)  # its modules and tiles: the library's
            return config_from_document(document)
        except cr.CacaoError as error:
            raise Refused(
                400, str(error).replace("not a valid configuration: ", "config.")
            ) from None

    def players(self) -> schemas.Players:
        """What a client may seat."""
        limits = self.limits
        return schemas.Players(
            builtin=[HUMAN, *BOTS],
            budgets=[f"mcts:{limits.max_mcts_ms}ms", f"mcts:{MAX_ITERATIONS}it"],
            external=sorted(self.programs.commands),
        )

    def _count_programs(self, players: list[str]) -> int:
        """The external bots ``players`` seat; refuse a game whose external bots would run
        more programs than the server may (those of games being created count too)."""
        wanted = sum(1 for player in players if player in self.programs.commands)
        if not wanted:
            return 0
        seated = self._reserved.programs + sum(
            1
            for game in self.games.values()
            if game.status in UNFINISHED
            for seat in game.seats
            if seat.player in self.programs.commands
        )
        if seated + wanted > self.limits.max_programs:
            raise Refused(
                503,
                f"the server runs at most {self.limits.max_programs} external bots at once; "
                "try again later or seat a built-in bot",
            )
        return wanted

    def _count_creation(self) -> None:
        """Refuse a new game when this process is full."""
        live = self._reserved.games + sum(
            1 for game in self.games.values() if game.status in UNFINISHED
        )
        if live >= self.limits.max_live_games:
            raise Refused(503, "the server has as many games as it can keep; try again later")

    async def _count_client(self, client: str) -> None:
        """Refuse ``client`` over its share of new games (its game being created held in
        ``_reserved``): those the database holds, made through any process of the server
        within the window, and those this process is storing for it now."""
        since = time.time() - self.limits.client_window
        made = await self.run(self.storage.made_since, client, since)
        if made + self._reserved.clients[client] > self.limits.games_per_client:
            raise Refused(
                429,
                f"at most {self.limits.games_per_client} new games per client every "
                f"{self.limits.client_window:g} s; try again later",
            )

    async def join(self, game_id: str, request: schemas.JoinGame) -> schemas.Joined:
        name = request.name.strip()
        if not name or not name.isprintable():
            raise Refused(400, f"a name is 1 to {schemas.MAX_NAME} printable characters")
        game = await self.existing(game_id)
        async with game.lock:
            free = [n for n, seat in enumerate(game.seats) if seat.name is None]
            if game.status != "open":
                raise Refused(409, f"the game is {game.status}: every seat is taken or closed")
            seat = free[0] if request.seat is None else request.seat
            if seat not in free:
                raise Refused(409, f"seat {seat} is not a free seat; the free seats: {free}")
            token = secrets.token_urlsafe(24)
            full = len(free) == 1
            now = time.time()
            if not await self.run(self.storage.take_seat, game_id, seat, name, token, full, now):
                await self._reload(game)
                raise Refused(409, f"seat {seat} was just taken")
            game.take(seat, name, token_hash(token), now if full else None)
        game.notify()
        self._publish(game)
        self._kick(game)
        return schemas.Joined(game=game_id, seat=seat, token=token)

    async def play(self, game: LiveGame, seat: int, request: schemas.PlayMove) -> None:
        """Check and play ``seat``'s move, commit it, then tell the watchers;
        :class:`Conflict` when the game has moved on from the request's ``number``."""
        try:
            async with game.lock:
                if request.number is not None and request.number > len(game.moves):
                    await self._reload(game)  # this process has not heard of a move yet
                played = len(game.moves)
                if request.number is not None and request.number != played:
                    raise Conflict(
                        f"the game has {played} moves, not {request.number}: another move "
                        "was played first; choose again from the current view"
                    )
                try:
                    move = await self.run(game.parse, seat, request)  # may build action tables
                except cr.CacaoError as error:
                    status = 409 if isinstance(error, cr.IllegalMoveError) else 400
                    raise Refused(status, str(error)) from None
                await self._commit(game, move)
        finally:
            self._kick(game)

    async def _commit(self, game: LiveGame, move: cr.Move) -> None:
        """Store then play ``move``, a legal move of ``game``, holding its lock: stored as
        the move that follows the game's moves in memory, with the clock of its seat stopped
        (:class:`OutOfTime` when its time ran out first), or, when another writer stored one
        there first, the game reloaded from the database and :class:`Conflict`."""
        state, events = await self.run(cr.step, game.state, move)
        number = len(game.moves)
        now = time.time()
        seat = game.state.to_move
        clocks = game.clocks
        change = None
        if clocks is not None and clocks.started is not None and seat is not None:
            if game.time_is_up(now):
                raise OutOfTime(seat)
            clocks = clocks.after_move(seat, now)
            change = (seat, clocks.remaining[seat], now)
        try:
            await self.run(self.storage.add_move, game.id, number, str(move), state.is_over, change)
        except MoveConflict:
            LOG.warning("game %s: move %d was stored by another writer; reloaded", game.id, number)
            await self._reload(game)
            raise Conflict(
                f"move {number} of the game was played elsewhere first; choose again from "
                "the current view"
            ) from None
        game.keep(move, state, events)
        game.clocks = clocks
        game.notify()
        self._enforce_clock(game)
        self._publish(game)
        if state.is_over:
            self.programs.finish(game, state)  # game_over, then quit

    async def _reload(self, game: LiveGame) -> None:
        """Bring ``game`` up to what the database holds (another writer changed it), holding
        its lock, and tell its watchers if it changed."""
        stored = await self.run(self.storage.load, game.id)
        if stored is not None and await self.run(game.catch_up, stored):  # never deleted
            game.notify()
            self._enforce_clock(game)
            if game.state.is_over:
                self.programs.finish(game, game.state)

    # --- the other processes' changes (:mod:`.live_updates`) ----------------------------

    @property
    def hearing(self) -> bool:
        """Whether the other processes' changes reach this one now: while they do, a game
        in memory is behind the database by at most an update's delay; while they do not
        (the listener reconnects), every request catches its game up first."""
        listening = self._hearing is not None and not self._hearing.done()
        return listening and self.updates.hearing

    def _errand(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the requests, kept until it ends."""
        task = asyncio.create_task(work)
        self._errands.add(task)
        task.add_done_callback(self._errands.discard)

    def _publish(self, game: LiveGame) -> None:
        """Tell the other processes that ``game`` changed (committed): without waiting, so
        that neither the change's answer nor the game's lock waits for the broker."""
        self._errand(self.updates.publish(game.id, len(game.moves)))

    async def _hear(self) -> None:
        """Catch up each game another process changed, as its update comes; every game in
        memory after updates may have been missed. Should it fail, :attr:`hearing` turns
        false, and each request catches its game up itself."""
        try:
            async for update in self.updates.updates():
                for game_id in list(self.games) if isinstance(update, Missed) else [update.game]:
                    held = game_id in self.games or game_id in self._loading
                    if held and game_id not in self._behind:  # else a waiting one reads it
                        self._behind.add(game_id)
                        self._errand(self._catch_up(game_id))
        except Exception:
            LOG.exception("live updates failed: each request now reads its game first")

    async def _catch_up(self, game_id: str) -> None:
        """Bring ``game_id``, a game in memory (or being loaded), up to the database after
        a heard change, which wakes its watchers here, and its bots if this process owns it
        (a game not in memory is read from the database when a request asks for it); tried
        again while the database cannot be read (it restarts: the first reads meet the
        connections it cut). The game is in
        :attr:`_behind` until its read begins: the changes heard until then need no other."""
        for wait in CATCH_UP_WAITS:
            game: LiveGame | None = None
            try:
                loading = self._loading.get(game_id)
                if loading is not None:
                    await asyncio.shield(loading)  # begun before the change: caught up below
                game = self.games.get(game_id)
                if game is None:  # no such game, or it has just left memory
                    break
                async with game.lock:
                    self._behind.discard(game_id)
                    await self._reload(game)
                self._kick(game)  # its owner's bots may be to move now
                return
            except Exception as error:  # e.g. Unavailable
                LOG.warning(
                    "game %s: not caught up with another process's change (%r)", game_id, error
                )
                if game is not None and game_id in self._behind:  # another will read it
                    return
                self._behind.add(game_id)
                await asyncio.sleep(wait)
        self._behind.discard(game_id)

    # --- bots --------------------------------------------------------------------------

    def _kick(self, game: LiveGame) -> None:
        """Let the game's bots play while one of them is to move, and its clocks run, if
        this process owns the game (else it tries to take the game's lease:
        :meth:`_claim_soon`)."""
        self._enforce_clock(game)
        if not self.owns(game):
            self._claim_soon(game)
        elif game.bot_to_move is not None and (game.bot_task is None or game.bot_task.done()):
            game.bot_task = asyncio.create_task(self._bots(game))

    async def _bots(self, game: LiveGame) -> None:
        while (seat := game.bot_to_move) is not None and self.owns(game):
            state = game.state
            player = game.seats[seat].player
            if player in self.programs.commands:  # a program, kept for the game
                try:
                    move = await self.programs.choose(game, seat, player, state)
                except Exception as error:  # cr.BotError: it broke the protocol
                    if not isinstance(error, cr.BotError):
                        LOG.exception("game %s: seat %d's program", game.id, seat)
                        self.programs.drop(game, seat)
                        error = cr.BotError(f"failed ({type(error).__name__})", seat)
                    await self._stand_in(game, seat, error)
                    continue
            elif not is_built_in(player):  # the server was restarted without that --bot
                gone = cr.BotError(f"is not run by this server (no --bot {player})", seat)
                await self._stand_in(game, seat, gone)
                continue
            else:  # a built-in bot: in a bot process, in its client's turn
                try:
                    seed = secrets.randbits(64)
                    move = await self._think.choose(game.client, player, seed, state)
                except Exception:  # e.g. a bot process that died: the game goes on
                    LOG.exception("game %s: seat %d's bot failed; a random move", game.id, seat)
                    move = cr.RandomBot(secrets.randbits(64)).choose(state)
            if not await self._play_bot_move(game, seat, state, move):
                await asyncio.sleep(RETRY_SECONDS)  # then the bot thinks again, and tries again

    async def _play_bot_move(
        self, game: LiveGame, seat: int, state: cr.State, move: cr.Move
    ) -> bool:
        """Commit the move that ``seat``'s bot chose in ``state`` (a random one if it is not
        legal); ``False`` when the database cannot take it now."""
        async with game.lock:
            if game.state is not state:
                return True  # cannot happen while this task is the game's only bot driver
            if move not in cr.legal_moves(state):
                LOG.warning("game %s: seat %d's bot chose %s, not legal", game.id, seat, move)
                move = cr.RandomBot(secrets.randbits(64)).choose(state)
            try:
                await self._commit(game, move)
            except Conflict:  # the game was reloaded: its bots look at it again
                pass
            except OutOfTime:  # too late: the stand-in plays from now on
                self._enforce_clock(game)
            except Unavailable as error:
                LOG.warning("game %s: the database is unavailable (%s)", game.id, error)
                return False
        return True

    async def _stand_in(self, game: LiveGame, seat: int, error: cr.BotError) -> None:
        """Seat :data:`STAND_IN` at ``seat``, whose external bot failed with ``error``
        (its program stopped): stored, then told to everyone."""
        name = game.seats[seat].player
        LOG.warning("game %s, seat %d (%s): %s", game.id, seat, name, error)
        async with game.lock:
            if game.seats[seat].player == name:  # not given to a stand-in meanwhile
                await self._replace(game, seat, public_reason(error, name), out=False)
        game.notify()

    async def _replace(self, game: LiveGame, seat: int, reason: str, out: bool) -> bool:
        """Seat :data:`STAND_IN` at ``seat`` for ``reason`` (``out``: its time ran out),
        holding the game's lock: stored while the game has the moves it has in memory,
        then told to everyone; ``False``, the game reloaded instead, when another writer
        moved it on or gave the seat a stand-in first."""
        moves = len(game.moves)
        notice = (
            f"Seat {seat}: {reason}; the built-in {STAND_IN} bot plays the seat from move "
            f"{moves + 1} on."
        )
        try:
            await self.run(self.storage.stand_in, game.id, seat, STAND_IN, moves, notice, out)
        except MoveConflict:
            LOG.warning("game %s: seat %d's stand-in came after another writer's", game.id, seat)
            await self._reload(game)
            return False
        game.stand_in(seat, STAND_IN, notice, out)
        self._publish(game)
        return True

    # --- clocks ------------------------------------------------------------------------

    def _enforce_clock(self, game: LiveGame) -> None:
        """The one place a timed game's clocks are enforced: (re-)arm the game's timer for
        the moment the running clock's time is up, when :meth:`_time_out` seats the
        stand-in. Called wherever the game changes (each move, a join, a reload, its bots
        kicked at start) and by the sweep."""
        if game.clock_timer is not None:
            game.clock_timer.cancel()
            game.clock_timer = None
        if not self.owns(game):  # the owner's process enforces them (:meth:`owns`)
            return
        seat = game.running_clock
        deadline = None if seat is None or game.clocks is None else game.clocks.deadline(seat)
        if seat is None or deadline is None:
            return
        game.clock_timer = asyncio.get_running_loop().call_later(
            max(0.0, deadline - time.time()), self._time_out_soon, game, seat, len(game.moves)
        )

    def _time_out_soon(self, game: LiveGame, seat: int, moves: int) -> None:
        task = asyncio.get_running_loop().create_task(self._time_out(game, seat, moves))
        self._timeouts.add(task)
        task.add_done_callback(self._timeouts.discard)

    async def _time_out(self, game: LiveGame, seat: int, moves: int) -> None:
        """``seat``'s time is up, ``moves`` moves into the game: unless it moved meanwhile,
        the stand-in plays the seat from now on (its bot, if it was thinking, is stopped),
        and everyone is told."""
        async with game.lock:
            if len(game.moves) != moves or game.running_clock != seat or game.clocks is None:
                return  # it moved in time, or the game ended: its timer was re-armed
            if not game.time_is_up(time.time()):  # the wall clock was set back
                self._enforce_clock(game)
                return
            name = game.seats[seat].name or game.seats[seat].player
            if await self._replace(game, seat, f"{name} ran out of time", out=True):
                if game.bot_task is not None:  # a bot that did not answer in time
                    game.bot_task.cancel()
                    game.bot_task = None
                self.programs.drop(game, seat)
        game.notify()
        self._kick(game)

    # --- owning games: leases (:mod:`.game_leases`) -------------------------------------

    def owns(self, game: LiveGame) -> bool:
        """Whether this process plays ``game``'s bots and programs (and enforces its
        clocks): it holds the game's lease."""
        return self.leases.held(game.id)

    def _claim_soon(self, game: LiveGame) -> None:
        """Try to take the lease of ``game``, whose bots no process of this one plays, if
        it needs one (:meth:`_needs_owner`): at most every :attr:`Limits.lease_seconds`."""
        if not self._needs_owner(game):
            return
        now = time.monotonic()
        if now - self._claims.get(game.id, -math.inf) < self.limits.lease_seconds:
            return
        self._claims[game.id] = now
        task = asyncio.create_task(self._claim(game))
        self._claiming.add(task)
        task.add_done_callback(self._claiming.discard)

    @staticmethod
    def _needs_owner(game: LiveGame) -> bool:
        """Whether ``game`` needs a process to play it on its own: it is not finished, and
        it has a bot's seat or clocks to enforce."""
        return game.status in UNFINISHED and (
            game.clocks is not None or any(seat.player != HUMAN for seat in game.seats)
        )

    async def _claim(self, game: LiveGame) -> None:
        """Take ``game``'s lease if no process holds it (its owner ended, or there was
        none), bring the game up to the database's, tell of the programs restarted here,
        and let its bots play."""
        try:
            if not await self.run(self.leases.take, game.id):
                return  # another process owns it
            async with game.lock:
                stored = await self.run(self.storage.progress, [game.id])
                await self._reload_if_behind(game, stored)
                await self._restarted_programs(game)
        except Exception as error:  # the database out of reach: tried again later
            LOG.warning("game %s: its lease cannot be taken now (%s)", game.id, error)
            return
        LOG.info("game %s: this process plays its bots now", game.id)
        self._kick(game)

    async def _restarted_programs(self, game: LiveGame) -> None:
        """Tell everyone that ``game``'s programs that have played will be started again
        here, taken over from a process that ended, holding its lock: a program belongs to
        the process that started it, so what it learnt of the game is lost. (A program
        that has not moved yet lost nothing, whoever starts it: no notice, as when the
        process that made the game takes its lease after a person's first moves. A program
        this process does not run has the built-in stand-in instead: :meth:`_bots`.)"""
        moves = len(game.moves)
        for seat, entry in enumerate(game.seats):
            if entry.player not in self.programs.commands or seat not in game.deciders:
                continue
            notice = (
                f"Seat {seat}: the bot program {entry.player} was restarted from move "
                f"{moves + 1} on (the server process that ran it stopped playing this game)."
            )
            if (moves, notice) not in game.notices:
                try:
                    await self.run(
                        self.storage.stand_in, game.id, seat, entry.player, moves, notice
                    )
                except MoveConflict:  # another writer moved on: the next claim tells
                    await self._reload(game)
                    return
                game.stand_in(seat, entry.player, notice)
                game.notify()
                self._publish(game)

    async def tend_leases(self) -> None:
        """Every :attr:`Limits.lease_seconds` on a shared database: let go of every game
        when the leases' session is lost; bring the games this process owns up to the
        database's (a move or a join made through another process: its bots may be to
        move), and give up those that ended."""
        if not self.leases.shared:
            return
        if not await self.run(self.leases.check):
            self._lost_leases()
            return
        owned = [game for game in self.games.values() if self.owns(game)]
        stored = await self.run(self.storage.progress, [game.id for game in owned])
        for game in owned:
            async with game.lock:
                await self._reload_if_behind(game, stored)
            if game.status in UNFINISHED:
                self._kick(game)
            else:
                self._claims.pop(game.id, None)
                await self.run(self.leases.release, game.id)

    async def catch_up_watched(self) -> None:
        """Every :attr:`Limits.watch_seconds` on a shared database: bring each game watched
        here (a WebSocket is open on it) up to the database's when it has more moves or
        another status there, in one query (:meth:`.Storage.progress`). This bounds how
        long a watcher may miss a change whose update was never published (the process
        that committed it was killed before publishing it) or never heard."""
        if not self.leases.shared:
            return
        watched = [game for game in self.games.values() if any(game.sockets)]
        stored = await self.run(self.storage.progress, [game.id for game in watched])
        for game in watched:
            async with game.lock:
                await self._reload_if_behind(game, stored)

    async def _reload_if_behind(
        self, game: LiveGame, stored: dict[str, tuple[int, GameStatus]]
    ) -> None:
        """Reload ``game``, holding its lock, when ``stored`` (:meth:`.Storage.progress`)
        says the database has more moves or another status: its watchers hear of a change
        only when there is one."""
        if stored.get(game.id, (len(game.moves), game.status)) != (len(game.moves), game.status):
            await self._reload(game)

    def _lost_leases(self) -> None:
        """Stop playing every game's bots (another process may own them now): cancel their
        turns and stop their programs."""
        for game in self.games.values():
            if game.bot_task is not None:
                game.bot_task.cancel()
            for seat in list(game.programs):
                self.programs.drop(game, seat)

    async def claim_orphans(self) -> None:
        """On a shared database, take the leases of the unfinished games with bots that no
        process owns (their owner ended, and no request for them came since): loaded, and
        claimed (:meth:`_claim_soon`)."""
        if not self.leases.shared:
            return
        for game_id in await self.run(self.storage.unfinished):
            game = await self.game(game_id)
            if game is not None and not self.owns(game):
                self._claim_soon(game)

    async def _touched_elsewhere(self) -> None:
        """On a shared database, take the time each unfinished game in memory was last
        played or joined from the database: through another process, maybe, so that no
        process expires a game that another one serves."""
        if not self.leases.shared:
            return
        live = [game for game in self.games.values() if game.status in UNFINISHED]
        touched = await self.run(self.storage.touched, [game.id for game in live])
        for game in live:
            game.touched = max(game.touched, touched.get(game.id, game.touched))

    # --- expiry ------------------------------------------------------------------------

    async def sweep(self) -> None:
        """Expire the games nobody plays, and let finished ones leave memory."""
        await self._touched_elsewhere()
        now = time.time()
        limits = self.limits
        expired: list[str] = []
        for game_id, game in list(self.games.items()):
            idle = now - game.touched
            status = game.status
            if (status == "open" and idle > limits.open_game_ttl) or (
                status == "playing" and idle > limits.idle_game_ttl
            ):
                game.expired = True
                expired.append(game_id)
                if game.bot_task is not None:
                    game.bot_task.cancel()
                self.programs.finish(game, None)
                game.notify()
            elif (
                status in ("over", "expired")
                and idle > limits.finished_in_memory
                and not any(game.sockets)
            ):
                del self.games[game_id]
                self._claims.pop(game_id, None)
            self._enforce_clock(game)
        await self.run(self.storage.expire, expired)
        for game_id in expired:
            self._publish(self.games[game_id])
        await self.claim_orphans()
