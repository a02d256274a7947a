"""The attack and overrule facts of a deck's Laws (docs/RULES.md, Attacks), computed once per deck.

The engine, the AI and the table all ask the same questions on every turn: does this card
attack, and with what; which cards overrule an attack. `law_facts(deck)` answers them from the
cards' printed actions, built once and kept with the deck (`Deck.cached`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.models import Effect

if TYPE_CHECKING:
    from cards.deck import Deck


class LawFacts:
    """Per card id: `attack[c]` (the effect's value, "lose_turn" or "confiscate", or None) and
    whether it overrules each attack, as lists (`overrules_lose_turn[c]`) and as bit masks over
    the ids (`stops_lose_turn >> c & 1`)."""

    def __init__(self, deck: Deck) -> None:
        self.attack: list[str | None] = []
        self.overrules_lose_turn: list[bool] = []
        self.overrules_confiscate: list[bool] = []
        self.stops_lose_turn = 0
        self.stops_confiscate = 0
        for c, card in enumerate(deck.cards):
            action = card.action
            self.attack.append(action.what.value if action and action.kind == "attack" else None)
            lose_turn = bool(action and action.overrules(Effect.LOSE_TURN))
            confiscate = bool(action and action.overrules(Effect.CONFISCATE))
            self.overrules_lose_turn.append(lose_turn)
            self.overrules_confiscate.append(confiscate)
            self.stops_lose_turn |= lose_turn << c
            self.stops_confiscate |= confiscate << c

    def attacks(self, card: int | None) -> bool:
        """Whether discarding `card` launches an attack."""
        return card is not None and self.attack[card] is not None

    def overrules(self, effect: str | None) -> list[bool]:
        """Per card id: whether it overrules the attack `effect` ("lose_turn" or "confiscate")."""
        if effect == Effect.LOSE_TURN.value:
            return self.overrules_lose_turn
        return self.overrules_confiscate

    def stoppers(self, effect: str | None) -> int:
        """The cards that overrule the attack `effect`, as a bit mask over the ids."""
        if effect == Effect.LOSE_TURN.value:
            return self.stops_lose_turn
        return self.stops_confiscate


def law_facts(deck: Deck) -> LawFacts:
    """The deck's `LawFacts`, built on first use."""
    facts: LawFacts = deck.cached("cards.law_facts", LawFacts)
    return facts
