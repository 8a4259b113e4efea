"""cacao-rules: the reference rules engine for the board game Cacao.

Everything public is importable from here::

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=2), seed=7)
    >>> while not state.is_over:
    ...     state = cr.apply(state, cr.legal_moves(state)[0])
    >>> len(cr.final_scores(state))
    2
"""

from __future__ import annotations

from .agents.action_space import ActionSpace
from .agents.bots import Bot, GreedyBot, RandomBot, play_game
from .agents.determinization import determinize
from .agents.observation import (
    Observation,
    PlayerView,
    observe,
    observe_events,
    private_chance_seat,
)
from .agents.tensors import observation_tensor, tensor_bounds, tensor_layout, tensor_size
from .compiled import COMPILED
from .engine import apply, chance_outcomes, legal_moves, new_game, step
from .errors import CacaoError, ConfigError, FormatError, IllegalMoveError
from .formats.notation import parse_move
from .formats.observation_format import observation_from_json, observation_to_json
from .formats.positions import position
from .formats.serialization import from_json, to_json
from .game.components import (
    DISPLAY_SIZE,
    HAND_SIZE,
    STORAGE_SPACES,
    SUN_PLACES,
    WATER_TRACK,
    Hut,
    JungleKind,
    JungleTile,
    Side,
    Tile,
    WorkerTile,
    WorkerType,
)
from .game.config import Config, Module
from .game.events import (
    AutoDecision,
    DisplayFilled,
    EdgeActivated,
    EdgeResolved,
    EmperorMoved,
    Event,
    Gained,
    GameEnded,
    GemsTaken,
    HutBuilt,
    HutSideUp,
    HutUsed,
    JungleFilled,
    MapBoardFilled,
    MaskTaken,
    Resource,
    SpaceLeftEmpty,
    Spent,
    TileSlid,
    TurnStarted,
    WorkerDiscarded,
    WorkerDrawn,
    WorkerDrawnUnseen,
    WorkerPlaced,
)
from .game.moves import (
    BuildHut,
    ChanceMove,
    Discard,
    DrawJungle,
    DrawWorker,
    Fill,
    FillChoice,
    HutSide,
    Move,
    Overbuild,
    PassHut,
    Place,
    Resolve,
    Slide,
)
from .game.pools import WorkerBalance, worker_balance
from .show.render import render, render_scores
from .state.state import PlayerState, State
from .turn.results import final_scores, winners
from .turn.scoring import ScoreSheet
from .validation import check_state

__version__ = "0.1.0"

__all__ = [
    "COMPILED",
    "DISPLAY_SIZE",
    "HAND_SIZE",
    "STORAGE_SPACES",
    "SUN_PLACES",
    "WATER_TRACK",
    "ActionSpace",
    "AutoDecision",
    "Bot",
    "BuildHut",
    "CacaoError",
    "ChanceMove",
    "Config",
    "ConfigError",
    "Discard",
    "DisplayFilled",
    "DrawJungle",
    "DrawWorker",
    "EdgeActivated",
    "EdgeResolved",
    "EmperorMoved",
    "Event",
    "Fill",
    "FillChoice",
    "FormatError",
    "Gained",
    "GameEnded",
    "GemsTaken",
    "GreedyBot",
    "Hut",
    "HutBuilt",
    "HutSide",
    "HutSideUp",
    "HutUsed",
    "IllegalMoveError",
    "JungleFilled",
    "JungleKind",
    "JungleTile",
    "MapBoardFilled",
    "MaskTaken",
    "Module",
    "Move",
    "Observation",
    "Overbuild",
    "PassHut",
    "Place",
    "PlayerState",
    "PlayerView",
    "RandomBot",
    "Resolve",
    "Resource",
    "ScoreSheet",
    "Side",
    "Slide",
    "SpaceLeftEmpty",
    "Spent",
    "State",
    "Tile",
    "TileSlid",
    "TurnStarted",
    "WorkerBalance",
    "WorkerDiscarded",
    "WorkerDrawn",
    "WorkerDrawnUnseen",
    "WorkerPlaced",
    "WorkerTile",
    "WorkerType",
    "__version__",
    "apply",
    "chance_outcomes",
    "check_state",
    "determinize",
    "final_scores",
    "from_json",
    "legal_moves",
    "new_game",
    "observation_from_json",
    "observation_tensor",
    "observation_to_json",
    "observe",
    "observe_events",
    "parse_move",
    "play_game",
    "position",
    "private_chance_seat",
    "render",
    "render_scores",
    "step",
    "tensor_bounds",
    "tensor_layout",
    "tensor_size",
    "to_json",
    "winners",
    "worker_balance",
]
