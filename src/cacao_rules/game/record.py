"""The immutable slotted record that the value classes are built on.

:class:`~cacao_rules.State`, :class:`~cacao_rules.PlayerState`, the steps, activated edges,
the tiles and the moves are plain slotted classes rather than attrs ones, because
:func:`cacao_rules.apply` builds or reads them on every move, and compiled with mypyc they
become native classes (attrs classes stay interpreted). What makes them values is the same
for all and lives here: assigning an attribute raises, they compare and hash by their
fields (the hash kept once worked out), print their fields, pickle by position, match
positionally on their fields (``__match_args__``), and :meth:`Record.replace` gives a copy
with some fields changed.

A subclass names its fields in ``FIELDS`` (the constructor's order), returns them from
``values()``, and writes them in its constructor, which takes exactly ``FIELDS``:

- it may first check its arguments, in a static method ``_check_fields`` taking them all;
- it then writes each field with ``object.__setattr__(self, "name", name)`` (a literal
  name, the class's own slot), every other slot of its own to ``None``, and ends with
  ``self._start()``.

Written so, one source is fast in both builds. Compiled, mypyc turns each
``object.__setattr__`` with a literal name into a direct write of the native attribute
(``self.name = name`` would call the raising ``__setattr__``). Interpreted,
``object.__setattr__`` looks the slot up by name at every call, about twice the cost of the
slot's own setter, so in the pure build :meth:`Record.__init_subclass__` replaces each such
constructor, once at import, by one generated to do the same through the slots' setters
(the way attrs generates its constructors); tests/test_state_values.py checks that the
two build the same records and refuse the same arguments.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, ClassVar, NoReturn, Self, cast

from ..compiled import COMPILED


class Record:
    """An immutable value of named fields, built by position."""

    __slots__ = ("_hash",)

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields, in the order of the constructor's arguments."""
    __match_args__: ClassVar[tuple[str, ...]] = ()
    """The fields a class pattern matches positionally: :attr:`FIELDS`."""
    _INDEX: ClassVar[dict[str, int]] = {}

    _hash: int | None

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._INDEX = {name: index for index, name in enumerate(cls.FIELDS)}
        type.__setattr__(cls, "__match_args__", cls.FIELDS)
        if not COMPILED and "__init__" in vars(cls):
            type.__setattr__(cls, "__init__", slot_writing_constructor(cls))

    def _start(self) -> None:
        """Ends a constructor: no hash worked out yet."""
        object.__setattr__(self, "_hash", None)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        raise NotImplementedError

    def replace(self, **changes: Any) -> Self:
        """A copy with the fields named in ``changes`` changed."""
        self._check_changes(changes)
        values = list(self.values())
        index = self._INDEX
        for name, value in changes.items():
            values[index[name]] = value
        return cast(Self, cast(Any, type(self))(*values))

    def _check_changes(self, changes: dict[str, Any]) -> None:
        """Raise ``TypeError`` unless every name in ``changes`` is a field."""
        index = self._INDEX
        for name in changes:
            if name not in index:
                unknown = sorted(name for name in changes if name not in index)
                raise TypeError(f"{type(self).__name__} has no field(s) {', '.join(unknown)}")

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(
            f"{type(self).__name__} is immutable: cannot assign {name}; use replace()"
        )

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name}")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        known = self._hash
        if known is None:
            known = hash(self.values())
            object.__setattr__(self, "_hash", known)
        return known

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={value!r}" for name, value in zip(self.FIELDS, self.values(), strict=True)
        )
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.values())


def slot_writing_constructor(cls: type[Record]) -> Callable[..., None]:
    """A constructor doing what ``cls``'s own does (see the module docstring) through the
    slots' setters: the pure build's, generated once per class.

    It takes the written constructor's parameters and defaults (and shows its signature and
    docstring), calls ``cls._check_fields`` with them if the class has one, writes each
    field and sets every other slot to ``None``."""
    written = vars(cls)["__init__"]
    parameters = list(inspect.signature(written).parameters.values())[1:]
    names = tuple(parameter.name for parameter in parameters)
    if names != cls.FIELDS or any(
        parameter.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD for parameter in parameters
    ):
        raise TypeError(f"{cls.__name__}.__init__ must take exactly {cls.FIELDS}, by position")
    others = [slot for slot in _all_slots(cls) if slot not in names]
    scope: dict[str, Any] = {f"_set_{slot}": getattr(cls, slot).__set__ for slot in names}
    scope.update({f"_set_{slot}": getattr(cls, slot).__set__ for slot in others})
    arguments = ", ".join(names)
    lines = [f"def __init__(self, {arguments}):"]
    check = vars(cls).get("_check_fields")
    if check is not None:
        scope["_check_fields"] = check.__func__
        lines.append(f"    _check_fields({arguments})")
    lines += [f"    _set_{slot}(self, {slot})" for slot in names]
    lines += [f"    _set_{slot}(self, None)" for slot in others]
    exec("\n".join(lines), scope)
    constructor: Callable[..., None] = scope["__init__"]
    constructor.__defaults__ = written.__defaults__
    return functools.wraps(written)(constructor)


def _all_slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and of its bases."""
    slots: list[str] = []
    for klass in reversed(cls.__mro__):
        declared = vars(klass).get("__slots__", ())
        slots += [declared] if isinstance(declared, str) else list(declared)
    return slots
