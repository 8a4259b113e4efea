"""The JSON shapes of the server's API, as :mod:`msgspec` structures.

Requests are decoded straight into these structures, which checks their types, refuses
unknown keys and bounds their nesting (no field holds arbitrary JSON); answers are built from
them. :func:`json_schemas` gives every shape as a JSON Schema (published in the docs and at
``GET /api/schemas``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta

from .status import GameStatus

MAX_NAME: Final = 40
"""The longest player name, in characters: part of the published request shape, so a
constant of the API, not a server setting."""
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
"""A player's name (printable characters; the server also checks that)."""
Count = Annotated[int, Meta(ge=0, le=1_000)]


class Request(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A request body: unknown keys are refused."""


class ConfigRequest(Request):
    """A game's configuration: the ``config`` object of the library's state document
    (``cr.to_json``), with every key but ``players`` optional; ``is_big_game`` alone (no
    modules, huts or worker tiles) makes the Big Game (``cr.Config.big_game``)."""

    players: int
    modules: Annotated[list[str], Meta(max_length=16)] = []
    map_early_overbuild: bool = False
    huts: Annotated[list[str], Meta(max_length=32)] | None = None
    workers: (
        Annotated[dict[Annotated[str, Meta(max_length=16)], Count], Meta(max_length=16)] | None
    ) = None
    is_big_game: bool = False


class Clock(msgspec.Struct, forbid_unknown_fields=True):
    """A game's clock (in :class:`CreateGame`, and in :class:`GameInfo`): ``minutes`` for
    each seat's whole game, and ``increment`` seconds added to a seat's time after each of
    its moves (a Fischer increment)."""

    minutes: Annotated[float, Meta(gt=0, le=1_440)]
    increment: Annotated[float, Meta(ge=0, le=3_600)] = 0.0


class CreateGame(Request):
    """``POST /api/games``: the configuration and who sits where. ``seats`` names each
    seat's player: ``"human"`` (a person or a client program, who joins with
    ``POST /api/games/ID/join``), a built-in bot (``random``, ``greedy``, ``mcts``,
    ``mcts:250ms``) or an external bot the operator has named. All human by default.
    ``clock``: a clock per seat (none by default); a seat whose time runs out is played by
    the built-in ``random`` bot from then on."""

    config: ConfigRequest
    seats: Annotated[list[Annotated[str, Meta(max_length=60)]], Meta(max_length=4)] | None = None
    clock: Clock | None = None


class JoinGame(Request):
    """``POST /api/games/ID/join``: a name and, optionally, the seat wanted (else the first
    free human seat)."""

    name: Name
    seat: Annotated[int, Meta(ge=0, le=3)] | None = None


class PlayMove(Request):
    """``POST /api/games/ID/moves`` (and a WebSocket's ``move`` message): the move in move
    notation, or its action id (``cr.ActionSpace``); exactly one of the two. ``number``,
    optional: the moves played in the view the move was chosen from (``SeatView.moves``);
    the move is refused (409, with the current view) when the game has moved on since."""

    move: Annotated[str, Meta(max_length=200)] | None = None
    action: Annotated[int, Meta(ge=0, le=10_000_000)] | None = None
    number: Annotated[int, Meta(ge=0, le=1_000_000)] | None = None


class SocketHello(Request):
    """A WebSocket's first message: the seat's token (or ``"spectator": true`` instead, to
    watch the game as someone who holds no seat: no hand is shown), whether each view
    should carry the SVG picture of the board (``board``; it costs the server a few
    milliseconds) and whether the deciding seat's views carry the decision document
    (``decision``)."""

    type: Literal["hello"]
    token: Annotated[str, Meta(max_length=100)] | None = None
    spectator: bool = False
    board: bool = False
    decision: bool = False


class SocketMove(PlayMove):
    """A WebSocket's move message."""

    type: Literal["move"] = "move"


class Answer(msgspec.Struct):
    """An answer body."""


class Error(Answer):
    """Every refusal (status 4xx, or 503 when the server is full or its database busy): what
    was wrong and what is allowed. A move refused because the game moved on is a
    :class:`Conflict`."""

    error: str


class Joined(Answer):
    """A seat taken: its number and its secret token (send it as ``Authorization: Bearer``
    or in a WebSocket's hello). Shown once, stored only as a hash."""

    game: str
    seat: int
    token: str


class SeatInfo(Answer):
    """One seat as everyone may see it: who sits there (``null``: free), and what kind."""

    seat: int
    player: str
    name: str | None


class Clocks(Answer):
    """The seats' clocks of a timed game, as the server made a view: the game's ``clock``;
    ``remaining``, each seat's seconds left when the running clock started (0: its time ran
    out); ``running``, the seat whose clock runs (the seat to move; ``null`` when none
    runs), since ``started`` (Unix time, by the server's clock) and for ``elapsed`` seconds
    when the view was made. A client shows ``remaining[running] - elapsed`` counting down
    from when it got the view, and needs no clock set like the server's."""

    clock: Clock
    remaining: list[float]
    running: int | None
    started: float | None
    elapsed: float


class GameInfo(Answer):
    """``GET /api/games/ID`` and the answer to ``POST /api/games``: what everyone may know
    of a game. ``notices``: what everyone is told beyond the moves (an external bot that
    broke down or a seat whose time ran out, and who plays its seat since); ``clocks``: the
    seats' clocks of a timed game (``null``: the game has none)."""

    game: str
    config: dict[str, Any]
    seats: list[SeatInfo]
    status: GameStatus
    moves: int
    to_move: int | None
    scores: list[int] | None
    winners: list[int] | None
    notices: list[str] = []
    clocks: Clocks | None = None


class Players(Answer):
    """``GET /api/players``: what a client may seat (``seats`` of :class:`CreateGame`):
    ``human``, the built-in bots, a search bot with a budget (``budgets``: the largest the
    server allows) and the external bots its operator named (``external``)."""

    builtin: list[str]
    budgets: list[str]
    external: list[str]


class LegalMove(Answer):
    """A legal move in move notation and its action id (``cr.ActionSpace``)."""

    move: str
    action: int


class ScoreSheet(Answer):
    """One seat's final score: its ``total`` and the ``parts`` it is the sum of (``gold``,
    ``temples``, ``sun``, ``water``... as the library's score sheet names them)."""

    seat: int
    total: int
    parts: dict[str, int]


class OpenGame(Answer):
    """One game of ``GET /api/games``: what everyone may know of it (:class:`GameInfo`) and
    the names of the people already seated (``waiting``)."""

    info: GameInfo
    waiting: list[str]


class Games(Answer):
    """``GET /api/games``: the games with a free seat (``open``, newest first) and those
    being played (``playing``), to join or to watch."""

    open: list[OpenGame]
    playing: list[OpenGame]


class SeatView(Answer):
    """``GET /api/games/ID/view`` and every WebSocket ``view`` message: what one seat may
    know now. ``observation`` is the library's observation document
    (``cr.observation_document``; its schema is ``observation.schema.json``); ``events`` the
    events from number ``since`` on as this seat sees them (``cr.observe_events``, the
    library's event documents) with ``lines`` their words; ``next`` the number to ask from
    next time; ``moves`` the moves played so far (the ``number`` to send with a move);
    ``legal_moves`` this seat's moves when it is to move; ``scores`` each seat's score if
    the game ended now (final once ``is_over``); ``notices`` what everyone is told beyond
    the events (an external bot that broke down or a seat whose time ran out, and who
    plays its seat since); ``clocks`` the seats' clocks of a timed game; ``board``
    the SVG picture when asked for, with the last turn outlined and the squares where the
    seat may place marked.

    ``decision``: the pending decision as the library's decision document
    (``cr.decision_to_json``: the questions to ask, each answer with the square or edge a
    click picks it by), when asked for, and only to the seat that decides, never to
    another seat or a spectator. ``last_turn``: the moves of the last seat's turn, in
    notation, and ``last_turn_lines`` each of its events in words (``cr.describe``, as
    this seat sees them); ``sheets`` each seat's final score sheet once the game is over;
    ``rematch`` the game created as this one's rematch, once one is. ``seat`` is ``null``
    for a spectator, whose ``observation`` holds no hand."""

    type: Literal["view"]
    game: str
    seat: int | None
    names: list[str | None]
    status: GameStatus
    to_move: int | None
    waiting: str
    observation: dict[str, Any]
    events: list[dict[str, Any]]
    lines: list[str]
    next: int
    moves: int
    legal_moves: list[LegalMove]
    is_over: bool
    scores: list[int]
    winners: list[int] | None
    notices: list[str] = []
    decision: msgspec.Raw | None = None
    last_turn: list[str] = []
    last_turn_lines: list[str] = []
    sheets: list[ScoreSheet] | None = None
    rematch: str | None = None
    board: str | None = None
    clocks: Clocks | None = None


class Conflict(Answer):
    """A move refused with 409 because the game moved on (another move was played first):
    why, and the seat's current view (:class:`SeatView`, its events from the ``since`` of
    the request on), from which to choose again."""

    error: str
    view: SeatView


SHAPES: dict[str, type[msgspec.Struct]] = {
    "CreateGame": CreateGame,
    "JoinGame": JoinGame,
    "PlayMove": PlayMove,
    "SocketHello": SocketHello,
    "SocketMove": SocketMove,
    "GameInfo": GameInfo,
    "Joined": Joined,
    "Players": Players,
    "Games": Games,
    "SeatView": SeatView,
    "Error": Error,
    "Conflict": Conflict,
}
"""The published shapes by name: requests, then answers."""


SCHEMA_FILE = "api.schema.json"
"""The shipped file of :func:`json_schemas` beside this module (the docs include it);
``tests/test_server.py`` checks that it is what :func:`schema_text` gives;
``python -m cacao_rules.server.schemas`` rewrites it."""


def schema_text() -> str:
    """:func:`json_schemas` as the shipped file holds it."""
    return json.dumps(json_schemas(), indent=2, sort_keys=True) + "\n"


def json_schemas() -> dict[str, Any]:
    """Every shape of :data:`SHAPES` as a JSON Schema, the shared parts in ``$defs``."""
    (refs, definitions) = msgspec.json.schema_components(
        SHAPES.values(), ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "cacao-rules game server API",
        "$defs": definitions,
        "oneOf": list(refs),
    }


if __name__ == "__main__":
    Path(__file__).with_name(SCHEMA_FILE).write_text(schema_text(), encoding="utf-8")
