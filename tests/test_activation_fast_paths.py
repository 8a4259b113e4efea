"""The quick ways the engine activates edges, tied to the plain rules they stand for.

The engine finds the activated edges with the test of
:func:`~cacao_rules.turn.activation.activates` written out rather than by calling it for
every side: over the placements of random games it finds what the plain reading of R-ACT-1,
R-ACT-2, R-ACT-6 and R-TREE-3 finds. At the resolve steps of random games, the moves it lists
the quick ways are one per outcome of the uses offered (R-DECIDE-2), a single edge is settled
by its options, and resolving a move and the dead edges after it leaves what settling round
by round does.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules import JungleKind, Side, engine
from cacao_rules.game.components import JungleTile, WorkerTile
from cacao_rules.game.geometry import neighbours
from cacao_rules.modules.huts import counted_workers
from cacao_rules.state.draft import Draft
from cacao_rules.state.state import ResolveStep
from cacao_rules.state.view import View
from cacao_rules.turn import activation

CONFIGS = [cr.Config(players=4), cr.Config.big_game(4)]
IDS = ["base", "big game"]

Found = list[tuple[int, Any, Side, int, Any]]


def games(config: cr.Config, seeds: range) -> Iterator[cr.State]:
    """Every state of the seeded random games of ``config``."""
    for seed in seeds:
        choose = random.Random(seed).choice
        state = cr.new_game(config, seed=seed)
        while not state.is_over:
            yield state
            state = cr.apply(state, choose(cr.legal_moves(state)))


def plain_activated(view: View, placed: Any, filled: tuple[Any, ...]) -> Found:
    """The edges activated by a tile placed on ``placed`` and the spaces ``filled``, read
    from the rules side by side, with :func:`activation.activates`."""
    board = view.board
    found: Found = []
    new_tile = board[placed]
    assert isinstance(new_tile, WorkerTile)
    for side, facing in zip(Side, neighbours(placed), strict=True):
        if activation.activates(new_tile.edges[side], board.get(facing)):
            workers = counted_workers(new_tile, new_tile.edges[side])
            found.append((new_tile.owner, placed, side, workers, facing))
    for space in filled:
        for side, square in zip(Side, neighbours(space), strict=True):
            tile = board.get(square)
            if isinstance(tile, WorkerTile) and square != placed:
                facing_side = side.opposite
                if activation.activates(tile.edges[facing_side], board.get(space)):
                    workers = counted_workers(tile, tile.edges[facing_side])
                    found.append((tile.owner, square, facing_side, workers, space))
    players = len(view.players)
    found.sort(key=lambda edge: ((edge[0] - view.current) % players, edge[1], edge[2]))
    return found


@pytest.mark.rule("R-ACT-1", "R-ACT-2", "R-ACT-6", "R-TREE-3")
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_edges_activated_are_those_the_plain_rules_find(config: cr.Config) -> None:
    """On the boards of random games, every worker tile taken as the one just placed, with
    the jungle tiles beside it as the spaces just filled: the engine's edges are those the
    plain rules find. (Called directly, not through a patched module attribute, which a
    compiled caller would not see.)"""
    compared = 0
    for index, state in enumerate(games(config, range(3))):
        if index % 7:
            continue
        board = state.board
        for placed, tile in board.items():
            if not isinstance(tile, WorkerTile):
                continue
            jungle = [sq for sq in neighbours(placed) if isinstance(board.get(sq), JungleTile)]
            filled = tuple(sorted(jungle))
            edges = activation.activated_edges(state, placed, filled)
            found = [(e.owner, e.square, e.side, e.workers, e.jungle_square) for e in edges]
            assert found == plain_activated(state, placed, filled)
            compared += 1
    assert compared > 100


@pytest.mark.rule("R-ACT-1", "R-TREE-3")
def test_an_edge_is_activated_by_a_worker_or_at_a_tree_of_life() -> None:
    for kind in JungleKind:
        tile = JungleTile(kind, gems=(1, 1, 1, 1) if kind is JungleKind.GEM_MINE else None)
        for workers in range(5):
            expected = workers > 0 or kind is JungleKind.TREE_OF_LIFE
            assert activation.activates(workers, tile) == expected, (kind, workers)
        assert not activation.activates(3, None)


def resolve_states(config: cr.Config, seeds: range, every: int = 1) -> Iterator[cr.State]:
    """The states of the seeded random games of ``config`` that wait for a resolve move
    (every ``every``-th of them)."""
    found = 0
    for state in games(config, seeds):
        if isinstance(state.step, ResolveStep):
            if found % every == 0:
                yield state
            found += 1


def after(state: cr.State, move: cr.Resolve) -> cr.State:
    """The state ``move`` leads to, whether or not it is listed: carried out and settled as
    the engine does for a listed move."""
    draft = Draft(state, None)
    activation.do_resolve(draft, move)
    engine.settle(draft)
    return draft.freeze()


def offered_moves(state: cr.State) -> list[cr.Resolve]:
    """A move for every use offered on every edge of the owner to decide (R-ACT-4)."""
    step = state.step
    assert isinstance(step, ResolveStep)
    return [
        activation.resolve_move(edge, use)
        for edge in activation._decider_edges(step.queue)
        for use in activation.edge_options(state, edge)
    ]


@pytest.mark.rule("R-DECIDE-2", "R-ACT-7")
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_one_move_is_listed_for_every_outcome_of_the_uses_offered(config: cr.Config) -> None:
    """The engine lists an owner's moves the quick ways (a single edge, edges that do not
    interact, a situation kept, moves compared by what they change and, only where that is
    alike, by the edges they leave live, as the uses listed on each edge): at the resolve
    steps of random games, the moves listed lead to different states, and every use
    offered leads to the state of one of them, the plain reading of R-DECIDE-2."""
    compared = 0
    for state in resolve_states(config, range(10)):
        listed = [move for move in cr.legal_moves(state) if isinstance(move, cr.Resolve)]
        assert len(listed) == len(cr.legal_moves(state))
        offered = offered_moves(state)
        assert set(listed) <= set(offered)
        results = [after(state, move) for move in listed]
        for index, result in enumerate(results):
            assert result not in results[:index], listed[index]
        for move in offered:
            assert after(state, move) in results, move
        compared += len(offered) > len(listed)
    assert compared > 3


@pytest.mark.rule("R-ACT-4", "R-ACT-7")
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_single_edge_is_settled_by_its_options(config: cr.Config) -> None:
    """_settle works a single edge's options out itself (edge_options written out): every
    edge of the owner to decide, taken alone, is live exactly if it offers a choice, and
    then its moves are its uses offered (R-ACT-4, R-ACT-7)."""
    compared = 0
    for state in resolve_states(config, range(3)):
        step = state.step
        assert isinstance(step, ResolveStep)
        for edge in activation._decider_edges(step.queue):
            options = activation.edge_options(state, edge)
            live, listed = activation._settle(state, (edge,))
            assert live == (len(options) > 1,)
            expected = [activation.resolve_move(edge, use) for use in options]
            assert (None if listed is None else list(listed)) == (expected if live[0] else None)
            compared += 1
    assert compared > 50


def settle_round_by_round(draft: Draft) -> tuple[list[cr.Resolve] | None, int]:
    """What settling the owner to decide's edges gives the plain way, as the engine once did
    it, one round of its loop at a time: their dead edges resolved using no worker, and,
    if some are live and none is dead, their moves; and how many rounds it took."""
    rounds = 0
    while True:
        rounds += 1
        step = draft.step
        assert isinstance(step, ResolveStep)
        mine = activation._decider_edges(step.queue)
        live = activation.live_edges(draft, mine)
        if all(live):
            return list(activation.resolve_moves(draft)), rounds
        kept = tuple(edge for edge, alive in zip(mine, live, strict=True) if alive)
        queue = kept + step.queue[len(mine) :]
        activation._continue(draft, queue, step.received, mine[0].owner)
        if not kept:
            return None, rounds


@pytest.mark.rule("R-ACT-5", "R-ACT-7")
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_resolving_finds_the_edge_and_settles_what_is_left_as_round_by_round(
    config: cr.Config,
) -> None:
    """After every move listed at the resolve steps of random games: do_resolve takes the
    move's edge out of the queue (found first among the owner's edges, the usual case, and
    by _queue_index otherwise), and settle_or_list, which settles the live edges left to an
    owner at once after resolving their dead ones, leaves the state and the moves that
    settling round by round does (R-ACT-5, R-ACT-7)."""
    further = at_once = 0
    for state in resolve_states(config, range(6)):
        step = state.step
        assert isinstance(step, ResolveStep)
        queue = step.queue
        for move in cr.legal_moves(state):
            assert isinstance(move, cr.Resolve)
            index = activation._queue_index(queue, move)
            further += index > 0
            draft = Draft(state, None)
            activation.do_resolve(draft, move)
            plain = Draft(state, None)
            activation.do_resolve(plain, move)
            if not isinstance(draft.step, ResolveStep):
                continue
            assert draft.step.queue == queue[:index] + queue[index + 1 :]
            listed = activation.settle_or_list(draft)
            expected, rounds = settle_round_by_round(plain)
            assert (None if listed is None else list(listed)) == expected
            assert draft.freeze() == plain.freeze()
            at_once += rounds > 1 and expected is not None
    assert further > 5 and at_once > 0
