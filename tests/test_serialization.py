"""The JSON state format (``to_json``/``from_json``) and the consistency checks of states."""

from __future__ import annotations

import copy
import functools
import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
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
from cacao_rules.formats import documents, serialization
from cacao_rules.formats.document_errors import explain
from cacao_rules.game.components import HUT_TILES, WORKERS_PER_COLOUR, Hut
from cacao_rules.game.config import Module
from cacao_rules.game.frozen import Bag, FrozenMap
from cacao_rules.state.state import (
    ActivatedEdge,
    BlindFillStep,
    DealStep,
    DrawWorkerStep,
    FillStep,
    HutStep,
    MapRefillStep,
    OverStep,
    PlacementStep,
    RefillStep,
    ResolveStep,
    SlideStep,
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
MODULE_STEPS = {SlideStep, MapRefillStep, HutStep}
CHOCOLATL = (Module.MAP, Module.WATERING, Module.CHOCOLATE, Module.HUTS)
MODULE_COMBINATIONS = [
    frozenset(chosen)
    for count in range(len(CHOCOLATL) + 1)
    for chosen in itertools.combinations(CHOCOLATL, count)
]
ALL_MODULES = frozenset(CHOCOLATL)


def assert_refused(document: Doc, prefix: str, fragment: str) -> None:
    """``from_json`` refuses ``document`` with a message that starts with ``prefix`` and
    contains ``fragment``."""
    with pytest.raises(FormatError) as raised:
        from_json(json.dumps(document))
    message = str(raised.value)
    assert message.startswith(prefix)
    assert fragment in message


def game_states(
    players: int, seed: int, seeded: bool, config: cr.Config | None = None
) -> Iterator[State]:
    """Every state of one game with random moves (and random chance outcomes if unseeded)."""
    rng = random.Random(seed * 10 + players)
    config = config or cr.Config(players=players)
    state = cr.new_game(config, seed=seed if seeded else None)
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
            (3, 1): JungleTile.from_code("T"),
            (-1, 3): JungleTile.from_code("P1"),
            (2, 1): WorkerTile.of(0, w1111),
            (0, 1): WorkerTile.of(1, w1111),
            (3, 2): WorkerTile.of(1, w1111),
            (0, 3): WorkerTile.of(1, w1111),
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


AGREED_HUTS = frozenset({Hut.MARKET_CRIER, Hut.FARMER, Hut.MONK, Hut.CHIEF})


@functools.cache
def module_sample_states() -> tuple[State, ...]:
    """The states of a few games with all four Chocolatl modules, with every kind of step."""
    configs = [
        (cr.Config(players=2, modules=ALL_MODULES), 1, True),
        (cr.Config(players=3, modules=ALL_MODULES), 2, False),
        (
            cr.Config(players=4, modules=ALL_MODULES, map_early_overbuild=True, huts=AGREED_HUTS),
            3,
            True,
        ),
    ]
    states = [
        state
        for config, seed, seeded in configs
        for state in game_states(config.players, seed, seeded, config)
    ]
    seen = {type(state.step) for state in states}
    assert seen >= MODULE_STEPS | {DealStep, PlacementStep, FillStep, ResolveStep, OverStep}
    return tuple(states)


@functools.cache
def sample_states() -> tuple[State, ...]:
    """A few states of every kind of step, with and without modules, for the fuzz tests."""
    found: dict[tuple[type, bool], list[State]] = {}
    for state in (
        all_sample_states()
        + module_sample_states()
        + diamante_sample_states()
        + gem_sample_states()
    ):
        found.setdefault((type(state.step), bool(state.config.modules)), []).append(state)
    return tuple(
        state for states in found.values() for state in states[:: max(1, len(states) // 4)]
    )


@functools.cache
def module_state(kind: type) -> State:
    """A state of a game with all four modules (random hut sides) waiting at ``kind``."""
    candidates = [
        state
        for state in module_sample_states()
        if isinstance(state.step, kind) and state.config.huts is None
    ]
    return max(
        candidates,
        key=lambda state: (
            state.current == 0,
            len(state.map_board) == 2 and len(state.display) == 2,
            any(player.huts for player in state.players),
            sum(len(player.hand) for player in state.players),
            len(state.board),
        ),
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


@pytest.mark.rule("R-MODULES-1")
@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "modules", MODULE_COMBINATIONS, ids=lambda m: "+".join(sorted(x.value for x in m)) or "base"
)
def test_every_state_of_random_games_with_modules_round_trips(
    modules: frozenset[Module], players: int, seeded: bool
) -> None:
    """All 16 combinations of the Chocolatl modules: every state is consistent and round trips."""
    config = cr.Config(players=players, modules=modules)
    for state in game_states(players, 20 + len(modules), seeded, config):
        text = to_json(state)
        again = from_json(text)  # check_state included
        assert again == state
        assert hash(again) == hash(state)
        assert to_json(again) == text


def test_every_kind_of_step_round_trips() -> None:
    # Some samples start from hand-built positions, which only loose reading accepts.
    for state in sample_states():
        assert from_json(to_json(state), strict=False) == state
    for state in module_sample_states():
        assert from_json(to_json(state), strict=False) == state


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
        "map_board",
        "map_tiles_used",
        "hut_supply",
        "emperor",
        "gem_cart",
        "mask_supply",
        "gems_exchanged",
        "current",
        "turn",
        "step",
    ]
    assert document["format"] == "cacao-rules.state"
    assert document["version"] == 2
    assert list(document["step"]) == ["kind", "queue", "received"]
    squares = [entry["square"] for entry in document["board"]]
    assert squares == sorted(squares)


def test_document_fields() -> None:
    state = blind_fill_state()
    document = doc_of(state)
    assert document["config"] == {
        "players": 2,
        "modules": [],
        "map_early_overbuild": False,
        "huts": None,
        "workers": None,
        "is_big_game": False,
    }
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
        "pile": {"1-1-1-1": 1, "2-1-0-1": 5, "3-0-0-1": 1, "3-1-0-0": 1},
        "chocolate": 0,
        "map_tiles": 0,
        "huts": [],
        "gems": [0, 0, 0, 0],
        "masks": [],
    }
    assert (document["map_board"], document["map_tiles_used"], document["hut_supply"]) == (
        [],
        0,
        {},
    )
    assert document["emperor"] is None
    assert (document["gem_cart"], document["mask_supply"], document["gems_exchanged"]) == (
        [0, 0, 0, 0],
        [],
        0,
    )
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
    state = state.replace(discarded=((1, WorkerType.W3100),))
    seat1 = state.players[1]
    seat1 = seat1.replace(pile=seat1.pile.remove(WorkerType.W3100))
    state = state.replace(players=(state.players[0], seat1))
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
    with pytest.raises(
        TypeError, match=r"cacao_rules\.state\.state\.State object expected; got dict"
    ):
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
    with pytest.raises(TypeError, match=r"^str object expected; got "):
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
    (PlacementStep, _set("version", 3), "version: this library reads versions 1 and 2, got an"),
    (PlacementStep, _set("version", True), "version: this library reads versions 1 and 2, got a"),
    (PlacementStep, _set("version", 2.0), "version: this library reads versions 1 and 2, got a n"),
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
    (
        PlacementStep,
        _set("config.modules", ["gem_mines"]),
        "the red gems (cart 0, mines 0, players 0, exchanged 0) are 0; the game has 6",
    ),
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
    (ResolveStep, _set("step.queue.0.workers", -1), "step.queue[0].workers: -1 is out of range"),
    (ResolveStep, _set("step.queue.0.owner", 7), "step.queue[0].owner: 7 is out of range"),
    (ResolveStep, _delete("step.queue.0.jungle_square"), "missing key(s) 'jungle_square'"),
]


@pytest.mark.parametrize(("kind", "change", "fragment"), STRUCTURE_CASES)
def test_bad_documents_are_rejected(
    kind: type, change: Callable[[Doc], None], fragment: str
) -> None:
    document = doc_of(first_state(kind))
    change(document)
    assert_refused(document, "not a valid cacao-rules state: ", fragment)


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
    (ResolveStep, _set("step.queue.0.workers", 0), "the tile has no 0 workers on that side"),
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
    assert_refused(document, "not a valid cacao-rules state: inconsistent state: ", fragment)


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
    check_state(state.replace(step=ResolveStep(edges)), reachable=False)
    with pytest.raises(FormatError, match="not in resolution order"):
        check_state(state.replace(step=ResolveStep(edges[::-1])), reachable=False)
    with pytest.raises(FormatError, match="activated edge 1,0 S is queued twice"):
        check_state(state.replace(step=ResolveStep(edges[:1] * 2)), reachable=False)


