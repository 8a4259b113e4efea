"""The pure build's working copy: a draft that becomes, when frozen, the state it describes.

The engine changes a :class:`~cacao_rules.state.draft.Draft` at every move and freezes it
into a new :class:`~cacao_rules.state.state.State`. In the pure build, copying the draft's
19 fields into a new state was 2.5% of the instructions of a base-game decision
(cachegrind, 40 seeded 4-player games: 517.8M with the copy, 504.8M without, issue 39).
So in the pure build the draft is made, from the declared class, as a state open to
change: a subclass of the state's open twin (``game/sealed.py``) with no slot of its own
and the methods of the declared class, and :func:`_freeze_in_place` turns it into the state
by changing its class. The compiled build keeps the declared class, whose native
fields and constructor cost little.

The draft's two fields that a state has not, ``events`` and ``moves``, live in the
state's two private slots, which a draft does not use otherwise: ``events`` in ``_hash``
(set to ``None``, no hash worked out yet, when frozen) and ``moves`` in ``_listed`` (where
the frozen state keeps the moves' record). They are the slots' own descriptors under
other names, so reading and writing them costs what any slot costs. A draft compares and
hashes by identity, as the declared class does, so that its hash can never be written
into the slot that holds its events.
"""

from __future__ import annotations

from types import MemberDescriptorType
from typing import Any, TypeVar

from ..game.sealed import Sealed, new_blank
from .listed import Listed
from .state import State

Declared = TypeVar("Declared")
"""The draft class as declared (``state/draft.py``, which imports this module: named
here only by this variable, so that the two do not import each other)."""

_STATE_ONLY = frozenset({"__slots__", "__dict__", "__weakref__", "freeze"})
"""What the working copy does not take from the declared class: its layout (the state's
instead) and its :meth:`~cacao_rules.state.draft.Draft.freeze`."""


def working_copy_class(declared: type[Declared]) -> type[Declared]:
    """The pure build's draft class: a state open to change, with the methods of
    ``declared`` (the draft class as declared, which mypy checks and mypyc compiles)."""
    namespace: dict[str, Any] = {
        name: member
        for name, member in vars(declared).items()
        if name not in _STATE_ONLY and not isinstance(member, MemberDescriptorType)
    }
    namespace.update(
        __slots__=(),
        events=vars(Sealed)["_hash"],
        moves=vars(State)["_listed"],
        freeze=_freeze_in_place,
        __eq__=object.__eq__,
        __hash__=object.__hash__,
        __repr__=object.__repr__,
        _IS_TWIN=True,  # an open form of the state: it needs no open twin of its own
    )
    working: type[Declared] = type(declared.__name__, (State._OPEN,), namespace)
    return working


def _freeze_in_place(draft: State) -> State:
    """:meth:`~cacao_rules.state.draft.Draft.freeze` of the pure build: the draft itself
    (a state open to change, so typed as a state) becomes the state it describes, its
    moves' record in the private slot, no hash worked out, sealed. The draft ends here: it
    is that state now."""
    working: Any = draft  # its two draft fields and its list of players are not a state's
    moves = working.moves
    working.players = tuple(working.players)
    if moves is not None:  # the record, written as its constructor does
        listed = new_blank(Listed)
        listed.moves = moves
        listed.owner = id(working)
        working.moves = listed
    working.events = None
    working.__class__ = State  # sealed
    frozen: State = working
    return frozen
