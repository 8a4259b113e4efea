"""``cacao-rules play``: games saved at the prompt, kept after Ctrl-C, and resumed."""

from __future__ import annotations

import io
import shlex
import sys
from pathlib import Path

import pytest

import cacao_rules as cr
from cacao_rules.cli import main


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *args: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


class _Interrupting:
    """Input that gives ``lines``, then Ctrl-C (KeyboardInterrupt) where the next would be."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = [line + "\n" for line in lines]

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        if not self._lines:
            raise KeyboardInterrupt
        return self._lines.pop(0)


def test_save_writes_a_record_that_play_resumes_and_replay_reads(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.txt"
    code, out, err = play(
        monkeypatch, capsys, ["1", "1", "1", f"save {saved}", "quit"], "--seed", "5",
        "--seats", "human,greedy",
    )  # fmt: skip
    assert code == 0, err
    assert f"saved to {saved}. Go on with it later:\n    cacao-rules play --resume {saved}\n" in out
    record = cr.GameRecord.from_text(saved.read_text())
    assert record.seed == 5 and record.seats == ("human", "greedy")
    assert record.moves and not record.replay()[-1].is_over
    code, out, err = play(monkeypatch, capsys, ["1"] * 400, "--resume", str(saved))
    assert code == 0, err
    assert out.startswith("Cacao, 2 players, seed 5: seat 0 human, seat 1 greedy\n")
    turn = record.replay()[-1].turn
    assert f"Resumed from {saved} at turn {turn}.\n" in out
    assert "Winner" in out.splitlines()[-1]
    assert main(["replay", str(saved)]) == 0
    replayed = capsys.readouterr().out
    assert f"{len(record.moves)}. s" in replayed


def test_the_resumed_game_goes_on_from_the_saved_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.txt"
    record_file = tmp_path / "whole.txt"
    args = ["--seats", "human,random", "--seed", "8"]
    play(monkeypatch, capsys, ["2", "1", "1", f"save {saved}", "quit"], *args)
    kept = cr.GameRecord.from_text(saved.read_text())
    code, _, err = play(
        monkeypatch, capsys, ["1"] * 400, "--resume", str(saved), "--record", str(record_file)
    )
    assert code == 0, err
    whole = cr.GameRecord.from_text(record_file.read_text())
    assert whole.moves[: len(kept.moves)] == kept.moves  # the saved part, then the rest
    assert whole.replay()[-1].is_over


def test_save_as_state_json_resumes_the_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    play(monkeypatch, capsys, ["1", "1", f"save {saved}", "quit"], "--seats", "human,greedy")
    state = cr.from_json(saved.read_text())
    assert not state.is_over
    code, out, err = play(monkeypatch, capsys, ["quit"], "--resume", str(saved), "--seats",
                          "human,greedy")  # fmt: skip
    assert code == 0, err
    assert f"Resumed from {saved} at turn {state.turn}." in out
    code, _, err = play(
        monkeypatch, capsys, [], "--resume", str(saved), "--seats", "human,greedy",
        "--record", str(tmp_path / "r.txt"),
    )  # fmt: skip
    assert code == 2
    assert "holds a position alone (state JSON)" in err


def test_ctrl_c_keeps_the_record_so_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.txt"
    monkeypatch.setattr("sys.stdin", _Interrupting(["1", "1", "1"]))
    args = ["play", "--seed", "2", "--seats", "human,greedy", "--record", str(path)]
    assert main(args) == 130
    out, err = capsys.readouterr()
    assert err.endswith(f"Go on with it:\n    cacao-rules play --resume {path}\n")
    record = cr.GameRecord.from_text(path.read_text())
    assert record.moves
    humans = [move for move, state in zip(record.moves, record.replay(), strict=False)
              if state.to_move == 0]  # fmt: skip
    assert len(humans) == 3
    assert out.count("seat 0> 1") == 3


def test_resume_takes_the_options_from_the_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.txt"
    play(monkeypatch, capsys, ["1", f"save {saved}", "quit"], "--seats", "human,greedy")
    code, _, err = play(monkeypatch, capsys, [], "--resume", str(saved), "--seed", "3")
    assert code == 2
    assert "leave out --seed" in err


def test_a_finished_or_missing_game_is_not_resumed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    done = tmp_path / "done.txt"
    assert main(["play", "--quiet", "--bots", "random", "--record", str(done)]) == 0
    capsys.readouterr()
    assert main(["play", "--resume", str(done)]) == 1
    assert "is over; see it with: cacao-rules replay" in capsys.readouterr().err
    assert main(["play", "--resume", str(tmp_path / "none.txt")]) == 1
    assert "cannot read" in capsys.readouterr().err


def _printed_command(out: str) -> list[str]:
    """The arguments of the ``cacao-rules play`` command the output says to go on with."""
    line = out.split("Go on with it later:\n", 1)[1].splitlines()[0]
    words = shlex.split(line)
    assert words[:2] == ["cacao-rules", "play"], line
    return words[2:]


@pytest.mark.parametrize("name", ["game.json", "game.txt"])
def test_the_command_save_prints_gives_the_person_their_seat_back(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
) -> None:
    """Issue 41, item 1: save, resume with the printed command, one more human move."""
    saved = tmp_path / name
    seats = ["--seats", "greedy,human,random"]
    code, out, err = play(monkeypatch, capsys, ["1", f"save {saved}", "quit"], *seats)
    assert code == 0, err
    resume = _printed_command(out)
    code, out, err = play(monkeypatch, capsys, ["1", "quit"], *resume)
    assert code == 0, err
    assert "seat 0 greedy, seat 1 human, seat 2 random" in out
    assert out.count("seat 1> ") == 2  # the person decides again, then quits


def test_a_program_seat_travels_in_the_printed_command_not_in_the_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.txt"
    bot = Path(__file__).resolve().parent.parent / "examples" / "external_bot.py"
    program = f"exec:{sys.executable} {bot}"
    code, out, err = play(
        monkeypatch, capsys, ["1", f"save {saved}", "quit"], "--seats", f"human,{program}"
    )
    assert code == 0, err
    resume = _printed_command(out)
    assert resume[-2:] == ["--seats", f"human,{program}"]
    code, out, err = play(monkeypatch, capsys, ["1", "quit"], *resume)
    assert code == 0, err
    assert out.count("seat 0> ") == 2


def test_a_resumed_game_goes_on_being_kept_in_its_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 41, item 2: without --record, the file resumed from is kept up to date, also
    after Ctrl-C, and the message's command goes on from there."""
    path = tmp_path / "game.txt"
    play(monkeypatch, capsys, ["1", f"save {path}", "quit"], "--seats", "human,greedy")
    saved = cr.GameRecord.from_text(path.read_text())
    monkeypatch.setattr("sys.stdin", _Interrupting(["1", "1"]))
    assert main(["play", "--resume", str(path)]) == 130
    _, err = capsys.readouterr()
    assert err.endswith(f"Go on with it:\n    cacao-rules play --resume {path}\n")
    kept = cr.GameRecord.from_text(path.read_text())
    assert kept.moves[: len(saved.moves)] == saved.moves
    assert len(kept.moves) > len(saved.moves)
    code, _, err = play(monkeypatch, capsys, ["1"] * 400, "--resume", str(path))
    assert code == 0, err
    assert cr.GameRecord.from_text(path.read_text()).replay()[-1].is_over


def test_a_position_resumed_from_state_json_is_kept_as_state_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    play(monkeypatch, capsys, ["1", f"save {path}", "quit"], "--seats", "human,greedy")
    turn = cr.from_json(path.read_text()).turn
    monkeypatch.setattr("sys.stdin", _Interrupting(["1", "1", "1"]))
    assert main(["play", "--resume", str(path), "--seats", "human,greedy"]) == 130
    _, err = capsys.readouterr()
    assert err.endswith(
        f"Go on with it:\n    cacao-rules play --resume {path} --seats human,greedy\n"
    )
    assert cr.from_json(path.read_text()).turn > turn