def test_check_state_lists_every_problem() -> None:
    state = first_state(PlacementStep)
    players = tuple(player.replace(sun=7, gold=-2) for player in state.players)
    with pytest.raises(FormatError) as raised:
        check_state(state.replace(players=players))
    message = str(raised.value)
    for fragment in ["seat 0 has -2 gold", "seat 0 has 7 sun", "seat 1 has -2 gold"]:
        assert fragment in message


def test_check_state_reports_bad_seats_first() -> None:
    state = first_state(PlacementStep)
    board = state.board.set((41, 0), WorkerTile.of(5, WorkerType.W1111))
    with pytest.raises(FormatError, match="has owner 5, not a seat from 0 to 1"):
        check_state(state.replace(board=FrozenMap(board)))
    with pytest.raises(FormatError, match="3 player states for 2 players"):
        check_state(state.replace(players=(*state.players, PlayerState())))


def test_check_state_refuses_edges_that_do_not_match_the_rotation() -> None:
    state = first_state(PlacementStep)
    square = next(sq for sq, tile in state.board.items() if isinstance(tile, WorkerTile))
    tile = state.board[square]
    assert isinstance(tile, WorkerTile)
    bad = tile.replace(edges=(9, 9, 9, 9))
    with pytest.raises(FormatError, match=r"has edges \(9, 9, 9, 9\), but a "):
        check_state(state.replace(board=state.board.set(square, bad)))


# --- the Chocolatl modules -----------------------------------------------------------------


def test_module_fields_are_written() -> None:
    state = module_state(HutStep)
    document = doc_of(state)
    assert document["config"] == {
        "players": state.config.players,
        "modules": ["chocolate", "huts", "map", "watering"],
        "map_early_overbuild": False,
        "huts": None,
        "workers": None,
        "is_big_game": False,
    }
    assert document["map_board"] == [tile.code for tile in state.map_board]
    assert document["map_tiles_used"] == state.map_tiles_used
    supply = document["hut_supply"]
    assert sum(supply.values()) == state.hut_supply.total
    assert list(supply) == [hut.value for hut, _ in state.hut_supply.items]
    for player, written in zip(state.players, document["players"], strict=True):
        assert written["map_tiles"] == player.map_tiles
        assert written["huts"] == [hut.value for hut in player.huts]
        assert written["chocolate"] == player.chocolate
    assert document["step"] == {"kind": "hut"}
    assert doc_of(module_state(SlideStep))["step"] == {"kind": "slide"}
    assert doc_of(module_state(MapRefillStep))["step"] == {"kind": "map_refill"}
    resolve = module_state(ResolveStep)
    assert isinstance(resolve.step, ResolveStep)
    assert doc_of(resolve)["step"]["received"] == resolve.step.received


def test_agreed_huts_and_early_overbuild_are_written_sorted() -> None:
    state = next(state for state in module_sample_states() if state.config.huts is not None)
    config = doc_of(state)["config"]
    assert config["map_early_overbuild"] is True
    assert config["huts"] == ["market-crier", "farmer", "monk", "chief"]
    shuffled = doc_of(state)
    shuffled["config"]["huts"].reverse()
    assert from_json(json.dumps(shuffled)) == state


def test_a_played_hut_and_spent_map_tiles_round_trip() -> None:
    states = module_sample_states()
    built = next(state for state in states if any(p.huts for p in state.players))
    used = next(state for state in states if state.map_tiles_used)
    chocolate = next(state for state in states if any(p.chocolate for p in state.players))
    for state in (built, used, chocolate):
        assert from_json(to_json(state)) == state


def _as_version_1(document: Doc) -> Doc:
    for key in (
        "map_board",
        "map_tiles_used",
        "hut_supply",
        "emperor",
        "gem_cart",
        "mask_supply",
        "gems_exchanged",
    ):
        del document[key]
    for key in ("map_early_overbuild", "huts", "workers", "is_big_game"):
        del document["config"][key]
    for player in document["players"]:
        del player["map_tiles"], player["huts"], player["gems"], player["masks"]
    document["step"].pop("received", None)
    document["version"] = 1
    return document


@pytest.mark.parametrize("kind", [PlacementStep, ResolveStep, FillStep, OverStep, DealStep])
def test_version_1_documents_of_base_games_are_still_read(kind: type) -> None:
    state = first_state(kind)
    old = _as_version_1(doc_of(state))
    assert list(old) == [key for key in doc_of(state) if key in old]
    assert from_json(json.dumps(old)) == state
    assert doc_of(from_json(json.dumps(old)))["version"] == 2  # always written as version 2


VERSION_1_CASES: list[tuple[Callable[[Doc], None], str]] = [
    (_set("map_board", []), "the document: unknown key(s) 'map_board'"),
    (_set("emperor", None), "the document: unknown key(s) 'emperor'"),
    (_set("config.modules", ["emperor"]), "config.modules: a version 1 document describes a base"),
    (_set("config.huts", None), "config: unknown key(s) 'huts'"),
    (_set("config.workers", None), "config: unknown key(s) 'workers'"),
    (_set("players.0.map_tiles", 0), "players[0]: unknown key(s) 'map_tiles'"),
    (_set("gem_cart", [0, 0, 0, 0]), "the document: unknown key(s) 'gem_cart'"),
    (_set("config.is_big_game", False), "config: unknown key(s) 'is_big_game'"),
    (_set("players.1.masks", []), "players[1]: unknown key(s) 'masks'"),
    (_set("config.modules", ["huts"]), "config.modules: a version 1 document describes a base"),
    (_set("step", {"kind": "hut"}), "step.kind: unknown step 'hut'; expected one of deal"),
]


@pytest.mark.parametrize(("change", "fragment"), VERSION_1_CASES)
def test_version_1_documents_have_only_version_1_fields(
    change: Callable[[Doc], None], fragment: str
) -> None:
    document = _as_version_1(doc_of(first_state(PlacementStep)))
    change(document)
    with pytest.raises(FormatError) as raised:
        from_json(json.dumps(document))
    assert fragment in str(raised.value)


MODULE_STRUCTURE_CASES: list[tuple[type, Callable[[Doc], None], str]] = [
    (PlacementStep, _delete("config.huts"), "config: missing key(s) 'huts'"),
    (PlacementStep, _delete("config.workers"), "config: missing key(s) 'workers'"),
    (PlacementStep, _delete("hut_supply"), "the document: missing key(s) 'hut_supply'"),
    (PlacementStep, _delete("players.1.huts"), "players[1]: missing key(s) 'huts'"),
    (
        PlacementStep,
        _set("config.map_early_overbuild", 1),
        "config.map_early_overbuild: expected true or false, got an integer 1",
    ),
    (PlacementStep, _set("config.huts", "chief"), "config.huts: expected a list, got a str"),
    (PlacementStep, _set("config.huts", ["king"]), "config.huts[0]: unknown hut 'king'; expected"),
    (PlacementStep, _set("config.huts", ["chief", "chief"]), "config.huts: a hut is listed twice"),
    (PlacementStep, _set("config.huts", [3]), "config.huts[0]: expected hut as a string"),
    (PlacementStep, _set("players.0.map_tiles", 3), "players[0].map_tiles: 3 is out of range"),
    (PlacementStep, _set("players.0.map_tiles", -1), "players[0].map_tiles: -1 is out of range"),
    (PlacementStep, _set("players.0.huts", {}), "players[0].huts: expected a list"),
    (PlacementStep, _set("players.0.huts", ["Chief"]), "players[0].huts[0]: unknown hut 'Chief'"),
    (PlacementStep, _set("map_board", "T"), "map_board: expected a list, got a str"),
    (PlacementStep, _set("map_board", ["T", "X"]), "map_board[1]: unknown jungle tile code 'X'"),
    (PlacementStep, _set("map_tiles_used", -1), "map_tiles_used: -1 is out of range"),
    (PlacementStep, _set("map_tiles_used", None), "map_tiles_used: expected an integer, got null"),
    (PlacementStep, _set("hut_supply", ["chief"]), "hut_supply: expected an object of counts"),
    (PlacementStep, _set("hut_supply", {"chief": 0}), "hut_supply.chief: 0 is out of range"),
    (PlacementStep, _set("hut_supply", {"king": 1}), "hut_supply key: unknown hut 'king'"),
    (PlacementStep, _set("step", {"kind": "slide", "tile": "T"}), "step: unknown key(s) 'tile'"),
    (ResolveStep, _delete("step.received"), "step: missing key(s) 'received'"),
    (ResolveStep, _set("step.received", -1), "step.received: -1 is out of range"),
    (ResolveStep, _set("step.received", 1.5), "step.received: expected an integer"),
]


