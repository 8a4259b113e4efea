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
from ..show.render import render
from ..show.running_score import running_score_line
from ..state.state import State
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
    digits = len(str(len(moves)))
    items = [f"{number:>{digits}} {move}" for number, move in enumerate(moves, 1)]
    cell = max(len(item) for item in items) + 3
    per_line = max(1, (width + 3) // cell)
    rows = (len(items) + per_line - 1) // per_line
    lines = []
    for row in range(rows):
        picked = items[row::rows]
        lines.append("".join(item.ljust(cell) for item in picked).rstrip())
    return "\n".join(f" {line}" for line in lines)


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
        save: Callable[[str], None],
        offer: Callable[[Sequence[str]], None],
    ) -> None:
        self.seat = seat
        self._save_to = save
        self._width = width
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
        self.show(state, legend=not self._shown)
        self._shown = True
        print(move_list(moves, self._width), file=self._out)
        self._offer([*_COMMAND_WORDS, *(str(move) for move in moves)])
        kinds = {type(move) for move in moves}
        if not kinds <= self._explained:
            self._explain(moves)
            self._explained |= kinds
        while True:
            try:
                line = self._read(f"seat {self.seat}> ").strip()
            except EOFError:
                return Quit("end of input")
            answer = self._answer(state, moves, line, can_undo)
            if answer is not None:
                return answer

    def _answer(
        self, state: State, moves: tuple[Move, ...], line: str, can_undo: bool
    ) -> Answer | None:
        word, _, rest = line.partition(" ")
        command = word.lower()
        if not line:
            return None
        if command == "help":
            print(HELP, file=self._out)
            self._explain(moves)
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

    def _explain(self, moves: tuple[Move, ...]) -> None:
        """What the notation of ``moves`` means (:func:`notation_guide`), wrapped."""
        for line in notation_guide(moves):
            print(wrapped(line, self._width, indent="  "), file=self._out)

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
