"""The rulebooks' worked examples, replayed on hand-built positions.

- Base rules p.4: Yellow places a tile and fills a space; Yellow takes 1 cacao from a
  plantation and sells it for 3 at the new market; Red sells his stored cacao there too.
- Overview sheet p.2, overbuilding: Red pays a sun token, overbuilds, takes 2 cacao at a double
  plantation, sells both at a price-4 market for 8 gold and moves his carrier 1 step.
- Overview sheet p.2, temple: Yellow and Red have 2 workers each and share 6 gold; Purple, with
  1 worker, gets nothing because second place is not awarded.

The same three examples are doctests in ``spec/rules.md``.
"""

from __future__ import annotations

import pytest

import cacao_rules as cr
from cacao_rules import JungleTile, Side, WorkerTile, WorkerType

YELLOW, RED, PURPLE = 0, 1, 2


def tile(code: str) -> JungleTile:
    return JungleTile.from_code(code)


def names(state: cr.State) -> list[str]:
    return [str(move) for move in cr.legal_moves(state)]


def resources(state: cr.State) -> list[tuple[int, int, int, int]]:
    """(gold, cacao, sun, water) of every seat."""
    return [(p.gold, p.cacao, p.sun, p.water) for p in state.players]


def activation_example_start() -> cr.State:
    """Base rules p.4: Red's tile at (2, 1) waits next to the empty space (2, 0)."""
    return cr.position(
        cr.Config(players=2),
        board={
            (0, 0): tile("P1"),
            (1, 1): tile("M2"),
            (2, 1): WorkerTile.of(RED, WorkerType.W1111),
        },
        players=[
            cr.PlayerState(hand=(WorkerType.W2101,)),
            cr.PlayerState(cacao=1, hand=(WorkerType.W1111,)),
        ],
        display=[tile("M3"), tile("T")],
    )


@pytest.mark.rule("R-ACT-1", "R-ACT-2", "R-ACT-5", "R-ACT-6", "R-FILL-1", "R-FILL-2")
def test_activation_example_base_rules_p4() -> None:
    state = activation_example_start()
    # Yellow's 2-1-0-1 at (1, 0): 1 worker faces the plantation (W), 1 the empty (2, 0) (E),
    # 2 face the empty (1, -1) (N). (2, 0) now touches 2 worker tiles and must be filled.
    state, events = cr.step(state, cr.Place(WorkerType.W2101, (1, 0), 0))
    assert state.to_move == YELLOW
    assert names(state) == ["fill 2,0=M3", "fill 2,0=T"]
    assert [e for e in events if isinstance(e, cr.EdgeActivated)] == []

    state, events = cr.step(state, cr.Fill((cr.FillChoice((2, 0), tile("M3")),)))
    assert [e for e in events if isinstance(e, cr.JungleFilled)] == [
        cr.JungleFilled((2, 0), tile("M3"), "display")
    ]
    activated = [
        (e.owner, e.square, e.side, e.workers, e.jungle.code)
        for e in events
        if isinstance(e, cr.EdgeActivated)
    ]
    assert activated == [
        (YELLOW, (1, 0), Side.E, 1, "M3"),
        (YELLOW, (1, 0), Side.W, 1, "P1"),
        (RED, (2, 1), Side.N, 1, "M3"),
    ]
    # Yellow first; the market is offered though Yellow has no cacao yet: the plantation is
    # still pending.
    assert state.to_move == YELLOW
    assert names(state) == ["resolve 1,0 E 0", "resolve 1,0 W 0", "resolve 1,0 W 1"]

    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, 1))
    assert events == (
        cr.Gained(YELLOW, cr.Resource.CACAO, 1),
        cr.EdgeResolved(YELLOW, (1, 0), Side.W, 1, automatic=False),
    )
    assert names(state) == ["resolve 1,0 E 0", "resolve 1,0 E 1"]

    state, events = cr.step(state, cr.Resolve((1, 0), Side.E, 1))
    assert events == (
        cr.Spent(YELLOW, cr.Resource.CACAO, 1),
        cr.Gained(YELLOW, cr.Resource.GOLD, 3),
        cr.EdgeResolved(YELLOW, (1, 0), Side.E, 1, automatic=False),
    )
    # Now Red, on Yellow's turn, with his 1 cacao.
    assert state.current == YELLOW
    assert state.to_move == RED
    assert names(state) == ["resolve 2,1 N 0", "resolve 2,1 N 1"]

    state, events = cr.step(state, cr.Resolve((2, 1), Side.N, 1))
    assert events[:3] == (
        cr.Spent(RED, cr.Resource.CACAO, 1),
        cr.Gained(RED, cr.Resource.GOLD, 3),
        cr.EdgeResolved(RED, (2, 1), Side.N, 1, automatic=False),
    )
    assert resources(state) == [(3, 0, 0, -10), (3, 0, 0, -10)]
    # The turn is over: it is Red's own turn now.
    assert state.current == RED
    assert state.to_move == RED
    assert all(isinstance(move, cr.Place) for move in cr.legal_moves(state))


