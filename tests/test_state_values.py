"""States and player states are values (DESIGN 1): immutable, equal and hashed by their
fields, picklable, and copied with some fields changed by ``replace``."""

from __future__ import annotations

import contextlib
import copy
import pickle
import random
import re
import sys
from collections.abc import Iterator, Mapping

import pytest

import cacao_rules as cr
from cacao_rules.game.frozen import Bag
from cacao_rules.game.sealed import Sealed
from cacao_rules.show.seats import seat_summaries
from cacao_rules.state.state import BlindFillStep, RefillStep


def _mid_game() -> cr.State:
    state = cr.new_game(cr.Config(players=3, modules={cr.Module.HUTS}), seed=5)
    for _ in range(20):
        state = cr.apply(state, cr.legal_moves(state)[0])
    return state


@pytest.mark.parametrize("kind", ["state", "player"])
def test_records_cannot_be_changed(kind: str) -> None:
    state = _mid_game()
    record: cr.State | cr.PlayerState = state if kind == "state" else state.players[0]
    name = type(record).__name__
    with pytest.raises(AttributeError, match=f"{name} is immutable: cannot assign gold"):
        record.gold = 3
    with pytest.raises(AttributeError, match=f"{name} is immutable: cannot delete"):
        del record.config  # type: ignore[union-attr]
    with pytest.raises(TypeError, match=f"{name} has no field\\(s\\) colour"):
        record.replace(colour=1)


def test_records_compare_hash_and_pickle_by_value() -> None:
    state = _mid_game()
    twin = pickle.loads(pickle.dumps(state))
    assert twin == state and twin is not state and hash(twin) == hash(state)
    assert copy.deepcopy(state) == state
    player = state.players[1]
    changed = player.replace(gold=player.gold + 1)
    assert changed != player and changed.gold == player.gold + 1
    assert changed.replace(gold=player.gold) == player
    assert state.replace(turn=state.turn) == state
    assert state.replace(turn=state.turn + 1) != state
    assert state != player and player != state
    assert repr(player).startswith("PlayerState(gold=")


def _sealed_values(value: object, found: dict[type, list[Sealed]]) -> None:
    """Every record inside ``value`` (fields, tuples, mappings, bags), by class."""
    if isinstance(value, Sealed):
        found.setdefault(type(value), []).append(value)
        for field in value.values():
            _sealed_values(field, found)
    elif isinstance(value, tuple | list):
        for item in value:
            _sealed_values(item, found)
    elif isinstance(value, Mapping):
        _sealed_values(list(value.values()), found)
    elif isinstance(value, Bag):
        _sealed_values(value.items, found)


def _sealed_samples() -> dict[type, list[Sealed]]:
    """Records of every class: those of a few games with every module (their states, moves,
    events, observations, scores and records), and the few that random games seldom make."""
    found: dict[type, list[Sealed]] = {}
    every_module = set(cr.Module) - {cr.Module.NEW_WORKERS}
    for config in (cr.Config.big_game(4), cr.Config(players=3, modules=every_module)):
        for seed in (3, None):
            rng = random.Random(seed)
            state = cr.new_game(config, seed=seed)
            made = []
            while not state.is_over:
                moves = cr.legal_moves(state)
                _sealed_values((state, moves, cr.observe(state, 0)), found)
                made.append(rng.choice(moves))
                state, events = cr.step(state, made[-1])
                _sealed_values((events, cr.observe_events(events, 0)), found)
            record = cr.GameRecord(
                config, seed, made, [f"s{seat}" for seat in range(config.players)]
            )
            scores = cr.final_scores(state)
            summaries = seat_summaries(state)
            _sealed_values((state, record, scores, cr.worker_balance(config), summaries), found)
    _sealed_values((cr.Discard(cr.WorkerType.W1111), BlindFillStep((1, 0), (), ((0, 0),))), found)
    rare_events = (
        cr.WorkerDiscarded(0, cr.WorkerType.W1111),
        cr.SpaceLeftEmpty((0, 1)),
        cr.MaskTaken(0, 5),
    )
    _sealed_values((RefillStep(), rare_events), found)
    return found


def _sealed_classes(base: type[Sealed] = Sealed) -> list[type[Sealed]]:
    """The value classes derived from ``base``: not the pure build's open forms of them (the
    open twins, game/sealed.py, and the draft, state/in_place.py)."""
    subclasses = [sub for sub in base.__subclasses__() if not vars(sub).get("_IS_TWIN")]
    return [cls for sub in subclasses for cls in (sub, *_sealed_classes(sub))]


