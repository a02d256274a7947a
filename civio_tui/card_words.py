"""Card words shared by the screens and the commands, free of Textual so a command stays quick."""

from __future__ import annotations

from cards.models import Card, CardType
from cards.ranks import RANKS

FIRST_DIFFICULTY = "easy"
"""Where puzzles start, in the game's Puzzles menu and in `civio puzzle`."""


def kind_label(card: Card) -> str:
    """The card's type in words; the Civil Rights Act says what it may be played as (its type
    label is its own name: "Civil Rights Act of 1964 (Civil Rights Act)" told nothing)."""
    if card.type is CardType.CIVIL_RIGHTS_ACT:
        return "Law or Equality"
    return card.type_label()


def rank_help() -> dict[str, str]:
    """The points each rank a game may be played until takes ("Judge: 31 points in all"): the
    title alone says nothing of how long the game is."""
    return {
        r.title: f"{r.title}: {r.low} points in all, added up round by round." for r in RANKS[1:]
    }
