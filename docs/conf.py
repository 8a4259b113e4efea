"""Sphinx configuration for the cacao-rules documentation.

Build: ``nox -s docs`` (or ``sphinx-build -W --keep-going -b html docs docs/_build/html`` with
the package and the ``docs`` extra installed).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

project = "cacao-rules"
author = "the cacao-rules developers"
copyright = "2026, the cacao-rules developers"

try:
    from importlib.metadata import version as _version

    release = _version("cacao-rules")
except Exception:  # the docs can be read before the package is installed
    release = "0.1.0"
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "cacao_rules_spec",  # docs/_ext: the rules page and the :rule: role
    "cacao_boards",  # docs/_ext: boards drawn at build time (the cacao-board directive)
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "alabaster"
html_title = f"cacao-rules {release}"
html_static_path: list[str] = []
