"""The HTTP and WebSocket routes of the game server (Starlette), and its limits on requests.

Every answer of the API is JSON but the record (text) and the replay page (HTML); every
refusal is ``{"error": MESSAGE}`` with a 4xx status that says what was wrong and what is
allowed (503 when the server is full or its database cannot be used now; a move after the
game moved on adds the current ``view``). No request is answered 500. See
``docs/server.md`` for the routes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import schemas
from .access_log import AccessLog
from .content_policy import DefaultPolicy, inline_policy
from .guards import Guards
from .health import healthz, readyz
from .live import LiveGame
from .lobby import Conflict, Lobby, Refused
from .page import page_response, static_response
from .settings import Settings
from .storage import RETRY_SECONDS, Unavailable

LOG = logging.getLogger("cacao_rules.server")
BUSY = f"the database is busy or out of reach; try again in {RETRY_SECONDS} s"
"""What a client is told then (the database's own words, which may name its files, are
only logged)."""
S = TypeVar("S", bound=msgspec.Struct)
_ENCODER = msgspec.json.Encoder()


def _json(value: msgspec.Struct | dict[str, Any], status: int = 200) -> Response:
    return Response(_ENCODER.encode(value), status, media_type="application/json")


def _error(status: int, message: str) -> Response:
    return _json(schemas.Error(error=message), status)


async def _body(request: Request, shape: type[S]) -> S:
    """The request's body as ``shape``: bounded in size and in time, refused with a clear
    message when it is not that shape."""
    limits = _lobby(request).limits
    length = request.headers.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit() and len(length) < 12):
        raise Refused(400, "Content-Length must be a number of bytes")
    if length is not None and int(length) > limits.max_body:
        raise Refused(413, f"a request body is at most {limits.max_body} bytes")
    data = bytearray()
    try:
        async with asyncio.timeout(limits.body_seconds):
            async for chunk in request.stream():
                data += chunk
                if len(data) > limits.max_body:
                    raise Refused(413, f"a request body is at most {limits.max_body} bytes")
    except TimeoutError:
        raise Refused(408, f"send the body within {limits.body_seconds:g} s") from None
    try:
        return msgspec.json.decode(bytes(data) or b"{}", type=shape)
    except msgspec.ValidationError as error:
        raise Refused(400, f"the body is not a {shape.__name__} object: {error}") from None
    except msgspec.DecodeError as error:
        raise Refused(400, f"the body is not JSON: {error}") from None


def _lobby(request: Request | WebSocket) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


async def create_game(request: Request) -> Response:
    body = await _body(request, schemas.CreateGame)
    return _json(await _lobby(request).create(body, _client(request)), 201)


async def list_games(request: Request) -> Response:
    return _json(await _lobby(request).listing())


async def rematch(request: Request) -> Response:
    lobby = _lobby(request)
    game = await lobby.existing(request.path_params["game"])
    seat = lobby.seat(game, request.headers.get("authorization"))
    return _json(await lobby.rematch(game, seat, _client(request)), 201)


async def game_info(request: Request) -> Response:
    game = await _lobby(request).existing(request.path_params["game"])
    return _json(game.info())


async def join_game(request: Request) -> Response:
    body = await _body(request, schemas.JoinGame)
    return _json(await _lobby(request).join(request.path_params["game"], body), 201)


def _since(request: Request) -> int:
    text = request.query_params.get("since", "0")
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise Refused(400, "since must be an event number, 0 or more")
    return int(text)


async def seat_view(request: Request) -> Response:
    """A seat's view, or a spectator's with ``?spectator=1`` (no token: no hand shown)."""
    lobby = _lobby(request)
    game = await lobby.existing(request.path_params["game"])
    spectator = request.query_params.get("spectator") == "1"
    seat = None if spectator else lobby.seat(game, request.headers.get("authorization"))
    with_board = request.query_params.get("board") == "1"
    return _json(await lobby.run(game.view, seat, _since(request), with_board, _decision(request)))


def _decision(request: Request) -> bool:
    """Whether a view should carry the decision document (``?decision=1``)."""
    return request.query_params.get("decision") == "1"


async def play_move(request: Request) -> Response:
    lobby = _lobby(request)
    game = await lobby.existing(request.path_params["game"])
    seat = lobby.seat(game, request.headers.get("authorization"))
    since = _since(request) if "since" in request.query_params else len(game.events)
    body = await _body(request, schemas.PlayMove)
    try:
        await lobby.play(game, seat, body)
    except Conflict as conflict:  # the game moved on: the seat's view as it is now
        view = await lobby.run(game.view, seat, since, False, _decision(request))
        return _json(schemas.Conflict(error=str(conflict), view=view), 409)
    return _json(await lobby.run(game.view, seat, since, False, _decision(request)))


async def _finished(request: Request) -> tuple[str, str]:
    lobby = _lobby(request)
    game = await lobby.existing(request.path_params["game"])
    if not game.state.is_over:
        raise Refused(409, "the record and the replay are shown once the game is over")
    return await lobby.run(game.finished)


async def game_record(request: Request) -> Response:
    return PlainTextResponse((await _finished(request))[0])


async def game_replay(request: Request) -> Response:
    page = (await _finished(request))[1]
    return HTMLResponse(page, headers={"Content-Security-Policy": inline_policy(page)})


async def players(request: Request) -> Response:
    return _json(_lobby(request).players())


async def api_schemas(request: Request) -> Response:
    return _json(schemas.json_schemas())


async def game_socket(socket: WebSocket) -> None:
    """A seat's live view: the first message is ``{"type": "hello", "token": TOKEN}`` (with
    ``"board": true`` for the board's picture in each view, ``"decision": true`` for the
    decision document; ``"spectator": true`` instead of
    the token to watch, seeing no hand); then
    the server sends a ``view`` (:class:`schemas.SeatView`) at once and after each change,
    with the events since the last one, and takes ``move`` messages; a refused move is
    answered ``{"type": "error", "error": WHY}``."""
    lobby = _lobby(socket)
    limits = lobby.limits
    await socket.accept()
    if lobby.sockets >= limits.max_sockets:
        await socket.close(1013, "the server holds as many connections as it can")
        return
    lobby.sockets += 1
    try:
        await _socket_session(lobby, socket)
    except (WebSocketDisconnect, ClientDisconnect):
        pass
    finally:
        lobby.sockets -= 1


async def _socket_session(lobby: Lobby, socket: WebSocket) -> None:
    limits = lobby.limits
    try:
        game = await lobby.existing(socket.path_params["game"])
        async with asyncio.timeout(limits.hello_seconds):
            hello = msgspec.json.decode(await _message(socket), type=schemas.SocketHello)
        seat = None if hello.spectator else lobby.seat(game, hello.token)
    except (Refused, msgspec.MsgspecError, TimeoutError) as error:
        await socket.close(1008, _reason(error))
        return
    except Unavailable:
        await socket.close(1013, _reason(Unavailable(BUSY)))  # 1013: try again later
        return
    place = game.config.players if seat is None else seat  # the spectators' count is last
    allowed = limits.sockets_per_seat * (limits.spectators_per_seat if seat is None else 1)
    if game.sockets[place] >= allowed:
        await socket.close(1008, f"at most {allowed} connections per seat (or spectators)")
        return
    game.sockets[place] += 1
    sender = asyncio.create_task(_send_views(lobby, socket, game, seat, hello))
    try:
        await _take_moves(lobby, socket, game, seat)
    except TimeoutError:
        await socket.close(1001, f"no message for {limits.socket_idle:g} s")
    finally:
        game.sockets[place] -= 1
        sender.cancel()


def _reason(error: Exception) -> str:
    """A close reason (at most 123 bytes of UTF-8, as WebSocket allows)."""
    if isinstance(error, TimeoutError):
        return 'send {"type": "hello", "token": TOKEN} first'
    return str(error).encode()[:120].decode(errors="ignore")


async def _message(socket: WebSocket) -> bytes:
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text.encode() if text is not None else message.get("bytes") or b""


async def _send_views(
    lobby: Lobby, socket: WebSocket, game: LiveGame, seat: int | None, hello: schemas.SocketHello
) -> None:
    since = 0
    while True:
        changed = game.changed
        view = await lobby.run(game.view, seat, since, hello.board, hello.decision)
        since = view.next
        await socket.send_text(_ENCODER.encode(view).decode())
        await changed.wait()


async def _take_moves(lobby: Lobby, socket: WebSocket, game: LiveGame, seat: int | None) -> None:
    while True:
        async with asyncio.timeout(lobby.limits.socket_idle):
            data = await _message(socket)
        try:
            request = msgspec.json.decode(data, type=schemas.SocketMove)
            if seat is None:
                raise Refused(403, "a spectator plays no move; join the game to play")
            await lobby.play(game, seat, request)
        except (msgspec.MsgspecError, Refused, Unavailable) as error:
            why = BUSY if isinstance(error, Unavailable) else str(error)
            text = json.dumps({"type": "error", "error": why})
            await socket.send_text(text)


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return _error(error.status, str(error))


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    if error.status_code == 404:
        return _error(404, f"no route {request.url.path[:80]!r}; see GET /api/schemas and the docs")
    return _error(error.status_code, str(error.detail))


async def _unavailable(request: Request, error: Exception) -> Response:
    LOG.warning("%s %s: the database is unavailable: %s", request.method, request.url.path, error)
    answer = _error(503, BUSY)
    answer.headers["Retry-After"] = str(RETRY_SECONDS)
    return answer


async def _disconnected(request: Request, error: Exception) -> Response:
    return _error(400, "the client closed the request before sending all of its body")


def create_app(settings: Settings | None = None) -> Starlette:
    """The game server's ASGI application (run it with uvicorn: :func:`serve`)."""
    chosen = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby = Lobby(chosen)
        app.state.lobby = lobby
        await lobby.start()
        limits = lobby.limits
        chores = [
            asyncio.create_task(_every(seconds, work, what))
            for (seconds, work, what) in (
                (limits.sweep_seconds, lobby.sweep, "sweeping expired games"),
                (limits.lease_seconds, lobby.tend_leases, "tending the games' leases"),
                (limits.watch_seconds, lobby.catch_up_watched, "catching up the watched games"),
            )
        ]
        try:
            yield
        finally:
            for chore in chores:
                chore.cancel()
            await lobby.stop()

    routes = [
        Route("/", page_response),
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/static/{name}", static_response),
        Route("/api/schemas", api_schemas),
        Route("/api/players", players),
        Route("/api/games", list_games),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games/{game}", game_info),
        Route("/api/games/{game}/join", join_game, methods=["POST"]),
        Route("/api/games/{game}/rematch", rematch, methods=["POST"]),
        Route("/api/games/{game}/view", seat_view),
        Route("/api/games/{game}/moves", play_move, methods=["POST"]),
        Route("/api/games/{game}/record", game_record),
        Route("/api/games/{game}/replay", game_replay),
        WebSocketRoute("/api/games/{game}/socket", game_socket),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            *([Middleware(AccessLog)] if chosen.access_log else []),  # every answer
            Middleware(DefaultPolicy),  # outside the guards: on their refusals too
            Middleware(Guards, hosts=chosen.allowed_hosts, origins=chosen.allowed_origins),
        ],
        exception_handlers={
            Refused: _refused,
            HTTPException: _http_error,
            ClientDisconnect: _disconnected,
            Unavailable: _unavailable,
        },
    )


async def _every(seconds: float, work: Callable[[], Awaitable[None]], what: str) -> None:
    """``work`` every ``seconds`` while the server runs: the sweep of expired games
    (:meth:`Lobby.sweep`), the games' leases (:meth:`Lobby.tend_leases`) and the watched
    games' catch-up (:meth:`Lobby.catch_up_watched`). A failed round is logged and tried
    again at the next one: the server goes on."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await work()
        except Unavailable as error:
            LOG.warning("%s: the database is unavailable: %s", what, error)
        except Exception:
            LOG.exception("%s failed", what)
