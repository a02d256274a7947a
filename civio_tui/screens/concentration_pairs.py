"""Concentration's captured pairs (`p`): each pair found so far, who found it, and what links
its two cards, so a player can learn the links during the game."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Footer, Static

from cards.concentration import CELLS, Concentration, captured_in_order, pair_link, position_name
from civio_tui.screens.base import CivioModal


def pair_entries(game: Concentration, names: tuple[str, ...]) -> list[tuple[Content, str]]:
    """One entry per captured pair, oldest first: (names, places and finder; the link)."""
    deck = game.deck
    entries = []
    for n, (a, b) in enumerate(captured_in_order(game.events), 1):
        who = f"  found by {names[b.seat]}" if len(names) > 1 else ""
        places = f"{position_name(a.position)} + {position_name(b.position)}"
        head = Content.assemble(
            (f"{n}. {deck[a.card].name} / {deck[b.card].name}", "bold"),
            (f"  {places}{who}", "$text-muted"),
        )
        entries.append((head, pair_link(deck, a.card, b.card)))
    return entries


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
            yield Static("↑↓ scroll · Esc or p closes", id="cp-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
