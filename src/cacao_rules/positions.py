"""Hand-built positions: a game state laid out by the caller, for tests, teaching and puzzles.

>>> import cacao_rules as cr
>>> from cacao_rules import WorkerTile, WorkerType
>>> state = cr.position(
...     cr.Config(players=2),
...     board={(0, 0): cr.JungleTile.from_code("P1"), (1, 1): cr.JungleTile.from_code("M2"),
...            (1, 0): WorkerTile.of(1, WorkerType.W1111)},
...     players=[cr.PlayerState(hand=(WorkerType.W2101,)), cr.PlayerState(cacao=2)],
... )
>>> state.to_move, state.players[1].cacao, state.players[0].pile.total
(0, 2, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, cast

from .compiled import Int
from .engine import settle
from .errors import (
    ConfigError,
    FormatError,
    bad_argument,
    excerpt,
    expect,
    expect_any,
    is_a,
    wrong_type,
)
from .game.components import (
    GEM_COLOURS,
    HUT_TILES,
    MAP_TILES_PER_PLAYER,
    TILES_BY_CODE,
    Hut,
    JungleKind,
    JungleTile,
    Tile,
    WorkerTile,
    WorkerType,
)
from .game.config import Config, Module
from .game.frozen import Bag, FrozenMap
from .game.geometry import Square, format_square, is_jungle_square
from .game.limits import MAX_COORDINATE, MAX_ITEMS
from .game.pools import jungle_pool, worker_set
from .state.chance import check_seed
from .state.draft import Draft
from .state.state import OverStep, PlacementStep, PlayerState, State
from .turn.setup import START_SQUARES, initial_state
from .validation import check_state


def position(
    config: Config,
    *,
    board: Mapping[Square, Tile] | None = None,
    covered: Mapping[Square, WorkerTile] | None = None,
    players: Sequence[PlayerState] | None = None,
    display: Iterable[JungleTile] = (),
    jungle_pile: Iterable[JungleTile] | None = None,
    map_board: Iterable[JungleTile] = (),
    hut_supply: Iterable[Hut] | None = None,
    emperor: tuple[Int, Int] | None = None,
    current: Int = 0,
    seed: int | None = 0,
) -> State:
    """A state at the start of seat ``current``'s turn, laid out as given.

    ``board`` defaults to the two start tiles; ``players`` to players with nothing (give the
    player to move at least one hand tile). Each
    player's worker pile is not given: it is what is left of the worker set after the hand
    and the tiles on the board (``ConfigError`` if that is negative). ``jungle_pile``
    defaults to what is left of the configuration's jungle tiles after the board and the
    display; given explicitly, it may leave tiles out (they are then out of the game, and
    the state does not conserve the tile count). Chance afterwards comes from ``seed``.

    With the Map module, ``map_board`` lays tiles on the map board and each player's
    ``map_tiles`` says how many they still hold (the others count as used). With the Hut
    module, ``hut_supply`` defaults to the agreed selection, or else side A of every hut
    tile, less the huts the players own. With the Emperor module, ``emperor`` is his square
    (by default his start, ``(1, 1)``). The position is taken as after the start of the
    turn: the Emperor's favour for this turn (:rule:`R-EMPEROR-3`) is not paid again. With
    the Gem mines module, the cart holds the gems that are neither on a mine nor held, the
    mask supply the masks nobody holds, and each mask held counts 4 gems traded.
    A position where no hand holds a tile is a finished game (``is_over``). A position
    the engine could not play on (see :func:`~cacao_rules.check_state`; the checks that only
    play guarantees are waived) raises :class:`ConfigError` saying why; an argument of the
    wrong type (``current="0"``, a list for ``board``) raises ``TypeError``.
    """
    expect(config, Config)
    display, pile, map_board = _check_arguments(
        board=board,
        covered=covered,
        players=players,
        tiles=(display, jungle_pile, map_board),
        hut_supply=hut_supply,
        emperor=emperor,
        current=current,
        seed=seed,
    )
    jungle_pile = pile if jungle_pile is not None else None
    base = initial_state(config, seed)
    tiles = dict(board) if board is not None else {sq: base.board[sq] for sq in START_SQUARES}
    under = dict(covered or {})
    _check_squares(tiles, under)
    seats = list(players) if players is not None else [PlayerState()] * config.players
    if len(seats) != config.players:
        raise ConfigError(f"players must list {config.players} player states, got {len(seats)}")
    if not 0 <= current < config.players:
        raise ConfigError(f"current must be a seat from 0 to {config.players - 1}, got {current}")
    shown = tuple(sorted(display, key=lambda tile: tile.sort_key))
    on_map = tuple(sorted(map_board, key=lambda tile: tile.sort_key))
    held_map_tiles = sum(player.map_tiles for player in seats)
    state = base.replace(
        board=FrozenMap(tiles),
        covered=FrozenMap(under),
        players=tuple(
            _with_pile(config, seat, player, tiles, under) for seat, player in enumerate(seats)
        ),
        display=shown,
        jungle_pile=_jungle_pile(config, tiles, shown + on_map, jungle_pile),
        map_board=on_map,
        map_tiles_used=MAP_TILES_PER_PLAYER * config.players - held_map_tiles
        if config.has(Module.MAP)
        else 0,
        hut_supply=_hut_supply(config, seats, hut_supply),
        emperor=base.emperor if emperor is None else emperor,
        **_gem_supplies(base, tiles, shown + on_map, seats),
        current=current,
        step=PlacementStep(),
    )
    if not any(player.hand for player in state.players):
        state = state.replace(step=OverStep())
    try:
        check_state(state, conserve_jungle=jungle_pile is None, reachable=False)
    except FormatError as error:
        raise ConfigError(f"the position is not one the rules allow: {error}") from None
    draft = Draft(state, None)
    settle(draft)
    return draft.freeze()


def _gem_supplies(
    base: State,
    tiles: Mapping[Square, Tile],
    laid_out: tuple[JungleTile, ...],
    seats: Sequence[PlayerState],
) -> dict[str, Any]:
    """The cart, the mask supply and the gems traded, from what the position lays out."""
    if not base.config.has(Module.GEM_MINES):
        return {}
    out = [
        tile.gems
        for tile in [*tiles.values(), *laid_out]
        if isinstance(tile, JungleTile) and tile.gems is not None
    ]
    out += [player.gems for player in seats]
    traded = sum(len(player.masks) for player in seats)  # each mask took one gem per colour
    cart = tuple(
        total - traded - sum(gems[colour] for gems in out)
        for colour, total in enumerate(base.gem_cart)
    )
    if min(cart) < 0:
        raise ConfigError("the position uses more gems of a colour than the cart holds")
    masks = list(base.mask_supply)
    for player in seats:
        for value in player.masks:
            if value not in masks:
                raise ConfigError(f"no mask worth {value} is left for a player to hold")
            masks.remove(value)
    return {
        "gem_cart": (cart[0], cart[1], cart[2], cart[3]),
        "mask_supply": tuple(masks),
        "gems_exchanged": 4 * traded,
    }


def _hut_supply(
    config: Config, seats: Sequence[PlayerState], given: Iterable[Hut] | None
) -> Bag[Hut]:
    if given is not None:
        return Bag.of(given, key=lambda hut: hut.sort_key)
    if not config.has(Module.HUTS):
        return Bag(())
    supply = list(config.huts) if config.huts is not None else [a for a, _ in HUT_TILES]
    for player in seats:
        for hut in player.huts:
            if hut not in supply:
                raise ConfigError(
                    f"a player owns a {hut} that the default hut supply does not hold; "
                    "give hut_supply= explicitly"
                )
            supply.remove(hut)
    return Bag.of(supply, key=lambda hut: hut.sort_key)


def _check_squares(tiles: Mapping[Square, Tile], under: Mapping[Square, WorkerTile]) -> None:
    for square, tile in tiles.items():
        jungle_square = is_jungle_square(square)
        if isinstance(tile, JungleTile) != jungle_square:
            kind = "jungle" if jungle_square else "worker"
            raise ConfigError(
                f"square {format_square(square)} is a {kind} square of the checkerboard "
                f"(x + y {'even' if jungle_square else 'odd'}) but holds {excerpt(tile)}"
            )
    for square in under:
        if not isinstance(tiles.get(square), WorkerTile):
            raise ConfigError(f"covered square {format_square(square)} has no worker tile on top")


def _with_pile(
    config: Config,
    seat: int,
    player: PlayerState,
    tiles: Mapping[Square, Tile],
    under: Mapping[Square, WorkerTile],
) -> PlayerState:
    left = dict(worker_set(config))
    used = [*player.hand]
    used += [t.type for t in _worker_tiles(tiles, under) if t.owner == seat]
    for kind in used:
        left[kind] = left.get(kind, 0) - 1
        if left[kind] < 0:
            raise ConfigError(f"seat {seat} uses more {kind} tiles than its set holds")
    pile = Bag.of(
        (kind for kind, count in left.items() for _ in range(count)),
        key=lambda kind: kind.sort_key,
    )
    hand = tuple(sorted(player.hand, key=lambda kind: kind.sort_key))
    return player.replace(hand=hand, pile=pile)


def _worker_tiles(
    tiles: Mapping[Square, Tile], under: Mapping[Square, WorkerTile]
) -> list[WorkerTile]:
    return [t for t in tiles.values() if isinstance(t, WorkerTile)] + list(under.values())


def _jungle_pile(
    config: Config,
    tiles: Mapping[Square, Tile],
    shown: tuple[JungleTile, ...],
    given: Iterable[JungleTile] | None,
) -> Bag[JungleTile]:
    if given is not None:
        return Bag.of(given, key=lambda tile: tile.sort_key)
    left = jungle_pool(config)
    for tile in [*tiles.values(), *shown]:
        if isinstance(tile, JungleTile):
            kind = tile.bare
            left[kind] = left.get(kind, 0) - 1
            if left[kind] < 0:
                raise ConfigError(
                    f"the board, display and map board use more {kind.code} tiles than the game has"
                )
    return Bag.of(
        (tile for tile, count in left.items() for _ in range(count)),
        key=lambda tile: tile.sort_key,
    )


_KNOWN_TILES: Final = frozenset(TILES_BY_CODE.values())
_WORKER_TYPES: Final = frozenset(WorkerType)
_COUNTS: Final = ("gold", "cacao", "sun", "water_field", "chocolate", "map_tiles")


def _wrong(what: str, wanted: str, value: object) -> ConfigError:
    return bad_argument(f"position: {what}", wanted, value)


def _is_int(value: object) -> bool:
    """An int, or an int enum such as :class:`~cacao_rules.Side`, but not a bool."""
    return is_a(value, int)


def _is_pair_of_ints(value: object) -> bool:
    return type(value) is tuple and len(value) == 2 and all(_is_int(c) for c in value)


def _is_square(value: object) -> bool:
    return _is_pair_of_ints(value) and all(abs(c) <= MAX_COORDINATE for c in cast(Square, value))


def _is_jungle_tile(tile: object) -> bool:
    """A tile of the game's catalogue, or a gem mine carrying 0 to 6 gems."""
    if type(tile) is not JungleTile:
        return False
    if tile in _KNOWN_TILES:
        return True
    gems = tile.gems
    return (
        tile.kind is JungleKind.GEM_MINE
        and tile.value == 0
        and type(gems) is tuple
        and len(gems) == len(GEM_COLOURS)
        and all(_is_int(count) and 0 <= count <= 6 for count in gems)
    )


