"""The immutable slotted record that the hot value classes are built on.

:class:`~cacao_rules.State`, :class:`~cacao_rules.PlayerState`, the steps, activated edges
and jungle tiles are plain slotted classes rather than attrs ones, because
:func:`cacao_rules.apply` builds or reads them on every move, and compiled with mypyc they
become native classes (attrs classes stay interpreted). What makes them values is the same
for all and lives here: assigning an attribute raises, they compare and hash by their
fields (the hash kept once worked out), print their fields, pickle by position, and
:meth:`Record.replace` gives a copy with some fields changed. A subclass names its fields in
``FIELDS`` (the constructor's order), returns them from ``values()`` and sets ``_hash`` to
``None`` in its constructor through :data:`SET_HASH`."""

from __future__ import annotations

from typing import Any, ClassVar, NoReturn, Self, cast


class Record:
    """An immutable value of named fields, built by position."""

    __slots__ = ("_hash",)

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields, in the order of the constructor's arguments."""
    _INDEX: ClassVar[dict[str, int]] = {}

    _hash: int | None

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._INDEX = {name: index for index, name in enumerate(cls.FIELDS)}

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        raise NotImplementedError

    def replace(self, **changes: Any) -> Self:
        """A copy with the fields named in ``changes`` changed."""
        values = list(self.values())
        index = self._INDEX
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            unknown = sorted(name for name in changes if name not in index)
            raise TypeError(f"{type(self).__name__} has no field(s) {', '.join(unknown)}") from None
        return cast(Self, cast(Any, type(self))(*values))

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
            SET_HASH(self, known)
        return known

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={value!r}" for name, value in zip(self.FIELDS, self.values(), strict=True)
        )
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.values())


def slot_setter(cls: type, name: str) -> Any:
    """The slot's own setter, which an immutable class's constructor writes through."""
    return getattr(cls, name).__set__


SET_HASH: Any = slot_setter(Record, "_hash")
"""Sets a record's kept hash (``None`` in a new record: not worked out yet)."""
