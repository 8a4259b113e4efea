"""Sphinx configuration for the cacao-rules documentation.

Build: ``nox -s docs``, or ``sphinx-build -W --keep-going -b html docs docs/_build/html`` with
the ``docs`` dependency group installed (``pip install --group docs``). The package is read
from ``src/`` (installed or not); OpenSpiel, PettingZoo, Gymnasium and NumPy are not needed:
autodoc mocks them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.application import Sphinx
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


def _drop_modules_without_source(app: Sphinx, *_: object) -> list[object]:
    """Keep ``sphinx.ext.viewcode``'s index of source pages to the pages it writes.

    viewcode notes every module that a documented object names, also those it finds no
    source for (``builtins``, the mocked ``pyspiel``), and lists them all in
    ``_modules/index.html``, which then links to pages that do not exist. Run before
    viewcode's own page collection, this drops those modules; it adds no page."""
    modules = getattr(app.env, "_viewcode_modules", None)
    if modules is not None:
        for name in [name for name, entry in modules.items() if not entry]:
            del modules[name]
    return []


def _fix_backlinks(
    app: Sphinx, pagename: str, _template: str, context: dict[str, object], _doctree: object
) -> None:
    """Point ``sphinx.ext.viewcode``'s ``[docs]`` links on a source page at entries that exist.

    viewcode links every documented object of a source page to ``#MODULE.NAME`` with one
    ``MODULE`` per page, the name the first such object was documented under. An object of
    the same source file documented under its module's own name (``ProgramBot`` is
    ``cacao_rules.ProgramBot``, ``serve`` is ``cacao_rules.agents.program.serve``) would get a
    link to an anchor that does not exist; this links it to its entry."""
    modules = getattr(app.env, "_viewcode_modules", None)
    body = context.get("body")
    if not pagename.startswith("_modules/") or not modules or not isinstance(body, str):
        return
    modname = pagename.removeprefix("_modules/").replace("/", ".")
    entry = modules.get(modname)
    if not entry:
        return
    _code, _tags, used, refname = entry
    documented = {name for name, *_ in app.env.get_domain("py").get_objects()}
    for name in used:
        if f"{refname}.{name}" not in documented and f"{modname}.{name}" in documented:
            body = body.replace(f'#{refname}.{name}"', f'#{modname}.{name}"')
    context["body"] = body


def setup(app: Sphinx) -> None:
    app.connect("html-collect-pages", _drop_modules_without_source, priority=100)
    app.connect("html-page-context", _fix_backlinks)
