"""Observations, determinization and what each player sees (R-HIDDEN-1 to R-HIDDEN-4)."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

import pytest

import cacao_rules as cr
from cacao_rules import Module, WorkerType
from cacao_rules.game.frozen import Bag
from cacao_rules.state.state import DealStep, DrawWorkerStep, RefillStep
from helpers_observation import random_game, sampled_states


def hidden_swapped(state: cr.State, seat: int) -> cr.State | None:
    """``state`` with one tile of ``seat``'s hand swapped for a different one of their pile,
    and another seed: a state differing only in what the other players cannot see."""
    player = state.players[seat]
    for kept in player.hand:
        for drawn, _ in player.pile.items:
            if drawn != kept:
                hand = list(player.hand)
                hand.remove(kept)
                pile = Bag.of([*player.pile.remove(drawn).elements(), kept], key=_type_key)
                changed = player.replace(
                    hand=tuple(sorted([*hand, drawn], key=_type_key)), pile=pile
                )
                players = (*state.players[:seat], changed, *state.players[seat + 1 :])
                return state.replace(players=players, seed=12345)
    return None


def _type_key(kind: WorkerType) -> int:
    return kind.sort_key


@pytest.mark.rule("R-HIDDEN-1", "R-HIDDEN-2")
def test_states_differing_only_in_hidden_parts_look_the_same() -> None:
    compared = 0
    for state in sampled_states():
        for seat in range(state.config.players):
            other = hidden_swapped(state, seat)
            if other is None:
                continue
            compared += 1
            for player in range(state.config.players):
                same = cr.observe(other, player) == cr.observe(state, player)
                assert same == (player != seat), (player, seat)
    assert compared > 100


@pytest.mark.rule("R-HIDDEN-2")
def test_an_observation_holds_the_open_state_and_the_counts() -> None:
    state = sampled_states()[7]
    seen = cr.observe(state, 1)
    assert seen.hand == state.players[1].hand
    assert (seen.board, seen.display, seen.step, seen.turn) == (
        state.board,
        state.display,
        state.step,
        state.turn,
    )
    assert (seen.to_move, seen.is_chance, seen.is_over) == (
        state.to_move,
        state.is_chance,
        state.is_over,
    )
    for seat, (view, player) in enumerate(zip(seen.players, state.players, strict=True)):
        assert (view.gold, view.cacao, view.sun, view.water) == (
            player.gold,
            player.cacao,
            player.sun,
            player.water,
        )
        assert (view.hand_size, view.pile_size) == (len(player.hand), player.pile.total)
        expected = Counter(player.pile.elements())
        if seat != 1:
            assert view.hand is None
            expected.update(player.hand)
        assert Counter(view.unseen.elements()) == expected
    assert seen.jungle_pile == state.jungle_pile
    assert hash(seen) == hash(cr.observe(state, 1))


@pytest.mark.rule("R-HIDDEN-2")
def test_observation_json_holds_no_hidden_tile_and_no_seed() -> None:
    for state in sampled_states():
        for player in range(state.config.players):
            seen = cr.observe(state, player)
            text = cr.observation_to_json(seen)
            assert cr.observation_from_json(text) == seen
            document = json.loads(text)
            assert "seed" not in document
            for seat, entry in enumerate(document["players"]):
                assert (entry["hand"] is None) == (seat != player)
            other = hidden_swapped(state, (player + 1) % state.config.players)
            if other is not None:  # the text cannot tell the two states apart
                assert cr.observation_to_json(cr.observe(other, player)) == text


@pytest.mark.rule("R-HIDDEN-3")
def test_a_determinized_state_gives_the_same_observation_and_plays_on() -> None:
    rng = random.Random(3)
    for index, state in enumerate(sampled_states()):
        player = index % state.config.players
        seen = cr.observe(state, player)
        guess = cr.determinize(seen, seed=index)
        assert cr.observe(guess, player) == seen
        cr.check_state(guess)
        assert guess.seed is None
        if not state.is_over and index % 7 == 0:
            played = list(random_game_from(cr.determinize(seen, index, chance_seed=index), rng))
            assert played[-1].is_over


def random_game_from(state: cr.State, rng: random.Random) -> Iterator[cr.State]:
    while not state.is_over:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        yield state


def small_position() -> cr.State:
    """A 2-player game after a few turns: seat 1 holds 3 of 8 unseen tiles of 4 types."""
    rng = random.Random(1)
    for state in random_game(cr.Config(players=2), 4, rng):
        if state.turn == 6 and state.to_move == 0:
            return state
    raise AssertionError("the game ended early")


def hypergeometric(unseen: Bag[WorkerType], size: int) -> dict[tuple[WorkerType, ...], Fraction]:
    """Each hand of ``size`` tiles drawn from ``unseen``, with its probability."""
    kinds = [kind for kind, _ in unseen.items]
    total = math.comb(unseen.total, size)
    result = {}

    def hands(index: int, left: int, chosen: tuple[WorkerType, ...], ways: int) -> None:
        if index == len(kinds):
            if left == 0:
                result[chosen] = Fraction(ways, total)
            return
        count = unseen.count(kinds[index])
        for take in range(min(count, left) + 1):
            picked = chosen + (kinds[index],) * take
            hands(index + 1, left - take, picked, ways * math.comb(count, take))

    hands(0, size, (), 1)
    return result


def chi_squared_limit(degrees: int) -> float:
    """The chi-squared value exceeded with probability 0.001 (Wilson-Hilferty)."""
    z = 3.090
    return degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3


@pytest.mark.rule("R-HIDDEN-3")
def test_determinized_hands_come_with_their_hypergeometric_frequencies() -> None:
    state = small_position()
    seen = cr.observe(state, 0)
    view = seen.players[1]
    expected = hypergeometric(view.unseen, view.hand_size)
    assert len(expected) >= 8 and sum(expected.values()) == 1
    draws = 6000
    counts = Counter(cr.determinize(seen, seed).players[1].hand for seed in range(draws))
    assert set(counts) == set(expected)  # every consistent hand, and nothing else
    statistic = sum((counts[hand] - draws * p) ** 2 / (draws * p) for hand, p in expected.items())
    assert statistic < chi_squared_limit(len(expected) - 1)


@pytest.mark.rule("R-HIDDEN-3")
def test_determinize_is_a_function_of_its_seed() -> None:
    seen = cr.observe(small_position(), 0)
    assert cr.determinize(seen, 5) == cr.determinize(seen, 5)
    hands = {cr.determinize(seen, seed).players[1].hand for seed in range(20)}
    assert len(hands) > 1


@pytest.mark.rule("R-HIDDEN-4")
def test_other_players_worker_draws_are_hidden_in_events() -> None:
    state = cr.new_game(cr.Config(players=3), seed=2)
    while True:
        state, events = cr.step(state, cr.legal_moves(state)[0])
        drawn = [e for e in events if isinstance(e, cr.WorkerDrawn)]
        if drawn:
            break
    (draw,) = drawn
    for player in range(3):
        seen = cr.observe_events(events, player)
        assert len(seen) == len(events)
        if player == draw.player:
            assert seen == events
        else:
            assert cr.WorkerDrawnUnseen(draw.player) in seen
            assert not any(isinstance(e, cr.WorkerDrawn) for e in seen)


@pytest.mark.rule("R-HIDDEN-4")
def test_private_chance_seat() -> None:
    state = cr.new_game(cr.Config(players=3, modules={Module.HUTS}))
    nodes: list[tuple[type, int | None, int]] = []
    rng = random.Random(0)
    while state.turn < 3:
        if state.is_chance:
            nodes.append((type(state.step), cr.private_chance_seat(state), state.current))
        else:
            assert cr.private_chance_seat(state) is None
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    deal = [seat for step, seat, _ in nodes if step is DealStep]
    assert deal == [None] * 12 + [0, 0, 0, 1, 1, 1, 2, 2, 2] + [None] * 2
    draws = [(seat, current) for step, seat, current in nodes if step is DrawWorkerStep]
    assert draws == [(0, 0), (1, 1), (2, 2)]
    assert all(seat is None for step, seat, _ in nodes if step is RefillStep)


def test_bad_arguments_are_refused_clearly() -> None:
    state = cr.new_game(cr.Config(players=2), seed=1)
    with pytest.raises(cr.CacaoError, match="player must be a seat from 0 to 1, got 2"):
        cr.observe(state, 2)
    with pytest.raises(TypeError, match=r"State object expected; got str"):
        cr.observe("state", 0)  # type: ignore[arg-type]
    seen = cr.observe(state, 0)
    with pytest.raises(cr.CacaoError, match="seed must be an int"):
        cr.determinize(seen, -1)
    with pytest.raises(cr.CacaoError, match="chance_seed must be None or an int"):
        cr.determinize(seen, 1, chance_seed=2**64)
    with pytest.raises(TypeError, match=r"Observation object expected; got .*State"):
        cr.determinize(state, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Observation object expected; got .*State"):
        cr.observation_to_json(state)  # type: ignore[arg-type]


def edited(text: str, change: object) -> str:
    document = json.loads(text)
    change(document)  # type: ignore[operator]
    return json.dumps(document)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("player"), r"missing key\(s\) 'player'"),
        (lambda d: d.update(seed=1), r"unknown key\(s\) 'seed'"),
        (lambda d: d.update(format="cacao-rules.state"), "format: expected"),
        (lambda d: d.update(version=True), "reads version 1"),
        (lambda d: d.update(player=2), r"player: 2 is out of range; allowed: 0 to 1"),
        (lambda d: d["players"][1].update(hand=[]), r"players\[1\].hand: expected null"),
        (
            lambda d: d["players"][1].update(hand=["1-1-1-1"]),
            r"players\[1\].hand: expected null \(another player's hand\), got a list \[\"1-1-1-1",
        ),
        (lambda d: d["players"][0].update(hand=None), r"players\[0\].hand: expected a list"),
        (lambda d: d["players"][0].update(hand_size=2), r"players\[0\].hand_size: 2, but"),
        (lambda d: d["players"][1].update(pile_size=0), r"players\[1\].unseen: \d+ tiles, but"),
        (lambda d: d["players"][1].update(unseen={"9-9": 1}), r"unseen key: unknown worker"),
        (lambda d: d["players"][1].update(gold=-1), r"players\[1\].gold: -1 is out of range"),
        (
            lambda d: (
                d["players"][1]["unseen"].update(
                    {"1-1-1-1": d["players"][1]["unseen"]["1-1-1-1"] + 1}
                ),
                d["players"][1].update(pile_size=d["players"][1]["pile_size"] + 1),
            ),
            "not a valid cacao-rules observation: ",
        ),
    ],
)
def test_bad_observation_documents_are_refused(change: object, message: str) -> None:
    text = cr.observation_to_json(cr.observe(cr.new_game(cr.Config(players=2), seed=1), 0))
    with pytest.raises(cr.FormatError, match=message):
        cr.observation_from_json(edited(text, change))


def test_observation_from_json_refuses_what_is_no_json() -> None:
    with pytest.raises(cr.FormatError, match="not valid JSON"):
        cr.observation_from_json("{")
    with pytest.raises(TypeError, match=r"^str object expected; got bytes"):
        cr.observation_from_json(b"{}")  # type: ignore[arg-type]
