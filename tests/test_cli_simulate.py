"""``cacao-rules simulate``: the summary, --jobs, --out, the progress bar and Ctrl-C."""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules.agents import playing, simulation
from cacao_rules.agents.result_rows import csv_row, json_row
from cacao_rules.cli import main

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _rows(out: str, title: str) -> dict[str, list[str]]:
    """The rows of the table under ``title``, by their first cell (a bot or ``seat N``)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title)) + 2
    rows: dict[str, list[str]] = {}
    for line in lines[start:]:
        if not line:
            break
        name, cells = (line[:8].strip(), line[8:].split())
        if name == "seat":  # "seat 0" is wider than its first word
            name, cells = f"seat {cells[0]}", cells[1:]
        rows[name] = cells
    return rows


def _win_rates(out: str) -> dict[str, list[str]]:
    return _rows(out, "Win rates")


def test_the_summary_gives_win_rates_with_intervals_per_bot_and_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--games", "6", "--seed", "10", "--bots", "greedy,random", "--jobs", "1"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar when stderr is not a terminal
    assert out.startswith(
        "6 games, 2 players, seeds 10 to 15, lineup greedy,random (seats rotate)\n\n"
    )
    results = list(cr.simulate(cr.Config(players=2), ["greedy", "random"], 6, seed=10))
    summary = cr.SimulationSummary.of(results)
    rows = _win_rates(out)
    assert list(rows) == ["greedy", "random", "seat 0", "seat 1"]
    for standing in (*summary.bots, *summary.seats):
        rate = standing.win_rate
        played, wins, share, low, _, high = rows[standing.name]
        assert int(played) == rate.played
        assert float(wins) == pytest.approx(rate.wins, abs=0.005)
        assert share == f"{rate.rate:.1%}"
        assert (low, high) == (f"{rate.low:.1%}", f"{rate.high:.1%}")
    scores = _rows(out, "Average final score")
    header = next(line for line in out.splitlines() if line.lstrip().startswith("gold"))
    assert header.split() == ["gold", "temples", "sun", "water", "total", "cacao"]
    for standing in (*summary.bots, *summary.seats):
        expected = [f"{value:.2f}" for value in standing.mean_scores.values()]
        assert scores[standing.name] == expected
    last = out.splitlines()[-1]
    assert last.startswith(f"6 games, {summary.decisions} decisions in ")
    assert last.endswith("decisions per second (bots' thinking included)")
    assert " on 1 process: " in last and " games and " in last


def test_a_shared_win_counts_one_over_k(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "3", "--players", "3", "--bots", "random", "--jobs", "1"]
    assert main(argv) == 0
    rows = _win_rates(capsys.readouterr().out)
    assert sum(float(rows[f"seat {seat}"][1]) for seat in range(3)) == pytest.approx(3)
    assert rows["random"][:2] == ["9", "3.00"]  # one bot in every seat: 9 seat-games


def test_fixed_seats_keep_each_bot_in_its_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "3", "--bots", "greedy,random", "--jobs", "1", "--fixed-seats"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "lineup greedy,random (fixed seats)" in out
    rows = _win_rates(out)
    assert rows["greedy"] == rows["seat 0"] and rows["random"] == rows["seat 1"]


def _tables(out: str) -> str:
    """The output without its last line (the speed, which differs between runs)."""
    return out.rsplit("\n", 2)[0]


def test_two_jobs_print_the_same_figures_as_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["simulate", "--games", "25", "--players", "3", "--bots", "random"]
    assert main([*argv, "--jobs", "1", "--out", str(tmp_path / "one.jsonl")]) == 0
    one = capsys.readouterr().out
    assert main([*argv, "--jobs", "2", "--out", str(tmp_path / "two.jsonl")]) == 0
    two = capsys.readouterr().out
    assert _tables(one) == _tables(two)
    assert " on 2 processes: " in two.splitlines()[-1]
    lines = {
        name: (tmp_path / name).read_text().splitlines() for name in ("one.jsonl", "two.jsonl")
    }
    assert (
        sorted(lines["two.jsonl"], key=lambda line: json.loads(line)["game"]) == lines["one.jsonl"]
    )


def test_out_jsonl_writes_a_row_per_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    argv = ["simulate", "--games", "4", "--seed", "3", "--modules", "huts", "--jobs", "1"]
    assert main([*argv, "--bots", "greedy,random", "--out", str(path), "--moves"]) == 0
    capsys.readouterr()
    config = cr.Config(players=2, modules={cr.Module.HUTS})
    results = cr.simulate(config, ["greedy", "random"], 4, seed=3, record=True)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows == [json_row(result) for result in results]
    assert rows[1]["bots"] == ["random", "greedy"] and rows[1]["seed"] == 4
    assert "hut bonus" in rows[0]["scores"][0]
    state = cr.new_game(config, seed=rows[0]["seed"])
    for text in rows[0]["moves"]:
        state = cr.apply(state, cr.parse_move(text))
    assert list(cr.winners(state)) == rows[0]["winners"]


def test_out_csv_writes_a_header_and_a_row_per_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.CSV"
    argv = ["simulate", "--games", "3", "--players", "3", "--bots", "random", "--jobs", "2"]
    assert main([*argv, "--out", str(path)]) == 0
    capsys.readouterr()
    with path.open(newline="") as stream:
        rows = sorted(csv.DictReader(stream), key=lambda row: int(row["game"]))
    results = cr.simulate(cr.Config(players=3), ["random"] * 3, 3, seed=1)
    expected = [{key: str(value) for key, value in csv_row(result).items()} for result in results]
    assert rows == expected
    assert list(rows[0])[:5] == ["game", "seed", "winners", "decisions", "seat0_bot"]
    assert "moves" not in rows[0]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_with_rate_and_time_left_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["simulate", "--games", "3", "--bots", "random", "--jobs", "1"]) == 0
    progress = terminal.getvalue()
    assert "0/3 games   0% ? game/s ? left |" in progress  # count, rate, time left, bar
    assert progress.endswith("\r")  # the bar is wiped before the results are printed
    assert progress.split("\r")[-2].strip() == ""
    assert capsys.readouterr().out.startswith("3 games, 2 players, seeds 1 to 3")


def test_quiet_draws_no_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["simulate", "--games", "2", "--bots", "random", "--jobs", "1", "--quiet"]) == 0
    assert terminal.getvalue() == ""


def _command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "cacao_rules", "simulate", *argv]


def _environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": SRC}


def test_the_bar_fits_a_narrow_terminal() -> None:
    """The bar on a real 30-column terminal (a pseudo-terminal) never wraps to a new line."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 30, 0, 0))
    argv = _command("--games", "40", "--bots", "random", "--jobs", "1")
    with subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=follower, env=_environment()
    ) as process:
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the command ended and closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        assert process.wait(timeout=120) == 0
    os.close(leader)
    text = seen.decode()
    assert "/40 games " in text
    assert "\n" not in text.replace("\r\n", "\n").strip("\n")  # one line, redrawn with \r
    assert max(len(frame) for frame in text.split("\r")) <= 30


