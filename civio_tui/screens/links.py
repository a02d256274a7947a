"""A card's links (`e`, explain): every card it may follow or be followed by, with the rule's
sentence; the highlighted card gets both directions spelled out, whether linked or not."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from cards.deck import Deck
from cards.link_reasons import Link, can_follow, can_precede, pair_sentence
from cards.models import CardType
from civio_tui.screens.base import CivioModal
from civio_tui.widgets.cards import card_line
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList


class LinksScreen(CivioModal[None]):
    """The links of one card. Enter on a card shows that card's links (Backspace returns)."""

    # A whole path: Textual reads a relative CSS_PATH beside the module of the screen shown,
    # and subclasses (Concentration's GridLinksScreen) live in other packages.
    CSS_PATH = str(Path(__file__).with_name("links.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace", "history_back", "Previous card", id="links.history_back"),
        Binding("e", "back", "Close", show=False, id="links.close"),
    ]

    def __init__(
        self, card_id: int, deck: Deck | None = None, *, withheld: frozenset[int] = frozenset()
    ) -> None:
        super().__init__()
        self.withheld = withheld
        """Cards whose links with one another are not shown (a puzzle's cards before it is
        solved: they would give its answer away)."""
        self._deck = deck
        """The deck the card belongs to (a game's may be an older edition); else the app's."""
        self.current = card_id
        self.history: list[int] = []
        self.others: list[int | None] = []
        """The card of each option of the list (None for a heading)."""
        self.prompts: dict[int, Content] = {}
        """Each card option's whole line, by its index (the list shows it cut to fit)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="links-box"):
            yield Static(id="links-head")
            yield NavList(id="links-list")
            yield Static(id="links-pair")
            yield Static(id="links-nav")
        yield KeysFooter()

    @property
    def deck(self) -> Deck:
        return self._deck if self._deck is not None else self.app.deck

    def on_mount(self) -> None:
        self.show(self.current)

    def show(self, card_id: int) -> None:
        deck = self.deck
        self.current = card_id
        card = deck[card_id]
        hidden = self.withheld - {card_id} if card_id in self.withheld else frozenset()
        before = [x for x in can_follow(deck, card_id) if x.prev not in hidden]
        after = [x for x in can_precede(deck, card_id) if x.card not in hidden]
        linked = {x.prev for x in before} | {x.card for x in after} | hidden
        self.query_one("#links-box").border_title = f"Links of {card.name}"
        self.query_one("#links-head", Static).update(
            Content.assemble(
                card_line(card),
                (
                    "\nThe cards it may stand right after, then those that may stand right after ",
                    "",
                ),
                ("it, each with the rule. Highlight any card: both directions below.", ""),
            )
        )
        options: list[Option] = []
        self.others = []
        self.prompts = {}

        def heading(text: str) -> None:
            options.append(Option(Content.styled(text, "bold underline"), disabled=True))
            self.others.append(None)

        def entry(other: int, why: str) -> None:
            text = Content.assemble(card_line(deck[other], points=False), ("  " + why, "dim"))
            options.append(Option(text, id=f"{len(options)}:{other}"))
            self.others.append(other)
            self.prompts[len(options) - 1] = text

        def section(title: str, links: list[Link], side: str) -> None:
            # The links the two cards make alone come first; Amendments closing a precedent
            # through a Case earlier in it, and Marbury's, after them.
            wild = deck[card_id].type is CardType.WILD
            ordered = sorted(
                links,
                key=lambda x: (
                    not wild and CardType.WILD in (deck[x.prev].type, deck[x.card].type),
                    not x.direct,
                ),
            )
            heading(f"{title} ({len(links)})" if links else f"{title}: none")
            for x in ordered:
                entry(x.prev if side == "prev" else x.card, x.why)

        if hidden:
            heading("Its links with the other cards of this puzzle show once you solve it")
        section(f"{card.name} can follow", before, "prev")
        section(f"Can follow {card.name}", after, "card")
        rest = [c for c in deck.ids if c != card_id and c not in linked]
        heading(f"Not linked either way ({len(rest)})")
        for other in rest:
            entry(other, "")
        menu = self.query_one("#links-list", NavList)
        menu.clear_options()
        menu.add_options(options)
        first = next((i for i, c in enumerate(self.others) if c is not None), None)
        if first is not None:
            menu.highlighted = first
        menu.focus()
        self.call_after_refresh(self._fit)
        back = "Backspace: previous card · " if self.history else ""
        self.query_one("#links-nav", Static).update(
            f"↑↓ cards · Enter: that card's links · {back}Esc closes"
        )
        self._show_pair(first)
        self.refresh_bindings()

    def _fit(self) -> None:
        """One line per card, so many fit at 80x24: the sentence is cut short in the list and
        given whole, both ways, under it for the highlighted card."""
        menu = self.query_one("#links-list", NavList)
        width = menu.scrollable_content_region.width
        if width <= 0:  # not laid out yet
            self.set_timer(0.05, self._fit)
            return
        for index, text in self.prompts.items():
            if index < menu.option_count:
                fitted = text.truncate(width, ellipsis=True) if text.cell_length > width else text
                menu.replace_option_prompt_at_index(index, fitted)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _show_pair(self, index: int | None) -> None:
        pair = self.query_one("#links-pair", Static)
        other = self.others[index] if index is not None and index < len(self.others) else None
        if other is None:
            pair.update("")
            return
        deck = self.deck
        lines = [pair_sentence(deck, other, self.current), pair_sentence(deck, self.current, other)]
        pair.update(Content("\n").join(Content(f"• {line}") for line in lines))

    def on_option_list_option_highlighted(self, event: NavList.OptionHighlighted) -> None:
        self._show_pair(event.option_index)

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        other = self.others[event.option_index]
        if other is not None:
            self.history.append(self.current)
            self.show(other)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "history_back":
            return bool(self.history)
        return True

    def action_history_back(self) -> None:
        if self.history:
            self.show(self.history.pop())
