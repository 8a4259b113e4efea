"""The wheel's build hook: compiles the package with mypyc when ``CACAO_RULES_MYPYC=1``.

``pip install .`` builds the pure-Python wheel (``py3-none-any``) and this hook does
nothing. With the environment variable ``CACAO_RULES_MYPYC=1`` the same command compiles
every module listed by :func:`compiled_sources` with mypyc and puts the extension modules
into a platform wheel next to the ``.py`` sources (Python prefers an extension module to a
source file of the same name, and the sources stay for tracebacks and ``inspect``). Only
then does the build environment get mypy and setuptools (see ``dependencies``).

Nothing is written into the source tree: mypyc's C files, the objects and the built
extensions live in a temporary directory, so a compiled build never shadows the sources
that the pure tests import from ``src/``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV_VAR = "CACAO_RULES_MYPYC"
"""Set to ``1`` to compile; unset, empty or ``0`` builds pure Python."""

MYPY = "mypy==2.4.1"
"""The mypy (with mypyc) that compiles: pinned like the type check in noxfile.py, since a
new release may compile differently or refuse code the pinned one accepts."""

PACKAGE = Path("src", "cacao_rules")

INTERPRETED = {
    "__init__.py": (
        "the public names and the lazy loading of the rest (a module __getattr__ writing to "
        "globals()): compiled with mypyc 2.4.1 the module crashes the interpreter on import; it "
        "runs once per process"
    ),
    "__main__.py": "the command line's entry point: runs once per process",
    "cli/*.py": "the command line: runs once per process",
    "server/*.py": (
        "the game server (an optional extra): its cost is in the engine it calls and the "
        "network, and its request shapes are msgspec structs"
    ),
    "server/migrations/**/*.py": (
        "the database's migrations: Alembic runs env.py and each revision as a script read "
        "from its file, once as a server starts"
    ),
    "openspiel.py": (
        "the OpenSpiel adapter: subclasses the framework's classes, and its cost is in the "
        "framework"
    ),
    "pettingzoo.py": (
        "the PettingZoo adapter: subclasses the framework's classes, and its cost is in the "
        "framework"
    ),
    "agents/simulation.py": (
        "cr.simulate's cost is in the games it plays, which the compiled engine runs; "
        "interpreted, it calls play_game through its module, so the tests of its Ctrl-C "
        "handling can interrupt a run at a chosen game (compiled, the call is bound at build)"
    ),
    "agents/program.py": (
        "the bot protocol's client: its cost is in the programs and pipes it drives, it takes "
        "arguments of every kind, and it keeps a weak reference to each bot to stop its program"
    ),
    "agents/bot_messages.py": (
        "the bot protocol's messages are msgspec structs (as formats/documents.py); read once "
        "per message of a program"
    ),
    "agents/program_options.py": (
        "a bot program's options: read once per program, and they are values of every kind"
    ),
    "agents/specs.py": "bot specs are read once per bot and take arguments of every kind",
    "formats/documents.py": (
        "the JSON documents' classes are msgspec structs, a C extension type that a native "
        "class cannot extend"
    ),
    "show/decision_json.py": (
        "the decision document's classes are msgspec structs, as in formats/documents.py"
    ),
    "game/frozen_map.py": (
        "the boards' read-only dict subclass: mypyc compiles a subclass of a built-in as an "
        "ordinary class but drops its __slots__, so every board would carry an instance "
        "__dict__ (reading a board is reading a dict either way)"
    ),
    "show/raster.py": (
        "the PettingZoo frames need NumPy, an optional extra that a compiled build must not require"
    ),
    "game/expansion_modules.py": (
        "Module.named takes Module | str and refuses anything else in the pure build's words; "
        "compiled, mypyc would check the union on entry in its own (and overloads instead "
        "make mypy lose the type of Module.value)"
    ),
    "bot_errors.py": (
        "exception classes with fields of their own, which mypyc cannot compile as subclasses "
        "of a builtin exception"
    ),
    "show/svg.py": (
        "mypyc 2.4.1 crashes writing the text signature of a method with defaults before "
        "**attributes; no hot path calls it"
    ),
}
"""The modules left interpreted (globs under the package), each with its reason.

