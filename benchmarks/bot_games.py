"""Seeded bot games: a fixed workload for counting instructions, and the proof that a faster
bot still makes the same moves (issue 39). A report, not a test; public API only.

    python benchmarks/bot_games.py greedy 24         # the hash of 24 seeded greedy games
    python benchmarks/bot_games.py mcts 24 --iterations 16
    python benchmarks/bot_games.py random 24         # the same games' engine work, for scale
    valgrind --tool=callgrind python benchmarks/bot_games.py greedy 3 --players 4
    valgrind --tool=callgrind python benchmarks/bot_games.py greedy 0   # the import alone

Game ``i`` is a base game of ``2 + i % 3`` players (or ``--players``) with seed ``i``, every
seat played by the named bot, seeded ``i * players + seat``; the search bot has an
iteration budget, so its games are the same on every machine and at every speed. The
script prints the number of games and decisions and a SHA-256 of every game's moves in
order: two revisions whose hashes agree chose the same moves in every one of these games.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Callable

import cacao_rules as cr


def bots(name: str, iterations: int) -> Callable[[int], cr.Bot]:
    """A maker of the bot named ``name`` by its seed."""
    if name == "greedy":
        return cr.GreedyBot
    if name == "random":
        return cr.RandomBot
    return lambda seed: cr.MCTSBot(seed, iterations=iterations)


def play(name: str, games: int, players: int | None, iterations: int) -> tuple[int, str]:
    """Play ``games`` seeded games; the decisions they took and the hash of their moves."""
    make = bots(name, iterations)
    digest = hashlib.sha256()
    decisions = 0
    for index in range(games):
        count = players or 2 + index % 3
        seats = [make(index * count + seat) for seat in range(count)]
        _final, moves = cr.play_game(cr.Config(players=count), index, seats)
        digest.update(" ".join(str(move) for move in moves).encode() + b"\n")
        decisions += len(moves)
    return decisions, digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", choices=["greedy", "mcts", "random"])
    parser.add_argument("games", type=int, help="how many games (0: the import alone)")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], help="every game's players")
    parser.add_argument("--iterations", type=int, default=16, help="the search bot's budget")
    args = parser.parse_args()
    decisions, digest = play(args.bot, args.games, args.players, args.iterations)
    print(f"{cr.__file__}: {args.games} {args.bot} games, {decisions} decisions, moves {digest}")


if __name__ == "__main__":
    main()
