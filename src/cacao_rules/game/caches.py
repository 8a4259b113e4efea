"""The process-wide tables in which the engine and the bots keep what they worked out, all
registered in one place, each with its bound, and safe to share between threads.

Hot paths keep small immutable things they make again and again (moves, tiles, fill choices,
documents of tiles) and answers they work out again and again (what a resolving situation
settles to, what the greedy bot can gain from it) in tables that last as long as the
process. Each table is a :class:`Memo` (or, for the tile moves, a table of its own kind)
with a name, a bound and what it forgets when full (:class:`Forget`), and every one is
listed in :data:`TABLES`: :func:`clear_all` empties them all, and a test may lower a
memo's ``bound`` to make it forget often.

Threads: the server runs the engine from a thread pool, and bots may run in threads too.
What makes the tables safe to share, with a lock only where one is needed:

- A read is one dictionary operation: callers read ``memo.table.get(key)`` directly, the
  hot path. So is keeping a value (``dict.setdefault``, or an assignment for
  :meth:`Memo.put`). Each single operation on a dictionary is atomic under the GIL, and
  on free-threaded CPython (3.13t) the interpreter locks the dictionary for it, so a
  reader finds a kept value or nothing, never a half-written entry.
- Making room takes the table's lock, so two threads never make room at once, and it
  copies the keys in one operation and removes each only if it is still there: a thread
  that keeps a value meanwhile changes nothing it relies on. (Making room used to delete
  keys from a list taken before its loop, so two threads that made room at once deleted
  the same keys twice, a ``KeyError``, or one changed the table while the other iterated
  over it, a ``RuntimeError``.)
- What is kept is immutable and equal to what would be worked out afresh, so a reader that
  misses because another thread just made room works it out again and gets the same
  answer, and two threads that keep a value for one key at once may keep either.
  :meth:`Memo.keep` hands back the value kept first, so that threads share one object per
  key; a value that depends on the table itself (a number in the order keys come) is
  worked out and kept under the lock (:meth:`Memo.keep_made`).
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from typing import Final, Generic, Protocol, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Table(Protocol):
    """What the registry knows of a table: its name, its bound (``None`` for a table that
    never forgets, whose keys are finite), how many entries it holds, and how to empty it."""

    @property
    def name(self) -> str: ...

    @property
    def bound(self) -> int | None: ...

    def __len__(self) -> int: ...

    def clear(self) -> None: ...


TABLES: Final[list[Table]] = []
"""Every table of the process, in the order their modules were imported."""


def register(table: Table) -> None:
    """List ``table`` in :data:`TABLES`."""
    TABLES.append(table)


def clear_all() -> None:
    """Empty every table: each then fills again as it is used, with equal values. For tests
    and tools; nothing needs it, since every table is bounded."""
    for table in TABLES:
        table.clear()


class Forget(enum.Enum):
    """What a full :class:`Memo` forgets to make room."""

    OLDER_HALF = "the older half"
    """The entries kept first, half of them: the newer half holds what recent games met."""
    EVERYTHING = "everything"
    """It starts afresh: for tables that fill again quickly, or are never full in practice."""
    NOTHING = "nothing"
    """It keeps no more: for tables whose keys are few, where the bound is a safety net."""


class Memo(Generic[K, V]):
    """A table of values by key, kept for the life of the process (see the module docstring).

    Read it with ``memo.table.get(key)``; keep a value with :meth:`keep` (the first one kept
    for a key wins) or :meth:`put` (replaces it). ``bound`` is how many entries it holds
    before it makes room, forgetting what ``forget`` says; ``None`` for a table that never
    forgets, because something relies on what it numbered or made (its keys are finite).
    ``clears`` are the tables whose keys are made from this one's values: they are emptied
    with it.
    """

    __slots__ = ("bound", "clears", "forget", "lock", "name", "table")

    def __init__(
        self,
        name: str,
        bound: int | None,
        forget: Forget = Forget.EVERYTHING,
        clears: tuple[Table, ...] = (),
    ) -> None:
        self.name: Final = name
        self.bound = bound
        self.forget: Final = forget
        self.clears: Final = clears
        self.table: Final[dict[K, V]] = {}
        self.lock: Final = threading.RLock()
        register(self)

    def __len__(self) -> int:
        return len(self.table)

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` unless a value is kept for it already; return the one
        kept (``value`` itself if the table is full and forgets nothing)."""
        table = self.table
        bound = self.bound
        if bound is not None and len(table) >= bound:
            kept = table.get(key)
            if kept is not None:
                return kept
            if not self._made_room(bound):
                return value
        return table.setdefault(key, value)

    def keep_made(self, key: K, make: Callable[[], V]) -> V:
        """:meth:`keep` for a value that ``make`` works out only if none is kept yet, while
        holding the lock: for a value that depends on the table itself (a number given in
        the order keys come). ``make`` must be quick and must not use this memo."""
        with self.lock:
            kept = self.table.get(key)
            return self.keep(key, make()) if kept is None else kept

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` in place of any value kept for it; return it."""
        table = self.table
        bound = self.bound
        if bound is None or len(table) < bound or key in table or self._made_room(bound):
            table[key] = value
        return value

    def _made_room(self, bound: int) -> bool:
        """Make room in the full table, forgetting what :attr:`forget` says, unless another
        thread just did; ``False`` if it forgets nothing.

        One thread at a time (the lock), and safe beside threads that keep values meanwhile:
        the keys are copied in one operation, and each is removed only if still there.
        """
        forget = self.forget
        if forget is Forget.NOTHING:
            return False
        with self.lock:
            table = self.table
            if len(table) >= bound:
                if forget is Forget.EVERYTHING:
                    table.clear()
                else:
                    keys = list(table)
                    for key in keys[: (len(keys) + 1) // 2]:
                        table.pop(key, None)
        return True

    def clear(self) -> None:
        """Forget everything, and empty the tables of :attr:`clears`."""
        with self.lock:
            self.table.clear()
        for table in self.clears:
            table.clear()
