"""Bots as programs: the bot protocol ``cacao-bot/1`` (``docs/bot-protocol.md``).

:class:`ProgramBot` runs a program, written in any language, as a :class:`~cacao_rules.Bot`:
it sends the program its seat's observation and legal moves as JSON Lines on the program's
standard input and reads its move from its standard output, the way ``chess.engine`` drives
a UCI engine. :func:`serve` is the other side: it answers the protocol on behalf of any
``Bot`` (``cacao-rules bot SPEC`` runs it for a built-in bot).

The messages are declared once, in :mod:`~cacao_rules.agents.bot_messages`, and read by it,
bounded. The program never sees more than its seat may: the library sends the observation
(:func:`~cacao_rules.observe`), never the state. A program that fails (it cannot start or
exits, writes what the protocol does not allow, is late answering or reading) raises a
:class:`~cacao_rules.BotError` of the kind, whose fields name the seat and the program and
say what it did, apart from what it wrote; the program is stopped.
"""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
import sys
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Final, NoReturn, TextIO, TypeVar

import msgspec

from ..bot_errors import BotError, BotProtocolError, BotTerminatedError, BotTimeoutError
from ..engine import legal_moves
from ..errors import (
    CacaoError,
    ConfigError,
    FormatError,
    excerpt,
    expect,
)
from ..formats.documents import ConfigDocument
from ..formats.notation import parse_move
from ..formats.observation_format import observation_document, observation_from_document
from ..formats.serialization import config_document
from ..game.config import Config
from ..game.moves import Move
from ..observation import observe
from ..state.state import State
from ..version import __version__
from .action_space import ActionSpace
from .bot_messages import (
    HOST_MESSAGES,
    MAX_LINE,
    PROTOCOL,
    SHOWN,
    BadMessage,
    Choose,
    GameOver,
    Hello,
    Message,
    MoveAnswer,
    NewGame,
    Quit,
    Ready,
    SetOptions,
    encode,
    read_message,
    tag_of,
)
from .bots import Bot, deciding_seat
from .determinization import determinize
from .program_options import OptionValue, is_option_value, setting_problem

M = TypeVar("M", bound=Message)

GRACE_SECONDS: Final = 2.0
"""What a program gets beyond its ``time_ms`` before it is late: for the pipes and the
process to be scheduled on a busy machine."""

HELLO_SECONDS: Final = 10.0
"""How long a program may take to start and answer ``hello``."""

UNTIMED_SECONDS: Final = 60.0
"""How long a program without a time limit (``time_ms=None``) may think before it is late,
so that a hung program never hangs its caller."""

QUIT_SECONDS: Final = 1.0
"""How long a program may take to exit after ``quit`` before it is killed."""

LINES_HELD: Final = 2
"""How many lines of a program's output are read ahead of the bot's asking (each at most
:data:`~cacao_rules.agents.bot_messages.MAX_LINE`): a program writing more waits, so that
no program fills this process's memory."""

STDERR_TAIL: Final = 4096
"""How many bytes of a program's standard error its :class:`~cacao_rules.BotError` keeps
(the last ones)."""


