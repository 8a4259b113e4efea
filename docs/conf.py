"""Sphinx configuration for the cacao-rules documentation.

Build: ``nox -s docs``, or ``sphinx-build -W --keep-going -b html docs docs/_build/html`` with
the ``docs`` dependency group installed (``pip install --group docs``). The package is read
from ``src/`` (installed or not); OpenSpiel, PettingZoo, Gymnasium and NumPy are not needed:
autodoc mocks them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.util.inspect import TypeAliasForwardRef

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS.parent / "src"))  # document this tree's code, as the tests test it

import cacao_rules  # noqa: E402  (after the path change above)

project = "cacao-rules"
author = "the cacao-rules developers"
copyright = "2026, the cacao-rules developers"
release = cacao_rules.__version__  # the one place the version is written
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "sphinx_codeautolink",
    "cacao_rules_spec",  # docs/_ext: the rules page, the :rule: role, the source pages
    "cacao_boards",  # docs/_ext: boards drawn at build time (the cacao-board directive)
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "_inventories", "Thumbs.db", ".DS_Store"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

# --- the API reference ------------------------------------------------------------------------
# The adapters import their frameworks at import time; the docs document them without those
# frameworks installed (and without NumPy, which only the adapters use).
autodoc_mock_imports = ["pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy"]
autodoc_default_options = {"members": True, "undoc-members": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_inherit_docstrings = False  # attrs' and Enum's own docstrings say nothing of the game
python_use_unqualified_type_names = True
# Signatures name the unions, as the source does, instead of spelling out their members.
autodoc_type_aliases = {
    name: f"cacao_rules.{name}" for name in ("Move", "ChanceMove", "Event", "Step", "Tile")
}
add_module_names = False

# Sphinx 9 prints such an alias inside ``tuple[...]`` by its repr
# (``TypeAliasForwardRef('cacao_rules.Move')``); make the repr its name.
TypeAliasForwardRef.__repr__ = lambda self: str(self.name)  # type: ignore[method-assign]


# --- links to other projects' docs ------------------------------------------------------------
# The local inventories come first: CI has no network (see _inventories/README.md).
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", ("_inventories/python.inv", None)),
    "attrs": ("https://www.attrs.org/en/stable", ("_inventories/attrs.inv", None)),
    "numpy": ("https://numpy.org/doc/stable", ("_inventories/numpy.inv", None)),
}
intersphinx_timeout = 5

# --- names in code examples linked to the API (sphinx-codeautolink) ---------------------------
codeautolink_concat_default = True  # the examples on a page build on each other, as doctests do
codeautolink_global_preface = "import cacao_rules as cr"

# --- copy buttons: copy the code, not the prompts or the output -------------------------------
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# --- the look ---------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"cacao-rules {release}"
html_static_path = ["_static"]
html_css_files = ["cacao.css"]
html_theme_options = {
    "source_directory": "docs/",
    "navigation_with_keys": True,
}
pygments_style = "friendly"
pygments_dark_style = "monokai"
