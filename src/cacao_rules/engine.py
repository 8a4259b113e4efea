"""The turn engine: the public ``new_game``, ``legal_moves``, ``apply``, ``step`` and
``chance_outcomes``.

A turn is a sequence of decisions (:rule:`R-DECIDE-1`); the state's ``step`` says which one
is pending. Each kind of step has its handlers in a table below. After every move the
engine runs on by itself through everything that needs nobody: seeded chance events,
chance events with one outcome, decisions with one answer and edges that cannot matter
(:rule:`R-ACT-7`), and stops at the next real decision, at an unseeded chance node, or at
the end of the game. Without a seed, a worker draw whose one possible outcome the other
seats could not foresee is not skipped: skipping it would show them a hidden hand
(:rule:`R-CHANCE-2`; see ``turn/hidden_tiles.py``); nor, in any game, is a placement whose
one answer comes from a hand the other seats cannot see (:rule:`R-HIDDEN-2`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, NamedTuple, cast

from .errors import ConfigError, IllegalMoveError, excerpt, expect
from .game.config import Config
from .game.events import AutoDecision, Event
from .game.frozen import Bag
from .game.moves import (
    MOVE_CLASSES,
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
from .modules import emperor, gem_mines, huts
from .state.chance import check_seed, outcome_fractions, seeded_pick
from .state.draft import Draft
from .state.state import (
    CHANCE_STEPS,
    BlindFillStep,
    DealStep,
    DrawWorkerStep,
    FillStep,
    HutStep,
    MapRefillStep,
    OverStep,
    PlacementStep,
    RefillStep,
    ResolveStep,
    SlideStep,
    State,
    Step,
)
from .state.view import View
from .turn import activation, end_of_turn, filling, hidden_tiles, placement, setup


class _Draw:
    """One kind of chance event: which move names an outcome, and how an outcome is carried
    out.

    A class per kind with a method, not a record of functions: compiled with mypyc, the
    method of a native class is called directly, while a function kept in a field is called
    through Python's call protocol; the engine carries out a chance event at nearly every
    move.
    """

    def __init__(self, expects: type) -> None:
        self.expects = expects

    def to_move(self, outcome: Any) -> Move:
        """The move that names ``outcome``."""
        return cast(Move, self.expects(outcome))

    def resolve(self, draft: Draft, outcome: Any) -> None:
        """Carry out the event's ``outcome`` on ``draft``."""
        raise NotImplementedError


class _HutSideDraw(_Draw):
    """The side a hut tile lands on at setup."""

    def resolve(self, draft: Draft, outcome: Any) -> None:
        setup.deal_hut_side(draft, outcome)


class _DealWorkerDraw(_Draw):
    """A worker tile drawn into a starting hand."""

    def resolve(self, draft: Draft, outcome: Any) -> None:
        setup.deal_worker(draft, outcome)


class _DealJungleDraw(_Draw):
    """A jungle tile drawn for the map board or the display at setup."""

    def resolve(self, draft: Draft, outcome: Any) -> None:
        setup.deal_jungle(draft, outcome)


class _BlindFillDraw(_Draw):
    """A jungle tile drawn blind for a space to fill."""

    def resolve(self, draft: Draft, outcome: Any) -> None:
        filling.do_blind_fill(draft, outcome)


class _EndOfTurnDraw(_Draw):
    """The worker tile drawn at the end of a turn."""

    def resolve(self, draft: Draft, outcome: Any) -> None:
        end_of_turn.do_end_of_turn_draw(draft, outcome)


class _RefillDraw(_Draw):
    """A jungle tile drawn to refill the display."""

    def resolve(self, draft: Draft, outcome: Any) -> None:
        end_of_turn.do_refill(draft, outcome)


class _MapRefillDraw(_Draw):
    """A jungle tile drawn to refill the map board."""

    def resolve(self, draft: Draft, outcome: Any) -> None:
        end_of_turn.do_map_refill(draft, outcome)


_HUT_SIDE: Final = _HutSideDraw(HutSide)
_DEAL_WORKER: Final = _DealWorkerDraw(DrawWorker)
_DEAL_JUNGLE: Final = _DealJungleDraw(DrawJungle)
_BLIND_FILL: Final = _BlindFillDraw(DrawJungle)
_END_OF_TURN_DRAW: Final = _EndOfTurnDraw(DrawWorker)
_REFILL: Final = _RefillDraw(DrawJungle)
_MAP_REFILL: Final = _MapRefillDraw(DrawJungle)


