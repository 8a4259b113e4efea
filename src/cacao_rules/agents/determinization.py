"""Full states consistent with what one player knows: :func:`determinize`.

Search code for games of hidden information (determinized MCTS, information-set MCTS,
OpenSpiel's ``resample_from_infostate``) plays on from states that agree with what the
searching player has seen and fill in the rest at random (:rule:`R-HIDDEN-3`).
"""

from __future__ import annotations

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
    state's open part and the observer's own player, in a template state), and each other
    player is made once per hand it is dealt (a few tiles from a few kinds: the same hands
    come again and again), kept by what is left of the tiles it may hold.

    Each hand is drawn as :func:`completed_state` draws it with :func:`seeded_pick`: tile
    by tile, seat by seat, the ``draws``-th draw taking the element at
    ``seeded_index(total, seed, draws)`` of what is left; here what is left is a list of
    counts rather than a new :class:`Bag` after every tile. ``tests/test_mcts.py`` checks
    that its deals equal :func:`dealt`'s.
    """

    __slots__ = ("_hidden", "_players", "_template")

    def __init__(self, observation: Observation) -> None:
        self._template = completed_state(observation)
        self._hidden = [
            (seat, view, [count for _, count in view.unseen.items])
            for seat, view in enumerate(observation.players)
            if view.hand is None
        ]
        self._players: dict[tuple[int, tuple[int, ...]], PlayerState] = {}

    def deal(self, seed: int, chance_seed: int | None) -> State:
        """``dealt(observation, seed, chance_seed)``."""
        template = self._template
        players = list(template.players)
        draws = 0
        for seat, view, counts in self._hidden:
            left = _left_after(counts, view.hand_size, seed, draws)
            draws += view.hand_size
            key = (seat, left)
            player = self._players.get(key)
            if player is None:
                player = self._players[key] = _dealt_player(view, counts, left)
            players[seat] = player
        return template.replace(players=tuple(players), seed=chance_seed)


def _left_after(counts: list[int], hand_size: int, seed: int, draws: int) -> tuple[int, ...]:
    """The counts of the unseen tiles (``counts``, in the bag's order) left after the
    ``hand_size`` draws from ``draws`` on of a deal seeded ``seed``."""
    left = list(counts)
    total = 0
    for count in left:
        total += count
    for draw in range(draws, draws + hand_size):
        index = seeded_index(total, seed, draw)
        position = 0
        while index >= left[position]:
            index -= left[position]
            position += 1
        left[position] -= 1
        total -= 1
    return tuple(left)


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
