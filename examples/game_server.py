"""An example Cacao game server on the standard library's ``http.server``.

The server is authoritative: it keeps every game's full state (which holds the seed and
every hand) and never sends it. Each client joins a seat and gets a token; with it, it reads
its own observation (``cr.observe``) and the events of the game filtered for its seat
(``cr.observe_events``), as JSON, and sends its moves in move notation. The server checks
every move with the engine. Once a game is over anyone may read its record.

Run it with ``python examples/game_server.py --port 8000``. The routes (JSON in and out):

``POST /games``  ``{"players": 2, "modules": ["map"]}``
    makes a game; answers ``{"game": ID}``.
``POST /games/ID/join``  ``{"name": "ann"}``
    takes the next free seat; answers ``{"seat": N, "token": TOKEN}``.
``GET /games/ID?since=K``  (header ``Authorization: Bearer TOKEN``)
    answers ``{"seat", "observation", "events", "next", "to_move", "waiting",
    "legal_moves", "is_over", "scores"}``: the seat's observation (the JSON observation
    format), the events from number ``K`` on as that seat sees them (the JSON event format)
    and ``next``, the number to ask from next time; ``legal_moves`` when the seat is to move.
``POST /games/ID/moves``  ``{"move": "place 2-1-0-1 1,0 r3"}``  (with the token)
    plays the move; answers like ``GET``. A move that is not this seat's to make or not
    legal is refused with status 409 and ``{"error": why}``.
``GET /games/ID/record``
    the game record (text) once the game is over, 409 before.

Errors are ``{"error": message}`` with status 400 (bad request), 403 (bad token), 404 (no
such game or route), 409 (not now) or 413 (body too large).
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import cacao_rules as cr

MAX_BODY = 10_000
"""The largest request body the server reads, in bytes."""
MAX_GAMES = 1_000
"""The most games one server keeps."""

Json = Any


class Refused(Exception):
    """A request the server refuses: its HTTP status and the message for the client."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


class Game:
    """One game: the full state, every event so far, the seats' names and tokens."""

    def __init__(self, config: cr.Config) -> None:
        self.config = config
        seed = secrets.randbelow(2**64)
        self.state = cr.new_game(config, seed=seed)
        self.record = cr.GameRecord.start(config, seed)
        self.events: list[cr.Event] = []
        self.names: list[str] = []
        self.tokens: list[str] = []

    def join(self, name: str) -> dict[str, Json]:
        if len(self.tokens) == self.config.players:
            raise Refused(HTTPStatus.CONFLICT, "every seat of this game is taken")
        self.names.append(name)
        self.tokens.append(secrets.token_urlsafe(16))
        if len(self.names) == self.config.players:
            self.record = cr.GameRecord.start(self.config, self.record.seed, self.names)
        return {"seat": len(self.tokens) - 1, "token": self.tokens[-1]}

    def seat_of(self, token: str | None) -> int:
        for seat, known in enumerate(self.tokens):
            if token is not None and secrets.compare_digest(known, token):
                return seat
        raise Refused(HTTPStatus.FORBIDDEN, "send the token of your seat: Authorization: Bearer")

    def play(self, seat: int, text: object) -> None:
        if len(self.tokens) < self.config.players:
            raise Refused(HTTPStatus.CONFLICT, "the game starts when every seat is taken")
        if not isinstance(text, str):
            raise Refused(HTTPStatus.BAD_REQUEST, 'send {"move": MOVE IN NOTATION}')
        try:
            move = cr.parse_move(text)
        except cr.FormatError as error:
            raise Refused(HTTPStatus.BAD_REQUEST, str(error)) from None
        if self.state.to_move != seat:
            raise Refused(HTTPStatus.CONFLICT, f"it is not seat {seat}'s decision now")
        try:
            self.state, events = cr.step(self.state, move)
        except cr.IllegalMoveError as error:
            raise Refused(HTTPStatus.CONFLICT, str(error)) from None
        self.events += events
        self.record = self.record.with_move(move)

    def view(self, seat: int, since: int) -> dict[str, Json]:
        """What seat ``seat`` may know: its observation and its events from ``since`` on."""
        state = self.state
        since = min(max(since, 0), len(self.events))
        seen = cr.observe_events(self.events[since:], seat)
        return {
            "seat": seat,
            "observation": json.loads(cr.observation_to_json(cr.observe(state, seat))),
            "events": [cr.event_document(event) for event in seen],
            "next": len(self.events),
            "to_move": state.to_move,
            "waiting": cr.describe_step(state),
            "legal_moves": [str(m) for m in cr.legal_moves(state)] if state.to_move == seat else [],
            "is_over": state.is_over,
            "scores": [sheet.total for sheet in cr.final_scores(state)] if state.is_over else None,
        }


