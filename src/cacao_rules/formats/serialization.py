"""The JSON state format: :func:`to_json` writes a state, :func:`from_json` reads it back.

The format is versioned and documented field by field in ``docs/formats.md``; its structure
is declared once, in :mod:`~cacao_rules.formats.documents`, from which the reading, the
writing, the error messages and the published JSON Schema all come. The copies between the
values and their documents, field by field, are generated from the value classes'
declarations (the marked block below, written by ``tools/make_values.py``), so a field added
to a value is written and read without an edit here. The output is
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
"""The document of each step without fields (one serves every state)."""


def _step_document(step: Step) -> doc.AnyStep:
    """The document of ``step``: every step kind has one (tests/test_contributing_steps.py)."""
    if isinstance(step, FillStep):
        return document_of_fill_step(step)
    if isinstance(step, BlindFillStep):
        return document_of_blind_fill_step(step)
    if isinstance(step, ResolveStep):
        return document_of_resolve_step(step)
    return _PLAIN_STEPS[type(step)]


@functools.lru_cache(maxsize=64)
def written_config(config: Config) -> doc.ConfigDocument:
    """The ``config`` entry of the documents (kept: configurations are few and immutable): its
    fields as they are but for the sets and mappings, written in a fixed order."""
    fields = dict(zip(Config.FIELDS, config.values(), strict=True))
    fields.update(
        modules=tuple(sorted(config.modules, key=lambda module: module.value)),
        huts=None if config.huts is None else _sorted_huts(config.huts),
        workers=None if config.workers is None else dict(config.workers),
    )
    return doc.ConfigDocument(**fields)


def _board_document(board: Mapping[Square, Tile]) -> doc.Board:
    return tuple(
        doc.BoardEntry(square, _tile_document(tile)) for square, tile in sorted(board.items())
    )


def _covered_document(covered: Mapping[Square, WorkerTile]) -> doc.Covered:
    return tuple(
        doc.CoveredEntry(square, _worker_document(tile)) for square, tile in sorted(covered.items())
    )


def _discarded_document(discarded: Iterable[tuple[int, WorkerType]]) -> doc.Discarded:
    return tuple(doc.DiscardDocument(seat, kind) for seat, kind in discarded)


def _tile_counts(pile: Bag[JungleTile]) -> dict[str, int]:
    return {_code(tile): count for tile, count in pile.items}


def to_document(state: State) -> doc.StateDocument:
    """``state`` as the document :func:`to_json` writes, before it is written as text."""
    expect(state, State)
    return document_of_state(state)


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


def _sorted_huts(huts: Iterable[Hut]) -> tuple[Hut, ...]:
    return tuple(sorted(huts, key=_HUT_ORDER.__getitem__))


def worker_bag(counts: Mapping[WorkerType, int]) -> Bag[WorkerType]:
    """The worker tiles of a document's counts by type, as a bag in the types' order."""
    return Bag(tuple(sorted(counts.items(), key=_type_order)))


def _hut_bag(counts: Mapping[Hut, int]) -> Bag[Hut]:
    return Bag(tuple(sorted(counts.items(), key=_hut_order)))


def _tile_bag(counts: Mapping[str, int]) -> Bag[JungleTile]:
    return Bag(tuple(sorted(((_jungle(code), n) for code, n in counts.items()), key=_tile_order)))


def _read_discarded(
    entries: Iterable[doc.DiscardDocument], where: str, seats: int
) -> tuple[tuple[int, WorkerType], ...]:
    return tuple(
        (check_seat(entry.seat, seats, f"{where}[{index}].seat"), entry.type)
        for index, entry in enumerate(entries)
    )


def _read_queue(
    edges: Iterable[doc.ActivatedEdgeDocument], seats: int
) -> tuple[ActivatedEdge, ...]:
    return tuple(
        activated_edge_of(edge, seats, f"step.queue[{index}]") for index, edge in enumerate(edges)
    )


def _checked_seed(seed: int | None) -> int | None:
    """``seed``, if within 64 bits (the declaration cannot bound it, see ``doc.Seed``)."""
    if seed is not None and seed > MAX_SEED:
        raise Bad(out_of_range("seed", seed, 0, MAX_SEED))
    return seed


def _read_step(document: doc.StepDocument, seats: int) -> Step:
    if isinstance(document, doc.FillStepDocument):
        return fill_step_of(document)
    if isinstance(document, doc.BlindFillStepDocument):
        return blind_fill_step_of(document)
    if isinstance(document, doc.ResolveStepDocument):
        return resolve_step_of(document, seats)
    return _READ_PLAIN_STEPS[type(document)]()


_READ_PLAIN_STEPS: Final[dict[type, Callable[[], Step]]] = {
    type(written): kind for kind, written in _PLAIN_STEPS.items()
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
    return state_of(document, read_config(document))


# The copies between the values and their documents, field by field, derived from the values'
# declarations (tools/make_values.py, its SHAPES say how each type is written).

# BEGIN the copies between values and documents, generated by tools/make_values.py: do not edit


def document_of_activated_edge(activated_edge: ActivatedEdge) -> doc.ActivatedEdgeDocument:
    """``activated_edge`` as its document."""
    return doc.ActivatedEdgeDocument(
        activated_edge.owner,
        activated_edge.square,
        _SIDE_NAMES[activated_edge.side],
        activated_edge.workers,
        activated_edge.jungle_square,
    )


def activated_edge_of(document: doc.ActivatedEdgeDocument, seats: int, where: str) -> ActivatedEdge:
    """The activated edge that ``document`` describes."""
    return ActivatedEdge(
        check_seat(document.owner, seats, f"{where}.owner"),
        document.square,
        _SIDES[document.side],
        document.workers,
        document.jungle_square,
    )


def document_of_fill_step(fill_step: FillStep) -> doc.FillStepDocument:
    """``fill_step`` as its document."""
    return doc.FillStepDocument(fill_step.placed, fill_step.spaces)


def fill_step_of(document: doc.FillStepDocument) -> FillStep:
    """The fill step that ``document`` describes."""
    return FillStep(document.placed, document.spaces)


def document_of_blind_fill_step(blind_fill_step: BlindFillStep) -> doc.BlindFillStepDocument:
    """``blind_fill_step`` as its document."""
    return doc.BlindFillStepDocument(
        blind_fill_step.placed, blind_fill_step.filled, blind_fill_step.spaces
    )


def blind_fill_step_of(document: doc.BlindFillStepDocument) -> BlindFillStep:
    """The blind fill step that ``document`` describes."""
    return BlindFillStep(document.placed, document.filled, document.spaces)


def document_of_resolve_step(resolve_step: ResolveStep) -> doc.ResolveStepDocument:
    """``resolve_step`` as its document."""
    return doc.ResolveStepDocument(
        tuple(map(document_of_activated_edge, resolve_step.queue)), resolve_step.received
    )


def resolve_step_of(document: doc.ResolveStepDocument, seats: int) -> ResolveStep:
    """The resolve step that ``document`` describes."""
    return ResolveStep(_read_queue(document.queue, seats), document.received)


def document_of_player_state(player_state: PlayerState) -> doc.PlayerDocument:
    """``player_state`` as its document."""
    return doc.PlayerDocument(
        player_state.gold,
        player_state.cacao,
        player_state.sun,
        player_state.water_field,
        player_state.hand,
        dict(player_state.pile.items),
        player_state.chocolate,
        player_state.map_tiles,
        player_state.huts,
        player_state.gems,
        player_state.masks,
    )


def player_state_of(document: doc.PlayerDocument) -> PlayerState:
    """The player state that ``document`` describes."""
    return PlayerState(
        document.gold,
        document.cacao,
        document.sun,
        document.water_field,
        sorted_hand(document.hand),
        worker_bag(document.pile),
        document.chocolate,
        document.map_tiles,
        _sorted_huts(document.huts),
        document.gems,
        tuple(sorted(document.masks)),
    )


def document_of_state(state: State) -> doc.StateDocument:
    """``state`` as its document."""
    return doc.StateDocument(
        "cacao-rules.state",
        2,
        written_config(state.config),
        state.seed,
        state.chance_count,
        _board_document(state.board),
        _covered_document(state.covered),
        _discarded_document(state.discarded),
        tuple(map(document_of_player_state, state.players)),
        _tile_counts(state.jungle_pile),
        tuple(map(_code, state.display)),
        tuple(map(_code, state.map_board)),
        state.map_tiles_used,
        dict(state.hut_supply.items),
        state.emperor,
        state.gem_cart,
        state.mask_supply,
        state.gems_exchanged,
        state.current,
        state.turn,
        _step_document(state.step),
    )


def state_of(document: doc.StateDocument, config: Config) -> State:
    """The state that ``document`` describes."""
    seats = config.players
    return State(
        config,
        _checked_seed(document.seed),
        document.chance_count,
        _read_entries(document.board, "board", seats),
        _read_entries(document.covered, "covered", seats),
        _read_discarded(document.discarded, "discarded", seats),
        tuple(map(player_state_of, document.players)),
        _tile_bag(document.jungle_pile),
        _codes(document.display),
        check_seat(document.current, seats, "current"),
        document.turn,
        _read_step(document.step, seats),
        _codes(document.map_board),
        document.map_tiles_used,
        _hut_bag(document.hut_supply),
        document.emperor,
        document.gem_cart,
        tuple(sorted(document.mask_supply)),
        document.gems_exchanged,
    )


def document_of_player_view(player_view: PlayerView) -> doc.SeenPlayerDocument:
    """``player_view`` as its document."""
    return doc.SeenPlayerDocument(
        player_view.gold,
        player_view.cacao,
        player_view.sun,
        player_view.water_field,
        player_view.hand,
        player_view.hand_size,
        player_view.pile_size,
        dict(player_view.unseen.items),
        player_view.chocolate,
        player_view.map_tiles,
        player_view.huts,
        player_view.gems,
        player_view.masks,
    )


def player_view_of(document: doc.SeenPlayerDocument) -> PlayerView:
    """The player view that ``document`` describes."""
    return PlayerView(
        document.gold,
        document.cacao,
        document.sun,
        document.water_field,
        document.chocolate,
        document.map_tiles,
        _sorted_huts(document.huts),
        document.gems,
        tuple(sorted(document.masks)),
        None if document.hand is None else sorted_hand(document.hand),
        document.hand_size,
        document.pile_size,
        worker_bag(document.unseen),
    )


def document_of_observation(observation: Observation) -> doc.ObservationDocument:
    """``observation`` as its document."""
    return doc.ObservationDocument(
        "cacao-rules.observation",
        1,
        observation.player,
        written_config(observation.config),
        observation.chance_count,
        _board_document(observation.board),
        _covered_document(observation.covered),
        _discarded_document(observation.discarded),
        tuple(map(document_of_player_view, observation.players)),
        _tile_counts(observation.jungle_pile),
        tuple(map(_code, observation.display)),
        tuple(map(_code, observation.map_board)),
        observation.map_tiles_used,
        dict(observation.hut_supply.items),
        observation.emperor,
        observation.gem_cart,
        observation.mask_supply,
        observation.gems_exchanged,
        observation.current,
        observation.turn,
        _step_document(observation.step),
    )


def observation_of(
    document: doc.ObservationDocument, config: Config, players: tuple[PlayerView, ...]
) -> Observation:
    """The observation that ``document`` describes."""
    seats = config.players
    return Observation(
        document.player,
        config,
        document.chance_count,
        _read_entries(document.board, "board", seats),
        _read_entries(document.covered, "covered", seats),
        _read_discarded(document.discarded, "discarded", seats),
        players,
        _tile_bag(document.jungle_pile),
        _codes(document.display),
        check_seat(document.current, seats, "current"),
        document.turn,
        _read_step(document.step, seats),
        _codes(document.map_board),
        document.map_tiles_used,
        _hut_bag(document.hut_supply),
        document.emperor,
        document.gem_cart,
        tuple(sorted(document.mask_supply)),
        document.gems_exchanged,
    )


# END generated by tools/make_values.py


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
