"""The seats' clocks (issue 37, item 6): the arithmetic of :mod:`cacao_rules.server.clocks`
with times of the test's own, then timed games on the server, on each database: a seat
whose time runs out is played by the built-in random bot with a notice that names it, a
move sent too late is refused, and a restart keeps every seat's time."""

from __future__ import annotations

import pytest

pytest.importorskip("attrs")

from cacao_rules.server.clocks import Clocks, TimeControl  # noqa: E402

FIVE_PLUS_THREE = TimeControl(seconds=300.0, increment=3.0)


def test_no_clock_runs_before_the_game_begins() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 3)
    assert clocks.remaining == (300.0, 300.0, 300.0) and clocks.started is None
    assert clocks.left(0, 0, now=1_000.0) == 300.0
    assert clocks.deadline(0) is None


def test_only_the_running_clock_counts_down() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 2).start(1_000.0)
    assert clocks.left(0, 0, now=1_010.0) == 290.0
    assert clocks.left(1, 0, now=1_010.0) == 300.0
    assert clocks.deadline(0) == 1_300.0


def test_a_move_takes_the_time_used_and_adds_the_increment() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 2).start(1_000.0)
    clocks = clocks.after_move(0, 1_010.0)  # 10 s used, 3 s added
    assert clocks.remaining == (293.0, 300.0) and clocks.started == 1_010.0
    clocks = clocks.after_move(1, 1_011.0)
    assert clocks.remaining == (293.0, 302.0) and clocks.started == 1_011.0
    assert clocks.deadline(0) == 1_011.0 + 293.0


def test_a_seat_deciding_twice_in_a_row_is_charged_each_time() -> None:
    clocks = Clocks.new(TimeControl(60.0, 0.0), 2).start(0.0)
    clocks = clocks.after_move(0, 5.0).after_move(0, 7.0)
    assert clocks.remaining == (53.0, 60.0)


def test_time_left_is_never_below_zero() -> None:
    clocks = Clocks.new(TimeControl(1.0, 0.0), 2).start(0.0)
    assert clocks.left(0, 0, now=5.0) == 0.0
    assert not clocks.is_out(0)  # until the server says so


def test_a_seat_out_of_time_stays_out_and_gains_nothing() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 2).start(0.0).out(1)
    assert clocks.is_out(1) and clocks.deadline(1) is None
    clocks = clocks.after_move(1, 50.0)  # its stand-in's move
    assert clocks.remaining == (300.0, 0.0) and clocks.started == 50.0
    assert clocks.left(1, 1, now=60.0) == 0.0
