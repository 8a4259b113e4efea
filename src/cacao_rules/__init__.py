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

import importlib
from typing import TYPE_CHECKING, Any, Final

from .bot_errors import BotError, BotProtocolError, BotTerminatedError, BotTimeoutError
from .compiled import COMPILED
from .engine import apply, chance_outcomes, legal_moves, new_game, step
from .errors import (
    CacaoError,
    ConfigError,
    FormatError,
    IllegalMoveError,
)
from .formats.event_json import (
    event_document,
    event_from_document,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
)
from .formats.notation import parse_move
from .formats.record import GameRecord
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
from .game.geometry import Square, format_square, is_jungle_square, neighbour, neighbours
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
from .game.score_sheet import ScoreSheet
from .observation import (
    Observation,
    PlayerView,
    observe,
    observe_events,
    private_chance_seat,
)
from .positions import position
from .state.state import (
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
from .turn.results import final_scores, winners
from .validation import check_state
from .version import __version__

if TYPE_CHECKING:  # what the lazy names below are, for type checkers and IDEs
    from .agents.action_space import ActionSpace
    from .agents.bots import Bot, RandomBot
    from .agents.determinization import determinize
    from .agents.greedy import GreedyBot
    from .agents.intervals import wilson_interval
    from .agents.mcts import MCTSBot
    from .agents.playing import play_game, record_game
    from .agents.program import ProgramBot
    from .agents.simulation import BotFactory, BotSpec, GameResult, simulate
    from .agents.tensors import observation_tensor, tensor_bounds, tensor_layout, tensor_size
    from .agents.win_rates import SimulationSummary, Standing, WinRate
    from .formats.observation_format import (
        observation_document,
        observation_from_document,
        observation_from_json,
        observation_to_json,
    )
    from .formats.serialization import from_json, to_json
    from .show.decision_json import decision_to_json
    from .show.decisions import Answer, Question, QuestionKind, decision_tree
    from .show.describe import describe
    from .show.render import describe_step, open_jungle_spaces, render, render_scores
    from .show.squares import placement_squares

_LAZY: Final[dict[str, str]] = {
    "ActionSpace": ".agents.action_space",
    "Bot": ".agents.bots",
    "GreedyBot": ".agents.greedy",
    "RandomBot": ".agents.bots",
    "play_game": ".agents.playing",
    "record_game": ".agents.playing",
    "determinize": ".agents.determinization",
    "MCTSBot": ".agents.mcts",
    "ProgramBot": ".agents.program",
    "BotFactory": ".agents.simulation",
    "BotSpec": ".agents.simulation",
    "GameResult": ".agents.simulation",
    "simulate": ".agents.simulation",
    "SimulationSummary": ".agents.win_rates",
    "Standing": ".agents.win_rates",
    "WinRate": ".agents.win_rates",
    "wilson_interval": ".agents.intervals",
    "observation_tensor": ".agents.tensors",
    "tensor_bounds": ".agents.tensors",
    "tensor_layout": ".agents.tensors",
    "tensor_size": ".agents.tensors",
    "describe": ".show.describe",
    "describe_step": ".show.render",
    "open_jungle_spaces": ".show.render",
    "render": ".show.render",
    "render_scores": ".show.render",
    "placement_squares": ".show.squares",
    "Answer": ".show.decisions",
    "Question": ".show.decisions",
    "QuestionKind": ".show.decisions",
    "decision_tree": ".show.decisions",
    "decision_to_json": ".show.decision_json",
    "from_json": ".formats.serialization",
    "to_json": ".formats.serialization",
    "observation_document": ".formats.observation_format",
    "observation_from_document": ".formats.observation_format",
    "observation_from_json": ".formats.observation_format",
    "observation_to_json": ".formats.observation_format",
}
"""The names that load their module when first used (``cr.MCTSBot``, ``cr.simulate``, ...):
the bots, simulation, tensors, the action space and the presentation, which a program that
only plays the rules never needs, so that ``import cacao_rules`` loads the rules alone (as
python-chess loads ``chess.svg`` only when asked); and the JSON documents of states and
observations, whose reader and writer, msgspec, costs about as much to import as the rules."""


def __getattr__(name: str) -> Any:
    """Load the module of a lazy public name on first use, and keep the name here."""
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "COMPILED",
    "DISPLAY_SIZE",
    "HAND_SIZE",
    "STORAGE_SPACES",
    "SUN_PLACES",
    "WATER_TRACK",
    "ActionSpace",
    "ActivatedEdge",
    "Answer",
    "AutoDecision",
    "BlindFillStep",
    "Bot",
    "BotError",
    "BotFactory",
    "BotProtocolError",
    "BotSpec",
    "BotTerminatedError",
    "BotTimeoutError",
    "BuildHut",
    "CacaoError",
    "ChanceMove",
    "Config",
    "ConfigError",
    "DealStep",
    "Discard",
    "DisplayFilled",
    "DrawJungle",
    "DrawWorker",
    "DrawWorkerStep",
    "EdgeActivated",
    "EdgeResolved",
    "EmperorMoved",
    "Event",
    "Fill",
    "FillChoice",
    "FillStep",
    "FormatError",
    "Gained",
    "GameEnded",
    "GameRecord",
    "GameResult",
    "GemsTaken",
    "GreedyBot",
    "Hut",
    "HutBuilt",
    "HutSide",
    "HutSideUp",
    "HutStep",
    "HutUsed",
    "IllegalMoveError",
    "JungleFilled",
    "JungleKind",
    "JungleTile",
    "MCTSBot",
    "MapBoardFilled",
    "MapRefillStep",
    "MaskTaken",
    "Module",
    "Move",
    "Observation",
    "OverStep",
    "Overbuild",
    "PassHut",
    "Place",
    "PlacementStep",
    "PlayerState",
    "PlayerView",
    "ProgramBot",
    "Question",
    "QuestionKind",
    "RandomBot",
    "RefillStep",
    "Resolve",
    "ResolveStep",
    "Resource",
    "ScoreSheet",
    "Side",
    "SimulationSummary",
    "Slide",
    "SlideStep",
    "SpaceLeftEmpty",
    "Spent",
    "Square",
    "Standing",
    "State",
    "Step",
    "Tile",
    "TileSlid",
    "TurnStarted",
    "WinRate",
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
    "decision_to_json",
    "decision_tree",
    "describe",
    "describe_step",
    "determinize",
    "event_document",
    "event_from_document",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "events_to_json",
    "final_scores",
    "format_square",
    "from_json",
    "is_jungle_square",
    "legal_moves",
    "neighbour",
    "neighbours",
    "new_game",
    "observation_document",
    "observation_from_document",
    "observation_from_json",
    "observation_tensor",
    "observation_to_json",
    "observe",
    "observe_events",
    "open_jungle_spaces",
    "parse_move",
    "placement_squares",
    "play_game",
    "position",
    "private_chance_seat",
    "record_game",
    "render",
    "render_scores",
    "simulate",
    "step",
    "tensor_bounds",
    "tensor_layout",
    "tensor_size",
    "to_json",
    "wilson_interval",
    "winners",
    "worker_balance",
]
