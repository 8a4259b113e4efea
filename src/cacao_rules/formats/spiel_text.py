"""The OpenSpiel adapter's serialization: a state's history and its JSON, as text.

OpenSpiel's default for a game written in Python pickles the state's ``__dict__``, and
reading a pickle runs whatever code it names; :mod:`cacao_rules.openspiel` therefore writes
its states in the library's own formats instead, three lines::

    history=-1:3,-1:0,0:17
    move_number=3
    cacao-rules.state={"format":"cacao-rules.state",...}

``history`` lists the actions so far as ``player:action`` (``-1`` for chance), as OpenSpiel
writes them; ``move_number`` is their count; the last line is :func:`~cacao_rules.to_json`
of the engine state. :func:`read` checks the text's shape and bounds and reads the state
with :func:`~cacao_rules.from_json`; the adapter then replays the history through the engine
and compares the result with that state, so that nothing but a real game is accepted.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2))
>>> text = write([(-1, 0)], state)
>>> text.splitlines()[:2]
['history=-1:0', 'move_number=1']
>>> read(text, 10)[0]
((-1, 0),)
>>> read("history=0:999999\\nmove_number=1\\ncacao-rules.state={}", 10)
Traceback (most recent call last):
...
cacao_rules.errors.FormatError: deserialize_state: ... not an OpenSpiel action id of this game
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from ..errors import FormatError, excerpt, expect
from ..state.state import State
from .json_text import MAX_LENGTH
from .serialization import from_json, to_json

HISTORY: Final = "history="
MOVE_NUMBER: Final = "move_number="
STATE: Final = "cacao-rules.state="
"""The prefixes of the three lines."""

_ACTION: Final = re.compile(r"(-1|[0-3]):(0|[1-9][0-9]{0,8})")
_CALLER: Final = "deserialize_state"
_PER_ACTION: Final = 14
"""The most characters one ``player:action`` entry of the history takes, with its comma."""


def write(history: Iterable[tuple[int, int]], state: State) -> str:
    """The text of a state reached by ``history`` (``(player, action)`` pairs)."""
    actions = [f"{player}:{action}" for player, action in history]
    return f"{HISTORY}{','.join(actions)}\n{MOVE_NUMBER}{len(actions)}\n{STATE}{to_json(state)}"


def _bad(problem: str) -> FormatError:
    return FormatError(f"{_CALLER}: not a state the python_cacao game wrote: {problem}")


def _line(line: str, prefix: str) -> str:
    if not line.startswith(prefix):
        raise _bad(f"expected a line starting {prefix!r}, got {excerpt(line)}")
    return line[len(prefix) :]


def _history(text: str, actions: int, longest: int) -> tuple[tuple[int, int], ...]:
    """The ``(player, action)`` pairs of the history line, each checked: an id below
    ``actions`` for a seat of the game or chance, at most ``longest`` of them."""
    if not text:
        return ()
    entries = text.split(",", longest)
    if len(entries) > longest:
        raise _bad(f"the history holds more than {longest} actions, this game's longest")
    pairs = []
    for index, entry in enumerate(entries):
        match = _ACTION.fullmatch(entry)
        if match is None or int(match[2]) >= actions:
            raise _bad(
                f"history entry {index}: expected PLAYER:ACTION with PLAYER -1 (chance) or a "
                f"seat 0-3 and ACTION from 0 to {actions - 1}, got {excerpt(entry)}; it is not "
                "an OpenSpiel action id of this game"
            )
        pairs.append((int(match[1]), int(match[2])))
    return tuple(pairs)


def read(
    text: str, actions: int, longest: int = 100_000
) -> tuple[tuple[tuple[int, int], ...], State]:
    """The history and the state of ``text`` as :func:`write` writes it, for a game of
    ``actions`` action ids (decisions and chance outcomes alike) whose games take at most
    ``longest`` actions. Raises :class:`~cacao_rules.FormatError` for anything else, having
    read no more than the bounded text; a ``text`` that is no ``str`` is a ``TypeError``."""
    expect(text, str)
    limit = MAX_LENGTH + _PER_ACTION * longest + 64
    if len(text) > limit:
        raise _bad(f"the text is {len(text)} characters long; at most {limit}")
    lines = text.split("\n")
    if len(lines) != 3:
        raise _bad(f"expected 3 lines (history, move_number, state), got {len(lines)}")
    history = _history(_line(lines[0], HISTORY), actions, longest)
    number = _line(lines[1], MOVE_NUMBER)
    if number != str(len(history)):
        raise _bad(
            f"move_number must be the number of actions of the history, {len(history)}, "
            f"got {excerpt(number)}"
        )
    try:
        state = from_json(_line(lines[2], STATE))
    except FormatError as error:
        raise _bad(str(error)) from None
    return history, state
