"""Ctrl-C stops the server, and only the server.

A Ctrl-C in a terminal sends SIGINT to every process of the terminal's foreground group:
the server, its built-in bots' processes and the operator's bot programs alike. Only the
server should act on it: it shuts down in order (the requests in flight answered, each
program told ``quit``), while a bot process or a program that died of the signal on its
own would print a traceback, or look like a program that broke down (and lose its seat to
a stand-in, for good). So the server starts those processes with SIGINT blocked, a signal
mask that a child process inherits from the thread that starts it and keeps across
``exec``. (POSIX only: Windows has no signal masks, nor this kind of process group.)
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Block SIGINT in this thread while the block runs: the processes it starts never see
    a Ctrl-C. A SIGINT meant for this process meanwhile waits, and is taken at the end."""
    if sys.platform == "win32":
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
