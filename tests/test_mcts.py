"""MCTSBot: legal, reproducible with an iteration budget, blind to what its seat cannot see."""

from __future__ import annotations

import math
import random

import pytest

import cacao_rules as cr
from cacao_rules.agents.bots import greedy_value
from cacao_rules.agents.determinization import Dealer, dealt
from cacao_rules.agents.greedy import move_values
from cacao_rules.agents.mcts import _Edge, _Node, _settle, leaf_value
from cacao_rules.agents.registry import BOTS


def mid_game(seed: int, decisions: int, config: cr.Config | None = None) -> cr.State:
    rng = random.Random(seed)
    state = cr.new_game(config or cr.Config(players=2), seed=seed)
    for _ in range(decisions):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    return state


def test_the_same_seed_and_iterations_give_the_same_legal_move() -> None:
    for decisions in (0, 7, 20):
        state = mid_game(3, decisions)
        move = cr.MCTSBot(5, iterations=12).choose(state)
        assert move in cr.legal_moves(state)
        assert cr.MCTSBot(5, iterations=12).choose(state) == move


def test_it_decides_from_the_observation_only() -> None:
    state = mid_game(4, 9)
    seat = state.to_move
    assert seat is not None
    seen = cr.observe(state, seat)
    other = cr.determinize(seen, seed=77, chance_seed=123)
    assert other.players[1 - seat].hand != state.players[1 - seat].hand or other.seed != state.seed
    assert cr.observe(other, seat) == seen
    assert cr.MCTSBot(9, iterations=10).choose(state) == cr.MCTSBot(9, iterations=10).choose(other)


def test_a_single_legal_move_is_answered_at_once_and_a_time_budget_works() -> None:
    state = mid_game(2, 0)
    bot = cr.MCTSBot(1, seconds=0.05)
    move = bot.choose(state)
    assert move in cr.legal_moves(state)
    assert bot.last_iterations >= 1
    big = mid_game(1, 30, cr.Config.big_game(3))
    bot = cr.MCTSBot(1, iterations=3, widening=1.0)
    assert bot.choose(big) in cr.legal_moves(big)
    assert bot.last_iterations == (3 if len(cr.legal_moves(big)) > 1 else 0)


def _with_player(state: cr.State, seat: int, **changes: int) -> cr.State:
    players = list(state.players)
    players[seat] = players[seat].replace(**changes)
    return state.replace(players=tuple(players))


def test_the_leaf_counts_sun_tokens_and_the_water_field_as_the_final_scoring_does() -> None:
    # R-SCORE-6, R-SCORE-7: each sun token is a gold at the end, and so is each gold of the
    # water field's value; the leaf counts them like gold in hand (8 eighths), where the
    # greedy bot counts them at a part of their worth.
    state = mid_game(6, 25)
    for seat in (0, 1):
        base = _with_player(state, seat, sun=0, water_field=0)
        for sun, field in ((1, 0), (3, 0), (0, 1), (2, 8)):
            changed = _with_player(base, seat, sun=sun, water_field=field)
            gold = sun + cr.WATER_TRACK[field] - cr.WATER_TRACK[0]
            assert leaf_value(changed, seat) - leaf_value(base, seat) == 8 * gold
            assert greedy_value(changed, seat) - greedy_value(base, seat) < 8 * gold
            other = 1 - seat
            assert leaf_value(changed, other) == leaf_value(base, other)


def test_it_is_the_mcts_bot_of_the_command_line() -> None:
    bot = BOTS["mcts"](3)
    assert isinstance(bot, cr.MCTSBot)
    assert bot.seconds == 1.0 and bot.iterations is None
    assert repr(cr.MCTSBot(2, iterations=40)) == "MCTSBot(2, iterations=40)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": 0}, "iterations must be a count >= 1, got 0"),
        ({"seconds": -1.0}, "seconds must be a positive number, got -1.0"),
        ({"widening": 0}, "widening must be a positive number, got 0"),
        ({"exploration": -0.5}, "exploration must be >= 0, got -0.5"),
    ],
)
def test_bad_budgets_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(cr.CacaoError, match=message):
        cr.MCTSBot(1, **options)  # type: ignore[arg-type]


def test_stop_early_of_a_wrong_type_is_a_type_error_in_both_builds() -> None:
    with pytest.raises(TypeError, match="bool object expected; got int"):
        cr.MCTSBot(1, stop_early=1)  # type: ignore[arg-type]