def _is_worker_tile(tile: object) -> bool:
    return (
        isinstance(tile, WorkerTile)
        and _is_int(tile.owner)
        and tile.type in _WORKER_TYPES
        and _is_int(tile.rotation)
        and type(tile.edges) is tuple
        and type(tile.foreman) is bool
    )


def _check_map(what: str, value: object, worker_only: bool) -> None:
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise wrong_type(value, "collections.abc.Mapping")
    if len(value) > MAX_ITEMS:
        raise _wrong(what, f"a mapping of at most {MAX_ITEMS} squares to tiles", value)
    for square, tile in value.items():
        if not _is_square(square):
            raise _wrong(
                f"a square of {what}", f"a tuple (x, y) of ints within {MAX_COORDINATE}", square
            )
        if not (_is_worker_tile(tile) or (not worker_only and _is_jungle_tile(tile))):
            kind = "a WorkerTile" if worker_only else "a JungleTile or a WorkerTile"
            if isinstance(tile, JungleTile | WorkerTile):
                kind += " of the game's catalogue (its fields as the game's tiles have them)"
            raise _wrong(f"{what}[{square}]", kind, tile)


def _check_player(seat: int, player: object) -> None:
    where = f"players[{seat}]"
    if type(player) is not PlayerState:
        raise _wrong(where, "a PlayerState", player)
    for name in _COUNTS:
        value = getattr(player, name)
        if not _is_int(value) or abs(value) > 10**6:
            raise _wrong(f"{where}.{name}", f"an int from {-(10**6)} to {10**6}", value)
    for name, kind in (("hand", WorkerType), ("huts", Hut)):
        items = getattr(player, name)
        if type(items) is not tuple or len(items) > MAX_ITEMS:
            raise _wrong(f"{where}.{name}", f"a tuple of {kind.__name__}", items)
        for item in items:
            if not isinstance(item, kind):
                raise _wrong(f"an item of {where}.{name}", f"a {kind.__name__}", item)
    for name, size in (("gems", len(GEM_COLOURS)), ("masks", None)):
        items = getattr(player, name)
        if (
            type(items) is not tuple
            or (size is not None and len(items) != size)
            or len(items) > MAX_ITEMS
            or not all(_is_int(item) and 0 <= item <= 10**6 for item in items)
        ):
            raise _wrong(f"{where}.{name}", "a tuple of counts", items)


