"""The round engine: one round of CIVIO as a deterministic state machine (RULES.md, A round).

A `Round` always has exactly one pending `Decision` (or is over). `apply(action)` checks the
action against the decision's options and advances; `apply_unchecked` skips the check for AI
search. All randomness comes from the round's own `random.Random(seed)`, so the same arguments and
the same actions give the same round and the same event log.

Internal state is plain lists and ints (no pydantic on the hot path); `view(seat)` builds the
pydantic `PlayerView` on demand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from cards import go_out as _go_out
from cards import scoring as _scoring
from cards.actions import (
    ACCEPT_ACTION,
    CALL,
    CIVIO_CALL,
    CIVIO_PLAY_ON,
    CONFISCATE_HIDDEN,
    DECLINE,
    DECLINE_ACTION,
    DISCARD,
    DISCARD_PILE,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    FACE_UP,
    OVERRULE,
    SUPPLY,
    TARGET,
    Action,
    Decision,
    DecisionKind,
    IllegalActionError,
)
from cards.deck import Deck, standard_deck
from cards.events import (
    EVERYONE,
    NOTE_FACE_UP_REVEALED,
    NOTE_LOSES_TURN,
    NOTE_REPLACEMENT,
    NOTE_RESHUFFLE,
    NOTE_ROUND_OVER,
    NOTE_SKIPPED,
    Event,
    Note,
)
from cards.models import Effect
from cards.ruleset import RuleSet

if TYPE_CHECKING:
    from cards.view import PlayerView

HAND_SIZE = 7
FACE_UP_COUNT = 5
MIN_SEATS = 2
MAX_SEATS = 4

# Phases: the internal position in the turn. Each maps to one DecisionKind; the reveal and
# discard phases differ in what follows them.
P_FACE_UP = 0
P_DRAW = 1
P_DISCARD = 2
P_REVEAL = 3  # turn player, after the main discard
P_TARGET = 4
P_OVERRULE = 5
P_CONFISCATE = 6
P_TARGET_REVEAL = 7  # the target, after its replacement draw
P_CONF_DISCARD = 8  # attacker's discard after a confiscation (launches nothing)
P_CONF_REVEAL = 9  # attacker, after that discard
P_CIVIO = 10
P_OVER = 11

PHASE_NAMES = (
    "face_up",
    "draw",
    "discard",
    "reveal",
    "attack_target",
    "overrule",
    "confiscate",
    "target_reveal",
    "confiscation_discard",
    "attacker_reveal",
    "civio",
    "over",
)
_PHASE_KIND = (
    DecisionKind.FACE_UP,
    DecisionKind.DRAW,
    DecisionKind.DISCARD,
    DecisionKind.REVEAL,
    DecisionKind.ATTACK_TARGET,
    DecisionKind.OVERRULE,
    DecisionKind.CONFISCATE,
    DecisionKind.REVEAL,
    DecisionKind.DISCARD,
    DecisionKind.REVEAL,
    DecisionKind.CIVIO,
    None,
)
_PHASE_STAGE = (
    "main",
    "main",
    "main",
    "main",
    "main",
    "main",
    "main",
    "replacement",
    "after_confiscation",
    "after_confiscation",
    "main",
    "main",
)

LOSE_TURN = Effect.LOSE_TURN.value
CONFISCATE_EFFECT = Effect.CONFISCATE.value


class _Tables:
    """Per-deck facts the engine reads on every turn, built once per deck."""

    def __init__(self, deck: Deck) -> None:
        self.attack: list[str | None] = []
        self.overrules_lose_turn: list[bool] = []
        self.overrules_confiscate: list[bool] = []
        for card in deck.cards:
            action = card.action
            attack = action.what.value if action and action.kind == "attack" else None
            self.attack.append(attack)
            self.overrules_lose_turn.append(bool(action and action.overrules(Effect.LOSE_TURN)))
            self.overrules_confiscate.append(bool(action and action.overrules(Effect.CONFISCATE)))


def _tables(deck: Deck) -> _Tables:
    tables: _Tables = deck.cached("round_tables", _Tables)
    return tables


def check_table(deck: Deck, seats: int) -> None:
    """Raise ValueError unless a round for `seats` players can be dealt from `deck`: a hand of
    7 each and at least one card for the supply."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a round needs {MIN_SEATS}-{MAX_SEATS} seats, not {seats}")
    if len(deck) < HAND_SIZE * seats + 1:
        raise ValueError(f"{len(deck)} cards are too few to deal {seats} hands of 7")


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


