"""CIVIO at a networked table: the ordinary table screen, driven by this player's seat's
session (`TableTab`), whose other seats play in other processes.

What every game's table screen shares (polling the table, the others' words, leaving, the
records) is `RemoteSeat` (civio_tui/screens/remote_seat.py). Only this seat's view is ever
drawn: the tab's session refuses any other seat's. While another seat decides, the question
pane says who and for how long they have been thinking. At the opening every seat is asked at
once, as the question says: a choice made before the table asks this seat is kept by the tab
and given when it does (civio_tui/session/remote.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.content import Content

from cards.game import game_winners
from cards.games.civio.actions import Action
from cards.games.civio.round import Round, RoundResult
from civio_tui.game_backends import HUMAN, LookInMemory, RoundRecordView
from civio_tui.screens.civio.table import TableScreen
from civio_tui.screens.remote_seat import RemoteSeat
from civio_tui.session.remote import EARLY_KEPT, TableTab
from civio_tui.widgets.question import QuestionPane
from civio_tui.widgets.redraw import retitle

if TYPE_CHECKING:
    from ai import PendingChoice
    from civio_tui.app import CivioApp
    from civio_tui.campaigns.model import Campaign
    from civio_tui.table_controller import TableController


class TabBackend(LookInMemory):
    """A networked table's match as the table controller's `GameBackend`: the rounds are the
    table's deals, a move goes to the table's log, nothing is saved here (the table file is)."""

    def __init__(self, tab: TableTab) -> None:
        self.tab = tab
        table = tab.table
        match = tab.match
        self.name: str | None = f"Table {tab.code}"
        self.names = tab.labels()
        self.levels = [HUMAN] * table.row.seats
        self.seat_others()
        self.rules = match.rules
        self.seed = match.seed
        self.target = match.target or ""
        self.practice = False
        self.max_rounds = match.rounds
        self._ui: dict[str, Any] = {}

    @property
    def round(self) -> Round | None:
        engine: Round = self.tab.session.engine
        return engine

    @property
    def round_number(self) -> int:
        return self.tab.match.engines.index(self.tab.session.engine) + 1

    @property
    def finished(self) -> bool:
        return self.tab.match.is_over

    def seat_others(self) -> None:
        """The other seats' names and levels as the table has them now: a classmate the
        computer plays for while they are away or since they left says so (as the others'
        lists do), and is a person again once back. This seat's own name stays."""
        table = self.tab.table
        for s, label in enumerate(self.tab.labels()):
            if s != self.tab.seat:
                seat = table.seats[s]
                self.names[s] = label
                self.levels[s] = (
                    HUMAN if seat.name is not None and not seat.stand_in else seat.level or HUMAN
                )

    def next_round(self) -> Round:
        self.tab.next_round()
        self._ui = {}
        engine: Round = self.tab.session.engine
        return engine

    def apply(self, action: Action) -> None:
        self.tab.session.apply(action)

    def ai_choice(self) -> PendingChoice:
        raise ValueError("the table's computers play in the process holding the table's lease")

    def save(self) -> None:
        """The table's log is its save."""

    def take_back(self, seat: int) -> bool:
        return False

    def _results(self) -> list[RoundResult]:
        return [e.result for e in self.tab.match.engines if e.result is not None]

    def totals(self) -> list[int]:
        return list(self.tab.match.totals)

    def winners(self) -> list[int]:
        history, totals = [], [0] * len(self.names)
        for result in self._results():
            totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
            history.append(totals)
        return game_winners(history, self.target or None, self.max_rounds) if history else []

    def history(self) -> list[RoundRecordView]:
        return [
            RoundRecordView(n, r.winner, tuple(r.scores), r.kind == "flush")
            for n, r in enumerate(self._results(), 1)
        ]


class RemoteTableScreen(RemoteSeat, TableScreen):
    """The table screen for one seat at a networked table (see the module docstring)."""

    back_to = "Tables"

    def __init__(self, controller: TableController, tab: TableTab) -> None:
        super().__init__(controller)
        self.sit(tab)
        self.kept: Campaign | None = None
        """This player's own campaign of the table, as kept at the last round's end."""

    def on_mount(self) -> None:
        # TableScreen's own on_mount runs too (Textual calls each class's handler). Rounds that
        # ended while this player was away are kept now (a table whose game is over opens on
        # its final table, with no round's end).
        self.kept = self.keep_record()
        self.start_polling()

    def table_moved(self) -> None:
        backend = self.controller.backend
        assert isinstance(backend, TabBackend)
        backend.seat_others()
        question = self.question
        if question is not None and question.decision == self.controller.viewer_decision():
            # Still this seat's question (at the opening the others choose meanwhile): the
            # table and the log are drawn again (the others' choices show as they come), the
            # answer being chosen is not disturbed. A question the table no longer asks (this
            # seat's move made elsewhere: its other tab, or the computer while its person
            # seemed away) gives way to what it asks now.
            self.log_round()
            self.refresh_panes()
            return
        if self.round_done_shown:
            return
        self.log_round()
        self.advance()

    def _round_over(self) -> None:
        self.kept = self.keep_record()
        super()._round_over()

    def saved_campaign(self) -> Campaign | None:
        """The round's end replays the round, and shows the rating change, from this
        player's own record of the table."""
        return self.kept

    def round_end_keys(self) -> tuple[str | None, str]:
        if self.game_over:
            # One line at 80 columns, with the Esc words after it.
            return "The game at this table is over. Enter: the final table", "back to Tables"
        return "The next deal has started. Enter: play it", "leave the table"

    def show_thinking(self) -> None:
        if self.question is not None or self.round_done_shown:
            return
        text = self.thinking_words()
        if text is None:
            return
        retitle(self.query_one("#question-box"), "Waiting")
        self.query_one(QuestionPane).wait(Content.styled(text, "italic"))

    def apply_action(self, action: Action) -> None:
        if self.table_move(lambda: self.controller.apply(action)) and self.tab.early is not None:
            self.notify(EARLY_KEPT)
        self.log_round()
        self.advance()


def open_remote_table(app: CivioApp, tab: TableTab) -> None:
    """Push the CIVIO table screen for the app's player's seat at `tab`'s table."""
    from civio_tui.table_controller import TableController

    controller = TableController(app.deck, TabBackend(tab), session=tab.session)
    controller.resumed_by = "Tables on the main menu"
    app.push_screen(RemoteTableScreen(controller, tab))
