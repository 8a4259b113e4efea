"""Step B of a turn: filling the jungle spaces that the new worker tile closed in.

Rules: :rule:`R-FILL-1` to :rule:`R-FILL-6`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations

from .activation import start_activation
from .board import with_jungle
from .components import JungleTile, WorkerTile
from .draft import Draft
from .errors import IllegalMoveError
from .events import JungleFilled, SpaceLeftEmpty
from .geometry import Square, format_square, neighbours
from .moves import Fill, FillChoice
from .state import BlindFillStep, FillStep
from .view import View


def spaces_to_fill(view: View, placed: Square) -> tuple[Square, ...]:
    """Empty jungle spaces next to ``placed`` that now touch 2 or more worker tiles.

    Whose tiles they are does not matter (:rule:`R-FILL-1`).
    """
    board = view.board
    spaces = []
    for space in neighbours(placed):
        if space in board:
            continue
        workers = sum(isinstance(board.get(near), WorkerTile) for near in neighbours(space))
        if workers >= 2:
            spaces.append(space)
    return tuple(sorted(spaces))


def fill_moves(view: View, spaces: tuple[Square, ...]) -> list[Fill]:
    """Every different way to put the display tiles on ``spaces`` (:rule:`R-FILL-2`).

    All display tiles are used while spaces remain (:rule:`R-FILL-4`); with more tiles than
    spaces the player also picks which tiles to use, with fewer which spaces get them
    (:rule:`R-FILL-6`). Assignments with the same result are listed once.
    """
    tiles = view.display
    found: set[tuple[FillChoice, ...]] = set()
    if len(spaces) <= len(tiles):
        for order in permutations(tiles, len(spaces)):
            found.add(_sorted_choices(zip(spaces, order, strict=True)))
    else:
        for chosen in permutations(spaces, len(tiles)):
            found.add(_sorted_choices(zip(chosen, tiles, strict=True)))
    return sorted((Fill(choices) for choices in found), key=lambda move: move.sort_key)


def _sorted_choices(pairs: Iterable[tuple[Square, JungleTile]]) -> tuple[FillChoice, ...]:
    choices = (FillChoice(square, tile) for square, tile in pairs)
    return tuple(sorted(choices, key=lambda choice: choice.sort_key))


def check_fill(view: View, move: Fill) -> None:
    """Raise :class:`IllegalMoveError` saying why ``move`` is not a legal fill now."""
    step = view.step
    assert isinstance(step, FillStep)
    if move in fill_moves(view, step.spaces):
        return
    wanted = ", ".join(format_square(space) for space in step.spaces)
    shown = ", ".join(tile.code for tile in view.display)
    raise IllegalMoveError(
        f"{move} is not a legal fill: the spaces to fill are {wanted} and the display holds "
        f"{shown}; every display tile must go on a different space to fill, and as many "
        "spaces as possible must get one"
    )


def start_filling(draft: Draft, placed: Square) -> None:
    """Set the step after a placement on ``placed``: fill, blind draws or activation."""
    spaces = spaces_to_fill(draft, placed)
    if spaces and draft.display:
        draft.step = FillStep(placed, spaces)
    else:
        _continue_blind(draft, placed, (), spaces)


def do_fill(draft: Draft, move: Fill) -> None:
    """Lay the chosen display tiles; blind draws follow for the spaces left over."""
    step = draft.step
    assert isinstance(step, FillStep)
    display = list(draft.display)
    for choice in move.choices:
        display.remove(choice.tile)
        _lay(draft, choice.square, choice.tile, "display")
    draft.display = tuple(display)
    chosen = {choice.square for choice in move.choices}
    rest = tuple(space for space in step.spaces if space not in chosen)
    _continue_blind(draft, step.placed, tuple(sorted(chosen)), rest)


def do_blind_fill(draft: Draft, tile: JungleTile) -> None:
    """Lay the tile drawn blind from the pile on the first space still empty (:rule:`R-FILL-4`)."""
    step = draft.step
    assert isinstance(step, BlindFillStep)
    draft.jungle_pile = draft.jungle_pile.remove(tile)
    space, rest = step.spaces[0], step.spaces[1:]
    _lay(draft, space, tile, "pile")
    _continue_blind(draft, step.placed, (*step.filled, space), rest)


def _lay(draft: Draft, square: Square, tile: JungleTile, source: str) -> None:
    draft.board = with_jungle(draft.board, square, tile)
    draft.emit(JungleFilled(square, tile, source))


def _continue_blind(
    draft: Draft, placed: Square, filled: tuple[Square, ...], rest: tuple[Square, ...]
) -> None:
    """Wait for a blind draw if one is due; otherwise leave spaces empty and activate."""
    if rest and draft.jungle_pile:
        draft.step = BlindFillStep(placed, filled, rest)
        return
    for space in rest:
        draft.emit(SpaceLeftEmpty(space))
    start_activation(draft, placed, filled)
