"""Easy Play at a networked table: the ordinary Easy Play screen for one seat, whose other
seats play in other processes (`RemoteSeat`, civio_tui/screens/remote_seat.py).

The screen's game is the table's: an `EasyPlayGame` over the table's deals up to the one this
seat is looking at (`table_game`), so the hand, the other players' lines, the standings and
the totals are drawn as at a game of one's own, from this seat's side only. The others' moves
come in by the table's poll; the log tells each as this seat's view allows. Nothing is saved
here: the table's log is its save, and a finished round goes to this player's own games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

from cards.games.easy_play.game import EasyPlayGame
from cards.games.easy_play.round import EasyAction, EasyPlay
from civio_tui.campaigns.table_record import record_name
from civio_tui.easy_play_save import EasyPlayStore, SavedEasyPlay
from civio_tui.screens.easy_play.panes import person
from civio_tui.screens.easy_play.screen import EasyPlayScreen
from civio_tui.screens.remote_seat import RemoteSeat, table_players

if TYPE_CHECKING:
    from civio_tui.app import CivioApp
    from civio_tui.session.remote import TableTab


def table_game(tab: TableTab) -> EasyPlayGame:
    """The table's match as an Easy Play game: its deals up to the one the seat is shown (the
    same engines, not copies), its seed, rules and end, the dealer moving as at the table."""
    match = tab.match
    engines = match.engines
    shown = engines.index(tab.session.engine)
    return EasyPlayGame(
        seats=match.seats,
        rules=match.rules,
        seed=match.seed,
        target=match.target,
        max_rounds=match.rounds,
        deck=match.deck,
        rounds=list(engines[: shown + 1]),
    )


class _TableStore(EasyPlayStore):
    """The table as the screen's store: its name is the table's, and nothing is written (the
    table file keeps every move)."""

    def save(self, game: EasyPlayGame, players: object) -> str | None:
        return None


class RemoteEasyPlayScreen(RemoteSeat, EasyPlayScreen):
    """Easy Play for one seat at a networked table (see the module docstring)."""

    def __init__(self, tab: TableTab) -> None:
        store = _TableStore(tab.live.store.path.parent, record_name(tab.code), tab.match.deck)
        store.saved = SavedEasyPlay(store.name, table_game(tab), table_players(tab), None)
        super().__init__(store)
        self.sit(tab)
        self.session = tab.session
        self.humans = [tab.seat]
        self.told_events = 0
        """Events of the round on screen already in the log (`told`)."""
        self.standings_for: EasyPlay | None = None
        """The round whose standings were shown (once per round, however often polled)."""
        self.name_keys({"back": "Leave the table", "new": "Next deal"})

    def start_game(self) -> None:
        self.game = self.tab.session.engine
        self.note = "The card you highlight shows, on the right, what it pairs with."
        self.catch_up()
        self.query_one("#ep-hand").focus()
        self.refresh_all()
        self.start_polling()
        self.after_move()

    def catch_up(self) -> None:
        """The table's game and players as polled; the log takes the events not yet told."""
        tab = self.tab
        self.match = table_game(tab)
        self.players = table_players(tab)
        game: EasyPlay = tab.session.engine
        if game is not self.game:
            self.game, self.told_events = game, 0
            self.told.append(f"Round {len(self.match.rounds)} is dealt.")
        self.told += game.events[self.told_events :]
        self.told_events = len(game.events)

    def tell(self) -> None:
        self.catch_up()

    def make_move(self, action: EasyAction) -> bool:
        return self.table_move(lambda: self.session.apply(action))

    def table_moved(self) -> None:
        self.catch_up()
        self.saved()
        self.refresh_all()
        self.after_move()

    def after_move(self) -> None:
        game = self.game
        if game is not None and game.is_over:
            if self.standings_for is game:
                return
            self.standings_for = game
            self.keep_record()
        super().after_move()

    # -- words ----------------------------------------------------------------------------

    def prompt(self) -> Content:
        game = self.game
        assert game is not None
        if game.is_over or game.current == self.tab.seat:
            return super().prompt()
        return self.waiting_line(person(self.names[game.current], 40))

    def show_thinking(self) -> None:
        if self.is_mounted and self.game is not None and not self.game.is_over:
            self.show_status()

    def show_standings(self) -> None:
        from civio_tui.screens.easy_play.standings import EasyStandingsScreen

        if any(isinstance(screen, EasyStandingsScreen) for screen in self.app.screen_stack):
            # The poll and the last move can both end the deal: its standings show once, so
            # one Enter answers them and leaves the table.
            return
        over = self.game_over
        keys = (
            "Enter: back to Tables · Esc: look at the table"
            if over
            else "The next deal has started. Enter: play it · Esc: look at the table"
        )

        def answer(choice: str | None) -> None:
            if choice != "next":
                return
            if over:
                self.close_game()
            else:
                self.action_new()

        self.app.push_screen(EasyStandingsScreen(self.match, self.names, keys=keys), answer)

    def action_new(self) -> None:
        """The next deal, which the table dealt when this one ended."""
        if not self.tab.next_round():
            return
        self.marked = None
        self.note = ""
        self.catch_up()
        self.refresh_all()
        self.after_move()

    def action_back(self) -> None:
        self.leave(confirm=True)


def open_remote_easy_play(app: CivioApp, tab: TableTab) -> None:
    """Push the Easy Play screen for the app's player's seat at `tab`'s table."""
    app.push_screen(RemoteEasyPlayScreen(tab))
