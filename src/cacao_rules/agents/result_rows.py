"""Simulated games as rows: a JSON object per game (JSON Lines) or a flat CSV row.

A row says which game it was (``game``, ``seed``), who sat where (``bots``, ``seats``: the
lineup index of each seat's bot), how it ended (``winners``, seat numbers; ``scores``, per
seat the categories of the score sheet, then ``total`` and ``cacao``) and ``decisions``;
with ``moves``, also the decisions in move notation (the game's record with the config and
the seed). The CSV row flattens the lists: ``winners`` as seat numbers separated by spaces,
and per seat ``s`` the columns ``seatS_bot`` and ``seatS_CATEGORY`` (spaces in a category
become underscores: ``seat0_hut_bonus``), and ``moves`` separated by ``"; "``.

>>> import cacao_rules as cr
>>> (result,) = cr.simulate(cr.Config(players=2), ["greedy", "random"], 1, seed=3)
>>> list(json_row(result))
['game', 'seed', 'bots', 'seats', 'winners', 'scores', 'decisions']
>>> list(json_row(result)["scores"][0])
['gold', 'temples', 'sun', 'water', 'total', 'cacao']
>>> list(csv_row(result))[:6]
['game', 'seed', 'winners', 'decisions', 'seat0_bot', 'seat0_gold']
"""

from __future__ import annotations

from .simulation import GameResult

Row = dict[str, object]
"""A row of a game: column names to values (numbers, strings and, in JSON, lists)."""


def _moves(result: GameResult) -> list[str]:
    return [] if result.record is None else [str(move) for move in result.record.moves]


def json_row(result: GameResult) -> Row:
    """``result`` as a JSON object (lists and objects nested); ``moves`` if it has a record."""
    row: Row = {
        "game": result.game,
        "seed": result.seed,
        "bots": list(result.bots),
        "seats": list(result.seats),
        "winners": list(result.winners),
        "scores": [dict(scores) for scores in result.scores],
        "decisions": result.decisions,
    }
    if result.record is not None:
        row["moves"] = _moves(result)
    return row


def csv_row(result: GameResult) -> Row:
    """``result`` as one flat CSV row (see the module's description for the columns)."""
    row: Row = {
        "game": result.game,
        "seed": result.seed,
        "winners": " ".join(str(seat) for seat in result.winners),
        "decisions": result.decisions,
    }
    for seat, (bot, scores) in enumerate(zip(result.bots, result.scores, strict=True)):
        row[f"seat{seat}_bot"] = bot
        for category, value in scores.items():
            row[f"seat{seat}_{category.replace(' ', '_')}"] = value
    if result.record is not None:
        row["moves"] = "; ".join(_moves(result))
    return row
