"""The bot protocol cacao-bot/1: ProgramBot drives real programs, serve() answers it, and
every way a program can break the protocol ends in a clear BotError, its process stopped."""

from __future__ import annotations

import io
import json
import os
import pickle
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import cacao_rules as cr
from cacao_rules.agents.bot_messages import MAX_LINE
from cacao_rules.agents.program import STDERR_TAIL, ProgramBot, serve
from cacao_rules.agents.specs import bot_factory
from helpers_process import same_package_env

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "external_bot.py"
TWO = cr.Config(players=2)


def test_the_example_program_plays_whole_games_in_play_game_and_simulate() -> None:
    with ProgramBot([sys.executable, str(EXAMPLE), "--seed", "3"]) as bot:
        assert bot.name == "example-bot"
        final, moves = cr.play_game(TWO, 5, [bot, cr.RandomBot(1)])
        assert final.is_over and len(moves) > 20
        again, _ = cr.play_game(TWO, 6, [cr.RandomBot(2), bot])  # a second game, other seat
        assert again.is_over
    assert bot._process.poll() is not None  # quit: the program exited
    results = list(cr.simulate(TWO, ["greedy", f"exec:{sys.executable} {EXAMPLE}"], 2, seed=3))
    assert [result.bots for result in results] == [
        ("greedy", f"exec:{sys.executable} {EXAMPLE}"),
        (f"exec:{sys.executable} {EXAMPLE}", "greedy"),
    ]


def test_a_built_in_bot_served_by_the_command_line_plays_as_a_program() -> None:
    root = Path(cr.__file__).resolve().parent.parent  # the child imports this same package
    script = f"import sys; sys.path.insert(0, {str(root)!r}); from cacao_rules.cli import main; "
    with ProgramBot([sys.executable, "-c", script + "sys.exit(main(['bot', 'mcts:20it']))"]) as bot:
        assert bot.name == "mcts:20it"
        final, _ = cr.play_game(TWO, 9, [cr.RandomBot(1), bot])
        assert final.is_over
    command = [sys.executable, "-m", "cacao_rules", "bot", "greedy", "--seed", "4"]
    process = subprocess.run(
        command,
        input='{"type":"hello","protocol":"cacao-bot/1","library":"x"}\n{"type":"quit"}\n',
        capture_output=True,
        text=True,
        env=same_package_env(),
        timeout=60,
        check=True,
    )
    assert json.loads(process.stdout) == {"type": "ready", "name": "greedy"}


