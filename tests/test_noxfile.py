"""noxfile.py's closing lines: the Pythons the tests ran on (issue 41, item 11), and the tests
that failed; and how it installs this project with uv and with pip.

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

_NOX = textwrap.dedent(
    """
    import sys, types
    nox = types.ModuleType("nox")
    nox.options = types.SimpleNamespace()
    nox.Session = object
    nox.session = lambda **_: (lambda function: function)
    sys.modules["nox"] = nox
    """
)
"""The start of a child's script: a stand-in ``nox`` module, enough for the noxfile to load."""

_STAND_IN = _NOX + textwrap.dedent(
    """

    class Session:
        python = sys.argv[1]
        name = "tests-" + python
        posargs = []
        venv_backend = "virtualenv"
        def install(self, *args, **kwargs): pass
        def run(self, *args, **kwargs):
            reports = [arg.split("=", 1)[1] for arg in args if arg.startswith("--junitxml=")]
            if reports and sys.argv[2:] == ["failing"]:  # what pytest writes of one failure
                with open(reports[0], "w") as report:
                    report.write(REPORT)

    REPORT = (
        '<testsuites><testsuite name="pytest" errors="0" failures="1" tests="2">'
        '<testcase classname="tests.test_x" name="test_passes" />'
        '<testcase classname="tests.test_x" name="test_fails">'
        '<failure message="AssertionError: boom&#10;assert 1 == 2">trace</failure>'
        "</testcase></testsuite></testsuites>"
    )
    sys.path.insert(0, ".")
    import noxfile
    if sys.argv[1] != "none":
        noxfile.tests(Session())
    """
)


def _nox_run_on(python: str, *how: str) -> str:
    """The standard error of a run of the noxfile whose tests session ran on ``python``
    (``none``: no tests session ran), one of whose tests failed if ``how`` is ``failing``."""
    done = subprocess.run(
        [sys.executable, "-c", _STAND_IN, python, *how],
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


def test_a_run_whose_tests_failed_ends_naming_each_failed_test() -> None:
    """CI shows the end of a long log: the failures must be there, not only in the middle."""
    lines = _nox_run_on("3.11", "failing").splitlines()
    assert lines[:2] == [
        "nox: 1 tests failed:",
        "  tests-3.11: tests.test_x::test_fails: AssertionError: boom",
    ]
    assert lines[-1].startswith("nox: the tests ran on Python 3.11")


def test_a_run_whose_tests_passed_names_no_failure() -> None:
    assert "failed" not in _nox_run_on("3.11")


_INSTALLS = _NOX + textwrap.dedent(
    """

    class Session:
        venv_backend = sys.argv[1]
        def install(self, *args, **kwargs):
            print(" ".join(args), kwargs)

    sys.path.insert(0, ".")
    import noxfile
    noxfile.install(Session(), ".[server]", groups=("test",), env={"CACAO_RULES_MYPYC": "1"})
    """
)


def _installs(backend: str) -> list[str]:
    """The calls of ``session.install`` that the noxfile makes to install this project with
    its server extra and test group (compiled), in a session whose environment ``backend``
    made."""
    done = subprocess.run(
        [sys.executable, "-c", _INSTALLS, backend],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout.splitlines()


def test_with_uv_this_project_is_built_and_installed_again_in_a_reused_environment() -> None:
    """uv keeps a local package that is installed already: without asking it to install this
    project again, a second run in the same environment would test the build of the first
    (the compiled build after a change to the sources, or the pure one where the compiled is
    wanted). pip builds a local folder every time, once it is recent enough for groups."""
    build = "{'env': {'CACAO_RULES_MYPYC': '1'}}"
    assert _installs("uv") == [f".[server] --group test --reinstall-package cacao-rules {build}"]
    assert _installs("virtualenv") == [
        "pip>=25.1 {}",
        f".[server] --group test {build}",
    ]
