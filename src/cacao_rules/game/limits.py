"""What the library accepts from outside, in one table: the largest values and texts.

Every entry point that takes a value or a text from a caller (a seed, a move, a JSON
document, a game record, an adapter's serialization) checks it against these bounds before it
does any work that grows with it, and refuses what exceeds them with the library's error
(``docs/untrusted-input.md`` lists them for people who run servers). They lie far beyond
anything a game produces: the proven bounds of play are in :mod:`~cacao_rules.game.bounds`.
"""

from __future__ import annotations

from typing import Final

MAX_SEED: Final = 2**64 - 1
"""The largest seed: seeds are unsigned 64-bit integers, 0 to 2**64 - 1."""

SEED_RANGE: Final = "an int from 0 to 2**64 - 1"
"""What a seed is, as messages say it."""

MAX_COORDINATE: Final = 10**6
"""The largest coordinate (in absolute value) of a square in a move, document or event."""

MAX_MOVE_COUNT: Final = 99
"""The largest worker, bar or gem count a move may name (an edge counts at most 4)."""

MAX_DOCUMENT_COUNT: Final = 1000
"""The largest count of one kind of tile in a pile (and of gems, masks' values) that a
document may give."""

MAX_ITEMS: Final = 1000
"""The most items a list or an object of a document may hold, and the most tiles one
argument of :func:`~cacao_rules.position` may list (a board holds at most about 170)."""

MAX_AMOUNT: Final = 1_000_000
"""The largest amount, worker count or value an event may carry."""

MAX_JSON_CHARS: Final = 1_000_000
"""The longest state or observation document read (a 4-player Big Game state takes about
12,000 characters)."""

MAX_JSON_DEPTH: Final = 32
"""The deepest that arrays and objects may nest in any JSON text read (a state nests 5)."""

MAX_MOVE_CHARS: Final = 256
"""The longest move in notation read."""

MAX_RECORD_CHARS: Final = 4_000_000
"""The longest game record read."""

MAX_RECORD_TEXT: Final = 2_000
"""The longest tag value, seat name or comment of a game record, in characters."""

MAX_RECORD_LINE: Final = 2 * MAX_RECORD_TEXT + 100
"""The longest line of a game record: a tag whose longest value escapes every character,
or a move line with the longest comment."""
