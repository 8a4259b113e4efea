"""The built-in bots by name, as the command line and :func:`~cacao_rules.simulate` know them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .bots import Bot, GreedyBot, RandomBot
from .mcts import MCTSBot

BOTS: Final[dict[str, Callable[[int], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
}
"""Each built-in bot's name and how to make one from a seed (the search bot with its default
budget, about a second a decision)."""
