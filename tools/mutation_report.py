"""Each module's mutation score from the results mutmut keeps in mutants/.

Run by ``nox -s mutants`` after ``mutmut run`` (or by hand in that session's environment):
``python tools/mutation_report.py [PATH ...]`` prints, for every module under the PATHs
(source files or folders under src/; every module mutmut has results for without one), how
many mutants were killed, survived, found no test, or were not run yet, and the score; then
every surviving mutant that tests/equivalent_mutants.toml does not list, and every listed
mutant that no longer survives (a stale entry).

The score counts as detected a mutant that a test killed, that timed out (an endless loop is
caught) or that crashed the test process. A listed mutant leaves the count: an equivalent one
changes no behaviour, and an import-time one changes code that runs only when its module is
imported, before mutmut picks a mutant, so every test runs the original.
docs/mutation-testing.md explains how to read it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tests" / "equivalent_mutants.toml"
DETECTED = frozenset({"killed", "timeout", "segfault", "caught by type check"})
_UNKILLED = ("survived", "no tests", "suspicious")
"""The statuses of a mutant that no test killed."""
_RESULT = re.compile(r"\s*(\S+): (.+)")
_FUNCTION = re.compile(r"\.x(?:_|ǁ)")


def results() -> dict[str, str]:
    """Every mutant mutmut knows, by name, with its status (``killed``, ``survived``...)."""
    shown = subprocess.run(
        ["mutmut", "results", "--all", "true"], check=True, capture_output=True, text=True
    ).stdout
    found = {}
    for line in shown.splitlines():
        match = _RESULT.fullmatch(line)
        if match:
            found[match[1]] = match[2]
    return found


def module_of(mutant: str) -> str:
    """The module a mutant's name starts with: ``cacao_rules.turn.scoring.x_f__mutmut_3``
    (a function) or ``cacao_rules.turn.actions.xǁActionǁ__init____mutmut_1`` (a method)."""
    return _FUNCTION.split(mutant, maxsplit=1)[0]


def module_prefix(path: str) -> str:
    """The module name (or package prefix) of a source path under src/."""
    module = Path(path).with_suffix("") if path.endswith(".py") else Path(path)
    parts = module.parts[1:] if module.parts[:1] == ("src",) else module.parts
    return ".".join(parts)


LISTS = ("equivalent", "import-time")
"""The tables of tests/equivalent_mutants.toml, each a kind of mutant no test can kill."""


def listed_mutants() -> dict[str, str]:
    """The mutants listed in tests/equivalent_mutants.toml, each with its kind."""
    with EQUIVALENT.open("rb") as file:
        lists = tomllib.load(file)
    return {entry["mutant"]: kind for kind in LISTS for entry in lists.get(kind, [])}


def report(found: dict[str, str], prefixes: list[str], listed: dict[str, str]) -> str:
    """The table of scores by module and the lists of unexplained and stale survivors."""
    chosen = {
        name: status
        for name, status in found.items()
        if not prefixes or any(_under(module_of(name), prefix) for prefix in prefixes)
    }
    by_module: dict[str, Counter[str]] = {}
    for name, status in chosen.items():
        kind = listed[name] if status in _UNKILLED and name in listed else status
        by_module.setdefault(module_of(name), Counter())[kind] += 1
    lines = [
        f"{'module':<30} {'mutants':>7} {'killed':>6} {'survived':>8} {'equivalent':>10} "
        f"{'import-time':>11} {'no tests':>8} {'not run':>7} {'score':>7}"
    ]
    for module, counts in sorted(by_module.items()):
        detected = sum(counts[status] for status in DETECTED)
        run = sum(counts.values()) - counts["not checked"]
        scored = run - counts["equivalent"] - counts["import-time"]
        score = f"{100 * detected / scored:6.1f}%" if scored else "      -"
        lines.append(
            f"{module:<30} {sum(counts.values()):>7} {detected:>6} {counts['survived']:>8} "
            f"{counts['equivalent']:>10} {counts['import-time']:>11} {counts['no tests']:>8} "
            f"{counts['not checked']:>7} {score}"
        )
    unexplained = [
        name
        for name, status in sorted(chosen.items())
        if status in _UNKILLED and name not in listed
    ]
    if unexplained:
        lines += ["", "Surviving mutants not listed (see `mutmut show NAME`):"]
        lines += [f"  {name} ({chosen[name]})" for name in unexplained]
    stale = [
        name
        for name in sorted(listed)
        if name in chosen and chosen[name] not in (*_UNKILLED, "not checked")
    ]
    if stale:
        lines += ["", "Listed but no longer surviving (remove from the list):"]
        lines += [f"  {name} ({chosen[name]})" for name in stale]
    return "\n".join(lines)


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Each module's mutation score from mutants/.")
    parser.add_argument("paths", nargs="*", help="source files or folders under src/")
    args = parser.parse_args(argv)
    prefixes = [module_prefix(path) for path in args.paths]
    print(report(results(), prefixes, listed_mutants()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
