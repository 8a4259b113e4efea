"""A game's status on the server: one declaration of the four values and one function that
derives a game's from what is known of it."""

from __future__ import annotations

from typing import get_args

import pytest
import sqlalchemy as sa

from cacao_rules.server.schemas import GameInfo, SeatView
from cacao_rules.server.status import UNFINISHED, GameStatus, game_status
from cacao_rules.server.storage import GAMES, Seat, Storage


@pytest.mark.parametrize(
    ("expired", "over", "seated", "status"),
    [
        (True, True, True, "expired"),
        (True, False, False, "expired"),
        (False, True, True, "over"),
        (False, False, False, "open"),
        (False, False, True, "playing"),
    ],
)
def test_one_function_derives_a_games_status(
    expired: bool, over: bool, seated: bool, status: GameStatus
) -> None:
    assert game_status(expired=expired, over=over, seated=seated) == status


def test_the_answers_and_the_unfinished_games_name_the_declared_statuses() -> None:
    declared = set(get_args(GameStatus))
    assert declared == {"open", "playing", "over", "expired"}
    assert set(UNFINISHED) == {"open", "playing"} < declared
    for shape in (GameInfo, SeatView):
        assert shape.__annotations__["status"] in ("GameStatus", GameStatus)


def test_the_database_keeps_the_status_as_its_word_and_reads_back_a_game_status(
    database_url: str,
) -> None:
    """The column holds the status's own word (no migration: the stored values are those
    of before), a stored game's status reads back as a :data:`GameStatus`, and a word that
    is none of them is refused both ways rather than passed on as a plain string."""
    storage = Storage(database_url)
    try:
        seats = [Seat("human", "Ann", None), Seat("human", None, None)]
        storage.create("0123456789abcdef", {"players": 2}, 1, seats)
        with storage.engine.begin() as db:
            stored = db.execute(sa.text("SELECT status FROM games")).scalar_one()
            assert stored == "open"
            db.execute(sa.text("UPDATE games SET status = 'won'"))
        with pytest.raises(ValueError, match="'won' is not a game status"):
            storage.load("0123456789abcdef")
        with pytest.raises(ValueError, match="'won' is not a game status"):
            storage.progress(["0123456789abcdef"])
        with storage.engine.begin() as db:
            db.execute(sa.text("UPDATE games SET status = 'playing'"))
            with pytest.raises(sa.exc.StatementError, match="'won' is not a game status"):
                db.execute(GAMES.update().values(status="won"))
        game = storage.load("0123456789abcdef")
        assert game is not None and game.status == "playing"
        assert storage.listed(10)[0].status == "playing"
        assert storage.progress(["0123456789abcdef"]) == {"0123456789abcdef": (0, "playing")}
    finally:
        storage.close()
