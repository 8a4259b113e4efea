"""The Map module: map tiles, the map board, filling from it, its refill and the variant.

Rules: R-MAP-1 to R-MAP-6, and R-CHANCE-3 for the deal order with the Map module.

The fill positions follow tests/test_rules_filling.py: seat 0 places a 1-1-1-1 on (2, 1),
next to the start market on (1, 1). Seat 1's tile on (1, 0) closes (2, 0) in, on (1, 2)
closes (2, 2) in, and on (3, 2) (next to a temple on (3, 3)) closes (2, 2) and (3, 1) in.
Both players hold 3 sun tokens and no cacao, and the tiles used are markets, temples and
sun sites, so every activated edge is dead and the engine resolves it (R-ACT-7).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import product

import pytest

import cacao_rules as cr
from cacao_rules.game.events import MapBoardFilled, TileSlid
from cacao_rules.game.moves import Slide
from cacao_rules.turn.filling import fill_moves
from helpers_modules import HUTS, MAP, config, jungle_counts, names
from helpers_positions import (
    G2,
    M2,
    M3,
    M4,
    P1,
    SUN,
    TEMPLE,
    W1111,
    W3001,
    Board,
    Square,
    of_type,
    start_board,
    wt,
)

MAP2 = config(2, MAP)
PLACED: Square = (2, 1)
PLACE = cr.Place(W1111, PLACED, 0)

CLOSES_2_0: Board = {(1, 0): wt(1, W1111)}
CLOSES_2_2: Board = {(1, 2): wt(1, W1111)}
CLOSES_2_2_AND_3_1: Board = {(3, 2): wt(1, W1111), (3, 3): TEMPLE}


def _position(
    extra: Mapping[Square, cr.Tile],
    display: Iterable[cr.JungleTile],
    map_board: Iterable[cr.JungleTile],
    *,
    map_tiles: int = 2,
    pile: Iterable[cr.JungleTile] | None = None,
    seed: int | None = 0,
    cfg: cr.Config = MAP2,
) -> cr.State:
    """Seat 0 to move with two 1-1-1-1 in hand and ``map_tiles`` map tiles."""
    return cr.position(
        cfg,
        board=start_board(extra),
        players=[
            cr.PlayerState(hand=(W1111, W1111), sun=3, map_tiles=map_tiles),
            cr.PlayerState(hand=(W1111, W1111), sun=3, map_tiles=2),
        ],
        display=display,
        map_board=map_board,
        jungle_pile=pile,
        seed=seed,
    )


def _choice(square: Square, tile: cr.JungleTile, from_map: bool = False) -> cr.FillChoice:
    return cr.FillChoice(square, tile, from_map=from_map)


def _fill(*choices: cr.FillChoice) -> cr.Fill:
    return cr.Fill(tuple(sorted(choices, key=lambda choice: choice.sort_key)))


# R-MAP-1 and R-CHANCE-3 --------------------------------------------------------------------

# Base rules p.1-2: the base draw pile before any jungle draw (start tiles out): 19 or 26 tiles.
PILE_BEFORE_JUNGLE_DRAWS = {2: 19, 3: 26, 4: 26}


@pytest.mark.rule("R-MAP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_two_map_tiles_and_four_tiles_are_drawn(players: int) -> None:
    state = cr.new_game(config(players, MAP), seed=11)
    assert [player.map_tiles for player in state.players] == [2] * players
    assert state.map_tiles_used == 0
    assert len(state.map_board) == 2
    assert len(state.display) == 2
    assert state.jungle_pile.total == PILE_BEFORE_JUNGLE_DRAWS[players] - 4


@pytest.mark.rule("R-MAP-1")
def test_without_the_map_module_nobody_has_map_tiles() -> None:
    state = cr.new_game(cr.Config(players=3), seed=11)
    assert [player.map_tiles for player in state.players] == [0, 0, 0]
    assert state.map_board == ()
    assert state.jungle_pile.total == 24


@pytest.mark.rule("R-MAP-1", "R-CHANCE-3")
def test_unseeded_deal_fills_the_map_board_before_the_display() -> None:
    state = cr.new_game(MAP2, seed=None)
    for _ in range(6):  # the two hands
        assert isinstance(cr.legal_moves(state)[0], cr.DrawWorker)
        state = cr.apply(state, cr.legal_moves(state)[0])
    # Base rules p.2: the two-player pile without the start tiles P1 and M2.
    assert cr.chance_outcomes(state) == (
        (cr.DrawJungle(P1), Fraction(3, 19)),
        (cr.DrawJungle(cr.JungleTile.from_code("P2")), Fraction(2, 19)),
        (cr.DrawJungle(M2), Fraction(1, 19)),
        (cr.DrawJungle(M3), Fraction(3, 19)),
        (cr.DrawJungle(M4), Fraction(1, 19)),
        (cr.DrawJungle(cr.JungleTile.from_code("G1")), Fraction(1, 19)),
        (cr.DrawJungle(G2), Fraction(1, 19)),
        (cr.DrawJungle(cr.JungleTile.from_code("W")), Fraction(2, 19)),
        (cr.DrawJungle(SUN), Fraction(1, 19)),
        (cr.DrawJungle(TEMPLE), Fraction(4, 19)),
    )
    state, events = cr.step(state, cr.DrawJungle(SUN))
    assert events == (MapBoardFilled(SUN),)
    assert (state.map_board, state.display) == ((SUN,), ())
    state, events = cr.step(state, cr.DrawJungle(TEMPLE))
    assert events == (MapBoardFilled(TEMPLE),)
    assert (state.map_board, state.display) == ((SUN, TEMPLE), ())
    # The third and fourth draws form the display; the sun site is gone from the pile.
    assert cr.DrawJungle(SUN) not in cr.legal_moves(state)
    assert dict(cr.chance_outcomes(state))[cr.DrawJungle(TEMPLE)] == Fraction(3, 17)
    state, events = cr.step(state, cr.DrawJungle(G2))
    assert events == (cr.DisplayFilled(G2),)
    state, events = cr.step(state, cr.DrawJungle(TEMPLE))
    assert events == (cr.DisplayFilled(TEMPLE), cr.TurnStarted(0))
    assert state.map_board == (SUN, TEMPLE)
    assert state.display == (G2, TEMPLE)
    assert state.jungle_pile.total == 15
    assert state.to_move == 0


@pytest.mark.rule("R-CHANCE-3", "R-MAP-1")
def test_deal_order_with_huts_and_map() -> None:
    state = cr.new_game(config(3, MAP, HUTS), seed=None)
    order: list[str] = []
    while state.is_chance:
        move = cr.legal_moves(state)[-1]
        state, events = cr.step(state, move)
        if of_type(events, MapBoardFilled):
            order.append("map")
        elif of_type(events, cr.DisplayFilled):
            order.append("display")
        else:
            order.append(type(move).__name__)
    assert order == ["HutSide"] * 12 + ["DrawWorker"] * 9 + ["map"] * 2 + ["display"] * 2


# R-MAP-2 -----------------------------------------------------------------------------------


@pytest.mark.rule("R-MAP-2", "R-MAP-3")
def test_a_map_tile_buys_a_map_board_tile_instead_of_a_display_tile() -> None:
    state = cr.apply(_position(CLOSES_2_0, [M3, M4], [SUN], map_tiles=1), PLACE)
    assert names(state) == ["fill 2,0=M3", "fill 2,0=M4", "fill 2,0=map:S"]
    state, events = cr.step(state, _fill(_choice((2, 0), SUN, from_map=True)))
    assert events[:2] == (
        cr.Spent(0, cr.Resource.MAP_TILES, 1),
        cr.JungleFilled((2, 0), SUN, "map"),
    )
    assert state.board[(2, 0)] == SUN
    assert state.players[0].map_tiles == 0
    assert state.players[1].map_tiles == 2
    assert state.map_tiles_used == 2  # seat 0 held only 1 of its 2, and spent it
    # The display was not touched; the empty map board is refilled from the pile.
    assert state.display == (M3, M4)
    assert len(state.map_board) == 2


@pytest.mark.rule("R-MAP-2")
def test_both_map_tiles_in_one_turn() -> None:
    state = cr.apply(_position(CLOSES_2_0 | CLOSES_2_2, [M3, M4], [SUN, TEMPLE]), PLACE)
    assert names(state) == [
        "fill 2,0=M3 2,2=M4",
        "fill 2,0=M3 2,2=map:S",
        "fill 2,0=M3 2,2=map:T",
        "fill 2,0=M4 2,2=M3",
        "fill 2,0=M4 2,2=map:S",
        "fill 2,0=M4 2,2=map:T",
        "fill 2,0=map:S 2,2=M3",
        "fill 2,0=map:S 2,2=M4",
        "fill 2,0=map:S 2,2=map:T",
        "fill 2,0=map:T 2,2=M3",
        "fill 2,0=map:T 2,2=M4",
        "fill 2,0=map:T 2,2=map:S",
    ]
    move = _fill(_choice((2, 0), TEMPLE, from_map=True), _choice((2, 2), SUN, from_map=True))
    state, events = cr.step(state, move)
    assert of_type(events, cr.Spent) == [cr.Spent(0, cr.Resource.MAP_TILES, 1)] * 2
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 0), TEMPLE, "map"),
        cr.JungleFilled((2, 2), SUN, "map"),
    ]
    assert state.players[0].map_tiles == 0
    assert state.display == (M3, M4)


@pytest.mark.rule("R-MAP-2")
def test_one_map_tile_buys_only_one_map_board_tile() -> None:
    state = cr.apply(
        _position(CLOSES_2_0 | CLOSES_2_2, [M3, M4], [SUN, TEMPLE], map_tiles=1), PLACE
    )
    moves = cr.legal_moves(state)
    assert len(moves) == 10
    assert all(sum(c.from_map for c in m.choices) <= 1 for m in moves if isinstance(m, cr.Fill))
    both = _fill(_choice((2, 0), TEMPLE, from_map=True), _choice((2, 2), SUN, from_map=True))
    with pytest.raises(cr.IllegalMoveError, match=r"not a legal fill.*seat 0 has 1 map tiles"):
        cr.apply(state, both)


@pytest.mark.rule("R-MAP-2")
def test_without_map_tiles_only_the_display_is_offered() -> None:
    state = cr.apply(_position(CLOSES_2_0, [M3, M4], [SUN, TEMPLE], map_tiles=0), PLACE)
    assert names(state) == ["fill 2,0=M3", "fill 2,0=M4"]
    with pytest.raises(cr.IllegalMoveError, match="is not a legal fill"):
        cr.apply(state, _fill(_choice((2, 0), SUN, from_map=True)))


@pytest.mark.rule("R-MAP-2")
def test_a_tile_not_on_the_map_board_cannot_be_bought() -> None:
    state = cr.apply(_position(CLOSES_2_0, [M3, M4], [SUN]), PLACE)
    with pytest.raises(cr.IllegalMoveError, match="is not a legal fill"):
        cr.apply(state, _fill(_choice((2, 0), TEMPLE, from_map=True)))


@pytest.mark.rule("R-MAP-2")
def test_refused_fill_names_the_map_board_and_the_map_tiles_held() -> None:
    state = cr.apply(_position(CLOSES_2_0, [], [SUN, TEMPLE], map_tiles=1), PLACE)
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(state, _fill(_choice((2, 0), M3, from_map=True)))
    assert str(raised.value) == (
        "fill 2,0=map:M3 is not a legal fill: the spaces to fill are 2,0 and the display holds "
        "nothing, the map board S, T (seat 0 has 1 map tiles); every tile must go on a "
        "different space to fill, and 2 of them (or all, if fewer) get face-up tiles, display "
        "tiles while they last unless a map-board tile is taken instead; the rest are drawn "
        "blind"
    )


@pytest.mark.rule("R-MAP-2", "R-DECIDE-2")
def test_fills_with_the_same_result_are_one_and_the_source_matters() -> None:
    # One space, a temple in the display and one on the map board: two different fills
    # (one spends a map tile and leaves the display's temple, the other does not).
    state = cr.apply(_position(CLOSES_2_0, [TEMPLE], [TEMPLE], map_tiles=1), PLACE)
    assert names(state) == ["fill 2,0=T", "fill 2,0=map:T"]
    # Two spaces: a temple from each source on the two spaces, either way round, lays the
    # same tiles and leaves the same ones: one move.
    state = cr.apply(_position(CLOSES_2_0 | CLOSES_2_2, [TEMPLE], [TEMPLE], map_tiles=1), PLACE)
    assert names(state) == ["fill 2,0=T", "fill 2,0=T 2,2=map:T", "fill 2,2=T"]
    # The fills do not depend on the order the spaces are named in.
    assert fill_moves(state, ((2, 2), (2, 0))) == list(cr.legal_moves(state))


# R-MAP-3 -----------------------------------------------------------------------------------


def _expected_fills(
    spaces: list[Square],
    display: list[cr.JungleTile],
    map_board: list[cr.JungleTile],
    map_tiles: int,
) -> set[str]:
    """The fills R-MAP-3 allows, enumerated directly: each space gets a display tile, a
    map-board tile (for a map tile each) or nothing (a blind draw later); at most 2 spaces get
    face-up tiles, and fewer only once the display is used up."""
    found: set[str] = set()
    sources: list[tuple[str, cr.JungleTile] | None] = [None]
    sources += [("display", tile) for tile in display] + [("map", tile) for tile in map_board]
    for picks in product(sources, repeat=len(spaces)):
        shown = [pick[1] for pick in picks if pick and pick[0] == "display"]
        bought = [pick[1] for pick in picks if pick and pick[0] == "map"]
        if any(shown.count(t) > display.count(t) for t in shown):
            continue
        if any(bought.count(t) > map_board.count(t) for t in bought) or len(bought) > map_tiles:
            continue
        face_up = len(shown) + len(bought)
        if face_up > 2 or (face_up < min(2, len(spaces)) and len(shown) < len(display)):
            continue
        choices = [
            _choice(space, pick[1], from_map=pick[0] == "map")
            for space, pick in zip(spaces, picks, strict=True)
            if pick
        ]
        found.add(str(_fill(*choices)))
    return found


@pytest.mark.rule("R-MAP-3")
def test_more_spaces_than_display_tiles_with_map_tiles_to_spend() -> None:
    state = cr.apply(_position(CLOSES_2_0 | CLOSES_2_2_AND_3_1, [M3, M4], [SUN, TEMPLE]), PLACE)
    moves = names(state)
    expected = _expected_fills([(2, 0), (2, 2), (3, 1)], [M3, M4], [SUN, TEMPLE], 2)
    # 2 of the 3 spaces get face-up tiles, any 2 of the 4 in either order: 3 * 4 * 3.
    assert len(moves) == len(expected) == 36
    assert set(moves) == expected
    # A map-board tile replaces a display tile: 2 face-up tiles at most, the third space is
    # drawn blind (the earlier ruling also allowed "2,0=map:S 2,2=map:T 3,1=M3"); and
    # never a blind draw for the second space while a display tile is left.
    assert "fill 2,0=map:S 2,2=map:T" in moves
    assert "fill 2,0=map:S 2,2=M3" in moves
    assert "fill 2,0=map:S 2,2=map:T 3,1=M3" not in moves
    assert "fill 2,0=map:S" not in moves
    with pytest.raises(cr.IllegalMoveError, match=r"2 of them .* get face-up tiles"):
        cr.apply(
            state,
            _fill(
                _choice((2, 0), SUN, from_map=True),
                _choice((2, 2), TEMPLE, from_map=True),
                _choice((3, 1), M3),
            ),
        )


@pytest.mark.rule("R-MAP-3", "R-FILL-4")
def test_map_board_tiles_leave_the_display_lying_and_the_rest_is_drawn_blind() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2_AND_3_1, [M3, M4], [SUN, TEMPLE], pile=[TEMPLE])
    state = cr.apply(state, PLACE)
    move = _fill(_choice((2, 0), SUN, from_map=True), _choice((2, 2), TEMPLE, from_map=True))
    state, events = cr.step(state, move)
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 0), SUN, "map"),
        cr.JungleFilled((2, 2), TEMPLE, "map"),
        cr.JungleFilled((3, 1), TEMPLE, "pile"),
    ]
    assert of_type(events, cr.SpaceLeftEmpty) == []
    # Both display tiles stayed; the pile is empty, so the map board stays empty.
    assert state.display == (M3, M4)
    assert state.map_board == ()
    assert state.players[0].map_tiles == 0


@pytest.mark.rule("R-MAP-3", "R-FILL-5")
def test_a_third_space_stays_empty_with_an_empty_pile_though_the_map_board_has_tiles() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2_AND_3_1, [M3, M4], [SUN, TEMPLE], pile=[])
    state = cr.apply(state, PLACE)
    assert "fill 2,0=M3 2,2=M4 3,1=map:S" not in names(state)
    state, events = cr.step(state, _fill(_choice((2, 0), M3), _choice((3, 1), SUN, True)))
    assert of_type(events, cr.SpaceLeftEmpty) == [cr.SpaceLeftEmpty((2, 2))]
    # The display still holds M4: the sentence names the reason, the empty pile.
    empty = of_type(events, cr.SpaceLeftEmpty)[0]
    assert cr.describe(empty) == "2,2 stays empty: the jungle pile is empty"
    # At the end of the turn the map board's T slides into the display.
    assert state.display == (M4, TEMPLE)
    assert state.map_board == ()


@pytest.mark.rule("R-MAP-3", "R-FILL-4")
def test_display_first_then_a_blind_draw_with_map_tiles_unspent() -> None:
    state = _position(
        CLOSES_2_0 | CLOSES_2_2_AND_3_1, [M3, M4], [SUN, TEMPLE], pile=[G2, TEMPLE], seed=None
    )
    state = cr.apply(state, PLACE)
    state = cr.apply(state, _fill(_choice((2, 0), M4), _choice((3, 1), M3)))
    # (2, 2) gets a blind draw from the pile, not a map-board tile.
    assert state.is_chance
    assert cr.chance_outcomes(state) == (
        (cr.DrawJungle(G2), Fraction(1, 2)),
        (cr.DrawJungle(TEMPLE), Fraction(1, 2)),
    )
    state, events = cr.step(state, cr.DrawJungle(TEMPLE))
    assert of_type(events, cr.JungleFilled) == [cr.JungleFilled((2, 2), TEMPLE, "pile")]
    assert state.players[0].map_tiles == 2
    assert state.map_board == (SUN, TEMPLE)


@pytest.mark.rule("R-MAP-3")
def test_empty_display_map_board_optional_then_blind_draws() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2, [], [SUN], map_tiles=1, pile=[TEMPLE, TEMPLE])
    state = cr.apply(state, PLACE)
    # Map-board tiles are never forced: "fill" takes none and leaves both spaces to the pile.
    assert names(state) == ["fill", "fill 2,0=map:S", "fill 2,2=map:S"]
    state, events = cr.step(state, _fill(_choice((2, 2), SUN, from_map=True)))
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 2), SUN, "map"),
        cr.JungleFilled((2, 0), TEMPLE, "pile"),
    ]


@pytest.mark.rule("R-MAP-3")
def test_empty_display_and_no_map_tile_go_straight_to_blind_draws() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2, [], [SUN], map_tiles=0, pile=[TEMPLE, TEMPLE])
    state, events = cr.step(state, PLACE)
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 0), TEMPLE, "pile"),
        cr.JungleFilled((2, 2), TEMPLE, "pile"),
    ]
    # The map-board tile was not used; at the end of the turn it slid into the display.
    assert state.players[0].map_tiles == 0
    assert state.display == (SUN,)
    assert state.map_board == ()


@pytest.mark.rule("R-MAP-3", "R-FILL-5")
def test_display_map_board_and_pile_all_empty_leave_the_spaces_empty() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2, [], [], pile=[])
    state, events = cr.step(state, PLACE)
    assert of_type(events, cr.JungleFilled) == []
    assert of_type(events, cr.SpaceLeftEmpty) == [
        cr.SpaceLeftEmpty((2, 0)),
        cr.SpaceLeftEmpty((2, 2)),
    ]
    assert state.players[0].map_tiles == 2


@pytest.mark.rule("R-MAP-3")
def test_empty_display_and_map_board_blind_draws_in_square_order() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2, [], [], pile=[M3, TEMPLE], seed=None)
    state = cr.apply(state, PLACE)
    assert state.is_chance
    assert cr.chance_outcomes(state) == (
        (cr.DrawJungle(M3), Fraction(1, 2)),
        (cr.DrawJungle(TEMPLE), Fraction(1, 2)),
    )
    # The first draw goes on (2, 0); the second, now certain, on (2, 2).
    state, events = cr.step(state, cr.DrawJungle(TEMPLE))
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 0), TEMPLE, "pile"),
        cr.JungleFilled((2, 2), M3, "pile"),
    ]


@pytest.mark.rule("R-FILL-5", "R-MAP-4", "R-ACT-2")
def test_a_space_left_empty_is_filled_by_a_later_placement_next_to_it() -> None:
    # Seat 0 closes (2, 0) with nothing to take: the display and the pile are empty and its
    # map tiles are spent, so the space stays empty and the map board's S slides into the
    # display. Seat 1 then places next to (2, 0) (and to the temple on (3, -1)): (2, 0) must
    # be filled now, and seat 0's worker facing it is activated at last.
    board = {**CLOSES_2_0, (3, -1): TEMPLE}
    state = _position(board, [], [SUN], map_tiles=0, pile=[])
    state, events = cr.step(state, PLACE)
    assert of_type(events, cr.SpaceLeftEmpty) == [cr.SpaceLeftEmpty((2, 0))]
    assert (state.current, state.display, state.map_board) == (1, (SUN,), ())
    state = cr.apply(state, cr.Place(W1111, (2, -1), 0))
    # (2, 0) and (1, -1) both need a tile; the one display tile goes where seat 1 says.
    assert names(state) == ["fill 1,-1=S", "fill 2,0=S"]
    state, events = cr.step(state, _fill(_choice((2, 0), SUN)))
    assert of_type(events, cr.SpaceLeftEmpty) == [cr.SpaceLeftEmpty((1, -1))]
    activated = {(e.owner, e.square, e.side) for e in of_type(events, cr.EdgeActivated)}
    assert (0, PLACED, cr.Side.N) in activated
    assert (1, (1, 0), cr.Side.E) in activated


@pytest.mark.rule("R-MAP-3", "R-DECIDE-1")
@pytest.mark.parametrize("pile", [[M3, TEMPLE], []], ids=["blind-draws", "pile-empty"])
def test_late_turn_with_empty_display_and_map_board_asks_no_fill(
    pile: list[cr.JungleTile],
) -> None:
    # Seat 0 still holds both map tiles, but there is nothing face up to take: no fill
    # decision is made, not even an empty one played by the engine itself.
    state = _position(CLOSES_2_0 | CLOSES_2_2, [], [], pile=pile)
    state, events = cr.step(state, PLACE)
    assert [e for e in events if isinstance(e, cr.AutoDecision)] == []
    assert [e.source for e in of_type(events, cr.JungleFilled)] == ["pile"] * len(pile)
    assert len(of_type(events, cr.SpaceLeftEmpty)) == 2 - len(pile)
    assert state.players[0].map_tiles == 2


# R-MAP-4 -----------------------------------------------------------------------------------


def _refill_events(events: Iterable[cr.Event]) -> list[object]:
    return [e for e in events if isinstance(e, TileSlid | cr.DisplayFilled | MapBoardFilled)]


@pytest.mark.rule("R-MAP-4")
def test_one_of_two_different_map_board_tiles_slides_by_choice() -> None:
    state = _position(CLOSES_2_0, [M3, M4], [SUN, TEMPLE], pile=[P1, P1])
    state, events = cr.step(state, PLACE)
    state, events = cr.step(state, _fill(_choice((2, 0), M3)))
    # The worker draw is done; the slide is asked before any draw from the pile.
    assert of_type(events, cr.WorkerDrawn) != []
    assert _refill_events(events) == []
    assert state.to_move == 0
    assert cr.legal_moves(state) == (Slide(SUN), Slide(TEMPLE))
    state, events = cr.step(state, Slide(TEMPLE))
    assert _refill_events(events) == [TileSlid(TEMPLE), MapBoardFilled(P1)]
    assert events[-1] == cr.TurnStarted(1)
    assert state.display == (M4, TEMPLE)
    assert state.map_board == (P1, SUN)


@pytest.mark.rule("R-MAP-4")
def test_a_slide_must_name_a_map_board_tile() -> None:
    state = _position(CLOSES_2_0, [M3, M4], [SUN, TEMPLE], pile=[P1, P1])
    state = cr.apply(cr.apply(state, PLACE), _fill(_choice((2, 0), M3)))
    with pytest.raises(cr.IllegalMoveError, match="M3 is not on the map board"):
        cr.apply(state, Slide(M3))


@pytest.mark.rule("R-MAP-4")
def test_a_refused_slide_names_the_tiles_on_the_map_board() -> None:
    state = _position(CLOSES_2_0, [M3, M4], [SUN, TEMPLE], pile=[P1, P1])
    state = cr.apply(cr.apply(state, PLACE), _fill(_choice((2, 0), M3)))
    with pytest.raises(cr.IllegalMoveError, match=r"\(it holds S, T\)$"):
        cr.apply(state, Slide(M3))


@pytest.mark.rule("R-MAP-4")
def test_no_slide_is_asked_between_two_alike_map_board_tiles() -> None:
    state = _position(CLOSES_2_0, [M3, M4], [TEMPLE, TEMPLE], pile=[P1, P1])
    state = cr.apply(cr.apply(state, PLACE), _fill(_choice((2, 0), M3)))
    assert not any(isinstance(move, Slide) for move in cr.legal_moves(state))
    assert state.display == (M4, TEMPLE)
    assert state.map_board == (P1, TEMPLE)


@pytest.mark.rule("R-MAP-4", "R-CHANCE-2")
def test_a_map_board_refill_that_takes_the_whole_pile_is_no_chance_node() -> None:
    # The display is full, the map board empty and the pile holds exactly two tiles: the
    # order of the draws cannot matter, so the map board takes both without a chance node.
    state = cr.apply(_position({}, [M3, M4], [], pile=[P1, TEMPLE], seed=None), PLACE)
    state = cr.apply(state, cr.chance_outcomes(state)[0][0])  # seat 0's worker draw
    assert not state.is_chance
    assert state.to_move == 1
    assert state.map_board == (P1, TEMPLE)
    assert state.chance_count == 3  # the worker draw and the two tiles


@pytest.mark.rule("R-MAP-4")
def test_two_equal_map_board_tiles_slide_without_a_decision() -> None:
    # Either tile would do the same: the slide is no decision, not even one with a single
    # answer that the engine takes for the player (which it would report as AutoDecision).
    state = _position(CLOSES_2_0, [M3, M4], [TEMPLE, TEMPLE], pile=[P1, P1])
    state = cr.apply(state, PLACE)
    state, events = cr.step(state, _fill(_choice((2, 0), M3)))
    assert of_type(events, cr.AutoDecision) == []
    assert _refill_events(events) == [TileSlid(TEMPLE), MapBoardFilled(P1)]
    assert state.display == (M4, TEMPLE)
    assert state.map_board == (P1, TEMPLE)
    assert state.current == 1


@pytest.mark.rule("R-MAP-4")
def test_both_map_board_tiles_slide_when_the_display_is_empty() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2, [M3, M4], [SUN, TEMPLE], pile=[P1, P1, P1])
    state = cr.apply(state, PLACE)
    state, events = cr.step(state, _fill(_choice((2, 0), M3), _choice((2, 2), M4)))
    assert _refill_events(events) == [
        TileSlid(SUN),
        TileSlid(TEMPLE),
        MapBoardFilled(P1),
        MapBoardFilled(P1),
    ]
    assert state.display == (SUN, TEMPLE)
    assert state.map_board == (P1, P1)
    assert state.jungle_pile.total == 1


@pytest.mark.rule("R-MAP-4")
def test_display_from_the_pile_before_the_map_board() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2, [M3, M4], [SUN], map_tiles=0, pile=[P1] * 3)
    state = cr.apply(state, PLACE)
    state, events = cr.step(state, _fill(_choice((2, 0), M3), _choice((2, 2), M4)))
    names_in_order = [type(e).__name__ for e in events]
    assert names_in_order.index("WorkerDrawn") < names_in_order.index("TileSlid")
    assert _refill_events(events) == [
        TileSlid(SUN),
        cr.DisplayFilled(P1),
        MapBoardFilled(P1),
        MapBoardFilled(P1),
    ]
    assert state.display == (P1, SUN)
    assert state.map_board == (P1, P1)
    assert state.jungle_pile.total == 0


@pytest.mark.rule("R-MAP-4")
def test_map_board_refill_stops_when_the_pile_runs_out() -> None:
    state = _position(CLOSES_2_0 | CLOSES_2_2, [M3, M4], [SUN, TEMPLE], pile=[P1])
    state = cr.apply(state, PLACE)
    state, events = cr.step(state, _fill(_choice((2, 0), M3), _choice((2, 2), M4)))
    assert _refill_events(events) == [TileSlid(SUN), TileSlid(TEMPLE), MapBoardFilled(P1)]
    assert state.map_board == (P1,)
    assert state.jungle_pile.total == 0


@pytest.mark.rule("R-MAP-4")
def test_unseeded_refill_draws_are_chance_nodes_after_the_slide() -> None:
    state = _position(CLOSES_2_0, [M3, M4], [SUN, TEMPLE], pile=[G2, M2], seed=None)
    state = cr.apply(cr.apply(state, PLACE), _fill(_choice((2, 0), M3)))
    # First the worker draw (chance), then the slide (decision), then the map board draw.
    assert state.is_chance
    assert isinstance(cr.legal_moves(state)[0], cr.DrawWorker)
    state = cr.apply(state, cr.legal_moves(state)[0])
    assert state.to_move == 0
    assert cr.legal_moves(state) == (Slide(SUN), Slide(TEMPLE))
    state = cr.apply(state, Slide(SUN))
    assert state.is_chance
    assert cr.chance_outcomes(state) == (
        (cr.DrawJungle(M2), Fraction(1, 2)),
        (cr.DrawJungle(G2), Fraction(1, 2)),
    )
    state, events = cr.step(state, cr.DrawJungle(M2))
    assert events == (MapBoardFilled(M2), cr.TurnStarted(1))
    assert state.display == (M4, SUN)
    assert state.map_board == (M2, TEMPLE)


# R-MAP-5 -----------------------------------------------------------------------------------


@pytest.mark.rule("R-MAP-5")
def test_unused_map_tiles_earn_nothing() -> None:
    def finished(map_tiles: int) -> cr.State:
        return cr.position(
            MAP2,
            players=[
                cr.PlayerState(gold=5, map_tiles=map_tiles),
                cr.PlayerState(gold=5, map_tiles=0),
            ],
        )

    kept, spent = finished(2), finished(0)
    assert kept.is_over and spent.is_over
    assert kept.players[0].map_tiles == 2
    kept_sheet, spent_sheet = cr.final_scores(kept)[0], cr.final_scores(spent)[0]
    assert kept_sheet.total == spent_sheet.total == 5 - 10
    assert kept_sheet.breakdown == spent_sheet.breakdown
    assert set(kept_sheet.breakdown) == {"gold", "temples", "sun", "water"}
    assert cr.winners(kept) == (0, 1)


# R-MAP-6 -----------------------------------------------------------------------------------


@pytest.mark.rule("R-MAP-6")
@pytest.mark.parametrize(
    "modules",
    [(), (cr.Module.WATERING,), (cr.Module.CHOCOLATE, cr.Module.HUTS)],
)
def test_early_overbuilding_needs_the_map_module(modules: tuple[cr.Module, ...]) -> None:
    with pytest.raises(cr.ConfigError, match="variant of the Map module"):
        config(2, *modules, early=True)


@pytest.mark.rule("R-MAP-6")
def test_early_overbuilding_is_accepted_with_the_map_module() -> None:
    assert config(2, MAP, early=True).map_early_overbuild
    assert not config(2, MAP).map_early_overbuild


def _late_game(
    cfg: cr.Config,
    display: Iterable[cr.JungleTile],
    map_board: Iterable[cr.JungleTile] = (),
    pile: Iterable[cr.JungleTile] = (),
    sun: int = 1,
) -> cr.State:
    """Seat 0 (with ``sun`` sun tokens) owns a 1-1-1-1 on (1, 0), between the start tiles."""
    return cr.position(
        cfg,
        board=start_board({(1, 0): wt(0, W1111)}),
        players=[
            cr.PlayerState(hand=(W1111, W3001), sun=sun),
            cr.PlayerState(hand=(W1111, W3001)),
        ],
        display=display,
        map_board=map_board,
        jungle_pile=pile,
    )


OVERBUILDS = [
    "overbuild 1-1-1-1 1,0 r0",
    "overbuild 3-0-0-1 1,0 r0",
    "overbuild 3-0-0-1 1,0 r1",
    "overbuild 3-0-0-1 1,0 r2",
    "overbuild 3-0-0-1 1,0 r3",
]


def _overbuilds(state: cr.State) -> list[str]:
    return [str(move) for move in cr.legal_moves(state) if isinstance(move, cr.Overbuild)]


@pytest.mark.rule("R-MAP-6", "R-OVER-1")
def test_variant_allows_overbuilding_once_the_pile_alone_is_empty() -> None:
    state = _late_game(config(2, MAP, early=True), [TEMPLE])
    assert _overbuilds(state) == OVERBUILDS
    assert any(isinstance(move, cr.Place) for move in cr.legal_moves(state))
    state, events = cr.step(state, cr.Overbuild(W3001, (1, 0), 0))
    assert cr.Spent(0, cr.Resource.SUN, 1) in events
    assert state.covered[(1, 0)] == wt(0, W1111)


@pytest.mark.rule("R-MAP-6", "R-OVER-5")
def test_variant_overbuild_fills_no_space_while_the_display_holds_tiles() -> None:
    # (2, 0) lies empty between seat 0's (1, 0) and seat 1's (3, 0), next to the temple on
    # (3, 1); the display still holds tiles. Overbuilding (1, 0) fills nothing.
    state = cr.position(
        config(2, MAP, early=True),
        board=start_board({(1, 0): wt(0, W1111), (3, 0): wt(1, W1111), (3, 1): TEMPLE}),
        players=[
            cr.PlayerState(hand=(W1111, W3001), sun=1),
            cr.PlayerState(hand=(W1111, W3001)),
        ],
        display=[M3, M4],
        jungle_pile=[],
    )
    state, events = cr.step(state, cr.Overbuild(W3001, (1, 0), 0))
    assert of_type(events, cr.JungleFilled) == []
    assert of_type(events, cr.SpaceLeftEmpty) == []
    assert (2, 0) not in state.board
    assert state.display == (M3, M4)


@pytest.mark.rule("R-MAP-6")
def test_variant_allows_overbuilding_with_tiles_on_the_map_board() -> None:
    state = _late_game(config(2, MAP, early=True), [TEMPLE, M3], [SUN, G2])
    assert _overbuilds(state) == OVERBUILDS


@pytest.mark.rule("R-MAP-6")
def test_variant_still_waits_for_an_empty_pile_and_a_sun_token() -> None:
    assert _overbuilds(_late_game(config(2, MAP, early=True), [TEMPLE], pile=[M3])) == []
    assert _overbuilds(_late_game(config(2, MAP, early=True), [TEMPLE], sun=0)) == []


@pytest.mark.rule("R-MAP-6", "R-OVER-1")
def test_without_the_variant_the_display_must_be_empty_too() -> None:
    state = _late_game(MAP2, [TEMPLE])
    assert _overbuilds(state) == []
    with pytest.raises(
        cr.IllegalMoveError, match="only once the jungle pile and the display are both empty"
    ):
        cr.apply(state, cr.Overbuild(W3001, (1, 0), 0))
    assert _overbuilds(_late_game(MAP2, [])) == OVERBUILDS


# The Map module changes no other part of the game ------------------------------------------


@pytest.mark.rule("R-MAP-1", "R-MAP-2", "R-MAP-4")
def test_a_whole_map_game_conserves_tiles_and_map_tiles() -> None:
    cfg = config(3, MAP)
    state = cr.new_game(cfg, seed=5)
    total = jungle_counts(state)
    while not state.is_over:
        moves = cr.legal_moves(state)
        # Prefer buying from the map board to exercise it.
        bought = [m for m in moves if isinstance(m, cr.Fill) and any(c.from_map for c in m.choices)]
        state = cr.apply(state, bought[0] if bought else moves[-1])
        assert jungle_counts(state) == total
        held = sum(player.map_tiles for player in state.players)
        assert held + state.map_tiles_used == 6
        assert len(state.map_board) <= 2
    assert state.map_tiles_used > 0
