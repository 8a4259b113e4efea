"""Property tests over random complete games (DESIGN.md section 7), base game, 2-4 players.

Two sources of games:

- a fixed corpus of games played with ``random.Random`` (seeded games, and unseeded games whose
  chance outcomes are picked from ``cr.legal_moves`` at the chance nodes), shared by the tests
  that check one property each;
- Hypothesis, which picks the configuration, the seed (or none) and every move.

The checks themselves live in ``invariants.py``, written from the rules, not from the engine.
"""

from __future__ import annotations

import copy
import functools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cacao_rules as cr
import invariants as inv

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = (2, 3, 4)
SEEDS = (0, 1, 2, 2**64 - 1)
CHANCE_GAMES = 3


@functools.cache
def corpus() -> tuple[inv.Game, ...]:
    """For each player count: seeded games for SEEDS, and CHANCE_GAMES unseeded games."""
    games = []
    for players in PLAYERS:
        for seed in SEEDS:
            games.append(inv.random_game(players, seed, random.Random(f"{players}/{seed}")))
        for k in range(CHANCE_GAMES):
            games.append(inv.random_game(players, None, random.Random(f"{players}/chance/{k}")))
    return tuple(games)


def all_states() -> list[cr.State]:
    return [state for game in corpus() for state in game.states()]


def game_id(game: inv.Game) -> str:
    return f"{game.config.players}p-seed{game.seed}"


# --- One property at a time, over the corpus --------------------------------------------------


@pytest.mark.rule("R-PLACE-1", "R-PLACE-2")
def test_checkerboard() -> None:
    """Property 1: the board is a checkerboard at every state, and every tile touched a jungle
    tile when it was placed (checked at each WorkerPlaced event against the board rebuilt
    from the events)."""
    for state in all_states():
        inv.check_checkerboard(state)
    for game in corpus():
        inv.check_placements(game)


@pytest.mark.rule("R-FILL-1", "R-FILL-5", "R-FILL-6", "R-OVER-1", "R-OVER-3", "R-OVER-4")
def test_fills_and_overbuilds_when_they_happen() -> None:
    """Fills only on spaces touching 2+ worker tiles next to the new tile; a space is left
    empty only when no jungle tile is left, and never filled later; overbuilds only on the
    player's own tile, once per square, once all jungle tiles are out."""
    for game in corpus():
        inv.check_placements(game)


@pytest.mark.rule("R-ACT-1", "R-ACT-2", "R-ACT-3", "R-ACT-6")
def test_each_worker_edge_activated_once() -> None:
    """Property 2: no edge (square, layer, side) is activated twice, every top-tile edge that
    faces a jungle tile at the end was activated, every activated edge is resolved once, in
    seat order from the player to move."""
    for game in corpus():
        inv.check_edges(game)


@pytest.mark.rule("R-SETUP-2", "R-SETUP-3", "R-SETUP-5")
def test_conservation_of_tiles() -> None:
    """Property 3: every tile is in exactly one place; totals as in FACTS sections 2-3."""
    for state in all_states():
        inv.check_tiles(state)


@pytest.mark.rule("R-STORAGE-1", "R-ACT-SUN", "R-ACT-WATER")
def test_caps() -> None:
    """Property 4: cacao 0..5, sun 0..3, water on the track, gold never negative; every change
    of a resource is reported by an event."""
    for state in all_states():
        inv.check_caps(state)
    for game in corpus():
        inv.check_resources(game)


def test_apply_leaves_input_unchanged() -> None:
    """Property 5: apply never changes its input, and replaying a ply gives an equal state."""
    for game in corpus():
        for ply in game.plies[::3]:
            before = ply.before
            text, digest, twin = repr(before), hash(before), copy.deepcopy(before)
            again = cr.apply(before, ply.move)
            assert repr(before) == text and hash(before) == digest and before == twin
            assert again == ply.after and hash(again) == hash(ply.after)