@contextlib.contextmanager
def _as_compiled(cls: type, compiled: bool) -> Iterator[None]:
    """Run ``cls``'s generated constructor down the branch of the compiled build (its
    ``object.__setattr__`` writes) or of the pure build (plain writes through its open twin)."""
    module = sys.modules[cls.__module__]
    was = module.COMPILED
    module.COMPILED = compiled  # type: ignore[attr-defined]
    try:
        yield
    finally:
        module.COMPILED = was  # type: ignore[attr-defined]


@pytest.mark.skipif(cr.COMPILED, reason="compiled, only the compiled branch can run")
def test_both_branches_of_a_generated_constructor_build_the_same_record() -> None:
    samples = _sealed_samples()
    for cls in _sealed_classes():
        if cls.__name__.startswith("_"):
            continue  # a private base: its subclasses are built below
        assert samples.get(cls), f"no {cls.__name__} to build"
        for record in samples[cls][:50]:
            with _as_compiled(cls, True):
                twin = cls(*record.values())
            slots = [s for klass in cls.__mro__ for s in klass.__dict__.get("__slots__", ())]
            built = cls(*record.values())
            assert [getattr(twin, s) for s in slots] == [getattr(built, s) for s in slots]
            assert built == record == twin and hash(twin) == hash(record)


W1111 = cr.WorkerType.W1111
BAD_FIELDS: list[tuple[type, tuple[object, ...]]] = [
    (cr.Place, ("1-1-1-1", (1, 0), 1)),
    (cr.Overbuild, (W1111, (1, 0), 4)),
    (cr.Discard, (None,)),
    (cr.FillChoice, ((0, 2), "M3", False)),
    (cr.Fill, ([],)),
    (cr.Resolve, ((1, 0), cr.Side.N, 1, -1, (0, 0, 0, 0))),
    (cr.DrawWorker, (1,)),
    (cr.DrawJungle, ("P1",)),
    (cr.Slide, (None,)),
    (cr.BuildHut, ("chief",)),
    (cr.HutSide, (None,)),
]


@pytest.mark.skipif(cr.COMPILED, reason="compiled, only the compiled branch can run")
@pytest.mark.parametrize(("cls", "arguments"), BAD_FIELDS)
def test_both_branches_of_a_generated_constructor_refuse_alike(
    cls: type, arguments: tuple[object, ...]
) -> None:
    with pytest.raises((TypeError, cr.IllegalMoveError)) as refused:
        cls(*arguments)
    assert str(refused.value).startswith(f"{cls.__name__}.")
    with _as_compiled(cls, True), pytest.raises(refused.type, match=re.escape(str(refused.value))):
        cls(*arguments)


def test_a_player_state_is_replaced_as_any_record_is() -> None:
    state = _mid_game()
    player, other = state.players[0], state.players[1].replace(gold=99, huts=(cr.Hut.CHIEF,))
    for name, value in zip(cr.PlayerState.FIELDS, other.values(), strict=True):
        assert player.replace(**{name: value}) == Sealed.replace(player, **{name: value})
        assert getattr(player.replace(**{name: value}), name) == value
    assert player.replace(**dict(zip(cr.PlayerState.FIELDS, other.values(), strict=True))) == other


@pytest.mark.skipif(cr.COMPILED, reason="compiled, no open twin: mypyc writes the slots")
def test_the_open_twin_is_a_subclass_of_the_same_layout() -> None:
    """The pure build's constructors write through a subclass that adds nothing to the
    layout: CPython changes an object's class to and from it without comparing slots
    (game/sealed.py says what that saves)."""
    for cls in (cr.State, cr.PlayerState, cr.Place, cr.Config):
        twin = cls._OPEN
        assert twin.__bases__ == (cls,) and vars(twin)["__slots__"] == ()
        assert twin.__basicsize__ == cls.__basicsize__


