"""A Cacao bot: Monte Carlo tree search over determinizations, with cacao-rules alone.

The bot never looks at what its seat may not see. For each decision it draws a few full
states consistent with its observation (``cr.determinize``: the other hands dealt at random
from the tiles they may hold, future draws fixed by a seed), searches each with UCT and
random playouts, and plays the move the searches visited most in all.

Run it against a random player::

    python examples/determinized_mcts.py --games 4
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter

import cacao_rules as cr

Stats = dict[cr.Move, list[float]]  # move -> [visits, reward summed for the mover]


def reward(final: cr.State, seat: int) -> float:
    """1 for a sole win, shared equally on a tie, 0 for a loss."""
    winners = cr.winners(final)
    return 1 / len(winners) if seat in winners else 0.0


def playout(state: cr.State, rng: random.Random) -> cr.State:
    """Random moves to the end of the game."""
    while not state.is_over:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    return state


def pick(stats: Stats, moves: tuple[cr.Move, ...], exploration: float = 1.4) -> cr.Move:
    """The move with the best upper confidence bound (UCB1)."""
    total = math.log(sum(visits for visits, _ in stats.values()))
    return max(
        moves,
        key=lambda m: stats[m][1] / stats[m][0] + exploration * math.sqrt(total / stats[m][0]),
    )


def uct(world: cr.State, iterations: int, rng: random.Random) -> Counter[cr.Move]:
    """Visit counts of the root moves after ``iterations`` UCT descents in ``world``.

    ``world`` is seeded, so every move leads to one state: the tree is a table keyed by
    states (they are hashable), which also merges transpositions.
    """
    tree: dict[cr.State, Stats] = {}
    for _ in range(iterations):
        state, path = world, []
        while not state.is_over:
            moves = cr.legal_moves(state)
            stats = tree.setdefault(state, {})
            untried = [move for move in moves if move not in stats]
            move = rng.choice(untried) if untried else pick(stats, moves)
            mover = state.to_move
            assert mover is not None, "a seeded world has no chance nodes"
            path.append((stats.setdefault(move, [0, 0.0]), mover))
            state = cr.apply(state, move)
            if untried:
                break
        final = playout(state, rng)
        for entry, mover in path:
            entry[0] += 1
            entry[1] += reward(final, mover)
    return Counter({move: int(visits) for move, (visits, _) in tree[world].items()})


class DeterminizedMCTS:
    """Plays ``seat`` by UCT over ``worlds`` determinizations of ``iterations`` each."""

    def __init__(self, worlds: int = 8, iterations: int = 40, seed: int = 0) -> None:
        self.worlds = worlds
        self.iterations = iterations
        self.rng = random.Random(seed)

    def choose(self, state: cr.State) -> cr.Move:
        moves = cr.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        seat = state.to_move
        assert seat is not None, "a bot is asked only at its own decisions"
        seen = cr.observe(state, seat)
        votes: Counter[cr.Move] = Counter()
        for _ in range(self.worlds):
            world = cr.determinize(
                seen, seed=self.rng.getrandbits(64), chance_seed=self.rng.getrandbits(64)
            )
            votes.update(uct(world, self.iterations, self.rng))
        return max(moves, key=lambda move: votes[move])


def play(seed: int, mcts_seat: int, bot: DeterminizedMCTS) -> cr.State:
    """One 2-player game: the bot in ``mcts_seat``, a random player in the other."""
    rng = random.Random(seed)
    state = cr.new_game(cr.Config(players=2), seed=seed)
    while not state.is_over:
        if state.to_move == mcts_seat:
            move = bot.choose(state)
        else:
            move = rng.choice(cr.legal_moves(state))
        state = cr.apply(state, move)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=40)
    args = parser.parse_args()
    bot = DeterminizedMCTS(args.worlds, args.iterations)
    points = 0.0
    for game in range(args.games):
        seat = game % 2
        points += reward(play(game, seat, bot), seat)
        print(f"game {game + 1}: MCTS has {points:g} of {game + 1} points")


if __name__ == "__main__":
    main()
