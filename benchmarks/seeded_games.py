"""A fixed workload for counting instructions: seeded random complete games, public API only.

A report, not a test. Wall-clock figures move with the machine's load; the number of
instructions a fixed workload runs does not, so two revisions or two ways of writing a
piece of code compare by it:

    valgrind --tool=cachegrind --cache-sim=no python benchmarks/seeded_games.py 40
    valgrind --tool=cachegrind --cache-sim=no python benchmarks/seeded_games.py 0

and subtract the second count (the import alone) from the first. The games cycle through
the base game for 2 and 4 players, the four *Chocolatl* modules and the Big Game for 4
players, or, with ``--config base-4`` (or ``base-2``, ``chocolatl-4``, ``big-4``), play
that configuration alone; game ``i`` has seed ``i`` and draws its moves from
``random.Random(i)``, so the same rules play the same games. It prints where
``cacao_rules`` came from and how many decisions were made.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

import cacao_rules as cr

CONFIGS = (
    cr.Config(players=2),
    cr.Config(players=4),
    cr.Config(
        players=4,
        modules={cr.Module.MAP, cr.Module.WATERING, cr.Module.CHOCOLATE, cr.Module.HUTS},
    ),
    cr.Config.big_game(4),
)
"""The configurations the games cycle through."""

NAMES = ("base-2", "base-4", "chocolatl-4", "big-4")
"""The names of :data:`CONFIGS` for ``--config``, in the same order."""


def decisions(games: int, configs: tuple[cr.Config, ...] = CONFIGS) -> Iterator[cr.State]:
    """Play ``games`` seeded random games, cycling through ``configs``: each state in which
    a move is chosen, before it is played."""
    for index in range(games):
        choose = random.Random(index).choice
        state = cr.new_game(configs[index % len(configs)], seed=index)
        while not state.is_over:
            yield state
            state = cr.apply(state, choose(cr.legal_moves(state)))


def play(games: int, configs: tuple[cr.Config, ...] = CONFIGS) -> int:
    """Play ``games`` seeded random games, cycling through ``configs``; return how many
    decisions they took."""
    return sum(1 for _ in decisions(games, configs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, help="how many games (0: the import alone)")
    parser.add_argument("--config", choices=NAMES, help="play this configuration alone")
    args = parser.parse_args()
    configs = CONFIGS if args.config is None else (CONFIGS[NAMES.index(args.config)],)
    print(cr.__file__, play(args.games, configs), "decisions")


if __name__ == "__main__":
    main()
