"""What a board keeps about itself (state/board.py): the frontier and each seat's squares,
carried from board to board as tiles are laid, always equal what the board itself says."""

from __future__ import annotations

import random

import pytest

import cacao_rules as cr
from cacao_rules.game.frozen import FrozenMap
from cacao_rules.state.board import (
    Board,
    free_squares,
    owned_squares,
    square_object,
    with_jungle,
    with_worker,
)
from helpers_positions import W1111, wt

SEATS = range(4)


def _afresh(board: Board) -> Board:
    """An equal board that keeps nothing yet."""
    return FrozenMap(board)


def _owned(board: Board, seat: int) -> tuple[tuple[int, int], ...]:
    """``seat``'s squares, found the plain way."""
    return tuple(
        sorted(
            square
            for square, tile in board.items()
            if isinstance(tile, cr.WorkerTile) and tile.owner == seat
        )
    )


@pytest.mark.parametrize("config", [cr.Config(players=4), cr.Config.big_game(4)])
def test_what_a_board_keeps_equals_what_it_says_afresh(config: cr.Config) -> None:
    """Each seat's squares are asked for from the first turn, so that they are carried
    through whole games (the engine asks only once overbuilding may begin)."""
    for seed in range(2):
        rng = random.Random(seed)
        state = cr.new_game(config, seed=seed)
        overbuilt = 0
        while not state.is_over:
            board = state.board
            fresh = _afresh(board)
            assert free_squares(board) == free_squares(fresh)
            for seat in SEATS:
                assert owned_squares(board, seat) == owned_squares(fresh, seat)
                assert owned_squares(board, seat) == _owned(board, seat)
            move = rng.choice(cr.legal_moves(state))
            overbuilt += isinstance(move, cr.Overbuild)
            state = cr.apply(state, move)
        assert overbuilt  # the games overbuild, so that path is carried too


def test_a_tile_laid_over_another_seats_tile_moves_the_square_between_their_squares() -> None:
    board: Board = FrozenMap({(0, 0): cr.JungleTile(cr.JungleKind.PLANTATION, 1)})
    board = with_worker(board, (1, 0), wt(0, W1111))
    assert owned_squares(board, 0) == ((1, 0),)  # kept from here on
    board = with_worker(board, (0, 1), wt(2, W1111))
    assert owned_squares(board, 2) == ((0, 1),)
    board = with_worker(board, (1, 0), wt(2, W1111))
    assert [owned_squares(board, seat) for seat in SEATS] == [(), (), ((0, 1), (1, 0)), ()]
    assert free_squares(board) == ((-1, 0), (0, -1))


def test_laying_tiles_copies_the_board_without_the_interpreted_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules lay a tile at nearly every move; the board module makes the copy itself
    (compiled, :class:`FrozenMap`'s own methods run as interpreted code), and the copy is
    a sealed, hashable board equal to what ``set`` gives, its hash worked out afresh."""
    state = cr.new_game(cr.Config.big_game(4), seed=1)
    rng = random.Random(1)
    boards = []
    with monkeypatch.context() as patched:
        patched.setattr(FrozenMap, "set", None)
        for _ in range(60):
            state = cr.apply(state, rng.choice(cr.legal_moves(state)))
            boards.append(state.board)
    assert len({id(board) for board in boards}) > 20  # tiles were laid
    for board in boards:
        assert type(board) is FrozenMap and board == _afresh(board)
        assert hash(board) == hash(_afresh(board))
    laid = boards[-1]
    hash(laid)
    square = next(iter(free_squares(laid)))
    after = with_worker(laid, square, wt(1, W1111))
    assert after == laid.set(square, wt(1, W1111)) and hash(after) != hash(laid)


def test_the_frontier_and_the_spaces_to_fill_are_made_of_one_object_per_square() -> None:
    """So that looking them up in the kept moves and on the board finds the very key. (The
    board of a new game is the one every new game of its configuration starts from, whose
    frontier an earlier test may have worked out before emptying the tables: a copy.)"""
    state = cr.new_game(cr.Config(players=4), seed=3)
    state = state.replace(board=_afresh(state.board))
    rng = random.Random(3)
    for _ in range(40):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        for square in free_squares(state.board):
            assert square_object((square[0] + 0, square[1] + 0)) is square
        if isinstance(state.step, cr.FillStep):
            assert all(square_object(space) is space for space in state.step.spaces)
    assert square_object((1000, -1000)) == (1000, -1000)


def test_a_tile_laid_replaces_the_tile_of_its_square_or_fills_an_empty_one() -> None:
    """The copy takes the new tile by ``dict.setdefault`` and, only where the square held
    another tile, by ``dict.__setitem__``: on empty and on occupied squares, boards that keep
    nothing and boards that keep their frontier, it equals what ``set`` gives."""
    plantation = cr.JungleTile(cr.JungleKind.PLANTATION, 1)
    mine = cr.JungleTile(cr.JungleKind.GEM_MINE, gems=(1, 0, 0, 0))
    tiles: dict[tuple[int, int], cr.Tile] = {(0, 0): plantation, (2, 0): mine}
    board: Board = FrozenMap({**tiles, (1, 0): wt(0, W1111)})
    for keeps in (False, True):
        if keeps:
            board = _afresh(board)
            free_squares(board)
        laid = [
            (with_worker(board, (1, 0), wt(1, W1111)), board.set((1, 0), wt(1, W1111))),
            (with_worker(board, (0, 1), wt(1, W1111)), board.set((0, 1), wt(1, W1111))),
            (with_jungle(board, (2, 0), plantation), board.set((2, 0), plantation)),
            (with_jungle(board, (1, 1), mine), board.set((1, 1), mine)),
            (with_jungle(board, (0, 0), plantation), board),
        ]
        for after, wanted in laid:
            assert after == wanted and list(after.items()) == list(wanted.items())


@pytest.mark.rule("R-PLACE-1")
@pytest.mark.parametrize("config", [cr.Config(players=4), cr.Config.big_game(4)])
def test_a_square_is_free_when_empty_and_next_to_a_jungle_tile(config: cr.Config) -> None:
    """A square is on the kept frontier (searched with the tuple's own search, as a placement's
    check does) exactly when the rule says it is free: over every square near the tiles of
    the boards of seeded games, and squares equal to the kept ones but other objects
    (R-PLACE-1)."""
    rng = random.Random(5)
    state = cr.new_game(config, seed=5)
    while not state.is_over:
        board = state.board
        xs = [x for x, _ in board]
        ys = [y for _, y in board]
        for x in range(min(xs) - 2, max(xs) + 3):
            for y in range(min(ys) - 2, max(ys) + 3):
                wanted = (x, y) not in board and any(
                    isinstance(board.get(near), cr.JungleTile) for near in cr.neighbours((x, y))
                )
                assert ((x + 0, y + 0) in free_squares(board)) is wanted
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
