"""Game records: a whole game as text that people read and diff and tools replay.

A :class:`GameRecord` plays the part PGN plays for chess. It holds the configuration, the
seed (or, for a game without a seed, every chance outcome among the moves), the seats'
names, the moves in notation, optional tags and a comment per move. :meth:`GameRecord.to_text`
writes the documented text format (``docs/formats.md``, "Game records") and
:meth:`GameRecord.from_text` reads it back, checking every move and the result written.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=5)
>>> moves = []
>>> while not state.is_over:
...     moves.append(cr.legal_moves(state)[0])
...     state = cr.apply(state, moves[-1])
>>> record = cr.GameRecord(cr.Config(players=2), 5, moves, ['first', 'second'])
>>> cr.GameRecord.from_text(record.to_text()) == record
True
>>> record.replay()[-1].is_over
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Final, NamedTuple, TypeVar, get_args

from ..compiled import COMPILED
from ..engine import apply, chance_outcomes, legal_moves, new_game, step
from ..errors import MAX_QUOTE, ConfigError, FormatError, IllegalMoveError, expect, expect_any
from ..game.components import WORKERS_PER_COLOUR, Hut, Side, WorkerType
from ..game.config import Config, Module
from ..game.events import EdgeResolved
from ..game.frozen import FrozenMap
from ..game.geometry import Square
from ..game.limits import MAX_RECORD_CHARS, MAX_RECORD_LINE, MAX_RECORD_TEXT, MAX_SEED
from ..game.moves import Move, Resolve
from ..game.sealed import Default, Sealed
from ..state.chance import check_seed
from ..state.state import ResolveStep, State
from ..turn.activation import listed_twin
from ..turn.results import final_scores, winners
from .notation import parse_move

RECORD_FORMAT: Final = "cacao-rules.record"
"""The value of a record's ``Format`` tag."""
RECORD_VERSION: Final = 1
"""The version of the record format this release writes."""
READ_RECORD_VERSIONS: Final = (1,)
"""The versions of the record format this release reads."""

MAX_MOVES: Final = 50_000
"""The most moves a record may hold (a Big Game without a seed has a few thousand)."""
MAX_TAGS: Final = 100
"""The most free tags a record may hold."""
MAX_TAG_NAME: Final = 40
MAX_TEXT: Final = MAX_RECORD_TEXT
MAX_LINE: Final = MAX_RECORD_LINE

_TAG_NAME: Final = re.compile(r"[A-Z][A-Za-z0-9_]*")
_TAG_LINE: Final = re.compile(r'\[([A-Za-z0-9_]++) "((?:[^"\\]++|\\.)*+)"\]')
_MOVE_LINE: Final = re.compile(r"([1-9][0-9]*+)\. ++(s[0-3]|chance) ++([^;]+)")
"""A move line up to its comment (from the first ``;``, which needs a space before it). The
patterns never backtrack (possessive), so they take time linear in a line's length."""
_CONFIG_TAGS: Final = ("Players", "Modules", "MapEarlyOverbuild", "Huts", "Workers", "BigGame")
_RESULT_TAGS: Final = ("Result", "Scores")
_SEAT_TAGS: Final = tuple(f"Seat{seat}" for seat in range(4))
RESERVED_TAGS: Final = frozenset(
    ("Format", "Version", *_CONFIG_TAGS, "Seed", *_SEAT_TAGS, *_RESULT_TAGS)
)
"""The tags whose meaning the format fixes; every other tag is free (``Event``, ``Date``...)."""
CHANCE: Final = "chance"
"""What a move line says instead of a seat for a chance outcome (games without a seed)."""
_YES: Final = "yes"


def _is_reserved(name: str) -> bool:
    """Whether the format fixes the tag ``name`` (``Seat`` and a number is always a seat)."""
    return name in RESERVED_TAGS or re.fullmatch(r"Seat[0-9]+", name) is not None


