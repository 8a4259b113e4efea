"""The value classes' generated code is what tools/make_values.py writes from their
declarations (the way black checks ``_width_table.py`` against its script): after changing
a declaration, run ``python tools/make_values.py``."""

from __future__ import annotations

import importlib.util
import inspect
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest

import cacao_rules as cr
from cacao_rules.game.sealed import Sealed
from cacao_rules.observation import OPEN_FIELDS
from cacao_rules.state.draft import Draft

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "make_values.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_values", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_values"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_generated_code_is_up_to_date() -> None:
    stale = [
        str(path.relative_to(SCRIPT.parent.parent))
        for path, text in _script().generated().items()
        if path.read_text() != text
    ]
    assert not stale, f"run python tools/make_values.py; these differ: {stale}"


ROUND_TRIP = """
import cacao_rules as cr

state = cr.new_game(cr.Config(players=2), seed=1)
state = state.replace(players=(state.players[0].replace(stars=3), state.players[1]))
text = cr.to_json(state)
assert '"masks":[],"stars":3}' in text, text
assert cr.from_json(text) == state and cr.from_json(text).players[0].stars == 3
seen = cr.observe(state, 1)
text = cr.observation_to_json(seen)
assert '"masks":[],"stars":3}' in text, text
assert cr.observation_from_json(text) == seen and seen.players[0].stars == 3
"""
"""Run on the package with ``PlayerState.stars`` added: the new field reaches the state and
observation documents and comes back."""


