"""Easy Play (docs/RULES.md, "Other ways to play"): 2-4 players draw, lay down matching pairs and
discard until one empties their hand and calls CIVIO.

The engine has the shape of `Round` (docs/ENGINE_API.md, "The engine's shape"): seeded, one
pending `EasyDecision` with its legal options, `apply` (checked: `IllegalActionError`, nothing
changed), a view per seat that hides the other hands and the supply, and an event log. Its
position is an `EasyPhase`; the rule of each phase is one handler in `HANDLERS`.

Decisions the rules left to us (tested in tests/games/test_easy_play.py):
- A matching pair is two cards that form a valid 2-card precedent in one order or the other
  (`cards.precedent.is_valid`, the one precedent checker).
- Pairs are laid one at a time (`lay A + B`), then `done`; the lay decision is skipped when the
  hand holds no pair.
- A pair may not be laid when it would leave only the card just taken from the discard pile
  (that card could not be discarded, so the turn could not end).
- Going out (the hand empty after laying or after the discard) poses a `civio` decision with the
  one option `civio call`; the round ends when it is called.
- Supply, reshuffle and the turn limit work as in the main game (`Round`): an empty supply is
  refilled from the discard pile but its top card; the round ends with no winner after
  `rules.max_turns` turns. It never runs out of cards: every turn ends with a discard, so the
  next player can always take that card (no confiscation here takes cards out of play).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Any

from pydantic import BaseModel, ConfigDict

from cards.deck import Deck, require_deck, standard_deck
from cards.engine import EVERYONE, IllegalActionError, round_to_json, sees
from cards.precedent import is_valid
from cards.ruleset import RuleSet
from cards.scoring import GOING_OUT_BONUS
from cards.table import DISCARD_PILE, HAND_SIZE, SUPPLY, check_table, shuffled_deck

# Action kinds
DRAW = "draw"
LAY = "lay"
DONE = "done"
DISCARD = "discard"
CIVIO = "civio"
ACTION_KINDS = (DRAW, LAY, DONE, DISCARD, CIVIO)


class EasyPhase(Enum):
    """Where the turn stands; the value is the phase's name (views and saves show it)."""

    DRAW = "draw"
    LAY = "lay"
    DISCARD = "discard"
    CIVIO = "civio"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class EasyAction:
    """draw (`source` "supply" | "discard") · lay (`cards`: a pair, ascending) · done ·
    discard (`card`) · civio (call)."""

    kind: str
    card: int | None = None
    cards: tuple[int, ...] = ()
    source: str | None = None

    @staticmethod
    def draw(source: str) -> EasyAction:
        return EasyAction(DRAW, source=source)

    @staticmethod
    def lay(a: int, b: int) -> EasyAction:
        return EasyAction(LAY, cards=(min(a, b), max(a, b)))

    @staticmethod
    def discard(card: int) -> EasyAction:
        return EasyAction(DISCARD, card=card)

    def to_str(self, deck: Deck) -> str:
        if self.kind == DRAW:
            return f"draw {self.source}"
        if self.kind == LAY:
            return "lay " + " + ".join(deck[c].name for c in self.cards)
        if self.kind == DISCARD and self.card is not None:
            return f"discard {deck[self.card].name}"
        return "civio call" if self.kind == CIVIO else self.kind

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.card is not None:
            out["card"] = self.card
        if self.cards:
            out["cards"] = list(self.cards)
        if self.source is not None:
            out["source"] = self.source
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EasyAction:
        """Inverse of `to_json`; ValueError naming the problem for anything else."""
        if not isinstance(data, dict) or data.get("kind") not in ACTION_KINDS:
            raise ValueError(f"not an Easy Play action: {data!r}")
        unknown = set(data) - {"kind", "card", "cards", "source"}
        if unknown:
            raise ValueError(f"unknown Easy Play action fields {sorted(unknown)}")
        try:
            card = data.get("card")
            return cls(
                data["kind"],
                card=None if card is None else int(card),
                cards=tuple(int(c) for c in data.get("cards", ())),
                source=data.get("source"),
            )
        except (TypeError, ValueError) as exc:
            raise ValueError(f"malformed Easy Play action {data!r}: {exc}") from None


