"""The CIVIO Textual app: themes, settings, the screen stack and the too-small guard.

Importing this module must stay cheap: `civio bench` times the first frame of the main menu, so
the deck, the engine and every screen but the menu are imported when first needed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme

from civio_tui import keymap
from civio_tui.glyphs import ascii_filter, ascii_key, ascii_terminal
from civio_tui.parsed_styles import share_parsed_styles
from civio_tui.start_settings import quick_read

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from textual.filter import LineFilter

    from cards.deck import Deck
    from civio_tui.screens.new_game import GameSetup
    from civio_tui.settings import Settings

MIN_WIDTH = 80
MIN_HEIGHT = 24

# Card-type colours per theme. The colour-blind theme uses the Okabe-Ito palette, chosen to be
# told apart under the common colour-vision deficiencies; every card also shows its type letter.
_CARD_COLOURS: dict[str, dict[str, str]] = {
    "civio-dark": {
        "card-case": "#7cb7ff",
        "card-law": "#ff8a80",
        "card-amendment": "#ffd166",
        "card-freedom": "#8fe3a1",
        "card-issue": "#d7a6ff",
        "card-cra": "#ffb3e0",
        "card-wild": "#e0e0e0",
    },
    "civio-light": {
        "card-case": "#0b5cad",
        "card-law": "#b3261e",
        "card-amendment": "#8a5a00",
        "card-freedom": "#1b7a36",
        "card-issue": "#6b2fa3",
        "card-cra": "#a3286b",
        "card-wild": "#333333",
    },
    "colour-blind": {
        "card-case": "#56B4E9",
        "card-law": "#D55E00",
        "card-amendment": "#F0E442",
        "card-freedom": "#009E73",
        "card-issue": "#CC79A7",
        "card-cra": "#E69F00",
        "card-wild": "#FFFFFF",
    },
    "terminal-16": {
        "card-case": "ansi_bright_blue",
        "card-law": "ansi_bright_red",
        "card-amendment": "ansi_bright_yellow",
        "card-freedom": "ansi_bright_green",
        "card-issue": "ansi_bright_magenta",
        "card-cra": "ansi_magenta",
        "card-wild": "ansi_bright_white",
    },
}

_STATUS = {
    "good": {"civio-dark": "#8fe3a1", "civio-light": "#1b7a36", "colour-blind": "#009E73"},
    "bad": {"civio-dark": "#ff8a80", "civio-light": "#b3261e", "colour-blind": "#D55E00"},
}


def _palette_theme(name: str, **colours: Any) -> Theme:
    """A theme of our own colours: its card and status colours come from the tables above."""
    return Theme(
        name=name,
        variables={
            **_CARD_COLOURS[name],
            "status-good": _STATUS["good"][name],
            "status-bad": _STATUS["bad"][name],
        },
        **colours,
    )


THEMES: tuple[Theme, ...] = (
    _palette_theme(
        "civio-dark",
        primary="#3d7ebf",
        secondary="#2b5a87",
        accent="#e8b04b",
        warning="#e8b04b",
        error="#d9534f",
        success="#5cb85c",
        foreground="#e6e6e6",
        background="#14181f",
        surface="#1c2230",
        panel="#232b3b",
        dark=True,
    ),
    _palette_theme(
        "civio-light",
        primary="#1f5f99",
        secondary="#3d7ebf",
        accent="#a05a00",
        warning="#a05a00",
        error="#b3261e",
        success="#1b7a36",
        foreground="#1a1a1a",
        background="#f7f5ef",
        surface="#ecE8dc",
        panel="#e2dccb",
        dark=False,
    ),
    _palette_theme(
        "colour-blind",
        primary="#0072B2",
        secondary="#56B4E9",
        accent="#E69F00",
        warning="#E69F00",
        error="#D55E00",
        success="#009E73",
        foreground="#f0f0f0",
        background="#101010",
        surface="#1a1a1a",
        panel="#262626",
        dark=True,
    ),
    Theme(
        name="terminal-16",
        ansi=True,
        primary="ansi_blue",
        secondary="ansi_cyan",
        accent="ansi_yellow",
        warning="ansi_yellow",
        error="ansi_red",
        success="ansi_green",
        foreground="ansi_default",
        background="ansi_default",
        surface="ansi_default",
        panel="ansi_default",
        boost="ansi_default",
        dark=True,
        variables={
            **_CARD_COLOURS["terminal-16"],
            "status-good": "ansi_green",
            "status-bad": "ansi_red",
            "ansi-background": "ansi_black",
            "ansi-foreground": "ansi_white",
            "border-blurred": "ansi_bright_black",
            "block-cursor-foreground": "ansi_black",
            "block-cursor-background": "ansi_white",
            "block-cursor-blurred-foreground": "ansi_default",
            "block-cursor-blurred-background": "ansi_bright_black",
            "input-cursor-background": "ansi_white",
            "input-cursor-foreground": "ansi_black",
            "footer-key-foreground": "ansi_bright_yellow",
        },
    ),
)


def _main_menu() -> Screen[Any]:
    from civio_tui.screens.main_menu import MainMenuScreen

    return MainMenuScreen()


CRASHED = (
    "civio: the game stopped on an unexpected error (reported above); your games are kept as "
    "they were last saved."
)


class CivioApp(App[int]):
    """CIVIO in the terminal: a main menu, a table, and the screens around them."""

    TITLE = "CIVIO"
    SUB_TITLE = "the civil-rights strategy card game"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    # A mode (not get_default_screen) so the menu's own .tcss is loaded like any pushed screen's.
    MODES: ClassVar[dict[str, Any]] = {"_default": _main_menu}
    BINDINGS: ClassVar[list[BindingType]] = [*keymap.bindings("app.help", "app.rules", "app.quit")]

    def __init__(
        self,
        *,
        deck: Deck | None = None,
        cards_path: str | None = None,
        save_dir: str | None = None,
        settings: Settings | None = None,
        config_dir: Path | None = None,
        table_root: Path | None = None,
    ) -> None:
        # Each screen first shown and each theme set would otherwise parse every style again.
        share_parsed_styles()
        super().__init__()
        self._deck = deck
        self.cards_path = cards_path
        self.save_dir = save_dir
        self.table_root = table_root
        """The save root whose table file the class's networked tables are kept in (`civio
        serve`, or `civio --save-root DIR`); None: no Tables on the main menu."""
        self.ended_tables_kept: set[str] = set()
        """The codes of this player's ended tables whose rounds Tables has kept in their games
        this session (`keep_ended_tables`): each is replayed once, not at every visit."""
        self.config_dir = config_dir
        self.settings_problem: str | None = None
        self._settings = settings
        # Without settings handed in, start from a quick reading (no pydantic before the first
        # frame); the full one, with its messages, follows the first frame (`on_mount`).
        theme, keys = (settings.theme, settings.keymap) if settings else quick_read(config_dir)
        self.game_in_progress = False
        for each in THEMES:
            self.register_theme(each)
        self.theme = theme
        self.set_keymap(keys)
        self.ascii = ascii_terminal()
        """Draw in ASCII (the Linux console, a non-UTF-8 locale): see glyphs.py."""
        self._ascii_filter = ascii_filter() if self.ascii else None

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        if self._ascii_filter is None:
            return filters
        return [*filters, self._ascii_filter]  # type: ignore[list-item]

    def get_key_display(self, binding: Binding) -> str:
        display = super().get_key_display(binding)
        return ascii_key(display) if self.ascii else display

    # -- shared state -------------------------------------------------------------------------

    served: ClassVar[bool] = False
    """Played in a browser tab of `civio serve`: the server's folders are not the player's to
    see or open, so no screen names a path, and files reach the player as downloads."""

    @property
    def signed_in_as(self) -> str | None:
        """The name a served player signed in with (fixed for the whole tab); None in the
        terminal, where Settings' name is the player's to change."""
        return None

    @property
    def table_name(self) -> str:
        """The name this player sits at a networked table under: Settings' name, or, while it
        is still the default "You", the login name (as `civio table` names a player), so that
        classmates sharing a computer are told apart."""
        new_game = self.settings.new_game
        name = new_game.player_name
        if name == type(new_game).model_fields["player_name"].default:
            import getpass

            return getpass.getuser()
        return name

    @property
    def deck(self) -> Deck:
        """The deck in play (the standard deck unless `--cards FILE`), loaded on first use."""
        if self._deck is None:
            from cards.deck import load_deck

            self._deck = load_deck(self.cards_path)
        return self._deck

    @property
    def settings(self) -> Settings:
        """The player's settings, read in full (and checked) on first use."""
        if self._settings is None:
            from civio_tui.settings import Settings

            self._settings, self.settings_problem = Settings.read(self.config_dir)
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self._settings = settings

    def set_keymap(self, keymap: Mapping[str, str]) -> None:
        """Textual's remapping of the bindings, kept as `remaps` too: the screens that spell a
        key in their text (the menu's note) spell the one the player has bound."""
        self.remaps = dict(keymap)
        super().set_keymap(keymap)

    def _read_settings(self) -> None:
        """After the first frame: the full settings, and what was wrong with the file."""
        if self._settings is not None:
            return
        settings = self.settings
        if settings.theme != self.theme:
            self.theme = settings.theme
        self.set_keymap(settings.keymap)
        if self.settings_problem:
            self.notify(self.settings_problem, title="Settings", severity="warning", timeout=15)

    def save_settings(self) -> None:
        if self.settings.save(self.config_dir) is None:
            self.notify("Could not save settings (folder not writable).", severity="warning")

    def apply_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.theme = settings.theme
        self.set_keymap(settings.keymap)
        self.save_settings()

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {
            **_CARD_COLOURS["civio-dark"],
            "status-good": _STATUS["good"]["civio-dark"],
            "status-bad": _STATUS["bad"]["civio-dark"],
        }

    # -- terminal too small -------------------------------------------------------------------

    def on_resize(self) -> None:
        self.call_after_refresh(self.check_size)

    def on_mount(self) -> None:
        self.check_size()
        self.call_after_refresh(self._read_settings)

    def _fatal_error(self) -> None:
        """As Textual's, without the local variables: a crash report must never carry what a
        player typed (a PIN, in the classroom, where the report goes to the server's log)."""
        import rich
        from rich.segment import Segments
        from rich.traceback import Traceback

        self.bell()
        traceback = Traceback(show_locals=False, width=None, suppress=[rich])
        self._exit_renderables.append(
            Segments(self.console.render(traceback, self.console.options))
        )
        self._close_messages_no_wait()

    def check_size(self) -> None:
        """Cover everything with a clear message below 80x24, and take it away on resize."""
        from civio_tui.screens.too_small import TooSmallScreen

        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen())
        elif not small and on_top:
            self.pop_screen()
        elif small and isinstance(self.screen, TooSmallScreen):
            self.screen.refresh_message()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Keep the too-small message on top when a screen opens under it (an AI's CIVIO)."""
        from civio_tui.screens.too_small import TooSmallScreen

        if isinstance(screen, TooSmallScreen) or not self._screen_stack:
            return super().push_screen(screen, *args, **kwargs)
        if isinstance(self.screen, TooSmallScreen):
            self.pop_screen()
            result = super().push_screen(screen, *args, **kwargs)
            super().push_screen(TooSmallScreen())
            return result
        return super().push_screen(screen, *args, **kwargs)

    # -- starting and leaving games ----------------------------------------------------------

    def start_game(self, setup: GameSetup, *, replace: Screen[Any] | None = None) -> None:
        """Open the table for a new game (in place of the New game form when `replace`)."""
        from civio_tui.screens.civio.table import TableScreen
        from civio_tui.table_controller import TableController

        try:
            controller = TableController.new_game(
                self.deck,
                setup.opponents,
                rules=setup.rules,
                target=setup.target,
                seed=setup.seed,
                save_dir=self.save_dir,
                player_name=self.settings.new_game.player_name,
                practice=setup.practice,
                max_rounds=setup.max_rounds,
                humans=setup.humans,
            )
        except ValueError as exc:  # a custom card pack too small for this many players, say
            self.notify(str(exc), title="Cannot start this game", severity="error", timeout=10)
            return
        if replace is not None and self.screen is replace:
            self.pop_screen()
        self.push_screen(TableScreen(controller))

    def open_saved_game(self, name: str) -> None:
        """Continue a saved campaign at the table; a file that cannot be played says why."""
        from civio_tui.campaigns.store import SaveError
        from civio_tui.screens.civio.table import TableScreen
        from civio_tui.table_controller import TableController

        try:
            controller = TableController.resume(self.deck, name, self.save_dir)
        except (SaveError, OSError, ValueError) as exc:
            self.notify(str(exc), title="Cannot open this game", severity="error", timeout=10)
            return
        self.push_screen(TableScreen(controller))

    # -- actions ------------------------------------------------------------------------------

    def action_help(self) -> None:
        from civio_tui.screens.help import HelpScreen, context_for

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(first=context_for(self.screen)))

    def action_rules(self) -> None:
        from civio_tui.screens.rules import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def _exit_keeping_the_table(self) -> None:
        """Quit; a table in play first keeps its look (cursor, focus) with the saved round."""
        if self.game_in_progress:
            from civio_tui.screens.civio.table import TableScreen

            for screen in self.screen_stack:
                if isinstance(screen, TableScreen):
                    screen.keep_table_state()
        self.exit(0)

    _asking_to_quit = False

    def action_quit_game(self) -> None:
        """Quit, asking first during a game (and saying truly what is kept); Ctrl+Q pressed
        again while it asks is a yes."""
        if self._asking_to_quit or not (self.game_in_progress and self.settings.confirm_quit):
            self._exit_keeping_the_table()
            return
        from civio_tui.screens.civio.table import TableScreen
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            self._asking_to_quit = False
            if yes:
                self._exit_keeping_the_table()

        self._asking_to_quit = True
        tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
        message = tables[-1].controller.leaving_words() if tables else "Quit now?"
        self.push_screen(
            ConfirmScreen("Quit CIVIO?", message, yes="Quit", no="Keep playing"), answer
        )


def run_app(args: argparse.Namespace) -> int:
    """Run the game until the player quits; the exit code for `civio`."""
    cards_path = getattr(args, "cards", None)
    deck = None
    if cards_path:
        # A custom pack is checked before the screen opens, so a bad file is a clear message.
        from cards.deck import load_deck
        from cards.table import check_pack

        deck = load_deck(cards_path)
        check_pack(deck)
    root = getattr(args, "save_root", None)
    app = CivioApp(
        deck=deck,
        cards_path=cards_path,
        save_dir=getattr(args, "save_dir", None),
        table_root=Path(root) if root else None,
    )
    result = app.run()
    if app.return_code:  # an unhandled exception ended the app (its report is printed above)
        print(CRASHED, file=sys.stderr)
        return 1
    return int(result or 0)
