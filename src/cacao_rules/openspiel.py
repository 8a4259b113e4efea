"""Cacao as an OpenSpiel game: ``import cacao_rules.openspiel`` registers ``python_cacao``.

Needs the ``openspiel`` extra (``pip install ".[openspiel]"`` in a clone). Importing this module
registers the game with :mod:`pyspiel`, so every OpenSpiel tool can load it by name::

    import pyspiel
    import cacao_rules.openspiel  # registers "python_cacao"

    game = pyspiel.load_game("python_cacao(players=3,modules=map+huts)")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(random.choices(actions, probs)[0])
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())  # the winners share 1

Game parameters
    ``players`` (int, 2-4, default 2); ``modules`` (str, default ``""``): the module values
    as :class:`~cacao_rules.Module` spells them (``map``, ``watering``, ``chocolate``,
    ``huts``, ``gem_mines``, ``tree_of_life``, ``emperor``, ``new_workers``), separated by
    ``+`` (in a game string) or ``,`` (in a parameter dict; OpenSpiel's game-string parser
    splits parameters at commas, so ``modules=map,huts`` cannot be written inside
    ``python_cacao(...)``); ``big_game`` (bool, default false): the Big Game preset
    :meth:`cacao_rules.Config.big_game` of ``players`` (3 or 4), which then allows no
    ``modules``. A bad parameter raises :class:`cacao_rules.ConfigError`.

The game's nature, as declared
    Sequential; explicit stochastic chance (every draw is a chance node whose outcomes carry
    their exact probabilities, the engine's fractions as floats); imperfect information (the
    other hands); terminal rewards, constant sum: the winners share 1 equally, everyone else
    gets 0, so utilities lie in ``[0, 1]`` and sum to 1. Ids are those of
    :class:`cacao_rules.ActionSpace`: ``num_distinct_actions`` is its ``size``,
    ``max_chance_outcomes`` its ``chance_size``, ``max_game_length`` its bound.

Observations
    The observation string is :func:`cacao_rules.observation_to_json` of
    :func:`cacao_rules.observe` (equal exactly when the observations are equal), the tensor
    :func:`cacao_rules.observation_tensor`, with the parts of
    :func:`cacao_rules.tensor_layout` as the observer's ``dict``.

Information state (perfect recall)
    The sequence of what the player saw, one line per action of the history after a header
    ``seat P``: ``seat S: MOVE`` for a decision (every decision is public), ``chance: MOVE``
    for a chance outcome the player sees, ``chance: seat K drew a hidden tile`` for another
    seat's worker draw into its hand (:func:`cacao_rules.private_chance_seat`). Decisions
    the engine made by itself because only one move was legal follow on the same line as
    ``[auto S: MOVE]`` (a forced placement shows a tile of a hidden hand, so it is part of
    what was seen). The tensor is the observation tensor followed by ``history``:
    ``max_game_length`` numbers, one per action so far and 0 after the last, where a
    decision ``a`` is ``1 + a``, a chance outcome ``c`` the player saw is
    ``1 + num_distinct_actions + c`` and a hidden draw by seat ``k`` is
    ``1 + num_distinct_actions + max_chance_outcomes + k``. (The ids fit a float32 exactly.)

Serialization
    ``state.serialize()`` writes the history and :func:`cacao_rules.to_json` of the engine
    state (:mod:`cacao_rules.formats.spiel_text`), and ``game.deserialize_state(text)``
    reads it back with the library's checked readers, replays the history through the engine
    and compares: it gives an equal state, or raises :class:`cacao_rules.FormatError` for
    any other text (it never unpickles). OpenSpiel's own default for Python games, which
    its C++ functions still use (``pyspiel.serialize_game_and_state``,
    ``pyspiel.deserialize_game_and_state``, pickling a state), pickles the state's
    ``__dict__``: never give those text from outside, since reading a pickle can run any
    code.

``resample_from_infostate``
    See :meth:`CacaoState.resample_from_infostate`: a state with the same information state
    for the player, built by :func:`cacao_rules.determinize` and a history rewritten to fit
    it, which is replayed through the engine to check it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from .extras import missing_extra

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as error:
    raise missing_extra("openspiel", error) from error

from .agents.action_space import ActionSpace
from .agents.determinization import determinize
from .agents.tensors import observation_tensor, tensor_layout, tensor_size
from .agents.trajectory import CHANCE, TERMINAL, HistoryEntry, Recorder, Trajectory
from .engine import new_game
from .errors import ConfigError, FormatError, IllegalMoveError, bad_argument, excerpt
from .formats import spiel_text
from .formats.observation_format import observation_to_json
from .game.components import WorkerType
from .game.config import MAX_PLAYERS, MIN_PLAYERS, Config
from .game.events import WorkerDiscarded, WorkerDrawn, WorkerPlaced
from .game.moves import DrawWorker
from .observation import observe
from .show.render import render
from .state.state import State
from .turn.results import winners

SHORT_NAME: Final = "python_cacao"

_RESAMPLE_TRIES: Final = 64
_SEED_STEP: Final = 0x9E3779B97F4A7C15

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Cacao (cacao-rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": MIN_PLAYERS, "modules": "", "big_game": False},
)
"""What OpenSpiel is told about the game; see the module docstring."""


def config_from_params(params: Mapping[str, Any]) -> Config:
    """The :class:`~cacao_rules.Config` of a dict of game parameters (see the module
    docstring); :class:`~cacao_rules.ConfigError` saying what is wrong otherwise."""
    known = {"players", "modules", "big_game"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise ConfigError(
            f"{SHORT_NAME}: unknown parameter(s) {', '.join(unknown)}; "
            f"the parameters are {', '.join(sorted(known))}"
        )
    text = params.get("modules", "")
    if not isinstance(text, str):
        raise ConfigError(f"{SHORT_NAME}: modules must be a string, got {excerpt(text)}")
    names = [name.strip() for name in text.replace("+", ",").split(",") if name.strip()]
    players = params.get("players", MIN_PLAYERS)
    big_game = params.get("big_game", False)
    # Parameters are values of a dict, not arguments: a wrong type is a bad value here.
    if type(players) is not int:
        raise bad_argument(f"{SHORT_NAME}: players", "an int", players)
    if not isinstance(big_game, bool):
        raise bad_argument(f"{SHORT_NAME}: big_game", "True or False", big_game)
    try:
        return Config.from_options(players, names, big_game)
    except ConfigError as error:
        raise ConfigError(f"{SHORT_NAME}: {error}") from None


class CacaoGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game ``python_cacao``; its parameters are in the module docstring."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.config = config_from_params(params)
        self.space = ActionSpace(self.config)
        self.recorder = Recorder()
        """Shared by the game's states: see :class:`cacao_rules.agents.trajectory.Recorder`."""
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.space.chance_size,
            num_players=self.config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.space.max_game_length,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> CacaoState:
        """The start of a game: the chance nodes of the deal."""
        return CacaoState(self)

    def deserialize_state(self, text: str) -> CacaoState:
        """The state that :meth:`CacaoState.serialize` wrote as ``text``: its history is
        replayed through the engine from a new game and must give the state written.

        Raises :class:`cacao_rules.FormatError` for any other text, naming what is wrong;
        nothing in ``text`` is ever run (this replaces OpenSpiel's default, which unpickles).
        """
        history, written = spiel_text.read(
            text, max(self.space.size, self.space.chance_size), self.space.max_game_length
        )
        state = self.new_initial_state()
        for index, (player, action) in enumerate(history):
            if state.current_player() != player:
                raise FormatError(
                    f"deserialize_state: history entry {index}: {player}:{action} is not "
                    f"for the player to act ({state.current_player()})"
                )
            try:
                state.apply_action(action)
            except IllegalMoveError as error:
                raise FormatError(
                    f"deserialize_state: history entry {index}: {player}:{action} is not "
                    f"legal: {error}"
                ) from None
        if state.cacao_state != written:
            raise FormatError(
                "deserialize_state: the state written is not the one its history leads to"
            )
        return state

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> CacaoObserver:
        """The observer for observations (``perfect_recall`` false, the default) or
        information states (``perfect_recall`` true) of one player."""
        return CacaoObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class CacaoState(pyspiel.State):  # type: ignore[misc]
    """A Cacao game in progress, as an OpenSpiel state (wraps a :class:`cacao_rules.State`).

    ``cacao_state`` is the engine's state, for anything this interface does not show.
    """

    def __init__(self, game: CacaoGame) -> None:
        super().__init__(game)
        self._core = Trajectory(game.space, new_game(game.config), None, game.recorder)

    @property
    def cacao_state(self) -> State:
        """The engine's state."""
        return self._core.state

    def serialize(self) -> str:
        """The history and the engine state as text, which :meth:`CacaoGame.deserialize_state`
        reads back (see the module docstring)."""
        return spiel_text.write(self._core.history(), self._core.state)

    def current_player(self) -> int:
        """The seat to decide, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        return self._core.player

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to act (or of ``player``), as pyspiel's
        ``State.legal_actions`` gives them: the decision ids ascending, the chance outcome
        ids in :meth:`chance_outcomes`' order, none at the end.

        Answered here for the player to act, from the ids kept on the engine state, rather
        than by pyspiel's C++ ``LegalActions``, which calls back into Python four times
        (``is_terminal``, ``current_player`` twice, then ``_legal_actions`` or
        ``chance_outcomes``) and converts the ids to a C++ vector and back: those calls
        cost a random playout more than the ids themselves. OpenSpiel's C++ code (its
        algorithms, ``legal_actions_mask``) still goes through ``_legal_actions``; for
        any other ``player`` pyspiel answers, as it would.
        """
        core = self._core
        if player is not None and player != core.player:
            answer: list[int] = super().legal_actions(player)
            return answer
        if core.player >= 0:
            return list(core.space.legal_actions(core.state))
        if core.player == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        return []

    def _legal_actions(self, player: int) -> Sequence[int]:
        """The ids of the legal decisions, ascending (none for a seat not to move)."""
        core = self._core
        return core.space.legal_actions(core.state) if player == core.player else ()

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        """The chance outcome ids with their exact probabilities as floats."""
        core = self._core
        return core.space.chance_probabilities(core.state)

    def _apply_action(self, action: int) -> None:
        """Apply the decision or chance outcome ``action`` through the engine."""
        self._core = self._core.child(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The move notation of ``action`` if legal here, else its block and offset."""
        try:
            return self._core.space.action_to_string(self._core.state, action)
        except IllegalMoveError:
            pass
        space = self._core.space
        chance = player == pyspiel.PlayerId.CHANCE
        for block in space.chance_blocks if chance else space.blocks:
            if block.start <= action < block.start + block.length:
                return f"{block.name} #{action - block.start}"
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._core.player == TERMINAL

    def returns(self) -> list[float]:
        """At the end, 1 shared equally by the winners and 0 for the others; before, 0s."""
        state = self._core.state
        seats = state.config.players
        if not state.is_over:
            return [0.0] * seats
        won = winners(state)
        return [1.0 / len(won) if seat in won else 0.0 for seat in range(seats)]

    def __str__(self) -> str:
        """The engine's text rendering of the state."""
        return render(self._core.state)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CacaoState:
        """A state with the same information state for ``player_id``, other hands sampled.

        The seed of :func:`cacao_rules.determinize` is ``int(probability_sampler() * 2**53)``
        (one call; OpenSpiel passes a uniform sampler on [0, 1)). The history is rewritten
        to fit the sampled hands: for each other seat, every tile it drew out of sight and
        has not placed or discarded since is one of its hand tiles now (a tile it played is
        taken from the earliest drawn one of that type still in hand); those draws are
        given the sampled hand's types (tiles keep their type where they can), and every
        other action stays. The rewritten history is replayed through the engine from a
        new game; the result must be the sampled state and give the same information
        state. A sample whose history cannot be so (a draw or a placement the engine made
        by itself because only one was possible tells more than :func:`determinize`
        knows) is drawn again, with the seed plus ``k`` times 2**64 / golden ratio, up to
        64 times; if none fits, the state itself is returned (practically unreachable).
        """
        if not 0 <= player_id < self._core.state.config.players:
            raise IllegalMoveError(f"resample_from_infostate: no seat {player_id}")
        first = int(float(probability_sampler()) * 2**53)
        seen = observe(self._core.state, player_id)
        target = self._core.infostate(player_id)
        for attempt in range(_RESAMPLE_TRIES):
            seed = (first + attempt * _SEED_STEP) % 2**64
            sample = determinize(seen, seed)
            replayed = self._replay(player_id, sample)
            if replayed is not None and replayed._core.infostate(player_id) == target:
                return replayed
        clone: CacaoState = self.clone()
        return clone

    def _replay(self, player: int, sample: State) -> CacaoState | None:
        """A new state whose history is this one's with the hidden draws rewritten to give
        ``sample``'s hands, or ``None`` if no such history passes the engine."""
        records = self._core.played()
        rewrite: dict[int, WorkerType] = {}
        for seat in range(sample.config.players):
            if seat == player:
                continue
            plan = _reassign(records, seat, sample.players[seat].hand)
            if plan is None:
                return None
            rewrite.update(plan)
        game = self.get_game()
        state: CacaoState = game.new_initial_state()
        space = self._core.space
        try:
            for index, record in enumerate(records):
                if state.current_player() != record.actor:
                    return None
                kind = rewrite.get(index)
                action = record.action
                if kind is not None:
                    action = space.encode(state._core.state, DrawWorker(kind))
                state.apply_action(action)
        except IllegalMoveError:
            return None
        if state._core.state != sample:
            return None
        return state


def _reassign(
    records: Iterable[HistoryEntry], seat: int, hand: tuple[WorkerType, ...]
) -> dict[int, WorkerType] | None:
    """Which hidden draws of ``seat`` (record index -> new type) give it ``hand``, or
    ``None`` when a tile it drew where the engine chose by itself (one possible outcome)
    would have to change."""
    held: list[tuple[int, WorkerType]] = []  # (record index or -1 for a forced draw, type)
    for index, record in enumerate(records):
        explicit = record.hidden == seat and isinstance(record.move, DrawWorker)
        for event in record.events:
            if isinstance(event, WorkerDrawn) and event.player == seat:
                held.append((index if explicit else -1, event.type))
                explicit = False  # the record's own draw comes first; later ones were forced
            elif isinstance(event, WorkerPlaced | WorkerDiscarded) and event.player == seat:
                kind = event.tile.type if isinstance(event, WorkerPlaced) else event.type
                held.pop(next(i for i, (_, held_kind) in enumerate(held) if held_kind == kind))
    wanted = list(hand)
    free: list[int] = []
    for index, kind in held:  # keep forced draws, then any draw whose type is still wanted
        if kind in wanted:
            wanted.remove(kind)
        elif index < 0:
            return None
        else:
            free.append(index)
    assert len(free) == len(wanted), "the sampled hand has the size of the real one"
    return dict(zip(free, wanted, strict=True))


class CacaoObserver:
    """OpenSpiel's Python observer for one player: the observation (``perfect_recall``
    false) or the information state (true); see the module docstring for both."""

    def __init__(
        self,
        game: CacaoGame,
        iig_obs_type: pyspiel.IIGObservationType,
        params: Mapping[str, Any] | None,
    ) -> None:
        if params:
            raise ValueError(f"{SHORT_NAME}: observation parameters are not supported: {params}")
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"{SHORT_NAME} observes for one player, public and own private information "
                f"together; {iig_obs_type} is not supported"
            )
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        self._length = game.space.max_game_length
        config = game.config
        size = tensor_size(config) + (self._length if self._perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        parts = list(tensor_layout(config))
        if self._perfect_recall:
            parts.append(("history", self._length))
        for name, length in parts:
            self.dict[name] = self.tensor[start : start + length]
            start += length
        self._observed = tensor_size(config)

    def set_from(self, state: CacaoState, player: int) -> None:
        """Write ``state`` as ``player`` sees it into ``tensor``."""
        core = state._core
        self.tensor[: self._observed] = observation_tensor(observe(core.state, player))
        if self._perfect_recall:
            history = self.tensor[self._observed :]
            history.fill(0)
            codes = core.history_codes(player)
            history[: len(codes)] = codes

    def string_from(self, state: CacaoState, player: int) -> str:
        """The information state string, or the observation as JSON text."""
        core = state._core
        if self._perfect_recall:
            return core.infostate(player)
        return observation_to_json(observe(core.state, player))


pyspiel.register_game(GAME_TYPE, CacaoGame)
