"""Each kind of step, with everything the library knows about it in one place.

A state's ``step`` says which decision or chance event the game waits for (the step
classes are declared with the state, :mod:`cacao_rules.state.state`). For each step class,
one :class:`StepKind` here holds what the rest of the library asks about it: its legal
moves, how a move is checked and carried out, its chance node, how the engine takes it on
by itself when nobody needs to decide (:rule:`R-DECIDE-1`, :rule:`R-CHANCE-2`), how it is
described in words, what a state waiting at it must satisfy (for
:func:`cacao_rules.check_state`) and the tag that names it in the JSON documents.
:func:`kind_of` finds the kind of a step; the engine, validation, the presentation and the
JSON format all go through it.

One class per kind with methods, not records of functions: compiled with mypyc, the method
of a native class is called directly, while a function kept in a field is called through
Python's call protocol, and the engine asks a step kind something at every move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple, Protocol

from ..errors import IllegalMoveError, excerpt
from ..game.components import (
    DISPLAY_SIZE,
    HAND_SIZE,
    HUT_TILES,
    MAP_BOARD_SIZE,
    Hut,
    JungleKind,
    JungleTile,
    WorkerTile,
    WorkerType,
)
from ..game.config import Module
from ..game.events import AutoDecision
from ..game.frozen import Bag
from ..game.geometry import Square, format_square, neighbour, neighbours
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
from ..modules import emperor, gem_mines, huts
from ..state.chance import seeded_index, seeded_pick
from ..state.draft import Draft
from ..state.state import (
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
    seat_to_move,
)
from ..state.view import View
from . import activation, end_of_turn, filling, hidden_tiles, placement, setup


class Shown(Protocol):
    """The open parts of a game that say what it waits for: a state or a seat's
    observation."""

    @property
    def step(self) -> Step: ...

    @property
    def current(self) -> int: ...

    @property
    def map_board(self) -> tuple[JungleTile, ...]: ...


class ChanceNode(NamedTuple):
    """A pending chance event: the bag drawn from, and the move class that names an outcome
    (:class:`DrawWorker`, :class:`DrawJungle` or :class:`HutSide`).

    A named tuple, not an attrs class: the engine makes one at every chance event.
    """

    bag: Bag[Any]
    names: type


def outcome_moves(node: ChanceNode) -> tuple[Move, ...]:
    """The moves naming the outcomes of ``node``, in the bag's order."""
    names = node.names
    return tuple([names(element) for element, _ in node.bag.items])


def outcome_of(move: Move) -> object:
    """What a chance move says was drawn: a worker type, a jungle tile or a hut side."""
    if isinstance(move, DrawWorker):
        return move.type
    if isinstance(move, DrawJungle):
        return move.tile
    if isinstance(move, HutSide):
        return move.hut
    return None


class StepKind:
    """Everything about one step class (see the module docstring).

    ``step`` is the class, ``tag`` names it in the JSON documents, ``mid_turn`` says
    whether it comes after the turn's tile left the hand and before the next turn starts,
    and ``before_draw`` whether it comes before the player to move draws their new worker
    tile.
    """

    def __init__(
        self,
        step: type[Step],
        tag: str,
        *,
        mid_turn: bool,
        before_draw: bool,
    ) -> None:
        self.step = step
        self.tag = tag
        self.mid_turn = mid_turn
        self.before_draw = before_draw

    def moves(self, view: View) -> Sequence[Move]:
        """Every legal move, in order (:rule:`R-DECIDE-3`); at a chance node the outcomes."""
        raise NotImplementedError

    def check(self, view: View, move: Move) -> None:
        """Raise :class:`IllegalMoveError` saying why ``move`` is not legal now."""
        raise NotImplementedError

    def perform(self, draft: Draft, move: Move) -> None:
        """Carry out the legal ``move`` on ``draft``."""
        raise NotImplementedError

    def advance(self, draft: Draft) -> bool:
        """Take the step on without asking anyone, if nobody need decide: return whether
        ``draft`` moved on (the engine then looks at its new step), or ``False`` when it
        waits here for a decision or an outcome."""
        raise NotImplementedError

    def waits_for(self, view: View) -> str:
        """What the game waits for, as the end of the sentence "the game waits for ..."."""
        raise NotImplementedError

    def describe(self, shown: Shown) -> str:
        """What the game waits for, in words, as a sentence of its own; read from the open
        parts of the game only, so that a seat's observation gives the same sentence."""
        raise NotImplementedError

    def problems(self, state: State, reachable: bool) -> list[str]:
        """What is inconsistent about ``state`` waiting at this step, one sentence each (see
        :func:`cacao_rules.check_state`)."""
        return []

    def stop_problems(self, state: State) -> list[str]:
        """Why the engine would not stop at this step in ``state``, one sentence each: asked
        only of a state that is otherwise consistent, since it reads what the rest of the
        state holds (see :func:`cacao_rules.check_state`)."""
        return []


