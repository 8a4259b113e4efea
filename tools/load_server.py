"""Load test of the game server: clients on 127.0.0.1 play complete games with random legal
moves over WebSockets, for a bounded time, against a server in a process of its own.

``python tools/load_server.py --games 50 --seconds 60`` keeps 50 two-player games going (a
finished game is replaced by a new one), each seat a WebSocket client, and prints the moves
per second, the server's CPU time per move, the percentiles of a move's round trip (sending
the move to receiving the view it makes), the server's resident memory over time, every
error, and the machine's load average (the clients share the machine with the server).
The server keeps its games in a new SQLite file, or in ``--database-url`` (an empty
PostgreSQL database, say; with ``--new-database``, a new database made on that URL's server
for each run and dropped after it).

``--processes 2 --database-url URL`` runs two server processes on that database instead of
one, and spreads the games over them (each game's clients on one process, chosen in turn);
the CPU time and memory are those of all the processes together. ``--processes``
over 1 needs a database server: one process serves a SQLite file.

``python tools/load_server.py --flood 5 --seconds 60`` measures fairness instead: one client
(127.0.0.1) plays a two-player game against the ``greedy`` bot over HTTP and times each of
the bot's replies (its move sent to its turn again), first alone, then while another client
(127.0.0.2) keeps ``--flood`` Big Games of four ``mcts:2000ms`` bots each going, and prints
the replies' percentiles in both runs.
Needs the server extra and ``httpx2``; a figure, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import websockets

import cacao_rules as cr
from cacao_rules.formats.serialization import config_document


class Tally:
    """What the clients saw."""

    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.games = 0
        self.errors: list[str] = []


async def seat_client(url: str, token: str, rng: random.Random, tally: Tally) -> None:
    """Play one seat to the end over a WebSocket."""
    async with websockets.connect(url, max_size=2**22) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        async for message in socket:
            view = json.loads(message)
            if view["type"] != "view":
                tally.errors.append(view.get("error", str(view))[:200])
                continue
            if sent_at is not None:
                tally.round_trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["is_over"]:
                return
            if view["legal_moves"]:
                move = rng.choice(view["legal_moves"])
                sent_at = time.perf_counter()
                await socket.send(json.dumps({"type": "move", "action": move["action"]}))


async def game_loop(base: str, rng: random.Random, tally: Tally, until: float) -> None:
    """Play games one after another until the time is up."""
    async with httpx2.AsyncClient(base_url=base, timeout=60) as client:
        while time.monotonic() < until:
            answer = await client.post("/api/games", json={"config": {"players": 2}})
            if answer.status_code != 201:
                tally.errors.append(answer.text[:200])
                await asyncio.sleep(1)
                continue
            game = answer.json()["game"]
            tokens = [
                (await client.post(f"/api/games/{game}/join", json={"name": f"p{n}"})).json()
                for n in range(2)
            ]
            url = base.replace("http", "ws") + f"/api/games/{game}/socket"
            seats = [seat_client(url, joined["token"], rng, tally) for joined in tokens]
            try:
                await asyncio.wait_for(asyncio.gather(*seats), until - time.monotonic() + 30)
                tally.games += 1
            except TimeoutError:
                return


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def measure(bases: list[str], pids: list[int], games: int, seconds: float) -> Tally:
    """Keep ``games`` games going for ``seconds`` on the servers ``bases`` (game ``n`` on
    ``bases[n % len(bases)]``), whose processes are ``pids``, and print what was seen."""
    tally = Tally()
    until = time.monotonic() + seconds
    loops = [game_loop(bases[n % len(bases)], random.Random(n), tally, until) for n in range(games)]
    memory: list[tuple[float, float]] = []

    async def sample() -> None:
        start = time.monotonic()
        while time.monotonic() < until:
            memory.append((time.monotonic() - start, sum(rss_mib(pid) for pid in pids)))
            await asyncio.sleep(max(1.0, seconds / 10))

    start, cpu = time.perf_counter(), sum(cpu_seconds(pid) for pid in pids)
    await asyncio.gather(sample(), *loops)
    elapsed = time.perf_counter() - start
    cpu = sum(cpu_seconds(pid) for pid in pids) - cpu
    trips = sorted(tally.round_trips)
    pct = {p: trips[min(len(trips) - 1, int(len(trips) * p / 100))] * 1000 for p in (50, 90, 99)}
    processes = f"{len(pids)} server process{'es' if len(pids) > 1 else ''}"
    print(f"{games} concurrent games, {processes}, {elapsed:.0f} s: {tally.games} games finished")
    print(f"  moves: {len(trips)} ({len(trips) / elapsed:.0f}/s)")
    print(f"  server CPU: {cpu:.1f} s, {cpu / len(trips) * 1000:.1f} ms a move")
    print(
        f"  round trip ms: p50 {pct[50]:.1f}, p90 {pct[90]:.1f}, p99 {pct[99]:.1f}, "
        f"mean {statistics.mean(trips) * 1000:.1f}, max {trips[-1] * 1000:.1f}"
    )
    print("  server memory MiB: " + ", ".join(f"{t:.0f}s {m:.0f}" for t, m in memory))
    print(f"  errors: {len(tally.errors)} {tally.errors[:3]}")
    loads = ", ".join(f"{load:.1f}" for load in os.getloadavg())
    print(f"  machine load average (1, 5, 15 min) at the end: {loads}")
    return tally


FLOOD_GAME = {"config": config_document(cr.Config.big_game(4)), "seats": ["mcts:2000ms"] * 4}
"""A flooding client's game: four search bots, each thinking its whole budget a decision."""


