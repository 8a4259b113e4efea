"""The JSON state format: :func:`to_json` writes a state, :func:`from_json` reads it back.

The format is versioned and documented field by field in ``docs/formats.md``. The output
is deterministic: equal states give equal text (fixed key order, sorted lists, compact
separators, ASCII only), so the text can be hashed, compared and stored in golden files.
:func:`from_json` accepts only documents that describe a state the rules can reach: it
checks the syntax, every type and range, and then the state's consistency with
:func:`~cacao_rules.validation.check_state`.

Version 2 (this one) added the fields of the *Chocolatl* modules: the configuration's options,
each player's map tiles and huts, the map board, the map tiles used, the hut supply, the cacao
received in the resolve step and three new steps; and those of the *Diamante* modules the
engine implements: the Emperor's square, the tile code of the Tree of Life, the new worker
types and the configuration's agreed worker set (New Workers), the gem cart, the mask supply,
the gems exchanged, each player's gems and masks and the gems on the gem mines (Gem mines), and
the Big Game. Version 1 documents (base games only) are still read, with those fields at their
defaults; only version 2 is written.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

import attrs

from ..errors import CacaoError, FormatError
from ..game.components import (
    GEM_COLOURS,
    MAP_TILES_PER_PLAYER,
    MASKS,
    TILES_BY_CODE,
    Gems,
    Hut,
    JungleTile,
    Side,
    Tile,
    WorkerTile,
    WorkerType,
)
from ..game.config import Config, Module
from ..game.frozen import Bag, FrozenMap
from ..game.geometry import Square
from ..state.chance import MAX_SEED
from ..state.state import (
    ActivatedEdge,
    BlindFillStep,
    DealStep,
    DrawWorkerStep,
    FillStep,
    HutStep,
    MapRefillStep,
    OverStep,
    PlacementStep,
    PlayerState,
    RefillStep,
    ResolveStep,
    SlideStep,
    State,
    Step,
)
from ..validation import check_state

FORMAT: Final = "cacao-rules.state"
"""The value of the ``"format"`` field of every state document."""

VERSION: Final = 2
"""The version of the state format that this library writes."""

READ_VERSIONS: Final = (1, 2)
"""The versions of the state format that this library reads: version 1 documents (base games
only, written before the Chocolatl modules) are read with the new fields at their defaults."""

MAX_COORDINATE: Final = 10**6
"""The largest coordinate (in absolute value) that a document may give a square."""

MAX_COUNT: Final = 1000
"""The largest count of one kind of tile in a pile that a document may give."""

MAX_ITEMS: Final = 1000
"""The most items a list or an object of a document may hold (a board holds at most about
170 tiles)."""

MAX_LENGTH: Final = 1_000_000
"""The longest text :func:`from_json` and :func:`~cacao_rules.observation_from_json` read
(a state of a 4-player Big Game takes about 12,000 characters)."""

T = TypeVar("T")
Json = Any

_MAX_QUOTE: Final = 60
_TYPES: Final = {kind.value: kind for kind in WorkerType}
_GEM_MINE_CODE: Final = re.compile(r"D[0-9]{4}")
_SIDES: Final = {side.name: side for side in Side}
_MODULES: Final = {module.value: module for module in Module}
_HUTS: Final = {hut.value: hut for hut in Hut}
_PLAYER_FIELDS: Final = (
    "gold",
    "cacao",
    "sun",
    "water_field",
    "hand",
    "pile",
    "chocolate",
    "map_tiles",
    "huts",
    "gems",
    "masks",
)
_PLAYER_FIELDS_V1: Final = _PLAYER_FIELDS[:7]
_PLAYER_FIELDS_KNOWN: Final = PlayerState.FIELDS == _PLAYER_FIELDS
_CONFIG_FIELDS: Final = (
    "players",
    "modules",
    "map_early_overbuild",
    "huts",
    "workers",
    "is_big_game",
)
_CONFIG_FIELDS_V1: Final = _CONFIG_FIELDS[:2]
_CONFIG_FIELDS_KNOWN: Final = tuple(field.name for field in attrs.fields(Config)) == (
    _CONFIG_FIELDS
)
_TOP_KEYS_V1: Final = (
    "format",
    "version",
    "config",
    "seed",
    "chance_count",
    "board",
    "covered",
    "discarded",
    "players",
    "jungle_pile",
    "display",
    "current",
    "turn",
    "step",
)
_TOP_KEYS: Final = (
    *_TOP_KEYS_V1[:11],
    "map_board",
    "map_tiles_used",
    "hut_supply",
    "emperor",
    "gem_cart",
    "mask_supply",
    "gems_exchanged",
    *_TOP_KEYS_V1[11:],
)


# --- writing ------------------------------------------------------------------------------


def _square(square: Square) -> list[int]:
    return [square[0], square[1]]


_TYPE_NAMES: Final = {kind: kind.value for kind in WorkerType}
_TILE_CODES: Final = {tile: code for code, tile in TILES_BY_CODE.items()}


def _type_name(kind: WorkerType) -> str:
    name = _TYPE_NAMES.get(kind)
    return kind.value if name is None else name


def _worker(tile: WorkerTile) -> dict[str, Json]:
    written: dict[str, Json] = {
        "owner": tile.owner,
        "type": _type_name(tile.type),
        "rotation": tile.rotation,
    }
    if tile.foreman:  # written only when set, so documents without the Foreman stay as they were
        written["foreman"] = True
    return written


def _code(tile: JungleTile) -> str:
    code = _TILE_CODES.get(tile)
    return tile.code if code is None else code


def _tile(tile: Tile) -> Json:
    return _code(tile) if isinstance(tile, JungleTile) else _worker(tile)


def _edge(edge: ActivatedEdge) -> dict[str, Json]:
    return {
        "owner": edge.owner,
        "square": _square(edge.square),
        "side": edge.side.name,
        "workers": edge.workers,
        "jungle_square": _square(edge.jungle_square),
    }


def _squares(squares: Iterable[Square]) -> list[list[int]]:
    return [_square(square) for square in squares]


_STEP_WRITERS: Final[dict[type, tuple[str, Callable[[Any], dict[str, Json]]]]] = {
    DealStep: ("deal", lambda step: {}),
    PlacementStep: ("placement", lambda step: {}),
    FillStep: (
        "fill",
        lambda step: {"placed": _square(step.placed), "spaces": _squares(step.spaces)},
    ),
    BlindFillStep: (
        "blind_fill",
        lambda step: {
            "placed": _square(step.placed),
            "filled": _squares(step.filled),
            "spaces": _squares(step.spaces),
        },
    ),
    ResolveStep: (
        "resolve",
        lambda step: {"queue": [_edge(edge) for edge in step.queue], "received": step.received},
    ),
    DrawWorkerStep: ("draw_worker", lambda step: {}),
    SlideStep: ("slide", lambda step: {}),
    RefillStep: ("refill", lambda step: {}),
    MapRefillStep: ("map_refill", lambda step: {}),
    HutStep: ("hut", lambda step: {}),
    OverStep: ("over", lambda step: {}),
}


def _hut_names(huts: Iterable[Hut]) -> list[str]:
    return [hut.value for hut in sorted(huts, key=lambda hut: hut.sort_key)]


@functools.lru_cache(maxsize=64)
def _config(config: Config) -> dict[str, Json]:
    if not _CONFIG_FIELDS_KNOWN:
        raise FormatError(f"state format version {VERSION} cannot write {config!r}")
    return {
        "players": config.players,
        "modules": sorted(module.value for module in config.modules),
        "map_early_overbuild": config.map_early_overbuild,
        "huts": None if config.huts is None else _hut_names(config.huts),
        "workers": None
        if config.workers is None
        else {kind.value: count for kind, count in config.workers.items()},
        "is_big_game": config.is_big_game,
    }


def _player(player: PlayerState) -> dict[str, Json]:
    return {
        "gold": player.gold,
        "cacao": player.cacao,
        "sun": player.sun,
        "water_field": player.water_field,
        "hand": [_type_name(kind) for kind in player.hand],
        "pile": {_type_name(kind): count for kind, count in player.pile.items},
        "chocolate": player.chocolate,
        "map_tiles": player.map_tiles,
        "huts": [hut.value for hut in player.huts],
        "gems": list(player.gems),
        "masks": list(player.masks),
    }


def _to_document(state: object, board: Json = None, covered: Json = None) -> dict[str, Json]:
    """``state`` as the JSON document of :func:`to_json`, before it is written as text;
    with ``board`` and ``covered`` given, those stand for the state's."""
    if not isinstance(state, State):
        raise FormatError(f"to_json needs a cacao_rules.State, got {type(state).__name__}")
    if not _PLAYER_FIELDS_KNOWN:
        raise FormatError(f"state format version {VERSION} cannot write this PlayerState")
    writer = _STEP_WRITERS.get(type(state.step))
    if writer is None:
        raise FormatError(f"state format version {VERSION} cannot write step {state.step!r}")
    kind, fields = writer
    return {
        "format": FORMAT,
        "version": VERSION,
        "config": _config(state.config),
        "seed": state.seed,
        "chance_count": state.chance_count,
        "board": [
            {"square": [x, y], "tile": _tile(tile)} for (x, y), tile in sorted(state.board.items())
        ]
        if board is None
        else board,
        "covered": [
            {"square": _square(square), "tile": _worker(state.covered[square])}
            for square in sorted(state.covered)
        ]
        if covered is None
        else covered,
        "discarded": [{"seat": seat, "type": kind.value} for seat, kind in state.discarded],
        "players": [_player(player) for player in state.players],
        "jungle_pile": {_code(tile): count for tile, count in state.jungle_pile.items},
        "display": [_code(tile) for tile in state.display],
        "map_board": [_code(tile) for tile in state.map_board],
        "map_tiles_used": state.map_tiles_used,
        "hut_supply": {hut.value: count for hut, count in state.hut_supply.items},
        "emperor": None if state.emperor is None else _square(state.emperor),
        "gem_cart": list(state.gem_cart),
        "mask_supply": list(state.mask_supply),
        "gems_exchanged": state.gems_exchanged,
        "current": state.current,
        "turn": state.turn,
        "step": {"kind": kind, **fields(state.step)},
    }


