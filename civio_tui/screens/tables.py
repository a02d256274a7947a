"""Tables: the class's networked tables (civio_tui/tables), for the player signed in.

The list offers first the tables where this player already has a seat (a player who returns
gets their seat back), then **Open a table**, **Join by code**, and the other open tables, each
with its game, the seats taken and who is waiting. Choosing one's own open table as its host
starts it (computers fill the empty seats); a started table of one's own opens its game. Every
refusal is the store's own sentence, shown under the list.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from civio_tui.plurals import counted
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.choice_form import ChoiceForm, FormRow
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.tables.games import TableGame
    from civio_tui.tables.ops import Table
    from civio_tui.tables.store import TableStore

REFRESH_SECONDS = 1.0
"""How often the list reads the table file again (others open, join and start tables)."""


def open_store(screen: CivioScreen[Any]) -> TableStore | None:
    """The class's table file, or None with the reason shown as a notice."""
    from civio_tui.tables.store import StoreUnavailable, TableStore

    root = screen.app.table_root
    if root is None:
        screen.notify("Tables are played from a class's save root (civio --save-root DIR).")
        return None
    try:
        return TableStore.in_root(root)
    except StoreUnavailable as exc:
        screen.notify(str(exc), severity="error", timeout=8)
        return None


def table_line(table: Table, me: str) -> str:
    """One table as the list shows it: code, game, seats taken, who is waiting or playing."""
    from civio_tui.tables import ops
    from civio_tui.tables.games import table_game

    taken = sum(1 for s in table.seats if not s.is_empty)
    people = ", ".join(s.name for s in table.seats if s.name is not None)
    title = table_game(table.row.game).title
    if table.state == ops.OPEN:
        what = f"{taken}/{table.row.seats} seats, seated: {people}"
    else:
        what = f"playing: {', '.join(table.label(s.seat) for s in table.seats)}"
    mine = table.seat_of(me)
    if mine is None:
        return f"{table.code}  {title}  {what}"
    if table.state == ops.PLAYING:
        return f"{table.code}  {title}  your seat {mine + 1}: back to the table · {what}"
    if table.row.host.casefold() == me.casefold():
        return f"{table.code}  {title}  yours: Enter starts it · {what}"
    return f"{table.code}  {title}  waiting for {table.row.host} to start · {what}"


