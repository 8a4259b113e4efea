"""The SVG board: every kind of game drawn, parsed back, and its parts checked against the state."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import cacao_rules as cr
from cacao_rules import Module
from cacao_rules.game.geometry import format_square
from cacao_rules.observation import OPEN_FIELDS, Observation, player_view
from cacao_rules.show.render import render
from cacao_rules.show.svg import board

SVG = "{http://www.w3.org/2000/svg}"
NEW_SET = {
    cr.WorkerType.W1111: 3,
    cr.WorkerType.W0202: 1,
    cr.WorkerType.W0004: 1,
    cr.WorkerType.W2101: 3,
}

CONFIGS = {
    "base-2": cr.Config(players=2),
    "base-4": cr.Config(players=4),
    "map": cr.Config(players=3, modules={Module.MAP}),
    "watering": cr.Config(players=2, modules={Module.WATERING}),
    "chocolate": cr.Config(players=2, modules={Module.CHOCOLATE}),
    "huts": cr.Config(players=3, modules={Module.HUTS}),
    "gem-mines": cr.Config(players=2, modules={Module.GEM_MINES}),
    "tree-of-life": cr.Config(players=2, modules={Module.TREE_OF_LIFE}),
    "emperor": cr.Config(players=3, modules={Module.EMPEROR}),
    "new-workers": cr.Config(players=2, modules={Module.NEW_WORKERS}, workers=NEW_SET),
    "big-game-4": cr.Config.big_game(4),
}


def played(config: cr.Config, seed: int, stop: float) -> cr.State:
    """A seeded random game played ``stop`` of the way (by the jungle pile) or to its end."""
    rng = random.Random(seed)
    state = cr.new_game(config, seed=seed)
    start = state.jungle_pile.total
    while not state.is_over and state.jungle_pile.total > start * (1 - stop):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    return state


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def groups(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose ``class`` names ``name``."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def the(root: ET.Element, name: str) -> ET.Element:
    (found,) = groups(root, name)
    return found


def texts(element: ET.Element) -> str:
    return " ".join(t.text or "" for t in element.iter(f"{SVG}text"))


def titles(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}title")]


def check_board(root: ET.Element, shown: cr.State | cr.Observation) -> None:
    """The board's tiles, workers, overbuilt marks and Emperor are those of ``shown``."""
    part = the(root, "board")
    jungle = {g.get("data-square"): g.get("data-code") for g in groups(part, "jungle")}
    assert jungle == {
        format_square(square): tile.code
        for square, tile in shown.board.items()
        if isinstance(tile, cr.JungleTile)
    }
    workers = {g.get("data-square"): g for g in groups(part, "worker")}
    expected = {
        format_square(square): tile
        for square, tile in shown.board.items()
        if isinstance(tile, cr.WorkerTile)
    }
    assert workers.keys() == expected.keys()
    for square, tile in expected.items():
        drawn = workers[square]
        assert f"seat-{tile.owner}" in (drawn.get("class") or "")
        for side, count in zip(("north", "east", "south", "west"), tile.edges, strict=True):
            assert len(groups(drawn, f"edge-{side}")) == count
    marks = {g.get("data-square") for g in groups(part, "overbuilt-tile")}
    assert marks == {format_square(square) for square in shown.covered}
    assert len(groups(part, "overbuilt")) == len(shown.covered)
    emperors = [g.get("data-square") for g in groups(root, "emperor")]
    assert emperors == ([] if shown.emperor is None else [format_square(shown.emperor)])


def check_panels(root: ET.Element, shown: cr.State | cr.Observation) -> None:
    """The display, map board, supplies and one panel per player, with their resources."""
    display = [g.get("data-code") for g in groups(the(root, "display"), "jungle")]
    assert display == [tile.code for tile in shown.display]
    modules = shown.config.modules
    maps = groups(root, "map-board")
    if Module.MAP in modules:
        assert [g.get("data-code") for g in groups(maps[0], "jungle")] == [
            tile.code for tile in shown.map_board
        ]
    else:
        assert maps == []
    supplies = texts(the(root, "supplies"))
    assert f"Jungle pile: {shown.jungle_pile.total} tiles" in supplies
    assert ("Hut supply" in supplies) == (Module.HUTS in modules)
    assert ("Gem cart" in supplies) == (Module.GEM_MINES in modules)
    panels = groups(root, "player")
    assert [p.get("data-seat") for p in panels] == [str(s) for s in range(len(shown.players))]
    for seat, panel in enumerate(panels):
        player = shown.players[seat]
        words = texts(panel)
        assert f"Gold {player.gold} " in words
        assert f"Water {player.water} " in words
        assert len(groups(panel, "cacao")) == player.cacao + player.chocolate
        assert len(groups(panel, "sun")) == player.sun
        assert ("Map tiles" in words) == (Module.MAP in modules)
        assert ("Huts:" in words) == (Module.HUTS in modules)
        if Module.GEM_MINES in modules:
            gem_counts = [t.text for t in the(panel, "gem-red").iter(f"{SVG}title")]
            assert gem_counts == [f"{player.gems[0]} red"]
            assert "Masks " + (" ".join(map(str, player.masks)) or "-") in words