def test_json_round_trip() -> None:
    """Property 5: ``from_json(to_json(s)) == s`` (same hash, same moves, same text again)."""
    for state in all_states()[::2]:
        text = cr.to_json(state)
        back = cr.from_json(text)
        assert back == state and hash(back) == hash(state)
        assert cr.to_json(back) == text
        assert cr.legal_moves(back) == cr.legal_moves(state)


def test_move_notation_round_trip() -> None:
    """Property 5: ``parse_move(str(m)) == m`` for every listed move of every state."""
    for state in all_states():
        for move in cr.legal_moves(state):
            assert cr.parse_move(str(move)) == move


def test_states_hashable() -> None:
    """Equal states hash equal; states work as dictionary keys (transposition tables)."""
    table: dict[cr.State, int] = {}
    for state in all_states()[::5]:
        inv.check_hashable(state)
        table[copy.deepcopy(state)] = 1
    assert all(state in table for state in all_states()[::5])


_DIGEST_SCRIPT = r"""
import hashlib, random
import cacao_rules as cr

def digest():
    out = hashlib.sha256()
    for players in (2, 3, 4):
        for seed in (5, None):
            rng = random.Random(players * 7919 + (seed or 0))
            state = cr.new_game(cr.Config(players=players), seed=seed)
            while not state.is_over:
                move = rng.choice(cr.legal_moves(state))
                out.update(str(move).encode() + b"\n")
                state = cr.apply(state, move)
                out.update(repr(state).encode())
            for sheet in cr.final_scores(state):
                out.update(repr((sheet.total, sorted(sheet.breakdown.items()))).encode())
            out.update(repr(cr.winners(state)).encode())
    return out.hexdigest()

if __name__ == "__main__":
    print(digest())
"""


