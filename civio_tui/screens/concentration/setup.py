"""Who plays Concentration: 1 player alone, or 2-4 players, each a person at this keyboard (with
a name) or the computer (easy or hard).

The board is shared and every card turned is seen by all, so several people at one keyboard
simply take turns: no pass screen, the game names whose turn it is.
"""

from __future__ import annotations

import random
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ai.concentration.levels import LEVELS
from cards.games.concentration.game import MAX_PLAYERS
from civio_tui.screens.base import CivioScreen
from civio_tui.screens.easy_play.setup import computer_names
from civio_tui.seating import (
    HUMAN,
    Seat,
    clean_name,
    default_name,
    seating_problems,
)
from civio_tui.widgets.choice_form import ChoiceForm, FormRow
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.seat_rows import FORM_KEYS, seat_rows, sync_seat_rows

SEAT_HELP = {
    HUMAN: "A person at this keyboard. Players take turns; the board is the same for all.",
    "easy": "Computer, easy: forgets what it saw a few turns ago.",
    "hard": "Computer, hard: remembers every card it has seen (it never peeks).",
}


def setup_seats(values: dict[str, str]) -> list[Seat]:
    """The seats the form's values describe (names tidied; computers named for their level)."""
    count = int(values["count"])
    levels = [values[f"kind{s}"] for s in range(count)]
    computers = computer_names(levels)
    seats = []
    for s, level in enumerate(levels):
        if level == HUMAN:
            seats.append(Seat(clean_name(values.get(f"name{s}", "")), HUMAN))
        else:
            seats.append(Seat(f"{computers[s] or default_name(s)} ({level})", level))
    return seats


def seats_problem(seats: list[Seat]) -> str | None:
    """Why these seats cannot play (None: they can). One player alone needs only a name."""
    if len(seats) == 1:
        name = clean_name(seats[0].name)
        if not seats[0].is_human:
            return "One player alone must be a person."
        if not name:
            return "Player 1 needs a name."
        return None
    problems = seating_problems(seats, ai_levels=set(LEVELS))
    return problems[0] if problems else None


class ConcentrationSetupForm(ChoiceForm):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Start game", id="concentration_setup.start")
    ]


class ConcentrationSetupScreen(CivioScreen[None]):
    """The form; Enter starts the game, a problem (two players alike, no name) is said under the
    form and nothing starts."""

    DEFAULT_CSS = """
    ConcentrationSetupScreen { align: center middle; }
    #cs-box { width: 78; height: auto; max-height: 24; }
    #cs-help { color: $text-muted; height: auto; }
    #cs-problem { color: $error; height: auto; }
    """

    def __init__(self, *, replacing: str | None = None) -> None:
        super().__init__()
        self.replacing = replacing
        """The saved game in progress a new game replaces (asked before starting)."""

    def compose(self) -> ComposeResult:
        kinds = [(HUMAN, "At the keyboard")] + [(level, f"Computer ({level})") for level in LEVELS]
        you = clean_name(self.app.settings.new_game.player_name) or default_name(0)
        count = FormRow(
            "count",
            "Players",
            [("1", "1 player")] + [(str(n), f"{n} players") for n in range(2, MAX_PLAYERS + 1)],
            help="1 player alone (as few turns as you can), or 2 to 4 taking turns.",
        )
        count.select("2")
        rows = [count]
        rows += seat_rows(
            MAX_PLAYERS,
            kinds,
            SEAT_HELP,
            you=you,
            first_level=HUMAN,
            other_level=HUMAN,
            name_help="The name shown when it is this player's turn, and beside the pairs.",
        )
        rows.append(
            FormRow(
                "start", "Start game", kind="button", help="Starts the game with the choices above."
            )
        )
        with Vertical(id="cs-box", classes="pane"):
            yield ConcentrationSetupForm(rows, id="cs-form")
            yield Static(id="cs-problem")
            yield Static(id="cs-help")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#cs-box").border_title = "Who plays Concentration?"
        form = self.query_one(ChoiceForm)
        sync_seat_rows(form, int(form.row("count").value), MAX_PLAYERS, alone=True)
        form.focus()
        self._show_help(form.current)

    def _show_help(self, row: FormRow) -> None:
        self.query_one("#cs-help", Static).update(f"{row.describe()}\n{FORM_KEYS}")

    def on_choice_form_changed(self, event: ChoiceForm.Changed) -> None:
        if event.row.key == "count" or event.row.key.startswith("kind"):
            form = event.form
            sync_seat_rows(form, int(form.row("count").value), MAX_PLAYERS, alone=True)
        self._show_help(event.form.current)
        self.query_one("#cs-problem", Static).update("")

    def on_choice_form_submitted(self, event: ChoiceForm.Submitted) -> None:
        values = event.form.values()
        if values["count"] == "1":
            values["kind0"] = HUMAN
        seats = setup_seats(values)
        problem = seats_problem(seats)
        if problem is not None:
            self.query_one("#cs-problem", Static).update(problem)
            return
        from civio_tui.screens.concentration.screen import ConcentrationScreen

        def start(yes: bool | None = True) -> None:
            if yes:
                game = ConcentrationScreen(seats, random.randrange(1, 1_000_000))
                self.app.switch_screen(game)

        if self.replacing is None:
            start()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen(
                "Start a new Concentration game?",
                f"Your game in progress ({self.replacing}) will be replaced.",
                yes="Start",
                no="Keep it",
            ),
            start,
        )
