"""The server's settings: where it keeps its games and the limits it holds every client to.

Every limit is a number here, with a default that suits a public server on a small machine;
``cacao-rules serve`` has an option for the ones an operator most often changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from .live_updates import LiveUpdates

LOOPBACK = ("localhost", "127.0.0.1", "::1")
"""The hosts a server answers to by default: the names of the machine it runs on."""


@attrs.frozen
class Limits:
    """What the server allows one request, one connection, one client and all games."""

    max_body: int = 16_384
    """The largest request body read, in bytes (413 beyond)."""
    head_seconds: float = 10.0
    """The longest time a client may take to send a request's line and headers, from the
    connection's opening or its last answer (the connection is closed beyond)."""
    body_seconds: float = 10.0
    """The longest time a client may take to send a request's body (408 beyond)."""
    max_live_games: int = 2_000
    """The most unfinished games kept at once (503 for a new one beyond)."""
    games_per_client: int = 30
    """The most games one client address may create per ``client_window`` (429 beyond)."""
    client_window: float = 600.0
    """The window of ``games_per_client``, in seconds."""
    sockets_per_seat: int = 4
    """The most WebSockets open at once on one seat (a player's tabs), closed beyond."""
    spectators_per_seat: int = 8
    """The most spectators' WebSockets open at once on one game, as a multiple of
    ``sockets_per_seat``."""
    max_sockets: int = 5_000
    """The most WebSockets open at once on the whole server."""
    socket_idle: float = 600.0
    """A WebSocket that sends nothing for this long (no move, no ping) is closed."""
    hello_seconds: float = 10.0
    """The time a new WebSocket has to send its token."""
    open_game_ttl: float = 3_600.0
    """A game whose seats are not all taken expires after this long without a join."""
    idle_game_ttl: float = 86_400.0
    """An unfinished game expires after this long without a move."""
    finished_in_memory: float = 600.0
    """A finished game leaves memory this long after its last move (its record stays)."""
    sweep_seconds: float = 30.0
    """How often expired games are looked for."""
    lease_seconds: float = 1.0
    """On a database server shared by several processes: how often a process looks at
    the database for what the games it owns (plays the bots of) did through the others,
    and at most how often it tries to take over one game's lease (:mod:`.game_leases`)."""
    watch_seconds: float = 2.0
    """On a database server shared by several processes: how often a process compares
    the games its WebSockets watch with the database (one query), so that a change whose
    live update was lost (its process killed between the commit and the publication)
    reaches them within this long."""
    listed_games: int = 50
    """The most open games, and the most games being played, that ``GET /api/games``
    lists."""
    max_mcts_ms: int = 2_000
    """The most thinking time a client may give a seated search bot, per decision."""
    search_seconds: float = 60.0
    """The most time one client's search bots may think within ``search_window``, across
    all its games (its searches wait beyond; a whole search process's time by default)."""
    search_window: float = 60.0
    """The window of ``search_seconds``, in seconds."""
    program_ms: int = 2_000
    """The thinking time per decision an external bot's program is told (``time_ms`` of the
    bot protocol); it is late, and replaced, after this and the protocol's 2 s of grace."""
    database_seconds: float = 10.0
    """How long a request waits for a SQLite database whose write lock another connection
    holds (503 beyond, with ``Retry-After``)."""
    max_programs: int = 100
    """The most external bots seated in unfinished games at once, each a program running
    for its game's life (503 for a game that would seat one more)."""


@attrs.frozen
class Settings:
    """Where the games are stored, the operator's external bots and the limits."""

    database: str = "sqlite:///cacao-games.sqlite3"
    """A SQLAlchemy database URL; SQLite by default, in a file of the working directory."""
    fsync: bool = False
    """SQLite only: sync the disk at every commit, so that a power cut or an operating system
    crash loses no move either (a killed server loses none without it); costs a disk sync
    per move, which bounds the moves per second of the whole server."""
    bots: dict[str, str] = attrs.field(factory=dict)
    """External bots the operator allows clients to seat, by name: a SPEC each
    (``exec:COMMAND``). Clients can never name a command themselves."""
    bot_processes: int = 2
    """The processes the built-in bots think in (the search bots use a whole core each)."""
    limits: Limits = attrs.field(factory=Limits)
    access_log: bool = True
    """Log every HTTP request as a line of JSON (:mod:`.access_log`)."""
    allowed_hosts: tuple[str, ...] = LOOPBACK
    """The names a request may call the server by in its ``Host`` (any port; ``*`` for
    any): those of the address clients reach, e.g. a proxy's public name (:mod:`.guards`)."""
    allowed_origins: tuple[str, ...] = ()
    """The sites (``https://cacao.example.org``) whose pages may post to the server or open
    its WebSockets beside its own address (:mod:`.guards`)."""
    live_updates: Callable[[str], LiveUpdates] | None = None
    """How the processes serving the database tell each other of changed games, made from
    the database URL (:mod:`.live_updates`); ``None``: PostgreSQL's ``LISTEN``/``NOTIFY`` on
    PostgreSQL, this process's memory on any other database."""
