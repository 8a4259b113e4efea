"""Full states consistent with what one player knows: :func:`determinize`.

Search code for games of hidden information (determinized MCTS, information-set MCTS,
OpenSpiel's ``resample_from_infostate``) plays on from states that agree with what the
searching player has seen and fill in the rest at random (:rule:`R-HIDDEN-3`).
"""

from __future__ import annotations

from ..errors import CacaoError, excerpt
from ..game.components import WorkerType
from ..game.frozen import Bag
from ..state.chance import check_seed, seeded_pick
from ..state.state import PlayerState, State
from ..turn.end_of_turn import sorted_hand
from .observation import Observation, PlayerView


def player_state(
    view: PlayerView, hand: tuple[WorkerType, ...], pile: Bag[WorkerType]
) -> PlayerState:
    """The player of ``view`` with this ``hand`` and ``pile``, their open resources as seen."""
    return PlayerState(
        gold=view.gold,
        cacao=view.cacao,
        sun=view.sun,
        water_field=view.water_field,
        hand=hand,
        pile=pile,
        chocolate=view.chocolate,
        map_tiles=view.map_tiles,
        huts=view.huts,
        gems=view.gems,
        masks=view.masks,
    )


def state_with_hands(
    observation: Observation, players: tuple[PlayerState, ...], seed: int | None
) -> State:
    """The state with ``observation``'s open part, these ``players`` and this ``seed``."""
    return State(
        config=observation.config,
        seed=seed,
        chance_count=observation.chance_count,
        board=observation.board,
        covered=observation.covered,
        discarded=observation.discarded,
        players=players,
        jungle_pile=observation.jungle_pile,
        display=observation.display,
        current=observation.current,
        turn=observation.turn,
        step=observation.step,
        map_board=observation.map_board,
        map_tiles_used=observation.map_tiles_used,
        hut_supply=observation.hut_supply,
        emperor=observation.emperor,
        gem_cart=observation.gem_cart,
        mask_supply=observation.mask_supply,
        gems_exchanged=observation.gems_exchanged,
    )


def determinize(observation: object, seed: object, *, chance_seed: object = None) -> State:
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
    if not isinstance(observation, Observation):
        raise CacaoError(f"determinize needs a cacao_rules.Observation, got {excerpt(observation)}")
    check_seed(seed, "determinize: seed")
    check_seed(chance_seed, "determinize: chance_seed", optional=True)
    assert isinstance(seed, int) and (chance_seed is None or isinstance(chance_seed, int))
    draws = 0
    players = []
    for view in observation.players:
        if view.hand is not None:
            players.append(player_state(view, view.hand, view.unseen))
            continue
        pile = view.unseen
        hand = []
        for _ in range(view.hand_size):
            tile = seeded_pick(pile, seed, draws)
            draws += 1
            pile = pile.remove(tile)
            hand.append(tile)
        players.append(player_state(view, sorted_hand(hand), pile))
    return state_with_hands(observation, tuple(players), chance_seed)
