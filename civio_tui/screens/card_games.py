"""What the Solitaire and Puzzle screens share: their layout, the two precedents a player
builds from a list of cards, and a card's facts for finding links."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from cards.deck import Deck
from cards.models import Card, CardType
from civio_tui import keymap
from civio_tui.card_words import kind_label
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList


def precedent_keys() -> list[Binding]:
    """Keys 1 and 2 (a card into precedent 1 or 2) under one footer label, "1 2 Precedent":
    apart, their two labels pushed the footer's last keys (? Help) off an 80-column screen."""
    group = Binding.Group("Precedent")
    return [replace(keymap.spec(i).binding(), group=group) for i in ("games.first", "games.second")]


def layout(prefix: str, cards: type[NavList] = NavList) -> Iterator[Widget]:
    """Title, a line under it, the card list beside a side panel, a message, the footer; ids
    are `{prefix}-title`, `-row`, `-body`, `-cards`, `-side` and `-message`."""
    yield Static(id=f"{prefix}-title")
    yield Static(id=f"{prefix}-row")
    with Horizontal(id=f"{prefix}-body"):
        yield cards(id=f"{prefix}-cards")
        yield Static(id=f"{prefix}-side")
    yield Static(id=f"{prefix}-message")
    yield KeysFooter()


LIST_ROOM = 41
"""Columns for a line of the card list (46 wide in solitaire.tcss and puzzles.tcss, less its
border, padding and scroll bar)."""


def fitting_name(card: Card, room: int) -> str | None:
    """The card's name if it fits `room` columns, else its longest alias that does ("Hazelwood
    v Kuhlmeier"), else None. A name wrapped in the list put its year or type alone at the
    left margin, under the marks, where it read as a card of its own."""
    if len(card.name) <= room:
        return card.name
    fitting = [a for a in card.aliases if len(a) <= room]
    return max(fitting, key=len) if fitting else None


class TwoPrecedents:
    """The cards a player has put in precedent 1 and 2, in the order they were put there."""

    def __init__(self) -> None:
        self.groups: dict[int, list[int]] = {1: [], 2: []}

    def toggle(self, card: int, number: int) -> None:
        """Put `card` in precedent `number` (out of the other one), or take it out again."""
        if card in self.groups[number]:
            self.groups[number].remove(card)
            return
        for group in self.groups.values():
            if card in group:
                group.remove(card)
        self.groups[number].append(card)

    def mark(self, card: int) -> str:
        """ "1 " or "2 " for a card in a precedent, two spaces otherwise."""
        for number, group in self.groups.items():
            if card in group:
                return f"{number} "
        return "  "

    def chosen(self) -> list[list[int]]:
        return [list(g) for g in self.groups.values() if g]

    def lines(self, deck: Deck) -> list[Content]:
        out = []
        for number, group in self.groups.items():
            names = " → ".join(deck[c].name for c in group) if group else "(empty)"
            out.append(Content.assemble((f"Precedent {number}: ", "bold"), names))
        return out


def ordinal(number: int) -> str:
    """ "1st", "2nd", "14th": how an amendment is named."""
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def card_heading(card: Card) -> Content:
    """A card's name, type and year: "Grutter v Bollinger (Case, 2003)"."""
    year = f", {card.year}" if card.year else ""
    return Content.styled(f"{card.name} ({kind_label(card)}{year})", "bold")


def card_facts(card: Card) -> Content:
    """What a card lists, for finding links: its type, year, issues, plus/minus columns and
    the amendments it strengthens."""
    lines = [card_heading(card)]
    strengthens: tuple[str, ...] = ()
    if card.amendments and card.type is not CardType.AMENDMENT:
        # An Amendment's own number is its name, not a link ("amendments: 8" on the 8th).
        numbers = [ordinal(a) for a in card.amendments]
        plural = "s" if len(numbers) > 1 else ""
        strengthens = (f"{', '.join(numbers)} Amendment{plural}",)
    for label, values in (
        ("issues", card.issues),
        ("plus", card.plus),
        ("minus", card.minus),
        ("strengthens", strengthens),
    ):
        if values:
            lines.append(Content.assemble((f"{label}: ", "$text-muted"), ", ".join(values)))
    return Content("\n").join(lines)
