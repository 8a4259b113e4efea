"""The seats' clocks of a timed game: pure arithmetic on times given by the caller.

A timed game gives every seat the same time for the whole game and adds a few seconds to a
seat's time after each of its moves (a Fischer increment: what a seat does not use it keeps).
One clock runs at a time, that of the seat that decides now; a clock is wall time
(``time.time()``, seconds), the same in every process and across a restart, so that the
database holds it whole: each seat's time left when the running clock started, and when
it started. Everything here takes the present as an argument, so that the tests give it a
time of their own.

A seat whose time is used up is *out* (its time left is stored as 0); its clock never runs
again and it gains no more increments: the server seats the built-in random bot there.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class TimeControl:
    """A game's time: ``seconds`` for each seat's whole game, ``increment`` seconds added
    after each of its moves."""

    seconds: float
    increment: float


@attrs.frozen
class Clocks:
    """Every seat's clock of one game: ``remaining``, each seat's seconds left when the
    running clock started (those of the other seats do not run); ``started``, when the
    running clock started (``None`` before the game begins)."""

    control: TimeControl
    remaining: tuple[float, ...]
    started: float | None = None

    @classmethod
    def new(cls, control: TimeControl, seats: int) -> Clocks:
        """The clocks of a game not begun: every seat's whole time, no clock running."""
        return cls(control, (control.seconds,) * seats)

    def start(self, now: float) -> Clocks:
        """The clock of the seat that decides starts at ``now`` (the game begins)."""
        return attrs.evolve(self, started=now)

    def is_out(self, seat: int) -> bool:
        """Whether ``seat``'s time is used up (it is played by a stand-in since)."""
        return self.remaining[seat] <= 0

    def left(self, seat: int, running: int | None, now: float) -> float:
        """``seat``'s seconds left at ``now`` (never below 0), when ``running`` is the seat
        whose clock runs (``None``: none runs)."""
        if seat != running or self.started is None or self.is_out(seat):
            return max(0.0, self.remaining[seat])
        return max(0.0, self.remaining[seat] - (now - self.started))

    def deadline(self, seat: int) -> float | None:
        """When ``seat``'s time is used up if its clock runs from :attr:`started` on
        (``None``: not started, or out already)."""
        if self.started is None or self.is_out(seat):
            return None
        return self.started + self.remaining[seat]

    def after_move(self, seat: int, now: float) -> Clocks:
        """The clocks once ``seat``, whose clock ran, moved at ``now``: its time used is taken
        from it and the increment added (unless it is out), and the next clock starts at
        ``now``. The caller refuses a move of a seat whose time ran out before it."""
        if self.is_out(seat) or self.started is None:
            return attrs.evolve(self, started=now)
        used = now - self.started
        left = self.remaining[seat] - used + self.control.increment
        return attrs.evolve(self, remaining=_with(self.remaining, seat, left), started=now)

    def out(self, seat: int) -> Clocks:
        """The clocks once ``seat``'s time ran out: 0 left, for good."""
        return attrs.evolve(self, remaining=_with(self.remaining, seat, 0.0))


def _with(values: tuple[float, ...], index: int, value: float) -> tuple[float, ...]:
    return (*values[:index], value, *values[index + 1 :])
