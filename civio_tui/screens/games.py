"""More games: the publisher's other games with the same deck, and the puzzles."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui import games
from civio_tui.card_games_save import (
    SavedSolitaire,
    SolitaireSaves,
    in_progress,
    solitaire_label,
)
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

PUZZLES = "puzzles"
"""The Puzzles entry: exercises, not a game of the registry."""

# The menu's order stays as players learnt it: Solitaire (a game alone), the puzzles, then the
# games played with others.
MENU: tuple[tuple[str, str, str], ...] = (
    (games.SOLITAIRE.id, games.SOLITAIRE.title, games.SOLITAIRE.about),
    (PUZZLES, "Puzzles", "short exercises: go out, complete, best 7, broken, linked"),
    (games.CONCENTRATION.id, games.CONCENTRATION.title, games.CONCENTRATION.about),
    (games.EASY_PLAY.id, games.EASY_PLAY.title, games.EASY_PLAY.about),
)


class GamesScreen(CivioScreen[None]):
    """A list of the other games; Enter starts one, Escape goes back to the menu."""

    DEFAULT_CSS = """
    GamesScreen { align: center middle; }
    #games-box { width: 72; height: auto; }
    #games-title { text-style: bold; color: $accent; margin-bottom: 1; }
    #games-list { height: auto; border: round $primary; padding: 0 1; }
    #games-note { color: $text-muted; margin-top: 1; }
    """

    saved_solitaire: SavedSolitaire | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="games-box"):
            yield Static("More games with the same cards", id="games-title")
            yield NavList(id="games-list")
            yield Static("↑↓ to move · Enter to play · Esc back to the menu", id="games-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_games()
        self.query_one(NavList).focus()

    def on_screen_resume(self) -> None:
        # Back from a deal: offer to continue it (or no longer, once it is over).
        self.refresh_games()

    def refresh_games(self) -> None:
        """The games, with "Continue Solitaire" first when a deal in progress is saved."""
        saves = SolitaireSaves(self.app.save_dir, self.app.deck)
        saved = saves.saved
        self.saved_solitaire = saved if saved is not None and in_progress(saved) else None
        options = [Option(f"{label}\n  {about}", id=key) for key, label, about in MENU]
        if self.saved_solitaire is not None:
            label = solitaire_label(self.saved_solitaire)
            options.insert(0, Option(f"Continue Solitaire\n  {label}", id="continue-solitaire"))
        menu = self.query_one(NavList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        before = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        menu.clear_options()
        menu.add_options(options)
        ids = [o.id for o in options]
        # A deal just left in progress: its Continue is what the player most likely wants.
        fresh = ids[0] == "continue-solitaire" and ids[0] not in before
        menu.highlighted = ids.index(highlighted) if highlighted in ids and not fresh else 0

    def cannot_play(self, game_id: str) -> str | None:
        """Why this card pack cannot play the game `game_id` (None when it can)."""
        if game_id not in games.game_ids():
            return None
        check = games.game(game_id).cannot_play
        return None if check is None else check(self.app.deck)

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        problem = self.cannot_play(event.option.id or "")
        if problem is not None:
            self.notify(problem, severity="warning")
            return
        chosen = event.option.id or ""
        if chosen == "continue-solitaire" and self.saved_solitaire is not None:
            self.app.push_screen(games.open_screen(games.SOLITAIRE, resume=self.saved_solitaire))
        elif chosen == games.SOLITAIRE.id:
            self.new_solitaire()
        elif chosen == PUZZLES:
            from civio_tui.screens.puzzles import PuzzleMenuScreen

            self.app.push_screen(PuzzleMenuScreen())
        elif chosen in games.game_ids():
            self.app.push_screen(games.open_screen(games.game(chosen)))

    def new_solitaire(self) -> None:
        """Today's deal; a deal in progress is replaced only when the player says so."""

        def start(yes: bool | None = True) -> None:
            if yes:
                self.app.push_screen(games.open_screen(games.SOLITAIRE))

        saved = self.saved_solitaire
        if saved is None:
            start()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen(
                "Start a new Solitaire deal?",
                f"Your deal in progress ({solitaire_label(saved)}) will be replaced.",
                yes="Start",
                no="Keep it",
            ),
            start,
        )
