"""The operator's external bots at work: one program per seated bot, for its game's life.

An external bot is a program speaking the bot protocol ``cacao-bot/1``, run by
:class:`cacao_rules.ProgramBot`. The server starts a seat's program when the bot is first to
move (after a restart too) and keeps it for the whole game: it is sent ``new_game`` once,
a ``choose`` per decision, and ``game_over`` with the scores at the end, then ``quit``. A
game that expires, or a server that stops, sends ``quit`` without ``game_over``.

Talking to a program blocks (it waits on a pipe), so every call runs on a thread of a pool
with a thread for each program the server may run (:attr:`Limits.max_programs`) and as
many again for closing: no program waits for another's thread, and none holds the event
loop. Each call has a deadline of the server's own beyond the protocol's (a program that
answers without reading its input could block a write): past it, the program is killed.
A program that fails (it cannot start, exits, sends what the protocol does not allow, an
index out of range or a move not listed, or is late) raises :class:`~cacao_rules.BotError`
and is stopped; the lobby then seats a stand-in (:data:`.players.STAND_IN`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Callable, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import cacao_rules as cr

from ..agents.program import GRACE_SECONDS, HELLO_SECONDS, QUIT_SECONDS, ProgramBot
from .interrupts import shielded
from .live import LiveGame

LOG = logging.getLogger("cacao_rules.server")
T = TypeVar("T")

MARGIN_SECONDS = 5.0
"""How far past the protocol's own deadline the server waits for a call before it kills
the program."""

_QUOTED = re.compile(r"""'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*\"""")
"""A string quoted by ``repr`` in a :class:`~cacao_rules.BotError`'s message."""
_NAMED = re.compile(r"(?:a )?bot program (?:" + _QUOTED.pattern + r")?\s*")
"""How a :class:`~cacao_rules.BotError`'s message begins: the program, by its own name."""
_PROTOCOL_WORDS = {"'ready'", "'move'"}


class Programs:
    """The running programs of the external bots ``commands`` (by the operator's name),
    each told ``time_ms`` of thinking time per decision; at most ``most`` at once (the
    lobby counts them)."""

    def __init__(self, commands: Mapping[str, tuple[str, ...]], time_ms: int, most: int) -> None:
        self.commands = dict(commands)
        self.time_ms = time_ms
        self._threads = ThreadPoolExecutor(2 * most + 2, thread_name_prefix="cacao-program")
        self._closing: set[asyncio.Task[None]] = set()

    async def choose(self, game: LiveGame, seat: int, name: str, state: cr.State) -> cr.Move:
        """The move of seat ``seat``'s program (the operator's bot ``name``) in ``state``,
        the program started first if it is not running; :class:`cr.BotError` when it fails,
        the program then stopped."""
        bot = game.programs.get(seat)
        if bot is None:
            start = functools.partial(self._start, game, seat, self.commands[name])
            bot = await self._call(None, HELLO_SECONDS, start)
        late = self.time_ms / 1000 + GRACE_SECONDS
        try:
            return await self._call(bot, late, functools.partial(bot.choose, state))
        except cr.BotError:
            self.drop(game, seat)
            raise

    def _start(self, game: LiveGame, seat: int, command: tuple[str, ...]) -> ProgramBot:
        """Start the program of ``seat`` (on a thread: it waits for the program's ``ready``),
        kept in ``game.programs`` unless the game was closed meanwhile."""
        with shielded():  # a Ctrl-C is the server's to handle
            bot = ProgramBot(command, time_ms=self.time_ms)
        with game.programs_lock:
            if not game.programs_closed:
                game.programs[seat] = bot
                return bot
        bot.close()
        raise cr.BotError(f"bot program {bot.name!r} was started for a game that has ended")

    async def _call(self, bot: ProgramBot | None, seconds: float, call: Callable[[], T]) -> T:
        """``call()`` on a thread; ``bot``'s program killed when it has not returned
        :data:`MARGIN_SECONDS` after ``seconds`` (the protocol's own deadline)."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._threads, call)
        try:
            return await asyncio.wait_for(future, seconds + MARGIN_SECONDS)
        except TimeoutError:
            if bot is not None:
                bot.kill()
            name = "a bot program" if bot is None else f"bot program {bot.name!r}"
            raise cr.BotError(
                f"{name} did not answer within {seconds + MARGIN_SECONDS:g} s and was killed"
            ) from None

    def drop(self, game: LiveGame, seat: int) -> None:
        """Forget seat ``seat``'s program, stopped (it failed)."""
        with game.programs_lock:
            bot = game.programs.pop(seat, None)
        if bot is not None:
            self._background(self._close(bot, None))

    def finish(self, game: LiveGame, final: cr.State | None) -> None:
        """Close the game's programs, in the background: each is sent ``game_over`` first
        when the game ended in ``final`` (``None``: it expired or the server stops)."""
        with game.programs_lock:
            game.programs_closed = True
            bots = list(game.programs.values())
            game.programs.clear()
        for bot in bots:
            self._background(self._close(bot, final))

    async def _close(self, bot: ProgramBot, final: cr.State | None) -> None:
        def close() -> None:
            try:
                if final is not None:
                    scores = [sheet.total for sheet in cr.final_scores(final)]
                    bot.game_over(final, scores, list(cr.winners(final)))
            except cr.BotError as error:  # it exited already: nothing to tell it
                LOG.info("%s", error)
            finally:
                bot.close()

        try:
            await self._call(bot, QUIT_SECONDS, close)
        except cr.BotError as error:
            LOG.warning("%s", error)

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def stop(self, games: list[LiveGame]) -> None:
        """Close every program (``quit``), wait for them to exit, and kill what is left."""
        for game in games:
            self.finish(game, None)
        bots = [task for task in self._closing if not task.done()]
        if bots:
            await asyncio.wait(bots, timeout=QUIT_SECONDS + MARGIN_SECONDS + 1)
        self._threads.shutdown(wait=False, cancel_futures=True)


def public_reason(error: cr.BotError, name: str) -> str:
    """What a client is told of a program's failure: the error's words with the program's own
    output left out (it may print what its seat alone may know, such as its hand), the
    program named by the operator's ``name``."""
    text = str(error)
    named = _NAMED.match(text)
    text = text[named.end() :] if named is not None else text
    text = _QUOTED.sub(lambda m: m[0] if m[0] in _PROTOCOL_WORDS else "(...)", text)
    return f"the bot program {name} {text}"