# --- decisions -------------------------------------------------------------------------


class _Decision(StepKind):
    """A step where one seat decides: an activated edge's owner, else the player to move.

    ``action`` says what they decide ("place a worker tile"), ``accepts`` the move classes
    that answer it.
    """

    def __init__(
        self,
        step: type[Step],
        tag: str,
        action: str,
        accepts: tuple[type, ...],
        *,
        mid_turn: bool,
        before_draw: bool = False,
    ) -> None:
        super().__init__(step, tag, mid_turn=mid_turn, before_draw=before_draw)
        self.action = action
        self.accepts = accepts

    def check(self, view: View, move: Move) -> None:
        if not isinstance(move, self.accepts):
            raise IllegalMoveError(
                f"cannot apply {move}: the game waits for {self.waits_for(view)}"
            )
        self.check_answer(view, move)

    def check_answer(self, view: View, move: Move) -> None:
        """:meth:`check` for a ``move`` of a class in ``accepts``."""
        raise NotImplementedError

    def advance(self, draft: Draft) -> bool:
        return self.answer_alone(draft, self.moves(draft))

    def answer_alone(self, draft: Draft, moves: Sequence[Move]) -> bool:
        """Make the decision whose legal moves are ``moves`` if it has one answer
        (:rule:`R-DECIDE-1`, reported as an :class:`AutoDecision`) and return ``True``;
        otherwise keep ``moves`` as the legal moves and return ``False``."""
        if len(moves) != 1:
            draft.moves = tuple(moves)
            return False
        if draft.events is not None:  # an event is built only when events are collected
            draft.emit(AutoDecision(self.seat(draft), moves[0]))
        self.perform(draft, moves[0])
        return True

    def seat(self, shown: Shown) -> int:
        """The seat that decides (:attr:`State.to_move`)."""
        seat = seat_to_move(shown.step, shown.current)
        assert seat is not None
        return seat

    def waits_for(self, view: View) -> str:
        return f"seat {self.seat(view)} to {self.action}"

    def describe(self, shown: Shown) -> str:
        return f"Waiting for seat {self.seat(shown)} to {self.action}"


class _Placing(_Decision):
    """Step A: place, overbuild or (when neither is possible) discard a worker tile."""

    def moves(self, view: View) -> Sequence[Move]:
        return placement.placement_moves(view)

    def check(self, view: View, move: Move) -> None:
        # A placement, checked at every one played, goes straight to its check.
        if type(move) is Place:
            placement.check_place(view, move)
        else:
            super().check(view, move)

    def check_answer(self, view: View, move: Move) -> None:
        if isinstance(move, Place):
            placement.check_place(view, move)
        elif isinstance(move, Overbuild):
            placement.check_overbuild(view, move)
        else:
            assert isinstance(move, Discard)
            placement.check_discard(view, move)

    def perform(self, draft: Draft, move: Move) -> None:
        if isinstance(move, Place):
            placement.do_place(draft, move)
            if draft.emperor is not None:  # the module's hook only where the Emperor plays
                emperor.after_placement(draft, move.square)
            filling.start_filling(draft, move.square)
        elif isinstance(move, Overbuild):
            placement.do_overbuild(draft, move)
            if draft.emperor is not None:  # the module's hook only where the Emperor plays
                emperor.after_placement(draft, move.square)
            activation.start_activation(draft, move.square, ())
        else:
            assert isinstance(move, Discard)
            placement.do_discard(draft, move)
            end_of_turn.start_end_of_turn(draft)

    def advance(self, draft: Draft) -> bool:
        # R-HIDDEN-2: a placement with one answer is made by the engine only when every seat
        # knows the hand it comes from; else stopping or not would show the hand. Without
        # one answer the moves are listed only when asked for: there are many.
        if not (
            placement.placement_is_forced(draft)
            and hidden_tiles.tiles_foreseen(draft, draft.current)
        ):
            return False
        return self.answer_alone(draft, self.moves(draft))

    def problems(self, state: State, reachable: bool) -> list[str]:
        if state.players[state.current].hand:
            return []
        return [f"seat {state.current} is to place a tile but has none in hand"]