def _check_tiles(what: str, value: Iterable[object] | None) -> list[JungleTile]:
    if value is None:
        return []
    expect_any(value, (Iterable,))
    if isinstance(value, str | bytes | Mapping):
        raise _wrong(what, "an iterable of JungleTile", value)
    items: list[JungleTile] = []
    for item in value:
        if len(items) >= MAX_ITEMS:
            raise ConfigError(f"position: {what} lists more than {MAX_ITEMS} tiles")
        if not isinstance(item, JungleTile) or not _is_jungle_tile(item):
            raise _wrong(f"an item of {what}", "a JungleTile", item)
        items.append(item)
    return items


def _check_arguments(
    *,
    board: Mapping[Square, Tile] | None,
    covered: Mapping[Square, WorkerTile] | None,
    players: Sequence[PlayerState] | None,
    tiles: tuple[Iterable[JungleTile], Iterable[JungleTile] | None, Iterable[JungleTile]],
    hut_supply: Iterable[Hut] | None,
    emperor: tuple[Int, Int] | None,
    current: Int,
    seed: int | None,
) -> tuple[list[JungleTile], list[JungleTile], list[JungleTile]]:
    """The tiles of ``tiles`` (display, jungle pile, map board) as lists. Refuses, with a
    :class:`ConfigError` saying which and why, an argument of :func:`position` out of
    range or holding what it should not, and with ``TypeError`` one of the wrong type,
    before anything is built of it."""
    _check_map("board", board, worker_only=False)
    _check_map("covered", covered, worker_only=True)
    if players is not None:
        if not isinstance(players, list | tuple) or len(players) > 4:
            raise _wrong("players", "a list of PlayerState, one per seat", players)
        for seat, player in enumerate(players):
            _check_player(seat, player)
    display, pile, map_board = (
        _check_tiles(what, value)
        for what, value in zip(("display", "jungle_pile", "map_board"), tiles, strict=True)
    )
    if hut_supply is not None:
        if not isinstance(hut_supply, list | tuple | set | frozenset) or len(hut_supply) > 99:
            raise _wrong("hut_supply", "a list of Hut", hut_supply)
        for hut in hut_supply:
            if not isinstance(hut, Hut):
                raise _wrong("an item of hut_supply", "a Hut", hut)
    if emperor is not None and not _is_pair_of_ints(emperor):
        raise wrong_type(emperor, "tuple[int, int] or None")
    if emperor is not None and not _is_square(emperor):
        raise _wrong("emperor", f"None or a tuple (x, y) of ints within {MAX_COORDINATE}", emperor)
    expect(current, int)
    if not _is_int(current):
        raise _wrong("current", "an int", current)
    expect_any(seed, (int,), optional=True)
    check_seed(seed, "position: seed", optional=True)
    return display, pile, map_board
