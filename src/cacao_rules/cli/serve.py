"""``cacao-rules serve``: run the game server (needs the ``server`` extra:
``pip install ".[server]"`` in a clone)."""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
from pathlib import Path
from typing import TextIO

from ..bot_errors import BotError
from ..errors import CacaoError, ConfigError, excerpt
from ..extras import install_command
from ..server.settings import Limits
from .exit_codes import BAD_ARGUMENTS, FAILED
from .options import positive_number

MAX_PORT = 65_535
"""The highest TCP port."""
_LIMITS = Limits()
"""The server's default limits, which the options for some of them start from."""


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 5 or int(text) > MAX_PORT:
        raise argparse.ArgumentTypeError(
            f"expected a port from 0 to {MAX_PORT}, got {excerpt(text)}"
        )
    return int(text)


def _bot(text: str) -> tuple[str, str]:
    name, equals, spec = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"expected NAME=exec:COMMAND, got {excerpt(text)}")
    return name.strip(), spec.strip()


def _try_program(name: str, command: tuple[str, ...]) -> None:
    """Start the operator's bot program ``name`` once and stop it: a command that does not
    start, or a program that does not answer ``hello``, is refused before the server
    starts rather than at the first game that seats it."""
    from ..agents.program import ProgramBot

    try:
        with ProgramBot(command):
            pass
    except (BotError, CacaoError) as error:
        raise ConfigError(f"--bot {name}: {error}") from None


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the command's subcommands."""
    serve = commands.add_parser(
        "serve",
        help="run the game server (people and bots play over HTTP, WebSocket, a web page)",
        description=f"Run the game server (needs the server extra: {install_command('server')}). "
        "Games are kept in a SQLite file by default, and go on after a restart. Open "
        "http://HOST:PORT/ in a browser to play.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    store = serve.add_mutually_exclusive_group()
    store.add_argument(
        "--db",
        metavar="FILE",
        default="cacao-games.sqlite3",
        help="the SQLite file of the games (default cacao-games.sqlite3, made if missing)",
    )
    store.add_argument(
        "--database-url",
        metavar="URL",
        help="a SQLAlchemy database URL instead (e.g. postgresql+psycopg://user@host/db)",
    )
    serve.add_argument(
        "--fsync",
        action="store_true",
        help="SQLite: sync the disk at every move, so that a power cut loses none either "
        "(a killed server loses none without it)",
    )
    serve.add_argument(
        "--bot",
        type=_bot,
        action="append",
        default=[],
        metavar="NAME=exec:COMMAND",
        help="an external bot (the cacao-bot/1 protocol) that clients may seat as NAME",
    )
    serve.add_argument(
        "--bot-ms",
        type=positive_number,
        default=_LIMITS.program_ms,
        metavar="MS",
        help="the thinking time per decision an external bot is told (default "
        f"{_LIMITS.program_ms}); it is late 2 s after it, and the built-in random bot plays "
        "its seat from then on",
    )
    serve.add_argument(
        "--games-per-client",
        type=positive_number,
        default=_LIMITS.games_per_client,
        metavar="N",
        help="the most games one address may create every "
        f"{_LIMITS.client_window / 60:g} minutes (default {_LIMITS.games_per_client})",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a name clients reach the server by (a proxy's public name; * for any), beside "
        "localhost, 127.0.0.1, ::1 and --host; repeatable. Requests naming another host "
        "are refused (DNS rebinding)",
    )
    serve.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="SCHEME://HOST[:PORT]",
        help="a site whose pages may post to the server and open its WebSockets, beside "
        "the server's own address (https://cacao.example.org behind a proxy); repeatable",
    )
    serve.add_argument(
        "--no-access-log",
        action="store_true",
        help="do not write a line of JSON per request (method, path, status, ms) to standard error",
    )
    serve.set_defaults(run=run, parser=serve)


def _allowed_hosts(host: str, named: list[str]) -> tuple[str, ...]:
    """The names the server answers to: the machine's own, the address it listens on
    (unless every address: 0.0.0.0, ::) and the ones the operator named."""
    from ..server.settings import LOOPBACK

    listening = [] if host in ("0.0.0.0", "::", "") else [host]
    return tuple(dict.fromkeys([*LOOPBACK, *listening, *named]))


def _open_database(url: str, fsync: bool) -> None:
    """Reach the database and bring its schema up to date (the server would do it as it
    starts) before listening, so that a database the server cannot use is a message and
    exit status 2, not a failed start-up: a ConfigError saying why."""
    import sqlalchemy as sa

    from ..server.storage import Storage, Unavailable

    try:
        Storage(url, fsync).close()
    except (sa.exc.NoSuchModuleError, ModuleNotFoundError) as error:
        scheme = url.split("://", 1)[0]
        raise ConfigError(
            f"no driver for {scheme!r} URLs here ({error}); for PostgreSQL, "
            f"postgresql+psycopg://...: {install_command('server,postgres')}"
        ) from None
    except (sa.exc.SQLAlchemyError, Unavailable) as error:  # out of reach, refused, ...
        reason = str(error).splitlines()[0]
        raise ConfigError(f"cannot open the database: {reason}") from None


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Serve until interrupted."""
    if any(importlib.util.find_spec(name) is None for name in ("starlette", "uvicorn", "alembic")):
        err.write(f"cacao-rules serve needs the server extra: {install_command('server')}\n")
        return FAILED
    from ..server.players import check_external
    from ..server.run import serve
    from ..server.settings import Settings
    from ..server.sqlite_lock import serving

    url = args.database_url or f"sqlite:///{Path(args.db).resolve()}"
    with contextlib.ExitStack() as held:
        try:
            # The arguments first: a command refused for them leaves no file behind.
            for name, command in check_external(dict(args.bot)).items():
                _try_program(name, command)
            held.enter_context(serving(url))  # SQLite: refused while another process serves it
            _open_database(url, args.fsync)
            settings = Settings(
                database=url,
                fsync=args.fsync,
                bots=dict(args.bot),
                limits=Limits(games_per_client=args.games_per_client, program_ms=args.bot_ms),
                allowed_hosts=_allowed_hosts(args.host, args.allowed_host),
                allowed_origins=tuple(args.allowed_origin),
                access_log=not args.no_access_log,
            )
        except ConfigError as error:
            err.write(f"cacao-rules serve: {error}\n")
            return BAD_ARGUMENTS
        out.write(f"serving Cacao on http://{args.host}:{args.port}/ (games in {url})\n")
        out.flush()
        serve(settings, args.host, args.port)
    return 0
