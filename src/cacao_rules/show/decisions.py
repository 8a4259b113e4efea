"""The decision a user interface draws: the legal moves as a tree of questions and answers.

A front end (the server's page, a desktop app, a bot's debug view) should not know the rules
to offer a decision: :func:`decision_tree` turns the legal moves into the questions a player
answers one click at a time (which hand tile, which square, which way round; which tile on
each space; which edge, how many workers, which gems), so that every legal move is reachable by
exactly one path of answers, and nothing else is. Each answer carries its words, the notation
part it picks, and, where a click on the board picks it, the square (and edge) it stands on.

The tree is built from :func:`~cacao_rules.legal_moves` alone, read through each move's
fields: the state only lends words (a tile's code on an edge, what happens to a space left
without a face-up tile). A question whose answers would all agree is never asked: its answer
is taken on the way (a 1-1-1-1 looks the same every way round, so its square is the last
click).

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=42)
>>> tree = cr.decision_tree(state)
>>> tree.kind, [answer.value for answer in tree.answers]
(<QuestionKind.HAND_TILE: 'hand_tile'>, ['1-1-1-1', '2-1-0-1'])
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, NamedTuple

import attrs

from ..engine import legal_moves
from ..errors import expect
from ..game.components import GEM_COLOURS, JungleTile, Side
from ..game.geometry import Square, format_square
from ..game.moves import (
    BuildHut,
    Discard,
    DrawJungle,
    DrawWorker,
    Fill,
    HutSide,
    Move,
    Overbuild,
    PassHut,
    Place,
    Resolve,
    Slide,
)
from ..state.state import ActivatedEdge, FillStep, ResolveStep, State


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


# --- each move as the answers that lead to it ---------------------------------------------


class _Asked(NamedTuple):
    """A question as one move sees it: the same for every move that shares the answers
    before it, since it is worked out from the fields those answers fixed."""

    kind: QuestionKind
    prompt: str
    square: Square | None = None
    side: Side | None = None


class _Part(NamedTuple):
    """One answer on a move's path: the question it answers and the answer's own fields."""

    asked: _Asked
    label: str
    value: str
    square: Square | None = None
    side: Side | None = None


_Path = tuple[_Part, ...]

Edge = tuple[Square, Side]


class _Context(NamedTuple):
    """What the paths of one decision read besides their move: the state, for words, and
    the edges whose legal moves choose bars or gems (a question is asked about them only
    there, never about a choice that no move makes)."""

    state: State
    bars: frozenset[Edge]
    gems: frozenset[Edge]


def _context(state: State, moves: Sequence[Move]) -> _Context:
    resolves = [move for move in moves if isinstance(move, Resolve)]
    bars = frozenset((move.square, move.side) for move in resolves if move.bars)
    gems = frozenset((move.square, move.side) for move in resolves if any(move.gems))
    return _Context(state, bars, gems)


_TURNS: Final = ("as printed", "turned 90°", "turned 180°", "turned 270°")


def _placement_path(move: Place | Overbuild, context: _Context) -> _Path:
    tile, square, where = str(move.type), move.square, format_square(move.square)
    over = isinstance(move, Overbuild)
    edges = "-".join(str(count) for count in move.type.rotated(move.rotation))
    return (
        _Part(_Asked(QuestionKind.HAND_TILE, "Which worker tile?"), tile, tile),
        _Part(
            _Asked(QuestionKind.SQUARE, f"Where does {tile} go?"),
            f"overbuild {where}" if over else where,
            where,
            square,
        ),
        _Part(
            _Asked(QuestionKind.ROTATION, f"Which way round is {tile} on {where}?", square),
            f"{_TURNS[move.rotation]}: {edges}",
            f"r{move.rotation}",
        ),
    )


def _discard_path(move: Discard, context: _Context) -> _Path:
    tile = str(move.type)
    asked = _Asked(QuestionKind.HAND_TILE, "No tile fits: which worker tile is set aside?")
    return (_Part(asked, f"set {tile} aside", tile),)


def _fill_path(move: Fill, context: _Context) -> _Path:
    state = context.state
    step = state.step
    spaces = step.spaces if isinstance(step, FillStep) else ()
    chosen = {choice.square: choice for choice in move.choices}
    none = _unfilled(state, len(spaces))
    parts = []
    for space in spaces:
        where = format_square(space)
        asked = _Asked(QuestionKind.JUNGLE_TILE, f"Which jungle tile goes on {where}?", space)
        choice = chosen.get(space)
        if choice is None:
            parts.append(_Part(asked, f"{where}: {none}", "none"))
            continue
        code = choice.tile.code
        if choice.from_map:
            label = f"{code} on {where}, from the map board (1 map tile)"
            parts.append(_Part(asked, label, f"map:{code}"))
        else:
            parts.append(_Part(asked, f"{code} on {where}, from the display", code))
    return tuple(parts)


def _unfilled(state: State, spaces: int) -> str:
    """What happens to a space that gets no face-up tile, in words."""
    pile = state.jungle_pile.total
    if not pile:
        return "no tile: it stays empty (the pile is empty)"
    if pile < spaces:
        return "a blind draw from the pile, while it lasts"
    return "a blind draw from the pile"


def _resolve_path(move: Resolve, context: _Context) -> _Path:
    edge = f"{format_square(move.square)} {move.side.name}"
    square, side, used = move.square, move.side, move.workers
    path: _Path = (
        _Part(
            _Asked(QuestionKind.EDGE, "Which activated edge is resolved next?"),
            _edge_label(context.state, move),
            edge,
            square,
            side,
        ),
        _Part(
            _Asked(QuestionKind.WORKERS, f"How many workers of {edge} are used?", square, side),
            f"use {_count(used, 'worker')}" if used else "use none",
            str(used),
        ),
    )
    if used and (square, side) in context.bars:
        bars = _Asked(QuestionKind.BARS, _bars_prompt(used), square, side)
        sold = f"sell {_count(move.bars, 'bar')} and {used - move.bars} cacao"
        path += (_Part(bars, sold, f"b{move.bars}"),)
    if used and (square, side) in context.gems:
        gems = _Asked(QuestionKind.GEMS, _gems_prompt(used), square, side)
        path += (_Part(gems, _gems_label(move.gems), "g" + "".join(map(str, move.gems))),)
    return path


def _count(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _bars_prompt(used: int) -> str:
    if used == 1:
        return "Does the worker sell a chocolate bar (or a cacao fruit)?"
    return f"How many of the {used} workers sell a chocolate bar (the others a cacao fruit)?"


def _gems_prompt(used: int) -> str:
    return (
        "Which gem does the worker take?"
        if used == 1
        else f"Which gems do the {used} workers take?"
    )


def _edge_label(state: State, move: Resolve) -> str:
    """The edge in words: where it is, its workers and the jungle tile it faces."""
    edge = f"{format_square(move.square)} {move.side.name}"
    step = state.step
    queue: Sequence[ActivatedEdge] = step.queue if isinstance(step, ResolveStep) else ()
    for activated in queue:
        if (activated.square, activated.side) == (move.square, move.side):
            facing = state.board.get(activated.jungle_square)
            code = facing.code if isinstance(facing, JungleTile) else "?"
            workers = "worker" if activated.workers == 1 else "workers"
            return f"{edge}: {activated.workers} {workers} at {code}"
    return edge


def _gems_label(gems: tuple[int, ...]) -> str:
    taken = [f"{count} {colour}" for count, colour in zip(gems, GEM_COLOURS, strict=True) if count]
    return "take " + ", ".join(taken) if taken else "take no gem"


def _slide_path(move: Slide, context: _Context) -> _Path:
    asked = _Asked(QuestionKind.SLIDE, "Which map-board tile slides into the display?")
    return (_Part(asked, move.tile.code, move.tile.code),)


_HUT_QUESTION: Final = _Asked(QuestionKind.HUT, "Build a hut?")


def _build_path(move: BuildHut, context: _Context) -> _Path:
    hut = str(move.hut)
    return (_Part(_HUT_QUESTION, f"build the {hut} ({move.hut.cost} gold)", hut),)


def _pass_path(move: PassHut, context: _Context) -> _Path:
    return (_Part(_HUT_QUESTION, "build no hut", PassHut.VERB),)


def _worker_drawn_path(move: DrawWorker, context: _Context) -> _Path:
    asked = _Asked(
        QuestionKind.OUTCOME, f"Which worker tile does seat {context.state.current} draw?"
    )
    return (_Part(asked, str(move.type), str(move.type)),)


def _jungle_drawn_path(move: DrawJungle, context: _Context) -> _Path:
    asked = _Asked(QuestionKind.OUTCOME, "Which jungle tile is drawn?")
    return (_Part(asked, move.tile.code, move.tile.code),)


def _hut_side_path(move: HutSide, context: _Context) -> _Path:
    asked = _Asked(QuestionKind.OUTCOME, "Which side of the hut tile lands face up?")
    return (_Part(asked, str(move.hut), str(move.hut)),)


_PATHS: Final[dict[type, Callable[[Any, _Context], _Path]]] = {
    Place: _placement_path,
    Overbuild: _placement_path,
    Discard: _discard_path,
    Fill: _fill_path,
    Resolve: _resolve_path,
    Slide: _slide_path,
    BuildHut: _build_path,
    PassHut: _pass_path,
    DrawWorker: _worker_drawn_path,
    DrawJungle: _jungle_drawn_path,
    HutSide: _hut_side_path,
}
"""For each move class, the answers that lead to one of its moves, in the order asked."""


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
    entries = [(_PATHS[type(move)](move, context), move) for move in moves]
    root = _question(entries, 0)
    while len(root.answers) == 1 and root.answers[0].then is not None:
        root = root.answers[0].then
    return root


_Entry = tuple[_Path, Move]


def _question(entries: list[_Entry], depth: int) -> Question:
    """The question at ``depth`` of the paths of ``entries``, which share the answers
    before it."""
    groups: dict[_Part, list[_Entry]] = {}
    for entry in entries:
        groups.setdefault(entry[0][depth], []).append(entry)
    asked = entries[0][0][depth].asked
    answers = tuple(_answer(part, group, depth) for part, group in groups.items())
    return Question(asked.kind, asked.prompt, asked.square, asked.side, answers)


def _answer(part: _Part, group: list[_Entry], depth: int) -> Answer:
    """The answer ``part`` leading to the moves of ``group``: the move itself when it is the
    last part of its path, else the next question; or, when that question would have a
    single answer, that answer taken on the way (its words added to the label, so that the
    label still says all that the answer decides)."""
    if len(group) == 1 and len(group[0][0]) == depth + 1:
        return Answer(part.label, part.value, part.square, part.side, group[0][1], None)
    then = _question(group, depth + 1)
    if len(then.answers) == 1:
        only = then.answers[0]
        label = f"{part.label}; {only.label}"
        return Answer(label, part.value, part.square, part.side, only.move, only.then)
    return Answer(part.label, part.value, part.square, part.side, None, then)
