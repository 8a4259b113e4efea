"""Move notation: ``parse_move`` reads back ``str(move)`` and refuses everything else."""

from __future__ import annotations

import functools
import itertools
import random
import re
import string
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cacao_rules as cr
from cacao_rules import (
    BuildHut,
    Discard,
    DrawJungle,
    DrawWorker,
    Fill,
    FillChoice,
    FormatError,
    Hut,
    HutSide,
    JungleTile,
    Move,
    Overbuild,
    PassHut,
    Place,
    Resolve,
    Side,
    Slide,
    WorkerType,
    parse_move,
)
from cacao_rules.game.components import TILES_BY_CODE, JungleKind
from cacao_rules.game.config import Module

CHOCOLATL = (Module.MAP, Module.WATERING, Module.CHOCOLATE, Module.HUTS)
MODULE_COMBINATIONS = [
    frozenset(chosen)
    for count in range(len(CHOCOLATL) + 1)
    for chosen in itertools.combinations(CHOCOLATL, count)
]


def _game_moves(
    players: int, seed: int, seeded: bool, modules: frozenset[Module] = frozenset()
) -> Iterator[Move]:
    """Every legal move of every state of one random game."""
    rng = random.Random(seed)
    config = cr.Config(players=players, modules=modules)
    state = cr.new_game(config, seed=seed if seeded else None)
    while not state.is_over:
        moves = cr.legal_moves(state)
        yield from moves
        state = cr.apply(state, rng.choice(moves))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seeded", [True, False])
def test_every_legal_move_round_trips(players: int, seeded: bool) -> None:
    kinds: set[type] = set()
    for seed in range(4):
        for move in _game_moves(players, seed, seeded):
            kinds.add(type(move))
            assert parse_move(str(move)) == move
    assert {Place, Fill, Resolve} <= kinds
    if not seeded:
        assert {DrawWorker, DrawJungle} <= kinds


@functools.cache
def _module_moves(modules: frozenset[Module], players: int, seeded: bool) -> frozenset[Move]:
    return frozenset(_game_moves(players, 30 + players, seeded, modules))


@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "modules",
    MODULE_COMBINATIONS,
    ids=lambda modules: "+".join(sorted(m.value for m in modules)) or "base",
)
def test_every_legal_move_with_modules_round_trips(
    modules: frozenset[Module], players: int, seeded: bool
) -> None:
    for move in _module_moves(modules, players, seeded):
        assert parse_move(str(move)) == move


def test_games_with_modules_show_every_new_form_of_move() -> None:
    """The round trips above saw every new move and notation of the Chocolatl modules."""
    everything = frozenset(CHOCOLATL)
    moves = _module_moves(everything, 3, False) | _module_moves(everything, 4, True)
    kinds = {type(move) for move in moves}
    assert {Slide, BuildHut, PassHut, HutSide} <= kinds
    fills = [move for move in moves if isinstance(move, Fill)]
    assert any(choice.from_map for move in fills for choice in move.choices)
    assert any(isinstance(move, Resolve) and move.bars for move in moves)


