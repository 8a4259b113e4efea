"""The steps docs/contributing.md lists for adding a field, an event, a move kind, a step kind
or a module: each test here fails while one of them is forgotten for some value of the
library (the steps that other tests check are named in the guide beside them)."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import msgspec

import cacao_rules as cr
from cacao_rules.agents import action_space
from cacao_rules.cli import options
from cacao_rules.formats import documents as doc
from cacao_rules.formats.event_json import EVENT_CODECS
from cacao_rules.game.moves import MOVE_CLASSES
from cacao_rules.observation import Observation, PlayerView
from cacao_rules.show import describe
from cacao_rules.state.state import PlayerState, State

DOCS = Path(__file__).parent.parent / "docs"


def _fields(document: type[msgspec.Struct]) -> tuple[str, ...]:
    return document.__struct_fields__


# --- a field ------------------------------------------------------------------------------


def test_a_field_is_in_its_document() -> None:
    """A field of a state, a player or the configuration has its key in the documents, in the
    order of the class's fields (the writer relies on it), and the observation's open fields
    are those of the state."""
    assert _fields(doc.PlayerDocument) == PlayerState.FIELDS
    assert _fields(doc.ConfigDocument) == cr.Config.FIELDS
    assert set(_fields(doc.StateDocument)) - {"format", "version"} == set(State.FIELDS)
    assert set(_fields(doc.ObservationDocument)) - {"format", "version"} == set(Observation.FIELDS)
    seen = set(_fields(doc.SeenPlayerDocument))
    assert seen == set(PlayerView.FIELDS) | {"hand"}


# --- an event -----------------------------------------------------------------------------


EVENTS = typing.get_args(cr.Event)


def test_an_event_is_public_written_and_described() -> None:
    """A new event class is in the ``Event`` union, exported, has a JSON codec for each field
    (derived from its fields' names) and a sentence for ``cr.describe``."""
    for kind in EVENTS:
        assert getattr(cr, kind.__name__) is kind, kind
        assert tuple(EVENT_CODECS[kind]) == kind.FIELDS
    assert set(describe._SENTENCES) == set(EVENTS)


# --- a move kind --------------------------------------------------------------------------


def test_a_move_kind_is_public_ordered_and_encoded() -> None:
    """A new move class is in ``MOVE_CLASSES`` and the ``Move`` union, exported, has its own
    verb, and the action space encodes it."""
    assert set(MOVE_CLASSES) == set(typing.get_args(cr.Move))
    assert len({kind.VERB for kind in MOVE_CLASSES}) == len(MOVE_CLASSES)
    encoded = set(action_space._ENCODERS) | set(action_space._TILE_MOVE_CLASSES)
    assert encoded == set(MOVE_CLASSES)
    for kind in MOVE_CLASSES:
        assert getattr(cr, kind.__name__) is kind, kind


# --- a module -----------------------------------------------------------------------------


def test_a_module_is_named_on_the_command_line_and_has_a_page() -> None:
    """A new module has its place in the command line's list and a page in docs/modules."""
    assert sorted(options._MODULE_ORDER, key=str) == sorted(cr.Module, key=str)
    for module in cr.Module:
        page = DOCS / "modules" / f"{module.value.replace('_', '-')}.md"
        assert page.is_file(), page


# --- the bots and the rules' internals ----------------------------------------------------

REACHED_IN: dict[str, set[str]] = {
    "action_space.py": {"modules.huts", "turn.actions", "turn.placement"},
    "bots.py": {"modules.huts", "turn.scoring"},
    "greedy.py": {
        "modules.huts",
        "state.draft",
        "turn.actions",
        "turn.activation",
        "turn.filling",
        "turn.scoring",
    },
    "mcts.py": {"turn.results", "turn.scoring"},
    "playing.py": {"turn.results"},
    "simulation.py": {"turn.results"},
    "tensors.py": {"modules.huts"},
}
"""The internals of the rules (the turn steps, the modules, the working copy of a state)
that each agent imports; docs/contributing.md says why the greedy bot reaches in."""


def test_the_bots_reach_into_the_rules_only_where_the_guide_says() -> None:
    agents = Path(cr.__file__).parent / "agents"
    found: dict[str, set[str]] = {}
    for path in sorted(agents.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            module = node.module if isinstance(node, ast.ImportFrom) and node.level == 2 else None
            if module and module.startswith(("turn.", "modules.", "state.draft")):
                found.setdefault(path.name, set()).add(module)
    assert found == REACHED_IN
