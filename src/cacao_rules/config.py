"""Which game to play: the number of players and the expansion modules.

A :class:`Config` is validated when it is made, so an engine never sees a game the rules do
not allow (:rule:`R-SETUP-1`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final

import attrs

from .components import Hut
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


SUPPORTED_MODULES: Final[frozenset[Module]] = frozenset(
    {
        Module.MAP,
        Module.WATERING,
        Module.CHOCOLATE,
        Module.HUTS,
        Module.TREE_OF_LIFE,
        Module.EMPEROR,
    }
)
"""The modules this version of the engine implements: the four of *Chocolatl*, and the
Tree of Life and the Favour of the Emperor of *Diamante*."""

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
            f"supported: {', '.join(sorted(m.name for m in SUPPORTED_MODULES))}"
        )


def _to_huts(value: object) -> frozenset[Hut] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ConfigError(f"huts must be None or a collection of cacao_rules.Hut, got {value!r}")
    listed = list(value)
    for hut in listed:
        if not isinstance(hut, Hut):
            raise ConfigError(
                f"huts must hold cacao_rules.Hut members, got {hut!r}; "
                f"allowed: {', '.join(h.name for h in Hut)}"
            )
    repeated = sorted({hut.name for hut in listed if listed.count(hut) > 1})
    if repeated:
        raise ConfigError(
            f"an agreed hut selection names each hut once; repeated: {', '.join(repeated)}"
        )
    return frozenset(listed)


def _check_huts(instance: Config, _attribute: object, value: frozenset[Hut] | None) -> None:
    if value is not None and Module.HUTS not in instance.modules:
        raise ConfigError("an agreed hut selection (huts=...) needs the Huts module (Module.HUTS)")


def _check_early_overbuild(instance: Config, _attribute: object, value: Any) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"map_early_overbuild must be True or False, got {value!r}")
    if value and Module.MAP not in instance.modules:
        raise ConfigError("map_early_overbuild is a variant of the Map module (Module.MAP)")


@attrs.frozen(repr=False)
class Config:
    """A game's configuration: ``players`` (2-4), the set of expansion ``modules`` and the
    rulebooks' options.

    ``map_early_overbuild`` allows overbuilding as soon as the jungle pile is empty
    (:rule:`R-MAP-6`); ``huts`` is an agreed selection of huts instead of the random sides
    (:rule:`R-HUT-2`).

    >>> Config(players=3)
    Config(players=3)
    >>> Config(players=2, modules={Module.HUTS}, huts=[Hut.CHIEF, Hut.MONK])
    Config(players=2, modules={HUTS}, huts={MONK, CHIEF})
    >>> Config(players=5)
    Traceback (most recent call last):
    ...
    cacao_rules.errors.ConfigError: Cacao is for 2 to 4 players, got players=5
    """

    players: int = attrs.field(validator=_check_players)
    modules: frozenset[Module] = attrs.field(
        default=frozenset(), converter=_to_modules, validator=_check_modules
    )
    map_early_overbuild: bool = attrs.field(default=False, validator=_check_early_overbuild)
    huts: frozenset[Hut] | None = attrs.field(
        default=None, converter=_to_huts, validator=_check_huts
    )

    def has(self, module: Module) -> bool:
        """Whether the game uses ``module``."""
        return module in self.modules

    def __repr__(self) -> str:
        parts = [f"players={self.players}"]
        if self.modules:
            names = sorted(module.name for module in self.modules)
            parts.append("modules={" + ", ".join(names) + "}")
        if self.map_early_overbuild:
            parts.append("map_early_overbuild=True")
        if self.huts is not None:
            huts = sorted(self.huts, key=lambda hut: hut.sort_key)
            parts.append("huts={" + ", ".join(hut.name for hut in huts) + "}")
        return f"Config({', '.join(parts)})"
