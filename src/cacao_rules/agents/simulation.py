"""Many games between bots, in this process or on any :class:`concurrent.futures.Executor`.

:func:`simulate` plays seeded games and yields one :class:`GameResult` per game as the
games finish. Each game is a pure function of the configuration, the lineup, its index and
the run's seed, so a result is the same whichever executor plays it and in whatever order
the games finish: a process pool on one machine, Dask's ``Client.get_executor()`` on a
cluster, or this process (``executor=None``).

>>> import cacao_rules as cr
>>> results = sorted(cr.simulate(cr.Config(players=2), ["greedy", "random"], 4, seed=1))
>>> for result in results:
...     print(result.game, result.seed, result.bots, result.winners)
0 1 ('greedy', 'random') (0,)
1 2 ('random', 'greedy') (1,)
2 3 ('greedy', 'random') (0,)
3 4 ('random', 'greedy') (1,)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Final, TypeAlias

import attrs

from ..compiled import Int
from ..errors import ConfigError, bad_type, excerpt, expect, expect_any
from ..formats.record import GameRecord
from ..game.config import Config
from ..game.frozen import FrozenMap
from ..game.limits import MAX_SEED
from ..game.moves import Move
from ..turn.results import final_scores, winners
from .bots import Bot
from .playing import play_game
from .program import bot_for_seat
from .specs import SPEC_HELP, bot_factory

BotFactory: TypeAlias = Callable[[int], Bot]
"""Makes a fresh bot from its seed, as the classes in :data:`~cacao_rules.agents.registry.BOTS`
do. To run on another process or machine it must be picklable: a class or a module-level
function (or, with Dask, anything cloudpickle takes)."""

BotSpec: TypeAlias = str | BotFactory
"""A bot of a lineup: a name from :data:`~cacao_rules.agents.registry.BOTS` or a factory."""

MAX_BATCH: Final = 50
"""The most games one task plays when :func:`simulate` chooses the batch size."""
TASKS: Final = 200
"""How many tasks :func:`simulate` aims at when it chooses the batch size: enough to keep
many workers busy to the end, few enough that per-task overhead stays small."""
IN_FLIGHT: Final = 1024
"""How many tasks :func:`simulate` keeps submitted at once by default: more than the cores
of a large cluster, so that none waits for work."""


@attrs.frozen(order=True)
class GameResult:
    """One simulated game: which game, who sat where, and how it ended.

    ``game`` is the game's index in the run (0 to ``games - 1``; results sort by it) and
    ``seed`` its seed. ``seats[s]`` is the index in the lineup of the bot in seat ``s`` and
    ``bots[s]`` that bot's label. ``scores[s]`` maps each score category of the
    configuration (:attr:`~cacao_rules.ScoreSheet.breakdown`'s keys, in order), then
    ``"total"`` and ``"cacao"`` (the tiebreak), to seat ``s``'s final figure. ``winners``
    are seat numbers (several on a shared win); ``decisions`` counts the bots' decisions;
    ``record`` is the game's record when :func:`simulate` was asked for it.
    """

    game: int
    seed: int
    seats: tuple[int, ...]
    bots: tuple[str, ...]
    scores: tuple[Mapping[str, int], ...] = attrs.field(order=False)
    winners: tuple[int, ...]
    decisions: int
    record: GameRecord | None = attrs.field(default=None, order=False)


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a run with seed ``seed``: ``seed + game``, modulo 2**64."""
    return (seed + game) % (MAX_SEED + 1)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with seed ``seed``: ``4 * seed + seat``.

    Bots in different seats, and in games with different seeds, never share a seed.
    """
    return 4 * seed + seat


def seating(players: int, game: int, rotate: bool = True) -> tuple[int, ...]:
    """The lineup index of the bot in each seat of game ``game``.

    With ``rotate``, game ``i`` seats the lineup rotated by ``i mod players``: seat ``s``
    gets the lineup's bot ``(s + i) mod players``, so in every ``players`` consecutive games
    each bot plays each seat once. Without it, seat ``s`` always gets bot ``s``.

    >>> [seating(3, game) for game in range(4)]
    [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    """
    shift = game % players if rotate else 0
    return tuple((seat + shift) % players for seat in range(players))


@attrs.frozen
class _Task:
    """What one task plays: games ``first`` to ``first + count - 1`` of a run."""

    config: Config
    lineup: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    seed: int
    rotate: bool
    record: bool
    first: int
    count: int


def _factory(spec: BotSpec) -> BotFactory:
    return bot_factory(spec, programs=True) if isinstance(spec, str) else spec


def _record(config: Config, seed: int, moves: Sequence[Move], bots: Sequence[str]) -> GameRecord:
    return GameRecord(config, seed, moves, bots)


def _play(task: _Task, game: int) -> GameResult:
    """Play game ``game`` of ``task``'s run."""
    seed = game_seed(task.seed, game)
    seats = seating(task.config.players, game, task.rotate)
    bots: list[Bot] = []
    try:
        for seat, index in enumerate(seats):
            bots.append(bot_for_seat(_factory(task.lineup[index]), bot_seed(seed, seat), seat))
        final, moves = play_game(task.config, seed, bots)
    finally:
        for bot in bots:  # bot programs (ProgramBot) are stopped
            close = getattr(bot, "close", None)
            if close is not None:
                close()
    labels = tuple(task.labels[index] for index in seats)
    scores = tuple(
        FrozenMap({**sheet.breakdown, "total": sheet.total, "cacao": sheet.cacao})
        for sheet in final_scores(final)
    )
    return GameResult(
        game=game,
        seed=seed,
        seats=seats,
        bots=labels,
        scores=scores,
        winners=winners(final),
        decisions=len(moves),
        record=_record(task.config, seed, moves, labels) if task.record else None,
    )


def play_batch(task: _Task) -> list[GameResult]:
    """Play a task's games, in order (the function an executor runs)."""
    return [_play(task, game) for game in range(task.first, task.first + task.count)]


def default_batch(games: int) -> int:
    """Games per task when the caller does not say: about :data:`TASKS` tasks, each of 1 to
    :data:`MAX_BATCH` games.

    >>> default_batch(100), default_batch(1000), default_batch(10**6)
    (1, 5, 50)
    """
    return max(1, min(MAX_BATCH, math.ceil(games / TASKS)))


def simulate(
    config: Config,
    bots: Sequence[BotSpec],
    games: Int,
    *,
    seed: Int = 0,
    executor: Executor | None = None,
    rotate: bool = True,
    record: bool = False,
    labels: Sequence[str] | None = None,
    batch: int | None = None,
    in_flight: Int = IN_FLIGHT,
    progress: Callable[[GameResult], object] | None = None,
) -> Generator[GameResult, None, None]:
    """Play ``games`` games of ``config`` between ``bots``; yield each result as it finishes.

    ``bots`` is the lineup, one bot per seat: specs such as ``"greedy"``, ``"mcts:250ms"``
    or ``"exec:python3 mybot.py"`` (:func:`~cacao_rules.agents.specs.bot_factory`) or
    picklable factories (see :data:`BotFactory`).
    Game ``i`` has the seed ``seed + i`` (modulo 2**64); with ``rotate`` (the default) it
    seats the lineup rotated by ``i mod players`` (see :func:`seating`), so that no bot
    keeps the advantage or handicap of a seat; ``rotate=False`` keeps bot ``s`` in seat
    ``s``. The bot in seat ``s`` of the game with seed ``S`` gets the seed ``4 * S + s``.
    ``labels`` name the lineup's bots in the results (default: the names, or a factory's
    ``__name__``); ``record=True`` keeps each game's record.

    With ``executor=None`` the games are played here, one after the other, and yielded in
    order. Otherwise they go to ``executor`` in tasks of ``batch`` games (default: see
    :func:`default_batch`), at most ``in_flight`` tasks submitted at a time (so that a run
    of millions of games holds few futures), and are yielded as tasks finish, in any order;
    each result is the same as in this process. Closing the iterator early (or an exception
    in the loop that reads it) cancels the tasks not yet started.

    ``progress``, if given, is called with each result just before it is yielded (to
    count, or to move a progress bar such as ``tqdm``'s ``update``). Ctrl-C
    (``KeyboardInterrupt``) while a game is being played ends the iteration cleanly: the
    games that finished have been yielded, the others are cancelled, and the loop reading
    the results simply ends, with fewer than ``games`` results.

    Bad arguments raise :class:`~cacao_rules.ConfigError` here, before any game is played
    (``TypeError`` for an argument of the wrong type).
    """
    task = _Task(
        config=expect(config, Config),
        lineup=_checked_lineup(bots, config.players),
        labels=_checked_labels(labels, bots),
        seed=_checked_number("seed", seed, 0, MAX_SEED),
        rotate=expect(rotate, bool),
        record=expect(record, bool),
        first=0,
        count=_checked_number("games", games, 0, None),
    )
    if progress is not None and not callable(progress):
        raise bad_type("progress", "a function taking a GameResult", progress)
    if executor is None:
        return _reported(_here(task), progress)
    expect(executor, Executor)
    size = default_batch(games) if batch is None else _checked_number("batch", batch, 1, None)
    in_flight = _checked_number("in_flight", in_flight, 1, None)
    return _reported(_stream(executor, task, size, in_flight), progress)


def _here(task: _Task) -> Generator[GameResult, None, None]:
    """Play the run's games in this process, one after the other."""
    for game in range(task.count):
        yield _play(task, game)


def _reported(
    results: Generator[GameResult, None, None], progress: Callable[[GameResult], object] | None
) -> Generator[GameResult, None, None]:
    """``results``, each passed to ``progress`` first; ended cleanly by Ctrl-C."""
    try:
        for result in results:
            if progress is not None:
                progress(result)
            yield result
    except KeyboardInterrupt:
        return
    finally:
        results.close()


def _stream(
    executor: Executor, task: _Task, size: int, in_flight: int
) -> Generator[GameResult, None, None]:
    """Submit the run's tasks, at most ``in_flight`` at a time; yield results as tasks end."""
    starts = iter(range(0, task.count, size))
    pending: set[Future[list[GameResult]]] = set()
    try:
        while True:
            for first in starts:
                batch = attrs.evolve(task, first=first, count=min(size, task.count - first))
                pending.add(executor.submit(play_batch, batch))
                if len(pending) >= in_flight:
                    break
            if not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
    finally:
        for future in pending:
            future.cancel()


def _checked_lineup(bots: Sequence[BotSpec], players: int) -> tuple[BotSpec, ...]:
    expect_any(bots, (Sequence,))
    if isinstance(bots, str):
        raise ConfigError(f"bots must be a sequence of one bot per seat, got {excerpt(bots)}")
    if len(bots) != players:
        raise ConfigError(f"{len(bots)} bots given for {players} players; give one per seat")
    for spec in bots:
        if isinstance(spec, str):
            bot_factory(spec, programs=True)  # raises ConfigError for a bad spec
        elif not callable(spec):
            raise bad_type("a bot", f"a spec or a factory taking a seed ({SPEC_HELP})", spec)
    return tuple(bots)


def _label(spec: BotSpec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def _checked_labels(labels: Sequence[str] | None, bots: Sequence[BotSpec]) -> tuple[str, ...]:
    if labels is None:
        return tuple(_label(spec) for spec in bots)
    expect_any(labels, (Sequence,))
    for label in labels:
        expect(label, str)
    if isinstance(labels, str) or len(labels) != len(bots):
        raise ConfigError(f"labels must be one string per bot of the lineup, got {excerpt(labels)}")
    return tuple(labels)


def _checked_number(name: str, value: Int, low: int, high: int | None) -> int:
    if expect(value, int) < low or (high is not None and value > high):
        allowed = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise ConfigError(f"{name} must be a whole number {allowed}, got {excerpt(value)}")
    return value