class Round:
    """One round. Construct with the rule set, the number of seats (2-4), the dealer seat and a
    seed; `deck` defaults to the standard deck.

    `deal_order` (a test hook) fixes the top of the shuffled deck: its cards are dealt seat by
    seat (seat 0's 7 cards first, then seat 1's, ...), then the next one starts the discard pile,
    then the rest form the supply, top first. Cards it leaves out follow in a seeded shuffle.
    `scores` (cumulative points before this round, from a Game) only appears in views.
    """

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
        self.deck = deck
        self.rules = rules
        self.seats = seats
        self.dealer = dealer
        self.seed = seed
        self.scores_before: tuple[int, ...] | None = tuple(scores) if scores is not None else None
        self.deal_order: tuple[int, ...] | None = (
            tuple(deal_order) if deal_order is not None else None
        )
        self.rng = random.Random(seed)
        self._t = _tables(deck)
        self._all = (1 << seats) - 1

        order = self._shuffled_deck(deal_order)
        n = seats
        self.hidden: list[list[int]] = [
            order[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(n)
        ]
        self.face_up: list[list[int]] = [[] for _ in range(n)]
        self.discard_pile: list[int] = [order[HAND_SIZE * n]]
        rest = order[HAND_SIZE * n + 1 :]
        rest.reverse()
        self.supply: list[int] = rest  # top of the supply is the end of the list
        # known[c]: bit mask of the seats that know where card c is (kept for cards in hands;
        # face-up and discarded cards are everyone's, supply cards no one's).
        self.known: list[int] = [0] * len(deck)
        for s in range(n):
            for c in self.hidden[s]:
                self.known[c] = 1 << s
        self.known[self.discard_pile[0]] = self._all
        self.skips: list[int] = [0] * n
        self.choices: list[tuple[int, ...] | None] = [None] * n
        self.current = (dealer + 1) % n
        self.turn = 0  # the current turn's number (1-based); 0 while laying face up
        self.turns_played = 0
        self.phase = P_FACE_UP
        # Turn state
        self.drawn: int | None = None
        self.source: str | None = None
        self.taken: int | None = None  # the card taken from the discard pile this turn
        self.discarded: int | None = None  # the turn's main discard
        self.law: int | None = None
        self.effect: str | None = None
        self.target: int | None = None
        self.confiscated: int | None = None
        self.events: list[Event] = []
        self.result: RoundResult | None = None
        self._decision: Decision | None = None
        self._notes: list[Note] = []

    def _shuffled_deck(self, deal_order: Sequence[int] | None) -> list[int]:
        size = len(self.deck)
        if deal_order is None:
            order = list(range(size))
            self.rng.shuffle(order)
            return order
        fixed = list(deal_order)
        if len(set(fixed)) != len(fixed) or any(not 0 <= c < size for c in fixed):
            raise ValueError("deal_order must list distinct card ids of the deck")
        chosen = set(fixed)
        rest = [c for c in range(size) if c not in chosen]
        self.rng.shuffle(rest)
        return fixed + rest

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

    @classmethod
    def from_view(cls, view: PlayerView, deck: Deck, rng: random.Random) -> Round:
        """A round consistent with `view` (determinisation): the cards the viewer cannot locate
        are dealt at random into the opponents' unknown hidden slots and the supply. The new
        round's RNG is seeded from `rng`; it has no events. Another seat's pending CIVIO choice
        (hidden from the viewer) is taken as "play on"."""
        if view.deck_sha256 != deck.sha256:
            raise ValueError("the view belongs to a different deck")
        n = view.seats
        me = view.seat
        new = cls.__new__(cls)
        new.deck = deck
        new.rules = view.rules
        new.seats = n
        new.dealer = view.dealer
        new.seed = rng.getrandbits(64)
        new.rng = random.Random(new.seed)
        new.scores_before = tuple(view.scores) if view.scores is not None else None
        new.deal_order = None
        new._t = _tables(deck)
        new._all = everyone = (1 << n) - 1
        unseen = view.unseen_cards(deck)
        rng.shuffle(unseen)
        opening = view.pending is not None and view.pending.phase == "face_up"
        known = [0] * len(deck)
        new.face_up = []
        new.hidden = []
        new.choices = []
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
                for _ in range(p.hidden_count - len(p.known_hidden)):
                    c = unseen.pop()
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
                    choice = tuple(sorted(rng.sample(hidden, FACE_UP_COUNT)))
                hidden = face_up + hidden
                face_up = []
            else:
                choice = tuple(sorted(face_up))
                for c in face_up:
                    known[c] = everyone
            new.face_up.append(face_up)
            new.hidden.append(hidden)
            new.choices.append(choice)
        if len(unseen) != view.supply_count:
            raise ValueError("the view's card counts do not add up to the deck")
        new.supply = unseen
        new.discard_pile = list(view.discard_pile)
        for c in new.discard_pile:
            known[c] = everyone
        new.known = known
        new.skips = [p.skips for p in view.players]
        new.current = view.current_seat
        new.turn = view.turn
        new.turns_played = view.turns_played
        new.events = []
        new.result = None
        new._decision = None
        new._notes = []
        new.taken = view.taken_from_discard
        pending = view.pending
        new.drawn = new.source = new.discarded = new.law = None
        new.effect = new.target = new.confiscated = None
        if pending is None:
            raise ValueError("cannot determinise a round that is over")
        if pending.phase == "end_of_turn":
            new.phase = P_CIVIO
            new._next_turn()
            return new
        new.phase = PHASE_NAMES.index(pending.phase)
        new.source = pending.source
        new.drawn = pending.drawn
        if new.drawn is None and pending.source == SUPPLY:
            # Some card of the turn player's hidden ones: which one does not change any rule.
            new.drawn = new.hidden[new.current][-1]
        new.law = pending.law
        new.effect = pending.effect
        new.target = pending.target
        new.confiscated = pending.confiscated
        if new.confiscated is None and new.phase in (P_CONF_DISCARD, P_CONF_REVEAL):
            new.confiscated = new.hidden[new.current][-1]
        if new.phase == P_REVEAL and new.discard_pile:
            new.discarded = new.discard_pile[-1]
        elif new.law is not None:
            new.discarded = new.law
        return new

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
        return self.phase == P_OVER

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

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
        if d is None and self.phase != P_OVER:
            d = self._decision = self._build_decision()
        return d

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (None when over)."""
        d = self.decision
        return d.seat if d is not None else None

    def legal_actions(self) -> tuple[Action, ...]:
        d = self.decision
        return d.options if d is not None else ()

    def is_legal(self, action: Action) -> bool:
        d = self.decision
        return d is not None and action in d.options

    def parse(self, text: str) -> Action:
        """`Action.from_str` with this round's deck."""
        return Action.from_str(text, self.deck)

    def _build_decision(self) -> Decision:
        phase = self.phase
        kind = _PHASE_KIND[phase]
        assert kind is not None
        s = self.current
        if phase == P_FACE_UP:
            s = self.choices.index(None)
            options: tuple[Action, ...] = tuple(
                Action(FACE_UP, cards=c)
                for c in combinations(sorted(self.hidden[s]), FACE_UP_COUNT)
            )
            return Decision(s, kind, options)
        if phase == P_DRAW:
            opts = []
            if self.supply or len(self.discard_pile) >= 2:
                opts.append(DRAW_SUPPLY)
            if self.discard_pile:
                opts.append(DRAW_DISCARD)
            return Decision(s, kind, tuple(opts))
        if phase in (P_DISCARD, P_CONF_DISCARD):
            taken = self.taken
            options = tuple(
                Action.discard(c) for c in self.face_up[s] + self.hidden[s] if c != taken
            )
            if phase == P_DISCARD:
                return Decision(s, kind, options, drawn=self.drawn, source=self.source)
            return Decision(
                s,
                kind,
                options,
                stage="after_confiscation",
                attacker=s,
                target=self.target,
                effect=self.effect,
                law=self.law,
                drawn=self.drawn,
                source=self.source,
                confiscated=self.confiscated,
            )
        if phase in (P_REVEAL, P_CONF_REVEAL, P_TARGET_REVEAL):
            if phase == P_TARGET_REVEAL:
                s = self.target  # type: ignore[assignment]
            options = tuple(Action.reveal(c) for c in self.hidden[s])
            if phase == P_REVEAL:
                return Decision(s, kind, options, drawn=self.drawn, source=self.source)
            return Decision(
                s,
                kind,
                options,
                stage=_PHASE_STAGE[phase],
                attacker=self.current,
                target=self.target,
                effect=self.effect,
                law=self.law,
                confiscated=self.confiscated,
            )
        if phase == P_TARGET:
            opts = [Action.target(o) for o in range(self.seats) if o != s]
            if self.rules.attacks == "optional":
                opts.append(DECLINE_ACTION)
            return Decision(s, kind, tuple(opts), attacker=s, effect=self.effect, law=self.law)
        if phase == P_OVERRULE:
            t = self.target
            assert t is not None
            table = (
                self._t.overrules_lose_turn
                if self.effect == LOSE_TURN
                else self._t.overrules_confiscate
            )
            opts = [Action.overrule(c) for c in self.face_up[t] + self.hidden[t] if table[c]]
            opts.append(ACCEPT_ACTION)
            return Decision(
                t, kind, tuple(opts), attacker=s, target=t, effect=self.effect, law=self.law
            )
        if phase == P_CONFISCATE:
            t = self.target
            assert t is not None
            options = (
                tuple(Action.confiscate(c) for c in self.face_up[t])
                + CONFISCATE_HIDDEN[: len(self.hidden[t])]
            )
            return Decision(
                s, kind, options, attacker=s, target=t, effect=self.effect, law=self.law
            )
        # P_CIVIO
        return Decision(s, kind, (CIVIO_CALL, CIVIO_PLAY_ON))

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
        seat = d.seat if d is not None else self._decider()
        self._apply(action, seat)

    def _decider(self) -> int:
        if self.phase == P_FACE_UP:
            return self.choices.index(None)
        if self.phase in (P_OVERRULE, P_TARGET_REVEAL):
            assert self.target is not None
            return self.target
        return self.current

    def _apply(self, action: Action, seat: int) -> None:
        self._decision = None
        notes = self._notes = []
        cards: tuple[int, ...] = ()
        c: int | None
        to = EVERYONE
        target = None
        private = False
        turn = self.turn
        phase = self.phase
        known = self.known
        s = self.current

        if phase == P_DRAW:
            hidden = self.hidden[s]
            if action.source == SUPPLY:
                c = self._draw_from_supply()
                if c is None:  # only reachable through apply_unchecked
                    raise IllegalActionError("the supply is empty and cannot be refilled")
                known[c] = 1 << s
                to = 1 << s
                self.source = SUPPLY
            else:
                c = self.discard_pile.pop()
                known[c] = self._all
                self.taken = c
                self.source = DISCARD_PILE
            hidden.append(c)
            self.drawn = c
            cards = (c,)
            self.phase = P_DISCARD

        elif phase == P_DISCARD:
            c = action.card
            assert c is not None
            self._remove(s, c)
            self.discard_pile.append(c)
            known[c] = self._all
            self.discarded = c
            if len(self.hidden[s]) == 3:
                self.phase = P_REVEAL
            else:
                self._after_main_discard()

        elif phase in (P_REVEAL, P_TARGET_REVEAL, P_CONF_REVEAL):
            c = action.card
            assert c is not None
            self.hidden[seat].remove(c)
            self.face_up[seat].append(c)
            known[c] = self._all
            if phase == P_REVEAL:
                self._after_main_discard()
            elif phase == P_TARGET_REVEAL:
                self.phase = P_CONF_DISCARD
            else:
                self._end_turn()

        elif phase == P_TARGET:
            cards = (self.law,) if self.law is not None else ()
            if action.kind == DECLINE:
                self._end_turn()
            else:
                self.target = action.seat
                self.phase = P_OVERRULE

        elif phase == P_OVERRULE:
            t = seat
            if action.kind == OVERRULE:
                assert action.card is not None
                known[action.card] = self._all
                self._end_turn()
            elif self.effect == LOSE_TURN:
                self.skips[t] += 1
                notes.append(Note(NOTE_LOSES_TURN, t, count=self.skips[t]))
                self._end_turn()
            else:
                self.phase = P_CONFISCATE

        elif phase == P_CONFISCATE:
            victim = self.target
            assert victim is not None
            target = t = victim
            th = self.hidden[t]
            if action.slot is not None:
                # Blind: the target's hidden cards lie face down in an order the attacker cannot
                # know, so the slot named is matched to one of them at random.
                c = th[(action.slot ^ self.rng.getrandbits(1)) % len(th)]
                th.remove(c)
                both = (1 << s) | (1 << t)
                known[c] = both
                # Onlookers no longer know which of the target's hidden cards went.
                for other in th:
                    known[other] &= both
                cards = (c,)
                to = both
            else:
                c = action.card
                assert c is not None
                self.face_up[t].remove(c)
                known[c] = self._all
            self.hidden[s].append(c)
            self.confiscated = c
            replacement = self._draw_from_supply()
            if replacement is None:
                self._finish(None, "no_draw")
            else:
                th.append(replacement)
                known[replacement] = 1 << t
                notes.append(Note(NOTE_REPLACEMENT, t, (replacement,), to=1 << t))
                self.phase = P_TARGET_REVEAL if len(th) == 3 else P_CONF_DISCARD

        elif phase == P_CONF_DISCARD:
            c = action.card
            assert c is not None
            self._remove(s, c)
            self.discard_pile.append(c)
            known[c] = self._all
            if len(self.hidden[s]) == 3:
                self.phase = P_CONF_REVEAL
            else:
                self._end_turn()

        elif phase == P_CIVIO:
            if action.choice == CALL:
                self._finish(s, "civio")
            else:
                private = True
                to = 1 << s
                self._next_turn()

        elif phase == P_FACE_UP:
            chosen = action.cards
            self.choices[seat] = chosen
            to = 1 << seat
            if None not in self.choices:
                self._lay_face_up()

        else:
            raise IllegalActionError("the round is over")

        self.events.append(
            Event(len(self.events), turn, seat, action, cards, to, target, tuple(notes), private)
        )

    def _remove(self, s: int, c: int) -> None:
        hidden = self.hidden[s]
        if c in hidden:
            hidden.remove(c)
        else:
            self.face_up[s].remove(c)

    def _draw_from_supply(self) -> int | None:
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
        self.phase = P_DRAW

    def _after_main_discard(self) -> None:
        c = self.discarded
        assert c is not None
        effect = self._t.attack[c]
        if effect is None:
            self._end_turn()
        else:
            self.law = c
            self.effect = effect
            self.phase = P_TARGET

    def _end_turn(self) -> None:
        s = self.current
        self.turns_played += 1
        if _go_out.goes_out(self.deck, self.face_up[s] + self.hidden[s]):
            self.phase = P_CIVIO
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.drawn = self.source = self.taken = self.discarded = None
        self.law = self.effect = self.target = self.confiscated = None
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
            self._notes.append(Note(NOTE_SKIPPED, s))
            if self.turns_played >= limit:
                self._finish(None, "max_turns")
                return
            s = (s + 1) % n
        self.current = s
        self.turn = self.turns_played + 1
        if not self.supply and len(self.discard_pile) < 1:
            self._finish(None, "no_draw")
            return
        self.phase = P_DRAW

    def _finish(self, winner: int | None, reason: str) -> None:
        deck, rules = self.deck, self.rules
        scores: list[int] = []
        precedents: list[tuple[tuple[int, ...], ...]] = []
        hands = tuple(tuple(self.face_up[s] + self.hidden[s]) for s in range(self.seats))
        kind = None
        for s in range(self.seats):
            if s == winner:
                arrangement = _go_out.best_go_out(deck, hands[s], rules)
                if arrangement is None:
                    raise RuntimeError(f"seat {s} called CIVIO with a hand that does not go out")
                kind = arrangement.kind
                scores.append(_scoring.winner_score(arrangement, rules))
                precedents.append(tuple(tuple(p) for p in arrangement.precedents))
            else:
                points, precs = _go_out.best_non_winner(deck, hands[s])
                scores.append(points)
                precedents.append(tuple(tuple(p) for p in precs))
        self.result = RoundResult(
            winner, kind, tuple(scores), tuple(precedents), hands, self.turns_played, reason
        )
        self.phase = P_OVER
        self._decision = None
        self._notes.append(Note(NOTE_ROUND_OVER, winner, count=self.turns_played, detail=reason))

    # ------------------------------------------------------------------- error messages

    def _say(self, action: Action) -> str:
        try:
            return repr(action.to_str(self.deck))
        except (IndexError, ValueError):
            return repr(action)

    def _who(self, seat: int) -> str:
        return f"Seat {seat}"

    def _why_illegal(self, action: Action, d: Decision) -> str:
        deck = self.deck
        what = self._say(action)
        head = f"{self._who(d.seat)} must decide {d.kind.value}"
        expected = {
            DecisionKind.FACE_UP: {FACE_UP},
            DecisionKind.DRAW: {"draw"},
            DecisionKind.DISCARD: {DISCARD},
            DecisionKind.REVEAL: {"reveal"},
            DecisionKind.ATTACK_TARGET: {TARGET, DECLINE},
            DecisionKind.OVERRULE: {OVERRULE, "accept"},
            DecisionKind.CONFISCATE: {"confiscate"},
            DecisionKind.CIVIO: {"civio"},
        }[d.kind]
        if action.kind not in expected:
            return f"{head}, so {what} is not possible now"
        card = action.card
        if card is not None and not 0 <= card < len(deck):
            return f"{head}: card id {card} is not in the deck"
        name = deck[card].name if card is not None else ""
        if d.kind is DecisionKind.DISCARD and card is not None:
            if card == self.taken:
                return (
                    f"{name} was taken from the discard pile this turn and cannot be discarded now"
                )
            return f"{name} is not among {self._who(d.seat)}'s cards"
        if d.kind is DecisionKind.REVEAL and card is not None:
            return f"{name} is not one of {self._who(d.seat)}'s hidden cards"
        if d.kind is DecisionKind.DRAW:
            return f"{head}: the supply is empty and cannot be refilled"
        if d.kind is DecisionKind.ATTACK_TARGET:
            if action.kind == DECLINE:
                return "declining an attack is allowed only under the optional-attacks rule"
            if action.seat == d.seat:
                return "a seat cannot attack itself"
            return f"seat {action.seat} is not an opponent at this table"
        if d.kind is DecisionKind.OVERRULE and card is not None:
            effect = (d.effect or "").replace("_", " ")
            t = d.seat
            if card not in self.face_up[t] + self.hidden[t]:
                return f"{name} is not among {self._who(t)}'s cards"
            return f"{name} does not overrule {effect}"
        if d.kind is DecisionKind.CONFISCATE:
            if action.slot is not None:
                return f"hidden slot {action.slot} does not exist (choose 0 or 1)"
            return f"{name} is not one of {self._who(d.target or 0)}'s face-up cards"
        if d.kind is DecisionKind.FACE_UP:
            return f"{head}: choose exactly {FACE_UP_COUNT} of your own {HAND_SIZE} cards"
        return f"{head}: {what} is not among the options"

    # ------------------------------------------------------------------------- views

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know now, as a pydantic `PlayerView` (cards/view.py)."""
        from cards.view import build_view

        return build_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Round seats={self.seats} dealer={self.dealer} seed={self.seed} "
            f"turn={self.turn} phase={self.phase_name} events={len(self.events)}>"
        )
