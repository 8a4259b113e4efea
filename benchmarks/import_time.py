"""Measures how long ``import cacao_rules`` takes, for source trees side by side.

Every measured run is a fresh interpreter, since an import happens once per process. The
runs are interleaved: each round runs the bare interpreter (``python -c pass``) and then
every tree once, in an order that turns every round, so that a change of the machine's
load falls on every tree alike. Each tree is imported from its ``src/`` through
``PYTHONPATH``; the bytecode caches of all trees go to one temporary directory
(``PYTHONPYCACHEPREFIX``), so that no tree gets written to and every run reads cached
bytecode (the first rounds, which write it, are not counted).

Two kinds of run, each in every round:

* **process**: ``python -c "import cacao_rules"``, whole; its CPU time (user + system, from
  ``os.wait4``) and its wall time (from starting the child until it is reaped). This
  includes the interpreter's own start, shown on the ``python -c pass`` line: nothing is
  subtracted from these figures.
* **import**: the ``import cacao_rules`` statement alone, timed inside the child with
  ``time.process_time`` and ``time.perf_counter`` around it.

For every tree after the first, the median of the per-round ratios to the first tree is
printed next to the medians. ``--importtime`` adds the costliest modules of one
``python -X importtime -c "import cacao_rules"`` of each tree (cumulative and self time,
microseconds, as CPython reports them).

Example, the tree at a commit against the working tree::

    git worktree add /tmp/before <commit>
    python benchmarks/import_time.py before=/tmp/before now=. --rounds 40 --importtime

This is a report, never a test: nothing in it passes or fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

IMPORT = "import cacao_rules"
TIMED_IMPORT = (
    "import time\n"
    "c, w = time.process_time(), time.perf_counter()\n"
    "import cacao_rules\n"
    "print(time.process_time() - c, time.perf_counter() - w)\n"
)
WHERE = "import cacao_rules; print(cacao_rules.__file__)"


@dataclass
class Series:
    """The figures of one command over the rounds, in seconds."""

    process_cpu: list[float] = field(default_factory=list)
    process_wall: list[float] = field(default_factory=list)
    import_cpu: list[float] = field(default_factory=list)
    import_wall: list[float] = field(default_factory=list)


def child_env(src: Path | None, cache: Path) -> dict[str, str]:
    """The environment of a child: this one, with the tree's ``src`` first on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return env


def run(python: str, code: str, env: dict[str, str]) -> tuple[float, float, str]:
    """Run ``python -c code``; its CPU time, wall time and standard output."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [python, "-c", code], env=env, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL
    )
    assert child.stdout is not None
    out = child.stdout.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    child.stdout.close()
    if child.returncode != 0:
        raise SystemExit(f"{python} -c {code!r} failed with {child.returncode}")
    return usage.ru_utime + usage.ru_stime, wall, out


def measure_round(python: str, env: dict[str, str], series: Series, timed: bool) -> None:
    """One process run and, for a tree, one timed-import run, into ``series``."""
    cpu, wall, _ = run(python, IMPORT if timed else "pass", env)
    series.process_cpu.append(cpu)
    series.process_wall.append(wall)
    if timed:
        _, _, out = run(python, TIMED_IMPORT, env)
        import_cpu, import_wall = (float(word) for word in out.split())
        series.import_cpu.append(import_cpu)
        series.import_wall.append(import_wall)


def importtime(python: str, env: dict[str, str], top: int) -> list[str]:
    """The ``top`` costliest modules of one ``-X importtime`` import, by cumulative time."""
    done = subprocess.run(
        [python, "-X", "importtime", "-c", IMPORT], env=env, capture_output=True, text=True
    )
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own_us, cumulative_us, name = line.removeprefix("import time:").split("|")
        rows.append((int(cumulative_us), int(own_us), name.rstrip()))
    total = sum(own for _, own, _ in rows)
    lines = [f"  sum of self times: {total} us over {len(rows)} modules"]
    lines.append(f"  {'cumulative':>10} {'self':>8}  module")
    for cumulative, own, name in sorted(rows, reverse=True)[:top]:
        lines.append(f"  {cumulative:>10} {own:>8}  {name}")
    return lines


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:7.1f} ms (min {min(values) * 1000:6.1f})"


def ratio(values: list[float], reference: list[float]) -> str:
    ratios = [value / ref for value, ref in zip(values, reference, strict=True)]
    q = statistics.quantiles(ratios, n=4)
    return f"ratio {statistics.median(ratios):.3f} (quartiles {q[0]:.3f}-{q[2]:.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", help="LABEL=PATH of a source tree (with src/)")
    parser.add_argument("--rounds", type=int, default=30, help="measured rounds (default 30)")
    parser.add_argument("--warmup", type=int, default=3, help="rounds not counted (default 3)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run")
    parser.add_argument("--importtime", action="store_true", help="also show -X importtime")
    parser.add_argument("--top", type=int, default=25, help="modules shown by --importtime")
    args = parser.parse_args()
    trees = {}
    for item in args.trees:
        label, _, path = item.partition("=")
        trees[label] = Path(path).resolve() / "src"
    with tempfile.TemporaryDirectory(prefix="import-time-") as cache_dir:
        cache = Path(cache_dir)
        envs: dict[str, dict[str, str]] = {
            label: child_env(src, cache) for label, src in trees.items()
        }
        for label, src in trees.items():
            where = run(args.python, WHERE, envs[label])[2].strip()
            if not where.startswith(str(src)):
                raise SystemExit(f"{label}: cacao_rules came from {where}, not {src}")
            print(f"{label}: {where}")
        bare_env = child_env(None, cache)
        commands = [("python -c pass", bare_env, False)]
        commands += [(label, env, True) for label, env in envs.items()]
        series = {name: Series() for name, _, _ in commands}
        for round_ in range(args.warmup + args.rounds):
            turn = round_ % len(commands)
            for name, env, timed in commands[turn:] + commands[:turn]:
                target = series[name] if round_ >= args.warmup else Series()
                measure_round(args.python, env, target, timed)
        print(f"python {sys.version.split()[0]} ({args.python}); {args.rounds} rounds")
        print(f"load average before the summary: {os.getloadavg()}")
        first = next(iter(trees))
        for name, _, timed in commands:
            got = series[name]
            print(f"\n{name}")
            print(f"  process CPU   {ms(got.process_cpu)}", end="")
            if timed and name != first:
                print(f"  {ratio(got.process_cpu, series[first].process_cpu)}", end="")
            print(f"\n  process wall  {ms(got.process_wall)}", end="")
            if timed and name != first:
                print(f"  {ratio(got.process_wall, series[first].process_wall)}", end="")
            print()
            if timed:
                for kind in ("import_cpu", "import_wall"):
                    mine, theirs = getattr(got, kind), getattr(series[first], kind)
                    label = kind.replace("_", " ")
                    print(f"  {label:<13} {ms(mine)}", end="")
                    print(f"  {ratio(mine, theirs)}" if name != first else "")
        if args.importtime:
            for label in trees:
                print(f"\n-X importtime, {label}:")
                print("\n".join(importtime(args.python, envs[label], args.top)))


if __name__ == "__main__":
    main()