class _Filling(_Decision):
    """Step B: which tile goes on which jungle space."""

    def moves(self, view: View) -> Sequence[Move]:
        # The kind is found by the step's class: no assert, an isinstance call (pure)
        step: FillStep = view.step  # type: ignore[assignment]
        return filling.fill_moves(view, step.spaces)

    def check_answer(self, view: View, move: Move) -> None:
        assert isinstance(move, Fill)
        filling.check_fill(view, move)

    def perform(self, draft: Draft, move: Move) -> None:
        # The engine checked the move's class: no assert, an isinstance call (pure)
        filling.do_fill(draft, move)  # type: ignore[arg-type]

    def describe(self, shown: Shown) -> str:
        step = shown.step
        assert isinstance(step, FillStep)
        return f"{super().describe(shown)} {_squares(step.spaces)}"

    def problems(self, state: State, reachable: bool) -> list[str]:
        step = state.step
        assert isinstance(step, FillStep)
        problems = _placed_problems(state, step.placed)
        problems += _spaces_problems(state, step.placed, step.spaces)
        player = state.players[state.current]
        if not state.display and not (state.map_board and player.map_tiles):
            problems.append(
                "a fill is pending but the display is empty"
                + (" and no map-board tile can be taken" if _uses_map(state) else "")
            )
        return problems


class _Resolving(_Decision):
    """Step C: how to use one activated edge; the owner of the first edge queued decides."""

    def moves(self, view: View) -> Sequence[Move]:
        return activation.resolve_moves(view)

    def check_answer(self, view: View, move: Move) -> None:
        assert isinstance(move, Resolve)
        activation.check_resolve(view, move)

    def perform(self, draft: Draft, move: Move) -> None:
        # The engine checked the move's class: no assert, an isinstance call (pure)
        activation.do_resolve(draft, move)  # type: ignore[arg-type]

    def advance(self, draft: Draft) -> bool:
        # Edges that cannot matter are resolved without asking (R-ACT-7); then look again.
        listed = activation.settle_or_list(draft)
        return True if listed is None else self.answer_alone(draft, listed)

    def describe(self, shown: Shown) -> str:
        step = shown.step
        assert isinstance(step, ResolveStep)
        seat = self.seat(shown)
        edges = ", ".join(
            f"{format_square(edge.square)} {edge.side.name} ({edge.workers})"
            for edge in step.queue
            if edge.owner == seat
        )
        return f"{super().describe(shown)}: {edges}"

    def problems(self, state: State, reachable: bool) -> list[str]:
        step = state.step
        assert isinstance(step, ResolveStep)
        return _queue_problems(state, step)

    def stop_problems(self, state: State) -> list[str]:
        # R-ACT-7: an edge that cannot matter is resolved by the engine, never waited for;
        # two of them would be two listed moves with one outcome (R-DECIDE-2).
        return [
            f"activated edge {format_square(edge.square)} {edge.side.name}: resolving it can "
            f"change nothing, whatever seat {edge.owner} does, so the engine resolves it "
            "itself and never waits for it (R-ACT-7)"
            for edge in activation.dead_edges(state)
        ]


class _Sliding(_Decision):
    """The end of a turn: which map-board tile slides into the display (Map module)."""

    def moves(self, view: View) -> Sequence[Move]:
        return end_of_turn.slide_moves(view)

    def check_answer(self, view: View, move: Move) -> None:
        assert isinstance(move, Slide)
        end_of_turn.check_slide(view, move)

    def perform(self, draft: Draft, move: Move) -> None:
        assert isinstance(move, Slide)
        end_of_turn.do_slide(draft, move)

    def describe(self, shown: Shown) -> str:
        tiles = " or ".join(tile.code for tile in shown.map_board)
        return f"{super().describe(shown)}: {tiles}"

    def problems(self, state: State, reachable: bool) -> list[str]:
        board = state.map_board
        if (
            _uses_map(state)
            and len(state.display) == DISPLAY_SIZE - 1
            and len(board) == MAP_BOARD_SIZE
            and len(set(board)) > 1
        ):
            return []
        return [
            "a slide is pending but the display is not short of exactly 1 tile with 2 "
            "different tiles on the map board"
        ]


