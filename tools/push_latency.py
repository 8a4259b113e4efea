"""Cross-process push latency of the game server: how long a move made through one server
process takes to reach a WebSocket attached to another process on the same database.

``python tools/push_latency.py --database-url postgresql+psycopg://... --games 20
--seconds 30`` starts two ``cacao-rules serve`` processes (A and B) on the database (an empty
PostgreSQL one: SQLite is served by one process), keeps ``--games`` two-player games going,
each seat a WebSocket client on A playing random moves, and a spectator's WebSocket on B
for each game. It prints the percentiles of the push latency (the view of move N arriving on
B, less the mover's own view of move N arriving on A, which the server sends once the move
is committed) and of the round trip on A (the move sent to its view back), each server's
CPU time a move (B's is what following another process's moves costs), with the
machine's load average (clients and both servers share the machine). A figure, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time

import httpx2
import websockets
from load_server import cpu_seconds  # this folder's


class Times:
    """When each move's view arrived: on A (the mover's) and on B (the spectator's)."""

    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.on_a: dict[tuple[str, int], float] = {}
        self.on_b: dict[tuple[str, int], float] = {}
        self.errors: list[str] = []

    @staticmethod
    def seen(arrivals: dict[tuple[str, int], float], game: str, moves: int) -> None:
        """A view of ``game`` after ``moves`` moves arrived now: each of those moves is
        seen (a view may show several moves that came while the last one was sent)."""
        now = time.perf_counter()
        for number in range(moves + 1):
            arrivals.setdefault((game, number), now)


async def player(url: str, game: str, token: str, rng: random.Random, times: Times) -> None:
    """Play one seat on A to the end, noting when each move was sent and came back."""
    async with websockets.connect(url, max_size=2**22) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        async for message in socket:
            view = json.loads(message)
            if view["type"] != "view":
                times.errors.append(view.get("error", str(view))[:200])
                continue
            times.seen(times.on_a, game, view["moves"])
            if view["is_over"]:
                return
            if view["legal_moves"]:
                move = rng.choice(view["legal_moves"])["action"]
                times.sent[(game, view["moves"] + 1)] = time.perf_counter()
                number = view["moves"]
                await socket.send(json.dumps({"type": "move", "action": move, "number": number}))


async def spectator(url: str, game: str, times: Times) -> None:
    """Watch the game on B to the end, noting when each move's view arrived."""
    async with websockets.connect(url, max_size=2**22) as socket:
        await socket.send(json.dumps({"type": "hello", "spectator": True}))
        async for message in socket:
            view = json.loads(message)
            times.seen(times.on_b, game, view["moves"])
            if view["is_over"]:
                return


async def games(a: str, b: str, rng: random.Random, times: Times, until: float) -> None:
    """Play games through A, watched on B, one after another until the time is up."""
    async with httpx2.AsyncClient(base_url=a, timeout=60) as client:
        while time.monotonic() < until:
            game = (await client.post("/api/games", json={"config": {"players": 2}})).json()["game"]
            watching = asyncio.create_task(
                spectator(b.replace("http", "ws") + f"/api/games/{game}/socket", game, times)
            )
            await asyncio.sleep(0.2)  # the spectator is attached before the game starts
            tokens = [
                (await client.post(f"/api/games/{game}/join", json={"name": f"p{n}"})).json()
                for n in range(2)
            ]
            url = a.replace("http", "ws") + f"/api/games/{game}/socket"
            seats = [player(url, game, joined["token"], rng, times) for joined in tokens]
            try:
                await asyncio.wait_for(asyncio.gather(*seats, watching), 600)
            except TimeoutError:
                times.errors.append(f"game {game} did not end")


def _percentiles(name: str, seconds: list[float]) -> None:
    ms = sorted(value * 1000 for value in seconds)
    if not ms:
        print(f"  {name}: none")
        return
    at = {p: ms[min(len(ms) - 1, int(len(ms) * p / 100))] for p in (50, 90, 99)}
    print(
        f"  {name} ms ({len(ms)}): p50 {at[50]:.1f}, p90 {at[90]:.1f}, p99 {at[99]:.1f}, "
        f"max {ms[-1]:.1f}"
    )


def report(times: Times, elapsed: float, cpu: list[float]) -> None:
    pushed = [times.on_b[key] - times.on_a[key] for key in times.on_b if key in times.on_a]
    trips = [times.on_a[key] - times.sent[key] for key in times.sent if key in times.on_a]
    missing = [key for key in times.on_a if key[1] and key not in times.on_b]
    print(f"{len(trips)} moves in {elapsed:.0f} s ({len(trips) / elapsed:.0f}/s)")
    _percentiles("push latency, A's view to B's", pushed)
    _percentiles("round trip on A", trips)
    moves = max(1, len(trips))
    print(f"  CPU a move: A {cpu[0] / moves * 1000:.1f} ms, B {cpu[1] / moves * 1000:.1f} ms")
    print(f"  moves never seen on B: {len(missing)}; errors: {len(times.errors)}")
    loads = ", ".join(f"{load:.1f}" for load in os.getloadavg())
    print(f"  machine load average (1, 5, 15 min) at the end: {loads}")


def start(database: str, port: int) -> tuple[subprocess.Popen[bytes], str]:
    """``cacao-rules serve`` on ``port`` and ``database``, once it answers; its address."""
    command = [sys.executable, "-m", "cacao_rules", "serve", "--port", str(port)]
    options = ["--database-url", database, "--games-per-client", "100000"]
    server = subprocess.Popen([*command, *options], stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx2.get(base + "/api/schemas")
            break
        except httpx2.TransportError:
            time.sleep(0.1)
    return server, base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True, help="an empty PostgreSQL database")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--port", type=int, default=8741, help="A's; B's is the next one")
    args = parser.parse_args()
    servers = [start(args.database_url, args.port + n) for n in range(2)]
    try:
        times = Times()
        until = time.monotonic() + args.seconds
        begun = time.perf_counter()
        cpu = [cpu_seconds(server.pid) for server, _ in servers]
        (a, b) = (base for _, base in servers)

        async def everything() -> None:
            await asyncio.gather(
                *(games(a, b, random.Random(n), times, until) for n in range(args.games))
            )

        asyncio.run(everything())
        print(f"{args.games} concurrent games, played on A, watched on B")
        elapsed = time.perf_counter() - begun
        used = [
            cpu_seconds(server.pid) - before
            for (server, _), before in zip(servers, cpu, strict=True)
        ]
        report(times, elapsed, used)
    finally:
        for server, _ in servers:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
