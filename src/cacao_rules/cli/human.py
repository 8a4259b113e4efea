"""A human seat of ``cacao-rules play``: the prompt where a person makes their decisions.

At each of its decisions a human seat shows the compact board as that player sees it
(:func:`cacao_rules.observe`: never another player's hand), what the game waits for, and
the legal moves numbered; it reads a number, a move in notation, or a command:

- ``help``: the commands; ``board``: the board again; ``moves``: the moves again;
- ``undo``: back to this player's previous decision;
- ``hint``: what the greedy bot would play, deciding from this player's view only;
- ``save FILE``: the game so far, which ``play --resume FILE`` goes on with (how it is
  written is up to the ``save`` callback: a game record, or state JSON for ``*.json``);
- ``quit``: end the game.

Bad input gets a message on the error stream and the prompt again. The end of input ends
the game like ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TextIO

import attrs

from ..agents.determinization import determinize
from ..agents.greedy import GreedyBot
from ..engine import apply, legal_moves
from ..errors import CacaoError, IllegalMoveError, excerpt
from ..formats.notation import parse_move
from ..game.moves import Move
from ..observation import observe
from ..show.render import compact_legend, panel_lines, render, render_compact_board
from ..show.running_score import running_score_line
from ..state.state import State
from .decision_screen import Screen, columns, entries, fitted
from .notation_guide import notation_guide
from .terminal import DEFAULT_WIDTH, wrapped

COMMANDS: Final = (
    ("help", "this list"),
    ("board", "the board again"),
    ("moves", "the legal moves again"),
    ("undo", "back to your previous decision"),
    ("hint", "what the greedy bot would play (it sees only what you see)"),
    ("save FILE", "write the game so far to FILE: a game record, or state JSON"),
    ("", "for a FILE ending in .json; the command to go on with it follows"),
    ("quit", "end the game"),
)
"""The commands a human seat takes, with what each does, as ``help`` lists them."""
HELP: Final = "\n".join(
    [
        "Answer with a move's number or the move in notation (such as",
        '"place 2-1-0-1 1,0 r1"), or with a command:',
        *(f"  {usage:<10}  {what}" for usage, what in COMMANDS),
    ]
)
"""What ``help`` prints: every line within 80 columns."""
NUMBER_DIGITS: Final = 9
"""The most digits of a move's number read as one (no decision has a billion moves)."""
_COMMAND_WORDS: Final = tuple(usage.split()[0] for usage, _ in COMMANDS if usage)
"""The commands' words, which Tab completes at the prompt."""


@attrs.frozen
class Undo:
    """The player asked to go back to their previous decision."""


@attrs.frozen
class Quit:
    """The player asked to end the game, or the input ended."""

    why: str


Answer = Move | Undo | Quit
"""What a human seat's prompt gives back."""


def move_list(moves: tuple[Move, ...], width: int = DEFAULT_WIDTH) -> str:
    """The moves numbered from 1, in as many columns as fit ``width``.

    >>> import cacao_rules as cr
    >>> print(move_list(cr.legal_moves(cr.new_game(cr.Config(players=2), seed=1))[:3]))
     1 place 2-1-0-1 -1,0 r0   2 place 2-1-0-1 -1,0 r1   3 place 2-1-0-1 -1,0 r2
    """
    return "\n".join(columns(entries(moves, fold=False), width))


