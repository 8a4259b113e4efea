"""A self-contained web page that steps through a recorded game: :func:`replay_page`.

The page holds every position's board picture, the moves with their comments, what each
move did, what the game waits for and the running score (what each seat would score if the
game ended now), and a few lines of script: buttons, a slider, the arrow keys and the move
list step through the game, and the address's ``#N`` opens it at move ``N``. It needs no
network and no other file.

The pictures are kept small: each is cut into pieces (one per ``<g>`` group: a tile, a
panel's part), every different piece is stored once, and a picture is the list of its
pieces, which the script joins back into the very same markup. A move changes a few tiles
and a panel or two, so each position adds a few kilobytes where a whole picture is tens.
The move, what it did and what the game waits for stand above the board, so that they are
in view without scrolling.

The pictures come from ``draw(state, last_move)``, which returns an HTML fragment: by
default :func:`svg_board`'s ``<svg>`` picture, or :func:`text_board`'s ``<pre>`` of the text
board.

>>> import cacao_rules as cr
>>> record = cr.record_game(cr.Config(players=2), 3, [cr.RandomBot(1), cr.RandomBot(2)])
>>> page = replay_page(record, text_board)
>>> page.startswith("<!DOCTYPE html>"), page.count('<li data-at="') == len(record.moves)
(True, True)
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Final

from ..engine import step
from ..formats.record import GameRecord
from ..game.moves import Move
from ..state.state import State
from .describe import describe
from .render import describe_step, render, render_scores
from .running_score import running_score_line
from .svg import board

Draw = Callable[[State, Move | None], str]
"""Draws one position as an HTML fragment: ``draw(state, last_move)``."""


def svg_board(state: State, last_move: Move | None = None) -> str:
    """The SVG picture of :func:`cacao_rules.show.svg.board`, ``last_move`` marked; the
    page's default."""
    return board(state, last_move=last_move, legend=False)


def text_board(state: State, last_move: Move | None = None) -> str:
    """The text board of :func:`~cacao_rules.render` as a ``<pre>`` block (``last_move`` is
    not marked: the page names it above the board)."""
    return f'<pre class="board-text">{html.escape(render(state))}</pre>'


_PIECE: Final = re.compile(r"(?=<g[ >])|(?<=</g>)")
"""Where a picture is cut into pieces: before each ``<g`` and after each ``</g>``."""


def pieces(picture: str) -> list[str]:
    """``picture`` cut before each group and after each group's end: the pieces joined
    give it back.

    >>> pieces('<svg><g class="a"><rect/></g><g><text>1</text></g></svg>')
    ['<svg>', '<g class="a"><rect/></g>', '<g><text>1</text></g>', '</svg>']
    """
    return [piece for piece in _PIECE.split(picture) if piece]


_STYLE: Final = """
body { font-family: system-ui, sans-serif; margin: 1rem 2rem; color: #222; background: #fdfbf7; }
h1 { font-size: 1.3rem; margin: 0 0 .2rem; }
.seats, .tags { margin: .1rem 0; color: #555; }
nav { display: flex; gap: .4rem; align-items: center; margin: .8rem 0; flex-wrap: wrap; }
nav button { font-size: 1rem; min-width: 2.5rem; }
#slider { flex: 1; min-width: 10rem; max-width: 40rem; }
#where { font-weight: bold; min-width: 9rem; }
.layout { display: flex; gap: 1.5rem; align-items: flex-start; flex-wrap: wrap; }
#board { flex: 0 1 auto; max-width: 100%; overflow: auto; }
#board svg { max-width: 100%; height: auto; max-height: calc(100vh - 9rem); width: auto; }
#now { min-height: 3.2rem; }
#now p, #now div { margin: .1rem 0; }
#events { display: inline; padding: 0; }
#events li { display: inline; }
#events li + li::before { content: " \\00b7  "; color: #999; }
#standing { color: #37474f; font-size: .9rem; margin: .2rem 0 .6rem; }
.board-text { font-size: .8rem; line-height: 1.1; }
aside { flex: 1 1 20rem; max-width: 32rem; }
#move { font-weight: bold; margin-right: .5rem; }
#comment { font-style: italic; margin: 0 0 .3rem; }
#waiting { color: #7a4b00; margin: 0 0 .6rem; }
#scores { white-space: pre; font-family: monospace; font-size: .85rem; }
#moves { position: relative; max-height: 24rem; overflow: auto; border: 1px solid #ddd;
  padding: .3rem 0 .3rem 3rem; font-family: monospace; font-size: .85rem; background: #fff; }
#moves li { cursor: pointer; padding: 0 .3rem; }
#moves li.turn { border-top: 1px solid #eee; }
#moves li.current { background: #ffe9a8; }
"""