def to_json(state: object) -> str:
    """``state`` as a JSON document of the format in ``docs/formats.md``.

    Equal states give equal text. :func:`from_json` reads it back:

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=2), seed=7)
    >>> text = cr.to_json(state)
    >>> text[:50]
    '{"format":"cacao-rules.state","version":2,"config"'
    >>> cr.from_json(text) == state
    True
    """
    if isinstance(state, State):
        board = _entries_text(state.board, jungle=True)
        covered = _entries_text(state.covered, jungle=False)
        if board is not None and covered is not None:
            text = json.dumps(
                _to_document(state, _BOARD_MARK, _COVERED_MARK),
                separators=(",", ":"),
                allow_nan=False,
                check_circular=False,  # a document made from a state holds no cycle
            )
            return text.replace(_BOARD_TEXT_MARK, board, 1).replace(_COVERED_TEXT_MARK, covered, 1)
    return json.dumps(_to_document(state), separators=(",", ":"), allow_nan=False)


# The board and the covered tiles, the bulk of a document, are written as text directly, and
# put in place of these marks (no other string of a document can hold a NUL character).
_BOARD_MARK: Final = "\0board"
_COVERED_MARK: Final = "\0covered"
_BOARD_TEXT_MARK: Final = json.dumps(_BOARD_MARK)
_COVERED_TEXT_MARK: Final = json.dumps(_COVERED_MARK)


