"""A worker tile's Foreman flag survives every format and view of the library.

R-HUT-FOREMAN makes the 4th worker a property of the tile (``WorkerTile.foreman``), so the
event JSON, the observation (its JSON, its determinized states) and the observation tensor
must all carry it: a client or a bot that lost it would count 3 workers where the engine
counts 4.
"""

from __future__ import annotations

import json

import pytest

import cacao_rules as cr
from cacao_rules.agents.tensors import board_capacity
from cacao_rules.game.components import HUT_TILES, Hut
from helpers_huts import hut_position
from helpers_positions import W1111, W3001, W3100


def _placed(huts: tuple[Hut, ...]) -> tuple[cr.State, list[cr.Event]]:
    """Seat 0 places a 3-1-0-0 on (1, 0), its 3 facing P1, holding ``huts``."""
    state = hut_position(cr.PlayerState(huts=huts), hand=(W3100,))
    state, events = cr.step(state, cr.Place(W3100, (1, 0), 3))
    return state, list(events)


@pytest.mark.rule("R-HUT-FOREMAN")
def test_the_events_of_a_foreman_placement_round_trip() -> None:
    state, events = _placed((Hut.FOREMAN,))
    placed = [event for event in events if isinstance(event, cr.WorkerPlaced)]
    assert [event.tile.foreman for event in placed] == [True]
    assert json.loads(cr.event_to_json(placed[0]))["tile"]["foreman"] is True
    assert cr.events_from_json(cr.events_to_json(events)) == tuple(events)
    for seat in range(2):
        seen = cr.observe_events(events, seat)
        assert cr.events_from_json(cr.events_to_json(seen)) == tuple(seen)
    assert state.board[(1, 0)] == cr.WorkerTile.of(0, W3100, 3, foreman=True)


@pytest.mark.rule("R-HUT-FOREMAN")
def test_a_tile_without_the_foreman_writes_no_flag() -> None:
    _, events = _placed(())
    placed = next(event for event in events if isinstance(event, cr.WorkerPlaced))
    assert not placed.tile.foreman
    assert "foreman" not in json.loads(cr.event_to_json(placed))["tile"]


def _foreman_position(foreman: bool = True) -> cr.State:
    """Seat 0's 3-1-0-0 on (1, 0), its 3 facing P1, and beneath seat 0's 1-1-1-1 on (0, 1)
    a 3-0-0-1: both played with the Foreman if ``foreman`` (both kinds of board entry
    carry the flag). Seat 0 is to move, holding the Foreman."""
    state, _ = _placed((Hut.FOREMAN,))
    board = {
        **state.board,
        (1, 0): cr.WorkerTile.of(0, W3100, 3, foreman),
        (0, 1): cr.WorkerTile.of(0, W1111),
    }
    covered = {(0, 1): cr.WorkerTile.of(0, W3001, 0, foreman)}
    supply = [tile[0] for tile in HUT_TILES]
    supply.remove(Hut.FOREMAN)  # seat 0 built it: all 12 tiles show one side
    return hut_position(
        cr.PlayerState(huts=(Hut.FOREMAN,)),
        board=board,
        covered=covered,
        hand=(W1111,),
        supply=supply,
        display=[cr.JungleTile.from_code("P1"), cr.JungleTile.from_code("M3")],
    )


@pytest.mark.rule("R-HUT-FOREMAN")
@pytest.mark.parametrize("observer", [0, 1])
def test_observations_and_their_json_keep_the_flag(observer: int) -> None:
    state = _foreman_position()
    observation = cr.observe(state, observer)
    assert observation.board[(1, 0)].foreman  # type: ignore[union-attr]
    assert observation.covered[(0, 1)].foreman
    text = cr.observation_to_json(observation)
    assert cr.observation_from_json(text, strict=False) == observation  # a hand-built position
    assert text.count('"foreman": true') + text.count('"foreman":true') == 2
    determinized = cr.determinize(observation, seed=3)
    assert determinized.board[(1, 0)] == state.board[(1, 0)]
    assert determinized.covered[(0, 1)] == state.covered[(0, 1)]


@pytest.mark.rule("R-HUT-FOREMAN")
def test_the_tensor_reads_a_foreman_edge_as_four_workers() -> None:
    with_foreman, without = _foreman_position(), _foreman_position(foreman=False)
    config = with_foreman.config
    low, high = cr.tensor_bounds(config)
    board_start = 0
    for name, length in cr.tensor_layout(config):
        if name == "board":
            break
        board_start += length
    slot = length // board_capacity(config)
    # The slot: occupied, x, y, jungle kind (one-hot), value, gems (4), then edges N E S W.
    west = 1 + 2 + len(cr.JungleKind) + 1 + 4 + int(cr.Side.W)
    where = board_start + sorted(with_foreman.board).index((1, 0)) * slot + west
    for observer in range(2):
        vector = cr.observation_tensor(cr.observe(with_foreman, observer))
        plain = cr.observation_tensor(cr.observe(without, observer))
        changed = [(i, a, b) for i, (a, b) in enumerate(zip(vector, plain, strict=True)) if a != b]
        assert changed == [(where, 4.0, 3.0)]  # a covered tile shows only as a flag
        assert all(lo <= value <= hi for lo, value, hi in zip(low, vector, high, strict=True))