_SCRIPT: Final = """
const game = JSON.parse(document.getElementById("game").textContent);
const last = game.positions.length - 1;
const $ = (id) => document.getElementById(id);
const items = document.querySelectorAll("#moves li");
let at = -1;
function show(n) {
  n = Math.max(0, Math.min(last, Number.isFinite(n) ? n : 0));
  const p = game.positions[n];
  $("board").innerHTML = game.boards[p.board].map((i) => game.pieces[i]).join("");
  $("where").textContent = n === 0 ? "Start" : "Move " + n + " of " + last;
  $("move").textContent = p.move;
  $("comment").textContent = p.comment;
  $("events").replaceChildren(...p.events.map((text) => {
    const li = document.createElement("li"); li.textContent = text; return li; }));
  $("waiting").textContent = p.waiting;
  $("standing").textContent = p.standing;
  $("scores").textContent = p.scores;
  $("slider").value = n;
  if (at > 0) items[at - 1].classList.remove("current");
  if (n > 0) {
    const li = items[n - 1], list = $("moves");
    li.classList.add("current");
    if (li.offsetTop < list.scrollTop || li.offsetTop > list.scrollTop + list.clientHeight - 20) {
      list.scrollTop = li.offsetTop - list.clientHeight / 2;
    }
  }
  at = n;
  history.replaceState(null, "", "#" + n);
}
$("first").onclick = () => show(0);
$("prev").onclick = () => show(at - 1);
$("next").onclick = () => show(at + 1);
$("end").onclick = () => show(last);
$("slider").oninput = (e) => show(parseInt(e.target.value, 10));
items.forEach((li) => { li.onclick = () => show(parseInt(li.dataset.at, 10)); });
document.addEventListener("keydown", (e) => {
  const step = {ArrowLeft: -1, ArrowRight: 1, Home: -at, End: last - at}[e.key];
  if (step !== undefined) { show(at + step); e.preventDefault(); }
});
show(parseInt(location.hash.slice(1), 10));
"""


def _positions(record: GameRecord, states: tuple[State, ...]) -> list[dict[str, object]]:
    """What the page shows at each position, from the start (0) to the last move."""
    positions: list[dict[str, object]] = []
    for number, state in enumerate(states):
        move, events, comment = "The start of the game", [], ""
        if number:
            before = states[number - 1]
            made = record.moves[number - 1]
            who = "chance" if before.to_move is None else f"seat {before.to_move}"
            move = f"{number}. {who}: {made}"
            events = [describe(event) for event in step(before, made)[1]]
            comment = record.comments.get(number, "")
        positions.append(
            {
                "move": move,
                "comment": comment,
                "events": events,
                "waiting": describe_step(state),
                "standing": "" if state.is_over else running_score_line(state),
                "scores": render_scores(state) if state.is_over else "",
            }
        )
    return positions


def _move_list(record: GameRecord, states: tuple[State, ...]) -> str:
    items = []
    for number, move in enumerate(record.moves, 1):
        before = states[number - 1]
        who = "chance" if before.to_move is None else f"s{before.to_move}"
        new_turn = number > 1 and before.turn != states[number - 2].turn
        turn = ' class="turn"' if new_turn else ""
        text = html.escape(f"{who} {move}")
        items.append(f'<li data-at="{number}"{turn} value="{number}">{text}</li>')
    return "\n".join(items)


def _title(record: GameRecord) -> str:
    config = record.config
    seed = "no seed" if record.seed is None else f"seed {record.seed}"
    modules = ", ".join(sorted(module.value for module in config.modules)) or "base game"
    return f"Cacao, {config.players} players ({modules}), {seed}"


def _json_in_script(value: object) -> str:
    """JSON that cannot end the ``<script>`` element it sits in (``<`` is escaped)."""
    return json.dumps(value, ensure_ascii=True).replace("<", "\\u003c")


def replay_page(record: GameRecord, draw: Draw = svg_board) -> str:
    """The whole page, as HTML text, stepping through ``record`` with ``draw``'s pictures."""
    states = record.replay()
    moves = (None, *record.moves)
    pictures: dict[str, int] = {}
    shared: dict[str, int] = {}
    boards: list[list[int]] = []
    positions = _positions(record, states)
    for position, state, move in zip(positions, states, moves, strict=True):
        picture = draw(state, move)
        if picture not in pictures:
            pictures[picture] = len(boards)
            boards.append([shared.setdefault(piece, len(shared)) for piece in pieces(picture)])
        position["board"] = pictures[picture]
    seats = ", ".join(f"seat {seat}: {html.escape(name)}" for seat, name in enumerate(record.seats))
    tags = "".join(
        f'<p class="tags">{html.escape(name)}: {html.escape(value)}</p>'
        for name, value in record.tags.items()
    )
    title = html.escape(_title(record))
    document = {"positions": positions, "pieces": list(shared), "boards": boards}
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{_STYLE}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<p class="seats">{seats}</p>
{tags}
</header>
<nav>
<button id="first" title="the start (Home)">&laquo; start</button>
<button id="prev" title="the move before (left arrow)">&lsaquo; back</button>
<input id="slider" type="range" min="0" max="{len(record.moves)}" value="0" aria-label="move">
<button id="next" title="the next move (right arrow)">next &rsaquo;</button>
<button id="end" title="the last move (End)">end &raquo;</button>
<span id="where"></span>
</nav>
<div id="now">
<div><span id="move"></span> <ul id="events"></ul></div>
<p id="comment"></p>
<p id="waiting"></p>
</div>
<div class="layout">
<div id="board"></div>
<aside>
<p id="standing"></p>
<div id="scores"></div>
<ol id="moves">
{_move_list(record, states)}
</ol>
</aside>
</div>
<script type="application/json" id="game">{_json_in_script(document)}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""
