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
    "style-src 'self' 'unsafe-inline'; script-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


@functools.cache
def _file(name: str) -> bytes | None:
    """A shipped page file's bytes (``None`` for a name that is not one)."""
    if "/" in name or name.startswith(".") or not name.endswith(tuple(_TYPES)):
        return None
    path = resources.files(__package__).joinpath("static", name)
    return path.read_bytes() if path.is_file() else None


def _respond(name: str) -> Response:
    content = _file(name)
    if content is None:
        raise Refused(404, f"no page file {name[:40]!r}")
    kind = _TYPES[name[name.rindex(".") :]]
    return Response(content, media_type=f"{kind}; charset=utf-8", headers=_HEADERS)


async def page_response(request: Request) -> Response:
    return _respond("play.html")


async def static_response(request: Request) -> Response:
    return _respond(request.path_params["name"])
