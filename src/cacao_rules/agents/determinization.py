"""Full states consistent with what one player knows: :func:`determinize`.

Search code for games of hidden information (determinized MCTS, information-set MCTS,
OpenSpiel's ``resample_from_infostate``) plays on from states that agree with what the
searching player has seen and fill in the rest at random (:rule:`R-HIDDEN-3`).
"""

from __future__ import annotations

from typing import Final

from ..compiled import Int
from ..errors import expect, expect_any
from ..game.components import WorkerType
from ..game.frozen import Bag
from ..observation import Observation, PlayerView, completed_state, player_state
from ..state.chance import check_seed, seeded_index, seeded_pick
from ..state.state import PlayerState, State


def determinize(observation: Observation, seed: Int, *, chance_seed: int | None = None) -> State:
    """A full state that ``observation``'s player cannot tell from the real one.

    Each other player's hand is drawn, tile by tile, from the tiles that player may hold
    (:rule:`R-HIDDEN-3`), by the same counter-based source as a seeded game's draws, so the
    same ``seed`` gives the same state. The state's own ``seed`` is ``chance_seed``: with
    ``None`` its chance events are exposed as chance nodes; with an integer :func:`apply`
    resolves them, which is what a random playout wants.

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=2), seed=3)
    >>> guess = cr.determinize(cr.observe(state, 0), seed=5, chance_seed=11)
    >>> guess.players[0].hand == state.players[0].hand, len(guess.players[1].hand)
    (True, 3)
    >>> cr.legal_moves(guess) == cr.legal_moves(state)
    True
    """
    expect(observation, Observation)
    expect(seed, int)
    expect_any(chance_seed, (int,), optional=True)
    check_seed(seed, "determinize: seed")
    check_seed(chance_seed, "determinize: chance_seed", optional=True)
    return dealt(observation, seed, chance_seed)


def dealt(observation: Observation, seed: int, chance_seed: int | None) -> State:
    """:func:`determinize` with arguments known to be right: for a search that deals once
    per iteration, from seeds it draws itself."""

    def drawn(pile: Bag[WorkerType], draws: int) -> WorkerType:
        return seeded_pick(pile, seed, draws)

    return completed_state(observation, drawn, chance_seed)


class Dealer:
    """:func:`dealt` for one observation, deal after deal: the search deals once per
    iteration from the same observation, so what every deal shares is made once (the
    state's fields but the players and the seed, the observer's own player, and of each
    other seat its unseen tiles counted), and each other player is made once per hand it is
    dealt (a few tiles from a few kinds: the same hands come again and again), kept by what
    is left of the tiles it may hold.

    Each hand is drawn as :func:`completed_state` draws it with :func:`seeded_pick`: tile
    by tile, seat by seat, the ``draws``-th draw taking the element at
    ``seeded_index(total, seed, draws)`` of what is left; here what is left is a list of
    counts rather than a new :class:`Bag` after every tile. ``tests/test_mcts.py`` checks
    that its deals equal :func:`dealt`'s.
    """

    __slots__ = ("_fields", "_hidden", "_seats")

    def __init__(self, observation: Observation) -> None:
        template = completed_state(observation)
        self._fields = list(template.values())
        """The template's fields, in :attr:`State.FIELDS`' order: each deal writes its
        players and seed in and makes a state of them (no keywords looked up)."""
        self._seats = template.players
        self._hidden = [
            _Hidden(seat, view)
            for seat, view in enumerate(observation.players)
            if view.hand is None
        ]

    def deal(self, seed: int, chance_seed: int | None) -> State:
        """``dealt(observation, seed, chance_seed)``. Each hidden hand's draws are counted
        off the unseen tiles here, in one loop per seat rather than a call per seat or per
        tile: the search deals at every iteration."""
        players = list(self._seats)
        draws = 0
        for hidden in self._hidden:
            left = list(hidden.counts)
            total = hidden.total
            for draw in range(draws, draws + hidden.hand_size):
                index = seeded_index(total, seed, draw)
                position = 0
                while index >= left[position]:
                    index -= left[position]
                    position += 1
                left[position] -= 1
                total -= 1
            draws += hidden.hand_size
            players[hidden.seat] = hidden.player(tuple(left))
        fields = self._fields
        fields[_PLAYERS] = tuple(players)
        fields[_SEED] = chance_seed
        return State(*fields)


_PLAYERS: Final = State.FIELDS.index("players")
_SEED: Final = State.FIELDS.index("seed")
"""Where a state's players and seed are among its fields."""


class _Hidden:
    """A seat whose hand the observer cannot see: its view, how many tiles it holds, the
    counts of the tiles it may hold (in the bag's order) and their total, and the players
    already dealt, by the counts left after their hand."""

    __slots__ = ("counts", "hand_size", "players", "seat", "total", "view")

    def __init__(self, seat: int, view: PlayerView) -> None:
        self.seat = seat
        self.view = view
        self.hand_size = view.hand_size
        self.counts = [count for _, count in view.unseen.items]
        self.total = sum(self.counts)
        self.players: dict[tuple[int, ...], PlayerState] = {}

    def player(self, left: tuple[int, ...]) -> PlayerState:
        """The player dealt the tiles that ``left`` lacks, made once."""
        player = self.players.get(left)
        if player is None:
            player = self.players[left] = _dealt_player(self.view, self.counts, left)
        return player


def _dealt_player(view: PlayerView, counts: list[int], left: tuple[int, ...]) -> PlayerState:
    """The player of ``view`` dealt the unseen tiles that ``left`` lacks of ``counts``, its
    hand in the fixed order of a hand (by :attr:`WorkerType.sort_key`)."""
    hand: list[WorkerType] = []
    pile = view.unseen
    for (kind, _), before, after in zip(view.unseen.items, counts, left, strict=True):
        for _ in range(before - after):
            hand.append(kind)
            pile = pile.remove(kind)
    hand.sort(key=_worker_order)
    return player_state(view, tuple(hand), pile)


def _worker_order(kind: WorkerType) -> int:
    """A worker type's place in a hand."""
    return kind.sort_key
