"""Determinized twins: two games one seat cannot tell apart, played on with the same public
moves, comparing at every step what that seat is shown (R-HIDDEN-2).

A twin is made from the seat's observation by :func:`cacao_rules.determinize` (directly, or
through OpenSpiel's ``resample_from_infostate``), so the other seats' hands differ while
everything the seat sees is the same. The twins then take the same decisions and the same
public chance outcomes; a worker draw by another seat is drawn in each twin from its own pile,
since the seat never sees it. They part when no decision is legal in both (another seat
places a tile that only one of them holds).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import cacao_rules as cr

G = TypeVar("G")


@dataclass(frozen=True)
class Rules(Generic[G]):
    """How to play a game of type ``G`` (an engine state, an OpenSpiel state) in the twin
    loop, and what ``seat`` is shown of it (``look``)."""

    legal: Callable[[G], Sequence[Hashable]]
    """The legal moves or action ids, chance outcomes included."""
    hidden_draw: Callable[[G], int | None]
    """The seat that alone sees the chance outcome pending, if one does."""
    play: Callable[[G, Hashable], G]
    """The game after a move, the game itself unchanged."""
    over: Callable[[G], bool]
    look: Callable[[G, int], object]


def engine_look(state: cr.State, seat: int) -> tuple[object, ...]:
    """Everything the engine shows ``seat`` of ``state``: the observation, its JSON text and
    its tensor."""
    observation = cr.observe(state, seat)
    return observation, cr.observation_to_json(observation), cr.observation_tensor(observation)


ENGINE: Rules[cr.State] = Rules(
    cr.legal_moves, cr.private_chance_seat, cr.apply, lambda state: state.is_over, engine_look
)
"""The engine's own states, seen through :func:`engine_look`."""


def engine_twin(state: cr.State, seat: int, seed: int) -> cr.State:
    """A state ``seat`` cannot tell from ``state``: the other hands drawn by
    :func:`cacao_rules.determinize`, and (in a seeded game) the same chance seed, so that
    the same decisions bring the same public draws."""
    return cr.determinize(cr.observe(state, seat), seed=seed, chance_seed=state.seed)


def next_moves(
    rules: Rules[G], real: G, twin: G, seat: int, rng: random.Random
) -> tuple[Hashable, Hashable] | None:
    """The moves that take ``real`` and ``twin`` one step on alike for ``seat``, or ``None``
    when no decision is legal in both."""
    drawer = rules.hidden_draw(real)
    if drawer is not None and drawer != seat:  # each twin draws from its own pile
        return rng.choice(rules.legal(real)), rng.choice(rules.legal(twin))
    in_twin = set(rules.legal(twin))
    common = [move for move in rules.legal(real) if move in in_twin]
    if not common:
        return None
    move = rng.choice(common)
    return move, move


def play_twins(rules: Rules[G], real: G, twin: G, seat: int, rng: random.Random) -> int:
    """Play ``real`` and ``twin`` on alike until the game ends or they part, asserting that
    ``seat`` is shown the same of both at every step; the number of steps compared."""
    steps = 0
    while True:
        assert rules.look(real, seat) == rules.look(twin, seat), f"step {steps} for seat {seat}"
        steps += 1
        if rules.over(real):
            return steps
        moves = next_moves(rules, real, twin, seat, rng)
        if moves is None:
            return steps
        real, twin = rules.play(real, moves[0]), rules.play(twin, moves[1])
