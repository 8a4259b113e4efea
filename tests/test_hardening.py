"""Untrusted input: each class of input that once got through, reproduced and refused.

The tests go through the public API and JSON documents only, so that they keep guarding the
engine whatever its internal representation.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules import JungleTile, Module, PlayerState, WorkerTile, WorkerType
from helpers_observation import CONFIGS, random_game
from helpers_positions import W2101, start_board, wt
from helpers_twins import ENGINE, engine_look, engine_twin, play_twins

Doc = dict[str, Any]
W1111 = WorkerType.W1111
P1 = JungleTile.from_code("P1")


def doc_of(state: cr.State) -> Doc:
    document: Doc = json.loads(cr.to_json(state))
    return document


def refused(document: Doc, fragment: str, *, strict: bool = True) -> str:
    """The message with which ``from_json`` refuses ``document``; it must contain
    ``fragment`` and stay short."""
    with pytest.raises(cr.FormatError) as caught:
        cr.from_json(json.dumps(document), strict=strict)
    message = str(caught.value)
    assert fragment in message, message
    assert len(message) < 4000
    return message


@functools.cache
def states_at(kind: str, players: int = 2) -> tuple[cr.State, ...]:
    """States of a random unseeded game waiting at a step of ``kind``."""
    rng = random.Random(players)
    found = []
    for seed in (None,):
        for state in random_game(cr.Config(players=players), seed, rng):
            if doc_of(state)["step"]["kind"] == kind:
                found.append(state)
    assert found, kind
    return tuple(found)


def mid_game(kind: str = "placement") -> cr.State:
    found = states_at(kind)
    return found[len(found) // 2]


def evolve(state: cr.State, **changes: Any) -> cr.State:
    """``state`` with fields changed: the one place these tests build a state by hand."""
    return state.replace(**changes)


# --- 1. far-away tiles ------------------------------------------------------------------


def _pile_tile_to(document: Doc, square: list[int]) -> Doc:
    """A jungle tile taken from the pile and laid on ``square``: the counts still add up."""
    pile = document["jungle_pile"]
    code = next(iter(pile))
    pile[code] -= 1
    if not pile[code]:
        del pile[code]
    document["board"].append({"square": square, "tile": code})
    return document


@pytest.mark.parametrize("square", [[3000, 3000], [10**6, 0], [-50, 30]])
def test_a_jungle_tile_outside_the_window_is_refused(square: list[int]) -> None:
    document = _pile_tile_to(doc_of(mid_game()), square)
    refused(document, "steps from (0, 0); in this game worker tiles lie within 41")
    refused(document, "steps from (0, 0)", strict=False)


def test_a_jungle_tile_touching_no_worker_tile_is_refused() -> None:
    document = _pile_tile_to(doc_of(mid_game()), [-20, -20])
    refused(document, "shares no edge with a worker tile")


def test_start_tiles_stay_where_they_belong() -> None:
    document = doc_of(mid_game())
    start = next(entry for entry in document["board"] if entry["square"] == [1, 1])
    start["square"] = [0, 100]
    refused(document, "steps from (0, 0)", strict=False)
    start["square"] = [-3, -5]
    refused(document, "square 1,1 does not hold its start tile")


def test_a_position_outside_the_window_is_refused() -> None:
    board = {(0, 0): P1, (1, 1): JungleTile.from_code("M2"), (3000, 3000): P1}
    with pytest.raises(cr.ConfigError, match="steps from"):
        cr.position(cr.Config(players=2), board=board, players=[PlayerState(hand=(W1111,))] * 2)


def test_far_reaching_tiles_are_refused_in_strict_documents() -> None:
    # Inside the window, but so far out that the tiles still to come could leave it.
    document = doc_of(mid_game())
    far = [entry for entry in document["board"] if isinstance(entry["tile"], str)][-1]
    far["square"] = [38, 2]
    refused(document, "could reach")


def test_every_legal_move_of_random_games_is_encoded_and_round_trips() -> None:
    rng = random.Random(11)
    for config in CONFIGS[:3]:
        space = cr.ActionSpace(config)
        for state in random_game(config, None, rng):
            actions = space.legal_actions(state)
            assert len(actions) == len(cr.legal_moves(state))
            assert cr.from_json(cr.to_json(state)) == state


# --- 2. huge numbers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "fragment"),
    [
        ("gold", "gold; no player of this game can hold more than"),
        ("turn", "turn an int of about 401 digits is out of range"),
        ("chance_count", "chance_count an int of about 401 digits is out of range"),
    ],
)
def test_huge_numbers_are_refused(field: str, fragment: str) -> None:
    document = doc_of(mid_game())
    if field == "gold":
        document["players"][0]["gold"] = 10**400
    else:
        document[field] = 10**400
    message = refused(document, fragment[:10])
    assert fragment.split(" 1000")[0] in message
    refused(document, fragment[:10], strict=False)


def test_chance_count_is_what_the_state_implies() -> None:
    state = mid_game()
    for delta in (-1, 1, 5):
        document = doc_of(state)
        document["chance_count"] += delta
        refused(document, "chance events")


def test_a_seeded_client_cannot_choose_its_next_draw() -> None:
    state = mid_game("draw_worker") if states_at("draw_worker") else mid_game()
    document = doc_of(state)
    document["seed"] = 5
    document["chance_count"] += 1  # would pick another draw of the same seed
    refused(document, "chance events")


# --- 3. inconsistent documents --------------------------------------------------------------


def test_a_worker_draw_for_a_full_hand_is_refused() -> None:
    document = doc_of(mid_game("draw_worker"))
    seat = document["current"]
    player = document["players"][seat]
    kind = next(iter(player["pile"]))
    player["pile"][kind] -= 1
    if not player["pile"][kind]:
        del player["pile"][kind]
    player["hand"].append(kind)
    refused(document, "already holds 3 tiles")
    refused(document, "already holds 3 tiles", strict=False)


def test_a_short_hand_while_the_pile_has_tiles_is_refused() -> None:
    document = doc_of(mid_game())
    player = document["players"][1 - document["current"]]
    kind = player["hand"].pop()
    player["pile"][kind] = player["pile"].get(kind, 0) + 1
    refused(document, "holds 2 tiles while their pile still has some")


def test_the_seat_to_move_follows_from_the_turn() -> None:
    document = doc_of(mid_game())
    document["current"] = 1 - document["current"]
    refused(document, "current seat is")


def test_the_turn_counts_the_tiles_placed() -> None:
    state = mid_game()
    assert sum(isinstance(t, WorkerTile) for t in state.board.values()) >= 4
    document = doc_of(state)
    document["turn"] = 0
    document["current"] = 0
    refused(document, "turn is 0, but")


def test_a_deal_step_in_a_game_under_way_is_refused() -> None:
    document = doc_of(mid_game())
    document["step"] = {"kind": "deal"}
    refused(document, "the deal is pending but the game is under way", strict=False)


# --- 4. moves of the wrong shape ----------------------------------------------------------

# The constructors' parameters are typed, so a type checker reports each of these wrong
# types; at run time they raise TypeError (in the compiled build mypyc may raise it first,
# with its own message).
WRONG_TYPES: list[Callable[[], object]] = [
    lambda: cr.Resolve((1, 0), 4, 1),  # type: ignore[arg-type]
    lambda: cr.Resolve((1, 0), cr.Side.N, 1, gems=(1, 0, 0)),  # type: ignore[arg-type]
    lambda: cr.Slide(None),  # type: ignore[arg-type]
    lambda: cr.DrawJungle("P1"),  # type: ignore[arg-type]
    lambda: cr.Place(W1111, (1, 0), 1.0),  # type: ignore[arg-type]
    lambda: cr.Place(W1111, (1,), 1),  # type: ignore[arg-type]
    lambda: cr.Place(W1111, [1, 0], 1),  # type: ignore[arg-type]
    lambda: cr.Place("1-1-1-1", (1, 0), 1),  # type: ignore[arg-type]
    lambda: cr.Discard(None),  # type: ignore[arg-type]
    lambda: cr.DrawWorker(1),  # type: ignore[arg-type]
    lambda: cr.BuildHut("chief"),  # type: ignore[arg-type]
    lambda: cr.HutSide(None),  # type: ignore[arg-type]
    lambda: cr.FillChoice((0, 2), "M3"),  # type: ignore[arg-type]
    lambda: cr.FillChoice((0, 2), P1, from_map=1),  # type: ignore[arg-type]
    lambda: cr.Fill([cr.FillChoice((0, 2), P1)]),  # type: ignore[arg-type]
    lambda: cr.Fill((None,)),  # type: ignore[arg-type]
]

# Values of the right type out of their field's range.
BAD_VALUES: list[Callable[[], object]] = [
    lambda: cr.Resolve((1, 0), cr.Side.N, 1, bars=-1),
    lambda: cr.Resolve((1, 0), cr.Side.N, 10**9),
    lambda: cr.Resolve((1, 0), cr.Side.N, 1, gems=(1, 0, 0, -1)),
    lambda: cr.Place(W1111, (10**7, 0), 1),
    lambda: cr.Overbuild(W1111, (1, 0), 4),
    lambda: cr.Fill(tuple(cr.FillChoice((0, 2 * i), P1) for i in range(5))),
    # Just past each bound:
    lambda: cr.Resolve((1, 0), cr.Side.N, 100),
    lambda: cr.Resolve((1, 0), cr.Side.N, 1, bars=100),
    lambda: cr.Resolve((0, -(10**6) - 1), cr.Side.N, 1),
    lambda: cr.Resolve((1, 0), cr.Side.N, 1, gems=(0, 100, 0, 0)),
    lambda: cr.Place(W1111, (1, 0), -1),
    lambda: cr.Overbuild(W1111, (10**6 + 1, 0), 0),
    lambda: cr.FillChoice((0, 10**6 + 1), P1),
]

# Values on the bounds, which the constructors take.
EDGE_VALUES: list[Callable[[], object]] = [
    lambda: cr.Resolve((10**6, -(10**6)), cr.Side.W, 99, bars=99, gems=(99, 0, 0, 99)),
    lambda: cr.Resolve((1, 0), cr.Side.N, 0, gems=(0, 0, 0, 0)),
    lambda: cr.Place(W1111, (-(10**6), 10**6), 3),
    lambda: cr.Overbuild(W1111, (1, 0), 0),
    lambda: cr.FillChoice((10**6, 10**6), P1, from_map=True),
]


@pytest.mark.parametrize("make", WRONG_TYPES)
def test_moves_refuse_wrong_field_types_at_construction(make: Callable[[], object]) -> None:
    with pytest.raises(TypeError) as raised:
        make()
    if not cr.COMPILED:
        assert re.search(r"must be .*, got ", str(raised.value))


@pytest.mark.parametrize("make", BAD_VALUES)
def test_moves_refuse_field_values_out_of_range_at_construction(
    make: Callable[[], object],
) -> None:
    with pytest.raises(cr.IllegalMoveError, match=r"must be .*, got "):
        make()


@pytest.mark.parametrize("make", EDGE_VALUES)
def test_moves_take_field_values_on_their_bounds(make: Callable[[], object]) -> None:
    assert make() == make()


def test_apply_and_friends_refuse_what_is_no_state() -> None:
    move = cr.legal_moves(mid_game())[0]
    junk: list[Any] = [1, "state", None, 1.5, "place"]
    for call in (
        lambda: cr.apply(junk[0], move),
        lambda: cr.step(junk[1], move),
        lambda: cr.legal_moves(junk[2]),
        lambda: cr.chance_outcomes(junk[3]),
        lambda: cr.apply(mid_game(), junk[4]),
    ):
        with pytest.raises(TypeError, match=r" object expected; got "):
            call()


class _EqualToEverything:
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def test_decode_takes_only_int_ids() -> None:
    numpy = pytest.importorskip("numpy")
    state = mid_game()
    space = cr.ActionSpace(state.config)
    legal = space.legal_actions(state)[0]
    assert space.decode(state, legal) in cr.legal_moves(state)
    wrong_types: list[Any] = [float(legal), numpy.float64(legal), str(legal), _EqualToEverything()]
    for action in wrong_types:
        with pytest.raises(TypeError, match=r"^int object expected; got "):
            space.decode(state, action)
    with pytest.raises(TypeError, match=r"State object expected; got int"):
        space.decode(1, 0)  # type: ignore[arg-type]


# --- 5. cr.position with wrong argument types ---------------------------------------------

TWO = cr.Config(players=2)
HAND = [PlayerState(hand=(W1111,)), PlayerState()]

BAD_POSITIONS: list[dict[str, Any]] = [
    {"board": {(0,): P1}},
    {"board": {(0, 0): "P1"}},
    {"board": {(0.0, 0): P1}},
    # A tile with no edges: the pure build can make one; compiled, a WorkerTile is a native
    # record whose constructor refuses it (test_compiled_worker_tiles_refuse_wrong_types).
    *([] if cr.COMPILED else [{"board": {(1, 0): WorkerTile(0, W1111, 0, None)}}]),  # type: ignore[arg-type]
    {"covered": {(1, 0): P1}},
    {"players": "ab"},
    {"players": [None, None]},
    {"display": "P1"},
    {"display": [None]},
    {"jungle_pile": [JungleTile(cr.JungleKind.PLANTATION, 7)]},
    {"map_board": [1]},
    {"hut_supply": "chief"},
    {"emperor": (0, 0)},
    {"seed": -1},
    {"seed": 2**64},
]
"""Arguments holding what they should not: a ConfigError."""

POSITIONS_OF_WRONG_TYPES: list[dict[str, Any]] = [
    {"config": 2},
    {"board": [(0, 0)]},
    {"jungle_pile": 3},
    {"emperor": (1,)},
    {"current": "0"},
    {"current": 1.0},
    {"current": True},
    {"seed": 1.5},
    {"seed": True},
]
"""Arguments of the wrong type: a TypeError."""


@pytest.mark.skipif(not cr.COMPILED, reason="the pure build's records take any value")
def test_compiled_worker_tiles_refuse_wrong_types() -> None:
    with pytest.raises(TypeError):
        WorkerTile(0, W1111, 0, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("changes", BAD_POSITIONS)
def test_position_refuses_wrong_argument_types(changes: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"players": HAND, **changes}
    config = arguments.pop("config", TWO)
    with pytest.raises(cr.ConfigError) as caught:
        cr.position(config, **arguments)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("changes", POSITIONS_OF_WRONG_TYPES)
def test_position_refuses_arguments_of_the_wrong_type(changes: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"players": HAND, **changes}
    config = arguments.pop("config", TWO)
    with pytest.raises(TypeError, match=r" object expected; got "):
        cr.position(config, **arguments)


BAD_PLAYER_FIELDS: list[dict[str, Any]] = [
    {"gold": "1"},
    {"hand": ("1-1-1-1",)},
    {"hand": [W1111]},
    {"gems": (1, 2)},
]


@pytest.mark.parametrize("fields", BAD_PLAYER_FIELDS)
def test_a_player_of_wrong_field_types_is_refused(fields: dict[str, Any]) -> None:
    """``PlayerState`` is the engine's hot record, so its constructor takes its annotated
    types on trust in pure Python, and ``cr.position`` refuses the player; compiled with
    mypyc, the constructor itself checks what it can of its annotations (a ``TypeError``).
    Either way no such player reaches a state."""
    try:
        player = PlayerState(**fields)
    except TypeError as refused:
        assert cr.COMPILED, "only the compiled constructor checks its argument types"
        assert "expected" in str(refused)
        return
    with pytest.raises(cr.ConfigError) as caught:
        cr.position(TWO, players=[player, PlayerState()])
    assert len(str(caught.value)) < 300


def test_position_reads_iterables_once() -> None:
    state = cr.position(TWO, players=HAND, display=iter([P1]))
    assert state.display == (P1,)


# --- 6. size ---------------------------------------------------------------------------------


def test_parse_move_refuses_long_text_with_a_short_message() -> None:
    text = "fill " + " ".join(f"{2 * i},0=P1" for i in range(900_000))
    with pytest.raises(cr.FormatError) as caught:
        cr.parse_move(text)
    assert "a move takes at most 256" in str(caught.value)
    assert len(str(caught.value)) < 300


def test_parse_move_refuses_more_fill_choices_than_sides() -> None:
    with pytest.raises(cr.FormatError, match="at most 4 FillChoice"):
        cr.parse_move("fill 0,1=P1 0,3=P1 0,5=P1 0,7=P1 0,9=P1")


@pytest.mark.parametrize("where", ["board", "covered", "discarded", "display"])
def test_documents_with_too_many_items_are_refused(where: str) -> None:
    document = doc_of(mid_game())
    document[where] = [document[where][0] if document[where] else 0] * 10_000
    refused(document, f"{where}: 10000 items; a document's lists hold at most 1000")


def test_huge_documents_are_refused_before_parsing() -> None:
    with pytest.raises(cr.FormatError, match="a document takes at most"):
        cr.from_json(" " * 2_000_000)
    with pytest.raises(cr.FormatError, match="a document takes at most"):
        cr.observation_from_json("[" * 2_000_000)


def test_pile_objects_with_too_many_keys_are_refused() -> None:
    document = doc_of(mid_game())
    document["jungle_pile"] = {f"X{i}": 1 for i in range(5000)}
    refused(document, "jungle_pile: 5000 keys")


# --- 7. memory ------------------------------------------------------------------------------


def test_tensor_caches_are_bounded() -> None:
    configs = [
        cr.Config(players=players, workers={W1111: ones, WorkerType.W2101: twos})
        for players in (2, 3, 4)
        for ones in range(1, 5)
        for twos in range(1, 6)
    ] + list(CONFIGS)
    for config in configs * 20:
        assert cr.tensor_size(config) == sum(length for _, length in cr.tensor_layout(config))
        cr.tensor_bounds(config)
    for cached in (cr.tensor_size, cr.tensor_layout, cr.tensor_bounds):
        info = cached.cache_info()
        assert info.maxsize is not None
        assert info.currsize <= info.maxsize


# --- 8. observations of loose states --------------------------------------------------------


def test_observations_of_loose_states_are_read_loosely() -> None:
    state = cr.position(TWO, players=HAND, jungle_pile=[P1] * 3)
    text = cr.observation_to_json(cr.observe(state, 1))
    with pytest.raises(cr.FormatError):
        cr.observation_from_json(text)
    assert cr.observation_from_json(text, strict=False) == cr.observe(state, 1)
    loose = cr.from_json(cr.to_json(state), strict=False)
    assert cr.observation_from_json(
        cr.observation_to_json(cr.observe(loose, 0)), strict=False
    ) == cr.observe(state, 0)


# --- 9. check_state refuses the corrupted states listed -------------------------------------


def _refused_state(state: cr.State, fragment: str, *, reachable: bool = True) -> None:
    with pytest.raises(cr.FormatError, match=fragment):
        cr.check_state(state, reachable=reachable)


@pytest.mark.parametrize("reachable", [True, False])
def test_check_state_refuses_the_corrupted_states(reachable: bool) -> None:
    state = mid_game()
    cr.check_state(state)
    _refused_state(evolve(state, current=-1), "current seat -1 is not a seat", reachable=reachable)
    _refused_state(evolve(state, current=2), "current seat 2 is not a seat", reachable=reachable)
    players = list(state.players)
    players[0] = players[0].replace(cacao=0, chocolate=-1)
    _refused_state(evolve(state, players=tuple(players)), "negative cacao or chocolate")
    players[0] = state.players[0].replace(cacao=-1, chocolate=0)
    _refused_state(evolve(state, players=tuple(players)), "negative cacao or chocolate")
    if len(set(state.display)) == 2:
        _refused_state(
            evolve(state, display=state.display[::-1]),
            "the display is not sorted",
            reachable=reachable,
        )
    deal = cr.new_game(TWO).step  # the deal's step
    _refused_state(evolve(state, step=deal), "the deal is pending", reachable=reachable)
    _refused_state(evolve(state, turn=-1), "turn -1 is out of range", reachable=reachable)
    _refused_state(evolve(state, chance_count=-1), "chance_count -1", reachable=reachable)
    players[0] = state.players[0].replace(gold=10**6)
    _refused_state(evolve(state, players=tuple(players)), "gold; no player", reachable=reachable)


def test_check_state_refuses_a_hut_twice_in_an_agreed_selection() -> None:
    huts = [cr.Hut.CHIEF, cr.Hut.FOREMAN, cr.Hut.MARKET_CRIER]
    config = cr.Config(players=2, modules={Module.HUTS}, huts=huts)
    state = cr.new_game(config, seed=3)
    cr.check_state(state)
    doubled = type(state.hut_supply).of([*huts, cr.Hut.CHIEF], key=lambda hut: hut.sort_key)
    _refused_state(evolve(state, hut_supply=doubled), "the huts|twice", reachable=False)
    _refused_state(evolve(state, hut_supply=doubled), "the huts")


def test_check_state_refuses_a_draw_into_a_full_hand() -> None:
    state = mid_game("draw_worker")
    seat = state.current
    player = state.players[seat]
    kind = player.pile.items[0][0]
    full = player.replace(hand=tuple(sorted((*player.hand, kind), key=lambda k: k.sort_key)))
    players = tuple(full if i == seat else p for i, p in enumerate(state.players))
    _refused_state(evolve(state, players=players), "already holds 3 tiles", reachable=False)


# --- 10. hidden information -----------------------------------------------------------------


@pytest.mark.rule("R-HIDDEN-2", "R-CHANCE-2")
def test_determinized_twins_look_the_same_now_and_after_public_moves() -> None:
    rng = random.Random(2)
    compared = 0
    for config in (cr.Config(players=2), cr.Config(players=3), CONFIGS[3]):
        for game in range(4):
            states = list(random_game(config, None, rng))
            for state in states[len(states) // 2 :: 7]:
                for player in range(config.players):
                    twin = engine_twin(state, player, seed=game)
                    compared += play_twins(ENGINE, state, twin, player, random.Random(game))
    assert compared > 500


@pytest.mark.rule("R-HIDDEN-2")
def test_seeded_twins_look_the_same() -> None:
    rng = random.Random(4)
    for config in CONFIGS:
        for state in list(random_game(config, 8, rng))[::9]:
            for player in range(config.players):
                twin = cr.determinize(cr.observe(state, player), seed=1, chance_seed=5)
                assert engine_look(twin, player) == engine_look(state, player)


@pytest.mark.rule("R-CHANCE-2")
def test_a_private_draw_with_one_outcome_still_stops_without_a_seed() -> None:
    rng = random.Random(9)
    stops = 0
    for _ in range(6):
        for state in random_game(cr.Config(players=2), None, rng):
            if state.is_chance and cr.private_chance_seat(state) is not None:
                stops += len(cr.legal_moves(state)) == 1
    assert stops > 0


@pytest.mark.rule("R-HIDDEN-2", "R-DECIDE-1")
def test_a_forced_placement_does_not_show_the_hand() -> None:
    # Every square next to the start tiles is taken and both piles of jungle tiles are empty:
    # seat 1 can only discard, and with three 1-1-1-1 tiles it has one way to do it.
    board = start_board(
        {
            (-1, 0): wt(1, W2101),
            (0, -1): wt(1, W2101),
            (0, 1): wt(0, W2101),
            (1, 0): wt(0, W1111),
            (1, 2): wt(1, W2101),
            (2, 1): wt(1, W2101),
        }
    )
    hands = [cr.PlayerState(hand=(W1111, W2101, W2101)), cr.PlayerState(hand=(W1111,) * 3)]
    state = cr.position(TWO, board=board, players=hands, jungle_pile=[], seed=3)
    twins = [cr.determinize(cr.observe(state, 0), seed, chance_seed=3) for seed in range(9)]
    twin = next(t for t in twins if len(set(t.players[1].hand)) > 1)
    assert engine_look(twin, 0) == engine_look(state, 0)
    ends = [cr.apply(s, cr.Discard(W2101)) for s in (state, twin)]
    assert engine_look(ends[0], 0) == engine_look(ends[1], 0)
