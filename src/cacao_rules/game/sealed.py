"""The sealed base of the value classes: immutable, slotted, built by position.

:class:`~cacao_rules.State`, :class:`~cacao_rules.PlayerState`, the steps, activated edges,
the tiles and the moves are plain slotted classes rather than attrs ones, because
:func:`cacao_rules.apply` builds or reads them on every move, and compiled with mypyc they
become native classes (attrs classes stay interpreted); so are the events, observations,
score sheets, the configuration and game records, because attrs writes and compiles the
methods of its classes when it makes them, at import. What makes them values is the same
for all and lives here: assigning an attribute raises, they compare and hash by their
fields (the hash kept once worked out), print their fields, pickle by position, match
positionally on their fields (``__match_args__``), and :meth:`Sealed.replace` gives a copy
with some fields changed.

A subclass declares its fields once, as annotations in its body in the constructor's order
(a default as ``Annotated[int, Default(0)]``, see :class:`Default`), and
tools/make_values.py reads them and writes into a marked block of the class its slots,
``FIELDS``, the constructor (calling the class's ``_check_fields`` first, where it has one),
``values()`` and ``replace``. What mypyc needs lives in that generated code: the constructor
writes each slot with ``object.__setattr__(self, "name", value)`` in the compiled build,
where mypyc makes it a direct write of the native attribute (``self.name = value`` would
call the raising ``__setattr__``). In the pure build that call looks the slot up by name
every time; there the new object instead wears its class's open twin (:attr:`Sealed._OPEN`)
while the constructor writes its slots with plain assignments, the interpreter's fastest,
and then takes its own class back: about half the cost of a 19-field state.

Why two bodies rather than ``object.__setattr__`` in both builds, the plainer code: measured
for issue 40 on the pure build, 40 seeded random games (benchmarks/seeded_games.py, 5,120
decisions: base game for 2 and 4 players, the four *Chocolatl* modules, the Big Game), the
single body costs 24% more instructions per decision (cachegrind: 269,400 against 216,300,
the import's own count subtracted), and plays 0.86 (0.73-0.92 over 11 rounds) and 0.89
(0.65-1.04) of the games per second, base game and Big Game for 4 players, in one schedule
(benchmarks/paired.py). Counts of instructions do not move with the machine's load, so the
gain is well above the noise; the compiled build has the single body already.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final, NoReturn, Self, cast, final

from ..compiled import COMPILED

new_blank: Final = object.__new__
"""Makes an object of a class without running its constructor: the pure build's generated
code (:meth:`~cacao_rules.state.draft.Draft.freeze`, and the ``_unchecked`` of the values
the engine makes often) makes a value of its open twin this way and writes its slots
itself."""


class Sealed:
    """An immutable value of named fields, built by position."""

    __slots__ = ("_hash",)

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields, in the order of the constructor's arguments."""
    __match_args__: ClassVar[tuple[str, ...]] = ()
    """The fields a class pattern matches positionally: :attr:`FIELDS`."""
    _INDEX: ClassVar[dict[str, int]] = {}
    _OPEN: ClassVar[type[Any]]
    """The pure build's open twin of the class: a subclass of the same layout, so that an
    object may change between the two (:attr:`_WEAR`), but an ordinary ``__setattr__``."""
    _WEAR: ClassVar[Callable[[object, type[Any]], None]] = vars(object)["__class__"].__set__
    """Sets an object's class; the generated constructors switch a new object to its open
    twin with it (the setter of ``__class__``, which bypasses our ``__setattr__``), and back
    by assigning ``__class__``, which the twin's own ``__setattr__`` allows at less cost."""

    _hash: int | None

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._INDEX = {name: index for index, name in enumerate(cls.FIELDS)}
        type.__setattr__(cls, "__match_args__", cls.FIELDS)
        if not COMPILED and not vars(cls).get("_IS_TWIN", False):
            type.__setattr__(cls, "_OPEN", _open_twin(cls))

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


@final
class Default:
    """A field's default, written in the field's annotation where the class declares it:
    ``value: Annotated[int, Default(0)]`` (tools/make_values.py puts it in the constructor).

    Not ``value: int = 0`` as in a dataclass: a class attribute named like one of the
    class's slots makes CPython refuse the class, and mypyc would write it into every object
    built before the constructor does. Annotations are never evaluated at run time, so this
    class is only read, from the source, by the generator (and by ``typing.get_type_hints``)."""

    __slots__ = ("source",)

    def __init__(self, source: object) -> None:
        self.source = source


HIDDEN: Final = "hidden"
"""Marks, in its annotation, a field of a state or a player that other players do not see:
:class:`~cacao_rules.Observation` and :class:`~cacao_rules.PlayerView` leave it out."""


def _open_twin(cls: type[Sealed]) -> type[Any]:
    """A subclass of ``cls`` adding nothing to its layout (no slot, no ``__dict__``) whose
    attributes can be assigned: the pure build's constructors write through it. Both of its
    ``__setattr__`` and ``__delattr__`` are ``object``'s, so that the interpreter writes its
    slots directly.

    A subclass rather than a sibling with the same slots: CPython lets an object change
    between a class and a subclass of the same layout after one walk up the bases, while
    between siblings it compares their slots' names each time, which made the two changes
    of class about 4% of the instructions of a pure build's decision (issue 39). Listed by
    ``cls.__subclasses__()``, and marked there by its ``_IS_TWIN``."""
    namespace: dict[str, Any] = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,  # with ours, assignments would go through a lookup
        "__module__": vars(cls)["__module__"],
        "_IS_TWIN": True,
    }
    return type(f"_Open{cls.__name__}", (cls,), namespace)