def test_the_search_tree_shares_one_node_per_decision_sequence_across_deals() -> None:
    # ISMCTS: every iteration deals afresh, yet the root's moves gather all the visits, and
    # progressive widening offers only the greedy bot's favourites at first.
    state = mid_game(5, 12)
    while not isinstance(state.step, cr.PlacementStep):
        state = cr.apply(state, cr.legal_moves(state)[0])
    bot = cr.MCTSBot(4, iterations=30, widening=1.0)
    root = _Node()
    seat = state.to_move
    assert seat is not None
    listed = cr.legal_moves(state)
    for _ in range(30):
        seen = cr.observe(state, seat)
        world = cr.determinize(seen, seed=bot._rng.getrandbits(64), chance_seed=1)
        bot._iterate(world, root, listed)
    assert sum(edge.visits for edge in root.edges.values()) == 30
    assert len(root.edges) <= math.ceil(30**0.5) < len(cr.legal_moves(state))
    moves = cr.legal_moves(state)
    values = move_values(state, state.to_move, moves)  # type: ignore[arg-type]
    assert root.ranked is not None
    assert values[moves.index(root.ranked[0])] == max(values)
    assert root.ranked[0] in root.edges


def test_it_refuses_states_without_a_decision() -> None:
    chance = cr.new_game(cr.Config(players=2))
    with pytest.raises(cr.CacaoError, match="only where a player decides"):
        cr.MCTSBot(1, iterations=5).choose(chance)
    with pytest.raises(cr.CacaoError, match="seed must be"):
        cr.MCTSBot(-1)


def test_a_node_offers_the_same_moves_whether_or_not_its_ranking_is_filtered() -> None:
    # A visit whose legal moves are those the node ranked takes the ranking's first moves
    # as they are; filtering the ranking through the legal moves must give the same offer.
    state = mid_game(6, 10)
    while not isinstance(state.step, cr.PlacementStep):
        state = cr.apply(state, cr.legal_moves(state)[0])
    seat = state.to_move
    assert seat is not None
    bot = cr.MCTSBot(2, iterations=40)
    root = _Node()
    seen = cr.observe(state, seat)
    listed = cr.legal_moves(state)
    for _ in range(40):
        world = cr.determinize(seen, seed=bot._rng.getrandbits(64), chance_seed=3)
        bot._iterate(world, root, listed)
    moves = cr.legal_moves(state)
    offered = bot._offered(root, state, seat, moves)
    assert root.listed == moves and 1 < len(offered) < len(moves)
    root.listed = ()
    assert bot._offered(root, state, seat, moves) == offered


def test_stopping_early_changes_no_move_and_saves_iterations() -> None:
    # A decision stops once the iterations left could not change the most visited move;
    # with its own stream of deals, no later decision changes either.
    early = cr.MCTSBot(8, iterations=120)
    full = cr.MCTSBot(8, iterations=120, stop_early=False)
    greedy = cr.GreedyBot(8)
    state = cr.new_game(cr.Config(players=2), seed=8)
    spent = {"early": 0, "full": 0}
    decisions = 0
    while decisions < 10:
        if state.to_move == 0 and len(cr.legal_moves(state)) > 1:
            move = early.choose(state)
            assert full.choose(state) == move
            assert full.last_iterations == 120
            spent["early"] += early.last_iterations
            spent["full"] += full.last_iterations
            decisions += 1
        else:
            move = greedy.choose(state)
        state = cr.apply(state, move)
    assert spent["early"] < spent["full"]


def test_a_time_budget_stops_when_the_pace_so_far_could_not_change_the_move() -> None:
    # 112 iterations in 0.5 s of a 1 s budget: about 112 more, so a lead of 90 goes on;
    # at 0.8 s about 28 are left, and the same lead ends the decision.
    root = _Node()
    for move, visits in (("a", 100), ("b", 12)):
        edge = root.edges[move] = _Edge()  # type: ignore[index]
        edge.visits = visits
    bot = cr.MCTSBot(1, seconds=1.0)
    assert not bot._finished(root, 112, 0.5)
    assert bot._finished(root, 112, 0.8)
    assert not cr.MCTSBot(1, seconds=1.0, stop_early=False)._finished(root, 112, 0.8)
    assert cr.MCTSBot(1, seconds=1.0, stop_early=False)._finished(root, 112, 1.0)