class ProgramBot:
    """A bot that is a program speaking the bot protocol ``cacao-bot/1``.

    ``command`` is the program and its arguments (as for :class:`subprocess.Popen`, no
    shell). It is started at once and must answer ``hello`` within :data:`HELLO_SECONDS`.
    ``time_ms`` is the thinking time per decision it is told (``None``: no limit is set,
    and it is late after :data:`UNTIMED_SECONDS`); it is late after ``time_ms`` plus
    :data:`GRACE_SECONDS`. ``options`` sets options the program declares in its ``ready``
    message (a :class:`~cacao_rules.ConfigError` names the ones it does not declare, or a
    value of another kind than the default's); ``options`` after the handshake are the
    declared options with the values set. Its standard error is passed through to this
    process's (with ``pass_stderr=False``, as a server wants it, it is not: a program must
    not fill a host's log), and its last :data:`STDERR_TAIL` bytes are kept, for an error
    and :attr:`stderr`; :attr:`stderr_bytes` counts all it wrote.

    A ``ProgramBot`` is a context manager: leaving the ``with`` block (or :meth:`close`)
    sends ``quit`` and stops the program. Tell it the end of a game with
    :meth:`game_over` (:func:`~cacao_rules.play_game` does). Any failure of the program
    raises a :class:`~cacao_rules.BotError` naming the seat it plays (once it has been
    asked for a move: :meth:`BotError.at_seat` adds the seat to one raised while it
    starts) and stops the program.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        time_ms: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        pass_stderr: bool = True,
    ) -> None:
        given: object = command  # checked: the compiled build takes any object here
        if not _is_command(given):
            raise TypeError(f"ProgramBot: command must be a sequence of strings, got {command!r}")
        if not command:
            raise ConfigError("ProgramBot: command is empty; give the program to run")
        limit: object = time_ms
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)):
            raise TypeError(f"ProgramBot: time_ms must be None or an int, got {excerpt(limit)}")
        if limit is not None and limit < 1:
            raise ConfigError(f"ProgramBot: time_ms must be None or a count >= 1, got {time_ms!r}")
        settings: object = {} if options is None else options
        if not _are_settings(settings):
            raise TypeError(
                "ProgramBot: options must map names to strings, numbers or booleans, "
                f"got {excerpt(options)}"
            )
        self.command = tuple(command)
        self.time_ms = time_ms
        self.name: str = self.command[0]
        self._seat: int | None = None
        self._game: tuple[Config, int] | None = None
        self._space: ActionSpace | None = None
        self._last_turn = -1
        self._stderr = _Tail(expect(pass_stderr, bool))
        try:
            self._process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except OSError as error:
            reason = f"cannot be started ({error.strerror or type(error).__name__})"
            raise BotTerminatedError(reason, None, self.command, self.name) from None
        self._lines: queue.Queue[bytes | None] = queue.Queue(LINES_HELD)
        stopped = threading.Event()
        self._finalizer = weakref.finalize(self, _stop, self._process, self._lines, stopped)
        assert self._process.stdout is not None and self._process.stderr is not None
        threading.Thread(
            target=_read_lines, args=(self._process.stdout, self._lines, stopped), daemon=True
        ).start()
        self._stderr_reader = threading.Thread(
            target=self._stderr.pass_on, args=(self._process.stderr,), daemon=True
        )
        self._stderr_reader.start()
        self._send(Hello(protocol=PROTOCOL, library=__version__))
        ready, _ = self._receive(Ready, HELLO_SECONDS)
        self.name = ready.name
        self.options = self._set_options(ready, dict(options or {}))

    def _set_options(
        self, ready: Ready, settings: dict[str, OptionValue]
    ) -> dict[str, OptionValue]:
        """The options ``ready`` declares, with ``settings`` sent to the program."""
        declared = ready.options
        if not all(map(is_option_value, declared.values())):
            self._fail(BotProtocolError, "declared an option whose default is no finite number")
        problem = setting_problem(declared, settings)
        if problem:
            self.close()
            raise ConfigError(f"ProgramBot: bot program {self.name!r} {problem}")
        if settings:
            self._send(SetOptions(options=settings))
        return {**declared, **settings}

    def __repr__(self) -> str:
        return f"ProgramBot({self.name!r})"

    def __enter__(self) -> ProgramBot:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def choose(self, state: State) -> Move:
        """Send the seat's observation and legal moves; return the move the program names."""
        seat = deciding_seat(state)
        self._seat = seat
        self._check_unasked()
        if self._game != (state.config, seat) or state.turn < self._last_turn:
            self._send(NewGame(seat=seat, config=_config(state.config)))
            self._game = (state.config, seat)
            self._space = ActionSpace(state.config)
        self._last_turn = state.turn
        moves = legal_moves(state)
        listed = [str(move) for move in moves]
        space = self._space
        assert space is not None, "set with the game's new_game message"
        actions = [space.encode(state, move) for move in moves]
        seen = observation_document(observe(state, seat))
        self._send(
            Choose(
                observation=seen, legal_moves=listed, legal_actions=actions, time_ms=self.time_ms
            )
        )
        wait = UNTIMED_SECONDS if self.time_ms is None else self.time_ms / 1000 + GRACE_SECONDS
        answer, line = self._receive(MoveAnswer, wait)
        return moves[self._position(answer, listed, actions, line)]

    def game_over(self, final: State, scores: Sequence[int], winners: Sequence[int]) -> None:
        """Tell the program the game is over, with each seat's total and the winners."""
        del final
        self._send(GameOver(scores=list(scores), winners=list(winners)))
        self._game = None

    @property
    def stderr(self) -> str:
        """The last :data:`STDERR_TAIL` bytes the program wrote to its standard error."""
        return self._stderr.text()

    @property
    def stderr_bytes(self) -> int:
        """How many bytes the program has written to its standard error in all."""
        return self._stderr.total

    def close(self) -> None:
        """Send ``quit``; kill the program if it has not exited after :data:`QUIT_SECONDS`.
        Then wait (as long again at most) for the program's last standard-error bytes to be
        read, so that :attr:`stderr` read after ``close`` holds its last words."""
        self._finalizer()
        self._stderr_reader.join(QUIT_SECONDS)

    def kill(self) -> None:
        """Kill the program at once, from any thread: a host's own watchdog over a call that
        went on too long (a :meth:`choose` or :meth:`close` waiting on the program then fails
        with :class:`~cacao_rules.BotError`, or returns). :meth:`close` still releases the
        pipes."""
        with contextlib.suppress(OSError):
            self._process.kill()

    def _position(
        self, answer: MoveAnswer, listed: list[str], actions: list[int], line: str
    ) -> int:
        """The position in ``legal_moves`` of the move ``answer`` names: by its action id,
        its index or in notation."""
        if answer.action is not None:
            if answer.action in actions:
                return actions.index(answer.action)
            reason = f"sent an action id that is not one of the {len(actions)} legal_actions"
        elif answer.index is not None:
            if 0 <= answer.index < len(listed):
                return answer.index
            reason = f"sent an index that is not one of 0 to {len(listed) - 1}"
        elif answer.move is None:
            reason = "sent a 'move' message without a move, an index or an action"
        elif answer.move in listed:
            return listed.index(answer.move)
        else:
            try:
                move = str(parse_move(answer.move))
            except CacaoError:
                self._fail(BotProtocolError, "sent a move that is not move notation", line)
            if move in listed:
                return listed.index(move)
            reason = f"sent a move that is not one of the {len(listed)} listed"
        self._fail(BotProtocolError, reason, line)

    def _send(self, message: Message) -> None:
        """Write ``message`` to the program, which must read it within :data:`GRACE_SECONDS`
        (it is idle, waiting for it): else it is killed, and late."""
        stdin = self._process.stdin
        assert stdin is not None
        written = _write_within(stdin, encode(message), GRACE_SECONDS)
        if written == "late":
            self.kill()
            self._fail(BotTimeoutError, f"did not read its input within {GRACE_SECONDS:g} s")
        if written == "closed":
            self._fail(BotTerminatedError, "exited (its standard input is closed)", exited=True)

    def _check_unasked(self) -> None:
        """Fail if the program wrote a line since its last answer, nobody having asked for
        one (a program writing without end is held up by :data:`LINES_HELD`, and stopped
        here), or exited meanwhile."""
        try:
            line = self._lines.get_nowait()
        except queue.Empty:
            return
        if line is None:
            self._fail(BotTerminatedError, "exited before it was asked for a move", exited=True)
        self._fail(BotProtocolError, "sent a line before it was asked for one", _quote(line))

    def _receive(self, kind: type[M], seconds: float) -> tuple[M, str]:
        """The next message, which must be a ``kind``, within ``seconds``; and the line that
        carried it, quoted."""
        due = repr(tag_of(kind))
        try:
            line = self._lines.get(timeout=seconds)
        except queue.Empty:
            self._fail(BotTimeoutError, f"sent no {due} message within {seconds:g} s")
        if line is None:
            self._fail(BotTerminatedError, f"exited before sending a {due} message", exited=True)
        try:
            return read_message(line, kind), _quote(line)
        except BadMessage as bad:
            self._fail(BotProtocolError, f"sent {bad}", _quote(line))

    def _fail(
        self, error: type[BotError], reason: str, sent: str = "", exited: bool = False
    ) -> NoReturn:
        """Stop the program and raise ``error`` saying what it did."""
        self.close()  # and its last words, written before it exited, read
        status = self._process.returncode
        code = f" (exit status {status})" if exited and status is not None else ""
        raise error(reason + code, self._seat, self.command, self.name, sent, self._stderr.text())


