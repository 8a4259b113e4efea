"""A line on the terminal that shows a bot is thinking, while it thinks.

``cacao-rules play`` calls :func:`thinking` for every bot's decision in a game with people:
on a terminal, a line such as ``seat 1 (mcts:1s) is thinking... 0.6 s`` counts up until the
bot has chosen, and is then wiped; elsewhere nothing is written.
"""

from __future__ import annotations

import threading
import time
from typing import Final, TextIO

from ..agents.bots import Bot
from ..game.moves import Move
from ..state.state import State

TICK_SECONDS: Final = 0.1
"""How often the line is written again."""


def thinking(bot: Bot, state: State, who: str, err: TextIO) -> Move:
    """``bot``'s move in ``state``, with the thinking line of ``who`` on ``err`` meanwhile."""
    if not err.isatty():
        return bot.choose(state)
    done = threading.Event()
    start = time.perf_counter()

    def show() -> None:
        while not done.wait(TICK_SECONDS):
            err.write(f"\r{who} is thinking... {time.perf_counter() - start:.1f} s")
            err.flush()

    ticker = threading.Thread(target=show, daemon=True)
    ticker.start()
    try:
        return bot.choose(state)
    finally:
        done.set()
        ticker.join()
        err.write("\r\033[K")
        err.flush()