@pytest.mark.parametrize(("kind", "change", "fragment"), MODULE_STRUCTURE_CASES)
def test_bad_module_fields_are_rejected(
    kind: type, change: Callable[[Doc], None], fragment: str
) -> None:
    document = doc_of(module_state(kind))
    change(document)
    assert_refused(document, "not a valid cacao-rules state: ", fragment)


def _config_change(**fields: Any) -> Callable[[Doc], None]:
    def change(document: Doc) -> None:
        document["config"].update(fields)

    return change


def _base_game_with(**fields: Any) -> Callable[[Doc], None]:
    def change(document: Doc) -> None:
        document["config"]["modules"] = []
        document.update(fields)

    return change


def _spend_map_tile_unaccounted(document: Doc) -> None:
    document["map_tiles_used"] += -1 if document["map_tiles_used"] else 1


def _overfull_storage(document: Doc) -> None:
    document["players"][0].update(cacao=4, chocolate=2)


def _map_board_tile_to_pile(document: Doc) -> None:
    code = document["map_board"].pop()
    document["jungle_pile"][code] = document["jungle_pile"].get(code, 0) + 1


def _pile_tile_to_map_board(document: Doc) -> None:
    pile = document["jungle_pile"]
    code = next(iter(pile))
    pile[code] -= 1
    if not pile[code]:
        del pile[code]
    document["map_board"].append(code)


def _display_tile_to_pile_and_refill(document: Doc) -> None:
    code = document["display"].pop()
    document["jungle_pile"][code] = document["jungle_pile"].get(code, 0) + 1
    document["step"] = {"kind": "refill"}


def _supply_hut(document: Doc) -> dict[str, int]:
    supply: dict[str, int] = document["hut_supply"]
    return supply


def _extra_hut(document: Doc) -> None:
    supply = _supply_hut(document)
    supply["chief"] = supply.get("chief", 0) + 1


def _impossible_sides(document: Doc) -> None:
    """12 huts, but two chiefs: only tile 12 shows the Chief."""
    document["players"] = [dict(p, huts=[]) for p in document["players"]]
    huts = [*(a for a, _ in HUT_TILES[:10]), Hut.CHIEF, Hut.CHIEF]
    document["hut_supply"] = {
        hut.value: count for hut, count in Bag.of(huts, key=lambda hut: hut.sort_key).items
    }


def _owns_twice(document: Doc) -> None:
    document["players"][0]["huts"] = ["chief", "chief"]


def _broke_at_hut_step(document: Doc) -> None:
    document["players"][document["current"]]["gold"] = 0


MODULE_CONSISTENCY_CASES: list[tuple[type, Callable[[Doc], None], str]] = [
    (PlacementStep, _spend_map_tile_unaccounted, "map tiles and"),
    (PlacementStep, _set("map_tiles_used", 9), "the game deals 2 to each player"),
    (PlacementStep, _pile_tile_to_map_board, "the map board holds 3 tiles; at most 2"),
    (PlacementStep, _map_board_tile_to_pile, "the map board holds 1 tiles while the jungle pile"),
    (PlacementStep, _set("map_board", ["T"]), "the jungle tiles (board, display, map board, pile)"),
    (PlacementStep, _overfull_storage, "seat 0 stores 4 cacao and 2 chocolate; the village board"),
    (PlacementStep, _set("players.0.chocolate", 6), "6 chocolate; the village board holds 5"),
    (PlacementStep, _extra_hut, "13 huts, but the 12 hut tiles show one side each"),
    (PlacementStep, _impossible_sides, "which no choice of one side of each hut tile shows"),
    (PlacementStep, _owns_twice, "seat 0 owns chief more than once"),
    (PlacementStep, _set("step", {"kind": "slide"}), "a slide is pending but the display"),
    (PlacementStep, _set("step", {"kind": "map_refill"}), "a map board refill is pending but"),
    (PlacementStep, _display_tile_to_pile_and_refill, "the map board still holds tiles"),
    (HutStep, _broke_at_hut_step, "a hut step is pending but seat"),
    (FillStep, _set("display", []), "a fill is pending but the display is empty"),
    (DealStep, _set("hut_supply", {}), "the hut tiles' sides are dealt before any hand"),
    (
        PlacementStep,
        _config_change(modules=["map"]),
        "huts in a game without the Huts module",
    ),
    (
        PlacementStep,
        _config_change(modules=["chocolate", "huts", "watering"]),
        "a map board or map tiles in a game without the Map module",
    ),
    (
        PlacementStep,
        _config_change(huts=["chief"]),
        "the agreed selection is 1 chief",
    ),
]


@pytest.mark.parametrize(("kind", "change", "fragment"), MODULE_CONSISTENCY_CASES)
def test_inconsistent_module_documents_are_rejected(
    kind: type, change: Callable[[Doc], None], fragment: str
) -> None:
    document = doc_of(module_state(kind))
    change(document)
    assert_refused(document, "not a valid cacao-rules state: inconsistent state: ", fragment)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (_base_game_with(map_board=["T"]), "a map board or map tiles in a game without the Map"),
        (_base_game_with(map_tiles_used=1), "a map board or map tiles in a game without the Map"),
        (_base_game_with(hut_supply={"chief": 1}), "huts in a game without the Huts module"),
        (_set("step", {"kind": "hut"}), "a hut step is pending in a game without the Huts"),
    ],
)
def test_module_fields_need_their_module(change: Callable[[Doc], None], fragment: str) -> None:
    document = doc_of(first_state(PlacementStep))
    change(document)
    with pytest.raises(FormatError, match="inconsistent state: ") as raised:
        from_json(json.dumps(document))
    assert fragment in str(raised.value)


def test_check_state_refuses_unsorted_map_boards_and_huts() -> None:
    state = module_state(PlacementStep)
    assert len(set(state.map_board)) == 2
    with pytest.raises(FormatError, match="the map board is not sorted"):
        check_state(state.replace(map_board=state.map_board[::-1]))
    owner = next(seat for seat, player in enumerate(state.players) if player.huts)
    players = list(state.players)
    players[owner] = players[owner].replace(huts=(Hut.CHIEF, Hut.MARKET_CRIER))
    with pytest.raises(FormatError, match=f"seat {owner}'s huts are not sorted"):
        check_state(state.replace(players=tuple(players)))


@pytest.mark.rule("R-HUT-1")
def test_hut_sides_are_checked_as_one_side_per_tile() -> None:
    state = module_state(PlacementStep)
    sides_a = Bag.of([a for a, _ in HUT_TILES], key=lambda hut: hut.sort_key)
    sides_b = Bag.of([b for _, b in HUT_TILES], key=lambda hut: hut.sort_key)
    unbuilt = tuple(player.replace(huts=()) for player in state.players)
    for supply in (sides_a, sides_b):
        check_state(state.replace(hut_supply=supply, players=unbuilt))
    # Two market criers (tiles 1 and 3) are possible, three are not.
    two = Bag.of(
        [Hut.MARKET_CRIER, Hut.MARKET_CRIER] + [a for a, _ in HUT_TILES[3:]] + [Hut.FARMER],
        key=lambda h: h.sort_key,
    )
    check_state(state.replace(hut_supply=two, players=unbuilt))
    three = Bag.of([Hut.MARKET_CRIER] * 3 + [a for a, _ in HUT_TILES[3:]], key=lambda h: h.sort_key)
    with pytest.raises(FormatError, match="no choice of one side of each hut tile"):
        check_state(state.replace(hut_supply=three, players=unbuilt))


