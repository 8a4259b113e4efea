"""Sealed values (DESIGN 1): no public attribute or method changes a state, a player, a
move, a tile, a step or an event once built, and what the engine keeps about a state (its
listed moves, the placement frontier) or what the action space keeps (its indices) is out of
every caller's reach, so no caller can make the engine accept a move it did not list."""

from __future__ import annotations

import contextlib
import pickle
import types
from collections.abc import Iterator

import pytest

import cacao_rules as cr
from cacao_rules.game.frozen import Bag, FrozenMap
from cacao_rules.state.state import ActivatedEdge


@pytest.mark.rule("R-PLACE-4")
def test_a_discard_that_was_never_listed_is_refused() -> None:
    """The exploit of issue 21: a discard planted among a state's listed moves was accepted
    without its check. The engine's list is private now; a discard while a tile can be
    placed is refused, whether or not the moves were listed first."""
    state = cr.new_game(cr.Config(players=2), seed=3)
    assert isinstance(state.step, cr.PlacementStep)
    bogus = cr.Discard(state.players[state.current].hand[0])
    for name in ("keep_moves", "known_moves", "memo", "recall"):
        assert not hasattr(state, name), name
    with pytest.raises(cr.IllegalMoveError):
        cr.apply(state, bogus)
    listed = cr.legal_moves(state)
    assert bogus not in listed
    with pytest.raises(cr.IllegalMoveError):
        cr.apply(state, bogus)
    assert cr.legal_moves(state) == listed


def _private_slots() -> list[str]:
    """The private slots of a state (its hash aside): where the engine keeps what it
    worked out about it (slots in the pure build, a native class's attributes in the
    compiled one: descriptors on the class either way)."""
    slots = (types.MemberDescriptorType, types.GetSetDescriptorType)
    return sorted(
        {
            name
            for cls in cr.State.__mro__
            for name, value in vars(cls).items()
            if name.startswith("_") and not name.startswith("__") and name != "_hash"
            if isinstance(value, slots)
        }
    )


def _plant(state: cr.State, name: str, value: object) -> None:
    """Write ``value`` into ``state``'s private slot ``name`` as an attacker would; the
    compiled build's native class refuses the write outright, which leaves nothing planted."""
    with contextlib.suppress(TypeError):
        object.__setattr__(state, name, value)


def _resolving_state() -> cr.State:
    """A state of a seeded game that waits for a resolve, with its moves listed."""
    state = cr.new_game(cr.Config(players=2), seed=3)
    while not isinstance(state.step, cr.ResolveStep):
        state = cr.apply(state, cr.legal_moves(state)[0])
    cr.legal_moves(state)
    return state


@pytest.mark.parametrize("planted", ["tuple", "method"])
def test_moves_planted_through_a_private_slot_or_method_are_not_accepted(planted: str) -> None:
    """Issue 36, item 6: writing a move list into a state's private slot (or through a
    private method, where one would take it) as an attacker would, makes neither
    ``legal_moves`` list the move nor ``apply`` accept it: the engine trusts only what it
    listed itself for that very state."""
    state = cr.new_game(cr.Config(players=2), seed=3)
    bogus = cr.Discard(state.players[state.current].hand[0])
    assert _private_slots()
    for name in _private_slots():
        _plant(state, name, (bogus,))
    if planted == "method":
        for name in dir(state):
            if name.startswith("_") and "move" in name and callable(getattr(state, name)):
                getattr(state, name)((bogus,))
    assert bogus not in cr.legal_moves(state)
    with pytest.raises(cr.IllegalMoveError):
        cr.apply(state, bogus)


def test_moves_listed_for_one_state_are_not_accepted_on_another() -> None:
    """What the engine listed for one state, moved into another state's private slots,
    does not make the other accept the moves listed for the first."""
    resolving = _resolving_state()
    move = cr.legal_moves(resolving)[0]
    placing = cr.new_game(cr.Config(players=2), seed=3)
    for name in _private_slots():
        _plant(placing, name, object.__getattribute__(resolving, name))
    with pytest.raises(cr.IllegalMoveError):
        cr.apply(placing, move)
    assert move not in cr.legal_moves(placing)


def test_the_engine_lists_a_state_s_moves_once() -> None:
    """The engine still keeps the moves it listed: asked again, it gives the same tuple."""
    state = _resolving_state()
    assert cr.legal_moves(state) is cr.legal_moves(state)
    after = cr.apply(state, cr.legal_moves(state)[0])
    assert cr.legal_moves(after) is cr.legal_moves(after)


