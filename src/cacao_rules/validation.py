"""Consistency checks of a whole state: what every state reached by the rules satisfies.

:func:`check_state` is what :func:`cacao_rules.from_json` uses to refuse documents that no
game could reach; tests use it as an invariant of every state of random games. It checks
only what the rules guarantee: the checkerboard (:rule:`R-PLACE-2`), worker tiles next to
a jungle tile (:rule:`R-PLACE-1`), overbuilt stacks of one owner (:rule:`R-OVER-3`), the
caps of the village board (:rule:`R-STORAGE-1`, :rule:`R-CHOC-4`), the conservation of every
tile (jungle tiles, worker tiles, map tiles and huts, with the modules of :rule:`R-MAP-1`,
:rule:`R-WATERING-1`, :rule:`R-CHOC-1`, :rule:`R-HUT-1`, :rule:`R-TREE-1`, :rule:`R-GEM-1` and
:rule:`R-BIG-1`), the Emperor's square (:rule:`R-EMPEROR-1`, :rule:`R-EMPEROR-2`), the gems and
masks (:rule:`R-GEM-1` to :rule:`R-GEM-5`), and a pending step that fits the rest of the state.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from .errors import FormatError, excerpt, expect
from .game.bounds import max_chance_events, max_gold, max_turns, reach_problem
from .game.components import (
    DISPLAY_SIZE,
    GEM_COLOURS,
    GEMS_PER_MINE,
    HAND_SIZE,
    HUT_TILES,
    MAP_BOARD_SIZE,
    MAP_TILES_PER_PLAYER,
    STORAGE_SPACES,
    SUN_PLACES,
    WATER_TRACK,
    WORKERS_PER_COLOUR,
    Hut,
    JungleKind,
    JungleTile,
    WorkerTile,
    WorkerType,
)
from .game.config import Config, Module
from .game.geometry import Square, format_square, neighbours
from .game.pools import gem_cart, jungle_pool, mask_supply, start_tiles, worker_set
from .modules.emperor import EMPEROR_START
from .state.state import (
    BlindFillStep,
    DealStep,
    FillStep,
    PlacementStep,
    State,
)
from .turn.setup import START_SQUARES
from .turn.step_kinds import STEP_KINDS

_MAX_LISTED: Final = 20


def state_problems(
    state: State, *, conserve_jungle: bool = True, reachable: bool = True
) -> list[str]:
    """Everything inconsistent about ``state``, one sentence each; empty if nothing is.

    See :func:`check_state` for what is checked.
    """
    problems: list[str] = []
    seats = state.config.players
    tiles = _worker_tiles(state)
    _check_seats(state, tiles, problems)
    if problems:  # the other checks index players by seat
        return problems
    _check_board(state, tiles, problems, reachable)
    _check_players(state, problems)
    _check_workers(state, tiles, problems)
    _check_jungle(state, problems, conserve_jungle)
    _check_map(state, problems, reachable)
    _check_huts(state, problems, reachable)
    _check_emperor(state, tiles, problems, reachable)
    _check_gems(state, problems, reachable)
    _check_big_game(state, problems)
    if not 0 <= state.current < seats:
        problems.append(
            f"current seat {excerpt(state.current)} is not a seat from 0 to {seats - 1}"
        )
    else:
        _check_step(state, problems, reachable)
        if reachable:
            _check_display_full(state, problems)
    _check_numbers(state, problems, reachable)
    _check_reach(state, problems, reachable)
    if problems:
        return problems
    # Only now that the rest holds together: whether play stops at this step reads it all.
    return STEP_KINDS[type(state.step)].stop_problems(state)


def check_state(state: State, *, conserve_jungle: bool = True, reachable: bool = True) -> None:
    """Raise :class:`~cacao_rules.FormatError` listing everything inconsistent about ``state``.

    Checked: jungle tiles lie on squares with even ``x + y`` and worker tiles on odd ones; every
    worker tile shares an edge with a jungle tile; covered squares hold a worker tile of the
    covered tile's owner on top; worker tiles have a canonical rotation and the edges it gives,
    and are marked as played with the Foreman only if their owner owns one; owners and seats are
    in range; each player's cacao and chocolate (0 to 5 together), sun tokens (0 to 3), water
    field (0 to 8), gold (0 or more) and hand (at most 3 tiles, sorted); every player's worker
    tiles (hand, pile, board, covered, discarded) add up to the configuration's worker set; the
    jungle tiles on the board, in the display (sorted, at most 2) and in the pile add up to the
    configuration's jungle tiles; the Emperor stands on a square exactly when his module is in
    play, his start ``(1, 1)`` or a worker tile; with the Gem mines module, every gem mine out
    of the pile carries its gems (at most 6) and those in the pile none, the gems of each colour
    (cart, mines, players, and those exchanged) add up to the cart's 8 (6 with 2 players), no
    player holds all four colours (they would have exchanged them), the masks (supply, sorted,
    and players', sorted) add up to the configuration's, and 4 gems were exchanged per mask
    taken; without the module, no gems or masks; a Big Game configuration has 3 or 4 players,
    every module and every worker tile; and the pending step fits the rest (its squares, its
    activated edges, something to draw at a chance step, a tile to place at a placement step)
    and is one where play stops: once nothing else is wrong, a resolve step must not wait
    at an edge of the owner to decide that the engine resolves itself (:rule:`R-ACT-7`;
    required with ``reachable=False`` too).

    With ``conserve_jungle=False`` the jungle tiles need only be at most the configuration's
    (for states from :func:`cacao_rules.position` with an explicit ``jungle_pile``). With
    ``reachable=False`` four things only play can guarantee are not required, as
    :func:`cacao_rules.position` allows for teaching and scoring positions: worker tiles with
    no jungle neighbour, worker tiles left in piles when the game is over, a display
    short of 2 tiles at the start of a turn while the pile still has some, an Emperor
    still on his start with worker tiles in his row or column, and masks held that are not
    the lowest ones (they are taken lowest first).
    """
    expect(state, State)
    expect(conserve_jungle, bool)
    expect(reachable, bool)
    problems = state_problems(state, conserve_jungle=conserve_jungle, reachable=reachable)
    if problems:
        listed = problems[:_MAX_LISTED]
        if len(problems) > _MAX_LISTED:
            listed.append(f"and {len(problems) - _MAX_LISTED} more")
        raise FormatError("inconsistent state: " + "; ".join(listed))


_WorkerTiles = list[tuple[Square, WorkerTile, str]]


def _worker_tiles(state: State) -> _WorkerTiles:
    on_top = [
        (square, tile, "worker tile")
        for square, tile in state.board.items()
        if isinstance(tile, WorkerTile)
    ]
    return on_top + [
        (square, tile, "covered worker tile") for square, tile in state.covered.items()
    ]


@functools.lru_cache(maxsize=64)
def _wanted_workers(config: Config) -> dict[object, int]:
    """The worker set of ``config`` without zero counts (so that dicts compare as Counters)."""
    return {kind: count for kind, count in worker_set(config).items() if count}


@functools.lru_cache(maxsize=64)
def _wanted_jungle(config: Config) -> dict[object, int]:
    """The jungle tiles of ``config`` without zero counts (so that dicts compare as Counters)."""
    return {tile: count for tile, count in jungle_pool(config).items() if count}


def _nonzero(counts: dict[object, int]) -> dict[object, int]:
    return {item: count for item, count in counts.items() if count}


def _check_seats(state: State, tiles: _WorkerTiles, problems: list[str]) -> None:
    seats = state.config.players
    if len(state.players) != seats:
        problems.append(f"{len(state.players)} player states for {seats} players")
    for square, tile, what in tiles:
        if not 0 <= tile.owner < seats:
            problems.append(
                f"{what} on {format_square(square)} has owner {excerpt(tile.owner)}, "
                f"not a seat from 0 to {seats - 1}"
            )
    for seat, _ in state.discarded:
        if not 0 <= seat < seats:
            problems.append(
                f"a discarded tile has seat {excerpt(seat)}, not a seat from 0 to {seats - 1}"
            )


_EDGES: Final = {
    (kind, rotation): kind.rotated(rotation) for kind in WorkerType for rotation in kind.rotations
}
"""The edges of each worker type at each of its canonical rotations."""


def _is_tile(tile: object) -> bool:
    return isinstance(tile, _TILE_CLASSES)


_TILE_CLASSES: Final = (JungleTile, WorkerTile)


def _check_board(state: State, tiles: _WorkerTiles, problems: list[str], reachable: bool) -> None:
    board = state.board
    get = board.get
    for square, tile in board.items():
        x, y = square
        jungle_square = (x + y) % 2 == 0  # is_jungle_square
        if not _is_tile(tile):
            problems.append(
                f"square {format_square(square)} holds {excerpt(tile)}, which is not a tile"
            )
        elif isinstance(tile, JungleTile):
            if not jungle_square:
                where = format_square(square)
                problems.append(f"jungle tile {tile.code} on {where}, a worker square (x + y odd)")
        else:
            if jungle_square:
                problems.append(
                    f"worker tile on {format_square(square)}, a jungle square (x + y even)"
                )
            if reachable and not (
                isinstance(get((x, y - 1)), JungleTile)
                or isinstance(get((x + 1, y)), JungleTile)
                or isinstance(get((x, y + 1)), JungleTile)
                or isinstance(get((x - 1, y)), JungleTile)
            ):
                problems.append(
                    f"worker tile on {format_square(square)} shares no edge with a jungle tile"
                )
    for square, under in state.covered.items():
        where = format_square(square)
        top = board.get(square)
        if not isinstance(top, WorkerTile):
            problems.append(f"covered square {where} has no worker tile on top")
        elif top.owner != under.owner:
            problems.append(
                f"covered square {where}: seat {excerpt(top.owner)}'s tile lies on seat "
                f"{excerpt(under.owner)}'s; "
                "a player overbuilds only their own tiles"
            )
    for square, tile, what in tiles:
        edges = _EDGES.get((tile.type, tile.rotation))
        if edges is None:
            allowed = ", ".join(str(r) for r in tile.type.rotations)
            problems.append(
                f"{what} on {format_square(square)} has rotation {excerpt(tile.rotation)}; "
                f"a {tile.type} tile takes rotation {allowed}"
            )
        elif tile.edges != edges:
            problems.append(
                f"{what} on {format_square(square)} has edges {excerpt(tile.edges)}, but a "
                f"{tile.type} tile at rotation {excerpt(tile.rotation)} has "
                f"{tile.type.rotated(tile.rotation)}"
            )
        if tile.foreman and Hut.FOREMAN not in state.players[tile.owner].huts:
            problems.append(
                f"{what} on {format_square(square)} was played with the Foreman's 4th worker, "
                f"but seat {excerpt(tile.owner)} owns no Foreman (R-HUT-FOREMAN)"
            )


def _check_players(state: State, problems: list[str]) -> None:
    chocolate_allowed = Module.CHOCOLATE in state.config.modules
    last_field = len(WATER_TRACK) - 1
    for seat, player in enumerate(state.players):
        who = f"seat {seat}"
        if player.gold < 0:
            problems.append(f"{who} has {excerpt(player.gold)} gold; gold is never negative")
        if player.cacao < 0 or player.chocolate < 0:
            problems.append(f"{who} has negative cacao or chocolate")
        elif player.cacao + player.chocolate > STORAGE_SPACES:
            problems.append(
                f"{who} stores {excerpt(player.cacao)} cacao and {excerpt(player.chocolate)} "
                "chocolate; "
                f"the village board holds {STORAGE_SPACES} together"
            )
        if player.chocolate and not chocolate_allowed:
            problems.append(f"{who} has chocolate in a game without the Chocolate module")
        if not 0 <= player.sun <= SUN_PLACES:
            problems.append(
                f"{who} has {excerpt(player.sun)} sun tokens; allowed: 0 to {SUN_PLACES}"
            )
        if not 0 <= player.water_field <= last_field:
            problems.append(
                f"{who} has water field {excerpt(player.water_field)}; allowed: 0 to {last_field}"
            )
        if len(player.hand) > HAND_SIZE:
            problems.append(f"{who} holds {len(player.hand)} tiles; a hand holds {HAND_SIZE}")
        if list(player.hand) != sorted(player.hand, key=lambda kind: kind.sort_key):
            problems.append(f"{who}'s hand is not sorted by worker type")


def _check_display_full(state: State, problems: list[str]) -> None:
    """At the start of a turn the display holds 2 tiles unless the pile ran out (R-END-2)."""
    if not isinstance(state.step, PlacementStep) or not state.jungle_pile:
        return
    if len(state.display) < DISPLAY_SIZE:
        problems.append(
            f"the display holds {len(state.display)} tiles while the jungle pile still "
            "has some; it is refilled to 2 at the end of every turn"
        )
    if Module.MAP in state.config.modules and len(state.map_board) < MAP_BOARD_SIZE:
        problems.append(
            f"the map board holds {len(state.map_board)} tiles while the jungle pile still "
            "has some; it is refilled to 2 at the end of every turn"
        )


def _check_workers(state: State, tiles: _WorkerTiles, problems: list[str]) -> None:
    wanted = _wanted_workers(state.config)
    found: list[dict[object, int]] = [{} for _ in state.players]
    for seat, player in enumerate(state.players):
        counts = found[seat]
        for kind in player.hand:
            counts[kind] = counts.get(kind, 0) + 1
        for kind, count in dict(player.pile.items).items():
            counts[kind] = counts.get(kind, 0) + count
    for _, tile, _ in tiles:
        counts = found[tile.owner]
        counts[tile.type] = counts.get(tile.type, 0) + 1
    for seat, kind in state.discarded:
        found[seat][kind] = found[seat].get(kind, 0) + 1
    for seat, counts in enumerate(found):
        if _nonzero(counts) != wanted:
            problems.append(
                f"seat {seat}'s worker tiles (hand, pile, board, covered, discarded) are "
                f"{_counts(Counter(counts))}; the game gives each player "
                f"{_counts(Counter(worker_set(state.config)))}"
            )


def _check_jungle(state: State, problems: list[str], conserve: bool) -> None:
    counts: dict[object, int] = {}
    for tile, count in state.jungle_pile.items:
        bare = tile.bare
        counts[bare] = counts.get(bare, 0) + count
    for laid in state.board.values():
        if isinstance(laid, JungleTile):
            bare = laid.bare
            counts[bare] = counts.get(bare, 0) + 1
    for tile in (*state.display, *state.map_board):
        bare = tile.bare
        counts[bare] = counts.get(bare, 0) + 1
    places = "board, display, map board, pile" if state.map_board else "board, display, pile"
    if conserve and _nonzero(counts) != _wanted_jungle(state.config):
        found: Counter[object] = Counter(counts)
        wanted: Counter[object] = Counter(jungle_pool(state.config))
        problems.append(
            f"the jungle tiles ({places}) are {_counts(found)}; the game has {_counts(wanted)}"
        )
    elif not conserve:
        extra = Counter(counts) - Counter(jungle_pool(state.config))
        if extra:
            problems.append(
                f"the {places.replace(', pile', ' and pile')} hold jungle tiles the game does "
                f"not have: {_counts(extra)}"
            )
    if len(state.display) > DISPLAY_SIZE:
        problems.append(f"the display holds {len(state.display)} tiles; at most {DISPLAY_SIZE}")
    if list(state.display) != sorted(state.display, key=lambda tile: tile.sort_key):
        problems.append("the display is not sorted")


def _check_map(state: State, problems: list[str], reachable: bool) -> None:
    """The map board and the map tiles (:rule:`R-MAP-1`, :rule:`R-MAP-2`)."""
    board = state.map_board
    if Module.MAP not in state.config.modules:
        if board or state.map_tiles_used or any(p.map_tiles for p in state.players):
            problems.append("a map board or map tiles in a game without the Map module")
        return
    if len(board) > MAP_BOARD_SIZE:
        problems.append(f"the map board holds {len(board)} tiles; at most {MAP_BOARD_SIZE}")
    if list(board) != sorted(board, key=lambda tile: tile.sort_key):
        problems.append("the map board is not sorted")
    for seat, player in enumerate(state.players):
        if not 0 <= player.map_tiles <= MAP_TILES_PER_PLAYER:
            problems.append(
                f"seat {seat} has {excerpt(player.map_tiles)} map tiles; allowed: 0 to "
                f"{MAP_TILES_PER_PLAYER}"
            )
    held = sum(player.map_tiles for player in state.players)
    dealt = MAP_TILES_PER_PLAYER * len(state.players)
    if state.map_tiles_used < 0:
        problems.append(f"map_tiles_used {excerpt(state.map_tiles_used)} is negative")
    elif held + state.map_tiles_used > dealt or (reachable and held + state.map_tiles_used < dealt):
        problems.append(
            f"the players hold {excerpt(held)} map tiles and {excerpt(state.map_tiles_used)} were "
            "used; the "
            f"game deals {MAP_TILES_PER_PLAYER} to each player, {dealt} in all"
        )


def _sides_fit(huts: list[Hut], tiles: tuple[tuple[Hut, Hut], ...]) -> bool:
    """Whether each of ``huts`` can be the up side of a different one of ``tiles``."""
    owner: list[int | None] = [None] * len(tiles)  # tile index -> index into huts

    def place(index: int, seen: set[int]) -> bool:
        for tile, sides in enumerate(tiles):
            if huts[index] in sides and tile not in seen:
                seen.add(tile)
                taken = owner[tile]
                if taken is None or place(taken, seen):
                    owner[tile] = index
                    return True
        return False

    return all(place(index, set()) for index in range(len(huts)))


def _check_huts(state: State, problems: list[str], reachable: bool) -> None:
    """The huts built and in the supply (:rule:`R-HUT-1`, :rule:`R-HUT-2`, :rule:`R-HUT-3`)."""
    config = state.config
    owned: Counter[Hut] = Counter()
    for seat, player in enumerate(state.players):
        owned.update(player.huts)
        if list(player.huts) != sorted(player.huts, key=lambda hut: hut.sort_key):
            problems.append(f"seat {seat}'s huts are not sorted")
        repeated = sorted({hut.value for hut in player.huts if player.huts.count(hut) > 1})
        if repeated:
            problems.append(
                f"seat {seat} owns {', '.join(repeated)} more than once; nobody owns two huts "
                "with the same function"
            )
    every = owned + Counter(dict(state.hut_supply.items))
    if Module.HUTS not in config.modules:
        if every:
            problems.append("huts in a game without the Huts module")
        return
    if config.huts is not None:
        wanted = Counter(config.huts)
        if (reachable and every != wanted) or not (set(every) <= config.huts):
            problems.append(
                f"the huts (supply and built) are {_counts(every)}; the agreed selection is "
                f"{_counts(wanted)}"
            )
        elif any(count > 1 for _, count in state.hut_supply.items):
            problems.append("the supply holds a hut of the agreed selection twice")
        return
    listed = sorted(every.elements(), key=lambda hut: hut.sort_key)
    dealing = isinstance(state.step, DealStep) and not owned
    tiles = HUT_TILES[: len(listed)] if dealing else HUT_TILES
    exact = dealing or reachable
    if len(listed) > len(tiles) or (exact and len(listed) != len(tiles)):
        problems.append(
            f"the huts (supply and built) are {_counts(every)}: {len(listed)} huts, but the "
            f"{len(HUT_TILES)} hut tiles show one side each"
        )
    elif not _sides_fit(listed, tiles):
        problems.append(
            f"the huts (supply and built) are {_counts(every)}, which no choice of one side of "
            "each hut tile shows"
        )
    early = dealing and reachable and len(listed) < len(HUT_TILES)
    if early and (any(p.hand for p in state.players) or state.display or state.map_board):
        problems.append("the hut tiles' sides are dealt before any hand, display or map tile")


def _check_emperor(state: State, tiles: _WorkerTiles, problems: list[str], reachable: bool) -> None:
    """The Emperor's square (:rule:`R-EMPEROR-1`, :rule:`R-EMPEROR-2`, :rule:`R-EMPEROR-4`)."""
    at = state.emperor
    if Module.EMPEROR not in state.config.modules:
        if at is not None:
            problems.append(
                f"the Emperor stands on {format_square(at)} in a game without the Favour of "
                "the Emperor module"
            )
        return
    if at is None:
        problems.append("the Favour of the Emperor module is in play but the Emperor has no square")
        return
    if at == EMPEROR_START:
        # Any worker tile placed in his row or column would have moved him onto it.
        if reachable and any(square[0] == at[0] or square[1] == at[1] for square, _, _ in tiles):
            problems.append(
                f"the Emperor is still on his start {format_square(at)} but a worker tile lies "
                "in his row or column; placing it would have moved him onto it"
            )
    elif not isinstance(state.board.get(at), WorkerTile):
        problems.append(
            f"the Emperor stands on {format_square(at)}, which is neither his start "
            f"{format_square(EMPEROR_START)} nor a worker tile"
        )


def _gem_mines(state: State) -> Iterable[tuple[Square | str, JungleTile]]:
    """Every jungle tile out of the pile, with its square on the board or its place."""
    on_board: list[tuple[Square | str, JungleTile]] = [
        (square, tile) for square, tile in state.board.items() if isinstance(tile, JungleTile)
    ]
    return (
        on_board
        + [("in the display", tile) for tile in state.display]
        + [("on the map board", tile) for tile in state.map_board]
    )


def _where(place: Square | str) -> str:
    """A place given by :func:`_gem_mines`, for a message."""
    return place if isinstance(place, str) else f"on {format_square(place)}"


def _show_gems(gems: tuple[int, ...]) -> str:
    return ", ".join(
        f"{excerpt(count)} {colour}" for count, colour in zip(gems, GEM_COLOURS, strict=True)
    )


def _check_gems(state: State, problems: list[str], reachable: bool) -> None:
    """The gems and the masks (:rule:`R-GEM-1` to :rule:`R-GEM-5`)."""
    config = state.config
    on_mines = [0] * len(GEM_COLOURS)
    for place, tile in _gem_mines(state):
        if tile.kind is not JungleKind.GEM_MINE:
            if tile.gems is not None:
                where = _where(place)
                problems.append(f"the {tile.kind.name.lower()} tile {where} carries gems")
            continue
        if tile.gems is None:
            problems.append(
                f"the gem mine {_where(place)} has no gems given; a mine out of the pile carries "
                "the gems drawn with it (D followed by 4 digits, such as D2103)"
            )
            continue
        if min(tile.gems) < 0 or sum(tile.gems) > GEMS_PER_MINE:
            problems.append(
                f"the gem mine {_where(place)} holds {_show_gems(tile.gems)} gems; a mine holds 0 "
                f"to {GEMS_PER_MINE}"
            )
        for colour, count in enumerate(tile.gems):
            on_mines[colour] += count
    for tile, _ in state.jungle_pile.items:
        if tile.gems is not None:
            problems.append(
                f"the jungle pile holds {tile.code}, a tile with gems; a gem mine gets its gems "
                "only as it leaves the pile (D)"
            )
    held = [0] * len(GEM_COLOURS)
    for seat, player in enumerate(state.players):
        if min(player.gems) < 0:
            problems.append(f"seat {seat} holds a negative count of gems: {excerpt(player.gems)}")
        elif min(player.gems) > 0:
            problems.append(
                f"seat {seat} holds gems of all four colours ({_show_gems(player.gems)}); a full "
                "set is exchanged for a mask at once"
            )
        for colour, count in enumerate(player.gems):
            held[colour] += count
        if list(player.masks) != sorted(player.masks):
            problems.append(f"seat {seat}'s masks are not sorted")
    masks_held = [value for player in state.players for value in player.masks]
    if not config.has(Module.GEM_MINES):
        if (
            any(state.gem_cart)
            or state.mask_supply
            or state.gems_exchanged
            or any(held)
            or masks_held
            or any(on_mines)
        ):
            problems.append("gems or masks in a game without the Gem mines module")
        return
    if list(state.mask_supply) != sorted(state.mask_supply):
        problems.append("the mask supply is not sorted (lowest first)")
    if min(state.gem_cart) < 0:
        problems.append(f"the gem cart holds a negative count of gems: {excerpt(state.gem_cart)}")
    if state.gems_exchanged < 0 or state.gems_exchanged % len(GEM_COLOURS):
        problems.append(
            f"gems_exchanged is {excerpt(state.gems_exchanged)}; gems are exchanged 4 at a time"
        )
    wanted = gem_cart(config)
    sets = state.gems_exchanged // len(GEM_COLOURS)
    for colour, name in enumerate(GEM_COLOURS):
        found = state.gem_cart[colour] + on_mines[colour] + held[colour] + sets
        if found != wanted[colour]:
            problems.append(
                f"the {name} gems (cart {excerpt(state.gem_cart[colour])}, mines "
                f"{excerpt(on_mines[colour])}, "
                f"players {excerpt(held[colour])}, exchanged {excerpt(sets)}) are "
                f"{excerpt(found)}; the game has "
                f"{wanted[colour]}"
            )
    every_mask = Counter(mask_supply(config))
    found_masks = Counter(state.mask_supply) + Counter(masks_held)
    if found_masks != every_mask:
        problems.append(
            f"the masks (supply and players') are {_listed(sorted(found_masks.elements()))}; "
            f"the game has {_listed(sorted(every_mask.elements()))}"
        )
    elif reachable and masks_held and state.mask_supply and max(masks_held) > state.mask_supply[0]:
        problems.append(
            f"a player holds the mask worth {excerpt(max(masks_held))} while the one worth "
            f"{excerpt(state.mask_supply[0])} is still in the supply; the lowest mask is taken "
            "first"
        )
    if state.gems_exchanged != len(GEM_COLOURS) * len(masks_held):
        problems.append(
            f"{excerpt(state.gems_exchanged)} gems were exchanged for {len(masks_held)} masks; "
            "each mask "
            "takes 4"
        )


def _check_big_game(state: State, problems: list[str]) -> None:
    """A Big Game plays every module and every worker tile, with 3 or 4 players
    (:rule:`R-BIG-1`)."""
    config = state.config
    if not config.is_big_game:
        return
    workers = None if config.workers is None else dict(config.workers)
    if (
        config.players not in (3, 4)
        or config.modules != frozenset(Module)
        or workers != dict(WORKERS_PER_COLOUR)
    ):
        problems.append(
            f"{config!r} is not a Big Game: it has 3 or 4 players, every module and every "
            "worker tile"
        )


def _listed(values: list[int]) -> str:
    """``values`` as a list, each quoted by ``excerpt``, the first :data:`_MAX_LISTED` of
    them."""
    shown = [excerpt(value) for value in values[:_MAX_LISTED]]
    more = [f"{len(values) - _MAX_LISTED} more"] if len(values) > _MAX_LISTED else []
    return f"[{', '.join([*shown, *more])}]"


def _counts(counts: Counter[Any]) -> str:
    parts = [f"{excerpt(count)} {item}" for item, count in counts.items() if count]
    return ", ".join(sorted(parts)) or "none"


def _check_step(state: State, problems: list[str], reachable: bool) -> None:
    kind = STEP_KINDS.get(type(state.step))
    if kind is None:  # a step class the library does not know
        problems.append(f"unknown step {excerpt(state.step)}")
    else:
        problems += kind.problems(state, reachable)


def _check_numbers(state: State, problems: list[str], reachable: bool) -> None:
    """Gold, the turn and the chance events within their proven bounds (:mod:`.game.bounds`);
    for a reachable state, also the values the rest of the state implies: the turn counts
    the worker tiles that left a hand, the seat to move follows from it, and the chance
    events are the tiles drawn and hut tiles turned (so no document chooses its next
    seeded draw)."""
    config = state.config
    most_gold = max_gold(config)
    for seat, player in enumerate(state.players):
        if player.gold > most_gold:
            problems.append(
                f"seat {seat} has {excerpt(player.gold)} gold; no player of this game can hold "
                "more "
                f"than {most_gold}"
            )
    if not 0 <= state.turn <= max_turns(config):
        problems.append(
            f"turn {excerpt(state.turn)} is out of range; allowed: 0 to {max_turns(config)}"
        )
    if not 0 <= state.chance_count <= max_chance_events(config):
        problems.append(
            f"chance_count {excerpt(state.chance_count)} is out of range; allowed: 0 to "
            f"{max_chance_events(config)}"
        )
    elif reachable and state.chance_count != _chance_events(state):
        problems.append(
            f"chance_count is {excerpt(state.chance_count)}, but the tiles drawn and hut tiles "
            "turned "
            f"make {_chance_events(state)} chance events"
        )
    if reachable:
        _check_turn(state, problems)


def _chance_events(state: State) -> int:
    """The chance events a reachable state has seen: worker tiles and jungle tiles drawn,
    hut tiles turned."""
    config = state.config
    per_seat = sum(worker_set(config).values())
    drawn = sum(per_seat - player.pile.total for player in state.players)
    drawn += sum(jungle_pool(config).values()) - len(START_SQUARES) - state.jungle_pile.total
    if Module.HUTS in config.modules and config.huts is None:
        drawn += state.hut_supply.total + sum(len(player.huts) for player in state.players)
    return drawn


def _check_turn(state: State, problems: list[str]) -> None:
    seats = state.config.players
    played = len(state.discarded) + len(state.covered)
    played += sum(isinstance(tile, WorkerTile) for tile in state.board.values())
    kind = STEP_KINDS.get(type(state.step))
    if kind is None:  # reported by _check_step
        return
    expected = played - 1 if kind.mid_turn else played
    if state.turn != expected:
        problems.append(
            f"turn is {excerpt(state.turn)}, but {played} worker tiles left the hands "
            f"({'during' if kind.mid_turn else 'before'} this turn)"
        )
    if state.current != state.turn % seats:
        problems.append(
            f"current seat is {excerpt(state.current)}, but turn {excerpt(state.turn)} of {seats} "
            "players is "
            f"seat {excerpt(state.turn % seats)}'s"
        )
    if isinstance(state.step, DealStep):
        return
    for seat, player in enumerate(state.players):
        full = HAND_SIZE - 1 if seat == state.current and kind.before_draw else HAND_SIZE
        if player.pile and len(player.hand) != full:
            problems.append(
                f"seat {seat} holds {len(player.hand)} tiles while their pile still has some; "
                f"a hand is refilled to {HAND_SIZE} at the end of every turn"
            )


def _check_reach(state: State, problems: list[str], reachable: bool) -> None:
    """Every tile inside the proven window (:mod:`.game.bounds`); for a reachable state, also
    far enough in that play stays there, the start tiles on their squares and every other
    jungle tile next to a worker tile (it was laid next to the one placed). A hand-built
    position may lay tiles out so that play from it could leave the window: the action space
    then refuses the state that does (see docs/server.md)."""
    workers_left = sum(len(p.hand) + p.pile.total for p in state.players)
    jungle_left = state.jungle_pile.total + len(state.display) + len(state.map_board)
    step = state.step
    placed = step.placed if isinstance(step, FillStep | BlindFillStep) else None
    problem = reach_problem(
        state.config, state.board.items(), workers_left if reachable else 0, jungle_left, placed
    )
    if problem is not None:
        problems.append(problem)
    if not reachable:
        return
    board = state.board
    for square, start in zip(START_SQUARES, start_tiles(state.config), strict=True):
        if board.get(square) != start:
            problems.append(
                f"square {format_square(square)} does not hold its start tile {start.code}"
            )
    for square, tile in board.items():
        if (
            isinstance(tile, JungleTile)
            and square not in START_SQUARES
            and not any(isinstance(board.get(n), WorkerTile) for n in neighbours(square))
        ):
            problems.append(
                f"jungle tile {tile.code} on {format_square(square)} shares no edge with a "
                "worker tile; jungle tiles are laid next to the worker tile just placed"
            )
