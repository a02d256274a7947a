"""The answers to a "may B follow A?" step: not a bare yes or no, which can be guessed, but the
reason (which card lists which, a shared issue, or no link at all), judged by the rules."""

from __future__ import annotations

from dataclasses import dataclass

from cards.deck import Deck
from cards.link_reasons import link_reason
from cards.models import Card
from cards.precedent import check_precedent
from civio_tui.widgets.cards import short_name


@dataclass(frozen=True)
class Reason:
    """One answer: its words, whether the rules make it right, and the reply when it is not."""

    label: str
    right: bool
    reply: str


def lists(card: Card, other: Card) -> bool:
    """Whether `card` names `other` in its plus or minus column."""
    return other.name in card.plus or other.name in card.minus


def follow_reasons(deck: Deck, prev: int, card: int) -> list[Reason]:
    """The four answers to "may `card` follow `prev`, and why?" (exactly one is right unless
    both cards list each other)."""
    a, b = deck[prev], deck[card]
    check = check_precedent(deck, [prev, card])
    valid = check.valid
    why = link_reason(deck, prev, card) or "the rules accept it"
    short_a, short_b = short_name(a, 14), short_name(b, 14)
    no_link = f"{check.reason}." if not valid else ""

    def listing(lister: Card, listed: Card, label: str) -> Reason:
        right = valid and lists(lister, listed)
        reply = no_link or (
            f"{lister.name}'s card does not list {listed.name}: read both cards' plus and "
            "minus columns."
        )
        return Reason(label, right, reply)

    shared = valid and not lists(a, b) and not lists(b, a)
    return [
        listing(b, a, f"Yes: {short_b} lists {short_a}"),
        listing(a, b, f"Yes: {short_a} lists {short_b}"),
        Reason(
            "Yes: they share an issue",
            shared,
            no_link
            or f"A shared issue is not what links them here: {why}. (A shared issue lets a "
            "Law follow a Case.)",
        ),
        Reason("No: nothing links them", not valid, f"It may: {why}."),
    ]
