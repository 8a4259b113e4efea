"""The decision document: a state's :func:`~cacao_rules.decision_tree` as JSON, for a page.

A game server sends it to the seat that decides, beside its observation, so that the page
draws the decision from it and never works out a rule itself. Its structure is declared
once, by the :mod:`msgspec` structs below: the writer encodes them (the key order of a
document is the order of their fields) and the published JSON Schema
(``formats/schemas/decision.schema.json``, written by ``tests/make_schema.py``) is generated
from them. Squares are ``[x, y]``, sides letters, moves in move notation, as in the state and
event documents; a key whose value would be ``null`` inside a question is left out.

>>> import json
>>> import cacao_rules as cr
>>> document = json.loads(cr.decision_to_json(cr.new_game(cr.Config(players=2), seed=42)))
>>> document["seat"], document["question"]["kind"], document["question"]["prompt"]
(0, 'hand_tile', 'Which worker tile?')
"""

from __future__ import annotations

from typing import Final, Literal, cast

import msgspec

from ..errors import expect
from ..formats.documents import Document, Seat, Side, Square
from ..game.components import Side as _Side
from ..state.state import State
from .decisions import Answer, Question, QuestionKind, decision_tree

DECISION_FORMAT: Final = "cacao-rules.decision"
"""The value of the ``"format"`` field of every decision document."""


class AnswerDocument(Document, kw_only=True):
    """An answer: its ``label`` in words, ``value`` (the part of the move notation it picks,
    unique within its question), the ``square`` and edge ``side`` a click on the board picks
    it by, if any, and either ``move`` (the move it completes, in move notation) or ``then``
    (the next question)."""

    label: str
    value: str
    square: Square | None = None
    side: Side | None = None
    move: str | None = None
    then: QuestionDocument | None = None


class QuestionDocument(Document, kw_only=True):
    """A question: what it asks for (``kind``, and ``prompt`` in words), the ``square`` and
    edge ``side`` it is about, if any, and its ``answers`` in the order of the legal moves."""

    kind: QuestionKind
    prompt: str
    square: Square | None = None
    side: Side | None = None
    answers: tuple[AnswerDocument, ...]


class DecisionDocument(Document):
    """A decision document (``cacao_rules.decision_to_json``), version 1: the ``seat`` that
    decides (null at a chance event or once the game is over) and the tree of its
    ``question``s (null once the game is over)."""

    format: Literal["cacao-rules.decision"]
    version: Literal[1]
    seat: Seat | None
    question: QuestionDocument | None


def _letter(side: _Side | None) -> Side | None:
    """An edge's side as the documents write it: its letter."""
    return None if side is None else cast(Side, side.name)


def _question(question: Question) -> QuestionDocument:
    return QuestionDocument(
        kind=question.kind,
        prompt=question.prompt,
        square=question.square,
        side=_letter(question.side),
        answers=tuple(_answer(answer) for answer in question.answers),
    )


def _answer(answer: Answer) -> AnswerDocument:
    return AnswerDocument(
        label=answer.label,
        value=answer.value,
        square=answer.square,
        side=_letter(answer.side),
        move=None if answer.move is None else str(answer.move),
        then=None if answer.then is None else _question(answer.then),
    )


def decision_to_json(state: State) -> str:
    """The decision ``state`` waits for, as a JSON document: :func:`decision_tree` with the
    seat that decides (see the user-interface guide, docs/ui.md).

    The tree lists the decider's own moves only, so a server sends it to that seat alone (at
    a chance node of a game without a seed it would show what the piles hold)."""
    tree = decision_tree(expect(state, State))
    document = DecisionDocument(
        format=DECISION_FORMAT,
        version=1,
        seat=state.to_move,
        question=None if tree is None else _question(tree),
    )
    return msgspec.json.encode(document).decode()
