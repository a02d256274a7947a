"""The card encyclopedia: every card, filtered by type, issue, amendment and years, searchable."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Input, Static
from textual.widgets.option_list import Option

from cards.deck import Deck, normalise_name
from cards.models import CardType
from civio_tui import keymap
from civio_tui.screens.base import CivioScreen
from civio_tui.screens.card_games import ordinal
from civio_tui.widgets.cards import TYPE_LETTER, TYPE_STYLE, card_line
from civio_tui.widgets.choice_form import ChoiceForm, FormRow
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

ERAS: tuple[tuple[str, str, int, int], ...] = (
    ("all", "All years", -10_000, 10_000),
    ("pre1900", "Before 1900", -10_000, 1899),
    ("1900", "1900-1949", 1900, 1949),
    ("1950", "1950-1969", 1950, 1969),
    ("1970", "1970-1989", 1970, 1989),
    ("1990", "1990 on", 1990, 10_000),
)


def filter_cards(
    deck: Deck,
    *,
    card_type: str = "all",
    issue: str = "all",
    amendment: str = "all",
    era: str = "all",
    search: str = "",
) -> list[int]:
    """Ids of the cards that pass every filter, in deck order."""
    low, high = next((lo, hi) for key, _, lo, hi in ERAS if key == era)
    words = normalise_name(search).split()
    found = []
    for card_id, card in enumerate(deck.cards):
        if card_type != "all" and card.type.value != card_type:
            continue
        if issue != "all" and issue not in card.issues and card.name != issue:
            continue
        if amendment != "all" and int(amendment) not in card.amendments:
            continue
        if era != "all" and (card.year is None or not low <= card.year <= high):
            continue
        if words:
            haystack = " ".join(
                normalise_name(label) for label in (card.name, card.full_name, *card.aliases)
            )
            if not all(word in haystack for word in words):
                continue
        found.append(card_id)
    return found


class FilterForm(ChoiceForm):
    """The filters; Enter goes to the matching cards."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Go to cards", id="encyclopedia.show_cards")
    ]


class CardList(NavList):
    """The matching cards; Enter opens the highlighted one in full."""

    BINDINGS: ClassVar[list[BindingType]] = [
        replace(keymap.spec("nav.act").binding(), description="Open card")
    ]


