"""Regenerate ``tests/golden/games.json``, the golden file of recorded games.

Run from the repository root::

    PYTHONPATH=src python tests/make_golden.py

**Only regenerate for a deliberate rule change** (or a deliberate change of the move notation,
the order of ``legal_moves`` or the seeded chance function), and say so in the commit message
and the changelog. The golden file exists so that refactors and speed-ups provably change
nothing: if ``tests/test_golden.py`` fails after a change that was not meant to change the
rules, the change is wrong, not the file.

Each game is played by a fixed policy, ``random.Random(policy_key(game)).choice`` over
``cr.legal_moves(state)`` (chance outcomes included, for the unseeded games), and stored with
its configuration, seed, move record (``str(move)`` of every move), final scores with their
breakdown, winners and the SHA-256 of :func:`record_text`.

The base games come first, exactly as they were before the modules existed (their policy
keys, record headers and entries are unchanged); then games with the *Chocolatl* modules:
all four modules for 2, 3 and 4 players, each module alone, and the Map and Hut variants
(unchanged since); then games with the *Diamante* Tree of Life and Favour of the Emperor:
each alone, both, the Tree with Chocolate (the changed worker sets), all six modules for 2, 3
and 4 players (one unseeded) and all six with the Map and Hut variants (unchanged since);
then games with the Gem mines (alone for 2, 3 and 4 players, with Chocolate, with all six
other modules) and the Big Game for 3 and 4 players. New games are only ever added at the end,
so that every earlier record stays byte-identical.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import cacao_rules as cr
from cacao_rules import Module
from cacao_rules.game.components import Hut

GOLDEN = Path(__file__).resolve().parent / "golden" / "games.json"

MODULE_ORDER: Final = (Module.MAP, Module.WATERING, Module.CHOCOLATE, Module.HUTS)
"""The Chocolatl modules, in the order the golden file names them."""

DIAMANTE_ORDER: Final = (Module.TREE_OF_LIFE, Module.EMPEROR)
"""The Diamante modules, named after the Chocolatl ones."""

BIG_GAME_ORDER: Final = (*MODULE_ORDER, *DIAMANTE_ORDER, Module.NEW_WORKERS, Module.GEM_MINES)
"""Every module, as the golden file names a Big Game's modules."""


@dataclass(frozen=True)
class Golden:
    """One golden game: its configuration and seed (``None``: unseeded, with chance moves)."""

    players: int
    seed: int | None
    modules: tuple[Module, ...] = ()
    early_overbuild: bool = False
    huts: tuple[Hut, ...] | None = None
    big_game: bool = False
    """The Big Game (R-BIG-1): ``modules`` must then be :data:`BIG_GAME_ORDER`."""

    @property
    def config(self) -> cr.Config:
        if self.big_game:
            assert self.modules == BIG_GAME_ORDER
            return cr.Config.big_game(self.players)
        return cr.Config(
            players=self.players,
            modules=frozenset(self.modules),
            map_early_overbuild=self.early_overbuild,
            huts=None if self.huts is None else frozenset(self.huts),
        )

    def config_entry(self) -> dict[str, Any]:
        """The ``config`` of the golden file's entry (base games: players and modules only)."""
        entry: dict[str, Any] = {
            "players": self.players,
            "modules": [module.value for module in self.modules],
        }
        if self.early_overbuild:
            entry["map_early_overbuild"] = True
        if self.huts is not None:
            entry["huts"] = [hut.value for hut in self.huts]
        if self.big_game:
            entry["big_game"] = True
        return entry

    @classmethod
    def from_entry(cls, entry: dict[str, Any]) -> Golden:
        config = entry["config"]
        huts = config.get("huts")
        return cls(
            players=config["players"],
            seed=entry["seed"],
            modules=tuple(Module(name) for name in config["modules"]),
            early_overbuild=config.get("map_early_overbuild", False),
            huts=None if huts is None else tuple(Hut(name) for name in huts),
            big_game=config.get("big_game", False),
        )

    def describe(self) -> str:
        """The game's kind, for the record header: ``base game`` or the modules and variants."""
        if not self.modules:
            return "base game"
        if self.big_game:
            return "big game"
        parts = ["modules " + "+".join(module.value for module in self.modules)]
        if self.early_overbuild:
            parts.append("early overbuild")
        if self.huts is not None:
            parts.append("huts " + "+".join(hut.value for hut in self.huts))
        return ", ".join(parts)

    @property
    def name(self) -> str:
        """A short id such as ``3p+map+huts-seed7`` (``4p+big-game-seed1``)."""
        if self.big_game:
            return f"{self.players}p+big-game-seed{self.seed}"
        parts = [f"{self.players}p", *(module.value for module in self.modules)]
        if self.early_overbuild:
            parts.append("early")
        if self.huts is not None:
            parts.append("agreed")
        return "+".join(parts) + f"-seed{self.seed}"


