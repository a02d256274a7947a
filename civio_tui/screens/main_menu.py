"""The main menu: the first thing `civio` shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui import keymap
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from pathlib import Path

    from civio_tui.saved_games import SavedGame, SavedGames
    from civio_tui.tables.ops import Table

_ART_LINES = (
    " ██████ ██ ██    ██ ██  ██████ ",
    "██      ██ ██    ██ ██ ██    ██",
    "██      ██  ██  ██  ██ ██    ██",
    " ██████ ██   ████   ██  ██████ ",
)
TITLE_ART = "\n".join(_ART_LINES)

ENTRIES: tuple[tuple[str, str], ...] = (
    ("new", "New game"),
    ("continue", "Continue"),
    ("campaigns", "Campaigns"),
    ("learn", "Learn to play"),
    ("rules", "Rules"),
    ("encyclopedia", "Card encyclopedia"),
    ("games", "More games and puzzles"),
    ("settings", "Settings"),
    ("stats", "Statistics"),
    ("tables", "Tables"),
    ("quit", "Quit"),
)
"""Each entry keeps its number for good (a teacher says "press 2 for New game" to a whole class,
some of whom have done a lesson and some not). Tables shows only where a class's table file is
reached (`civio serve`, `--save-root`); it comes after the numbered entries so theirs stay the
same with it or without it, and its key is a letter (`menu.tables`), not a number."""


class MainMenuScreen(CivioScreen[None]):
    """New game, Continue, Campaigns, Learn to play, Rules, Card encyclopedia, Settings, Quit."""

    CSS_PATH = "main_menu.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("menu.quit", "menu.tables"),
        Binding("escape", "back", "Back", show=False, id="menu.escape"),
        Binding("o", "sign_out", "Sign out", id="menu.sign_out"),
    ]

    def compose(self) -> ComposeResult:
        self.learn_first = self._no_lesson_done()
        with Vertical(id="menu-box"):
            yield Static(TITLE_ART, id="menu-title")
            yield Static("the civil-rights strategy card game", id="menu-tagline")
            player = self.app.signed_in_as
            if player is not None:
                yield Static(f"Playing as {player} · not you? Sign out (o)", id="menu-player")
            yield NavList(*self._options(), id="menu-list")
            yield Static(id="menu-note")
        yield KeysFooter()

    def __init__(self) -> None:
        super().__init__()
        self.latest: SavedGame | None = None
        self.damaged = 0
        self.scanned = False
        self.learn_first = True
        self.keys_shown: dict[str, str] = {}
        """The remaps the note's keys were spelt with."""

    def _no_lesson_done(self) -> bool:
        from civio_tui.lessons.started import any_lesson_done

        return not any_lesson_done(self.app.save_dir)

    def entries(self) -> tuple[tuple[str, str], ...]:
        """ENTRIES, with Tables only where a class's tables are."""
        if self.app.table_root is None:
            return tuple(e for e in ENTRIES if e[0] != "tables")
        return ENTRIES

    def _options(self) -> list[Option]:
        options = []
        for number, (key, label) in enumerate(self.entries(), 1):
            # Digits pick the first nine entries, Tables its letter; Quit (also q) lines up
            # without one.
            mark = (
                str(number) if number <= 9 else self._key("menu.tables") if key == "tables" else " "
            )
            text = f"{mark}  {label}"
            disabled = False
            if key == "learn" and self.learn_first:
                text += "  ← start here"
            if key == "continue":
                if not self.scanned:
                    text += "  (looking for saved games…)"
                    disabled = True
                elif self.latest is None and self.damaged:
                    # Say so: "no saved game" would tell a player their game is gone.
                    saves = "1 save" if self.damaged == 1 else f"{self.damaged} saves"
                    text += f"  ({saves} unreadable: see Campaigns)"
                    disabled = True
                elif self.latest is None:
                    text += "  (no saved game)"
                    disabled = True
                else:
                    text += f"  ({self.latest.label})"
            options.append(Option(text, id=key, disabled=disabled))
        return options

    @work(thread=True, exclusive=True, group="saves")
    def scan_saves(self) -> None:
        # Reading saves replays their rounds: done off the UI thread, after the first frame.
        from civio_tui.saved_games import scan_saved_games

        found = scan_saved_games(self.app.save_dir, self.app.deck)
        self.app.call_from_thread(self._saves_scanned, found)

    def _saves_scanned(self, found: SavedGames) -> None:
        self.latest = found.latest
        self.damaged = found.damaged
        self.scanned = True
        self._rebuild()

    def _rebuild(self) -> None:
        menu = self.query_one(NavList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(self._options())
        if highlighted is not None:
            menu.highlighted = highlighted

    def on_mount(self) -> None:
        menu = self.query_one(NavList)
        menu.focus()
        if self.learn_first:
            # A new player's cursor starts on Learn to play; its number stays the same.
            menu.highlighted = [key for key, _ in self.entries()].index("learn")
        self._show_keys()
        # After the first frame: the table file and the player's name are read then.
        self.call_after_refresh(self.offer_own_table)

    def _key(self, binding_id: str) -> str:
        """The keys of a binding as the player has bound them."""
        return keymap.key_label(binding_id, self.app.remaps)

    def _show_keys(self) -> None:
        self.keys_shown = dict(self.app.remaps)
        tables = (
            f"{self._key('menu.tables')}: Tables · " if "tables" in dict(self.entries()) else ""
        )
        self.query_one("#menu-note", Static).update(
            f"↑↓ or j k to move · Enter to choose · {tables}{self._key('app.help')} for help"
        )

    def offer_own_table(self) -> None:
        """A player with a seat at a table in play (back after closing the tab or reloading)
        finds Tables highlighted and the note naming the table: Enter takes them to it."""
        root = self.app.table_root
        if root is None:
            # No class's tables here: nothing to read, and the player's name (the settings,
            # pydantic) is not needed before the first frame.
            return
        table = own_table_in_play(root, self.app.table_name)
        if table is None:
            return
        from civio_tui.tables.games import table_game

        menu = self.query_one(NavList)
        menu.highlighted = menu.get_option_index("tables")
        self.query_one("#menu-note", Static).update(
            f"Your seat at table {table.code} ({table_game(table.row.game).title}) is waiting: "
            "Enter opens Tables, where it is first."
        )

    def on_screen_resume(self) -> None:
        # A game may have been saved or finished since the menu was last shown.
        self.app.game_in_progress = False
        self.learn_first = self._no_lesson_done()
        if self.app.remaps != self.keys_shown:  # Settings bound other keys
            self._show_keys()
        self.call_after_refresh(self.scan_saves)

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key.isdigit() and 1 <= int(key) <= min(9, len(self.entries())):
            event.stop()
            option = self.query_one(NavList).get_option_at_index(int(key) - 1)
            if not option.disabled and option.id:
                self._choose(option.id)

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self._choose(event.option.id)

    def _choose(self, key: str) -> None:
        if key == "new":
            from civio_tui.screens.new_game import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif key == "continue":
            if self.latest is None:
                self.notify("There is no saved game to continue.")
                return
            if self.latest.kind != "campaign":
                from civio_tui.saved_games import continue_other_game

                continue_other_game(self.app, self.latest)
                return
            self.app.open_saved_game(self.latest.name)
        elif key == "campaigns":
            from civio_tui.screens.campaigns import CampaignsScreen

            self.app.push_screen(CampaignsScreen())
        elif key == "games":
            from civio_tui.screens.games import GamesScreen

            self.app.push_screen(GamesScreen())
        elif key == "learn":
            from civio_tui.screens.lessons import LessonsScreen

            self.app.push_screen(LessonsScreen())
        elif key == "rules":
            self.app.action_rules()
        elif key == "encyclopedia":
            from civio_tui.screens.encyclopedia import EncyclopediaScreen

            self.app.push_screen(EncyclopediaScreen())
        elif key == "settings":
            from civio_tui.screens.settings import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif key == "stats":
            from civio_tui.screens.statistics import StatisticsScreen

            self.app.push_screen(StatisticsScreen())
        elif key == "tables":
            from civio_tui.screens.tables import TablesScreen

            self.app.push_screen(TablesScreen())
        elif key == "quit":
            self.app.exit(0)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Signing out is for a served player (signed in with a name and PIN) only; Tables is
        # where a class keeps tables.
        if action == "tables":
            return self.app.table_root is not None
        return action != "sign_out" or self.app.signed_in_as is not None

    def action_tables(self) -> None:
        self._choose("tables")

    def action_sign_out(self) -> None:
        # Every move is saved already: the tab's game ends, and the page offers a new sign-in.
        self.app.exit(0)

    def action_back(self) -> None:
        # Escape on the first screen does nothing: quitting is q or ctrl+q, never an accident.
        pass

    def action_quit_game(self) -> None:
        # q is this screen's binding, so its action is looked up here, not on the app.
        self.app.action_quit_game()


def own_table_in_play(root: Path | None, name: str) -> Table | None:
    """The first table in play where `name` has a seat, read from the class's table file
    (None without one, or when the file cannot be read: Tables then says why)."""
    from civio_tui.tables import ops
    from civio_tui.tables.store import FILE_NAME, StoreUnavailable, TableStore

    if root is None or not (root / FILE_NAME).exists():  # no table yet: none made here
        return None
    try:
        store = TableStore.in_root(root)
    except StoreUnavailable:
        return None
    try:
        playing = [t for t in ops.tables_of(store, name) if t.state == ops.PLAYING]
    except StoreUnavailable:
        return None
    finally:
        store.close()
    return playing[0] if playing else None
