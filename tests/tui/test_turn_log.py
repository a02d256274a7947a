"""The table's log of a round (civio_tui/turn_log.py): a player's own steps in a turn told in
one sentence that grows with the turn; answers, confiscations and notes as the events tell
them; a card drawn from the supply named only to the one who drew it."""

from __future__ import annotations

from cards.deck import Deck
from cards.games.civio.actions import ACCEPT_ACTION, DRAW_DISCARD, DRAW_SUPPLY, Action
from cards.games.civio.events import NOTE_LOSES_TURN, Event, Note
from civio_tui.turn_log import round_log

NAMES = ["You", "Hard", "Medium 1", "Medium 2"]


def attack_turn(deck: Deck) -> list[Event]:
    """Hard draws Katz from the supply, keeps it, discards Jim Crow Laws (an attack), turns
    Tinker face up and aims the attack at Medium 1, who accepts and will lose a turn."""
    katz, jim_crow = deck.lookup("Katz v US"), deck.lookup("Jim Crow Laws")
    tinker = deck.lookup("Tinker v Des Moines School District")
    return [
        Event(0, 1, 1, DRAW_SUPPLY, (katz,), to=1 << 1),
        Event(1, 1, 1, Action.discard(jim_crow), (jim_crow,)),
        Event(2, 1, 1, Action.reveal(tinker)),
        Event(3, 1, 1, Action.target(2), (jim_crow,)),
        Event(4, 1, 2, ACCEPT_ACTION, notes=(Note(NOTE_LOSES_TURN, 2, count=1),)),
    ]


def test_a_turn_is_one_sentence_that_names_the_attack_its_target_and_its_effect(
    deck: Deck,
) -> None:
    lines = round_log(deck, attack_turn(deck), 0, NAMES, you=0)
    # The attack last, its answer after it; the card drawn unseen and kept goes without saying
    # (a card turned up says so).
    assert lines == [
        "Hard turned up Tinker and discarded Jim Crow Laws to attack Medium 1 (Lose Turn);"
        " Medium 1 accepted."
    ]
    # Hard itself reads the card it drew; the others never do.
    assert round_log(deck, attack_turn(deck), 1, NAMES)[0].startswith("Hard drew Katz v US, ")


def test_a_turn_in_progress_is_told_as_far_as_it_went(deck: Deck) -> None:
    events = attack_turn(deck)
    # At the discard, the attack is told before its target is chosen.
    assert round_log(deck, events[:2], 0, NAMES, you=0) == [
        "Hard drew and discarded Jim Crow Laws, which attacks (Lose Turn)."
    ]
    assert round_log(deck, events[:3], 0, NAMES, you=0) == [
        "Hard turned up Tinker and discarded Jim Crow Laws, which attacks (Lose Turn)."
    ]
    assert round_log(deck, events[:4], 2, NAMES, you=2) == [
        "Hard turned up Tinker and discarded Jim Crow Laws to attack you (Lose Turn)."
    ]


def test_an_overruled_attack_says_with_what(deck: Deck) -> None:
    events = attack_turn(deck)[:4]
    cra = deck.lookup("Civil Rights Act of 1964")
    events.append(Event(4, 1, 2, Action.overrule(cra)))
    assert round_log(deck, events, 2, NAMES, you=2)[0].endswith(
        "to attack you (Lose Turn); you overruled it with Civil Rights Act."
    )


def test_your_own_turn_names_what_you_drew_and_a_card_taken_from_the_pile(deck: Deck) -> None:
    brown = deck.lookup("Brown v Board of Education of Topeka")
    katz = deck.lookup("Katz v US")
    events = [
        Event(0, 1, 0, DRAW_SUPPLY, (brown,), to=1 << 0),
        Event(1, 1, 0, Action.discard(brown)),
        Event(2, 2, 1, DRAW_DISCARD, (brown,)),
        Event(3, 2, 1, Action.discard(katz)),
    ]
    assert round_log(deck, events, 0, NAMES, you=0) == [
        "You drew Brown and discarded it.",
        "Hard took Brown and discarded Katz v US.",
    ]