class _Building(_Decision):
    """The Hut module's step: build a hut or pass."""

    def moves(self, view: View) -> Sequence[Move]:
        return huts.hut_moves(view)

    def check_answer(self, view: View, move: Move) -> None:
        if move not in huts.hut_moves(view):
            assert isinstance(move, BuildHut)
            raise IllegalMoveError(huts.why_not_buildable(view, view.current, move.hut))

    def perform(self, draft: Draft, move: Move) -> None:
        assert isinstance(move, BuildHut | PassHut)
        huts.do_build(draft, move)
        end_of_turn.next_turn(draft)

    def problems(self, state: State, reachable: bool) -> list[str]:
        if Module.HUTS not in state.config.modules:
            return ["a hut step is pending in a game without the Huts module"]
        player = state.players[state.current]
        if any(
            hut.cost <= player.gold and hut not in player.huts for hut, _ in state.hut_supply.items
        ):
            return []
        return [f"a hut step is pending but seat {state.current} can build no hut of the supply"]


# --- chance events ---------------------------------------------------------------------


class _Chance(StepKind):
    """A step where chance decides: a tile drawn, or the side a hut tile lands on."""

    def __init__(self, step: type[Step], tag: str, *, mid_turn: bool, before_draw: bool) -> None:
        super().__init__(step, tag, mid_turn=mid_turn, before_draw=before_draw)

    def node(self, view: View) -> ChanceNode:
        """The pending chance event."""
        raise NotImplementedError

    def bag(self, view: View) -> Bag[Any]:
        """What the pending chance event draws from: its node's bag, which a kind that
        knows it alone gives without making the node (a seeded game draws from it at
        every chance event, and never needs the node)."""
        return self.node(view).bag

    def draw(self, draft: Draft, outcome: Any) -> None:
        """Carry out the chance event's ``outcome`` on ``draft``."""
        raise NotImplementedError

    def moves(self, view: View) -> Sequence[Move]:
        return outcome_moves(self.node(view))

    def check(self, view: View, move: Move) -> None:
        node = self.node(view)
        if not isinstance(move, node.names) or not node.bag.count(outcome_of(move)):
            raise IllegalMoveError(
                f"{move} is not a possible outcome here; the game waits for " + self.waits_for(view)
            )

    def perform(self, draft: Draft, move: Move) -> None:
        draft.chance_count += 1
        self.draw(draft, outcome_of(move))

    def seeded_outcome(self, view: View, seed: int, counter: int) -> object:
        """The outcome chance event ``counter`` of game ``seed`` draws here (:rule:`R-CHANCE-2`)."""
        return seeded_pick(self.bag(view), seed, counter)

    def advance(self, draft: Draft) -> bool:
        # R-CHANCE-2: a seeded game draws every outcome itself (of a bag of one kind, its
        # seeded pick is that kind); an unseeded one draws only a single possible outcome,
        # and not one the other seats could not foresee (a worker draw into a hand).
        seed = draft.seed
        if seed is not None:
            outcome = self.seeded_outcome(draft, seed, draft.chance_count)
        else:
            items = self.bag(draft).items
            if len(items) != 1 or not hidden_tiles.draw_foreseen(draft):
                return False
            outcome = items[0][0]
        draft.chance_count += 1
        self.draw(draft, outcome)
        return True

    def waits_for(self, view: View) -> str:
        return f"a chance outcome ({self.node(view).names.__name__})"


