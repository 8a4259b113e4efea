"""The database's migrations (cacao_rules/server/migrations), on SQLite and on PostgreSQL.

``databases/before-migrations.sqlite3`` was made by the server's storage as it was before
migrations (main at acda94b, ``Storage.create``, ``add_move`` and ``stand_in``): two
unfinished games, one of them with a 64-bit seed and one whose bot seat has a stand-in and
a notice. The tests put it into a new database of each kind, as it is (SQLite: the file
itself; PostgreSQL: its tables, as SQLite describes them, and its rows), start the server
on it and play its games on to their end.

``databases/r0001.sqlite3`` was made by the storage at the first revision, ``r0001`` (main
at ff09707, the same calls): two unfinished games of two seats, one with a stand-in and its
notice. The tests upgrade it to the clocks' revision the same way.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("alembic")
pytest.importorskip("httpx2")

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from starlette.testclient import TestClient

import cacao_rules as cr
from cacao_rules.server import migrations
from cacao_rules.server.app import create_app
from cacao_rules.server.settings import Limits, Settings
from cacao_rules.server.storage import METADATA, Storage
from helpers_process import same_package_env

BEFORE = Path(__file__).resolve().parent / "databases" / "before-migrations.sqlite3"
TOKENS = {
    "00000000000000a1": {0: "token-ann", 1: "token-bob"},
    "00000000000000b2": {0: "token-cat", 2: "token-dan"},
}
"""The games in BEFORE and the tokens of their human seats."""
R0001 = BEFORE.with_name("r0001.sqlite3")
R0001_TOKENS = {
    "00000000000000c3": {0: "token-eve", 1: "token-fay"},
    "00000000000000d4": {0: "token-gus"},
}
"""The games in R0001 and the tokens of their human seats."""
NOTICE = "Seat 1: the bot program greedy broke down; the built-in random bot plays the seat"


@contextmanager
def _engine(url: str) -> Iterator[sa.Engine]:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        yield engine
    finally:
        engine.dispose()


def _put_before(database_url: str, tmp_path: Path, made: Path = BEFORE) -> None:
    """The games of the file ``made``, in its schema, in the new database ``database_url``."""
    if database_url.startswith("sqlite"):
        shutil.copyfile(made, database_url.removeprefix("sqlite:///"))
        return
    copy = tmp_path / made.name  # read from a copy: reading may write SQLite's WAL files
    shutil.copyfile(made, copy)
    old = sa.MetaData()
    with _engine(f"sqlite:///{copy}") as source, _engine(database_url) as target:
        old.reflect(source)
        old.create_all(target)
        with source.connect() as read, target.begin() as write:
            for table in old.sorted_tables:
                write.execute(
                    table.insert(), [dict(row) for row in read.execute(table.select()).mappings()]
                )


def _revision(database_url: str) -> str | None:
    with _engine(database_url) as engine, engine.connect() as db:
        return MigrationContext.configure(db).get_current_revision()


def _play_out(client: TestClient, game: str) -> None:
    """Play the people's seats of ``game`` to its end (the first legal move each time)."""
    tokens = (TOKENS | R0001_TOKENS)[game]
    deadline = time.monotonic() + 120
    while (info := client.get(f"/api/games/{game}").json())["status"] != "over":
        assert time.monotonic() < deadline, "the game does not end"
        if info["to_move"] not in tokens:
            time.sleep(0.01)  # a bot's turn
            continue
        headers = {"Authorization": "Bearer " + tokens[info["to_move"]]}
        view = client.get(f"/api/games/{game}/view", headers=headers).json()
        body = {"move": view["legal_moves"][0]["move"]}
        answer = client.post(f"/api/games/{game}/moves", json=body, headers=headers)
        assert answer.status_code == 200, answer.text


