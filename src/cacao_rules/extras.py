"""The error an adapter raises when it is imported without its extra.

``cacao_rules.openspiel`` and ``cacao_rules.pettingzoo`` need frameworks that the core
library does not install. Imported without them, each says which extra to install instead of
failing with a bare ``ModuleNotFoundError`` for a module the user never asked for.
"""

from __future__ import annotations


def missing_extra(extra: str, error: ModuleNotFoundError) -> ImportError:
    """An ImportError for ``cacao_rules.<extra>``, naming the extra that installs ``error.name``.

    >>> str(missing_extra("openspiel", ModuleNotFoundError("no pyspiel", name="pyspiel")))
    "cacao_rules.openspiel needs the 'openspiel' extra (...): pip install 'cacao-rules[openspiel]'"
    """
    return ImportError(
        f"cacao_rules.{extra} needs the {extra!r} extra ({error.name} is not installed): "
        f"pip install 'cacao-rules[{extra}]'",
        name=error.name,
    )