def _entries_text(entries: FrozenMap[Square, Any], jungle: bool) -> str | None:
    """The JSON text that ``json.dumps`` writes for the board's (``jungle``) or the covered
    tiles' entries of a document, or None if they hold anything but plain integers and
    known tiles (then ``json.dumps`` writes them, or says what is wrong)."""
    written = []
    for (x, y), tile in sorted(entries.items()):
        if type(x) is not int or type(y) is not int:
            return None
        if type(tile) is WorkerTile:
            owner, rotation = tile.owner, tile.rotation
            name = _TYPE_NAMES.get(tile.type)
            if type(owner) is not int or type(rotation) is not int or name is None:
                return None
            if tile.foreman:
                return None
            written.append(
                f'{{"square":[{x},{y}],"tile":{{"owner":{owner},"type":"{name}",'
                f'"rotation":{rotation}}}}}'
            )
        elif jungle and type(tile) is JungleTile:
            code = _TILE_CODES.get(tile)
            quoted = f'"{code}"' if code is not None else json.dumps(tile.code)
            written.append(f'{{"square":[{x},{y}],"tile":{quoted}}}')
        else:
            return None
    return "[" + ",".join(written) + "]"


# --- reading ------------------------------------------------------------------------------


class _Bad(Exception):
    """What is wrong at one place of the document; :func:`from_json` adds the prefix."""


def _show(value: Json) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= _MAX_QUOTE else text[:_MAX_QUOTE] + "..."


def _what(value: Json) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    names |= {list: "a list", dict: "an object", type(None): "null"}
    return f"{names.get(type(value), type(value).__name__)} {_show(value)}"


@functools.lru_cache(maxsize=64)
def _key_set(keys: tuple[str, ...]) -> frozenset[str]:
    return frozenset(keys)


def _object(value: Json, path: str, keys: tuple[str, ...]) -> dict[str, Json]:
    if isinstance(value, dict) and value.keys() == _key_set(keys):
        return value  # exactly the keys: nothing missing, nothing extra
    if not isinstance(value, dict):
        raise _Bad(f"{path}: expected an object with keys {', '.join(keys)}; got {_what(value)}")
    missing = [key for key in keys if key not in value]
    extra = sorted(key for key in value if key not in keys)
    if missing:
        raise _Bad(f"{path}: missing key(s) {', '.join(map(repr, missing))}")
    if extra:
        raise _Bad(
            f"{path}: unknown key(s) {', '.join(_show(key) for key in extra[:5])}; "
            f"expected exactly {', '.join(keys)}"
        )
    return value


def _list(value: Json, path: str) -> list[Json]:
    if not isinstance(value, list):
        raise _Bad(f"{path}: expected a list, got {_what(value)}")
    if len(value) > MAX_ITEMS:
        raise _Bad(f"{path}: {len(value)} items; a document's lists hold at most {MAX_ITEMS}")
    return value


