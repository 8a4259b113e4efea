"""The decision a user interface draws: the legal moves as a tree of questions and answers.

A front end (the server's page, a desktop app, a bot's debug view) should not know the rules
to offer a decision: :func:`decision_tree` turns the legal moves into the questions a player
answers one click at a time (which hand tile, which square, which way round; which tile on
each space; which edge, how many workers, which gems), so that every legal move is reachable by
exactly one path of answers, and nothing else is. Each answer carries its words, the notation
part it picks, and, where a click on the board picks it, the square (and edge) it stands on.

The tree is built from :func:`~cacao_rules.legal_moves` alone: each question sorts the moves
left by one of their fields (the tile's type, the square, the rotation, the tile on a space,
the edge, the workers used, the bars, the gems), in the order of the moves, and the state only
lends words (the tile an edge faces, what happens to a space left without a face-up tile).
A question whose answers would all agree is never asked: its answer is taken on the way (a
1-1-1-1 looks the same every way round, so its square is the last click).

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=42)
>>> tree = cr.decision_tree(state)
>>> tree.kind, [answer.value for answer in tree.answers]
(<QuestionKind.HAND_TILE: 'hand_tile'>, ['1-1-1-1', '2-1-0-1'])
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, Final, NamedTuple

import attrs

from ..engine import legal_moves
from ..errors import expect
from ..game.components import GEM_COLOURS, JungleTile, Side, WorkerType
from ..game.geometry import Square, format_square
from ..game.moves import (
    BuildHut,
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
from ..observation import private_chance_seat
from ..state.state import ActivatedEdge, FillStep, ResolveStep, State
from .tile_words import tile_title


class QuestionKind(enum.Enum):
    """What a :class:`Question` asks for; the value is its name in the JSON document."""

    HAND_TILE = "hand_tile"
    """Which worker tile of the hand to place (or to set aside when none fits)."""
    SQUARE = "square"
    """Where the chosen tile goes: an empty square, or the player's own tile to overbuild."""
    ROTATION = "rotation"
    """How the chosen tile is turned on its square (only the turns that differ)."""
    JUNGLE_TILE = "jungle_tile"
    """Which jungle tile goes on one space: from the display, from the map board, or none."""
    EDGE = "edge"
    """Which of the player's activated edges to resolve next."""
    WORKERS = "workers"
    """How many workers of the edge to use."""
    BARS = "bars"
    """At a chocolate market: how many of the workers sell a chocolate bar."""
    GEMS = "gems"
    """At a gem mine: which gems the workers take."""
    SLIDE = "slide"
    """Which map-board tile slides into the display."""
    HUT = "hut"
    """Which hut to build, or none."""
    OUTCOME = "outcome"
    """A chance event's outcome, when the caller supplies the draws (``seed=None``)."""


@attrs.frozen
class Answer:
    """One answer to a :class:`Question`: ``label`` in words, ``value`` the part of the move
    notation it picks (``"2-1-0-1"``, ``"1,0"``, ``"r1"``, ``"map:M3"``, ``"1,0 W"``, ...,
    unique within its question), and the ``square`` (with the edge's ``side`` for an edge)
    where a click on the board picks it, or ``None`` where no square does. Exactly one of
    ``move`` (the answer completes the move) and ``then`` (the next question) is set."""

    label: str
    value: str
    square: Square | None
    side: Side | None
    move: Move | None
    then: Question | None


@attrs.frozen
class Question:
    """A question of a :func:`decision_tree`: what it asks (``kind``, and ``prompt`` in
    words), the ``square`` (and edge ``side``) it is about, if any (the square of the tile
    being turned, the space being filled, the edge being resolved), and its ``answers`` in
    the order of :func:`~cacao_rules.legal_moves`."""

    kind: QuestionKind
    prompt: str
    square: Square | None
    side: Side | None
    answers: tuple[Answer, ...]

    def moves(self) -> tuple[Move, ...]:
        """The moves at the leaves below this question, depth first."""
        return tuple(_leaves(self))


def _leaves(question: Question) -> Iterator[Move]:
    for answer in question.answers:
        if answer.move is not None:
            yield answer.move
        elif answer.then is not None:
            yield from _leaves(answer.then)


# --- the questions on the way to each move ------------------------------------------------


class _Asked(NamedTuple):
    """A question in words: the same for all the answers to it, since it is worked out from
    the fields that the answers before it fixed."""

    kind: QuestionKind
    prompt: str
    square: Square | None = None
    side: Side | None = None


class _Words(NamedTuple):
    """An answer in words: its label, its value, and the square (and side) it stands on."""

    label: str
    value: str
    square: Square | None = None
    side: Side | None = None


_Edge = tuple[Square, Side]


