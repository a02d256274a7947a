"""A new Easy Play game: its name, who sits at the table (2-4 players, each at the keyboard with
a name, or a computer level), the rank that ends it and an optional round limit.

Several players at the keyboard play hot-seat: the keyboard is passed between their turns and
no one sees another's hand. The game saves itself after every move as `NAME.easy-play.json`.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from cards.ranks import DEFAULT_TARGET, RANKS
from civio_tui.card_words import rank_help
from civio_tui.screens.form_screen import FormScreen
from civio_tui.seating import HUMAN, MAX_NAME, MAX_SEATS, Seat, clean_name, default_name
from civio_tui.widgets.choice_form import ChoiceForm, FormRow
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.seat_rows import FORM_KEYS, seat_rows, sync_seat_rows

GAME_LENGTHS = (3, 5, 10)
SEAT_HELP = {
    HUMAN: "A person at this keyboard. With two or more, the keyboard is passed between turns "
    "and each sees only their own hand.",
    "random": "Computer, random: any legal move. For learning the rules.",
    "easy": "Computer, easy: keeps cards that pair, otherwise plays simply.",
    "medium": "Computer, medium: plans its pairs and watches the discard pile.",
}


def computer_names(seats: list[str]) -> list[str | None]:
    """ "Computer" for a lone computer player, else "Computer 1", "Computer 2", ...; None for
    the seats at the keyboard."""
    computers = [s for s, level in enumerate(seats) if level != HUMAN]
    out: list[str | None] = [None] * len(seats)
    for n, seat in enumerate(computers, 1):
        out[seat] = "Computer" if len(computers) == 1 else f"Computer {n}"
    return out


class EasyPlaySetupForm(ChoiceForm):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Start game", id="easy_setup.start")
    ]


class EasyPlaySetupScreen(FormScreen):
    """The form; Enter starts the game, a problem (a name taken, two players alike) is said
    under the form and nothing starts."""

    FORM_BOX = "es-setup-box"
    FORM_TITLE = "New Easy Play game"

    DEFAULT_CSS = """
    EasyPlaySetupScreen { align: center middle; }
    #es-setup-box { width: 78; height: auto; max-height: 24; }
    #es-setup-help { color: $text-muted; height: auto; }
    #es-setup-problem { color: $error; height: auto; }
    """

    def compose(self) -> ComposeResult:
        from ai.easy_play.levels import LEVELS
        from civio_tui.easy_play_save import free_name

        folder = self.app_save_folder()
        kinds = [(HUMAN, "At the keyboard")] + [(level, f"Computer ({level})") for level in LEVELS]
        you = clean_name(self.app.settings.new_game.player_name) or default_name(0)
        rows = [
            FormRow(
                "name",
                "Game name",
                kind="text",
                text=free_name(folder, "Easy Play"),
                max_length=MAX_NAME,
                help="The name it is saved and continued under (Campaigns lists it).",
            ),
            FormRow(
                "count",
                "Players",
                [(str(n), f"{n} players") for n in range(2, MAX_SEATS + 1)],
                help="2 to 4 players in all.",
            ),
        ]
        rows += seat_rows(
            MAX_SEATS,
            kinds,
            SEAT_HELP,
            you=you,
            first_level=HUMAN,
            other_level="medium",
            name_help="The name shown at the table and on the pass screen.",
        )
        target = FormRow(
            "target",
            "Play until",
            [(r.title, r.title) for r in RANKS[1:]],
            help="The game ends when a player reaches this rank (as in the main game).",
            choice_help=rank_help(),
        )
        target.select(DEFAULT_TARGET)
        length = FormRow(
            "length",
            "Game length",
            [("rank", "No limit: until the rank")]
            + [(str(n), f"At most {n} rounds") for n in GAME_LENGTHS],
            help="A short game ends after that many rounds (or sooner, at the rank): the "
            "higher total wins.",
        )
        rows += [
            target,
            length,
            FormRow(
                "start", "Start game", kind="button", help="Starts the game with the choices above."
            ),
        ]
        with Vertical(id="es-setup-box", classes="pane"):
            yield EasyPlaySetupForm(rows, id="es-setup-form")
            yield Static(id="es-setup-problem")
            yield Static(id="es-setup-help")
        yield KeysFooter()

    def app_save_folder(self) -> Path:
        from civio_tui.campaigns.store import resolve_save_dir

        return resolve_save_dir(self.app.save_dir)

    def _sync_rows(self, form: ChoiceForm) -> None:
        sync_seat_rows(form, int(form.row("count").value), MAX_SEATS)

    def _show_help(self, row: FormRow) -> None:
        self.query_one("#es-setup-help", Static).update(f"{row.describe()}\n{FORM_KEYS}")

    def on_choice_form_changed(self, event: ChoiceForm.Changed) -> None:
        if event.row.key == "count" or event.row.key.startswith("kind"):
            self._sync_rows(event.form)
        self._show_help(event.form.current)
        self.query_one("#es-setup-problem", Static).update("")

    def seats(self, values: dict[str, str]) -> list[Seat]:
        count = int(values["count"])
        levels = [values[f"kind{s}"] for s in range(count)]
        computers = computer_names(levels)
        hot_seat = levels.count(HUMAN) > 1
        seats = []
        for s in range(count):
            if levels[s] != HUMAN:
                seats.append(Seat(computers[s] or default_name(s), levels[s]))
                continue
            name = clean_name(values.get(f"name{s}", ""))
            if hot_seat and name.casefold() == "you":
                name = default_name(s)  # "Pass to You" would name no one
            seats.append(Seat(name, HUMAN))
        return seats

    def on_choice_form_submitted(self, event: ChoiceForm.Submitted) -> None:
        from ai.easy_play.levels import LEVELS
        from civio_tui.campaigns.store import SaveError
        from civio_tui.easy_play_save import new_easy_game
        from civio_tui.screens.easy_play.screen import EasyPlayScreen
        from civio_tui.seating import seating_problems

        values = event.form.values()
        seats = self.seats(values)
        problems = seating_problems(seats, ai_levels=set(LEVELS))
        problem = self.query_one("#es-setup-problem", Static)
        if problems:
            problem.update(problems[0])
            return
        try:
            store = new_easy_game(
                values["name"],
                seats,
                save_dir=self.app.save_dir,
                deck=self.app.deck,
                seed=random.randrange(1, 1_000_000),
                target=values["target"],
                max_rounds=None if values["length"] == "rank" else int(values["length"]),
            )
        except (SaveError, OSError, ValueError) as exc:
            text = str(exc)
            problem.update(text[:1].upper() + text[1:])  # "A campaign named 'Friday' ..."
            return
        self.app.switch_screen(EasyPlayScreen(store))
