"""Scripted clients for the tests that stop, kill or share server processes: each plays the
human seats of one game over HTTP through any of several servers, chosen at random for
every request, and keeps what those servers answered.

A client keeps each move a server acknowledged (answered 200) under its number in the game,
counts the answers it got by status, and carries on through the other servers once one goes
away (a connection refused or cut: that server is not asked again); it follows a
``Retry-After`` (503: the database cannot be used now) and a ``409`` (the game moved on: it
asks again). It stops when the game is over, when no server answers, or at its deadline.
"""

from __future__ import annotations

import collections
import json
import random
import threading
import time

import httpx2
import sqlalchemy as sa

import cacao_rules as cr
from cacao_rules.formats.serialization import config_from_document


class SeatsClient(threading.Thread):
    """Plays the seats ``tokens`` (seat: token) of ``game`` through the servers ``bases``
    until the game is over, ``deadline`` (``time.monotonic()``) passes, or no server
    answers: random legal moves, each sent with the move number it follows."""

    def __init__(
        self,
        bases: list[str],
        game: str,
        tokens: dict[int, str],
        seed: int,
        deadline: float,
        retry_cap: float = 0.5,
    ) -> None:
        super().__init__(daemon=True)
        self.bases = list(bases)
        self.game, self.tokens, self.deadline = game, tokens, deadline
        self.retry_cap = retry_cap
        """The longest wait a ``Retry-After`` is followed with here (tests are short)."""
        self.rng = random.Random(seed)
        self.acknowledged: dict[int, str] = {}
        """Each move a server answered 200, by its number in the game."""
        self.statuses: collections.Counter[int] = collections.Counter()
        self.retry_hints = 0
        """The 503 answers that carried ``Retry-After``."""
        self.transport_errors = 0
        self.over = False
        self.stop = False

    def run(self) -> None:
        clients = {base: httpx2.Client(base_url=base, timeout=30) for base in self.bases}
        try:
            while not (self.over or self.stop) and time.monotonic() < self.deadline:
                alive = [base for base in self.bases if base in clients]
                if not alive:
                    return
                base = self.rng.choice(alive)
                try:
                    self._step(clients[base])
                except httpx2.TransportError:  # the server went away: the others go on
                    self.transport_errors += 1
                    clients.pop(base).close()
        finally:
            for client in clients.values():
                client.close()

    def _answer(self, answer: httpx2.Response) -> bool:
        """Count ``answer``; whether it is a 200 (else wait as it asks, or a moment)."""
        self.statuses[answer.status_code] += 1
        if answer.status_code == 200:
            return True
        if answer.status_code == 503 and "retry-after" in answer.headers:
            self.retry_hints += 1
            time.sleep(min(self.retry_cap, float(answer.headers["retry-after"])))
        else:
            time.sleep(0.01)
        return False

    def _step(self, client: httpx2.Client) -> None:
        """One seat's view from ``client``'s server, and a move when the seat is to move."""
        seat = self.rng.choice(list(self.tokens))
        headers = {"Authorization": "Bearer " + self.tokens[seat]}
        answer = client.get(f"/api/games/{self.game}/view", headers=headers)
        if not self._answer(answer):
            return
        view = answer.json()
        self.over = view["is_over"]
        if not view["legal_moves"]:
            time.sleep(0.005)
            return
        move = self.rng.choice(view["legal_moves"])["move"]
        body = {"move": move, "number": view["moves"]}
        answer = client.post(f"/api/games/{self.game}/moves", json=body, headers=headers)
        if self._answer(answer):
            self.acknowledged[view["moves"]] = move


def start_games(
    base: str, seatings: list[list[str]], bases: list[str] | None = None, seed: int = 0
) -> list[tuple[str, dict[int, str]]]:
    """A two-player (or more) game per seating of ``seatings`` (``"human"`` or a bot's
    name per seat), each made through a server of ``bases`` chosen at random (``base``
    alone without them), every human seat joined: each game's id and its seats' tokens."""
    rng = random.Random(seed)
    games = []
    for seats in seatings:
        with httpx2.Client(base_url=rng.choice(bases or [base]), timeout=30) as client:
            config = {"players": len(seats), "modules": ["map"]}
            made = client.post("/api/games", json={"config": config, "seats": seats})
            assert made.status_code == 201, made.text
            game = made.json()["game"]
            tokens = {}
            for index in range(seats.count("human")):
                joined = client.post(f"/api/games/{game}/join", json={"name": f"p{index}"})
                assert joined.status_code == 201, joined.text
                tokens[joined.json()["seat"]] = joined.json()["token"]
            games.append((game, tokens))
    return games


def stored_moves(database_url: str, game: str) -> list[str]:
    """The moves of ``game`` in the database, read with SQL of its own, not the server's."""
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    with engine.connect() as db:
        query = "SELECT move FROM moves WHERE game = :game ORDER BY number"
        return list(db.execute(sa.text(query), {"game": game}).scalars())


def check_replays(database_url: str, game: str) -> None:
    """Check that the stored ``game`` replays: its moves are numbered 0, 1, 2, ... with
    none missing, and each is legal in turn from its configuration and seed."""
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    with engine.connect() as db:
        row = db.execute(
            sa.text("SELECT config, seed FROM games WHERE id = :game"), {"game": game}
        ).one()
        query = sa.text("SELECT number, move FROM moves WHERE game = :game ORDER BY number")
        moves = db.execute(query, {"game": game}).all()
    assert [number for number, _ in moves] == list(range(len(moves))), game
    state = cr.new_game(config_from_document(json.loads(row.config)), seed=int(row.seed))
    for number, text in moves:
        move = cr.parse_move(text)
        assert move in cr.legal_moves(state), (game, number, text)
        state = cr.apply(state, move)