class _Context(NamedTuple):
    """What the words of one decision read besides the moves: the state; the edges whose
    legal moves choose bars or gems (a question is asked about them only there, never about
    a choice no move makes); and a fill's questions, one per space."""

    state: State
    bars: frozenset[_Edge]
    gems: frozenset[_Edge]
    fill: tuple[_Level, ...]


class _Level(NamedTuple):
    """One question on the way to a move. ``key`` reads, from each move, what its answer
    picks (a field: it is read from every move, so it is cheap); ``asked`` says the
    question, once, and ``words`` each answer, once, from any move it leads to. ``name``
    keeps apart the answers of different levels to one question (a hut, or the pass)."""

    name: str
    key: Callable[[Any], Hashable]
    asked: Callable[[Any, _Context], _Asked]
    words: Callable[[Any, _Context], _Words]


def _field(name: str) -> Callable[[Any], Hashable]:
    """The key that reads a move's field ``name``."""
    return lambda move: getattr(move, name)


def _always(asked: _Asked) -> Callable[[Any, _Context], _Asked]:
    """The words of a question that are the same in every decision."""
    return lambda move, context: asked


# placement


_TURNED: Final = ("as printed", "turned 90°", "turned 180°", "turned 270°")
_TURNS: Final = {
    (kind, rotation): f"{_TURNED[rotation]}: " + "-".join(map(str, kind.rotated(rotation)))
    for kind in WorkerType
    for rotation in range(4)
}
"""A turn of a worker tile in words, with its workers as placed (N-E-S-W)."""


def _tile_words(move: Place | Overbuild | DrawWorker, context: _Context) -> _Words:
    return _Words(move.type.value, move.type.value)


def _square_asked(move: Place | Overbuild, context: _Context) -> _Asked:
    return _Asked(QuestionKind.SQUARE, f"Where does {move.type.value} go?")


def _square_words(move: Place | Overbuild, context: _Context) -> _Words:
    where = format_square(move.square)
    label = f"overbuild {where}" if isinstance(move, Overbuild) else where
    return _Words(label, where, move.square)


def _rotation_asked(move: Place | Overbuild, context: _Context) -> _Asked:
    prompt = f"Which way round is {move.type.value} on {format_square(move.square)}?"
    return _Asked(QuestionKind.ROTATION, prompt, move.square)


def _rotation_words(move: Place | Overbuild, context: _Context) -> _Words:
    return _Words(_TURNS[move.type, move.rotation], f"r{move.rotation}")


def _discard_words(move: Discard, context: _Context) -> _Words:
    return _Words(f"set {move.type.value} aside", move.type.value)


_PLACEMENT: Final = (
    _Level(
        "tile",
        _field("type"),
        _always(_Asked(QuestionKind.HAND_TILE, "Which worker tile?")),
        _tile_words,
    ),
    _Level("square", lambda move: (type(move), move.square), _square_asked, _square_words),
    _Level("rotation", _field("rotation"), _rotation_asked, _rotation_words),
)
_DISCARD: Final = _Level(
    "discard",
    _field("type"),
    _always(_Asked(QuestionKind.HAND_TILE, "No tile fits: which worker tile is set aside?")),
    _discard_words,
)

# fill


def _fill_levels(state: State) -> tuple[_Level, ...]:
    """A fill's questions: for each space to fill, which tile goes there."""
    step = state.step
    if not isinstance(step, FillStep):
        return ()
    none = _unfilled(state, len(step.spaces))
    return tuple(_fill_level(space, none) for space in step.spaces)


def _fill_level(space: Square, none: str) -> _Level:
    where = format_square(space)
    asked = _Asked(QuestionKind.JUNGLE_TILE, f"Which jungle tile goes on {where}?", space)

    def key(move: Fill) -> FillChoice | None:
        for choice in move.choices:
            if choice.square == space:
                return choice
        return None

    def words(move: Fill, context: _Context) -> _Words:
        choice = key(move)
        if choice is None:
            return _Words(f"{where}: {none}", "none")
        code = choice.tile.code
        tile = _tile_name(choice.tile)
        if choice.from_map:
            return _Words(f"{tile} on {where}, from the map board (1 map tile)", f"map:{code}")
        return _Words(f"{tile} on {where}, from the display", code)

    return _Level("fill", key, _always(asked), words)


def _unfilled(state: State, spaces: int) -> str:
    """What happens to a space that gets no face-up tile, in words."""
    pile = state.jungle_pile.total
    if not pile:
        return "no tile: it stays empty (the pile is empty)"
    if pile < spaces:
        return "a blind draw from the pile, while it lasts"
    return "a blind draw from the pile"


# resolve


def _edge_name(move: Resolve) -> str:
    return f"{format_square(move.square)} {move.side.name}"


