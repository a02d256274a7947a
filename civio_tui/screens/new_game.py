"""New game: who plays (one human against the AI, or 2-4 friends at one keyboard, each named),
the AI opponents and their levels, the rule reading, the target rank, the game length (a number
of rounds), an optional seed.

The defaults (one human, one medium opponent, booklet rules, Chief Justice) mean New game on the
main menu and Enter here start a game. The form remembers the last choices in Settings, except
how many people play: it always starts at one human against the AI (a shared classroom machine
must not start the next student's game as a hot-seat one); the friends' names are kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from cards.ranks import DEFAULT_TARGET, RANKS
from civio_tui.card_words import rank_help
from civio_tui.plurals import counted
from civio_tui.screens.form_screen import FormScreen
from civio_tui.seating import HUMAN, MAX_SEATS, Seat, clean_name, default_name, seating_problems
from civio_tui.settings import MAX_NAME
from civio_tui.widgets.choice_form import ChoiceForm, FormRow
from civio_tui.widgets.footer import KeysFooter

MAX_OPPONENTS = 3
HUMANS_HELP = (
    "Friends take turns: before each move a screen hides the cards and names who plays. "
    "A new game starts at 1 human again (names are kept)."
)

LEVEL_HELP: dict[str, str] = {
    "random": "Random: picks any legal move. For learning the rules.",
    "easy": "Easy: keeps cards that link, otherwise plays simply.",
    "medium": "Medium: plans its precedents and watches the discard pile.",
    "hard": "Hard: searches ahead over what it cannot see. A real test.",
}
RULES_HELP: dict[str, str] = {
    "booklet": "Booklet: as printed in the box (an attack must be aimed; a Thurgood Flush scores "
    "(points+2)×3).",
    "summary": "House rules, from the rules summary (an attack may be declined; a Thurgood "
    "Flush scores points×3+2).",
}
# Short: with 4 people at 80x24 the help has room for two lines and the keys.
RULES_ROW_HELP = "Which rules to play by."
PRACTICE_HELP = (
    "Take-backs: in a practice game u takes back your last move (nothing is at stake). "
    "Off: every move counts."
)


@dataclass(frozen=True)
class GameSetup:
    """Everything a new game needs from the player."""

    opponents: tuple[str, ...]
    rules: str
    target: str
    seed: int | None
    practice: bool = False
    max_rounds: int | None = None
    humans: tuple[str, ...] = ()
    """The names of the humans at a hot-seat table (2-4, seated first); empty: one human."""


GAME_LENGTHS = (3, 5, 10)
"""The round limits the form offers (a lesson's short game); `civio campaign new --rounds N`
takes any number."""


def offered_levels() -> list[str]:
    """The AI levels to offer: the registry's, in order of strength, else the documented ones."""
    from ai import player_names

    order = ["easy", "medium", "hard", "random"]
    names = player_names()
    ordered = [n for n in order if n in names] + [n for n in names if n not in order]
    return ordered or ["random"]


class NewGameForm(ChoiceForm):
    """The form, with Enter named for what it does here."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Start game", id="new_game.start")
    ]


class NewGameScreen(FormScreen):
    """The New game form; Enter anywhere starts the game."""

    CSS_PATH = "new_game.tcss"
    FORM_BOX = "new-game-box"
    FORM_TITLE = "New game"

    def compose(self) -> ComposeResult:
        defaults = self.app.settings.new_game
        self._opponents_wanted = min(len(defaults.opponents), MAX_OPPONENTS)
        levels = offered_levels()
        level_choices = [(name, name.capitalize()) for name in levels]
        humans = FormRow(
            "humans",
            "Players",
            [("1", "1 human against the AI")]
            + [(str(n), f"{n} humans at one keyboard") for n in range(2, MAX_SEATS + 1)],
            help=HUMANS_HELP,
        )
        rows = [humans]  # always 1 human at first (see the module docstring)
        for seat in range(MAX_SEATS):
            names = defaults.human_names
            rows.append(
                FormRow(
                    f"name{seat}",
                    f"  Player {seat + 1}",
                    kind="text",
                    text=names[seat][:MAX_NAME] if seat < len(names) else "",
                    max_length=MAX_NAME,
                    placeholder=default_name(seat),
                    help=f"Type the name of player {seat + 1} (empty: {default_name(seat)}).",
                )
            )
        rows.append(
            FormRow(
                "count",
                "Opponents",
                _count_choices(1),
                index=max(0, min(len(defaults.opponents), MAX_OPPONENTS) - 1),
                help="How many AI players sit at the table (2 to 4 players in all).",
            )
        )
        for seat in range(MAX_OPPONENTS):
            row = FormRow(
                f"level{seat}",
                f"  Opponent {seat + 1}",
                list(level_choices),
                choice_help=LEVEL_HELP,
            )
            wanted = defaults.opponents[seat] if seat < len(defaults.opponents) else "medium"
            row.select(
                wanted if wanted in levels else ("medium" if "medium" in levels else levels[0])
            )
            rows.append(row)
        rules = FormRow(
            "rules",
            "Rule version",
            [("booklet", "Booklet in the box"), ("summary", "House rules (summary)")],
            help=RULES_ROW_HELP,
            choice_help=RULES_HELP,
        )
        rules.select(defaults.rules)
        target = FormRow(
            "target",
            "Play until",
            [(r.title, r.title) for r in RANKS[1:]],
            help="The game ends when a player reaches this rank.",
            choice_help=rank_help(),
        )
        target.select(
            defaults.target if defaults.target in {r.title for r in RANKS} else DEFAULT_TARGET
        )
        lengths = [("rank", "No limit: until the rank")] + [
            (str(n), f"At most {n} rounds") for n in GAME_LENGTHS
        ]
        wanted_length = str(defaults.max_rounds) if defaults.max_rounds is not None else "rank"
        if wanted_length not in {key for key, _ in lengths}:  # a teacher's --rounds 4, say
            lengths.append((wanted_length, f"At most {counted(int(wanted_length), 'round')}"))
        length = FormRow(
            "length",
            "Game length",
            lengths,
            help="A short game ends after that many rounds (or sooner, when someone reaches "
            "the rank): the higher total wins.",
        )
        length.select(wanted_length)
        practice = FormRow(
            "practice",
            "Take-backs",
            [("off", "Off: every move counts"), ("on", "On: practice, u takes a move back")],
            help=PRACTICE_HELP,
        )
        practice.select("on" if defaults.practice else "off")
        rows += [
            rules,
            target,
            length,
            practice,
            FormRow(
                "seed",
                "Seed",
                kind="number",
                placeholder="random",
                help="Type a number to replay the same shuffles; leave empty for a new deal.",
            ),
            FormRow(
                "start", "Start game", kind="button", help="Starts the game with the choices above."
            ),
        ]
        with Vertical(id="new-game-box", classes="pane"):
            deck = self.app.deck
            pack = (
                f" It is played with the card pack {deck.name} ({len(deck)} cards)."
                if deck.custom
                else ""
            )
            yield Static(
                "Change any line below, or start straight away. The game saves itself "
                f"after every move: Continue on the main menu picks it up again.{pack}",
                id="new-game-intro",
            )
            yield NewGameForm(rows, id="new-game-form")
            yield Static(id="new-game-help")
        yield KeysFooter()

    _opponents_wanted: int | None = None
    """The number of AI opponents the player chose (kept while the Players line changes)."""

    def _sync_rows(self, form: ChoiceForm) -> None:
        humans = int(form.row("humans").value)
        for seat in range(MAX_SEATS):
            form.row(f"name{seat}").visible = humans > 1 and seat < humans
        count_row = form.row("count")
        if self._opponents_wanted is None:
            self._opponents_wanted = int(count_row.value)
        wanted = self._opponents_wanted  # as the player set it, not as fewer seats cut it
        count_row.choices = _count_choices(humans)
        low, high = int(count_row.choices[0][0]), int(count_row.choices[-1][0])
        count_row.select(str(min(max(wanted, low), high)))
        count = int(count_row.value)
        for seat in range(MAX_OPPONENTS):
            form.row(f"level{seat}").visible = seat < count
        # A hot-seat table has more rows: the intro gives them its room at 80x24.
        self.query_one("#new-game-intro").display = humans == 1
        form.refresh(layout=True)

    def _show_help(self, row: FormRow) -> None:
        self.query_one("#new-game-help", Static).update(
            row.describe() + "\n↑↓ choose a line · ←→ or Space change it · Enter starts · Esc back"
        )

    def on_choice_form_changed(self, event: ChoiceForm.Changed) -> None:
        if event.row.key == "count":
            self._opponents_wanted = int(event.row.value)
        if event.row.key in ("count", "humans"):
            self._sync_rows(event.form)
        self._show_help(event.form.current)

    def on_choice_form_submitted(self, event: ChoiceForm.Submitted) -> None:
        values = event.form.values()
        count = int(values["count"])
        humans = int(values["humans"])
        names = tuple(
            clean_name(values.get(f"name{s}", "")) or default_name(s) for s in range(humans)
        )
        if humans > 1:
            from civio_tui.campaigns.model import opponent_names

            levels = [values[f"level{s}"] for s in range(count)]
            seats = [Seat(name, HUMAN) for name in names]
            seats += [Seat(n, lv) for n, lv in zip(opponent_names(levels), levels, strict=True)]
            problems = seating_problems(seats)
            if problems:
                self.notify(problems[0], title="Who plays?", severity="error", timeout=8)
                return
        setup = GameSetup(
            opponents=tuple(values[f"level{seat}"] for seat in range(count)),
            rules=values["rules"],
            target=values["target"],
            seed=int(values["seed"]) if values["seed"] else None,
            practice=values["practice"] == "on",
            max_rounds=None if values["length"] == "rank" else int(values["length"]),
            humans=names if humans > 1 else (),
        )
        settings = self.app.settings.model_copy(deep=True)
        if humans > 1:
            typed = [clean_name(values[f"name{s}"]) for s in range(humans)]
            kept = settings.new_game.human_names
            settings.new_game.human_names = typed + kept[humans:]
        if setup.opponents:  # friends without AI: the levels chosen before stay offered
            settings.new_game.opponents = list(setup.opponents)
        settings.new_game.rules = setup.rules  # type: ignore[assignment]
        settings.new_game.target = setup.target
        settings.new_game.practice = setup.practice
        settings.new_game.max_rounds = setup.max_rounds
        self.app.settings = settings
        self.app.save_settings()
        self.app.start_game(setup, replace=self)


def _count_choices(humans: int) -> list[tuple[str, str]]:
    """How many AI opponents may join `humans` (2 to 4 players in all; one human needs one)."""
    low = 1 if humans == 1 else 0
    choices = []
    for n in range(low, MAX_SEATS - humans + 1):
        label = "No AI opponent" if n == 0 else f"{n} AI opponent{'s' if n > 1 else ''}"
        choices.append((str(n), label))
    return choices