def test_the_bot_command_reports_and_skips_lines_it_cannot_answer() -> None:
    lines = [
        b"\xff\xfe not UTF-8",
        b"[" * 100_000,
        b'{"type": "choose", "legal_moves": [], "legal_actions": [], "time_ms": null}',
        b'{"type":"hello","protocol":"cacao-bot/1","library":"x"}',
        b'{"type":"quit"}',
    ]
    process = subprocess.run(
        [sys.executable, "-m", "cacao_rules", "bot", "random"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        env=same_package_env(PYTHONIOENCODING="utf-8:strict"),
        timeout=60,
        check=True,
    )
    assert json.loads(process.stdout) == {"type": "ready", "name": "random"}
    reports = process.stderr.decode().splitlines()
    assert [line[:40] for line in reports] == [
        "cacao-bot: skipped a line that is not UT",
        "cacao-bot: skipped a line nested more th",
        "cacao-bot: skipped a 'choose' message th",
    ]
    assert "Object missing required field `observation`" in reports[2]


def test_serve_answers_each_message_from_the_observation_alone() -> None:
    state = cr.new_game(TWO, seed=8)
    seat = state.to_move
    assert seat is not None
    observation = json.loads(cr.observation_to_json(cr.observe(state, seat)))
    listed = [str(move) for move in cr.legal_moves(state)]
    choose = {
        "type": "choose",
        "observation": observation,
        "legal_moves": listed,
        "legal_actions": list(range(len(listed))),
        "time_ms": None,
    }
    lines = [
        {"type": "hello", "protocol": "cacao-bot/1", "library": cr.__version__},
        {"type": "new_game", "seat": seat, "config": observation["config"]},
        choose,
        {"type": "game_over", "scores": [1, 2], "winners": [1]},
        {"type": "quit"},
        choose,
    ]
    stdin = io.StringIO("".join(json.dumps(line) + "\n" for line in lines))
    stdout = io.StringIO()
    serve(cr.GreedyBot(3), stdin, stdout, name="greedy")
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert answers[0] == {"type": "ready", "name": "greedy"}
    assert answers[1]["type"] == "move" and answers[1]["move"] in listed
    assert len(answers) == 2  # nothing after quit


HELLO = """import json, sys
line = sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "hostile"}), flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "choose":
"""

HOSTILE = {
    "bad JSON": (
        "print('this is not json', flush=True)",
        cr.BotProtocolError,
        "sent a line that is not JSON",
        "'this is not json'",
    ),
    "not an object": (
        "print('[1, 2]', flush=True)",
        cr.BotProtocolError,
        "sent a line that is not a JSON object",
        "'[1, 2]'",
    ),
    "nested deep": (
        "print('[' * 100_000 + ']' * 100_000, flush=True)",
        cr.BotProtocolError,
        "sent a line nested more than 32 levels deep (the limit)",
        "'[[[[",
    ),
    "unlisted move": (
        "print(json.dumps({'type': 'move', 'move': 'place 1-1-1-1 40,40 r0'}), flush=True)",
        cr.BotProtocolError,
        "sent a move that is not one of the 20 listed",
        "place 1-1-1-1 40,40 r0",
    ),
    "not notation": (
        "print(json.dumps({'type': 'move', 'move': 'win now'}), flush=True)",
        cr.BotProtocolError,
        "sent a move that is not move notation",
        "win now",
    ),
    "bad action": (
        "print(json.dumps({'type': 'move', 'action': -5}), flush=True)",
        cr.BotProtocolError,
        "sent an action id that is not one of the 20 legal_actions",
        "-5",
    ),
    "bad index": (
        "print(json.dumps({'type': 'move', 'index': 999}), flush=True)",
        cr.BotProtocolError,
        "sent an index that is not one of 0 to 19",
        "999",
    ),
    "index of another type": (
        "print(json.dumps({'type': 'move', 'index': True}), flush=True)",
        cr.BotProtocolError,
        "sent a 'move' message the protocol does not allow "
        "(Expected `int | null`, got `bool` - at `$.index`)",
        "true",
    ),
    "wrong message": (
        "print(json.dumps({'type': 'ready', 'name': 'again'}), flush=True)",
        cr.BotProtocolError,
        "sent a message of another type where a 'move' message was due",
        '"again"',
    ),
    "huge line": (
        f"sys.stdout.write('x' * {MAX_LINE + 10}); sys.stdout.flush()",
        cr.BotProtocolError,
        f"sent a line longer than {MAX_LINE} bytes (the limit)",
        "'xxx",
    ),
    "silence": (
        "import time; time.sleep(60)",
        cr.BotTimeoutError,
        "sent no 'move' message within 2.1 s",
        "",
    ),
    "exit": (
        "sys.exit(3)",
        cr.BotTerminatedError,
        "exited before sending a 'move' message (exit status 3)",
        "",
    ),
}
"""Each way of breaking the protocol after ``hello``: the program's line, the error's class,
its reason, and what its ``sent`` field quotes."""


BY_ACTION = """import json, os, sys
log = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "by-action"}), flush=True)
    elif message["type"] == "choose":
        if not os.path.exists(log):
            with open(log, "w") as first:
                first.write(line)
        action = message["legal_actions"][-1]
        print(json.dumps({"type": "move", "action": action}), flush=True)
"""
"""A program that plays the last legal move by its action id, logging its first ``choose``."""


class _LastMove:
    """Plays the last legal move, as :data:`BY_ACTION` does by its action id."""

    def choose(self, state: cr.State) -> cr.Move:
        return cr.legal_moves(state)[-1]


def test_a_program_may_answer_with_an_action_id_of_the_fixed_action_space(
    tmp_path: Path,
) -> None:
    program, log = tmp_path / "by_action.py", tmp_path / "first_choose.json"
    program.write_text(BY_ACTION, encoding="utf-8")
    with ProgramBot([sys.executable, str(program), str(log)]) as bot:
        _, by_program = cr.play_game(TWO, 4, [bot, cr.RandomBot(1)])
    _, by_python = cr.play_game(TWO, 4, [_LastMove(), cr.RandomBot(1)])
    assert by_program == by_python
    first = json.loads(log.read_text(encoding="utf-8"))
    state, space = cr.new_game(TWO, seed=4), cr.ActionSpace(TWO)
    listed = cr.legal_moves(state)
    assert first["legal_actions"] == [space.encode(state, move) for move in listed]
    assert tuple(space.decode(state, action) for action in first["legal_actions"]) == listed


WITH_OPTIONS = """import json, sys
log = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        options = {"level": 1, "style": "calm", "bold": False}
        print(json.dumps({"type": "ready", "name": "tunable", "options": options}), flush=True)
    elif message["type"] == "set_options":
        with open(log, "w") as told:
            told.write(line)
    elif message["type"] == "choose":
        print(json.dumps({"type": "move", "index": 0}), flush=True)
"""
"""A program declaring three options, which logs the ``set_options`` it is sent."""


def _tunable(tmp_path: Path, **options: str | int | float | bool) -> tuple[ProgramBot, Path]:
    program, log = tmp_path / "tunable.py", tmp_path / "set_options.json"
    program.write_text(WITH_OPTIONS, encoding="utf-8")
    return ProgramBot([sys.executable, str(program), str(log)], options=options), log


def test_a_program_declares_options_and_is_told_those_the_host_sets(tmp_path: Path) -> None:
    with _tunable(tmp_path, level=3, bold=True)[0] as bot:
        assert bot.options == {"level": 3, "style": "calm", "bold": True}
        final, _ = cr.play_game(TWO, 2, [bot, cr.RandomBot(1)])
        assert final.is_over
    told = json.loads((tmp_path / "set_options.json").read_text(encoding="utf-8"))
    assert told == {"type": "set_options", "options": {"level": 3, "bold": True}}
    with _tunable(tmp_path)[0] as plain:
        assert plain.options == {"level": 1, "style": "calm", "bold": False}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"depth": 2}, "declares no option 'depth' \\(its options: 'level', 'style', 'bold'\\)"),
        ({"level": "high"}, "takes a number for option 'level', got 'high'"),
        ({"bold": 1}, "takes true or false for option 'bold', got 1"),
    ],
)
def test_options_the_program_does_not_declare_are_refused(
    tmp_path: Path, options: dict[str, str | int], message: str
) -> None:
    with pytest.raises(cr.ConfigError, match=f"bot program 'tunable' {message}"):
        _tunable(tmp_path, **options)


