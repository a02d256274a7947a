"""Card detail: any card in full, with its relations; Enter follows a relation."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui import keymap
from civio_tui.screens.base import CivioModal
from civio_tui.widgets.card_detail import card_facts, relation_line, relations
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.scroll import KeyScroll


def key_lines(items: list[str], width: int) -> list[str]:
    """Keys and what they do, joined by " · " on as many lines as `width` needs: a line breaks
    between two of them, never inside one ("e:" at a line's end and "links" on the next read
    as two things)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += f" · {item}"
        else:
            lines.append(item)
    return lines


class CardDetailScreen(CivioModal[None]):
    """One card over the current screen. ←→ step through the list it was opened from."""

    CSS_PATH = "card_detail.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("nav.left", "nav.right", "browse.explain"),
        Binding("backspace", "history_back", "Previous card", id="detail.history_back"),
        Binding("q,i", "back", "Close", show=False, id="detail.close"),
        # The card's text scrolls from the list of related cards too (priority: the list would
        # otherwise take PgDn for its own, and the card's last lines stayed out of sight).
        Binding("pagedown", "read(1)", "Read on", show=False, id="detail.page_down", priority=True),
        Binding("pageup", "read(-1)", "Read back", show=False, id="detail.page_up", priority=True),
    ]

    def __init__(self, card_ids: list[int], index: int = 0, *, context: str = "") -> None:
        super().__init__()
        self.card_ids = list(card_ids)
        self.index = index
        self.context = context
        self.history: list[int] = []
        self.current = self.card_ids[index]
        self._nav: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="detail-box"):
            with KeyScroll(id="detail-facts-scroll"):
                yield Static(id="detail-facts")
            yield Static("Related cards · Enter opens one", id="detail-relations-title")
            yield NavList(id="detail-relations")
            yield Static(id="detail-nav")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show(self.current)

    def show(self, card_id: int) -> None:
        deck = self.app.deck
        self.current = card_id
        self.query_one("#detail-facts", Static).update(card_facts(deck, deck[card_id]))
        box = self.query_one("#detail-box")
        box.border_title = "Card"
        if card_id in self.card_ids:
            self.index = self.card_ids.index(card_id)
        links = relations(deck, card_id)
        menu = self.query_one("#detail-relations", NavList)
        menu.clear_options()
        menu.add_options(
            [Option(relation_line(deck, r), id=f"{i}:{r.other}") for i, r in enumerate(links)]
        )
        title = self.query_one("#detail-relations-title", Static)
        title.display = bool(links)
        menu.display = bool(links)
        if links:
            menu.highlighted = 0
            menu.focus()
        else:
            self.query_one(KeyScroll).focus()
        keys = []
        if len(self.card_ids) > 1 and card_id in self.card_ids:
            keys += [f"Card {self.index + 1} of {len(self.card_ids)}{self.context}", "←→ next"]
        if self.history:
            keys.append("Backspace: back")
        self._nav = [*keys, "e: links", "Esc closes"]
        self.query_one(KeyScroll).scroll_home(animate=False)
        self.call_after_refresh(self._update_nav)
        self.refresh_bindings()

    def _update_nav(self) -> None:
        """The line under the card: how to read the rest of it when it does not fit."""
        facts = self.query_one(KeyScroll)
        more = ["PgDn/PgUp: read on"] if facts.max_scroll_y > 0 else []
        nav = self.query_one("#detail-nav", Static)
        width = nav.content_region.width or 60
        nav.update("\n".join(key_lines([*more, *self._nav], width)))

    def on_resize(self) -> None:
        self.call_after_refresh(self._update_nav)

    def action_read(self, pages: int) -> None:
        facts = self.query_one(KeyScroll)
        if pages > 0:
            facts.scroll_page_down(animate=False)
        else:
            facts.scroll_page_up(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # "Previous card" is offered only when a related card was opened from another one.
        if action == "history_back":
            return bool(self.history)
        return True

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            other = int(event.option.id.split(":")[1])
            self.history.append(self.current)
            self.show(other)

    def action_history_back(self) -> None:
        if self.history:
            self.show(self.history.pop())

    def action_explain(self) -> None:
        from civio_tui.screens.links import LinksScreen

        self.app.push_screen(LinksScreen(self.current))

    def _step(self, delta: int) -> None:
        if len(self.card_ids) > 1:
            self.history.clear()
            self.index = (self.index + delta) % len(self.card_ids)
            self.show(self.card_ids[self.index])

    def action_cursor_left(self) -> None:
        self._step(-1)

    def action_cursor_right(self) -> None:
        self._step(1)