def bot_for_seat(make: Callable[[int], Bot], seed: int, seat: int) -> Bot:
    """``make(seed)``, the bot of seat ``seat``: a :class:`~cacao_rules.BotError` raised
    while it is made (a program that cannot start, or answers ``hello`` wrongly) names that
    seat, which a :class:`ProgramBot` learns only at its first decision."""
    try:
        return make(seed)
    except BotError as error:
        raise error.at_seat(seat) from None


class _Tail:
    """A program's standard error: passed through to this process's when ``passed``, the
    last :data:`STDERR_TAIL` bytes kept and the ``total`` counted."""

    def __init__(self, passed: bool) -> None:
        self._passed = passed
        self._kept = b""
        self.total = 0

    def pass_on(self, stream: IO[bytes]) -> None:
        """Read ``stream`` until it ends (on a thread), copying it to this process's
        standard error when passed."""
        with contextlib.suppress(OSError, ValueError):
            while chunk := os.read(stream.fileno(), 65536):
                if self._passed:
                    with contextlib.suppress(OSError):
                        os.write(2, chunk)
                self._kept = (self._kept + chunk)[-STDERR_TAIL:]  # one reference, swapped whole
                self.total += len(chunk)

    def text(self) -> str:
        """The bytes kept, as text."""
        return self._kept.decode(errors="replace")


