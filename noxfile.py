"""Developer and CI tasks. ``nox`` runs the default sessions; ``nox -s NAME`` runs one.

``.ci/run`` runs plain ``nox``, so what passes here passes in CI.
"""

from __future__ import annotations

import atexit
import glob
import shutil
import sys
import tarfile
import tempfile
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import nox

PYTHON = "3.11"
"""The Python of the sessions that run once: the compiled build's tests, the checks, docs."""
PYTHONS = ["3.11", "3.12", "3.13"]
"""The Pythons the pure build's suite runs on: every version the package supports. The
compiled build (mypyc, a few minutes to build) is tested on 3.11 only, so that the whole of
``nox`` stays within CI's time on two cores."""

# Pinned so that a new release of a checker cannot turn CI red on an unchanged tree.
# Bump deliberately, fixing what the new version reports in the same commit.
MYPY = "mypy==2.4.1"
RUFF = "ruff==0.17.6"
BASEDPYRIGHT = "basedpyright==1.40.2"
TQDM_STUBS = "types-tqdm"  # the progress bar of `cacao-rules simulate`

nox.options.sessions = ["tests", "tests_compiled", "typecheck", "lint", "docs", "package"]
nox.options.reuse_existing_virtualenvs = True
# uv makes the environments and installs into them where it is installed (.ci/run installs
# it): a few seconds a session where pip takes about a minute; virtualenv and pip elsewhere.
nox.options.default_venv_backend = "uv|virtualenv"
# The tests run on the Pythons installed here, never on one downloaded for the run.
nox.options.download_python = "never"
# A Python that is not installed fails the run on CI (nox's default where $CI is set) and is
# skipped with a warning elsewhere, so that a newcomer with one Python can run the tests; the
# run then ends with a line naming the Pythons the tests ran on (tests_ran_on).

TESTED: list[str] = []
"""The Pythons whose tests session started in this run of nox, in order."""


def tests_ran_on(tested: list[str]) -> str | None:
    """The line that ends a run of nox whose tests sessions started on the Pythons
    ``tested``: which of PYTHONS ran and which did not, so that a green local run with one
    Python is not taken for CI's, which runs them all. None when no tests session ran."""
    if not tested:
        return None
    missed = [python for python in PYTHONS if python not in tested]
    line = f"nox: the tests ran on Python {', '.join(tested)}"
    if missed:
        line += f"; not on {', '.join(missed)} (not installed here: CI runs every one)"
    return line


def _report_tests_ran_on() -> None:
    line = tests_ran_on(TESTED)
    if line is not None:
        print(line, file=sys.stderr)


atexit.register(_report_tests_ran_on)

REPORTS = Path(tempfile.mkdtemp(prefix="nox-test-reports-"))
"""Where each pytest run of this nox run writes its JUnit XML report (``junit_report``), read
at exit by ``failures_report``."""


def junit_report(session: nox.Session, part: str = "") -> str:
    """The pytest option that writes this run's report for ``session`` into REPORTS."""
    return f"--junitxml={REPORTS / f'{session.name}{part}.xml'}"


def failures_report(reports: Path) -> str | None:
    """The lines that end a run of nox whose pytest runs failed, one per failed test with
    its session and the first line of its failure, so that the end of a long log (all a CI
    page may show) names what failed. None when nothing failed."""
    failed: list[str] = []
    for report in sorted(reports.glob("*.xml")):
        for case in ET.parse(report).iter("testcase"):
            for problem in [*case.iter("failure"), *case.iter("error")]:
                where = f"{case.get('classname', '')}::{case.get('name', '')}"
                message = (problem.get("message") or "").strip().splitlines()[:1]
                failed.append(f"  {report.stem}: {where}: {''.join(message)[:200]}")
    if not failed:
        return None
    return "\n".join([f"nox: {len(failed)} tests failed:", *failed])


def _report_failures() -> None:
    line = failures_report(REPORTS)
    if line is not None:
        print(line, file=sys.stderr)
    shutil.rmtree(REPORTS, ignore_errors=True)


atexit.register(_report_failures)

MUTMUT = "mutmut==3.8.1"  # mutation testing (`nox -s mutants`), pinned like the checkers

