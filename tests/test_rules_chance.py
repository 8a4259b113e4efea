"""Chance and the engine's decision conventions.

Rules: R-CHANCE-1, R-CHANCE-2 (hidden piles as multisets, seeded and unseeded games) and
R-DECIDE-1 to R-DECIDE-3 (a turn as a sequence of decisions, no duplicate moves, a fixed
order of the move list).
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest

import cacao_rules as cr
import invariants as inv
from cacao_rules import Side
from helpers_positions import (
    G1,
    G2,
    M3,
    P1,
    TEMPLE,
    W1111,
    W2101,
    W3001,
    W3100,
    of_type,
    parked,
    start_board,
    wt,
)
from helpers_process import same_package_env


def names(state: cr.State) -> list[str]:
    return [str(move) for move in cr.legal_moves(state)]


def outcomes(state: cr.State) -> dict[str, Fraction]:
    return {str(move): p for move, p in cr.chance_outcomes(state)}


def play(
    players: int, seed: int | None, rng: random.Random, limit: int = 10_000
) -> list[tuple[cr.State, cr.Move]]:
    """A whole game with moves (and, unseeded, chance outcomes) picked by ``rng``."""
    state = cr.new_game(cr.Config(players=players), seed=seed)
    history: list[tuple[cr.State, cr.Move]] = []
    while not state.is_over and len(history) < limit:
        move = rng.choice(cr.legal_moves(state))
        history.append((state, move))
        state = cr.apply(state, move)
    history.append((state, cr.Discard(W1111)))  # the last state; the move is never used
    return history


# R-CHANCE-1 ------------------------------------------------------------------------------


@pytest.mark.rule("R-CHANCE-1")
def test_unseeded_deal_draws_by_count_over_total() -> None:
    state = cr.new_game(cr.Config(players=2), seed=None)
    assert state.is_chance
    assert state.to_move is None
    assert outcomes(state) == {
        "draw-worker 1-1-1-1": Fraction(4, 11),
        "draw-worker 2-1-0-1": Fraction(5, 11),
        "draw-worker 3-0-0-1": Fraction(1, 11),
        "draw-worker 3-1-0-0": Fraction(1, 11),
    }
    assert [move for move, _ in cr.chance_outcomes(state)] == list(cr.legal_moves(state))
    # What is drawn leaves the multiset.
    state = cr.apply(state, cr.DrawWorker(W2101))
    assert outcomes(state) == {
        "draw-worker 1-1-1-1": Fraction(4, 10),
        "draw-worker 2-1-0-1": Fraction(4, 10),
        "draw-worker 3-0-0-1": Fraction(1, 10),
        "draw-worker 3-1-0-0": Fraction(1, 10),
    }
    state = cr.apply(state, cr.DrawWorker(W3001))
    assert outcomes(state) == {
        "draw-worker 1-1-1-1": Fraction(4, 9),
        "draw-worker 2-1-0-1": Fraction(4, 9),
        "draw-worker 3-1-0-0": Fraction(1, 9),
    }


@pytest.mark.rule("R-CHANCE-1")
def test_unseeded_display_deal_draws_from_the_jungle_multiset() -> None:
    state = cr.new_game(cr.Config(players=2), seed=None)
    for _ in range(6):
        state = cr.apply(state, cr.DrawWorker(W2101))
    assert state.jungle_pile.total == 19
    expected = {"P1": 3, "P2": 2, "M2": 1, "M3": 3, "M4": 1, "G1": 1, "G2": 1, "W": 2, "S": 1}
    expected["T"] = 4
    assert outcomes(state) == {
        f"draw-jungle {code}": Fraction(count, 19) for code, count in expected.items()
    }
    assert sum(outcomes(state).values()) == 1
    state = cr.apply(state, cr.DrawJungle(TEMPLE))
    assert outcomes(state)["draw-jungle T"] == Fraction(3, 18)
    state = cr.apply(state, cr.DrawJungle(M3))
    assert state.to_move == 0
    assert state.display == (M3, TEMPLE)
    assert state.jungle_pile.total == 17


@pytest.mark.rule("R-CHANCE-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_outcomes_of_every_chance_node_sum_to_one(players: int) -> None:
    for state, _ in play(players, None, random.Random(players)):
        if state.is_chance:
            pairs = cr.chance_outcomes(state)
            assert sum(p for _, p in pairs) == 1
            assert {type(p) for _, p in pairs} == {Fraction}
            assert all(0 < p <= 1 for _, p in pairs)
            assert len(pairs) >= 2 or inv.hides_its_one_answer(state)
            assert tuple(move for move, _ in pairs) == cr.legal_moves(state)


@pytest.mark.rule("R-CHANCE-1")
def test_refill_outcomes_follow_the_pile() -> None:
    state = cr.position(
        cr.Config(players=2),
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        jungle_pile=[TEMPLE, TEMPLE, M3],
        seed=None,
    )
    # 1-1-1-1 on (1, 0): 1 cacao from the plantation, sold at the market.
    state = cr.apply(state, cr.Place(W1111, (1, 0), 0))
    state = cr.apply(state, cr.Resolve((1, 0), Side.W, 1))
    state = cr.apply(state, cr.Resolve((1, 0), Side.S, 1))
    assert state.is_chance  # seat 0 draws a worker tile
    state = cr.apply(state, cr.DrawWorker(W3100))
    assert outcomes(state) == {"draw-jungle M3": Fraction(1, 3), "draw-jungle T": Fraction(2, 3)}


@pytest.mark.rule("R-CHANCE-1")
def test_seeded_draws_follow_the_counts() -> None:
    # The first draw of seat 0's hand over many seeds: 2-1-0-1 is 5 of 11 tiles.
    firsts = Counter(
        cr.new_game(cr.Config(players=2), seed=seed).players[0].hand for seed in range(300)
    )
    with_2101 = sum(count for hand, count in firsts.items() if W2101 in hand)
    # P(at least one 2-1-0-1 in 3 draws) = 1 - (6/11 * 5/10 * 4/9) = 0.8788
    assert 0.8 < with_2101 / 300 < 0.95


@pytest.mark.rule("R-CHANCE-1")
def test_piles_are_multisets_not_orders() -> None:
    state = cr.new_game(cr.Config(players=3), seed=3)
    for player in state.players:
        assert player.pile.total == 10 - 3
        assert sum(count for _, count in player.pile.items) == player.pile.total
        kinds = [kind for kind, _ in player.pile.items]
        assert kinds == sorted(kinds, key=lambda kind: kind.sort_key)
    tiles = [tile for tile, _ in state.jungle_pile.items]
    assert tiles == sorted(tiles, key=lambda tile: tile.sort_key)


# R-CHANCE-2 ------------------------------------------------------------------------------


@pytest.mark.rule("R-CHANCE-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_and_moves_give_the_same_game(players: int) -> None:
    first = play(players, 11, random.Random(1))
    moves = [move for _, move in first[:-1]]
    state = cr.new_game(cr.Config(players=players), seed=11)
    for (expected, _), move in zip(first, moves, strict=False):
        assert state == expected
        assert not state.is_chance
        state = cr.apply(state, move)
    assert state == first[-1][0]
    assert state.is_over
    assert state.seed == 11


@pytest.mark.rule("R-CHANCE-2")
def test_same_seed_and_moves_give_the_same_events() -> None:
    first = play(2, 8, random.Random(2))
    a = cr.new_game(cr.Config(players=2), seed=8)
    b = cr.new_game(cr.Config(players=2), seed=8)
    for _, move in first[:-1]:
        a, events_a = cr.step(a, move)
        b, events_b = cr.step(b, move)
        assert events_a == events_b


@pytest.mark.rule("R-CHANCE-2")
def test_different_seeds_give_different_games() -> None:
    deals = {
        (
            tuple(player.hand for player in state.players),
            state.display,
        )
        for state in (cr.new_game(cr.Config(players=4), seed=seed) for seed in range(10))
    }
    assert len(deals) > 5
    assert cr.new_game(cr.Config(players=2), seed=1) != cr.new_game(cr.Config(players=2), seed=2)


@pytest.mark.rule("R-CHANCE-2")
def test_seed_counter_advances_with_every_chance_event() -> None:
    state = cr.new_game(cr.Config(players=2), seed=4)
    assert state.chance_count == 2 * 3 + 2  # the deal
    unseeded = cr.new_game(cr.Config(players=2), seed=None)
    assert unseeded.chance_count == 0


@pytest.mark.rule("R-CHANCE-2")
@pytest.mark.parametrize(
    "config",
    [
        cr.Config(players=2),
        cr.Config(players=4),
        cr.Config(players=3, modules={cr.Module.MAP, cr.Module.HUTS, cr.Module.GEM_MINES}),
        cr.Config.big_game(4),
    ],
    ids=str,
)
def test_a_seeded_deal_draws_what_its_chance_events_draw_one_by_one(config: cr.Config) -> None:
    """A seeded game draws its whole deal at once: the same tiles as drawing, at each chance
    node of the unseeded deal, the outcome the seed picks for that event."""
    from cacao_rules.turn.step_kinds import STEP_KINDS, _Chance

    for seed in range(8):
        state = cr.new_game(config)
        while state.is_chance:
            kind = STEP_KINDS[type(state.step)]
            assert isinstance(kind, _Chance)
            outcome = kind.seeded_outcome(state, seed, state.chance_count)
            state = cr.apply(state, kind.node(state).names(outcome))
        assert cr.new_game(config, seed=seed) == state.replace(seed=seed)


@pytest.mark.rule("R-CHANCE-2")
def test_unseeded_game_waits_for_the_caller_at_every_draw() -> None:
    state = cr.new_game(cr.Config(players=2), seed=None)
    for kind in (W1111, W1111, W2101, W2101, W2101, W3100):
        assert state.is_chance
        assert state.to_move is None
        state = cr.apply(state, cr.DrawWorker(kind))
    assert state.players[0].hand == (W1111, W1111, W2101)
    assert state.players[1].hand == (W2101, W2101, W3100)
    with pytest.raises(cr.IllegalMoveError, match="not a possible outcome"):
        cr.apply(state, cr.DrawWorker(W1111))
    state = cr.apply(cr.apply(state, cr.DrawJungle(G2)), cr.DrawJungle(M3))
    assert not state.is_chance
    assert state.to_move == 0
    with pytest.raises(cr.IllegalMoveError, match="needs a chance node"):
        cr.chance_outcomes(state)


@pytest.mark.rule("R-CHANCE-2")
def test_a_finished_game_is_no_chance_node() -> None:
    state = cr.position(cr.Config(players=2))  # no hand holds a tile: the game is over
    assert state.is_over
    message = "chance_outcomes needs a chance node; this state waits for nothing: the game is over"
    with pytest.raises(cr.IllegalMoveError, match=f"^{message}$"):
        cr.chance_outcomes(state)


@pytest.mark.rule("R-CHANCE-2", "R-DECIDE-2")
def test_a_refill_that_takes_the_whole_pile_is_no_chance_node() -> None:
    # The display is empty and the pile holds exactly its two tiles: the order of the draws
    # cannot matter, so no chance node is made, and each tile counts as a chance event.
    state = cr.position(
        cr.Config(players=2),
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        jungle_pile=[P1, G1],
        seed=None,
    )
    state = cr.apply(state, cr.Place(W1111, (2, 1), 0))  # faces only the start market
    state = cr.apply(state, cr.chance_outcomes(state)[0][0])  # seat 0's worker draw
    assert not state.is_chance
    assert state.to_move == 1
    assert sorted(tile.code for tile in state.display) == ["G1", "P1"]
    assert state.chance_count == 3  # the worker draw and the two tiles


def _end_of_turn(hand: tuple[cr.WorkerType, ...], seed: int | None) -> cr.State:
    """Seat 0 holds ``hand`` and places its 1-1-1-1 on (1, 0); its tiles other than the
    hand and three 1-1-1-1 are parked far away, so its pile holds only 1-1-1-1 tiles, and
    the jungle pile only temples. The state waits for the last resolve of the turn."""
    parked_kinds = [W2101] * 5 + [W3001, W3100]
    for kind in hand[1:]:
        parked_kinds.remove(kind)
    state = cr.position(
        cr.Config(players=2),
        board=start_board(parked(0, parked_kinds)),
        players=[cr.PlayerState(hand=hand), cr.PlayerState(hand=(W1111,))],
        jungle_pile=[TEMPLE, TEMPLE, TEMPLE],
        seed=seed,
    )
    assert state.players[0].pile.items == ((W1111, 3),)
    state = cr.apply(state, cr.Place(W1111, (1, 0), 0))
    return cr.apply(state, cr.Resolve((1, 0), Side.W, 1))


@pytest.mark.rule("R-CHANCE-2")
def test_a_draw_every_seat_foresees_is_not_exposed() -> None:
    # Seat 0's hand and pile hold only 1-1-1-1 tiles, so every seat knows what it draws; the
    # jungle pile holds only temples. The end of the turn then needs no chance node.
    state = _end_of_turn((W1111,), None)
    state, events = cr.step(state, cr.Resolve((1, 0), Side.S, 1))
    assert not state.is_chance
    assert state.to_move == 1
    assert of_type(events, cr.WorkerDrawn) == [cr.WorkerDrawn(0, W1111)]
    assert of_type(events, cr.DisplayFilled) == [cr.DisplayFilled(TEMPLE)] * 2
    assert state.display == (TEMPLE, TEMPLE)


@pytest.mark.rule("R-CHANCE-2", "R-HIDDEN-4")
def test_a_hidden_draw_with_one_outcome_stops_without_a_seed() -> None:
    # Seat 0 keeps a 2-1-0-1 and a 3-0-0-1 in hand: the others cannot tell that its pile holds
    # only 1-1-1-1 tiles, so the draw is a chance node with that one outcome.
    state = _end_of_turn((W1111, W2101, W3001), None)
    state, events = cr.step(state, cr.Resolve((1, 0), Side.S, 1))
    assert state.is_chance and cr.private_chance_seat(state) == 0
    assert cr.chance_outcomes(state) == ((cr.DrawWorker(W1111), Fraction(1)),)
    assert not of_type(events, cr.WorkerDrawn)
    count = state.chance_count
    state, events = cr.step(state, cr.DrawWorker(W1111))
    assert of_type(events, cr.WorkerDrawn) == [cr.WorkerDrawn(0, W1111)]
    assert state.chance_count == count + 3  # the draw and the two refills (a temple each)
    assert state.to_move == 1


@pytest.mark.rule("R-CHANCE-2", "R-HIDDEN-4")
def test_a_deal_draw_with_one_outcome_stops_while_the_hand_differs() -> None:
    # Each colour has four 1-1-1-1 and one 3-0-0-1. Once seat 0's first deal draw is the
    # 3-0-0-1, its pile holds only 1-1-1-1 tiles: the next draw has one outcome, which the
    # others cannot foresee (they do not know which tile the hand took), so it stops there.
    config = cr.Config(players=2, workers={W1111: 4, W3001: 1})
    state = cr.apply(cr.new_game(config, seed=None), cr.DrawWorker(W3001))
    assert cr.private_chance_seat(state) == 0
    assert cr.chance_outcomes(state) == ((cr.DrawWorker(W1111), Fraction(1)),)
    assert state.players[0].hand == (W3001,)


@pytest.mark.rule("R-CHANCE-2")
def test_a_seeded_draw_with_one_outcome_counts_as_any_draw() -> None:
    """With a seed the forced draw is made inside ``apply``, and counts as a chance event
    like a draw from a pile of several types: nothing shows the others which it was."""
    for hand in ((W1111,), (W1111, W2101, W3001)):
        state = _end_of_turn(hand, 5)
        after = cr.apply(state, cr.Resolve((1, 0), Side.S, 1))
        assert not after.is_chance and after.to_move == 1
        assert after.chance_count == state.chance_count + 3
    mixed = _end_of_turn((W1111, W2101, W3001), 5)
    twins = [cr.determinize(cr.observe(mixed, 1), seed, chance_seed=5) for seed in range(9)]
    twin = next(t for t in twins if len(t.players[0].pile.items) > 1)  # seat 1 cannot tell
    ends = [cr.apply(s, cr.Resolve((1, 0), Side.S, 1)) for s in (mixed, twin)]
    assert ends[0].chance_count == ends[1].chance_count
    assert cr.observe(ends[0], 1) == cr.observe(ends[1], 1)


@pytest.mark.rule("R-CHANCE-2", "R-DECIDE-3")
def test_games_do_not_depend_on_the_hash_seed() -> None:
    script = (
        "import random, cacao_rules as cr\n"
        "state = cr.new_game(cr.Config(players=3), seed=21)\n"
        "rng = random.Random(5)\n"
        "record = []\n"
        "while not state.is_over:\n"
        "    moves = cr.legal_moves(state)\n"
        "    record.append(' | '.join(map(str, moves)))\n"
        "    state = cr.apply(state, rng.choice(moves))\n"
        "print('\\n'.join(record))\n"
        "print([sheet.total for sheet in cr.final_scores(state)], cr.winners(state))\n"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        env = same_package_env(PYTHONHASHSEED=hash_seed)
        result = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].count("\n") > 30


# R-DECIDE-1 ------------------------------------------------------------------------------


@pytest.mark.rule("R-DECIDE-1")
def test_a_turn_is_place_then_fill_then_one_decision_per_edge() -> None:
    # Seat 1's tiles on (0, -1) and (2, 1) wait next to the empty (1, -1) and (2, 0).
    state = cr.position(
        cr.Config(players=2),
        board=start_board({(0, -1): wt(1, W2101, 3), (2, 1): wt(1, W2101, 2)}),
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        display=[G2, M3],
        jungle_pile=[TEMPLE] * 3,
    )
    assert all(isinstance(move, cr.Place) for move in cr.legal_moves(state))
    state, events = cr.step(state, cr.Place(W1111, (1, 0), 0))
    assert [type(e) for e in events] == [cr.WorkerPlaced]
    # One fill decision gives the whole assignment of the display tiles.
    assert state.to_move == 0
    assert names(state) == ["fill 1,-1=M3 2,0=G2", "fill 1,-1=G2 2,0=M3"]
    state, events = cr.step(state, cr.legal_moves(state)[1])
    assert [type(e) for e in events][:2] == [cr.JungleFilled, cr.JungleFilled]
    # Then the edges, one decision each (seat 1's tiles have no workers at the new spaces).
    assert names(state) == [
        "resolve 1,0 N 0",
        "resolve 1,0 N 1",
        "resolve 1,0 E 0",
        "resolve 1,0 S 0",
        "resolve 1,0 W 0",
        "resolve 1,0 W 1",
    ]
    state = cr.apply(state, cr.Resolve((1, 0), Side.W, 1))
    state, events = cr.step(state, cr.Resolve((1, 0), Side.E, 1))  # sold at the new M3
    assert of_type(events, cr.EdgeResolved)[-1] == cr.EdgeResolved(
        0, (1, 0), Side.S, 0, automatic=True
    )
    state, events = cr.step(state, cr.Resolve((1, 0), Side.N, 1))
    # The end of the turn needs nobody: worker draw, refill, next player.
    assert [type(e) for e in events][-4:] == [
        cr.WorkerDrawn,
        cr.DisplayFilled,
        cr.DisplayFilled,
        cr.TurnStarted,
    ]
    assert state.to_move == 1
    assert [(p.gold, p.cacao) for p in state.players] == [(3 + 2, 0), (0, 0)]


@pytest.mark.rule("R-DECIDE-1", "R-ACT-7")
def test_fill_with_one_distinct_assignment_is_not_asked() -> None:
    state = cr.position(
        cr.Config(players=2),
        board=start_board({(2, 1): wt(1, W2101, 2)}),
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        display=[M3, M3],
        jungle_pile=[TEMPLE] * 3,
    )
    state, events = cr.step(state, cr.Place(W1111, (1, 0), 0))
    fill = cr.Fill((cr.FillChoice((2, 0), M3),))
    assert of_type(events, cr.AutoDecision) == [cr.AutoDecision(0, fill)]
    assert state.display == (M3,)


# R-DECIDE-2 and R-DECIDE-3 ---------------------------------------------------------------


def check_move_list(state: cr.State) -> None:
    moves = cr.legal_moves(state)
    keys = [move.sort_key for move in moves]
    assert keys == sorted(keys), "legal_moves is not sorted by sort_key"
    assert len(set(moves)) == len(moves), "legal_moves lists a move twice"
    assert len(set(keys)) == len(keys), "two moves share a sort key"
    assert len(moves) != 1 or inv.hides_its_one_answer(state), (
        "a question with a single answer every seat foresees was exposed"
    )
    assert bool(moves) != state.is_over


@pytest.mark.rule("R-DECIDE-2", "R-DECIDE-3", "R-ACT-7")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, None), (3, 2), (4, 3)])
def test_move_lists_are_sorted_distinct_and_never_single(players: int, seed: int | None) -> None:
    for state, _ in play(players, seed, random.Random(seed or 99)):
        check_move_list(state)


@pytest.mark.rule("R-DECIDE-2")
@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 8), (4, 9)])
def test_no_two_moves_lead_to_the_same_state(players: int, seed: int) -> None:
    for state, _ in play(players, seed, random.Random(seed)):
        if state.is_over:
            continue
        moves = cr.legal_moves(state)
        if isinstance(moves[0], cr.Place | cr.Overbuild):
            # Placements: sample, the lists are long.
            moves = moves[:: max(1, len(moves) // 12)]
        results = [cr.apply(state, move) for move in moves]
        assert len(set(results)) == len(results), [str(move) for move in moves]


@pytest.mark.rule("R-DECIDE-3")
def test_move_order_is_by_class_then_fields() -> None:
    state = cr.position(
        cr.Config(players=2),
        board=start_board(),
        players=[cr.PlayerState(hand=(W3100, W1111, W2101)), cr.PlayerState(hand=(W1111,))],
    )
    moves = cr.legal_moves(state)
    assert names(state)[:6] == [
        "place 1-1-1-1 -1,0 r0",
        "place 1-1-1-1 0,-1 r0",
        "place 1-1-1-1 0,1 r0",
        "place 1-1-1-1 1,0 r0",
        "place 1-1-1-1 1,2 r0",
        "place 1-1-1-1 2,1 r0",
    ]
    types = [move.type for move in moves if isinstance(move, cr.Place)]
    assert len(types) == len(moves)
    assert types == sorted(types, key=lambda kind: kind.sort_key)
    assert len(moves) == 6 * (1 + 4 + 4)


def test_each_chance_kind_draws_from_the_bag_of_its_node() -> None:
    """What a chance step draws from (the seeded draws ask its kind for the bag alone) is
    the bag of the chance node it shows, at every chance node of unseeded games."""
    from cacao_rules.turn.step_kinds import STEP_KINDS, _Chance

    seen = set()
    for seed, config in enumerate([cr.Config(players=2), cr.Config.big_game(4)] * 3):
        rng = random.Random(seed)
        state = cr.new_game(config)
        while not state.is_over:
            kind = STEP_KINDS[type(state.step)]
            if isinstance(kind, _Chance):
                seen.add(type(state.step))
                assert kind.bag(state) == kind.node(state).bag
            state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    assert len(seen) >= 4  # the deal, the worker draw, refills and blind fills


@pytest.mark.rule("R-CHANCE-2")
def test_the_compiled_builds_seeded_index_is_the_pure_builds() -> None:
    """The compiled build works out where a seeded draw falls on 16-bit digits (issue 39),
    the pure build on 64-bit numbers: the same index for every seed, counter and bag size,
    from the smallest to beyond 2**64."""
    from cacao_rules.state.chance import _index_by_digits, splitmix64

    rng = random.Random(39)
    top = 2**64 - 1
    cases = [
        (total, seed, counter)
        for total in (1, 2, 61)
        for seed in (0, 1, top)
        for counter in (0, 1, top)
    ]
    for _ in range(20_000):
        seed = rng.choice((rng.randrange(1_000), rng.getrandbits(64)))
        counter = rng.choice((rng.randrange(1_000), rng.getrandbits(70)))
        total = rng.choice(
            (rng.randrange(1, 200), rng.getrandbits(40) + 1, rng.getrandbits(90) + 1)
        )
        cases.append((total, seed, counter))
    for total, seed, counter in cases:
        assert _index_by_digits(total, seed, counter) == (splitmix64(seed, counter) * total) >> 64


@pytest.mark.rule("R-CHANCE-2")
def test_splitmix64_is_the_reference_generator() -> None:
    """splitmix64 is worked out where the seeded index uses it (state/chance.py, issue 39):
    its numbers are still the reference SplitMix64's, the ``counter + 1``-th output of the
    generator started at ``seed``: the published outputs for seeds 0 and 1234567, and a
    plain transcription of the reference for other seeds and counters, each number also
    the seeded index among 2**64 copies."""
    from cacao_rules.state.chance import seeded_index, splitmix64

    mask = 2**64 - 1

    def reference(seed: int, counter: int) -> int:
        state = seed
        for _ in range(counter + 1):
            state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    assert [splitmix64(0, n) for n in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    assert splitmix64(1234567, 0) == 6457827717110365317
    rng = random.Random(39)
    for _ in range(2_000):
        seed, counter = rng.getrandbits(64), rng.randrange(300)
        assert splitmix64(seed, counter) == reference(seed, counter)
        assert seeded_index(2**64, seed, counter) == reference(seed, counter)


@pytest.mark.rule("R-CHANCE-2")
def test_a_seeded_worker_draw_is_the_seeded_pick_from_the_pile() -> None:
    """The worker draw at a turn's end picks its seeded outcome itself (issue 39: the pick
    written out, two calls less): the tile ``seeded_pick`` draws from the pile of the
    player to move, for every seat, pile and chance event of seeded games."""
    from cacao_rules.state.chance import seeded_pick
    from cacao_rules.state.state import DrawWorkerStep
    from cacao_rules.turn.step_kinds import STEP_KINDS, _Chance

    kind = STEP_KINDS[DrawWorkerStep]
    assert isinstance(kind, _Chance)
    for seed in range(3):
        rng = random.Random(seed)
        state = cr.new_game(cr.Config(players=4), seed=seed)
        while not state.is_over:
            for seat in range(4):
                view = state.replace(current=seat)
                pile = view.players[seat].pile
                for counter in (0, 1, state.chance_count, 2**40 + seed):
                    if pile.total:
                        assert kind.seeded_outcome(view, seed, counter) == seeded_pick(
                            pile, seed, counter
                        )
            state = cr.apply(state, rng.choice(cr.legal_moves(state)))
