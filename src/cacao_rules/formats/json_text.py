"""JSON text from outside, read the one way every JSON reader of the library reads it.

Text that a game server gets from strangers reaches :func:`~cacao_rules.from_json`,
:func:`~cacao_rules.observation_from_json` and the event readers. Each goes through
:func:`decode` (a typed document) or :func:`parse_json` (plain JSON values), which bound the
input before doing any work that grows faster than its length, and turn every failure into a
:class:`~cacao_rules.FormatError`:

- the text is a ``str`` (else ``TypeError``, as for any argument of the wrong type) of at
  most the reader's limit of characters (1,000,000 for a state or an observation) that is
  valid Unicode (no lone surrogate, raw or as a ``\\u`` escape);
- arrays and objects nest at most :data:`MAX_DEPTH` deep (a state document nests 5 deep),
  checked in time linear in the text before it is parsed;
- it is strict JSON: no key twice in one object, no ``NaN`` or infinities, no integer of
  more than 4,300 digits.

>>> parse_json('[[1]]', "example")
[[1]]
>>> parse_json('[' * 100 + ']' * 100, "example")
Traceback (most recent call last):
...
cacao_rules.errors.FormatError: example: not valid JSON: nested too deeply: ... more than 32 levels
>>> parse_json('"\\\\ud800"', "example")
Traceback (most recent call last):
...
cacao_rules.errors.FormatError: example: not valid JSON: ... lone surrogate ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..errors import FormatError, expect
from ..game.limits import MAX_JSON_CHARS, MAX_JSON_DEPTH

if TYPE_CHECKING:  # loaded by the functions that use it, not at import (see parse_json)
    import msgspec

Json = Any
"""A parsed JSON value (dict, list, str, int, float, bool or None), as the readers see it."""
D = TypeVar("D", bound="msgspec.Struct")

MAX_LENGTH: Final = MAX_JSON_CHARS
MAX_DEPTH: Final = MAX_JSON_DEPTH

_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)')
"""A JSON string, or an unterminated one up to the end of the text (so that a search never
restarts inside a string it could not close: linear time)."""
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]++")
_INNERMOST: Final = re.compile(r"\[\]|\{\}")
_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")


class Bad(Exception):
    """What is wrong at one place of a document; the reader adds what the document is."""


def checked_text(text: str, caller: str, limit: int = MAX_LENGTH) -> str:
    """``text``, if it is a ``str`` (else ``TypeError``) of at most ``limit`` characters and
    valid Unicode."""
    expect(text, str)
    if len(text) > limit:
        raise FormatError(
            f"{caller}: the text is {len(text)} characters long; a document takes at most "
            f"{limit} characters"
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise FormatError(
            f"{caller}: not valid Unicode: character {error.start} is a lone surrogate "
            f"({text[error.start]!r}), which no UTF-8 text holds"
        ) from None
    return text


def nesting_problem(text: str) -> str | None:
    """What is wrong with how arrays and objects nest in ``text``, if it is too deep to
    parse safely: more than :data:`MAX_DEPTH` levels, or brackets that do not pair up
    (which no JSON parser accepts, and which could be deep). Linear in the text's length:
    strings are set aside, then each round removes the innermost pairs of brackets."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        if not brackets:
            return None
        fewer = _INNERMOST.sub("", brackets)
        if fewer == brackets:
            if len(brackets) <= MAX_DEPTH:
                return None  # a few unpaired brackets: the parser says where
            return f"nested too deeply or unbalanced: {len(brackets)} brackets do not pair up"
        brackets = fewer
    if not brackets:
        return None
    return f"nested too deeply: arrays and objects nest more than {MAX_DEPTH} levels"


def _no_duplicates(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise Bad(f"key {repr(key)[:60]} appears twice in one object")
            seen.add(key)
    return result


def _no_constant(name: str) -> Json:
    raise Bad(f"{name} is not a JSON number")


def parse_json(text: str, caller: str, limit: int = MAX_LENGTH) -> Json:
    """``text`` parsed as strict JSON, bounded as the module docstring says.

    Raises ``TypeError`` when ``text`` is no str, :class:`~cacao_rules.FormatError` naming
    ``caller`` for anything else.
    """
    checked = checked_text(text, caller, limit)
    problem = nesting_problem(checked)
    if problem is not None:
        raise FormatError(f"{caller}: not valid JSON: {problem}")
    try:
        value = json.loads(checked, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except Bad as bad:
        raise FormatError(f"{caller}: not valid JSON: {bad}") from None
    except RecursionError:  # only when called near the interpreter's own limit
        raise FormatError(f"{caller}: not valid JSON: nested too deeply") from None
    except ValueError as error:  # json.JSONDecodeError, and integers too long to convert
        raise FormatError(f"{caller}: not valid JSON: {str(error)[:200]}") from None
    if _SURROGATE_ESCAPE.search(checked):
        import msgspec  # here, so that the event readers, which need only json, load no more

        try:
            msgspec.json.decode(checked)  # refuses what json.loads lets through
        except msgspec.DecodeError:
            raise FormatError(
                f"{caller}: not valid JSON: a \\u escape gives a lone surrogate (half of a "
                "UTF-16 pair), which is no Unicode character"
            ) from None
    return value


def decode(
    text: str,
    caller: str,
    decoder: msgspec.json.Decoder[D],
    read_parsed: Callable[[Json], D],
) -> D:
    """The document that ``text`` holds, decoded by ``decoder`` (:mod:`msgspec`, which checks
    the structure as it goes, and its depth by the declaration); a text it refuses is parsed
    by :func:`parse_json` and given to ``read_parsed``, which says in :class:`Bad` what is
    wrong, or reads an older version.

    :mod:`msgspec` lets a key given twice through (the last one wins), so a text that is not
    exactly what the decoded document encodes to (as the writers' output is) is parsed
    again as strict JSON, which refuses it.
    """
    import msgspec  # loaded already: the caller's documents are msgspec structs

    checked = checked_text(text, caller)
    try:
        document = decoder.decode(checked)
    except (msgspec.MsgspecError, RecursionError):
        return read_parsed(parse_json(checked, caller))
    if msgspec.json.encode(document) != checked.encode("utf-8"):
        parse_json(checked, caller)  # refuses duplicate keys
    return document
