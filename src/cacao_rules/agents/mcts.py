"""A search bot: :class:`MCTSBot`, information-set Monte Carlo tree search (ISMCTS).

The bot never looks at what its seat may not see. It keeps one tree over what it knows:
a node is a sequence of decisions from the position it was asked about, the same node
whatever the other players hold. Each iteration deals a fresh full state consistent with
its observation (:func:`cacao_rules.determinize`: the other hands drawn at random from the
tiles they may hold, the future draws fixed by a seed) and walks the tree with it, using
only the moves legal in that deal; a move's upper confidence bound counts how often the
move was available, not how often its node was visited (single-observer ISMCTS, Cowling,
Powley and Whitehouse 2012).

The search branches on placements (and on the decision it is asked about); the decisions
between two placements (filling, resolving edges) are made at once, each the one
:class:`~cacao_rules.GreedyBot` would make. A node offers its moves in the order the greedy
bot likes them, and only the first few at first: ``widening * visits ** 0.5`` of them
(progressive widening), so a second of search goes deep on the placements worth it instead
of trying each of the dozens once. A new node is scored by each seat's lead in
:func:`leaf_value` (the gold the seat would score if the game ended now: gold, the temple
majorities as they stand, sun tokens and the water field, all in full; and what its cacao
and other holdings are likely worth, as :func:`~cacao_rules.agents.bots.greedy_value`
counts them), squashed into 0..1, or by who won at the end.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=3)
>>> bot = cr.MCTSBot(7, iterations=8)
>>> bot.choose(state) == cr.MCTSBot(7, iterations=8).choose(state)
True
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Sequence
from typing import Final, cast

from ..compiled import Int
from ..engine import apply, legal_moves
from ..errors import ConfigError, bad_argument, expect, expect_any
from ..game.moves import Move
from ..observation import observe
from ..state.chance import check_seed
from ..state.state import OverStep, PlacementStep, State
from ..turn.results import winners
from ..turn.scoring import temple_totals
from .bots import GOLD_WEIGHT, SUN_WEIGHT, WATER_WEIGHT, greedy_value
from .determinization import Dealer
from .greedy import greedy_move, relative_values

DEFAULT_SECONDS: Final = 1.0
"""The thinking time per decision when neither budget is given."""

LEAD_SCALE: Final = 24.0
"""How much lead in :func:`greedy_value` (eighths of a gold) makes an unfinished state
score about 0.73 (3 gold ahead), in the logistic squash of :func:`_score`."""

EARLY_STOP_EVERY: Final = 8
"""How many iterations pass between two checks whether a decision can stop early."""

WIDENING_POWER: Final = 0.5
"""A node with ``n`` visits offers ``widening * n ** WIDENING_POWER`` moves (at least 1)."""


class _Edge:
    """A move tried at a node: the move, its visits, the summed score of the seat that made
    it, how often it was available, and the node it leads to."""

    __slots__ = ("available", "move", "node", "score", "visits")

    def __init__(self, move: Move | None = None) -> None:
        self.move = move
        self.visits = 0
        self.score = 0.0
        self.available = 0
        self.node = _Node()


class _Node:
    """A decision in the tree: its moves tried, and its moves in the greedy bot's order
    (worked out on the first visit, from that visit's deal, whose legal moves ``listed``
    were), with the edge of each ranked move once tried (``ranked_edges``, by place in the
    ranking: a visit finds them without hashing a move)."""

    __slots__ = ("edges", "listed", "ranked", "ranked_edges", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[Move, _Edge] = {}
        self.ranked: list[Move] | None = None
        self.ranked_edges: list[_Edge | None] = []
        self.listed: Sequence[Move] = ()


def _check(ok: bool, name: str, value: object, what: str = "a positive number") -> None:
    """:class:`~cacao_rules.ConfigError` for an argument of the right type but not ``ok``."""
    if not ok:
        raise bad_argument(f"MCTSBot: {name}", what, value)


class MCTSBot:
    """Plays by information-set MCTS within an iteration or time budget.

    ``iterations`` caps the iterations per decision (the same seed then gives the same
    moves on any machine); ``seconds`` caps the thinking time instead (one second by
    default, when neither is given). ``exploration`` is the UCB constant and ``widening``
    how many moves a node offers per square root of its visits. A decision with one legal
    move is answered at once, and with ``stop_early`` (the default) a decision ends as soon
    as the iterations its budget has left could not change the most visited move: the
    same move, sooner (with a time budget, the iterations left are estimated from the
    pace so far). Each decision deals from a stream of its own, drawn from the seed, so
    stopping early changes no later decision either. After each decision,
    ``last_iterations`` says how many iterations it ran.
    """

    def __init__(
        self,
        seed: Int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.5,
        widening: float = 2.0,
        stop_early: bool = True,
    ) -> None:
        check_seed(seed, "MCTSBot: seed")
        expect_any(iterations, (int,), optional=True)
        expect_any(seconds, (int, float), optional=True)
        expect_any(exploration, (int, float))
        expect_any(widening, (int, float))
        _check(iterations is None or iterations >= 1, "iterations", iterations, "a count >= 1")
        _check(seconds is None or seconds > 0, "seconds", seconds)
        _check(exploration >= 0, "exploration", exploration, ">= 0")
        _check(widening > 0, "widening", widening)
        self.seed = seed
        self.iterations = iterations
        self.seconds = DEFAULT_SECONDS if seconds is None and iterations is None else seconds
        self.exploration = exploration
        self.widening = widening
        self.stop_early = expect(stop_early, bool)
        self.last_iterations = 0
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        return f"MCTSBot({self.seed}, {budget})"

    def choose(self, state: State) -> Move:
        """The move the search of ``state``'s information set visited most."""
        moves = legal_moves(state)
        seat = state.to_move
        if seat is None:
            raise ConfigError("MCTSBot chooses only where a player decides")
        if len(moves) == 1:
            return moves[0]
        dealer = Dealer(observe(state, seat))
        deals = random.Random(self._rng.getrandbits(64))
        start = time.perf_counter()
        root = _Node()
        done = 0
        while done < 1 or not self._finished(root, done, time.perf_counter() - start):
            world = dealer.deal(deals.getrandbits(64), deals.getrandbits(64))
            self._iterate(world, root, moves)
            done += 1
        self.last_iterations = done
        return max(
            moves,
            key=lambda move: (
                root.edges[move].visits if move in root.edges else -1,
                root.edges[move].score / max(root.edges[move].visits, 1)
                if move in root.edges
                else 0.0,
            ),
        )

    def _finished(self, root: _Node, done: int, elapsed: float) -> bool:
        """Whether the decision ends after ``done`` iterations and ``elapsed`` seconds: its
        budget is spent, or (with ``stop_early``) the iterations left could not change the
        most visited move, each giving one visit to one move of ``root``."""
        left = math.inf if self.iterations is None else float(self.iterations - done)
        if self.seconds is not None and elapsed > 0:
            left = min(left, (self.seconds - elapsed) * done / elapsed)
        if left <= 0:
            return True
        if not self.stop_early or done % EARLY_STOP_EVERY:
            return False
        first, second = heapq.nlargest(2, [edge.visits for edge in root.edges.values()] + [0])
        return first - second > left

    def _iterate(self, world: State, root: _Node, moves: Sequence[Move]) -> None:
        """One descent with the deal ``world``: select, expand one node, score, back up.
        ``moves`` are the searcher's legal moves at the root: a deal fills in only what the
        searcher cannot see, so they are the deal's too, and are not listed again."""
        state = world
        node = root
        path: list[tuple[_Node, _Edge, int]] = []
        while True:
            step = state.step
            if isinstance(step, OverStep):
                break
            # Below the root a placement, whose mover is the player to move (to_move's
            # answer, without its calls).
            mover = state.current if isinstance(step, PlacementStep) else state.to_move
            assert mover is not None, "a seeded world has no chance nodes"
            if node is not root:
                moves = legal_moves(state)
            places, extras = self._offer(node, state, mover, moves)
            # Each offered move's edge is looked up once, the ranked ones by their place:
            # the first untried one is expanded, else the tried ones (then all offered, in
            # order) are compared.
            ranked_edges = node.ranked_edges
            tried: list[_Edge] = []
            untried = -1  # the place of the first untried ranked move
            for place in places:
                edge = ranked_edges[place]
                if edge is None:
                    if untried < 0:
                        untried = place
                else:
                    edge.available += 1
                    tried.append(edge)
            untried_extra: Move | None = None
            for move in extras:  # moves the ranking lacks: by the move
                found = node.edges.get(move)
                if found is None:
                    if untried < 0 and untried_extra is None:
                        untried_extra = move
                else:
                    found.available += 1
                    tried.append(found)
            expand = untried >= 0 or untried_extra is not None
            if expand:
                if untried >= 0:
                    move = cast(list[Move], node.ranked)[untried]
                else:
                    move = cast(Move, untried_extra)
                edge = node.edges[move] = _Edge(move)
                edge.available = 1
                if untried >= 0:
                    ranked_edges[untried] = edge
            else:
                edge = self._pick(tried)
                move = cast(Move, edge.move)
            path.append((node, edge, mover))
            state = _settle(apply(state, move))
            node = edge.node
            if expand:
                break
        scores = _score(state)
        for parent, edge, mover in path:
            parent.visits += 1
            edge.visits += 1
            edge.score += scores[mover]

    def _offer(
        self, node: _Node, state: State, mover: int, moves: Sequence[Move]
    ) -> tuple[Sequence[int], list[Move]]:
        """The moves ``node`` offers in this deal (see :meth:`_offered`), as the places in
        its ranking of the ranked ones, in order, and the moves the ranking lacks, which
        come after them."""
        ranked = node.ranked
        if ranked is None:
            # Best first, the first of equal ones first (the sort is stable); keyed by a
            # list's own item lookup, which compiled code calls without a Python frame.
            negated = [-value for value in relative_values(state, mover, moves)]
            order = sorted(range(len(moves)), key=negated.__getitem__)
            ranked = node.ranked = [moves[index] for index in order]
            node.ranked_edges = [None] * len(ranked)
            node.listed = moves
        allowed = max(1, math.ceil(self.widening * node.visits**WIDENING_POWER))
        listed = node.listed
        if moves is listed or moves == listed:  # the same moves (the root's): no filtering
            return range(min(allowed, len(ranked))), []
        legal = set(moves)
        places: list[int] = []
        place = 0
        for move in ranked:  # only the first ``allowed`` are offered: stop there
            if move in legal:
                places.append(place)
                if len(places) == allowed:
                    return places, []
            place += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
        known = {ranked[place] for place in places}
        extras = [move for move in moves if move not in known]
        return places, extras[: allowed - len(places)]

    def _offered(self, node: _Node, state: State, mover: int, moves: Sequence[Move]) -> list[Move]:
        """The moves ``node`` offers in this deal: the greedy bot's favourites first, as
        many as its visits allow; moves the ranking (from another deal) lacks come last."""
        places, extras = self._offer(node, state, mover, moves)
        ranked = cast(list[Move], node.ranked)
        return [ranked[place] for place in places] + extras

    def _pick(self, tried: Sequence[_Edge]) -> _Edge:
        """The edge in ``tried`` (each offered move's, in order) with the best upper
        confidence bound, counting availability; the first of equal ones."""
        c = self.exploration
        sqrt = math.sqrt
        log = math.log
        best = tried[0]
        best_bound = -math.inf
        for edge in tried:
            visits = edge.visits
            bound = edge.score / visits + c * sqrt(log(edge.available) / visits)
            if bound > best_bound:
                best = edge
                best_bound = bound
        return best


