"""A game's status on the server: :data:`GameStatus` and :func:`game_status`, which derives it.

The status is stored with the game (so that a starting server finds the unfinished games to
resume) and sent with every view and listing; both say it with these four words, and both
come from :func:`game_status`.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

GameStatus = Literal["open", "playing", "over", "expired"]
"""``open``: a seat waits for a player; ``playing``: every seat is taken and the game goes
on; ``over``: the game has ended; ``expired``: nobody finished it in time (kept, no longer
played)."""

STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)
"""Every status, in the order of its declaration."""

UNFINISHED: Final[tuple[GameStatus, ...]] = ("open", "playing")
"""The statuses of a game that may still be played."""


def game_status(*, expired: bool, over: bool, seated: bool) -> GameStatus:
    """The status of a game that has ``expired`` or not, is ``over`` or not, and has every
    seat taken (``seated``) or not; expiry wins, then the game's end."""
    if expired:
        return "expired"
    if over:
        return "over"
    return "playing" if seated else "open"
