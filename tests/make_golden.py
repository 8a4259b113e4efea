"""Regenerate ``tests/golden/games.json``, the golden file of recorded games.

Run from the repository root::

    python tests/make_golden.py

**Only regenerate for a deliberate rule change** (or a deliberate change of the move notation,
the order of ``legal_moves`` or the seeded chance function), and say so in the commit message
and the changelog. The golden file exists so that refactors and speed-ups provably change
nothing: if ``tests/test_golden.py`` fails after a change that was not meant to change the
rules, the change is wrong, not the file.

Each game is played by a fixed policy, ``random.Random(policy_key(players, seed)).choice`` over
``cr.legal_moves(state)`` (chance outcomes included, for the unseeded games), and stored with
its configuration, seed, move record (``str(move)`` of every move), final scores with their
breakdown, winners and the SHA-256 of :func:`record_text`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import cacao_rules as cr

GOLDEN = Path(__file__).resolve().parent / "golden" / "games.json"

GAMES: tuple[tuple[int, int | None], ...] = (
    *((players, seed) for players in (2, 3, 4) for seed in (1, 42, 2025, 2**64 - 1)),
    *((players, None) for players in (2, 3, 4)),
)
"""(players, seed) of each golden game; ``None`` is an unseeded game with chance moves."""


def policy_key(players: int, seed: int | None) -> str:
    """The seed of the ``random.Random`` that picks the moves (string seeds are stable)."""
    return f"cacao-rules golden {players} {seed}"


def record_text(players: int, seed: int | None, moves: list[str]) -> str:
    """The text whose SHA-256 is stored: a header line, then one move per line."""
    header = f"cacao-rules base game, players={players}, seed={seed}"
    return "\n".join([header, *moves]) + "\n"


def digest(players: int, seed: int | None, moves: list[str]) -> str:
    return hashlib.sha256(record_text(players, seed, moves).encode("utf-8")).hexdigest()


def play(players: int, seed: int | None) -> tuple[cr.State, list[str]]:
    """Play the golden game ``(players, seed)`` with the fixed policy."""
    rng = random.Random(policy_key(players, seed))
    state = cr.new_game(cr.Config(players=players), seed=seed)
    moves: list[str] = []
    while not state.is_over:
        move = rng.choice(cr.legal_moves(state))
        moves.append(str(move))
        state = cr.apply(state, move)
    return state, moves


def scores(state: cr.State) -> list[dict[str, Any]]:
    return [
        {
            "player": sheet.player,
            "total": sheet.total,
            "breakdown": dict(sheet.breakdown),
            "cacao": sheet.cacao,
        }
        for sheet in cr.final_scores(state)
    ]


def game_entry(players: int, seed: int | None) -> dict[str, Any]:
    state, moves = play(players, seed)
    return {
        "config": {"players": players, "modules": []},
        "seed": seed,
        "policy": policy_key(players, seed),
        "moves": moves,
        "scores": scores(state),
        "winners": list(cr.winners(state)),
        "sha256": digest(players, seed, moves),
    }


def build() -> dict[str, Any]:
    return {
        "about": (
            "Golden games of cacao-rules (base game). Regenerate with tests/make_golden.py "
            "only for deliberate rule changes; see that script's docstring."
        ),
        "version": cr.__version__,
        "games": [game_entry(players, seed) for players, seed in GAMES],
    }


def main() -> int:
    GOLDEN.parent.mkdir(exist_ok=True)
    text = json.dumps(build(), indent=1) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(GAMES)} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
