"""The game server's page in a real headless browser (the system's chromium, driven by
Playwright): two people and a bot (the operator's external bot, the example program) play a
whole game, each person in a browser page of their
own, by clicking the moves the page offers; then each page shows the final score and links
to the record and the replay.

Skipped only when chromium or Playwright is not installed (a developer's machine); CI
installs both (``.ci/run``)."""

from __future__ import annotations

import os
import shutil
import sys
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
SHOTS = os.environ.get("CACAO_SERVER_SCREENSHOTS")
"""A folder to keep screenshots of the pages in, when set."""


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


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def _settings(folder: Path, bots: dict[str, str]) -> Settings:
    return Settings(database=f"sqlite:///{folder / 'games.sqlite3'}", bots=bots)


def _lobby(browser: Browser, base: str, players: int, bot_seat: int, bot: str) -> Page:
    """Ann's page, on the lobby with a game of ``players`` and ``bot`` at ``bot_seat``
    chosen (not made yet)."""
    ann = browser.new_page(viewport={"width": 1400, "height": 1000})
    ann.goto(base + "/")
    ann.fill("#create-name", "Ann")
    ann.select_option("#players", str(players))
    ann.select_option(f"#seat-{bot_seat}", bot)  # offered: the operator named it
    return ann


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

        bob = browser.new_page(viewport={"width": 1400, "height": 1000})
        bob.goto(f"{base}/#game={game}")
        bob.wait_for_selector("#join-button:not([disabled])")
        assert "Ann" in bob.locator("#join-seats").inner_text()
        bob.fill("#join-name", "Bob")
        bob.click("#join-button")
        bob.wait_for_selector("#board svg")
        _shot(bob, "2-joined")

        people = {"Ann": ann, "Bob": bob}
        clicks = 0
        while not ann.locator("#finished").is_visible():
            clicked = False
            for page in people.values():
                button = page.locator("#moves button.move").first
                if button.count():
                    button.click()
                    clicks += 1
                    clicked = True
                    if clicks == 12:
                        _shot(page, "3-playing")
            if not clicked:
                ann.wait_for_timeout(30)
            assert clicks < 2_000, "the game does not end"
        bob.wait_for_selector("#finished:visible")

        for name, page in people.items():
            table = page.locator("#scores").inner_text()
            assert name in table and "example" in table and "wins" in table
            assert page.locator("#score-note").inner_text() == "(final)"
            assert page.locator("#events li").count() > 10
            assert "hand" not in page.locator("#error").inner_text()
        _shot(ann, "4-over")
        record = ann.request.get(base + (ann.locator("#record-link").get_attribute("href") or ""))
        assert record.ok and '[Seat0 "Ann"]' in record.text() and '[Seat1 "Bob"]' in record.text()
        ann.click("#replay-link")
        ann.wait_for_selector("svg")
        assert "Ann" in ann.content()
        _shot(ann, "5-replay")


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
        for _ in range(500):  # Ann's turn, then the program's
            if notice.count():
                break
            button = ann.locator("#moves button.move").first
            if button.count():
                button.click()
            else:
                ann.wait_for_timeout(50)
        assert notice.inner_text().startswith(
            "Seat 1: the bot program broken sent a line that is not JSON; the built-in "
            "random bot plays the seat from move "
        )
        _shot(ann, "6-notice")
