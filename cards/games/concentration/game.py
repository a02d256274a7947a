"""Concentration (docs/RULES.md, "Other ways to play"): the publisher's 10 pairs face down in 4 rows
of 5; a turn turns up two cards; a listed pair is captured and the same player goes again (ours),
otherwise both are turned back and the turn passes.

The engine has the shape of `Round` (docs/ENGINE_API.md, "The engine's shape"): a
`ConcentrationPhase` enum with one handler per deciding phase in `HANDLERS`, seeded, one pending
`ConcentrationDecision` (who turns, and the places they may turn), `apply` (checked:
`IllegalActionError`, nothing changed), a view per seat and an event log. Every card turned up is
seen by everyone, so a seat's view is the public record: the grid, the captured pairs, the card
turned first this turn, and every card turned so far with its place (what a player could have
seen; an AI's memory forgets from it).
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict

from cards.deck import Deck, require_deck, standard_deck
from cards.engine import IllegalActionError
from cards.link_reasons import link_reason

ROWS = 4
COLUMNS = 5
CELLS = ROWS * COLUMNS
COLUMN_LETTERS = "ABCDE"
MAX_PLAYERS = 4
"""One player alone, or 2-4 taking turns (ours: the publisher's game is for 1-2)."""

PUBLISHER_PAIRS: tuple[tuple[str, str], ...] = (
    ("Texas v Johnson", "US v O'Brien"),
    ("California v Greenwood", "Katz v US"),
    ("Espionage Act of 1917", "Dennis v US"),
    ("Escobedo v Illinois", "Gideon v Wainwright"),
    ("Zelman v Simmons-Harris", "Lemon v Kurtzman"),
    ("Griswold v Connecticut", "Bowers v Hardwick"),
    ("Regents of the University of California v Bakke", "United Steelworkers v Weber"),
    ("Gregg v Georgia", "Furman v Georgia"),
    ("Shaw v Reno", "Baker v Carr"),
    ("Executive Order 9066", "Korematsu v US"),
)
"""The publisher's pairs, as docs/RULES.md lists them."""


def pairs(deck: Deck) -> tuple[tuple[int, int], ...]:
    """The 10 pairs as card ids of `deck` (a pack that lacks one of the cards cannot play)."""
    return tuple((deck.lookup(a), deck.lookup(b)) for a, b in PUBLISHER_PAIRS)


def position_name(position: int) -> str:
    """ "A1" for the top-left card, "E4" for the bottom-right: column letter, row number."""
    row, column = divmod(position, COLUMNS)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def parse_position(text: str) -> int:
    """ "b3" or "B3" → its position; ValueError naming the problem otherwise."""
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in COLUMN_LETTERS or not t[1].isdigit():
        raise ValueError(f"{text!r} is not a place like A1 or E4 (columns A-E, rows 1-4)")
    row = int(t[1])
    if not 1 <= row <= ROWS:
        raise ValueError(f"{text!r}: rows go from 1 to {ROWS}")
    return (row - 1) * COLUMNS + COLUMN_LETTERS.index(t[0])


@cache
def pair_sentences() -> dict[frozenset[str], str]:
    """Why the publisher pairs two cards no rule links (cards/data/concentration.toml), by the
    pair's two names."""
    text = resources.files("cards").joinpath("data/concentration.toml").read_text("utf-8")
    return {frozenset(p["cards"]): str(p["why"]) for p in tomllib.loads(text)["pairs"]}


def pair_link(deck: Deck, a: int, b: int) -> str:
    """How the two cards of a pair are linked, in words: the rule that lets one follow the
    other, or (for the publisher's pairs no rule links) why they belong together, from the
    data; else what they share."""
    for x, y in ((a, b), (b, a)):
        why = link_reason(deck, x, y)
        if why is not None:
            return why
    ca, cb = deck[a], deck[b]
    sentence = pair_sentences().get(frozenset((ca.name, cb.name)))
    if sentence is not None:
        return sentence
    shared = [i for i in ca.issues if i in cb.issues]
    both_plus = [p for p in ca.plus if p in cb.plus]
    parts = []
    if shared:
        parts.append(f"both list the issue {' and '.join(shared)}")
    if both_plus:
        parts.append(f"both list {' and '.join(both_plus)} in their plus column")
    if not parts:
        return f"the publisher pairs {ca.name} with {cb.name}"
    return f"{ca.name} and {cb.name} " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class TurnCard:
    """Turn up the card at `position` (0-19, row by row)."""

    position: int


@dataclass(frozen=True, slots=True)
class ConcentrationDecision:
    seat: int
    options: tuple[int, ...]
    """The face-down positions that may be turned now."""
    second: bool
    """True when this is the second card of the turn."""

    @property
    def kind(self) -> str:
        """Which card of the turn is turned: "first_card" or "second_card"."""
        return "second_card" if self.second else "first_card"

    def __contains__(self, action: object) -> bool:
        return isinstance(action, TurnCard) and action.position in self.options


@dataclass(frozen=True, slots=True)
class ConcentrationResult:
    """How the game ended (cards.engine's `Result`): the seats with the most pairs (all of them
    on a tie) and each seat's pairs."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    turns: int
    """The turns played, every seat's together."""


@dataclass(frozen=True, slots=True)
class ConcentrationEvent:
    """One card turned up; after a second card, whether the pair was captured."""

    seat: int
    position: int
    card: int
    captured: bool | None = None
    """None for a first card; True or False after the second."""

    def describe(self, deck: Deck, names: tuple[str, ...]) -> str:
        who = names[self.seat]
        text = f"{who} turned up {deck[self.card].name} at {position_name(self.position)}"
        if self.captured:
            return f"{text}: a pair!"
        if self.captured is False:
            return f"{text}: not a pair; both go back face down"
        return f"{text}."


def captured_in_order(
    events: Sequence[ConcentrationEvent],
) -> list[tuple[ConcentrationEvent, ConcentrationEvent]]:
    """The pairs captured so far, oldest first, each as its (first card, second card) events
    (a turn's second card always comes right after its first in the log)."""
    return [(events[i - 1], e) for i, e in enumerate(events) if e.captured and i > 0]


class ConcentrationView(BaseModel):
    """What every seat sees: the grid's captured cards, the card turned first this turn, and
    every card turned up so far in order (public, so an AI may remember it)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    to_move: int | None
    captured: dict[int, tuple[int, int]]
    """position -> (card, seat that captured it)."""
    first: tuple[int, int] | None
    """(position, card) of the card turned first this turn."""
    seen: list[tuple[int, int]]
    """Every card turned up so far, as (position, card), oldest first."""
    pairs: list[tuple[int, int]]
    scores: list[int]
    turns: list[int]
    over: bool


class ConcentrationPhase(Enum):
    """Where a game stands (the engine's shape, docs/ENGINE_API.md): the first or the second card
    of a turn, or over."""

    FIRST_CARD = "first_card"
    SECOND_CARD = "second_card"
    OVER = "over"

    @property
    def label(self) -> str:
        name: str = self.value
        return name


class Concentration:
    """One game for 1 to 4 players (seat 0 starts; the turn passes to the next seat)."""

    def __init__(self, seed: int, players: int = 1, deck: Deck | None = None) -> None:
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError(f"Concentration is for 1 to {MAX_PLAYERS} players, not {players}")
        self.deck = deck if deck is not None else standard_deck()
        self.seed = seed
        self.players = players
        self.pairs = pairs(self.deck)
        cards = [c for pair in self.pairs for c in pair]
        random.Random(seed).shuffle(cards)
        self.grid: tuple[int, ...] = tuple(cards)
        self._mate = {a: b for a, b in self.pairs} | {b: a for a, b in self.pairs}
        self.captured: dict[int, int] = {}
        """position -> the seat that captured its card."""
        self.first: int | None = None
        self.phase = ConcentrationPhase.FIRST_CARD
        self.to_move = 0
        self.scores = [0] * players
        self.turns = [0] * players
        self.events: list[ConcentrationEvent] = []

    @property
    def seats(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return self.phase is ConcentrationPhase.OVER

    @property
    def result(self) -> ConcentrationResult | None:
        if not self.is_over:
            return None
        return ConcentrationResult(tuple(self.winners()), tuple(self.scores), sum(self.turns))

    @property
    def actions(self) -> list[TurnCard]:
        """The cards turned, in order: what `from_json` replays."""
        return [TurnCard(e.position) for e in self.events]

    def legal_actions(self) -> tuple[TurnCard, ...]:
        """A `TurnCard` for each place the pending decision allows."""
        decision = self.decision
        return () if decision is None else tuple(TurnCard(p) for p in decision.options)

    def clone(self) -> Concentration:
        """An independent copy."""
        other = object.__new__(Concentration)
        other.__dict__.update(self.__dict__)
        other.captured = dict(self.captured)
        other.scores = list(self.scores)
        other.turns = list(self.turns)
        other.events = list(self.events)
        return other

    @property
    def decision(self) -> ConcentrationDecision | None:
        handler = HANDLERS.get(self.phase)
        return None if handler is None else handler.decision(self)

    def is_pair(self, a: int, b: int) -> bool:
        """True when the cards at positions a and b are one of the listed pairs."""
        return self._mate[self.grid[a]] == self.grid[b]

    def apply(self, action: TurnCard) -> None:
        """Turn up a card; an illegal position raises `IllegalActionError`, changing nothing."""
        handler = HANDLERS.get(self.phase)
        if handler is None:
            raise IllegalActionError("the game is over: every pair is captured")
        if not isinstance(action, TurnCard):
            raise IllegalActionError(f"{action!r} is not a card to turn")
        why = self._why_illegal(action.position)
        if why is not None:
            raise IllegalActionError(why)
        handler.apply(self, action.position)

    def _why_illegal(self, p: int) -> str | None:
        """Why no phase lets this place be turned now (every phase shares these checks)."""
        if not 0 <= p < CELLS:
            return f"there is no place {p} (the grid has {CELLS} cards)"
        if p in self.captured:
            return f"the card at {position_name(p)} is already captured"
        if p == self.first:
            return f"the card at {position_name(p)} is already face up: turn a second, other card"
        return None

    def to_json(self) -> dict[str, Any]:
        """The seed, the seats, the deck (by sha256) and every place turned: all a save needs."""
        return {
            "seed": self.seed,
            "players": self.players,
            "deck_sha256": self.deck.sha256,
            "turned": [e.position for e in self.events],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], deck: Deck | None = None) -> Concentration:
        """Rebuild a game from `to_json` output, every card turned again with checks
        (ValueError for another deck, `IllegalActionError` for a place the rules refuse)."""
        deck = deck if deck is not None else standard_deck()
        require_deck(deck, data.get("deck_sha256"))
        game = cls(int(data["seed"]), int(data["players"]), deck)
        for position in data["turned"]:
            game.apply(TurnCard(int(position)))
        return game

    def view(self, seat: int) -> ConcentrationView:
        first = None if self.first is None else (self.first, self.grid[self.first])
        return ConcentrationView(
            seat=seat,
            to_move=None if self.is_over else self.to_move,
            captured={p: (self.grid[p], s) for p, s in self.captured.items()},
            first=first,
            seen=[(e.position, e.card) for e in self.events],
            pairs=[(a, b) for a, b in self.pairs],
            scores=list(self.scores),
            turns=list(self.turns),
            over=self.is_over,
        )

    def winners(self) -> list[int]:
        """The seats with the most pairs (all of them on a tie); in a one-player game, seat 0."""
        best = max(self.scores)
        return [s for s, n in enumerate(self.scores) if n == best]


class _FirstCard:
    """Turn a first card: it stays face up while the second is chosen."""

    phase = ConcentrationPhase.FIRST_CARD

    def decision(self, game: Concentration) -> ConcentrationDecision:
        options = tuple(p for p in range(CELLS) if p not in game.captured)
        return ConcentrationDecision(game.to_move, options, second=False)

    def apply(self, game: Concentration, p: int) -> None:
        game.first = p
        game.phase = ConcentrationPhase.SECOND_CARD
        game.events.append(ConcentrationEvent(game.to_move, p, game.grid[p]))


class _SecondCard:
    """Turn a second card: a listed pair is captured and the same player goes again (ours);
    otherwise both go back face down and the turn passes."""

    phase = ConcentrationPhase.SECOND_CARD

    def decision(self, game: Concentration) -> ConcentrationDecision:
        options = tuple(p for p in range(CELLS) if p not in game.captured and p != game.first)
        return ConcentrationDecision(game.to_move, options, second=True)

    def apply(self, game: Concentration, p: int) -> None:
        seat = game.to_move
        first = game.first
        assert first is not None
        game.first = None
        game.turns[seat] += 1
        captured = game.is_pair(first, p)
        game.events.append(ConcentrationEvent(seat, p, game.grid[p], captured=captured))
        if captured:
            game.captured[first] = game.captured[p] = seat
            game.scores[seat] += 1
        else:
            game.to_move = (seat + 1) % game.players
        done = len(game.captured) == CELLS
        game.phase = ConcentrationPhase.OVER if done else ConcentrationPhase.FIRST_CARD


HANDLERS: dict[ConcentrationPhase, _FirstCard | _SecondCard] = {
    ConcentrationPhase.FIRST_CARD: _FirstCard(),
    ConcentrationPhase.SECOND_CARD: _SecondCard(),
}
"""One handler per deciding phase (OVER has none)."""
