"""The expansion modules of *Chocolatl* and *Diamante*, and their names.

A module of its own, left interpreted in the compiled build (hatch_build.py): its one
method takes a member or a name, ``Module | str``, and refuses anything else with the
words of :func:`~cacao_rules.errors.expect` in both builds; compiled, mypyc would check
that union on entry in its own words. (Typing it with overloads instead makes mypy lose the
type of ``Module.value``.) :mod:`cacao_rules.game.config` exports it with the configuration.
"""

from __future__ import annotations

import enum
from typing import Final

from ..errors import ConfigError, excerpt, expect


class Module(enum.Enum):
    """The expansion modules of *Chocolatl* and *Diamante*."""

    # Members are singletons: hashing by identity is exact and much faster than the
    # default hash of the member's name (an interpreted call in the compiled build too).
    __hash__ = object.__hash__

    MAP = "map"
    WATERING = "watering"
    CHOCOLATE = "chocolate"
    HUTS = "huts"
    GEM_MINES = "gem_mines"
    TREE_OF_LIFE = "tree_of_life"
    EMPEROR = "emperor"
    NEW_WORKERS = "new_workers"

    @classmethod
    def named(cls, name: Module | str) -> Module:
        """The module called ``name``: its value (``"gem_mines"``), the same with hyphens
        (``"gem-mines"``) or its member name (``"GEM_MINES"``), in any case; a member is
        returned as it is. :class:`ConfigError` for any other str, ``TypeError`` for
        anything else.

        >>> Module.named("Gem-Mines")
        <Module.GEM_MINES: 'gem_mines'>
        """
        if isinstance(name, Module):
            return name
        found = _MODULES_BY_NAME.get(expect(name, str).strip().lower().replace("-", "_"))
        if found is not None:
            return found
        allowed = ", ".join(module.value for module in cls)
        raise ConfigError(f"unknown module {excerpt(name)}; the modules are {allowed}")


_MODULES_BY_NAME: Final[dict[str, Module]] = {module.value: module for module in Module}
