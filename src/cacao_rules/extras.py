"""The error an adapter raises when it is imported without its extra.

``cacao_rules.openspiel`` and ``cacao_rules.pettingzoo`` need frameworks that the core
library does not install. Imported without them, each says which extra to install instead of
failing with a bare ``ModuleNotFoundError`` for a module the user never asked for.
"""

from __future__ import annotations


def install_command(extra: str) -> str:
    """How to install ``extra``: the package is not on PyPI yet, so from a clone's folder.

    >>> print(install_command("server"))
    pip install ".[server]" in a clone of cacao-rules (once published: pip install ...)
    """
    return (
        f'pip install ".[{extra}]" in a clone of cacao-rules '
        f'(once published: pip install "cacao-rules[{extra}]")'
    )


def missing_extra(extra: str, error: ModuleNotFoundError) -> ImportError:
    """An ImportError for ``cacao_rules.<extra>``, naming the extra that installs ``error.name``.

    >>> print(missing_extra("openspiel", ModuleNotFoundError("no pyspiel", name="pyspiel")))
    cacao_rules.openspiel needs the 'openspiel' extra (pyspiel is not installed): pip install ...
    """
    return ImportError(
        f"cacao_rules.{extra} needs the {extra!r} extra ({error.name} is not installed): "
        + install_command(extra),
        name=error.name,
    )