def test_the_bare_fill_is_legal_with_an_empty_display_and_round_trips() -> None:
    """With no display tile but a map board, a fill may take nothing: blind draws follow."""
    w1111 = WorkerType.W1111
    state = cr.position(
        cr.Config(players=2, modules={Module.MAP}),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (2, 1): cr.WorkerTile.of(1, w1111),
        },
        players=[cr.PlayerState(hand=(w1111,), map_tiles=2), cr.PlayerState(map_tiles=2)],
        map_board=[JungleTile.from_code("T"), JungleTile.from_code("M3")],
    )
    state = cr.apply(state, Place(w1111, (1, 2), 0))  # (2, 2) lies between two worker tiles
    moves = cr.legal_moves(state)
    assert Fill(()) in moves
    assert "fill" in [str(move) for move in moves]
    for move in moves:
        assert parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("place 2-1-0-1 1,0 r1", Place(WorkerType.W2101, (1, 0), 1)),
        ("overbuild 1-1-1-1 0,1 r0", Overbuild(WorkerType.W1111, (0, 1), 0)),
        ("discard 3-0-0-1", Discard(WorkerType.W3001)),
        (
            "fill 0,2=M3 2,0=P1",
            Fill(
                (
                    FillChoice((0, 2), JungleTile.from_code("M3")),
                    FillChoice((2, 0), JungleTile.from_code("P1")),
                )
            ),
        ),
        ("resolve 1,0 W 1", Resolve((1, 0), Side.W, 1)),
        ("resolve 1,0 W 3 b2", Resolve((1, 0), Side.W, 3, bars=2)),
        ("fill", Fill(())),
        (
            "fill 0,2=map:M3 2,0=P1",
            Fill(
                (
                    FillChoice((0, 2), JungleTile.from_code("M3"), from_map=True),
                    FillChoice((2, 0), JungleTile.from_code("P1")),
                )
            ),
        ),
        ("fill 1,0=map:I", Fill((FillChoice((1, 0), JungleTile.from_code("I"), True),))),
        ("slide K", Slide(JungleTile.from_code("K"))),
        ("build market-crier", BuildHut(Hut.MARKET_CRIER)),
        ("pass", PassHut()),
        ("hut-side chiefs-daughter", HutSide(Hut.CHIEFS_DAUGHTER)),
        ("draw-jungle C", DrawJungle(JungleTile.from_code("C"))),
        ("resolve -3,-12 N 0", Resolve((-3, -12), Side.N, 0)),
        ("draw-worker 1-1-1-1", DrawWorker(WorkerType.W1111)),
        ("draw-jungle T", DrawJungle(JungleTile.from_code("T"))),
        ("place 0-0-0-4 2,1 r3", Place(WorkerType.W0004, (2, 1), 3)),
        ("overbuild 0-1-0-3 0,1 r2", Overbuild(WorkerType.W0103, (0, 1), 2)),
        ("discard 0-0-2-2", Discard(WorkerType.W0022)),
        ("draw-worker 0-2-0-2", DrawWorker(WorkerType.W0202)),
        ("draw-worker 0-0-0-4", DrawWorker(WorkerType.W0004)),
        ("fill 0,2=L", Fill((FillChoice((0, 2), JungleTile.from_code("L")),))),
        ("fill 0,2=map:L", Fill((FillChoice((0, 2), JungleTile.from_code("L"), True),))),
        ("draw-jungle L", DrawJungle(JungleTile.from_code("L"))),
        ("slide L", Slide(JungleTile.from_code("L"))),
        ("resolve 1,0 N 2 g1001", Resolve((1, 0), Side.N, 2, gems=(1, 0, 0, 1))),
        ("resolve 3,2 W 1 g0010", Resolve((3, 2), Side.W, 1, gems=(0, 0, 1, 0))),
        ("draw-jungle D2103", DrawJungle(JungleTile(JungleKind.GEM_MINE, gems=(2, 1, 0, 3)))),
        ("draw-jungle D0000", DrawJungle(JungleTile(JungleKind.GEM_MINE, gems=(0, 0, 0, 0)))),
        ("draw-jungle D", DrawJungle(JungleTile(JungleKind.GEM_MINE))),
        (
            "fill 0,2=D1221 2,0=map:D0600",
            Fill(
                (
                    FillChoice((0, 2), JungleTile(JungleKind.GEM_MINE, gems=(1, 2, 2, 1))),
                    FillChoice((2, 0), JungleTile(JungleKind.GEM_MINE, gems=(0, 6, 0, 0)), True),
                )
            ),
        ),
        ("slide D3003", Slide(JungleTile(JungleKind.GEM_MINE, gems=(3, 0, 0, 3)))),
    ],
)
def test_examples(text: str, move: Move) -> None:
    assert parse_move(text) == move
    assert str(move) == text


@pytest.mark.parametrize(
    "text",
    [
        "  place 2-1-0-1 1,0 r1",
        "place 2-1-0-1 1,0 r1\n",
        "place   2-1-0-1\t1,0  r1",
        "\t place 2-1-0-1 1,0 r1 \r\n",
        "place\u00a02-1-0-1 1,0 r1",  # any whitespace that str.split() knows
    ],
)
def test_whitespace_is_tolerated(text: str) -> None:
    assert parse_move(text) == Place(WorkerType.W2101, (1, 0), 1)


