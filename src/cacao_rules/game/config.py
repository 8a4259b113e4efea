"""Which game to play: the number of players and the expansion modules.

A :class:`Config` is validated when it is made, so an engine never sees a game the rules do
not allow (:rule:`R-SETUP-1`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, ClassVar, Final, TypeVar

from ..compiled import COMPILED, Int
from ..errors import ConfigError, bad_type, excerpt, expect, expect_any
from .components import HUT_TILES, NEW_WORKER_TYPES, WORKERS_PER_COLOUR, Hut, WorkerType
from .expansion_modules import Module as Module  # exported with the configuration
from .frozen import FrozenMap
from .sealed import Default, Sealed

E = TypeVar("E", bound=enum.Enum)

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4


def _members(value: object, kind: type[E], option: str, wanted: str = "a collection") -> list[E]:
    """``value`` as a list of ``kind`` members; ``TypeError`` naming ``option`` if not (a
    string is no collection of members, though Python can iterate over it)."""
    name = f"cacao_rules.{kind.__name__}"
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise bad_type(option, f"{wanted} of {name}", value)
    listed = list(value)
    for member in listed:
        if not isinstance(member, kind):
            raise bad_type(
                f"each of {option}", f"a {name} ({', '.join(m.name for m in kind)})", member
            )
    return listed


def _to_modules(value: Iterable[Module]) -> frozenset[Module]:
    return frozenset(_members(value, Module, "modules"))


def _check_players(value: Any) -> None:
    expect(value, int)
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise ConfigError(f"Cacao is for 2 to 4 players, got players={excerpt(value)}")


def _to_huts(value: Iterable[Hut] | None) -> frozenset[Hut] | None:
    if value is None:
        return None
    listed = _members(value, Hut, "huts", "None or a collection")
    repeated = sorted({hut.name for hut in listed if listed.count(hut) > 1})
    if repeated:
        raise ConfigError(
            f"an agreed hut selection names each hut once; repeated: {', '.join(repeated)}"
        )
    return frozenset(listed)


def _check_huts(value: frozenset[Hut] | None, modules: frozenset[Module]) -> None:
    if value is None:
        return
    if Module.HUTS not in modules:
        raise ConfigError("an agreed hut selection (huts=...) needs the Huts module (Module.HUTS)")
    if len(value) > len(HUT_TILES):
        raise ConfigError(
            f"an agreed hut selection of {len(value)} huts cannot lie face up at once: the "
            f"{len(HUT_TILES)} double-sided hut tiles show {len(HUT_TILES)} huts at most (R-HUT-2)"
        )
    crowded = _crowded_huts(value)
    if crowded is not None:
        huts, tiles = crowded
        names = ", ".join(hut.name for hut in huts)
        shown = "; ".join(
            f"tile {tile + 1}: {HUT_TILES[tile][0].name} / {HUT_TILES[tile][1].name}"
            for tile in tiles
        )
        raise ConfigError(
            "an agreed hut selection must lie face up on the 12 double-sided hut tiles at "
            f"once, one side of each tile (R-HUT-2); {names} are found only on "
            f"{len(tiles)} tile(s) ({shown}), too few for {len(huts)} huts"
        )


def _crowded_huts(huts: frozenset[Hut]) -> tuple[list[Hut], list[int]] | None:
    """``None`` if every hut of ``huts`` can lie face up on a tile of its own, one side of
    each of the 12 tiles (:rule:`R-HUT-2`); otherwise some of the huts and the only tiles
    (indexes into ``HUT_TILES``) that show them, fewer tiles than huts.

    Functions are matched to tiles by augmenting paths; when a hut finds no tile, the huts
    and tiles its search went through are the proof (a function shows on up to two tiles, so
    pairs of functions alone cannot decide).
    """
    tile_of: dict[int, Hut] = {}

    def place(hut: Hut, seen: set[int]) -> bool:
        for tile, sides in enumerate(HUT_TILES):
            if hut in sides and tile not in seen:
                seen.add(tile)
                if tile not in tile_of or place(tile_of[tile], seen):
                    tile_of[tile] = hut
                    return True
        return False

    for hut in sorted(huts, key=lambda hut: hut.sort_key):
        seen: set[int] = set()
        if not place(hut, seen):
            crowded = sorted({hut, *(tile_of[tile] for tile in seen)}, key=lambda h: h.sort_key)
            return crowded, sorted(seen)
    return None


def _to_workers(value: Mapping[WorkerType, int] | None) -> FrozenMap[WorkerType, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise bad_type("workers", "None or a mapping from cacao_rules.WorkerType to a count", value)
    counts: dict[WorkerType, int] = {}
    entries: Iterable[tuple[object, object]] = value.items()  # as given, checked here
    for kind, given in entries:
        if not isinstance(kind, WorkerType):
            raise bad_type(
                "each key of workers",
                f"a cacao_rules.WorkerType ({', '.join(k.name for k in WorkerType)})",
                kind,
            )
        count = expect(given, int)
        if count < 0:
            raise ConfigError(
                f"workers[{kind.name}] must be a count of 0 or more, got {excerpt(count)}"
            )
        most = WORKERS_PER_COLOUR[kind]
        if count > most:
            raise ConfigError(
                f"workers[{kind.name}] = {count}, but a colour has only {most} {kind} tile(s)"
            )
        if count:
            counts[kind] = count
    if not counts:
        raise ConfigError("workers must give every player at least one worker tile")
    ordered = sorted(counts.items(), key=lambda item: item[0].sort_key)
    return FrozenMap(ordered)


def _check_workers(value: FrozenMap[WorkerType, int] | None, modules: frozenset[Module]) -> None:
    new = Module.NEW_WORKERS in modules
    if value is None:
        if new:
            raise ConfigError(
                "the New Workers module (Module.NEW_WORKERS) needs the agreed worker set of "
                "every player: workers={WorkerType.W1111: 3, WorkerType.W0022: 1, ...}"
            )
        return
    extra = sorted(kind.name for kind in value if kind in NEW_WORKER_TYPES)
    if extra and not new:
        raise ConfigError(
            f"worker tile(s) {', '.join(extra)} belong to the New Workers module "
            "(Module.NEW_WORKERS)"
        )


def _check_big_game(
    value: Any,
    players: int,
    modules: frozenset[Module],
    workers: FrozenMap[WorkerType, int] | None,
) -> None:
    if not expect(value, bool):
        return
    if players not in (3, 4):
        raise ConfigError(f"the Big Game is for 3 or 4 players, got players={players}")
    full = workers is not None and dict(workers) == WORKERS_PER_COLOUR
    if modules != frozenset(Module) or not full:
        raise ConfigError(
            "the Big Game uses every module and every worker tile: make it with "
            "Config.big_game(players)"
        )


def _check_early_overbuild(value: Any, modules: frozenset[Module]) -> None:
    if expect(value, bool) and Module.MAP not in modules:
        raise ConfigError("map_early_overbuild is a variant of the Map module (Module.MAP)")


class Config(Sealed):
    """A game's configuration: ``players`` (2-4), the set of expansion ``modules`` and the
    rulebooks' options.

    ``map_early_overbuild`` allows overbuilding as soon as the jungle pile is empty
    (:rule:`R-MAP-6`); ``huts`` is an agreed selection of huts instead of the random sides
    (:rule:`R-HUT-2`); ``workers`` is the agreed worker set of every player, counts by
    :class:`WorkerType` (:rule:`R-NEW-2`; the new tiles need the New Workers module);
    ``is_big_game`` marks the Big Game, made with :meth:`big_game` (:rule:`R-BIG-1`).
    A combination the rules do not allow raises :class:`ConfigError`; an argument of the
    wrong type ``TypeError`` (a ``bool`` for ``players`` too).

    >>> Config(players=3)
    Config(players=3)
    >>> Config(players=2, modules={Module.HUTS}, huts=[Hut.CHIEF, Hut.MONK])
    Config(players=2, modules={HUTS}, huts={MONK, CHIEF})
    >>> Config(players=5)
    Traceback (most recent call last):
    ...
    cacao_rules.errors.ConfigError: Cacao is for 2 to 4 players, got players=5
    >>> Config(players="2")
    Traceback (most recent call last):
    ...
    TypeError: int object expected; got str
    """

    players: int
    modules: Annotated[frozenset[Module], Default(frozenset())]
    map_early_overbuild: Annotated[bool, Default(False)]
    huts: Annotated[frozenset[Hut] | None, Default(None)]
    workers: Annotated[FrozenMap[WorkerType, int] | None, Default(None)]
    is_big_game: Annotated[bool, Default(False)]

    # BEGIN Config, generated by tools/make_values.py: do not edit
    __slots__ = (
        "huts",
        "is_big_game",
        "map_early_overbuild",
        "modules",
        "players",
        "workers",
    )

    FIELDS: ClassVar[tuple[str, ...]] = (
        "players",
        "modules",
        "map_early_overbuild",
        "huts",
        "workers",
        "is_big_game",
    )
    """The fields, in the order of the constructor's arguments."""

    def __init__(
        self,
        players: Int,
        modules: Iterable[Module] = frozenset(),
        map_early_overbuild: bool = False,
        huts: Iterable[Hut] | None = None,
        workers: Mapping[WorkerType, int] | None = None,
        is_big_game: bool = False,
    ) -> None:
        checked = Config._converted(
            players, modules, map_early_overbuild, huts, workers, is_big_game
        )
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "players", checked[0])
            object.__setattr__(self, "modules", checked[1])
            object.__setattr__(self, "map_early_overbuild", checked[2])
            object.__setattr__(self, "huts", checked[3])
            object.__setattr__(self, "workers", checked[4])
            object.__setattr__(self, "is_big_game", checked[5])
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.players = checked[0]
            self.modules = checked[1]
            self.map_early_overbuild = checked[2]
            self.huts = checked[3]
            self.workers = checked[4]
            self.is_big_game = checked[5]
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (
            self.players,
            self.modules,
            self.map_early_overbuild,
            self.huts,
            self.workers,
            self.is_big_game,
        )

    def replace(self, **changes: Any) -> Config:
        """A copy with the fields named in ``changes`` changed."""
        copy = Config(
            changes.pop("players", self.players),
            changes.pop("modules", self.modules),
            changes.pop("map_early_overbuild", self.map_early_overbuild),
            changes.pop("huts", self.huts),
            changes.pop("workers", self.workers),
            changes.pop("is_big_game", self.is_big_game),
        )
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _converted(
        players: Int,
        modules: Iterable[Module],
        map_early_overbuild: bool,
        huts: Iterable[Hut] | None,
        workers: Mapping[WorkerType, int] | None,
        is_big_game: bool,
    ) -> tuple[
        int, frozenset[Module], bool, frozenset[Hut] | None, FrozenMap[WorkerType, int] | None, bool
    ]:
        """The fields' values from the constructor's arguments: the collections made
        frozensets and the worker counts a :class:`FrozenMap` (each checked as it is
        converted), then every value checked against the others; ``TypeError`` for the first
        of the wrong type, :class:`ConfigError` for the first the rules do not allow."""
        chosen = _to_modules(modules)
        agreed_huts = _to_huts(huts)
        agreed_workers = _to_workers(workers)
        _check_players(players)
        _check_early_overbuild(map_early_overbuild, chosen)
        _check_huts(agreed_huts, chosen)
        _check_workers(agreed_workers, chosen)
        _check_big_game(is_big_game, players, chosen, agreed_workers)
        return players, chosen, map_early_overbuild, agreed_huts, agreed_workers, is_big_game

    @classmethod
    def big_game(cls, players: Int) -> Config:
        """The "Big Game" for 3 or 4 players: every module of both expansions, all 15 worker
        tiles of each colour and every jungle tile (:rule:`R-BIG-1`).

        >>> Config.big_game(4).modules == frozenset(Module)
        True
        >>> Config.big_game(2)
        Traceback (most recent call last):
        ...
        cacao_rules.errors.ConfigError: the Big Game is for 3 or 4 players, got players=2
        """
        if expect(players, int) == 2:
            raise ConfigError("the Big Game is for 3 or 4 players, got players=2")
        return cls(
            players=players,
            modules=frozenset(Module),
            workers=WORKERS_PER_COLOUR,
            is_big_game=True,
        )

    @classmethod
    def from_options(
        cls, players: Int, modules: Iterable[Module | str] = (), big_game: bool = False
    ) -> Config:
        """The configuration of loose options, as adapters and command lines take them:
        ``players``, a collection of modules (members or names, see :meth:`Module.named`)
        and whether to play the Big Game (then ``modules`` is empty or every module).
        :class:`ConfigError` saying what is wrong otherwise, ``TypeError`` for an argument of
        the wrong type (a ``bool`` for ``players`` too).

        >>> Config.from_options(3, ["map", "gem-mines"]) == Config(
        ...     players=3, modules={Module.MAP, Module.GEM_MINES}
        ... )
        True
        """
        expect(players, int)
        expect(big_game, bool)
        expect_any(modules, (Iterable,))
        if isinstance(modules, str | bytes):
            raise bad_type(
                "modules", "a collection of cacao_rules.Module members or their names", modules
            )
        chosen = frozenset(Module.named(value) for value in modules)
        if not big_game:
            return cls(players=players, modules=chosen)
        if chosen and chosen != frozenset(Module):
            raise ConfigError("the Big Game plays every module; leave modules empty with it")
        return cls.big_game(players)

    def has(self, module: Module) -> bool:
        """Whether the game uses ``module``."""
        return module in self.modules

    def __repr__(self) -> str:
        parts = [f"players={self.players}"]
        if self.modules:
            names = sorted(module.name for module in self.modules)
            parts.append("modules={" + ", ".join(names) + "}")
        if self.map_early_overbuild:
            parts.append("map_early_overbuild=True")
        if self.huts is not None:
            huts = sorted(self.huts, key=lambda hut: hut.sort_key)
            parts.append("huts={" + ", ".join(hut.name for hut in huts) + "}")
        if self.is_big_game:
            return f"Config.big_game({self.players})"
        if self.workers is not None:
            counts = ", ".join(f"{kind.name}: {count}" for kind, count in self.workers.items())
            parts.append("workers={" + counts + "}")
        return f"Config({', '.join(parts)})"
