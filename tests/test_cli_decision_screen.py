"""A human seat's decision fitted to the terminal's height (issue 41, item 4).

At 24 rows a Big Game's decision used to print a hundred lines and more, so the board was
never on screen with the question. Each decision now fits the terminal: the board's first
line and the prompt on one screen, whatever gives way (``cacao_rules.cli.decision_screen``).
"""

from __future__ import annotations

import io
import re

import pytest

import cacao_rules as cr
from cacao_rules.cli import main
from cacao_rules.cli.decision_screen import entries, rows
from cacao_rules.cli.human import move_list
from cacao_rules.cli.terminal import terminal_height

BIG_GAME = ["--big-game", "--players", "3", "--seats", "human,greedy,greedy", "--seed", "4"]
PROMPT = "seat 0> "
COLUMN_NUMBERS = re.compile(r"^ +-?\d+( +-?\d+)*$")
"""The board's first line: its column numbers."""


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _decisions(out: str) -> list[list[str]]:
    """The lines of each decision: from the blank line before the board to the prompt."""
    screens = []
    for chunk in out.split(PROMPT)[:-1]:
        lines = chunk.split("\n")
        starts = [
            i for i in range(len(lines) - 1) if not lines[i] and COLUMN_NUMBERS.match(lines[i + 1])
        ]
        screens.append([*lines[starts[-1] : -1], PROMPT])  # the last: the prompt's own
    return screens


def test_at_24_rows_each_decision_of_a_big_game_shows_the_board_and_the_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(monkeypatch, capsys, *BIG_GAME, "--height", "24")
    screens = _decisions(out)
    assert len(screens) > 40
    assert "Winner" in out.splitlines()[-1]
    for screen in screens:
        assert rows(screen, 80) <= 24, "\n".join(screen)
        assert COLUMN_NUMBERS.match(screen[1])


def test_the_first_decision_at_24_rows_points_to_help_and_folds_nothing_it_need_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _decisions(_play(monkeypatch, capsys, *BIG_GAME, "--height", "24"))[0]
    assert "Type help for the board's symbols and what the moves' notation means." in first
    assert not any(line.startswith("Legend:") for line in first)
    assert any(re.match(r" +1-4 place ", line) for line in first)  # folded, all there
    assert not any("moves: type moves to list them all" in line for line in first)


def test_folded_placements_are_still_answered_by_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(monkeypatch, capsys, *BIG_GAME, "--height", "24")
    assert re.search(r"\n +1-4 place 2-1-0-1 -?\d+,-?\d+ r0-r3 ", out)
    state = cr.new_game(cr.Config.big_game(3), seed=4)
    moves = cr.legal_moves(state)
    (folded, *_) = entries(moves, fold=True)
    assert (folded.first, folded.last) == (1, 4)
    assert [str(move) for move in moves[:4]] == [
        folded.text.replace("r0-r3", f"r{rotation}") for rotation in range(4)
    ]


def test_a_tall_terminal_shows_everything_as_before(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    unlimited = _play(monkeypatch, capsys, *BIG_GAME)  # output to a pipe: no height
    assert _play(monkeypatch, capsys, *BIG_GAME, "--height", "9999") == unlimited
    first = _decisions(unlimited)[0]
    assert any(line.startswith("Legend:") for line in first)
    assert any(line.startswith("place TYPE X,Y rN") for line in first)
    moves = cr.legal_moves(cr.new_game(cr.Config.big_game(3), seed=4))
    assert move_list(moves) in unlimited


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_height_is_the_terminals_or_lines_and_none_for_a_pipe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LINES", "30")
    assert terminal_height(_Terminal()) == 30
    assert terminal_height(io.StringIO()) is None  # a file or a pipe has no screen to fit
    assert terminal_height(io.StringIO(), 24) == 24


def test_help_explains_the_symbols_and_the_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    main(["play", *BIG_GAME, "--height", "24"])
    after_help = capsys.readouterr().out.split(PROMPT)[1]
    assert "Legend: [n] worker tile" in after_help
    assert "place TYPE X,Y rN" in after_help
