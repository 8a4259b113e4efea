"""A search bot: :class:`MCTSBot`, Monte Carlo tree search over determinizations.

The bot never looks at what its seat may not see. For each decision it deals a few full
states consistent with its observation (:func:`cacao_rules.determinize`: the other hands
drawn at random from the tiles they may hold, the future draws fixed by a seed), searches
each with UCT, and plays the move its searches visited most in all (the best scored on a tie).

A search of a world is a table of its states (they are hashable, so transpositions merge).
The search branches on placements (and on the decision it is asked about); the decisions
between two placements (filling, resolving edges, huts) are made at once, each the best
for its maker by :func:`~cacao_rules.agents.bots.greedy_value`. Each iteration walks down
by the UCB1 rule, adds one new state, plays on from it for ``playout_turns`` turns of random
placements, and scores what it reached: a finished game by who won,
any other state by each seat's lead in :func:`~cacao_rules.agents.bots.greedy_value`
(gold, and what the rest is likely worth), squashed into 0..1. Scoring a short playout
instead of playing on to the end makes an iteration cheap, so a second of search looks at
thousands of states.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=3)
>>> bot = cr.MCTSBot(7, iterations=8)
>>> bot.choose(state) == cr.MCTSBot(7, iterations=8).choose(state)
True
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from typing import Final

from ..engine import apply, legal_moves
from ..errors import CacaoError, excerpt
from ..game.components import Tile
from ..game.frozen import FrozenMap
from ..game.geometry import Square
from ..game.moves import Move
from ..observation import observe
from ..state.chance import check_seed
from ..state.state import PlacementStep, State
from ..turn.results import winners
from ..turn.scoring import temple_totals
from .bots import greedy_value
from .determinization import determinize

DEFAULT_SECONDS: Final = 1.0
"""The thinking time per decision when neither budget is given."""

LEAD_SCALE: Final = 24.0
"""How much lead in :func:`greedy_value` (eighths of a gold) makes an unfinished state
score about 0.73 (3 gold ahead), in the logistic squash of :meth:`MCTSBot._score`."""

Stats = dict[Move, list[float]]
"""A tree node: for each move tried, its visits and the summed score of the seat that made it."""


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _is_positive(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value > 0


def _check(ok: bool, name: str, value: object, what: str = "a positive number") -> None:
    if not ok:
        raise CacaoError(f"MCTSBot: {name} must be {what}, got {excerpt(value)}")


class MCTSBot:
    """Plays by UCT over ``worlds`` determinizations, within an iteration or time budget.

    ``iterations`` caps the descents per decision, shared among the worlds (the same seed
    then gives the same moves on any machine); ``seconds`` caps the thinking time instead
    (about one second by default, when neither is given). ``exploration`` is the UCB1
    constant and ``playout_turns`` how many turns of random moves a new state is played on
    before it is scored. A decision with one legal move is answered at once.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        worlds: int = 2,
        exploration: float = 0.3,
        playout_turns: int = 0,
    ) -> None:
        check_seed(seed, "MCTSBot: seed")
        _check(
            iterations is None or _is_count(iterations), "iterations", iterations, "a count >= 1"
        )
        _check(seconds is None or _is_positive(seconds), "seconds", seconds)
        _check(_is_count(worlds), "worlds", worlds, "a count >= 1")
        _check(_is_positive(exploration) or exploration == 0, "exploration", exploration, ">= 0")
        _check(
            _is_count(playout_turns) or playout_turns == 0, "playout_turns", playout_turns, ">= 0"
        )
        self.seed = seed
        self.iterations = iterations
        self.seconds = DEFAULT_SECONDS if seconds is None and iterations is None else seconds
        self.worlds = worlds
        self.exploration = exploration
        self.playout_turns = playout_turns
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        return f"MCTSBot({self.seed}, {budget}, worlds={self.worlds})"

    def choose(self, state: State) -> Move:
        """The move the searches of ``state``'s determinizations visited most."""
        moves = legal_moves(state)
        seat = state.to_move
        if seat is None:
            raise CacaoError("MCTSBot chooses only where a player decides")
        if len(moves) == 1:
            return moves[0]
        seen = observe(state, seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        visits: Counter[Move] = Counter()
        scores: dict[Move, float] = dict.fromkeys(moves, 0.0)
        for world_index in range(self.worlds):
            world = determinize(
                seen, seed=self._rng.getrandbits(64), chance_seed=self._rng.getrandbits(64)
            )
            share = None
            if self.iterations is not None:
                share = self.iterations // self.worlds + (
                    world_index < self.iterations % self.worlds
                )
            world_deadline = None
            if deadline is not None:
                left = deadline - time.perf_counter()
                world_deadline = time.perf_counter() + left / (self.worlds - world_index)
            for move, (count, score) in self._search(world, share, world_deadline).items():
                visits[move] += int(count)
                scores[move] += score
        return max(moves, key=lambda move: (visits[move], scores[move] / max(visits[move], 1)))

    def _search(self, world: State, iterations: int | None, deadline: float | None) -> Stats:
        """The visits and summed scores of ``world``'s moves after UCT within the budget
        (at least one iteration)."""
        tree: dict[State, Stats] = {}
        done = 0
        while done < 1 or (
            (iterations is None or done < iterations)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            self._iterate(world, tree)
            done += 1
        return tree[world]

    def _iterate(self, world: State, tree: dict[State, Stats]) -> None:
        state = world
        path: list[tuple[list[float], int]] = []
        while not state.is_over:
            moves = legal_moves(state)
            stats = tree.setdefault(state, {})
            untried = [move for move in moves if move not in stats]
            move = self._rng.choice(untried) if untried else self._pick(stats, moves)
            mover = state.to_move
            assert mover is not None, "a seeded world has no chance nodes"
            path.append((stats.setdefault(move, [0, 0.0]), mover))
            state = _settle(apply(state, move))
            if untried:
                break
        scores = self._score(self._playout(state))
        for entry, mover in path:
            entry[0] += 1
            entry[1] += scores[mover]

    def _pick(self, stats: Stats, moves: tuple[Move, ...]) -> Move:
        """The move with the best upper confidence bound (UCB1)."""
        total = math.log(sum(visits for visits, _ in stats.values()))
        c = self.exploration
        return max(
            moves,
            key=lambda m: stats[m][1] / stats[m][0] + c * math.sqrt(total / stats[m][0]),
        )

    def _playout(self, state: State) -> State:
        """Random placements, each followed by :func:`_settle`, until ``playout_turns`` more
        turns have begun, or the end."""
        until = state.turn + self.playout_turns
        while not state.is_over and state.turn < until:
            state = _settle(apply(state, self._rng.choice(legal_moves(state))))
        return state

    def _score(self, state: State) -> list[float]:
        """Each seat's score in 0..1: its share of the win at the end, else its lead."""
        seats = range(len(state.players))
        if state.is_over:
            won = winners(state)
            return [1 / len(won) if seat in won else 0.0 for seat in seats]
        temples = temple_totals(state)
        values = [greedy_value(state, seat, temples) for seat in seats]
        scores = []
        for seat in seats:
            lead = values[seat] - max(v for other, v in enumerate(values) if other != seat)
            scores.append(1 / (1 + math.exp(-lead / LEAD_SCALE)))
        return scores


def _settle(state: State) -> State:
    """Play every decision up to the next placement (or the end) the way
    :class:`~cacao_rules.GreedyBot` would: the move whose result :func:`greedy_value` likes
    best for its maker.

    The search branches on placements only; filling, resolving edges and building huts
    are decided at once, so that a placement is judged by what it brings in.
    """
    temples: dict[FrozenMap[Square, Tile], list[int]] = {}  # resolving keeps the board

    def value(after: State, seat: int) -> int:
        if after.board not in temples:
            temples[after.board] = temple_totals(after)
        return greedy_value(after, seat, temples[after.board])

    while not state.is_over and not isinstance(state.step, PlacementStep):
        mover = state.to_move
        assert mover is not None, "a seeded world has no chance nodes"
        moves = legal_moves(state)
        if len(moves) == 1:
            state = apply(state, moves[0])
            continue
        state = max((apply(state, move) for move in moves), key=lambda after: value(after, mover))
    return state