@pytest.mark.rule("R-HUT-1", "R-CHANCE-3")
def test_hut_sides_in_the_middle_of_the_deal() -> None:
    config = cr.Config(players=2, modules={Module.HUTS})
    state = cr.new_game(config)
    assert isinstance(state.step, DealStep)
    for _ in range(5):
        state = cr.apply(state, cr.legal_moves(state)[-1])
        assert state.hut_supply.total < 12
        assert from_json(to_json(state)) == state
    # The first 5 tiles are dealt: a side of tile 6 cannot be in the supply yet.
    dealt = list(state.hut_supply.elements())
    wrong = Bag.of([*dealt[:4], Hut.CHIEF], key=lambda hut: hut.sort_key)
    with pytest.raises(FormatError, match="no choice of one side"):
        check_state(state.replace(hut_supply=wrong))
    dealt_hand = state.players[0].replace(hand=(WorkerType.W1111,))
    dealt_hand = dealt_hand.replace(pile=dealt_hand.pile.remove(WorkerType.W1111))
    with pytest.raises(FormatError, match="dealt before any hand"):
        check_state(state.replace(players=(dealt_hand, state.players[1])))


@pytest.mark.rule("R-HUT-FOREMAN")
def test_a_foreman_tile_has_edges_of_4_workers() -> None:
    config = cr.Config(players=2, modules={Module.HUTS}, huts={Hut.FOREMAN})
    state = cr.position(
        config,
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (1, 0): WorkerTile.of(0, WorkerType.W3100, 3, foreman=True),  # 3 facing west
        },
        players=[PlayerState(hand=(WorkerType.W1111,), huts=(Hut.FOREMAN,)), PlayerState()],
    )
    assert state.hut_supply.total == 0  # position() takes the built hut out of the supply
    check_state(state, reachable=False)
    edge = ActivatedEdge(0, (1, 0), cr.Side.W, 4, (0, 0))
    with_foreman = state.replace(step=ResolveStep((edge,)))
    check_state(with_foreman, reachable=False)
    assert from_json(to_json(with_foreman), strict=False) == with_foreman
    no_foreman = tuple(player.replace(huts=()) for player in state.players)
    agreed = Bag.of([Hut.FOREMAN], key=lambda hut: hut.sort_key)
    with pytest.raises(FormatError, match="owns no Foreman"):
        check_state(with_foreman.replace(players=no_foreman, hut_supply=agreed), reachable=False)
    played_before = with_foreman.board.set((1, 0), WorkerTile.of(0, WorkerType.W3100, 3))
    with pytest.raises(FormatError, match="the tile has no 4 workers on that side"):
        check_state(with_foreman.replace(board=played_before), reachable=False)


def test_positions_with_modules_need_strict_false_only_for_what_play_guarantees() -> None:
    config = cr.Config(players=3, modules=ALL_MODULES)
    hand = (WorkerType.W1111,)
    players = [PlayerState(hand=hand, map_tiles=1)] * 3
    state = cr.position(config, players=players, hut_supply=[Hut.CHIEF])
    assert (state.map_tiles_used, state.hut_supply.total) == (3, 1)
    check_state(state, reachable=False)  # a hand-built supply may leave huts out
    with pytest.raises(FormatError, match="1 huts, but the 12 hut tiles show one side each"):
        check_state(state.replace(display=(), step=OverStep()))
    assert from_json(to_json(state), strict=False) == state
    with pytest.raises(FormatError, match="1 huts, but the 12 hut tiles"):
        from_json(to_json(state))
    more = state.replace(map_tiles_used=4)
    with pytest.raises(FormatError, match="the players hold 3 map tiles and 4 were used"):
        check_state(more, reachable=False)


# --- the Diamante modules: the Tree of Life and the Favour of the Emperor -------------------

DIAMANTE = (Module.TREE_OF_LIFE, Module.EMPEROR)
DIAMANTE_COMBINATIONS = [
    frozenset(chosen) for count in (1, 2) for chosen in itertools.combinations(DIAMANTE, count)
]
CHOCOLATL_PICKS = [
    frozenset(),
    frozenset({Module.CHOCOLATE}),
    frozenset({Module.WATERING, Module.MAP}),
    frozenset({Module.CHOCOLATE, Module.HUTS}),
    ALL_MODULES,
]


def _ids(modules: frozenset[Module]) -> str:
    return "+".join(sorted(module.value for module in modules)) or "base"


@functools.cache
def diamante_sample_states() -> tuple[State, ...]:
    """The states of a few games with both Diamante modules, with and without Chocolatl."""
    both = frozenset(DIAMANTE)
    configs = [
        (cr.Config(players=2, modules=both | {Module.CHOCOLATE}), 1, True),
        (cr.Config(players=3, modules=both), 2, False),
        (cr.Config(players=4, modules=both | ALL_MODULES), 3, True),
        (cr.Config(players=2, modules=both | ALL_MODULES), 4, False),
    ]
    return tuple(
        state
        for config, seed, seeded in configs
        for state in game_states(config.players, seed, seeded, config)
    )


@functools.cache
def diamante_state(kind: type) -> State:
    """A state of a game with both Diamante modules waiting at ``kind``, the Emperor moved,
    and a worker tile in the row or the column of his start."""
    return max(
        (state for state in diamante_sample_states() if isinstance(state.step, kind)),
        key=lambda state: (
            state.emperor != (1, 1),
            any(x == 1 or y == 1 for x, y in _worker_squares(state)),
            state.config.players == 2,
            len(state.board),
        ),
    )


def _worker_squares(state: State) -> list[tuple[int, int]]:
    return [square for square, tile in state.board.items() if isinstance(tile, WorkerTile)]


@functools.cache
def empty_tree_edge_state() -> State:
    """A state whose resolve queue holds an edge with no worker facing a Tree of Life."""
    for state in diamante_sample_states():
        if isinstance(state.step, ResolveStep) and any(
            edge.workers == 0 for edge in state.step.queue
        ):
            return state
    raise AssertionError("no game of the samples activated an empty edge at a tree")


@pytest.mark.rule("R-TREE-1", "R-TREE-3", "R-EMPEROR-1", "R-EMPEROR-2")
@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chocolatl", CHOCOLATL_PICKS, ids=_ids)
@pytest.mark.parametrize("diamante", DIAMANTE_COMBINATIONS, ids=_ids)
def test_every_state_of_random_games_with_diamante_modules_round_trips(
    diamante: frozenset[Module], chocolatl: frozenset[Module], players: int, seeded: bool
) -> None:
    """The Tree of Life and the Emperor, alone and together, with Chocolatl modules."""
    config = cr.Config(players=players, modules=diamante | chocolatl)
    for state in game_states(players, 40 + len(chocolatl), seeded, config):
        text = to_json(state)
        again = from_json(text)  # check_state included
        assert again == state
        assert hash(again) == hash(state)
        assert to_json(again) == text
        assert json.loads(text)["emperor"] == (
            None if state.emperor is None else list(state.emperor)
        )


def test_diamante_fields_are_written() -> None:
    config = cr.Config(players=2, modules={Module.TREE_OF_LIFE, Module.EMPEROR, Module.CHOCOLATE})
    start = doc_of(cr.new_game(config, seed=1))
    assert start["config"]["modules"] == ["chocolate", "emperor", "tree_of_life"]
    assert start["emperor"] == [1, 1]
    assert start["jungle_pile"]["L"] + start["display"].count("L") == 2
    # With Chocolate, 2 players each add the 0-0-0-4 tile of the New Workers (R-TREE-1).
    for player in start["players"]:
        tiles = [*player["hand"], *(kind for kind, n in player["pile"].items() for _ in range(n))]
        assert tiles.count("0-0-0-4") == 1 and len(tiles) == 12
    state = diamante_state(PlacementStep)
    document = doc_of(state)
    assert state.emperor is not None and document["emperor"] == list(state.emperor)
    board = {tuple(entry["square"]): entry["tile"] for entry in document["board"]}
    assert board[tuple(document["emperor"])]["owner"] in range(state.config.players)
    assert doc_of(cr.new_game(cr.Config(players=3), seed=1))["emperor"] is None