@pytest.mark.parametrize("name", CONFIGS)
@pytest.mark.parametrize("stop", [0.0, 0.5, 1.0])
def test_every_kind_of_board_is_drawn_with_its_parts(name: str, stop: float) -> None:
    state = played(CONFIGS[name], 3, stop)
    moves = cr.legal_moves(state)
    root = parse(board(state, highlight_moves=moves))
    check_board(root, state)
    check_panels(root, state)
    hands = [len(groups(p, "hand-tile")) for p in groups(root, "player")]
    assert hands == [len(player.hand) for player in state.players]
    assert groups(root, "hidden-tile") == []
    places = {g.get("data-square") for g in groups(root, "can-place")}
    assert places == {
        format_square(m.square) for m in moves if isinstance(m, cr.Place | cr.Overbuild)
    }


def overbuilt_games() -> Iterator[cr.State]:
    for config in (cr.Config(players=2), cr.Config(players=2, modules={Module.MAP})):
        rng = random.Random(1)
        state = cr.new_game(config, seed=1)
        while not state.covered:
            state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        yield state


def test_overbuilt_tiles_are_marked() -> None:
    for state in overbuilt_games():
        assert state.covered
        root = parse(board(state))
        check_board(root, state)
        (square,) = state.covered
        (drawn,) = [
            g for g in groups(root, "worker") if g.get("data-square") == format_square(square)
        ]
        assert any("overbuilt on seat" in title for title in titles(drawn))


def test_the_emperor_is_drawn_on_his_square() -> None:
    state = played(CONFIGS["emperor"], 5, 0.6)
    assert state.emperor is not None
    assert [g.get("data-square") for g in groups(parse(board(state)), "emperor")] == [
        format_square(state.emperor)
    ]


@pytest.mark.parametrize("name", ["base-2", "huts", "big-game-4"])
def test_an_observation_shows_only_its_players_hand(name: str) -> None:
    state = played(CONFIGS[name], 4, 0.4)
    for seat in range(state.config.players):
        seen = cr.observe(state, seat)
        root = parse(board(seen))
        check_board(root, seen)
        check_panels(root, seen)
        for other, panel in enumerate(groups(root, "player")):
            shown = [g.get("data-type") for g in groups(panel, "hand-tile")]
            hidden = groups(panel, "hidden-tile")
            if other == seat:
                assert shown == [str(kind) for kind in state.players[seat].hand]
                assert hidden == []
            else:
                assert shown == []
                assert len(hidden) == len(state.players[other].hand)
        assert f"seen by seat {seat}" in texts(root)


def a_place_and_fill() -> tuple[cr.State, cr.Place, cr.Fill]:
    """A placement that leaves two spaces to fill, the fill, and the state between them."""
    rng = random.Random(2)
    state = cr.new_game(cr.Config(players=2), seed=2)
    while not state.is_over:
        for place in cr.legal_moves(state):
            if not isinstance(place, cr.Place):
                break
            after = cr.apply(state, place)
            fills = [
                m for m in cr.legal_moves(after) if isinstance(m, cr.Fill) and len(m.choices) > 1
            ]
            if fills:
                return after, place, fills[0]
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    raise AssertionError("no placement of this game leaves two spaces to fill")


def test_the_last_move_is_outlined() -> None:
    after, place, fill = a_place_and_fill()
    root = parse(board(after, last_move=place))
    assert [g.get("data-square") for g in groups(root, "last-move")] == [
        format_square(place.square)
    ]
    root = parse(board(cr.apply(after, fill), last_move=[place, fill]))
    outlined = {g.get("data-square") for g in groups(root, "last-move")}
    squares = {place.square, *(choice.square for choice in fill.choices)}
    assert outlined == {format_square(square) for square in squares}
    assert len(squares) > 1


