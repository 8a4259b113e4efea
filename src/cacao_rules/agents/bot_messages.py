"""The messages of the bot protocol ``cacao-bot/1``, declared once (``docs/bot-protocol.md``).

Each message is a :mod:`msgspec` structure tagged by its ``"type"``: those the host sends
(:data:`HostMessage`) and those the program answers (:data:`ProgramMessage`). The host's
side (:class:`~cacao_rules.ProgramBot`) and the program's
(:func:`~cacao_rules.agents.program.serve`) both write and read them here, and
:func:`json_schema` publishes them (``docs/bot-protocol.schema.json``).

A line from the other side is read by :func:`read_message`, bounded as the library's JSON
readers are (:mod:`~cacao_rules.formats.json_text`): at most :data:`MAX_LINE` bytes, nested
at most :data:`~cacao_rules.game.limits.MAX_JSON_DEPTH` deep, strict JSON, and then checked
against the declaration; whatever is wrong is a :class:`BadMessage` saying what, in the
library's own words (quoting no more of the line than a field's name, cut at
:data:`SHOWN` characters: the caller quotes the line where it may).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias, TypeVar, get_args

import msgspec
from msgspec import Meta

from ..errors import FormatError
from ..formats.documents import ConfigDocument, Seat
from ..formats.json_text import nesting_problem, parse_json
from ..game.limits import MAX_JSON_DEPTH
from .program_options import OptionValue

PROTOCOL: Final = "cacao-bot/1"
"""The protocol's name and version, sent in the ``hello`` message."""

MAX_LINE: Final = 1 << 20
"""The longest line (in bytes, newline included) either side accepts: 1 MiB."""

SHOWN: Final = 200
"""How many characters of a line, or of what is wrong with it, a message quotes."""

OBSERVATION_SCHEMA: Final = "https://cacao-rules.invalid/schemas/observation.schema.json"
"""The ``$id`` of the observation document's schema, which a ``choose`` message carries."""

Options = dict[Annotated[str, Meta(min_length=1)], OptionValue]
"""A program's options by name: each a string, a number or true or false."""


class Message(msgspec.Struct, tag_field="type", omit_defaults=True):
    """A message of the protocol: one line, a JSON object whose ``type`` is its tag."""


class Hello(Message, tag="hello"):
    """The host's first message: the protocol it speaks and the library's version."""

    protocol: str
    library: str


class SetOptions(Message, tag="set_options"):
    """Values for options the program declared, sent right after ``ready`` when set."""

    options: Options


class NewGame(Message, tag="new_game"):
    """A game begins: the program's seat and the game's configuration (as in a state
    document)."""

    seat: Seat
    config: ConfigDocument


class Choose(Message, tag="choose"):
    """A decision of the program's seat: what the seat may know (an observation document),
    the legal moves in move notation and as action ids, in the engine's order, and the
    thinking time in milliseconds (``null``: none set)."""

    observation: Annotated[dict[str, Any], Meta(extra_json_schema={"$ref": OBSERVATION_SCHEMA})]
    legal_moves: list[str]
    legal_actions: list[int]
    time_ms: Annotated[int, Meta(ge=1)] | None


class GameOver(Message, tag="game_over"):
    """The game ended: each seat's total, and the winning seats."""

    scores: list[int]
    winners: list[Seat]


class Quit(Message, tag="quit"):
    """The program is to exit."""


class Ready(Message, tag="ready"):
    """The program's answer to ``hello``: its name, and the options it declares with their
    defaults. Other keys (``author``, ``version``) are allowed and ignored."""

    name: Annotated[str, Meta(min_length=1)]
    options: Options = {}


class MoveAnswer(Message, tag="move"):
    """The program's answer to ``choose``: the move by its action id (one of
    ``legal_actions``), its position in ``legal_moves`` or in move notation; when several
    are given, the first in that order counts."""

    move: str | None = None
    index: int | None = None
    action: int | None = None


HostMessage: TypeAlias = Hello | SetOptions | NewGame | Choose | GameOver | Quit
"""What the host sends the program."""
ProgramMessage: TypeAlias = Ready | MoveAnswer
"""What the program answers."""

HOST_MESSAGES: Final[tuple[type[Message], ...]] = get_args(HostMessage)
"""The classes of :data:`HostMessage`."""

M = TypeVar("M", bound=Message)


def tag_of(kind: type[Message]) -> str:
    """The ``type`` of the messages of class ``kind``."""
    tag: str = kind.__struct_config__.tag  # type: ignore[assignment]
    return tag


_TAGS: Final[dict[str, type[Message]]] = {
    tag_of(kind): kind for kind in HOST_MESSAGES + get_args(ProgramMessage)
}
"""Every message's class by its ``type``."""

_ENCODER: Final = msgspec.json.Encoder()


class BadMessage(Exception):
    """A line that is not the message due; the text says what is wrong."""


def encode(message: Message) -> bytes:
    """``message`` as the line that carries it, newline included."""
    return _ENCODER.encode(message) + b"\n"


def read_message(line: bytes | str, *expected: type[M]) -> M:
    """The message that ``line`` holds, one of the ``expected`` kinds; :class:`BadMessage`
    saying what is wrong otherwise (read bounded: see the module docstring)."""
    try:
        data = line.encode() if isinstance(line, str) else line
        if len(data) > MAX_LINE:
            raise BadMessage(f"a line longer than {MAX_LINE} bytes (the limit)")
        text = data.decode()
    except UnicodeError:  # a lone surrogate in a str, or bytes that are not UTF-8
        raise BadMessage("a line that is not UTF-8 text") from None
    if nesting_problem(text) is not None:
        raise BadMessage(f"a line nested more than {MAX_JSON_DEPTH} levels deep (the limit)")
    try:
        value = parse_json(text, "a line", MAX_LINE)
    except FormatError:
        raise BadMessage("a line that is not JSON") from None
    if not isinstance(value, dict):
        raise BadMessage("a line that is not a JSON object")
    tag = value.get("type")
    kind = _TAGS.get(tag) if isinstance(tag, str) else None
    wanted = " or ".join(repr(tag_of(kind)) for kind in expected)
    if kind not in expected:
        raise BadMessage(f"a message of another type where a {wanted} message was due")
    try:
        return msgspec.convert(value, kind, strict=True)
    except msgspec.ValidationError as error:  # its words name a field, which may be long
        detail = str(error) if len(str(error)) <= SHOWN else str(error)[:SHOWN] + "..."
        raise BadMessage(f"a {tag!r} message the protocol does not allow ({detail})") from None


def json_schema() -> dict[str, Any]:
    """Every message as a JSON Schema: the host's, then the program's."""
    refs, definitions = msgspec.json.schema_components(
        [HostMessage, ProgramMessage], ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://cacao-rules.invalid/schemas/bot-protocol.schema.json",
        "title": f"the bot protocol {PROTOCOL}: one message per line",
        "$defs": {**definitions, "HostMessage": refs[0], "ProgramMessage": refs[1]},
        "anyOf": [{"$ref": "#/$defs/HostMessage"}, {"$ref": "#/$defs/ProgramMessage"}],
    }
