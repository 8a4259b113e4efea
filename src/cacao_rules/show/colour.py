"""Colour in the terminal: whether to use it (``--color``, ``NO_COLOR``) and how to paint.

Every command that writes boards takes ``--color auto|always|never``. ``auto`` (the default)
colours only a stream that is a terminal, and never when the environment variable
``NO_COLOR`` is set to anything but the empty string (https://no-color.org) or ``TERM`` is
``dumb``. :func:`use_colour` makes that choice; :func:`paint` and :func:`seat_paint` wrap
text in ANSI escape codes.

>>> import io
>>> use_colour("auto", io.StringIO(), {}), use_colour("always", io.StringIO(), {"NO_COLOR": "1"})
(False, True)
>>> seat_paint(" [0] ", 0, enabled=True)
' \\x1b[1;31m[0]\\x1b[0m '
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TextIO

from ..errors import bad_argument

COLOR_CHOICES: Final = ("auto", "always", "never")
"""The values of ``--color``."""

SEAT_CODES: Final = ("1;31", "1;34", "1;33", "1;35")
"""The seats' ANSI colours, near the SVG board's: red (orange), blue, yellow (the board's black
would vanish on a dark terminal), magenta; the seat's number is written beside them."""

RESET: Final = "\x1b[0m"


def use_colour(choice: str, stream: TextIO, environ: Mapping[str, str]) -> bool:
    """Whether to colour what is written to ``stream`` for ``--color choice``.

    ``always`` and ``never`` decide alone; ``auto`` colours a terminal unless ``NO_COLOR``
    is set (non-empty) or ``TERM`` is ``dumb``.
    """
    if choice not in COLOR_CHOICES:
        raise bad_argument("--color", f"one of {', '.join(COLOR_CHOICES)}", choice)
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str, code: str, *, enabled: bool) -> str:
    """``text`` in the ANSI colour ``code`` (such as ``"32"``), or unchanged if not enabled.

    Spaces around the text stay outside the escape codes, so that coloured lines line up
    and end like plain ones.
    """
    core = text.strip(" ")
    if not enabled or not core:
        return text
    start = text.index(core)
    return f"{text[:start]}\x1b[{code}m{core}{RESET}{text[start + len(core) :]}"


def seat_paint(text: str, seat: int, *, enabled: bool) -> str:
    """``text`` in ``seat``'s colour (:data:`SEAT_CODES`)."""
    return paint(text, SEAT_CODES[seat % len(SEAT_CODES)], enabled=enabled)
