"""The table's log of a round: each turn's own steps (the draw, the discard, the card turned
face up, the attack's target) and the target's answer told in one sentence, "Medium turned up
Katz v US and discarded Jim Crow Laws to attack you (Lose Turn); you accepted.", so that a lap
of four players fits the log at 80x24; the rest (a confiscation, the notes) as the round's
events tell it (cards/games/civio/events.py). Cards go by their short names here; Your cards,
the card pop-up and `p` show them in full.

A turn in progress is told as far as it went: the discard of an attacking Law says so at once
("…discarded Jim Crow Laws, which attacks (Lose Turn)."), and the same sentence names the
target once it is chosen, then the answer. The attack comes last in the sentence, where its
answer follows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cards.deck import Deck
from cards.engine import sees
from cards.games.civio.actions import (
    ACCEPT,
    DECLINE,
    DISCARD,
    DRAW,
    OVERRULE,
    REVEAL,
    TARGET,
)
from cards.games.civio.events import NOTE_LOSES_TURN, Event, Note
from cards.table import SUPPLY
from civio_tui.widgets.cards import plain_name

_STEPS = (DRAW, DISCARD, REVEAL, TARGET, DECLINE)
"""A player's own steps in a turn: in a row, they are told in one sentence (after a
confiscation, the attacker's discard and card turned face up in a second one)."""


@dataclass
class _Turn:
    steps: list[Event] = field(default_factory=list)
    answer: Event | None = None
    """The target's answer to the attack (accepted, or overruled)."""

    def aimed_at(self) -> int | None:
        return next((e.action.seat for e in self.steps if e.action.kind == TARGET), None)


def round_log(
    deck: Deck,
    events: Sequence[Event],
    viewer: int | None,
    names: Sequence[str],
    you: int | None = None,
) -> list[str]:
    """The round's log as `viewer` may see it, the seat `you` told of as "you"."""
    teller = _Teller(deck, viewer, names, you)
    lines: list[str] = []
    turn = _Turn()

    def tell_turn() -> None:
        if turn.steps:
            lines.extend(teller.turn(turn))
        turn.steps, turn.answer = [], None

    for event in events:
        kind = event.action.kind
        first = turn.steps[0] if turn.steps else None
        same = first is not None and (event.seat, event.turn) == (first.seat, first.turn)
        if same and kind in _STEPS and kind != DRAW:
            turn.steps.append(event)
            continue
        answers = kind in (ACCEPT, OVERRULE) and turn.answer is None
        if answers and turn.aimed_at() == event.seat:
            turn.answer = event
            continue
        tell_turn()
        if kind in _STEPS:
            turn.steps.append(event)
        else:
            lines.extend(event.lines(deck, viewer, names, you))
    tell_turn()
    return lines


@dataclass(frozen=True)
class _Teller:
    """Tells a turn to `viewer` (the seat `you` in the second person)."""

    deck: Deck
    viewer: int | None
    names: Sequence[str]
    you: int | None

    def name(self, card: int) -> str:
        return plain_name(self.deck[card])

    def whom(self, seat: int) -> str:
        return "you" if seat == self.you else self.names[seat]

    def turn(self, turn: _Turn) -> list[str]:
        """The turn's sentence, then the notes of its events (the answer's, but a lost turn
        its sentence tells)."""
        clauses: list[str] = []
        attack = ""
        drawn: int | None = None
        aimed = next((e for e in turn.steps if e.action.kind in (TARGET, DECLINE)), None)
        for event in turn.steps:
            action = event.action
            if action.kind == DRAW:
                # "drew" is from the supply, "took" from the discard pile. A card drawn unseen
                # and kept goes without saying: the card turned up says it was kept.
                shown = sees(event.to, self.viewer) and event.cards
                drawn = event.cards[0] if shown else None
                card = f" {self.name(drawn)}" if drawn is not None else ""
                if action.source != SUPPLY:
                    clauses.append(f"took{card}")
                elif card or not any(e.action.kind == REVEAL for e in turn.steps):
                    clauses.append(f"drew{card}")
            elif action.kind == DISCARD and action.card is not None:
                card = "it" if action.card == drawn else self.name(action.card)
                if event.cards:  # a Law whose attack this discard launches
                    attack = self._attack(f"discarded {card}", event, aimed)
                else:
                    clauses.append(f"discarded {card}")
            elif action.kind == REVEAL and action.card is not None:
                clauses.append(f"turned up {self.name(action.card)}")
            elif action.kind in (TARGET, DECLINE) and not attack:
                law = f" with {self.name(event.cards[0])}" if event.cards else ""
                attack = self._attack(f"attacked{law}", event, aimed)
        who = "You" if turn.steps[0].seat == self.you else self.names[turn.steps[0].seat]
        sentence = f"{who} {_joined([*clauses, attack] if attack else clauses)}"
        notes = [n for e in turn.steps for n in e.notes]
        if turn.answer is not None:
            answer, kept = self._answer(turn.answer)
            sentence += f"; {answer}"
            notes += kept
        return [
            f"{sentence}.",
            *(n.describe(self.deck, self.viewer, self.names, self.you) for n in notes),
        ]

    def _attack(self, done: str, event: Event, aimed: Event | None) -> str:
        """The clause of the attack: "discarded Jim Crow Laws to attack you (Lose Turn)";
        before its target is chosen, "…, which attacks (Lose Turn)"."""
        effect = _effect(self.deck, event)
        if aimed is None:
            return f"{done}, which attacks{effect}"
        target = aimed.action.seat
        if aimed.action.kind == DECLINE or target is None:
            return f"{done} and chose not to attack"
        if done.startswith("attacked"):  # no discard in this sentence: the Law is named
            return f"attacked {self.whom(target)}{done.removeprefix('attacked')}{effect}"
        return f"{done} to attack {self.whom(target)}{effect}"

    def _answer(self, event: Event) -> tuple[str, list[Note]]:
        """The target's answer as a clause, and its notes still to tell."""
        who = self.whom(event.seat)
        action = event.action
        if action.kind == OVERRULE and action.card is not None:
            return f"{who} overruled it with {self.name(action.card)}", list(event.notes)
        # The lost turn goes without saying: the attack's effect was just told (Lose Turn),
        # the opponents pane counts the turns to skip and the log tells the skipped turn.
        rest = [n for n in event.notes if not (n.what == NOTE_LOSES_TURN and n.seat == event.seat)]
        return f"{who} accepted", rest


def _effect(deck: Deck, event: Event) -> str:
    law = event.cards[0] if event.cards else None
    action = deck[law].action if law is not None else None
    return f" ({action.what.label})" if action is not None else ""


def _joined(clauses: list[str]) -> str:
    """ "a, b and c"; after a clause with a comma of its own, ", and"."""
    if len(clauses) < 2:
        return "".join(clauses)
    comma = "," if "," in clauses[-2] else ""
    return f"{', '.join(clauses[:-1])}{comma} and {clauses[-1]}"
