"""Which sites may talk to the server through a person's browser: the ``Host`` a request
names and the ``Origin`` a browser sends, checked before any route runs.

- **Host** (DNS rebinding): a web page of another site can make its own name resolve to
  127.0.0.1 and then read a server on the person's machine as if it were its own; its
  requests still name that other site in ``Host``. A request must name one of the allowed
  hosts (``localhost``, ``127.0.0.1`` and ``::1`` by default, and the address
  ``cacao-rules serve --host`` listens on), any port.
- **Origin** (cross-site requests): a page of another site can post to the server, or open a
  WebSocket to it, from a person's browser. A request that changes something (any method
  but ``GET``, ``HEAD`` and ``OPTIONS``) and every WebSocket that comes with an ``Origin``
  must come from the server's own address (the origin's host and port are the request's
  ``Host``) or from one of the allowed origins. A request without ``Origin`` comes from no
  browser page (a program, ``curl``), which no other site can send in a person's name.

A server behind a reverse proxy is reached under the proxy's name: the operator allows it
(``--allowed-host cacao.example.org``, ``--allowed-origin https://cacao.example.org``).
Each refusal is a 403 that says what to set.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing: their answers cannot be read by another site's page."""


def host_name(host: str) -> str:
    """The name in a ``Host`` header or a URL's network location, without its port, in
    lower case (``[::1]:8000`` is ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guards:
    """ASGI middleware that refuses a request naming a host not allowed, or sent by a
    browser page of an origin not allowed (see the module's docstring)."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...], origins: tuple[str, ...]) -> None:
        self.app = app
        self.hosts = frozenset(host_name(host) for host in hosts)
        self.origins = frozenset(origin.lower().rstrip("/") for origin in origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            refusal = self.refusal(scope)
            if refusal is not None:
                await _refuse(scope, send, refusal)
                return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> str | None:
        """Why the request of ``scope`` is refused, saying what to set; ``None`` if not."""
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if host and "*" not in self.hosts and host_name(host) not in self.hosts:
            return (
                f"this server does not answer to the host {host[:60]!r}; its operator "
                "allows the names it is reached by with --allowed-host NAME (Settings."
                "allowed_hosts; now: " + ", ".join(sorted(self.hosts)) + ")"
            )
        origin = headers.get("origin")
        changes = scope["type"] == "websocket" or scope.get("method") not in SAFE_METHODS
        if origin is None or not changes or self._same_site(origin, host):
            return None
        return (
            f"a page of {origin[:60]!r} may not use this server; its operator allows "
            "another site's pages, or the address of a proxy in front of the server, with "
            "--allowed-origin SCHEME://HOST[:PORT] (Settings.allowed_origins)"
        )

    def _same_site(self, origin: str, host: str) -> bool:
        """Whether ``origin`` is the server's own address (``host``) or an allowed origin."""
        normal = origin.lower().rstrip("/")
        if normal in self.origins or "*" in self.origins:
            return True
        return bool(host) and urlsplit(normal).netloc == host.strip().lower()


async def _refuse(scope: Scope, send: Send, message: str) -> None:
    """Answer 403 with ``{"error": message}`` (a WebSocket: before it is accepted)."""
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": body})
    elif "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": 403, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:  # a server without the denial response: a close before accepting is a 403
        await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
