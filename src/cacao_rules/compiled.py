"""Which build of the package is running: compiled with mypyc, or pure Python.

The same sources make both builds (README, "Builds"): ``pip install .`` installs them as
they are, ``CACAO_RULES_MYPYC=1 pip install .`` compiles them with mypyc. This module is
compiled with the rest in the compiled build, so it can tell which one it is from its own
file: an extension module (``.so``, ``.pyd``) there, a ``.py`` source in the pure build.

>>> COMPILED in (True, False)
True
"""

from __future__ import annotations

from typing import Final

COMPILED: Final[bool] = not __file__.endswith(".py")
"""``True`` in the mypyc-compiled build, ``False`` in the pure-Python build."""