def test_size_scales_the_picture_but_not_its_drawing() -> None:
    state = played(CONFIGS["big-game-4"], 1, 1.0)
    normal, small = parse(board(state)), parse(board(state, size=24))
    assert normal.get("viewBox") == small.get("viewBox")
    assert float(normal.get("width") or 0) == 2 * float(small.get("width") or 0)


def test_notebooks_get_the_picture_and_a_short_text() -> None:
    state = played(CONFIGS["huts"], 2, 0.3)
    seen = cr.observe(state, 1)
    assert state._repr_svg_() == board(state)
    assert seen._repr_svg_() == board(seen)
    lines: list[str] = []

    class Printer:
        def text(self, text: str) -> None:
            lines.append(text)

    state._repr_pretty_(Printer(), False)
    seen._repr_pretty_(Printer(), False)
    assert lines[0].startswith("<State: 3 players, huts, turn ")
    assert lines[1].startswith("<Observation of seat 1: 3 players, huts, turn ")
    assert all(len(line) < 160 for line in lines)


def test_a_tile_played_with_the_foreman_is_marked() -> None:
    config = cr.Config(players=2, modules={Module.HUTS})
    board_tiles: dict[tuple[int, int], cr.Tile] = {
        (0, 0): cr.JungleTile.from_code("P1"),
        (1, 1): cr.JungleTile.from_code("M2"),
        (1, 0): cr.WorkerTile.of(0, cr.WorkerType.W3100, 0, foreman=True),
        (0, 1): cr.WorkerTile.of(1, cr.WorkerType.W1111),
    }
    hand = (cr.WorkerType.W1111,)
    state = cr.position(
        config,
        board=board_tiles,
        players=[cr.PlayerState(hand=hand, huts=(cr.Hut.FOREMAN,)), cr.PlayerState(hand=hand)],
    )
    root = parse(board(state))
    marks = [g.get("data-square") for g in groups(root, "worker") if groups(g, "foreman")]
    assert marks == ["1,0"]
    assert sum(line.count("|F  ") for line in render(state).splitlines()) == 1


# --- notebooks, free marks, colours, the pending decision, the running score ---------------


def test_the_picture_is_a_str_that_notebooks_display() -> None:
    state = cr.new_game(cr.Config(players=2), seed=1)
    picture = board(state)
    assert isinstance(picture, str)
    assert picture._repr_svg_() == str(picture)
    assert picture.startswith("<svg") and picture.count("<svg") == 1


def test_free_marks_fill_squares_and_bar_edges_in_their_colours() -> None:
    state = played(cr.Config(players=2), 3, 0.3)
    tile = next(square for square, t in state.board.items() if isinstance(t, cr.WorkerTile))
    root = parse(
        board(state, fill={tile: "gold", (9, 9): "#00e5ff80"}, edges={(tile, cr.Side.E): "blue"})
    )
    filled = {e.get("data-square"): e.get("fill") for e in groups(root, "fill-mark")}
    assert filled == {format_square(tile): "gold", "9,9": "#00e5ff80"}
    (bar,) = groups(root, "edge-mark")
    assert (bar.get("data-square"), bar.get("data-side"), bar.get("fill")) == (
        format_square(tile),
        "E",
        "blue",
    )


@pytest.mark.parametrize(
    ("marks", "error"),
    [
        ({"fill": {(0, 0): "red;}</style><script>"}}, cr.ConfigError),
        ({"fill": {(0, 0): 3}}, TypeError),
        ({"fill": [(0, 0)]}, TypeError),
        ({"fill": {"0,0": "red"}}, TypeError),
        ({"fill": {(0, 1000): "red"}}, cr.ConfigError),
        ({"edges": {((0, 0), "N"): "red"}}, TypeError),
        ({"colors": {"seat-9": "#ffffff"}}, cr.ConfigError),
        ({"colors": {"seat-0": "red"}}, cr.ConfigError),
        ({"colors": {"board": "url(javascript:x)"}}, cr.ConfigError),
    ],
)
def test_bad_marks_and_colours_are_refused(marks: dict[str, object], error: type) -> None:
    state = cr.new_game(cr.Config(players=2), seed=1)
    with pytest.raises(error) as raised:
        board(state, **marks)  # type: ignore[arg-type]
    assert type(raised.value) is error  # no bare CacaoError: the rule of docs/api/errors.md


