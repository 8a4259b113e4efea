"""A fixed workload for counting the instructions that listing placements takes (issue 39).

A report, not a test. It plays the seeded random games of ``seeded_games.py`` (the same
configurations, seeds and choices), keeps every state that waits for a placement, and then
lists the placements of each kept state ``--passes`` times with the engine's own
``placement_moves``. Counted under valgrind with 0 passes and with 1, the difference is
what listing the placements of those games costs; over the count of the games alone
(``seeded_games.py``, less the import) it is the share of the engine's work that goes to
listing placements:

    cd benchmarks
    valgrind --tool=cachegrind --cache-sim=no python placement_share.py 40 --passes 0
    valgrind --tool=cachegrind --cache-sim=no python placement_share.py 40 --passes 1

The kept moves and each board's frontier are made while the games are played, so the
passes measure the steady state: the listing of a decision as the engine does it.
"""

from __future__ import annotations

import argparse

from seeded_games import CONFIGS, NAMES, decisions

import cacao_rules as cr
from cacao_rules.state.state import PlacementStep
from cacao_rules.turn.placement import placement_moves


def placement_states(games: int, configs: tuple[cr.Config, ...]) -> list[cr.State]:
    """The states waiting for a placement in the seeded games of ``seeded_games``."""
    return [state for state in decisions(games, configs) if isinstance(state.step, PlacementStep)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, help="how many games")
    parser.add_argument("--config", choices=NAMES, help="play this configuration alone")
    parser.add_argument("--passes", type=int, default=1, help="listings of each state kept")
    args = parser.parse_args()
    configs = CONFIGS if args.config is None else (CONFIGS[NAMES.index(args.config)],)
    states = placement_states(args.games, configs)
    moves = 0
    for _ in range(args.passes):
        for state in states:
            moves += len(placement_moves(state))
    print(cr.__file__, len(states), "placement states,", moves, "moves listed")


if __name__ == "__main__":
    main()