class _Dealing(_Chance):
    """Chance at setup: hut sides, then the starting hands seat by seat, then the map board
    and the display (:rule:`R-CHANCE-3`)."""

    def node(self, view: View) -> ChanceNode:
        node = self._hut_or_hand_node(view)
        return ChanceNode(gem_mines.jungle_draws(view), DrawJungle) if node is None else node

    def _hut_or_hand_node(self, view: View) -> ChanceNode | None:
        """The draw of a hut side or of a starting hand's tile, or ``None`` once the deal
        is at the jungle tiles."""
        sides = setup.hut_tile_being_dealt(view)
        if sides is not None:
            return ChanceNode(setup.SIDE_BAGS[sides], HutSide)
        seat = setup.seat_being_dealt(view)
        if seat is not None:
            return ChanceNode(view.players[seat].pile, DrawWorker)
        return None

    def seeded_outcome(self, view: View, seed: int, counter: int) -> object:
        # A jungle tile is drawn as _DrawingJungle draws it: the same outcome, without
        # listing every way a gem mine's gems can fall (see seeded_jungle_draw).
        node = self._hut_or_hand_node(view)
        if node is None:
            return gem_mines.seeded_jungle_draw(view, seed, counter)
        return seeded_pick(node.bag, seed, counter)

    def advance(self, draft: Draft) -> bool:
        # A seeded game draws its whole deal at once (setup.deal_seeded), the same draws.
        seed = draft.seed
        if seed is None:
            return super().advance(draft)
        setup.deal_seeded(draft, seed)
        return True

    def draw(self, draft: Draft, outcome: Any) -> None:
        # The outcome's class says which part of the deal it is (see node).
        if isinstance(outcome, Hut):
            setup.deal_hut_side(draft, outcome)
        elif isinstance(outcome, WorkerType):
            setup.deal_worker(draft, outcome)
        else:
            setup.deal_jungle(draft, outcome)

    def describe(self, shown: Shown) -> str:
        return "Chance: the deal"

    def problems(self, state: State, reachable: bool) -> list[str]:
        problems = []
        if (
            state.turn
            or state.discarded
            or any(isinstance(t, WorkerTile) for t in state.board.values())
        ):
            problems.append("the deal is pending but the game is under way (a turn was played)")
        uses_map = _uses_map(state)
        dealing = any(len(p.hand) < HAND_SIZE and p.pile for p in state.players)
        short = len(state.display) < DISPLAY_SIZE or (
            uses_map and len(state.map_board) < MAP_BOARD_SIZE
        )
        if not (dealing or (short and state.jungle_pile) or _hut_sides_to_deal(state)):
            problems.append(
                "the deal is pending but no hut side is left to deal and no hand, map board "
                "or display is short of tiles"
                if uses_map or Module.HUTS in state.config.modules
                else "the deal is pending but no hand or display is short of tiles"
            )
        return problems


class _DrawingJungle(_Chance):
    """Chance: a tile drawn from the jungle pile, a gem mine with its gems (:rule:`R-GEM-2`)."""

    def node(self, view: View) -> ChanceNode:
        return ChanceNode(self.bag(view), DrawJungle)

    def bag(self, view: View) -> Bag[Any]:
        return gem_mines.jungle_draws(view)

    def seeded_outcome(self, view: View, seed: int, counter: int) -> object:
        return gem_mines.seeded_jungle_draw(view, seed, counter)


class _BlindFilling(_DrawingJungle):
    """Chance: a jungle tile drawn blind for a space to fill (:rule:`R-FILL-4`)."""

    def draw(self, draft: Draft, outcome: Any) -> None:
        filling.do_blind_fill(draft, outcome)

    def describe(self, shown: Shown) -> str:
        step = shown.step
        assert isinstance(step, BlindFillStep)
        return f"Chance: blind draws from the jungle pile for {_squares(step.spaces)}"

    def problems(self, state: State, reachable: bool) -> list[str]:
        step = state.step
        assert isinstance(step, BlindFillStep)
        problems = _placed_problems(state, step.placed)
        problems += _spaces_problems(state, step.placed, step.spaces)
        problems += _filled_problems(step.placed, step.filled, state)
        if not state.jungle_pile:
            problems.append("a blind draw is pending but the jungle pile is empty")
        return problems


class _DrawingWorker(_Chance):
    """Chance: the worker tile the player whose turn ends draws."""

    def node(self, view: View) -> ChanceNode:
        return ChanceNode(self.bag(view), DrawWorker)

    def bag(self, view: View) -> Bag[Any]:
        return view.players[view.current].pile

    def seeded_outcome(self, view: View, seed: int, counter: int) -> object:
        # seeded_pick from bag(view), written out: two Python-level calls less (pure) at
        # the worker draw of nearly every turn's end
        pile = view.players[view.current].pile
        return pile.nth(seeded_index(pile._total, seed, counter))

    def draw(self, draft: Draft, outcome: Any) -> None:
        end_of_turn.do_end_of_turn_draw(draft, outcome)

    def describe(self, shown: Shown) -> str:
        return f"Chance: seat {shown.current} draws a worker tile"

    def problems(self, state: State, reachable: bool) -> list[str]:
        player = state.players[state.current]
        problems = []
        if not player.pile:
            problems.append(f"a worker draw is pending but seat {state.current}'s pile is empty")
        if len(player.hand) >= HAND_SIZE:
            problems.append(
                f"a worker draw is pending but seat {state.current} already holds "
                f"{len(player.hand)} tiles; a hand holds {HAND_SIZE}"
            )
        return problems


