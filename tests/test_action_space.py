"""The integer action space (``cr.ActionSpace``): a bijection between the legal moves of every
state and ids in fixed ranges, over random unseeded games of many configurations; the window
of squares; the bound on the length of a game; the errors."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Final

import pytest

import cacao_rules as cr
from cacao_rules import Module, WorkerType
from cacao_rules.game.components import WORKERS_PER_COLOUR, Hut

M = Module
NEW_WORKERS: Final = {
    WorkerType.W1111: 3,
    WorkerType.W2101: 4,
    WorkerType.W0022: 1,
    WorkerType.W0202: 1,
    WorkerType.W0103: 1,
    WorkerType.W0004: 1,
    WorkerType.W3001: 1,
}

CONFIGS: Final = {
    "base-2": cr.Config(players=2),
    "base-3": cr.Config(players=3),
    "base-4": cr.Config(players=4),
    "map-2": cr.Config(players=2, modules={M.MAP}),
    "map-early-3": cr.Config(players=3, modules={M.MAP}, map_early_overbuild=True),
    "watering-4": cr.Config(players=4, modules={M.WATERING}),
    "chocolate-2": cr.Config(players=2, modules={M.CHOCOLATE}),
    "huts-3": cr.Config(players=3, modules={M.HUTS}),
    "huts-agreed-2": cr.Config(
        players=2, modules={M.HUTS}, huts={Hut.FOREMAN, Hut.SHAMAN, Hut.MARKET_CRIER}
    ),
    "gem-mines-2": cr.Config(players=2, modules={M.GEM_MINES}),
    "gem-mines-4": cr.Config(players=4, modules={M.GEM_MINES}),
    "tree-3": cr.Config(players=3, modules={M.TREE_OF_LIFE}),
    "tree-chocolate-2": cr.Config(players=2, modules={M.TREE_OF_LIFE, M.CHOCOLATE}),
    "emperor-4": cr.Config(players=4, modules={M.EMPEROR}),
    "new-workers-3": cr.Config(players=3, modules={M.NEW_WORKERS}, workers=NEW_WORKERS),
    "chocolatl-4": cr.Config(players=4, modules={M.MAP, M.WATERING, M.CHOCOLATE, M.HUTS}),
    "mixed-3": cr.Config(players=3, modules={M.MAP, M.CHOCOLATE, M.HUTS, M.GEM_MINES}),
    "whole-box-2": cr.Config(players=2, modules={M.NEW_WORKERS}, workers=WORKERS_PER_COLOUR),
    "big-3": cr.Config.big_game(3),
    "big-4": cr.Config.big_game(4),
}
GAMES: Final = 4


def _pick(state: cr.State, rng: random.Random) -> cr.Move:
    """A chance outcome by its probability, or a legal decision uniformly."""
    if state.is_chance:
        outcomes = cr.chance_outcomes(state)
        moves = [move for move, _ in outcomes]
        weights = [float(p) for _, p in outcomes]
        return rng.choices(moves, weights)[0]
    return rng.choice(cr.legal_moves(state))


def _game(config: cr.Config, seed: int) -> Iterator[cr.State]:
    """Every state of a random unseeded game, the last one over."""
    rng = random.Random(seed)
    state = cr.new_game(config)
    yield state
    while not state.is_over:
        state = cr.apply(state, _pick(state, rng))
        yield state


def _check_state(
    space: cr.ActionSpace, state: cr.State, meanings: dict[tuple[bool, int], object]
) -> None:
    moves = cr.legal_moves(state)
    ids = space.legal_actions(state)
    assert len(ids) == len(moves)
    assert list(ids) == sorted(set(ids))
    bound = space.chance_size if state.is_chance else space.size
    assert all(0 <= action < bound for action in ids)
    for move in moves:
        action = space.encode(state, move)
        assert action in ids
        assert space.decode(state, action) == move
        assert space.action_to_string(state, action) == str(move)
        # Ids whose meaning the layout fixes mean the same in every state.
        if not isinstance(move, cr.Fill | cr.Resolve | cr.Slide):
            meaning = (
                (move.type, move.square, move.rotation)
                if isinstance(move, cr.Place | cr.Overbuild)
                else move
            )
            assert meanings.setdefault((state.is_chance, action), meaning) == meaning
    mask = space.action_mask(state)
    assert len(mask) == space.size
    if state.is_chance:
        assert mask.count(1) == 0
        outcomes = cr.chance_outcomes(state)
        assert space.chance_outcomes(state) == tuple(
            (space.encode(state, move), p) for move, p in outcomes
        )
        assert sum(p for _, p in space.chance_outcomes(state)) == Fraction(1)
        assert space.chance_probabilities(state) == tuple(
            (action, float(p)) for action, p in space.chance_outcomes(state)
        )
    else:
        assert mask.count(1) == len(ids)
        assert all(mask[action] for action in ids)
        with pytest.raises(cr.IllegalMoveError, match="needs a chance node"):
            space.chance_probabilities(state)
    window = set(space.squares)
    for square, tile in state.board.items():
        if isinstance(tile, cr.WorkerTile):
            assert abs(square[0]) + abs(square[1]) <= space.radius
            assert square in window


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_bijection_window_and_length(name: str) -> None:
    config = CONFIGS[name]
    space = cr.ActionSpace(config)
    meanings: dict[tuple[bool, int], object] = {}
    longest = 0
    for seed in range(GAMES):
        length = -1
        for state in _game(config, seed):
            length += 1
            _check_state(space, state, meanings)
        assert length <= space.max_game_length
        longest = max(longest, length)
    # Reasonably tight: within a factor 10 of the games seen.
    assert space.max_game_length < 10 * longest


def test_decode_refuses_bad_ids() -> None:
    config = cr.Config(players=2)
    space = cr.ActionSpace(config)
    state = cr.new_game(config, seed=4)
    ids = space.legal_actions(state)
    illegal = next(action for action in range(space.size) if action not in ids)
    for action in (-1, space.size, illegal):
        with pytest.raises(cr.IllegalMoveError, match=rf"action {action} is .*legal: "):
            space.decode(state, action)
    with pytest.raises(cr.IllegalMoveError, match=r"outside the decision ids 0\.\.23068"):
        space.decode(state, space.size)
    with pytest.raises(cr.IllegalMoveError, match="not the id of a legal decision"):
        space.action_to_string(state, illegal)
    with pytest.raises(TypeError, match=r"^int object expected; got str"):
        space.decode(state, "3")  # type: ignore[arg-type]
    chance = cr.new_game(config)
    with pytest.raises(cr.IllegalMoveError, match=r"outside the chance outcome ids 0\.\.13"):
        space.decode(chance, space.chance_size)


def test_encode_refuses_moves_not_legal_here() -> None:
    config = cr.Config(players=2)
    space = cr.ActionSpace(config)
    state = cr.new_game(config, seed=4)
    with pytest.raises(cr.IllegalMoveError, match="not a legal move in this state"):
        space.encode(state, cr.Place(WorkerType.W1111, (0, 1), 1))  # not a canonical rotation
    with pytest.raises(cr.IllegalMoveError, match="not a legal move"):
        space.encode(state, cr.PassHut())
    with pytest.raises(cr.IllegalMoveError, match="not a legal move"):
        space.encode(cr.new_game(config), cr.legal_moves(state)[0])


def test_game_over_and_other_configs() -> None:
    config = cr.Config(players=2)
    space = cr.ActionSpace(config)
    state = cr.new_game(config, seed=2)
    while not state.is_over:
        state = cr.apply(state, cr.legal_moves(state)[-1])
    assert space.legal_actions(state) == ()
    assert space.action_mask(state).count(1) == 0
    with pytest.raises(cr.IllegalMoveError, match="the game is over"):
        space.decode(state, 0)
    other = cr.ActionSpace(cr.Config(players=3))
    with pytest.raises(cr.IllegalMoveError, match=r"this action space is for Config\(players=3\)"):
        other.legal_actions(state)


def test_a_space_is_pure_data() -> None:
    space = cr.ActionSpace(cr.Config(players=2))
    assert space == cr.ActionSpace(cr.Config(players=2))
    assert hash(space) == hash(cr.ActionSpace(cr.Config(players=2)))
    assert space != cr.ActionSpace(cr.Config(players=3))
    with pytest.raises(TypeError, match=r"\.Config object expected; got int$"):
        cr.ActionSpace(2)  # type: ignore[arg-type]
    blocks = space.blocks
    assert [block.name for block in blocks] == ["place", "discard", "fill", "resolve"]
    assert blocks[0].start == 0
    assert all(a.start + a.length == b.start for a, b in itertools.pairwise(blocks))
    assert blocks[-1].start + blocks[-1].length == space.size


@pytest.mark.parametrize(
    ("config", "radius", "size", "chance_size", "length"),
    [
        (cr.Config(players=2), 41, 23069, 14, 230),
        (cr.Config(players=3), 55, 40905, 14, 314),
        (cr.Config(players=4), 55, 40905, 14, 356),
        (cr.Config.big_game(3), 75, 157694, 119, 561),
        (cr.Config.big_game(4), 89, 220442, 120, 724),
    ],
)
def test_bounds(config: cr.Config, radius: int, size: int, chance_size: int, length: int) -> None:
    """The numbers stated in the docs (docs/action-space.md, the module docstring)."""
    space = cr.ActionSpace(config)
    assert (space.radius, space.size, space.chance_size, space.max_game_length) == (
        radius,
        size,
        chance_size,
        length,
    )
    assert len(space.squares) == 4 * ((radius + 1) // 2) ** 2


def test_window_edge() -> None:
    """The radius is what the induction of the module docstring gives."""
    space = cr.ActionSpace(cr.Config(players=2))
    # W = 22 worker tiles, J = 19 jungle tiles besides the start tiles: R = 1 + 2 * 20.
    assert space.radius == 41
    assert (41, 0) in space.squares and (42, 1) not in space.squares
