"""The processes the built-in bots think in, which end with their server.

They are fresh interpreters (``spawn``), not copies of the server. A server that stops
tells them to end; a server killed outright (SIGKILL, the kernel's out-of-memory killer)
cannot, and each of them, holding its own end of the pipe it waits on, would wait for
work forever. So each watches its parent and exits once the server is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

WATCH_SECONDS = 1.0
"""How often a bot process looks whether its server is still there."""


def bot_processes(count: int) -> ProcessPoolExecutor:
    """``count`` processes for the built-in bots, started as they are first needed."""
    spawn = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        count, mp_context=spawn, initializer=_end_with, initargs=(os.getpid(),)
    )


def _end_with(server: int) -> None:
    """Exit this process once ``server``, its parent, is gone (it then has another)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="cacao-server-watch", daemon=True).start()
