"""The server's request shapes and settings follow the library's declarations: the
configuration a client sends has the configuration's fields, and the command line's
options start from the server's default limits."""

from __future__ import annotations

import msgspec
import pytest

import cacao_rules as cr
from cacao_rules.cli import build_parser
from cacao_rules.formats.serialization import config_from_document
from cacao_rules.server import schemas
from cacao_rules.server.settings import Limits


def test_the_config_request_has_the_configurations_fields() -> None:
    """A field added to Config and not to the request fails here, not in a client's game."""
    assert schemas.ConfigRequest.__struct_fields__ == cr.Config.FIELDS
    request = schemas.ConfigRequest(players=3)
    assert config_from_document(msgspec.structs.asdict(request)) == cr.Config(players=3)


def test_serve_starts_from_the_default_limits() -> None:
    args = build_parser().parse_args(["serve"])
    defaults = Limits()
    assert (args.bot_ms, args.games_per_client) == (
        defaults.program_ms,
        defaults.games_per_client,
    )


def test_a_name_is_limited_by_the_request_shape_alone() -> None:
    """The longest name is part of the published shape; no server setting contradicts it."""
    assert not hasattr(Limits(), "max_name")
    msgspec.json.decode(b'{"name": "%s"}' % (b"n" * schemas.MAX_NAME), type=schemas.JoinGame)
    with pytest.raises(msgspec.ValidationError):
        too_long = b'{"name": "%s"}' % (b"n" * (schemas.MAX_NAME + 1))
        msgspec.json.decode(too_long, type=schemas.JoinGame)
