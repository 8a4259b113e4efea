"""Reading and writing game record files for the commands, with messages instead of
tracebacks: a file that cannot be read or written, or a bad record, is a runtime failure
(exit code 1)."""

from __future__ import annotations

from typing import TextIO

from ..errors import FormatError
from ..formats.record import GameRecord
from .exit_codes import FAILED


def write_text(path: str, text: str, what: str, err: TextIO) -> int:
    """Write ``text`` (``what`` it is, for the message) to ``path`` as UTF-8; 0, or
    :data:`FAILED` with a message on ``err``."""
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
    except OSError as error:
        print(f"cacao-rules: cannot write {what} to {path}: {error.strerror}", file=err)
        return FAILED
    return 0


def write_record(path: str, record: GameRecord, err: TextIO) -> int:
    """Write ``record`` to ``path``; 0, or :data:`FAILED` with a message on ``err``."""
    return write_text(path, record.to_text(), "the record", err)


def read_text(path: str, err: TextIO) -> str | None:
    """The UTF-8 text of the file ``path`` (its first 4,000,001 characters: more than any
    record may hold); ``None`` after a message on ``err`` if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as file:
            return file.read(4_000_001)
    except OSError as error:
        print(f"cacao-rules: cannot read {path}: {error.strerror}", file=err)
    except UnicodeDecodeError as error:
        print(f"cacao-rules: {path} is not UTF-8 text: {error.reason}", file=err)
    return None


def read_record(path: str, err: TextIO) -> GameRecord | None:
    """The record in the file ``path``; ``None`` after a message on ``err`` if there is none."""
    text = read_text(path, err)
    if text is None:
        return None
    try:
        return GameRecord.from_text(text)
    except FormatError as error:
        print(f"cacao-rules: {path}: {error}", file=err)
        return None