@pytest.mark.rule("R-CHANCE-2", "R-DECIDE-3")
def test_same_game_in_processes_with_different_hash_seeds() -> None:
    """Property 6: the same seed and moves give identical states in every process."""
    digests = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT / "src"))
        done = subprocess.run(
            [sys.executable, "-c", _DIGEST_SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        digests.append(done.stdout.strip())
    namespace: dict[str, object] = {"__name__": "digest"}
    exec(_DIGEST_SCRIPT, namespace)
    here = namespace["digest"]
    assert callable(here)
    assert digests[0] == digests[1] == here()
    assert len(digests[0]) == 64


@pytest.mark.rule("R-DECIDE-2")
def test_every_listed_move_applies() -> None:
    """Property 7, first half: every listed move applies, at every state of a few games, and
    no two listed moves lead to the same state."""
    for game in corpus()[:: len(SEEDS) + CHANCE_GAMES - 1]:
        for state in game.states():
            moves = cr.legal_moves(state)
            results = [cr.apply(state, move) for move in moves]
            same = [(a, b) for a, b in zip(moves, results, strict=True) if results.count(b) > 1]
            assert not same, f"moves with the same result: {[str(m) for m, _ in same]}"


@pytest.mark.rule("R-PLACE-1", "R-PLACE-3", "R-OVER-1", "R-OVER-2", "R-ACT-4", "R-FILL-2")
def test_unlisted_moves_are_illegal() -> None:
    """Property 7, second half: plausible moves not listed raise IllegalMoveError (placements
    next door, other rotations and types, overbuilds, fills and resolves with a field changed,
    chance moves at decisions and the reverse), never another exception."""
    rng = random.Random(7)
    for state in all_states():
        inv.check_illegal(state, inv.wrong_moves(state, rng, 6))
    for game in corpus()[:3]:
        inv.check_not_moves(game.start)
        inv.check_not_moves(game.final)


@pytest.mark.rule("R-PLACE-1", "R-PLACE-3")
def test_unlisted_placements_exhaustively() -> None:
    """Property 7 for placements: at some placement decisions, every type, square near the
    board and rotation 0-3 not listed is refused."""
    for game in corpus()[:: len(SEEDS) + CHANCE_GAMES]:
        states = [
            s for s in game.states() if any(isinstance(m, cr.Place) for m in cr.legal_moves(s))
        ]
        for state in states[::7]:
            candidates: list[cr.Move] = [
                cls(kind, square, rotation)
                for cls in (cr.Place, cr.Overbuild)
                for kind in cr.WorkerType
                for square in inv.box(state)
                for rotation in range(4)
            ]
            legal = set(cr.legal_moves(state))
            inv.check_illegal(state, [m for m in candidates if m not in legal])


@pytest.mark.rule("R-END-4", "R-END-3", "R-SETUP-9")
def test_game_ends_after_every_tile_is_placed() -> None:
    """Property 8: the game ends after exactly players x tiles-per-player placements
    (place, overbuild or discard), taken in seat order."""
    for game in corpus():
        assert game.final.is_over
        inv.check_turns(game)
        n = game.config.players
        assert inv.count_placements(game) == n * inv.TILES_PER_PLAYER[n]


@pytest.mark.rule("R-SCORE-9", "R-SCORE-1", "R-SCORE-6", "R-SCORE-7", "R-SCORE-10")
def test_scores_and_winners() -> None:
    """Property 9: totals are the sum of the breakdown, which matches a recount from the
    rules; winners follow the tiebreak. Also for provisional scores mid-game."""
    for game in corpus():
        inv.check_scores(game.final)
        inv.check_scores(game.plies[len(game.plies) // 2].after)


@pytest.mark.rule("R-SETUP-4", "R-END-1", "R-END-2")
def test_hands_and_display_refilled() -> None:
    """At every placement decision every hand holds 3 tiles and the display 2 (or all that
    are left)."""
    for state in all_states():
        inv.check_refills(state)


@pytest.mark.rule("R-DECIDE-1", "R-FILL-3", "R-END-1", "R-END-2", "R-CHANCE-3")
def test_turn_steps_in_order() -> None:
    """Events of a turn follow the rules' order: placement, fills, activations, resolutions,
    worker draw, display refill (only at the end of the turn), next turn."""
    for game in corpus():
        inv.check_phases(game)


@pytest.mark.rule("R-DECIDE-2", "R-DECIDE-3")
def test_move_lists_sorted_without_duplicates() -> None:
    for state in all_states():
        moves = cr.legal_moves(state)
        keys = [move.sort_key for move in moves]
        assert keys == sorted(keys) and len(set(moves)) == len(moves)
        assert (moves == ()) == state.is_over


@pytest.mark.rule("R-CHANCE-1")
def test_chance_nodes() -> None:
    """At chance nodes, legal_moves equals the outcomes, as exact Fractions summing to 1."""
    seen = 0
    for state in all_states():
        if state.is_chance:
            seen += 1
            inv.check_move_list(state)
    assert seen > 100


@pytest.mark.rule("R-ACT-7", "R-CHANCE-2")
def test_never_a_single_answer() -> None:
    """A decision never has exactly one legal move, nor a chance node one outcome."""
    for state in all_states():
        if not state.is_over:
            assert len(cr.legal_moves(state)) >= 2


# --- Hypothesis: configuration, seed and every move chosen by Hypothesis ----------------------


@pytest.mark.rule(
    "R-PLACE-1",
    "R-PLACE-2",
    "R-ACT-3",
    "R-SETUP-2",
    "R-SETUP-3",
    "R-SETUP-5",
    "R-STORAGE-1",
    "R-ACT-SUN",
    "R-ACT-WATER",
    "R-END-4",
    "R-SCORE-9",
    "R-DECIDE-2",
    "R-DECIDE-3",
    "R-CHANCE-1",
    "R-ACT-7",
)
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from(PLAYERS),
    seed=st.none() | st.integers(0, 2**64 - 1),
    rng=st.randoms(use_true_random=False),
)
def test_random_games(players: int, seed: int | None, rng: random.Random) -> None:
    """Every check of invariants.py on a game whose moves Hypothesis picks."""
    game = inv.random_game(players, seed, rng)
    inv.check_game(game)
    probe = random.Random(0)
    for state in list(game.states())[::4]:
        inv.check_illegal(state, inv.wrong_moves(state, probe, 4))
