"""Hashable, read-only containers that states are built from.

A state must be hashable and compare by value, so that search code can keep transposition
tables, so it cannot hold a plain ``dict``. :class:`FrozenMap` is a read-only mapping with a
cached hash (defined in :mod:`~cacao_rules.game.frozen_map`, for the build's sake, and
imported from here like the other containers); :class:`Bag` is a multiset kept as sorted
``(item, count)`` pairs, which is how the hidden draw piles are stored: as what is left, never
as a secret order (:rule:`R-CHANCE-1`).
"""

from __future__ import annotations

from collections.abc import (
    Callable,
    Iterable,
    Iterator,
)
from typing import Any, Final, Generic, TypeVar

from ..compiled import COMPILED
from .frozen_map import FrozenMap

__all__ = ["Bag", "FrozenMap", "any_dict"]

T = TypeVar("T")

_NEW_BAG: Final = object.__new__
"""Makes a bag without running its constructor (:meth:`Bag.remove`, pure build)."""


def any_dict() -> Any:
    """A new empty dict, for ``attrs.field(factory=any_dict)``.

    Typed ``Any`` on purpose: mypyc checks the placeholder that ``attrs.field`` returns
    against the factory's return type, so ``factory=dict`` stops a compiled module from
    importing (``TypeError: dict object expected``).
    """
    return {}


