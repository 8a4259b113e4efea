"""The tables the engine and the bots share across a process (issue 36, item 5): every one
is registered with its bound, and threads that play at once, with tables small enough to
make room all the time, raise nothing and play exactly the games one thread plays."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator

import pytest

import cacao_rules as cr
from cacao_rules.agents import greedy
from cacao_rules.formats import serialization
from cacao_rules.game.caches import TABLES, Forget, Memo, clear_all

SHARED = {
    "resolve moves",
    "resolving situations",
    "fill layouts",
    "fills of one choice",
    "spaces around squares",
    "board squares",
    "neighbours of board squares",
    "tile moves",
    "laid worker tiles",
    "types of hands",
    "hands with a tile drawn",
    "worker tile documents",
    "greedy gains",
    "greedy tile numbers",
    "greedy resolutions",
    "greedy fill patterns",
    "greedy jungle tiles",
    "greedy squares around",
    "temple gold",
}
"""The nine tables of the issue, and the greedy bot's resolutions, fill patterns, jungle
tiles and squares around, the types of hands, the hands with a tile drawn and the temples'
gold by their workers (issue 39), by their names in the registry."""

GREEDY_CONFIG = cr.Config(
    players=4, modules={cr.Module.MAP, cr.Module.WATERING, cr.Module.CHOCOLATE}
)
"""A configuration where the greedy bot reads its tables rather than playing moves out."""

ROUNDS = 25
"""How many times each thread works every state out."""


def test_every_shared_table_is_registered_with_a_name_and_a_bound() -> None:
    assert greedy._BEST in TABLES and serialization._WORKER_DOCUMENTS in TABLES  # imported
    assert {table.name for table in TABLES} == SHARED
    for table in TABLES:
        assert table.bound is None or table.bound > 0
        assert len(table) >= 0


def test_a_memo_keeps_the_first_value_and_makes_room_as_it_says() -> None:
    half: Memo[int, str] = Memo("test: older half", 4, Forget.OLDER_HALF)
    everything: Memo[int, str] = Memo("test: everything", 4)
    nothing: Memo[int, str] = Memo("test: nothing", 4, Forget.NOTHING)
    try:
        for memo in (half, everything, nothing):
            for key in range(4):
                assert memo.keep(key, str(key)) == str(key)
            assert memo.keep(0, "other") == "0"  # the first kept wins
            assert memo.put(0, "zero") == "zero"
            assert memo.keep(4, "4") == "4"
        assert list(half.table) == [2, 3, 4]
        assert list(everything.table) == [4]
        assert list(nothing.table) == [0, 1, 2, 3]
    finally:
        for memo in (half, everything, nothing):
            TABLES.remove(memo)


def test_clearing_the_tile_numbers_clears_the_gains_made_of_them() -> None:
    greedy._BEST.keep("test", 1)
    greedy._TILE_NUMBERS.clear()
    assert "test" not in greedy._BEST.table


def _decisions(config: cr.Config, seed: int) -> list[cr.State]:
    """The states of a seeded game of random moves that wait for a decision."""
    rng = random.Random(seed)
    state = cr.new_game(config, seed=seed)
    states = []
    while not state.is_over:
        states.append(state)
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    return states


def _worked_out(
    state: cr.State, index: int
) -> tuple[tuple[cr.Move, ...], str | None, cr.Move | None]:
    """What goes through the shared tables: the moves listed afresh (``replace`` makes a
    copy that the engine listed nothing for) and, for one state in 16 (they take longer),
    the state's JSON and, where it reads its tables, the greedy bot's choice."""
    moves = cr.legal_moves(state.replace())
    if index % 16:
        return moves, None, None
    choice = greedy.GreedyBot(1).choose(state) if state.config == GREEDY_CONFIG else None
    return moves, cr.to_json(state), choice


@pytest.fixture
def small_tables(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every bounded table at a bound of 4, and threads switched as often as possible."""
    for table in TABLES:
        if isinstance(table, Memo) and table.bound is not None:
            monkeypatch.setattr(table, "bound", 4)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
        clear_all()


@pytest.mark.usefixtures("small_tables")
def test_threads_sharing_small_tables_work_out_what_one_thread_does() -> None:
    """Six threads list the moves of the same states again and again while every table
    makes room all the time: before the tables were one module, two threads making room in
    the resolving situations at once deleted the same keys (``KeyError``)."""
    states = _decisions(cr.Config.big_game(4), 1) + _decisions(GREEDY_CONFIG, 2)
    clear_all()
    alone = [_worked_out(state, index) for index, state in enumerate(states)]
    failures: list[BaseException] = []
    differences: list[cr.State] = []

    def work() -> None:
        try:
            for _ in range(ROUNDS):
                differences.extend(
                    state
                    for index, (state, expected) in enumerate(zip(states, alone, strict=True))
                    if _worked_out(state, index) != expected
                )
        except BaseException as error:  # collected, and reported below
            failures.append(error)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert differences == []
