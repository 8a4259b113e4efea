"""The sealed base of the value classes that live in modules left interpreted.

:class:`~cacao_rules.Config` and :class:`~cacao_rules.GameRecord` are values like the state
and the moves (immutable, equal by their fields, hashable, picklable, changed by
``replace``), but their modules stay interpreted in the compiled build (hatch_build.py says
why), and an interpreted class cannot extend a native one: mypyc allows that only to a class
marked for it, and the mark would make every call on a state or a move, whose base is
:class:`~cacao_rules.game.sealed.Sealed`, a dynamic one. So their base is
:class:`~cacao_rules.game.sealed.Sealed` loaded once more from its source, as an ordinary
Python class, in the compiled build, and that class itself in the pure build, where every
class is an ordinary one: what a value is stays written once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..compiled import COMPILED
from . import sealed

__all__ = ["InterpretedSealed"]


def _from_source() -> type[sealed.Sealed]:
    """The class ``Sealed`` of the source of :mod:`~cacao_rules.game.sealed`, interpreted."""
    import importlib.util  # only the compiled build needs them
    import os.path

    source = os.path.join(os.path.dirname(sealed.__file__), "sealed.py")
    spec = importlib.util.spec_from_file_location(f"{__package__}.sealed_interpreted", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    base: type[sealed.Sealed] = module.Sealed
    return base


if TYPE_CHECKING or not COMPILED:
    from .sealed import Sealed as InterpretedSealed
else:
    InterpretedSealed = _from_source()