class TablesScreen(CivioScreen[None]):
    """The list of tables (see the module docstring)."""

    DEFAULT_CSS = """
    TablesScreen { align: center middle; }
    #tables-box { width: 78; height: auto; max-height: 22; }
    #tables-list { height: auto; max-height: 14; }
    #tables-problem { color: $error; height: auto; }
    #tables-problem.-news { color: $success; }
    #tables-note { color: $text-muted; height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.store: TableStore | None = None
        self.tables: list[Table] = []
        self.waiting_at: str | None = None
        """The code of the table this player joined and waits to see started: it opens then."""
        self.back_from: str | None = None
        """The code of the table this player's game screen closed on: highlighted on return
        (Enter then takes the seat back)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="tables-box", classes="pane"):
            yield NavList(id="tables-list")
            yield Static(id="tables-problem")
            yield Static(id="tables-note")
        yield KeysFooter()

    @property
    def me(self) -> str:
        return self.app.table_name

    def on_mount(self) -> None:
        self.query_one("#tables-box").border_title = f"Tables · {self.me}"
        self.query_one("#tables-note", Static).update(TABLES_KEYS)
        self.store = open_store(self)
        self.reload()
        self.keep_ended()
        self.set_interval(REFRESH_SECONDS, self.reread)
        self.query_one(NavList).focus()

    def keep_ended(self) -> None:
        """Keep in this player's games the rounds of their tables that ended while they were
        not at them, and say so: the ended table is no longer listed."""
        from civio_tui.campaigns.table_record import keep_ended_tables
        from civio_tui.tables.store import StoreUnavailable

        if self.store is None:
            return
        try:
            kept = keep_ended_tables(
                self.store,
                self.me,
                self.app.save_dir,
                self.app.deck,
                done=self.app.ended_tables_kept,
            )
        except StoreUnavailable as exc:
            self.say(str(exc))
            return
        for table, outcome in kept:
            if outcome.problem is not None:
                self.say(outcome.problem)
                return
            seat = table.seat_of(self.me)
            if seat is not None and table.seats[seat].stand_in:  # it ended while away
                self.say(
                    f"Table {table.code}'s game ended while you were away: its rounds are "
                    "in your games (Campaigns, Statistics).",
                    news=True,
                )

    def reread(self) -> None:
        """The list read again, as every second, while it shows. Under a table or a form it is
        not seen, and its change would cost the screen above a whole redraw (a covered screen's
        change repaints the screen over it): it is read again when it shows. (`is_current`
        is true under the top screen too: Textual draws it there.)"""
        if self.app.screen is self:
            self.reload()

    def on_screen_resume(self) -> None:
        self.reload()
        if self.back_from is not None:
            self.highlight(f"table:{self.back_from}")
            self.back_from = None

    def reload(self) -> None:
        from civio_tui.tables import ops
        from civio_tui.tables.store import StoreUnavailable, TableStore

        try:
            if self.store is None:  # it could not be opened before: it may be usable now
                if self.app.table_root is None:
                    return
                self.store = TableStore.in_root(self.app.table_root)
                self.say("")
            tables = ops.tables_for(self.store, self.me)
        except StoreUnavailable as exc:
            self.say(str(exc))
            return
        me = self.me
        # The player's own tables first: a player who returns gets their seat back from here.
        tables.sort(key=lambda t: t.seat_of(me) is None)
        if self.waiting_at is not None and self.app.screen is self:
            started = [t for t in tables if t.code == self.waiting_at and t.state == ops.PLAYING]
            if started:
                self.waiting_at = None
                self.play(started[0])
                return
        self.tables = tables
        self._rebuild()

    def _rebuild(self) -> None:
        self.query_one("#tables-note", Static).update(
            TABLES_KEYS
            if self.tables
            else "No table is open yet: open one and read its code aloud, or join by the code "
            f"a classmate reads out.\n{TABLES_KEYS}"
        )
        mine = [t for t in self.tables if t.seat_of(self.me) is not None]
        others = [t for t in self.tables if t.seat_of(self.me) is None]
        options = [Option(table_line(t, self.me), id=f"table:{t.code}") for t in mine]
        options += [Option("Open a table", id="open"), Option("Join by code", id="join")]
        options += [Option(table_line(t, self.me), id=f"table:{t.code}") for t in others]
        menu = self.query_one(NavList)
        highlighted = menu.highlighted
        chosen = menu.get_option_at_index(highlighted).id if highlighted is not None else None
        menu.clear_options()
        menu.add_options(options)
        ids = [o.id for o in options]
        menu.highlighted = ids.index(chosen) if chosen in ids else 0

    def say(self, text: str, *, news: bool = False) -> None:
        """A refusal (in the error colour), or with `news` what just went right."""
        line = self.query_one("#tables-problem", Static)
        line.set_class(news, "-news")
        line.update(text)

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        key = event.option.id or ""
        if key == "open":
            self.app.push_screen(OpenTableScreen(), self._after_opened)
        elif key == "join":
            self.app.push_screen(JoinTableScreen(), self._after_joined)
        elif key.startswith("table:"):
            found = [t for t in self.tables if t.code == key[len("table:") :]]
            if found:
                self.choose(found[0])

    def _after_opened(self, code: str | None) -> None:
        if code is not None:
            self.say(
                f"Table {code} is open: read the code {code} aloud; classmates choose Join by "
                "code. Enter on your table starts it (computers take the seats still empty).",
                news=True,
            )
        self.reload()
        if code is not None:  # the host's next Enter starts the table, not another form
            self.highlight(f"table:{code}")

    def highlight(self, option_id: str) -> None:
        menu = self.query_one(NavList)
        with contextlib.suppress(OptionDoesNotExist):
            menu.highlighted = menu.get_option_index(option_id)

    def _after_joined(self, code: str | None) -> None:
        if code is not None:
            self.waiting_at = code
            self.say(
                f"You sat down at table {code}: it opens here when its host starts it.", news=True
            )
        self.reload()
        if code is not None:
            self.highlight(f"table:{code}")

    def choose(self, table: Table) -> None:
        """Join an open table, start one's own, go back to a started one."""
        from civio_tui.tables import ops

        assert self.store is not None
        now = time.time()
        try:
            seat = table.seat_of(self.me)
            if seat is None:
                ops.join(self.store, table.code, self.me, now=now)
                self.waiting_at = table.code
                self.say(
                    f"You sat down at table {table.code}: it opens here when "
                    f"{table.row.host} starts it.",
                    news=True,
                )
            elif table.state == ops.PLAYING:
                self.play(table)
                return
            elif table.row.host.casefold() == self.me.casefold():
                started = ops.start(self.store, table.code, self.me, now=now)
                self.play(started)
                return
            else:
                self.say(f"Waiting for {table.row.host} to start table {table.code}.")
                self.waiting_at = table.code
        except ops.TableRefused as exc:
            self.say(str(exc))
        self.reload()

    def play(self, table: Table) -> None:
        from civio_tui.screens.remote_seat import open_table

        self.say("")
        self.waiting_at = None  # back from the table, the list stays (the seat may be left)
        self.back_from = table.code
        problem = open_table(self.app, table.code)
        if problem is not None:
            self.say(problem)


