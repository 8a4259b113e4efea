"""The JSON state format: :func:`to_json` writes a state, :func:`from_json` reads it back.

The format is versioned and documented field by field in ``docs/formats.md``; its structure
is declared once, in :mod:`~cacao_rules.formats.documents`, from which the reading, the
writing, the error messages and the published JSON Schema all come. The output is
deterministic: equal states give equal text (fixed key order, sorted lists, compact
separators, ASCII only), so the text can be hashed, compared and stored in golden files.
:func:`from_json` accepts only documents that describe a state the rules can reach: the
declaration checks the syntax, every type, range and length; this module what depends on
several fields (seats against ``config.players``, squares listed twice, the configuration);
and :func:`~cacao_rules.validation.check_state` the state's consistency.

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
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

import msgspec

from ..errors import CacaoError, FormatError, expect
from ..game.caches import Forget, Memo
from ..game.components import TILES_BY_CODE, Hut, JungleTile, Side, Tile, WorkerTile, WorkerType
from ..game.config import Config
from ..game.frozen import Bag, FrozenMap
from ..game.geometry import Square
from ..game.limits import MAX_SEED
from ..observation import Observation, PlayerView
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
from ..turn.end_of_turn import sorted_hand
from ..validation import check_state
from . import documents as doc
from .document_errors import explain, out_of_range, what
from .json_text import Bad, Json, decode

FORMAT: Final = doc.FORMAT
"""The value of the ``"format"`` field of every state document."""

VERSION: Final = 2
"""The version of the state format that this library writes."""

READ_VERSIONS: Final = (1, 2)
"""The versions of the state format that this library reads: version 1 documents (base games
only, written before the Chocolatl modules) are read with the new fields at their defaults."""

D = TypeVar("D", bound=msgspec.Struct)

_ENCODER: Final = msgspec.json.Encoder()
_DECODER: Final = msgspec.json.Decoder(doc.StateDocument)
_TILE_CODES: Final = {tile: code for code, tile in TILES_BY_CODE.items()}
_HUT_ORDER: Final = {hut: hut.sort_key for hut in Hut}
_SIDE_NAMES: Final[dict[Side, doc.Side]] = {Side.N: "N", Side.E: "E", Side.S: "S", Side.W: "W"}
_SIDES: Final = {name: side for side, name in _SIDE_NAMES.items()}


# --- writing ------------------------------------------------------------------------------


def _code(tile: JungleTile) -> str:
    code = _TILE_CODES.get(tile)
    return tile.code if code is None else code


_WORKER_DOCUMENTS: Final[Memo[WorkerTile, doc.WorkerTileDocument]] = Memo(
    "worker tile documents", 256, Forget.NOTHING
)
"""The document of each worker tile written so far (at most 4 seats x 8 types x 4 rotations x
2: both are immutable, so they are shared)."""


def _worker_document(tile: WorkerTile) -> doc.WorkerTileDocument:
    written = _WORKER_DOCUMENTS.table.get(tile)
    if written is None:
        written = doc.WorkerTileDocument(tile.owner, tile.type, tile.rotation)
        if tile.foreman:  # the key only when set
            written = doc.WorkerTileDocument(tile.owner, tile.type, tile.rotation, True)
        written = _WORKER_DOCUMENTS.keep(tile, written)
    return written


def _tile_document(tile: Tile) -> str | doc.WorkerTileDocument:
    return _code(tile) if isinstance(tile, JungleTile) else _worker_document(tile)


def _edge_document(edge: ActivatedEdge) -> doc.ActivatedEdgeDocument:
    return doc.ActivatedEdgeDocument(
        edge.owner, edge.square, _SIDE_NAMES[edge.side], edge.workers, edge.jungle_square
    )


_PLAIN_STEPS: Final[dict[type, doc.AnyStep]] = {
    DealStep: doc.DealStepDocument(),
    PlacementStep: doc.PlacementStepDocument(),
    DrawWorkerStep: doc.DrawWorkerStepDocument(),
    SlideStep: doc.SlideStepDocument(),
    RefillStep: doc.RefillStepDocument(),
    MapRefillStep: doc.MapRefillStepDocument(),
    HutStep: doc.HutStepDocument(),
    OverStep: doc.OverStepDocument(),
}


def _step_document(step: Step) -> doc.AnyStep:
    plain = _PLAIN_STEPS.get(type(step))
    if plain is not None:
        return plain
    if isinstance(step, FillStep):
        return doc.FillStepDocument(step.placed, step.spaces)
    if isinstance(step, BlindFillStep):
        return doc.BlindFillStepDocument(step.placed, step.filled, step.spaces)
    if isinstance(step, ResolveStep):
        return doc.ResolveStepDocument(tuple(map(_edge_document, step.queue)), step.received)
    raise FormatError(f"state format version {VERSION} cannot write step {step!r}")


@functools.lru_cache(maxsize=64)
def written_config(config: Config) -> doc.ConfigDocument:
    """The ``config`` entry of the documents (kept: configurations are few and immutable): its
    fields as they are but for the sets and mappings, written in a fixed order."""
    fields = dict(zip(Config.FIELDS, config.values(), strict=True))
    fields.update(
        modules=tuple(sorted(config.modules, key=lambda module: module.value)),
        huts=None
        if config.huts is None
        else tuple(sorted(config.huts, key=_HUT_ORDER.__getitem__)),
        workers=None if config.workers is None else dict(config.workers),
    )
    return doc.ConfigDocument(**fields)


OpenPlayer = tuple[tuple[int, int, int, int], tuple[int, int, tuple[Hut, ...], doc.Gems, doc.Masks]]
"""The open fields of a player's entry in two runs, those before the hand and those after
the pile, for the entries that put their own fields between them (given as positional
arguments: an entry is built for every player of every state written)."""

OpenState = tuple[
    tuple[int, doc.Board, doc.Covered, doc.Discarded],
    tuple[
        dict[str, int],
        doc.Codes,
        doc.Codes,
        int,
        dict[Hut, int],
        doc.Emperor,
        doc.Gems,
        doc.Masks,
        int,
        int,
        int,
        doc.AnyStep,
    ],
]
"""The open fields of a state's document in two runs, those between the seed (or the
observer) and the players, and those after the players."""


def open_player_document(player: PlayerState | PlayerView) -> OpenPlayer:
    """The fields of a player's entry that every player sees, as a state document and an
    observation document both write them: those before the hand, and those after the pile
    (or the observer's counts)."""
    return (
        (player.gold, player.cacao, player.sun, player.water_field),
        (player.chocolate, player.map_tiles, player.huts, player.gems, player.masks),
    )


def _player_document(player: PlayerState) -> doc.PlayerDocument:
    before, after = open_player_document(player)
    fields = (*before, player.hand, dict(player.pile.items), *after)
    return doc.PlayerDocument(*fields)


def open_document(source: State | Observation) -> OpenState:
    """The fields of a state's document that an observation's document shares, written from
    a state or an observation alike: those after the configuration and the seed or the
    observer, up to the players; and those after the players."""
    return (
        (
            source.chance_count,
            tuple(
                doc.BoardEntry(square, _tile_document(tile))
                for square, tile in sorted(source.board.items())
            ),
            tuple(
                doc.CoveredEntry(square, _worker_document(tile))
                for square, tile in sorted(source.covered.items())
            ),
            tuple(doc.DiscardDocument(seat, kind) for seat, kind in source.discarded),
        ),
        (
            {_code(tile): count for tile, count in source.jungle_pile.items},
            tuple(map(_code, source.display)),
            tuple(map(_code, source.map_board)),
            source.map_tiles_used,
            dict(source.hut_supply.items),
            source.emperor,
            source.gem_cart,
            source.mask_supply,
            source.gems_exchanged,
            source.current,
            source.turn,
            _step_document(source.step),
        ),
    )


def to_document(state: State) -> doc.StateDocument:
    """``state`` as the document :func:`to_json` writes, before it is written as text."""
    expect(state, State)  # the documents have the values' fields: tests/test_contributing_steps.py
    before, after = open_document(state)
    players = tuple(map(_player_document, state.players))
    config = written_config(state.config)
    fields = (config, state.seed, *before, players, *after)
    return doc.StateDocument(FORMAT, VERSION, *fields)


def write(document: msgspec.Struct) -> str:
    """``document`` as compact JSON text, its keys in the order of its fields."""
    return _ENCODER.encode(document).decode()


def to_json(state: State) -> str:
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
    return write(to_document(state))


# --- reading: text to document ------------------------------------------------------------


def convert(value: Json, declared: type[D]) -> D:
    """``value``, parsed JSON, as the document ``declared``; :class:`Bad` says what is
    wrong with it."""
    try:
        return msgspec.convert(value, declared, strict=True)
    except msgspec.ValidationError as error:
        raise Bad(explain(value, declared) or str(error)) from None


def _parsed_document(value: Json) -> doc.StateDocument:
    """:func:`decode`'s reader of a state document that is not a version 2 one as it
    should be: says what is wrong, or reads version 1."""
    version = _read_version(value)
    if version == 1:
        return _upgrade(convert(value, doc.StateDocumentV1))
    return convert(value, doc.StateDocument)


def _read_version(document: Json) -> int:
    """The version a document declares, checked before its keys (which depend on it)."""
    if not isinstance(document, dict) or "version" not in document:
        return VERSION  # the declaration says what is wrong
    version = document["version"]
    if type(version) is not int or version not in READ_VERSIONS:
        if "format" in document and document["format"] != FORMAT:
            raise Bad(f"format: expected {FORMAT!r}, got {what(document['format'])}")
        readable = " and ".join(str(v) for v in READ_VERSIONS)
        raise Bad(f"version: this library reads versions {readable}, got {what(version)}")
    return version


def _upgrade(old: doc.StateDocumentV1) -> doc.StateDocument:
    """A version 1 document as the version 2 one of the same state: the fields of version 2
    at their defaults."""
    if old.config.modules:
        raise Bad(
            "config.modules: a version 1 document describes a base game only (no modules); "
            "games with modules are written as version 2"
        )
    fields = msgspec.structs.asdict(old)
    fields.update(
        version=VERSION,
        config=doc.ConfigDocument(old.config.players, (), False, None, None, False),
        players=tuple(
            doc.PlayerDocument(
                **msgspec.structs.asdict(player), map_tiles=0, huts=(), gems=(0, 0, 0, 0), masks=()
            )
            for player in old.players
        ),
        map_board=(),
        map_tiles_used=0,
        hut_supply={},
        emperor=None,
        gem_cart=(0, 0, 0, 0),
        mask_supply=(),
        gems_exchanged=0,
        step=doc.ResolveStepDocument(old.step.queue, 0)
        if isinstance(old.step, doc.ResolveStepDocumentV1)
        else old.step,
    )
    return doc.StateDocument(**fields)


# --- reading: document to state -----------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _config(values: tuple[Any, ...]) -> Config | str:
    """The configuration of a document's values, in the order of its fields (the workers as
    pairs, to be hashable), or what is wrong with them (configurations are immutable, so each
    is built once)."""
    fields = dict(zip(Config.FIELDS, values, strict=True))
    modules, huts, workers = fields["modules"], fields["huts"], fields["workers"]
    if len(set(modules)) != len(modules):
        return "config.modules: a module is listed twice"
    if huts is not None and len(set(huts)) != len(huts):
        return "config.huts: a hut is listed twice; an agreed selection names each once"
    fields.update(
        modules=frozenset(modules),
        huts=None if huts is None else list(huts),
        workers=None if workers is None else dict(workers),
    )
    try:
        return Config(**fields)
    except CacaoError as error:
        return f"config: {error}"


def _read_config(document: doc.ConfigDocument) -> Config:
    fields = msgspec.structs.asdict(document)
    if document.workers is not None:
        fields["workers"] = tuple(document.workers.items())
    config = _config(tuple(fields.values()))
    if isinstance(config, str):
        raise Bad(config)
    return config


def config_document(config: Config) -> dict[str, Json]:
    """``config`` as the ``config`` object of :func:`to_json`'s document, parsed."""
    return msgspec.to_builtins(written_config(config))  # type: ignore[no-any-return]


def config_from_document(value: Json) -> Config:
    """The configuration that ``value`` (a parsed ``config`` object as :func:`to_json`
    writes it) describes; :class:`~cacao_rules.FormatError` saying what is wrong otherwise
    (the configuration's own checks included)."""
    try:
        return _read_config(convert(value, doc.ConfigDocument))
    except Bad as bad:
        raise FormatError(f"not a valid configuration: {bad}") from None


def check_seat(seat: int, seats: int, path: str) -> int:
    """``seat``, if the game has it (the declaration allows seats 0 to 3)."""
    if seat >= seats:
        raise Bad(out_of_range(path, seat, 0, seats - 1))
    return seat


_WORKER_TILES: Final[dict[tuple[int, WorkerType, int, bool], WorkerTile]] = {}
"""Worker tiles by (owner, type, rotation, foreman), for those read so far (they are
immutable; there are at most 256)."""


def _read_worker(document: doc.WorkerTileDocument) -> WorkerTile:
    key = (document.owner, document.type, document.rotation, document.foreman is True)
    tile = _WORKER_TILES.get(key)
    if tile is None:
        tile = _WORKER_TILES[key] = WorkerTile.of(*key)
    return tile


def _jungle(code: str) -> JungleTile:
    """The tile of a code the declaration accepts (a gem mine's carries its gems)."""
    tile = TILES_BY_CODE.get(code)
    return JungleTile.from_code(code) if tile is None else tile


def _read_entries(
    entries: Iterable[doc.BoardEntry | doc.CoveredEntry], where: str, seats: int
) -> FrozenMap[Square, Any]:
    """The board or the covered tiles: top tiles by square, sorted. The hottest loop of
    reading a document, so it looks tiles up directly."""
    found: dict[Square, Tile] = {}
    for index, entry in enumerate(entries):
        square, tile = entry.square, entry.tile
        if square in found:
            raise Bad(f"{where}[{index}]: square {list(square)} is listed twice")
        if isinstance(tile, str):
            found[square] = _jungle(tile)
        else:
            worker = found[square] = _read_worker(tile)
            check_seat(worker.owner, seats, f"{where}[{index}].tile.owner")
    return FrozenMap(dict(sorted(found.items())))


def _type_order(pair: tuple[WorkerType, int]) -> int:
    return pair[0].sort_key


def _hut_order(pair: tuple[Hut, int]) -> int:
    return _HUT_ORDER[pair[0]]


def _tile_order(pair: tuple[JungleTile, int]) -> Any:
    return pair[0].sort_key


def _codes(codes: Iterable[str]) -> tuple[JungleTile, ...]:
    return tuple(sorted(map(_jungle, codes), key=lambda tile: tile.sort_key))


def open_player_fields(document: doc.PlayerDocument | doc.SeenPlayerDocument) -> dict[str, Any]:
    """The fields of a player that every player sees, read from a state or an observation
    document (all but the hand and the pile)."""
    return {
        "gold": document.gold,
        "cacao": document.cacao,
        "sun": document.sun,
        "water_field": document.water_field,
        "chocolate": document.chocolate,
        "map_tiles": document.map_tiles,
        "huts": tuple(sorted(document.huts, key=_HUT_ORDER.__getitem__)),
        "gems": document.gems,
        "masks": tuple(sorted(document.masks)),
    }


def worker_bag(counts: Mapping[WorkerType, int]) -> Bag[WorkerType]:
    """The worker tiles of a document's counts by type, as a bag in the types' order."""
    return Bag(tuple(sorted(counts.items(), key=_type_order)))


def _player_of(document: doc.PlayerDocument) -> PlayerState:
    return PlayerState(
        hand=sorted_hand(document.hand),
        pile=worker_bag(document.pile),
        **open_player_fields(document),
    )


def _read_edge(document: doc.ActivatedEdgeDocument, seats: int, index: int) -> ActivatedEdge:
    return ActivatedEdge(
        owner=check_seat(document.owner, seats, f"step.queue[{index}].owner"),
        square=document.square,
        side=_SIDES[document.side],
        workers=document.workers,
        jungle_square=document.jungle_square,
    )


def _read_step(document: doc.StepDocument, seats: int) -> Step:
    if isinstance(document, doc.FillStepDocument):
        return FillStep(document.placed, document.spaces)
    if isinstance(document, doc.BlindFillStepDocument):
        return BlindFillStep(document.placed, document.filled, document.spaces)
    if isinstance(document, doc.ResolveStepDocument):
        queue = tuple(_read_edge(edge, seats, i) for i, edge in enumerate(document.queue))
        return ResolveStep(queue, document.received)
    return _READ_PLAIN_STEPS[type(document)]()


_READ_PLAIN_STEPS: Final[dict[type, Callable[[], Step]]] = {
    type(written): kind for kind, written in _PLAIN_STEPS.items()
}


def open_fields(
    document: doc.StateDocument | doc.ObservationDocument, config: Config
) -> dict[str, Any]:
    """The fields of a state that an observation shares, read from a state or observation
    document with its configuration read already: all but the seed and the players;
    :class:`Bad` for what depends on several fields."""
    seats = config.players
    discarded = tuple(
        (check_seat(entry.seat, seats, f"discarded[{index}].seat"), entry.type)
        for index, entry in enumerate(document.discarded)
    )
    jungle_pile = [(_jungle(code), count) for code, count in document.jungle_pile.items()]
    return {
        "config": config,
        "chance_count": document.chance_count,
        "board": _read_entries(document.board, "board", seats),
        "covered": _read_entries(document.covered, "covered", seats),
        "discarded": discarded,
        "jungle_pile": Bag(tuple(sorted(jungle_pile, key=_tile_order))),
        "display": _codes(document.display),
        "current": check_seat(document.current, seats, "current"),
        "turn": document.turn,
        "step": _read_step(document.step, seats),
        "map_board": _codes(document.map_board),
        "map_tiles_used": document.map_tiles_used,
        "hut_supply": Bag(tuple(sorted(document.hut_supply.items(), key=_hut_order))),
        "emperor": document.emperor,
        "gem_cart": document.gem_cart,
        "mask_supply": tuple(sorted(document.mask_supply)),
        "gems_exchanged": document.gems_exchanged,
    }


def read_config(document: doc.StateDocument | doc.ObservationDocument) -> Config:
    """The configuration of a document, and that it has a player entry for each seat."""
    config = _read_config(document.config)
    if len(document.players) != config.players:
        raise Bad(
            f"players: expected {config.players} players for config.players, "
            f"got {len(document.players)}"
        )
    return config


def _read_state(document: doc.StateDocument) -> State:
    config = read_config(document)
    if document.seed is not None and document.seed > MAX_SEED:
        raise Bad(out_of_range("seed", document.seed, 0, MAX_SEED))
    players = tuple(map(_player_of, document.players))
    return State(seed=document.seed, players=players, **open_fields(document, config))


def from_json(text: str, *, strict: bool = True) -> State:
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
    expect(strict, bool)
    try:
        state = _read_state(decode(text, "from_json", _DECODER, _parsed_document))
    except Bad as bad:
        raise FormatError(f"not a valid cacao-rules state: {bad}") from None
    try:
        check_state(state, conserve_jungle=strict, reachable=strict)
    except FormatError as error:
        raise FormatError(f"not a valid cacao-rules state: {error}") from None
    return state