def _int(value: Json, path: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:  # bool is a subclass of int and is refused here
        raise _Bad(f"{path}: expected an integer, got {_what(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            allowed = f"{low} or more"
        elif low is None:
            allowed = f"at most {high}"
        else:
            allowed = f"{low} to {high}"
        raise _Bad(f"{path}: {_show(value)} is out of range; allowed: {allowed}")
    return value


def _lookup(table: dict[str, T], value: Json, path: str, what: str) -> T:
    if not isinstance(value, str):
        raise _Bad(f"{path}: expected {what} as a string, got {_what(value)}")
    found = table.get(value)
    if found is None:
        raise _Bad(f"{path}: unknown {what} {_show(value)}; expected one of {', '.join(table)}")
    return found


def _worker_type(value: Json, path: str) -> WorkerType:
    return _lookup(_TYPES, value, path, "worker type")


def _jungle_tile(value: Json, path: str) -> JungleTile:
    """A jungle tile by its code; a gem mine out of the pile with its gems (``"D2103"``)."""
    if isinstance(value, str) and value not in TILES_BY_CODE and _GEM_MINE_CODE.fullmatch(value):
        return JungleTile.from_code(value)
    return _lookup(TILES_BY_CODE, value, path, "jungle tile code")


def _gems(value: Json, path: str) -> Gems:
    """Gems by colour: a list of 4 counts (red, green, blue, white)."""
    items = _list(value, path)
    if len(items) != len(GEM_COLOURS):
        raise _Bad(
            f"{path}: expected gems as a list of 4 counts ({', '.join(GEM_COLOURS)}), "
            f"got {_what(value)}"
        )
    red, green, blue, white = (
        _int(item, f"{path}[{i}]", 0, MAX_COUNT) for i, item in enumerate(items)
    )
    return (red, green, blue, white)


def _masks(value: Json, path: str) -> tuple[int, ...]:
    """Masks by value, read in any order and kept sorted."""
    items = _list(value, path)
    if len(items) > len(MASKS):
        raise _Bad(f"{path}: {len(items)} masks; the game has {len(MASKS)}")
    return tuple(sorted(_int(item, f"{path}[{i}]", 0, MAX_COUNT) for i, item in enumerate(items)))


def _hut(value: Json, path: str) -> Hut:
    return _lookup(_HUTS, value, path, "hut")


def _bool(value: Json, path: str) -> bool:
    if type(value) is not bool:
        raise _Bad(f"{path}: expected true or false, got {_what(value)}")
    return value


def _read_codes(value: Json, path: str) -> tuple[JungleTile, ...]:
    tiles = [_jungle_tile(item, f"{path}[{i}]") for i, item in enumerate(_list(value, path))]
    return tuple(sorted(tiles, key=lambda tile: tile.sort_key))


def _read_huts(value: Json, path: str) -> list[Hut]:
    return [_hut(item, f"{path}[{i}]") for i, item in enumerate(_list(value, path))]


def _read_square(value: Json, path: str) -> Square:
    items = _list(value, path)
    if len(items) != 2:
        raise _Bad(f"{path}: expected a square [x, y], got {_what(value)}")
    return (
        _int(items[0], f"{path}[0]", -MAX_COORDINATE, MAX_COORDINATE),
        _int(items[1], f"{path}[1]", -MAX_COORDINATE, MAX_COORDINATE),
    )


def _read_squares(value: Json, path: str) -> tuple[Square, ...]:
    return tuple(_read_square(item, f"{path}[{i}]") for i, item in enumerate(_list(value, path)))


def _read_worker(value: Json, path: str, seats: int) -> WorkerTile:
    keys = ("owner", "type", "rotation")
    foreman = isinstance(value, dict) and "foreman" in value
    fields = _object(value, path, (*keys, "foreman") if foreman else keys)
    owner = _int(fields["owner"], f"{path}.owner", 0, seats - 1)
    kind = _worker_type(fields["type"], f"{path}.type")
    rotation = _int(fields["rotation"], f"{path}.rotation", 0, 3)
    if foreman and fields["foreman"] is not True:
        raise _Bad(f"{path}.foreman: expected true (or no key), got {_what(fields['foreman'])}")
    return WorkerTile.of(owner, kind, rotation, foreman)


def _read_tile(value: Json, path: str, seats: int) -> Tile:
    if isinstance(value, str):
        return _jungle_tile(value, path)
    if isinstance(value, dict):
        return _read_worker(value, path, seats)
    raise _Bad(
        f"{path}: expected a jungle tile code or a worker tile object, got {_what(value)}",
    )


def _read_entries(value: Json, path: str, read: Callable[[Json, str], T]) -> FrozenMap[Square, T]:
    found: dict[Square, T] = {}
    for index, item in enumerate(_list(value, path)):
        where = f"{path}[{index}]"
        entry = _object(item, where, ("square", "tile"))
        square = _read_square(entry["square"], f"{where}.square")
        if square in found:
            raise _Bad(f"{where}: square {list(square)} is listed twice")
        found[square] = read(entry["tile"], f"{where}.tile")
    return FrozenMap(dict(sorted(found.items())))


def _read_counts(
    value: Json, path: str, decode: Callable[[Json, str], T], key: Callable[[T], Any]
) -> Bag[T]:
    if not isinstance(value, dict):
        raise _Bad(f"{path}: expected an object of counts, got {_what(value)}")
    if len(value) > MAX_ITEMS:
        raise _Bad(f"{path}: {len(value)} keys; a document's objects hold at most {MAX_ITEMS}")
    items = _quick_counts(value, path, decode)
    if items is None:  # something is wrong: say what, and where
        items = [
            (decode(name, f"{path} key"), _int(count, f"{path}.{name}", 1, MAX_COUNT))
            for name, count in value.items()
        ]
    return Bag(tuple(sorted(items, key=lambda pair: key(pair[0]))))


def _quick_counts(
    value: dict[Any, Json], path: str, decode: Callable[[Json, str], T]
) -> list[tuple[T, int]] | None:
    """The items :func:`_read_counts` reads, found without the paths of errors; None if
    anything is wrong (the careful reading then says what, and where)."""
    items = []
    for name, count in value.items():
        if type(count) is not int or not 1 <= count <= MAX_COUNT:
            return None
        try:
            items.append((decode(name, path), count))
        except _Bad:
            return None
    return items


def _read_worker_set(value: Json, path: str) -> dict[WorkerType, int]:
    """An agreed worker set: counts (1 or more) by worker type; :class:`Config` checks them
    against the tiles a colour has."""
    if not isinstance(value, dict):
        raise _Bad(
            f"{path}: expected null or an object of counts by worker type, got {_what(value)}"
        )
    return {
        _worker_type(name, f"{path} key"): _int(count, f"{path}.{name}", 1, MAX_COUNT)
        for name, count in value.items()
    }


def _read_config(value: Json, version: int) -> Config:
    fields = _object(value, "config", _CONFIG_FIELDS if version > 1 else _CONFIG_FIELDS_V1)
    players = _int(fields["players"], "config.players", 2, 4)
    names = _list(fields["modules"], "config.modules")
    modules = [
        _lookup(_MODULES, name, f"config.modules[{i}]", "module") for i, name in enumerate(names)
    ]
    if len(set(modules)) != len(modules):
        raise _Bad("config.modules: a module is listed twice")
    if version == 1 and modules:
        raise _Bad(
            "config.modules: a version 1 document describes a base game only (no modules); "
            "games with modules are written as version 2"
        )
    early = _bool(fields.get("map_early_overbuild", False), "config.map_early_overbuild")
    huts = None
    if fields.get("huts") is not None:
        huts = _read_huts(fields["huts"], "config.huts")
        if len(set(huts)) != len(huts):
            raise _Bad("config.huts: a hut is listed twice; an agreed selection names each once")
    workers = None
    if fields.get("workers") is not None:
        workers = _read_worker_set(fields["workers"], "config.workers")
    big = _bool(fields.get("is_big_game", False), "config.is_big_game")
    try:
        return Config(
            players=players,
            modules=frozenset(modules),
            map_early_overbuild=early,
            huts=huts,
            workers=workers,
            is_big_game=big,
        )
    except CacaoError as error:
        raise _Bad(f"config: {error}") from None


def _read_player(value: Json, path: str, version: int) -> PlayerState:
    fields = _object(value, path, _PLAYER_FIELDS if version > 1 else _PLAYER_FIELDS_V1)
    hand = [
        _worker_type(item, f"{path}.hand[{i}]")
        for i, item in enumerate(_list(fields["hand"], f"{path}.hand"))
    ]
    return PlayerState(
        gold=_int(fields["gold"], f"{path}.gold", 0),
        cacao=_int(fields["cacao"], f"{path}.cacao", 0),
        sun=_int(fields["sun"], f"{path}.sun", 0),
        water_field=_int(fields["water_field"], f"{path}.water_field", 0),
        hand=tuple(sorted(hand, key=lambda kind: kind.sort_key)),
        pile=_read_counts(fields["pile"], f"{path}.pile", _worker_type, lambda k: k.sort_key),
        chocolate=_int(fields["chocolate"], f"{path}.chocolate", 0),
        map_tiles=_int(fields.get("map_tiles", 0), f"{path}.map_tiles", 0, MAP_TILES_PER_PLAYER),
        huts=tuple(
            sorted(_read_huts(fields.get("huts", []), f"{path}.huts"), key=lambda h: h.sort_key)
        ),
        gems=_gems(fields.get("gems", [0, 0, 0, 0]), f"{path}.gems"),
        masks=_masks(fields.get("masks", []), f"{path}.masks"),
    )


def _read_edge(value: Json, path: str, seats: int) -> ActivatedEdge:
    fields = _object(value, path, ("owner", "square", "side", "workers", "jungle_square"))
    return ActivatedEdge(
        owner=_int(fields["owner"], f"{path}.owner", 0, seats - 1),
        square=_read_square(fields["square"], f"{path}.square"),
        side=_lookup(_SIDES, fields["side"], f"{path}.side", "side"),
        workers=_int(fields["workers"], f"{path}.workers", 0),
        jungle_square=_read_square(fields["jungle_square"], f"{path}.jungle_square"),
    )


def _read_step(value: Json, seats: int, version: int) -> Step:
    if not isinstance(value, dict) or "kind" not in value:
        raise _Bad(f"step: expected an object with a 'kind', got {_what(value)}")
    kind = value["kind"]
    if kind == "fill":
        fields = _object(value, "step", ("kind", "placed", "spaces"))
        return FillStep(
            _read_square(fields["placed"], "step.placed"),
            _read_squares(fields["spaces"], "step.spaces"),
        )
    if kind == "blind_fill":
        fields = _object(value, "step", ("kind", "placed", "filled", "spaces"))
        return BlindFillStep(
            _read_square(fields["placed"], "step.placed"),
            _read_squares(fields["filled"], "step.filled"),
            _read_squares(fields["spaces"], "step.spaces"),
        )
    if kind == "resolve":
        fields = _object(
            value, "step", ("kind", "queue", "received") if version > 1 else ("kind", "queue")
        )
        queue = _list(fields["queue"], "step.queue")
        return ResolveStep(
            tuple(_read_edge(item, f"step.queue[{i}]", seats) for i, item in enumerate(queue)),
            _int(fields.get("received", 0), "step.received", 0),
        )
    plain = _PLAIN_STEPS.get(kind) if isinstance(kind, str) else None
    if plain is None or (version == 1 and kind in _STEPS_SINCE_V2):
        known = [name for name, _ in _STEP_WRITERS.values()]
        if version == 1:
            known = [name for name in known if name not in _STEPS_SINCE_V2]
        raise _Bad(
            f"step.kind: unknown step {_show(kind)}; expected one of {', '.join(known)}"
            + (" (in a version 1 document)" if version == 1 else "")
        )
    _object(value, "step", ("kind",))
    return plain()


_PLAIN_STEPS: Final[dict[str, Callable[[], Step]]] = {
    "deal": DealStep,
    "placement": PlacementStep,
    "draw_worker": DrawWorkerStep,
    "slide": SlideStep,
    "refill": RefillStep,
    "map_refill": MapRefillStep,
    "hut": HutStep,
    "over": OverStep,
}
_STEPS_SINCE_V2: Final = frozenset({"slide", "map_refill", "hut"})


# Fast paths. Each returns exactly what its careful reader above returns for a document
# that reader accepts, or None for anything else, in which case the careful reader runs and
# says what is wrong. So they never accept more; they only skip building the paths and
# messages of errors that do not happen.

_TYPE_ORDER: Final = {kind: kind.sort_key for kind in WorkerType}
_HUT_ORDER: Final = {hut: hut.sort_key for hut in Hut}
_WORKER_TILES: Final[dict[tuple[int, str, int], WorkerTile]] = {}
"""Worker tiles by (owner, type name, rotation), for those read so far (they are immutable)."""


def _fast_worker(value: Json, seats: int) -> WorkerTile | None:
    """:func:`_read_worker`, fast."""
    if type(value) is not dict or len(value) != 3:
        return None
    try:
        owner, name, rotation = value["owner"], value["type"], value["rotation"]
    except KeyError:
        return None
    if type(owner) is not int or type(rotation) is not int or type(name) is not str:
        return None
    if not 0 <= owner < seats:
        return None
    key = (owner, name, rotation)
    tile = _WORKER_TILES.get(key)
    if tile is None:
        kind = _TYPES.get(name)
        if kind is None or not 0 <= rotation <= 3:
            return None
        tile = _WORKER_TILES[key] = WorkerTile.of(owner, kind, rotation)
    return tile


def _fast_jungle_tile(value: Json) -> JungleTile | None:
    """:func:`_jungle_tile`, fast."""
    if type(value) is not str:
        return None
    tile = TILES_BY_CODE.get(value)
    if tile is None and _GEM_MINE_CODE.fullmatch(value):
        return JungleTile.from_code(value)
    return tile


def _fast_entries(value: Json, seats: int, jungle: bool) -> FrozenMap[Square, Any] | None:
    """:func:`_read_entries` of the board (``jungle``) or of the covered tiles, fast."""
    if type(value) is not list:
        return None
    found: dict[Square, Any] = {}
    limit = MAX_COORDINATE
    for entry in value:
        if type(entry) is not dict or len(entry) != 2:
            return None
        where = entry.get("square")
        tile = entry.get("tile")
        if type(where) is not list or len(where) != 2:
            return None
        x, y = where
        if type(x) is not int or type(y) is not int or not (-limit <= x <= limit >= y >= -limit):
            return None
        square = (x, y)
        if square in found:
            return None
        read: Tile | None = None
        if jungle and type(tile) is str:
            read = TILES_BY_CODE.get(tile) or _fast_jungle_tile(tile)
        elif type(tile) is dict and len(tile) == 3:
            owner, name, rotation = tile.get("owner"), tile.get("type"), tile.get("rotation")
            if type(owner) is int and type(name) is str and type(rotation) is int:
                read = _WORKER_TILES.get((owner, name, rotation))
                if read is not None and not 0 <= owner < seats:
                    return None
        if read is None:
            read = _fast_worker(tile, seats)
            if read is None:
                return None
        found[square] = read
    return FrozenMap._adopt(dict(sorted(found.items())))


def _fast_config(value: Json) -> Config | None:
    """:func:`_read_config` of a version 2 document, fast: configurations read before are
    kept (they are immutable)."""
    if type(value) is not dict or len(value) != len(_CONFIG_FIELDS):
        return None
    try:
        players, modules, early, huts, workers, big = (value[key] for key in _CONFIG_FIELDS)
    except KeyError:
        return None
    if (
        type(players) is not int
        or type(modules) is not list
        or type(early) is not bool
        or type(big) is not bool
        or not all(type(name) is str for name in modules)
    ):
        return None
    hut_names = None
    if huts is not None:
        if type(huts) is not list or not all(type(name) is str for name in huts):
            return None
        hut_names = tuple(huts)
    counts = None
    if workers is not None:
        if type(workers) is not dict or not all(type(count) is int for count in workers.values()):
            return None
        counts = tuple(workers.items())
    return _config_of(players, tuple(modules), early, hut_names, counts, big)


@functools.lru_cache(maxsize=256)
def _config_of(
    players: int,
    modules: tuple[str, ...],
    early: bool,
    huts: tuple[str, ...] | None,
    workers: tuple[tuple[str, int], ...] | None,
    big: bool,
) -> Config | None:
    """The configuration that :func:`_read_config` reads from these values, or None if it
    refuses them."""
    document = {
        "players": players,
        "modules": list(modules),
        "map_early_overbuild": early,
        "huts": None if huts is None else list(huts),
        "workers": None if workers is None else dict(workers),
        "is_big_game": big,
    }
    try:
        return _read_config(document, VERSION)
    except _Bad:
        return None


def _fast_count(value: Json, low: int, high: int | None = None) -> bool:
    """Whether :func:`_int` accepts ``value`` between ``low`` and ``high``."""
    return type(value) is int and low <= value and (high is None or value <= high)


def _fast_player(value: Json) -> PlayerState | None:
    """:func:`_read_player` of a version 2 document, fast."""
    if type(value) is not dict or len(value) != len(_PLAYER_FIELDS):
        return None
    try:
        return _fast_player_fields(value)
    except KeyError:
        return None


def _fast_player_fields(value: dict[str, Json]) -> PlayerState | None:
    gold = value["gold"]
    cacao = value["cacao"]
    sun = value["sun"]
    water = value["water_field"]
    chocolate = value["chocolate"]
    map_tiles = value["map_tiles"]
    if not (
        _fast_count(gold, 0)
        and _fast_count(cacao, 0)
        and _fast_count(sun, 0)
        and _fast_count(water, 0)
        and _fast_count(chocolate, 0)
        and _fast_count(map_tiles, 0, MAP_TILES_PER_PLAYER)
    ):
        return None
    hand = value["hand"]
    pile = value["pile"]
    huts = value["huts"]
    gems = value["gems"]
    masks = value["masks"]
    if (
        type(hand) is not list
        or type(pile) is not dict
        or type(huts) is not list
        or type(gems) is not list
        or type(masks) is not list
        or len(gems) != len(GEM_COLOURS)
        or len(masks) > len(MASKS)
    ):
        return None
    kinds = []
    for name in hand:
        kind = _TYPES.get(name) if type(name) is str else None
        if kind is None:
            return None
        kinds.append(kind)
    counts = []
    for name, count in pile.items():
        kind = _TYPES.get(name) if type(name) is str else None
        if kind is None or not _fast_count(count, 1, MAX_COUNT):
            return None
        counts.append((kind, count))
    built = []
    for name in huts:
        hut = _HUTS.get(name) if type(name) is str else None
        if hut is None:
            return None
        built.append(hut)
    for count in (*gems, *masks):
        if not _fast_count(count, 0, MAX_COUNT):
            return None
    red, green, blue, white = gems
    return PlayerState(
        gold=gold,
        cacao=cacao,
        sun=sun,
        water_field=water,
        hand=tuple(sorted(kinds, key=_TYPE_ORDER.__getitem__)),
        pile=Bag(tuple(sorted(counts, key=lambda pair: _TYPE_ORDER[pair[0]]))),
        chocolate=chocolate,
        map_tiles=map_tiles,
        huts=tuple(sorted(built, key=_HUT_ORDER.__getitem__)),
        gems=(red, green, blue, white),
        masks=tuple(sorted(masks)),
    )


def _read_version(document: Json) -> int:
    """The version a document declares, checked before its keys (which depend on it)."""
    if not isinstance(document, dict) or "version" not in document:
        return VERSION  # _object says what is wrong
    version = document["version"]
    if type(version) is not int or version not in READ_VERSIONS:
        if "format" in document and document["format"] != FORMAT:
            raise _Bad(f"format: expected {FORMAT!r}, got {_what(document['format'])}")
        readable = " and ".join(str(v) for v in READ_VERSIONS)
        raise _Bad(f"version: this library reads versions {readable}, got {_what(version)}")
    return version


def _read_state(document: Json) -> State:
    version = _read_version(document)
    fields = _object(document, "the document", _TOP_KEYS if version > 1 else _TOP_KEYS_V1)
    if fields["format"] != FORMAT:
        raise _Bad(f"format: expected {FORMAT!r}, got {_what(fields['format'])}")
    config = (_fast_config(fields["config"]) if version > 1 else None) or _read_config(
        fields["config"], version
    )
    seats = config.players
    seed = None if fields["seed"] is None else _int(fields["seed"], "seed", 0, MAX_SEED)
    players = _list(fields["players"], "players")
    if len(players) != seats:
        raise _Bad(f"players: expected {seats} players for config.players, got {len(players)}")
    discarded = []
    for index, item in enumerate(_list(fields["discarded"], "discarded")):
        entry = _object(item, f"discarded[{index}]", ("seat", "type"))
        seat = _int(entry["seat"], f"discarded[{index}].seat", 0, seats - 1)
        discarded.append((seat, _worker_type(entry["type"], f"discarded[{index}].type")))
    return State(
        config=config,
        seed=seed,
        chance_count=_int(fields["chance_count"], "chance_count", 0),
        board=_board(fields["board"], seats),
        covered=_covered(fields["covered"], seats),
        discarded=tuple(discarded),
        players=tuple(_player_of(item, i, version) for i, item in enumerate(players)),
        jungle_pile=_read_counts(
            fields["jungle_pile"], "jungle_pile", _jungle_tile, lambda tile: tile.sort_key
        ),
        display=_read_codes(fields["display"], "display"),
        current=_int(fields["current"], "current", 0, seats - 1),
        turn=_int(fields["turn"], "turn", 0),
        step=_read_step(fields["step"], seats, version),
        map_board=_read_codes(fields.get("map_board", []), "map_board"),
        map_tiles_used=_int(fields.get("map_tiles_used", 0), "map_tiles_used", 0),
        hut_supply=_read_counts(
            fields.get("hut_supply", {}), "hut_supply", _hut, lambda hut: hut.sort_key
        ),
        emperor=_read_emperor(fields.get("emperor")),
        gem_cart=_gems(fields.get("gem_cart", [0, 0, 0, 0]), "gem_cart"),
        mask_supply=_masks(fields.get("mask_supply", []), "mask_supply"),
        gems_exchanged=_int(fields.get("gems_exchanged", 0), "gems_exchanged", 0, MAX_COUNT),
    )


def _board(value: Json, seats: int) -> FrozenMap[Square, Tile]:
    _list(value, "board")  # at most MAX_ITEMS entries, before anything is read of them
    board = _fast_entries(value, seats, True)
    if board is None:
        return _read_entries(value, "board", lambda v, p: _read_tile(v, p, seats))
    return board


def _covered(value: Json, seats: int) -> FrozenMap[Square, WorkerTile]:
    _list(value, "covered")
    covered = _fast_entries(value, seats, False)
    if covered is None:
        return _read_entries(value, "covered", lambda v, p: _read_worker(v, p, seats))
    return covered


def _player_of(value: Json, seat: int, version: int) -> PlayerState:
    player = _fast_player(value) if version > 1 else None
    if player is None:
        return _read_player(value, f"players[{seat}]", version)
    return player


def _read_emperor(value: Json) -> Square | None:
    """The Emperor's square, or ``None`` (``null``, and version 1) without his module."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise _Bad(f"emperor: expected null or a square [x, y], got {_what(value)}")
    return _read_square(value, "emperor")


def _no_duplicates(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Bad(f"key {_show(key)} appears twice in one object")
            seen.add(key)
    return result


def _no_constant(name: str) -> Json:
    raise _Bad(f"{name} is not a JSON number")


def _from_document(document: Json, *, strict: bool = True) -> State:
    """The state that a JSON document, already parsed into Python values, describes.

    See :func:`from_json`.
    """
    try:
        state = _read_state(document)
    except _Bad as bad:
        raise FormatError(f"not a valid cacao-rules state: {bad}") from None
    except RecursionError:
        raise FormatError("not a valid cacao-rules state: nested too deeply") from None
    try:
        check_state(state, conserve_jungle=strict, reachable=strict)
    except FormatError as error:
        raise FormatError(f"not a valid cacao-rules state: {error}") from None
    return state


def from_json(text: object, *, strict: bool = True) -> State:
    """The state that ``text``, a document written by :func:`to_json`, describes.

    Raises :class:`~cacao_rules.FormatError`, saying where and what is wrong, for text that
    is not JSON, a document of another format or version, missing or unknown keys, values
    of the wrong type (``true`` is not an integer) or out of range, unknown codes, and
    documents that describe no state the rules can reach (see
    :func:`~cacao_rules.validation.check_state`). ``strict=False`` also accepts the states
    :func:`cacao_rules.position` can build that play cannot reach (jungle tiles left out of
    the game, worker tiles with no jungle neighbour, a short display), but still nothing the
    engine could not play on.

    >>> import cacao_rules as cr
    >>> cr.from_json('{"format": "cacao-rules.state", "version": 2}')
    Traceback (most recent call last):
    ...
    cacao_rules.errors.FormatError: not a valid cacao-rules state: the document: missing key(s) ...
    """
    return _from_document(parse_json(text, "from_json"), strict=strict)


def parse_json(text: object, caller: str) -> Json:
    """``text`` parsed as strict JSON (no duplicate keys, no NaN or infinities).

    Raises :class:`~cacao_rules.FormatError` naming ``caller`` when ``text`` is no str.
    """
    if not isinstance(text, str):
        raise FormatError(f"{caller} needs a str, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise FormatError(
            f"{caller}: the text is {len(text)} characters long; a document takes at most "
            f"{MAX_LENGTH}"
        )
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except _Bad as bad:
        raise FormatError(f"not valid JSON: {bad}") from None
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None
    except ValueError as error:  # json.JSONDecodeError, and integers too long to convert
        raise FormatError(f"not valid JSON: {error}") from None
