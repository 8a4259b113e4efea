"""The Gem mines module: the mine cart, the gems on the mines, the gems players take and the
masks they must trade them for.

Everything the module changes is here: what a draw from the jungle pile can bring once gem
mines are in it (a mine comes out with gems from the cart, :rule:`R-GEM-2`), taking gems at a
mine (:rule:`R-GEM-3`), the forced exchange of a full set for the lowest mask left
(:rule:`R-GEM-4`), and the gold of masks and gems at the end (:rule:`R-GEM-6`).
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Iterator
from math import comb, prod
from operator import itemgetter

from ..game.components import GEM_MINE, GEMS_PER_MINE, Gems, JungleKind, JungleTile
from ..game.events import GemsTaken, MaskTaken
from ..game.frozen import Bag
from ..game.geometry import Square
from ..state.board import with_jungle
from ..state.draft import Draft
from ..state.view import View


def gem_choices(on_mine: Gems, workers: int) -> Iterator[Gems]:
    """Every way to take at most ``workers`` gems from a mine holding ``on_mine``."""
    red, green, blue, white = on_mine
    for r in range(min(red, workers) + 1):
        for g in range(min(green, workers - r) + 1):
            for b in range(min(blue, workers - r - g) + 1):
                for w in range(min(white, workers - r - g - b) + 1):
                    yield (r, g, b, w)


def _draws(cart: Gems, count: int) -> Iterator[Gems]:
    """Every way ``count`` gems can come out of a cart holding ``cart``."""
    for drawn in gem_choices(cart, count):
        if sum(drawn) == count:
            yield drawn


def jungle_draws(view: View) -> Bag[JungleTile]:
    """What the next draw from the jungle pile can bring, with integer weights.

    Without gem mines in the pile this is the pile itself. A gem mine comes out with gems
    drawn from the cart (6, or what is left, :rule:`R-GEM-2`, :rule:`R-GEM-5`), so each way
    its gems can fall is its own outcome, weighted by the multivariate hypergeometric count;
    every other tile's weight is scaled so that the weights stay proportional to the
    chances.
    """
    pile = view.jungle_pile
    mines = pile.count(GEM_MINE)
    if not mines:
        return pile
    scale, mined, mined_total = _mine_outcomes(tuple(view.gem_cart), mines)
    others = sorted(
        [
            (tile.sort_key, tile, number * scale)
            for tile, number in pile.items
            if tile.kind is not GEM_MINE.kind
        ],
        key=itemgetter(0),
    )
    # The mines' outcomes share one kind, so they stand together in the sorted order.
    at = bisect_left([key for key, _, _ in others], mined[0][0].sort_key)
    items = (
        *[(tile, weight) for _, tile, weight in others[:at]],
        *mined,
        *[(tile, weight) for _, tile, weight in others[at:]],
    )
    return Bag.with_total(items, sum(weight for _, _, weight in others) + mined_total)


@functools.lru_cache(maxsize=1024)
def _mine_outcomes(cart: Gems, mines: int) -> tuple[int, tuple[tuple[JungleTile, int], ...], int]:
    """For one of ``mines`` gem mines drawn while the cart holds ``cart``: the scale of the
    other tiles' weights, each way its gems can fall with its weight, in the tiles' order,
    and the sum of these weights."""
    count = min(GEMS_PER_MINE, sum(cart))
    outcomes = [
        (
            JungleTile(JungleKind.GEM_MINE, gems=drawn),
            mines * prod(comb(have, take) for have, take in zip(cart, drawn, strict=True)),
        )
        for drawn in _draws(cart, count)
    ]
    outcomes.sort(key=lambda item: item[0].sort_key)
    return comb(sum(cart), count), tuple(outcomes), sum(weight for _, weight in outcomes)


def take_from_pile(draft: Draft, tile: JungleTile) -> None:
    """Take ``tile`` off the jungle pile; a gem mine's gems come out of the cart."""
    draft.jungle_pile = draft.jungle_pile.remove(tile.bare)
    if tile.gems is not None:
        draft.gem_cart = _minus(draft.gem_cart, tile.gems)


def _minus(have: Gems, less: Gems) -> Gems:
    red, green, blue, white = (a - b for a, b in zip(have, less, strict=True))
    return (red, green, blue, white)


def _plus(have: Gems, more: Gems) -> Gems:
    red, green, blue, white = (a + b for a, b in zip(have, more, strict=True))
    return (red, green, blue, white)


FULL_SET: Gems = (1, 1, 1, 1)


def take_gems(draft: Draft, seat: int, at: Square, taken: Gems) -> None:
    """``seat`` takes ``taken`` from the mine on ``at``, then trades every full set of the
    four colours for the lowest mask left (:rule:`R-GEM-3`, :rule:`R-GEM-4`)."""
    mine = draft.board[at]
    assert isinstance(mine, JungleTile) and mine.gems is not None
    draft.board = with_jungle(
        draft.board, at, JungleTile(JungleKind.GEM_MINE, gems=_minus(mine.gems, taken))
    )
    player = draft.players[seat]
    held = _plus(player.gems, taken)
    if draft.events is not None:
        draft.emit(GemsTaken(seat, at, taken))
    masks = list(player.masks)
    while min(held) > 0:
        held = _minus(held, FULL_SET)
        value, draft.mask_supply = draft.mask_supply[0], draft.mask_supply[1:]
        masks.append(value)
        draft.gems_exchanged += len(FULL_SET)
        if draft.events is not None:
            draft.emit(MaskTaken(seat, value))
    draft.update_player(seat, gems=held, masks=tuple(sorted(masks)))


def mask_gold(view: View, seat: int) -> int:
    """The gold of ``seat``'s masks at the end (:rule:`R-GEM-6`)."""
    return sum(view.players[seat].masks)


def gem_gold(view: View, seat: int) -> int:
    """1 gold per gem ``seat`` still holds at the end (:rule:`R-GEM-6`)."""
    return sum(view.players[seat].gems)