@pytest.mark.rule("R-TREE-1")
def test_the_new_worker_types_and_the_tree_round_trip() -> None:
    tree = JungleTile.from_code("L")
    config = cr.Config(players=2, modules={Module.TREE_OF_LIFE, Module.CHOCOLATE})
    state = cr.position(
        config,
        board={
            (0, 0): tree,
            (1, 1): JungleTile.from_code("M2"),
            (1, 0): WorkerTile.of(0, WorkerType.W0004, 1),
        },
        players=[PlayerState(hand=(WorkerType.W1111,)), PlayerState(hand=(WorkerType.W0004,))],
    )
    document = doc_of(state)
    assert {"square": [0, 0], "tile": "L"} in document["board"]
    assert {"square": [1, 0], "tile": {"owner": 0, "type": "0-0-0-4", "rotation": 1}} in (
        document["board"]
    )
    assert document["players"][1]["hand"] == ["0-0-0-4"]
    assert "0-0-0-4" not in document["players"][1]["pile"]
    assert from_json(to_json(state), strict=False) == state


@pytest.mark.parametrize("kind", ["0-0-2-2", "0-2-0-2", "0-1-0-3", "0-0-0-4"])
def test_the_new_worker_types_are_read_but_must_belong_to_the_worker_set(kind: str) -> None:
    """The type names are known; only an agreed set (New Workers module) and, for 0-0-0-4,
    the Tree of Life with Chocolate for 2 players put them in a worker set."""
    document = doc_of(first_state(PlacementStep))
    document["players"][0]["pile"][kind] = 1
    with pytest.raises(FormatError) as raised:
        from_json(json.dumps(document))
    assert "unknown worker type" not in str(raised.value)
    assert f"seat 0's worker tiles (hand, pile, board, covered, discarded) are 1 {kind}" in str(
        raised.value
    )


@pytest.mark.rule("R-TREE-3")
def test_an_empty_edge_at_a_tree_is_written_with_0_workers() -> None:
    state = empty_tree_edge_state()
    assert isinstance(state.step, ResolveStep)
    queue = doc_of(state)["step"]["queue"]
    empty = [edge for edge in queue if edge["workers"] == 0]
    assert empty
    board = {tuple(entry["square"]): entry["tile"] for entry in doc_of(state)["board"]}
    assert all(board[tuple(edge["jungle_square"])] == "L" for edge in empty)
    assert from_json(to_json(state)) == state


def _tree_to_pile(document: Doc) -> None:
    """The tree an empty edge faces goes back to the pile, and a pile tile takes its place."""
    edge = next(edge for edge in document["step"]["queue"] if edge["workers"] == 0)
    entry = next(e for e in document["board"] if e["square"] == edge["jungle_square"])
    pile = document["jungle_pile"]
    code = next(code for code in pile if code != "L")
    pile[code] -= 1
    if not pile[code]:
        del pile[code]
    pile["L"] = pile.get("L", 0) + 1
    entry["tile"] = code


def _emperor_on_a_jungle_tile(document: Doc) -> None:
    document["emperor"] = [0, 0]


def _emperor_back_to_start(document: Doc) -> None:
    document["emperor"] = [1, 1]


def _without_the_emperor(document: Doc) -> None:
    document["config"]["modules"].remove("emperor")


DIAMANTE_STRUCTURE_CASES: list[tuple[Callable[[Doc], None], str]] = [
    (_delete("emperor"), "the document: missing key(s) 'emperor'"),
    (_set("emperor", "1,1"), "emperor: expected null or a square [x, y], got a string '1,1'"),
    (_set("emperor", {"x": 1, "y": 1}), "emperor: expected null or a square [x, y], got an obj"),
    (_set("emperor", 11), "emperor: expected null or a square [x, y], got an integer 11"),
    (_set("emperor", [1]), "emperor: expected a square [x, y], got a list [1]"),
    (_set("emperor", [1, 1, 1]), "emperor: expected a square [x, y], got a list"),
    (_set("emperor", [1, True]), "emperor[1]: expected an integer, got a boolean true"),
    (_set("emperor", [1.0, 1]), "emperor[0]: expected an integer, got a number 1.0"),
    (_set("emperor", [0, 10**7]), "emperor[1]: 10000000 is out of range"),
    (_set("board.0.tile", "l"), "board[0].tile: unknown jungle tile code 'l'"),
    (_set("players.0.hand", ["0-0-4-0"]), "players[0].hand[0]: unknown worker type '0-0-4-0'"),
]


@pytest.mark.parametrize(("change", "fragment"), DIAMANTE_STRUCTURE_CASES)
def test_bad_emperor_values_are_rejected(change: Callable[[Doc], None], fragment: str) -> None:
    document = doc_of(diamante_state(PlacementStep))
    change(document)
    assert_refused(document, "not a valid cacao-rules state: ", fragment)


DIAMANTE_CONSISTENCY_CASES: list[tuple[Callable[[Doc], None], str]] = [
    (_set("emperor", None), "the Favour of the Emperor module is in play but the Emperor has no"),
    (_emperor_on_a_jungle_tile, "the Emperor stands on 0,0, which is neither his start 1,1 nor"),
    (_set("emperor", [51, 50]), "the Emperor stands on 51,50, which is neither his start 1,1"),
    (_set("emperor", [2, 2]), "the Emperor stands on 2,2, which is neither"),
    (_emperor_back_to_start, "the Emperor is still on his start 1,1 but a worker tile lies in"),
    (_without_the_emperor, "in a game without the Favour of the Emperor module"),
]


@pytest.mark.rule("R-EMPEROR-1", "R-EMPEROR-2")
@pytest.mark.parametrize(("change", "fragment"), DIAMANTE_CONSISTENCY_CASES)
def test_inconsistent_emperors_are_rejected(change: Callable[[Doc], None], fragment: str) -> None:
    document = doc_of(diamante_state(PlacementStep))
    change(document)
    assert_refused(document, "not a valid cacao-rules state: inconsistent state: ", fragment)


def test_a_base_game_has_no_emperor() -> None:
    document = doc_of(first_state(PlacementStep))
    document["emperor"] = [1, 1]
    with pytest.raises(FormatError, match="the Emperor stands on 1,1 in a game without the Favour"):
        from_json(json.dumps(document))


@pytest.mark.rule("R-TREE-3")
def test_an_empty_edge_is_activated_only_at_a_tree() -> None:
    document = doc_of(empty_tree_edge_state())
    _tree_to_pile(document)
    with pytest.raises(FormatError, match="an edge with no worker is activated only facing a Tree"):
        from_json(json.dumps(document))


@pytest.mark.rule("R-EMPEROR-1")
def test_positions_may_leave_the_emperor_on_his_start_with_strict_false() -> None:
    state = diamante_state(PlacementStep)
    assert any(x == 1 or y == 1 for x, y in _worker_squares(state))
    back = state.replace(emperor=(1, 1))
    check_state(back, reachable=False)
    assert from_json(to_json(back), strict=False) == back
    with pytest.raises(FormatError, match="still on his start"):
        from_json(to_json(back))
    config = cr.Config(players=2, modules={Module.EMPEROR})
    hand = (WorkerType.W1111,)
    players = [PlayerState(hand=hand), PlayerState(hand=hand)]
    square = cr.position(
        config,
        players=players,
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (1, 0): WorkerTile.of(1, WorkerType.W1111),
        },
        emperor=(1, 0),
    )
    assert from_json(to_json(square), strict=False) == square
    with pytest.raises(cr.ConfigError, match="neither his start 1,1 nor a worker tile"):
        cr.position(config, players=players, emperor=(2, 2))


# --- the Diamante New Workers: agreed worker sets --------------------------------------------

W = WorkerType
AGREED_WORKERS = {W.W1111: 3, W.W2101: 4, W.W0022: 1, W.W0202: 1, W.W0103: 1, W.W0004: 1}
WHOLE_BOX = {
    W.W1111: 4, W.W2101: 5, W.W3001: 1, W.W3100: 1, W.W0022: 1, W.W0202: 1, W.W0103: 1,
    W.W0004: 1,
}  # fmt: skip
NEW_WORKER_CONFIGS = [
    cr.Config(players=2, modules={Module.NEW_WORKERS}, workers=AGREED_WORKERS),
    cr.Config(players=3, workers={W.W1111: 4, W.W2101: 5}),  # a base set, no module
    cr.Config(
        players=4,
        modules={Module.NEW_WORKERS, Module.TREE_OF_LIFE, Module.CHOCOLATE, Module.EMPEROR},
        workers=AGREED_WORKERS,
    ),
    cr.Config(players=4, modules={Module.NEW_WORKERS}, workers=WHOLE_BOX),  # with discards
]


