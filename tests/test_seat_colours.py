"""The seats' colours keep the seats apart for colour-blind players too, and colour is never
the only cue: every worker tile on the board carries its seat's number, and the page's style
sheet uses the library's colours.

Each colour is seen as a person with protanopia, deuteranopia or tritanopia sees it (the
simulation matrices of Machado, Oliveira and Fernandes, 2009, at full severity, applied to
linear RGB), then compared in CIELAB: two seats' colours must stay at least
:data:`SEPARATION` apart (a difference of about 2 is just noticeable; 20 is plain at a
glance)."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

import cacao_rules as cr
from cacao_rules.show.svg import SEAT_COLOURS, board

SEPARATION = 20.0

SIMULATIONS = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
    "typical vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}
Matrix = tuple[tuple[float, float, float], ...]


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    """Linear sRGB (D65) to CIELAB."""
    red, green, blue = rgb
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: str, matrix: Matrix) -> tuple[float, float, float]:
    """``colour`` (``#rrggbb``) as seen through ``matrix``, in CIELAB."""
    rgb = [_linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5)]
    simulated = [
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    ]
    return _lab(simulated)


def test_the_simulation_confuses_what_it_should() -> None:
    """The check can fail: red and green, plain apart to most eyes, are close under
    deuteranopia, and the seats' old red and amber were 12 apart."""
    red, green = "#d32f2f", "#388e3c"
    typical, deutan = SIMULATIONS["typical vision"], SIMULATIONS["deuteranopia"]
    assert math.dist(seen(red, typical), seen(green, typical)) > 60
    assert math.dist(seen(red, deutan), seen(green, deutan)) < SEPARATION
    assert math.dist(seen("#c62828", deutan), seen("#a86800", deutan)) < SEPARATION


@pytest.mark.parametrize("vision", SIMULATIONS)
def test_every_two_seats_colours_stay_apart(vision: str) -> None:
    matrix = SIMULATIONS[vision]
    for first, second in itertools.combinations(range(len(SEAT_COLOURS)), 2):
        distance = math.dist(seen(SEAT_COLOURS[first], matrix), seen(SEAT_COLOURS[second], matrix))
        assert distance >= SEPARATION, (vision, first, second, round(distance, 1))


def test_every_worker_tile_on_the_board_shows_its_seat_number() -> None:
    """The second cue: the number, not only the colour, says whose tile it is."""
    state = cr.new_game(cr.Config.big_game(4), seed=5)
    for _ in range(60):  # a dozen tiles of each seat on the board
        state = cr.apply(state, cr.legal_moves(state)[-1])
    root = ET.fromstring(board(state))
    tiles = [
        g for g in root.iter("{http://www.w3.org/2000/svg}g") if "worker " in (g.get("class") or "")
    ]
    assert {tile.get("class") for tile in tiles} >= {f"worker seat-{seat}" for seat in range(4)}
    for tile in tiles:
        seat = re.search(r"seat-(\d)", tile.get("class") or "")
        labels = [text.text for text in tile.iter("{http://www.w3.org/2000/svg}text")]
        assert seat is not None and seat.group(1) in labels, (tile.get("class"), labels)


def test_the_page_uses_the_librarys_seat_colours() -> None:
    sheet = resources.files("cacao_rules.server").joinpath("static", "play.css").read_text()
    declared = dict(re.findall(r"--seat-(\d): (#[0-9a-f]{6})", sheet))
    assert declared == {str(seat): colour for seat, colour in enumerate(SEAT_COLOURS)}