class _ChanceNode(NamedTuple):
    """A pending chance event: the bag drawn from and the kind of event.

    A named tuple, not an attrs class: one is made at every step the engine passes.
    """

    bag: Bag[Any]
    draw: _Draw


def _chance_node(view: View) -> _ChanceNode | None:
    step = view.step
    if isinstance(step, DealStep):
        sides = setup.hut_tile_being_dealt(view)
        if sides is not None:
            return _ChanceNode(Bag.of(sides, key=lambda hut: hut.sort_key), _HUT_SIDE)
        seat = setup.seat_being_dealt(view)
        if seat is not None:
            return _ChanceNode(view.players[seat].pile, _DEAL_WORKER)
        return _ChanceNode(gem_mines.jungle_draws(view), _DEAL_JUNGLE)
    if isinstance(step, BlindFillStep):
        return _ChanceNode(gem_mines.jungle_draws(view), _BLIND_FILL)
    if isinstance(step, DrawWorkerStep):
        return _ChanceNode(view.players[view.current].pile, _END_OF_TURN_DRAW)
    if isinstance(step, RefillStep):
        return _ChanceNode(gem_mines.jungle_draws(view), _REFILL)
    if isinstance(step, MapRefillStep):
        return _ChanceNode(gem_mines.jungle_draws(view), _MAP_REFILL)
    return None


class _Decision:
    """How one kind of decision step lists, checks and carries out its moves.

    A class per kind with methods, for the reason :class:`_Draw` gives: the engine lists,
    checks or carries out a decision at every move.
    """

    def __init__(self, name: str, accepts: tuple[type, ...]) -> None:
        self.name = name
        self.accepts = accepts

    def moves(self, view: View) -> Sequence[Move]:
        """Every legal move of the decision, in order."""
        raise NotImplementedError

    def check(self, view: View, move: Any) -> None:
        """Raise :class:`IllegalMoveError` saying why ``move`` (of a class in ``accepts``)
        is not legal now."""
        raise NotImplementedError

    def perform(self, draft: Draft, move: Any) -> None:
        """Carry out the legal ``move`` on ``draft``."""
        raise NotImplementedError


class _Placing(_Decision):
    """Step A: place, overbuild or discard a worker tile."""

    def moves(self, view: View) -> Sequence[Move]:
        return placement.placement_moves(view)

    def check(self, view: View, move: Any) -> None:
        if isinstance(move, Place):
            placement.check_place(view, move)
        elif isinstance(move, Overbuild):
            placement.check_overbuild(view, move)
        else:
            placement.check_discard(view, move)

    def perform(self, draft: Draft, move: Any) -> None:
        if isinstance(move, Place):
            placement.do_place(draft, move)
            emperor.after_placement(draft, move.square)
            filling.start_filling(draft, move.square)
        elif isinstance(move, Overbuild):
            placement.do_overbuild(draft, move)
            emperor.after_placement(draft, move.square)
            activation.start_activation(draft, move.square, ())
        else:
            placement.do_discard(draft, move)
            end_of_turn.start_end_of_turn(draft)


class _Filling(_Decision):
    """Step B: which tile goes on which jungle space."""

    def moves(self, view: View) -> Sequence[Move]:
        step = view.step
        assert isinstance(step, FillStep)
        return filling.fill_moves(view, step.spaces)

    def check(self, view: View, move: Any) -> None:
        filling.check_fill(view, move)

    def perform(self, draft: Draft, move: Any) -> None:
        filling.do_fill(draft, move)


class _Resolving(_Decision):
    """Step C: how to use one activated edge."""

    def moves(self, view: View) -> Sequence[Move]:
        return activation.resolve_moves(view)

    def check(self, view: View, move: Any) -> None:
        activation.check_resolve(view, move)

    def perform(self, draft: Draft, move: Any) -> None:
        activation.do_resolve(draft, move)


class _Sliding(_Decision):
    """The end of a turn: which map-board tile slides into the display."""

    def moves(self, view: View) -> Sequence[Move]:
        return end_of_turn.slide_moves(view)

    def check(self, view: View, move: Any) -> None:
        end_of_turn.check_slide(view, move)

    def perform(self, draft: Draft, move: Any) -> None:
        end_of_turn.do_slide(draft, move)


