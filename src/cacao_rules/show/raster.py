"""The board as an RGB image, drawn with NumPy alone: :func:`frame`.

PettingZoo's ``render_mode="rgb_array"`` wants each frame of a game as an array of
pixels, for videos of self-play, without a browser or an image library. :func:`frame` draws
the board the way :func:`cacao_rules.show.svg.board` does, in its colours: jungle tiles as
squares in their kind's colour with their letter and value, worker tiles in a tint of the
owner's colour with a dot for each worker on each edge, a black corner on an overbuilt tile,
a gold ring on the Emperor's square, and beneath the board a strip per player with their
colour, gold, cacao (brown dots) and sun tokens (yellow dots).

NumPy is a dependency of the ``pettingzoo`` extra only; ``import cacao_rules`` never
imports this module.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from ..game.components import JungleTile, WorkerTile
from ..game.geometry import Square
from .render import open_jungle_spaces
from .seats import Shown, seat_summaries
from .svg import KIND_COLOURS, SEAT_COLOURS, tint

Image = npt.NDArray[np.uint8]
"""An image: height x width x 3 RGB bytes."""

_FONT: Final = {
    "0": "111101101101111",
    "1": "010110010010111",
    "2": "111001111100111",
    "3": "111001111001111",
    "4": "101101111001001",
    "5": "111100111001111",
    "6": "111100111101111",
    "7": "111001001001001",
    "8": "111101111101111",
    "9": "111101111001111",
    "-": "000000111000000",
    "C": "111100100100111",
    "D": "110101101101110",
    "G": "111100101101111",
    "I": "111010010010111",
    "K": "101101110101101",
    "L": "100100100100111",
    "M": "101111111101101",
    "P": "111101111100100",
    "S": "111100111001111",
    "T": "111010010010010",
    "W": "101101111111101",
}
"""A 3 x 5 pixel font for the letters of the jungle codes, digits and minus."""

_BACKGROUND: Final = "#fbfaf5"
_BOARD: Final = "#e7efdc"
_SPACE: Final = "#f6f9f1"
_STRIP: Final = 28


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _box(image: Image, top: int, left: int, height: int, width: int, colour: str) -> None:
    image[max(top, 0) : top + height, max(left, 0) : left + width] = _rgb(colour)


def _text(image: Image, top: int, left: int, text: str, colour: str, scale: int) -> None:
    """``text`` in the 3 x 5 font, each font pixel ``scale`` pixels wide."""
    for index, char in enumerate(text):
        glyph = _FONT.get(char)
        if glyph is None:
            continue
        x0 = left + index * 4 * scale
        for bit, on in enumerate(glyph):
            if on == "1":
                row, column = divmod(bit, 3)
                _box(image, top + row * scale, x0 + column * scale, scale, scale, colour)


def _centred(image: Image, top: int, left: int, side: int, text: str, colour: str) -> None:
    scale = max(1, side // 16)
    width = (4 * len(text) - 1) * scale
    _text(image, top + (side - 5 * scale) // 2, left + (side - width) // 2, text, colour, scale)


def _jungle(image: Image, top: int, left: int, side: int, tile: JungleTile) -> None:
    fill, ink = KIND_COLOURS[tile.kind]
    _box(image, top + 1, left + 1, side - 2, side - 2, "#263238")
    _box(image, top + 2, left + 2, side - 4, side - 4, fill)
    code = tile.code[0] if tile.gems is not None else tile.code
    _centred(image, top, left, side, code, ink)


def _worker(image: Image, top: int, left: int, side: int, tile: WorkerTile, covered: bool) -> None:
    colour = SEAT_COLOURS[tile.owner]
    _box(image, top + 1, left + 1, side - 2, side - 2, colour)
    _box(image, top + 3, left + 3, side - 6, side - 6, tint(colour))
    dot = max(2, side // 10)
    inset = 3 + dot
    for index, count in enumerate(tile.edges):
        for i in range(count):
            along = side // 2 + int((i - (count - 1) / 2) * (dot + 2)) - dot // 2
            y, x = [
                (inset - dot, along),
                (along, side - inset),
                (side - inset, along),
                (along, inset - dot),
            ][index]
            _box(image, top + y, left + x, dot, dot, colour)
    if covered:
        for row in range(side // 3):
            _box(image, top + 1 + row, left + 1, 1, side // 3 - row, "#212121")


def _ring(image: Image, top: int, left: int, side: int, colour: str) -> None:
    for width in range(2):
        _box(image, top + width, left, 1, side, colour)
        _box(image, top + side - 1 - width, left, 1, side, colour)
        _box(image, top, left + width, side, 1, colour)
        _box(image, top, left + side - 1 - width, side, 1, colour)


def _strip(image: Image, top: int, shown: Shown) -> None:
    """One strip per player: colour, gold, cacao dots and sun dots."""
    for summary in seat_summaries(shown):
        y = top + summary.seat * _STRIP
        _box(image, y + 4, 4, _STRIP - 8, _STRIP - 8, SEAT_COLOURS[summary.seat])
        _text(image, y + 6, _STRIP, str(summary.gold), "#212121", 3)
        x = _STRIP + 4 * 3 * 4
        for colour, count in [
            ("#795548", summary.cacao + summary.chocolate),
            ("#fbc02d", summary.sun),
        ]:
            for _ in range(count):
                _box(image, y + 9, x, 10, 10, colour)
                x += 14
            x += 14


def frame(shown: Shown, square: int = 32) -> Image:
    """``shown`` (a state or an observation) as an RGB image, ``square`` pixels a square.

    >>> import cacao_rules as cr
    >>> image = frame(cr.new_game(cr.Config(players=2), seed=1))
    >>> image.shape, image.dtype.name
    ((136, 168, 3), 'uint8')
    """
    spaces = open_jungle_spaces(shown.board)
    used: list[Square] = [*shown.board, *spaces] or [(0, 0)]
    xs = range(min(x for x, _ in used), max(x for x, _ in used) + 1)
    ys = range(min(y for _, y in used), max(y for _, y in used) + 1)
    margin = square // 4
    width = max(len(xs) * square + 2 * margin, 168)
    height = len(ys) * square + 2 * margin + len(shown.players) * _STRIP
    image = np.empty((height, width, 3), dtype=np.uint8)
    image[:, :] = _rgb(_BACKGROUND)
    _box(image, margin, margin, len(ys) * square, len(xs) * square, _BOARD)

    def corner(sq: Square) -> tuple[int, int]:
        return margin + (sq[1] - ys.start) * square, margin + (sq[0] - xs.start) * square

    for sq in spaces:
        top, left = corner(sq)
        _box(image, top + 3, left + 3, square - 6, square - 6, _SPACE)
    for sq, tile in shown.board.items():
        top, left = corner(sq)
        if isinstance(tile, JungleTile):
            _jungle(image, top, left, square, tile)
        elif isinstance(tile, WorkerTile):
            _worker(image, top, left, square, tile, sq in shown.covered)
    if shown.emperor is not None:
        _ring(image, *corner(shown.emperor), square, "#ffc107")
    _strip(image, height - len(shown.players) * _STRIP, shown)
    return image
