"""``python -m cacao_rules``: the ``cacao-rules`` command."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
