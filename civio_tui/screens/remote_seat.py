"""One seat at a networked table on screen, for every game: the part of a game's table screen
that is the same whatever the game (CIVIO, Easy Play, Concentration).

The seat's `TableTab` (civio_tui/session/remote.py) is polled in a worker thread as soon as
another process commits a change to its table (`CommitWatch`), and every `WOKEN_POLL_SECONDS`
anyway (every `POLL_SECONDS` where commits cannot wake it); a poll that took in someone's
move or word calls `table_moved()` on the UI thread, where the game's screen redraws. The poll
advances the table's copy of the match and the UI thread brings the screen's own copy up to it
(`TableTab.catch_up`), both holding one lock with this player's own move: no thread reads a
match that another is changing. The others' words (joins, leaves, a computer standing in) are
shown as notices; once a second the game's screen may say whose turn it is and for how long
they have been thinking (`thinking_words`). Leaving on purpose asks first, then hands the seat
to the computer, which the others are told. A finished round is written to this player's own
games (`record_table_rounds`).

A game's table screen mixes this in before its own screen class, calls `sit(tab)` in its
constructor and `start_polling()` once mounted, makes its moves through `table_move`, and
implements `table_moved()` and `show_thinking()`.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual import work
from textual.content import Content
from textual.worker import get_current_worker

from civio_tui.seating import HUMAN, Seat
from civio_tui.session.remote import (
    POLL_SECONDS,
    WOKEN_POLL_SECONDS,
    ActionRefused,
    TableMovedOn,
    TableTab,
)

if TYPE_CHECKING:
    from civio_tui.app import CivioApp
    from civio_tui.campaigns.model import Campaign
    from civio_tui.screens.game_screen import GameScreen
    from civio_tui.tables.ops import Table

    _Base = GameScreen
else:
    # At run time a mixin, not a screen. Textual styles a screen by its class's name and the
    # names of its first base that is a widget, of that base's, and so on: were `RemoteSeat`
    # a screen, a table screen (`RemoteSeat` first in its bases) would escape its game's own
    # styles (its layout on small terminals, where notices pop up).
    _Base = object

THINKING_SECONDS = 1.0
"""How often the line saying who is thinking (and for how long) is redrawn."""


class RemoteSeat(_Base):
    """A game screen played at a networked table (see the module docstring)."""

    tab: TableTab
    tab_lock: threading.Lock
    froze: bool
    """Whether keeping the seat still froze a process that had nothing frozen: only then does
    leaving the table thaw it (a served tab inherits what its zygote froze, which must stay so)."""

    def sit(self, tab: TableTab) -> None:
        self.tab = tab
        self.tab_lock = threading.Lock()
        self.froze = False

    def name_keys(self, words: dict[str, str]) -> None:
        """The footer's words for the keys whose actions are `words`' keys, as they act at this
        table (Esc leaves the table, n goes to the next deal)."""
        keys = self._bindings.key_to_bindings
        for key, found in keys.items():
            keys[key] = [
                replace(b, description=words[b.action]) if b.action in words else b for b in found
            ]

    def start_polling(self) -> None:
        self.keep_polling()
        self.set_interval(THINKING_SECONDS, self.show_thinking)
        self.call_after_refresh(self.keep_still)

    def keep_still(self) -> None:
        self.froze = keep_still()

    def on_unmount(self) -> None:
        # What was kept still is collected as ever again once the seat's screen is gone, unless
        # the process was frozen before it: a served tab's zygote froze what every tab shares
        # (`civio_tui.serve.zygote`), and a full collection over it would copy those pages.
        if self.froze:
            gc.unfreeze()

    @work(thread=True, exclusive=True, group="table-poll")
    def keep_polling(self) -> None:
        from civio_tui.tables.wake import CommitWatch

        worker = get_current_worker()
        with CommitWatch(self.tab.live.store.path, self.tab.code) as watch:
            every = WOKEN_POLL_SECONDS if watch.watching else POLL_SECONDS
            while not worker.is_cancelled:
                with self.tab_lock:
                    changed = self.tab.poll_table()
                if changed and not worker.is_cancelled:
                    self.app.call_from_thread(self._polled)
                watch.wait(every)

    def _polled(self) -> None:
        with self.tab_lock:
            self.tab.catch_up()
            notices = self.tab.new_notices()
            told, self.tab.told = self.tab.told, []
            problem = self.tab.problem
        for notice in notices:
            if notice.kind != "refused":  # a refusal is told to its sender only
                self.notify(notice.text, timeout=5)
        for text in told:
            self.notify(text, severity="warning", timeout=8)
        if problem:
            self.notify(problem, severity="warning", timeout=5)
        self.table_moved()

    def table_moved(self) -> None:
        """Someone's move (or word) reached this seat: draw it, ask if it is this seat's."""

    def show_thinking(self) -> None:
        """Say whose turn it is and for how long they have been thinking (`thinking_words`)."""

    def waiting_line(self, name: str) -> Content:
        """The status line while seat `name` decides: who, and for how long."""
        return Content.styled(self.thinking_words() or f"{name} is playing", "italic")

    def thinking_words(self) -> str | None:
        """ "Ben is thinking · 12 s" while another seat decides; None on this seat's turn and
        once the round is over."""
        thinking = self.tab.thinking()
        if thinking is None or self.tab.session.engine.is_over:
            return None
        who, seconds = thinking
        if self.tab.session.decision.seat == self.tab.seat:
            return None
        return f"{who} is thinking · {int(seconds)} s"

    def table_move(self, move: Callable[[], Any]) -> bool:
        """Make this seat's move (`move()` applies it through the session); when the table
        refused it or had moved on, say so and return False (the screen redraws as it is)."""
        try:
            with self.tab_lock:
                move()
        except TableMovedOn as exc:
            self.notify(str(exc), timeout=3)
            return False
        except ActionRefused as exc:
            self.notify(str(exc), severity="warning", timeout=5)
            return False
        return True

    # -- the round's end ----------------------------------------------------------------------

    @property
    def game_over(self) -> bool:
        return self.tab.match.is_over

    def result_keys(self) -> str:
        """What happens after the round on screen, and the keys that get there."""
        if self.game_over:
            return "Esc: back to Tables"
        return "n: the next deal (it has started) · Esc: leave the table"

    def keep_record(self) -> Campaign | None:
        """This player's own games take the rounds the table finished; a CIVIO table's
        campaign as now kept (None for another game, or when it could not be written)."""
        from civio_tui.campaigns.table_record import record_table_rounds

        tab = self.tab
        kept = record_table_rounds(self.app.save_dir, tab.table, tab.match, self.app.deck)
        if kept.problem is not None:
            self.notify(kept.problem, severity="warning", timeout=8)
        return kept.campaign

    # -- leaving ------------------------------------------------------------------------------

    def leaving_words(self) -> str:
        if self.game_over:
            return "The game at this table is over."
        return (
            "If you leave the table, the computer plays your seat until you come back "
            "(Tables, then Enter on this table)."
        )

    def leave(self, *, confirm: bool) -> None:
        # Closing the screen while the game goes on is leaving on purpose: always asked.
        if not confirm or self.game_over:
            self.close_game()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.workers.cancel_group(self, "table-poll")
                with self.tab_lock:  # no poll of this seat after it is left
                    self.tab.leave()
                self.close_game()

        screen = ConfirmScreen(
            "Leave this table?", self.leaving_words(), yes="Leave", no="Keep playing"
        )
        self.app.push_screen(screen, answer)

    def close_game(self) -> None:
        self.workers.cancel_group(self, "table-poll")
        super().close_game()


def keep_still() -> bool:
    """Free what is garbage now, then leave every object alive out of the collector's rounds
    (`gc.freeze`): a seated tab lives on, and with, the objects it has once its table is drawn
    (the game, its screens and styles). The collector's full rounds walked them all, 50-60 ms
    of a tab's redraw now and then, and at a table's opening in many tabs at once; objects made
    later are collected as ever, and those kept are still freed when nothing refers to them.
    True when nothing was frozen before."""
    thawed = gc.get_freeze_count() == 0
    gc.collect()
    gc.freeze()
    return thawed


def table_players(tab: TableTab) -> list[Seat]:
    """Who sits where as this seat's screen names them: its own person at the keyboard, the
    others by `seat_name` (a computer standing in says so), computers at their level."""
    from civio_tui.campaigns.table_record import table_seats

    table = tab.table
    levels = [seat.level for seat in table_seats(table)]
    return [
        Seat(seat_name(table, s), HUMAN if s == tab.seat or table.seats[s].name else levels[s])
        for s in range(table.row.seats)
    ]


def seat_name(table: Table, seat: int) -> str:
    """A seat's name as short as a game's panes need it: a person's name, "Ana (computer)"
    while the computer plays for her (the notice said why), "Computer (hard)"."""
    s = table.seats[seat]
    if s.name is not None and s.stand_in:
        return f"{s.name} (computer)"
    return table.label(seat)


def open_table(app: CivioApp, code: str) -> str | None:
    """Open the screen of the app's player's seat at table `code`, for the table's game (the
    registry's `table_screen`); else why not, in one sentence."""
    from civio_tui.games import game, open_table_screen
    from civio_tui.screens.tables import open_store
    from civio_tui.tables import ops
    from civio_tui.tables.store import StoreUnavailable

    store = open_store(app.screen)  # type: ignore[arg-type]
    if store is None:
        return "The table file cannot be opened."
    try:
        tab = TableTab(store, code, app.table_name)
    except (ops.TableRefused, StoreUnavailable) as exc:
        return str(exc)
    info = game(tab.live.game)
    if info.table_screen is None:
        return (
            f"Table {tab.code} plays {info.title}: play it from a terminal with "
            f"`civio table join {tab.code} --save-root DIR`."
        )
    open_table_screen(info, app, tab)
    return None
