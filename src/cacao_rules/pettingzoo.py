"""Cacao as a PettingZoo AEC environment (the ``pettingzoo`` extra).

Install with ``pip install ".[pettingzoo]"`` in a clone; this module is not imported by
``cacao_rules`` itself, so the core library keeps no dependency on PettingZoo, Gymnasium or
NumPy.

What the environment is, and why
--------------------------------
- **Agents** are the seats: ``possible_agents == ["player_0", ..., "player_{n-1}"]``.
  ``agent_selection`` is always the seat that must decide now (``state.to_move``). A Cacao
  turn holds several decisions, some by players other than the one whose turn it is (the
  owners of activated worker edges resolve them), so the same agent may act several times
  in a row and the order is not round-robin. PettingZoo's AEC model allows exactly that.
- **Chance** is resolved inside the environment: :meth:`raw_env.reset` draws an integer
  from the environment's own ``np_random`` (seeded by ``reset(seed=...)``) and starts
  ``cacao_rules.new_game(config, seed=that_int)``, whose engine then resolves every draw
  itself. The same seed and the same actions therefore give the same game, and no agent
  ever faces a chance node. The seed may be a Python or a NumPy integer; any other value
  raises Gymnasium's ``gymnasium.error.Error``, that ecosystem's error for a bad seed.
- **Actions** are the ids of :class:`cacao_rules.ActionSpace` (``Discrete(space.size)``),
  the same numbering as the OpenSpiel adapter. Python and NumPy integers are accepted.
- **Observations** are dicts ``{"observation": float32 vector, "action_mask": int8
  vector}``: the vector is :func:`cacao_rules.observation_tensor` of
  :func:`cacao_rules.observe` for that agent's seat (only what that player may know; seats
  counted from the observer), the mask has a 1 at every legal action id for the agent
  whose turn it is and is all zeros for everyone else and after the end.
  :func:`cacao_rules.tensor_bounds` gives the ``Box`` bounds, which contain every observation a
  game can produce (coordinates are negative too).
- **Rewards** come only at the end: ``+1`` for each winner (:func:`cacao_rules.winners`:
  most gold, then most cacao) and ``-1`` for each other seat; when every seat shares the
  win each gets ``0``. With two players the game is thus zero-sum, as the classic
  PettingZoo board games are. ``terminations`` are all ``True`` at the end; ``truncations``
  are never set (every game ends, within ``ActionSpace.max_game_length`` moves). At the end
  ``infos[agent]`` holds ``"score"`` (the final total), ``"cacao"`` (the tiebreak) and
  ``"winners"`` (agent names).
- **An illegal action raises** :class:`cacao_rules.IllegalMoveError` (a ``ValueError``)
  that names the agent, the action and the legal ids, and leaves the game unchanged. We do
  not wrap with PettingZoo's ``TerminateIllegalWrapper``: a masked action space makes an
  illegal action a bug in the caller, and ending the game with a penalty would hide it.
  Nor with ``AssertOutOfBoundsWrapper``: its bare ``assert`` gives a vaguer message and
  vanishes under ``python -O``, while the error above covers ids out of range too.
  :func:`env` wraps in ``OrderEnforcingWrapper`` (errors for ``step`` before ``reset`` and
  the like), as PettingZoo's classic environments do.
- **Rendering** is text, :func:`cacao_rules.show.render`: ``render_mode="human"`` prints it,
  ``"ansi"`` returns it; ``"rgb_array"`` returns the board as an image (a ``uint8`` array of
  height x width x 3), drawn with NumPy by :func:`cacao_rules.show.raster.frame`.

>>> from cacao_rules.pettingzoo import env
>>> game = env(players=3, modules=["map", "huts"])
>>> game.reset(seed=7)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)
>>> game.close()
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, Final, TypeAlias

from .extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import logger, spaces
    from gymnasium.utils import EzPickle, seeding

    # PettingZoo ships no type information (no py.typed marker): its names are Any to mypy.
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ModuleNotFoundError as error:
    raise missing_extra("pettingzoo", error) from error

from .agents.action_space import ActionSpace
from .agents.tensors import observation_tensor, tensor_bounds
from .engine import apply, new_game
from .errors import CacaoError, ConfigError, IllegalMoveError, excerpt, expect
from .game.config import Config, Module
from .game.moves import Move
from .observation import observe
from .show.raster import frame
from .show.render import render
from .state.state import State
from .turn.results import final_scores, winners

__all__ = ["env", "raw_env"]

Observation: TypeAlias = dict[str, npt.NDArray[Any]]
"""What :meth:`raw_env.observe` returns: ``"observation"`` and ``"action_mask"``."""

RENDER_MODES: Final = ("human", "ansi", "rgb_array")

_UNBOUNDED: Final = float("inf")


def _agent_name(seat: int) -> str:
    return f"player_{seat}"


def _config(
    players: int, modules: Iterable[Module | str], big_game: bool, config: Config | None
) -> Config:
    """The game's :class:`Config` from :func:`env`'s arguments; :class:`ConfigError` if bad,
    ``TypeError`` if of the wrong type."""
    if config is not None:
        expect(config, Config)
        no_modules = isinstance(modules, tuple | list | set | frozenset) and not modules
        if players != 2 or big_game is not False or not no_modules:
            raise ConfigError("give either config=... or players/modules/big_game, not both")
        return config
    return Config.from_options(players, modules, big_game)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # AECEnv is untyped (Any)
    """The Cacao AEC environment, unwrapped; see the module docstring. Prefer :func:`env`.

    ``players`` 2 to 4; ``modules`` a collection of :class:`cacao_rules.Module` members or
    their names (``"map"``, ``"gem_mines"``, ...); ``big_game=True`` for the Big Game (3 or
    4 players, every module); or instead of those three, ``config``: any
    :class:`cacao_rules.Config` (for the New Workers module's worker set, an agreed hut
    selection, the Map module's early overbuild). ``render_mode`` ``None``, ``"human"``,
    ``"ansi"`` or ``"rgb_array"``. Bad arguments raise :class:`cacao_rules.ConfigError`.

    ``game`` is the current :class:`cacao_rules.State` (read it, don't replace it), for
    logging, rendering or a search bot that wants the full state.
    """

    metadata: Final = {
        "render_modes": list(RENDER_MODES),
        "name": "cacao_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        modules: Iterable[Module | str] = (),
        *,
        big_game: bool = False,
        render_mode: str | None = None,
        config: Config | None = None,
    ) -> None:
        EzPickle.__init__(
            self, players, modules, big_game=big_game, render_mode=render_mode, config=config
        )
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(
                f"render_mode must be None, 'human', 'ansi' or 'rgb_array', "
                f"got {excerpt(render_mode)}"
            )
        self.render_mode = render_mode
        self.config: Final = _config(players, modules, big_game, config)
        self.space: Final = ActionSpace(self.config)
        self.possible_agents: list[str] = [_agent_name(seat) for seat in range(self.config.players)]
        self._seats: Final = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = (np.array(bound, dtype=np.float32) for bound in tensor_bounds(self.config))
        mask = spaces.Box(0, 1, shape=(self.space.size,), dtype=np.int8)
        self._action_spaces: Final = {
            agent: spaces.Discrete(self.space.size) for agent in self.possible_agents
        }
        self._observation_spaces: Final = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": mask,
                }
            )
            for agent in self.possible_agents
        }
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self.game: State | None = None

    # -- spaces ------------------------------------------------------------------------------

    def _seat(self, agent: object) -> int:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ConfigError(f"unknown agent {excerpt(agent)}; agents: {', '.join(self._seats)}")
        return seat

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same :class:`gymnasium.spaces.Dict` object for ``agent`` on every call."""
        return self._observation_spaces[_agent_name(self._seat(agent))]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(ActionSpace(config).size)``, the same object on every call."""
        return self._action_spaces[_agent_name(self._seat(agent))]

    # -- the game ----------------------------------------------------------------------------

    def _state(self) -> State:
        if self.game is None:
            raise CacaoError("the environment has no game yet: call reset() first")
        return self.game

    def reset(
        self, seed: int | np.integer[Any] | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Start a new game. ``seed`` reseeds the environment's RNG, from which the game's
        chance seed is drawn; ``options`` is accepted and ignored.

        ``seed`` is a non-negative integer, Python's or NumPy's (``np.int64(3)`` is 3). Any
        other seed (``-1``, ``1.5``, ``"1"``) raises Gymnasium's own
        ``gymnasium.error.Error``, as every Gymnasium environment does, and changes nothing.
        """
        if isinstance(seed, np.integer):
            seed = int(seed)
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**64, dtype=np.uint64))
        self.game = new_game(self.config, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._selected(self.game)

    def _selected(self, game: State) -> str:
        seat = game.to_move
        if seat is None:  # chance is resolved by the engine, so only at the end
            raise AssertionError(f"no seat to move in a game that is not over: {game.step}")
        return _agent_name(seat)

    def _move_of(self, action: object) -> Move:
        game = self._state()
        agent = self.agent_selection
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise IllegalMoveError(
                f"{agent} must act with an int action id from 0 to {self.space.size - 1}, "
                f"got {excerpt(action)}"
            )
        try:
            return self.space.decode(game, operator.index(action))
        except IllegalMoveError as error:
            raise IllegalMoveError(f"{agent} cannot play this: {error}") from None

    def step(self, action: int | None) -> None:
        """Play ``action`` for ``agent_selection``; ``None`` for an agent whose game is over.

        Raises :class:`cacao_rules.IllegalMoveError` for an action that is not legal now
        (``observe(agent)["action_mask"]`` has a 0 there); nothing changes then.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._move_of(action)
        game = apply(self._state(), move)
        self.game = game
        self._cumulative_rewards[agent] = 0
        if game.is_over:
            self._finish(game)
        else:
            self.agent_selection = self._selected(game)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, game: State) -> None:
        won = winners(game)
        names = [_agent_name(seat) for seat in won]
        everyone = len(won) == self.config.players
        for sheet in final_scores(game):
            agent = _agent_name(sheet.player)
            self.rewards[agent] = 0 if everyone else (1 if sheet.player in won else -1)
            self.infos[agent] = {"score": sheet.total, "cacao": sheet.cacao, "winners": names}
        self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation vector and action mask (all zeros unless it is to move)."""
        seat = self._seat(agent)
        game = self._state()
        vector = np.array(observation_tensor(observe(game, seat)), dtype=np.float32)
        mask = np.zeros(self.space.size, dtype=np.int8)
        if game.to_move == seat:  # a decision: the engine resolves chance in this environment
            mask[list(self.space.legal_actions(game))] = 1
        return {"observation": vector, "action_mask": mask}

    def action_to_string(self, action: int) -> str:
        """The move notation of the legal action ``action`` of the agent to move."""
        return str(self._move_of(action))

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The game as text (:func:`cacao_rules.show.render`): printed with
        ``render_mode="human"``, returned with ``"ansi"``; or with ``"rgb_array"`` as an
        image (:func:`cacao_rules.show.raster.frame`, height x width x 3 bytes)."""
        if self.render_mode is None:
            logger.warn(
                "render() called without a render_mode: pass 'human', 'ansi' or 'rgb_array' "
                "to env()"
            )
            return None
        if self.render_mode == "rgb_array":
            return frame(self._state())
        text = render(self._state())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""


def env(
    players: int = 2,
    modules: Iterable[Module | str] = (),
    *,
    big_game: bool = False,
    render_mode: str | None = None,
    config: Config | None = None,
) -> Any:
    """A Cacao AEC environment, wrapped in PettingZoo's ``OrderEnforcingWrapper`` (see the
    module docstring). ``env().unwrapped`` is the :class:`raw_env`."""
    environment = raw_env(
        players, modules, big_game=big_game, render_mode=render_mode, config=config
    )
    return wrappers.OrderEnforcingWrapper(environment)
