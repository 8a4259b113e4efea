"""The game server's page in a real headless browser (the system's chromium, driven by
Playwright): two people and a bot (the operator's external bot, the example program) play a
whole game, each person in a browser page of their own, by clicking the board (the hand's
tiles, the lit squares, the edges, the labelled answers, then Confirm: never the list of
moves in notation); one of them joins from the lobby's list, reloads in the middle and
keeps the seat; a spectator sees no hand; each page ends with the final score sheet and
links to the record and the replay. A person on a phone-sized page plays a whole game
against a bot, the first decision with the keyboard only, and asks for a rematch.

Skipped only when chromium or Playwright is not installed (a developer's machine); CI
installs both (``.ci/run``)."""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
playwright = pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from cacao_rules.server.settings import Settings  # noqa: E402
from server_helpers import running  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "external_bot.py"
SHOTS = Path(
    os.environ.get("CACAO_SERVER_SCREENSHOTS")
    or Path(__file__).resolve().parent.parent / "artifacts" / "browser"
)
"""The folder the screenshots of the pages are kept in, to be looked at (git-ignored)."""
KIND = "(() => { const asked = question(); return asked && (pending ? 'confirm' : asked.kind); })()"
"""The kind of question the page asks now (the library's ``QuestionKind``), or ``confirm``."""


@pytest.fixture
def browser() -> Iterator[Browser]:
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            yield chromium
        finally:
            chromium.close()