def _score(state: State) -> list[float]:
    """Each seat's score in 0..1: its share of the win at the end, else its lead."""
    seats = range(len(state.players))
    if state.is_over:
        won = winners(state)
        return [1 / len(won) if seat in won else 0.0 for seat in seats]
    temples = temple_totals(state)
    values = []
    for seat in seats:  # a loop: a comprehension is a call (pure)
        values.append(leaf_value(state, seat, temples))
    # The best of the others' values is the best value, or the runner-up's for the seat
    # that holds the best (equal to the best where two hold it).
    ordered = sorted(values)  # a few seats: one sort, not heapq's generic nlargest
    top = ordered[-1]
    runner_up = ordered[-2]
    scores = []
    for value in values:
        lead = value - (runner_up if value == top else top)
        scores.append(1 / (1 + math.exp(-lead / LEAD_SCALE)))
    return scores


def leaf_value(state: State, seat: int, temples: Sequence[int] | None = None) -> int:
    """How the search values an unfinished ``state`` for ``seat``, in eighths of a gold:
    :func:`~cacao_rules.agents.bots.greedy_value`, but with the sun tokens and the water
    field counted in full, as the final scoring counts them (:rule:`R-SCORE-6`,
    :rule:`R-SCORE-7`), like the gold in hand and the temple majorities. The greedy bot counts
    them at a part of their worth; the search, which scores where its lines stop, needs what
    they will be worth at the end. ``temples`` as for ``greedy_value``.
    """
    player = state.players[seat]
    in_full = (GOLD_WEIGHT - SUN_WEIGHT) * player.sun + (GOLD_WEIGHT - WATER_WEIGHT) * player.water
    return greedy_value(state, seat, temples) + in_full


def _settle(state: State) -> State:
    """Play every decision up to the next placement (or the end) as
    :class:`~cacao_rules.GreedyBot` would: the search branches on placements only, so that
    a placement is judged by what it brings in."""
    while not isinstance(state.step, _SETTLED):
        state = apply(state, greedy_move(state))
    return state


_SETTLED: Final = (PlacementStep, OverStep)
"""The steps :func:`_settle` stops at: a placement, or the end (``State.is_over``)."""