# `pip install --group NAME` (PEP 735 dependency groups, pyproject.toml) needs pip 25.1.
PIP = "pip>=25.1"


def _pyproject() -> dict[str, Any]:
    """pyproject.toml, read."""
    with open("pyproject.toml", "rb") as file:
        return tomllib.load(file)


PROJECT: str = _pyproject()["project"]["name"]
"""This project's name on an index, as uv's ``--reinstall-package`` takes it."""


def install(
    session: nox.Session,
    *requirements: str,
    groups: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> None:
    """Install requirements (this project among them) and dependency groups: with pip, first
    bringing pip up to PIP; with uv, building and installing this project again even where
    the environment has it (uv keeps an installed local package, and a reused environment
    would go on testing the build of an earlier run)."""
    options = [arg for group in groups for arg in ("--group", group)]
    if session.venv_backend == "uv":
        options += ["--reinstall-package", PROJECT]
    else:
        session.install(PIP)
    session.install(*requirements, *options, env=env)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Tests, docstring doctests and the examples in spec/rules.md, README.md, docs/*.md, on
    each Python of PYTHONS (``nox -s tests-3.12`` runs one), with the OpenSpiel and
    PettingZoo extras, whose adapters run those frameworks' own conformance tests, the Dask
    extra (simulations on a real local Dask cluster) and the server extra (the game server,
    its browser test driving the system's chromium, which .ci/run installs) with the
    postgres extra (the server's storage tests run on SQLite and on the PostgreSQL server
    that .ci/run starts, ``CACAO_TEST_POSTGRES_URL``); against the pure-Python sources in
    src/ (pytest's ``pythonpath``)."""
    TESTED.append(str(session.python))
    install(session, ".[openspiel,pettingzoo,dask,server,postgres]", groups=("test",))
    # One worker per core (pytest-xdist): the suite is CPU-bound and the machines have two.
    session.run(
        "pytest",
        "--numprocesses=auto",
        junit_report(session),
        *_slow_tests_once(session),
        *session.posargs,
        env={"CACAO_RULES_EXPECT_BUILD": "pure"},
    )


def _slow_tests_once(session: nox.Session) -> list[str]:
    """The options that leave out the tests marked ``slow`` or ``postgresql`` but in the
    tests session of PYTHON: a bot's strength over many games, which no Python or build
    changes, and which would otherwise take a quarter of each session's time on two cores;
    the server's tests on PostgreSQL, whose SQL no Python or build changes either (the server
    is interpreted in both builds), and which would add most of a minute to each session."""
    return [] if session.name == f"tests-{PYTHON}" else ["-m", "not slow and not postgresql"]


@nox.session(python=PYTHON)
def tests_compiled(session: nox.Session) -> None:
    """The same suite against the mypyc-compiled build, installed (not editable) with
    ``CACAO_RULES_MYPYC=1``.

    pytest's ``pythonpath = ["src"]`` would put the sources first, so it is emptied here,
    and the docstring doctests are collected from the installed package instead of src/
    (``PY_IGNORE_IMPORTMISMATCH``: its modules are extension modules next to their .py
    files). tests/test_build.py checks that the compiled build is the one imported.
    """
    install(
        session,
        ".[openspiel,pettingzoo,dask,server,postgres]",
        groups=("test",),
        env={"CACAO_RULES_MYPYC": "1"},
    )
    installed = session.run(
        "python",
        "-c",
        "import cacao_rules, pathlib; print(pathlib.Path(cacao_rules.__file__).parent)",
        silent=True,
    )
    assert isinstance(installed, str)
    paths = [path for pattern in _testpaths() for path in sorted(glob.glob(pattern))]
    session.run(
        "pytest",
        "--numprocesses=auto",
        "--override-ini=pythonpath=",
        junit_report(session),
        *paths,
        installed.strip(),
        *_slow_tests_once(session),
        *session.posargs,
        env={"CACAO_RULES_EXPECT_BUILD": "compiled", "PY_IGNORE_IMPORTMISMATCH": "1"},
    )


def _testpaths() -> list[str]:
    """pyproject.toml's pytest ``testpaths`` but the package sources (src/cacao_rules)."""
    paths: list[str] = _pyproject()["tool"]["pytest"]["ini_options"]["testpaths"]
    return [path for path in paths if not path.startswith("src")]


@nox.session(python=PYTHON)
def fuzz(session: nox.Session) -> None:
    """The fuzz suite of issue 11: ``nox -s fuzz -- [BUDGET]`` feeds BUDGET inputs (100,000
    by default) to every entry point a client reaches; any exception other than a short
    CacaoError is a finding and fails the session. Not a default session (it takes a while);
    the normal test run runs a small budget (tests/test_fuzz.py)."""
    install(session, ".[openspiel,pettingzoo]", groups=("test",))
    budget = session.posargs[0] if session.posargs else "100000"
    session.run("python", "tests/fuzz_targets.py", "--budget", budget, *session.posargs[1:])


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src/ and tests/ (configured in pyproject.toml); then a user's code
    through mypy --strict and basedpyright, which must report exactly its wrong calls
    (tests/typing/check_user_code.py)."""
    install(
        session,
        ".[openspiel,pettingzoo,dask,server,postgres]",
        MYPY,
        BASEDPYRIGHT,
        TQDM_STUBS,
        groups=("test",),
    )
    session.run("mypy", "--strict", *session.posargs)
    session.run("python", "tests/typing/check_user_code.py")


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff lint and format check."""
    session.install(RUFF)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML docs with warnings as errors, into docs/_build/html, and check that
    every link inside them leads to a page and anchor that exist (tools/check_links.py).

    The package (for attrs) and the docs group, not the extras: autodoc mocks the adapters'
    frameworks, so OpenSpiel, PettingZoo and NumPy are not installed."""
    install(session, ".", groups=("docs",))
    session.run(
        "sphinx-build",
        "--quiet",  # warnings (errors, with -W) only: not every page nor MyST's settings
        "-W",
        "--keep-going",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
        *session.posargs,
    )
    session.run("python", "tools/check_links.py", "docs/_build/html")


@nox.session(python=PYTHON)
def package(session: nox.Session) -> None:
    """Build the sdist and, from it, the wheel; install the wheel alone and play a game; run
    the tests from the unpacked sdist."""
    session.install("build")
    outdir = Path(session.create_tmp()) / "dist"
    session.run("python", "-m", "build", "--outdir", str(outdir))
    (wheel,) = outdir.glob("*.whl")
    (sdist,) = outdir.glob("*.tar.gz")
    session.log(f"built {sdist.name} and {wheel.name}")
    session.install("--force-reinstall", str(wheel))
    session.run(
        "python",
        "-c",
        "import importlib.resources as r, cacao_rules; "
        "assert r.files('cacao_rules').joinpath('py.typed').is_file(); "
        "assert 'site-packages' in cacao_rules.__file__, cacao_rules.__file__; "
        "from importlib.metadata import version; "
        "assert version('cacao-rules') == cacao_rules.__version__, version('cacao-rules')",
    )
    session.run("cacao-rules", "play", "--quiet", "--players", "3", "--seed", "1")
    test_sdist(session, sdist)


SDIST_DATA_TESTS = (
    "tests/test_golden.py",
    "tests/test_record.py",
    "tests/test_schema.py",
    "tests/test_docs_api.py",
    "tests/test_server_migrations.py",
)
"""The tests that read the data files an sdist must carry (golden games, kept records, the
shipped schema, the docs' API pages, the database made before migrations); the tests session
runs the whole suite already (and those on PostgreSQL, left out here: no driver installed)."""


def test_sdist(session: nox.Session, sdist: Path) -> None:
    """Unpack the sdist, install it with the extras (as the tests session does), collect
    every test there (each module and helper it imports must be in the sdist) and run the
    ones that read data files."""
    unpacked = Path(session.create_tmp()) / "sdist"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(sdist) as archive:
        archive.extractall(unpacked, filter="data")
    (root,) = unpacked.iterdir()
    with session.chdir(root):
        install(session, ".[openspiel,pettingzoo,server]", groups=("test",))
        # Every test collects from the sdist; the list itself is shown only on a failure.
        session.run("pytest", "--collect-only", "--quiet", "-p", "no:cacheprovider", silent=True)
        session.run(
            "pytest",
            "--numprocesses=auto",
            junit_report(session),
            "-p",
            "no:cacheprovider",
            "-m",
            "not postgresql",
            *SDIST_DATA_TESTS,
        )


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Speed figures (not a test) of both builds side by side: the pure build in this
    session's environment, the compiled one (``CACAO_RULES_MYPYC=1``) in a second
    environment beside it, each measured in its own process against python-chess.
    ``nox -s bench -- ARGS`` passes ARGS to the benchmark (``--quick``, ``--seconds S``...)."""
    install(session, ".[openspiel]", groups=("bench",))
    compiled = Path(session.create_tmp()) / "compiled-venv"
    session.run("python", "-m", "venv", "--clear", str(compiled))
    compiled_python = str(compiled / "bin" / "python")
    session.run(compiled_python, "-m", "pip", "install", "--quiet", PIP, external=True)
    session.run(
        compiled_python,
        "-m",
        "pip",
        "install",
        "--quiet",
        ".[openspiel]",
        "--group",
        "bench",
        env={"CACAO_RULES_MYPYC": "1"},
        external=True,
    )
    session.run(
        "python",
        "benchmarks/bench.py",
        "--builds",
        f"pure={Path(session.bin) / 'python'}",
        f"compiled={compiled_python}",
        *session.posargs,
    )


@nox.session(python=PYTHON)
def load(session: nox.Session) -> None:
    """The game server's load figures (not a test; docs/deployment.md): tools/load_server.py
    at 50 and 200 games against one server process and against two, on a throwaway
    PostgreSQL cluster (tests/postgres_cluster.py), a new database for each run. A few
    minutes, so not among the default sessions; ``nox -s load -- ARGS`` passes ARGS to the
    tool (``--seconds 30``...)."""
    install(session, ".[server,postgres]", groups=("test",))
    # In /tmp: the cluster belongs to an unprivileged user when nox runs as root (.ci/run).
    folder = Path(tempfile.mkdtemp(prefix="cacao-pg-load."))
    url = session.run("python", "tests/postgres_cluster.py", "start", str(folder), silent=True)
    assert isinstance(url, str)
    try:
        for processes in ("1", "2"):
            session.run(
                "python",
                "tools/load_server.py",
                "--database-url",
                url.strip(),
                "--new-database",
                "--processes",
                processes,
                *session.posargs,
            )
    finally:
        session.run("python", "tests/postgres_cluster.py", "stop", str(folder))
        shutil.rmtree(folder, ignore_errors=True)


@nox.session(python=PYTHON)
def mutants(session: nox.Session) -> None:
    """Mutation testing of the rule modules (turn/, modules/) and validation.py with mutmut
    (``[tool.mutmut]`` in pyproject.toml); not a default session: a full run takes hours.

    ``nox -s mutants -- src/cacao_rules/turn/scoring.py`` runs the mutants of the files or
    folders named (all of them without one); ``--max-children N`` before the paths runs N
    at once (default: one per core). Results are kept in mutants/: a run with paths passes
    mutmut their mutants' names, and mutmut runs every named mutant again; only a run with no
    path (no names) resumes, running the mutants with no result, those of changed functions
    included. Then it prints each module's score, counting the mutants listed in
    tests/equivalent_mutants.toml as equivalent (docs/mutation-testing.md).
    """
    install(session, ".", MUTMUT, groups=("test",))
    options = [arg for arg in session.posargs if arg.startswith("-") or arg.isdigit()]
    paths = [arg for arg in session.posargs if arg not in options]
    names = [_mutant_names(path) for path in paths]
    # The mutated copy in mutants/src must be the one imported: no PYTHONPATH from outside.
    env = {"PYTHONPATH": ""}
    session.run("mutmut", "run", *options, *names, env=env)
    session.run("python", "tools/mutation_report.py", *paths, env=env)


def _mutant_names(path: str) -> str:
    """mutmut's pattern for the mutants of a source file or folder under src/:
    ``src/cacao_rules/turn/scoring.py`` gives ``cacao_rules.turn.scoring.*``."""
    module = Path(path).with_suffix("") if path.endswith(".py") else Path(path)
    parts = module.parts[1:] if module.parts[:1] == ("src",) else module.parts
    return ".".join(parts) + ".*"
