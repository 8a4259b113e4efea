"""The record of the legal moves the engine listed for a state, kept in the state's
private slot, ``_listed``.

A module of its own because two places make these records: the engine, for the moves it
lists when asked (``cacao_rules.engine``), and the working copy, which puts the moves that
settling listed into the state it freezes while that state is still being built
(:meth:`~cacao_rules.state.draft.Draft.freeze`: writing the slot afterwards costs about as
much again). Nothing else makes one, and only the engine reads them.
"""

from __future__ import annotations

from ..game.moves import Move


class Listed:
    """The legal moves the engine listed for one state, naming that state by identity.

    A state's slot is out of reach of every public name but not of ``object.__setattr__``,
    so the engine does not trust what the slot holds: only a record of this class, made
    for that very state (``cacao_rules.engine._listed_moves``). A tuple written into the
    slot, or the record of another state copied there, is ignored, and the moves are
    listed and checked afresh: no caller can make the engine accept a move it did not
    list. (A record taken out of a state and kept until that state is gone could name a
    later state that Python puts at the same address; getting there means reaching into
    the engine's private records, as replacing its functions would.) Never changed once
    made; its attributes are not ``Final`` because the pure build's
    :meth:`~cacao_rules.state.draft.Draft.freeze` writes a new record's two slots itself,
    without the constructor's call.
    """

    __slots__ = ("moves", "owner")

    def __init__(self, moves: tuple[Move, ...], owner: int) -> None:
        self.moves = moves
        self.owner = owner
        """``id()`` of the state listed: no other living object has it."""
