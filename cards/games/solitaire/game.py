"""Solitaire (docs/RULES.md, "Other ways to play"): 21 cards turned one at a time, CIVIO called from
the turned cards, and par, the best score any player could have had on the deal.

The engine has the shape of `Round` (docs/ENGINE_API.md, "The engine's shape"): a `SolitairePhase`
enum with one handler per deciding phase in `HANDLERS`, seeded, one pending `SolitaireDecision`
with its legal options, `apply` (which checks and raises `IllegalActionError` leaving the game
unchanged), a `view` that shows only what is face up, and an event log. A wrong CIVIO call is
explained and costs nothing (ours): `apply` refuses it with the rules' sentence, changing nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from cards.civio_sets import FoundPrecedent, check_call, precedents_among
from cards.deck import Deck, require_deck, standard_deck
from cards.engine import IllegalActionError
from cards.table import HAND_SIZE

DEAL_SIZE = 21
CIVIO_CARDS = HAND_SIZE  # a CIVIO call lays out a whole hand's worth

SolitaireActionKind = Literal["turn", "call", "end"]
TURN: SolitaireActionKind = "turn"
CALL: SolitaireActionKind = "call"
END: SolitaireActionKind = "end"


def deal_cards(deck: Deck, seed: int) -> tuple[int, ...]:
    """The 21 cards of deal `seed`, in dealing order (the rest of the deck is out of play)."""
    if len(deck) < DEAL_SIZE:
        raise ValueError(f"Solitaire needs a deck of at least {DEAL_SIZE} cards, not {len(deck)}")
    ids = list(deck.ids)
    random.Random(seed).shuffle(ids)
    return tuple(ids[:DEAL_SIZE])


def seed_of_day(day: date) -> int:
    """The deal of the day: the same seed for everyone on a date (20261125 for 25 Nov 2026)."""
    return day.year * 10000 + day.month * 100 + day.day


@dataclass(frozen=True, slots=True)
class SolitaireAction:
    """Turn the next card, call CIVIO with chosen precedents, or end with nothing called."""

    kind: SolitaireActionKind
    precedents: tuple[tuple[int, ...], ...] = ()

    @staticmethod
    def call(*groups: tuple[int, ...] | list[int]) -> SolitaireAction:
        return SolitaireAction(CALL, tuple(tuple(g) for g in groups))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.precedents:
            data["precedents"] = [list(g) for g in self.precedents]
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> SolitaireAction:
        kind = data["kind"]
        if kind not in (TURN, CALL, END):
            raise ValueError(f"{kind!r} is not a Solitaire action")
        groups = tuple(tuple(int(c) for c in g) for g in data.get("precedents", ()))
        return SolitaireAction(kind, groups)


TURN_ACTION = SolitaireAction(TURN)
END_ACTION = SolitaireAction(END)


@dataclass(frozen=True, slots=True)
class SolitaireDecision:
    """The one pending decision. `options` holds the action kinds allowed now: `turn` while a
    card is face down, `call` once 7 cards are up (its precedents are the player's to choose
    from `turned`), `end` when every card is up."""

    options: tuple[SolitaireActionKind, ...]
    turned: tuple[int, ...]
    seat: int = 0
    """Solitaire has one seat."""
    kind: str = "play"
    """The one deciding phase's name (cards.engine's `Decision`)."""

    def __contains__(self, kind: object) -> bool:
        return kind in self.options


@dataclass(frozen=True, slots=True)
class SolitaireResult:
    """How the game ended: the score, its card points, the cards turned and the precedents."""

    score: int
    points: int
    turned: int
    precedents: tuple[tuple[int, ...], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The player, when a CIVIO was called; none when the game ended with 0."""
        return (0,) if self.precedents else ()

    @property
    def scores(self) -> tuple[int, ...]:
        return (self.score,)

    def to_json(self, deck: Deck) -> dict[str, Any]:
        return {
            "score": self.score,
            "turned": self.turned,
            "precedents": [deck.names(p) for p in self.precedents],
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class SolitaireEvent:
    """One applied action: the card turned up, the CIVIO called, or the end."""

    action: SolitaireAction
    card: int | None = None

    def describe(self, deck: Deck) -> str:
        if self.action.kind == TURN:
            assert self.card is not None
            return f"You turned up {deck[self.card].name} ({deck[self.card].type_label()})."
        if self.action.kind == CALL:
            groups = " and ".join(" → ".join(deck.names(g)) for g in self.action.precedents)
            return f"You called CIVIO: {groups}."
        return "Every card is up and no CIVIO was called: the game ends with 0."


class SolitaireView(BaseModel):
    """What the player sees: the seed, the cards turned so far, how many are still face down."""

    model_config = ConfigDict(frozen=True)

    seed: int
    turned: list[int]
    face_down: int
    options: list[str]
    over: bool
    score: int | None
    precedents: list[list[int]]


def score_of(points: int, turned: int) -> int:
    """The publisher's score: 1 per point card in the CIVIO plus 1 per card still face down
    (no tripling for a Thurgood Flush in Solitaire)."""
    return points + DEAL_SIZE - turned


class SolitairePhase(Enum):
    """Where a game stands (the engine's shape, docs/ENGINE_API.md): one deciding phase, then
    over."""

    PLAY = "play"
    """Turn the next card, call CIVIO (7 or more cards up), or end with 0 (every card up)."""
    OVER = "over"

    @property
    def label(self) -> str:
        name: str = self.value
        return name


class Solitaire:
    """One game of Solitaire on deal `seed`."""

    def __init__(
        self, seed: int, deck: Deck | None = None, *, deal: Sequence[int] | None = None
    ) -> None:
        self.deck = deck if deck is not None else standard_deck()
        self.seed = seed
        self.fixed_deal = deal is not None
        if deal is None:
            self.deal = deal_cards(self.deck, seed)
        else:
            # A fixed deal (lessons, tests): 21 distinct cards of the deck, in dealing order.
            self.deal = tuple(deal)
            if len(set(self.deal)) != DEAL_SIZE or len(self.deal) != DEAL_SIZE:
                raise ValueError(f"a Solitaire deal is {DEAL_SIZE} distinct cards")
            for c in self.deal:
                if not 0 <= c < len(self.deck):
                    raise ValueError(f"card id {c} is not in the deck")
        self._turned = 0
        self.phase = SolitairePhase.PLAY
        self.result: SolitaireResult | None = None
        self.events: list[SolitaireEvent] = []

    seats = 1
    """Solitaire has one seat, 0."""

    @property
    def turned(self) -> tuple[int, ...]:
        """The cards turned up so far, in the order they were turned."""
        return self.deal[: self._turned]

    @property
    def face_down(self) -> int:
        return DEAL_SIZE - self._turned

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def decision(self) -> SolitaireDecision | None:
        handler = HANDLERS.get(self.phase)
        return None if handler is None else handler.decision(self)

    def apply(self, action: SolitaireAction) -> None:
        """Apply a legal action; anything else raises `IllegalActionError`, changing nothing."""
        handler = HANDLERS.get(self.phase)
        if handler is None:
            raise IllegalActionError("the game is over")
        decision = handler.decision(self)
        if action.kind not in decision:
            raise IllegalActionError(handler.why_illegal(self, action.kind))
        handler.apply(self, action)

    def _turn_next(self, action: SolitaireAction) -> None:
        card = self.deal[self._turned]
        self._turned += 1
        self.events.append(SolitaireEvent(action, card))

    def _finish(
        self,
        action: SolitaireAction,
        score: int,
        points: int,
        precedents: tuple[tuple[int, ...], ...],
    ) -> None:
        self.result = SolitaireResult(score, points, self._turned, precedents)
        self.phase = SolitairePhase.OVER
        self.events.append(SolitaireEvent(action))

    def legal_actions(self) -> tuple[SolitaireAction, ...]:
        """Every action `apply` accepts now: turning a card, ending with 0, and each CIVIO the
        turned cards hold (a 7-card precedent, or a 3-card and a 4-card with no card in both)."""
        decision = self.decision
        if decision is None:
            return ()
        out: list[SolitaireAction] = []
        if TURN in decision:
            out.append(TURN_ACTION)
        if CALL in decision:
            found = precedents_among(self.deck, self.turned)
            out.extend(SolitaireAction(CALL, (seven.order,)) for seven in found[7])
            out.extend(
                SolitaireAction(CALL, (three.order, four.order))
                for three in found[3]
                for four in found[4]
                if not three.mask & four.mask
            )
        if END in decision:
            out.append(END_ACTION)
        return tuple(out)

    @property
    def actions(self) -> list[SolitaireAction]:
        """The actions applied, in order (a CIVIO call with its precedents in a valid order)."""
        return [e.action for e in self.events]

    def clone(self) -> Solitaire:
        """An independent copy."""
        other = object.__new__(Solitaire)
        other.__dict__.update(self.__dict__)
        other.events = list(self.events)
        return other

    def to_json(self) -> dict[str, Any]:
        """The seed (or the fixed deal), the deck (by sha256) and every action: all a save
        needs."""
        data: dict[str, Any] = {
            "seed": self.seed,
            "deck_sha256": self.deck.sha256,
            "actions": [e.action.to_json() for e in self.events],
        }
        if self.fixed_deal:
            data["deal"] = list(self.deal)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], deck: Deck | None = None) -> Solitaire:
        """Rebuild a game from `to_json` output, every action replayed with checks
        (ValueError for another deck, `IllegalActionError` for an action the rules refuse)."""
        deck = deck if deck is not None else standard_deck()
        require_deck(deck, data.get("deck_sha256"))
        deal = data.get("deal")
        game = cls(int(data["seed"]), deck, deal=None if deal is None else [int(c) for c in deal])
        for action in data["actions"]:
            game.apply(SolitaireAction.from_json(action))
        return game

    def view(self, seat: int = 0) -> SolitaireView:
        if seat != 0:
            raise ValueError(f"Solitaire has one seat, 0, not {seat}")
        decision = self.decision
        result = self.result
        return SolitaireView(
            seed=self.seed,
            turned=list(self.turned),
            face_down=self.face_down,
            options=list(decision.options) if decision else [],
            over=result is not None,
            score=result.score if result else None,
            precedents=[list(p) for p in result.precedents] if result else [],
        )