def _edge_words(move: Resolve, context: _Context) -> _Words:
    return _Words(_edge_label(context.state, move), _edge_name(move), move.square, move.side)


def _edge_label(state: State, move: Resolve) -> str:
    """The edge in words: where it is, its workers and the jungle tile it faces."""
    activated = _activated(state, move)
    if activated is None:
        return _edge_name(move)
    facing = state.board.get(activated.jungle_square)
    code = facing.code if isinstance(facing, JungleTile) else "?"
    workers = _count(activated.workers, "worker") if activated.workers else "no worker"
    return f"{_edge_name(move)}: {workers} at {code}"


def _activated(state: State, move: Resolve) -> ActivatedEdge | None:
    """The activated edge that ``move`` resolves, as the queue holds it."""
    step = state.step
    queue: Sequence[ActivatedEdge] = step.queue if isinstance(step, ResolveStep) else ()
    for activated in queue:
        if activated.square == move.square and activated.side == move.side:
            return activated
    return None


def _workers_asked(move: Resolve, context: _Context) -> _Asked:
    prompt = f"How many workers of {_edge_name(move)} are used?"
    return _Asked(QuestionKind.WORKERS, prompt, move.square, move.side)


def _workers_words(move: Resolve, context: _Context) -> _Words:
    used = move.workers
    if not used:
        return _Words("use none", "0")
    activated = _activated(context.state, move)
    if activated is not None and not activated.workers:  # an edge with no worker (R-TREE-3)
        return _Words("use the edge with no worker", str(used))
    return _Words(f"use {_count(used, 'worker')}", str(used))


def _bars_asked(move: Resolve, context: _Context) -> _Asked:
    used = move.workers
    if used == 1:
        prompt = "Does the worker sell a chocolate bar (or a cacao fruit)?"
    else:
        prompt = f"How many of the {used} workers sell a chocolate bar (the others a cacao fruit)?"
    return _Asked(QuestionKind.BARS, prompt, move.square, move.side)


def _bars_words(move: Resolve, context: _Context) -> _Words:
    sold = f"sell {_count(move.bars, 'bar')} and {move.workers - move.bars} cacao"
    return _Words(sold, f"b{move.bars}")


def _gems_asked(move: Resolve, context: _Context) -> _Asked:
    used = move.workers
    prompt = (
        "Which gem does the worker take?"
        if used == 1
        else f"Which gems do the {used} workers take?"
    )
    return _Asked(QuestionKind.GEMS, prompt, move.square, move.side)


def _gems_words(move: Resolve, context: _Context) -> _Words:
    taken = [
        f"{count} {colour}" for count, colour in zip(move.gems, GEM_COLOURS, strict=True) if count
    ]
    label = "take " + ", ".join(taken) if taken else "take no gem"
    return _Words(label, "g" + "".join(map(str, move.gems)))


