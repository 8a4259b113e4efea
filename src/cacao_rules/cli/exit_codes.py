"""The command line's exit codes beyond 0 (done), declared once for every subcommand."""

from __future__ import annotations

from typing import Final

FAILED: Final = 1
"""The command could not do its work (a file that cannot be read or written, a bot program
that broke down, an extra that is not installed); a message on standard error says why."""

BAD_ARGUMENTS: Final = 2
"""Arguments that cannot be used, as argparse itself exits on them."""

INTERRUPTED: Final = 130
"""Stopped by Ctrl-C (SIGINT), as a shell reports a process that signal ended."""