class Lobby:
    """Every game of the server, behind one lock (requests come on several threads)."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()

    def create(self, body: Json) -> dict[str, Json]:
        if not isinstance(body, dict) or set(body) - {"players", "modules"}:
            raise Refused(HTTPStatus.BAD_REQUEST, 'send {"players": 2..4, "modules": [NAMES]}')
        try:
            modules = [cr.Module.named(name) for name in body.get("modules", [])]
            config = cr.Config(players=body.get("players", 2), modules=modules)
        except (cr.ConfigError, TypeError) as error:
            raise Refused(HTTPStatus.BAD_REQUEST, str(error)) from None
        with self.lock:
            if len(self.games) >= MAX_GAMES:
                raise Refused(HTTPStatus.CONFLICT, "the server keeps no more games")
            game_id = secrets.token_hex(8)
            self.games[game_id] = Game(config)
        return {"game": game_id}

    def game(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            raise Refused(HTTPStatus.NOT_FOUND, f"no game {game_id[:40]!r}")
        return game


_ROUTES = re.compile(r"/games(?:/([0-9a-f]{16})(/join|/moves|/record)?)?")


class Handler(BaseHTTPRequestHandler):
    """Reads a request, answers it with JSON (the record as text)."""

    lobby: Lobby
    server_version = "cacao-rules-example/1"

    def do_GET(self) -> None:
        self._answer(self._get)

    def do_POST(self) -> None:
        self._answer(self._post)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a test or a terminal does not need a line per request."""

    def _route(self) -> tuple[str | None, str | None]:
        match = _ROUTES.fullmatch(urlsplit(self.path).path)
        if match is None:
            raise Refused(HTTPStatus.NOT_FOUND, f"no route {self.path[:80]!r}")
        return match[1], match[2]

    def _token(self) -> str | None:
        header = self.headers.get("Authorization", "")
        return header[7:] if header.startswith("Bearer ") else None

    def _since(self) -> int:
        values = parse_qs(urlsplit(self.path).query).get("since", ["0"])
        if not re.fullmatch(r"[0-9]{1,9}", values[0]):
            raise Refused(HTTPStatus.BAD_REQUEST, "since must be an event number (0 or more)")
        return int(values[0])

    def _body(self) -> Json:
        length = self.headers.get("Content-Length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            raise Refused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"at most {MAX_BODY} bytes")
        raw = self.rfile.read(int(length))
        try:
            return json.loads(raw or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            raise Refused(HTTPStatus.BAD_REQUEST, "the body is not JSON") from None

    def _get(self) -> tuple[HTTPStatus, Json]:
        game_id, action = self._route()
        if game_id is None or action not in (None, "/record"):
            raise Refused(HTTPStatus.NOT_FOUND, "GET /games/ID or /games/ID/record")
        lobby = self.lobby
        with lobby.lock:
            game = lobby.game(game_id)
            if action == "/record":
                if not game.state.is_over:
                    raise Refused(HTTPStatus.CONFLICT, "the record is kept until the game ends")
                return HTTPStatus.OK, game.record.to_text()
            return HTTPStatus.OK, game.view(game.seat_of(self._token()), self._since())

    def _post(self) -> tuple[HTTPStatus, Json]:
        game_id, action = self._route()
        body = self._body()
        lobby = self.lobby
        if game_id is None:
            return HTTPStatus.CREATED, lobby.create(body)
        if not isinstance(body, dict):
            raise Refused(HTTPStatus.BAD_REQUEST, "send a JSON object")
        with lobby.lock:
            game = lobby.game(game_id)
            if action == "/join":
                name = body.get("name", f"seat {len(game.names)}")
                if not isinstance(name, str) or not name.isprintable() or len(name) > 100:
                    raise Refused(HTTPStatus.BAD_REQUEST, "a name is up to 100 printable chars")
                return HTTPStatus.OK, game.join(name)
            if action == "/moves":
                seat = game.seat_of(self._token())
                since = len(game.events)
                game.play(seat, body.get("move"))
                return HTTPStatus.OK, game.view(seat, since)
        raise Refused(HTTPStatus.NOT_FOUND, "POST /games, /games/ID/join or /games/ID/moves")

    def _answer(self, handle: Callable[[], tuple[HTTPStatus, Json]]) -> None:
        try:
            status, answer = handle()
        except Refused as refused:
            status, answer = refused.status, {"error": str(refused)}
        if isinstance(answer, str):
            data, kind = answer.encode("utf-8"), "text/plain; charset=utf-8"
        else:
            data, kind = json.dumps(answer).encode("ascii"), "application/json"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def make_server(host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """A server with an empty lobby on ``host:port`` (port 0: any free port)."""
    handler = type("LobbyHandler", (Handler,), {"lobby": Lobby()})
    return ThreadingHTTPServer((host, port), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description="An example Cacao game server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    server = make_server(args.host, args.port)
    print(f"serving Cacao on http://{args.host}:{server.server_address[1]}/games")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped")


if __name__ == "__main__":
    main()
