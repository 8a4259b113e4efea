"""The decision tree a user interface draws (``cr.decision_tree``), checked against
``cr.legal_moves`` over random games of every configuration and the Big Game.

What a front end relies on: the leaves of the tree are exactly the legal moves, each
reachable by one path of answers; within one question the answers differ in their value and
in the place on the board a click picks them by; every place on a path is where the move
acts; and no question offers a single answer, unless the whole decision has one move.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Iterator

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cacao_rules as cr
import invariants as inv
from cacao_rules.show.decision_json import DecisionDocument, QuestionDocument
from cacao_rules.show.tile_words import tile_title
from helpers_observation import CONFIGS, random_game
from helpers_positions import W1111, W2101, start_board, wt

Path = tuple[tuple[cr.Question, cr.Answer], ...]
"""The questions asked on the way to a leaf, each with the answer given."""


@functools.cache
def corpus() -> tuple[cr.State, ...]:
    """Every state of a seeded and an unseeded random game of each configuration (the Big
    Game included), and of two more seeded games of the configurations with modules."""
    rng = random.Random(37)
    states: list[cr.State] = []
    for index, config in enumerate(CONFIGS):
        seeds: list[int | None] = [index, None]
        if config.modules:
            seeds += [100 + index, 200 + index]
        for seed in seeds:
            states.extend(random_game(config, seed, rng))
    return tuple(states)


def paths(question: cr.Question, before: Path = ()) -> Iterator[tuple[Path, cr.Move]]:
    """Every path from ``question`` down to a leaf, with the leaf's move."""
    for answer in question.answers:
        path = (*before, (question, answer))
        if answer.move is not None:
            yield path, answer.move
        else:
            assert answer.then is not None
            yield from paths(answer.then, path)


def questions(question: cr.Question) -> Iterator[cr.Question]:
    yield question
    for answer in question.answers:
        if answer.then is not None:
            yield from questions(answer.then)


def check_leaves(state: cr.State) -> None:
    """The leaves of the tree are the legal moves, each once; no tree once the game is over."""
    tree = cr.decision_tree(state)
    moves = cr.legal_moves(state)
    if not moves:
        assert tree is None and state.is_over
        return
    assert tree is not None
    leaves = [move for _, move in paths(tree)]
    assert Counter(leaves) == Counter(moves), cr.to_json(state)
    assert len(leaves) == len(moves)
    assert tree.moves() == tuple(leaves)


def check_answers(state: cr.State) -> None:
    """Every answer is a move or a further question; a question has two answers or more
    (but the one of a decision with one move); a value or a click picks one answer."""
    tree = cr.decision_tree(state)
    if tree is None:
        return
    if len(cr.legal_moves(state)) == 1:
        assert len(tree.answers) == 1 and tree.answers[0].move is not None
    for question in questions(tree):
        assert question.prompt
        assert len(question.answers) >= 2 or len(cr.legal_moves(state)) == 1, question
        for answer in question.answers:
            assert (answer.move is None) != (answer.then is None)
            assert answer.label
        values = [answer.value for answer in question.answers]
        assert len(set(values)) == len(values), question
        places = [
            (answer.square, answer.side) for answer in question.answers if answer.square is not None
        ]
        assert len(set(places)) == len(places), question


def _acts_at(move: cr.Move, square: cr.Square, side: cr.Side | None, value: str) -> bool:
    """Whether ``move`` acts where a question or an answer on its path points: a placement
    on its square, a resolve on its edge, a fill on the space whose tile ``value`` names."""
    if isinstance(move, cr.Place | cr.Overbuild):
        return move.square == square and side is None
    if isinstance(move, cr.Resolve):
        return (move.square, move.side) == (square, side)
    if isinstance(move, cr.Fill):
        chosen = [
            str(choice).partition("=")[2] for choice in move.choices if choice.square == square
        ]
        return side is None and chosen == ([] if value == "none" else [value])
    return False


def check_places(state: cr.State) -> set[cr.QuestionKind]:
    """Every square on the way to a move, a question's or an answer's, is where the move
    acts; the kinds of question whose answers stand on squares."""
    kinds: set[cr.QuestionKind] = set()
    tree = cr.decision_tree(state)
    for path, move in paths(tree) if tree is not None else ():
        for question, answer in path:
            if question.square is not None:
                assert _acts_at(move, question.square, question.side, answer.value), path
            if answer.square is not None:
                kinds.add(question.kind)
                assert _acts_at(move, answer.square, answer.side, answer.value), path
    return kinds


def test_the_leaves_are_exactly_the_legal_moves_each_once() -> None:
    for state in corpus():
        check_leaves(state)


def test_a_click_or_a_value_picks_one_answer_and_no_question_has_one_answer() -> None:
    for state in corpus():
        check_answers(state)


def test_following_the_places_on_the_board_gives_the_move() -> None:
    kinds: set[cr.QuestionKind] = set()
    for state in corpus():
        kinds |= check_places(state)
    assert kinds == {cr.QuestionKind.SQUARE, cr.QuestionKind.EDGE}


@settings(max_examples=8, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.none() | st.integers(0, 2**64 - 1),
    choices=st.randoms(use_true_random=False),
)
def test_every_state_of_games_of_eager_players(
    config: cr.Config, seed: int | None, choices: random.Random
) -> None:
    # Players who like to act (they build huts, use their workers, take map-board tiles)
    # reach the decisions random play rarely does.
    for state in inv.eager_game(config, seed, choices).states():
        check_leaves(state)
        check_answers(state)
        check_places(state)