@pytest.mark.parametrize(
    "config",
    [cr.Config(players=2), cr.Config(players=3), cr.Config(players=4), cr.Config.big_game(4)],
    ids=["2p", "3p", "4p", "big-4p"],
)
def test_the_dealer_deals_the_hidden_hands_as_determinize_does(config: cr.Config) -> None:
    """R-HIDDEN-3: the search's :class:`Dealer` (one observation dealt again and again,
    each hidden hand's player kept by the tiles left) deals exactly the states of
    :func:`dealt` (the plain path, :func:`cacao_rules.determinize`'s), repeated hands
    included, at every seat of states from the deal to late in the game."""
    rng = random.Random(config.players)
    for decisions in (0, 5, 23, 60):
        state = mid_game(decisions, decisions, config)
        for seat in range(config.players):
            seen = cr.observe(state, seat)
            dealer = Dealer(seen)
            for deal in range(40):
                seed = rng.getrandbits(64)
                chance = None if deal == 0 else rng.getrandbits(64)
                assert dealer.deal(seed, chance) == dealt(seen, seed, chance)


def offered_plainly(node: _Node, moves: tuple[cr.Move, ...], allowed: int) -> list[cr.Move]:
    """What a node offers, read plainly: its ranking as it stands if these are the moves it
    ranked, else the ranked moves that are legal, then the legal moves it did not rank, in
    their order; the first ``allowed`` of them."""
    assert node.ranked is not None
    if moves == node.listed:
        return node.ranked[:allowed]
    legal = set(moves)
    offered = [move for move in node.ranked if move in legal]
    ranked = set(offered)
    offered += [move for move in moves if move not in ranked]
    return offered[:allowed]


def edges_are_kept_by_move_and_by_place(node: _Node) -> int:
    """Assert that every node below ``node`` keeps each tried edge under its move, and each
    ranked move's edge at its place in the ranking; the nodes checked."""
    for move, edge in node.edges.items():
        assert edge.move == move
    if node.ranked is not None:
        assert len(node.ranked_edges) == len(node.ranked)
        for move, kept in zip(node.ranked, node.ranked_edges, strict=True):
            assert kept is node.edges.get(move)
    return 1 + sum(edges_are_kept_by_move_and_by_place(edge.node) for edge in node.edges.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_node_offers_its_moves_by_place_as_the_plain_reading_does(players: int) -> None:
    """The search's offer (the ranked moves by their place in the ranking, their edges kept
    by place; the moves the ranking lacks after them) equals the plain reading of the
    ranking through the deal's legal moves: at the root, and at each node below it for
    fresh deals (other hidden hands: the filtered offers), with the usual widening and with
    one that offers every move (the moves the ranking lacks, too); and after a search the
    edges kept by place are those kept by move."""
    config = cr.Config(players=players)
    rng = random.Random(players)
    for game in range(3):
        state = mid_game(game, 12 + 9 * game, config)
        while not isinstance(state.step, cr.PlacementStep):
            state = cr.apply(state, cr.legal_moves(state)[0])
        bot = cr.MCTSBot(game, iterations=60, stop_early=False)
        root = _Node()
        seat = state.to_move
        assert seat is not None
        dealer = Dealer(cr.observe(state, seat))
        listed = cr.legal_moves(state)
        for _ in range(60):
            bot._iterate(dealer.deal(bot._rng.getrandbits(64), 1), root, listed)
        assert edges_are_kept_by_move_and_by_place(root) > 60
        offers = 0
        for widening in (2.0, 40.0):
            bot.widening = widening
            allowed = max(1, math.ceil(widening * root.visits**0.5))
            assert bot._offered(root, state, seat, listed) == offered_plainly(root, listed, allowed)
            for move, edge in root.edges.items():
                node = edge.node
                for _ in range(4):
                    after = _settle(cr.apply(dealer.deal(rng.getrandbits(64), 1), move))
                    mover = after.to_move
                    if node.ranked is None or mover is None:
                        continue
                    moves = cr.legal_moves(after)
                    allowed = max(1, math.ceil(widening * node.visits**0.5))
                    offered = bot._offered(node, after, mover, moves)
                    assert offered == offered_plainly(node, moves, allowed)
                    offers += 1
        assert offers > 20
