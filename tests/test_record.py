"""Game records: the text format round-trips, replays and refuses bad records clearly."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cacao_rules as cr
import invariants as inv
from cacao_rules.formats.record import MAX_TEXT, RESERVED_TAGS
from cacao_rules.game.components import WorkerType

RECORDS = Path(__file__).parent / "records"
NEW_WORKERS = {WorkerType.W1111: 3, WorkerType.W2101: 4, WorkerType.W0022: 1, WorkerType.W0004: 1}


def _every_module_configuration() -> list[cr.Config]:
    """Every set of modules, for 2 to 4 players in turn, plus the options and the Big Game."""
    configs = []
    modules = sorted(cr.Module, key=lambda module: module.value)
    for size in range(len(modules) + 1):
        for index, chosen in enumerate(itertools.combinations(modules, size)):
            workers = NEW_WORKERS if cr.Module.NEW_WORKERS in chosen else None
            players = 2 + (size + index) % 3
            configs.append(cr.Config(players=players, modules=set(chosen), workers=workers))
    configs.append(cr.Config(players=2, modules={cr.Module.MAP}, map_early_overbuild=True))
    configs.append(cr.Config(players=3, modules={cr.Module.HUTS}, huts=list(cr.Hut)[:6]))
    configs += [cr.Config.big_game(3), cr.Config.big_game(4)]
    return configs


CONFIGS = _every_module_configuration()


def _check_round_trip(record: cr.GameRecord) -> None:
    text = record.to_text()
    again = cr.GameRecord.from_text(text)
    assert again == record
    assert again.to_text() == text
    states = again.replay()
    assert len(states) == len(record.moves) + 1
    assert states[-1].is_over
    assert states[-1] == record.final()


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_a_seeded_game_of_every_module_configuration_round_trips_and_replays(index: int) -> None:
    config = CONFIGS[index]
    bots = [cr.RandomBot(index * 4 + seat) for seat in range(config.players)]
    record = cr.record_game(config, index, bots)
    final, _ = cr.play_game(config, index, [cr.RandomBot(index * 4 + s) for s in range(len(bots))])
    _check_round_trip(record)
    assert record.final() == final


@pytest.mark.parametrize("index", range(0, len(CONFIGS), 7))
def test_a_game_without_a_seed_keeps_every_chance_outcome(index: int) -> None:
    config = CONFIGS[index]
    game = inv.random_game(config, None, random.Random(index))
    moves = [ply.move for ply in game.plies]
    record = cr.GameRecord.start(config, None).with_move(moves[0], comment="the first draw")
    for move in moves[1:]:
        record = record.with_move(move)
    text = record.to_text()
    assert '[Seed "none"]' in text
    assert "\n1. chance " in text
    assert "; the first draw" in text.splitlines()[text.splitlines().index("") + 1]
    _check_round_trip(record)
    assert record.final() == game.plies[-1].after


def test_record_game_names_the_seats_after_the_bots_and_keeps_tags_and_comments() -> None:
    bots: list[cr.Bot] = [cr.GreedyBot(1), cr.RandomBot(2), cr.RandomBot(3)]
    record = cr.record_game(cr.Config(players=3), 2, bots, tags={"Event": 'a "test" \\ game'})
    assert record.seats == ("GreedyBot(1)", "RandomBot(2)", "RandomBot(3)")
    record = record.replace(comments={3: "  a comment ; with a semicolon  "})
    text = record.to_text()
    assert '[Event "a \\"test\\" \\\\ game"]' in text
    assert "3. s0 " in text and text.count(" ; a comment ; with a semicolon\n") == 1
    again = cr.GameRecord.from_text(text)
    assert again.comments == {3: "a comment ; with a semicolon"}
    assert again.tags == {"Event": 'a "test" \\ game'}
    final = record.final()
    assert f'[Result "{" ".join(map(str, cr.winners(final)))}"]' in text
    assert f'[Scores "{" ".join(str(s.total) for s in cr.final_scores(final))}"]' in text


def test_an_unfinished_game_has_result_star() -> None:
    record = cr.GameRecord.start(cr.Config(players=2), 3, ["ann", "bob"])
    state = record.final()
    record = record.with_move(cr.legal_moves(state)[0])
    text = record.to_text()
    assert '[Result "*"]' in text and "Scores" not in text
    assert cr.GameRecord.from_text(text) == record
    assert not record.final().is_over


def test_the_kept_records_of_version_1_stay_readable() -> None:
    files = sorted(RECORDS.glob("*.txt"))
    assert len(files) >= 3
    for path in files:
        text = path.read_text(encoding="utf-8")
        record = cr.GameRecord.from_text(text)
        assert record.to_text() == text, path.name
        assert record.final().is_over


ONE_ANSWER = RECORDS / "v1-two-players-chocolate-one-answer.txt"
"""A record written before the engine resolved one-answer questions (R-ACT-7) itself: its
moves 81, 98 and 99 answer questions no longer asked."""
SAME_EFFECT = RECORDS / "v1-two-players-chocolate-same-effect.txt"
"""A record written before the engine resolved one-answer questions itself: its move 48
(``resolve -1,0 E 1``) now has the same effect as ``resolve -1,0 N 1``, the one listed."""


@pytest.mark.rule("R-ACT-7")
def test_an_old_records_answer_to_a_question_no_longer_asked_changes_nothing() -> None:
    record = cr.GameRecord.from_text(ONE_ANSWER.read_text(encoding="utf-8"))
    assert str(record.moves[80]) == "resolve 4,1 N 0"
    states = record.replay()
    assert states[81] is states[80]
    assert "resolve 4,1 N 0" not in [str(move) for move in cr.legal_moves(states[80])]


@pytest.mark.rule("R-ACT-7")
def test_an_old_records_answer_must_name_the_edges_owner_and_no_worker() -> None:
    text = ONE_ANSWER.read_text(encoding="utf-8")
    with pytest.raises(cr.FormatError, match=r"move 81 .*: the edge is seat 1's, not s0's"):
        cr.GameRecord.from_text(text.replace("81. s1 resolve 4,1 N 0", "81. s0 resolve 4,1 N 0"))
    with pytest.raises(cr.FormatError, match=r"move 81 .*is not legal: edge 4,1 N is not"):
        cr.GameRecord.from_text(text.replace("81. s1 resolve 4,1 N 0", "81. s1 resolve 4,1 N 1"))


@pytest.mark.rule("R-ACT-7", "R-DECIDE-2")
def test_an_old_records_move_not_listed_now_plays_as_the_one_listed() -> None:
    text = SAME_EFFECT.read_text(encoding="utf-8")
    record = cr.GameRecord.from_text(text)
    assert str(record.moves[47]) == "resolve -1,0 E 1"
    states = record.replay()
    assert states[48] == cr.apply(states[47], cr.Resolve((-1, 0), cr.Side.N, 1))
    assert record.to_text() == text
    with pytest.raises(cr.IllegalMoveError, match="same effect as resolve -1,0 N 1"):
        cr.apply(states[47], record.moves[47])


def _sample_text() -> str:
    bots: list[cr.Bot] = [cr.RandomBot(1), cr.RandomBot(2)]
    return cr.record_game(cr.Config(players=2), 4, bots).to_text()


def _replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(f"{number}. "))
    lines[index] = new
    return "\n".join(lines) + "\n"


def _move_line(text: str, number: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{number}. "))


def test_reading_names_the_move_that_is_wrong_and_why() -> None:
    text = _sample_text()
    line = _move_line(text, 2)
    with pytest.raises(cr.FormatError, match=r"move 2 .*not legal: "):
        cr.GameRecord.from_text(
            _replace_line(text, 2, line.split(" ", 2)[0] + " s0 place 1-1-1-1 9,8 r0")
        )
    with pytest.raises(cr.FormatError, match=r"move 2: cannot read move 'plac 1,0'"):
        cr.GameRecord.from_text(_replace_line(text, 2, "2. s0 plac 1,0"))
    with pytest.raises(cr.FormatError, match=r"move number 5, expected 2"):
        cr.GameRecord.from_text(_replace_line(text, 2, "5." + line[2:]))
    who = line.split()[1]
    other = "s1" if who == "s0" else "s0"
    with pytest.raises(
        cr.FormatError, match=rf"move 2 .*it is {who}'s decision here, not {other}'s"
    ):
        cr.GameRecord.from_text(_replace_line(text, 2, line.replace(who, other, 1)))
    last = len([li for li in text.splitlines() if li[:1].isdigit()])
    with pytest.raises(cr.FormatError, match=rf"move {last + 1} .*the game is already over"):
        cr.GameRecord.from_text(text + f"{last + 1}. s0 pass\n")
    with pytest.raises(cr.FormatError, match=r"tag Result says"):
        cr.GameRecord.from_text(text.replace(_move_line(text, last) + "\n", ""))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('[Version "1"]', '[Version "2"]'), r"version '2' is not one this release reads \(1\)"),
        (('[Format "cacao-rules.record"]', ""), r"expected the tag \[Format"),
        (('[Players "2"]', '[Players "5"]'), r"tag Players must be 2, 3 or 4"),
        (('[Modules ""]', '[Modules "maps"]'), r"tag Modules: unknown name 'maps'"),
        (('[Modules ""]', '[Modules ""]\n[Huts "chief"]'), r"configuration is not one the rules"),
        (('[Seed "4"]', '[Seed "-4"]'), r"tag Seed must be 'none' or a number"),
        (('[Seed "4"]', '[Seed "5"]'), r"(not legal|tag Result|tag Scores)"),
        (('[Seat1 "RandomBot(2)"]', ""), r"no Seat1 tag"),
        (('[Seat1 "RandomBot(2)"]', '[Seat1 "x"]\n[Seat2 "y"]'), r"Seat2 names a seat"),
        (('[Seed "4"]', '[Seed "4"]\n[Seed "4"]'), r"tag Seed is given twice"),
        (('[Seed "4"]', '[Seed "4"]\n[Seat7 "x"]'), r"tag Seat7 names no seat"),
        (('[Seed "4"]', '[Seed "4"]\n[event "x"]'), r"tag name 'event' must be a capital"),
        (('[Seed "4"]', '[Seed "4"]\n[Event "a\\n"]'), r"only \\\" and \\\\ may be escaped"),
        (('[Seed "4"]', '[Seed "4"]\n[Event "\x07"]'), r"control character"),
        (('[Seed "4"]', '[Seed "4"]\nEvent "x"'), r"expected a move line"),
        (('[Seed "4"]', "[Seed 4]"), r"expected a tag"),
        (("\n2. ", '\n[Event "late"]\n2. '), r"a tag after the first move"),
    ],
)
def test_a_bad_header_is_refused_clearly(change: tuple[str, str], message: str) -> None:
    text = _sample_text()
    assert change[0] in text
    with pytest.raises(cr.FormatError, match=message):
        cr.GameRecord.from_text(text.replace(change[0], change[1], 1))


def test_sizes_are_bounded() -> None:
    with pytest.raises(cr.FormatError, match="at most 4000000 characters"):
        cr.GameRecord.from_text(" " * 4_000_001)
    with pytest.raises(TypeError, match="str object expected; got bytes"):
        cr.GameRecord.from_text(b"[Format]")  # type: ignore[arg-type]
    long = "x" * (MAX_TEXT + 1)
    with pytest.raises(cr.FormatError, match="at most 2000"):
        cr.GameRecord.start(cr.Config(players=2), 1, ["a", long])
    with pytest.raises(cr.FormatError, match="line break"):
        cr.GameRecord.start(cr.Config(players=2), 1, ["a", "b"]).with_move(
            cr.parse_move("pass"), comment="two\nlines"
        )
    with pytest.raises(cr.FormatError, match="names 2 seats, got 1"):
        cr.GameRecord.start(cr.Config(players=2), 1, ["a"])
    with pytest.raises(cr.FormatError, match="set by the record itself"):
        cr.GameRecord.start(cr.Config(players=2), 1, tags={"Seed": "3"})
    with pytest.raises(cr.FormatError, match="move 1 must be a cacao_rules move, got 'pass'"):
        cr.GameRecord(cr.Config(players=2), 1, ["pass"], ["a", "b"])  # type: ignore[list-item]
    with pytest.raises(cr.FormatError, match="a comment on move 2, but the record has 1 moves"):
        cr.GameRecord(cr.Config(players=2), 1, [cr.PassHut()], ["a", "b"], comments={2: "x"})
    with pytest.raises(cr.FormatError, match="seed must be None or an int"):
        cr.GameRecord.start(cr.Config(players=2), -1)


def test_replay_names_the_illegal_move() -> None:
    record = cr.GameRecord.start(cr.Config(players=2), 1).with_move(cr.parse_move("pass"))
    with pytest.raises(cr.IllegalMoveError, match=r"move 1 \(pass\) is not legal: "):
        record.replay()


_LINE = st.text(st.characters(codec="utf-8").filter(str.isprintable), max_size=40)


@settings(max_examples=60, deadline=None)
@given(
    seats=st.lists(_LINE, min_size=2, max_size=2),
    tags=st.dictionaries(st.from_regex(r"[A-Z][a-z0-9_]{0,8}", fullmatch=True), _LINE, max_size=3),
    comments=st.dictionaries(
        st.integers(1, 12), _LINE.filter(lambda text: bool(text.strip())), max_size=4
    ),
)
def test_any_names_tags_and_comments_round_trip(
    seats: list[str], tags: dict[str, str], comments: dict[int, str]
) -> None:
    tags = {name: value for name, value in tags.items() if not name.startswith("Seat")}
    tags = {name: value for name, value in tags.items() if name not in RESERVED_TAGS}
    start = cr.GameRecord.start(cr.Config(players=2), 6, seats, tags)
    state = start.final()
    record = start
    for _ in range(12):
        move = cr.legal_moves(state)[-1]
        record, state = record.with_move(move), cr.apply(state, move)
    record = cr.GameRecord(record.config, 6, record.moves, seats, tags, comments)
    assert cr.GameRecord.from_text(record.to_text()) == record
