"""The built-in bots' turns, shared fairly between the server's games and clients.

A search bot holds a bot process for its whole budget (up to 2 s a decision), so a client
seating many of them could keep every process busy and make every other game's bots wait
behind its searches. So the turns are not served first come, first served:

- a cheap bot (``random``, ``greedy``: milliseconds a decision) thinks in a process of its
  own, never queued behind a search;
- a search waits in its client's queue (a game's bots move one at a time, so a queue holds
  at most one turn of each of the client's games, oldest first), and each free search
  process takes the oldest turn of the next client in turn (round-robin): a client with
  twenty games has the same share as a client with one;
- a client whose searches took ``search_seconds`` of the processes' time within the last
  ``search_window`` seconds waits until older searches leave that window, even with
  processes free (a search started under the cap may end beyond it: a client can pass it
  by at most one search a process).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import cacao_rules as cr

from .bot_processes import bot_processes
from .interrupts import shielded
from .players import choose

CHEAP = frozenset({"random", "greedy"})
"""The built-in bots that take milliseconds a decision: they never wait for a search."""


class _Turn:
    """A search bot's decision waiting for a process: what to run and who waits for it."""

    def __init__(self, spec: str, seed: int, state: cr.State) -> None:
        self.spec = spec
        self.seed = seed
        self.state = state
        self.move: asyncio.Future[cr.Move] = asyncio.get_running_loop().create_future()


class BotQueue:
    """The built-in bots' processes (``searches`` for the search bots, one for the cheap
    bots) and the fair order in which the search bots get them."""

    def __init__(self, searches: int, search_seconds: float, search_window: float) -> None:
        self._searches = searches
        self._search_seconds = search_seconds
        self._search_window = search_window
        self._quick = bot_processes(1)
        self._search = bot_processes(searches)
        self._busy = 0
        self._waiting: dict[str, deque[_Turn]] = {}
        """Each client's turns, by client in the order they are served (the next first)."""
        self._used: dict[str, deque[tuple[float, float]]] = {}
        """Each client's searches within the window: when each ended and how long it took."""
        self._timer: asyncio.TimerHandle | None = None

    async def choose(self, client: str, spec: str, seed: int, state: cr.State) -> cr.Move:
        """The move of a fresh built-in bot of ``spec`` seeded ``seed`` in ``state``, thought
        in a bot process in ``client``'s turn. A broken process pool is replaced for the
        next turns and its error raised."""
        if spec in CHEAP:
            try:
                with shielded():  # it may start a bot process, which a Ctrl-C must not stop
                    thinking = asyncio.wrap_future(self._quick.submit(choose, spec, seed, state))
                return await thinking
            except BrokenProcessPool:  # killed from outside: submitting fails at once too
                self._quick.shutdown(wait=False, cancel_futures=True)
                self._quick = bot_processes(1)
                raise
        turn = _Turn(spec, seed, state)
        self._waiting.setdefault(client, deque()).append(turn)
        self._serve()
        return await turn.move

    def stop(self) -> None:
        """End the processes (a search under way is left to end with its process)."""
        if self._timer is not None:
            self._timer.cancel()
        for turns in self._waiting.values():
            for turn in turns:
                turn.move.cancel()
        self._waiting.clear()
        self._quick.shutdown(wait=False, cancel_futures=True)
        self._search.shutdown(wait=False, cancel_futures=True)

    def used(self, client: str) -> float:
        """The seconds of search ``client``'s bots took within the window."""
        used = self._used.get(client)
        if used is None:
            return 0.0
        horizon = time.monotonic() - self._search_window
        while used and used[0][0] <= horizon:
            used.popleft()
        if not used:
            del self._used[client]
            return 0.0
        return sum(seconds for _, seconds in used)

    def _serve(self) -> None:
        """Start the next turns while search processes are free."""
        while self._busy < self._searches:
            turn = self._next()
            if turn is None:
                return
            self._start(turn)

    def _next(self) -> tuple[str, _Turn] | None:
        """The next client's oldest turn still awaited, the client moved to the back of
        the round; ``None`` when every client with turns is over its cap (then a timer
        serves them when their oldest search leaves the window) or none has any."""
        for client in list(self._waiting):
            turns = self._waiting[client]
            while turns and turns[0].move.done():  # its game stopped waiting (cancelled)
                turns.popleft()
            if turns and self.used(client) < self._search_seconds:
                turn = turns.popleft()
                del self._waiting[client]
                if turns:
                    self._waiting[client] = turns  # the back of the round
                return client, turn
            if not turns:
                del self._waiting[client]
        if self._waiting:
            self._wake_when_free()
        return None

    def _wake_when_free(self) -> None:
        """Serve again once the oldest search of a client waiting leaves the window."""
        if self._timer is not None:
            return
        ends = [self._used[client][0][0] for client in self._waiting if client in self._used]
        oldest = min(ends, default=time.monotonic() - self._search_window)
        delay = max(0.0, oldest + self._search_window - time.monotonic()) + 0.01

        def wake() -> None:
            self._timer = None
            self._serve()

        self._timer = asyncio.get_running_loop().call_later(delay, wake)

    def _start(self, served: tuple[str, _Turn]) -> None:
        """Run ``served``'s turn in a search process; when it ends, count its time to its
        client, pass on its move and serve the next turn."""
        client, turn = served
        started = time.monotonic()
        try:
            with shielded():  # it may start a bot process, which a Ctrl-C must not stop
                thinking: Future[cr.Move] = self._search.submit(
                    choose, turn.spec, turn.seed, turn.state
                )
        except (BrokenProcessPool, RuntimeError) as error:  # a pool that broke or stopped
            self._replace_broken(error)
            turn.move.set_exception(error)
            return
        self._busy += 1

        def done(thought: asyncio.Future[cr.Move]) -> None:
            self._busy -= 1
            ended = time.monotonic()
            self._used.setdefault(client, deque()).append((ended, ended - started))
            if thought.cancelled():  # the pool was shut down
                turn.move.cancel()
                return
            error = thought.exception()
            if error is not None:
                self._replace_broken(error)
            if not turn.move.done():
                if error is not None:
                    turn.move.set_exception(error)
                else:
                    turn.move.set_result(thought.result())
            self._serve()

        asyncio.wrap_future(thinking).add_done_callback(done)

    def _replace_broken(self, error: BaseException) -> None:
        """A broken pool fails every later call too: start another."""
        if isinstance(error, BrokenProcessPool):
            self._search.shutdown(wait=False, cancel_futures=True)
            self._search = bot_processes(self._searches)
