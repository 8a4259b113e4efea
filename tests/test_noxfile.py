"""noxfile.py's report of the Pythons the tests ran on (issue 41, item 11).

nox skips a Python that is not installed (outside CI), so a local run can pass on 3.11 alone;
the run must end with a line saying so. nox is not installed where the tests run, so the
noxfile is loaded in a child process beside a stand-in ``nox`` module that runs its tests
session as nox would on one Python, and the child's real standard error is read.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_STAND_IN = textwrap.dedent(
    """
    import sys, types
    nox = types.ModuleType("nox")
    nox.options = types.SimpleNamespace()
    nox.Session = object
    nox.session = lambda **_: (lambda function: function)
    sys.modules["nox"] = nox

    class Session:
        python = sys.argv[1]
        name = "tests-" + python
        posargs = []
        def install(self, *args, **kwargs): pass
        def run(self, *args, **kwargs): pass

    sys.path.insert(0, ".")
    import noxfile
    if sys.argv[1] != "none":
        noxfile.tests(Session())
    """
)


def _nox_run_on(python: str) -> str:
    """The standard error of a run of the noxfile whose tests session ran on ``python``
    (``none``: no tests session ran)."""
    done = subprocess.run(
        [sys.executable, "-c", _STAND_IN, python],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stderr


def test_a_run_on_one_python_ends_naming_the_pythons_it_missed() -> None:
    last = _nox_run_on("3.11").splitlines()[-1]
    assert last == (
        "nox: the tests ran on Python 3.11; not on 3.12, 3.13 (not installed here: CI runs "
        "every one)"
    )


def test_a_run_without_the_tests_says_nothing_of_them() -> None:
    assert _nox_run_on("none") == ""
