"""The JSON state format (``to_json``/``from_json``) and the consistency checks of states."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cacao_rules as cr
from cacao_rules import (
    FormatError,
    JungleTile,
    PlayerState,
    State,
    WorkerTile,
    WorkerType,
    check_state,
    from_json,
    to_json,
)
from cacao_rules.frozen import FrozenMap
from cacao_rules.state import (
    ActivatedEdge,
    BlindFillStep,
    DealStep,
    DrawWorkerStep,
    FillStep,
    OverStep,
    PlacementStep,
    RefillStep,
    ResolveStep,
)

Doc = dict[str, Any]
ALL_STEPS = {
    DealStep,
    PlacementStep,
    FillStep,
    BlindFillStep,
    ResolveStep,
    DrawWorkerStep,
    RefillStep,
    OverStep,
}


def game_states(players: int, seed: int, seeded: bool) -> Iterator[State]:
    """Every state of one game with random moves (and random chance outcomes if unseeded)."""
    rng = random.Random(seed * 10 + players)
    state = cr.new_game(cr.Config(players=players), seed=seed if seeded else None)
    yield state
    while not state.is_over:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        yield state


def blind_fill_state() -> State:
    """A state waiting for a blind draw: 3 spaces to fill and 2 display tiles (R-FILL-4)."""
    w1111 = WorkerType.W1111
    state = cr.position(
        cr.Config(players=2),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (3, 3): JungleTile.from_code("T"),
            (2, 1): WorkerTile.of(0, w1111),
            (0, 1): WorkerTile.of(1, w1111),
            (2, 3): WorkerTile.of(1, w1111),
        },
        players=[PlayerState(hand=(w1111,)), PlayerState()],
        display=[JungleTile.from_code("M3"), JungleTile.from_code("G1")],
        seed=None,
    )
    state = cr.apply(state, cr.Place(w1111, (1, 2), 0))
    assert isinstance(state.step, FillStep)
    assert len(state.step.spaces) == 3
    state = cr.apply(state, cr.legal_moves(state)[0])
    assert isinstance(state.step, BlindFillStep)
    return state


@functools.cache
def all_sample_states() -> tuple[State, ...]:
    """The states of a few games, with every kind of step."""
    states = [
        state
        for players, seed, seeded in [(2, 1, True), (2, 2, False), (3, 2, False), (4, 3, True)]
        for state in game_states(players, seed, seeded)
    ]
    states.append(blind_fill_state())
    assert {type(state.step) for state in states} == ALL_STEPS
    return tuple(states)


@functools.cache
def sample_states() -> tuple[State, ...]:
    """A few states of every kind of step, for the fuzz tests."""
    found: dict[type, list[State]] = {}
    for state in all_sample_states():
        found.setdefault(type(state.step), []).append(state)
    return tuple(
        state for states in found.values() for state in states[:: max(1, len(states) // 4)]
    )


@functools.cache
def first_state(kind: type) -> State:
    """A 2-player state waiting at a step of ``kind``, seat 0 to play, with a full board."""
    candidates = [state for state in all_sample_states() if isinstance(state.step, kind)]
    return max(
        candidates,
        key=lambda state: (
            state.config.players == 2,
            state.current == 0,
            len(state.display) == 2 and state.jungle_pile.total > 1,
            len(state.board),
        ),
    )


def doc_of(state: State) -> Doc:
    document: Doc = json.loads(to_json(state))
    return document


# --- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seeded", [True, False])
def test_every_state_of_random_games_round_trips(players: int, seeded: bool) -> None:
    seen: set[type] = set()
    for seed in range(5):
        for state in game_states(players, seed, seeded):
            seen.add(type(state.step))
            text = to_json(state)
            again = from_json(text)
            assert again == state
            assert hash(again) == hash(state)
            assert to_json(again) == text
    assert {PlacementStep, FillStep, ResolveStep, OverStep} <= seen
    if not seeded:
        assert {DealStep, DrawWorkerStep, RefillStep} <= seen


def test_every_kind_of_step_round_trips() -> None:
    for state in sample_states():
        assert from_json(to_json(state)) == state


@pytest.mark.rule("R-PLACE-1", "R-PLACE-2", "R-STORAGE-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_random_games_is_consistent(players: int) -> None:
    """Worker tiles touch a jungle tile, the checkerboard holds, storage stays within 5."""
    for seed in range(6):
        for state in game_states(players, seed, seeded=seed % 2 == 0):
            check_state(state)


@pytest.mark.rule("R-CHANCE-2")
def test_a_restored_seeded_game_continues_with_the_same_draws() -> None:
    """The chance counter is saved: a game saved and reloaded draws exactly as before."""
    rng = random.Random(5)
    state = cr.new_game(cr.Config(players=3), seed=99)
    for _ in range(25):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    restored = from_json(to_json(state))
    while not state.is_over:
        move = rng.choice(cr.legal_moves(state))
        state, restored = cr.apply(state, move), cr.apply(restored, move)
        assert restored == state


def test_equal_states_give_equal_text() -> None:
    one = cr.new_game(cr.Config(players=2), seed=3)
    two = cr.new_game(cr.Config(players=2), seed=3)
    assert one is not two
    assert to_json(one) == to_json(two)


def test_output_is_compact_ascii_with_a_fixed_key_order() -> None:
    text = to_json(first_state(ResolveStep))
    assert text.isascii()
    assert " " not in text and "\n" not in text
    document = json.loads(text)
    assert list(document) == [
        "format",
        "version",
        "config",
        "seed",
        "chance_count",
        "board",
        "covered",
        "discarded",
        "players",
        "jungle_pile",
        "display",
        "current",
        "turn",
        "step",
    ]
    assert document["format"] == "cacao-rules.state"
    assert document["version"] == 1
    assert list(document["step"]) == ["kind", "queue"]
    squares = [entry["square"] for entry in document["board"]]
    assert squares == sorted(squares)


def test_document_fields() -> None:
    state = blind_fill_state()
    document = doc_of(state)
    assert document["config"] == {"players": 2, "modules": []}
    assert document["seed"] is None
    assert {"square": [0, 0], "tile": "P1"} in document["board"]
    assert {"square": [2, 1], "tile": {"owner": 0, "type": "1-1-1-1", "rotation": 0}} in (
        document["board"]
    )
    assert document["players"][1] == {
        "gold": 0,
        "cacao": 0,
        "sun": 0,
        "water_field": 0,
        "hand": [],
        "pile": {"1-1-1-1": 2, "2-1-0-1": 5, "3-0-0-1": 1, "3-1-0-0": 1},
        "chocolate": 0,
    }
    assert document["step"]["kind"] == "blind_fill"
    assert set(document["step"]) == {"kind", "placed", "filled", "spaces"}
    assert sum(document["jungle_pile"].values()) == state.jungle_pile.total


def test_overbuilt_and_discarded_tiles_round_trip() -> None:
    state = cr.position(
        cr.Config(players=2),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (1, 0): WorkerTile.of(0, WorkerType.W2101, 3),
        },
        covered={(1, 0): WorkerTile.of(0, WorkerType.W1111)},
        players=[PlayerState(hand=(WorkerType.W3001,), sun=1), PlayerState(gold=4)],
    )
    state = attrs.evolve(state, discarded=((1, WorkerType.W3100),))
    seat1 = state.players[1]
    seat1 = attrs.evolve(seat1, pile=seat1.pile.remove(WorkerType.W3100))
    state = attrs.evolve(state, players=(state.players[0], seat1))
    check_state(state, reachable=False)
    document = doc_of(state)
    assert document["covered"] == [
        {"square": [1, 0], "tile": {"owner": 0, "type": "1-1-1-1", "rotation": 0}}
    ]
    assert document["discarded"] == [{"seat": 1, "type": "3-1-0-0"}]
    assert from_json(to_json(state), strict=False) == state


def test_position_with_tiles_out_of_the_game_needs_strict_false() -> None:
    hands = [PlayerState(hand=(WorkerType.W1111,))] * 2
    state = cr.position(
        cr.Config(players=2), players=hands, jungle_pile=[JungleTile.from_code("T")] * 3
    )
    text = to_json(state)
    with pytest.raises(FormatError, match=r"the jungle tiles \(board, display, pile\) are"):
        from_json(text)
    assert from_json(text, strict=False) == state
    with pytest.raises(FormatError):
        check_state(state)
    check_state(state, conserve_jungle=False, reachable=False)


def test_conserve_jungle_false_still_refuses_extra_tiles() -> None:
    with pytest.raises(cr.ConfigError, match="jungle tiles the game does not have: 5 T"):
        cr.position(cr.Config(players=2), jungle_pile=[JungleTile.from_code("T")] * 9)


def test_unordered_lists_are_read_in_any_order() -> None:
    state = first_state(PlacementStep)
    document = doc_of(state)
    document["board"].reverse()
    document["display"].reverse()
    for player in document["players"]:
        player["hand"].reverse()
    assert from_json(json.dumps(document, indent=2)) == state


def test_to_json_needs_a_state() -> None:
    with pytest.raises(FormatError, match=r"to_json needs a cacao_rules\.State, got dict"):
        to_json({})  # type: ignore[arg-type]


# --- rejections -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not valid JSON: Expecting value"),
        ("{", "not valid JSON"),
        ("[1, 2", "not valid JSON"),
        ('{"a": NaN}', "not valid JSON: NaN is not a JSON number"),
        ('{"a": -Infinity}', "not valid JSON: -Infinity is not a JSON number"),
        ('{"a": 1, "a": 2}', "not valid JSON: key 'a' appears twice in one object"),
        ("[" * 100_000, "not valid JSON: nested too deeply"),
        ("1" * 5000, "not valid JSON"),
        ("[]", "the document: expected an object with keys format, version"),
        ("null", "the document: expected an object"),
        ('{"format": "x"}', "the document: missing key(s) 'version', 'config'"),
    ],
)
def test_bad_json_is_rejected(text: str, fragment: str) -> None:
    with pytest.raises(FormatError) as raised:
        from_json(text)
    assert fragment in str(raised.value)


@pytest.mark.parametrize("value", [None, b"{}", 3, {"format": "cacao-rules.state"}])
def test_non_strings_are_rejected(value: object) -> None:
    with pytest.raises(FormatError, match="from_json needs a str"):
        from_json(value)  # type: ignore[arg-type]


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    """A change to a document: set the value at a dotted path (list indexes as numbers)."""

    def change(document: Doc) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _delete(path: str) -> Callable[[Doc], None]:
    def change(document: Doc) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        del target[int(last) if isinstance(target, list) else last]

    return change


def _first_worker_entry(document: Doc) -> int:
    return next(i for i, e in enumerate(document["board"]) if isinstance(e["tile"], dict))


def _move_first_worker(document: Doc, square: list[int]) -> None:
    document["board"][_first_worker_entry(document)]["square"] = square


def _extra_hand_tile(document: Doc) -> None:
    player = document["players"][document["current"]]
    player["hand"].append(player["hand"][0])


def _add_display(document: Doc) -> None:
    document["display"].append(document["display"][0])


def _drop_from_pile(document: Doc) -> None:
    pile = document["jungle_pile"]
    code = next(iter(pile))
    pile[code] -= 1
    if not pile[code]:
        del pile[code]


STRUCTURE_CASES: list[tuple[type, Callable[[Doc], None], str]] = [
    (PlacementStep, _set("format", "cacao-rules.game"), "format: expected 'cacao-rules.state'"),
    (PlacementStep, _set("version", 2), "version: this library reads version 1, got an integer 2"),
    (PlacementStep, _set("version", True), "version: this library reads version 1, got a boolean"),
    (PlacementStep, _set("version", 1.0), "version: this library reads version 1, got a number"),
    (PlacementStep, _delete("turn"), "the document: missing key(s) 'turn'"),
    (PlacementStep, _set("extra", 1), "the document: unknown key(s) 'extra'"),
    (
        PlacementStep,
        _set("config.players", 5),
        "config.players: 5 is out of range; allowed: 2 to 4",
    ),
    (PlacementStep, _set("config.players", "2"), "config.players: expected an integer, got a str"),
    (PlacementStep, _set("config.modules", ["map", "map"]), "a module is listed twice"),
    (PlacementStep, _set("config.modules", ["maps"]), "config.modules[0]: unknown module 'maps'"),
    (PlacementStep, _set("config.modules", ["map"]), "config: module(s) MAP are not implemented"),
    (PlacementStep, _set("config.modules", "map"), "config.modules: expected a list, got a str"),
    (
        PlacementStep,
        _set("seed", -1),
        "seed: -1 is out of range; allowed: 0 to 18446744073709551615",
    ),
    (PlacementStep, _set("seed", 2**64), "seed: 18446744073709551616 is out of range"),
    (PlacementStep, _set("seed", False), "seed: expected an integer, got a boolean false"),
    (PlacementStep, _set("chance_count", -1), "chance_count: -1 is out of range; allowed: 0 or"),
    (PlacementStep, _set("turn", 0.5), "turn: expected an integer, got a number 0.5"),
    (PlacementStep, _set("current", 2), "current: 2 is out of range; allowed: 0 to 1"),
    (PlacementStep, _set("players.0.gold", True), "players[0].gold: expected an integer, got a"),
    (PlacementStep, _set("players.0.gold", -1), "players[0].gold: -1 is out of range"),
    (PlacementStep, _set("players.1.hand", ["4-0-0-0"]), "players[1].hand[0]: unknown worker"),
    (PlacementStep, _set("players.1.hand", "1-1-1-1"), "players[1].hand: expected a list"),
    (PlacementStep, _set("players.0.pile", {"1-1-1-1": 0}), "players[0].pile.1-1-1-1: 0 is out"),
    (PlacementStep, _set("players.0.pile", {"1111": 1}), "players[0].pile key: unknown worker"),
    (PlacementStep, _set("players.0.pile", []), "players[0].pile: expected an object of counts"),
    (PlacementStep, _delete("players.0.water_field"), "players[0]: missing key(s) 'water_field'"),
    (PlacementStep, _set("players.0.water", -10), "players[0]: unknown key(s) 'water'"),
    (PlacementStep, _delete("players.1"), "players: expected 2 players for config.players, got 1"),
    (PlacementStep, _set("jungle_pile", {"P3": 1}), "jungle_pile key: unknown jungle tile code"),
    (PlacementStep, _set("display", ["M3", 3]), "display[1]: expected jungle tile code as a"),
    (PlacementStep, _set("board.0.square", [0]), "board[0].square: expected a square [x, y]"),
    (PlacementStep, _set("board.0.square", [0, "0"]), "board[0].square[1]: expected an integer"),
    (PlacementStep, _set("board.0.square", [0, 10**7]), "board[0].square[1]: 10000000 is out of"),
    (PlacementStep, _set("board.0.tile", "X"), "board[0].tile: unknown jungle tile code 'X'"),
    (PlacementStep, _set("board.0.tile", 1), "board[0].tile: expected a jungle tile code or a"),
    (PlacementStep, _set("board.1", {"square": [0, 0], "tile": "P1"}), "square [0, 0] is listed"),
    (PlacementStep, _set("board.0", {"square": [0, 0]}), "board[0]: missing key(s) 'tile'"),
    (PlacementStep, _set("covered", {}), "covered: expected a list, got an object"),
    (PlacementStep, _set("discarded", [{"seat": 2, "type": "1-1-1-1"}]), "discarded[0].seat: 2"),
    (PlacementStep, _set("discarded", [[0, "1-1-1-1"]]), "discarded[0]: expected an object"),
    (PlacementStep, _set("step", {"kind": "placing"}), "step.kind: unknown step 'placing'"),
    (PlacementStep, _set("step", {"kind": 3}), "step.kind: unknown step 3; expected one of deal"),
    (PlacementStep, _set("step", "placement"), "step: expected an object with a 'kind'"),
    (PlacementStep, _set("step.placed", [1, 0]), "step: unknown key(s) 'placed'"),
    (FillStep, _delete("step.spaces"), "step: missing key(s) 'spaces'"),
    (FillStep, _set("step.spaces", [[1, 1, 1]]), "step.spaces[0]: expected a square"),
    (ResolveStep, _set("step.queue.0.side", "NE"), "step.queue[0].side: unknown side 'NE'"),
    (ResolveStep, _set("step.queue.0.workers", 0), "step.queue[0].workers: 0 is out of range"),
    (ResolveStep, _set("step.queue.0.owner", 7), "step.queue[0].owner: 7 is out of range"),
    (ResolveStep, _delete("step.queue.0.jungle_square"), "missing key(s) 'jungle_square'"),
]


@pytest.mark.parametrize(("kind", "change", "fragment"), STRUCTURE_CASES)
def test_bad_documents_are_rejected(
    kind: type, change: Callable[[Doc], None], fragment: str
) -> None:
    document = doc_of(first_state(kind))
    change(document)
    with pytest.raises(FormatError) as raised:
        from_json(json.dumps(document))
    message = str(raised.value)
    assert message.startswith("not a valid cacao-rules state: ")
    assert fragment in message


def _worker_on_jungle_square(document: Doc) -> None:
    _move_first_worker(document, [40, 40])


def _lonely_worker(document: Doc) -> None:
    _move_first_worker(document, [40, 41])


def _jungle_on_worker_square(document: Doc) -> None:
    document["board"].append({"square": [40, 41], "tile": document["display"].pop()})


def _foreign_cover(document: Doc) -> None:
    entry = document["board"][_first_worker_entry(document)]
    owner = entry["tile"]["owner"]
    entry["tile"] = dict(entry["tile"], owner=1 - owner)
    document["covered"] = [{"square": entry["square"], "tile": dict(entry["tile"], owner=owner)}]


def _odd_rotation(document: Doc) -> None:
    entry = next(e for e in document["board"] if isinstance(e["tile"], dict))
    entry["tile"]["type"], entry["tile"]["rotation"] = "1-1-1-1", 2


def _draw_worker_with_empty_pile(document: Doc) -> None:
    document["step"] = {"kind": "draw_worker"}
    player = document["players"][document["current"]]
    document["discarded"] += [
        {"seat": document["current"], "type": kind}
        for kind, count in player["pile"].items()
        for _ in range(count)
    ]
    player["pile"] = {}


CONSISTENCY_CASES: list[tuple[type, Callable[[Doc], None], str]] = [
    (PlacementStep, _worker_on_jungle_square, "worker tile on 40,40, a jungle square"),
    (PlacementStep, _lonely_worker, "worker tile on 40,41 shares no edge with a jungle tile"),
    (PlacementStep, _jungle_on_worker_square, "on 40,41, a worker square (x + y odd)"),
    (ResolveStep, _foreign_cover, "a player overbuilds only their own tiles"),
    (
        PlacementStep,
        _set(
            "covered", [{"square": [9, 0], "tile": {"owner": 0, "type": "1-1-1-1", "rotation": 0}}]
        ),
        "covered square 9,0 has no worker tile",
    ),
    (PlacementStep, _odd_rotation, "has rotation 2; a 1-1-1-1 tile takes rotation 0"),
    (PlacementStep, _set("players.0.cacao", 6), "seat 0 stores 6 cacao and 0 chocolate"),
    (PlacementStep, _set("players.0.chocolate", 1), "chocolate in a game without the Chocolate"),
    (PlacementStep, _set("players.1.sun", 4), "seat 1 has 4 sun tokens; allowed: 0 to 3"),
    (PlacementStep, _set("players.1.water_field", 9), "seat 1 has water field 9; allowed: 0 to 8"),
    (PlacementStep, _extra_hand_tile, "hand, pile, board, covered, discarded) are"),
    (PlacementStep, _set("players.0.hand", ["1-1-1-1"] * 4), "seat 0 holds 4 tiles; a hand"),
    (PlacementStep, _add_display, "the display holds 3 tiles; at most 2"),
    (PlacementStep, _drop_from_pile, "the jungle tiles (board, display, pile) are"),
    (PlacementStep, _set("players.0.hand", []), "seat 0 is to place a tile but has none"),
    (OverStep, _set("step", {"kind": "placement"}), "is to place a tile but has none in hand"),
    (PlacementStep, _set("step", {"kind": "over"}), "the game is over but a player still has"),
    (PlacementStep, _draw_worker_with_empty_pile, "a worker draw is pending but seat 0's pile"),
    (PlacementStep, _set("step", {"kind": "refill"}), "a display refill is pending but the"),
    (PlacementStep, _set("step", {"kind": "deal"}), "the deal is pending but no hand"),
    (
        PlacementStep,
        _set("step", {"kind": "fill", "placed": [0, 0], "spaces": []}),
        "placed square 0,0 holds no worker tile of seat",
    ),
    (FillStep, _set("step.spaces", [[0, 0]]), "space 0,0 is not an empty jungle space next to"),
    (FillStep, _set("display", []), "a fill is pending but the display is empty"),
    (ResolveStep, _set("step.queue.0.jungle_square", [50, 50]), "is not the jungle tile that"),
    (ResolveStep, _set("step.queue.0.square", [51, 50]), "no worker tile of seat"),
    (ResolveStep, _set("step.queue.0.workers", 9), "the tile has no 9 workers on that side"),
    (ResolveStep, _set("step.queue", []), "the resolve step has no activated edges"),
    (
        BlindFillStep,
        _set("jungle_pile", {}),
        "a blind draw is pending but the jungle pile is empty",
    ),
    (BlindFillStep, _set("step.filled", [[3, 3], [3, 3]]), "the step's filled spaces repeat"),
    (BlindFillStep, _set("step.spaces", [[5, 5]]), "space 5,5 is not an empty jungle space"),
]


@pytest.mark.parametrize(("kind", "change", "fragment"), CONSISTENCY_CASES)
def test_inconsistent_documents_are_rejected(
    kind: type, change: Callable[[Doc], None], fragment: str
) -> None:
    document = doc_of(first_state(kind))
    change(document)
    with pytest.raises(FormatError) as raised:
        from_json(json.dumps(document))
    message = str(raised.value)
    assert message.startswith("not a valid cacao-rules state: inconsistent state: ")
    assert fragment in message


def test_resolve_queue_must_be_in_resolution_order() -> None:
    state = cr.position(
        cr.Config(players=2),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (1, 0): WorkerTile.of(0, WorkerType.W1111),
        },
        players=[PlayerState(hand=(WorkerType.W1111,), cacao=1), PlayerState()],
    )
    edges = (
        ActivatedEdge(0, (1, 0), cr.Side.S, 1, (1, 1)),
        ActivatedEdge(0, (1, 0), cr.Side.W, 1, (0, 0)),
    )
    check_state(attrs.evolve(state, step=ResolveStep(edges)))
    with pytest.raises(FormatError, match="not in resolution order"):
        check_state(attrs.evolve(state, step=ResolveStep(edges[::-1])))
    with pytest.raises(FormatError, match="activated edge 1,0 S is queued twice"):
        check_state(attrs.evolve(state, step=ResolveStep(edges[:1] * 2)))


def test_check_state_lists_every_problem() -> None:
    state = first_state(PlacementStep)
    players = tuple(attrs.evolve(player, sun=7, gold=-2) for player in state.players)
    with pytest.raises(FormatError) as raised:
        check_state(attrs.evolve(state, players=players))
    message = str(raised.value)
    for fragment in ["seat 0 has -2 gold", "seat 0 has 7 sun", "seat 1 has -2 gold"]:
        assert fragment in message


def test_check_state_reports_bad_seats_first() -> None:
    state = first_state(PlacementStep)
    board = state.board.set((41, 0), WorkerTile.of(5, WorkerType.W1111))
    with pytest.raises(FormatError, match="has owner 5, not a seat from 0 to 1"):
        check_state(attrs.evolve(state, board=FrozenMap(board)))
    with pytest.raises(FormatError, match="3 player states for 2 players"):
        check_state(attrs.evolve(state, players=(*state.players, PlayerState())))


def test_check_state_refuses_edges_that_do_not_match_the_rotation() -> None:
    state = first_state(PlacementStep)
    square = next(sq for sq, tile in state.board.items() if isinstance(tile, WorkerTile))
    tile = state.board[square]
    assert isinstance(tile, WorkerTile)
    bad = attrs.evolve(tile, edges=(9, 9, 9, 9))
    with pytest.raises(FormatError, match=r"has edges \(9, 9, 9, 9\), but a "):
        check_state(attrs.evolve(state, board=state.board.set(square, bad)))


# --- fuzzing --------------------------------------------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.integers()
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["P1", "M3", "T", "1-1-1-1", "2-1-0-1", "N", "over", "resolve", "map"])
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _containers(value: Any, found: list[Any]) -> list[Any]:
    if isinstance(value, dict | list):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


def _mutate(document: Any, data: st.DataObject) -> None:
    target = data.draw(st.sampled_from(_containers(document, [])))
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    operation = data.draw(st.sampled_from(["replace", "delete", "insert", "nudge", "copy"]))
    if operation == "insert" or not keys:
        value = data.draw(json_values)
        if isinstance(target, dict):
            target[data.draw(st.text(max_size=8) | st.sampled_from(["kind", "seat", "tile"]))] = (
                value
            )
        else:
            target.insert(data.draw(st.integers(0, len(target))), value)
        return
    key = data.draw(st.sampled_from(keys))
    if operation == "delete":
        del target[key]
    elif operation == "nudge" and type(target[key]) is int:
        target[key] += data.draw(st.sampled_from([-1, 1, -(10**20), 2**64]))
    elif operation == "copy":
        other = data.draw(st.sampled_from(keys))
        target[key] = copy.deepcopy(target[other])
    else:
        target[key] = data.draw(json_values)


def _only_format_errors(text: str) -> None:
    try:
        state = from_json(text)
    except FormatError as error:
        assert str(error)
    else:
        check_state(state)
        assert from_json(to_json(state)) == state


@given(st.data())
def test_mutated_documents_give_a_state_or_a_format_error(data: st.DataObject) -> None:
    document = doc_of(data.draw(st.sampled_from(sample_states())))
    for _ in range(data.draw(st.integers(1, 4))):
        _mutate(document, data)
    _only_format_errors(json.dumps(document))


@given(st.text())
def test_arbitrary_text_gives_a_format_error(text: str) -> None:
    _only_format_errors(text)


@given(st.data())
def test_mutated_text_gives_a_state_or_a_format_error(data: st.DataObject) -> None:
    text = list(to_json(data.draw(st.sampled_from(sample_states()))))
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(text) - 1))
        text[index] = data.draw(st.sampled_from([*'{}[]",:0123456789-etn', "", "1e999"]))
    _only_format_errors("".join(text))


def test_floats_are_rejected_and_big_integers_kept() -> None:
    document = doc_of(first_state(PlacementStep))
    for value in [1e300, 3.0, -0.0]:
        document["players"][0]["gold"] = value
        with pytest.raises(FormatError, match=r"players\[0\]\.gold: expected an integer"):
            from_json(json.dumps(document))
    document["players"][0]["gold"] = 10**400  # the rules cap no gold
    assert from_json(json.dumps(document)).players[0].gold == 10**400