@pytest.mark.rule("R-NEW-2", "R-NEW-4")
@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("config", NEW_WORKER_CONFIGS, ids=lambda c: repr(c.workers)[:40])
def test_every_state_of_games_with_an_agreed_worker_set_round_trips(
    config: cr.Config, seeded: bool
) -> None:
    discarded = False
    for state in game_states(config.players, 50, seeded, config):
        text = to_json(state)
        again = from_json(text)  # check_state included: the worker set is conserved
        assert again == state
        assert again.config.workers == config.workers
        assert to_json(again) == text
        discarded = discarded or bool(state.discarded)
    assert discarded == (config.workers == WHOLE_BOX)


def test_the_agreed_worker_set_is_written_as_counts_by_type() -> None:
    state = cr.new_game(NEW_WORKER_CONFIGS[0], seed=1)
    written = doc_of(state)["config"]
    assert written["modules"] == ["new_workers"]
    assert written["workers"] == {
        "1-1-1-1": 3, "2-1-0-1": 4, "0-0-2-2": 1, "0-2-0-2": 1, "0-1-0-3": 1, "0-0-0-4": 1,
    }  # fmt: skip
    assert list(written["workers"]) == [
        kind.value for kind in WorkerType if kind != W.W3001 and kind != W.W3100
    ]
    shuffled = doc_of(state)
    shuffled["config"]["workers"] = dict(reversed(list(written["workers"].items())))
    assert from_json(json.dumps(shuffled)) == state
    assert doc_of(cr.new_game(cr.Config(players=2), seed=1))["config"]["workers"] is None


def _new_workers_doc() -> Doc:
    return doc_of(cr.new_game(NEW_WORKER_CONFIGS[0], seed=1))


WORKER_SET_CASES: list[tuple[Callable[[Doc], None], str]] = [
    (
        _set("config.workers", ["1-1-1-1"]),
        "config.workers: expected null or an object of counts by worker type, got a list",
    ),
    (_set("config.workers", "1-1-1-1:3"), "config.workers: expected null or an object of counts"),
    (
        _set("config.workers", {"1-1-1-2": 3}),
        "config.workers key: unknown worker type '1-1-1-2'; expected one of 1-1-1-1",
    ),
    (_set("config.workers", {"W1111": 3}), "config.workers key: unknown worker type 'W1111'"),
    (_set("config.workers", {"1-1-1-1": 0}), "config.workers.1-1-1-1: 0 is out of range"),
    (_set("config.workers", {"1-1-1-1": -1}), "config.workers.1-1-1-1: -1 is out of range"),
    (_set("config.workers", {"1-1-1-1": True}), "config.workers.1-1-1-1: expected an integer"),
    (_set("config.workers", {"1-1-1-1": 2.0}), "config.workers.1-1-1-1: expected an integer"),
    (
        _set("config.workers", {"1-1-1-1": 5}),
        "config: workers[W1111] = 5, but a colour has only 4 1-1-1-1 tile(s)",
    ),
    (_set("config.workers", {}), "config: workers must give every player at least one worker"),
    (
        _set("config.workers", None),
        "config: the New Workers module (Module.NEW_WORKERS) needs the agreed worker set",
    ),
    (
        _set("config.modules", []),
        "config: worker tile(s) W0004, W0022, W0103, W0202 belong to the New Workers module",
    ),
    # A valid set that is not the one the players hold: the worker tiles are not conserved.
    (
        _set("config.workers", {"1-1-1-1": 4, "2-1-0-1": 4, "0-0-2-2": 1, "0-2-0-2": 1,
                                "0-1-0-3": 1, "0-0-0-4": 1}),
        "seat 0's worker tiles (hand, pile, board, covered, discarded) are",
    ),
]  # fmt: skip


@pytest.mark.rule("R-NEW-2")
@pytest.mark.parametrize(("change", "fragment"), WORKER_SET_CASES)
def test_bad_agreed_worker_sets_are_rejected(change: Callable[[Doc], None], fragment: str) -> None:
    document = _new_workers_doc()
    change(document)
    with pytest.raises(FormatError) as raised:
        from_json(json.dumps(document))
    assert fragment in str(raised.value)


# --- the Diamante Gem mines and the Big Game ------------------------------------------------

GEMS = Module.GEM_MINES
GEM_CONFIGS = [
    cr.Config(players=2, modules={GEMS}),
    cr.Config(players=3, modules={GEMS}),
    cr.Config(players=4, modules={GEMS}),
    cr.Config(players=2, modules={GEMS, Module.CHOCOLATE, Module.TREE_OF_LIFE}),
    cr.Config(players=3, modules={GEMS, Module.MAP, Module.WATERING}),
    cr.Config(players=4, modules={GEMS, Module.HUTS, Module.EMPEROR}),
    cr.Config(players=2, modules={GEMS, *CHOCOLATL, Module.EMPEROR}),
    cr.Config(players=3, modules={GEMS, Module.NEW_WORKERS}, workers=AGREED_WORKERS),
    cr.Config.big_game(3),
    cr.Config.big_game(4),
]


def _config_id(config: cr.Config) -> str:
    return "big-game" if config.is_big_game else _ids(config.modules)


def _mines(state: State) -> list[JungleTile]:
    """The gem mines out of the pile: on the board, in the display and on the map board."""
    tiles = [tile for tile in state.board.values() if isinstance(tile, JungleTile)]
    tiles += [*state.display, *state.map_board]
    return [tile for tile in tiles if tile.gems is not None]


@pytest.mark.rule("R-GEM-1", "R-GEM-2", "R-GEM-4", "R-BIG-1")
@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("config", GEM_CONFIGS, ids=lambda c: f"{c.players}-{_config_id(c)}")
def test_every_state_of_random_games_with_gem_mines_round_trips(
    config: cr.Config, seeded: bool
) -> None:
    """Gem mines alone and with other modules, and the Big Game for 3 and 4 players."""
    for state in game_states(config.players, 60, seeded, config):
        text = to_json(state)
        again = from_json(text)  # check_state included: gems and masks are conserved
        assert again == state
        assert hash(again) == hash(state)
        assert to_json(again) == text
        document = json.loads(text)
        assert document["gem_cart"] == list(state.gem_cart)
        assert document["config"]["is_big_game"] is config.is_big_game
    assert state.is_over


@functools.cache
def gem_sample_states() -> tuple[State, ...]:
    """The states of a few games with gem mines, masks taken, and a Big Game."""
    configs = [
        (cr.Config(players=2, modules={GEMS}), 1, True),
        (cr.Config(players=3, modules={GEMS, Module.MAP}), 2, False),
        (cr.Config.big_game(4), 3, True),
    ]
    return tuple(
        state
        for config, seed, seeded in configs
        for state in game_states(config.players, seed, seeded, config)
    )


@functools.cache
def gem_state() -> State:
    """A 2-player state with gem mines with gems on the board and a mask and gems held."""
    return next(
        state
        for state in gem_sample_states()
        if state.config.players == 2
        and isinstance(state.step, PlacementStep)
        and any(player.masks for player in state.players)
        and any(any(player.gems) for player in state.players)
        and any(mine.gems for mine in _mines(state))
    )


def _mine_entry(document: Doc) -> int:
    """The index in ``board`` of a gem mine holding a red gem (the sample has one)."""
    return next(
        index
        for index, entry in enumerate(document["board"])
        if isinstance(entry["tile"], str) and entry["tile"][:1] == "D" and entry["tile"][1] != "0"
    )


def _gem_doc() -> Doc:
    return doc_of(gem_state())


