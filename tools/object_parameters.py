"""List the public parameters annotated ``object``: ``python tools/object_parameters.py``.

DESIGN.md section 1 asks every public function, method and constructor to declare the types
it takes; ``object`` belongs only where any object is truly welcome (``__eq__``, ``__ne__``).
This script finds every other, by :mod:`inspect` over two sets of callables:

- the public API: each name in ``cacao_rules.__all__``, and for a class its public methods
  and its constructor;
- the package: each public function and class defined in any module of the package (a
  module whose dotted name has no part starting with ``_``), with its public methods.

It prints each parameter found and the two counts; tests/test_public_types.py asserts that
the public API has none. The modules are imported, so the extras (OpenSpiel, PettingZoo)
must be installed for their adapters to be counted; a module that fails to import is named
and skipped.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Callable, Iterator
from types import ModuleType

import cacao_rules

WELCOME_ANY = frozenset({"__eq__", "__ne__"})
"""Methods that take any object by their nature."""


def _takes_object(annotation: object) -> bool:
    return annotation is object or annotation == "object"


def _methods(cls: type) -> Iterator[tuple[str, Callable[..., object]]]:
    """The public methods of ``cls`` defined in the package, and its constructor."""
    for name, member in vars(cls).items():
        if name in WELCOME_ANY or (name.startswith("_") and name != "__init__"):
            continue
        function = member.__func__ if isinstance(member, classmethod | staticmethod) else member
        if inspect.isfunction(function):
            yield f"{cls.__qualname__}.{name}", function


def _callables(owner: str, value: object) -> Iterator[tuple[str, Callable[..., object]]]:
    if inspect.isclass(value):
        for name, method in _methods(value):
            yield f"{owner}.{name}", method
    elif inspect.isfunction(value):
        yield f"{owner}.{value.__qualname__}", value


def object_parameters(callables: Iterator[tuple[str, Callable[..., object]]]) -> list[str]:
    """``name(parameter)`` for each parameter annotated ``object``, sorted, once each."""
    found = set()
    for name, function in callables:
        for parameter in inspect.signature(function).parameters.values():
            if _takes_object(parameter.annotation):
                found.add(f"{name}({parameter.name})")
    return sorted(found)


def public_api() -> Iterator[tuple[str, Callable[..., object]]]:
    """Every callable named in ``cacao_rules.__all__``, and the methods of its classes."""
    for name in cacao_rules.__all__:
        yield from _callables("cacao_rules", getattr(cacao_rules, name))


def package_modules() -> Iterator[ModuleType]:
    """Every module of the package whose name has no part starting with ``_``."""
    for info in pkgutil.walk_packages(cacao_rules.__path__, "cacao_rules."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError as missing:
            print(f"skipped {info.name}: {missing}", file=sys.stderr)


def package() -> Iterator[tuple[str, Callable[..., object]]]:
    """Every public function and class defined in a module of the package, with methods."""
    for module in package_modules():
        for name, value in vars(module).items():
            if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__:
                yield from _callables(module.__name__, value)


def main() -> None:
    """Print the parameters annotated ``object`` and how many there are."""
    in_api = object_parameters(public_api())
    in_package = object_parameters(package())
    for line in in_package:
        print(line)
    print(f"public API (cacao_rules.__all__): {len(in_api)} parameters typed object")
    print(f"package (public names of every module): {len(in_package)} parameters typed object")


if __name__ == "__main__":
    main()