def test_a_program_declaring_malformed_options_is_refused(tmp_path: Path) -> None:
    program = tmp_path / "odd.py"
    ready = {"type": "ready", "name": "odd", "options": {"level": [1]}}
    program.write_text(
        f"import sys\nsys.stdin.readline()\nprint({json.dumps(ready)!r}, flush=True)\n"
        "sys.stdin.readline()\n",
        encoding="utf-8",
    )
    with pytest.raises(cr.BotProtocolError, match="a 'ready' message the protocol does not allow"):
        ProgramBot([sys.executable, str(program)])


def test_options_must_be_names_with_plain_values() -> None:
    with pytest.raises(TypeError, match="options must map names to strings, numbers or booleans"):
        ProgramBot([sys.executable, str(EXAMPLE)], options={"level": [1, 2]})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="options must map names"):
        ProgramBot([sys.executable, str(EXAMPLE)], options={"level": float("nan")})


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_program_breaking_the_protocol_gets_a_clear_bot_error(kind: str, tmp_path: Path) -> None:
    action, error, reason, sent = HOSTILE[kind]
    program = tmp_path / "bot.py"
    program.write_text(HELLO + "        " + action + "\n", encoding="utf-8")
    bot = ProgramBot([sys.executable, str(program)], time_ms=100)
    assert bot.name == "hostile"
    with pytest.raises(error) as raised:
        cr.play_game(TWO, 1, [cr.RandomBot(2), bot])
    assert raised.value.reason == reason
    assert sent in raised.value.sent and len(raised.value.sent) < 300
    assert (raised.value.seat, raised.value.name) == (1, "hostile")
    assert raised.value.program == (sys.executable, str(program))
    assert str(raised.value).startswith(f"seat 1: bot program 'hostile' {reason}")
    assert bot._process.poll() is not None  # stopped: no process outlives its error