def _count(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


_EDGE: Final = (
    _Level(
        "edge",
        lambda move: (move.square, move.side),
        _always(_Asked(QuestionKind.EDGE, "Which activated edge is resolved next?")),
        _edge_words,
    ),
    _Level("workers", _field("workers"), _workers_asked, _workers_words),
)
_BARS: Final = _Level("bars", _field("bars"), _bars_asked, _bars_words)
_GEMS: Final = _Level("gems", _field("gems"), _gems_asked, _gems_words)


def _resolve_levels(move: Resolve, context: _Context) -> tuple[_Level, ...]:
    """Which edge and how many workers; then, for workers at an edge where the legal moves
    differ in them, the bars sold or the gems taken."""
    edge = (move.square, move.side)
    if not move.workers:
        return _EDGE
    bars = (_BARS,) if edge in context.bars else ()
    return _EDGE + bars + ((_GEMS,) if edge in context.gems else ())


# the map board, the hut, chance


def _tile_name(tile: JungleTile) -> str:
    """A jungle tile by its code, as the board writes it, and in words: ``M2 market (sells
    at 2)``."""
    return f"{tile.code} {tile_title(tile)}"


def _code_words(move: Slide | DrawJungle, context: _Context) -> _Words:
    return _Words(_tile_name(move.tile), move.tile.code)


def _build_words(move: BuildHut, context: _Context) -> _Words:
    return _Words(f"build the {move.hut.value} ({move.hut.cost} gold)", move.hut.value)


def _pass_words(move: PassHut, context: _Context) -> _Words:
    return _Words("build no hut", PassHut.VERB)


def _drawn_asked(move: DrawWorker, context: _Context) -> _Asked:
    seat = private_chance_seat(context.state)
    prompt = (
        "Which worker tile is drawn?"
        if seat is None
        else f"Which worker tile does seat {seat} draw?"
    )
    return _Asked(QuestionKind.OUTCOME, prompt)


def _hut_words(move: HutSide, context: _Context) -> _Words:
    return _Words(move.hut.value, move.hut.value)


_HUT: Final = _always(_Asked(QuestionKind.HUT, "Build a hut?"))


def _one(level: _Level) -> Callable[[Any, _Context], tuple[_Level, ...]]:
    """The levels of a move class asked in a single question."""
    levels = (level,)
    return lambda move, context: levels


_LEVELS: Final[dict[type, Callable[[Any, _Context], tuple[_Level, ...]]]] = {
    Place: lambda move, context: _PLACEMENT,
    Overbuild: lambda move, context: _PLACEMENT,
    Discard: _one(_DISCARD),
    Fill: lambda move, context: context.fill,
    Resolve: _resolve_levels,
    Slide: _one(
        _Level(
            "slide",
            _field("tile"),
            _always(_Asked(QuestionKind.SLIDE, "Which map-board tile slides into the display?")),
            _code_words,
        )
    ),
    BuildHut: _one(_Level("build", _field("hut"), _HUT, _build_words)),
    PassHut: _one(_Level("pass", lambda move: None, _HUT, _pass_words)),
    DrawWorker: _one(_Level("draw", _field("type"), _drawn_asked, _tile_words)),
    DrawJungle: _one(
        _Level(
            "draw",
            _field("tile"),
            _always(_Asked(QuestionKind.OUTCOME, "Which jungle tile is drawn?")),
            _code_words,
        )
    ),
    HutSide: _one(
        _Level(
            "side",
            _field("hut"),
            _always(_Asked(QuestionKind.OUTCOME, "Which side of the hut tile lands face up?")),
            _hut_words,
        )
    ),
}
"""For each move class, the questions on the way to one of its moves, in the order asked."""


def _context(state: State, moves: Sequence[Move]) -> _Context:
    resolves = [move for move in moves if isinstance(move, Resolve)]
    bars = frozenset((move.square, move.side) for move in resolves if move.bars)
    gems = frozenset((move.square, move.side) for move in resolves if any(move.gems))
    return _Context(state, bars, gems, _fill_levels(state))


# --- the tree -----------------------------------------------------------------------------


def decision_tree(state: State) -> Question | None:
    """The legal moves of ``state`` as questions a player answers one at a time, or
    ``None`` when the game is over.

    Every legal move is the leaf of exactly one path of answers, and every leaf is a legal
    move. A placement asks which hand tile, then which square (the ones of
    :func:`~cacao_rules.placement_squares` for that tile, overbuilds included), then which
    way round; a fill asks, space by space, which tile goes there; a resolve asks which
    edge, how many of its workers, and at a chocolate market or a gem mine what they take;
    the map board's slide, the hut and a chance outcome are one question each. A question
    whose answers would all be the same is left out, its answer taken on the way, so no
    question but a decision of one move offers a single answer. See the user-interface
    guide (docs/ui.md) for examples, and :func:`~cacao_rules.decision_to_json` for the same
    tree as a JSON document.
    """
    moves = legal_moves(expect(state, State))
    if not moves:
        return None
    context = _context(state, moves)
    entries = [(_LEVELS[type(move)](move, context), move) for move in moves]
    root = _question(entries, 0, context)
    while len(root.answers) == 1 and root.answers[0].then is not None:
        root = root.answers[0].then
    return root


_Entry = tuple[tuple[_Level, ...], Move]


def _question(entries: list[_Entry], depth: int, context: _Context) -> Question:
    """The question at ``depth`` on the way to the moves of ``entries``, which share the
    answers before it."""
    groups: dict[tuple[str, Hashable], list[_Entry]] = {}
    for entry in entries:
        level = entry[0][depth]
        groups.setdefault((level.name, level.key(entry[1])), []).append(entry)
    answers = tuple(_answer(group, depth, context) for group in groups.values())
    asked = entries[0][0][depth].asked(entries[0][1], context)
    return Question(asked.kind, asked.prompt, asked.square, asked.side, answers)


def _answer(group: list[_Entry], depth: int, context: _Context) -> Answer:
    """The answer at ``depth`` leading to the moves of ``group``: the move itself when it is
    the last question on its way, else the next question; or, when that question would have
    a single answer, that answer taken on the way (its words added to the label, so that the
    label still says all that the answer decides)."""
    levels, move = group[0]
    words = levels[depth].words(move, context)
    label, value, square, side = words.label, words.value, words.square, words.side
    if len(group) == 1 and len(levels) == depth + 1:
        return Answer(label, value, square, side, move, None)
    then = _question(group, depth + 1, context)
    if len(then.answers) == 1:
        only = then.answers[0]
        return Answer(f"{label}; {only.label}", value, square, side, only.move, only.then)
    return Answer(label, value, square, side, None, then)