def test_the_action_space_keeps_nothing_in_the_state() -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    twin = pickle.loads(pickle.dumps(state))
    space = cr.ActionSpace(state.config)
    actions = space.legal_actions(state)
    assert space.legal_actions(twin) == actions
    assert {space.decode(state, a) for a in actions} == set(cr.legal_moves(twin))
    assert pickle.dumps(state) == pickle.dumps(twin)


def test_the_frontier_is_no_public_attribute_of_a_board() -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    cr.legal_moves(state)  # works the frontier out
    assert not [name for name in dir(state.board) if name == "derived"]
    with pytest.raises(AttributeError):
        state.board.derived = ()  # type: ignore[attr-defined]


def _big_game() -> Iterator[tuple[cr.State, tuple[cr.Event, ...]]]:
    """The states and events of a Big Game played to the end with the first legal move."""
    state = cr.new_game(cr.Config.big_game(4), seed=11)
    while not state.is_over:
        move = cr.legal_moves(state)[0]
        state, events = cr.step(state, move)
        yield state, events


def _values() -> dict[type, object]:
    """One value of every class a game hands out: state, player, steps, edges, moves,
    tiles, events (the first met of each)."""
    found: dict[type, object] = {}

    def keep(value: object) -> None:
        found.setdefault(type(value), value)

    for state, events in _big_game():
        keep(state)
        keep(state.step)
        for player in state.players:
            keep(player)
        for tile in state.board.values():
            keep(tile)
        if isinstance(state.step, cr.ResolveStep):
            for edge in state.step.queue:
                keep(edge)
        for move in cr.legal_moves(state):
            keep(move)
        for event in events:
            keep(event)
    return found


_VALUES = _values()


def _name(kind: type) -> str:
    return kind.__name__


_KINDS = sorted(_VALUES, key=_name)


def test_a_game_hands_out_every_kind_of_value() -> None:
    kinds = set(_VALUES)
    for expected in (cr.State, cr.PlayerState, ActivatedEdge, cr.JungleTile, cr.WorkerTile):
        assert expected in kinds
    assert kinds & {cr.Place, cr.Fill, cr.Resolve, cr.Slide, cr.BuildHut}
    assert len([k for k in kinds if k.__module__.endswith("events")]) >= 10


@pytest.mark.parametrize("kind", _KINDS, ids=_name)
def test_no_public_attribute_can_be_assigned_or_deleted(kind: type) -> None:
    value = _VALUES[kind]
    before = pickle.dumps(value)
    names = [name for name in dir(value) if not name.startswith("_")]
    assert names
    for name in names:
        current = getattr(value, name)
        with pytest.raises(AttributeError):
            setattr(value, name, current)
        with pytest.raises(AttributeError):
            delattr(value, name)
    with pytest.raises(AttributeError):
        value.planted = 1  # type: ignore[attr-defined]
    assert pickle.dumps(value) == before


@pytest.mark.parametrize("kind", _KINDS, ids=_name)
def test_no_public_method_changes_a_value(kind: type) -> None:
    """Every public method that takes no argument, and ``replace`` with a change, leave the
    value as it was (its pickle, which holds every field, is the same)."""
    value = _VALUES[kind]
    before = pickle.dumps(value)
    called = 0
    for name in dir(value):
        member = getattr(value, name)
        if name.startswith("_") or not callable(member) or isinstance(member, type):
            continue
        try:
            member()
        except TypeError:  # needs arguments
            continue
        called += 1
    replace = getattr(value, "replace", None)
    fields: tuple[str, ...] = getattr(value, "__match_args__", ())
    if replace is not None and fields:
        first = fields[0]
        assert replace(**{first: getattr(value, first)}) == value
    assert pickle.dumps(value) == before
    assert called or fields or not [n for n in dir(value) if not n.startswith("_")]


def test_containers_of_a_state_cannot_be_changed() -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    assert isinstance(state.board, FrozenMap)
    with pytest.raises(TypeError):
        state.board[(9, 9)] = state.board[(0, 0)]
    assert isinstance(state.jungle_pile, Bag)
    with pytest.raises(AttributeError):
        state.jungle_pile.items = ()  # type: ignore[misc]