def test_bot_errors_are_no_value_errors_and_keep_their_fields_through_pickling() -> None:
    error = cr.BotProtocolError("sent a line that is not JSON", 2, ("./bot",), "b", "'x'", "log")
    assert {RuntimeError, cr.BotError} <= set(type(error).__mro__)
    assert ValueError not in type(error).__mro__  # except ValueError lets a crashed bot through
    again = pickle.loads(pickle.dumps(error))  # as simulate's worker processes send it
    assert type(again) is cr.BotProtocolError and str(again) == str(error)
    assert (again.seat, again.program, again.stderr) == (2, ("./bot",), "log")
    assert str(error) == "seat 2: bot program 'b' sent a line that is not JSON: 'x'"
    assert str(cr.BotTerminatedError("exited", program=("./bot",)).at_seat(1)).startswith(
        "seat 1: bot program exited"
    )
    assert error.at_seat(0) is error  # the seat it named stays


def test_a_failing_program_keeps_the_tail_of_its_standard_error_apart(tmp_path: Path) -> None:
    program = tmp_path / "noisy.py"
    program.write_text(
        HELLO.replace('"hostile"', '"noisy"')
        + "        sys.stderr.write('x' * 100_000 + 'my hand is secret\\n'); sys.exit(2)\n",
        encoding="utf-8",
    )
    bot = ProgramBot([sys.executable, str(program)])
    with pytest.raises(cr.BotTerminatedError) as raised:
        cr.play_game(TWO, 1, [bot, cr.RandomBot(1)])
    assert raised.value.stderr.endswith("my hand is secret\n")
    assert len(raised.value.stderr) <= STDERR_TAIL
    assert "secret" not in str(raised.value)


def test_programs_that_never_start_or_never_say_hello_are_refused(tmp_path: Path) -> None:
    with pytest.raises(cr.BotTerminatedError, match="cannot be started") as never:
        ProgramBot([str(tmp_path / "no-such-program")])
    assert never.value.program == (str(tmp_path / "no-such-program"),)
    program = tmp_path / "mute.py"
    program.write_text("import sys\nsys.stdin.readline()\nprint('{}', flush=True)\n")
    with pytest.raises(cr.BotError, match="where a 'ready' message was due"):
        ProgramBot([sys.executable, str(program)])


@pytest.mark.parametrize(
    ("command", "time_ms", "error", "message"),
    [
        ("python3 bot.py", None, TypeError, "sequence of strings"),
        (5, None, TypeError, "sequence of strings"),
        ([], None, cr.ConfigError, "command is empty"),
        ([sys.executable, str(EXAMPLE)], 0, cr.ConfigError, "time_ms must be None or a count"),
        ([sys.executable, str(EXAMPLE)], True, TypeError, "time_ms must be None or an int"),
        ([sys.executable, str(EXAMPLE)], 1.5, TypeError, "time_ms must be None or an int"),
    ],
)
def test_program_bot_arguments_follow_the_error_rule(
    command: object, time_ms: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        ProgramBot(command, time_ms=time_ms)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spec", "made"),
    [
        ("random", "RandomBot(3)"),
        ("Greedy", "GreedyBot(3)"),
        ("mcts", "MCTSBot(3, seconds=1.0)"),
        ("mcts:1s", "MCTSBot(3, seconds=1.0)"),
        ("mcts:250ms", "MCTSBot(3, seconds=0.25)"),
        ("mcts:2000it", "MCTSBot(3, iterations=2000)"),
    ],
)
def test_specs_name_the_built_in_bots_and_their_strength(spec: str, made: str) -> None:
    assert repr(bot_factory(spec)(3)) == made


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'"),
        ("greedy:1s", "only mcts takes a strength"),
        ("mcts:fast", "must be a positive time or count"),
        ("mcts:0ms", "must be a positive time or count"),
        ("mcts:2.5it", "iterations are a whole number"),
        ("exec:", "names no command"),
        ("exec:python3 'unclosed", "cannot split the command"),
    ],
)
def test_bad_specs_say_what_a_spec_may_be(spec: str, message: str) -> None:
    with pytest.raises(cr.ConfigError, match=message):
        bot_factory(spec, programs=True)


def test_a_spec_that_is_no_string_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a bot spec must be a string"):
        bot_factory(3)  # type: ignore[arg-type]


FLOOD = """import json, sys
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "flood"}), flush=True)
line = json.dumps({"type": "move", "index": 0, "pad": "x" * 500_000}) + "\\n"
while True:
    sys.stdout.write(line)
"""
"""A program that answers ``hello``, then writes long lines without end."""


