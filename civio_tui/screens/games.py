"""More games: the publisher's other games with the same deck, and the puzzles."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Footer, Static
from textual.widgets.option_list import Option

from cards.games.solitaire.game import DEAL_SIZE
from civio_tui.card_games_save import (
    SavedSolitaire,
    SolitaireSaves,
    in_progress,
    solitaire_label,
)
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.lists import NavList

GAMES: tuple[tuple[str, str, str], ...] = (
    (
        "solitaire",
        "Solitaire",
        "1 player: turn 21 cards one by one, call CIVIO as early as you can",
    ),
    ("puzzles", "Puzzles", "short exercises: go out, complete, best 7, broken, linked"),
    ("concentration", "Concentration", "1-4 players: find the publisher's 10 pairs"),
    ("easy-play", "Easy Play", "2-4 players: draw, lay down matching pairs, empty your hand"),
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
        yield Footer()

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
        options = [Option(f"{label}\n  {about}", id=key) for key, label, about in GAMES]
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

    def cannot_play(self, game: str) -> str | None:
        """Why this card pack cannot play `game` (None when it can)."""
        deck = self.app.deck
        if game == "solitaire" and len(deck) < DEAL_SIZE:
            return f"Solitaire needs {DEAL_SIZE} cards; this card pack has {len(deck)}."
        if game == "concentration":
            from cards.deck import UnknownCardError
            from cards.games.concentration.game import pairs

            try:
                pairs(deck)
            except UnknownCardError as exc:
                return f"This card pack lacks a card of the publisher's pairs: {exc}."
        return None

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        problem = self.cannot_play(event.option.id or "")
        if problem is not None:
            self.notify(problem, severity="warning")
            return
        if event.option.id == "continue-solitaire" and self.saved_solitaire is not None:
            from civio_tui.screens.solitaire.screen import SolitaireScreen

            self.app.push_screen(SolitaireScreen(resume=self.saved_solitaire))
        elif event.option.id == "solitaire":
            self.new_solitaire()
        elif event.option.id == "puzzles":
            from civio_tui.screens.puzzles import PuzzleMenuScreen

            self.app.push_screen(PuzzleMenuScreen())
        elif event.option.id == "concentration":
            from civio_tui.screens.concentration.screen import ConcentrationMenuScreen

            self.app.push_screen(ConcentrationMenuScreen())
        elif event.option.id == "easy-play":
            from civio_tui.screens.easy_play.screen import EasyPlayMenuScreen

            self.app.push_screen(EasyPlayMenuScreen())

    def new_solitaire(self) -> None:
        """Today's deal; a deal in progress is replaced only when the player says so."""
        from civio_tui.screens.solitaire.screen import SolitaireScreen

        def start(yes: bool | None = True) -> None:
            if yes:
                self.app.push_screen(SolitaireScreen())

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
