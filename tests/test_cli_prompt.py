"""The prompt of ``cacao-rules play`` in a real terminal (a pseudo-terminal): a line editor
with history and Tab completion (issue 41, item 3), and a help within 80 columns."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Iterator

import pytest

from cacao_rules.cli.human import HELP
from cacao_rules.cli.prompt import HAVE_READLINE
from helpers_process import same_package_env

PROMPT = b"seat 0> "


class Terminal:
    """``cacao-rules play`` running in a pseudo-terminal of 80 columns and 24 rows."""

    def __init__(self, *args: str) -> None:
        env = same_package_env(TERM="xterm", COLUMNS="80", LINES="24")
        pid, fd = pty.fork()
        if pid == 0:  # the child: the command, its standard streams on the terminal
            os.execve(sys.executable, [sys.executable, "-m", "cacao_rules", *args], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.pid, self.fd = pid, fd
        self.screen = b""

    def type(self, keys: bytes) -> None:
        """Type ``keys`` as a person would, a key at a time."""
        for key in keys.split(b"|"):
            os.write(self.fd, key)
            time.sleep(0.05)

    def wait_for(self, text: bytes, count: int = 1, seconds: float = 60) -> bytes:
        """All the output so far, once ``text`` has appeared ``count`` times in it."""
        deadline = time.monotonic() + seconds
        while self.screen.count(text) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"no {text!r} x{count} in: {self.screen[-2000:]!r}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.screen += os.read(self.fd, 65536)
                except OSError:  # the program ended and the terminal closed
                    break
        return self.screen

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):  # it may have ended already
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    if not HAVE_READLINE:
        pytest.skip("this Python has no readline module (CPython on Windows)")
    started = Terminal("play", "--seats", "human,greedy", "--seed", "3", "--color", "never")
    yield started
    started.close()


def test_the_arrow_keys_move_in_the_line(terminal: Terminal) -> None:
    terminal.wait_for(PROMPT)
    terminal.type(b"qit|\x1b[D|\x1b[D|u|\r")  # "qit", two steps left, "u": "quit"
    assert b"Game ended (quit)" in terminal.wait_for(b"Game ended")


def test_the_up_arrow_brings_back_the_answer_before(terminal: Terminal) -> None:
    terminal.wait_for(PROMPT)
    terminal.type(b"hint\r")
    terminal.wait_for(PROMPT, 2)
    terminal.type(b"\x1b[A|\r")
    screen = terminal.wait_for(PROMPT, 3)
    assert screen.count(b"hint: ") == 2
    assert b"^[[A" not in screen


def test_tab_completes_commands_and_moves(terminal: Terminal) -> None:
    terminal.wait_for(PROMPT)
    terminal.type(b"mov|\t|\r")
    terminal.wait_for(PROMPT, 2)
    terminal.type(b"qu|\t|\r")
    assert b"Game ended (quit)" in terminal.wait_for(b"Game ended")


def test_help_fits_80_columns() -> None:
    assert max(len(line) for line in HELP.splitlines()) <= 80
