"""The event log of a round: one `Event` per applied action, with what each seat may see of it.

`event.action` is the full truth (replays and saves use it); never show it raw to a seat. Show
`event.describe(deck, for_seat)`, which keeps private parts (a card drawn from the supply, the
cards chosen to lay face up before they are revealed, a card taken blind) to the seats that may
know them. Automatic consequences of an action (a reshuffle, a replacement draw, a skipped turn,
the face-up cards revealed together, the end of the round) are `Note`s inside its event, so
`[e.action for e in round.events]` is exactly the round's action history.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.engine import EVERYONE, sees
from cards.games.civio.actions import (
    ACCEPT,
    CIVIO,
    CONFISCATE,
    DECLINE,
    DISCARD,
    DRAW,
    FACE_UP,
    OVERRULE,
    REVEAL,
    TARGET,
    Action,
)
from cards.table import SUPPLY

if TYPE_CHECKING:
    from cards.deck import Deck


# Note kinds
NOTE_FACE_UP_REVEALED = "face_up_revealed"
NOTE_RESHUFFLE = "reshuffle"
NOTE_REPLACEMENT = "replacement"
NOTE_LOSES_TURN = "loses_turn"
NOTE_SKIPPED = "skipped"
NOTE_ROUND_OVER = "round_over"
NOTE_KINDS = (
    NOTE_FACE_UP_REVEALED,
    NOTE_RESHUFFLE,
    NOTE_REPLACEMENT,
    NOTE_LOSES_TURN,
    NOTE_SKIPPED,
    NOTE_ROUND_OVER,
)

_REASON_WORDS = {
    "civio": "CIVIO",
    "max_turns": "the turn limit was reached with no CIVIO",
    "no_draw": "no card could be drawn",
}


@dataclass(frozen=True, slots=True)
class Note:
    """An automatic consequence inside an event.

    kinds: face_up_revealed (seat, its 5 `cards`) · reshuffle (`count`: new supply size) ·
    replacement (seat drew `cards[0]` from the supply; `to` = that seat) · loses_turn (seat will
    skip a turn; `count`: skips now pending) · skipped (seat's turn was skipped; `count`: that
    turn's number, so a record tells it under its own turn) · round_over
    (seat: winner or None; `detail`: "civio" | "max_turns" | "no_draw"; `count`: turns played).
    """

    what: str
    seat: int | None = None
    cards: tuple[int, ...] = ()
    to: int = EVERYONE
    count: int = 0
    detail: str = ""

    def describe(
        self, deck: Deck, for_seat: int | None, names: Sequence[str], you: int | None = None
    ) -> str:
        """This note as a sentence for `for_seat`; `you` is the seat told of as "you"."""
        voice = _Voice(names, you)
        seat = self.seat
        who = voice.subject(seat) if seat is not None else ""
        show = sees(self.to, for_seat)
        if self.what == NOTE_FACE_UP_REVEALED:
            return f"{who} {voice.verb(seat, 'lays', 'lay')} face up: {_names(deck, self.cards)}."
        if self.what == NOTE_RESHUFFLE:
            return (
                "The supply ran out: the discard pile except its top card was shuffled into a "
                f"new supply of {self.count} cards."
            )
        if self.what == NOTE_REPLACEMENT:
            card = f": {_names(deck, self.cards)}" if show and self.cards else ""
            return f"{who} drew a replacement from the supply{card}."
        if self.what == NOTE_LOSES_TURN:
            return f"{who} will lose a turn."
        if self.what == NOTE_SKIPPED:
            return f"{who} {voice.verb(seat, 'loses', 'lose')} this turn."
        if self.what == NOTE_ROUND_OVER:
            if self.seat is not None:
                wins = voice.verb(seat, "wins", "win")
                turns = "turn" if self.count == 1 else "turns"
                return f"{who} {wins} the round with CIVIO after {self.count} {turns}."
            return f"The round ends with no winner: {_REASON_WORDS.get(self.detail, self.detail)}."
        return f"{self.what}."


@dataclass(frozen=True, slots=True)
class Event:
    """One applied action. `cards` are cards the action brought to light beyond its own payload
    (the card drawn, the card confiscated); `to` says who may see them and the private payload of
    the action (the 5 chosen face-up cards). `private` events (a seat choosing to play on instead
    of calling CIVIO, which would tell others its hand goes out) are seen by `to` only.
    """

    seq: int
    turn: int
    seat: int
    action: Action
    cards: tuple[int, ...] = ()
    to: int = EVERYONE
    target: int | None = None
    notes: tuple[Note, ...] = ()
    private: bool = False

    def visible_to(self, seat: int | None) -> bool:
        """False when the event's action is hidden from `seat` (its public notes still show)."""
        return not self.private or sees(self.to, seat)

    def describe(
        self,
        deck: Deck,
        for_seat: int | None = None,
        names: Sequence[str] | None = None,
        you: int | None = None,
    ) -> str | None:
        """What `for_seat` sees of this event as one or more sentences, or None when nothing of
        it is shown to that seat. `for_seat=None` tells everything (replays, debugging). The
        seat `you` (if any) is told of in the second person: "You drew", "attacked you"."""
        lines = self.lines(deck, for_seat, names, you)
        return " ".join(lines) if lines else None

    def lines(
        self,
        deck: Deck,
        for_seat: int | None = None,
        names: Sequence[str] | None = None,
        you: int | None = None,
    ) -> list[str]:
        """The sentences of `describe`, one per line (the action, then each note).

        A private event hides its action from the other seats, not the public consequences
        that follow it: after a private "play on", the next seat's skipped turn or the end of
        the round at the turn limit are still told to everyone, exactly as they would be had
        no CIVIO been on offer (leaving them out would itself tell that the hand goes out)."""
        seat_names = list(names) if names is not None else _default_names(self)
        out: list[str] = []
        visible = self.visible_to(for_seat)
        if visible:
            out.append(self._main(deck, for_seat, _Voice(seat_names, you)))
        out.extend(
            note.describe(deck, for_seat, seat_names, you)
            for note in self.notes
            if visible or sees(note.to, for_seat)
        )
        return out

    def lines_by_turn(
        self, deck: Deck, names: Sequence[str] | None = None, you: int | None = None
    ) -> list[tuple[int, str]]:
        """Every sentence of the event with the turn it belongs to, everything shown (a record
        of a finished round): a skipped turn is told under its own number, so a record never
        jumps from turn 3 to turn 5 without a word."""
        texts = self.lines(deck, None, names, you)
        turns = [self.turn] + [
            n.count if n.what == NOTE_SKIPPED and n.count else self.turn for n in self.notes
        ]
        return list(zip(turns, texts, strict=True))

    def _main(self, deck: Deck, for_seat: int | None, voice: _Voice) -> str:
        a = self.action
        who = voice.subject(self.seat)
        show = sees(self.to, for_seat)
        kind = a.kind
        if kind == DRAW:
            where = "the supply" if a.source == SUPPLY else "the discard pile"
            card = f": {_names(deck, self.cards)}" if show and self.cards else ""
            return f"{who} drew from {where}{card}."
        if kind == DISCARD and a.card is not None:
            if self.cards:  # a Law whose attack this discard launches
                return (
                    f"{who} discarded {deck[a.card].name}, which attacks{_effect_of(deck, a.card)}."
                )
            return f"{who} discarded {deck[a.card].name}."
        if kind == REVEAL and a.card is not None:
            return f"{who} turned face up {deck[a.card].name}."
        if kind == FACE_UP:
            # Every log, the whole-round one too, names the cards once: when all are laid face up
            # together (the reveal's note), never twice.
            return f"{who} chose which cards to lay face up."
        if kind == TARGET and a.seat is not None:
            law = self.cards[0] if self.cards else None
            with_law = f" with {deck[law].name}" if law is not None else ""
            effect = _effect_of(deck, law)
            return f"{who} attacked {voice.object(a.seat)}{with_law}{effect}."
        if kind == DECLINE:
            law = self.cards[0] if self.cards else None
            with_law = f" with {deck[law].name}" if law is not None else ""
            return f"{who} declined to attack{with_law}."
        if kind == OVERRULE and a.card is not None:
            return f"{who} overruled the attack with {deck[a.card].name}."
        if kind == ACCEPT:
            return f"{who} accepted the attack."
        if kind == CONFISCATE:
            victim = voice.object(self.target) if self.target is not None else "?"
            if a.slot is None and a.card is not None:
                return f"{who} confiscated {deck[a.card].name} from {victim}."
            card = f": {_names(deck, self.cards)}" if show and self.cards else ""
            return f"{who} confiscated a hidden card from {victim}{card}."
        if kind == CIVIO:
            if a.choice == "call":
                return f"{who} called CIVIO!"
            return f"{who} could call CIVIO but played on."
        return f"{who}: {a.to_str(deck)}."


@dataclass(frozen=True, slots=True)
class _Voice:
    """Who a sentence speaks of: seats by name, except the seat `you`, in the second person.
    Only present-tense verbs differ ("You lay", "Medium lays"); past tenses are the same."""

    names: Sequence[str]
    you: int | None

    def subject(self, seat: int) -> str:
        return "You" if seat == self.you else self.names[seat]

    def object(self, seat: int) -> str:
        return "you" if seat == self.you else self.names[seat]

    def verb(self, seat: int | None, third: str, second: str) -> str:
        return second if seat is not None and seat == self.you else third


def _default_names(event: Event) -> list[str]:
    top = max([event.seat, event.target or 0, event.action.seat or 0, 3])
    for note in event.notes:
        top = max(top, note.seat or 0)
    return [f"Seat {i}" for i in range(top + 1)]


def _names(deck: Deck, cards: Sequence[int]) -> str:
    return ", ".join(deck[c].name for c in cards)


def _effect_of(deck: Deck, law: int | None) -> str:
    if law is None:
        return ""
    action = deck[law].action
    if action is None:
        return ""
    return f" ({action.what.label})"
