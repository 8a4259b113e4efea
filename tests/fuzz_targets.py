"""The fuzz suite's inputs and entry points (issue 11): mutated documents from real games.

Every entry point a client can reach is fed mutations of what real games of every
configuration produce: state and observation documents with values swapped for other
values, keys dropped or added, numbers made huge, lists repeated; move texts with parts
swapped; moves with fields of the wrong type; arbitrary action ids. An entry point passes
when it returns normally, raises a :class:`cacao_rules.CacaoError` with a message of at
most :data:`MAX_MESSAGE` characters, or raises the ``TypeError`` of a type check (its message
says ``... object expected; got ...``, in both builds) for an argument of the wrong type;
anything else (another exception, a message without bound) is a finding.
``tests/test_fuzz.py`` runs a small budget with every test run;
``nox -s fuzz -- BUDGET`` runs ``BUDGET`` inputs per entry point (100,000 by default) through
:func:`main`.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import functools
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import cacao_rules as cr
from cacao_rules import Config, Module
from cacao_rules.agents.specs import HUMAN, bot_factory
from cacao_rules.cli.saved_game import resumed_seats

MAX_MESSAGE = 4000
"""The longest error message an entry point may give."""

TYPE_CHECK = " object expected; got "
"""What the ``TypeError`` of an argument of the wrong type says, in both builds."""

CONFIGS = (
    cr.Config(players=2),
    cr.Config(players=3),
    cr.Config(players=4),
    cr.Config(players=2, modules={Module.MAP, Module.HUTS}),
    cr.Config(players=3, modules={Module.WATERING, Module.CHOCOLATE}),
    cr.Config(players=2, modules={Module.GEM_MINES, Module.TREE_OF_LIFE, Module.EMPEROR}),
    cr.Config.big_game(3),
    cr.Config.big_game(4),
)

_GENERATING = [0.0]
"""Seconds spent making inputs (mutating, building sample games) rather than reading them,
left out of the time an input takes."""

F = TypeVar("F", bound=Callable[..., Any])


def _generating(function: F) -> F:
    """``function``, its time counted as making inputs (see :data:`_GENERATING`)."""

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _GENERATING[0] += time.perf_counter() - start

    return cast(F, timed)


_ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2**64,
    10**400,
    -(10**400),
    0.5,
    1e308,
    "",
    "P1",
    "1-1-1-1",
    "map:P1",
    [],
    [0],
    [0, 0],
    [10**6, -(10**6)],
    {},
    {"kind": "placement"},
    {"1-1-1-1": 1},
)


@_generating
@functools.cache
def game_states() -> tuple[cr.State, ...]:
    """Every 3rd state of a seeded and an unseeded random game of each configuration."""
    rng = random.Random(20)
    states: list[cr.State] = []
    for index, config in enumerate(CONFIGS):
        for seed in (index, None):
            state = cr.new_game(config, seed)
            game = [state]
            while not state.is_over:
                state = cr.apply(state, rng.choice(cr.legal_moves(state)))
                game.append(state)
            states.extend(game[::3])
    return tuple(states)


@_generating
@functools.cache
def documents() -> tuple[str, ...]:
    return tuple(cr.to_json(state) for state in game_states())


@_generating
@functools.cache
def observation_documents() -> tuple[str, ...]:
    return tuple(
        cr.observation_to_json(cr.observe(state, index % state.config.players))
        for index, state in enumerate(game_states())
    )


@_generating
@functools.cache
def move_texts() -> tuple[str, ...]:
    return tuple(sorted({str(move) for state in game_states() for move in cr.legal_moves(state)}))


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of every value inside a parsed document."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _get(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


@_generating
def mutate_document(text: str, rng: random.Random) -> str:
    """``text``, a JSON document, with 1 to 3 structural or textual mutations."""
    document = json.loads(text)
    for _ in range(rng.randint(1, 3)):
        places = list(_places(document))
        path = rng.choice(places)
        if not path:
            continue
        parent = _get(document, path[:-1])
        key = path[-1]
        choice = rng.random()
        if choice < 0.45:
            parent[key] = copy.deepcopy(rng.choice(_ODD_VALUES))
        elif choice < 0.6:
            other = _get(document, rng.choice(places))
            parent[key] = copy.deepcopy(other)
        elif choice < 0.7 and isinstance(parent, dict):
            del parent[key]
        elif choice < 0.75 and isinstance(parent, dict):
            parent[f"extra{rng.randint(0, 9)}"] = 1
        elif choice < 0.85 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += rng.choice((-2, -1, 1, 2, 1000))
        elif isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] * rng.choice((2, 3, 2000))
        else:
            parent[key] = copy.deepcopy(rng.choice(_ODD_VALUES))
    mutated = json.dumps(document)
    if rng.random() < 0.05:  # hostile text: deep nesting, lone surrogates, huge numbers
        at = rng.randrange(len(mutated))
        depth = rng.choice((40, 1000, 100_000))
        mutated = (
            mutated[:at]
            + rng.choice(
                ("[" * depth + "]" * depth, "[" * depth, '"\\ud800"', "\ud800", "9" * 5000)
            )
            + mutated[at:]
        )
    if rng.random() < 0.1:  # and a few raw characters
        chars = list(mutated)
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice('{}[]",:0123456789-etn ')
        mutated = "".join(chars)
    return mutated


@_generating
def mutate_move_text(text: str, rng: random.Random) -> str:
    parts = text.split()
    pool = [
        part for move in move_texts()[:: max(1, len(move_texts()) // 200)] for part in move.split()
    ]
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        if choice < 0.4 and parts:
            parts[rng.randrange(len(parts))] = rng.choice(pool)
        elif choice < 0.6:
            parts.insert(rng.randint(0, len(parts)), rng.choice(pool))
        elif choice < 0.7 and parts:
            del parts[rng.randrange(len(parts))]
        elif choice < 0.8:
            parts.append(rng.choice(("99999999999999999999,0", "r4", "b0", "g99999", "N", "")))
        elif choice < 0.85 and len(parts) < 100:
            parts = parts * 5000
        elif parts:
            index = rng.randrange(len(parts))
            word = list(parts[index])
            if word:
                word[rng.randrange(len(word))] = rng.choice("0123456789,-=:rbgNESWPMT")
            parts[index] = "".join(word)
    return " ".join(parts)


def _odd_field(rng: random.Random, good: Any) -> Any:
    return good if rng.random() < 0.5 else copy.deepcopy(rng.choice(_ODD_VALUES))


@_generating
def arbitrary_move(state: cr.State, rng: random.Random) -> Any:
    """A legal move of ``state`` with fields swapped for odd values, or a move of another
    state, or no move at all (so typed ``Any``: the fuzz passes junk on purpose)."""
    moves = cr.legal_moves(state) or cr.legal_moves(game_states()[1])
    move = rng.choice(moves)
    if rng.random() < 0.3:
        other = rng.choice(game_states())
        return rng.choice(cr.legal_moves(other) or moves)
    if rng.random() < 0.1:
        return rng.choice(_ODD_VALUES)
    fields = {name: _odd_field(rng, getattr(move, name)) for name in type(move).FIELDS}
    try:
        return type(move)(**fields)
    except TypeError:  # a field of the wrong type: refused as it is built, before any entry
        return move  # point sees it (DESIGN 2); its values of the right type get through


# --- the entry points -------------------------------------------------------------------------


def _from_json(rng: random.Random) -> None:
    text = mutate_document(rng.choice(documents()), rng)
    cr.from_json(text, strict=rng.random() < 0.5)


def _observation_from_json(rng: random.Random) -> None:
    text = mutate_document(rng.choice(observation_documents()), rng)
    cr.observation_from_json(text, strict=rng.random() < 0.5)


def _parse_move(rng: random.Random) -> None:
    move = cr.parse_move(mutate_move_text(rng.choice(move_texts()), rng))
    assert cr.parse_move(str(move)) == move


def _apply(rng: random.Random) -> None:
    state = rng.choice(game_states())
    after = cr.apply(state, arbitrary_move(state, rng))
    assert cr.from_json(cr.to_json(after)) == after


def _position(rng: random.Random) -> None:
    state = rng.choice(game_states())
    arguments: dict[str, Any] = {
        "board": dict(state.board),
        "players": [p.replace(pile=type(p.pile)(())) for p in state.players],
        "display": state.display,
        "current": state.current,
        "seed": rng.choice((None, 0, 7)),
    }
    name = rng.choice((*arguments, "covered", "jungle_pile", "map_board", "hut_supply", "emperor"))
    value = arguments.get(name)
    if isinstance(value, dict) and value and rng.random() < 0.5:
        square = rng.choice(list(value))
        value = dict(value)
        value[rng.choice(((10**7, 1), (3000, 3000), (1, 0), square))] = value.pop(square)
        arguments[name] = value
    else:
        arguments[name] = copy.deepcopy(rng.choice(_ODD_VALUES))
    made = cr.position(state.config, **arguments)
    cr.from_json(cr.to_json(made), strict=False)


def _decode(rng: random.Random) -> None:
    state = rng.choice(game_states())
    space = cr.ActionSpace(state.config)
    legal = space.legal_actions(state) or (0,)
    action: Any = rng.choice(
        (
            rng.choice(legal),
            rng.randrange(-5, space.size + 5),
            rng.choice(_ODD_VALUES),
            float(rng.randrange(9)),
        )
    )
    move = space.decode(state, action)
    assert space.encode(state, move) == action


@functools.cache
def _environment(players: int) -> Any:
    """One PettingZoo environment per player count, reset for every input (as a server or a
    trainer reuses one), so that the inputs, not the environment's construction, take the
    time."""
    from cacao_rules import pettingzoo

    return pettingzoo.env(players=players)


def _pettingzoo(rng: random.Random) -> None:
    env = _environment(rng.choice((2, 3)))
    env.reset(seed=rng.randrange(1000))
    for _ in range(rng.randint(1, 4)):
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = mask.nonzero()[0].tolist()  # the ids the mask allows, as Python ints
        action = rng.choice(
            (rng.choice(legal), rng.choice(_ODD_VALUES), rng.randrange(-3, len(mask) + 3))
        )
        env.step(action)


def _observe(rng: random.Random) -> None:
    """``observe`` of a state (or junk) for a seat (or junk), the observation's tensor, and
    a determinization of it with odd seeds, which must give the same observation."""
    state = rng.choice(game_states())
    target: Any = state if rng.random() < 0.9 else rng.choice(_ODD_VALUES)
    seat: Any = rng.randrange(-1, state.config.players + 1)
    seen = cr.observe(target, seat if rng.random() < 0.8 else rng.choice(_ODD_VALUES))
    cr.observation_tensor(seen)
    seed = rng.randrange(2**64) if rng.random() < 0.8 else rng.choice(_ODD_VALUES)
    chance = (
        rng.choice((None, rng.randrange(2**64))) if rng.random() < 0.8 else rng.choice(_ODD_VALUES)
    )
    twin = cr.determinize(seen, seed, chance_seed=chance)
    assert cr.observe(twin, seen.player) == seen


def _encode(rng: random.Random) -> None:
    """``ActionSpace.encode`` of an odd move (or a state of another game), and the legal ids
    and mask of a state or junk; what is encoded must decode to the same move."""
    state = rng.choice(game_states())
    space = cr.ActionSpace(rng.choice(CONFIGS) if rng.random() < 0.1 else state.config)
    target: Any = state if rng.random() < 0.9 else rng.choice(_ODD_VALUES)
    move = arbitrary_move(state, rng)
    action = space.encode(target, move)
    assert space.decode(target, action) == move
    space.action_mask(target)
    assert action in space.legal_actions(target)


def _config(rng: random.Random) -> None:
    """``Config`` with one to three fields of a real configuration swapped for odd values."""
    config = rng.choice(CONFIGS)
    fields = dict(zip(Config.FIELDS, config.values(), strict=True))
    for _ in range(rng.randint(1, 3)):
        fields[rng.choice(list(fields))] = copy.deepcopy(rng.choice(_ODD_VALUES))
    made = Config(**fields)
    assert cr.new_game(made, seed=1).config == made


def _openspiel(rng: random.Random) -> None:
    """OpenSpiel's ``apply_action`` with legal ids and arbitrary ones (the binding itself
    refuses what is no integer, and -1, before the adapter sees it)."""
    import pyspiel

    import cacao_rules.openspiel  # noqa: F401  # registers the game

    state = pyspiel.load_game("python_cacao", {"players": rng.choice((2, 3))}).new_initial_state()
    for _ in range(rng.randint(1, 30)):
        legal = state.legal_actions()
        action = rng.choice(legal) if rng.random() < 0.97 else rng.randrange(0, 2**31)
        state.apply_action(action)
        state.information_state_string(rng.randrange(state.num_players()))


@functools.cache
def _spiel_game(players: int) -> Any:
    import pyspiel

    import cacao_rules.openspiel  # noqa: F401  # registers the game

    return pyspiel.load_game("python_cacao", {"players": players})


@_generating
@functools.cache
def spiel_texts() -> tuple[str, ...]:
    """Serializations of OpenSpiel states along random games of 2 and 3 players."""
    rng = random.Random(22)
    texts = []
    for players in (2, 3):
        state = _spiel_game(players).new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if rng.random() < 0.05:
                texts.append(state.serialize())
    return tuple(texts)


def _crafted_pickle() -> str:
    """What OpenSpiel's default serialization puts on its last line: a pickle (of a harmless
    object that names a callable, as an attacker's would)."""
    import base64
    import pickle

    return "__dict__=" + base64.b64encode(pickle.dumps({"_core": print})).decode()