def _config(config: Config) -> ConfigDocument:
    """``config`` as the ``config`` of a ``new_game`` message."""
    return msgspec.convert(config_document(config), ConfigDocument)


def _are_settings(value: object) -> bool:
    """Whether ``value`` maps option names to option values."""
    return isinstance(value, Mapping) and all(
        isinstance(name, str) and is_option_value(setting) for name, setting in value.items()
    )


def _is_command(value: object) -> bool:
    """Whether ``value`` is a sequence of strings (and not a string itself)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        return False
    return all(isinstance(part, str) for part in value)


def _read_lines(
    stream: IO[bytes], lines: queue.Queue[bytes | None], stopped: threading.Event
) -> None:
    """Put each line of ``stream`` on ``lines`` (a line cut at :data:`MAX_LINE` + 1 bytes,
    after which the reading stops), then ``None`` at the end; waiting while ``lines`` is
    full (so that a program writing without end waits too), until ``stopped``."""
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line or not _hand_on(lines, line, stopped) or len(line) > MAX_LINE:
                break
    except (OSError, ValueError):
        pass
    _hand_on(lines, None, stopped)


def _hand_on(
    lines: queue.Queue[bytes | None], line: bytes | None, stopped: threading.Event
) -> bool:
    """Put ``line`` on ``lines`` once there is room; ``False`` if the bot stopped first."""
    while not stopped.is_set():
        with contextlib.suppress(queue.Full):
            lines.put(line, timeout=QUIT_SECONDS)
            return True
    return False


def _write_within(stream: IO[bytes], data: bytes, seconds: float) -> str:
    """Write ``data`` to ``stream`` on a thread, waiting at most ``seconds`` for it (a pipe
    whose reader does not read blocks a write once full): ``"written"``, ``"closed"`` (the
    reader has gone) or ``"late"`` (the thread still waits; it ends when the pipe closes)."""
    outcome = ["late"]

    def write() -> None:
        try:
            stream.write(data)
            stream.flush()
            outcome[0] = "written"
        except (OSError, ValueError):
            outcome[0] = "closed"

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    writer.join(seconds)
    return outcome[0]


def _stop(
    process: subprocess.Popen[bytes], lines: queue.Queue[bytes | None], stopped: threading.Event
) -> None:
    """Send ``process`` ``quit`` and let it exit, else kill it; close its pipes, and set
    ``stopped`` for the thread reading its output. Called once, by
    :meth:`ProgramBot.close`, on an error, or when the bot is collected or Python exits, so
    that no program outlives its bot. A :meth:`ProgramBot.choose` waiting on another thread
    for the program's answer is woken by an end of its ``lines``, and fails at once."""
    stopped.set()
    with contextlib.suppress(queue.Full):  # a full queue wakes the waiting reader anyway
        lines.put_nowait(None)
    if process.poll() is None and process.stdin is not None:
        if _write_within(process.stdin, encode(Quit()), QUIT_SECONDS) == "late":
            process.kill()  # it does not read its input: the write ends with the process
        else:
            with contextlib.suppress(OSError):
                process.stdin.close()
    try:
        process.wait(QUIT_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


def _quote(line: bytes | str) -> str:
    """At most :data:`SHOWN` characters of ``line``, quoted (control characters escaped)."""
    text = (line.decode(errors="replace") if isinstance(line, bytes) else line).rstrip("\n")
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "...")