@pytest.mark.rule("R-GEM-1", "R-GEM-2")
def test_gem_fields_are_written() -> None:
    start = doc_of(cr.new_game(cr.Config(players=2, modules={GEMS}), seed=None))
    assert start["gem_cart"] == [6, 6, 6, 6]
    assert start["mask_supply"] == [8, 8, 9, 9, 10, 10]
    assert start["gems_exchanged"] == 0
    assert start["players"][0]["gems"] == [0, 0, 0, 0] and start["players"][0]["masks"] == []
    assert "T" not in start["jungle_pile"]  # 4 gem mines took the 4 temples' places
    assert start["jungle_pile"]["D"] == 4  # bare in the pile
    dealt = doc_of(cr.new_game(cr.Config(players=3, modules={GEMS}), seed=1))
    shown = [code for code in dealt["display"] if code[:1] == "D"]
    drawn = [sum(int(digit) for digit in code[1:]) for code in shown]
    assert sum(dealt["gem_cart"]) == 32 - sum(drawn) and all(count == 6 for count in drawn)
    state = gem_state()
    document = doc_of(state)
    codes = [entry["tile"] for entry in document["board"] if isinstance(entry["tile"], str)]
    mines = [code for code in codes if code[:1] == "D"]
    assert mines and all(len(code) == 5 for code in mines)
    assert sorted(mines) == sorted(
        tile.code for tile in state.board.values() if isinstance(tile, JungleTile) and tile.gems
    )
    for player, written in zip(state.players, document["players"], strict=True):
        assert written["gems"] == list(player.gems)
        assert written["masks"] == list(player.masks)
    assert document["gems_exchanged"] == 4 * sum(len(p.masks) for p in state.players)
    assert document["mask_supply"] == list(state.mask_supply)
    big = doc_of(cr.new_game(cr.Config.big_game(3), seed=1))["config"]
    assert big["is_big_game"] is True and big["players"] == 3
    assert big["modules"] == sorted(module.value for module in Module)
    assert big["workers"] == {kind.value: count for kind, count in WORKERS_PER_COLOUR.items()}


def test_gem_mines_in_the_display_and_on_the_map_board_round_trip() -> None:
    states = gem_sample_states()
    shown = next(state for state in states if any(tile.gems for tile in state.display))
    on_map = next(state for state in states if any(tile.gems for tile in state.map_board))
    for state in (shown, on_map):
        document = doc_of(state)
        assert any(code[:1] == "D" and len(code) == 5 for code in document["display"]) or any(
            code[:1] == "D" and len(code) == 5 for code in document["map_board"]
        )
        assert from_json(to_json(state)) == state


def test_masks_and_gems_are_read_in_any_order() -> None:
    state = gem_state()
    document = _gem_doc()
    document["mask_supply"].reverse()
    for player in document["players"]:
        player["masks"].reverse()
    assert from_json(json.dumps(document)) == state


def _set_mine(code: str) -> Callable[[Doc], None]:
    def change(document: Doc) -> None:
        document["board"][_mine_entry(document)]["tile"] = code

    return change


def _one_more_red_on_a_mine(document: Doc) -> None:
    entry = document["board"][_mine_entry(document)]
    tile = entry["tile"]
    entry["tile"] = f"D{int(tile[1]) + 1}{tile[2:]}"


def _mine_to_pile_with_gems(document: Doc) -> None:
    entry = document["board"][_mine_entry(document)]
    document["jungle_pile"][entry["tile"]] = 1
    entry["tile"] = "P1"


def _full_set(document: Doc) -> None:
    """Give seat 0 a full set of gems taken from the cart (conserved, but not exchanged)."""
    player = document["players"][0]
    for colour in range(4):
        if not player["gems"][colour]:
            player["gems"][colour] = 1
            document["gem_cart"][colour] -= 1
            if document["gem_cart"][colour] < 0:  # the cart is empty: take it from a mine
                document["gem_cart"][colour] = 0
                _take_from_a_mine(document, colour)


def _take_from_a_mine(document: Doc, colour: int) -> None:
    for entry in document["board"]:
        tile = entry["tile"]
        if isinstance(tile, str) and tile[:1] == "D" and tile[1 + colour] != "0":
            digits = list(tile[1:])
            digits[colour] = str(int(digits[colour]) - 1)
            entry["tile"] = "D" + "".join(digits)
            return
    raise AssertionError("no gem of that colour left anywhere")


def _drop_a_mask(document: Doc) -> None:
    document["mask_supply"].pop()


def _exchange_more(document: Doc) -> None:
    document["gems_exchanged"] += 4


GEM_STRUCTURE_CASES: list[tuple[Callable[[Doc], None], str]] = [
    (_delete("gem_cart"), "the document: missing key(s) 'gem_cart'"),
    (_delete("players.0.masks"), "players[0]: missing key(s) 'masks'"),
    (_delete("config.is_big_game"), "config: missing key(s) 'is_big_game'"),
    (_set("gem_cart", {"red": 1}), "gem_cart: expected a list, got an object"),
    (_set("gem_cart", [1, 2, 3]), "gem_cart: expected gems as a list of 4 counts (red, green,"),
    (_set("gem_cart", [1, 2, 3, -1]), "gem_cart[3]: -1 is out of range"),
    (_set("gem_cart", [1, 2, True, 0]), "gem_cart[2]: expected an integer, got a boolean"),
    (_set("players.0.gems", [0, 0, 0, 0, 0]), "players[0].gems: expected gems as a list of 4"),
    (_set("players.1.gems", [0, 1.0, 0, 0]), "players[1].gems[1]: expected an integer"),
    (_set("players.0.masks", 8), "players[0].masks: expected a list, got an integer 8"),
    (_set("players.0.masks", ["8"]), "players[0].masks[0]: expected an integer"),
    (_set("mask_supply", [8] * 8), "mask_supply: 8 masks; the game has 7"),
    (_set("mask_supply", [-8]), "mask_supply[0]: -8 is out of range"),
    (_set("gems_exchanged", -4), "gems_exchanged: -4 is out of range"),
    (_set("gems_exchanged", None), "gems_exchanged: expected an integer, got null"),
    (_set("config.is_big_game", 1), "config.is_big_game: expected true or false, got an integer"),
    (
        _set("config.is_big_game", True),
        "config: the Big Game is for 3 or 4 players, got players=2",
    ),
    (_set_mine("D210"), "unknown jungle tile code 'D210'"),
    (_set_mine("D21030"), "unknown jungle tile code 'D21030'"),
    (_set_mine("D-103"), "unknown jungle tile code 'D-103'"),
    (_set_mine("d2103"), "unknown jungle tile code 'd2103'"),
    (_set("jungle_pile", {"D21x3": 1}), "jungle_pile key: unknown jungle tile code 'D21x3'"),
]


@pytest.mark.rule("R-GEM-1")
@pytest.mark.parametrize(("change", "fragment"), GEM_STRUCTURE_CASES)
def test_bad_gem_fields_are_rejected(change: Callable[[Doc], None], fragment: str) -> None:
    document = _gem_doc()
    change(document)
    assert_refused(document, "not a valid cacao-rules state: ", fragment)


GEM_CONSISTENCY_CASES: list[tuple[Callable[[Doc], None], str]] = [
    (_one_more_red_on_a_mine, "the red gems (cart "),
    (_set("gem_cart", [9, 0, 0, 0]), "; the game has 6"),
    (_set_mine("D"), "has no gems given; a mine out of the pile carries the gems drawn with it"),
    (_set_mine("D4300"), "gems; a mine holds 0 to 6"),
    (_mine_to_pile_with_gems, "the jungle pile holds D"),
    (_full_set, "seat 0 holds gems of all four colours"),
    (_drop_a_mask, "the masks (supply and players') are"),
    (_exchange_more, "gems were exchanged for 1 masks; each mask takes 4"),
    (_set("gems_exchanged", 5), "gems_exchanged is 5; gems are exchanged 4 at a time"),
    (_set("players.1.masks", [12]), "the masks (supply and players') are"),
]


@pytest.mark.rule("R-GEM-1", "R-GEM-2", "R-GEM-4")
@pytest.mark.parametrize(("change", "fragment"), GEM_CONSISTENCY_CASES)
def test_inconsistent_gems_and_masks_are_rejected(
    change: Callable[[Doc], None], fragment: str
) -> None:
    document = _gem_doc()
    change(document)
    with pytest.raises(FormatError) as raised:
        from_json(json.dumps(document))
    message = str(raised.value)
    assert "inconsistent state: " in message
    assert fragment in message