Why this hook rather than the stock ``hatch-mypyc`` one (evaluated for issue 21, version
0.16.0): that hook builds with ``build_ext --inplace``, so it writes the extension modules
into ``src/`` beside the sources, where the pure test run would import them instead of the
sources until the next build cleans them; it renames ``pyproject.toml`` while it builds (an
interrupted build leaves the project without one); and it compiles the C files one at a
time (no ``--parallel``). This hook builds in a temporary directory, in parallel, and
refuses an editable compiled install."""

MYPYC_SCRIPT = """
import json, sys
from mypyc.build import mypycify
from setuptools import setup

job = json.loads(sys.argv[1])
setup(
    name="cacao-rules-mypyc",
    ext_modules=mypycify(
        ["--config-file", job["config"], *job["paths"]], opt_level="3",
        group_name="cacao_rules_compiled", target_dir=job["c_dir"], multi_file=True,
    ),
    script_args=[
        "build_ext", "--build-lib", job["lib_dir"], "--build-temp", job["temp_dir"],
        "--parallel", str(job["jobs"]),
    ],
)
"""
"""Run in a fresh interpreter inside the temporary directory, so that setuptools never
reads this project's pyproject.toml (it is hatchling's, not setuptools'), nor mypy its
``[tool.mypy]``: mypyc's mypy reads the configuration :func:`mypy_config` writes instead."""

PLUGIN = Path("tools", "mypyc_boxed_ints.py")
"""The mypy plugin of the compiled build alone: it reads ``cacao_rules.compiled.Int`` as
``Any``, so that mypyc passes such an argument on as given and a ``bool`` reaches the entry
point's check (src/cacao_rules/compiled.py says why)."""


def mypy_config(root: Path) -> str:
    """The configuration of the mypy that mypyc runs: :data:`PLUGIN`, nothing else."""
    return f"[mypy]\nplugins = {(root / PLUGIN).resolve()}\n"


def wanted() -> bool:
    """Whether this build compiles: ``CACAO_RULES_MYPYC`` is set to anything but ``0``."""
    return os.environ.get(ENV_VAR, "").strip() not in ("", "0")


def compiled_sources(root: Path) -> list[Path]:
    """The package's modules that mypyc compiles: every one but ``INTERPRETED``."""
    package = root / PACKAGE
    left_out = {path for pattern in INTERPRETED for path in package.glob(pattern)}
    return sorted(path for path in package.rglob("*.py") if path not in left_out)


class MypycBuildHook(BuildHookInterface):
    """Compiles the wheel with mypyc when asked to (see the module docstring)."""

    PLUGIN_NAME = "custom"
    work: Path | None = None

    def dependencies(self) -> list[str]:
        """mypy for mypyc, setuptools to drive the C compiler, and the runtime dependencies
        (mypy reads their types); nothing for a pure build."""
        if not wanted():
            return []
        return [MYPY, "setuptools>=70", *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile into a temporary directory and add the extensions to the wheel."""
        if not wanted():
            return
        if version == "editable":
            raise RuntimeError(
                f"{ENV_VAR}=1 compiles a regular install only: an editable install would "
                "import the sources, not the compiled modules (drop -e, or unset the variable)"
            )
        root = Path(self.root)
        self.work = work = Path(tempfile.mkdtemp(prefix="cacao-rules-mypyc-"))
        self.app.display_info(f"compiling with mypyc in {work}")
        config = work / "mypy.ini"
        config.write_text(mypy_config(root))
        job = {
            "config": str(config),
            "paths": [str(path) for path in compiled_sources(root)],
            "c_dir": str(work / "c"),
            "lib_dir": str(work / "lib"),
            "temp_dir": str(work / "temp"),
            "jobs": os.cpu_count() or 1,
        }
        subprocess.run([sys.executable, "-c", MYPYC_SCRIPT, json.dumps(job)], cwd=work, check=True)
        lib = work / "lib"
        for extension in sorted(lib.rglob("*.so")) + sorted(lib.rglob("*.pyd")):
            build_data["force_include"][str(extension)] = extension.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary directory once the wheel holds the extensions."""
        if self.work is not None:
            shutil.rmtree(self.work, ignore_errors=True)
            self.work = None
