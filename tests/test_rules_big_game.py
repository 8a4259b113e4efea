"""The Big Game of *Diamante*: every module of both expansions, for 3 or 4 players.

Rule: R-BIG-1. The counts are written out from the Diamante rules p.4 (start tiles included),
not read from the engine's tables.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import cacao_rules as cr
from cacao_rules import Hut, JungleKind, Module, WorkerType
from cacao_rules.game.events import MaskTaken
from helpers_positions import P1, WATER, of_type

# Each colour's 11 base tiles and the 4 New Workers tiles.
FULL_SET = {
    WorkerType.W1111: 4,
    WorkerType.W2101: 5,
    WorkerType.W3001: 1,
    WorkerType.W3100: 1,
    WorkerType.W0022: 1,
    WorkerType.W0202: 1,
    WorkerType.W0103: 1,
    WorkerType.W0004: 1,
}
# 4 players: the base game's 28 (temples and gold mines included), 3 watering tiles, 3
# chocolate kitchens, 3 chocolate markets, 5 gem mines and 3 Trees of Life.
BIG_4 = {
    "P1": 6, "P2": 2, "M2": 2, "M3": 4, "M4": 1, "G1": 2, "G2": 1, "W": 3, "S": 2, "T": 5,
    "I": 3, "K": 3, "C": 3, "D": 5, "L": 3,
}  # fmt: skip
# 3 players: less 2 single plantations, 2 value-1 gold mines, 1 price-2 market, 1 price-3
# market and 1 watering tile.
BIG_3 = {
    "P1": 4, "P2": 2, "M2": 1, "M3": 3, "M4": 1, "G2": 1, "W": 3, "S": 2, "T": 5,
    "I": 2, "K": 3, "C": 3, "D": 5, "L": 3,
}  # fmt: skip


def bare_counts(state: cr.State) -> Counter[str]:
    """Every jungle tile of the game wherever it is, a gem mine counted as ``D``."""
    counts: Counter[str] = Counter()
    tiles = [tile for tile in state.board.values() if isinstance(tile, cr.JungleTile)]
    for tile in (*tiles, *state.display, *state.map_board):
        counts[tile.bare.code] += 1
    for tile, count in state.jungle_pile.items:
        counts[tile.bare.code] += count
    return counts


def worker_counts(player: cr.PlayerState) -> Counter[WorkerType]:
    counts: Counter[WorkerType] = Counter(player.hand)
    for kind, count in player.pile.items:
        counts[kind] += count
    return counts


@pytest.mark.rule("R-BIG-1")
def test_the_big_game_is_for_3_or_4_players() -> None:
    with pytest.raises(cr.ConfigError, match="the Big Game is for 3 or 4 players, got players=2"):
        cr.Config.big_game(2)
    # Only Config.big_game makes one: every module and every worker tile.
    with pytest.raises(cr.ConfigError, match=r"make it with Config\.big_game\(players\)"):
        cr.Config(players=4, is_big_game=True)
    with pytest.raises(cr.ConfigError, match="the Big Game is for 3 or 4 players"):
        cr.Config(players=2, modules=set(Module), workers=FULL_SET, is_big_game=True)
    for players in (3, 4):
        config = cr.Config.big_game(players)
        assert config.is_big_game
        assert config.modules == frozenset(Module)
        assert config.workers is not None and dict(config.workers) == FULL_SET
        assert repr(config) == f"Config.big_game({players})"
        assert not cr.Config(players=players, modules=set(Module), workers=FULL_SET).is_big_game


@pytest.mark.rule("R-BIG-1", "R-SETUP-3")
@pytest.mark.parametrize(("players", "pool", "jungle"), [(4, BIG_4, 45), (3, BIG_3, 38)])
def test_every_worker_tile_and_the_jungle_tiles(
    players: int, pool: dict[str, int], jungle: int
) -> None:
    state = cr.new_game(cr.Config.big_game(players), seed=31)
    counts = bare_counts(state)
    assert counts == pool
    assert counts.total() == jungle
    # Temples and gold mines stay in, together with the gem mines and the trees.
    assert counts["T"] == 5 and counts["G2"] == 1 and counts["D"] == 5 and counts["L"] == 3
    assert (counts["G1"], counts["M2"]) == ((2, 2) if players == 4 else (0, 1))
    for player in state.players:
        assert worker_counts(player) == FULL_SET
        assert len(player.hand) == 3 and player.pile.total == 12
    assert sum(worker_counts(player).total() for player in state.players) == 15 * players
    # The gem cart and the masks of 3 or 4 players.
    assert (
        sum(state.gem_cart)
        + sum(sum(tile.gems or ()) for tile in (*state.display, *state.map_board))
        == 32
    )
    assert state.mask_supply == (8, 8, 9, 9, 10, 10, 12)


@pytest.mark.rule("R-BIG-1", "R-EMPEROR-1")
@pytest.mark.parametrize("players", [3, 4])
def test_start_tiles_follow_watering_with_the_emperor_on_the_water(players: int) -> None:
    state = cr.new_game(cr.Config.big_game(players), seed=2)
    assert dict(state.board) == {(0, 0): P1, (1, 1): WATER}
    assert state.emperor == (1, 1)


@pytest.mark.rule("R-BIG-1", "R-HUT-1")
def test_hut_sides_are_drawn_by_chance() -> None:
    state = cr.new_game(cr.Config.big_game(4), seed=None)
    assert state.is_chance
    assert cr.chance_outcomes(state) == (
        (cr.HutSide(Hut.MARKET_CRIER), Fraction(1, 2)),
        (cr.HutSide(Hut.HERMIT), Fraction(1, 2)),
    )
    supplies = {cr.new_game(cr.Config.big_game(4), seed=seed).hut_supply for seed in range(8)}
    assert len(supplies) > 1
    assert all(supply.total == 12 for supply in supplies)


@pytest.mark.rule("R-BIG-1", "R-END-4")
@pytest.mark.parametrize("players", [3, 4])
def test_a_seeded_big_game_plays_to_the_end(players: int) -> None:
    state = cr.new_game(cr.Config.big_game(players), seed=40 + players)
    bots = [cr.RandomBot(seat) for seat in range(players)]
    turns: Counter[int] = Counter()
    kinds: set[str] = set()
    masks = 0
    ended = 0
    for _ in range(10_000):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        state, events = cr.step(state, bots[seat].choose(state))
        for event in events:
            if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
                turns[event.player] += 1
            if isinstance(event, cr.EdgeActivated):
                kinds.add(event.jungle.kind.name)
        masks += len(of_type(events, MaskTaken))
        ended += len(of_type(events, cr.GameEnded))
    assert state.is_over
    assert ended == 1
    # Every player placed (or discarded) all 15 tiles.
    assert turns == {seat: 15 for seat in range(players)}
    assert all(player.hand == () and player.pile.total == 0 for player in state.players)
    # Every gem is on a mine, in the cart, held, or traded for a mask.
    on_mines = [0, 0, 0, 0]
    for tile in (*state.board.values(), *state.display, *state.map_board):
        if isinstance(tile, cr.JungleTile) and tile.kind is JungleKind.GEM_MINE:
            assert tile.gems is not None
            for colour, count in enumerate(tile.gems):
                on_mines[colour] += count
    sets = state.gems_exchanged // 4
    assert state.gems_exchanged == 4 * masks
    for colour in range(4):
        held = sum(player.gems[colour] for player in state.players)
        assert state.gem_cart[colour] + on_mines[colour] + held + sets == 8
    sheets = cr.final_scores(state)
    for sheet, player in zip(sheets, state.players, strict=True):
        assert sheet.breakdown["masks"] == sum(player.masks)
        assert sheet.breakdown["gems"] == sum(player.gems)
        assert {"temples", "huts", "hut bonus", "water", "sun", "gold"} <= set(sheet.breakdown)
    assert "GEM_MINE" in kinds