class SearchBox(Input):
    """The search by name; the Back key (Esc) goes to the cards found, not out of the screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        replace(
            keymap.spec("app.back").binding(),
            action="screen.focus_cards",
            description="To the cards",
        )
    ]


ENTER_WORDS = {"ency-form": "go to the cards", "ency-list": "open the card"}
"""What Enter does where the focus is, as the footer says it, for the keys line under the
filters; in the search (where e is a letter) Enter opens the first card found."""


def keys_line(focused: str | None, remaps: dict[str, str]) -> str:
    """The keys line under the filters while the widget `focused` (its id) has the focus, with
    the keys as the player has bound them."""
    enter = ENTER_WORDS.get(focused or "")
    if enter is None:
        last = "Enter: open the first card"
    else:
        last = f"Enter: {enter} · {keymap.first_key_label('browse.explain', remaps)}: links"
    search = keymap.first_key_label("browse.search", remaps)
    return f"Tab: filters ⇄ cards\n←→ change a filter\n{search} search\n{last}"


LEGEND: tuple[tuple[tuple[CardType, str], ...], ...] = (
    ((CardType.CASE, "Case"), (CardType.LAW, "Law"), (CardType.AMENDMENT, "Amendment")),
    ((CardType.FREEDOM, "Freedom"), (CardType.ISSUE, "Issue"), (CardType.WILD, "Wild")),
    ((CardType.CIVIL_RIGHTS_ACT, "Civil Rights Act"),),
)
"""The card types in the legend, a few a line, so that it fits under the filters at 80x24."""


def type_legend() -> Content:
    """What the letters before the cards mean, in their colours, and the point mark: a new
    player met the letters here before any lesson had named them."""
    lines: list[Content] = []
    for row in LEGEND:
        parts: list[Content | str] = []
        for card_type, label in row:
            if parts:
                parts.append("  ")
            parts.append(
                Content.assemble((f"[{TYPE_LETTER[card_type]}]", TYPE_STYLE[card_type]), " ", label)
            )
        lines.append(Content.assemble(*parts))
    lines[-1] = Content.assemble(lines[-1], "  ", ("+1", "bold"), " point")
    return Content("\n").join(lines)


class EncyclopediaScreen(CivioScreen[None]):
    """Filters on the left, the matching cards on the right; Enter shows a card in full."""

    CSS_PATH = "encyclopedia.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("browse.search", "browse.filter", "browse.explain"),
        # Tab goes between the filters and the cards, as the screen says; `/` opens the search.
        Binding("tab,shift+tab", "switch_pane", "Filters ⇄ cards", show=False, id="browse.tab"),
    ]

    def compose(self) -> ComposeResult:
        deck = self.app.deck
        issues = [c.name for c in deck.cards if c.type is CardType.ISSUE]
        numbers = sorted(
            {n for c in deck.cards if c.type is CardType.AMENDMENT for n in c.amendments}
        )
        types = [("all", "All types")] + [
            (t.value, f"[{TYPE_LETTER[t]}] {label}")
            for t, label in (
                (CardType.CASE, "Cases"),
                (CardType.LAW, "Laws"),
                (CardType.AMENDMENT, "Amendments"),
                (CardType.FREEDOM, "Freedoms"),
                (CardType.ISSUE, "Issues"),
                (CardType.CIVIL_RIGHTS_ACT, "Civil Rights Act"),
                (CardType.WILD, "Wild card"),
            )
        ]
        rows = [
            FormRow("type", "Type", types),
            FormRow("issue", "Issue", [("all", "All issues")] + [(i, i) for i in issues]),
            FormRow(
                "amendment",
                "Amendment",
                [("all", "All")] + [(str(n), ordinal(n)) for n in numbers],
            ),
            FormRow("era", "Years", [(key, label) for key, label, _, _ in ERAS]),
        ]
        with Vertical(id="ency-box", classes="pane"):
            search = keymap.first_key_label("browse.search", self.app.settings.keymap)
            yield SearchBox(placeholder=f"Search by name (press {search} )", id="ency-search")
            with Horizontal(id="ency-body"):
                with Vertical(id="ency-filters"):
                    yield FilterForm(rows, id="ency-form")
                    yield Static(id="ency-count")
                    yield Static(keys_line("ency-list", self.app.settings.keymap), id="ency-keys")
                    yield Static(type_legend(), id="ency-legend")
                yield CardList(id="ency-list")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#ency-box").border_title = "Card encyclopedia"
        self.refilter()
        self.query_one("#ency-list", NavList).focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        keys = keys_line(event.widget.id, self.app.settings.keymap)
        self.query_one("#ency-keys", Static).update(keys)

    def refilter(self) -> None:
        deck = self.app.deck
        values = self.query_one(ChoiceForm).values()
        search = self.query_one("#ency-search", Input).value
        self.shown = filter_cards(
            deck,
            card_type=values["type"],
            issue=values["issue"],
            amendment=values["amendment"],
            era=values["era"],
            search=search,
        )
        menu = self.query_one("#ency-list", NavList)
        menu.clear_options()
        menu.add_options([Option(card_line(deck[i]), id=str(i)) for i in self.shown])
        if self.shown:
            menu.highlighted = 0
        count = len(self.shown)
        filtered = any(values[key] != "all" for key in ("type", "issue", "amendment", "era"))
        typed = search.strip()
        if count:
            words = f"{count} of {len(deck)} cards"
        elif typed and filtered:
            words = f"No card matches {typed!r} with these filters: loosen one."
        elif typed:
            words = f"No card matches {typed!r}: try fewer letters."
        else:
            words = "No card matches: loosen a filter."
        self.query_one("#ency-count", Static).update(words)

    def on_choice_form_changed(self, event: ChoiceForm.Changed) -> None:
        self.refilter()

    def on_choice_form_submitted(self, event: ChoiceForm.Submitted) -> None:
        self.query_one("#ency-list", NavList).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refilter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter on the search opens the first match (the list keeps the focus for after).
        self.query_one("#ency-list", NavList).focus()
        if self.shown:
            self.open_card(0)

    def on_key(self, event: events.Key) -> None:
        if event.key == "down" and self.query_one("#ency-search", Input).has_focus:
            event.stop()
            event.prevent_default()
            self.action_focus_cards()

    def action_focus_cards(self) -> None:
        self.query_one("#ency-list", NavList).focus()

    def action_search(self) -> None:
        self.query_one("#ency-search", Input).focus()

    def action_switch_pane(self) -> None:
        cards = self.query_one("#ency-list", NavList)
        if cards.has_focus:
            self.query_one(ChoiceForm).focus()
        else:
            cards.focus()

    def action_filters(self) -> None:
        self.query_one(ChoiceForm).focus()

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.open_card(self.shown.index(int(event.option.id)))

    def open_card(self, index: int) -> None:
        """The card at `index` of the list in full, stepping through the list with ←→."""
        from civio_tui.screens.card_detail import CardDetailScreen

        self.app.push_screen(CardDetailScreen(self.shown, index, context=" in this list"))

    def action_explain(self) -> None:
        from civio_tui.screens.links import LinksScreen

        menu = self.query_one("#ency-list", NavList)
        if menu.highlighted is not None and menu.highlighted < len(self.shown):
            self.app.push_screen(LinksScreen(self.shown[menu.highlighted]))
