"""The New Workers module of *Diamante*: the new tiles, agreed worker sets, the balance of
worker and jungle tiles, and long games in which players must discard.

Rules: R-NEW-1 to R-NEW-4 (with R-PLACE-4). The tiles' edges, the physical counts per colour and
the balance figures are written out from spec/rules.md and the Diamante rules p.4, not read
from the engine's tables.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import pytest

import cacao_rules as cr
import invariants as inv
from cacao_rules import ConfigError, Module, WorkerType
from cacao_rules.game import pools
from helpers_modules import names
from helpers_positions import M2, P1, W1111, W2101, W3001, W3100, of_type, start_board, wt

NEW = Module.NEW_WORKERS
TREE = Module.TREE_OF_LIFE
CHOCOLATE = Module.CHOCOLATE
W0022 = WorkerType.W0022
W0202 = WorkerType.W0202
W0103 = WorkerType.W0103
W0004 = WorkerType.W0004

PHYSICAL = {
    W1111: 4, W2101: 5, W3001: 1, W3100: 1, W0022: 1, W0202: 1, W0103: 1, W0004: 1,
}  # fmt: skip
"""Every worker tile of one colour, base game and Diamante (15)."""

# An agreed set of 11 tiles: the base 3-player set plus a 0-0-2-2 instead of a 1-1-1-1.
MIXED = {W1111: 2, W2101: 5, W3001: 1, W3100: 1, W0022: 1, W0004: 1}


def _config(players: int, workers: Any, *modules: Module) -> cr.Config:
    return cr.Config(players=players, modules={NEW, *modules}, workers=workers)


def _worker_counts(player: cr.PlayerState) -> Counter[WorkerType]:
    counts: Counter[WorkerType] = Counter(player.hand)
    for kind, count in player.pile.items:
        counts[kind] += count
    return counts


# R-NEW-1: the new tiles -------------------------------------------------------------------

# Edges N, E, S, W at each rotation: one quarter turn clockwise moves N to E.
EDGES = {
    W0022: [(0, 0, 2, 2), (2, 0, 0, 2), (2, 2, 0, 0), (0, 2, 2, 0)],
    W0202: [(0, 2, 0, 2), (2, 0, 2, 0), (0, 2, 0, 2), (2, 0, 2, 0)],
    W0103: [(0, 1, 0, 3), (3, 0, 1, 0), (0, 3, 0, 1), (1, 0, 3, 0)],
    W0004: [(0, 0, 0, 4), (4, 0, 0, 0), (0, 4, 0, 0), (0, 0, 4, 0)],
}


@pytest.mark.rule("R-NEW-1")
@pytest.mark.parametrize("kind", list(EDGES), ids=str)
def test_new_tiles_edges_at_every_rotation(kind: WorkerType) -> None:
    for rotation, edges in enumerate(EDGES[kind]):
        assert kind.rotated(rotation) == edges
        assert cr.WorkerTile.of(0, kind, rotation).edges == edges
    assert sum(kind.edges) == 4


@pytest.mark.rule("R-NEW-1", "R-PLACE-3")
@pytest.mark.parametrize(
    ("kind", "rotations"),
    [(W0022, (0, 1, 2, 3)), (W0202, (0, 1)), (W0103, (0, 1, 2, 3)), (W0004, (0, 1, 2, 3))],
    ids=str,
)
def test_new_tiles_distinct_rotations(kind: WorkerType, rotations: tuple[int, ...]) -> None:
    assert kind.rotations == rotations
    # The offered placements of the tile on one square use exactly these rotations.
    config = _config(2, {kind: 1, W1111: 1})
    state = cr.position(config, players=[cr.PlayerState(hand=(kind,)), cr.PlayerState()])
    offered = [
        move.rotation
        for move in cr.legal_moves(state)
        if isinstance(move, cr.Place) and move.square == (1, 0)
    ]
    assert tuple(offered) == rotations


@pytest.mark.rule("R-NEW-1", "R-ACT-1")
@pytest.mark.parametrize(
    ("rotation", "activated"),
    [(0, [(cr.Side.W, 4, P1)]), (1, []), (2, []), (3, [(cr.Side.S, 4, M2)])],
)
def test_the_0004_activates_one_edge_of_four(
    rotation: int, activated: list[tuple[cr.Side, int, cr.JungleTile]]
) -> None:
    # (1, 0) has the plantation (0, 0) to its W and the market (1, 1) to its S.
    config = _config(2, {W0004: 1, W1111: 1})
    state = cr.position(config, players=[cr.PlayerState(hand=(W0004,)), cr.PlayerState()])
    state, events = cr.step(state, cr.Place(W0004, (1, 0), rotation))
    edges = [(e.side, e.workers, e.jungle) for e in of_type(events, cr.EdgeActivated)]
    assert edges == activated
    if rotation == 0:
        assert names(state) == [f"resolve 1,0 W {used}" for used in range(5)]
        state = cr.apply(state, cr.Resolve((1, 0), cr.Side.W, 4))
        assert state.players[0].cacao == 4


# R-NEW-2: agreed sets ---------------------------------------------------------------------


@pytest.mark.rule("R-NEW-2")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "extra",
    [(), (TREE, CHOCOLATE), (TREE,), (CHOCOLATE,)],
    ids=["alone", "tree-choc", "tree", "choc"],
)
@pytest.mark.parametrize("seed", [3, None])
def test_agreed_set_dealt_to_every_player(
    players: int, extra: tuple[Module, ...], seed: int | None
) -> None:
    state = cr.new_game(_config(players, MIXED, *extra), seed=seed)
    rng = random.Random(players)
    while state.is_chance:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    assert len(state.players) == players
    for player in state.players:
        assert len(player.hand) == 3
        # The agreed set replaces every removal (R-SETUP-3; R-TREE-1 with Chocolate).
        assert _worker_counts(player) == MIXED
    cr.check_state(state)


@pytest.mark.rule("R-NEW-2", "R-SETUP-3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_agreed_set_replaces_the_removals(players: int) -> None:
    # The whole base set of 11 with 4 players, who would otherwise remove two tiles.
    base = {W1111: 4, W2101: 5, W3001: 1, W3100: 1}
    config = cr.Config(players=players, workers=base)
    assert pools.worker_set(config) == base
    state = cr.new_game(config, seed=1)
    assert all(_worker_counts(player) == base for player in state.players)
    assert pools.worker_set(cr.Config(players=players)) != base or players == 2


@pytest.mark.rule("R-NEW-2")
def test_a_small_agreed_set_plays_a_short_game() -> None:
    config = _config(3, {W0202: 1, W0103: 1, W1111: 2})
    game = inv.random_game(config, 5, random.Random(5))
    inv.check_game(game)
    assert inv.count_placements(game) == 3 * 4
    placed = [e.tile.type for e in game.events() if isinstance(e, cr.WorkerPlaced)]
    placed += [e.type for e in game.events() if isinstance(e, cr.WorkerDiscarded)]
    assert Counter(placed) == {W0202: 3, W0103: 3, W1111: 6}


@pytest.mark.rule("R-NEW-2")
def test_workers_become_an_ordered_frozen_map() -> None:
    config = _config(2, {W0004: 1, W1111: 3, W0022: 0})
    assert list(config.workers or {}) == [W1111, W0004]  # zero counts dropped, enum order
    assert config == _config(2, {W1111: 3, W0004: 1})
    assert hash(config) == hash(_config(2, {W1111: 3, W0004: 1}))
    assert repr(config) == "Config(players=2, modules={NEW_WORKERS}, workers={W1111: 3, W0004: 1})"


def _with(workers: object) -> dict[str, Any]:
    return {"modules": {NEW}, "workers": workers}


CONFIG_ERRORS = [
    (
        _with({W1111: 5}),
        "workers[W1111] = 5, but a colour has only 4 1-1-1-1 tile(s)",
    ),
    (
        _with({W2101: 6}),
        "workers[W2101] = 6, but a colour has only 5 2-1-0-1 tile(s)",
    ),
    (
        _with({W0022: 2}),
        "workers[W0022] = 2, but a colour has only 1 0-0-2-2 tile(s)",
    ),
    (
        _with({W3001: 2}),
        "workers[W3001] = 2, but a colour has only 1 3-0-0-1 tile(s)",
    ),
    (_with({W1111: -1}), "workers[W1111] must be a count of 0 or more, got -1"),
    (_with({}), "workers must give every player at least one worker tile"),
    (_with({W1111: 0}), "workers must give every player at least one worker"),
    ({"workers": {W1111: 3, W0022: 1}}, "worker tile(s) W0022 belong to the New Workers module"),
    (
        {"modules": {TREE}, "workers": {W0004: 1, W0202: 1}},
        "worker tile(s) W0004, W0202 belong to the New Workers module (Module.NEW_WORKERS)",
    ),
    ({"modules": {NEW}}, "the New Workers module (Module.NEW_WORKERS) needs the agreed worker set"),
    (_with(None), "workers={WorkerType.W1111: 3, WorkerType.W0022: 1, ...}"),
]


@pytest.mark.rule("R-NEW-2", "R-SETUP-1")
@pytest.mark.parametrize(("options", "message"), CONFIG_ERRORS)
def test_bad_worker_sets_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        cr.Config(players=3, **options)
    assert message in str(raised.value)


WRONG_TYPES: list[tuple[dict[str, Any], str]] = [
    (
        _with({"1-1-1-1": 3}),
        "each key of workers must be a cacao_rules.WorkerType (W1111, ",
    ),
    (_with({W1111: True}), "int object expected; got bool"),
    (_with({W1111: 2.0}), "int object expected; got float"),
    (_with([W1111]), "workers must be None or a mapping from cacao_rules.WorkerType to a count"),
]
"""Worker sets of the wrong type: a TypeError, as for any argument (docs/api/errors.md)."""


@pytest.mark.parametrize(("options", "message"), WRONG_TYPES)
def test_worker_sets_of_the_wrong_type_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError) as raised:
        cr.Config(players=3, **options)
    assert message in str(raised.value)


@pytest.mark.rule("R-NEW-2")
def test_the_whole_box_and_base_sets_without_the_module_are_allowed() -> None:
    assert dict(_config(4, PHYSICAL).workers or {}) == PHYSICAL
    base_only = cr.Config(players=2, workers={W1111: 4, W2101: 5})
    assert pools.worker_set(base_only) == {W1111: 4, W2101: 5}


# R-NEW-3: the balance ---------------------------------------------------------------------


@pytest.mark.rule("R-NEW-3")
@pytest.mark.parametrize(
    ("config", "expected"),
    [
        (cr.Config(players=2), (22, 21, 1, (1, 8), True)),
        (cr.Config(players=3), (30, 28, 2, (2, 12), True)),
        (cr.Config(players=4), (36, 28, 8, (3, 16), True)),
        # Tree with Chocolate: 2 x 12 - 23, 3 x 11 - 31, 4 x 10 - 31.
        (cr.Config(players=2, modules={TREE, CHOCOLATE}), (24, 23, 1, (1, 8), True)),
        (cr.Config(players=3, modules={TREE, CHOCOLATE}), (33, 31, 2, (2, 12), True)),
        (cr.Config(players=4, modules={TREE, CHOCOLATE}), (40, 31, 9, (3, 16), True)),
    ],
    ids=["2p", "3p", "4p", "2p-tree-choc", "3p-tree-choc", "4p-tree-choc"],
)
def test_balance_of_the_standard_configurations(
    config: cr.Config, expected: tuple[int, int, int, tuple[int, int], bool]
) -> None:
    balance = cr.worker_balance(config)
    assert isinstance(balance, cr.WorkerBalance)
    assert (
        balance.workers,
        balance.jungle,
        balance.difference,
        balance.recommended,
        balance.within,
    ) == expected


@pytest.mark.rule("R-NEW-3")
@pytest.mark.parametrize(
    ("players", "tiles", "difference", "within"),
    [
        (2, 15, 30 - 21, False),  # the whole box: one too many for 2 players
        (2, 14, 28 - 21, True),
        (3, 9, 27 - 28, False),
        (3, 10, 30 - 28, True),  # the low end of 2 to 12
        (3, 13, 39 - 28, True),
        (3, 14, 42 - 28, False),
        (4, 7, 28 - 28, False),
        (4, 11, 44 - 28, True),  # the high end of 3 to 16
        (4, 12, 48 - 28, False),
        (4, 15, 60 - 28, False),  # the whole box
    ],
)
def test_balance_of_agreed_sets(players: int, tiles: int, difference: int, within: bool) -> None:
    # Take the box's tiles in a fixed order until there are ``tiles`` of them.
    workers: dict[WorkerType, int] = {}
    left = tiles
    for kind in (W0022, W0202, W0103, W0004, W3001, W3100, W1111, W2101):
        workers[kind] = min(PHYSICAL[kind], left)
        left -= workers[kind]
    assert left == 0
    config = _config(players, workers)
    balance = cr.worker_balance(config)
    assert (balance.workers, balance.difference, balance.within) == (
        players * tiles,
        difference,
        within,
    )
    # Outside the recommended range is allowed: it is a recommendation only.
    assert cr.new_game(config, seed=2).players[0].pile.total == tiles - 3


@pytest.mark.rule("R-NEW-2", "R-NEW-3")
@pytest.mark.parametrize(
    ("config", "tiles", "usual"),
    [
        (cr.Config(players=3), 10, 10),
        (cr.Config(players=2, modules={TREE, CHOCOLATE}), 12, 12),
        (_config(3, {W1111: 3, W2101: 4, W0022: 1, W0202: 1, W0103: 1}), 10, 10),
        (_config(4, {W1111: 3, W2101: 4, W0004: 1, W3001: 1, W3100: 1}), 10, 9),
        (_config(2, {W0022: 1, W0202: 1, W0103: 1, W0004: 1}), 4, 11),
        (cr.Config.big_game(4), 15, 10),
    ],
    ids=["standard", "tree-choc-2p", "same-count", "one-more", "four-new", "big-game"],
)
def test_balance_reports_whether_a_set_keeps_the_tile_count(
    config: cr.Config, tiles: int, usual: int
) -> None:
    balance = cr.worker_balance(config)
    assert (balance.tiles, balance.usual_tiles) == (tiles, usual)
    assert balance.keeps_tile_count == (tiles == usual)
    assert balance.workers == config.players * tiles


# R-NEW-4: long games and discards ---------------------------------------------------------


@pytest.mark.rule("R-NEW-4", "R-PLACE-4")
def test_a_player_with_no_free_square_discards() -> None:
    # Seat 1's tiles take every square next to the two start tiles; the pile is not empty, so
    # nobody may overbuild. Seat 0 may only discard, one move per kind in hand.
    squares = [(0, -1), (1, 0), (0, 1), (-1, 0), (2, 1), (1, 2)]
    board = start_board(
        {square: wt(1, W1111 if k < 4 else W2101) for k, square in enumerate(squares)}
    )
    config = _config(2, {W1111: 4, W2101: 5, W0004: 1, W0022: 1})
    state = cr.position(
        config,
        board=board,
        players=[cr.PlayerState(hand=(W0004, W1111, W0022)), cr.PlayerState(hand=(W2101,))],
    )
    assert names(state) == ["discard 1-1-1-1", "discard 0-0-2-2", "discard 0-0-0-4"]
    with pytest.raises(cr.IllegalMoveError, match="no 2-1-0-1 tile in hand"):
        cr.apply(state, cr.Discard(W2101))
    middle, events = cr.step(state, cr.Discard(W0004))
    assert cr.WorkerDiscarded(0, W0004) in events
    # Seat 1, with one kind in hand and no square either, has one move; its pile holds other
    # kinds, so the others cannot know the hand and the engine asks it (R-HIDDEN-2). That
    # discard too counts as a turn, and seat 0 (who drew a tile) is to move again.
    assert cr.legal_moves(middle) == (cr.Discard(W2101),) and middle.to_move == 1
    after, second = cr.step(middle, cr.Discard(W2101))
    events = events + second
    assert after.discarded == ((0, W0004), (1, W2101))
    assert after.turn == state.turn + 2 and after.to_move == 0
    assert of_type(events, cr.WorkerDrawn)[0].player == 0
    assert not of_type(events, cr.JungleFilled) and not of_type(events, cr.EdgeActivated)
    assert after.board == state.board


def _long_game(seed: int) -> inv.Game:
    return inv.random_game(_config(4, PHYSICAL), seed, random.Random(seed))


@pytest.mark.rule("R-NEW-4", "R-PLACE-4", "R-END-4")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_long_four_player_game_discards_and_ends(seed: int) -> None:
    game = _long_game(seed)
    inv.check_game(game)
    final = game.final
    assert final.is_over
    discards = [e for e in game.events() if isinstance(e, cr.WorkerDiscarded)]
    placed = [e for e in game.events() if isinstance(e, cr.WorkerPlaced)]
    assert discards, "a 4-player game with 15 tiles each runs out of free squares"
    assert len(placed) + len(discards) == 4 * 15
    assert final.turn == 60
    for seat in range(4):
        used = [e.tile.type for e in placed if e.player == seat]
        used += [e.type for e in discards if e.player == seat]
        assert Counter(used) == PHYSICAL
    # Every discard was forced: the player could neither place nor overbuild, and chose
    # among the kinds in hand (or the engine discarded the only kind by itself).
    for ply in game.plies:
        if isinstance(ply.move, cr.Discard):
            moves = cr.legal_moves(ply.before)
            hand = ply.before.players[ply.before.current].hand
            assert all(isinstance(move, cr.Discard) for move in moves)
            assert [cast(cr.Discard, m).type for m in moves] == sorted(
                set(hand), key=lambda kind: kind.sort_key
            )
