"""Each module's mutation score from the results mutmut keeps in mutants/.

Run by ``nox -s mutants`` after ``mutmut run`` (or by hand in that session's environment):
``python tools/mutation_report.py [PATH ...]`` prints, for every module under the PATHs
(source files or folders under src/; every module mutmut has results for without one), how
many mutants were killed, survived, found no test, or were not run yet, and the score; then
every surviving mutant that tests/equivalent_mutants.toml does not list, with the command
that shows its change, and every listed mutant that no longer survives (a stale entry).

The score counts as detected a mutant that a test killed, that timed out (an endless loop is
caught) or that crashed the test process; a mutant listed as equivalent changes no behaviour
and leaves the count. docs/mutation-testing.md explains how to read it.
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


def equivalents() -> dict[str, str]:
    """The mutants listed as equivalent, each with the reason given."""
    with EQUIVALENT.open("rb") as file:
        listed = tomllib.load(file).get("equivalent", [])
    return {entry["mutant"]: entry["reason"] for entry in listed}


def report(found: dict[str, str], prefixes: list[str], equivalent: dict[str, str]) -> str:
    """The table of scores by module and the lists of unexplained and stale survivors."""
    chosen = {
        name: status
        for name, status in found.items()
        if not prefixes or any(_under(module_of(name), prefix) for prefix in prefixes)
    }
    by_module: dict[str, Counter[str]] = {}
    for name, status in chosen.items():
        kind = "equivalent" if status == "survived" and name in equivalent else status
        by_module.setdefault(module_of(name), Counter())[kind] += 1
    lines = [
        f"{'module':<36} {'mutants':>7} {'killed':>6} {'survived':>8} {'equivalent':>10} "
        f"{'no tests':>8} {'not run':>7} {'score':>7}"
    ]
    for module, counts in sorted(by_module.items()):
        detected = sum(counts[status] for status in DETECTED)
        run = sum(counts.values()) - counts["not checked"]
        scored = run - counts["equivalent"]
        score = f"{100 * detected / scored:6.1f}%" if scored else "      -"
        lines.append(
            f"{module:<36} {sum(counts.values()):>7} {detected:>6} {counts['survived']:>8} "
            f"{counts['equivalent']:>10} {counts['no tests']:>8} {counts['not checked']:>7} "
            f"{score}"
        )
    unexplained = [
        name
        for name, status in sorted(chosen.items())
        if status in ("survived", "no tests", "suspicious") and name not in equivalent
    ]
    if unexplained:
        lines += ["", "Surviving mutants not listed as equivalent (see `mutmut show NAME`):"]
        lines += [f"  {name} ({chosen[name]})" for name in unexplained]
    stale = [
        name
        for name in sorted(equivalent)
        if name in chosen and chosen[name] != "survived" and chosen[name] != "not checked"
    ]
    if stale:
        lines += ["", "Listed as equivalent but no longer surviving (remove from the list):"]
        lines += [f"  {name} ({chosen[name]})" for name in stale]
    return "\n".join(lines)


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Each module's mutation score from mutants/.")
    parser.add_argument("paths", nargs="*", help="source files or folders under src/")
    args = parser.parse_args(argv)
    prefixes = [module_prefix(path) for path in args.paths]
    print(report(results(), prefixes, equivalents()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
