"""The quick ways the engine activates edges, tied to the plain rules they stand for.

The engine finds the activated edges with the test of
:func:`~cacao_rules.turn.activation.activates` written out rather than by calling it for
every side: over the placements of random games it finds what the plain reading of R-ACT-1,
R-ACT-2, R-ACT-6 and R-TREE-3 finds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules import JungleKind, Side
from cacao_rules.game.components import JungleTile, WorkerTile
from cacao_rules.game.geometry import neighbours
from cacao_rules.modules.huts import counted_workers
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
