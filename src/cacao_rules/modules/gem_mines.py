"""The Gem mines module: the mine cart, the gems on the mines, the gems players take and the
masks they must trade them for.

Everything the module changes is here: what a draw from the jungle pile can bring once gem
mines are in it (a mine comes out with gems from the cart, :rule:`R-GEM-2`), taking gems at a
mine (:rule:`R-GEM-3`), the forced exchange of a full set for the lowest mask left
(:rule:`R-GEM-4`), and the gold of masks and gems at the end (:rule:`R-GEM-6`).
"""

from __future__ import annotations

import functools
from math import comb
from typing import Final

from ..game.components import GEM_MINE, GEMS_PER_MINE, Gems, JungleKind, JungleTile
from ..game.events import GemsTaken, MaskTaken
from ..game.frozen import Bag
from ..game.geometry import Square
from ..state.board import with_jungle
from ..state.chance import seeded_index, seeded_pick
from ..state.draft import Draft
from ..state.view import View


def gem_draws(gems: Gems, count: int) -> list[Gems]:
    """Every way to take exactly ``count`` of ``gems`` (by colour), in ascending order.

    The ways a cart's gems fall on a mine (:func:`_mine_outcomes`), and with every
    ``count`` up to the workers, the ways workers take gems at a mine (:rule:`R-GEM-3`).
    The white gems are what the other colours leave of ``count``, so only the ways that
    take exactly ``count`` are visited: 84 for 6 gems from a full cart, where every way to
    take at most 6 is 210.
    """
    red, green, blue, white = gems
    ways = []
    for r in range(min(red, count) + 1):
        for g in range(min(green, count - r) + 1):
            for b in range(min(blue, count - r - g) + 1):
                w = count - r - g - b
                if w <= white:
                    ways.append((r, g, b, w))
    return ways


def jungle_draws(view: View) -> Bag[JungleTile]:
    """What the next draw from the jungle pile can bring, with integer weights.

    Without gem mines in the pile this is the pile itself. A gem mine comes out with gems
    drawn from the cart (6, or what is left, :rule:`R-GEM-2`, :rule:`R-GEM-5`), so each way
    its gems can fall is its own outcome, weighted by the multivariate hypergeometric count;
    every other tile's weight is scaled so that the weights stay proportional to the
    chances.
    """
    pile = view.jungle_pile
    at = pile.position(GEM_MINE)
    if at < 0:
        return pile
    items = pile.items
    scale, mined, mined_total = _mine_outcomes(tuple(view.gem_cart), items[at][1])
    # The pile is sorted by tile, and the mines' outcomes sort just where the bare mine does
    # (same kind and value, gems after none), so they take its place in the order.
    before = tuple([(tile, number * scale) for tile, number in items[:at]])
    after = tuple([(tile, number * scale) for tile, number in items[at + 1 :]])
    others = (pile.total - items[at][1]) * scale
    return Bag.with_total(before + mined + after, others + mined_total)


