"""The round engine: one round of CIVIO as a deterministic state machine (docs/RULES.md, A round).

A `Round` always has exactly one pending `Decision` (or is over). `apply(action)` checks the
action against the decision's options and advances; `apply_unchecked` skips the check for AI
search. All randomness comes from the round's own `random.Random(seed)`, so the same arguments and
the same actions give the same round and the same event log.

The round's position is a `Phase` (cards/games/civio/phase.py); the rule of each phase (its
decision, who decides, how an action applies, why one is illegal) is its handler in
cards/games/civio/round_phases.py. This module holds the state, the checks every phase shares and
the turn's bookkeeping (drawing, ending a turn, scoring the round). Internal state is plain lists
and ints (no pydantic on the hot path); `view(seat)` builds the pydantic `PlayerView` on demand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cards import go_out as _go_out
from cards import scoring as _scoring
from cards.deck import Deck, require_deck, standard_deck
from cards.engine import IllegalActionError, round_to_json
from cards.games.civio.actions import FACE_UP, Action, Decision
from cards.games.civio.events import (
    NOTE_FACE_UP_REVEALED,
    NOTE_RESHUFFLE,
    NOTE_ROUND_OVER,
    NOTE_SKIPPED,
    Event,
    Note,
)
from cards.games.civio.laws import law_facts
from cards.games.civio.phase import END_OF_TURN, Phase
from cards.games.civio.round_phases import HANDLERS, FaceUpHandler
from cards.games.civio.world import UnseenCards
from cards.ruleset import RuleSet
from cards.table import FACE_UP_COUNT, HAND_SIZE, MAX_SEATS, MIN_SEATS, check_table
from cards.table import shuffled_deck as _shuffled_deck

if TYPE_CHECKING:
    from cards.games.civio.view import PlayerView

__all__ = [
    "FACE_UP_COUNT",
    "HAND_SIZE",
    "MAX_SEATS",
    "MIN_SEATS",
    "Phase",
    "Round",
    "RoundResult",
    "check_table",
]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended. `precedents[s]`: the winner's going-out arrangement, or the best set of
    disjoint scoring precedents of a non-winner (empty when nothing scores). `reason`: "civio",
    "max_turns" or "no_draw"; `kind`: "flush" | "three_four" | None (no winner)."""

    winner: int | None
    kind: str | None
    scores: tuple[int, ...]
    precedents: tuple[tuple[tuple[int, ...], ...], ...]
    hands: tuple[tuple[int, ...], ...]
    turns: int
    reason: str

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that went out, or none (cards.engine's `Result`)."""
        return () if self.winner is None else (self.winner,)

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "kind": self.kind,
            "scores": list(self.scores),
            "precedents": [[list(p) for p in seat] for seat in self.precedents],
            "hands": [list(h) for h in self.hands],
            "turns": self.turns,
            "reason": self.reason,
        }


