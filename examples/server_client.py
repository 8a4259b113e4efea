"""A client of the game server (``cacao-rules serve``) on the standard library alone.

It makes a game on the server, takes a seat against the server's bots, and plays random legal
moves over plain HTTP until the game ends, reading its own view (its observation, its legal
moves and the events in words) after each change; then it prints the scores and the record.
It is the smallest complete example of the API of ``docs/server.md``; a client that can hold
a socket gets the same views pushed over ``/api/games/ID/socket`` instead of asking.

Run a server, then the client::

    cacao-rules serve --port 8000 &
    python examples/server_client.py --server http://127.0.0.1:8000 --bots greedy,random
"""

from __future__ import annotations

import argparse
import json
import random
import time
import urllib.error
import urllib.request
from typing import Any


class Refused(Exception):
    """The server refused a request: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status


def call(url: str, body: object = None, token: str | None = None) -> Any:
    """The server's JSON (or text) answer to a GET (no ``body``) or POST."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read().decode()
            is_json = answer.headers.get_content_type() == "application/json"
    except urllib.error.HTTPError as error:
        raise Refused(error.code, json.loads(error.read())["error"]) from None
    return json.loads(text) if is_json else text


def play(server: str, name: str, bots: list[str], seed: int, quiet: bool = False) -> Any:
    """Make a game against ``bots``, play it with random legal moves; the final view."""
    rng = random.Random(seed)
    config = {"players": len(bots) + 1, "modules": ["map"]}
    game = call(f"{server}/api/games", {"config": config, "seats": ["human", *bots]})["game"]
    joined = call(f"{server}/api/games/{game}/join", {"name": name})
    token, since = joined["token"], 0
    while True:
        view = call(f"{server}/api/games/{game}/view?since={since}", token=token)
        since = view["next"]
        for line in view["lines"] if not quiet else ():
            print(line)
        if view["is_over"]:
            return view
        if not view["legal_moves"]:
            time.sleep(0.05)  # the bots are thinking
            continue
        move = rng.choice(view["legal_moves"])["move"]
        if not quiet:
            print(f"{name} plays {move}")
        try:  # "number": the move follows on from this view's moves, or is refused
            call(f"{server}/api/games/{game}/moves", {"move": move, "number": view["moves"]}, token)
        except Refused as refused:
            if refused.status != 409:
                raise
            if not quiet:  # the game moved on meanwhile: read the view again, choose again
                print(f"refused: {refused}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Play a game on a cacao-rules server.")
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--name", default="example")
    parser.add_argument("--bots", default="greedy", help="the other seats, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    view = play(args.server, args.name, args.bots.split(","), args.seed)
    print("scores:", view["scores"], "winners:", view["winners"])
    print(call(f"{args.server}/api/games/{view['game']}/record"))


if __name__ == "__main__":
    main()
