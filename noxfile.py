"""Developer and CI tasks. ``nox`` runs the default sessions; ``nox -s NAME`` runs one.

``.ci/run`` runs plain ``nox``, so what passes here passes in CI.
"""

from __future__ import annotations

from pathlib import Path

import nox

PYTHON = "3.11"

# Pinned so that a new release of a checker cannot turn CI red on an unchanged tree.
# Bump deliberately, fixing what the new version reports in the same commit.
MYPY = "mypy==2.4.1"
RUFF = "ruff==0.17.6"
TQDM_STUBS = "types-tqdm"  # the progress bar of `cacao-rules simulate`

nox.options.sessions = ["tests", "typecheck", "lint", "docs", "package"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Tests, docstring doctests and the examples in spec/rules.md, README.md, docs/*.md,
    with the OpenSpiel and PettingZoo extras, whose adapters run those frameworks' own
    conformance tests, and the Dask extra (simulations on a real local Dask cluster)."""
    session.install(".[test,openspiel,pettingzoo,dask]")
    # One worker per core (pytest-xdist): the suite is CPU-bound and the machines have two.
    session.run("pytest", "--numprocesses=auto", *session.posargs)


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src/ and tests/ (configured in pyproject.toml)."""
    session.install(".[test,openspiel,pettingzoo,dask]", MYPY, TQDM_STUBS)
    session.run("mypy", "--strict", *session.posargs)


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff lint and format check."""
    session.install(RUFF)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML docs with warnings as errors, into docs/_build/html."""
    session.install(".[docs,openspiel,pettingzoo]")  # the API reference covers the adapters
    session.run(
        "sphinx-build",
        "-W",
        "--keep-going",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
        *session.posargs,
    )


@nox.session(python=PYTHON)
def package(session: nox.Session) -> None:
    """Build the sdist and, from it, the wheel; install the wheel alone and play a game."""
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
        "assert 'site-packages' in cacao_rules.__file__, cacao_rules.__file__",
    )
    session.run("cacao-rules", "play", "--quiet", "--players", "3", "--seed", "1")


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Speed figures (not a test): ``nox -s bench -- ARGS`` passes ARGS to the benchmark."""
    session.install(".[bench]")
    session.run("python", "benchmarks/bench.py", *session.posargs)