class _Refilling(_DrawingJungle):
    """Chance: a jungle tile drawn to refill the display."""

    def draw(self, draft: Draft, outcome: Any) -> None:
        end_of_turn.do_refill(draft, outcome)

    def describe(self, shown: Shown) -> str:
        return "Chance: the display is refilled from the jungle pile"

    def problems(self, state: State, reachable: bool) -> list[str]:
        if not state.jungle_pile or len(state.display) >= DISPLAY_SIZE:
            return ["a display refill is pending but the display is full or the pile empty"]
        if state.map_board:
            return [
                "a display refill from the pile is pending but the map board still holds "
                "tiles, which slide into the display first"
            ]
        return []


class _RefillingMap(_DrawingJungle):
    """Chance: a jungle tile drawn to refill the map board (Map module)."""

    def draw(self, draft: Draft, outcome: Any) -> None:
        end_of_turn.do_map_refill(draft, outcome)

    def describe(self, shown: Shown) -> str:
        return "Chance: the map board is refilled from the jungle pile"

    def problems(self, state: State, reachable: bool) -> list[str]:
        if (
            _uses_map(state)
            and state.jungle_pile
            and len(state.map_board) < MAP_BOARD_SIZE
            and len(state.display) == DISPLAY_SIZE
        ):
            return []
        return [
            "a map board refill is pending but the map board is full, the pile empty or "
            "the display not yet refilled"
        ]


# --- the end ---------------------------------------------------------------------------


class _Over(StepKind):
    """The game is over: no move, nobody to decide."""

    def moves(self, view: View) -> Sequence[Move]:
        return ()

    def check(self, view: View, move: Move) -> None:
        raise IllegalMoveError(f"cannot apply {move}: the game is over")

    def perform(self, draft: Draft, move: Move) -> None:
        raise AssertionError("no move is legal once the game is over")

    def advance(self, draft: Draft) -> bool:
        return False

    def waits_for(self, view: View) -> str:
        return "nothing: the game is over"

    def describe(self, shown: Shown) -> str:
        return "Game over."

    def problems(self, state: State, reachable: bool) -> list[str]:
        if any(p.hand or (reachable and p.pile) for p in state.players):
            return ["the game is over but a player still has worker tiles to place"]
        return []


STEP_KINDS: Final[dict[type, StepKind]] = {
    kind.step: kind
    for kind in (
        _Dealing(DealStep, "deal", mid_turn=False, before_draw=False),
        _Placing(
            PlacementStep,
            "placement",
            "place a worker tile",
            (Place, Overbuild, Discard),
            mid_turn=False,
        ),
        _Filling(
            FillStep,
            "fill",
            "fill the jungle spaces",
            (Fill,),
            mid_turn=True,
            before_draw=True,
        ),
        _BlindFilling(BlindFillStep, "blind_fill", mid_turn=True, before_draw=True),
        _Resolving(
            ResolveStep,
            "resolve",
            "resolve an activated edge",
            (Resolve,),
            mid_turn=True,
            before_draw=True,
        ),
        _DrawingWorker(DrawWorkerStep, "draw_worker", mid_turn=True, before_draw=True),
        _Sliding(
            SlideStep,
            "slide",
            "slide a map-board tile into the display",
            (Slide,),
            mid_turn=True,
        ),
        _Refilling(RefillStep, "refill", mid_turn=True, before_draw=False),
        _RefillingMap(MapRefillStep, "map_refill", mid_turn=True, before_draw=False),
        _Building(HutStep, "hut", "build a hut or pass", (BuildHut, PassHut), mid_turn=True),
        _Over(OverStep, "over", mid_turn=False, before_draw=False),
    )
}
"""The kind of each step class, in the order of the turn."""


