#!/usr/bin/env python3
"""A bot program speaking the bot protocol cacao-bot/1, in plain Python (no cacao_rules).

It plays a random legal move; its point is
the protocol, which any language with JSON can speak (see docs/bot-protocol.md):

    cacao-rules play --seats human,"exec:python3 examples/external_bot.py"
    cacao-rules simulate --bots "greedy,exec:python3 examples/external_bot.py" --games 10

It reads one JSON object per line on standard input and answers on standard output; its
log goes to standard error. ``--seed N`` makes its choices repeatable.
"""

import contextlib
import json
import random
import sys


def main() -> None:
    rng = random.Random(int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            answer({"type": "ready", "name": "example-bot", "author": "cacao-rules examples"})
        elif kind == "new_game":
            print(f"example-bot: new game, seat {message['seat']}", file=sys.stderr)
        elif kind == "choose":
            moves = message["legal_moves"]
            answer({"type": "move", "index": rng.randrange(len(moves))})
        elif kind == "game_over":
            print(f"example-bot: game over, winners {message['winners']}", file=sys.stderr)
        elif kind == "quit":
            return


def answer(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C in a terminal reaches the bot too
        main()