@_generating
def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` with 1 to 3 mutations of its characters, lines or size."""
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        at = rng.randrange(len(text) + 1)
        if choice < 0.4 and text:
            text = text[:at] + rng.choice(':,-=0123456789"[]{}\n ;x') + text[at + 1 :]
        elif choice < 0.55:
            lines = text.split("\n")
            if rng.random() < 0.5:
                rng.shuffle(lines)
            else:
                lines.pop(rng.randrange(len(lines)))
            text = "\n".join(lines)
        elif choice < 0.65:
            text = (
                text[:at] + text[at : at + rng.randint(1, 50)] * rng.choice((2, 1000)) + text[at:]
            )
        elif choice < 0.75:
            text = text[:at]
        elif choice < 0.85:
            lines = text.split("\n")
            lines[-1] = _crafted_pickle()
            text = "\n".join(lines)
        else:
            text = (
                text[:at]
                + rng.choice(("\ud800", "\x00", "9" * 50, "-1:0,", "0:999999,"))
                + text[at:]
            )
    return text


def _spiel_round_trip(rng: random.Random) -> None:
    """``deserialize_state`` of a serialization, or of a mutated one; after each input a new
    game must still start as it should (a bad text must change nothing of the process)."""
    text = rng.choice(spiel_texts())
    game = _spiel_game(2 if '"players":2' in text else 3)
    mutated = text if rng.random() < 0.1 else mutate_text(text, rng)
    try:
        state = game.deserialize_state(mutated)
        assert game.deserialize_state(state.serialize()).history() == state.history()
    finally:
        fresh = game.new_initial_state()
        assert fresh.cacao_state == cr.new_game(fresh.cacao_state.config)


def _pettingzoo_reset(rng: random.Random) -> None:
    """``reset`` with odd seeds (NumPy integers of every width, negative, huge, no integer),
    then a few steps with odd actions."""
    import numpy as np

    env = _environment(rng.choice((2, 3)))
    seed: Any = rng.choice(
        (
            rng.randrange(2**64),
            np.int64(rng.randrange(2**63)),
            np.uint8(rng.randrange(256)),
            np.uint64(rng.randrange(2**64)),
            -1,
            2**200,
            1.5,
            "1",
            None,
            np.float32(3),
            True,
        )
    )
    env.reset(seed=seed)
    mask = env.observe(env.agent_selection)["action_mask"]
    action = rng.choice((int(mask.nonzero()[0][0]), rng.choice(_ODD_VALUES), np.int32(-1)))
    env.step(action)


@_generating
@functools.cache
def record_texts() -> tuple[str, ...]:
    """Game records of seeded and unseeded random games of a few configurations."""
    texts = []
    for index, config in enumerate(CONFIGS[:4]):
        for seed in (index, None):
            rng = random.Random(index)
            state = cr.new_game(config, seed)
            record = cr.GameRecord.start(config, seed, tags={"Event": "fuzz"})
            while not state.is_over:
                move = rng.choice(cr.legal_moves(state))
                record = record.with_move(move, "a comment" if rng.random() < 0.05 else None)
                state = cr.apply(state, move)
            texts.append(record.to_text())
    return tuple(texts)


def _record_from_text(rng: random.Random) -> None:
    """``GameRecord.from_text`` of a record with mutated characters or lines, oversized and
    hostile lines (a 4 MB tag, long runs of spaces, escapes, semicolons)."""
    text = rng.choice(record_texts())
    if rng.random() < 0.3:
        hostile = rng.choice(
            (
                '[Event "' + "x" * rng.choice((4000, 5000, 3_900_000)) + '"]',
                '[Event "' + '\\"' * rng.choice((1000, 3000)) + '"]',
                "1. s0 x" + " " * rng.choice((100, 4000)) + "x",
                "1. s0 " + ";" * 4000,
                "[" * 4000,
                "\ud800",
            )
        )
        lines = text.split("\n")
        lines.insert(rng.randrange(len(lines)), hostile)
        text = "\n".join(lines)
    else:
        text = mutate_text(text, rng)
    record = cr.GameRecord.from_text(text)
    assert cr.GameRecord.from_text(record.to_text()) == record


@functools.cache
def _planted_file() -> Path:
    """The file a planted ``touch`` would make: its existence is a command run from data."""
    return Path(tempfile.mkdtemp(prefix="cacao-fuzz-")) / "OWNED"


def _planted_seat(rng: random.Random) -> str:
    """A seat name as a hostile record could give it: a program, hidden or not, or junk."""
    touch = f"touch {_planted_file()}"
    return rng.choice(
        (
            f"exec:{touch}",
            f" exec:{touch}",
            f"EXEC:{touch}",
            f"exec: {touch}",
            f"human,exec:{touch}",
            f"greedy exec:{touch}",
            f"mcts:1s,exec:{touch}",
            "exec:",
            rng.choice(("human", "greedy", "random", "mcts", "mcts:250ms", "Human ")),
            mutate_text(f"exec:{touch}", rng),
        )
    )


def _resumed_seats(rng: random.Random) -> None:
    """A record whose seat tags are planted (:func:`_planted_seat`), read as ``play --resume``
    reads it: the seats kept are people and built-in bots, and nothing ran."""
    record = cr.GameRecord.from_text(rng.choice(record_texts()))
    seats = tuple(_planted_seat(rng) for _ in record.seats)
    text = cr.GameRecord.from_text(record.to_text()).replace(seats=seats).to_text()
    try:
        kept = resumed_seats(cr.GameRecord.from_text(text).seats)
    finally:
        assert not _planted_file().exists(), "a planted command ran"
    for name in kept:
        assert name == HUMAN or not bot_factory(name).command, name


# --- the bot protocol, both directions ---------------------------------------------------------


class Refused(Exception):
    """An input that an entry point refused in its own way rather than by raising: ``serve``
    reports a line it cannot answer and skips it."""


ECHO_PROGRAM = (
    "head -n 1 >/dev/null; "  # hello
    'if [ "$2" = ready ]; then cat "$1"; else echo \'{"type":"ready","name":"echo"}\'; '
    "head -n 2 >/dev/null; "  # new_game and choose
    'cat "$1"; fi; '
    "head -n 1 >/dev/null"  # quit
)
"""A program (``sh -c``) that answers ``hello`` with the file ``$1`` when ``$2`` is
``ready``, else with a ``ready`` message and then its first ``choose`` with the file."""


@_generating
def program_line(state: cr.State, rng: random.Random, kind: str) -> bytes:
    """A line a program might write as its ``kind`` message (``ready`` or ``move``): a valid
    one mutated as documents are, or raw bytes (invalid UTF-8, control characters, a second
    line, more than 1 MiB), always ending with a newline (so that no input waits for one)."""
    listed = [str(move) for move in cr.legal_moves(state)]
    space = cr.ActionSpace(state.config)
    if kind == "ready":
        good: dict[str, Any] = {"type": "ready", "name": "fuzz", "options": {"level": 1}}
    else:
        good = rng.choice(
            (
                {"type": "move", "index": rng.randrange(len(listed))},
                {"type": "move", "move": rng.choice(listed)},
                {"type": "move", "action": space.encode(state, rng.choice(cr.legal_moves(state)))},
            )
        )
    text = json.dumps(good)
    if rng.random() < 0.8:
        text = mutate_document(text, rng)
    line = text.encode("utf-8", errors="surrogatepass")
    choice = rng.random()
    if choice < 0.05:
        line = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
    elif choice < 0.08:
        line = b'{"type": "move", "move": "' + b"x" * (1 << 20) + b'"}'
    elif choice < 0.12:
        line = line + b"\n" + line
    return line + b"\n"


def program_says(line: bytes, state: cr.State, tmp: str, at_hello: bool = False) -> cr.Move | None:
    """The move a :class:`~cacao_rules.ProgramBot` takes from a program that writes ``line``
    as its answer to its first ``choose`` in ``state`` (or ``None`` when ``at_hello``: the
    line answers ``hello``), the bot made for the seat to move; any failure must be a
    ``BotError`` that names that seat, and the program must be stopped."""
    from cacao_rules.agents.program import ProgramBot, bot_for_seat

    seat = state.to_move
    assert seat is not None
    path = f"{tmp}/line"
    with open(path, "wb") as file:
        file.write(line)
    command = ["sh", "-c", ECHO_PROGRAM, "sh", path, "ready" if at_hello else "move"]
    bot: ProgramBot | None = None
    try:
        made = bot_for_seat(lambda _: ProgramBot(command, time_ms=1000), 0, seat)
        assert isinstance(made, ProgramBot)
        bot = made
        if at_hello:
            return None
        move = bot.choose(state)
        assert move in cr.legal_moves(state)
        return move
    except cr.BotError as error:
        assert error.seat == seat, f"{error!r} names seat {error.seat}, not {seat}"
        assert bot is None or bot._process.poll() is not None, "the program was not stopped"
        raise
    finally:
        if bot is not None:
            bot.close()


def _program_bot(rng: random.Random) -> None:
    """A line a program writes, read by ``ProgramBot``: a move, or a ``BotError`` naming the
    program's seat, never another exception."""
    import tempfile

    state = rng.choice([state for state in game_states() if state.to_move is not None])
    at_hello = rng.random() < 0.2
    line = program_line(state, rng, "ready" if at_hello else "move")
    with tempfile.TemporaryDirectory() as tmp:
        program_says(line, state, tmp, at_hello)


@_generating
def host_line(rng: random.Random) -> str:
    """A line a host might send a program: one of its messages (``choose`` with a real
    observation), mutated as documents are."""
    state = rng.choice([state for state in game_states() if state.to_move is not None])
    seat = state.to_move
    assert seat is not None
    observation = json.loads(cr.observation_to_json(cr.observe(state, seat)))
    listed = [str(move) for move in cr.legal_moves(state)]
    message = rng.choice(
        (
            {"type": "hello", "protocol": "cacao-bot/1", "library": cr.__version__},
            {"type": "set_options", "options": {"level": 2}},
            {"type": "new_game", "seat": seat, "config": observation["config"]},
            {
                "type": "choose",
                "observation": observation,
                "legal_moves": listed,
                "legal_actions": list(range(len(listed))),
                "time_ms": 100,
            },
            {"type": "game_over", "scores": [1, 2], "winners": [0]},
            {"type": "quit"},
        )
    )
    text = json.dumps(message)
    return mutate_document(text, rng) if rng.random() < 0.8 else text


def serve_answers(line: str) -> list[str]:
    """What ``serve`` answers to ``line``, a line from a host, with a random bot; raises
    :class:`Refused` when it reported the line and skipped it, anything else a finding."""
    import contextlib
    import io

    from cacao_rules.agents.program import serve

    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(stderr):
        serve(cr.RandomBot(1), io.StringIO(line.replace("\n", " ") + "\n"), stdout)
    if stderr.getvalue():
        assert stderr.getvalue().startswith("cacao-bot: skipped "), stderr.getvalue()[:200]
        assert not stdout.getvalue(), "a line both answered and skipped"
        raise Refused(stderr.getvalue())
    return stdout.getvalue().splitlines()


def _serve(rng: random.Random) -> None:
    """A line a host sends, read by ``serve``: answered or reported and skipped."""
    for answer in serve_answers(host_line(rng)):
        assert json.loads(answer)["type"] in ("ready", "move")


ENTRY_POINTS: dict[str, Callable[[random.Random], None]] = {
    "from_json": _from_json,
    "observation_from_json": _observation_from_json,
    "parse_move": _parse_move,
    "apply": _apply,
    "position": _position,
    "ActionSpace.decode": _decode,
    "pettingzoo.step": _pettingzoo,
    "observe": _observe,
    "ActionSpace.encode": _encode,
    "Config": _config,
    "openspiel.apply_action": _openspiel,
    "openspiel.deserialize_state": _spiel_round_trip,
    "pettingzoo.reset": _pettingzoo_reset,
    "GameRecord.from_text": _record_from_text,
    "play --resume seats": _resumed_seats,
    "ProgramBot": _program_bot,
    "serve": _serve,
}

SECONDS_PER_INPUT = 10.0
"""The longest one input may take: a slower call is a finding (a hang, or work that grows
faster than the input)."""


def _allowed(name: str) -> tuple[type[BaseException], ...]:
    """The exceptions that entry point ``name`` may raise, refusing an input: a
    :class:`cacao_rules.CacaoError`, the library's own ``TypeError`` (see :func:`_is_finding`)
    and :class:`Refused`; Gymnasium's own error for a seed that is no non-negative integer;
    for a bot program, a :class:`cacao_rules.BotError` alone."""
    if name == "pettingzoo.reset":
        import gymnasium

        return (cr.CacaoError, TypeError, gymnasium.error.Error)
    if name == "ProgramBot":
        return (cr.BotError,)  # a program's failure, checked to name its seat
    return (cr.CacaoError, TypeError, Refused)


def _is_finding(error: BaseException) -> bool:
    """Whether an allowed exception is still a finding: a message without bound, or a
    ``TypeError`` that is not the library's own refusal of a value of the wrong type (which
    says what the value must be, ``DESIGN.md`` section 2) but a crash inside."""
    if len(str(error)) > MAX_MESSAGE:
        return True
    return isinstance(error, TypeError) and not any(
        word in str(error) for word in (TYPE_CHECK, " must be ", " needs ")
    )


@dataclasses.dataclass
class Outcome:
    """What an entry point did with its inputs: how many it accepted (returned normally) and
    refused (raised an allowed exception), and the findings, one line each. A target whose
    inputs are all accepted, or all refused, may have stopped testing what it should."""

    accepted: int = 0
    refused: int = 0
    findings: list[str] = dataclasses.field(default_factory=list)


def run(name: str, budget: int, seed: int = 0) -> Outcome:
    """Feed ``budget`` inputs to entry point ``name``."""
    target = ENTRY_POINTS[name]
    allowed = _allowed(name)
    outcome = Outcome()
    findings = outcome.findings
    for index in range(budget):
        rng = random.Random(f"{name}/{seed}/{index}")
        start = time.perf_counter()
        _GENERATING[0] = 0.0
        try:
            target(rng)
            outcome.accepted += 1
        except allowed as error:
            outcome.refused += 1
            if _is_finding(error):
                findings.append(
                    f"{name} #{index}: {type(error).__name__} ({len(str(error))} characters): "
                    f"{str(error)[:200]}"
                )
        except Exception as error:  # any other exception is a finding, MemoryError too
            findings.append(f"{name} #{index}: {type(error).__name__}: {str(error)[:200]}")
        took = time.perf_counter() - start - _GENERATING[0]
        if took > SECONDS_PER_INPUT:
            findings.append(f"{name} #{index}: took {took:.1f} s")
    return outcome


def main(argv: list[str] | None = None) -> int:
    """``python tests/fuzz_targets.py [--budget N] [--only NAME]``: run the fuzz suite."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=100_000, help="inputs per entry point")
    parser.add_argument("--only", choices=list(ENTRY_POINTS), action="append")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--memory-mb",
        type=int,
        default=4096,
        help="the process's address space cap: an input that needs more is a finding",
    )
    options = parser.parse_args(argv)
    if options.memory_mb and sys.platform == "linux":
        import resource

        cap = options.memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    failed = False
    for name in options.only or ENTRY_POINTS:
        start = time.perf_counter()
        outcome = run(name, options.budget, options.seed)
        took = time.perf_counter() - start
        print(
            f"{name}: {options.budget} inputs in {took:.0f} s: accepted {outcome.accepted}, "
            f"refused {outcome.refused}, {len(outcome.findings)} findings"
        )
        for line in outcome.findings[:20]:
            print("   ", line)
        failed = failed or bool(outcome.findings)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
