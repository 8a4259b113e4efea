"""Hashable, read-only containers that states are built from.

A state must be hashable and compare by value, so that search code can keep transposition
tables, so it cannot hold a plain ``dict``. :class:`FrozenMap` is a read-only mapping with a
cached hash; :class:`Bag` is a multiset kept as sorted ``(item, count)`` pairs, which is how
the hidden draw piles are stored: as what is left, never as a secret order
(:rule:`R-CHANCE-1`).
"""

from __future__ import annotations

from collections.abc import (
    Callable,
    Iterable,
    Iterator,
    Mapping,
)
from typing import Any, Generic, NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def any_dict() -> Any:
    """A new empty dict, for ``attrs.field(factory=any_dict)``.

    Typed ``Any`` on purpose: mypyc checks the placeholder that ``attrs.field`` returns
    against the factory's return type, so ``factory=dict`` stops a compiled module from
    importing (``TypeError: dict object expected``).
    """
    return {}


class FrozenMap(dict[K, V]):
    """A read-only mapping that is hashable and compares by value.

    It is a ``dict`` whose changing methods raise ``TypeError``, so that reading it (``m[k]``,
    ``m.get(k)``, ``k in m``) runs at the speed of a plain dict: the rules read the board
    this way many times per move.

    >>> m = FrozenMap({(0, 0): "a"})
    >>> m[(0, 0)], len(m), hash(m) == hash(FrozenMap({(0, 0): "a"}))
    ('a', 1, True)
    """

    __slots__ = ("_hash", "_memo")

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        dict.__init__(self, data)
        self._hash: int | None = None
        self._memo: dict[str, Any] | None = None

    @classmethod
    def _adopt(cls, data: dict[K, V]) -> FrozenMap[K, V]:
        """A read-only copy of ``data``."""
        return cls(data)

    @property
    def memo(self) -> dict[str, Any]:
        """A scratch dict for values derived from this mapping (never part of its value).

        The mapping never changes, so whatever is computed from it can be kept here and
        reused by every state that shares it.
        """
        if self._memo is None:
            self._memo = {}
        return self._memo

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
        new = FrozenMap(self)
        dict.__setitem__(new, key, value)
        return new

    def set_many(self, items: Iterable[tuple[K, V]]) -> FrozenMap[K, V]:
        """Return a copy with every ``(key, value)`` of ``items`` bound."""
        new = FrozenMap(self)
        dict.update(new, items)
        return new


class Bag(Generic[T]):
    """An immutable multiset, kept as ``(item, count)`` pairs sorted by ``key``.

    The order is fixed by the sort key given at construction, never by hashing, so that
    drawing from a bag is deterministic across processes.

    >>> b = Bag.of(["b", "a", "b"], key=str)
    >>> b.items, b.total, b.count("b")
    ((('a', 1), ('b', 2)), 3, 2)
    >>> b.remove("b").items
    (('a', 1), ('b', 1))
    """

    __slots__ = ("_hash", "_index", "items", "total")

    items: tuple[tuple[T, int], ...]
    total: int

    def __init__(self, items: tuple[tuple[T, int], ...]) -> None:
        self.items = items
        self.total = sum(count for _, count in items)
        self._hash: int | None = None
        self._index: dict[T, int] | None = None

    @classmethod
    def with_total(cls, items: tuple[tuple[T, int], ...], total: int) -> Bag[T]:
        """``Bag(items)`` when ``total`` is already known to be the sum of the counts."""
        bag = cls(())  # not cls.__new__(cls): mypyc cannot compile that
        bag.items = items
        bag.total = total
        return bag

    @classmethod
    def of(cls, elements: Iterable[T], key: Callable[[T], Any]) -> Bag[T]:
        """Count ``elements`` into a bag sorted by ``key``."""
        counts: dict[T, int] = {}
        for element in elements:
            counts[element] = counts.get(element, 0) + 1
        return cls(tuple(sorted(counts.items(), key=lambda pair: key(pair[0]))))

    def position(self, item: T) -> int:
        """The position in ``items`` of the first element equal to ``item``, or -1."""
        index = self._index
        if index is None:
            index = {}
            try:
                for position, (element, _) in enumerate(self.items):
                    index.setdefault(element, position)
            except TypeError:  # an unhashable element: search
                return self._search(item)
            self._index = index
        try:
            return index.get(item, -1)
        except TypeError:  # an unhashable item: search
            return self._search(item)

    def _search(self, item: T) -> int:
        for position, (element, _) in enumerate(self.items):
            if element == item:
                return position
        return -1

    def count(self, item: T) -> int:
        """How many copies of ``item`` the bag holds."""
        at = self.position(item)
        return 0 if at < 0 else self.items[at][1]

    def elements(self) -> Iterator[T]:
        """Every copy of every item, in the bag's order."""
        for element, count in self.items:
            for _ in range(count):
                yield element

    def remove(self, item: T) -> Bag[T]:
        """Return a copy with one ``item`` fewer; ``KeyError`` if there is none."""
        at = self.position(item)
        if at < 0:
            raise KeyError(item)
        items = self.items
        element, count = items[at]
        left = ((element, count - 1),) if count > 1 else ()
        return Bag.with_total((*items[:at], *left, *items[at + 1 :]), self.total - 1)

    def nth(self, index: int) -> T:
        """The item at position ``index`` when every copy is listed in the bag's order."""
        for element, count in self.items:
            if index < count:
                return element
            index -= count
        raise IndexError(index)

    def __bool__(self) -> bool:
        return self.total > 0

    def __len__(self) -> int:
        return self.total

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bag):
            return self.items == other.items
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.items)
        return self._hash

    def __repr__(self) -> str:
        return f"Bag({self.items!r})"

    def __reduce__(self) -> tuple[type[Bag[T]], tuple[tuple[tuple[T, int], ...]]]:
        """Pickle and copy as ``Bag(items)``: compiled with mypyc, the default way (make an
        empty instance, then set its fields) fails, since creating one runs ``__init__``."""
        return (Bag, (self.items,))
