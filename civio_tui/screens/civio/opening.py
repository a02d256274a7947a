"""The opening at the table: the player marks the 2 cards to keep hidden, then Done lays the
other 5 face up. The marks, and the options as the question pane lists them."""

from __future__ import annotations

from collections.abc import Iterable

from textual.content import Content

from cards.deck import Deck
from cards.table import FACE_UP_COUNT, HAND_SIZE
from civio_tui.questions import Question

MAX_OPENING_HIDDEN = HAND_SIZE - FACE_UP_COUNT


class OpeningMarks:
    """The cards marked to keep hidden, in the order they were marked."""

    def __init__(self) -> None:
        self.cards: list[int] = []
        self.hinted: frozenset[int] | None = None
        """The marks as the shown hint made them (changing them drops the hint)."""

    def restore(self, marked: object, hand: Iterable[int]) -> None:
        """The marks kept with the table state (only cards still in the hand, at most 2)."""
        held = set(hand)
        kept = marked if isinstance(marked, list) else []
        self.cards = [c for c in kept if type(c) is int and c in held][:MAX_OPENING_HIDDEN]

    def set_hinted(self, hand: Iterable[int], face_up: Iterable[int]) -> None:
        """Mark what the hint keeps hidden: the hand's cards it does not lay face up."""
        up = set(face_up)
        self.cards = [c for c in hand if c not in up]
        self.hinted = frozenset(self.cards)

    def toggle(self, card: int, deck: Deck) -> str | None:
        """Mark or unmark `card`; a third mark unmarks the first, and says so."""
        self.hinted = None
        if card in self.cards:
            self.cards.remove(card)
            return None
        self.cards.append(card)
        if len(self.cards) <= MAX_OPENING_HIDDEN:
            return None
        unmarked = self.cards.pop(0)
        name = deck[unmarked].name
        return f"Only {MAX_OPENING_HIDDEN} cards stay hidden: {name} will go face up instead."

    @property
    def missing(self) -> int:
        return MAX_OPENING_HIDDEN - len(self.cards)

    def options(self, question: Question) -> list[Content]:
        """The question's cards, the marked ones with ▒ and bold, then Done."""
        hidden = set(self.cards)
        options = []
        for option in question.options:
            assert option.card is not None
            if option.card in hidden:
                options.append(Content.assemble(("▒ ", "bold"), option.text.stylize("bold")))
            else:
                options.append(Content.assemble("  ", option.text))
        if not self.missing:
            options.append(Content.styled("Done: lay the other 5 face up", "bold"))
        else:
            options.append(Content.styled(f"Done (mark {self.missing} more to keep hidden)", "dim"))
        return options