DRAW_SUPPLY = EasyAction.draw(SUPPLY)
DRAW_DISCARD = EasyAction.draw(DISCARD_PILE)
DONE_ACTION = EasyAction(DONE)
CIVIO_CALL = EasyAction(CIVIO)


@dataclass(frozen=True, slots=True)
class EasyDecision:
    """The one pending decision: `seat` picks one of `options` (never empty)."""

    seat: int
    phase: EasyPhase
    options: tuple[EasyAction, ...]
    drawn: int | None = None
    source: str | None = None

    @property
    def kind(self) -> str:
        return self.phase.value

    def __contains__(self, action: object) -> bool:
        return action in self.options


@dataclass(frozen=True, slots=True)
class EasyEvent:
    """One applied action; `card` is the card drawn (seen by `to` only when from the supply)."""

    seq: int
    turn: int
    seat: int
    action: EasyAction
    card: int | None = None
    to: int = EVERYONE
    reshuffled: int = 0
    """Size of the new supply when this draw refilled it from the discard pile (0: none)."""
    over: str | None = None
    """Set on the last event: "civio" or "max_turns"."""

    def describe(self, deck: Deck, for_seat: int | None, names: Sequence[str]) -> str:
        who = names[self.seat]
        a = self.action
        parts: list[str] = []
        if self.reshuffled:
            parts.append(
                "The supply ran out: the discard pile except its top card was shuffled into a "
                f"new supply of {self.reshuffled} cards."
            )
        if a.kind == DRAW:
            shown = self.card is not None and sees(self.to, for_seat)
            pile = "the supply" if a.source == SUPPLY else "the discard pile"
            card = f": {deck[self.card].name}" if shown and self.card is not None else ""
            parts.append(f"{who} drew from {pile}{card}.")
        elif a.kind == LAY:
            parts.append(f"{who} laid down a pair: {' + '.join(deck.names(a.cards))}.")
        elif a.kind == DISCARD and a.card is not None:
            parts.append(f"{who} discarded {deck[a.card].name}.")
        elif a.kind == CIVIO:
            parts.append(f"{who} called CIVIO!")
        if self.over == "max_turns":
            parts.append("The round ends with no winner: the turn limit was reached.")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class EasyResult:
    """How the round ended: the winner (None: no one went out), each seat's score (1 per point
    card in its laid pairs, +2 for going out), the turns played and why it ended."""

    winner: int | None
    scores: tuple[int, ...]
    laid: tuple[tuple[tuple[int, int], ...], ...]
    hands: tuple[tuple[int, ...], ...]
    turns: int
    reason: str

    @property
    def kind(self) -> None:
        """No Thurgood Flush in Easy Play (the main game's results name one)."""
        return None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that went out, or none (cards.engine's `Result`)."""
        return () if self.winner is None else (self.winner,)

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "laid": [[list(p) for p in seat] for seat in self.laid],
            "hands": [list(h) for h in self.hands],
            "turns": self.turns,
            "reason": self.reason,
        }


class EasyPlayView(BaseModel):
    """What one seat sees: its own hand, every seat's laid pairs and hand size, the discard pile,
    how many cards the supply holds (not which), and the cards others took from the discard pile
    that are still in their hands (everyone saw them taken)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    seats: int
    dealer: int
    turn: int
    turns_played: int
    current_seat: int | None
    phase: str
    hand: list[int]
    hand_counts: list[int]
    laid: list[list[tuple[int, int]]]
    known_in_hand: list[list[int]]
    discard_pile: list[int]
    supply_count: int
    taken_from_discard: int | None
    drawn: int | None
    scores: list[int] | None
    is_over: bool
    result: dict[str, Any] | None

    def unseen_cards(self, deck_size: int) -> list[int]:
        """Cards this seat cannot locate: others' unknown hand cards and the supply."""
        seen = set(self.hand) | set(self.discard_pile)
        for pairs in self.laid:
            for a, b in pairs:
                seen.update((a, b))
        for cards in self.known_in_hand:
            seen.update(cards)
        return [c for c in range(deck_size) if c not in seen]


