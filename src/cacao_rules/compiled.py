"""Which build of the package is running, and the one annotation that differs between builds.

The same sources make both builds (README, "Builds"): ``pip install .`` installs them as
they are, ``CACAO_RULES_MYPYC=1 pip install .`` compiles them with mypyc. This module is
compiled with the rest in the compiled build, so it can tell which one it is from its own
file: an extension module (``.so``, ``.pyd``) there, a ``.py`` source in the pure build.

>>> COMPILED in (True, False)
True

A ``bool`` is refused wherever an ``int`` is asked, in both builds (DESIGN 2), and each entry
point checks its arguments itself (``type(value) is int``). Compiled, an argument annotated
``int`` (or ``tuple[int, int]``) would never reach that check as it was given: mypyc's wrapper
turns it into a native integer on entry, so ``True`` would arrive as ``1``. Hence :data:`Int`,
the annotation of an ``int`` argument that the function checks itself, and of nothing else:

- to every type checker (mypy, pyright, a user's IDE) and to the API docs it is ``int``
  itself, an alias;
- the mypy that mypyc runs reads it as ``Any`` (the plugin ``tools/mypyc_boxed_ints.py``,
  which hatch_build.py loads into the compiled build alone), and mypyc neither checks nor
  converts an ``Any`` argument: it arrives as the object given, and the function's check
  refuses a ``bool``, or a ``str``, with the same ``TypeError`` as the pure build. In
  ``tuple[Int, Int]`` mypyc still checks that a tuple of two came, and keeps its items.

Why this rather than another way: a written ``int | bool`` or a type variable would show in
users' signatures; an ``@overload`` taking ``object``, which users would not see, cannot type
a native class's ``__init__`` (mypyc 2.4.1 fails to build one, mypyc issue 961), and the moves
are native classes; a ``__new__`` that checks the raw arguments makes every native
construction of the class a call through Python; a check in an interpreted layer cannot
reach a class's constructor. The cost is boxing the ints on the way in and a checked unboxing
where the function stores them, at these entry points only (the engine's own functions keep
native ``int`` parameters): a move the engine builds took about 136 ns against 127 ns
before, and the engine keeps the moves it builds (turn/placement.py, turn/activation.py).
"""

from __future__ import annotations

from typing import Final, TypeAlias

COMPILED: Final[bool] = not __file__.endswith(".py")
"""``True`` in the mypyc-compiled build, ``False`` in the pure-Python build."""

Int: TypeAlias = int
"""``int``, for an argument that the function checks itself: the compiled build passes it
on as given, so that a ``bool`` reaches the check (see the module's docstring)."""
