"""Every card on the table you can see: the whole discard pile and each opponent's cards."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui import keymap
from civio_tui.plurals import counted
from civio_tui.screens.base import CivioModal
from civio_tui.table_controller import TableController
from civio_tui.widgets.cards import card_line
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList


class TableCardsScreen(CivioModal[None]):
    """The discard pile (top first) and every face-up or known card; Enter shows one in full."""

    CSS_PATH = "table_cards.tcss"
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings("browse.explain")

    def __init__(self, controller: TableController) -> None:
        super().__init__()
        self.controller = controller
        self.cards: list[int] = []

    def compose(self) -> ComposeResult:
        ctl = self.controller
        deck = ctl.deck
        view = ctl.view()
        options: list[Option] = []

        def heading(text: str) -> None:
            options.append(Option(Content.styled(text, "bold underline"), disabled=True))

        def card(card_id: int, note: str = "") -> None:
            self.cards.append(card_id)
            text = Content.assemble(card_line(deck[card_id]), (note, "dim"))
            options.append(Option(text, id=str(card_id)))

        pile = list(reversed(view.discard_pile))
        heading(f"Discard pile: {counted(len(pile), 'card')}, top first")
        for index, card_id in enumerate(pile):
            card(card_id, "  (top)" if index == 0 else "")
        for seat in view.players:
            if seat.seat == ctl.viewer:
                continue
            heading(f"{ctl.names[seat.seat]}: face up")
            for card_id in seat.face_up:
                card(card_id)
            for card_id in seat.known_hidden:
                card(card_id, "  (hidden, but you know it)")
            if not seat.face_up and not seat.known_hidden:
                # At the opening everyone still chooses: a heading alone would read as missing.
                options.append(Option(Content.styled("no card face up", "dim"), disabled=True))
        with Vertical(id="table-cards-box"):
            yield NavList(*options, id="table-cards-list")
            yield Static(
                "Enter: the card in full · e: its links · Esc: back to the table",
                id="table-cards-keys",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#table-cards-box").border_title = "Cards on the table"
        menu = self.query_one(NavList)
        menu.focus()
        if self.cards:
            menu.highlighted = 1

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        from civio_tui.screens.card_detail import CardDetailScreen

        if event.option.id is not None:
            ordered = list(dict.fromkeys(self.cards))
            card_id = int(event.option.id)
            self.app.push_screen(
                CardDetailScreen(ordered, ordered.index(card_id), context=" on the table")
            )

    def action_explain(self) -> None:
        from civio_tui.screens.links import LinksScreen

        menu = self.query_one(NavList)
        option = menu.highlighted_option
        if option is not None and option.id is not None:
            self.app.push_screen(LinksScreen(int(option.id), self.controller.deck))