def test_fill_choices_in_any_order_come_out_sorted() -> None:
    move = parse_move("fill 2,0=P1 0,2=M3 -1,0=M3")
    assert isinstance(move, Fill)
    assert [choice.square for choice in move.choices] == [(-1, 0), (0, 2), (2, 0)]
    assert str(move) == "fill -1,0=M3 0,2=M3 2,0=P1"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("jump 1,0", "unknown verb 'jump'; expected one of place, overbuild"),
        ("Place 2-1-0-1 1,0 r1", "unknown verb 'Place'"),
        ("place 2-1-0-1 1,0", "wrong number of parts: expected 4 (place TYPE X,Y rN), got 3"),
        ("place 2-1-0-1 1,0 r1 r2", "wrong number of parts: expected 4"),
        ("discard", "wrong number of parts: expected 2 (discard TYPE), got 1"),
        ("draw-jungle T P1", "wrong number of parts: expected 2 (draw-jungle TILE), got 3"),
        ("resolve 1,0 W", "wrong number of parts: expected 4 (resolve X,Y SIDE COUNT)"),
        ("place 2-2-0-0 1,0 r1", "unknown worker type '2-2-0-0'; expected one of 1-1-1-1"),
        ("place 2101 1,0 r1", "unknown worker type '2101'"),
        ("draw-worker W1111", "unknown worker type 'W1111'"),
        ("place 2-1-0-1 1;0 r1", "bad square '1;0'; expected x,y"),
        ("place 2-1-0-1 (1,0) r1", "bad square '(1,0)'"),
        ("place 2-1-0-1 1,+0 r1", "bad square '1,+0'"),
        ("place 2-1-0-1 01,0 r1", "bad square '01,0'"),
        ("place 2-1-0-1 -0,1 r1", "bad square '-0,1'"),
        ("place 2-1-0-1 1,0,0 r1", "bad square '1,0,0'"),
        ("place 2-1-0-1 1, 0 r1", "wrong number of parts: expected 4 (place TYPE X,Y rN), got 5"),
        ("place 2-1-0-1 1,0 r4", "bad rotation 'r4'; expected r0, r1, r2 or r3"),
        ("place 2-1-0-1 1,0 1", "bad rotation '1'"),
        ("overbuild 2-1-0-1 1,0 R1", "bad rotation 'R1'"),
        ("resolve 1,0 w 1", "bad side 'w'; expected N, E, S or W"),
        ("resolve 1,0 NE 1", "bad side 'NE'"),
        ("resolve 1,0 W -1", "bad worker count '-1'; expected a whole number"),
        ("resolve 1,0 W 01", "bad worker count '01'"),
        ("resolve 1,0 W one", "bad worker count 'one'"),
        ("resolve 1,0 W " + "9" * 30, "worker count '" + "9" * 30 + "' is too large"),
        ("resolve 1," + "9" * 30 + " W 1", "is too large (at most 18 digits)"),
        ("draw-jungle X", "unknown jungle tile code 'X'; expected one of P1, P2, M2"),
        ("draw-jungle m3", "unknown jungle tile code 'm3'"),
        ("draw-jungle P3", "unknown jungle tile code 'P3'"),
        ("draw-jungle T1", "unknown jungle tile code 'T1'"),
        ("fill 0,2=map:", "unknown jungle tile code ''"),
        ("fill 0,2=map:X", "unknown jungle tile code 'X'"),
        ("fill 0,2=MAP:M3", "unknown jungle tile code 'MAP:M3'"),
        ("fill 0,2=map:map:M3", "unknown jungle tile code 'map:M3'"),
        ("fill 0,2=M3 0,2=map:P1", "square 0,2 is filled twice"),
        ("fill map:M3", "bad fill choice 'map:M3'; expected X,Y=TILE such as 0,2=M3, or"),
        ("resolve 1,0 W 3 b0", "bad bar count 'b0'; expected b1, b2, ..."),
        ("resolve 1,0 W 3 2", "bad bar count '2'"),
        ("resolve 1,0 W 3 B2", "bad bar count 'B2'"),
        ("resolve 1,0 W 3 b02", "bad bar count 'b02'"),
        ("resolve 1,0 W 3 b" + "9" * 30, "bar count '" + "9" * 30 + "' is too large"),
        ("resolve 1,0 W 3 b1 b1", "expected 4 (resolve X,Y SIDE COUNT) or 5 (with the bars"),
        ("resolve 1,0 N 2 b1 g1001", "expected 4 (resolve X,Y SIDE COUNT) or 5 (with the bars"),
        ("resolve 1,0 N 2 g0000", "bad gems 'g0000'; expected g and one digit per colour (red,"),
        ("resolve 1,0 N 2 g100", "bad gems 'g100'"),
        ("resolve 1,0 N 2 g10010", "bad gems 'g10010'"),
        ("resolve 1,0 N 2 g1-01", "bad gems 'g1-01'"),
        ("resolve 1,0 N 2 G1001", "bad bar count 'G1001'"),
        ("resolve 1,0 N 2 g", "bad gems 'g'"),
        ("draw-jungle D210", "unknown jungle tile code 'D210'; expected one of P1, P2"),
        ("draw-jungle D21034", "or D and 4 digits for a gem mine with its gems"),
        ("draw-jungle d2103", "unknown jungle tile code 'd2103'"),
        ("fill 0,2=D2x03", "unknown jungle tile code 'D2x03'"),
        ("slide D-1000", "unknown jungle tile code 'D-1000'"),
        ("slide", "wrong number of parts: expected 2 (slide TILE), got 1"),
        ("slide T P1", "wrong number of parts: expected 2 (slide TILE), got 3"),
        ("slide map:T", "unknown jungle tile code 'map:T'"),
        ("build", "wrong number of parts: expected 2 (build HUT), got 1"),
        ("build chief monk", "wrong number of parts: expected 2 (build HUT), got 3"),
        ("build Chief", "unknown hut 'Chief'; expected one of market-crier, hermit"),
        ("build market_crier", "unknown hut 'market_crier'"),
        ("build chief's-wife", 'unknown hut "chief\'s-wife"'),
        ("pass 1", "wrong number of parts: expected 1 (pass), got 2"),
        ("hut-side", "wrong number of parts: expected 2 (hut-side HUT), got 1"),
        ("hut-side king", "unknown hut 'king'"),
        ("Pass", "unknown verb 'Pass'"),
        ("fill 0,2", "bad fill choice '0,2'; expected X,Y=TILE"),
        ("fill 0,2=", "unknown jungle tile code ''"),
        ("fill 0,2=M3 2,0=X", "unknown jungle tile code 'X'"),
        ("fill 0,2=M3 0,2=P1", "square 0,2 is filled twice"),
        ("fill 0,2=M3=P1", "unknown jungle tile code 'M3=P1'"),
        ("fill 0,2 = M3", "bad fill choice '0,2'"),
    ],
)
def test_bad_input_is_rejected_with_a_message(text: str, fragment: str) -> None:
    with pytest.raises(FormatError) as raised:
        parse_move(text)
    message = str(raised.value)
    assert message.startswith(f"cannot read move {text!r}: ")
    assert fragment in message