def test_every_kind_of_question_is_asked_in_the_corpus() -> None:
    asked = [
        question
        for state in corpus()
        if (tree := cr.decision_tree(state)) is not None
        for question in questions(tree)
    ]
    assert {question.kind for question in asked} == set(cr.QuestionKind)
    sources = {
        "map"
        if answer.value.startswith("map:")
        else "pile"
        if answer.value == "none"
        else "display"
        for question in asked
        if question.kind is cr.QuestionKind.JUNGLE_TILE
        for answer in question.answers
    }
    assert sources == {"display", "map", "pile"}


def test_a_placement_asks_tile_square_rotation() -> None:
    state = cr.new_game(cr.Config(players=2), seed=42)
    tree = cr.decision_tree(state)
    assert tree is not None and tree.kind is cr.QuestionKind.HAND_TILE
    by_value = {answer.value: answer for answer in tree.answers}
    assert set(by_value) == {"1-1-1-1", "2-1-0-1"}
    squares = by_value["2-1-0-1"].then
    assert squares is not None and squares.kind is cr.QuestionKind.SQUARE
    assert tuple(answer.square for answer in squares.answers) == cr.placement_squares(state)
    turns = squares.answers[0].then
    assert turns is not None and turns.kind is cr.QuestionKind.ROTATION
    assert turns.square == squares.answers[0].square
    assert [answer.value for answer in turns.answers] == ["r0", "r1", "r2", "r3"]
    # A 1-1-1-1 looks the same every way round: its square is the last click.
    ones = by_value["1-1-1-1"].then
    assert ones is not None and all(answer.move is not None for answer in ones.answers)


def test_a_player_who_cannot_place_picks_the_tile_to_set_aside() -> None:
    # Seat 1's tiles take every square next to the start tiles and the piles are not empty,
    # so nobody may overbuild: seat 0 may only discard, then seat 1 has one move.
    squares = [(0, -1), (1, 0), (0, 1), (-1, 0), (2, 1), (1, 2)]
    board = start_board(
        {square: wt(1, W1111 if k < 4 else W2101) for k, square in enumerate(squares)}
    )
    workers = {W1111: 4, W2101: 5, cr.WorkerType.W0004: 1, cr.WorkerType.W0022: 1}
    config = cr.Config(players=2, modules={cr.Module.NEW_WORKERS}, workers=workers)
    hand = (cr.WorkerType.W0004, W1111, cr.WorkerType.W0022)
    state = cr.position(
        config, board=board, players=[cr.PlayerState(hand=hand), cr.PlayerState(hand=(W2101,))]
    )
    tree = cr.decision_tree(state)
    assert tree is not None and tree.kind is cr.QuestionKind.HAND_TILE
    assert [(answer.label, str(answer.move)) for answer in tree.answers] == [
        ("set 1-1-1-1 aside", "discard 1-1-1-1"),
        ("set 0-0-2-2 aside", "discard 0-0-2-2"),
        ("set 0-0-0-4 aside", "discard 0-0-0-4"),
    ]
    # A decision of one move is still a question, with that move as its one answer.
    middle = cr.apply(state, cr.Discard(cr.WorkerType.W0004))
    only = cr.decision_tree(middle)
    assert only is not None and only.moves() == cr.legal_moves(middle) == (cr.Discard(W2101),)
    assert len(only.answers) == 1


def test_an_edge_with_no_worker_at_a_tree_of_life_says_so() -> None:
    # Such an edge pays its owner for "1 worker" of an edge that shows none (R-TREE-3): the
    # words say what the click means, the notation stays the engine's.
    seen = 0
    for state in corpus():
        step = state.step
        if not isinstance(step, cr.ResolveStep) or (tree := cr.decision_tree(state)) is None:
            continue
        empty = {
            (e.square, e.side) for e in step.queue if not e.workers and e.owner == state.to_move
        }
        for path, move in paths(tree):
            if isinstance(move, cr.Resolve) and (move.square, move.side) in empty and move.workers:
                seen += 1
                assert "use the edge with no worker" in path[-1][1].label
    assert seen


def test_a_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        cr.decision_tree("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cr.decision_to_json(None)  # type: ignore[arg-type]


def _document_leaves(question: QuestionDocument) -> Iterator[str]:
    for answer in question.answers:
        if answer.move is not None:
            yield answer.move
        else:
            assert answer.then is not None
            yield from _document_leaves(answer.then)


def test_the_json_document_says_the_tree_and_satisfies_its_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from test_schema import shipped

    validator = jsonschema.Draft202012Validator(shipped("decision"))
    for state in corpus()[::11]:
        text = cr.decision_to_json(state)
        validator.validate(json.loads(text))
        document = msgspec.json.decode(text, type=DecisionDocument)
        assert document.seat == state.to_move
        if document.question is None:
            assert state.is_over
            continue
        leaves = list(_document_leaves(document.question))
        assert Counter(leaves) == Counter(str(move) for move in cr.legal_moves(state))


def test_a_jungle_tile_answer_names_the_tile_in_words() -> None:
    """A fill's or a slide's answer says which tile in words (``market (sells at 2)``), not
    by its code alone (``M2``), beside the code the board shows."""
    named: Counter[cr.QuestionKind] = Counter()
    kinds = {cr.QuestionKind.JUNGLE_TILE, cr.QuestionKind.SLIDE}
    for state in corpus():
        tree = cr.decision_tree(state)
        for question in questions(tree) if tree is not None else ():
            if question.kind not in kinds:
                continue
            for answer in question.answers:
                code = answer.value.removeprefix("map:")
                if code == "none":
                    continue
                words = tile_title(cr.JungleTile.from_code(code))
                assert answer.label.startswith(f"{code} {words}"), answer
                named[question.kind] += 1
    assert set(named) == kinds, named
