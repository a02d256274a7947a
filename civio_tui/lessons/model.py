"""What a lesson is made of, as data: steps with a goal, a small deal and the moves they expect.

One lesson screen plays every lesson (civio_tui/screens/lesson.py); the rules judge each move, so
the data never says why a move is wrong. What the data does say about cards (praise, questions)
is backed by claims (see `civio_tui/lessons/claims.py`) that a test checks against the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Valid:
    """Claim: these cards, in this order, are a valid precedent (worth `points` when given)."""

    cards: tuple[str, ...]
    points: int | None = None


@dataclass(frozen=True)
class Invalid:
    """Claim: these cards, in this order, are not a valid precedent."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Lists:
    """Claim: `card` names `other` in its plus or minus column."""

    card: str
    other: str
    column: Literal["plus", "minus"]


@dataclass(frozen=True)
class Strengthens:
    """Claim: the Case `case` strengthens the amendment numbered `amendment`."""

    case: str
    amendment: int


@dataclass(frozen=True)
class LawDoes:
    """Claim: the Law's one action is `kind` (attack or overrule) of `what`."""

    law: str
    kind: Literal["attack", "overrule"]
    what: Literal["lose_turn", "confiscate", "both"]


@dataclass(frozen=True)
class Alone:
    """Claim: `card` can stand next to none of `others` in any precedent."""

    card: str
    others: tuple[str, ...]


@dataclass(frozen=True)
class WinnerScores:
    """Claim: going out with these precedents scores `score` for the winner (booklet rules)."""

    precedents: tuple[tuple[str, ...], ...]
    score: int


@dataclass(frozen=True)
class NonWinnerScores:
    """Claim: a player who did not go out, holding these 7 `cards`, scores `score`."""

    cards: tuple[str, ...]
    score: int


@dataclass(frozen=True)
class RankAt:
    """Claim: `points` cumulative points hold the rank `title`."""

    points: int
    title: str


@dataclass(frozen=True)
class Year:
    """Claim: the card's year is `year` (the year a lesson's words give it)."""

    card: str
    year: int


Claim = (
    Valid
    | Invalid
    | Lists
    | Strengthens
    | LawDoes
    | Alone
    | WinnerScores
    | NonWinnerScores
    | RankAt
    | Year
)


@dataclass(frozen=True)
class Build:
    """Place cards from `hand` one by one to build a precedent (after the `start` cards).

    Each card placed is checked with the rules at once: a card that cannot follow is refused
    with the rules' own sentence. The step is done when the row is a valid precedent as long as
    `solution` that holds every card of `must_use` (by default, the solution's cards)."""

    goal: str
    hand: tuple[str, ...]
    solution: tuple[str, ...]
    praise: str
    nudge: str
    start: tuple[str, ...] = ()
    must_use: tuple[str, ...] | None = None
    context: str = ""
    claims: tuple[Claim, ...] = ()

    @property
    def required(self) -> tuple[str, ...]:
        return self.solution if self.must_use is None else self.must_use


@dataclass(frozen=True)
class Option:
    """One answer to a `Choice`: its words (or a card's name when `card`), whether it is right,
    and the reply: why it is wrong, or the praise."""

    label: str
    right: bool
    reply: str
    card: bool = False


@dataclass(frozen=True)
class Choice:
    """A question with a few answers; a wrong answer says why and the player tries again."""

    question: str
    options: tuple[Option, ...]
    nudge: str
    show: tuple[str, ...] = ()
    """Cards shown in full beside the question (their columns are what to read)."""
    precedents: tuple[tuple[str, ...], ...] = ()
    """Precedents the question is about, shown card by card with their points."""
    claims: tuple[Claim, ...] = ()


@dataclass(frozen=True)
class Follow:
    """ "May `card` follow `prev`?": the rules give the answer, the data only the praise."""

    prev: str
    card: str
    praise: str
    nudge: str
    claims: tuple[Claim, ...] = ()
    teach: str = ""
    """The rule the question needs, said before it is asked."""


@dataclass(frozen=True)
class Play:
    """A real round at the table against `opponent`, with teaching hints on."""

    text: str
    opponent: str = "easy"


@dataclass(frozen=True)
class Deal:
    """A fixed deal for a round of two at the real table: you (seat 0) and Bot (seat 1).

    Cards are named; `hidden` and `bot_hidden` are the 2 cards each keeps hidden at the opening
    (the other 5 go face up). `supply` lists the supply from its top. `bot_first` makes Bot play
    the first turn."""

    you: tuple[str, ...]
    hidden: tuple[str, str]
    bot: tuple[str, ...]
    bot_hidden: tuple[str, str]
    discard: str
    supply: tuple[str, ...]
    bot_first: bool = False


@dataclass(frozen=True)
class Move:
    """One move of a table step, in the engine's text form ("draw discard", "discard Gregg v
    Georgia", "target 1", "overrule Civil Rights Act of 1964").

    Bot's moves (`bot`) and the player's moves made for them (`for_you`) are played, and
    `praise` then says what happened. Any other move is the player's to make: `goal` asks for
    it, `praise` follows it, `nudge` is the hint; `also` are other moves accepted as right;
    `wrong` gives the reason for a particular wrong move (other wrong moves get the rules'
    words: the engine's refusal, or the link the card would break)."""

    action: str
    goal: str = ""
    praise: str = ""
    nudge: str = ""
    also: tuple[str, ...] = ()
    wrong: tuple[tuple[str, str], ...] = ()
    bot: bool = False
    for_you: bool = False
    """A move of the player's that the lesson makes for them (one an earlier lesson taught),
    told in the table's words."""

    @property
    def asked(self) -> bool:
        """Whether the player is asked to make this move."""
        return not (self.bot or self.for_you)


@dataclass(frozen=True)
class TableTurn:
    """Turns played at the table with the real round engine (cards/games/civio/round.py) from a
    fixed deal: the player makes the moves the step teaches, Bot's are played for it."""

    deal: Deal
    moves: tuple[Move, ...]
    claims: tuple[Claim, ...] = ()

    @property
    def goal(self) -> str:
        return next(move.goal for move in self.moves if move.asked)


Step = Build | Choice | Follow | Play | TableTurn


def moves_to_make(step: Step) -> int:
    """How many steps `step` is for the player: each of their moves at the table is one."""
    if isinstance(step, TableTurn):
        return sum(move.asked for move in step.moves)
    return 1


@dataclass(frozen=True)
class Lesson:
    """One idea, taught in three to six steps (a move at the table counts as a step)."""

    id: str
    title: str
    summary: str
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def step_count(self) -> int:
        """The steps the player sees counted: every question, build and move at the table."""
        return sum(moves_to_make(step) for step in self.steps)

    def step_number(self, index: int, moves: int = 0) -> int:
        """The number (from 1) the player sees for step `index` with `moves` of its table moves
        made: the counter goes on at each move, not only at each new deal."""
        index = min(index, len(self.steps) - 1)  # progress saved by a longer older lesson
        before = sum(moves_to_make(step) for step in self.steps[:index])
        return before + 1 + min(moves, moves_to_make(self.steps[index]) - 1)