def serve(
    bot: Bot, stdin: TextIO, stdout: TextIO, *, name: str | None = None, seed: int = 0
) -> None:
    """Answer the bot protocol on ``stdin`` and ``stdout`` for ``bot`` until ``quit`` or the
    end of the input: the program side of :class:`ProgramBot`.

    ``bot`` chooses on a full state drawn at random from the observation it is sent
    (:func:`~cacao_rules.determinize`, seeded from ``seed`` and the decision's number), so it
    sees only what its seat may. ``name`` is the name it gives in ``ready`` (default: the
    bot's ``repr``). A line that is not a message the program may be sent (read as
    :class:`ProgramBot` reads the program's, bounded), or a ``choose`` whose observation is
    not one where its seat decides, is reported on standard error and skipped.
    """
    decisions = 0
    for line in _bounded_lines(stdin):
        try:
            message = read_message(line, *HOST_MESSAGES)
        except BadMessage as bad:
            _skipped(f"{bad}: {_quote(line)}")
            continue
        if isinstance(message, Hello):
            _answer(stdout, Ready(name=name or repr(bot)))
        elif isinstance(message, Choose):
            world = _world(message, (seed + decisions) % (1 << 64))
            decisions += 1
            if world is not None:
                _answer(stdout, MoveAnswer(move=str(bot.choose(world))))
        elif isinstance(message, Quit):
            return


def _world(message: Choose, seed: int) -> State | None:
    """A full state drawn from the observation of ``message``, where the observer decides;
    ``None``, reported, when there is none."""
    try:
        seen = observation_from_document(message.observation)
    except FormatError as error:
        _skipped(f"a 'choose' message whose observation cannot be read ({error})")
        return None
    world = determinize(seen, seed=seed)
    if world.is_over or world.is_chance or deciding_seat(world) != seen.player:
        _skipped(f"a 'choose' message for a decision that is not seat {seen.player}'s")
        return None
    return world


def _bounded_lines(stream: TextIO) -> Iterator[str]:
    """The lines of ``stream``, each cut after :data:`MAX_LINE` + 1 characters (the rest of
    a longer line is read and dropped), so that no line fills the memory."""
    while line := stream.readline(MAX_LINE + 1):
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := stream.readline(MAX_LINE + 1)) and not rest.endswith("\n"):
                pass
        yield line


def _skipped(what: str) -> None:
    print(f"cacao-bot: skipped {what}", file=sys.stderr)


def _answer(stdout: TextIO, message: Message) -> None:
    stdout.write(encode(message).decode())
    stdout.flush()
