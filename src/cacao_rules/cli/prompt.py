"""Where the people at ``cacao-rules play`` type: :class:`PromptReader`.

At a terminal the prompt is a line editor, as a shell's is: the arrow keys move in the line
and step through the answers given before (the standard library's :mod:`readline`, where
the platform has it), and Tab completes a command or a legal move in notation. Input from a
file or a pipe is read line by line and echoed, so that a scripted game reads like a typed
one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TextIO

try:
    import readline
except ImportError:  # CPython on Windows has no readline: the plain prompt then
    HAVE_READLINE = False
else:
    HAVE_READLINE = True


class PromptReader:
    """Reads the human seats' answers from ``source``, writing the prompt to ``out``."""

    def __init__(self, out: TextIO, source: TextIO) -> None:
        self._out = out
        self._source = source
        self._echo = not source.isatty()
        self._choices: tuple[str, ...] = ()
        self._editing = (
            HAVE_READLINE
            and source is sys.stdin
            and out is sys.stdout
            and source.isatty()
            and out.isatty()
        )
        if self._editing:
            _complete_with(self._complete)

    def offer(self, choices: Sequence[str]) -> None:
        """The words Tab completes at the next prompts: the commands and the legal moves."""
        self._choices = tuple(choices)

    def __call__(self, prompt: str) -> str:
        """The next line typed after ``prompt``, without its line break; ``EOFError`` at the
        end of the input."""
        if self._editing:
            return input(prompt)  # readline edits the line and keeps its history
        self._out.write(prompt)
        self._out.flush()
        line = self._source.readline()
        if not line:
            self._out.write("\n")
            raise EOFError
        if self._echo:
            self._out.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\n")

    def _complete(self, text: str, index: int) -> str | None:
        """readline's completer: the ``index``-th offered choice that starts with ``text``."""
        matches = [choice for choice in self._choices if choice.startswith(text)]
        return matches[index] if index < len(matches) else None


def _complete_with(completer: Callable[[str, int], str | None]) -> None:
    """Make Tab complete the whole line typed so far (a move's notation holds spaces)."""
    readline.set_completer(completer)
    readline.set_completer_delims("")
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline is libedit underneath
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
