"""The final table: standings, the title holder(s), and every round's points."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import DataTable, Static

from cards.ranks import rank_for
from civio_tui.screens.base import CivioScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.cards import pts
from civio_tui.widgets.footer import KeysFooter


class GameOverScreen(CivioScreen[None]):
    """Enter or Esc goes back: to the main menu after a game, to the list from Campaigns."""

    CSS_PATH = "game_over.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "back", "Back", id="game_over.menu", priority=True),
    ]

    def __init__(self, controller: TableController, *, back_to: str = "the main menu") -> None:
        super().__init__()
        self.controller = controller
        self.back_to = back_to

    def compose(self) -> ComposeResult:
        ctl = self.controller
        totals = ctl.totals()
        winners = ctl.backend.winners()
        names = ctl.names
        if len(winners) == 1:
            who = names[winners[0]]
            title = f"{who} wins the game: {rank_for(totals[winners[0]])}!"
            if winners[0] in ctl.humans and not ctl.hot_seat:  # several humans: by name
                you = "You win" if who == "You" else f"{who}, you win"
                title = f"{you} the game: {rank_for(totals[winners[0]])}!"
        else:
            title = "A shared title: " + " and ".join(names[w] for w in winners)
        order = sorted(range(len(names)), key=lambda s: -totals[s])
        standings = []
        for place, seat in enumerate(order, 1):
            mark = "  ★" if seat in winners else ""
            standings.append(
                Content.assemble(
                    (f"{place}. ", "bold"),
                    (names[seat], "bold" if seat in winners else ""),
                    f"  {pts(totals[seat])} · {rank_for(totals[seat])}",
                    (mark, "bold $accent"),
                )
            )
        with Vertical(id="game-over-box", classes="pane"):
            yield Static(Content.styled(title, "bold $accent"), id="game-over-title")
            yield Static(Content("\n").join(standings), id="game-over-standings")
            yield Static("Round by round", id="game-over-rounds-title")
            yield DataTable(id="game-over-rounds", cursor_type="row", zebra_stripes=True)
            yield Static(f"Enter: back to {self.back_to}", id="game-over-keys")
        yield KeysFooter()

    def on_mount(self) -> None:
        ctl = self.controller
        self.query_one("#game-over-box").border_title = "The final table"
        table = self.query_one(DataTable)
        table.add_columns("Round", "Winner", *ctl.names)
        for entry in ctl.backend.history():
            winner = entry.winner
            label = (
                "none"
                if winner is None
                else ctl.names[winner] + (" (flush)" if entry.flush else "")
            )
            table.add_row(str(entry.number), label, *(str(p) for p in entry.points))
        table.add_row("Total", "", *(str(t) for t in ctl.totals()))
        table.focus()
