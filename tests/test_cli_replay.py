"""``cacao-rules play --record`` and ``cacao-rules replay``: in the terminal and as a page."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules.cli import build_parser, main
from cacao_rules.show.render import render, render_scores
from cacao_rules.show.replay_page import replay_page, svg_board, text_board

CONFIG = cr.Config(players=3, modules={cr.Module.MAP, cr.Module.HUTS})

WIDTH = 80
"""The width of the commands' text here: $COLUMNS, set for every test of this file."""


@pytest.fixture(autouse=True)
def _columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH))


def _record_file(tmp_path: Path) -> tuple[Path, cr.GameRecord]:
    path = tmp_path / "game.txt"
    argv = ["play", "--players", "3", "--seed", "7", "--modules", "map,huts", "--quiet"]
    assert main([*argv, "--record", str(path)]) == 0
    return path, cr.GameRecord.from_text(path.read_text(encoding="utf-8"))


def test_play_record_writes_the_game_it_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _path, record = _record_file(tmp_path)
    out, err = capsys.readouterr()
    assert err == ""
    bots: list[cr.Bot] = [cr.GreedyBot(28), cr.RandomBot(29), cr.RandomBot(30)]
    expected = cr.record_game(CONFIG, 7, bots, seats=["greedy", "random", "random"])
    assert record == expected
    assert out.endswith(render_scores(record.final(), width=WIDTH) + "\n")


def test_play_record_to_a_place_that_cannot_be_written_fails_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "game.txt"
    assert main(["play", "--quiet", "--record", str(target)]) == 1
    _, err = capsys.readouterr()
    assert err.startswith(f"cacao-rules: cannot write the record to {target}: ")


def test_replay_prints_every_move_the_boards_and_the_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, record = _record_file(tmp_path)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(
        "Cacao with map, huts, 3 players, seed 7: seat 0 greedy, seat 1 random, seat 2\n"
        "    random\n"  # wrapped at 80 columns
    )
    states = record.replay()
    for number, move in enumerate(record.moves, 1):
        assert f"\n{number}. seat {states[number - 1].to_move}: {move}\n" in out
    assert render(states[-1], width=WIDTH) in out
    assert out.count("Turn ") == states[-1].turn + 1
    assert out.endswith(render_scores(states[-1], width=WIDTH) + "\n")


def test_replay_move_shows_one_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = _record_file(tmp_path)
    capsys.readouterr()
    assert main(["replay", str(path), "--move", "5"]) == 0
    out, _ = capsys.readouterr()
    assert f"Move 5 of {len(record.moves)}:\n5. seat " in out
    assert out.endswith(render(record.replay()[5], width=WIDTH) + "\n")
    assert main(["replay", str(path), "--move", "0"]) == 0
    assert "The start" in capsys.readouterr()[0]
    too_far = str(len(record.moves) + 1)
    assert main(["replay", str(path), "--move", too_far]) == 2
    _, err = capsys.readouterr()
    assert f"error: --move {too_far}, but the record has {len(record.moves)} moves" in err
    assert main(["replay", str(path), "--move", "-1"]) == 2
    assert "expected a move number" in capsys.readouterr()[1]


def test_replay_color_draws_the_coloured_compact_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, record = _record_file(tmp_path)
    capsys.readouterr()
    position = record.replay()[5]
    assert main(["replay", str(path), "--move", "5", "--color", "always"]) == 0
    out, _ = capsys.readouterr()
    assert out.endswith(render(position, compact=True, colour=True, width=WIDTH) + "\n")
    assert "\x1b[" in out
    assert main(["replay", str(path), "--move", "5", "--color", "never"]) == 0
    out, _ = capsys.readouterr()
    assert out.endswith(render(position, width=WIDTH) + "\n")
    assert "\x1b[" not in out
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["replay", str(path), "--move", "5"]) == 0
    assert "\x1b[" not in capsys.readouterr()[0]
    assert main(["replay", str(path), "--color", "sometimes"]) == 2
    assert "invalid choice: 'sometimes'" in capsys.readouterr()[1]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_replay_on_a_terminal_waits_after_each_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, record = _record_file(tmp_path)
    monkeypatch.setattr(sys, "stdin", _Terminal("\nxyz\n40\nq\n"))
    out, err = _Terminal(), io.StringIO()
    args = build_parser().parse_args(["replay", str(path)])
    assert args.run(args, out, err) == 0
    text = out.getvalue()
    assert err.getvalue().count("-- Enter: next turn") == 4
    assert "not a move number: 'xyz'" in err.getvalue()
    assert f"Move 40 of {len(record.moves)}:" in text
    assert "\n41. seat " in text and "\n60. " not in text


