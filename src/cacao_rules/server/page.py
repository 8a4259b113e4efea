"""The browser page where people play: one HTML page, its script and its style, shipped in
the package (``static/``) and served as they are. The page speaks the same API as any
client (``docs/server.md``): it creates or joins a game, keeps its seat's token in the
browser's session storage, and draws what the WebSocket sends."""

from __future__ import annotations

import functools
from importlib import resources

from starlette.requests import Request
from starlette.responses import Response

from .lobby import Refused

_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; script-src 'self'"
    "; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


@functools.cache
def _shipped() -> dict[str, bytes]:
    """The page's files by name, read once: a request names one of them or gets 404 (its
    name never reaches the file system)."""
    folder = resources.files(__package__).joinpath("static")
    return {entry.name: entry.read_bytes() for entry in folder.iterdir() if entry.is_file()}


def _respond(name: str) -> Response:
    content = _shipped().get(name) if name.endswith(tuple(_TYPES)) else None
    if content is None:
        raise Refused(404, f"no page file {name[:40]!r}")
    kind = _TYPES[name[name.rindex(".") :]]
    return Response(content, media_type=f"{kind}; charset=utf-8", headers=_HEADERS)


async def page_response(request: Request) -> Response:
    return _respond("play.html")


async def static_response(request: Request) -> Response:
    return _respond(request.path_params["name"])