def _shot(page: Page, name: str, full_page: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def _settings(folder: Path, bots: dict[str, str]) -> Settings:
    return Settings(database=f"sqlite:///{folder / 'games.sqlite3'}", bots=bots)


def _lobby(browser: Browser, base: str, players: int, bot_seat: int, bot: str) -> Page:
    """Ann's page, on the lobby with a game of ``players`` and ``bot`` at ``bot_seat``
    chosen (not made yet)."""
    ann = browser.new_page(viewport={"width": 1366, "height": 768})
    ann.goto(base + "/")
    ann.fill("#create-name", "Ann")
    ann.select_option("#players", str(players))
    ann.select_option(f"#seat-{bot_seat}", bot)  # offered: the operator named it
    return ann


def _wait_for_a_decision(page: Page) -> None:
    """Wait until ``page`` asks its person for a placement: the hand's tiles to choose from,
    or, when every tile in hand is alike (the library then asks no such question), the
    squares lit for it."""
    page.wait_for_selector("#decide:visible")
    page.wait_for_function(
        "document.querySelector('#hand .tile') || document.querySelector('g#marks .pick')"
    )


def _step(page: Page, clicked: dict[str, int], shots: set[str] | None = None) -> bool:
    """One click of ``page``'s person towards their move, as a person plays: Confirm when a
    move waits for it, else the first answer the page offers (a lit square or edge of the
    board, a hand tile, a labelled button, the turned tile); False when the page asks
    nothing. ``clicked`` counts the clicks by where they were made; with ``shots``, the
    first question of each kind the person is asked is kept as a screenshot (named by the
    page's person and the kind) and its name added to ``shots``."""
    if shots is not None:
        kind = page.evaluate(KIND)
        name = f"{page.evaluate('view && view.names[view.seat]')}-{kind}"
        if kind and name not in shots:
            shots.add(name)
            _shot(page, f"decision-{name}", full_page=False)
    for where, selector in (
        ("confirm", "#confirm-button:visible"),
        ("board", "g#marks .pick"),
        ("hand", "#decide:visible #hand .tile:not(.chosen)"),
        ("button", "#choices button:visible"),
        ("put", "#put:visible"),
    ):
        target = page.locator(selector).first
        if target.count():
            target.click()
            clicked[where] = clicked.get(where, 0) + 1
            return True
    return False


def _play(
    pages: list[Page],
    clicked: dict[str, int],
    until: Page,
    limit: int = 3_000,
    shots: set[str] | None = None,
) -> None:
    """Let each of ``pages`` click its way through its decisions until ``until`` shows the
    finished game (with ``shots``, as :func:`_step` keeps them)."""
    while not until.locator("#finished").is_visible():
        if not any([_step(page, clicked, shots) for page in pages]):
            until.wait_for_timeout(30)
        assert sum(clicked.values()) < limit, "the game does not end"


def test_two_people_and_a_bot_play_a_whole_game_in_the_browser(
    browser: Browser, tmp_path: Path
) -> None:
    bots = {"example": f"exec:{sys.executable} {EXAMPLE}"}
    with running(_settings(tmp_path, bots)) as base:
        ann = _lobby(browser, base, 3, 2, "example")
        ann.check("#module-map")
        _shot(ann, "1-lobby")
        ann.click("#create-button")
        ann.wait_for_selector("#board svg")
        game = ann.evaluate("new URLSearchParams(location.hash.slice(1)).get('game')")
        assert ann.locator("#invite").inner_text().endswith(f"/#game={game}")
        assert "kept in this browser" in ann.locator("#seat-note").inner_text()

        bob = browser.new_page(viewport={"width": 1366, "height": 768})
        bob.goto(base + "/")
        listed = bob.locator("#open-games li", has_text="Ann waiting")
        assert "3 players · map" in listed.inner_text() and "1 seat free" in listed.inner_text()
        bob.fill("#create-name", "Bob")
        _shot(bob, "2-lobby-with-a-game")
        listed.locator("button.join-game").click()  # one click to join
        bob.wait_for_selector("#board svg")
        _shot(bob, "2-joined")

        watcher = browser.new_page(viewport={"width": 1366, "height": 768})
        watcher.goto(base + "/")
        watcher.locator("#playing-games a.watch").click()
        watcher.wait_for_selector("#board svg")
        _shot(watcher, "3-spectator")
        assert watcher.locator("#spectating").is_visible()
        seen = watcher.locator("#panels").inner_html()
        assert "face down" in seen and "(you)" not in seen

        clicked: dict[str, int] = {}
        people = [ann, bob]
        while clicked.get("confirm", 0) < 8:  # a few moves each, then Bob reloads
            if not any([_step(page, clicked) for page in people]):
                ann.wait_for_timeout(30)
        bob.reload()
        bob.wait_for_selector("#board svg")
        assert bob.locator("#join").is_hidden() and "Bob, seat 1" in bob.inner_text("#status")
        _play(people, clicked, ann)
        bob.wait_for_selector("#finished:visible")
        assert clicked["board"] > 20 and clicked["confirm"] > 20 and clicked["hand"] > 10, clicked
        assert watcher.locator("#hand .tile").count() == 0
        assert watcher.locator("#moves button").count() == 0

        for name, page in (("Ann", ann), ("Bob", bob)):
            sheet = page.locator("#sheet").inner_text()
            assert name in sheet and "example" in sheet and "wins" in sheet and "temples" in sheet
            assert page.locator("#score-head").inner_text() == "Final"
            assert page.locator("#last-turn li").count() >= 1
            assert page.locator("#events li").count() > 10
            assert page.locator("#error").inner_text() == ""
        _shot(ann, "4-over")
        record = ann.request.get(base + (ann.locator("#record-link").get_attribute("href") or ""))
        assert record.ok and '[Seat0 "Ann"]' in record.text() and '[Seat1 "Bob"]' in record.text()
        ann.click("#replay-link")
        ann.wait_for_selector("svg")
        assert "Ann" in ann.content()
        _shot(ann, "5-replay")


SQUARE_PIXELS = """(() => {
  const svg = document.querySelector('#board svg');
  return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * 48;
})()"""
"""A board square's side on the screen, in pixels."""


def _readable(page: Page, width: int) -> None:
    """The board's squares are big enough to read and touch, and the page never scrolls
    sideways (a board too wide for the window scrolls in its own box)."""
    assert page.evaluate(SQUARE_PIXELS) >= 34
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.slow  # two and a half minutes; the page and the server are the same on every
# Python and build (the server is interpreted in both), so it runs in one session only
def test_two_people_in_two_browsers_play_a_whole_big_game_with_two_bots(
    browser: Browser, tmp_path: Path
) -> None:
    """Ann at a laptop's window, Bob on a phone held upright, each in a browser of their
    own (two contexts: nothing shared), and two random bots play the whole 4-player Big
    Game, every decision made on the board. The first question of each kind each person is
    asked is kept as a screenshot (``SHOTS``)."""
    with running(_settings(tmp_path, {})) as base:
        ann = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        ann.goto(base + "/")
        ann.fill("#create-name", "Ann")
        ann.select_option("#players", "4")
        ann.check("#big-game")
        assert ann.locator("#module-map").is_disabled()
        for seat in (2, 3):
            ann.select_option(f"#seat-{seat}", "random")
        ann.click("#create-button")
        ann.wait_for_selector("#board svg")

        bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        bob.goto(base + "/")
        listed = bob.locator("#open-games li", has_text="Ann waiting")
        assert "4 players, Big Game" in listed.inner_text()
        bob.fill("#create-name", "Bob")
        listed.locator("button.join-game").click()
        bob.wait_for_selector("#board svg")
        assert bob.locator("#table-details").get_attribute("open") is None  # folded

        clicked: dict[str, int] = {}
        shots: set[str] = set()
        started = time.monotonic()
        middle = {ann: "square", bob: "rotation"}  # the pictures in docs/server.md
        while middle:
            if not any([_step(page, clicked, shots) for page in (ann, bob)]):
                ann.wait_for_timeout(30)
            for page, kind in list(middle.items()):
                if clicked.get("confirm", 0) >= 40 and page.evaluate(KIND) == kind:
                    _shot(page, f"big-game-middle-{kind}", full_page=False)
                    del middle[page]
        _play([ann, bob], clicked, ann, limit=20_000, shots=shots)
        seconds = time.monotonic() - started
        bob.wait_for_selector("#finished:visible")
        print(f"the Big Game took {seconds:.0f} s and {sum(clicked.values())} clicks: {clicked}")
        kinds = {name.split("-", 1)[1] for name in shots}
        print("questions seen:", sorted(kinds))
        assert {"hand_tile", "square", "rotation", "jungle_tile", "edge", "confirm"} <= kinds
        assert clicked["board"] > 40 and clicked["confirm"] > 60, clicked
        for page, width in ((ann, 1366), (bob, 390)):
            _readable(page, width)
            sheet = page.locator("#sheet").inner_text()
            assert "Ann" in sheet and "Bob" in sheet and "wins" in sheet
            assert page.locator("#error").inner_text() == ""
        _shot(ann, "big-game-over-laptop")
        _shot(bob, "big-game-over-phone")


def test_a_phone_sized_page_plays_a_game_with_the_keyboard_first_then_a_rematch(
    browser: Browser, tmp_path: Path
) -> None:
    with running(_settings(tmp_path, {})) as base:
        ann = browser.new_page(viewport={"width": 390, "height": 844})
        ann.goto(base + "/")
        ann.fill("#create-name", "Ann")
        ann.select_option("#players", "2")
        ann.select_option("#seat-1", "random")
        ann.click("#create-button")
        _wait_for_a_decision(ann)
        if ann.locator("#hand .tile").count():  # a tile (unless all in hand are alike)
            ann.locator("#hand .tile").last.click()
        ann.locator("g#marks .pick").first.click()  # and a square, then the notation list
        ann.click("#notation summary")
        first_move = ann.locator("#moves button.move").first
        notation = first_move.inner_text()
        first_move.click()
        assert ann.inner_text("#pending") == notation  # confirmed before it is sent
        ann.click("#cancel-button")
        ann.keyboard.press("Escape")
        ann.keyboard.press("Escape")
        assert ann.locator("#hand .tile.chosen").count() == 0 and ann.is_hidden("#confirm")
        if ann.locator("#hand .tile").count():  # the first decision with the keyboard only
            ann.focus("#hand .tile")
            ann.keyboard.press("Enter")
        ann.wait_for_selector("g#marks .pick")
        ann.focus("g#marks .pick")
        ann.keyboard.press("ArrowRight")
        assert ann.evaluate("document.activeElement.getAttribute('aria-label')")  # named
        ann.keyboard.press("Enter")
        if ann.locator("#rotate:visible").count():  # a tile that looks different turned
            before = ann.inner_text("#prompt")
            ann.keyboard.press("r")
            assert ann.inner_text("#prompt") != before and "2 of" in ann.inner_text("#prompt")
            ann.keyboard.press("Shift+R")
            ann.focus("g#marks .pick")
            ann.keyboard.press("Enter")
        assert ann.evaluate("document.activeElement.id") == "confirm-button"
        ann.keyboard.press("Enter")
        ann.locator("#last-turn li", has_text=" places ").first.wait_for()  # the move was played
        clicked: dict[str, int] = {}
        _play([ann], clicked, ann)
        assert clicked["board"] > 10, clicked
        assert ann.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
        first = ann.url
        ann.click("#rematch")
        ann.wait_for_url(lambda url: url != first)
        _wait_for_a_decision(ann)  # the bot took its seat again
        assert ann.locator("#finished").is_hidden()


def test_the_page_tells_the_player_of_a_bot_program_that_broke_down(
    browser: Browser, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text(
        "import sys\nsys.stdin.readline()\n"
        'print(\'{"type": "ready", "name": "broken"}\', flush=True)\n'
        "for line in sys.stdin:\n    print('oops', flush=True)\n",
        encoding="utf-8",
    )
    with running(_settings(tmp_path, {"broken": f"exec:{sys.executable} {broken}"})) as base:
        ann = _lobby(browser, base, 2, 1, "broken")
        ann.click("#create-button")
        notice = ann.locator("#notices li")
        clicked: dict[str, int] = {}
        for _ in range(500):  # Ann's turn, then the program's
            if notice.count():
                break
            if not _step(ann, clicked):
                ann.wait_for_timeout(50)
        assert notice.inner_text().startswith(
            "Seat 1: the bot program broken sent a line that is not JSON; the built-in "
            "random bot plays the seat from move "
        )
        _shot(ann, "6-notice")


def _seconds(clock: str) -> int:
    """The seconds a seat's clock on the page shows (``M:SS``)."""
    minutes, seconds = clock.split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_timed_game_shows_each_seats_clock_counting_down(
    browser: Browser, tmp_path: Path
) -> None:
    """Issue 37, item 6: the clock set in the new-game form, shown for every seat, the
    running one counting down on the page between the server's views."""
    with running(_settings(tmp_path, {})) as base:
        ann = _lobby(browser, base, 2, 1, "random")
        ann.fill("#clock-minutes", "10")
        ann.fill("#clock-increment", "5")
        ann.click("#create-button")
        _wait_for_a_decision(ann)  # Ann's turn: her clock runs
        ticking = ann.locator("#seats tr.you .clock.running")
        first = ticking.inner_text()
        assert 590 <= _seconds(first) <= 600 and ticking.is_visible()
        other = ann.locator("#seats tr:not(.you) .clock").inner_text()
        assert 590 <= _seconds(other) <= 605  # its time, not running (the bot moves at once)
        ann.wait_for_function(
            "(first) => document.querySelector('#seats tr.you .clock').textContent !== first",
            arg=first,
        )
        assert _seconds(ticking.inner_text()) < _seconds(first)  # counted down on the page
        _shot(ann, "7-clocks")
        lobby = browser.new_page()
        lobby.goto(base + "/")
        listed = lobby.locator("#playing-games li").first.inner_text()
        assert "clock 10 min + 5 s a move" in listed, listed
