"""The read-only face that a :class:`~cacao_rules.state.State` and a
:class:`~cacao_rules.draft.Draft` share, so rules code can read either."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .components import JungleTile, Tile, WorkerTile, WorkerType
from .config import Config
from .frozen import Bag, FrozenMap
from .geometry import Square
from .state import PlayerState, Step


class View(Protocol):
    """What the rules read of a game: see :class:`~cacao_rules.state.State`."""

    @property
    def config(self) -> Config: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def chance_count(self) -> int: ...
    @property
    def discarded(self) -> tuple[tuple[int, WorkerType], ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def board(self) -> FrozenMap[Square, Tile]: ...
    @property
    def covered(self) -> FrozenMap[Square, WorkerTile]: ...
    @property
    def players(self) -> Sequence[PlayerState]: ...
    @property
    def jungle_pile(self) -> Bag[JungleTile]: ...
    @property
    def display(self) -> tuple[JungleTile, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def step(self) -> Step: ...
