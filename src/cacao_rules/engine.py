"""The turn engine: the public ``new_game``, ``legal_moves``, ``apply``, ``step`` and
``chance_outcomes``.

A turn is a sequence of decisions (:rule:`R-DECIDE-1`); the state's ``step`` says which one
is pending, and each kind of step has its handlers in one place (``turn/step_kinds.py``).
After every move the engine runs on by itself through everything that needs nobody:
seeded chance events, chance events with one outcome, decisions with one answer and edges
that cannot matter (:rule:`R-ACT-7`), and stops at the next real decision, at an unseeded
chance node, or at the end of the game. Without a seed, a worker draw whose one possible
outcome the other seats could not foresee is not skipped: skipping it would show them a
hidden hand (:rule:`R-CHANCE-2`; see ``turn/hidden_tiles.py``); nor, in any game, is a
placement whose one answer comes from a hand the other seats cannot see
(:rule:`R-HIDDEN-2`).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Final

from .errors import IllegalMoveError, expect, expect_any
from .game.config import Config
from .game.events import Event
from .game.moves import MOVE_CLASSES, Move, Place
from .state.chance import check_seed, outcome_fractions
from .state.draft import Draft
from .state.listed import Listed
from .state.state import State
from .turn import setup
from .turn.step_kinds import STEP_KINDS, ChanceNode, chance_node


def settle(draft: Draft) -> None:
    """Run on through every step that needs nobody; see the module docstring. Each step
    kind says whether it can be taken on alone (:meth:`StepKind.advance`)."""
    while STEP_KINDS[type(draft.step)].advance(draft):
        pass


@functools.lru_cache(maxsize=64)
def _before_the_deal(config: Config) -> State:
    """The state of ``config`` before the deal, without a seed, made once per configuration
    (states never change, so every new game can start from the same one)."""
    return setup.initial_state(config, None)


def new_game(config: Config, seed: int | None = None) -> State:
    """Set up a game of ``config``.

    With an integer ``seed`` (0 to 2**64 - 1) every chance event is resolved inside
    :func:`apply` (:rule:`R-CHANCE-2`), and the state returned waits for seat 0's first
    placement. With ``seed=None`` the deal is exposed as chance nodes: see
    :func:`chance_outcomes`.

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=2), seed=1)
    >>> state.to_move, len(state.players[0].hand), len(state.display)
    (0, 3, 2)
    """
    expect(config, Config)
    expect_any(seed, (int,), optional=True)
    check_seed(seed, optional=True)
    draft = Draft(_before_the_deal(config), None)
    draft.seed = seed
    setup.continue_deal(draft)
    settle(draft)
    return draft.freeze()  # with the moves settling listed


def _keep(state: State, moves: tuple[Move, ...]) -> None:
    """Keep ``moves`` as the legal moves of ``state``, which the engine has just listed."""
    object.__setattr__(state, "_listed", Listed(moves, id(state)))


def _listed_moves(state: State) -> tuple[Move, ...] | None:
    """The legal moves the engine listed for ``state``, or ``None`` if not listed yet."""
    listed = state._listed
    if type(listed) is Listed and listed.owner == id(state):
        return listed.moves
    return None


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move legal now, in the fixed order of the moves' ``sort_key`` (:rule:`R-DECIDE-3`).

    At a chance node these are the possible outcomes; the tuple is empty exactly when the
    game is over.
    """
    if type(state) is not State:
        expect(state, State)
    known = _listed_moves(state)
    if known is not None:
        return known
    moves = tuple(STEP_KINDS[type(state.step)].moves(state))
    _keep(state, moves)
    return moves


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, each outcome with its exact probability; they sum to 1.

    Raises :class:`IllegalMoveError` when ``state`` is not a chance node.
    """
    node = _chance_node_of(state)
    return tuple((node.names(element), p) for element, p in outcome_fractions(node.bag))


def chance_weights(state: State) -> tuple[tuple[Move, int], ...]:
    """The chance outcomes in integers: each outcome, in :func:`chance_outcomes`' order,
    with how many of it there are to draw from, so that its probability is its weight over
    the sum of the weights. Not public: the action space reads it to give probabilities as
    floats (the OpenSpiel adapter asks at every chance node) without building a
    :class:`~fractions.Fraction` (about 0.5 us each)."""
    node = _chance_node_of(state)
    return tuple((node.names(element), count) for element, count in node.bag.items)


def _chance_node_of(state: State) -> ChanceNode:
    """The chance node of ``state``; :class:`IllegalMoveError` if it is none."""
    if type(state) is not State:
        expect(state, State)
    node = chance_node(state)
    if node is None:
        raise IllegalMoveError(
            "chance_outcomes needs a chance node; this state waits for "
            + STEP_KINDS[type(state.step)].waits_for(state)
        )
    return node


_MOVE_TYPES: Final = frozenset(MOVE_CLASSES)
"""The move classes, for :func:`_run` to know a move by its exact class in one set lookup
before asking :func:`isinstance`, which tries each class in turn."""


def _run(state: State, move: Move, events: list[Event] | None) -> State:
    """:func:`apply`, collecting ``events`` if given (:func:`step`)."""
    if type(state) is not State:
        expect(state, State)
    if type(move) not in _MOVE_TYPES:
        expect_any(move, MOVE_CLASSES)
    kind = STEP_KINDS[type(state.step)]
    # The kind checks the move, raising IllegalMoveError that says why it is not legal,
    # unless the move is itself (not merely equal to) one the engine listed for this very
    # state; a placement always (its record is not even read). Identity is all it takes to
    # skip the check (a caller almost always passes a move from legal_moves), found without
    # comparing moves field by field, in a loop here rather than a call of its own; an equal
    # move made afresh is checked instead, which gives the same answer.
    known = None if isinstance(move, Place) else _listed_moves(state)
    if known is None:
        kind.check(state, move)
    else:
        for listed in known:
            if listed is move:
                break
        else:
            kind.check(state, move)
    draft = Draft(state, events)
    kind.perform(draft, move)
    settle(draft)
    return draft.freeze()  # with the moves settling listed


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is never changed.

    Raises :class:`IllegalMoveError`, saying why, for any move not in
    ``legal_moves(state)``.
    """
    return _run(state, move, None)


def step(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply`, and also the events that say what happened, in order."""
    events: list[Event] = []
    new_state = _run(state, move, events)
    return new_state, tuple(events)