def test_a_database_from_before_migrations_upgrades_and_its_games_play_on(
    database_url: str, tmp_path: Path
) -> None:
    _put_before(database_url, tmp_path)
    assert _revision(database_url) is None
    forever = Limits(open_game_ttl=1e12, idle_game_ttl=1e12)  # the file's games are old
    with TestClient(
        create_app(Settings(database=database_url, limits=forever, allowed_hosts=("testserver",)))
    ) as client:
        assert _revision(database_url) == migrations.head()
        first, second = (client.get(f"/api/games/{game}").json() for game in TOKENS)
        assert (first["moves"], first["status"], first["config"]["modules"]) == (
            9,
            "playing",
            ["map"],
        )
        assert second["moves"] == 6 and [seat["player"] for seat in second["seats"]] == [
            "human",
            "random",
            "human",
        ]
        assert [notice.startswith(NOTICE) for notice in second["notices"]] == [True]
        for game in TOKENS:
            _play_out(client, game)
            record = cr.GameRecord.from_text(client.get(f"/api/games/{game}/record").text)
            assert record.final().is_over
        assert record.seed == 7 and len(record.moves) > 6
    with _engine(database_url) as engine, engine.connect() as db:
        seed = db.execute(sa.text("SELECT seed FROM games WHERE id = '00000000000000a1'"))
        assert seed.scalar_one() == str(2**64 - 1)  # kept whole: it fits no signed BIGINT


def test_a_database_of_the_first_revision_gains_the_clocks_and_its_games_play_on(
    database_url: str, tmp_path: Path
) -> None:
    _put_before(database_url, tmp_path, R0001)
    assert _revision(database_url) == "r0001"
    forever = Limits(open_game_ttl=1e12, idle_game_ttl=1e12)
    with TestClient(
        create_app(Settings(database=database_url, limits=forever, allowed_hosts=("testserver",)))
    ) as client:
        assert _revision(database_url) == migrations.head()  # every revision since
        first, second = (client.get(f"/api/games/{game}").json() for game in R0001_TOKENS)
        assert (first["moves"], second["moves"]) == (5, 4)
        assert first["clocks"] is None and second["clocks"] is None  # untimed, as they were
        assert second["seats"][1]["player"] == "random" and len(second["notices"]) == 1
        for game in R0001_TOKENS:
            _play_out(client, game)
    with _engine(database_url) as engine:
        columns = {c["name"] for c in sa.inspect(engine).get_columns("seats")}
        assert "remaining" in columns


def test_a_database_from_before_the_notices_table_gains_it(
    database_url: str, tmp_path: Path
) -> None:
    _put_before(database_url, tmp_path)
    with _engine(database_url) as engine:
        with engine.begin() as db:
            db.execute(sa.text("DROP TABLE notices"))
        Storage(database_url).close()
        assert "notices" in sa.inspect(engine).get_table_names()


def test_the_migrations_make_the_tables_storage_declares(database_url: str) -> None:
    Storage(database_url).close()
    with _engine(database_url) as engine, engine.connect() as db:
        assert compare_metadata(MigrationContext.configure(db), METADATA) == []


def test_a_database_a_newer_version_upgraded_is_refused(database_url: str) -> None:
    Storage(database_url).close()
    with _engine(database_url) as engine, engine.begin() as db:
        db.execute(sa.text("UPDATE alembic_version SET version_num = 'r9999'"))
    with pytest.raises(cr.ConfigError, match="schema this version of cacao-rules does not know"):
        Storage(database_url)


def test_processes_starting_together_migrate_once(postgres_database: str) -> None:
    """On PostgreSQL only: one process serves a SQLite file."""
    start = "import sys; from cacao_rules.server.storage import Storage; Storage(sys.argv[1])"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", start, postgres_database],
            env=same_package_env(),
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    errors = [process.communicate(timeout=120)[1] for process in processes]
    assert [process.returncode for process in processes] == [0] * 4, errors
    assert _revision(postgres_database) == migrations.head()


def test_threads_starting_together_migrate_once(database_url: str) -> None:
    ready = threading.Barrier(4)
    failures: list[BaseException] = []

    def start() -> None:
        ready.wait()
        try:
            Storage(database_url).close()
        except BaseException as error:  # kept for the assertion below
            failures.append(error)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    assert _revision(database_url) == migrations.head()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("newer", "has a schema this version of cacao-rules does not know"),
        ("no driver", "no driver for"),
    ],
)
def test_serve_refuses_a_database_it_cannot_serve_before_listening(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, words: str
) -> None:
    """A database a newer version upgraded, or a URL whose driver is not installed: ``serve``
    says so and exits 2 before it listens, with no traceback."""
    from cacao_rules.cli import main

    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    if change == "newer":
        Storage(url).close()
        with _engine(url) as engine, engine.begin() as db:
            db.execute(sa.text("UPDATE alembic_version SET version_num = 'r9999'"))
    else:
        url = "postgresql+nosuchdriver://cacao@/cacao"
    assert main(["serve", "--database-url", url, "--port", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("cacao-rules serve: ") and words in captured.err, captured.err
    assert "Traceback" not in captured.err and "serving" not in captured.out
