"""A game's status on the server: one declaration of the four values and one function that
derives a game's from what is known of it."""

from __future__ import annotations

from typing import get_args

import pytest

from cacao_rules.server.schemas import GameInfo, SeatView
from cacao_rules.server.status import UNFINISHED, GameStatus, game_status


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
