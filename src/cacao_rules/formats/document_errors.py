"""What is wrong with a JSON document, in the library's words, from the same declarations.

:mod:`msgspec` refuses a document that does not fit its declaration
(:mod:`~cacao_rules.formats.documents`) with a terse message. :func:`explain` walks the parsed
document alongside that declaration (as :func:`msgspec.inspect.type_info` describes it) and
names the first thing, in document order, that breaks it: where (``players[0].gold``), what
was expected and what was found, quoting at most a few dozen characters:

>>> from cacao_rules.formats.documents import DiscardDocument
>>> explain({"seat": True, "type": "1-1-1-1"}, DiscardDocument, "discarded[0]")
'discarded[0].seat: expected an integer, got a boolean true'
>>> explain({"seat": 0, "type": "4-0-0-0"}, DiscardDocument, "discarded[0]")[:58]
"discarded[0].type: unknown worker type '4-0-0-0'; expected"

It only explains: every document it is asked about has been refused already.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Any, Final

from msgspec import inspect

from ..errors import MAX_QUOTE
from ..game.limits import MAX_ITEMS
from .json_text import Json

ROOT: Final = "the document"
"""How a message names the whole document (its keys are named without a prefix)."""


def show(value: Json) -> str:
    """``value`` as a message quotes it: JSON, strings in quotes, cut after 60 characters."""
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE] + "..."


def what(value: Json) -> str:
    """The JSON type of ``value`` and the value: ``'a boolean true'``, ``'a list [1]'``."""
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    names |= {list: "a list", dict: "an object", type(None): "null"}
    return f"{names.get(type(value), type(value).__name__)} {show(value)}"


def out_of_range(path: str, value: int, low: int | None, high: int | None) -> str:
    """The message for an integer outside ``low`` to ``high`` (either may be open)."""
    if high is None:
        allowed = f"{low} or more"
    elif low is None:
        allowed = f"at most {high}"
    else:
        allowed = f"{low} to {high}"
    return f"{path}: {show(value)} is out of range; allowed: {allowed}"


def explain(value: Json, declared: object, path: str = ROOT) -> str | None:
    """The first thing in ``value`` (a parsed JSON document or part of one) that breaks the
    declaration ``declared`` (a type of :mod:`~cacao_rules.formats.documents`), as a message
    starting with its place, ``path``; None if nothing does."""
    return _explain(value, _info(declared), path, None)


@functools.cache
def _info(declared: Any) -> inspect.Type:
    return inspect.type_info(declared)


def _child(path: str, key: str) -> str:
    return key if path == ROOT else f"{path}.{key}"


def _explain(value: Json, node: inspect.Type, path: str, meta: dict[str, Any] | None) -> str | None:
    """:func:`explain` at one node; ``meta`` holds the node's title and description."""
    if isinstance(node, inspect.Metadata):
        return _explain(value, node.type, path, node.extra_json_schema or meta)
    explainer = _EXPLAINERS.get(type(node))
    if explainer is None:  # a kind of declaration no document uses
        return f"{path}: not readable, got {what(value)}"
    return explainer(value, node, path, meta or {})