OPEN_WORDS = "Open the table"
"""What Enter does on the Open a table form, in its footer and (as "Enter: open the table") in
its line of keys, so that both say the same."""
JOIN_WORDS = "Join the table"
"""The same for the Join by code form."""


class _OpenForm(ChoiceForm):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", OPEN_WORDS, id="tables_form.open")
    ]


class _JoinForm(ChoiceForm):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", JOIN_WORDS, id="tables_form.join")
    ]


class _FormScreen(CivioScreen[str | None]):
    """A small form over the Tables list; it returns the code of the table sat at."""

    DEFAULT_CSS = """
    _FormScreen { align: center middle; }
    #table-form-box { width: 72; height: auto; }
    #table-form-help { color: $text-muted; height: auto; margin-top: 1; }
    #table-form-problem { color: $error; height: auto; }
    """
    TITLE_TEXT: ClassVar[str]
    KEYS: ClassVar[str]
    FORM: ClassVar[type[ChoiceForm]]
    """The form, with Enter named in the footer for what it does here, as KEYS names it."""

    def rows(self) -> list[FormRow]:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(id="table-form-box", classes="pane"):
            yield self.FORM(self.rows(), id="table-form")
            yield Static(id="table-form-help")
            yield Static(id="table-form-problem")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#table-form-box").border_title = self.TITLE_TEXT
        form = self.query_one(ChoiceForm)
        self.show_help(form)
        form.focus()

    def show_help(self, form: ChoiceForm) -> None:
        """The help of the row the cursor is on, and the keys."""
        keys = f"{self.KEYS} · Esc: back to Tables"
        help_text = form.current.describe()
        self.query_one("#table-form-help", Static).update(
            f"{help_text}\n{keys}" if help_text else keys
        )

    def on_choice_form_changed(self, event: ChoiceForm.Changed) -> None:
        event.stop()
        self.changed(event.form, event.row)
        self.show_help(event.form)
        self.query_one("#table-form-problem", Static).update("")

    def changed(self, form: ChoiceForm, row: FormRow) -> None:
        """A row's value changed, or the cursor moved to it."""

    def on_choice_form_submitted(self, event: ChoiceForm.Submitted) -> None:
        from civio_tui.tables import ops

        event.stop()
        store = open_store(self)
        if store is None:
            return
        try:
            code = self.done_in(store, event.form.values())
        except (ops.TableRefused, ValueError) as exc:
            self.query_one("#table-form-problem", Static).update(str(exc))
            return
        self.dismiss(code)

    def done_in(self, store: TableStore, values: dict[str, str]) -> str:
        """Do what the form asks; the table's code (TableRefused says why not)."""
        raise NotImplementedError

    def action_back(self) -> None:
        self.dismiss(None)


AWAY_MINUTES = (1, 30)
"""The fewest and most minutes a seat may stay empty before the computer plays it."""
ROUND_CHOICES = (1, 2, 3, 5)


def length_choices(spec: TableGame) -> list[tuple[str, str]]:
    """How the game at the table ends: a number of rounds, or (a ranked game) a rank reached."""
    from cards.ranks import RANKS

    choices = [(f"rounds:{n}", counted(n, "round")) for n in ROUND_CHOICES]
    if spec.info.ranked:
        # "to Judge", not "until someone is Judge", so that the longest rank is whole at 80
        # columns; the help line under it says the rule in full (`length_help`).
        choices += [(f"target:{r.title}", f"to {r.title}") for r in RANKS[1:]]
    return choices


TABLES_KEYS = "Enter: open, join or start · Esc: back to the menu"


def length_help(spec: TableGame, length: str) -> str:
    """What decides the game at the table, for the length chosen (`length_choices`)."""
    if not spec.info.ranked:
        return "After the rounds, the most pairs in all wins."
    kind, _, rank = length.partition(":")
    if kind == "rounds":
        return "After the rounds, the higher total of points wins."
    return f"Once someone is {rank}, the higher total of points wins."