def test_colors_restyle_the_seats_and_parts() -> None:
    state = played(cr.Config(players=3), 4, 0.4)
    text = board(state, colors={"seat-2": "#00897b", "background": "white", "kind-temple": "#000"})
    assert the(parse(text), "background").get("fill") == "#fbfaf5"  # restyled by the sheet
    sheet = text[text.index("<style>") : text.index("</style>")]
    assert ".seat-2 .tile-face{fill:#" in sheet and "stroke:#00897b" in sheet
    assert ".background{fill:white}" in sheet and ".kind-temple>rect{fill:#000}" in sheet


def _first(config: cr.Config, seed: int, kind: type) -> cr.State:
    rng = random.Random(seed)
    state = cr.new_game(config, seed=seed)
    while not isinstance(state.step, kind):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    return state


def test_the_pending_decision_is_marked() -> None:
    from cacao_rules.state.state import FillStep, ResolveStep

    resolving = _first(cr.Config(players=2), 2, ResolveStep)
    assert isinstance(resolving.step, ResolveStep)
    root = parse(board(resolving))
    bars = groups(root, "pending-edge")
    queue = resolving.step.queue
    assert [(b.get("data-square"), b.get("data-side")) for b in bars] == [
        (format_square(edge.square), edge.side.name) for edge in queue
    ]
    assert groups(root, "pending-next") == bars[:1]
    assert not groups(parse(board(resolving, pending=False)), "pending")
    filling = _first(cr.Config(players=2), 5, FillStep)
    assert isinstance(filling.step, FillStep)
    spaces = groups(parse(board(filling)), "pending-space")
    assert [s.get("data-square") for s in spaces] == [format_square(q) for q in filling.step.spaces]


def test_each_panel_gives_the_running_score_and_the_leader() -> None:
    state = played(cr.Config(players=3, modules={Module.HUTS}), 6, 0.6)
    root = parse(board(state))
    sheets = cr.final_scores(state)
    leaders = cr.winners(state)
    shown = [
        (e.get("data-total"), "leads" in (e.text or "")) for e in groups(root, "running-score")
    ]
    assert shown == [(str(sheet.total), sheet.player in leaders) for sheet in sheets]
    observed = parse(board(cr.observe(state, 1)))
    assert [e.get("data-total") for e in groups(observed, "running-score")] == [
        str(sheet.total) for sheet in sheets
    ]


def test_the_legend_names_every_mark_on_the_board() -> None:
    state = next(overbuilt_games())
    text = texts(the(parse(board(state, highlight_moves=cr.legal_moves(state))), "legend"))
    for words in ("worker tile", "overbuilt", "empty jungle space"):
        assert words in text
    emperor = played(cr.Config(players=3, modules={Module.EMPEROR}), 2, 0.2)
    assert "the Emperor" in texts(the(parse(board(emperor)), "legend"))


def test_the_board_area_names_its_first_square_so_a_page_can_find_any_square() -> None:
    state = cr.new_game(cr.Config(players=2), seed=1)
    picture = ET.fromstring(board(state, highlight_moves=cr.legal_moves(state)))
    ns = "{http://www.w3.org/2000/svg}"
    (area,) = [r for r in picture.iter(ns + "rect") if r.get("class") == "board-area"]
    left, top = (int(part) for part in (area.get("data-first") or "").split(","))
    marks = [r for r in picture.iter(ns + "rect") if r.get("class") == "can-place"]
    assert len(marks) == 6
    for mark in marks:  # drawn 3 units inside their square
        x, y = (int(part) for part in (mark.get("data-square") or "").split(","))
        assert float(mark.get("x") or 0) - 3 == float(area.get("x") or 0) + (x - left) * 48
        assert float(mark.get("y") or 0) - 3 == float(area.get("y") or 0) + (y - top) * 48


def test_an_observation_with_no_hand_shown_names_no_observer() -> None:
    """A spectator's picture (a server hides every hand, its player's too) says whose view it
    is not: no 'seen by seat 0', no 'Seat 0 (you)'."""
    state = cr.new_game(cr.Config(players=2), seed=1)
    seat_view = board(cr.observe(state, 0))
    assert "seen by seat 0" in seat_view and "Seat 0 (you)" in seat_view
    players = tuple(player_view(player, False) for player in state.players)
    fields = {name: getattr(state, name) for name in OPEN_FIELDS}
    spectator = board(Observation(player=0, players=players, **fields))
    assert "seen by seat" not in spectator and "(you)" not in spectator
    assert spectator.count("hand, face down") == 6
