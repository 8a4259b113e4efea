"""The structure of the JSON documents, declared once: every key, type, range and length.

The state format (versions 1 and 2) and the observation format are declared here as
:mod:`msgspec` structs. The fields of the current versions' documents are those of the value
classes they hold (a state, a player, an observation, a step, the configuration), written
into the marked blocks below by ``tools/make_values.py`` from the classes' declarations,
each of the type its ``SHAPES`` give the value's type (the aliases below); those of version
1, a format of the past, are written out by hand. Everything structural comes from these
declarations: the readers decode text into them (:mod:`msgspec` checks the types, the
required and unknown keys, the ranges and the lengths, in C), the writers encode them (so
the key order of a document is the order of the fields below),
:mod:`~cacao_rules.formats.document_errors` explains in the library's words what a refused
document breaks, and the published JSON Schemas (``schemas/*.schema.json``, written by
``tests/make_schema.py``) are generated from them. What depends on more than one field
(seats against ``config.players``, a square listed twice) is checked where a document
becomes a state, and whether the state is one the rules can reach by
:func:`~cacao_rules.validation.check_state`.

Conventions that :mod:`~cacao_rules.formats.document_errors` relies on: a ``title`` names a
value for messages: a bare noun for codes (``"worker type"``: "unknown worker type '9'"), a
noun phrase for lists of fixed length and objects (``"a square [x, y]"``), ``"counts by ..."``
for objects of counts; a ``description`` says what a code may be.

>>> import msgspec
>>> msgspec.json.decode(b'{"owner": 1, "type": "2-1-0-1", "rotation": 3}', type=WorkerTileDocument)
WorkerTileDocument(owner=1, type=<WorkerType.W2101: '2-1-0-1'>, rotation=3, foreman=UNSET)
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..game.components import GEM_COLOURS, MAP_TILES_PER_PLAYER, MASKS, TILES_BY_CODE
from ..game.components import Hut as _Hut
from ..game.components import WorkerType as _WorkerType
from ..game.config import MAX_PLAYERS, MIN_PLAYERS
from ..game.config import Module as _Module
from ..game.limits import MAX_COORDINATE, MAX_DOCUMENT_COUNT, MAX_ITEMS, MAX_SEED
from ..state import state as _steps
from ..turn.step_kinds import STEP_KINDS

FORMAT: Final = "cacao-rules.state"
"""The value of the ``"format"`` field of every state document."""

OBSERVATION_FORMAT: Final = "cacao-rules.observation"
"""The value of the ``"format"`` field of every observation document."""

MAX_COUNT: Final = MAX_DOCUMENT_COUNT


_MOST: Final = Meta(max_length=MAX_ITEMS)

# --- values -------------------------------------------------------------------------------

Coordinate = Annotated[int, Meta(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Square = Annotated[tuple[Coordinate, Coordinate], Meta(title="a square [x, y]")]
Seat = Annotated[int, Meta(ge=0, le=MAX_PLAYERS - 1)]
Count = Annotated[int, Meta(ge=0)]
PileCount = Annotated[int, Meta(ge=1, le=MAX_COUNT)]
SmallCount = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
Rotation = Annotated[int, Meta(ge=0, le=3)]
Seed = Annotated[int, Meta(ge=0, extra_json_schema={"maximum": MAX_SEED})]
"""A seed: msgspec bounds integers within 64 signed bits only, so the reader checks the upper
bound, :data:`~cacao_rules.game.limits.MAX_SEED` (2**64 - 1), itself; the schema says it."""
WorkerType = Annotated[_WorkerType, Meta(title="worker type")]
Hut = Annotated[_Hut, Meta(title="hut")]
Module = Annotated[_Module, Meta(title="module")]
Side = Annotated[Literal["N", "E", "S", "W"], Meta(title="side")]
TileCode = Annotated[
    str,
    Meta(
        pattern="^(" + "|".join(sorted(TILES_BY_CODE)) + "|D[0-9]{4})$",
        title="jungle tile code",
        description="one of " + ", ".join(TILES_BY_CODE) + ", or D followed by 4 digits "
        "(a gem mine out of the pile, with its gems: red, green, blue, white)",
    ),
]
Gems = Annotated[
    tuple[SmallCount, SmallCount, SmallCount, SmallCount],
    Meta(title=f"gems as a list of 4 counts ({', '.join(GEM_COLOURS)})"),
]
Masks = Annotated[tuple[SmallCount, ...], Meta(max_length=len(MASKS), title="masks")]
WorkerCounts = Annotated[
    dict[WorkerType, PileCount], Meta(max_length=MAX_ITEMS, title="counts by worker type")
]
TileCounts = Annotated[
    dict[TileCode, PileCount], Meta(max_length=MAX_ITEMS, title="counts by tile code")
]
HutCounts = Annotated[dict[Hut, PileCount], Meta(max_length=MAX_ITEMS, title="counts by hut")]
Codes = Annotated[tuple[TileCode, ...], _MOST]
Squares = Annotated[tuple[Square, ...], _MOST]
Hand = Annotated[tuple[WorkerType, ...], _MOST]
Huts = Annotated[tuple[Hut, ...], _MOST]
Modules = Annotated[tuple[Module, ...], _MOST]
Players = Annotated[int, Meta(ge=MIN_PLAYERS, le=MAX_PLAYERS)]
MapTiles = Annotated[int, Meta(ge=0, le=MAP_TILES_PER_PLAYER)]


class Document(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    """A JSON object of a document: exactly its keys, each of its type."""


# --- the pieces of both formats -----------------------------------------------------------


class WorkerTileDocument(Document):
    """A worker tile: its owner, its type (worker counts N-E-S-W at rotation 0) and the quarter
    turns clockwise it was placed with; ``foreman`` (only ever ``true``) for a tile played
    while its owner held the Foreman."""

    owner: Seat
    type: WorkerType
    rotation: Rotation
    foreman: Literal[True] | UnsetType = UNSET


WorkerTile = Annotated[WorkerTileDocument, Meta(title="worker tile object")]


class BoardEntry(Document):
    """The top tile of an occupied square: a jungle tile by its code, or a worker tile."""

    square: Square
    tile: TileCode | WorkerTile


class CoveredEntry(Document):
    """A worker tile beneath an overbuilt square."""

    square: Square
    tile: WorkerTile


class DiscardDocument(Document):
    """A worker tile set aside when nothing could be placed."""

    seat: Seat
    type: WorkerType


class ConfigDocumentV1(Document):
    """The configuration in a version 1 document: base games only."""

    players: Players
    modules: Modules


class ConfigDocument(Document):
    """The game's configuration (``cacao_rules.Config``): the modules sorted by name, the Map
    module's early-overbuild variant, the agreed hut selection and worker set (or null), and
    whether it is the Big Game."""

    # BEGIN the fields of Config, generated by tools/make_values.py: do not edit
    players: Players
    modules: Modules
    map_early_overbuild: bool
    huts: Huts | None
    workers: WorkerCounts | None
    is_big_game: bool
    # END generated by tools/make_values.py


class ActivatedEdgeDocument(Document):
    """An activated worker edge: ``owner``'s tile on ``square``, its ``side`` with ``workers``
    workers, facing the jungle tile on ``jungle_square``."""

    # BEGIN the fields of ActivatedEdge, generated by tools/make_values.py: do not edit
    owner: Seat
    square: Square
    side: Side
    workers: Count
    jungle_square: Square
    # END generated by tools/make_values.py


Queue = Annotated[tuple[ActivatedEdgeDocument, ...], _MOST]


def _tag(step: type) -> str:
    """The tag naming a step class in the documents: its kind's
    (:attr:`~cacao_rules.turn.step_kinds.StepKind.tag`)."""
    return STEP_KINDS[step].tag


class StepDocument(Document, tag_field="kind"):
    """The pending decision or chance event, named by ``kind``."""


class DealStepDocument(StepDocument, tag=_tag(_steps.DealStep)):
    """Chance: the setup deal."""


class PlacementStepDocument(StepDocument, tag=_tag(_steps.PlacementStep)):
    """Seat ``current`` places, overbuilds or discards a worker tile."""


class FillStepDocument(StepDocument, tag=_tag(_steps.FillStep)):
    """Seat ``current`` fills the empty jungle ``spaces`` next to the tile placed on
    ``placed``."""

    # BEGIN the fields of FillStep, generated by tools/make_values.py: do not edit
    placed: Square
    spaces: Squares
    # END generated by tools/make_values.py


class BlindFillStepDocument(StepDocument, tag=_tag(_steps.BlindFillStep)):
    """Chance: a blind draw from the pile for ``spaces[0]``."""

    # BEGIN the fields of BlindFillStep, generated by tools/make_values.py: do not edit
    placed: Square
    filled: Squares
    spaces: Squares
    # END generated by tools/make_values.py


class ResolveStepDocumentV1(StepDocument, tag=_tag(_steps.ResolveStep)):
    """The owner of ``queue[0]`` resolves an activated edge (version 1: no ``received``)."""

    queue: Queue


class ResolveStepDocument(StepDocument, tag=_tag(_steps.ResolveStep)):
    """The owner of ``queue[0]`` resolves an activated edge; ``received`` is the cacao they
    received from their edges this turn so far."""

    # BEGIN the fields of ResolveStep, generated by tools/make_values.py: do not edit
    queue: Queue
    received: Count
    # END generated by tools/make_values.py


class DrawWorkerStepDocument(StepDocument, tag=_tag(_steps.DrawWorkerStep)):
    """Chance: seat ``current``'s end-of-turn draw."""


