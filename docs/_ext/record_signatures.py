"""Show a value record's constructor with its fields' types.

The moves' constructors are annotated to take ``object`` (they check what they are given,
and a precise annotation would make the compiled build raise mypyc's bare ``TypeError`` for a
wrong argument instead of the library's ``IllegalMoveError``). Their fields are typed
precisely in the class body, and those types are what a reader of the API reference needs:
this extension writes each record's signature from ``FIELDS`` and the fields' annotations,
with the constructor's defaults.
"""

from __future__ import annotations

import inspect
from typing import Any

from sphinx.application import Sphinx

from cacao_rules.game.record import Record


def field_annotations(cls: type[Record]) -> dict[str, str]:
    """The annotation of every field, as written in the class bodies (the nearest wins)."""
    annotations: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(getattr(klass, "__annotations__", {}))
    return {name: str(annotations[name]) for name in cls.FIELDS if name in annotations}


def record_signature(cls: type[Record]) -> str | None:
    """``(name: Type, ... = default)`` for ``cls``, or ``None`` to keep autodoc's own."""
    parameters = list(inspect.signature(cls).parameters.values())
    if not any(parameter.annotation in ("object", object) for parameter in parameters):
        return None
    types = field_annotations(cls)
    written = []
    for parameter in parameters:
        text = f"{parameter.name}: {types.get(parameter.name, 'object')}"
        if parameter.default is not inspect.Parameter.empty:
            text += f" = {parameter.default!r}"
        written.append(text)
    return f"({', '.join(written)})"


def process_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """autodoc's hook: a record class gets :func:`record_signature`."""
    if what != "class" or not (isinstance(obj, type) and issubclass(obj, Record)):
        return None
    written = record_signature(obj)
    return None if written is None else (written, return_annotation)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-process-signature", process_signature)
    return {"parallel_read_safe": True}