def kind_of(step: Step) -> StepKind:
    """The kind of ``step``: everything the library knows about steps of its class."""
    return STEP_KINDS[type(step)]


def chance_node(view: View) -> ChanceNode | None:
    """The chance event ``view`` waits for, or ``None`` when it waits for none."""
    kind = STEP_KINDS[type(view.step)]
    return kind.node(view) if isinstance(kind, _Chance) else None


# --- what a pending step implies about the rest of the state ---------------------------


def _uses_map(state: State) -> bool:
    return Module.MAP in state.config.modules


def _squares(squares: tuple[Square, ...]) -> str:
    return " ".join(format_square(square) for square in squares)


def _hut_sides_to_deal(state: State) -> bool:
    config = state.config
    if Module.HUTS not in config.modules or config.huts is not None:
        return False
    return state.hut_supply.total < len(HUT_TILES)


def _placed_problems(state: State, placed: Square) -> list[str]:
    tile = state.board.get(placed)
    if isinstance(tile, WorkerTile) and tile.owner == state.current:
        return []
    return [
        f"the step's placed square {format_square(placed)} holds no worker tile of "
        f"seat {state.current}"
    ]


def _spaces_problems(state: State, placed: Square, spaces: tuple[Square, ...]) -> list[str]:
    problems = []
    if not spaces:
        problems.append("the step has no jungle spaces to fill")
    if list(spaces) != sorted(set(spaces)):
        problems.append("the step's spaces to fill are not sorted and distinct")
    near = neighbours(placed)
    for space in spaces:
        workers = sum(isinstance(state.board.get(n), WorkerTile) for n in neighbours(space))
        if space in state.board or space not in near or workers < 2:
            problems.append(
                f"space {format_square(space)} is not an empty jungle space next to "
                f"{format_square(placed)} between 2 or more worker tiles"
            )
    return problems


def _filled_problems(placed: Square, filled: tuple[Square, ...], state: State) -> list[str]:
    problems = []
    near = neighbours(placed)
    if len(set(filled)) != len(filled):
        problems.append("the step's filled spaces repeat a square")
    for space in filled:
        if space not in near or not isinstance(state.board.get(space), JungleTile):
            problems.append(
                f"filled space {format_square(space)} holds no jungle tile next to "
                f"{format_square(placed)}"
            )
    return problems


def _queue_problems(state: State, step: ResolveStep) -> list[str]:
    problems = []
    seats = state.config.players
    if not step.queue:
        problems.append("the resolve step has no activated edges")
    if step.received < 0:
        problems.append(f"the resolve step's received cacao {step.received} is negative")
    seen: set[tuple[Square, int]] = set()
    for edge in step.queue:
        where = f"activated edge {format_square(edge.square)} {edge.side.name}"
        if (edge.square, edge.side) in seen:
            problems.append(f"{where} is queued twice")
        seen.add((edge.square, edge.side))
        if not 0 <= edge.owner < seats:
            problems.append(f"{where} has owner {edge.owner}, not a seat")
            continue
        tile = state.board.get(edge.square)
        jungle = state.board.get(edge.jungle_square)
        # An edge with no worker is activated only facing a Tree of Life (R-TREE-3).
        at_tree = isinstance(jungle, JungleTile) and jungle.kind is JungleKind.TREE_OF_LIFE
        if not isinstance(tile, WorkerTile) or tile.owner != edge.owner:
            problems.append(f"{where}: no worker tile of seat {edge.owner} there")
        elif edge.workers != huts.counted_workers(tile, tile.edges[edge.side]):
            problems.append(
                f"{where}: the tile has no {excerpt(edge.workers)} workers on that side"
            )
        elif not edge.workers and not at_tree:
            problems.append(
                f"{where}: an edge with no worker is activated only facing a Tree of Life"
            )
        if edge.jungle_square != neighbour(edge.square, edge.side) or not isinstance(
            jungle, JungleTile
        ):
            problems.append(
                f"{where}: jungle square {format_square(edge.jungle_square)} is not the "
                "jungle tile that side faces"
            )
    keys = [
        ((edge.owner - state.current) % seats, edge.square, int(edge.side)) for edge in step.queue
    ]
    if keys != sorted(keys):
        problems.append(
            "the activated edges are not in resolution order (the player to move first, "
            "then clockwise; by square and side within a player)"
        )
    return problems
