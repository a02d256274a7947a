"""Concentration's pairs (`p`): each pair found so far, who found it, and what links its two
cards, so a player can learn the links during the game; then the pairs still to find, which the
menu showed once before the game and a newcomer has forgotten by the third turn."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from cards.games.concentration.game import (
    CELLS,
    Concentration,
    captured_in_order,
    pair_link,
    pairs,
    position_name,
)
from civio_tui.screens.base import CivioModal
from civio_tui.screens.concentration.screen import short_name
from civio_tui.widgets.footer import KeysFooter


def pair_entries(game: Concentration, names: tuple[str, ...]) -> list[tuple[Content, str]]:
    """One entry per captured pair, oldest first: (names, places and finder; the link)."""
    deck = game.deck
    entries = []
    for n, (a, b) in enumerate(captured_in_order(game.events), 1):
        who = f"  found by {names[b.seat]}" if len(names) > 1 else ""
        places = f"{position_name(a.position)} + {position_name(b.position)}"
        head = Content.assemble(
            (f"{n}. {short_name(deck[a.card])} / {short_name(deck[b.card])}", "bold"),
            (f"  {places}{who}", "$text-muted"),
        )
        entries.append((head, pair_link(deck, a.card, b.card)))
    return entries


def pairs_to_find(game: Concentration) -> list[str]:
    """The pairs not captured yet, by their names as the tiles show them (never where)."""
    deck = game.deck
    found = {e.card for pair in captured_in_order(game.events) for e in pair}
    return [
        f"{short_name(deck[a])} / {short_name(deck[b])}"
        for a, b in pairs(deck)
        if a not in found and b not in found
    ]


class CapturedPairsScreen(CivioModal[None]):
    """The captured pairs over the grid; Escape (or p again) closes it."""

    DEFAULT_CSS = """
    CapturedPairsScreen { align: center middle; }
    #cp-box { width: 96%; max-width: 100; height: auto; max-height: 90%;
              border: thick $accent; background: $surface; padding: 0 1; }
    #cp-scroll { height: auto; max-height: 18; }
    #cp-note { color: $text-muted; }
    .cp-link { padding-left: 3; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "back", "Close", show=False, id="pairs.close")
    ]

    def __init__(self, game: Concentration, names: tuple[str, ...]) -> None:
        super().__init__()
        self.game = game
        self.names = names

    def compose(self) -> ComposeResult:
        found = len(captured_in_order(self.game.events))
        with Vertical(id="cp-box") as box:
            box.border_title = f"Pairs captured: {found} of {CELLS // 2}"
            with VerticalScroll(id="cp-scroll"):
                entries = pair_entries(self.game, self.names)
                if not entries:
                    yield Static(
                        "No pair captured yet: the pairs found are listed here with their link."
                    )
                for head, link in entries:
                    yield Static(head)
                    yield Static(link, classes="cp-link")
                left = pairs_to_find(self.game)
                if left:
                    yield Static(Content.styled(f"Still to find ({len(left)})", "bold $accent"))
                    yield Static("\n".join(left), classes="cp-link")
            yield Static("↑↓ scroll · Esc or p closes", id="cp-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