def _resident_bytes() -> int:
    """This process's resident memory (Linux)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/statm")
def test_a_program_flooding_its_output_neither_fills_the_memory_nor_gets_its_lines_taken(
    tmp_path: Path,
) -> None:
    program = tmp_path / "flood.py"
    program.write_text(FLOOD, encoding="utf-8")
    before = _resident_bytes()
    bot = ProgramBot([sys.executable, str(program)], time_ms=100)
    time.sleep(1.5)  # the program writes hundreds of MiB meanwhile, unless it is held up
    grown = _resident_bytes() - before
    with pytest.raises(cr.BotProtocolError) as raised:
        bot.choose(cr.new_game(TWO, seed=1))
    assert raised.value.reason == "sent a line before it was asked for one"
    assert grown < 16 * MAX_LINE, f"grew by {grown / 2**20:.0f} MiB"


DEAF = """import json, sys
sys.stdin.readline()
ready = {"type": "ready", "name": "deaf", "options": {"pad": ""}}
print(json.dumps(ready), flush=True)
import time
time.sleep(600)
"""
"""A program that answers ``hello`` and then reads nothing more."""


def test_a_program_that_stops_reading_its_input_is_late_not_a_hang(tmp_path: Path) -> None:
    program = tmp_path / "deaf.py"
    program.write_text(DEAF, encoding="utf-8")
    outcome: list[BaseException] = []

    def start() -> None:  # set_options of 1 MB: more than a pipe holds
        try:
            ProgramBot([sys.executable, str(program)], options={"pad": "x" * 1_000_000})
        except cr.BotError as error:
            outcome.append(error)

    started = time.monotonic()
    thread = threading.Thread(target=start, daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "the write to a program that does not read hung"
    assert time.monotonic() - started < 10
    [error] = outcome
    assert isinstance(error, cr.BotTimeoutError)
    assert error.reason == "did not read its input within 2 s"


def test_a_program_s_standard_error_is_kept_apart_when_not_passed_on(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """``pass_stderr=False``: nothing reaches this process's standard error; the last
    ``STDERR_TAIL`` bytes and the count of all are kept (issue 41, item 7)."""
    noisy = tmp_path / "noisy.py"
    noisy.write_text(
        "import os, sys\n"
        "os.write(2, b'x' * 1_000_000 + b'bye\\n')\n"
        f"os.execv(sys.executable, [sys.executable, {str(EXAMPLE)!r}])\n"
    )
    state = cr.new_game(cr.Config(players=2), seed=1)
    with ProgramBot([sys.executable, str(noisy)], pass_stderr=False) as bot:
        assert bot.choose(state) in cr.legal_moves(state)
    assert bot.stderr_bytes > 1_000_000
    assert len(bot.stderr) <= STDERR_TAIL and "bye\n" in bot.stderr
    assert "xxxx" not in capfd.readouterr().err
    with pytest.raises(TypeError):
        ProgramBot([sys.executable, str(noisy)], pass_stderr=1)  # type: ignore[arg-type]


def test_the_words_a_program_s_helper_writes_to_its_standard_error_after_it_quit_are_kept(
    tmp_path: Path,
) -> None:
    """What reaches a program's standard error on its way out, here from a helper process it
    leaves behind that writes half a second after ``quit``, is in :attr:`ProgramBot.stderr`
    once :meth:`~ProgramBot.close` has returned: close waits (``QUIT_SECONDS`` at most) for
    the pipe to close, so a server that logs the tail next logs the last words."""
    parting = tmp_path / "parting.py"
    parting.write_text(
        "import atexit, subprocess, sys\n"
        "late = 'import sys, time; time.sleep(0.5); sys.stderr.write(\"farewell\\\\n\")'\n"
        "helper = [sys.executable, '-c', late]\n"
        "quiet = {'stdin': subprocess.DEVNULL, 'stdout': subprocess.DEVNULL}\n"
        "atexit.register(lambda: subprocess.Popen(helper, **quiet))  # its stderr: the pipe\n"
        f"sys.argv = [{str(EXAMPLE)!r}]\n"
        f"exec(compile(open({str(EXAMPLE)!r}).read(), {str(EXAMPLE)!r}, 'exec'))\n"
    )
    bot = ProgramBot([sys.executable, str(parting)], pass_stderr=False)
    bot.close()
    assert bot.stderr.endswith("farewell\n"), bot.stderr
