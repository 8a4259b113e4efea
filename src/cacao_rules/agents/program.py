"""Bots as programs: the bot protocol ``cacao-bot/1`` (``docs/bot-protocol.md``).

:class:`ProgramBot` runs a program, written in any language, as a :class:`~cacao_rules.Bot`:
it sends the program its seat's observation and legal moves as JSON Lines on the program's
standard input and reads its move from its standard output, the way ``chess.engine`` drives
a UCI engine. :func:`serve` is the other side: it answers the protocol on behalf of any
``Bot`` (``cacao-rules bot SPEC`` runs it for a built-in bot).

The program never sees more than its seat may: the library sends the observation
(:func:`~cacao_rules.observe`), never the state. A program that breaks the protocol (a line
that is not a JSON object, a move not listed, no answer in time, a line longer than
:data:`MAX_LINE`, exiting) raises :class:`~cacao_rules.BotError`, which names the program
and says what it sent, and the program is stopped.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import IO, Any, Final, NoReturn, TextIO

from ..engine import legal_moves
from ..errors import BotError, CacaoError, ConfigError, excerpt
from ..formats.notation import parse_move
from ..formats.observation_format import observation_from_json, observation_to_json
from ..game.moves import Move
from ..observation import observe
from ..state.state import State
from ..version import __version__
from .action_space import ActionSpace
from .bots import Bot, deciding_seat
from .determinization import determinize
from .program_options import OptionValue, declared_options, is_option_value, setting_problem

PROTOCOL: Final = "cacao-bot/1"
"""The protocol's name and version, sent in the ``hello`` message."""

MAX_LINE: Final = 1 << 20
"""The longest line (in bytes, newline included) either side accepts: 1 MiB."""

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

SHOWN: Final = 200
"""How many characters of a bad line an error message quotes."""


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
    process's.

    A ``ProgramBot`` is a context manager: leaving the ``with`` block (or :meth:`close`)
    sends ``quit`` and stops the program. Tell it the end of a game with
    :meth:`game_over` (:func:`~cacao_rules.play_game` does). Any breach of the protocol
    raises :class:`~cacao_rules.BotError` and stops the program.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        time_ms: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
    ) -> None:
        given: object = command  # checked: the compiled build takes any object here
        if not _is_command(given):
            raise TypeError(f"ProgramBot: command must be a sequence of strings, got {command!r}")
        if not command:
            raise CacaoError("ProgramBot: command is empty; give the program to run")
        limit: object = time_ms
        if limit is not None and (
            not isinstance(limit, int) or isinstance(limit, bool) or limit < 1
        ):
            raise CacaoError(f"ProgramBot: time_ms must be None or a count >= 1, got {time_ms!r}")
        settings: object = {} if options is None else options
        if not _are_settings(settings):
            raise TypeError(
                "ProgramBot: options must map names to strings, numbers or booleans, "
                f"got {excerpt(options)}"
            )
        self.command = tuple(command)
        self.time_ms = time_ms
        self.name: str = self.command[0]
        self._game: tuple[object, int] | None = None
        self._space: ActionSpace | None = None
        self._last_turn = -1
        try:
            self._process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE
            )
        except OSError as error:
            raise BotError(f"bot program {self.name!r} cannot be started: {error}") from None
        self._finalizer = weakref.finalize(self, _stop, self._process)
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        assert self._process.stdout is not None
        threading.Thread(
            target=_read_lines, args=(self._process.stdout, self._lines), daemon=True
        ).start()
        self._send({"type": "hello", "protocol": PROTOCOL, "library": __version__})
        ready = self._receive("ready", HELLO_SECONDS)
        name = ready.get("name")
        if not isinstance(name, str) or not name:
            self._fail(f"answered hello without a name: {_quote(ready)}")
        self.name = name
        self.options = self._set_options(ready, dict(options or {}))

    def _set_options(
        self, ready: dict[str, Any], settings: dict[str, OptionValue]
    ) -> dict[str, OptionValue]:
        """The options ``ready`` declares, with ``settings`` sent to the program."""
        declared = declared_options(ready)
        if declared is None:
            self._fail(f"declared options that are not names with values: {_quote(ready)}")
        problem = setting_problem(declared, settings)
        if problem:
            self.close()
            raise ConfigError(f"ProgramBot: bot program {self.name!r} {problem}")
        if settings:
            self._send({"type": "set_options", "options": settings})
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
        seen = json.loads(observation_to_json(observe(state, seat)))
        if self._game != (state.config, seat) or state.turn < self._last_turn:
            self._send({"type": "new_game", "seat": seat, "config": seen["config"]})
            self._game = (state.config, seat)
            self._space = ActionSpace(state.config)
        self._last_turn = state.turn
        moves = legal_moves(state)
        listed = [str(move) for move in moves]
        space = self._space
        assert space is not None, "set with the game's new_game message"
        actions = [space.encode(state, move) for move in moves]
        self._send(
            {
                "type": "choose",
                "observation": seen,
                "legal_moves": listed,
                "legal_actions": actions,
                "time_ms": self.time_ms,
            }
        )
        wait = UNTIMED_SECONDS if self.time_ms is None else self.time_ms / 1000 + GRACE_SECONDS
        answer = self._receive("move", wait)
        if "action" in answer:
            return moves[self._action_index(answer, actions)]
        return moves[self._index(answer, listed)]

    def game_over(self, final: State, scores: Sequence[int], winners: Sequence[int]) -> None:
        """Tell the program the game is over, with each seat's total and the winners."""
        del final
        self._send({"type": "game_over", "scores": list(scores), "winners": list(winners)})
        self._game = None

    def close(self) -> None:
        """Send ``quit``; kill the program if it has not exited after :data:`QUIT_SECONDS`."""
        self._finalizer()

    def kill(self) -> None:
        """Kill the program at once, from any thread: a host's own watchdog over a call that
        went on too long (a :meth:`choose` or :meth:`close` waiting on the program then fails
        with :class:`~cacao_rules.BotError`, or returns). :meth:`close` still releases the
        pipes."""
        with contextlib.suppress(OSError):
            self._process.kill()

    def _action_index(self, answer: dict[str, Any], actions: list[int]) -> int:
        """The position in ``legal_actions`` of the action id ``answer`` names."""
        action = answer["action"]
        if isinstance(action, int) and not isinstance(action, bool) and action in actions:
            return actions.index(action)
        self._fail(
            f"sent action {excerpt(action)}, not one of the {len(actions)} legal_actions: "
            f"{_quote(answer)}"
        )

    def _index(self, answer: dict[str, Any], listed: list[str]) -> int:
        """The position in ``legal_moves`` of the move ``answer`` names, by its index or in
        notation."""
        if "index" in answer:
            index = answer["index"]
            if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(listed):
                return index
            self._fail(
                f"sent index {excerpt(index)}, not one of 0 to {len(listed) - 1}: {_quote(answer)}"
            )
        text = answer.get("move")
        if not isinstance(text, str):
            self._fail(f"sent a move message without a move or an index: {_quote(answer)}")
        if text in listed:
            return listed.index(text)
        try:
            move = str(parse_move(text))
        except CacaoError as error:
            self._fail(f"sent the move {text!r}, which is not move notation ({error})")
        if move in listed:
            return listed.index(move)
        self._fail(f"sent the move {text!r}, which is not one of the {len(listed)} listed")

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self._write(message)
        except OSError:
            self._fail("exited (its standard input is closed)", exited=True)

    def _write(self, message: dict[str, Any]) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        stdin.flush()

    def _receive(self, kind: str, seconds: float) -> dict[str, Any]:
        """The next message, which must be of type ``kind``, within ``seconds``."""
        deadline = time.monotonic() + seconds
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            self._fail(f"sent no {kind!r} message within {seconds:g} s")
        if line is None:
            self._fail(f"exited before sending a {kind!r} message", exited=True)
        if len(line) > MAX_LINE or not line.endswith(b"\n"):
            self._fail(f"sent a line longer than {MAX_LINE} bytes (the limit)")
        try:
            message = json.loads(line)
        except ValueError:
            self._fail(f"sent a line that is not JSON: {_quote(line)}")
        if not isinstance(message, dict):
            self._fail(f"sent a line that is not a JSON object: {_quote(line)}")
        if message.get("type") != kind:
            self._fail(f"sent {_quote(line)} where a {kind!r} message was due")
        return dict(message)

    def _fail(self, what: str, exited: bool = False) -> NoReturn:
        """Stop the program and raise :class:`BotError` saying what it did."""
        self._finalizer()
        status = self._process.returncode
        code = f" (exit status {status})" if exited and status is not None else ""
        raise BotError(f"bot program {self.name!r} {what}{code}")


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


