"""Concentration at 80x24: the 10 pairs to look over, then 20 cards face down in 4 rows of 5.
Arrows (or h j k l) move, Enter or Space turns a card, or type a place like B3. One player,
against an AI with a memory, or two players at one keyboard (nothing is hidden from either)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from ai.concentration.levels import ConcentrationPlayer
from cards.games.concentration.game import (
    CELLS,
    COLUMN_LETTERS,
    COLUMNS,
    ROWS,
    Concentration,
    TurnCard,
    pair_link,
    pairs,
    parse_position,
    position_name,
)
from cards.models import Card
from civio_tui import keymap
from civio_tui.card_games_save import ConcentrationSaves, SavedConcentration
from civio_tui.plurals import counted
from civio_tui.records import RecordsFile
from civio_tui.screens.base import CivioScreen
from civio_tui.screens.card_games import fitting_name
from civio_tui.screens.game_screen import GameScreen
from civio_tui.screens.links import LinksScreen
from civio_tui.seating import HUMAN, Seat
from civio_tui.session import SessionSeat
from civio_tui.session.tables import concentration_session
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.app import CivioApp

MODES: tuple[tuple[str, str], ...] = (
    ("solo", "One player: capture every pair in as few turns as you can"),
    ("easy", "Against the computer, easy (it forgets what it saw a few turns ago)"),
    ("hard", "Against the computer, hard (it remembers every card it has seen)"),
    ("players", "Choose the players: 1 to 4, each a person at this keyboard or the computer"),
)
CELL_TEXT = 28
"""Two lines of a cell: longer names show their longest alias that fits."""


def short_name(card: Card) -> str:
    return fitting_name(card, CELL_TEXT) or card.name[: CELL_TEXT - 1] + "…"


class GridLinksScreen(LinksScreen):
    """The links of a card of the grid. On a card you can see, `e` opens these links, yet "e3"
    is also the place E3: a row number pressed here closes the links and turns that place."""

    row: int | None = None
    """The row number pressed (None: closed otherwise)."""

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and 1 <= int(event.character) <= ROWS:
            event.stop()
            self.row = int(event.character)
            self.dismiss(None)


class ConcentrationMenuScreen(CivioScreen[None]):
    """Look the pairs over, then choose who plays."""

    DEFAULT_CSS = """
    ConcentrationMenuScreen { align: center middle; }
    #cm-box { width: 78; height: auto; }
    #cm-title { text-style: bold; color: $accent; }
    #cm-pairs { margin-bottom: 1; }
    #cm-list { height: auto; border: round $primary; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="cm-box"):
            yield Static("Concentration: find the 10 pairs", id="cm-title")
            yield Static(id="cm-pairs")
            yield NavList(*[Option(label, id=key) for key, label in MODES], id="cm-list")
        yield KeysFooter()

    saves: ConcentrationSaves

    def on_mount(self) -> None:
        deck = self.app.deck
        lines = [f"{short_name(deck[a])} / {short_name(deck[b])}" for a, b in pairs(deck)]
        self.query_one("#cm-pairs", Static).update(
            Content.assemble(("Look the pairs over first:\n", "$text-muted"), "\n".join(lines))
        )
        self.refresh_choices()
        if self.saves.problem:
            self.notify(self.saves.problem, severity="warning", timeout=10)
        self.query_one(NavList).focus()

    def on_screen_resume(self) -> None:
        # Back from a game: offer to continue it (or no longer, once it is over).
        self.refresh_choices()

    def refresh_choices(self) -> None:
        """Who plays, with "Continue the game in progress" first when one is saved."""
        self.saves = ConcentrationSaves(self.app.save_dir, self.app.deck)
        options = [Option(label, id=key) for key, label in MODES]
        saved = self.in_progress()
        if saved is not None:
            options.insert(0, Option(continue_label(saved), id="continue"))
        menu = self.query_one(NavList)
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = 0

    def in_progress(self) -> SavedConcentration | None:
        saved = self.saves.saved
        return saved if saved is not None and not saved.game.is_over else None

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or "solo"
        saved = self.in_progress()
        if choice == "continue" and saved is not None:
            self.app.push_screen(ConcentrationScreen(saved.seats, 0, resume=saved))
            return
        if choice == "players":
            from civio_tui.screens.concentration.setup import ConcentrationSetupScreen

            replacing = progress_label(saved) if saved else None
            self.app.push_screen(ConcentrationSetupScreen(replacing=replacing))
            return
        seats = mode_seats(choice, self.app.settings.new_game.player_name or "You")

        def start(yes: bool | None = True) -> None:
            if yes:
                self.app.push_screen(ConcentrationScreen(seats, random.randrange(1, 1_000_000)))

        if saved is None:
            start()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen(
                "Start a new Concentration game?",
                f"Your game in progress ({progress_label(saved)}) will be replaced.",
                yes="Start",
                no="Keep it",
            ),
            start,
        )