def pair_table(deck: Deck) -> tuple[int, ...]:
    """For each card, the bit mask of the cards it forms a matching pair with."""

    def build(d: Deck) -> tuple[int, ...]:
        n = len(d)
        masks = [0] * n
        for a, b in combinations(range(n), 2):
            if is_valid(d, (a, b)) or is_valid(d, (b, a)):
                masks[a] |= 1 << b
                masks[b] |= 1 << a
        return tuple(masks)

    table: tuple[int, ...] = deck.cached("cards.games.easy_play.round.pairs", build)
    return table


def is_pair(deck: Deck, a: int, b: int) -> bool:
    """Whether `a` and `b` form a matching pair (a valid 2-card precedent in either order)."""
    return a != b and bool(pair_table(deck)[a] >> b & 1)


def pairs_in(deck: Deck, cards: Sequence[int]) -> list[tuple[int, int]]:
    """Every matching pair among `cards`, each ascending, in ascending order."""
    table = pair_table(deck)
    ordered = sorted(cards)
    return [(a, b) for a, b in combinations(ordered, 2) if table[a] >> b & 1]


def pair_points(deck: Deck, pairs: Sequence[tuple[int, int]]) -> int:
    """1 per point card in the laid pairs (docs/RULES.md, Easy Play, Score)."""
    return sum(deck[c].points for p in pairs for c in p)


