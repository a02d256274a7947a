"""CIVIO at a networked table: the ordinary table screen, driven by this player's seat's
session (`TableTab`), whose other seats play in other processes.

The tab is polled in a worker thread every `POLL_SECONDS`; a poll that took in someone's move
redraws the table on the UI thread. The poll and this player's own move hold one lock, so the
match is never advanced by both at once. Only this seat's view is ever drawn: the tab's session
refuses any other seat's. While another seat decides, the question pane says who and for how
long they have been thinking.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from textual import work
from textual.content import Content
from textual.worker import get_current_worker

from cards.game import game_winners
from cards.games.civio.actions import Action
from cards.games.civio.round import Round, RoundResult
from civio_tui.game_backends import HUMAN, LookInMemory, RoundRecordView
from civio_tui.games import CIVIO
from civio_tui.screens.civio.table import TableScreen
from civio_tui.session.remote import POLL_SECONDS, ActionRefused, TableMovedOn, TableTab
from civio_tui.widgets.question import QuestionPane

if TYPE_CHECKING:
    from ai import PendingChoice
    from civio_tui.app import CivioApp
    from civio_tui.table_controller import TableController


class TabBackend(LookInMemory):
    """A networked table's match as the table controller's `GameBackend`: the rounds are the
    table's deals, a move goes to the table's log, nothing is saved here (the table file is)."""

    def __init__(self, tab: TableTab) -> None:
        self.tab = tab
        table = tab.live.table
        match = tab.live.match
        self.name: str | None = f"Table {tab.code}"
        self.names = [table.label(s) for s in range(table.row.seats)]
        self.levels = [
            HUMAN if s == tab.seat else (table.seats[s].level or HUMAN)
            for s in range(table.row.seats)
        ]
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
        return self.tab.live.match.engines.index(self.tab.session.engine) + 1

    @property
    def finished(self) -> bool:
        return self.tab.live.match.is_over

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
        return [e.result for e in self.tab.live.match.engines if e.result is not None]

    def totals(self) -> list[int]:
        return list(self.tab.live.match.totals)

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


class RemoteTableScreen(TableScreen):
    """The table screen for one seat at a networked table (see the module docstring)."""

    back_to = "Tables"

    def __init__(self, controller: TableController, tab: TableTab) -> None:
        super().__init__(controller)
        self.tab = tab
        self.tab_lock = threading.Lock()

    def on_mount(self) -> None:
        super().on_mount()
        self.keep_polling()
        self.set_interval(1.0, self.show_thinking)

    @work(thread=True, exclusive=True, group="table-poll")
    def keep_polling(self) -> None:
        worker = get_current_worker()
        while not worker.is_cancelled:
            with self.tab_lock:
                changed = self.tab.poll()
            if changed and not worker.is_cancelled:
                self.app.call_from_thread(self.table_moved)
            time.sleep(POLL_SECONDS)

    def table_moved(self) -> None:
        """Someone's move (or word) reached this seat: say it, draw it, ask if it is ours."""
        for notice in self.tab.new_notices():
            if notice.kind != "refused":
                self.notify(notice.text, timeout=5)
        if self.tab.problem:
            self.notify(self.tab.problem, severity="warning", timeout=5)
        if self.question is not None and self.controller.viewer_to_move():
            return  # still this seat's question: the answer being chosen is not disturbed
        if self.round_done_shown:
            return
        self.log_lines(self.controller.new_log_lines())
        self.advance()

    def _round_over(self) -> None:
        self.keep_record()
        super()._round_over()

    def keep_record(self) -> None:
        """This player's own record (their save folder) takes the rounds the table finished."""
        from civio_tui.campaigns.table_record import record_table_rounds

        problem = record_table_rounds(
            self.app.save_dir, self.tab.live.table, self.tab.live.match, self.controller.deck
        )
        if problem is not None:
            self.notify(problem, severity="warning", timeout=8)

    def show_thinking(self) -> None:
        """Whose turn it is and how long they have been thinking, while it is not ours."""
        if self.question is not None or self.round_done_shown:
            return
        thinking = self.tab.thinking()
        if thinking is None:
            return
        who, seconds = thinking
        text = f"{who} is thinking · {int(seconds)} s"
        self.query_one("#question-box").border_title = "Waiting"
        self.query_one(QuestionPane).wait(Content.styled(text, "italic"))

    def apply_action(self, action: Action) -> None:
        try:
            with self.tab_lock:
                lines = self.controller.apply(action)
        except TableMovedOn as exc:
            self.notify(str(exc), timeout=3)
            self.log_lines(self.controller.new_log_lines())
            self.advance()
            return
        except ActionRefused as exc:
            self.notify(str(exc), severity="warning", timeout=5)
            self.advance()
            return
        self.log_lines(lines)
        self.advance()

    def leaving_words(self) -> str:
        if self.tab.live.match.is_over:
            return "The game at this table is over."
        return "If you leave the table, the computer plays your seat from now on."

    def leave(self, *, confirm: bool) -> None:
        # Closing the screen while the game goes on is leaving on purpose: always asked.
        if not confirm or self.tab.live.match.is_over:
            self.close_game()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.tab.leave()
                self.close_game()

        screen = ConfirmScreen(
            "Leave this table?", self.leaving_words(), yes="Leave", no="Keep playing"
        )
        self.app.push_screen(screen, answer)

    def close_game(self) -> None:
        self.workers.cancel_group(self, "table-poll")
        super().close_game()


def open_remote_table(app: CivioApp, code: str) -> str | None:
    """Push the table screen for the app's player's seat at table `code`; else why not."""
    from civio_tui.screens.tables import open_store
    from civio_tui.table_controller import TableController
    from civio_tui.tables import ops
    from civio_tui.tables.store import StoreUnavailable

    store = open_store(app.screen)  # type: ignore[arg-type]
    if store is None:
        return "The table file cannot be opened."
    try:
        tab = TableTab(store, code, app.table_name)
    except (ops.TableRefused, StoreUnavailable) as exc:
        return str(exc)
    if tab.live.game != CIVIO.id:
        return (
            f"Table {tab.code} plays {tab.live.table.row.game}: play it from a terminal with "
            f"`civio table join {tab.code} --save-root DIR`."
        )
    controller = TableController(app.deck, TabBackend(tab), session=tab.session)
    controller.resumed_by = "Tables on the main menu"
    app.push_screen(RemoteTableScreen(controller, tab))
    return None
