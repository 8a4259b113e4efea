"""Check that a user's type checker sees the library's types: ``python
tests/typing/check_user_code.py`` (nox's ``typecheck`` session runs it).

Runs ``mypy --strict`` (configured in pyproject.toml) and ``basedpyright`` (strict, see
``pyrightconfig.json`` here) over ``user_code.py`` and compares the lines each reports with
the lines marked ``# wrong``: every wrong call must be reported and nothing else. Exits 1,
saying what differs, otherwise.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
USER_CODE = HERE / "user_code.py"
MARK = "# wrong"


def marked_lines() -> set[int]:
    """The numbers of the lines that call with a wrong type."""
    lines = USER_CODE.read_text().splitlines()
    return {number for number, line in enumerate(lines, 1) if line.rstrip().endswith(MARK)}


def mypy_lines() -> set[int]:
    """The lines where ``mypy --strict`` reports an error."""
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(USER_CODE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    pattern = re.compile(rf"^{re.escape(str(USER_CODE.relative_to(ROOT)))}:(\d+): error:")
    return {int(found[1]) for line in run.stdout.splitlines() if (found := pattern.match(line))}


def basedpyright_lines() -> set[int]:
    """The lines where ``basedpyright`` reports an error."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "basedpyright",
            "--project",
            str(HERE / "pyrightconfig.json"),
            "--pythonpath",
            sys.executable,
            "--outputjson",
            str(USER_CODE),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(run.stdout)
    return {
        diagnostic["range"]["start"]["line"] + 1
        for diagnostic in report["generalDiagnostics"]
        if diagnostic["severity"] == "error"
    }


def main() -> int:
    """Compare each checker's lines with the marked ones; 0 when they agree."""
    wanted = marked_lines()
    failed = False
    for checker, reported in (("mypy", mypy_lines()), ("basedpyright", basedpyright_lines())):
        missed, extra = sorted(wanted - reported), sorted(reported - wanted)
        if missed or extra:
            failed = True
            print(f"{checker}: wrong calls not reported on lines {missed}; errors on {extra}")
        else:
            print(f"{checker}: the {len(wanted)} wrong calls reported, the right ones passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