def _integer(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    if type(value) is not int:  # bool is a subclass of int and is refused here
        return f"{path}: expected an integer, got {what(value)}"
    high = meta.get("maximum", node.le)  # a bound beyond 64 bits is given to the schema
    if (node.ge is not None and value < node.ge) or (high is not None and value > high):
        return out_of_range(path, value, node.ge, high)
    return None


def _boolean(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    return None if type(value) is bool else f"{path}: expected true or false, got {what(value)}"


def _null(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    return None if value is None else f"{path}: expected null, got {what(value)}"


def _code(path: str, value: Json, meta: dict[str, Any], allowed: list[Json]) -> str | None:
    """A string out of a set of codes (an enum, a literal with a title, a pattern)."""
    title = meta.get("title", "value")
    if not isinstance(value, str):
        return f"{path}: expected {title} as a string, got {what(value)}"
    if value in allowed:
        return None
    expected = meta.get("description") or "one of " + ", ".join(map(str, allowed))
    return f"{path}: unknown {title} {show(value)}; expected {expected}"


def _string(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    if isinstance(value, str) and (node.pattern is None or re.search(node.pattern, value)):
        return None
    return _code(path, value, meta, [])


def _enum(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    return _code(path, value, meta, [member.value for member in node.cls])


def _literal(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    values = list(node.values)
    if any(value == item and type(value) is type(item) for item in values):
        return None
    if "title" in meta:
        return _code(path, value, meta, values)
    return f"{path}: expected {' or '.join(map(show, values))}, got {what(value)}"


def _list(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    if not isinstance(value, list):
        return f"{path}: expected a list, got {what(value)}"
    most = node.max_length
    if most is not None and len(value) > most:
        if most == MAX_ITEMS:
            return f"{path}: {len(value)} items; a document's lists hold at most {MAX_ITEMS}"
        return f"{path}: {len(value)} {meta.get('title', 'items')}; the game has {most}"
    return _first(
        _explain(item, node.item_type, f"{path}[{i}]", None) for i, item in enumerate(value)
    )


def _tuple(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    if not isinstance(value, list):
        return f"{path}: expected a list, got {what(value)}"
    if len(value) != len(node.item_types):
        return f"{path}: expected {meta.get('title', 'a list')}, got {what(value)}"
    return _first(
        _explain(item, item_type, f"{path}[{i}]", None)
        for i, (item, item_type) in enumerate(zip(value, node.item_types, strict=True))
    )


def _dict(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    if not isinstance(value, dict):
        return f"{path}: expected an object of {meta.get('title', 'counts')}, got {what(value)}"
    if node.max_length is not None and len(value) > node.max_length:
        return f"{path}: {len(value)} keys; a document's objects hold at most {node.max_length}"
    return _first(
        _explain(key, node.key_type, f"{path} key", None)
        or _explain(item, node.value_type, f"{path}.{key}", None)
        for key, item in value.items()
    )


def _struct(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    keys = [field.encode_name for field in node.fields]
    if node.tag_field is not None:
        keys.insert(0, node.tag_field)
    if not isinstance(value, dict):
        return f"{path}: expected an object with keys {', '.join(keys)}; got {what(value)}"
    required = [field.encode_name for field in node.fields if field.required]
    missing = [key for key in required if key not in value]
    if missing:
        return f"{path}: missing key(s) {', '.join(map(repr, missing))}"
    extra = sorted(key for key in value if key not in keys)
    if extra:
        return (
            f"{path}: unknown key(s) {', '.join(show(key) for key in extra[:5])}; "
            f"expected exactly {', '.join(keys)}"
        )
    return _first(
        _explain(value[field.encode_name], field.type, _child(path, field.encode_name), None)
        for field in node.fields
        if field.encode_name in value
    )


def _union(value: Json, node: Any, path: str, meta: dict[str, Any]) -> str | None:
    members = node.types
    tag = getattr(members[0], "tag_field", None)
    if tag is not None:
        return _tagged(value, members, tag, path, meta)
    for member in members:
        if _holds(member, value):
            return _explain(value, member, path, None)
    nulls_first = sorted(members, key=lambda member: _noun(member) != "null")
    names = " or ".join(map(_noun, nulls_first))
    return f"{path}: expected {names}, got {what(value)}"


def _tagged(
    value: Json, members: tuple[Any, ...], tag: str, path: str, meta: dict[str, Any]
) -> str | None:
    """A union of structs told apart by the value of their key ``tag`` (a step's ``kind``)."""
    if not isinstance(value, dict) or tag not in value:
        return f"{path}: expected an object with a {tag!r}, got {what(value)}"
    kind = value[tag]
    for member in members:
        if kind == member.tag and type(kind) is type(member.tag):
            return _explain(value, member, path, None)
    tags = ", ".join(member.tag for member in members)
    name = meta.get("title", tag)
    return f"{_child(path, tag)}: unknown {name} {show(kind)}; expected one of {tags}"


_HOLDS: Final[dict[type, tuple[type, ...] | None]] = {
    inspect.NoneType: (type(None),),
    inspect.BoolType: (bool,),
    inspect.IntType: (int, bool, float),  # "expected an integer, got a number 1.5"
    inspect.StrType: (str,),
    inspect.EnumType: (str,),
    inspect.LiteralType: (str, int, bool),
    inspect.ListType: None,  # any value but null: "expected a list, got a string"
    inspect.VarTupleType: None,
    inspect.TupleType: (list,),
    inspect.DictType: (dict,),
    inspect.StructType: (dict,),
}
"""The JSON types of the values that a union member explains (None: all of them); a value
that no member explains gets "expected null or a square [x, y], got a string"."""


def _holds(member: inspect.Type, value: Json) -> bool:
    """Whether the union member ``member`` explains what is wrong with ``value``."""
    bare = member.type if isinstance(member, inspect.Metadata) else member
    kinds = _HOLDS.get(type(bare), ())
    return value is not None if kinds is None else type(value) in kinds


def _noun(member: inspect.Type) -> str:
    """How a message names a union member: ``'null'``, ``'a square [x, y]'``."""
    meta, bare = {}, member
    if isinstance(member, inspect.Metadata):
        meta, bare = member.extra_json_schema or {}, member.type
    title = meta.get("title")
    if isinstance(bare, inspect.NoneType):
        return "null"
    if isinstance(bare, inspect.DictType):
        return f"an object of {title or 'counts'}"
    if isinstance(bare, inspect.TupleType) and title:
        return str(title)
    if title:
        return f"{'an' if title[0] in 'aeiou' else 'a'} {title}"
    kinds = {
        inspect.ListType: "a list",
        inspect.VarTupleType: "a list",
        inspect.StructType: "an object",
    }
    return kinds.get(type(bare), "a value")


def _first(messages: Any) -> str | None:
    return next((message for message in messages if message is not None), None)


_EXPLAINERS: Final[dict[type, Callable[[Json, Any, str, dict[str, Any]], str | None]]] = {
    inspect.IntType: _integer,
    inspect.BoolType: _boolean,
    inspect.NoneType: _null,
    inspect.StrType: _string,
    inspect.EnumType: _enum,
    inspect.LiteralType: _literal,
    inspect.ListType: _list,
    inspect.VarTupleType: _list,
    inspect.TupleType: _tuple,
    inspect.DictType: _dict,
    inspect.StructType: _struct,
    inspect.UnionType: _union,
}