class _Building(_Decision):
    """The Hut module's step: build a hut or pass."""

    def moves(self, view: View) -> Sequence[Move]:
        return huts.hut_moves(view)

    def check(self, view: View, move: Any) -> None:
        if move not in huts.hut_moves(view):
            assert isinstance(move, BuildHut)
            raise IllegalMoveError(huts.why_not_buildable(view, view.current, move.hut))

    def perform(self, draft: Draft, move: Any) -> None:
        huts.do_build(draft, move)
        end_of_turn.next_turn(draft)


_DECISIONS: Final[dict[type, _Decision]] = {
    PlacementStep: _Placing("place a worker tile", (Place, Overbuild, Discard)),
    FillStep: _Filling("fill the jungle spaces", (Fill,)),
    ResolveStep: _Resolving("resolve an activated edge", (Resolve,)),
    SlideStep: _Sliding("slide a map-board tile into the display", (Slide,)),
    HutStep: _Building("build a hut or pass", (BuildHut, PassHut)),
}


def settle(draft: Draft) -> None:
    """Run on through every step that needs nobody; see the module docstring."""
    while True:
        kind = type(draft.step)
        if kind is OverStep:
            return
        if kind in _CHANCE_KINDS:
            node = _chance_node(draft)
            assert node is not None
            # R-CHANCE-2: one possible outcome is drawn without stopping, unless the game is
            # unseeded and the other seats could not foresee it (a worker draw into a hand).
            if len(node.bag.items) == 1 and (
                draft.seed is not None or hidden_tiles.draw_foreseen(draft)
            ):
                outcome = node.bag.items[0][0]
            elif draft.seed is None:
                return
            else:
                outcome = seeded_pick(node.bag, draft.seed, draft.chance_count)
            draft.chance_count += 1
            node.draw.resolve(draft, outcome)
            continue
        moves: Sequence[Move]
        if kind is ResolveStep:
            listed = activation.settle_or_list(draft)
            if listed is None:  # dead edges were resolved: look again
                continue
            moves = listed
        elif kind is PlacementStep and not (
            placement.placement_is_forced(draft)
            and hidden_tiles.tiles_foreseen(draft, draft.current)
        ):
            # R-HIDDEN-2: a placement with one answer is made by the engine only when every
            # seat knows the hand it comes from; else stopping or not would show the hand.
            return
        else:
            moves = _DECISIONS[kind].moves(draft)
        if len(moves) != 1:
            draft.moves = tuple(moves)
            return
        if draft.events is not None:
            draft.emit(AutoDecision(_deciding_seat(draft.step, draft.current), moves[0]))
        _DECISIONS[kind].perform(draft, moves[0])


_CHANCE_KINDS: Final = frozenset(CHANCE_STEPS)
"""The step classes that are chance nodes: :func:`_chance_node` gives each its node."""


def _deciding_seat(step: Step, current: int) -> int:
    """Who decides at a decision step: an edge's owner, otherwise the player to move."""
    return step.queue[0].owner if isinstance(step, ResolveStep) else current


@functools.lru_cache(maxsize=64)
def _before_the_deal(config: Config) -> State:
    """The state of ``config`` before the deal, without a seed, made once per configuration
    (states never change, so every new game can start from the same one)."""
    return setup.initial_state(config, None)


def new_game(config: object, seed: object = None) -> State:
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
    if not isinstance(config, Config):
        raise ConfigError(f"new_game needs a cacao_rules.Config, got {excerpt(config)}")
    check_seed(seed, optional=True)
    assert seed is None or isinstance(seed, int)
    draft = Draft(_before_the_deal(config).replace(seed=seed), None)
    setup.continue_deal(draft)
    settle(draft)
    return draft.freeze()


def legal_moves(state: object) -> tuple[Move, ...]:
    """Every move legal now, in the fixed order of the moves' ``sort_key`` (:rule:`R-DECIDE-3`).

    At a chance node these are the possible outcomes; the tuple is empty exactly when the
    game is over.
    """
    state = expect(state, State, "legal_moves", IllegalMoveError)
    known: tuple[Move, ...] | None = state._moves
    if known is not None:
        return known
    if state.is_over:
        moves: tuple[Move, ...] = ()
    else:
        node = _chance_node(state)
        if node is not None:
            moves = tuple(node.draw.to_move(element) for element, _ in node.bag.items)
        else:
            moves = tuple(_DECISIONS[type(state.step)].moves(state))
    state._keep_moves(moves)
    return moves