def test_long_input_is_quoted_shortened() -> None:
    text = "place " + "x" * 500
    with pytest.raises(FormatError, match=r"\(\.\.\. 506 characters\)"):
        parse_move(text)


@pytest.mark.parametrize("value", [None, 3, b"discard 1-1-1-1", ["discard", "1-1-1-1"]])
def test_non_strings_are_rejected(value: object) -> None:
    with pytest.raises(TypeError, match=r"^str object expected; got "):
        parse_move(value)  # type: ignore[arg-type]


def test_format_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown verb"):
        parse_move("nonsense")


# --- the Diamante modules: the Tree of Life and the Favour of the Emperor -------------------

DIAMANTE = (Module.TREE_OF_LIFE, Module.EMPEROR)
DIAMANTE_COMBINATIONS = [
    frozenset(chosen) for count in (1, 2) for chosen in itertools.combinations(DIAMANTE, count)
]
CHOCOLATL_PICKS = [frozenset(), frozenset({Module.CHOCOLATE}), frozenset(CHOCOLATL)]


def _ids(modules: frozenset[Module]) -> str:
    return "+".join(sorted(m.value for m in modules)) or "base"


@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chocolatl", CHOCOLATL_PICKS, ids=_ids)
@pytest.mark.parametrize("diamante", DIAMANTE_COMBINATIONS, ids=_ids)
def test_every_legal_move_with_diamante_modules_round_trips(
    diamante: frozenset[Module], chocolatl: frozenset[Module], players: int, seeded: bool
) -> None:
    for move in _module_moves(diamante | chocolatl, players, seeded):
        assert parse_move(str(move)) == move