async def greedy_replies(base: str, until: float) -> list[float]:
    """Play a human seat against the greedy bot until ``until``, game after game: the
    seconds from each move that hands the bot its turn to the seat's turn again."""
    replies: list[float] = []
    async with httpx2.AsyncClient(base_url=base, timeout=120) as client:
        while time.monotonic() < until:
            seats = {"config": {"players": 2}, "seats": ["human", "greedy"]}
            game = (await client.post("/api/games", json=seats)).json()["game"]
            joined = await client.post(f"/api/games/{game}/join", json={"name": "p"})
            headers = {"Authorization": f"Bearer {joined.json()['token']}"}
            info = (await client.get(f"/api/games/{game}")).json()
            while info["status"] != "over" and time.monotonic() < until:
                if info["to_move"] != 0:  # the bot's turn (the first move of a game)
                    info = (await client.get(f"/api/games/{game}")).json()
                    await asyncio.sleep(0.005)
                    continue
                view = (await client.get(f"/api/games/{game}/view", headers=headers)).json()
                started = time.perf_counter()
                move = {"action": view["legal_moves"][0]["action"]}
                await client.post(f"/api/games/{game}/moves", json=move, headers=headers)
                info = (await client.get(f"/api/games/{game}")).json()
                if info["to_move"] == 0 or info["status"] == "over":
                    continue  # the seat's own next decision: no reply to time
                while info["to_move"] != 0 and info["status"] != "over":
                    await asyncio.sleep(0.005)
                    info = (await client.get(f"/api/games/{game}")).json()
                replies.append(time.perf_counter() - started)
    return replies


async def flood(base: str, games: int, until: float) -> None:
    """Keep ``games`` games of :data:`FLOOD_GAME` going from 127.0.0.2 until ``until``."""
    transport = httpx2.AsyncHTTPTransport(local_address="127.0.0.2")
    async with httpx2.AsyncClient(base_url=base, timeout=60, transport=transport) as client:
        made = [
            (await client.post("/api/games", json=FLOOD_GAME)).json()["game"] for _ in range(games)
        ]
        while time.monotonic() < until:
            await asyncio.sleep(1)
            for n, game in enumerate(made):
                if (await client.get(f"/api/games/{game}")).json()["status"] == "over":
                    made[n] = (await client.post("/api/games", json=FLOOD_GAME)).json()["game"]


