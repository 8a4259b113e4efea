"""Which game to play: the number of players and the expansion modules.

A :class:`Config` is validated when it is made, so an engine never sees a game the rules do
not allow (:rule:`R-SETUP-1`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final

import attrs

from .errors import ConfigError


class Module(enum.Enum):
    """The expansion modules of *Chocolatl* and *Diamante*."""

    MAP = "map"
    WATERING = "watering"
    CHOCOLATE = "chocolate"
    HUTS = "huts"
    GEM_MINES = "gem_mines"
    TREE_OF_LIFE = "tree_of_life"
    EMPEROR = "emperor"
    NEW_WORKERS = "new_workers"


SUPPORTED_MODULES: Final[frozenset[Module]] = frozenset()
"""The modules this version of the engine implements (none yet: base game only)."""

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4


def _to_modules(value: object) -> frozenset[Module]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ConfigError(f"modules must be a collection of cacao_rules.Module, got {value!r}")
    modules = frozenset(value)
    for module in modules:
        if not isinstance(module, Module):
            raise ConfigError(
                f"modules must hold cacao_rules.Module members, got {module!r}; "
                f"allowed: {', '.join(m.name for m in Module)}"
            )
    return modules


def _check_players(_instance: object, _attribute: object, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"players must be an int from 2 to 4, got {value!r}")
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise ConfigError(f"Cacao is for 2 to 4 players, got players={value}")


def _check_modules(_instance: object, _attribute: object, value: frozenset[Module]) -> None:
    missing = sorted(module.name for module in value - SUPPORTED_MODULES)
    if missing:
        raise ConfigError(
            f"module(s) {', '.join(missing)} are not implemented in this version; "
            "supported: the base game only (modules=())"
        )


@attrs.frozen
class Config:
    """A game's configuration: ``players`` (2-4) and the set of expansion ``modules``.

    >>> Config(players=3)
    Config(players=3, modules=frozenset())
    >>> Config(players=5)
    Traceback (most recent call last):
    ...
    cacao_rules.errors.ConfigError: Cacao is for 2 to 4 players, got players=5
    """

    players: int = attrs.field(validator=_check_players)
    modules: frozenset[Module] = attrs.field(
        default=frozenset(), converter=_to_modules, validator=_check_modules
    )
