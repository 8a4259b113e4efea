"""Sphinx extension: the ``cacao-board`` directive, a board drawn by the library at build time.

A page asks for a position by how to reach it, and the build draws it with
:func:`cacao_rules.show.svg.board` and puts the SVG inline in the HTML page, so that no
picture is kept in the source tree and every picture shows what the library does now::

    ```{cacao-board}
    :players: 3
    :modules: map, huts
    :seed: 4
    :decisions: 40
    :bots: greedy
    :observe: 1
    :highlight:
    :caption: Seat 1's view after 40 decisions.
    ```

``moves`` (in notation, separated by ``;``) are played first; then ``decisions`` is how
many decisions the ``bots`` (``greedy`` by default, or ``random``) play
from the start of the seeded game; ``modules`` takes the command line's module names, or
``big-game``; ``observe`` draws what that seat sees instead of the whole state;
``highlight`` marks where the player to move can place; the last decision is outlined.
"""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.application import Sphinx

import cacao_rules as cr
from cacao_rules.show.svg import board

_MODULES = {module.value.replace("_", "-"): module for module in cr.Module} | {
    "tree": cr.Module.TREE_OF_LIFE
}
_BOTS = {"greedy": cr.GreedyBot, "random": cr.RandomBot}


def _config(players: int, modules: str) -> cr.Config:
    names = [name.strip() for name in modules.split(",") if name.strip()]
    if names == ["big-game"]:
        return cr.Config.big_game(players)
    unknown = [name for name in names if name not in _MODULES]
    if unknown:
        raise ValueError(f"unknown module {unknown[0]!r}; the modules are {', '.join(_MODULES)}")
    workers = None
    if cr.Module.NEW_WORKERS in {_MODULES[name] for name in names}:
        workers = {
            cr.WorkerType.W1111: 3,
            cr.WorkerType.W2101: 3,
            cr.WorkerType.W0103: 1,
            cr.WorkerType.W0004: 1,
        }
    return cr.Config(players=players, modules={_MODULES[n] for n in names}, workers=workers)


def draw(options: dict[str, Any]) -> str:
    """The SVG of the position the directive's ``options`` describe."""
    config = _config(int(options.get("players", 2)), options.get("modules", ""))
    seed = int(options.get("seed", 1))
    bot = _BOTS[options.get("bots", "greedy")]
    bots = [bot(4 * seed + seat) for seat in range(config.players)]
    state = cr.new_game(config, seed=seed)
    last = None
    for text in (part.strip() for part in options.get("moves", "").split(";")):
        if text:
            last = cr.parse_move(text)
            state = cr.apply(state, last)
    for _ in range(int(options.get("decisions", 0))):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        last = bots[seat].choose(state)
        state = cr.apply(state, last)
    shown: cr.State | cr.Observation = state
    if "observe" in options:
        shown = cr.observe(state, int(options["observe"]))
    highlight = cr.legal_moves(state) if "highlight" in options and not state.is_over else ()
    return board(
        shown, last_move=last, highlight_moves=highlight, size=int(options.get("size", 40))
    )


class CacaoBoard(Directive):
    """``cacao-board``: an inline SVG board of a seeded position (options as above)."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "players": directives.positive_int,
        "modules": directives.unchanged,
        "seed": directives.nonnegative_int,
        "decisions": directives.nonnegative_int,
        "moves": directives.unchanged,
        "bots": lambda text: directives.choice(text, tuple(_BOTS)),
        "observe": directives.nonnegative_int,
        "highlight": directives.flag,
        "size": directives.positive_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        try:
            svg = draw(self.options)
        except (ValueError, KeyError) as error:  # cr.CacaoError is a ValueError
            raise self.error(f"cacao-board: {error}") from None
        caption = self.options.get("caption", "")
        html = f'<figure class="cacao-board">{svg}'
        if caption:
            html += f"<figcaption>{escape(caption)}</figcaption>"
        html += "</figure>"
        return [nodes.raw("", html, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cacao-board", CacaoBoard)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