def _interrupting(
    monkeypatch: pytest.MonkeyPatch, game: int, interrupt: Callable[[], None]
) -> None:
    """Make ``interrupt`` happen as game number ``game`` (from 1) of the run starts."""
    played = playing.play_game
    calls = []

    def play_game(*args: Any) -> Any:
        calls.append(args)
        if len(calls) == game:
            interrupt()
        return played(*args)

    monkeypatch.setattr(simulation, "play_game", play_game)


def test_ctrl_c_in_process_stops_after_the_game_being_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _interrupting(monkeypatch, 4, lambda: os.kill(os.getpid(), signal.SIGINT))
    path = tmp_path / "games.jsonl"
    argv = ["simulate", "--games", "10", "--bots", "random", "--jobs", "1", "--out", str(path)]
    assert main(argv) == 130
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("4 of 10 games, 2 players")
    assert "Interrupted (Ctrl-C): the figures are of the games that finished." in out
    assert _win_rates(out)["random"][0] == "8"  # 4 games, 2 seats each
    assert len(path.read_text().splitlines()) == 4
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # restored


def test_a_second_ctrl_c_stops_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def twice() -> None:
        os.kill(os.getpid(), signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        # The second Ctrl-C: what default_int_handler does, raised here so that it cannot
        # land in some other code's callback (a garbage-collector hook) instead.
        raise KeyboardInterrupt

    _interrupting(monkeypatch, 3, twice)
    assert main(["simulate", "--games", "10", "--bots", "random", "--jobs", "1"]) == 130
    out = capsys.readouterr().out
    assert out.startswith("2 of 10 games, 2 players")


@pytest.mark.parametrize(("jobs", "group"), [("1", False), ("2", False), ("2", True)])
def test_ctrl_c_for_real_stops_cleanly(tmp_path: Path, jobs: str, group: bool) -> None:
    """SIGINT to the command (or, as a terminal's Ctrl-C does, to its whole process group,
    pool workers included): no traceback, the summary of the finished games, status 130."""
    path = tmp_path / "games.jsonl"
    argv = _command("--games", "200000", "--bots", "random", "--jobs", jobs, "--out", str(path))
    with subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_environment(),
        start_new_session=True,
    ) as process:
        deadline = time.monotonic() + 120
        while not (path.exists() and path.stat().st_size > 0):  # games are finishing
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        sent = time.monotonic()
        if group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert time.monotonic() - sent < 30
    assert "Traceback" not in err and err == ""
    assert " of 200000 games, 2 players" in out.splitlines()[0]
    assert "Interrupted (Ctrl-C)" in out
    finished = int(out.splitlines()[0].split()[0])
    assert 0 < finished < 200000
    assert len(path.read_text().splitlines()) == finished


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", "games.txt"], "the file's name must end in .jsonl (JSON Lines) or .csv"),
        (["--moves"], "--moves adds the moves to the rows of --out; give --out FILE too"),
        (["--jobs", "0"], "argument --jobs: must be at least 1, got 0"),
    ],
)
def test_bad_arguments_exit_with_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_an_unwritable_out_file_exits_with_status_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "missing" / "games.csv"
    assert main(["simulate", "--games", "1", "--out", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"cacao-rules simulate: cannot write {path}: No such file or directory\n"