async def fairness(base: str, games: int, seconds: float) -> None:
    """Another game's greedy replies alone, then beside ``games`` flooding games."""
    for flooding in (0, games):
        until = time.monotonic() + seconds
        flooder = asyncio.ensure_future(flood(base, flooding, until)) if flooding else None
        replies = await greedy_replies(base, until)
        if flooder is not None:
            await flooder
        ms = sorted(reply * 1000 for reply in replies)
        pct = {p: ms[min(len(ms) - 1, int(len(ms) * p / 100))] for p in (50, 90, 99)}
        loads = ", ".join(f"{load:.1f}" for load in os.getloadavg())
        print(
            f"greedy replies beside {flooding} flooding games, {seconds:.0f} s: {len(ms)} replies, "
            f"p50 {pct[50]:.0f} ms, p90 {pct[90]:.0f} ms, p99 {pct[99]:.0f} ms, "
            f"max {ms[-1]:.0f} ms; load average {loads}"
        )


@contextlib.contextmanager
def servers(database: str, port: int, processes: int) -> Iterator[tuple[list[str], list[int]]]:
    """``processes`` servers on ``database``, on ports from ``port`` on: their base URLs
    and process ids, once each answers; stopped at the end."""
    started = []
    try:
        for n in range(processes):
            command = [sys.executable, "-m", "cacao_rules", "serve", "--port", str(port + n)]
            options = ["--database-url", database, "--games-per-client", "100000"]
            started.append(
                subprocess.Popen([*command, *options, "--no-access-log"], stdout=subprocess.DEVNULL)
            )
        bases = [f"http://127.0.0.1:{port + n}" for n in range(processes)]
        for base, server in zip(bases, started, strict=True):
            while True:
                try:
                    httpx2.get(base + "/readyz")
                    break
                except httpx2.TransportError:
                    if server.poll() is not None:
                        raise SystemExit(f"the server on {base} did not start") from None
                    time.sleep(0.1)
        yield bases, [server.pid for server in started]
    finally:
        for server in started:
            server.terminate()
        for server in started:
            server.wait()


@contextlib.contextmanager
def new_database(url: str) -> Iterator[str]:
    """A new, empty database on the server of ``url`` (PostgreSQL), dropped at the end."""
    import sqlalchemy as sa

    server = sa.make_url(url)
    name = f"cacao_load_{secrets.token_hex(6)}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as db:
        db.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as db:
            db.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--port", type=int, default=8731)
    parser.add_argument(
        "--flood",
        type=int,
        metavar="GAMES",
        help="measure another game's greedy replies beside GAMES flooding games instead",
    )
    parser.add_argument(
        "--database-url",
        help="the server's database (postgresql+psycopg://...); a new SQLite file without it",
    )
    parser.add_argument(
        "--new-database",
        action="store_true",
        help="make a new database on the server of --database-url for each run (dropped after)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on the database, the games spread over them (default 1; "
        "more need --database-url)",
    )
    args = parser.parse_args()
    if args.processes > 1 and not args.database_url:
        parser.error("--processes over 1 needs a database server: --database-url")
    runs = [None] if args.flood else args.games
    with tempfile.TemporaryDirectory() as folder:
        for games in runs:
            with contextlib.ExitStack() as stack:
                database = args.database_url or f"sqlite:///{folder}/load-{games}.sqlite3"
                if args.new_database:
                    database = stack.enter_context(new_database(database))
                bases, pids = stack.enter_context(servers(database, args.port, args.processes))
                if games is None:
                    asyncio.run(fairness(bases[0], args.flood, args.seconds))
                else:
                    asyncio.run(measure(bases, pids, games, args.seconds))


if __name__ == "__main__":
    main()