# ------------------------------------------------------------------ one handler per phase


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an applied action adds to its event beyond the action itself."""

    card: int | None = None
    to: int = EVERYONE
    reshuffled: int = 0
    over: str | None = None


NOTHING = Outcome()


class EasyPhaseHandler:
    """The rule of one phase: its decision, how an action applies, why one is refused."""

    phase: EasyPhase
    action_kinds: tuple[str, ...] = ()

    def options(self, g: EasyPlay) -> tuple[EasyAction, ...]:
        raise NotImplementedError

    def decision(self, g: EasyPlay) -> EasyDecision:
        return EasyDecision(g.current, self.phase, self.options(g), g.drawn, g.source)

    def apply(self, g: EasyPlay, action: EasyAction) -> Outcome:
        raise NotImplementedError

    def why_illegal(self, g: EasyPlay, action: EasyAction) -> str | None:
        return None


class DrawHandler(EasyPhaseHandler):
    phase = EasyPhase.DRAW
    action_kinds = (DRAW,)

    def options(self, g: EasyPlay) -> tuple[EasyAction, ...]:
        out = []
        if g.supply or len(g.discard_pile) >= 2:
            out.append(DRAW_SUPPLY)
        if g.discard_pile:
            out.append(DRAW_DISCARD)
        return tuple(out)

    def apply(self, g: EasyPlay, action: EasyAction) -> Outcome:
        s = g.current
        reshuffled = 0
        if action.source == SUPPLY:
            if not g.supply:
                reshuffled = g.refill_supply()
            card = g.supply.pop()
            to = 1 << s
        else:
            card = g.discard_pile.pop()
            g.taken = card
            to = EVERYONE
        g.hands[s].append(card)
        g.drawn, g.source = card, action.source
        g.phase = EasyPhase.LAY if g.lay_options() else EasyPhase.DISCARD
        return Outcome(card, to, reshuffled)

    def why_illegal(self, g: EasyPlay, action: EasyAction) -> str | None:
        if action.source == DISCARD_PILE:
            return "the discard pile is empty"
        if action.source == SUPPLY:
            return "the supply is empty and the discard pile cannot refill it"
        return f"there is no pile called {action.source!r}: draw from the supply or the discard"


class LayHandler(EasyPhaseHandler):
    phase = EasyPhase.LAY
    action_kinds = (LAY, DONE)

    def options(self, g: EasyPlay) -> tuple[EasyAction, ...]:
        return (*g.lay_options(), DONE_ACTION)

    def apply(self, g: EasyPlay, action: EasyAction) -> Outcome:
        s = g.current
        if action.kind == DONE:
            g.phase = EasyPhase.DISCARD
            return NOTHING
        a, b = action.cards
        g.hands[s].remove(a)
        g.hands[s].remove(b)
        g.laid[s].append((a, b))
        if not g.hands[s]:
            g.phase = EasyPhase.CIVIO  # all the cards after the draw lie in pairs: no discard
        elif not g.lay_options():
            g.phase = EasyPhase.DISCARD
        return NOTHING

    def why_illegal(self, g: EasyPlay, action: EasyAction) -> str | None:
        cards = action.cards
        if len(cards) != 2 or cards[0] == cards[1]:
            return "a pair is two different cards"
        hand = g.hands[g.current]
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{g.deck[missing[0]].name} is not in your hand"
        a, b = cards
        if not is_pair(g.deck, a, b):
            return (
                f"{g.deck[a].name} and {g.deck[b].name} are not a matching pair: neither can "
                "follow the other in a precedent"
            )
        if g.taken is not None and sorted(hand) == sorted((a, b, g.taken)):
            return (
                f"laying this pair would leave only {g.deck[g.taken].name}, taken from the "
                "discard pile this turn, which you could not discard"
            )
        return None


class DiscardHandler(EasyPhaseHandler):
    phase = EasyPhase.DISCARD
    action_kinds = (DISCARD,)

    def options(self, g: EasyPlay) -> tuple[EasyAction, ...]:
        return tuple(EasyAction.discard(c) for c in g.hands[g.current] if c != g.taken)

    def apply(self, g: EasyPlay, action: EasyAction) -> Outcome:
        s = g.current
        assert action.card is not None
        g.hands[s].remove(action.card)
        g.discard_pile.append(action.card)
        if not g.hands[s]:
            g.phase = EasyPhase.CIVIO
            return NOTHING
        over = g.end_turn()
        return Outcome(over=over)

    def why_illegal(self, g: EasyPlay, action: EasyAction) -> str | None:
        if action.card is not None and action.card == g.taken:
            return (
                f"{g.deck[action.card].name} was taken from the discard pile this turn and "
                "cannot be discarded now"
            )
        if action.card is None or action.card not in g.hands[g.current]:
            return "you can only discard a card from your hand"
        return None


class CivioHandler(EasyPhaseHandler):
    phase = EasyPhase.CIVIO
    action_kinds = (CIVIO,)

    def options(self, g: EasyPlay) -> tuple[EasyAction, ...]:
        return (CIVIO_CALL,)

    def apply(self, g: EasyPlay, action: EasyAction) -> Outcome:
        g.turns_played += 1
        g.finish(g.current, "civio")
        return Outcome(over="civio")


HANDLERS: dict[EasyPhase, EasyPhaseHandler] = {
    h.phase: h for h in (DrawHandler(), LayHandler(), DiscardHandler(), CivioHandler())
}


class EasyPlay:
    """One round of Easy Play for `seats` players (2-4), dealt from `seed`.

    `deal_order` (a test hook, as in `Round`) fixes the top of the shuffled deck: seat 0's 7
    cards, then seat 1's, ..., then the card that starts the discard pile, then the supply from
    the top. `scores`: totals before this round (shown in views)."""

    def __init__(
        self,
        seats: int,
        dealer: int,
        seed: int,
        deck: Deck | None = None,
        rules: RuleSet | None = None,
        *,
        deal_order: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        self.deck = deck if deck is not None else standard_deck()
        check_table(self.deck, seats)
        if not 0 <= dealer < seats:
            raise ValueError(f"dealer {dealer} is not a seat of {seats}")
        self.rules = rules if rules is not None else RuleSet()
        self.seats, self.dealer, self.seed = seats, dealer, seed
        self.rng = random.Random(seed)
        self.deal_order = tuple(deal_order) if deal_order is not None else None
        order = shuffled_deck(len(self.deck), deal_order, self.rng)
        self.hands = [order[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(seats)]
        self.discard_pile = [order[HAND_SIZE * seats]]
        self.supply = order[HAND_SIZE * seats + 1 :][::-1]  # the top is the last element
        self.laid: list[list[tuple[int, int]]] = [[] for _ in range(seats)]
        self.scores_before = tuple(scores) if scores is not None else None
        self.current = (dealer + 1) % seats
        self.turn = 1
        self.turns_played = 0
        self.phase = EasyPhase.DRAW
        self.drawn: int | None = None
        self.source: str | None = None
        self.taken: int | None = None
        self.events: list[EasyEvent] = []
        self.result: EasyResult | None = None

    # ---------------------------------------------------------------- the pending decision

    @property
    def is_over(self) -> bool:
        return self.phase is EasyPhase.OVER

    @property
    def decision(self) -> EasyDecision | None:
        if self.phase is EasyPhase.OVER:
            return None
        return HANDLERS[self.phase].decision(self)

    def legal_actions(self) -> tuple[EasyAction, ...]:
        d = self.decision
        return d.options if d is not None else ()

    def apply(self, action: EasyAction) -> None:
        """Apply one of the pending decision's options; anything else raises
        `IllegalActionError` naming the problem, and the round is unchanged."""
        d = self.decision
        if d is None:
            raise IllegalActionError("the round is over")
        if action not in d.options:
            raise IllegalActionError(self._why_illegal(d, action))
        seat, turn = self.current, self.turn
        out = HANDLERS[self.phase].apply(self, action)
        self.events.append(
            EasyEvent(
                len(self.events), turn, seat, action, out.card, out.to, out.reshuffled, out.over
            )
        )

    def _why_illegal(self, d: EasyDecision, action: EasyAction) -> str:
        handler = HANDLERS[d.phase]
        if not isinstance(action, EasyAction) or action.kind not in handler.action_kinds:
            wanted = " or ".join(handler.action_kinds)
            kind = getattr(action, "kind", action)
            return f"it is time to {wanted}, not {kind}"
        for c in (action.card, *action.cards):
            if c is not None and not 0 <= c < len(self.deck):
                return f"card id {c} is not in the deck"
        why = handler.why_illegal(self, action)
        return why or f"{action.to_str(self.deck)} is not among the options"

    # ---------------------------------------------------------------- the turn's bookkeeping

    def lay_options(self) -> tuple[EasyAction, ...]:
        """The pairs the turn player may lay now (none that would strand the taken card)."""
        hand = self.hands[self.current]
        taken = self.taken
        out = []
        for a, b in pairs_in(self.deck, hand):
            if taken is not None and len(hand) == 3 and taken not in (a, b):
                continue
            out.append(EasyAction.lay(a, b))
        return tuple(out)

    def refill_supply(self) -> int:
        """The discard pile but its top card, shuffled into a new supply, as in the main game
        (docs/RULES.md, "The supply runs out"); returns its size."""
        pile = self.discard_pile
        top = pile.pop()
        self.rng.shuffle(pile)
        self.supply = pile
        self.discard_pile = [top]
        return len(pile)

    def end_turn(self) -> str | None:
        """Pass the turn on, or end the round at the turn limit; the reason it ended."""
        self.turns_played += 1
        self.drawn = self.source = self.taken = None
        if self.turns_played >= self.rules.max_turns:
            self.finish(None, "max_turns")
            return "max_turns"
        self.current = (self.current + 1) % self.seats
        self.turn = self.turns_played + 1
        self.phase = EasyPhase.DRAW
        return None

    def finish(self, winner: int | None, reason: str) -> None:
        scores = tuple(
            pair_points(self.deck, self.laid[s]) + (GOING_OUT_BONUS if s == winner else 0)
            for s in range(self.seats)
        )
        self.result = EasyResult(
            winner,
            scores,
            tuple(tuple(p) for p in self.laid),
            tuple(tuple(h) for h in self.hands),
            self.turns_played,
            reason,
        )
        self.phase = EasyPhase.OVER

    # ---------------------------------------------------------------------------- views

    def view(self, seat: int) -> EasyPlayView:
        """What `seat` sees: nothing of the other hands but their sizes and the cards they took
        from the discard pile, nothing of the supply but its size."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not at this table of {self.seats}")
        d = self.decision
        own_turn = d is not None and d.seat == seat
        return EasyPlayView(
            seat=seat,
            seats=self.seats,
            dealer=self.dealer,
            turn=self.turn,
            turns_played=self.turns_played,
            current_seat=None if d is None else d.seat,
            phase=self.phase.value,
            hand=list(self.hands[seat]),
            hand_counts=[len(h) for h in self.hands],
            laid=[list(p) for p in self.laid],
            known_in_hand=[self._known(s) if s != seat else [] for s in range(self.seats)],
            discard_pile=list(self.discard_pile),
            supply_count=len(self.supply),
            taken_from_discard=self.taken,
            drawn=self.drawn if own_turn or self.source == DISCARD_PILE else None,
            scores=list(self.scores_before) if self.scores_before is not None else None,
            is_over=d is None,
            result=self.result.to_json() if self.result is not None else None,
        )

    def _known(self, seat: int) -> list[int]:
        """The cards `seat` took from the discard pile that are still in its hand (a card that
        left the hand and came back from the supply is not known)."""
        known: list[int] = []
        for e in self.events:
            a = e.action
            if e.seat != seat:
                continue
            if a.kind == DRAW and a.source == DISCARD_PILE and e.card is not None:
                known.append(e.card)
            elif a.kind == DISCARD and a.card in known:
                known.remove(a.card)
            elif a.kind == LAY:
                known = [c for c in known if c not in a.cards]
        return known

    def clone(self) -> EasyPlay:
        """An independent copy (also of the RNG), for AI search and tests."""
        other = object.__new__(EasyPlay)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.laid = [list(p) for p in self.laid]
        other.discard_pile = list(self.discard_pile)
        other.supply = list(self.supply)
        other.events = list(self.events)
        return other

    @classmethod
    def replay(
        cls, seats: int, dealer: int, seed: int, actions: Sequence[EasyAction], **kwargs: Any
    ) -> EasyPlay:
        """A new round with `actions` applied in order (saves keep seed, dealer and actions)."""
        g = cls(seats, dealer, seed, **kwargs)
        for a in actions:
            g.apply(a)
        return g

    def to_json(self) -> dict[str, Any]:
        """The round's settings and its actions: all `from_json` needs (deck named by sha256)."""
        return round_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any], deck: Deck | None = None) -> EasyPlay:
        """The round `to_json` wrote, every action replayed with checks (ValueError for another
        deck, `IllegalActionError` for an action the rules refuse)."""
        deck = deck if deck is not None else standard_deck()
        require_deck(deck, data.get("deck_sha256"))
        return cls.replay(
            int(data["seats"]),
            int(data["dealer"]),
            int(data["seed"]),
            [EasyAction.from_json(a) for a in data["actions"]],
            deck=deck,
            rules=RuleSet.model_validate(data["rules"]),
            deal_order=data.get("deal_order"),
            scores=data.get("scores"),
        )

    @property
    def actions(self) -> list[EasyAction]:
        return [e.action for e in self.events]
