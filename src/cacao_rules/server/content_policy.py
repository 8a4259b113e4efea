"""The content security policies of the server's answers: what a browser lets a page load
and run. No page of the server runs a script written into it but one the policy names by
its hash, so a text that reached a page (a name, a move, a notice) never runs as a script.

- The play page (:mod:`.page`) runs only its own files: ``script-src 'self'``.
- The replay page of a finished game is one file, its script inline: its policy allows that
  script by its SHA-256 and nothing else (:func:`inline_policy`).
- Every other answer (JSON, a record) gets :data:`NOTHING`: nothing to load, never framed.
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

NONE = "'none'"
NOTHING = "default-src 'none'; frame-ancestors 'none'"
"""The policy of an answer that is no page."""
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
"""A script written into a page (a script element without attributes: not ``src``, not a
JSON data block, which no browser runs)."""


def inline_policy(page: str) -> str:
    """The policy of ``page``, a page of the library (the replay page) whose scripts are
    written into it: those scripts, by hash, and inline styles (its pictures' ``style``
    attributes); no other script, no connection, no frame, no form."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(page)
    )
    return (
        f"default-src 'none'; script-src {hashes or NONE}; "
        "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )


class DefaultPolicy:
    """ASGI middleware that gives every HTTP answer without a policy :data:`NOTHING` and
    ``X-Content-Type-Options: nosniff``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                _add_defaults(message)
            await send(message)

        await self.app(scope, receive, send_with_policy)


def _add_defaults(start: Message) -> None:
    """Add the default headers to an answer's start, where it has none of its own."""
    headers: list[tuple[bytes, bytes]] = list(start.get("headers", []))
    names = {name.lower() for name, _ in headers}
    if b"content-security-policy" not in names:
        headers.append((b"content-security-policy", NOTHING.encode()))
    if b"x-content-type-options" not in names:
        headers.append((b"x-content-type-options", b"nosniff"))
    start["headers"] = headers