def score_round(
    deck: Deck, rules: RuleSet, hands: tuple[tuple[int, ...], ...], winner: int | None
) -> tuple[str | None, tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The end of a round (docs/RULES.md, Scoring): the going-out kind, each seat's points and its
    precedents (the winner's arrangement; the others' best disjoint scoring precedents)."""
    scores: list[int] = []
    precedents: list[tuple[tuple[int, ...], ...]] = []
    kind = None
    for s, hand in enumerate(hands):
        if s == winner:
            arrangement = _go_out.best_go_out(deck, hand, rules)
            if arrangement is None:
                raise RuntimeError(f"seat {s} called CIVIO with a hand that does not go out")
            kind = arrangement.kind
            scores.append(_scoring.winner_score(arrangement, rules))
            precedents.append(tuple(tuple(p) for p in arrangement.precedents))
        else:
            points, precs = _go_out.best_non_winner(deck, hand)
            scores.append(points)
            precedents.append(tuple(tuple(p) for p in precs))
    return kind, tuple(scores), tuple(precedents)


class Round:
    """One round. Construct with the rule set, the number of seats (2-4), the dealer seat and a
    seed; `deck` defaults to the standard deck.

    `deal_order` (a test hook) fixes the top of the shuffled deck: its cards are dealt seat by
    seat (seat 0's 7 cards first, then seat 1's, ...), then the next one starts the discard pile,
    then the rest form the supply, top first. Cards it leaves out follow in a seeded shuffle.
    `scores` (cumulative points before this round, from a Game) only appears in views.
    """

    phase: Phase

    def __init__(
        self,
        rules: RuleSet,
        seats: int,
        dealer: int,
        seed: int,
        deck: Deck | None = None,
        *,
        deal_order: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        deck = deck if deck is not None else standard_deck()
        check_table(deck, seats)
        if not 0 <= dealer < seats:
            raise ValueError(f"dealer {dealer} is not a seat of {seats}")
        rng = random.Random(seed)
        order = _shuffled_deck(len(deck), deal_order, rng)
        n = seats
        hidden = [order[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(n)]
        discard_pile = [order[HAND_SIZE * n]]
        supply = order[HAND_SIZE * n + 1 :]
        supply.reverse()  # top of the supply is the end of the list
        known = [0] * len(deck)
        for s in range(n):
            for c in hidden[s]:
                known[c] = 1 << s
        known[discard_pile[0]] = (1 << n) - 1
        self._setup(
            deck, rules, seats, dealer, seed, rng, scores=scores, deal_order=deal_order,
            face_up=[[] for _ in range(n)], hidden=hidden, discard_pile=discard_pile,
            supply=supply, known=known, skips=[0] * n, choices=[None] * n,
            current=(dealer + 1) % n, turn=0, turns_played=0, phase=Phase.FACE_UP,
        )  # fmt: skip

    def _setup(
        self,
        deck: Deck,
        rules: RuleSet,
        seats: int,
        dealer: int,
        seed: int,
        rng: random.Random,
        *,
        scores: Sequence[int] | None,
        deal_order: Sequence[int] | None,
        face_up: list[list[int]],
        hidden: list[list[int]],
        discard_pile: list[int],
        supply: list[int],
        known: list[int],
        skips: list[int],
        choices: list[tuple[int, ...] | None],
        current: int,
        turn: int,
        turns_played: int,
        phase: Phase,
    ) -> None:
        """Every attribute of a round, set in one place (`__init__` and `from_view`); the turn's
        context starts empty."""
        self.deck = deck
        self.rules = rules
        self.seats = seats
        self.dealer = dealer
        self.seed = seed
        self.rng = rng
        self.scores_before: tuple[int, ...] | None = tuple(scores) if scores is not None else None
        self.deal_order = tuple(deal_order) if deal_order is not None else None
        self._laws = law_facts(deck)
        self._all = (1 << seats) - 1
        self.face_up = face_up
        self.hidden = hidden
        self.discard_pile = discard_pile
        self.supply = supply
        # known[c]: bit mask of the seats that know where card c is (kept for cards in hands;
        # face-up and discarded cards are everyone's, supply cards no one's).
        self.known = known
        self.skips = skips
        self.choices = choices
        self.current = current
        self.turn = turn  # the current turn's number (1-based); 0 while laying face up
        self.turns_played = turns_played
        self.phase = phase
        self._clear_turn()
        self.events: list[Event] = []
        self.result: RoundResult | None = None
        self._decision: Decision | None = None
        self._notes: list[Note] = []

    def _clear_turn(self) -> None:
        """Forget the turn's context (at the start of every turn)."""
        self.drawn: int | None = None
        self.source: str | None = None
        self.taken: int | None = None  # the card taken from the discard pile this turn
        self.discarded: int | None = None  # the turn's main discard
        self.law: int | None = None
        self.effect: str | None = None
        self.target: int | None = None
        self.confiscated: int | None = None

    # ----------------------------------------------------------------- construction helpers

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seats: int,
        dealer: int,
        seed: int,
        actions: Iterable[Action],
        deck: Deck | None = None,
        **kwargs: Any,
    ) -> Round:
        """The round built from the same arguments with `actions` applied (checked) in order."""
        rnd = cls(rules, seats, dealer, seed, deck, **kwargs)
        for action in actions:
            rnd.apply(action)
        return rnd

    def to_json(self) -> dict[str, Any]:
        """The round's settings and its actions: all `from_json` needs (deck named by sha256)."""
        return round_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any], deck: Deck | None = None) -> Round:
        """The round `to_json` wrote, every action replayed with checks (ValueError for another
        deck, `IllegalActionError` for an action the rules refuse)."""
        deck = deck if deck is not None else standard_deck()
        require_deck(deck, data.get("deck_sha256"))
        return cls.replay(
            RuleSet.model_validate(data["rules"]),
            int(data["seats"]),
            int(data["dealer"]),
            int(data["seed"]),
            [Action.from_json(a) for a in data["actions"]],
            deck,
            deal_order=data.get("deal_order"),
            scores=data.get("scores"),
        )

    @classmethod
    def from_view(cls, view: PlayerView, deck: Deck, unseen: UnseenCards) -> Round:
        """The round `view` shows, with the cards it does not show placed as `unseen` says (see
        `ai.civio.determinise.sample_world` for a random placing). The new round's RNG is seeded
        `unseen.seed`; it has no events. Another seat's pending CIVIO choice (hidden from the
        viewer) is taken as "play on"."""
        if view.deck_sha256 != deck.sha256:
            raise ValueError("the view belongs to a different deck")
        _check_unseen(view, deck, unseen)
        opening = view.pending is not None and view.pending.phase == Phase.FACE_UP.value
        face_up, hidden, choices, known = _hands_from_view(view, unseen, opening, len(deck))
        for c in view.discard_pile:
            known[c] = (1 << view.seats) - 1
        new = cls.__new__(cls)
        new._setup(
            deck, view.rules, view.seats, view.dealer, unseen.seed, random.Random(unseen.seed),
            scores=view.scores, deal_order=None, face_up=face_up, hidden=hidden,
            discard_pile=list(view.discard_pile), supply=list(unseen.supply), known=known,
            skips=[p.skips for p in view.players], choices=choices, current=view.current_seat,
            turn=view.turn, turns_played=view.turns_played, phase=Phase.FACE_UP,
        )  # fmt: skip
        new.taken = view.taken_from_discard
        new._resume(view)
        return new

    def _resume(self, view: PlayerView) -> None:
        """Take up the pending decision `view` shows (the turn's context the view gives)."""
        pending = view.pending
        if pending is None:
            raise ValueError("cannot determinise a round that is over")
        if pending.phase == END_OF_TURN:
            self.phase = Phase.CIVIO
            self._next_turn()
            return
        self.phase = phase = Phase.named(pending.phase)
        self.source = pending.source
        self.drawn = pending.drawn
        if self.drawn is None and pending.source == "supply":
            # Some card of the turn player's hidden ones: which one does not change any rule.
            self.drawn = self.hidden[self.current][-1]
        self.law = pending.law
        self.effect = pending.effect
        self.target = pending.target
        self.confiscated = pending.confiscated
        if self.confiscated is None and phase in (Phase.CONF_DISCARD, Phase.CONF_REVEAL):
            self.confiscated = self.hidden[self.current][-1]
        if phase is Phase.REVEAL and self.discard_pile:
            self.discarded = self.discard_pile[-1]
        elif self.law is not None:
            self.discarded = self.law

    def clone(self) -> Round:
        """An independent copy (the event list is copied; events themselves are immutable)."""
        new = Round.__new__(Round)
        d = new.__dict__
        d.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.hidden = [list(h) for h in self.hidden]
        new.face_up = [list(f) for f in self.face_up]
        new.discard_pile = list(self.discard_pile)
        new.supply = list(self.supply)
        new.known = list(self.known)
        new.skips = list(self.skips)
        new.choices = list(self.choices)
        new.events = list(self.events)
        new._notes = []
        return new

    # ------------------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        # The round has a result exactly when its phase is OVER (`_finish` sets both); testing
        # the result spares an Enum member look-up, slow in Python 3.11, on every action.
        return self.result is not None

    @property
    def phase_name(self) -> str:
        return self.phase.label

    @property
    def actions(self) -> list[Action]:
        """The action history: what `replay` needs."""
        return [e.action for e in self.events]

    def hand(self, seat: int) -> list[int]:
        """A seat's cards: face-up first, then hidden."""
        return self.face_up[seat] + self.hidden[seat]

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the round is over."""
        d = self._decision
        if d is None and self.result is None:
            d = self._decision = HANDLERS[self.phase].decision(self)
        return d

    def early_decision(self, seat: int) -> Decision | None:
        """The decision `seat` may make before the round asks it: at the opening every seat
        chooses at once, and the round takes the choices in seat order, so a seat's own choice
        can be made (and kept by whoever plays it) before its turn to give it comes. None when
        the round asks `seat` now (`decision`), after `seat` has chosen, and after the opening."""
        if self.phase is not Phase.FACE_UP or self.choices[seat] is not None:
            return None
        decision = self.decision
        if decision is None or decision.seat == seat:
            return None
        handler = HANDLERS[Phase.FACE_UP]
        assert isinstance(handler, FaceUpHandler)
        return handler.decision_of(self, seat)

    def legal_actions(self) -> tuple[Action, ...]:
        d = self.decision
        return d.options if d is not None else ()

    def is_legal(self, action: Action) -> bool:
        d = self.decision
        return d is not None and action in d.options

    def parse(self, text: str) -> Action:
        """`Action.from_str` with this round's deck."""
        return Action.from_str(text, self.deck)

    # ------------------------------------------------------------------------- applying

    def apply(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises IllegalActionError and changes nothing."""
        d = self.decision
        if d is None:
            raise IllegalActionError(f"the round is over; {self._say(action)} is not possible")
        if action not in d.options:
            if action.kind == FACE_UP and action.cards != tuple(sorted(action.cards)):
                action = Action.face_up(action.cards)  # any order names the same choice
            if action not in d.options:
                raise IllegalActionError(self._why_illegal(action, d))
        self._apply(action, d.seat)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (AI search); no validation."""
        d = self._decision
        seat = d.seat if d is not None else HANDLERS[self.phase].decider(self)
        self._apply(action, seat)

    def _apply(self, action: Action, seat: int) -> None:
        self._decision = None
        self._notes = []
        turn = self.turn
        cards, to, target, private = HANDLERS[self.phase].apply(self, action, seat)
        self.events.append(
            Event(
                len(self.events), turn, seat, action, cards, to, target, tuple(self._notes), private
            )
        )

    # ------------------------------------------------------------- the turn's bookkeeping

    def _draw_from_supply(self) -> int | None:
        """The supply's top card, refilled first from the discard pile (all but its top card,
        shuffled) when empty; None when even that leaves nothing."""
        supply = self.supply
        if not supply:
            pile = self.discard_pile
            if len(pile) < 2:
                return None
            top = pile.pop()
            self.rng.shuffle(pile)
            for c in pile:
                self.known[c] = 0
            self.supply = supply = pile
            self.discard_pile = [top]
            self._notes.append(Note(NOTE_RESHUFFLE, count=len(supply)))
        return supply.pop()

    def _lay_face_up(self) -> None:
        for s in range(self.seats):
            chosen = self.choices[s]
            assert chosen is not None
            self.face_up[s] = list(chosen)
            self.hidden[s] = [c for c in self.hidden[s] if c not in chosen]
            for c in chosen:
                self.known[c] = self._all
            self._notes.append(Note(NOTE_FACE_UP_REVEALED, s, tuple(chosen)))
        self.current = (self.dealer + 1) % self.seats
        self.turn = 1
        self.phase = Phase.DRAW

    def _after_main_discard(self) -> None:
        c = self.discarded
        assert c is not None
        effect = self._laws.attack[c]
        if effect is None:
            self._end_turn()
        else:
            self.law = c
            self.effect = effect
            self.phase = Phase.TARGET

    def _end_turn(self) -> None:
        s = self.current
        self.turns_played += 1
        if _go_out.goes_out(self.deck, self.face_up[s] + self.hidden[s]):
            self.phase = Phase.CIVIO
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self._clear_turn()
        limit = self.rules.max_turns
        if self.turns_played >= limit:
            self._finish(None, "max_turns")
            return
        n = self.seats
        s = (self.current + 1) % n
        skips = self.skips
        while skips[s]:
            skips[s] -= 1
            self.turns_played += 1
            self.current = s
            self.turn = self.turns_played
            self._notes.append(Note(NOTE_SKIPPED, s, count=self.turn))
            if self.turns_played >= limit:
                self._finish(None, "max_turns")
                return
            s = (s + 1) % n
        self.current = s
        self.turn = self.turns_played + 1
        if not self.supply and len(self.discard_pile) < 1:
            self._finish(None, "no_draw")
            return
        self.phase = Phase.DRAW

    def _finish(self, winner: int | None, reason: str) -> None:
        hands = tuple(tuple(self.face_up[s] + self.hidden[s]) for s in range(self.seats))
        kind, scores, precedents = score_round(self.deck, self.rules, hands, winner)
        self.result = RoundResult(
            winner, kind, scores, precedents, hands, self.turns_played, reason
        )
        self.phase = Phase.OVER
        self._decision = None
        self._notes.append(Note(NOTE_ROUND_OVER, winner, count=self.turns_played, detail=reason))

    # ------------------------------------------------------------------- error messages

    def _say(self, action: Action) -> str:
        try:
            return repr(action.to_str(self.deck))
        except (IndexError, ValueError):
            return repr(action)

    def _why_illegal(self, action: Action, d: Decision) -> str:
        """Why `action` is not among `d.options`: the checks every phase shares (the kind of
        action, a card id outside the deck), then the phase's own reason."""
        handler = HANDLERS[self.phase]
        head = f"Seat {d.seat} must decide {d.kind.value}"
        what = self._say(action)
        if action.kind not in handler.action_kinds:
            return f"{head}, so {what} is not possible now"
        card = action.card
        if card is not None and not 0 <= card < len(self.deck):
            return f"{head}: card id {card} is not in the deck"
        name = self.deck[card].name if card is not None else ""
        reason = handler.why_illegal(self, action, d, name)
        return reason if reason is not None else f"{head}: {what} is not among the options"

    # ------------------------------------------------------------------------- views

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know now, as a pydantic `PlayerView` (cards/games/civio/view.py)."""
        from cards.games.civio.view import build_view

        return build_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Round seats={self.seats} dealer={self.dealer} seed={self.seed} "
            f"turn={self.turn} phase={self.phase_name} events={len(self.events)}>"
        )


def _check_unseen(view: PlayerView, deck: Deck, unseen: UnseenCards) -> None:
    """Refuse a placing of the unseen cards that does not fit the view."""
    if len(unseen.hidden) != view.seats or len(unseen.face_up_choices) != view.seats:
        raise ValueError(
            f"the unseen cards are placed for {len(unseen.hidden)} seats, not {view.seats}"
        )
    for p in view.players:
        want = 0 if p.seat == view.seat else p.hidden_count - len(p.known_hidden)
        if len(unseen.hidden[p.seat]) != want:
            raise ValueError(
                f"seat {p.seat} hides {want} cards the viewer does not know, "
                f"not {len(unseen.hidden[p.seat])}"
            )
    if len(unseen.supply) != view.supply_count:
        raise ValueError("the view's card counts do not add up to the deck")
    placed = sorted([*unseen.supply, *(c for h in unseen.hidden for c in h)])
    if placed != view.unseen_cards(deck):
        raise ValueError("the unseen cards placed are not the cards the view does not show")
    opening = view.pending is not None and view.pending.phase == Phase.FACE_UP.value
    for p in view.opponents():
        choice = unseen.face_up_choices[p.seat]
        if not (opening and p.chose_face_up):
            if choice is not None:
                raise ValueError(f"seat {p.seat} has no face-up choice to place")
        elif (
            choice is None
            or len(set(choice)) != FACE_UP_COUNT
            or not set(choice)
            <= {
                *p.known_hidden,
                *unseen.hidden[p.seat],
            }
        ):
            raise ValueError(f"seat {p.seat}'s face-up choice must be 5 of its own cards")


def _hands_from_view(
    view: PlayerView, unseen: UnseenCards, opening: bool, size: int
) -> tuple[list[list[int]], list[list[int]], list[tuple[int, ...] | None], list[int]]:
    """Every seat's face-up and hidden cards, opening choice, and who knows each card, from
    the view and the placing of the cards it does not show."""
    me = view.seat
    known = [0] * size
    all_face_up: list[list[int]] = []
    all_hidden: list[list[int]] = []
    choices: list[tuple[int, ...] | None] = []
    for p in view.players:
        if p.seat == me:
            face_up, hidden = list(view.face_up), list(view.hidden)
            for c in hidden:
                known[c] = 1 << me
                for o in view.known_by.get(c, ()):
                    known[c] |= 1 << o
        else:
            face_up = list(p.face_up)
            hidden = list(p.known_hidden)
            for c in hidden:
                known[c] = (1 << p.seat) | (1 << me)
            for c in unseen.hidden[p.seat]:
                hidden.append(c)
                known[c] = 1 << p.seat
        choice: tuple[int, ...] | None
        if opening:
            # During the opening the engine keeps all 7 cards in `hidden`.
            if not p.chose_face_up:
                choice = None
            elif p.seat == me:
                choice = tuple(sorted(face_up))
            else:
                choice = unseen.face_up_choices[p.seat]
            hidden = face_up + hidden
            face_up = []
        else:
            choice = tuple(sorted(face_up))
            for c in face_up:
                known[c] = (1 << view.seats) - 1
        all_face_up.append(face_up)
        all_hidden.append(hidden)
        choices.append(choice)
    return all_face_up, all_hidden, choices, known