def test_games_with_the_tree_of_life_show_its_new_moves() -> None:
    """The round trips above saw the tree's code, the 0-0-0-4 tile and the empty edge."""
    modules = frozenset({Module.TREE_OF_LIFE, Module.EMPEROR, Module.CHOCOLATE})
    moves = _module_moves(modules, 2, False) | _module_moves(modules, 2, True)
    texts = {str(move) for move in moves}
    assert any(text.startswith("place 0-0-0-4 ") for text in texts)
    assert "draw-worker 0-0-0-4" in texts
    assert "draw-jungle L" in texts
    assert any(text.startswith("fill ") and "=L" in text for text in texts)


@pytest.mark.rule("R-TREE-3")
def test_an_empty_edge_at_a_tree_is_resolved_with_ordinary_notation() -> None:
    config = cr.Config(players=2, modules={Module.TREE_OF_LIFE, Module.CHOCOLATE})
    w0004 = WorkerType.W0004
    state = cr.position(
        config,
        board={(0, 0): JungleTile.from_code("L"), (1, 1): JungleTile.from_code("M2")},
        players=[cr.PlayerState(hand=(w0004,)), cr.PlayerState(hand=(WorkerType.W1111,))],
    )
    state = cr.apply(state, parse_move("place 0-0-0-4 0,1 r0"))  # no worker faces the tree
    assert [str(move) for move in cr.legal_moves(state)] == ["resolve 0,1 N 0", "resolve 0,1 N 1"]
    move = parse_move("resolve 0,1 N 1")
    assert move == Resolve((0, 1), Side.N, 1) and str(move) == "resolve 0,1 N 1"
    assert cr.apply(state, move).players[0].gold == 3


# --- the Gem mines and the Big Game ---------------------------------------------------------

GEM_CONFIGS = [
    cr.Config(players=2, modules={Module.GEM_MINES}),
    cr.Config(players=3, modules={Module.GEM_MINES}),
    cr.Config(players=4, modules={Module.GEM_MINES}),
    cr.Config(players=2, modules={Module.GEM_MINES, *CHOCOLATL}),
    cr.Config(players=3, modules={Module.GEM_MINES, Module.MAP, Module.TREE_OF_LIFE}),
    cr.Config.big_game(3),
    cr.Config.big_game(4),
]


@functools.cache
def _config_moves(config: cr.Config, seeded: bool) -> frozenset[Move]:
    """Every legal move of every state of one random game of ``config``."""
    rng = random.Random(70 + config.players)
    state = cr.new_game(config, seed=70 if seeded else None)
    found: set[Move] = set()
    while not state.is_over:
        moves = cr.legal_moves(state)
        found.update(moves)
        state = cr.apply(state, rng.choice(moves))
    return frozenset(found)


@pytest.mark.rule("R-GEM-2", "R-GEM-3", "R-BIG-1")
@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("config", GEM_CONFIGS, ids=repr)
def test_every_legal_move_with_gem_mines_round_trips(config: cr.Config, seeded: bool) -> None:
    for move in _config_moves(config, seeded):
        assert parse_move(str(move)) == move