def chance_outcomes(state: object) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, each outcome with its exact probability; they sum to 1.

    Raises :class:`IllegalMoveError` when ``state`` is not a chance node.
    """
    node = _chance_node_of(expect(state, State, "chance_outcomes", IllegalMoveError))
    return tuple((node.draw.to_move(element), p) for element, p in outcome_fractions(node.bag))


def chance_weights(state: State) -> tuple[tuple[Move, int], ...]:
    """:func:`chance_outcomes` in integers: each outcome, in the same order, with how many of
    it there are to draw from, so that its probability is its weight over the sum of the
    weights. For callers that want probabilities as floats (the OpenSpiel adapter, at every
    chance node), which then need no :class:`~fractions.Fraction` built."""
    node = _chance_node_of(state)
    return tuple((node.draw.to_move(element), count) for element, count in node.bag.items)


def _chance_node_of(state: State) -> _ChanceNode:
    """The chance node of ``state``; :class:`IllegalMoveError` if it is none."""
    node = _chance_node(state)
    if node is None:
        raise IllegalMoveError(
            "chance_outcomes needs a chance node; this state waits for " + _waiting_for(state)
        )
    return node


def _waiting_for(state: State) -> str:
    if state.is_over:
        return "nothing: the game is over"
    node = _chance_node(state)
    if node is not None:
        return f"a chance outcome ({node.draw.expects.__name__})"
    seat = _deciding_seat(state.step, state.current)
    return f"seat {seat} to {_DECISIONS[type(state.step)].name}"


def _check(state: State, move: object) -> _ChanceNode | None:
    """Raise :class:`IllegalMoveError` saying why ``move`` cannot be applied to ``state``.

    Returns the state's chance node, if it is one, so that :func:`_run` need not work it
    out again (with gem mines in the pile that means weighing every way gems can fall).
    """
    if type(move) not in _MOVE_TYPES and not isinstance(move, MOVE_CLASSES):
        raise IllegalMoveError(f"expected a cacao_rules move, got {type(move).__name__}")
    kind = type(state.step)
    if kind is OverStep:
        raise IllegalMoveError(f"cannot apply {move}: the game is over")
    if kind in _CHANCE_KINDS:
        node = _chance_node(state)
        assert node is not None
        if not isinstance(move, node.draw.expects) or not node.bag.count(
            _outcome_of(cast(Move, move))
        ):
            raise IllegalMoveError(
                f"{move} is not a possible outcome here; the game waits for " + _waiting_for(state)
            )
        return node
    decision = _DECISIONS[kind]
    if not isinstance(move, decision.accepts):
        raise IllegalMoveError(f"cannot apply {move}: the game waits for {_waiting_for(state)}")
    known: tuple[Move, ...] | None = state._moves
    if known is None or isinstance(move, Place) or not _listed(move, known):
        decision.check(state, move)
    return None


_MOVE_TYPES: Final = frozenset(MOVE_CLASSES)
"""The move classes, for :func:`_check` to know a move by its exact class in one set lookup
before asking :func:`isinstance`, which tries each class in turn."""


def _listed(move: object, known: tuple[Move, ...]) -> bool:
    """Whether ``move`` is one of the listed moves ``known`` itself, not merely an equal one.

    Identity is all the engine needs to skip the check (a caller almost always passes a move
    from :func:`legal_moves`), and it is found without comparing moves field by field; an
    equal move made afresh is checked instead, which gives the same answer.
    """
    for listed in known:  # noqa: SIM110 (a loop: any() over a generator is slower here)
        if listed is move:
            return True
    return False


def _outcome_of(move: Move) -> object:
    """What a chance move says was drawn: a worker type, a jungle tile or a hut side."""
    if isinstance(move, DrawWorker):
        return move.type
    if isinstance(move, DrawJungle):
        return move.tile
    if isinstance(move, HutSide):
        return move.hut
    return None


def _run(state: State, move: object, events: list[Event] | None) -> State:
    node = _check(state, move)
    move = cast(Move, move)  # _check raised unless it is a move
    draft = Draft(state, events)
    if node is not None:
        draft.chance_count += 1
        node.draw.resolve(draft, _outcome_of(move))
    else:
        _DECISIONS[type(state.step)].perform(draft, move)
    settle(draft)
    return draft.freeze()


def apply(state: object, move: object) -> State:
    """The state after ``move``; ``state`` itself is never changed.

    Raises :class:`IllegalMoveError`, saying why, for any move not in
    ``legal_moves(state)``.
    """
    return _run(expect(state, State, "apply", IllegalMoveError), move, None)


def step(state: object, move: object) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply`, and also the events that say what happened, in order."""
    events: list[Event] = []
    new_state = _run(expect(state, State, "step", IllegalMoveError), move, events)
    return new_state, tuple(events)
