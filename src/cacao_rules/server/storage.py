"""Where the server keeps its games: a SQL database through SQLAlchemy Core.

SQLAlchemy Core (not its ORM) is the one well-kept library that speaks to SQLite and to the
database servers (PostgreSQL, MySQL, ...) with the same code: an operator switches from the
embedded file to a server with one URL, and the tables are declared once, here.

A game is its configuration, its seed, its seats and its moves in notation, nothing else:
every state is the replay of those moves, so the record is the storage. Each accepted move
is committed in its own transaction before it is answered (with SQLite, in the write-ahead
log: a killed server loses nothing; ``fsync`` also survives a power cut, at a disk sync per
move). A move is stored under the number it follows on from, and the primary key (game,
number) refuses a second move of that number: a writer whose game has moved on meanwhile
gets :class:`MoveConflict` (optimistic concurrency), never two versions of a game. A
timed game also keeps each seat's time left and when the running clock started
(:mod:`.clocks`), changed by the transaction of each move. Tokens are kept as SHA-256
hashes.

Every function here blocks (it waits for the database): the server calls them from worker
threads, never on its event loop. A database that cannot be used now (a write lock held
elsewhere beyond the wait, a database server out of reach, a full disk) raises
:class:`Unavailable`, which the server answers 503: a request to try again, not a fault.
"""

from __future__ import annotations

import collections
import hashlib
import json
import time
from collections.abc import Callable, Sequence

import attrs
import sqlalchemy as sa
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry

from . import migrations
from .clocks import Clocks, TimeControl
from .status import STATUSES, UNFINISHED, GameStatus, game_status


class StatusColumn(sa.TypeDecorator[GameStatus]):
    """A game's status in its column: the status's own word in a ``VARCHAR(12)``, as the
    first revision made it (so no migration), checked both ways against :data:`GameStatus`,
    so that a row read back carries a status and never an arbitrary string."""

    impl = sa.String(12)
    cache_ok = True

    def process_bind_param(self, value: GameStatus | None, dialect: sa.Dialect) -> str | None:
        return _checked_status(value)

    def process_result_value(self, value: str | None, dialect: sa.Dialect) -> GameStatus | None:
        return _checked_status(value)


_STATUS_OF: dict[object, GameStatus] = {status: status for status in STATUSES}


def _checked_status(value: object) -> GameStatus | None:
    """``value`` as a game status (``None`` as null, which the column refuses itself);
    :class:`ValueError` for a word that is none."""
    if value is None:
        return None
    status = _STATUS_OF.get(value)
    if status is None:
        raise ValueError(f"{value!r:.40} is not a game status ({', '.join(STATUSES)})")
    return status


METADATA = sa.MetaData()
"""The tables, declared once: the schema the last revision of :mod:`.migrations` gives."""

GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("config", sa.Text, nullable=False),  # the config document, JSON
    sa.Column("seed", sa.String(24), nullable=False),  # 64 bits do not fit a signed BIGINT
    sa.Column("status", StatusColumn(), nullable=False, index=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("touched", sa.Float, nullable=False, index=True),
    sa.Column("clock_seconds", sa.Float, nullable=True),  # null: no clock
    sa.Column("clock_increment", sa.Float, nullable=True),
    sa.Column("turn_started", sa.Float, nullable=True),  # when the running clock started
    sa.Column("client", sa.String(64), nullable=True),  # the address that made it
    sa.Column("rematch", sa.String(32), nullable=True),  # the game made as its rematch
    sa.Index("ix_games_client_created", "client", "created"),
)
SEATS = sa.Table(
    "seats",
    METADATA,
    sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(64), nullable=False),  # "human" or a bot's name
    sa.Column("name", sa.String(64), nullable=True),  # null while a human seat is free
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("remaining", sa.Float, nullable=True),  # seconds left; null: no clock
)
MOVES = sa.Table(
    "moves",
    METADATA,
    sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("move", sa.Text, nullable=False),  # move notation
)
NOTICES = sa.Table(
    "notices",
    METADATA,
    sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("moves", sa.Integer, primary_key=True),  # the moves played when it was given
    sa.Column("text", sa.Text, nullable=False),
)


RETRY_SECONDS = 5
"""How long to wait before trying an :class:`Unavailable` database again (a client is told
so, with ``Retry-After``)."""


class Unavailable(Exception):
    """The database cannot be used now (SQLAlchemy's ``OperationalError``: busy, out of
    reach, full); the same request may succeed later."""


