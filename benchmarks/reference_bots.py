"""The greedy and search bots as they were before issue 23, kept to measure the new ones
against (``benchmarks/bots.py``): :class:`ReferenceGreedyBot` plays every legal move and the
rest of its turn on the engine; :class:`ReferenceMCTSBot` is UCT over two determinizations.
Both score with ``greedy_value`` as it was then, a gold of provisional temple majorities
weighing :data:`OLD_TEMPLE_WEIGHT` eighths.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

import cacao_rules as cr
from cacao_rules.agents.bots import deciding_seat, greedy_value
from cacao_rules.state.state import PlacementStep
from cacao_rules.turn.results import winners
from cacao_rules.turn.scoring import temple_totals

Stats = dict[cr.Move, list[float]]

OLD_TEMPLE_WEIGHT = 2
"""The weight of a gold of provisional temple majorities in ``greedy_value`` before issue 23."""


class ReferenceGreedyBot:
    """The greedy bot before issue 23: applies each legal move, then plays its further
    decisions of the turn greedily, and scores what it reached with ``greedy_value``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._temples: dict[object, list[int]] = {}

    def choose(self, state: cr.State) -> cr.Move:
        seat = deciding_seat(state)
        self._temples.clear()
        best: list[cr.Move] = []
        best_value = 0
        for move in cr.legal_moves(state):
            after = self._own_turn(cr.apply(state, move), seat, state.turn)
            value = self._value(after, seat)
            if not best or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def _value(self, state: cr.State, seat: int) -> int:
        temples = self._temples.get(state.board)
        if temples is None:
            temples = self._temples[state.board] = temple_totals(state)
        return greedy_value(state, seat, temples, OLD_TEMPLE_WEIGHT)

    def _own_turn(self, state: cr.State, seat: int, turn: int) -> cr.State:
        while state.to_move == seat and state.turn == turn:
            state = max(
                (cr.apply(state, move) for move in cr.legal_moves(state)),
                key=lambda after: self._value(after, seat),
            )
        return state


class ReferenceMCTSBot:
    """The search bot before issue 23: UCT over ``worlds`` determinizations, each its own
    table of states, greedy decisions between placements, no playouts, a logistic score of
    the lead in ``greedy_value``."""

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        worlds: int = 2,
        exploration: float = 0.3,
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.seconds = 1.0 if seconds is None and iterations is None else seconds
        self.worlds = worlds
        self.exploration = exploration
        self._rng = random.Random(seed)
        self.iterations_done = 0

    def choose(self, state: cr.State) -> cr.Move:
        moves = cr.legal_moves(state)
        seat = deciding_seat(state)
        if len(moves) == 1:
            return moves[0]
        seen = cr.observe(state, seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        visits: Counter[cr.Move] = Counter()
        scores: dict[cr.Move, float] = dict.fromkeys(moves, 0.0)
        for index in range(self.worlds):
            world = cr.determinize(
                seen, seed=self._rng.getrandbits(64), chance_seed=self._rng.getrandbits(64)
            )
            share = None
            if self.iterations is not None:
                share = self.iterations // self.worlds + (index < self.iterations % self.worlds)
            world_deadline = None
            if deadline is not None:
                left = deadline - time.perf_counter()
                world_deadline = time.perf_counter() + left / (self.worlds - index)
            for move, (count, score) in self._search(world, share, world_deadline).items():
                visits[move] += int(count)
                scores[move] += score
        return max(moves, key=lambda move: (visits[move], scores[move] / max(visits[move], 1)))

    def _search(self, world: cr.State, iterations: int | None, deadline: float | None) -> Stats:
        tree: dict[cr.State, Stats] = {}
        done = 0
        while done < 1 or (
            (iterations is None or done < iterations)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            self._iterate(world, tree)
            done += 1
        self.iterations_done += done
        return tree[world]

    def _iterate(self, world: cr.State, tree: dict[cr.State, Stats]) -> None:
        state = world
        path: list[tuple[list[float], int]] = []
        while not state.is_over:
            moves = cr.legal_moves(state)
            stats = tree.setdefault(state, {})
            untried = [move for move in moves if move not in stats]
            move = self._rng.choice(untried) if untried else self._pick(stats, moves)
            mover = deciding_seat(state)
            path.append((stats.setdefault(move, [0, 0.0]), mover))
            state = _settle(cr.apply(state, move))
            if untried:
                break
        scores = _score(state)
        for entry, mover in path:
            entry[0] += 1
            entry[1] += scores[mover]

    def _pick(self, stats: Stats, moves: tuple[cr.Move, ...]) -> cr.Move:
        total = math.log(sum(visits for visits, _ in stats.values()))
        c = self.exploration
        return max(
            moves, key=lambda m: stats[m][1] / stats[m][0] + c * math.sqrt(total / stats[m][0])
        )


def _score(state: cr.State) -> list[float]:
    seats = range(len(state.players))
    if state.is_over:
        won = winners(state)
        return [1 / len(won) if seat in won else 0.0 for seat in seats]
    temples = temple_totals(state)
    values = [greedy_value(state, seat, temples, OLD_TEMPLE_WEIGHT) for seat in seats]
    scores = []
    for seat in seats:
        lead = values[seat] - max(v for other, v in enumerate(values) if other != seat)
        scores.append(1 / (1 + math.exp(-lead / 24.0)))
    return scores


def _settle(state: cr.State) -> cr.State:
    while not state.is_over and not isinstance(state.step, PlacementStep):
        mover = deciding_seat(state)
        moves = cr.legal_moves(state)
        if len(moves) == 1:
            state = cr.apply(state, moves[0])
            continue
        kept = temple_totals(state)
        board = state.board

        def value(
            after: cr.State, mover: int = mover, kept: list[int] = kept, board: object = board
        ) -> int:
            return greedy_value(
                after, mover, kept if after.board is board else None, OLD_TEMPLE_WEIGHT
            )

        state = max((cr.apply(state, move) for move in moves), key=value)
    return state