ALL_MODULES: Final = MODULE_ORDER
"""The four Chocolatl modules (the name predates *Diamante*; the recorded games use it)."""
SIX_MODULES: Final = MODULE_ORDER + DIAMANTE_ORDER
TREE: Final = Module.TREE_OF_LIFE
EMPEROR: Final = Module.EMPEROR
GEMS: Final = Module.GEM_MINES
VARIANT_HUTS: Final = (Hut.MARKET_CRIER, Hut.FARMER, Hut.SHAMAN, Hut.FOREMAN, Hut.CHIEF)

GAMES: tuple[Golden, ...] = (
    *(Golden(players, seed) for players in (2, 3, 4) for seed in (1, 42, 2025, 2**64 - 1)),
    *(Golden(players, None) for players in (2, 3, 4)),
    *(Golden(players, seed, ALL_MODULES) for players in (2, 3, 4) for seed in (1, 42)),
    Golden(3, None, ALL_MODULES),
    Golden(2, 7, (Module.MAP,)),
    Golden(3, 7, (Module.WATERING,)),
    Golden(4, 7, (Module.CHOCOLATE,)),
    Golden(3, 7, (Module.HUTS,)),
    Golden(4, 2025, ALL_MODULES, early_overbuild=True, huts=VARIANT_HUTS),
    Golden(2, 7, (TREE,)),
    Golden(3, 7, (EMPEROR,)),
    Golden(4, 7, (TREE, EMPEROR)),
    Golden(2, 42, (Module.CHOCOLATE, TREE)),
    Golden(4, 42, (Module.WATERING, Module.CHOCOLATE, TREE, EMPEROR)),
    *(Golden(players, 1, SIX_MODULES) for players in (2, 3, 4)),
    Golden(4, None, SIX_MODULES),
    Golden(3, 2025, SIX_MODULES, early_overbuild=True, huts=VARIANT_HUTS),
    *(Golden(players, 7, (GEMS,)) for players in (2, 3, 4)),
    Golden(4, 42, (Module.CHOCOLATE, GEMS)),
    Golden(3, 1, (*SIX_MODULES, GEMS)),
    *(Golden(players, 1, BIG_GAME_ORDER, big_game=True) for players in (3, 4)),
)
"""Every golden game: the base games (as before the modules), then the Chocolatl module games,
then the Tree of Life and Emperor ones, then the Gem mines and Big Game ones."""

GEM_GAMES_START: Final = 37
"""The index of the first Gem mines game: the games before it predate the module."""


def policy_key(game: Golden) -> str:
    """The seed of the ``random.Random`` that picks the moves (string seeds are stable)."""
    key = f"cacao-rules golden {game.players} {game.seed}"
    return key if not game.modules else f"{key} {game.describe()}"


def record_text(game: Golden, moves: list[str]) -> str:
    """The text whose SHA-256 is stored: a header line, then one move per line."""
    header = f"cacao-rules {game.describe()}, players={game.players}, seed={game.seed}"
    return "\n".join([header, *moves]) + "\n"


def digest(game: Golden, moves: list[str]) -> str:
    return hashlib.sha256(record_text(game, moves).encode("utf-8")).hexdigest()


def play(game: Golden) -> tuple[cr.State, list[str]]:
    """Play the golden game with the fixed policy."""
    rng = random.Random(policy_key(game))
    state = cr.new_game(game.config, seed=game.seed)
    moves: list[str] = []
    while not state.is_over:
        moves_here = cr.legal_moves(state)
        # A single move (a hidden draw only the engine can foresee, R-CHANCE-2) is taken
        # without drawing from rng, so that each game stays the one it was before such
        # draws were asked.
        move = moves_here[0] if len(moves_here) == 1 else rng.choice(moves_here)
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


def game_entry(game: Golden) -> dict[str, Any]:
    state, moves = play(game)
    return {
        "config": game.config_entry(),
        "seed": game.seed,
        "policy": policy_key(game),
        "moves": moves,
        "scores": scores(state),
        "winners": list(cr.winners(state)),
        "sha256": digest(game, moves),
    }


def build() -> dict[str, Any]:
    return {
        "about": (
            "Golden games of cacao-rules (base game, then Chocolatl modules). Regenerate with "
            "tests/make_golden.py only for deliberate rule changes; see that script's docstring."
        ),
        "version": cr.__version__,
        "games": [game_entry(game) for game in GAMES],
    }


def main() -> int:
    GOLDEN.parent.mkdir(exist_ok=True)
    text = json.dumps(build(), indent=1) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(GAMES)} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
