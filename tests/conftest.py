"""pytest configuration shared by all tests.

The ``rule`` marker (``@pytest.mark.rule("R-FILL-2")``) is registered in ``pyproject.toml``.

Hypothesis profiles: ``ci`` (reproducible: derandomized, no deadline) is loaded when the
environment variable ``CI`` is set, ``dev`` otherwise. ``HYPOTHESIS_PROFILE=NAME`` overrides.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", deadline=None, derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