def mode_seats(mode: str, you: str) -> list[Seat]:
    """Who sits where for a quick choice of the menu: you alone, or you and the computer."""
    if mode in ("easy", "hard"):
        return [Seat(you), Seat(f"Computer ({mode})", mode)]
    return [Seat(you)]


def continue_label(saved: SavedConcentration) -> str:
    return f"Continue the game in progress: {progress_label(saved)}"


def progress_label(saved: SavedConcentration) -> str:
    """Where a saved game stands: "Ana 2, Ben 1, 5 turns"."""
    game = saved.game
    turns = sum(game.turns)
    if len(saved.seats) == 1:
        where = f"{game.scores[0]} of 10 pairs"
    else:
        where = ", ".join(f"{s.name} {n}" for s, n in zip(saved.seats, game.scores, strict=True))
    return f"{where}, {counted(turns, 'turn')}"


def continue_concentration(app: CivioApp) -> None:
    """Open the saved Concentration game (the main menu's Continue); a save that cannot be
    read says why."""
    from civio_tui.game_file import open_saved

    open_saved(
        app,
        ConcentrationSaves(app.save_dir, app.deck),
        lambda saved: not saved.game.is_over,
        lambda saved: ConcentrationScreen(saved.seats, 0, resume=saved),
    )


class ConcentrationScreen(GameScreen):
    """One game; n starts another in the same mode once it is over. The computers turn their
    cards in the game screens' worker (`GameScreen`), after the pause of the AI speed."""

    CSS_PATH = "screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("nav.up", "nav.down", "nav.left", "nav.right", "nav.act"),
        *keymap.bindings("games.explain", "games.pairs", "games.new"),
    ]

    def __init__(
        self,
        seats: list[Seat],
        seed: int,
        *,
        resume: SavedConcentration | None = None,
    ) -> None:
        super().__init__()
        self.seats = list(seats)
        self.resume = resume
        """The game in progress to continue (None: a new game on `seed`)."""
        self.game: Concentration | None = None
        self.seed = seed
        self.players = len(seats)
        self.cursor = 0
        self.typed = ""
        self.shown: tuple[int, ...] = ()
        """Positions of a missed pair, left face up until the next card is turned."""
        self.holding = False
        """A person's missed pair stays up until they press Enter (a computer is next, and
        would turn it down at once)."""
        self.ais = {
            s: ConcentrationPlayer(seat.level)
            for s, seat in enumerate(self.seats)
            if seat.level != HUMAN
        }
        """The computer players, by seat."""
        self.ai_rng = random.Random(seed)
        self.session = concentration_session(
            self._game,
            [SessionSeat.from_level(s.name, s.level, HUMAN) for s in self.seats],
            self.ais,
            self.ai_rng,
            self._write,
        )
        self.records: RecordsFile | None = None
        self.saves: ConcentrationSaves | None = None
        self.unsaved: str | None = None
        """Why the game could not be saved (None: it is saved after every card turned)."""
        self.note: Content | str = ""
        self.computer_turns: list[Content] = []
        """What the computer players did since a person last turned a card (newest last)."""
        self.title_text = "Concentration"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def compose(self) -> ComposeResult:
        yield Static(id="cc-title")
        with Grid(id="cc-grid"):
            for p in range(CELLS):
                yield Static(id=f"cc-{p}", classes="cell")
        yield Static(id="cc-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.start_game()

    def start_game(self) -> None:
        """The game on the grid, new or continued, and the first computer's turn."""
        self.records = RecordsFile(self.app.save_dir)
        self.saves = ConcentrationSaves(self.app.save_dir, self.app.deck)
        if self.resume is not None:
            self.game = self.resume.game
            self.note = "Welcome back: the game goes on where you left it."
        else:
            self.game = Concentration(self.seed, self.players, self.app.deck)
            self.note = "Turn two cards: a listed pair is yours, and you go again."
        self.refresh_all()
        self.after_turn()

    def _game(self) -> Concentration | None:
        return self.game

    def _write(self) -> str | None:
        """The session's autosave: the game kept after every card turned, so Continue picks
        it up (None, or why it could not be)."""
        if self.saves is None or self.game is None:
            return None
        return self.saves.write(SavedConcentration(self.game, self.seats))

    def saved(self) -> None:
        """After a save: a failed one is said once."""
        problem = self.session.save_problem
        if problem is not None and self.unsaved is None:
            self.notify(f"Not saved: {problem}", severity="warning", timeout=10)
        self.unsaved = problem

    # Drawing.
    def redraw(self) -> None:
        self.refresh_all()

    def refresh_all(self) -> None:
        game = self.game
        assert game is not None
        deck = game.deck
        face_up = set(self.shown)
        if game.first is not None:
            face_up.add(game.first)
        for p in range(CELLS):
            cell = self.query_one(f"#cc-{p}", Static)
            cell.border_title = position_name(p)
            cell.set_class(p == self.cursor, "cursor")
            cell.set_class(p in game.captured, "captured")
            cell.set_class(p in face_up, "face-up")
            # A captured card is out of play: dimmed, its lower border marked ✓ and, with
            # several players, who found it; a face-up card is bright and bold.
            owner = game.captured.get(p)
            if owner is None:
                cell.border_subtitle = ""
            else:
                cell.border_subtitle = f"✓ {self.tags[owner]}" if self.players > 1 else "✓ found"
            if p in game.captured:
                cell.update(Content.styled(short_name(deck[game.grid[p]]), "italic"))
            elif p in face_up:
                cell.update(Content.styled(short_name(deck[game.grid[p]]), "bold"))
            else:
                cell.update(Content.styled("?", "$text-muted"))
        turns = sum(game.turns)
        if self.players == 1:
            pairs_won = game.scores[0]
            head = f"  {self.names[0]}: {counted(pairs_won, 'pair')} · "
        else:
            head = f"  {self.players} players · "
        self.query_one("#cc-title", Static).update(
            Content.assemble(
                (self.title_text, "bold $accent"),
                f"{head}{counted(turns, 'turn')}",
                ("  not saved", "bold $warning") if self.unsaved else "",
            )
        )
        lines = [self.scoreboard()] if self.players > 1 else []
        lines += [self.whose(), Content(self.note) if isinstance(self.note, str) else self.note]
        self.query_one("#cc-status", Static).update(Content("\n").join(lines))

    @property
    def tags(self) -> list[str]:
        """Who captured a card, short enough for its cell: a person's name (cut to 9), "CPU"
        for the computer ("CPU1", "CPU2" when there are several)."""
        computers = sorted(self.ais)
        tags = []
        for s, name in enumerate(self.names):
            if s in self.ais:
                tags.append("CPU" if len(computers) == 1 else f"CPU{computers.index(s) + 1}")
            else:
                tags.append(name if len(name) <= 9 else name[:8] + "…")
        if len(set(tags)) < len(tags):  # two people alike in their first letters
            tags = [f"P{s + 1}" for s in range(len(tags))]
        return tags

    def scoreboard(self) -> Content:
        """Pairs by name, the player to move marked: "Pairs: ▶ Ana 2 · Ben 1"."""
        game = self.game
        assert game is not None
        parts: list[Content] = []
        for s, name in enumerate(self.names):
            text = f"{name} {game.scores[s]}"
            if s == game.to_move and not game.is_over:
                parts.append(Content.styled(f"▶ {text}", "bold $accent"))
            else:
                parts.append(Content(text))
        return Content.assemble(("Pairs: ", "bold"), Content(" · ").join(parts))

    def whose(self) -> Content:
        game = self.game
        assert game is not None
        if game.is_over:
            return Content.styled(self.result_line(), "bold $success")
        who = self.names[game.to_move]
        card = "second" if game.first is not None else "first"
        if game.to_move in self.ais and self.holding:
            return Content.assemble(
                ("Look them over: ", "bold"),
                f"they stay up until you press Enter for {who}'s turn.",
            )
        if game.to_move in self.ais:
            return Content.styled(f"{who} is turning its {card} card…", "italic")
        typed = f"  (typed: {self.typed})" if self.typed else ""
        whose = "Your" if who.casefold() == "you" else f"{who}'s"
        action = f"{whose} turn, {card} card" if self.players > 1 else f"Turn your {card} card"
        return Content.assemble(
            (action, "bold"), f": arrows and Enter, or type a place like B3{typed}"
        )

    def result_line(self) -> str:
        game = self.game
        assert game is not None
        keys = self.result_keys()
        if self.players == 1:
            return f"All 10 pairs in {game.turns[0]} turns! {keys}"
        winners = game.winners()
        best = game.scores[winners[0]]
        if len(winners) > 1:
            who = " and ".join(self.names[w] for w in winners)
            return f"A tie: {who}, {best} pairs each! {keys}"
        others = ", ".join(
            f"{self.names[s]} {n}" for s, n in enumerate(game.scores) if s != winners[0]
        )
        return f"{self.names[winners[0]]} wins with {best} pairs ({others})! {keys}"

    def result_keys(self) -> str:
        """What the keys do once the game is over."""
        return "n: play again · Esc: back"

    # Moving and turning.
    def human_to_move(self) -> bool:
        game = self.game
        return game is not None and not game.is_over and game.to_move not in self.ais

    def move(self, drow: int, dcol: int) -> None:
        row, col = divmod(self.cursor, COLUMNS)
        row = (row + drow) % ROWS
        col = (col + dcol) % COLUMNS
        self.cursor = row * COLUMNS + col
        self.refresh_all()

    def action_cursor_up(self) -> None:
        self.move(-1, 0)

    def action_cursor_down(self) -> None:
        self.move(1, 0)

    def action_cursor_left(self) -> None:
        self.move(0, -1)

    def action_cursor_right(self) -> None:
        self.move(0, 1)

    def action_select(self) -> None:
        if self.holding:
            self.holding = False
            self.refresh_all()
            self.after_turn()
        elif self.human_to_move():
            self.turn(self.cursor)

    def action_pairs(self) -> None:
        from civio_tui.screens.concentration.pairs import CapturedPairsScreen

        if self.game is not None:
            self.app.push_screen(CapturedPairsScreen(self.game, self.names))

    def visible_card(self, position: int) -> int | None:
        """The card at `position` when it can be seen (face up or captured), else None."""
        game = self.game
        if game is None:
            return None
        if position in game.captured or position in self.shown or position == game.first:
            return game.grid[position]
        return None

    def action_explain(self) -> None:
        card = self.visible_card(self.cursor)
        if card is None:
            self.note = "e explains a card you can see: move onto one face up or captured."
            self.refresh_all()
            return
        assert self.game is not None
        links = GridLinksScreen(card, self.game.deck)

        def closed(_: None) -> None:
            # A row number typed over the links finishes a place in column E ("e3").
            if links.row is not None and self.human_to_move():
                self.cursor = parse_position(f"E{links.row}")
                self.turn(self.cursor)

        self.app.push_screen(links, closed)

    def on_key(self, event: events.Key) -> None:
        char = (event.character or "").upper()
        if event.key == "e" and not self.typed and self.visible_card(self.cursor) is not None:
            return  # on a card you can see, e explains it (the binding); else it is column E
        if not char or not self.human_to_move():
            return
        if char in COLUMN_LETTERS and not self.typed:
            self.typed = char
            event.stop()
            self.refresh_all()
        elif self.typed and char.isdigit():
            event.stop()
            text, self.typed = self.typed + char, ""
            try:
                position = parse_position(text)
            except ValueError as exc:
                self.note = str(exc)
                self.refresh_all()
                return
            self.cursor = position
            self.turn(position)

    def turn(self, position: int) -> None:
        game = self.game
        assert game is not None
        decision = game.decision
        if decision is None or TurnCard(position) not in decision:
            where = position_name(position)
            self.note = (
                f"{where} is already captured"
                if position in game.captured
                else f"{where} is already face up: turn another card"
            )
            self.refresh_all()
            return
        self.shown = ()
        if not self.make_move(TurnCard(position)):
            self.refresh_all()
            return
        self.turned(len(game.events) - 1)
        if game.is_over:
            self.finished()
        self.moves += 1  # redraws
        self.refresh_bindings()
        self.after_turn()

    def make_move(self, action: TurnCard) -> bool:
        """Turn the card through the session (the decision was checked: it is legal)."""
        self.session.apply(action)
        return True

    def hold_missed_pair(self) -> bool:
        """A person's missed pair waits for their Enter when a computer is next (it would
        turn its card at once and these two would go face down before they could be read)."""
        game = self.game
        return game is not None and game.to_move in self.ais

    def told_in_a_row(self, seat: int) -> bool:
        """Whether `seat`'s turns are told one after another in the note (a computer's: several
        may come before a person's), rather than the note being theirs alone."""
        return seat in self.ais

    def turned(self, k: int) -> None:
        """Tell what the game's `k`th card turned did (a pair, a miss, a first card)."""
        game = self.game
        assert game is not None
        last = game.events[k]
        seat = last.seat
        deck = game.deck
        by_computer = self.told_in_a_row(seat)
        if not by_computer:
            self.computer_turns = []
        if last.captured and by_computer:
            # Short: several computer turns may need telling (e on a card gives its links).
            first = game.events[k - 1]
            self.computer_turns.append(
                Content.assemble(
                    f"{self.names[seat]}: ",
                    ("a pair", "bold $success"),
                    f", {short_name(deck[first.card])} / {short_name(deck[last.card])}.",
                )
            )
            self.note = Content("\n").join(self.computer_turns[-3:])
        elif last.captured:
            first = game.events[k - 1]
            self.note = Content.assemble(
                ("Pair! ", "bold $success"),
                f"{short_name(deck[first.card])} / {short_name(deck[last.card])}: ",
                pair_link(deck, first.card, last.card),
            )
        elif last.captured is False:
            first = game.events[k - 1]
            self.shown = (first.position, last.position)
            nxt = self.names[game.to_move]
            passes = ""
            if self.players > 1:
                lone_human = len(self.ais) == self.players - 1 and game.to_move not in self.ais
                passes = "; your turn" if lone_human else f"; {nxt}'s turn"
            a = f"{short_name(deck[first.card])} ({position_name(first.position)})"
            b = f"{short_name(deck[last.card])} ({position_name(last.position)})"
            if by_computer:
                # Several computers in a row: keep what each turned up, for everyone to see.
                self.computer_turns.append(Content(f"{self.names[seat]}: {a}, {b}: no pair."))
                self.note = Content("\n").join(self.computer_turns[-3:])
            else:
                self.holding = self.hold_missed_pair()
                self.note = f"{a} and {b} are not a pair{'' if self.holding else passes}."
        else:
            self.note = f"{self.names[seat]} turned up {short_name(deck[last.card])}."
        self.saved()

    def after_turn(self) -> None:
        """A computer player to move turns its card (in the worker, after the pause of the AI
        speed), unless a person's missed pair is held up until their Enter."""
        if not self.holding and self.game is not None:
            self.play_computers()

    def computer_moved(self, action: TurnCard) -> None:
        if not self.holding:
            self.turn(action.position)

    def finished(self) -> None:
        game = self.game
        assert game is not None
        if self.players == 1 and self.records is not None:
            best = self.records.records.record_concentration(game.turns[0])
            problem = self.records.save()
            if problem:
                self.note = problem
            elif best:
                self.note = "Your fewest turns yet!"
            else:
                self.note = f"Your best: {self.records.records.concentration.fewest_turns} turns."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new":
            return True if self.game is not None and self.game.is_over else None
        return True

    def action_new(self) -> None:
        self.app.switch_screen(ConcentrationScreen(self.seats, random.randrange(1, 1_000_000)))

    def action_back(self) -> None:
        from civio_tui.screens.confirm import leave_unfinished

        game = self.game
        # Kept only when the last save went through (after a failed one, a full disk, the
        # file holds an earlier moment of the game, or nothing).
        saved = self.saves is not None and self.saves.problem is None and self.unsaved is None
        kept = "Concentration's menu offers to continue it." if saved else None
        leave_unfinished(self, game is not None and not game.is_over and bool(game.events), kept)