def overbuilding_example_start() -> cr.State:
    """Overview sheet p.2: pile and display empty, Red's 1-1-1-1 at (3, 0), 1 sun token."""
    return cr.position(
        cr.Config(players=2),
        board={
            (0, 0): tile("P1"),
            (1, 1): tile("M2"),
            (2, 0): tile("M4"),
            (3, -1): tile("P2"),
            (3, 1): tile("W"),
            (3, 0): WorkerTile.of(RED, WorkerType.W1111),
        },
        players=[
            cr.PlayerState(hand=(WorkerType.W1111,)),
            cr.PlayerState(hand=(WorkerType.W2101,), sun=1),
        ],
        display=[],
        jungle_pile=[],
        current=RED,
    )


@pytest.mark.rule("R-OVER-1", "R-OVER-2", "R-OVER-5", "R-ACT-5", "R-ACT-PLANTATION")
def test_overbuilding_example_overview_p2() -> None:
    state = overbuilding_example_start()
    assert state.to_move == RED
    overbuilds = [m for m in cr.legal_moves(state) if isinstance(m, cr.Overbuild)]
    assert [str(m) for m in overbuilds] == [f"overbuild 2-1-0-1 3,0 r{r}" for r in range(4)]

    # 2-1-0-1 turned 3 times: N=1 (double plantation), E=0, S=1 (water), W=2 (market 4).
    state, events = cr.step(state, cr.Overbuild(WorkerType.W2101, (3, 0), 3))
    assert events[:2] == (
        cr.Spent(RED, cr.Resource.SUN, 1),
        cr.WorkerPlaced(
            RED,
            (3, 0),
            WorkerTile.of(RED, WorkerType.W2101, 3),
            covered=WorkerTile.of(RED, WorkerType.W1111),
        ),
    )
    activated = [
        (e.square, e.layer, e.side, e.workers, e.jungle.code)
        for e in events
        if isinstance(e, cr.EdgeActivated)
    ]
    assert activated == [
        ((3, 0), 1, Side.N, 1, "P2"),
        ((3, 0), 1, Side.S, 1, "W"),
        ((3, 0), 1, Side.W, 2, "M4"),
    ]
    assert names(state) == [
        "resolve 3,0 N 0",
        "resolve 3,0 N 1",
        "resolve 3,0 S 0",
        "resolve 3,0 S 1",
        "resolve 3,0 W 0",
    ]

    state = cr.apply(state, cr.Resolve((3, 0), Side.N, 1))  # 2 cacao
    assert resources(state)[RED] == (0, 2, 0, -10)
    assert names(state) == [
        "resolve 3,0 S 0",
        "resolve 3,0 S 1",
        "resolve 3,0 W 0",
        "resolve 3,0 W 1",
        "resolve 3,0 W 2",
    ]
    state = cr.apply(state, cr.Resolve((3, 0), Side.W, 2))  # 2 x 4 = 8 gold
    assert resources(state)[RED] == (8, 0, 0, -10)
    state = cr.apply(state, cr.Resolve((3, 0), Side.S, 1))  # carrier 1 step
    assert resources(state)[RED] == (8, 0, 0, -4)
    assert dict(state.covered) == {(3, 0): WorkerTile.of(RED, WorkerType.W1111)}
    assert state.current == YELLOW
    assert state.to_move == YELLOW


def temple_example() -> cr.State:
    """Overview sheet p.2: the temple at (0, 2) with Yellow 2, Red 2 and Purple 1 workers."""
    return cr.position(
        cr.Config(players=3),
        board={
            (0, 0): tile("P1"),
            (1, 1): tile("M2"),
            (0, 2): tile("T"),
            (0, 1): WorkerTile.of(YELLOW, WorkerType.W2101, 2),  # S = 2
            (1, 2): WorkerTile.of(RED, WorkerType.W2101, 3),  # W = 2
            (-1, 2): WorkerTile.of(PURPLE, WorkerType.W1111),  # E = 1
        },
    )


@pytest.mark.rule("R-SCORE-1", "R-SCORE-2")
def test_temple_example_overview_p2() -> None:
    sheets = cr.final_scores(temple_example())
    assert [sheet.breakdown["temples"] for sheet in sheets] == [3, 3, 0]
    assert [sheet.total for sheet in sheets] == [3 - 10, 3 - 10, 0 - 10]
