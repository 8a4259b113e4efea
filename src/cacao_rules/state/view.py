"""The read-only face that a :class:`~cacao_rules.state.state.State` and a
:class:`~cacao_rules.state.draft.Draft` share, so rules code can read either.

A union of the two classes rather than a :class:`~typing.Protocol` naming their fields:
compiled with mypyc, reading a field of a union of native classes is a check of the type
and a direct read of the native attribute, while reading it through a protocol is a
generic attribute lookup (several times the cost), and the rules read the state this way
many times per move. Both classes have the same fields (``players`` is a tuple in one, a
list in the other; both are sequences of :class:`~cacao_rules.state.state.PlayerState`).
"""

from __future__ import annotations

from typing import TypeAlias

from .draft import Draft
from .state import State

View: TypeAlias = State | Draft
"""What the rules read of a game: see :class:`~cacao_rules.state.state.State`."""