def _unavailable(context: sa.engine.ExceptionContext) -> None:
    """SQLAlchemy's ``handle_error`` hook: an operational error becomes :class:`Unavailable`."""
    if isinstance(context.sqlalchemy_exception, sa.exc.OperationalError):
        raise Unavailable(str(context.original_exception)) from context.original_exception


class MoveConflict(Exception):
    """A move not stored: the game has a move of that number already (another writer's)."""


class RematchTaken(Exception):
    """A rematch not stored: another writer made the game's rematch first, ``winner``."""

    def __init__(self, game_id: str, winner: str) -> None:
        super().__init__(f"game {game_id} has a rematch already: {winner}")
        self.winner = winner


def token_hash(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@attrs.frozen
class Seat:
    """A seat as stored: ``player`` is ``"human"`` or a bot's name; ``name`` is ``None``
    while a human seat is free."""

    player: str
    name: str | None
    token_hash: str | None


@attrs.frozen
class StoredGame:
    """A game as stored: everything needed to replay it."""

    id: str
    config: dict[str, object]
    seed: int
    status: GameStatus
    touched: float
    seats: tuple[Seat, ...]
    moves: tuple[str, ...]
    notices: tuple[tuple[int, str], ...] = ()
    """What the clients were told beyond the moves, with the number of moves played then."""
    clocks: Clocks | None = None
    """The seats' clocks of a timed game."""
    rematch: str | None = None
    """The id of the game made as this one's rematch, once one is."""


@attrs.frozen
class Listed:
    """A game as the lobby's list finds it in the database: its ``status``, its number of
    ``moves`` and the ``names`` seated at its seats (``None``: a free seat)."""

    id: str
    status: GameStatus
    moves: int
    names: tuple[str | None, ...]


def _sqlite_pragmas(
    fsync: bool, wait_seconds: float
) -> Callable[[DBAPIConnection, ConnectionPoolEntry], None]:
    """WAL (readers never wait for the writer; a commit is in the file when it returns, so a
    killed server loses nothing), a disk sync per commit only with ``fsync`` (without it an
    operating system crash or a power cut may lose the last commits), and waiting up to
    ``wait_seconds`` for a lock instead of failing at once."""

    def on_connect(connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
        cursor.execute(f"PRAGMA busy_timeout={round(wait_seconds * 1000)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return on_connect


class Storage:
    """The games of one database (``url``: a SQLAlchemy URL), its schema brought up to date
    (:mod:`.migrations`); ``fsync``: SQLite syncs the disk at each commit; ``wait_seconds``:
    how long SQLite waits for a write lock held by another connection before
    :class:`Unavailable`."""

    def __init__(self, url: str, fsync: bool = False, wait_seconds: float = 10.0) -> None:
        self.engine = sa.create_engine(url)
        sa.event.listen(self.engine, "handle_error", _unavailable)
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas(fsync, wait_seconds))
        migrations.upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create(
        self,
        game_id: str,
        config: dict[str, object],
        seed: int,
        seats: Sequence[Seat],
        clock: TimeControl | None = None,
        client: str | None = None,
        rematch_of: str | None = None,
    ) -> None:
        """Store a new game, made by ``client`` (an address); timed by ``clock``, whose first
        clock starts now when every seat is taken already; ``rematch_of``: the finished game
        it is the rematch of, in the same transaction, or :class:`RematchTaken` (and nothing
        stored) when another writer made that game's rematch first."""
        now = time.time()
        seated = all(seat.name is not None for seat in seats)
        status = game_status(expired=False, over=False, seated=seated)
        seconds = None if clock is None else clock.seconds
        with self.engine.begin() as db:
            db.execute(
                GAMES.insert().values(
                    id=game_id,
                    config=json.dumps(config),
                    seed=str(seed),
                    status=status,
                    created=now,
                    touched=now,
                    clock_seconds=seconds,
                    clock_increment=None if clock is None else clock.increment,
                    turn_started=now if clock is not None and status == "playing" else None,
                    client=client,
                )
            )
            db.execute(
                SEATS.insert(),
                [
                    {
                        "game": game_id,
                        "seat": number,
                        **attrs.asdict(seat),
                        "remaining": seconds,
                    }
                    for number, seat in enumerate(seats)
                ],
            )
            if rematch_of is not None:
                _mark_rematch(db, rematch_of, game_id)

    def take_seat(
        self, game_id: str, seat: int, name: str, token: str, full: bool, now: float
    ) -> bool:
        """Give the free human ``seat`` to ``name`` at ``now``; ``False`` when someone took
        it first. ``full``: every seat is now taken, and the game (and its first clock)
        starts."""
        with self.engine.begin() as db:
            taken = db.execute(
                SEATS.update()
                .where(SEATS.c.game == game_id, SEATS.c.seat == seat, SEATS.c.name.is_(None))
                .values(name=name, token_hash=token_hash(token))
            ).rowcount
            if taken != 1:
                return False
            values: dict[str, object] = {"touched": now}
            if full:
                values |= {
                    "status": game_status(expired=False, over=False, seated=True),
                    "turn_started": now,
                }
            db.execute(GAMES.update().where(GAMES.c.id == game_id).values(**values))
            return True

    def add_move(
        self,
        game_id: str,
        number: int,
        move: str,
        over: bool,
        clock: tuple[int, float, float] | None = None,
    ) -> None:
        """Commit move ``number`` (counting from 0) of the game, the one that follows the
        ``number`` moves the writer knows; ``over``: it ended the game; ``clock`` (a timed
        game): the seat that moved, its seconds left, and when the next clock started.
        :class:`MoveConflict` when the game has a move ``number`` already: the writer's
        game is behind the database's, and nothing is stored."""
        now = time.time()
        values: dict[str, object] = {"touched": now}
        if over:
            values["status"] = game_status(expired=False, over=True, seated=True)
        if clock is not None:
            values["turn_started"] = clock[2]
        try:
            with self.engine.begin() as db:
                _change_game(db, game_id, values)
                db.execute(MOVES.insert().values(game=game_id, number=number, move=move))
                if clock is not None:
                    db.execute(
                        SEATS.update()
                        .where(SEATS.c.game == game_id, SEATS.c.seat == clock[0])
                        .values(remaining=clock[1])
                    )
        except sa.exc.IntegrityError:  # the primary key (game, number): the only one it meets
            raise MoveConflict(f"game {game_id} has a move {number} already") from None

    def stand_in(
        self, game_id: str, seat: int, player: str, moves: int, text: str, out: bool = False
    ) -> None:
        """Give ``seat`` to the built-in bot ``player`` after ``moves`` moves (its external
        bot broke down; ``out``: its time ran out, and its clock is stopped at 0), with the
        notice ``text`` that says so. Stored only while the game has those ``moves``, the
        move number a move would check too, and once per seat and move:
        :class:`MoveConflict` when another writer moved the game on or gave the seat a
        stand-in first."""
        seat_values: dict[str, object] = {"player": player} | ({"remaining": 0.0} if out else {})
        try:
            with self.engine.begin() as db:
                _change_game(db, game_id, {"touched": time.time()})
                later = sa.select(MOVES.c.number).where(
                    MOVES.c.game == game_id, MOVES.c.number >= moves
                )
                if db.execute(later.limit(1)).first() is not None:
                    raise MoveConflict(f"game {game_id} has more than {moves} moves")
                db.execute(
                    SEATS.update()
                    .where(SEATS.c.game == game_id, SEATS.c.seat == seat)
                    .values(**seat_values)
                )
                db.execute(NOTICES.insert().values(game=game_id, seat=seat, moves=moves, text=text))
        except sa.exc.IntegrityError:  # the notice's key (game, seat, moves): given already
            raise MoveConflict(f"seat {seat} of game {game_id} has a stand-in already") from None

    def expire(self, game_ids: Sequence[str]) -> None:
        """Mark games nobody finished as expired (kept, but no longer played); a game that
        another process finished meanwhile stays finished."""
        if game_ids:
            unfinished = GAMES.c.status.in_(UNFINISHED)
            with self.engine.begin() as db:
                db.execute(
                    GAMES.update()
                    .where(GAMES.c.id.in_(game_ids), unfinished)
                    .values(status=game_status(expired=True, over=False, seated=False))
                )

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as db:
            row = db.execute(GAMES.select().where(GAMES.c.id == game_id)).first()
            if row is None:
                return None
            seats = db.execute(
                SEATS.select().where(SEATS.c.game == game_id).order_by(SEATS.c.seat)
            ).all()
            moves = (
                db.execute(
                    sa.select(MOVES.c.move).where(MOVES.c.game == game_id).order_by(MOVES.c.number)
                )
                .scalars()
                .all()
            )
            notices = db.execute(
                sa.select(NOTICES.c.moves, NOTICES.c.text)
                .where(NOTICES.c.game == game_id)
                .order_by(NOTICES.c.moves, NOTICES.c.seat)
            ).all()
            timed = row.clock_seconds is not None
            clocks = (
                Clocks(
                    TimeControl(row.clock_seconds, row.clock_increment),
                    tuple(s.remaining for s in seats),
                    row.turn_started,
                )
                if timed
                else None
            )
            return StoredGame(
                id=row.id,
                config=json.loads(row.config),
                seed=int(row.seed),
                status=row.status,
                touched=row.touched,
                seats=tuple(Seat(s.player, s.name, s.token_hash) for s in seats),
                moves=tuple(moves),
                notices=tuple((number, text) for number, text in notices),
                clocks=clocks,
                rematch=row.rematch,
            )

    def listed(self, limit: int) -> list[Listed]:
        """The open games, then those being played, through any process: at most ``limit``
        of each, the most recently joined or played first (two queries of the games, one
        of their seats)."""
        moves = sa.select(sa.func.count()).where(MOVES.c.game == GAMES.c.id).scalar_subquery()
        names: collections.defaultdict[str, list[str | None]] = collections.defaultdict(list)
        with self.engine.connect() as db:
            rows = [
                row
                for status in UNFINISHED
                for row in db.execute(
                    sa.select(GAMES.c.id, GAMES.c.status, moves)
                    .where(GAMES.c.status == status)
                    .order_by(GAMES.c.touched.desc(), GAMES.c.id)
                    .limit(limit)
                )
            ]
            seats = (
                sa.select(SEATS.c.game, SEATS.c.name)
                .where(SEATS.c.game.in_([row[0] for row in rows]))
                .order_by(SEATS.c.game, SEATS.c.seat)
            )
            for game_id, name in db.execute(seats):
                names[game_id].append(name)
        return [Listed(row[0], row[1], int(row[2]), tuple(names[row[0]])) for row in rows]

    def unfinished(self) -> list[str]:
        """The ids of the games still open or being played (to resume on start)."""
        with self.engine.connect() as db:
            query = sa.select(GAMES.c.id).where(GAMES.c.status.in_(UNFINISHED))
            return list(db.execute(query.order_by(GAMES.c.created)).scalars())

    def progress(self, game_ids: Sequence[str]) -> dict[str, tuple[int, GameStatus]]:
        """The number of moves and the status of each of the games ``game_ids``: what
        another process may have changed since they were loaded."""
        if not game_ids:
            return {}
        counts = (
            sa.select(GAMES.c.id, sa.func.count(MOVES.c.number), GAMES.c.status)
            .select_from(GAMES.outerjoin(MOVES, MOVES.c.game == GAMES.c.id))
            .where(GAMES.c.id.in_(game_ids))
            .group_by(GAMES.c.id, GAMES.c.status)
        )
        with self.engine.connect() as db:
            return {row[0]: (int(row[1]), row[2]) for row in db.execute(counts)}

    def made_since(self, client: str, since: float) -> int:
        """How many games ``client`` made from ``since`` (a ``time.time()``) on, through any
        process of the server."""
        query = sa.select(sa.func.count()).where(GAMES.c.client == client, GAMES.c.created >= since)
        with self.engine.connect() as db:
            return int(db.execute(query).scalar_one())

    def touched(self, game_ids: Sequence[str]) -> dict[str, float]:
        """When each of the games ``game_ids`` was last played or joined (``time.time()``)."""
        if not game_ids:
            return {}
        query = sa.select(GAMES.c.id, GAMES.c.touched).where(GAMES.c.id.in_(game_ids))
        with self.engine.connect() as db:
            return {row[0]: float(row[1]) for row in db.execute(query)}


def _mark_rematch(db: sa.Connection, game_id: str, rematch: str) -> None:
    """Make ``rematch`` the rematch of ``game_id`` unless it has one: the conditional update
    lets exactly one writer win (on PostgreSQL a second one waits for the first's commit,
    then finds the rematch set); :class:`RematchTaken` for the others."""
    marked = db.execute(
        GAMES.update()
        .where(GAMES.c.id == game_id, GAMES.c.rematch.is_(None))
        .values(rematch=rematch)
    ).rowcount
    if marked != 1:
        query = sa.select(GAMES.c.rematch).where(GAMES.c.id == game_id)
        raise RematchTaken(game_id, str(db.execute(query).scalar_one()))


def _change_game(db: sa.Connection, game_id: str, values: dict[str, object]) -> None:
    """Change the game's row first in a transaction that writes the game: the row's lock
    (PostgreSQL) makes the writers of one game wait for each other, so that what the
    transaction reads next is what the writer before it committed."""
    db.execute(GAMES.update().where(GAMES.c.id == game_id).values(**values))