class HumanSeat:
    """The prompt of one seat: ``read`` gives a line of input (``EOFError`` at the end)."""

    def __init__(
        self,
        seat: int,
        read: Callable[[str], str],
        out: TextIO,
        err: TextIO,
        *,
        colour: bool,
        hint_seed: int,
        width: int = DEFAULT_WIDTH,
        height: int | None = None,
        save: Callable[[str], None],
        offer: Callable[[Sequence[str]], None],
    ) -> None:
        self.seat = seat
        self._save_to = save
        self._width = width
        self._height = height
        self._read = read
        self._offer = offer
        self._out = out
        self._err = err
        self._colour = colour
        self._hint_seed = hint_seed
        self._shown = False
        self._explained: set[type] = set()

    def show(self, state: State, *, legend: bool = False) -> None:
        """The board as this seat sees it, with the symbols explained if ``legend``."""
        print(file=self._out)
        seen = observe(state, self.seat)
        board = render(seen, compact=True, colour=self._colour, legend=legend, width=self._width)
        print(board, file=self._out)
        print(wrapped(running_score_line(seen), self._width), file=self._out)

    def decide(self, state: State, can_undo: bool) -> Answer:
        """Prompt until the player gives a legal move or a command that ends the prompt."""
        moves = legal_moves(state)
        print(
            "\n".join(fitted(self._screen(state, moves), self._height, self._width)), file=self._out
        )
        self._shown = True
        self._explained |= {type(move) for move in moves}
        self._offer([*_COMMAND_WORDS, *(str(move) for move in moves)])
        while True:
            try:
                line = self._read(f"seat {self.seat}> ").strip()
            except EOFError:
                return Quit("end of input")
            answer = self._answer(state, moves, line, can_undo)
            if answer is not None:
                return answer

    def _screen(self, state: State, moves: tuple[Move, ...]) -> Screen:
        """The parts of this decision's screen: the legend the first time, the notation
        guide when a kind of move is new to this seat."""
        seen = observe(state, self.seat)
        colour, width = self._colour, self._width
        new_kinds = not {type(move) for move in moves} <= self._explained
        return Screen(
            board=tuple(render_compact_board(seen, colour=colour).split("\n")),
            legend=tuple(compact_legend(width) if not self._shown else ()),
            panel=tuple(panel_lines(seen, width, colour=colour)),
            short_panel=tuple(panel_lines(seen, width, colour=colour, only=self.seat)),
            score=tuple(wrapped(running_score_line(seen), width).split("\n")),
            guide=tuple(self._guide(moves) if new_kinds else ()),
            moves=moves,
        )

    def _answer(
        self, state: State, moves: tuple[Move, ...], line: str, can_undo: bool
    ) -> Answer | None:
        word, _, rest = line.partition(" ")
        command = word.lower()
        if not line:
            return None
        if command == "help":
            print(HELP, file=self._out)
            print("\n".join(compact_legend(self._width)), file=self._out)
            for line in self._guide(moves):
                print(line, file=self._out)
        elif command == "board":
            self.show(state)
        elif command == "moves":
            print(move_list(moves, self._width), file=self._out)
        elif command == "undo":
            if can_undo:
                return Undo()
            self._complain("nothing to undo: this is your first decision")
        elif command == "hint":
            seen = observe(state, self.seat)
            guess = determinize(seen, seed=self._hint_seed, chance_seed=self._hint_seed)
            hint = GreedyBot(self._hint_seed).choose(guess)
            print(f"hint: {moves.index(hint) + 1} {hint}", file=self._out)
        elif command == "save":
            self._save(rest.strip())
        elif command == "quit":
            return Quit("quit")
        elif line.isascii() and line.isdigit():
            number = int(line) if len(line) <= NUMBER_DIGITS else None
            if number is not None and 1 <= number <= len(moves):
                return moves[number - 1]
            said = excerpt(line) if number is None else number  # a long one quoted in part
            self._complain(f"no move {said}: the moves are numbered 1 to {len(moves)}")
        else:
            return self._parsed(state, moves, line)
        return None

    def _parsed(self, state: State, moves: tuple[Move, ...], line: str) -> Move | None:
        try:
            move = parse_move(line)
        except CacaoError as error:
            self._complain(f"{error} (type help for the commands)")
            return None
        if move not in moves:
            self._complain(f"{move} is not a legal move now: {_reason(state, move)}")
            return None
        return move

    def _save(self, path: str) -> None:
        if not path:
            self._complain("save needs a file name: save FILE")
            return
        self._save_to(path)

    def _guide(self, moves: tuple[Move, ...]) -> list[str]:
        """What the notation of ``moves`` means (:func:`notation_guide`), wrapped."""
        return [
            wrapped_line
            for line in notation_guide(moves)
            for wrapped_line in wrapped(line, self._width, indent="  ").split("\n")
        ]

    def _complain(self, message: str) -> None:
        print(wrapped(message, self._width), file=self._err)


def _reason(state: State, move: Move) -> str:
    """Why ``move`` is not legal in ``state``, in the engine's own words (the message of the
    :class:`~cacao_rules.IllegalMoveError` that playing it raises), and how to see the moves."""
    try:
        apply(state, move)
    except IllegalMoveError as error:
        return f"{error}; type moves to see the legal ones"
    raise AssertionError(f"{move} is legal but was not among the legal moves")