@pytest.mark.skipif(cr.COMPILED, reason="compiled, only the compiled branch can run")
@pytest.mark.parametrize("compiled", [False, True])
def test_a_frozen_draft_is_the_state_its_constructor_builds(compiled: bool) -> None:
    """Both branches of ``Draft.freeze`` (the pure build's writes its own, the compiled
    build's through the constructor) give the state the constructor gives, sealed, with
    the moves the draft listed kept for the engine and no others."""
    from cacao_rules.state.draft import Draft

    state = _mid_game()
    moves = cr.legal_moves(state)
    for listed in (None, moves):
        draft = Draft(state, None)
        draft.moves = listed
        with _as_compiled(Draft, compiled):
            frozen = draft.freeze()
        assert type(frozen) is cr.State and frozen is not state
        assert frozen == state and hash(frozen) == hash(state)
        assert [getattr(frozen, s) for s in cr.State.__slots__ if s != "_listed"] == [
            getattr(state, s) for s in cr.State.__slots__ if s != "_listed"
        ]
        with pytest.raises(AttributeError):
            frozen.turn = 3
        kept = cr.legal_moves(frozen)
        assert (kept is moves) == (listed is moves) and kept == moves


def test_a_bag_with_one_more_element_is_the_bag_counted_afresh() -> None:
    """``Bag.add`` (a hut side joining the supply at setup) gives the bag that counting and
    sorting every element again gives, whatever was in it and whatever joins."""
    rng = random.Random(7)
    for _ in range(300):
        elements = [rng.choice("abcdef") for _ in range(rng.randrange(6))]
        bag = Bag.of(elements, key=str)
        bag.count("a")  # with its index of positions built, which the copy may share
        item = rng.choice("abcdefg")
        added = bag.add(item, key=str)
        expected = Bag.of([*elements, item], key=str)
        assert added == expected and added.total == expected.total == len(elements) + 1
        assert [added.count(c) for c in "abcdefg"] == [expected.count(c) for c in "abcdefg"]


def test_a_bag_with_one_element_fewer_is_the_bag_counted_afresh() -> None:
    """``Bag.remove`` (a tile drawn from a pile, at nearly every chance event) reads the bag's
    index of positions where it is made, and looks the item up otherwise: either way, and
    down a chain of removals sharing that index, it gives the bag that counting and sorting
    the elements left gives, and refuses an item the bag does not hold."""
    rng = random.Random(9)
    for _ in range(300):
        elements = [rng.choice("abcdef") for _ in range(rng.randrange(8))]
        bag = Bag.of(elements, key=str)
        if rng.random() < 0.5:
            bag.count("a")  # with its index of positions built
        for _ in range(4):
            item = rng.choice("abcdefg")
            if item not in elements:
                with pytest.raises(KeyError):
                    bag.remove(item)
                continue
            elements.remove(item)
            bag = bag.remove(item)
            expected = Bag.of(elements, key=str)
            assert bag == expected and bag.total == expected.total == len(elements)
            assert [bag.count(c) for c in "abcdefg"] == [expected.count(c) for c in "abcdefg"]
    with pytest.raises(KeyError):
        Bag.of("ab", key=str).remove(["a"])  # type: ignore[arg-type]  # unhashable: searched
    indexed = Bag.of("ab", key=str)
    indexed.count("a")
    with pytest.raises(KeyError):
        indexed.remove(["a"])  # type: ignore[arg-type]


def test_a_drawn_element_taken_off_is_the_bag_counted_afresh() -> None:
    """A chance event draws an element (``Bag.nth``) and removes it right after, which
    ``remove`` finds where ``nth`` left it, by identity; a bag that lost the last copy of an
    item keeps its parent's index to say at once what it lacks (``position``). Down chains
    of draws, removals of other items and lookups, each bag (made without its constructor
    in the pure build) equals the bag counted afresh, hashes and reads as it does, and gives
    each item's position and count as that bag does."""
    rng = random.Random(11)
    for _ in range(300):
        elements = [rng.choice("abcdef") for _ in range(rng.randrange(1, 10))]
        bag = Bag.of(elements, key=str)
        while elements:
            if rng.random() < 0.5:
                bag.count(rng.choice("abcdefg"))  # an index built here, or a known one
            if rng.random() < 0.7:
                item = bag.nth(rng.randrange(bag.total))
                if rng.random() < 0.3:  # drawn again: the last draw is the one found
                    item = bag.nth(rng.randrange(bag.total))
            else:
                item = rng.choice(elements)
            elements.remove(item)
            bag = bag.remove(item)
            expected = Bag.of(elements, key=str)
            assert bag == expected and bag.total == expected.total and len(bag) == len(expected)
            assert hash(bag) == hash(expected) and repr(bag) == repr(expected)
            for c in "abcdefg":
                assert bag.position(c) == expected.position(c)
                assert bag.count(c) == expected.count(c)
            with pytest.raises(KeyError):
                bag.remove("g")