class SlideStepDocument(StepDocument, tag=_tag(_steps.SlideStep)):
    """Seat ``current`` chooses the map-board tile that slides into the display."""


class RefillStepDocument(StepDocument, tag=_tag(_steps.RefillStep)):
    """Chance: a display refill from the pile."""


class MapRefillStepDocument(StepDocument, tag=_tag(_steps.MapRefillStep)):
    """Chance: a map board refill from the pile."""


class HutStepDocument(StepDocument, tag=_tag(_steps.HutStep)):
    """Seat ``current`` builds a hut or passes."""


class OverStepDocument(StepDocument, tag=_tag(_steps.OverStep)):
    """Nothing: the game is over."""


StepV1 = Annotated[
    DealStepDocument
    | PlacementStepDocument
    | FillStepDocument
    | BlindFillStepDocument
    | ResolveStepDocumentV1
    | DrawWorkerStepDocument
    | RefillStepDocument
    | OverStepDocument,
    Meta(title="step"),
]
AnyStep = Annotated[
    DealStepDocument
    | PlacementStepDocument
    | FillStepDocument
    | BlindFillStepDocument
    | ResolveStepDocument
    | DrawWorkerStepDocument
    | SlideStepDocument
    | RefillStepDocument
    | MapRefillStepDocument
    | HutStepDocument
    | OverStepDocument,
    Meta(title="step"),
]
Board = Annotated[tuple[BoardEntry, ...], _MOST]
Covered = Annotated[tuple[CoveredEntry, ...], _MOST]
Discarded = Annotated[tuple[DiscardDocument, ...], _MOST]
Emperor = None | Square