def seeded_jungle_draw(view: View, seed: int, counter: int) -> JungleTile:
    """The tile chance event ``counter`` of game ``seed`` draws from the jungle pile, a gem
    mine with its gems (:rule:`R-GEM-2`): what ``seeded_pick(jungle_draws(view), seed,
    counter)`` draws (:rule:`R-CHANCE-2`), found without listing the ways a mine's gems can
    fall.

    The weights of :func:`jungle_draws` are the pile's counts times the number of ways to
    draw the mine's gems from the cart (:func:`_mine_draws`), the mines' share split among
    their outcomes, whose weights sum to it (Vandermonde's identity). So the seeded index
    over those weights, divided by that number, is the seeded index over the pile itself,
    and falls among the mines exactly when the pile's draw is a mine; every mine's outcome
    weighs ``mines`` times its ways, so the offset among them, divided by ``mines``, is the
    way :func:`_nth_way` finds. Most draws are no mine: the pile's draw is found first, and
    the mines' offset only for a mine.
    """
    pile = view.jungle_pile
    at = pile.position(GEM_MINE)
    if at < 0:
        return seeded_pick(pile, seed, counter)
    cart = view.gem_cart
    scale = _mine_draws(cart)
    index = seeded_index(pile.total * scale, seed, counter)
    drawn = pile.nth(index // scale)
    if drawn.kind is not _MINE_KIND:
        return drawn
    items = pile.items
    offset = index - sum([number for _, number in items[:at]]) * scale
    return mine_holding(_nth_way(cart, offset // items[at][1]))


_MINE_KIND: Final = JungleKind.GEM_MINE
"""The gem mines' kind, asked at every draw: in the pure build one global read, where
``JungleKind.GEM_MINE`` is also an attribute lookup on the enum class (compiled, both are
the same native constant)."""


def _nth_way(cart: Gems, index: int) -> Gems:
    """The gems of way ``index`` to draw a mine's gems from ``cart``, when the ways are
    listed in ascending order of the gems (as :func:`gem_draws` lists them) and each
    counted as often as it can be drawn, each gem told apart (as :func:`_mine_outcomes`
    weighs them): ``index`` runs from 0 to :func:`_mine_draws` - 1.

    Colour by colour: the ways that take ``take`` gems of a colour come together in that
    order, and there are as many of them as ways to pick those ``take`` gems of the colour
    times ways to pick the rest from the colours after it (Vandermonde's identity again).
    So the index skips whole groups, then counts within its group in units of the ways
    to pick this colour's gems, without listing the ways (up to 84, each a few binomials).
    """
    left = min(GEMS_PER_MINE, sum(cart))
    rest = sum(cart)
    drawn = [0, 0, 0, 0]
    for colour in range(len(cart) - 1):
        have = cart[colour]
        rest -= have
        take = 0
        group = comb(rest, left)
        while index >= group:
            index -= group
            take += 1
            group = comb(have, take) * comb(rest, left - take)
        index //= comb(have, take)
        drawn[colour] = take
        left -= take
    drawn[-1] = left
    return (drawn[0], drawn[1], drawn[2], drawn[3])


def _mine_draws(cart: Gems) -> int:
    """How many ways a mine's gems can be drawn from ``cart``, each gem told apart: 6 gems,
    or what is left (:rule:`R-GEM-2`, :rule:`R-GEM-5`). Asked at every draw from a pile
    holding a mine, so the gems are added one by one: compiled, ``sum`` would box the cart
    into a new tuple to iterate over it."""
    red, green, blue, white = cart
    total = red + green + blue + white
    return comb(total, min(GEMS_PER_MINE, total))


@functools.lru_cache(maxsize=1024)
def _mine_outcomes(cart: Gems, mines: int) -> tuple[int, tuple[tuple[JungleTile, int], ...], int]:
    """For one of ``mines`` gem mines drawn while the cart holds ``cart``: the scale of the
    other tiles' weights, each way its gems can fall with its weight, in the tiles' order,
    and the sum of these weights.

    :func:`gem_draws` gives the ways in ascending order of the gems, which is the tiles' order
    (:attr:`~cacao_rules.JungleTile.sort_key`), so nothing needs sorting.
    """
    count = min(GEMS_PER_MINE, sum(cart))
    red, green, blue, white = cart
    outcomes = tuple(
        [
            (
                mine_holding(drawn),
                mines
                * comb(red, drawn[0])
                * comb(green, drawn[1])
                * comb(blue, drawn[2])
                * comb(white, drawn[3]),
            )
            for drawn in gem_draws(cart, count)
        ]
    )
    return _mine_draws(cart), outcomes, sum(weight for _, weight in outcomes)


@functools.cache
def mine_holding(gems: Gems) -> JungleTile:
    """The gem mine with ``gems`` on it, made once per way gems can lie on a mine (a few
    hundred) and shared, since tiles are immutable."""
    return JungleTile(JungleKind.GEM_MINE, gems=gems)


def take_from_pile(draft: Draft, tile: JungleTile) -> None:
    """Take ``tile`` off the jungle pile; a gem mine's gems come out of the cart.

    Every tile drawn from the pile comes through here, in every game: a tile without
    gems costs one test more than the draw itself (what :attr:`JungleTile.bare` does,
    written out)."""
    gems = tile.gems
    if gems is None:
        draft.jungle_pile = draft.jungle_pile.remove(tile)
    else:
        draft.jungle_pile = draft.jungle_pile.remove(GEM_MINE)
        draft.gem_cart = _minus(draft.gem_cart, gems)


def _minus(have: Gems, less: Gems) -> Gems:
    """``have`` less ``less``, colour by colour (written out: no generator to run)."""
    return (have[0] - less[0], have[1] - less[1], have[2] - less[2], have[3] - less[3])


def _plus(have: Gems, more: Gems) -> Gems:
    """``have`` and ``more`` together, colour by colour (written out: no generator to run)."""
    return (have[0] + more[0], have[1] + more[1], have[2] + more[2], have[3] + more[3])


FULL_SET: Gems = (1, 1, 1, 1)


def take_gems(draft: Draft, seat: int, at: Square, taken: Gems) -> None:
    """``seat`` takes ``taken`` from the mine on ``at``, then trades every full set of the
    four colours for the lowest mask left (:rule:`R-GEM-3`, :rule:`R-GEM-4`)."""
    mine = draft.board[at]
    assert isinstance(mine, JungleTile) and mine.gems is not None
    draft.board = with_jungle(draft.board, at, mine_holding(_minus(mine.gems, taken)))
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