@pytest.mark.rule("R-GEM-4")
def test_masks_are_taken_lowest_first_but_positions_may_differ() -> None:
    state = gem_state()
    seat = next(seat for seat, player in enumerate(state.players) if player.masks)
    held = state.players[seat].masks
    highest = state.mask_supply[-1]
    players = list(state.players)
    players[seat] = players[seat].replace(masks=tuple(sorted([*held[1:], highest])))
    supply = tuple(sorted([*state.mask_supply[:-1], held[0]]))
    bad = state.replace(players=tuple(players), mask_supply=supply)
    with pytest.raises(FormatError, match="the lowest mask is taken first"):
        check_state(bad)
    check_state(bad, reachable=False)


def test_gems_and_masks_need_their_module() -> None:
    state = first_state(PlacementStep)
    players = (state.players[0].replace(gems=(1, 0, 0, 0)), *state.players[1:])
    for bad in [
        state.replace(gem_cart=(1, 0, 0, 0)),
        state.replace(mask_supply=(8,)),
        state.replace(gems_exchanged=4),
        state.replace(players=players),
    ]:
        with pytest.raises(FormatError, match="gems or masks in a game without the Gem mines"):
            check_state(bad)


def test_check_state_refuses_unsorted_masks_and_gems_on_other_tiles() -> None:
    state = gem_state()
    with pytest.raises(FormatError, match="the mask supply is not sorted"):
        check_state(state.replace(mask_supply=tuple(reversed(state.mask_supply))))
    seat = next(seat for seat, player in enumerate(state.players) if player.masks)
    players = list(state.players)
    players[seat] = players[seat].replace(masks=(12, *players[seat].masks))
    with pytest.raises(FormatError, match=f"seat {seat}'s masks are not sorted"):
        check_state(state.replace(players=tuple(players)))
    square = next(sq for sq, tile in state.board.items() if tile == JungleTile.from_code("P1"))
    odd = JungleTile(cr.JungleKind.PLANTATION, 1, gems=(1, 0, 0, 0))
    with pytest.raises(FormatError, match=r"the plantation tile on .* carries gems"):
        check_state(state.replace(board=state.board.set(square, odd)))


@pytest.mark.rule("R-BIG-1")
def test_the_big_game_is_read_back_as_the_big_game() -> None:
    state = cr.new_game(cr.Config.big_game(4), seed=2)
    again = from_json(to_json(state))
    assert again.config.is_big_game and repr(again.config) == "Config.big_game(4)"
    document = doc_of(state)
    document["config"]["is_big_game"] = False  # the same modules and workers, not the Big Game
    with pytest.raises(FormatError, match="the jungle tiles"):
        from_json(json.dumps(document))
    document = doc_of(state)
    document["config"]["modules"].remove("huts")
    with pytest.raises(FormatError, match="the Big Game uses every module and every worker tile"):
        from_json(json.dumps(document))


# --- fuzzing --------------------------------------------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)  # JSON has no others
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


def test_floats_are_rejected_and_big_integers_bounded() -> None:
    document = doc_of(first_state(PlacementStep))
    for value in [1e300, 3.0, -0.0]:
        document["players"][0]["gold"] = value
        with pytest.raises(FormatError, match=r"players\[0\]\.gold: expected an integer"):
            from_json(json.dumps(document))
    document["players"][0]["gold"] = 10**400  # read, then refused by its proven bound
    with pytest.raises(
        FormatError, match=r"seat 0 has an int of about 401 digits gold; no player of this game"
    ):
        from_json(json.dumps(document))


# --- one declaration: decoding, converting and explaining agree ----------------------------


def test_the_text_is_what_json_dumps_writes_of_the_document() -> None:
    """msgspec writes the document as json.dumps would: compact, ASCII, in field order."""
    states = [*sample_states(), *module_sample_states(), *gem_sample_states()]
    states += [game for game in game_states(4, 3, True)]
    for state in states:
        document = msgspec.to_builtins(serialization.to_document(state))
        assert to_json(state) == json.dumps(document, separators=(",", ":"), allow_nan=False)


def _verdicts(value: Any, declared: Any, where: str) -> tuple[object, object, str | None]:
    """What the text decoder, the converter of parsed JSON and the explainer make of
    ``value`` as ``declared``: the two documents (None for a refusal) and the message."""
    try:
        decoded: object = msgspec.json.decode(json.dumps(value), type=declared)
    except msgspec.ValidationError:
        decoded = None
    try:
        converted: object = msgspec.convert(value, declared, strict=True)
    except msgspec.ValidationError:
        converted = None
    return decoded, converted, explain(value, declared, where)


def _assert_agree(value: Any, declared: Any, where: str) -> bool:
    """The decoder and the converter give the same document or both refuse, and the
    explainer names what is wrong exactly when they refuse; True if they refused."""
    decoded, converted, message = _verdicts(value, declared, where)
    assert decoded == converted
    if decoded is None:
        assert message is not None and message.startswith(where)
    else:
        assert message is None, message
    return decoded is None


_PARTS: dict[str, Any] = {
    "board": documents.Board,
    "covered": documents.Covered,
    "players": tuple[documents.PlayerDocument, ...],
    "config": documents.ConfigDocument,
    "step": documents.AnyStep,
}


@given(st.data())
def test_decoding_converting_and_explaining_agree(data: st.DataObject) -> None:
    """A mutated part of a document: the text decoder (from_json's usual way) and the
    converter of parsed JSON (its way for a text it must explain or read as version 1) give
    the same document or both refuse, and then the explainer says what is wrong."""
    states = [*sample_states(), *module_sample_states(), *gem_sample_states()]
    document = doc_of(data.draw(st.sampled_from(states)))
    part = data.draw(st.sampled_from(sorted(_PARTS)))
    if not document[part] and part in ("board", "covered"):
        document[part] = [
            {"square": [1, 0], "tile": {"owner": 0, "type": "1-1-1-1", "rotation": 0}}
        ]
    for _ in range(data.draw(st.integers(0, 3))):
        if isinstance(document[part], (dict, list)) and document[part]:
            _mutate(document[part], data)
    _assert_agree(document[part], _PARTS[part], part)


_ODD_VALUES: list[Any] = [
    -1, 0, 1, 2, 3, 4, 5, 7, 8, 10**6, 10**6 + 1, -(10**6) - 1, 10**400, True, False, 1.0,
    None, "", "x", "P1", "D2103", "D21030", "1-1-1-1", "chief", [], [1], [1, 2], {}, {"a": 1},
]  # fmt: skip


def _variants(value: Any) -> Iterator[Any]:
    """``value`` with each of its fields (recursively) in turn replaced by each odd value,
    removed, or joined by an extra one."""
    if isinstance(value, dict):
        for key in list(value):
            for odd in _ODD_VALUES:
                yield {**value, key: odd}
            for inner in _variants(value[key]):
                yield {**value, key: inner}
            yield {k: v for k, v in value.items() if k != key}
        yield {**value, "extra": 1}
    elif isinstance(value, list):
        for index in range(len(value)):
            for odd in _ODD_VALUES:
                yield [*value[:index], odd, *value[index + 1 :]]
            for inner in _variants(value[index]):
                yield [*value[:index], inner, *value[index + 1 :]]
        yield [*value, value[-1] if value else 1]


def test_every_odd_field_is_refused_and_explained_or_read_alike() -> None:
    """Every field of a board entry, a covered entry, a player, the configuration and a
    resolve step, replaced by odd values: decoder and converter agree, and every refusal is
    explained."""
    state = gem_state()
    document = doc_of(state)
    jungle = next(entry for entry in document["board"] if isinstance(entry["tile"], str))
    worker = next(entry for entry in document["board"] if isinstance(entry["tile"], dict))
    edge = {"owner": 0, "square": [1, 0], "side": "W", "workers": 1, "jungle_square": [0, 0]}
    parts: list[tuple[Any, Any, str]] = [
        ([jungle, worker], documents.Board, "board"),
        ([worker], documents.Covered, "covered"),
        (document["players"][0], documents.PlayerDocument, "players[0]"),
        (document["config"], documents.ConfigDocument, "config"),
        ({"kind": "resolve", "queue": [edge], "received": 0}, documents.AnyStep, "step"),
    ]
    refused = 0
    for value, declared, where in parts:
        assert not _assert_agree(value, declared, where)  # the unchanged part is read
        for variant in _variants(value):
            refused += _assert_agree(variant, declared, where)
    assert refused > 100