def test_a_field_is_declared_in_its_class_alone(tmp_path: Path) -> None:
    """A field annotated in a value class's body, and nowhere else, reaches the class's
    slots, ``FIELDS``, constructor, ``values()`` and ``replace``; its ``Default`` the
    constructor's signature; and, on a player, the JSON documents of states and
    observations, both ways."""
    package = tmp_path / "cacao_rules"
    shutil.copytree(
        SCRIPT.parent.parent / "src" / "cacao_rules",
        package,
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    module = package / "game" / "components.py"
    text = module.read_text()
    declaration = "    gems: Annotated[Gems | None, Default(None)]\n"
    assert declaration in text
    module.write_text(
        text.replace(declaration, declaration + "    shine: Annotated[int, Default(7)]\n")
    )
    player = package / "state" / "state.py"
    text = player.read_text()
    declaration = "    masks: Annotated[tuple[int, ...], Default(())]\n"
    assert declaration in text
    player.write_text(
        text.replace(declaration, declaration + "    stars: Annotated[int, Default(0)]\n")
    )
    texts = _script().generated(package)
    for path, new in texts.items():
        path.write_text(new)
    written = texts[module]
    block = written[
        written.index("# BEGIN JungleTile") : written.index(
            "# END", written.index("# BEGIN JungleTile")
        )
    ]
    assert '"shine"' in block.split("FIELDS")[0]  # a slot
    assert 'FIELDS: ClassVar[tuple[str, ...]] = ("kind", "value", "gems", "shine")' in block
    assert "shine: int = 7" in block  # the constructor's parameter
    assert "self.shine" in block.split("def values")[1]
    assert 'changes.pop("shine", self.shine)' in block
    environment = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run(
        [sys.executable, "-c", ROUND_TRIP], env=environment, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    config = package / "game" / "config.py"
    text = config.read_text()
    declaration = "    is_big_game: Annotated[bool, Default(False)]\n"
    assert declaration in text
    config.write_text(
        text.replace(declaration, declaration + "    dry: Annotated[bool, Default(False)]\n")
    )
    texts = _script().generated(package)
    document = texts[package / "formats" / "documents.py"]
    assert "    is_big_game: bool\n    dry: bool\n" in document  # ConfigDocument
    request = texts[package / "server" / "schemas.py"]
    assert "    is_big_game: bool = False\n    dry: bool = False\n" in request  # ConfigRequest


def _sealed_classes(base: type[Sealed] = Sealed) -> list[type[Sealed]]:
    """The value classes derived from ``base``: not the pure build's open twins, the
    subclasses that their constructors write through (game/sealed.py)."""
    subclasses = [sub for sub in base.__subclasses__() if not vars(sub).get("_IS_TWIN")]
    return [cls for sub in subclasses for cls in (sub, *_sealed_classes(sub))]


def test_every_record_with_fields_is_declared() -> None:
    script = _script()
    declared = script.declared()
    for cls in _sealed_classes():
        if cls.FIELDS:
            value = declared[cls.__name__]
            assert tuple(field.name for field in value.fields) == cls.FIELDS
            assert cls.__match_args__ == cls.FIELDS


def test_the_draft_and_the_observation_follow_the_state() -> None:
    fields = set(cr.State.FIELDS)
    draft = Draft(cr.new_game(cr.Config(players=2), seed=1), None)
    # A compiled (native) class has no __slots__ to read, and the pure build's class, made
    # from the declared one, has a state's slots (state/in_place.py): an instance tells.
    slots = getattr(Draft, "__slots__", None)
    if slots:
        assert fields | {"events", "moves"} == set(slots)
    for name in fields | {"events", "moves"}:
        getattr(draft, name)  # every field of the state, and the draft's own two, is there
    assert set(OPEN_FIELDS) == fields - {"seed", "players"}
    observation = set(cr.Observation.FIELDS)
    assert observation == set(OPEN_FIELDS) | {"players", "player"}


def test_the_json_documents_name_the_values_fields() -> None:
    """The JSON documents (their fields generated from the values', the worker tile's
    written by hand) hold exactly the fields their values declare."""
    from cacao_rules.formats import documents
    from cacao_rules.state import state

    pairs: list[tuple[type[msgspec.Struct], type[Sealed], set[str]]] = [
        (documents.StateDocument, cr.State, {"format", "version"}),
        (documents.PlayerDocument, cr.PlayerState, set()),
        (documents.ActivatedEdgeDocument, state.ActivatedEdge, set()),
        (documents.WorkerTileDocument, cr.WorkerTile, set()),
    ]
    pairs += [
        (getattr(documents, step.__name__ + "Document"), step, set())
        for step in (state.FillStep, state.BlindFillStep, state.ResolveStep)
    ]
    for document, value, extra in pairs:
        written = set(document.__struct_fields__) - extra
        derived = {"edges"} if value is cr.WorkerTile else set()  # from type and rotation
        assert written == set(value.FIELDS) - derived, document.__name__


def test_every_value_has_the_one_sealed_base() -> None:
    """Every value class with a generated block derives from the one ``Sealed`` of
    game/sealed.py, in both builds: the compiled build no longer loads a second, interpreted
    copy of it for the configuration and game records."""
    importlib.import_module("cacao_rules.show.seats")  # SeatSummary, imported on demand
    bases = set(_sealed_classes())
    names = {cls.__name__ for cls in bases}
    assert set(_script().declared()) <= names
    assert {cr.Config, cr.GameRecord} <= bases
    assert not [name for name in sys.modules if name.endswith("sealed_interpreted")]


@pytest.mark.parametrize("compiled", [False, True])
def test_the_draft_updates_each_player_field_alone_as_update_player_does(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each ``update_<field>`` of the draft (generated, by position, for the rules' hot
    paths) gives the player that ``update_player`` with that one keyword gives, and both
    the one that ``PlayerState.replace`` gives, a sealed value, down either branch of the
    draft's code (the pure build writes a new player's slots itself)."""
    if compiled != cr.COMPILED:
        if cr.COMPILED:
            pytest.skip("compiled, only the compiled branch can run")
        monkeypatch.setattr(sys.modules[Draft.__module__], "COMPILED", compiled)
    state = cr.new_game(cr.Config.big_game(4), seed=3)
    changed: dict[str, Any] = {
        "gold": 9,
        "cacao": 4,
        "sun": 2,
        "water_field": 3,
        "chocolate": 1,
        "map_tiles": 5,
        "huts": (),
        "gems": (1, 0, 2, 0),
        "masks": (3, 5),
    }
    assert set(changed) == set(cr.PlayerState.FIELDS) - {"hand", "pile"}
    for name, value in changed.items():
        by_keyword, by_position = Draft(state, None), Draft(state, None)
        expected = by_keyword.update_player(2, **{name: value})
        player = getattr(by_position, f"update_{name}")(2, value)
        assert player == expected == state.players[2].replace(**{name: value})
        assert type(player) is cr.PlayerState and getattr(player, name) == value
        assert by_position.players == by_keyword.players
        with pytest.raises(AttributeError):
            player.gold = 1


def test_the_draft_takes_a_players_changes_as_named_parameters_not_a_keyword_dictionary() -> None:
    """``Draft.update_player`` names each player field as a keyword-only parameter: a call
    then makes no dictionary of changes to pop (compiled, it is matched at build time), and
    a name that is no field is refused by Python itself. It changes only the fields given."""
    parameters = inspect.signature(Draft.update_player).parameters
    assert list(parameters) == ["self", "seat", *cr.PlayerState.FIELDS]
    assert {p.kind for p in list(parameters.values())[2:]} == {inspect.Parameter.KEYWORD_ONLY}
    state = cr.new_game(cr.Config.big_game(4), seed=3)
    draft = Draft(state, None)
    player = draft.update_player(1, cacao=4, gems=(1, 0, 2, 0))
    assert player == state.players[1].replace(cacao=4, gems=(1, 0, 2, 0))
    assert draft.players[1] is player and draft.players[0] is state.players[0]
    with pytest.raises(TypeError, match="colour"):
        draft.update_player(1, colour=2)  # type: ignore[call-arg]


def _values_made_often(games: int) -> Iterator[object]:
    """Every listed move and every step met in ``games`` unseeded random games (the Big
    Game and the base game in turn, chance outcomes drawn at random too, so that blind
    fills wait as steps), the activated edges queued in their resolve steps and the choices
    of the listed fills."""
    for index in range(games):
        config = cr.Config.big_game(4) if index % 2 else cr.Config(players=3)
        choose = random.Random(index).choice
        state = cr.new_game(config)
        while not state.is_over:
            moves = cr.legal_moves(state)
            yield state.step
            yield from getattr(state.step, "queue", ())
            for move in moves:
                yield move
                yield from getattr(move, "choices", ())
            state = cr.apply(state, choose(moves))


def test_the_engine_s_unchecked_values_equal_the_checked_ones() -> None:
    """The values the engine makes without their constructor's checks (``_unchecked``: the
    listed moves, the fill steps, the activated edges and resolve steps) are the values
    their constructors make of the same fields: equal, of the very class, with the same
    hash, and as sealed; checked on every such value met in random games."""
    made_often: frozenset[str] = _script().MADE_OFTEN
    met: set[str] = set()
    # A blind fill waits only when the display ran out within a turn with spaces left:
    # rare in random games, so one such step is added as it is.
    blind = cr.BlindFillStep((1, 2), ((0, 2), (1, 3)), ((2, 2),))
    for value in [*_values_made_often(6), blind]:
        kind = type(value)
        if kind.__name__ not in made_often:
            continue
        met.add(kind.__name__)
        assert isinstance(value, Sealed)
        fields = value.values()
        made = getattr(kind, "_unchecked")(*fields)  # noqa: B009 (private: not in the stubs)
        checked = kind(*fields)
        assert type(made) is kind
        assert made == checked == value
        assert hash(made) == hash(checked)
        with pytest.raises((AttributeError, TypeError)):
            setattr(made, value.FIELDS[0], fields[0])
    assert met == made_often