def away_seconds(text: str) -> float:
    """The minutes typed for the away time, as seconds; ValueError in the form's words."""
    low, high = AWAY_MINUTES
    if not text.strip():
        raise ValueError(
            f"Type the minutes a seat may be empty before the computer plays it ({low} to {high})."
        )
    minutes = int(text)
    if not low <= minutes <= high:
        raise ValueError(f"A seat may be empty for {low} to {high} minutes, not {minutes}.")
    return minutes * 60.0


class OpenTableScreen(_FormScreen):
    """Open a table: the game (every multi-seat game), its seats (as the game allows), its rule
    version and length (rounds, or until a rank in a ranked game), the computers' level for the
    seats nobody takes, and how long a seat may be empty before the computer plays it."""

    TITLE_TEXT = "Open a table"
    KEYS = f"↑↓ row · ←→ change · Enter: {OPEN_WORDS.lower()}"
    FORM = _OpenForm

    def rows(self) -> list[FormRow]:
        from civio_tui.screens.new_game import RULES_HELP
        from civio_tui.tables.games import table_games

        games = table_games()
        first = games[0]
        rows = [
            FormRow(
                "game",
                "Game",
                [(g.id, g.title) for g in games],
                help="Each player sees only their own cards, on their own screen.",
            ),
            FormRow("seats", "Seats", help="People who join, and computers for the rest."),
            FormRow(
                "rules",
                "Rule version",
                [("booklet", "Booklet in the box"), ("summary", "House rules (summary)")],
                choice_help=RULES_HELP,
            ),
            FormRow("length", "Play"),
            FormRow("computer", "Computers", help="For the seats nobody takes."),
            FormRow(
                "away",
                "Away minutes",
                kind="number",
                text="2",
                max_length=2,
                help="Minutes a seat may be empty before the computer plays it (until its "
                "player is back).",
            ),
            FormRow("start", "Open the table", kind="button"),
        ]
        self.fit_game(rows, first)
        return rows

    @staticmethod
    def fit_game(rows: list[FormRow], spec: TableGame) -> None:
        """The rows that depend on the game: its seats, whether it has rule versions and
        ranks, its computers' levels; a choice the game also offers is kept."""
        by_key = {row.key: row for row in rows}

        def offer(key: str, choices: list[tuple[str, str]], default: str) -> None:
            row = by_key[key]
            kept = row.value if row.choices and row.value in dict(choices) else default
            row.choices, row.index = choices, 0
            row.select(kept)

        low, high = spec.seats
        offer("seats", [(str(n), f"{n} seats") for n in range(low, high + 1)], str(low))
        offer("length", length_choices(spec), "rounds:1")
        offer("computer", [(lv, lv.capitalize()) for lv in spec.levels], spec.stand_in)
        by_key["rules"].visible = spec.info.ranked
        by_key["length"].help = length_help(spec, by_key["length"].value)

    def changed(self, form: ChoiceForm, row: FormRow) -> None:
        from civio_tui.tables.games import table_game

        if row.key == "game":
            self.fit_game(form.rows, table_game(row.value))
            form.refresh(layout=True)
        elif row.key == "length":
            game = next(r.value for r in form.rows if r.key == "game")
            row.help = length_help(table_game(game), row.value)

    def done_in(self, store: TableStore, values: dict[str, str]) -> str:
        from civio_tui.tables import ops

        kind, _, length = values["length"].partition(":")
        options: dict[str, Any] = (
            {"rounds": int(length)} if kind == "rounds" else {"target": length}
        )
        if "rules" in values:
            options["rules"] = values["rules"]
        table = ops.open_table(
            store,
            self.app.table_name,
            values["game"],
            int(values["seats"]),
            options,
            now=time.time(),
            computer=values["computer"],
            absent_after=away_seconds(values["away"]),
        )
        return table.code


class JoinTableScreen(_FormScreen):
    """Join by code: the 4 characters the host reads out."""

    TITLE_TEXT = "Join by code"
    KEYS = f"Type the code · Enter: {JOIN_WORDS.lower()}"
    FORM = _JoinForm

    def rows(self) -> list[FormRow]:
        from civio_tui.tables.ops import CODE_LENGTH

        return [
            FormRow(
                "code",
                "Code",
                kind="text",
                max_length=CODE_LENGTH,
                help="The 4 characters the host reads out, e.g. KQ7M.",
            ),
            FormRow("join", "Join the table", kind="button"),
        ]

    def done_in(self, store: TableStore, values: dict[str, str]) -> str:
        from civio_tui.tables import ops

        table, _seat = ops.join(store, values["code"], self.app.table_name, now=time.time())
        return table.code
