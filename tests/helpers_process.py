"""Running the library in a fresh interpreter: the same build as the tests import."""

from __future__ import annotations

import os
from pathlib import Path

import cacao_rules


def same_package_env(**extra: str) -> dict[str, str]:
    """The environment for a child Python that imports the ``cacao_rules`` this process
    imported: the sources under ``src/`` in the pure run, the installed (possibly
    compiled) package in a run against an installed build."""
    root = Path(cacao_rules.__file__).resolve().parent.parent
    return dict(os.environ, PYTHONPATH=str(root), **extra)
