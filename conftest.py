"""pytest configuration for the whole tree: the adapters' doctests need their extras.

``src/cacao_rules/openspiel.py`` and ``src/cacao_rules/pettingzoo.py`` import OpenSpiel and
PettingZoo, which only the ``openspiel`` and ``pettingzoo`` extras install. Without them
pytest leaves those two modules' doctests out instead of failing to import them (CI installs
both extras, so there they run; their tests in ``tests/`` skip themselves the same way).
"""

from __future__ import annotations

import importlib.util

_ADAPTERS = {
    "pyspiel": "src/cacao_rules/openspiel.py",
    "pettingzoo": "src/cacao_rules/pettingzoo.py",
}

collect_ignore = [
    path for module, path in _ADAPTERS.items() if importlib.util.find_spec(module) is None
]
if importlib.util.find_spec("starlette") is None:  # the game server needs the server extra
    collect_ignore.append("src/cacao_rules/server")
# Alembic's entry to the migrations runs them when imported: Alembic alone imports it. A glob,
# for the installed package's copy too (the compiled build's doctests, noxfile.py).
collect_ignore_glob = ["*/cacao_rules/server/migrations/env.py"]