class Bag(Generic[T]):
    """An immutable multiset, kept as ``(item, count)`` pairs sorted by ``key``.

    The order is fixed by the sort key given at construction, never by hashing, so that
    drawing from a bag is deterministic across processes.

    >>> b = Bag.of(["b", "a", "b"], key=str)
    >>> b.items, b.total, b.count("b")
    ((('a', 1), ('b', 2)), 3, 2)
    >>> b.remove("b").items, b.remove("b").total, b.remove("a").total
    ((('a', 1), ('b', 1)), 2, 2)
    """

    __slots__ = ("_drawn", "_hash", "_index", "_items", "_known", "_total")

    _items: tuple[tuple[T, int], ...]
    _total: int
    """The sum of the counts (:attr:`total`). The engine's hot callers read it directly: in
    the pure build the property, like ``__bool__`` or ``__len__``, is a Python-level call
    several times the cost of the read."""

    def __init__(self, items: tuple[tuple[T, int], ...], total: int = -1) -> None:
        """``total`` is the sum of the counts where the caller knows it (:meth:`with_total`);
        by default the counts are added up."""
        self._items = items
        if total < 0:
            total = 0
            for _, count in items:  # a loop, not sum() over a generator: bags are made often
                total += count
        self._total = total
        self._hash: int | None = None
        self._index: dict[T, int] | None = None
        self._known: dict[T, int] | None = None
        """The index of positions of a bag this one was drawn from, by :meth:`remove`s
        that left none of an item: its positions may be out of date, but what it does not
        hold, this bag does not hold either (:meth:`position` answers -1 at once)."""
        self._drawn = -1
        """The position of the element :meth:`nth` last found, which :meth:`remove` is
        most often asked for next (-1: none)."""

    @classmethod
    def with_total(cls, items: tuple[tuple[T, int], ...], total: int) -> Bag[T]:
        """``Bag(items)`` when ``total`` is already known to be the sum of the counts."""
        return cls(items, total)

    @classmethod
    def of(cls, elements: Iterable[T], key: Callable[[T], Any]) -> Bag[T]:
        """Count ``elements`` into a bag sorted by ``key``."""
        counts: dict[T, int] = {}
        for element in elements:
            counts[element] = counts.get(element, 0) + 1
        return cls(tuple(sorted(counts.items(), key=lambda pair: key(pair[0]))))

    @property
    def items(self) -> tuple[tuple[T, int], ...]:
        """The ``(item, count)`` pairs, in the bag's order. Read-only, like the whole bag."""
        return self._items

    @property
    def total(self) -> int:
        """How many elements the bag holds, copies counted."""
        return self._total

    def position(self, item: T) -> int:
        """The position in ``items`` of the first element equal to ``item``, or -1."""
        index = self._index
        if index is None:
            known = self._known
            try:
                if known is not None and item not in known:
                    return -1  # not in a bag this one was drawn from
                index = {}
                at = 0
                for element, _ in self._items:
                    index.setdefault(element, at)
                    at += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
            except TypeError:  # an unhashable element or item: search
                return self._search(item)
            self._index = index
        try:
            return index.get(item, -1)
        except TypeError:  # an unhashable item: search
            return self._search(item)

    def _search(self, item: T) -> int:
        for position, (element, _) in enumerate(self._items):
            if element == item:
                return position
        return -1

    def count(self, item: T) -> int:
        """How many copies of ``item`` the bag holds."""
        at = self.position(item)
        return 0 if at < 0 else self._items[at][1]

    def elements(self) -> Iterator[T]:
        """Every copy of every item, in the bag's order."""
        for element, count in self._items:
            for _ in range(count):
                yield element

    def remove(self, item: T) -> Bag[T]:
        """Return a copy with one ``item`` fewer; ``KeyError`` if there is none.

        A chance event draws an element (:meth:`nth`) and takes it off the pile right
        after: that element is found where :meth:`nth` left it, by identity, without
        looking it up (hashing a jungle tile is a Python-level call in the pure build).
        While copies of ``item`` remain, every element keeps its position, so the copy
        shares this bag's index of positions (never changed once made) instead of building
        its own; when none remain, the copy keeps the index to answer at once for what
        neither holds (:meth:`position`: most often whether a gem mine is in the pile). The
        pure build writes the copy's slots as the constructor does, without calling it.
        """
        items = self._items
        at = self._drawn
        if at < 0 or items[at][0] is not item:
            index = self._index
            if index is None:
                at = self.position(item)
            else:
                try:
                    at = index.get(item, -1)
                except TypeError:  # an unhashable item: search
                    at = self._search(item)
            if at < 0:
                raise KeyError(item)
        element, count = items[at]
        shared: dict[T, int] | None
        if count == 1:
            left = items[:at] + items[at + 1 :]
            shared = None
            known = self._known if self._index is None else self._index
        else:  # concatenated rather than unpacked into a new tuple: fewer instructions, pure
            left = items[:at] + ((element, count - 1),) + items[at + 1 :]  # noqa: RUF005
            shared = self._index
            known = self._known
        if COMPILED:  # the constructor's writes are direct
            bag = Bag(left, self._total - 1)
        else:  # made as the constructor makes it, without a Python-level call to it
            bag = _NEW_BAG(Bag)
            bag._items = left
            bag._total = self._total - 1
            bag._hash = None
            bag._drawn = -1
        bag._index = shared
        bag._known = known
        return bag

    def add(self, item: T, key: Callable[[T], Any]) -> Bag[T]:
        """Return a copy with one ``item`` more, in its place by ``key``, the sort key the
        bag was made with: ``Bag.of([*self.elements(), item], key)`` without counting and
        sorting every element again.

        >>> Bag.of("ac", key=str).add("b", key=str).add("c", key=str).items
        (('a', 1), ('b', 1), ('c', 2))
        """
        items = self._items
        at = self.position(item)
        if at >= 0:
            element, count = items[at]
            bag = Bag((*items[:at], (element, count + 1), *items[at + 1 :]), self._total + 1)
            bag._index = self._index  # every element keeps its position
            return bag
        rank = key(item)
        for at, (element, _) in enumerate(items):
            if key(element) > rank:
                return Bag((*items[:at], (item, 1), *items[at:]), self._total + 1)
        return Bag((*items, (item, 1)), self._total + 1)

    def nth(self, index: int) -> T:
        """The item at position ``index`` when every copy is listed in the bag's order."""
        at = 0
        for element, count in self._items:
            if index < count:
                self._drawn = at  # for remove(), most often asked for it next
                return element
            index -= count
            at += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
        raise IndexError(index)

    def __bool__(self) -> bool:
        return self._total > 0

    def __len__(self) -> int:
        return self._total

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bag):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._items)
        return self._hash

    def __repr__(self) -> str:
        return f"Bag({self._items!r})"

    def __reduce__(self) -> tuple[type[Bag[T]], tuple[tuple[tuple[T, int], ...]]]:
        """Pickle and copy as ``Bag(items)``: compiled with mypyc, the default way (make an
        empty instance, then set its fields) fails, since creating one runs ``__init__``."""
        return (Bag, (self._items,))
