"""Which sites may use the game server through a browser (issue 42, item 7): the Host
check against DNS rebinding, the Origin check on requests that change something and on
WebSockets, the operator's settings for a proxy, and the content security policies."""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient, WebSocketDenialResponse

from cacao_rules.server.app import create_app
from cacao_rules.server.settings import Settings
from helpers_process import same_package_env
from server_helpers import free_port, running

LOCAL = "http://localhost:8000"
HOST = {"Host": "localhost:8000"}
"""What the test client's WebSockets send (they do not take its ``base_url``)."""
GAME = {"config": {"players": 2}}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of a server with the default settings, reached as localhost:8000."""
    settings = Settings(database=f"sqlite:///{tmp_path / 'games.sqlite3'}")
    with TestClient(create_app(settings), base_url=LOCAL) as test_client:
        yield test_client


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST"])
def test_the_machines_own_names_are_answered(client: TestClient, host: str) -> None:
    assert client.get("/api/players", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example"])
def test_another_host_is_refused(client: TestClient, host: str) -> None:
    """A page of a site whose name was made to resolve to 127.0.0.1 (DNS rebinding)."""
    answer = client.get("/api/players", headers={"Host": host})
    assert answer.status_code == 403 and "--allowed-host" in answer.json()["error"], answer.text
    assert answer.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"
    socket = "/api/games/0123456789abcdef/socket"
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        client.websocket_connect(socket, headers={"Host": host}),
    ):
        pass
    assert denied.value.status_code == 403 and "--allowed-host" in denied.value.json()["error"]


def test_a_post_from_another_sites_page_is_refused(client: TestClient) -> None:
    answer = client.post("/api/games", json=GAME, headers={"Origin": "https://evil.example"})
    assert answer.status_code == 403 and "--allowed-origin" in answer.json()["error"], answer.text
    assert client.get("/api/players", headers={"Origin": "https://evil.example"}).status_code == 200
    for origin in (LOCAL, None):  # the server's own page, and a program (no Origin)
        headers = {"Origin": origin} if origin else {}
        assert client.post("/api/games", json=GAME, headers=headers).status_code == 201


def test_a_websocket_from_another_sites_page_is_refused(client: TestClient) -> None:
    game = client.post("/api/games", json=GAME).json()["game"]
    token = client.post(f"/api/games/{game}/join", json={"name": "ann"}).json()["token"]
    url = f"/api/games/{game}/socket"
    evil = {"Origin": "http://evil.example", **HOST}
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        client.websocket_connect(url, headers=evil),
    ):
        pass
    assert denied.value.status_code == 403 and "--allowed-origin" in denied.value.json()["error"]
    with client.websocket_connect(url, headers={"Origin": LOCAL, **HOST}) as socket:
        socket.send_json({"type": "hello", "token": token})
        assert socket.receive_json()["type"] == "view"


def test_an_operator_behind_a_proxy_allows_its_name(tmp_path: Path) -> None:
    site = "https://cacao.example.org"
    settings = Settings(
        database=f"sqlite:///{tmp_path / 'games.sqlite3'}",
        allowed_hosts=("cacao.example.org",),
        allowed_origins=(site,),
    )
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        # the proxy passes the public name on; the browser's origin is the public site
        headers = {"Host": "cacao.example.org", "Origin": site}
        assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
        # a proxy that sends its own Host: the origin is allowed by name
        headers = {"Host": "cacao.example.org:8000", "Origin": site}
        assert client.post("/api/games", json=GAME, headers=headers).status_code == 201
        assert client.get("/api/players").status_code == 403  # 127.0.0.1 is not allowed now


def test_a_real_server_refuses_another_sites_websocket(tmp_path: Path) -> None:
    """uvicorn itself answers the refused handshake 403."""
    import socket

    settings = Settings(database=f"sqlite:///{tmp_path / 'games.sqlite3'}")
    with running(settings) as base:
        port = int(base.rsplit(":", 1)[1])
        handshake = (
            "GET /api/games/0123456789abcdef/socket HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            "Origin: http://evil.example\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(handshake.encode())
            answer = connection.recv(4096)
    assert answer.startswith(b"HTTP/1.1 403"), answer[:200]


def _status(url: str, host: str) -> int:
    """The status of ``GET url`` sent with ``Host: host``."""
    request = urllib.request.Request(url, headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_serve_answers_to_its_address_and_the_names_its_operator_allows(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "cacao_rules", "serve", "--db", str(tmp_path / "g.db")]
    options = ["--host", "127.0.0.2", "--port", str(port), "--allowed-host", "cacao.example.org"]
    server = subprocess.Popen(
        [*command, *options],
        env=same_package_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.2:{port}/api/players"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                assert _status(url, f"127.0.0.2:{port}") == 200  # the address it listens on
                break
            except urllib.error.URLError:
                assert server.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.1)
        assert _status(url, "cacao.example.org") == 200
        assert _status(url, "localhost") == 200
        assert _status(url, "evil.example") == 403
    finally:
        server.terminate()
        server.wait(30)


def _sources(policy: str, directive: str) -> list[str]:
    for part in policy.split(";"):
        name, *sources = part.split()
        if name == directive:
            return sources
    raise AssertionError(f"no {directive} in {policy!r}")


def test_the_page_runs_no_script_written_into_it(client: TestClient) -> None:
    page = client.get("/")
    policy = page.headers["content-security-policy"]
    assert _sources(policy, "script-src") == ["'self'"]
    assert _sources(policy, "frame-ancestors") == ["'none'"]
    scripts = re.findall(r"<script\b([^>]*)>", page.text)
    assert scripts and all("src=" in attributes for attributes in scripts), scripts
    assert not re.search(r"\son[a-z]+\s*=", page.text)  # no inline event handler either
    answer = client.get("/api/players")
    assert answer.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"


def test_the_replay_page_runs_its_own_script_only(client: TestClient) -> None:
    seats = {"config": {"players": 2}, "seats": ["random", "random"]}
    game = client.post("/api/games", json=seats).json()["game"]
    for _ in range(3000):
        if client.get(f"/api/games/{game}").json()["status"] == "over":
            break
    page = client.get(f"/api/games/{game}/replay")
    assert page.status_code == 200
    sources = _sources(page.headers["content-security-policy"], "script-src")
    scripts = re.findall(r"<script>(.*?)</script>", page.text, re.DOTALL)
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in scripts
    ]
    assert scripts and sources == hashes