def test_replay_of_a_bad_file_fails_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "none.txt")]) == 1
    assert "cacao-rules: cannot read " in capsys.readouterr()[1]
    path, _record = _record_file(tmp_path)
    capsys.readouterr()
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"\n3\. (s\d) .*\n", r"\n3. \1 pass\n", text), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert re.search(
        r"game.txt: record line \d+, move 3 \(s\d pass\) is not legal", capsys.readouterr()[1]
    )
    path.write_bytes(b"\xff\xfe")
    assert main(["replay", str(path)]) == 1
    assert "is not UTF-8 text" in capsys.readouterr()[1]


def test_replay_html_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = _record_file(tmp_path)
    page = tmp_path / "game.html"
    assert main(["replay", str(path), "--html", str(page)]) == 0
    assert page.read_text(encoding="utf-8") == replay_page(record)
    assert replay_page(record) != replay_page(record, text_board)


def test_the_page_keeps_free_text_out_of_the_markup() -> None:
    bots: list[cr.Bot] = [cr.RandomBot(1), cr.RandomBot(2)]
    record = cr.record_game(
        cr.Config(players=2), 1, bots, seats=["<b>ann</b>", "bob"], tags={"Event": "</script><i>"}
    )
    record = cr.GameRecord(
        record.config, record.seed, record.moves, record.seats, record.tags, {1: "</script>"}
    )
    page = replay_page(record, text_board)
    assert "<b>" not in page and "<i>" not in page
    assert page.count("</script>") == 2  # the end of the two script elements only
    assert "&lt;b&gt;ann&lt;/b&gt;" in page and "&lt;/script&gt;&lt;i&gt;" in page


def _page_document(page: str) -> dict[str, Any]:
    start = page.index('<script type="application/json" id="game">')
    text = page[page.index(">", start) + 1 : page.index("</script>", start)]
    document: dict[str, Any] = json.loads(text)
    return document


def test_the_page_shares_the_pieces_of_its_pictures() -> None:
    bots: list[cr.Bot] = [cr.GreedyBot(1), cr.RandomBot(2), cr.RandomBot(3)]
    record = cr.record_game(CONFIG, 7, bots)
    page = replay_page(record)
    document = _page_document(page)
    states = record.replay()
    pictures = []
    for position, state, move in zip(
        document["positions"], states, (None, *record.moves), strict=True
    ):
        rebuilt = "".join(document["pieces"][i] for i in document["boards"][position["board"]])
        assert rebuilt == svg_board(state, move)  # the very same picture
        pictures.append(rebuilt)
    # Each picture whole would take four times the page, and more.
    assert 4 * len(page) < sum(len(picture) for picture in pictures)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="needs headless chromium (apt-get install chromium)")
def test_the_page_steps_through_the_game_in_a_browser(tmp_path: Path) -> None:
    bots: list[cr.Bot] = [cr.GreedyBot(1), cr.RandomBot(2), cr.RandomBot(3)]
    record = cr.record_game(CONFIG, 7, bots)
    record = cr.GameRecord(
        record.config, record.seed, record.moves, record.seats, comments={12: "a <comment>"}
    )
    page = tmp_path / "game.html"
    page.write_text(replay_page(record), encoding="utf-8")
    states = record.replay()
    for number in (0, 12, len(record.moves)):
        assert CHROMIUM is not None
        dom = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--dump-dom",
                f"{page.as_uri()}#{number}",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        where = "Start" if number == 0 else f"Move {number} of {len(record.moves)}"
        assert f'<span id="where">{where}</span>' in dom
        board = dom.split('<div id="board">')[1].split("</svg>")[0]
        assert board.startswith("<svg")
        assert f"Turn {states[number].turn} " in board
        if number:
            before = states[number - 1]
            move = f"{number}. seat {before.to_move}: {record.moves[number - 1]}"
            assert f'<span id="move">{move}</span>' in dom
            assert "If the game ended now: seat 0 " in dom.split('<p id="standing">')[1]
            assert re.search(rf'<li data-at="{number}"[^>]*class="[^"]*current', dom)
        if number == 12:
            assert '<p id="comment">a &lt;comment&gt;</p>' in dom
        if number == len(record.moves):
            assert "Winner" in dom.split('<div id="scores">')[1]


class _Interrupting(_Terminal):
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


def test_replay_interrupted_on_a_terminal_exits_130_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = _record_file(tmp_path)
    monkeypatch.setattr(sys, "stdin", _Interrupting())
    out, err = _Terminal(), io.StringIO()
    args = build_parser().parse_args(["replay", str(path)])
    assert args.run(args, out, err) == 130
    assert err.getvalue().endswith("\ncacao-rules replay: interrupted\n")
    assert "Traceback" not in err.getvalue()
