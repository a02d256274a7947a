"""Concentration at a networked table: the ordinary Concentration grid for one seat, whose
other seats play in other processes (`RemoteSeat`, civio_tui/screens/remote_seat.py).

Nothing is hidden in Concentration but the cards face down, which no seat's view holds: the
grid shows the cards turned up (the first of a turn, a missed pair until the next card) and
the pairs captured. The others' cards come in by the table's poll and are told in the note, a
line per turn; while another seat decides, the status line says who and for how long.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

from cards.games.concentration.game import Concentration, TurnCard
from civio_tui.screens.concentration.screen import ConcentrationScreen
from civio_tui.screens.remote_seat import RemoteSeat, table_players
from civio_tui.seating import Seat

if TYPE_CHECKING:
    from civio_tui.app import CivioApp
    from civio_tui.session.remote import TableTab


def seated(tab: TableTab) -> list[Seat]:
    """The seats by name ("You" for this seat, as the other games' tables say)."""
    return [Seat("You" if s == tab.seat else p.name) for s, p in enumerate(table_players(tab))]


class RemoteConcentrationScreen(RemoteSeat, ConcentrationScreen):
    """Concentration for one seat at a networked table (see the module docstring)."""

    def __init__(self, tab: TableTab) -> None:
        # Every seat by its name only: nobody's computer plays in this process.
        super().__init__(seated(tab), tab.match.seed)
        self.sit(tab)
        self.session = tab.session
        self.told_events = 0
        """Cards of the game on screen already told (`turned`)."""
        self.over_for: Concentration | None = None
        """The game whose end was taken in (once, however often polled)."""
        self.name_keys({"back": "Leave the table", "new": "Next deal"})
        self.title_text = f"Concentration · Table {tab.code}"

    def start_game(self) -> None:
        self.game = self.tab.session.engine
        self.told_events = len(self.game.events)
        self.note = "Turn two cards: a listed pair is yours, and you go again."
        self.refresh_all()
        self.start_polling()
        self.after_turn()

    def make_move(self, action: TurnCard) -> bool:
        return self.table_move(lambda: self.session.apply(action))

    def turned(self, k: int) -> None:
        super().turned(k)
        self.told_events = k + 1

    def table_moved(self) -> None:
        """Tell the others' cards as they come (a new turn's first card turns a missed pair
        face down), then draw the grid."""
        tab = self.tab
        self.seats = seated(tab)
        game: Concentration = tab.session.engine
        if game is not self.game:
            self.game, self.told_events, self.shown = game, 0, ()
        for k in range(self.told_events, len(game.events)):
            if game.events[k].captured is None:
                self.shown = ()
            self.turned(k)
        self.after_turn()
        self.refresh_all()
        self.refresh_bindings()

    def told_in_a_row(self, seat: int) -> bool:
        return seat != self.tab.seat

    def hold_missed_pair(self) -> bool:
        return False  # the others do not wait: the note keeps the two cards' names

    def human_to_move(self) -> bool:
        game = self.game
        return game is not None and not game.is_over and game.to_move == self.tab.seat

    def after_turn(self) -> None:
        game = self.game
        if game is not None and game.is_over and self.over_for is not game:
            self.over_for = game
            self.keep_record()

    def whose(self) -> Content:
        game = self.game
        assert game is not None
        if game.is_over or game.to_move == self.tab.seat:
            return super().whose()
        return self.waiting_line(self.names[game.to_move])

    def show_thinking(self) -> None:
        if self.is_mounted and self.game is not None and not self.game.is_over:
            self.refresh_all()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new":  # the next deal, when the table deals another
            return self.game is not None and self.game.is_over and not self.game_over
        return super().check_action(action, parameters)

    def finished(self) -> None:
        """A table's game is kept in each player's records (`keep_record`), not as a best."""

    def action_new(self) -> None:
        if self.tab.next_round():
            self.table_moved()

    def action_back(self) -> None:
        self.leave(confirm=True)


def open_remote_concentration(app: CivioApp, tab: TableTab) -> None:
    """Push the Concentration grid for the app's player's seat at `tab`'s table."""
    app.push_screen(RemoteConcentrationScreen(tab))