def _check_text(value: object, what: str) -> str:
    """``value`` as one line of printable text of at most :data:`MAX_TEXT` characters."""
    if not isinstance(value, str):
        raise FormatError(f"{what} must be a str, got {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise FormatError(f"{what} is {len(value)} characters long; at most {MAX_TEXT}")
    if not value.isprintable():
        raise FormatError(f"{what} {value[:MAX_QUOTE]!r} holds a line break or control character")
    return value


def _to_seats(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise FormatError(f"seats must be a sequence of names, got {value!r:.{MAX_QUOTE}}")
    return tuple(_check_text(name, f"the name of seat {seat}") for seat, name in enumerate(value))


def _to_tags(value: Mapping[str, str]) -> FrozenMap[str, str]:
    if not isinstance(value, Mapping):
        raise FormatError(f"tags must be a mapping from name to text, got {value!r:.{MAX_QUOTE}}")
    if len(value) > MAX_TAGS:
        raise FormatError(f"a record holds at most {MAX_TAGS} tags, got {len(value)}")
    entries: Iterable[tuple[object, object]] = value.items()  # as given, checked here
    for name, text in entries:
        if not isinstance(name, str) or len(name) > MAX_TAG_NAME or not _TAG_NAME.fullmatch(name):
            raise FormatError(
                f"tag name {name!r:.{MAX_QUOTE}} must be a capital letter followed by letters, "
                f"digits or '_', at most {MAX_TAG_NAME} characters"
            )
        if _is_reserved(name):
            raise FormatError(f"tag {name!r} is set by the record itself, not as a free tag")
        _check_text(text, f"tag {name}")
    return FrozenMap(value)


def _to_comments(value: Mapping[int, str]) -> FrozenMap[int, str]:
    if not isinstance(value, Mapping):
        raise FormatError(f"comments must map move numbers to text, got {value!r:.{MAX_QUOTE}}")
    entries: Iterable[tuple[object, object]] = value.items()  # as given, checked here
    for number, text in entries:
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise FormatError(f"comments are keyed by move number (1 or more), got {number!r}")
        if not _check_text(text, f"the comment on move {number}").strip():
            raise FormatError(f"the comment on move {number} is empty")
    return FrozenMap(sorted((number, text.strip()) for number, text in value.items()))


_MOVE_CLASSES: Final = get_args(Move)


def _to_moves(value: Iterable[Move]) -> tuple[Move, ...]:
    moves = tuple(value)
    given: Iterable[object] = moves  # as given, checked here (compiled, not on unpacking)
    for number, move in enumerate(given, 1):
        if not isinstance(move, _MOVE_CLASSES):
            raise FormatError(
                f"move {number} must be a cacao_rules move, got {move!r:.{MAX_QUOTE}}"
            )
    return moves


def _to_seed(value: int | None) -> int | None:
    try:
        check_seed(value, optional=True)
    except ConfigError as error:  # a record's fields are refused as a FormatError
        raise FormatError(str(error)) from None
    assert value is None or isinstance(value, int)
    return value


class GameRecord(Sealed):
    """A whole game: ``config``, ``seed``, the ``moves`` from the first state on, the
    ``seats``' names, free ``tags`` and ``comments`` keyed by move number (1 for the first).

    With a seed the moves are the players' decisions only; without one (``seed=None``) they
    hold every chance outcome too, in the order they happened. The record is checked when it
    is replayed (:meth:`replay`, :meth:`to_text`, :meth:`from_text`), not when it is made, so
    that building one move by move (:meth:`start`, :meth:`with_move`) replays nothing.
    """

    config: Config
    seed: int | None
    moves: tuple[Move, ...]
    seats: tuple[str, ...]
    tags: Annotated[FrozenMap[str, str], Default(FrozenMap())]
    comments: Annotated[FrozenMap[int, str], Default(FrozenMap())]

    # BEGIN GameRecord, generated by tools/make_values.py: do not edit
    __slots__ = ("comments", "config", "moves", "seats", "seed", "tags")

    FIELDS: ClassVar[tuple[str, ...]] = ("config", "seed", "moves", "seats", "tags", "comments")
    """The fields, in the order of the constructor's arguments."""

    def __init__(
        self,
        config: Config,
        seed: int | None,
        moves: Iterable[Move],
        seats: Iterable[str],
        tags: Mapping[str, str] = FrozenMap(),
        comments: Mapping[int, str] = FrozenMap(),
    ) -> None:
        checked = GameRecord._converted(config, seed, moves, seats, tags, comments)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "config", checked[0])
            object.__setattr__(self, "seed", checked[1])
            object.__setattr__(self, "moves", checked[2])
            object.__setattr__(self, "seats", checked[3])
            object.__setattr__(self, "tags", checked[4])
            object.__setattr__(self, "comments", checked[5])
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.config = checked[0]
            self.seed = checked[1]
            self.moves = checked[2]
            self.seats = checked[3]
            self.tags = checked[4]
            self.comments = checked[5]
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.config, self.seed, self.moves, self.seats, self.tags, self.comments)

    def replace(self, **changes: Any) -> GameRecord:
        """A copy with the fields named in ``changes`` changed."""
        copy = GameRecord(
            changes.pop("config", self.config),
            changes.pop("seed", self.seed),
            changes.pop("moves", self.moves),
            changes.pop("seats", self.seats),
            changes.pop("tags", self.tags),
            changes.pop("comments", self.comments),
        )
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _converted(
        config: Config,
        seed: int | None,
        moves: Iterable[Move],
        seats: Iterable[str],
        tags: Mapping[str, str],
        comments: Mapping[int, str],
    ) -> tuple[
        Config,
        int | None,
        tuple[Move, ...],
        tuple[str, ...],
        FrozenMap[str, str],
        FrozenMap[int, str],
    ]:
        """The fields' values from the constructor's arguments: each converted (the
        collections made tuples and read-only maps) and checked, then checked against the
        others; :class:`~cacao_rules.FormatError` for the first that no record holds
        (``TypeError`` for a ``config`` that is no :class:`~cacao_rules.Config`)."""
        checked_seed = _to_seed(seed)
        listed = _to_moves(moves)
        names = _to_seats(seats)
        free_tags = _to_tags(tags)
        notes = _to_comments(comments)
        expect(config, Config)
        if len(names) != config.players:
            raise FormatError(
                f"a {config.players}-player record names {config.players} seats, got {len(names)}"
            )
        if len(listed) > MAX_MOVES:
            raise FormatError(f"a record holds at most {MAX_MOVES} moves, got {len(listed)}")
        late = [number for number in notes if number > len(listed)]
        if late:
            raise FormatError(
                f"a comment on move {late[0]}, but the record has {len(listed)} moves"
            )
        return config, checked_seed, listed, names, free_tags, notes

    @classmethod
    def start(
        cls,
        config: Config,
        seed: int | None,
        seats: Sequence[str] | None = None,
        tags: Mapping[str, str] | None = None,
    ) -> GameRecord:
        """An empty record of a game about to start; seats default to ``"seat 0"``, ..."""
        expect(config, Config)
        names = [f"seat {seat}" for seat in range(config.players)] if seats is None else seats
        return cls(config, seed, (), names, tags or {})

    def with_move(self, move: Move, comment: str | None = None) -> GameRecord:
        """This record with ``move`` (and its ``comment``, if any) added at the end."""
        expect_any(move, Move)
        comments = dict(self.comments)
        if comment is not None:
            comments[len(self.moves) + 1] = comment
        return self.replace(moves=(*self.moves, move), comments=comments)

    def replay(self) -> tuple[State, ...]:
        """Every state of the game: the first, then the state after each move.

        Raises :class:`~cacao_rules.IllegalMoveError` naming the first move that is not
        legal (by its number, counted from 1) and why.
        """
        return self._replayed()[0]

    def _replayed(self) -> tuple[tuple[State, ...], list[tuple[str, int]]]:
        """:meth:`replay`, and who made each move in which turn (see :meth:`to_text`)."""
        state = new_game(self.config, seed=self.seed)
        states = [state]
        made = []
        answered = _AnsweredByEngine()
        for number, move in enumerate(self.moves, 1):
            owner = answered.take(move)
            if owner is None:
                state = states[-1] = _past_left_out_draws(state, (move,))
                made.append((_who(state), state.turn))
                state = _apply_numbered(answered, state, move, number)
            else:
                made.append((f"s{owner[0]}", owner[1]))
            states.append(state)
        return tuple(states), made

    def final(self) -> State:
        """The state after the last move."""
        return self.replay()[-1]

    def to_text(self) -> str:
        """The record in the text format of ``docs/formats.md`` ("Game records").

        The moves are written one a line, numbered, with the seat that made each (``chance``
        for a chance outcome) and a blank line between turns.
        """
        states, made = self._replayed()
        lines = [_tag(name, value) for name, value in self._header(states[-1])]
        for number, move in enumerate(self.moves, 1):
            who, turn = made[number - 1]
            if number == 1 or turn != made[number - 2][1]:
                lines.append("")
            line = f"{number}. {who} {move}"
            comment = self.comments.get(number)
            lines.append(line if comment is None else f"{line} ; {comment}")
        return "\n".join(lines) + "\n"

    def _header(self, final: State) -> list[tuple[str, str]]:
        config = self.config
        tags = [("Format", RECORD_FORMAT), ("Version", str(RECORD_VERSION)), *_config_tags(config)]
        tags.append(("Seed", "none" if self.seed is None else str(self.seed)))
        tags += [(f"Seat{seat}", name) for seat, name in enumerate(self.seats)]
        tags += _result_tags(final)
        tags += list(self.tags.items())
        return tags

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_text` (of this version or an earlier one).

        Checks the header, every move (its syntax, that the seat written is the one to move
        and that the move is legal there) and the result written against the replay.
        Raises :class:`~cacao_rules.FormatError` naming the line or the move number and
        saying what is wrong.
        """
        if len(expect(text, str)) > MAX_RECORD_CHARS:
            raise FormatError(
                f"a game record is at most {MAX_RECORD_CHARS} characters, got {len(text)}"
            )
        lines = text.splitlines()
        longest = max(map(len, lines), default=0)
        if longest > MAX_LINE:
            number = next(index for index, line in enumerate(lines, 1) if len(line) == longest)
            raise FormatError(
                f"record line {number} is {longest} characters long; a line of a game record "
                f"takes at most {MAX_LINE}"
            )
        tags, moves = _split(lines)
        header = _read_header(tags)
        comments = {line.number: line.comment for line in moves if line.comment is not None}
        record = cls(
            header.config,
            header.seed,
            tuple(line.move for line in moves),
            header.seats,
            header.tags,
            comments,
        )
        _check_result(header.result, _replay_lines(record, moves))
        return record


# --- writing -------------------------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def _module_order(modules: Iterable[Module]) -> list[str]:
    return sorted(module.value for module in modules)


def _config_tags(config: Config) -> list[tuple[str, str]]:
    tags = [("Players", str(config.players)), ("Modules", " ".join(_module_order(config.modules)))]
    if config.map_early_overbuild:
        tags.append(("MapEarlyOverbuild", _YES))
    if config.huts is not None:
        huts = sorted(config.huts, key=lambda hut: hut.sort_key)
        tags.append(("Huts", " ".join(hut.value for hut in huts)))
    if config.workers is not None:
        counts = " ".join(f"{kind}:{count}" for kind, count in config.workers.items())
        tags.append(("Workers", counts))
    if config.is_big_game:
        tags.append(("BigGame", _YES))
    return tags


def _result_tags(final: State) -> list[tuple[str, str]]:
    if not final.is_over:
        return [("Result", "*")]
    won = " ".join(str(seat) for seat in winners(final))
    scores = " ".join(str(sheet.total) for sheet in final_scores(final))
    return [("Result", won), ("Scores", scores)]


def _who(state: State) -> str:
    seat = state.to_move
    return CHANCE if seat is None else f"s{seat}"


def _past_left_out_draws(state: State, following: Sequence[Move]) -> State:
    """``state`` past the one-outcome chance nodes that the record leaves out.

    Before this version the engine made a hidden worker draw with a single outcome by
    itself, so records of games without a seed written then have no line for it; now it
    stops there (:rule:`R-CHANCE-2`). Where the record's next move (``following``, one move
    or none) is not that draw, the draw is made here, so that those records replay and
    write back as they were; a record that writes the draw replays it as its own move.
    """
    while state.is_chance and following:
        outcomes = chance_outcomes(state)
        if len(outcomes) != 1 or outcomes[0][0] == following[0]:
            break
        state = apply(state, outcomes[0][0])
    return state


class _AnsweredByEngine:
    """The edges the engine resolved by itself in the turn being replayed, which a record
    written before it did so may still answer.

    Before this version the engine asked about some edges whose only answer was to use no
    worker (a kitchen's with no cacao while a chocolate market could sell a bar, for
    example); now it resolves them itself (:rule:`R-ACT-7`), so records written then have a
    line for a question no longer asked. Such a line (``resolve SQUARE SIDE 0`` for an edge
    the engine resolved in that turn) is taken as answered. And where two moves now have the
    same effect, a record may name the one not listed: it is played as the one listed in
    its place (:rule:`R-DECIDE-2`), whose edge the record may then answer with 0 later. So
    those records replay and write back as they were.
    """

    __slots__ = ("_edges",)

    def __init__(self) -> None:
        self._edges: dict[tuple[Square, Side], tuple[int, int]] = {}

    def step(self, state: State, move: Move) -> State:
        """``state`` after ``move``, noting the edges the engine resolved by itself."""
        turn = state.turn
        self._edges = {edge: made for edge, made in self._edges.items() if made[1] == turn}
        played = _listed_in_place(state, move)
        after, events = step(state, played)
        for event in events:
            if isinstance(event, EdgeResolved) and event.automatic:
                self._edges[(event.square, event.side)] = (event.owner, turn)
        if played != move:
            assert isinstance(move, Resolve) and isinstance(played, Resolve)
            made = self._edges.pop((move.square, move.side), None)
            if made is not None:
                self._edges[(played.square, played.side)] = made
        return after

    def take(self, move: Move) -> tuple[int, int] | None:
        """The owner and turn of the edge ``move`` answers if the engine resolved it by
        itself in the turn being replayed (then it is answered), or else ``None``."""
        if not isinstance(move, Resolve) or move.workers:
            return None
        return self._edges.pop((move.square, move.side), None)


def _listed_in_place(state: State, move: Move) -> Move:
    """``move``, or the resolve move listed in its place if it is a resolve move that has the
    same effect as a listed one (see :class:`_AnsweredByEngine`)."""
    if (
        isinstance(move, Resolve)
        and isinstance(state.step, ResolveStep)
        and move not in legal_moves(state)
    ):
        return listed_twin(state, move)
    return move


def _apply_numbered(answered: _AnsweredByEngine, state: State, move: Move, number: int) -> State:
    try:
        return answered.step(state, move)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"move {number} ({move}) is not legal: {error}") from None


# --- reading -------------------------------------------------------------------------------


class _Line(NamedTuple):
    """A line of the move section: its line number, the move number, seat and move."""

    line: int
    number: int
    who: str
    move: Move
    comment: str | None


def _split(lines: list[str]) -> tuple[list[tuple[int, str, str]], list[_Line]]:
    """The tag lines as ``(line, name, value)`` and the move lines, in order."""
    tags: list[tuple[int, str, str]] = []
    moves: list[_Line] = []
    for index, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            if moves:
                raise FormatError(f"record line {index}: a tag after the first move")
            tags.append(_read_tag(index, line))
        else:
            moves.append(_read_move_line(index, line, len(moves) + 1))
        if len(tags) > MAX_TAGS + len(RESERVED_TAGS) or len(moves) > MAX_MOVES:
            raise FormatError(f"record line {index}: too many tags or moves")
    return tags, moves


def _read_tag(index: int, line: str) -> tuple[int, str, str]:
    match = _TAG_LINE.fullmatch(line)
    if match is None:
        raise FormatError(
            f'record line {index}: cannot read {line[:MAX_QUOTE]!r}; expected a tag [Name "value"]'
        )
    if any(escaped not in '"\\' for escaped in re.findall(r"\\(.)", match[2])):
        raise FormatError(f'record line {index}: only \\" and \\\\ may be escaped in a tag value')
    return index, match[1], re.sub(r"\\(.)", r"\1", match[2])


def _read_move_line(index: int, line: str, expected: int) -> _Line:
    head, semicolon, comment = line.partition(";")
    match = None
    if not semicolon or head.endswith(" "):
        match = _MOVE_LINE.fullmatch(head.rstrip(" "))
    if match is None:
        raise FormatError(
            f"record line {index}: cannot read {line[:MAX_QUOTE]!r}; expected a move line "
            f"'{expected}. s0 MOVE' (or 'chance' for the seat), optionally ' ; comment'"
        )
    number = int(match[1][:8])
    if number != expected:
        raise FormatError(f"record line {index}: move number {match[1][:12]}, expected {expected}")
    try:
        move = parse_move(match[3])
    except FormatError as error:
        raise FormatError(f"record line {index}, move {number}: {error}") from None
    return _Line(index, number, match[2], move, comment.strip() or None)


class _Header(NamedTuple):
    """The reserved and free tags read, and the result the record claims."""

    config: Config
    seed: int | None
    seats: tuple[str, ...]
    tags: dict[str, str]
    result: tuple[str, str | None]


def _read_header(tags: list[tuple[int, str, str]]) -> _Header:
    found: dict[str, str] = {}
    free: dict[str, str] = {}
    for index, name, value in tags:
        if name in found or name in free:
            raise FormatError(f"record line {index}: tag {name} is given twice")
        if name in RESERVED_TAGS:
            found[name] = value
        elif _is_reserved(name):
            raise FormatError(
                f"record line {index}: tag {name[:MAX_QUOTE]} names no seat of a game"
            )
        else:
            _check_free_tag(index, name, value)
            free[name] = value
    _check_format(found)
    config = _read_config(found)
    for name in _SEAT_TAGS[config.players :]:
        if name in found:
            raise FormatError(f"tag {name} names a seat a {config.players}-player game lacks")
    seats = tuple(_required(found, name) for name in _SEAT_TAGS[: config.players])
    for seat, name in enumerate(seats):
        _check_tag_text(f"Seat{seat}", name)
    result = (_required(found, "Result"), found.get("Scores"))
    return _Header(config, _read_seed(_required(found, "Seed")), seats, free, result)


def _check_free_tag(index: int, name: str, value: str) -> None:
    if len(name) > MAX_TAG_NAME or not _TAG_NAME.fullmatch(name):
        raise FormatError(
            f"record line {index}: tag name {name[:MAX_QUOTE]!r} must be a capital letter followed "
            f"by letters, digits or '_', at most {MAX_TAG_NAME} characters"
        )
    _check_tag_text(name, value)


def _check_tag_text(name: str, value: str) -> None:
    try:
        _check_text(value, f"tag {name}")
    except FormatError as error:
        raise FormatError(f"cannot read the record: {error}") from None


def _required(found: dict[str, str], name: str) -> str:
    value = found.get(name)
    if value is None:
        raise FormatError(f"the record has no {name} tag; every record has one")
    return value


def _check_format(found: dict[str, str]) -> None:
    if found.get("Format") != RECORD_FORMAT:
        raise FormatError(
            f'not a cacao-rules game record: expected the tag [Format "{RECORD_FORMAT}"], '
            f"got {found.get('Format', 'none')!r:.{MAX_QUOTE}}"
        )
    version = _required(found, "Version")
    readable = ", ".join(str(number) for number in READ_RECORD_VERSIONS)
    if version not in {str(number) for number in READ_RECORD_VERSIONS}:
        raise FormatError(
            f"game record version {version[:MAX_QUOTE]!r} is not one this release reads "
            f"({readable})"
        )


def _read_seed(text: str) -> int | None:
    if text == "none":
        return None
    if not re.fullmatch(r"0|[1-9][0-9]{0,19}", text) or int(text) > MAX_SEED:
        raise FormatError(
            f"tag Seed must be 'none' or a number from 0 to 2**64 - 1, got {text[:MAX_QUOTE]!r}"
        )
    return int(text)


_MODULES: Final = {module.value: module for module in Module}
_HUTS: Final = {hut.value: hut for hut in Hut}
_TYPES: Final = {kind.value: kind for kind in WorkerType}


def _words(found: dict[str, str], name: str) -> list[str]:
    return found.get(name, "").split()


_Named = TypeVar("_Named")


def _lookup_all(words: list[str], table: Mapping[str, _Named], tag: str) -> list[_Named]:
    for word in words:
        if word not in table:
            known = ", ".join(table)
            raise FormatError(f"tag {tag}: unknown name {word[:MAX_QUOTE]!r}; known: {known}")
    return [table[word] for word in words]


def _flag(found: dict[str, str], name: str) -> bool:
    value = found.get(name)
    if value not in (None, _YES):
        raise FormatError(f"tag {name} is {_YES!r} when given, got {value!r:.{MAX_QUOTE}}")
    return value == _YES


def _read_workers(found: dict[str, str]) -> dict[WorkerType, int] | None:
    if "Workers" not in found:
        return None
    counts: dict[WorkerType, int] = {}
    for item in _words(found, "Workers"):
        name, _, number = item.partition(":")
        kind = _TYPES.get(name)
        if kind is None or kind in counts or not re.fullmatch(r"[1-9][0-9]?", number):
            raise FormatError(
                f"tag Workers: cannot read {item[:MAX_QUOTE]!r}; expected TYPE:COUNT items such as "
                "1-1-1-1:3, each type once"
            )
        counts[kind] = min(int(number), WORKERS_PER_COLOUR[kind] + 1)
    return counts


def _read_config(found: dict[str, str]) -> Config:
    players = _required(found, "Players")
    if players not in ("2", "3", "4"):
        raise FormatError(f"tag Players must be 2, 3 or 4, got {players[:MAX_QUOTE]!r}")
    modules = _lookup_all(_words(found, "Modules"), _MODULES, "Modules")
    huts = _lookup_all(_words(found, "Huts"), _HUTS, "Huts") if "Huts" in found else None
    try:
        return Config(
            players=int(players),
            modules=modules,
            map_early_overbuild=_flag(found, "MapEarlyOverbuild"),
            huts=huts,
            workers=_read_workers(found),
            is_big_game=_flag(found, "BigGame"),
        )
    except ConfigError as error:
        raise FormatError(
            f"the record's configuration is not one the rules allow: {error}"
        ) from None


def _replay_lines(record: GameRecord, lines: list[_Line]) -> State:
    state = new_game(record.config, seed=record.seed)
    answered = _AnsweredByEngine()
    for line in lines:
        where = f"record line {line.line}, move {line.number} ({line.who} {line.move})"
        owner = answered.take(line.move)
        if owner is not None:
            if line.who != f"s{owner[0]}":
                raise FormatError(f"{where}: the edge is seat {owner[0]}'s, not {line.who}'s")
            continue
        state = _past_left_out_draws(state, (line.move,))
        who = _who(state)
        if state.is_over:
            raise FormatError(f"{where}: the game is already over")
        if line.who != who:
            raise FormatError(f"{where}: it is {who}'s decision here, not {line.who}'s")
        try:
            state = answered.step(state, line.move)
        except IllegalMoveError as error:
            raise FormatError(f"{where} is not legal: {error}") from None
    return state


def _check_result(result: tuple[str, str | None], final: State) -> None:
    expected = dict(_result_tags(final))
    written = {"Result": result[0]} | ({} if result[1] is None else {"Scores": result[1]})
    for name in _RESULT_TAGS:
        if written.get(name) != expected.get(name):
            raise FormatError(
                f"tag {name} says {written.get(name, 'nothing')!r:.{MAX_QUOTE}}, but the moves "
                f"give {expected.get(name, 'nothing (the game is not over)')!r}"
            )