class _PlayHandler:
    """The whole rule of the one deciding phase: what may be done, and what it does."""

    phase = SolitairePhase.PLAY

    def decision(self, game: Solitaire) -> SolitaireDecision:
        turned = len(game.turned)
        options: list[SolitaireActionKind] = []
        if turned < DEAL_SIZE:
            options.append(TURN)
        if turned >= CIVIO_CARDS:
            options.append(CALL)
        if turned == DEAL_SIZE:
            options.append(END)
        return SolitaireDecision(tuple(options), game.turned)

    def apply(self, game: Solitaire, action: SolitaireAction) -> None:
        if action.kind == TURN:
            if action.precedents:
                raise IllegalActionError("turning a card takes no precedents")
            game._turn_next(action)
            return
        if action.kind == CALL:
            check = check_call(game.deck, game.turned, action.precedents)
            if not check.valid:
                raise IllegalActionError(f"not a CIVIO: {check.reason}")
            game._finish(
                SolitaireAction(CALL, check.precedents),
                score_of(check.points, len(game.turned)),
                check.points,
                check.precedents,
            )
            return
        if action.precedents:
            raise IllegalActionError("ending the game takes no precedents")
        game._finish(action, 0, 0, ())

    def why_illegal(self, game: Solitaire, kind: str) -> str:
        turned = len(game.turned)
        if kind == TURN:
            return "every card is already turned up"
        if kind == CALL:
            verb = "is" if turned == 1 else "are"
            return f"a CIVIO needs {CIVIO_CARDS} cards and only {turned} {verb} turned up"
        if kind == END:
            return "the game ends with 0 only once every card is up; turn a card or call CIVIO"
        return f"unknown action {kind!r}"