def test_games_with_gem_mines_show_their_new_notation() -> None:
    """The round trips above saw gems taken, and mines with their gems drawn, filled, slid."""
    moves = frozenset().union(
        *(_config_moves(config, seeded) for config in GEM_CONFIGS for seeded in (True, False))
    )
    texts = {str(move) for move in moves}
    mine = r"D[0-9]{4}"
    assert any(re.fullmatch(r"resolve \S+ [NESW] [0-9]+ g[0-9]{4}", text) for text in texts)
    assert any(re.fullmatch(f"draw-jungle {mine}", text) for text in texts)
    assert any(re.search(f"=(map:)?{mine}( |$)", text) for text in texts if text[:4] == "fill")
    assert any(re.fullmatch(f"slide {mine}", text) for text in texts)
    assert not any(re.search(r"\bD( |$)", text) for text in texts)  # never a bare mine
    assert not any(" b" in text and " g" in text for text in texts)


# --- property tests -------------------------------------------------------------------------

# Within the move classes' limits (cacao_rules.game.moves: |x|, |y| <= 10**6, counts <= 99).
squares = st.tuples(st.integers(-(10**6), 10**6), st.integers(-50, 50))
worker_types = st.sampled_from(list(WorkerType))
gem_counts = st.tuples(*[st.integers(0, 9)] * 4)
gem_mines = st.builds(lambda gems: JungleTile(JungleKind.GEM_MINE, gems=gems), gem_counts)
jungle_tiles = st.sampled_from(list(TILES_BY_CODE.values())) | gem_mines
huts = st.sampled_from(list(Hut))


@st.composite
def fills(draw: st.DrawFn) -> Fill:
    chosen = draw(st.lists(squares, min_size=0, max_size=4, unique=True))
    tiles = draw(st.lists(jungle_tiles, min_size=len(chosen), max_size=len(chosen)))
    sources = draw(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)))
    return Fill(
        tuple(
            FillChoice(sq, tile, from_map)
            for (sq, tile), from_map in zip(
                sorted(zip(chosen, tiles, strict=True)), sources, strict=True
            )
        )
    )


moves: st.SearchStrategy[Move] = st.one_of(
    st.builds(Place, worker_types, squares, st.integers(0, 3)),
    st.builds(Overbuild, worker_types, squares, st.integers(0, 3)),
    st.builds(Discard, worker_types),
    fills(),
    st.builds(
        Resolve,
        squares,
        st.sampled_from(list(Side)),
        st.integers(0, 99),
        st.integers(0, 99) | st.just(0),
    ),
    st.builds(
        lambda square, side, workers, gems: Resolve(square, side, workers, gems=gems),
        squares,
        st.sampled_from(list(Side)),
        st.integers(0, 99),
        gem_counts,
    ),
    st.builds(DrawWorker, worker_types),
    st.builds(DrawJungle, jungle_tiles),
    st.builds(Slide, jungle_tiles),
    st.builds(BuildHut, huts),
    st.just(PassHut()),
    st.builds(HutSide, huts),
)


@given(moves)
def test_any_move_round_trips(move: Move) -> None:
    assert parse_move(str(move)) == move


def _parse_or_format_error(text: str) -> None:
    try:
        move = parse_move(text)
    except FormatError as error:
        assert "cannot read move" in str(error)
    else:
        assert parse_move(str(move)) == move
        assert str(move) == " ".join(str(move).split())


@given(st.text())
def test_arbitrary_text_gives_a_move_or_a_format_error(text: str) -> None:
    _parse_or_format_error(text)


notation_alphabet = st.sampled_from([*string.digits, *"-,=:rbgDNESWPMGTICKxX \t\n", "map:"])


@given(moves, st.lists(st.tuples(st.integers(0, 60), notation_alphabet), max_size=4))
def test_mutated_notation_gives_a_move_or_a_format_error(
    move: Move, edits: list[tuple[int, str]]
) -> None:
    text = list(str(move))
    for position, char in edits:
        index = position % (len(text) + 1)
        if char == "x":
            del text[index : index + 1]
        else:
            text.insert(index, char)
    _parse_or_format_error("".join(text))
