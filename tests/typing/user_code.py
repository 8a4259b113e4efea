"""A user's code, right and wrong, for the type checkers (``tests/typing/check.py``).

Each call marked ``# wrong`` passes an argument of the wrong type and must be reported by
``mypy --strict`` and by ``basedpyright``; every other line must pass both. The calls are in
functions that nothing calls: this file is read by type checkers, not run (pytest's doctest
collection imports it, which runs nothing).
"""

from __future__ import annotations

from fractions import Fraction

import cacao_rules as cr


def right(state: cr.State, move: cr.Move, observation: cr.Observation) -> None:
    config: cr.Config = cr.Config(players=3, modules={cr.Module.MAP})
    game: cr.State = cr.new_game(config, seed=7)
    unseeded: cr.State = cr.new_game(cr.Config.big_game(4))
    moves: tuple[cr.Move, ...] = cr.legal_moves(game)
    after: cr.State = cr.apply(game, moves[0])
    stepped, events = cr.step(after, move)
    outcomes: tuple[tuple[cr.Move, Fraction], ...] = cr.chance_outcomes(unseeded)
    sheets: tuple[cr.ScoreSheet, ...] = cr.final_scores(stepped)
    won: tuple[int, ...] = cr.winners(state)
    text: str = cr.to_json(state)
    back: cr.State = cr.from_json(text, strict=False)
    parsed: cr.Move = cr.parse_move("pass")
    seen: cr.Observation = cr.observe(state, 0)
    hidden: tuple[cr.Event, ...] = cr.observe_events(events, 1)
    guess: cr.State = cr.determinize(observation, 5, chance_seed=None)
    seen_text: str = cr.observation_to_json(seen)
    read: cr.Observation = cr.observation_from_json(seen_text)
    built: cr.State = cr.position(config, current=1, seed=None)
    cr.check_state(built, reachable=False)
    space = cr.ActionSpace(config)
    action: int = space.legal_actions(state)[0]
    decoded: cr.Move = space.decode(state, action)
    encoded: int = space.encode(state, decoded)
    mask: bytearray = space.action_mask(state)
    named: cr.Module = cr.Module.named("gem-mines")
    loose: cr.Config = cr.Config.from_options(2, ["map", cr.Module.HUTS], big_game=False)
    vector: list[float] = cr.observation_tensor(read)
    place: cr.Move = cr.Place(cr.WorkerType.W1111, (0, 1), 0)
    print(place, cr.apply(game, place) if place in moves else game)
    print(outcomes, sheets, won, back, parsed, hidden, guess, mask, named, loose, vector)
    print(encoded, cr.private_chance_seat(unseeded), cr.describe_step(state), cr.render(seen))
    print(cr.event_to_json(events[0]) if events else "", cr.worker_balance(config))
    tree: cr.Question | None = cr.decision_tree(state)
    first: cr.Answer | None = tree.answers[0] if tree is not None else None
    kind: cr.QuestionKind | None = tree.kind if tree is not None else None
    print(first.move if first is not None else None, kind, cr.decision_to_json(state))


def wrong(state: cr.State, move: cr.Move, observation: cr.Observation) -> None:
    config = cr.Config(players=2)
    space = cr.ActionSpace(config)
    cr.apply(state, "place 1-1-1-1 0,1 r0")  # wrong
    cr.apply("state", move)  # wrong
    cr.step(state, 3)  # wrong
    cr.new_game(3, seed=1)  # wrong
    cr.new_game(config, seed="x")  # wrong
    cr.legal_moves(observation)  # wrong
    cr.chance_outcomes(config)  # wrong
    cr.final_scores(observation)  # wrong
    cr.winners([state])  # wrong
    cr.to_json(observation)  # wrong
    cr.from_json(b"{}")  # wrong
    cr.from_json("{}", strict="no")  # wrong
    cr.parse_move(move)  # wrong
    cr.observe(state, "0")  # wrong
    cr.observe(observation, 0)  # wrong
    cr.observe_events([move], 0)  # wrong
    cr.determinize(state, 5)  # wrong
    cr.determinize(observation, seed=None)  # wrong
    cr.observation_to_json(state)  # wrong
    cr.observation_from_json(1)  # wrong
    cr.position(2)  # wrong
    cr.position(config, current="1")  # wrong
    cr.check_state(observation)  # wrong
    cr.private_chance_seat(observation)  # wrong
    cr.observation_tensor(state)  # wrong
    cr.worker_balance(2)  # wrong
    cr.play_game(config, None, [])  # wrong
    space.decode(state, 1.0)  # wrong
    space.encode(state, "pass")  # wrong
    space.legal_actions(observation)  # wrong
    cr.Module.named(3)  # wrong
    cr.Config.from_options("2")  # wrong
    cr.Config.big_game("4")  # wrong
    cr.Config(players="2")  # wrong
    cr.Config(players=2, modules="map")  # wrong
    cr.Config(players=2, modules={cr.Module.HUTS}, huts=["Chief"])  # wrong
    cr.Config(players=2, workers={"1-1-1-1": 4})  # wrong
    cr.GameRecord(config, 1, (), ("a", "b"), tags={"Event": 1})  # wrong
    cr.GameRecord(config, "1", (), ("a", "b"))  # wrong
    cr.describe_step(observation)  # wrong
    cr.describe("worker drawn")  # wrong
    cr.Place(cr.WorkerType.W1111, "0,1", 0)  # wrong
    cr.Resolve((1, 0), cr.Side.N, "2")  # wrong
    # The checked int arguments (compiled.Int, kept boxed by the compiled build) are ints.
    cr.Place(cr.WorkerType.W1111, (0, 1), "0")  # wrong
    cr.Overbuild(cr.WorkerType.W1111, ("0", 1), 0)  # wrong
    cr.Resolve((1, 0), cr.Side.N, 1, gems=(1, 0, 0, "0"))  # wrong
    cr.RandomBot("1")  # wrong
    cr.MCTSBot("1")  # wrong
    cr.simulate(config, ["random", "random"], "2")  # wrong
    cr.decision_tree(observation)  # wrong
    cr.decision_to_json(observation)  # wrong