HANDLERS: dict[SolitairePhase, _PlayHandler] = {SolitairePhase.PLAY: _PlayHandler()}
"""One handler per deciding phase (OVER has none)."""


def par(deck: Deck, deal: tuple[int, ...]) -> SolitaireResult:
    """The best result any player could have had on a deal (docs/RULES.md, Solitaire, ours):
    par = max over k of (best CIVIO points among the first k cards + 21 - k).

    A CIVIO is best called as soon as its last card is up, so par is the best, over every CIVIO
    the 21 cards hold, of its points plus the cards after its last one. Ties go to fewer cards
    turned, then to a 7-card precedent (as `civio hand` prefers a flush).
    """
    position = {c: i for i, c in enumerate(deal)}
    found = precedents_among(deck, deal)

    def ready(p: FoundPrecedent) -> int:
        return max(position[c] for c in p.order) + 1

    best: tuple[tuple[int, int, int], SolitaireResult] | None = None

    def consider(parts: tuple[FoundPrecedent, ...], turned: int, flush: int) -> None:
        nonlocal best
        points = sum(p.points for p in parts)
        score = score_of(points, turned)
        key = (score, -turned, flush)
        if best is None or key > best[0]:
            best = (key, SolitaireResult(score, points, turned, tuple(p.order for p in parts)))

    for seven in found[7]:
        consider((seven,), ready(seven), 1)
    fours = sorted(((ready(f), f) for f in found[4]), key=lambda rf: rf[0])
    for three in found[3]:
        r3 = ready(three)
        for r4, four in fours:
            if not three.mask & four.mask:
                consider((three, four), max(r3, r4), 0)
    if best is None:
        return SolitaireResult(0, 0, DEAL_SIZE, ())
    return best[1]
