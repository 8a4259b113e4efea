"""The read-only, hashable mapping that boards and other state tables are kept in.

A module of its own, left interpreted in the compiled build (see ``hatch_build.py``): mypyc
compiles a subclass of ``dict`` as an ordinary Python class but drops its ``__slots__``, so
every compiled board carried an instance ``__dict__`` of its own (about 130 bytes a state in
a game tree). Its methods are not on a hot path: reading it is reading a ``dict``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_NEW_DICT: Final = dict.__new__
_UPDATE: Final = dict.update
_SET_ITEM: Final = dict.__setitem__
"""``dict``'s own methods, found once: :meth:`FrozenMap.set` copies a board at nearly
every move, and looking each up at every call costs a tenth of the copy."""


class FrozenMap(dict[K, V]):
    """A read-only mapping that is hashable and compares by value.

    It is a ``dict`` whose changing methods raise ``TypeError``, so that reading it (``m[k]``,
    ``m.get(k)``, ``k in m``) runs at the speed of a plain dict: the rules read the board
    this way many times per move.

    >>> m = FrozenMap({(0, 0): "a"})
    >>> m[(0, 0)], len(m), hash(m) == hash(FrozenMap({(0, 0): "a"}))
    ('a', 1, True)
    """

    __slots__ = ("_derived", "_hash")

    _derived: Any
    """A value derived from this mapping and kept with it, ``None`` until set (for a board,
    its frontier: see :mod:`cacao_rules.state.board`); never part of its value. Private:
    only that module writes it.

    The mapping never changes, so what is computed from it can be kept and reused by every
    state that shares it. One slot rather than a dictionary of such values: a board is kept
    by nearly every state of a game tree, and a dictionary would cost each about 125 bytes.
    """

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        dict.__init__(self, data)
        self._hash: int | None = None
        self._derived = None

    def __eq__(self, other: object) -> bool:
        # Spelled out although dict has them: compiled with mypyc, the class's own comparison
        # slot otherwise compares two FrozenMaps by identity.
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return dict.__ne__(self, other)

    def __hash__(self) -> int:  # type: ignore[override]
        if self._hash is None:
            self._hash = hash(frozenset(self.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a FrozenMap cannot be changed; set() returns a changed copy")

    __setitem__ = _read_only
    __delitem__ = _read_only
    clear = _read_only
    pop = _read_only
    popitem = _read_only
    setdefault = _read_only
    update = _read_only
    __ior__ = _read_only

    def set(self, key: K, value: V) -> FrozenMap[K, V]:
        """Return a copy with ``key`` bound to ``value``."""
        new = self._copy()
        _SET_ITEM(new, key, value)
        return new

    def set_many(self, items: Iterable[tuple[K, V]]) -> FrozenMap[K, V]:
        """Return a copy with every ``(key, value)`` of ``items`` bound."""
        new = self._copy()
        dict.update(new, items)
        return new

    def _copy(self) -> FrozenMap[K, V]:
        """A copy, made as :meth:`__init__` makes one without running it: calling a class
        whose ``__init__`` is written in Python costs more than copying a board (a tile is
        laid, so the board copied, at nearly every move)."""
        new: FrozenMap[K, V] = _NEW_DICT(FrozenMap)
        _UPDATE(new, self)
        new._hash = None
        new._derived = None
        return new