# --- the state format ---------------------------------------------------------------------


class PlayerDocumentV1(Document):
    """A player in a version 1 document."""

    gold: Count
    cacao: Count
    sun: Count
    water_field: Count
    hand: Hand
    pile: WorkerCounts
    chocolate: Count


class PlayerDocument(Document):
    """A player's village board, hand (sorted), pile (counts by type), chocolate bars, map
    tiles, huts built, gems by colour and masks' values (sorted)."""

    # BEGIN the fields of PlayerState, generated by tools/make_values.py: do not edit
    gold: Count
    cacao: Count
    sun: Count
    water_field: Count
    hand: Hand
    pile: WorkerCounts
    chocolate: Count
    map_tiles: MapTiles
    huts: Huts
    gems: Gems
    masks: Masks
    # END generated by tools/make_values.py


PlayerDocuments = Annotated[tuple[PlayerDocument, ...], Meta(max_length=MAX_PLAYERS)]


class StateDocumentV1(Document):
    """A state document of version 1 (base games only), read with the fields of version 2
    at their defaults."""

    format: Literal["cacao-rules.state"]
    version: Literal[1]
    config: ConfigDocumentV1
    seed: Seed | None
    chance_count: Count
    board: Board
    covered: Covered
    discarded: Discarded
    players: Annotated[tuple[PlayerDocumentV1, ...], Meta(max_length=MAX_PLAYERS)]
    jungle_pile: TileCounts
    display: Codes
    current: Seat
    turn: Count
    step: StepV1


class StateDocument(Document):
    """A state document (``cacao_rules.to_json``), version 2. ``cacao_rules.from_json`` also
    checks that the state is one the rules can reach (docs/formats.md)."""

    format: Literal["cacao-rules.state"]
    version: Literal[2]
    # BEGIN the fields of State, generated by tools/make_values.py: do not edit
    config: ConfigDocument
    seed: Seed | None
    chance_count: Count
    board: Board
    covered: Covered
    discarded: Discarded
    players: PlayerDocuments
    jungle_pile: TileCounts
    display: Codes
    map_board: Codes
    map_tiles_used: Count
    hut_supply: HutCounts
    emperor: Emperor
    gem_cart: Gems
    mask_supply: Masks
    gems_exchanged: SmallCount
    current: Seat
    turn: Count
    step: AnyStep
    # END generated by tools/make_values.py


# --- the observation format ---------------------------------------------------------------


class SeenPlayerDocument(Document):
    """A player as the observer sees them: ``hand`` only for the observer (null for the
    others), the sizes of hand and pile, and ``unseen``: the observer's own pile, or another
    player's hand and pile together."""

    # BEGIN the fields of PlayerView, generated by tools/make_values.py: do not edit
    gold: Count
    cacao: Count
    sun: Count
    water_field: Count
    hand: Hand | None
    hand_size: Count
    pile_size: Count
    unseen: WorkerCounts
    chocolate: Count
    map_tiles: MapTiles
    huts: Huts
    gems: Gems
    masks: Masks
    # END generated by tools/make_values.py


SeenPlayerDocuments = Annotated[tuple[SeenPlayerDocument, ...], Meta(max_length=MAX_PLAYERS)]


class ObservationDocument(Document):
    """An observation document (``cacao_rules.observation_to_json``), version 1: a state
    document as seat ``player`` sees it, without the seed."""

    format: Literal["cacao-rules.observation"]
    version: Literal[1]
    # BEGIN the fields of Observation, generated by tools/make_values.py: do not edit
    player: Seat
    config: ConfigDocument
    chance_count: Count
    board: Board
    covered: Covered
    discarded: Discarded
    players: SeenPlayerDocuments
    jungle_pile: TileCounts
    display: Codes
    map_board: Codes
    map_tiles_used: Count
    hut_supply: HutCounts
    emperor: Emperor
    gem_cart: Gems
    mask_supply: Masks
    gems_exchanged: SmallCount
    current: Seat
    turn: Count
    step: AnyStep
    # END generated by tools/make_values.py