def _read_lines(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Put each line of ``stream`` on ``lines`` (a line cut at :data:`MAX_LINE` + 1 bytes,
    after which the reading stops), then ``None`` at the end."""
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            lines.put(line)
            if len(line) > MAX_LINE:
                break
    except (OSError, ValueError):
        pass
    lines.put(None)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Send ``process`` ``quit`` and let it exit, else kill it; close its pipes. Called once,
    by :meth:`ProgramBot.close`, on an error, or when the bot is collected or Python exits,
    so that no program outlives its bot."""
    if process.poll() is None and process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.write(b'{"type":"quit"}\n')
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


def _quote(value: object) -> str:
    text = value.decode(errors="replace") if isinstance(value, bytes) else json.dumps(value)
    text = text.rstrip("\n")
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "...")


def serve(
    bot: Bot, stdin: TextIO, stdout: TextIO, *, name: str | None = None, seed: int = 0
) -> None:
    """Answer the bot protocol on ``stdin`` and ``stdout`` for ``bot`` until ``quit`` or the
    end of the input: the program side of :class:`ProgramBot`.

    ``bot`` chooses on a full state drawn at random from the observation it is sent
    (:func:`~cacao_rules.determinize`, seeded from ``seed`` and the decision's number), so it
    sees only what its seat may. ``name`` is the name it gives in ``ready`` (default: the
    bot's ``repr``). A line that is not a message is reported on standard error and skipped.
    """
    import sys

    decisions = 0
    for line in stdin:
        try:
            message = json.loads(line)
        except ValueError:
            print(f"cacao-bot: not JSON, skipped: {_quote(line)}", file=sys.stderr)
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello":
            _answer(stdout, {"type": "ready", "name": name or repr(bot)})
        elif kind == "choose":
            seen = observation_from_json(json.dumps(message["observation"]))
            world = determinize(seen, seed=(seed + decisions) % (1 << 64))
            decisions += 1
            _answer(stdout, {"type": "move", "move": str(bot.choose(world))})
        elif kind == "quit":
            return
        elif kind not in ("new_game", "game_over", "set_options"):
            print(f"cacao-bot: unknown message, skipped: {_quote(line)}", file=sys.stderr)


def _answer(stdout: TextIO, message: dict[str, Any]) -> None:
    stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    stdout.flush()
