"""The errors of a bot program that failed: :class:`BotError` and its kinds.

They are no :class:`~cacao_rules.CacaoError` (a crashed bot is no bad input of the caller's)
and carry what happened as fields. A module of their own, left interpreted by the compiled
build (``hatch_build.py``): mypyc compiles no subclass of a builtin exception that has
attributes of its own.
"""

from __future__ import annotations


class BotError(RuntimeError):
    """A bot program (:class:`~cacao_rules.ProgramBot`) failed: it could not start, exited,
    broke the bot protocol or was late. Not a :class:`CacaoError`: a crashed bot is no bad
    input of the caller's, and ``except ValueError`` around a move must not swallow it.

    The fields say what happened, apart from one another, so that a host can tell its users
    as much as it wants without parsing the message: ``reason``, what the program did in a
    few of the library's own words; ``seat``, the seat it played (``None`` when unknown);
    ``program``, its command; ``name``, the name it gave (else the command's first word);
    ``sent``, a short quote of the offending line it wrote; ``stderr``, the last lines of
    its standard error. The message (``str``) joins all but ``stderr``.
    """

    def __init__(
        self,
        reason: str,
        seat: int | None = None,
        program: tuple[str, ...] = (),
        name: str = "",
        sent: str = "",
        stderr: str = "",
    ) -> None:
        super().__init__(reason, seat, program, name, sent, stderr)  # args: pickled as given
        self.reason = reason
        self.seat = seat
        self.program = program
        self.name = name
        self.sent = sent
        self.stderr = stderr

    def __str__(self) -> str:
        where = "" if self.seat is None else f"seat {self.seat}: "
        who = "bot program" if not self.name else f"bot program {self.name!r}"
        said = f": {self.sent}" if self.sent else ""
        return f"{where}{who} {self.reason}{said}"

    def at_seat(self, seat: int) -> BotError:
        """This error, naming ``seat`` when it named none (raised before the seat was
        known, while the bot was made for it)."""
        if self.seat is not None:
            return self
        return type(self)(self.reason, seat, self.program, self.name, self.sent, self.stderr)


class BotTerminatedError(BotError):
    """The bot program could not be started, or it exited (or closed its end of a pipe)."""


class BotProtocolError(BotError):
    """The bot program wrote what the bot protocol does not allow: a line that is not a
    message or too long or deep, a message of another type than the one due, a move not
    listed."""


class BotTimeoutError(BotError):
    """The bot program did not answer in time (it is stopped, killed if need be)."""
