"""The log speaks to the player in the second person where each sentence is made: "You lay",
"Medium attacked you", with the verb agreeing; other seats (and a log with no `you`) read as
before."""

from __future__ import annotations

from cards.deck import standard_deck
from cards.games.civio.actions import ACCEPT, Action
from cards.games.civio.events import (
    NOTE_FACE_UP_REVEALED,
    NOTE_LOSES_TURN,
    NOTE_ROUND_OVER,
    NOTE_SKIPPED,
    Event,
    Note,
)

DECK = standard_deck()
NAMES = ["You", "Medium", "Hard"]
JIM_CROW = DECK.lookup("Jim Crow Laws")
TINKER = DECK.lookup("Tinker")


def _lines(event: Event, you: int | None) -> list[str]:
    return event.lines(DECK, 0, NAMES, you)


def test_your_own_moves_and_notes_take_the_second_person() -> None:
    cards = tuple(DECK.ids[:5])
    event = Event(
        0,
        1,
        0,
        Action.face_up(cards),
        to=1,
        notes=(Note(NOTE_FACE_UP_REVEALED, 0, cards), Note(NOTE_SKIPPED, 0)),
    )
    laid = ", ".join(DECK[c].name for c in cards)
    assert _lines(event, 0) == [
        "You chose which cards to lay face up.",
        f"You lay face up: {laid}.",
        "You lose this turn.",
    ]
    assert _lines(event, None) == [
        "You chose which cards to lay face up.",
        f"You lays face up: {laid}.",
        "You loses this turn.",
    ]
    won = Event(1, 9, 0, Action.discard(TINKER), notes=(Note(NOTE_ROUND_OVER, 0, count=9),))
    assert _lines(won, 0)[-1] == "You win the round with CIVIO after 9 turns."
    first = Event(1, 1, 0, Action.discard(TINKER), notes=(Note(NOTE_ROUND_OVER, 0, count=1),))
    assert _lines(first, 0)[-1] == "You win the round with CIVIO after 1 turn."


def test_you_are_the_object_when_another_seat_acts_on_you() -> None:
    attack = Event(2, 3, 1, Action.target(0), cards=(JIM_CROW,))
    (line,) = _lines(attack, 0)
    assert line.startswith("Medium attacked you with Jim Crow Laws")
    taken = Event(3, 3, 1, Action.confiscate(TINKER), target=0)
    assert _lines(taken, 0) == [f"Medium confiscated {DECK[TINKER].name} from you."]


def test_other_seats_keep_the_third_person() -> None:
    event = Event(4, 3, 2, Action(ACCEPT), notes=(Note(NOTE_LOSES_TURN, 2, count=1),))
    assert _lines(event, 0) == ["Hard accepted the attack.", "Hard will lose a turn."]
    skipped = Event(5, 4, 1, Action.discard(TINKER), notes=(Note(NOTE_SKIPPED, 2),))
    assert _lines(skipped, 0)[-1] == "Hard loses this turn."
