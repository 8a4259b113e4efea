"""``cacao-rules play`` with human seats: scripted input at the prompt."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cacao_rules as cr
from cacao_rules.cli import main
from cacao_rules.cli.human import move_list


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *args: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["play", "--seed", "3", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_whole_game_against_a_bot_by_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, ["1"] * 400, "--seats", "human,greedy")
    assert code == 0, err
    assert err == ""
    assert "seat 0> 1\n" in out
    assert "seat 1 (greedy): place " in out
    assert "Winner" in out.splitlines()[-1]
    assert "Legend:" in out  # explained once, at the first prompt


def test_the_human_sees_only_their_observation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    _, out, _ = play(monkeypatch, capsys, ["quit"], "--seats", "greedy,human")
    assert "hand 3 hidden" in out
    own = " ".join(str(kind) for kind in state.players[1].hand)
    assert f"hand {own}" in out
    other = [line for line in out.splitlines() if "seat 0:" in line and " hand " in line]
    assert other and all("hidden" in line or "hand -" in line for line in other)


def test_bad_input_reprompts_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["", "frobnicate", "0", "999", "resolve 9,9 N 1", "undo", "save", "quit"]
    code, out, err = play(monkeypatch, capsys, lines, "--seats", "human,random")
    assert code == 0
    assert out.count("seat 0> ") == len(lines)
    assert "cannot read move 'frobnicate'" in err
    assert "no move 0: the moves are numbered 1 to" in err
    assert "no move 999" in err
    assert "resolve 9,9 N 1 is not a legal move now" in err
    assert "nothing to undo" in err
    assert "save needs a file name" in err
    assert "Game ended (quit) at turn 0." in out


def test_an_illegal_move_gets_the_engines_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    missing = next(kind for kind in cr.WorkerType if kind not in state.players[0].hand)
    move = cr.Place(missing, (1, 0), 0)
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(state, move)
    _, _, err = play(monkeypatch, capsys, [str(move), "quit"], "--seats", "human,random")
    said = " ".join(err.split())  # as one line, however it was wrapped
    assert f"{move} is not a legal move now: {raised.value}; type moves" in said


def test_the_notation_is_explained_where_it_is_used(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    _, out, _ = play(monkeypatch, capsys, ["quit"], "--seats", "human,random")
    assert "turned N quarter turns clockwise" in " ".join(out.split())
    for kind in state.players[0].hand:
        assert any(line.startswith(f"{kind} ") and "r0" in line for line in out.splitlines())


def test_moves_may_be_given_in_notation_and_undone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    first = cr.legal_moves(state)[-1]
    code, out, _ = play(
        monkeypatch, capsys, [str(first), "undo", "moves", "quit"], "--seats", "human,greedy"
    )
    assert code == 0
    assert "Back to seat 0's previous decision." in out
    after_undo = out.split("Back to seat 0's previous decision.")[1]
    assert move_list(cr.legal_moves(state)) in after_undo


def test_help_hint_board_and_save(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    lines = ["help", "hint", "board", f"save {saved}", f"save {tmp_path}/no/such/dir", "quit"]
    code, out, err = play(monkeypatch, capsys, lines, "--seats", "human,greedy")
    assert code == 0
    assert "undo        back to your previous decision" in out
    state = cr.new_game(cr.Config(players=2), seed=3)
    hint = next(line for line in out.splitlines() if line.startswith("hint: "))
    number, _, move = hint.removeprefix("hint: ").partition(" ")
    assert cr.legal_moves(state)[int(number) - 1] == cr.parse_move(move)
    assert cr.from_json(saved.read_text()) == state
    assert "cannot write the game to" in err


def test_end_of_input_and_ctrl_c_end_the_game_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, ["1"], "--seats", "human,greedy")
    assert code == 0
    assert "Game ended (end of input)" in out

    class Interrupted:
        def isatty(self) -> bool:
            return True

        def readline(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupted())
    assert main(["play", "--seats", "human,greedy"]) == 130
    out, err = capsys.readouterr()
    assert err.endswith("Interrupted: the game is abandoned.\n")
    assert "Traceback" not in err


def test_two_humans_share_the_terminal_and_see_no_draws(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(monkeypatch, capsys, ["1"] * 30 + ["quit"], "--seats", "human")
    assert code == 0
    assert "seat 0> " in out and "seat 1> " in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "human,wizard"], "unknown seat 'wizard'"),
        (["--bots", "human,greedy"], "unknown bot 'human'"),
        (["--seats", "human", "--bots", "greedy"], "not both"),
        (
            ["--seats", "human,greedy,greedy", "--players", "2"],
            "--seats names 3 seats for 2 players",
        ),
        (["--seats", "human", "--color", "purple"], "invalid choice: 'purple'"),
    ],
)
def test_bad_seats_are_refused(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err


def test_the_seats_named_set_the_number_of_players(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, ["quit"], "--seats", "human,greedy,greedy")
    assert code == 0, err
    assert out.startswith("Cacao, 3 players, seed 3: seat 0 human, seat 1 greedy, seat 2 greedy")


def test_the_prompt_shows_who_is_ahead(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["1"] * 30 + ["quit"], "--seats", "human,greedy")
    lines = [line for line in out.splitlines() if line.startswith("If the game ended now: ")]
    assert len(lines) == out.count("seat 0> ")
    assert "seat 0 -10 (temples 0, water -10)" in lines[0]
