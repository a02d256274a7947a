"""Easy Play at 80x24 (docs/RULES.md, "Other ways to play"): 2-4 players, each at the keyboard or a
computer player, draw, lay down matching pairs and discard until someone empties their hand and
calls CIVIO; rounds go on until someone reaches the game's target rank.

The hand is a list; the highlighted card shows what it pairs with. s draws from the supply,
d takes the discard pile's top, p marks a card and p on its partner lays the pair, x discards,
c calls CIVIO. Enter does what the turn needs next (draw, pair, discard or CIVIO). Every game
is named and saved after each move (civio_tui/easy_play_save.py).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from ai.easy_play.levels import LEVELS, EasyPlayer
from cards.engine import IllegalActionError
from cards.games.easy_play.game import EasyPlayGame
from cards.games.easy_play.round import (
    CIVIO_CALL,
    DONE_ACTION,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    EasyAction,
    EasyEvent,
    EasyPhase,
    EasyPlay,
    pair_points,
    pair_table,
)
from cards.models import Card
from cards.ranks import rank_for
from civio_tui import keymap
from civio_tui.campaigns.store import SaveError, name_key
from civio_tui.easy_play_save import (
    EasyPlayStore,
    EasySummary,
    SavedEasyPlay,
    list_easy_games,
    open_easy_game,
)
from civio_tui.saved_games import round_where
from civio_tui.screens.base import CivioScreen
from civio_tui.screens.easy_play.panes import (
    RIGHT_LINES,
    counted,
    hand_label,
    hand_order,
    pairs_text,
    partner_lines,
    person,
    table_lines,
)
from civio_tui.screens.game_screen import GameScreen
from civio_tui.seating import HUMAN
from civio_tui.session import Over, Pass, SessionSeat, Step
from civio_tui.session.tables import easy_play_session
from civio_tui.widgets.cards import pts, short_name
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.app import CivioApp

MINE_WIDTH = 76
"""Characters in the line of the viewer's pairs under the hand."""
LOG_LINES = 5
"""The last things that happened at the table, shown above the status line."""
HOW_TO = (
    "Each turn: draw a card (s: the supply, d: the top of the discard pile), lay down "
    "matching pairs (two cards that could follow each other in a precedent), then discard "
    "one card. Empty your hand and call CIVIO! 1 point per point card in your pairs, +2 for "
    "going out. Points carry over from round to round; ranks climb as in the main game."
)
MENU_GAMES = 5
"""Unfinished games offered to continue on the Easy Play menu (all are on Campaigns)."""


class EasyPlayMenuScreen(CivioScreen[None]):
    """How to play, the games to continue (the last saved first), and a new game."""

    DEFAULT_CSS = """
    EasyPlayMenuScreen { align: center middle; }
    #em-box { width: 76; height: auto; }
    #em-title { text-style: bold; color: $accent; }
    #em-how { margin-bottom: 1; }
    #em-list { height: auto; max-height: 10; border: round $primary; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.games: list[EasySummary] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="em-box"):
            yield Static("Easy Play: lay down matching pairs", id="em-title")
            yield Static(HOW_TO, id="em-how")
            yield NavList(id="em-list")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_continue()
        for summary in self.games:
            if summary.problem:
                self.notify(summary.problem, severity="warning", timeout=10)
        self.query_one(NavList).focus()

    def on_screen_resume(self) -> None:
        # Back from a game: offer to continue it (or no longer, once it is over).
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """Continue lines for the unfinished games, newest first, then New game."""
        try:
            games = list_easy_games(self.app.save_dir, self.app.deck)
        except (SaveError, OSError) as exc:
            games = []
            self.notify(str(exc), severity="error")
        self.games = games
        playable = sorted(
            (g for g in games if g.saved is not None and not g.saved.finished),
            key=lambda g: g.saved_at or datetime.min.replace(tzinfo=UTC),
            reverse=True,
        )
        options = [
            Option(continue_label(g.saved), id=f"continue:{g.name}")
            for g in playable[:MENU_GAMES]
            if g.saved is not None
        ]
        options.append(Option("New Easy Play game…", id="new"))
        menu = self.query_one(NavList)
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = 0

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or "new"
        if choice.startswith("continue:"):
            continue_easy_play(self.app, choice.removeprefix("continue:"))
            return
        from civio_tui.screens.easy_play.setup import EasyPlaySetupScreen

        self.app.push_screen(EasyPlaySetupScreen())


def continue_easy_play(app: CivioApp, name: str) -> None:
    """Open the named Easy Play game (Continue on the main menu, the Easy Play menu and the
    Campaigns screen): a finished one shows its final standings; one that cannot be read
    says why."""
    try:
        store = open_easy_game(name, save_dir=app.save_dir, deck=app.deck)
    except (SaveError, OSError, ValueError) as exc:
        app.notify(str(exc), title="Cannot open this game", severity="error", timeout=10)
        return
    saved = store.saved
    assert saved is not None
    if saved.finished:
        from civio_tui.screens.easy_play.standings import EasyStandingsScreen

        app.push_screen(EasyStandingsScreen(saved.game, saved.names, saved.name))
        return
    app.push_screen(EasyPlayScreen(store))


def continue_label(saved: SavedEasyPlay) -> str:
    """ "Continue NAME: round N, Ada 12 pts (Law Clerk)" (the first player at the keyboard;
    "1 round played" between rounds)."""
    seat = saved.humans[0]
    points, rank = saved.standing(seat)
    game = saved.game
    where = round_where(len(game.finished_rounds), game.current_round is not None)
    return f"Continue {saved.name}: {where}, {saved.names[seat]} {pts(points)} ({rank})"


def card_text(card: Card, limit: int = 22) -> str:
    return card.name if len(card.name) <= limit else short_name(card, limit)


LogEntry = EasyEvent | str
"""A move (told to each viewer as their view allows) or a line everyone may read."""


def short_rank(title: str) -> str:
    """A rank without "of the Supreme Court", for the title and totals lines."""
    return title.removesuffix(" of the Supreme Court")


def fit(text: str, width: int) -> str:
    """One line: cut with an ellipsis rather than wrapped."""
    return text if len(text) <= width else text[: width - 1] + "…"


class EasyPlayScreen(GameScreen):
    """A named Easy Play game at the table, round after round until someone reaches the target
    rank. Each seat is a player at the keyboard or a computer player.

    The hand on screen is the `viewer`'s. With one player at the keyboard that is always them.
    With several (hot-seat), a hand is shown only while its owner is to play: when another
    player's turn comes, every hand is hidden and the keyboard is passed (`PassScreen`) before
    the next hand appears; the log then tells what that player's view allows. Who sees what
    when is the session's handover policy (civio_tui.session), as at every game's table."""

    CSS_PATH = "screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("easy.supply", "easy.take", "easy.pair", "easy.discard", "easy.civio"),
        *keymap.bindings("games.new"),
        # Esc leaves without asking (the game is saved after every move): the footer says so.
        *keymap.bindings("easy.leave"),
    ]

    def __init__(self, store: EasyPlayStore) -> None:
        super().__init__()
        saved = store.saved
        assert saved is not None, "open a readable game"
        self.store = store
        self.players = list(saved.players)
        self.match: EasyPlayGame = saved.game
        """The game: rounds until a seat reaches the target rank."""
        self.seats = self.match.seats
        self.humans = [s for s, p in enumerate(self.players) if p.is_human]
        self.game: EasyPlay | None = None
        """The round on the table."""
        deck = self.match.deck
        self.ais: dict[int, EasyPlayer] = {
            s: LEVELS.player(p.level, deck) for s, p in enumerate(self.players) if not p.is_human
        }
        seats = [SessionSeat.from_level(p.name, p.level, HUMAN) for p in self.players]
        self.session = easy_play_session(self.match, seats, self.ais, self._write)
        self.passing = False
        """The keyboard is being passed: the pass screen is up."""
        self.marked: int | None = None
        self.show_drawn = False
        """The viewer just drew: the cursor goes to the card drawn."""
        self.note: Content | str = ""
        self.told: list[LogEntry] = []
        """What happened at the table (newest last), told to each viewer as their view allows."""

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def hot_seat(self) -> bool:
        return self.session.hot_seat

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is on screen (None: every hand hidden: while the keyboard is
        passed, while the computers play, and once a hot-seat round is over)."""
        handover = self.session.handover
        if not handover.active:
            return handover.viewer
        game = self.game
        if self.passing or game is None or game.is_over:
            return None
        return handover.at_screen

    def compose(self) -> ComposeResult:
        yield Static(id="ep-title")
        with Horizontal(id="ep-main"):
            with Vertical(id="ep-left"):
                yield Static("Your hand", id="ep-hand-title")
                yield NavList(id="ep-hand")
            with Vertical(id="ep-right"):
                yield Static(id="ep-table")
                yield Static(id="ep-partners")
        yield Static(id="ep-mine")
        yield Static(id="ep-log")
        yield Static(id="ep-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.start_game()

    def start_game(self) -> None:
        """The round on the table (a new one dealt, or the one continued), then its turns."""
        match = self.match
        self.game = match.current_round or match.last_round
        if self.game is None or (self.game.is_over and not match.is_over):
            self.game = match.start_round()
        else:  # a game continued: the log tells this round so far
            self.told = list(self.game.events)
        self.note = "The card you highlight shows, on the right, what it pairs with."
        self.save()
        self.query_one("#ep-hand", NavList).focus()
        self.refresh_all()
        self.after_move()

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        self.refresh_all()

    def refresh_all(self) -> None:
        game = self.game
        assert game is not None
        self._title()
        self._hand()
        self._table()
        self._partners()
        self.query_one("#ep-log", Static).update("\n".join(self.log_lines()[-LOG_LINES:]))
        self.show_status()
        self.refresh_bindings()

    def show_status(self) -> None:
        self.query_one("#ep-status", Static).update(Content("\n").join([self.prompt(), self.note]))

    def _title(self) -> None:
        game = self.game
        assert game is not None
        match = self.match
        limit = f" of {match.max_rounds}" if match.max_rounds is not None else ""
        goal = f" · to {short_rank(match.target)}" if match.target else ""
        # A game named "Easy Play" (the default) is not named twice.
        name = self.store.name
        head = name if name_key(name).startswith("easy play") else f"Easy Play · {name}"
        text = (
            f" · round {len(match.rounds)}{limit} · "
            f"turn {game.turns_played + (0 if game.is_over else 1)} · "
            f"supply {len(game.supply)}{goal}"
        )
        head = fit(head, 76 - len(text))
        self.query_one("#ep-title", Static).update(Content.assemble((head, "bold $accent"), text))

    def hand_cards(self) -> list[int]:
        """The viewer's hand as listed (`hand_order`: dealt cards by type and name, then the
        cards drawn, in order); nothing while hidden."""
        game = self.game
        if game is None or self.viewer is None:
            return []
        return hand_order(game, self.viewer)

    def _hand(self) -> None:
        game = self.game
        assert game is not None
        deck = game.deck
        viewer = self.viewer
        hand_list = self.query_one("#ep-hand", NavList)
        keep, was = hand_list.highlighted, self.highlighted_card()
        hand = self.hand_cards()
        table = pair_table(deck)
        new = game.drawn if game.current == viewer and not game.is_over else None
        options = []
        for c in hand:
            pairs = sum(1 for o in hand if table[c] >> o & 1)
            label = hand_label(deck, c, pairs, marked=c == self.marked, new=c == new)
            options.append(Option(label, id=str(c)))
        hand_list.clear_options()
        hand_list.add_options(options)
        if options:
            # The cursor goes to a card just drawn, else stays on its card (or its place).
            if self.show_drawn and new in hand:
                hand_list.highlighted = hand.index(new)
            elif was in hand:
                hand_list.highlighted = hand.index(was)
            else:
                hand_list.highlighted = min(keep or 0, len(options) - 1)
        self.show_drawn = False
        title = self.query_one("#ep-hand-title", Static)
        if viewer is None:
            title.update("Hands hidden until each one's turn")
            self.query_one("#ep-mine", Static).update(self._totals_line())
            return
        count = counted(len(hand), "card")
        name = person(self.names[viewer], 38 - len(f"'s hand: {count}"))
        whose = "Your hand" if not self.hot_seat else f"{name}'s hand"
        title.update(f"{whose}: {count}")
        laid = pts(pair_points(deck, game.laid[viewer]))
        you = "Your pairs" if not self.hot_seat else f"{person(self.names[viewer], 20)}'s pairs"
        head = f"{you} ({laid}): "
        mine = Content.assemble((head, "bold"), self._pairs_text(viewer, MINE_WIDTH - len(head)))
        self.query_one("#ep-mine", Static).update(Content("\n").join([mine, self._totals_line()]))

    def _totals_line(self) -> Content:
        """Every player's points and the rank they hold: before this round while it is played,
        after it once it is over."""
        match, game = self.match, self.game
        assert game is not None
        head = f"Totals after round {len(match.rounds)}" if game.is_over else "Totals"
        names = list(self.names)
        if self.viewer is not None and not self.hot_seat:
            names[self.viewer] = "You"  # as the log says
        totals = " · ".join(
            f"{names[s]} {t} ({short_rank(rank_for(t))})" for s, t in enumerate(match.totals)
        )
        return Content.styled(f"{head}: {totals}", "dim")  # 4 players take two lines

    def _pairs_text(self, seat: int, width: int) -> str:
        """The seat's pairs on one line: their names if they fit, else as short as they read."""
        game = self.game
        assert game is not None
        deck = game.deck
        if not game.laid[seat]:
            return "no pairs yet"
        text = "; ".join(
            f"{card_text(deck[a], 16)}+{card_text(deck[b], 16)}" for a, b in game.laid[seat]
        )
        return text if len(text) <= width else pairs_text(deck, game.laid[seat], width)

    def _table(self) -> None:
        game = self.game
        assert game is not None
        lines = table_lines(game, self.names, self.viewer)
        self.query_one("#ep-table", Static).update(Content("\n").join(lines))

    def highlighted_card(self) -> int | None:
        hand_list = self.query_one("#ep-hand", NavList)
        if hand_list.highlighted is None or hand_list.option_count == 0:
            return None
        option = hand_list.get_option_at_index(hand_list.highlighted)
        return int(option.id) if option.id is not None else None

    def _partners(self) -> None:
        """What the highlighted card can pair with (in the room the table leaves): in the
        viewer's hand, on the discard pile, and how many cards they have not seen yet."""
        game = self.game
        assert game is not None
        card = self.highlighted_card()
        box = self.query_one("#ep-partners", Static)
        viewer = self.viewer
        if card is None or viewer is None:
            box.update("")
            return
        room = RIGHT_LINES - len(table_lines(game, self.names, viewer))
        box.update(Content("\n").join(partner_lines(game, viewer, card, room)))

    def prompt(self) -> Content:
        game = self.game
        assert game is not None
        if game.is_over:
            return Content.styled(self.result_line(), "bold $success")
        current = game.current
        if current not in self.humans:
            return Content.styled(f"{person(self.names[current], 40)} is playing…", "italic")
        if current != self.viewer:
            name = person(self.names[current], 40)
            return Content.styled(f"Pass the keyboard to {name}…", "italic")
        # The longest prompt fits one line of 78 with a name of up to 16 characters.
        who = "Your turn" if not self.hot_seat else f"{person(self.names[current], 16)}, your turn"
        phase = game.phase
        if phase is EasyPhase.DRAW:
            return Content.styled(f"{who}: s draws from the supply, d takes the discard", "bold")
        if phase is EasyPhase.LAY:
            return Content.styled(
                "Lay pairs: p on a card, then p on its partner · x discards to end your turn",
                "bold",
            )
        if phase is EasyPhase.DISCARD:
            return Content.styled("Discard one card: highlight it and press x", "bold")
        return Content.styled("Your hand is empty: press c to call CIVIO!", "bold $success")

    def result_line(self) -> str:
        game = self.game
        assert game is not None and game.result is not None
        r = game.result
        scores = " · ".join(f"{self.names[s]} {r.scores[s]}" for s in range(self.seats))
        if r.winner is None:
            head = "No one went out."
        elif r.winner == self.viewer and not self.hot_seat:
            head = "CIVIO! You went out first."
        else:
            head = f"{self.names[r.winner]} went out first."
        match = self.match
        if match.is_over:
            won = " and ".join(self.names[s] for s in match.winners)
            return f"{head} {won} won the game! {self.result_keys()}"
        return f"{head} Points: {scores}. {self.result_keys()}"

    def result_keys(self) -> str:
        """What the keys do once the round is over."""
        return "Esc: back" if self.match.is_over else "n: the next round · Esc: back"

    def on_option_list_option_highlighted(self, event: NavList.OptionHighlighted) -> None:
        event.stop()
        if self.game is not None:
            self._partners()

    # ------------------------------------------------------------------ the log

    def log_lines(self) -> list[str]:
        """The log as the viewer may see it; with every hand hidden, what everyone saw."""
        game = self.game
        assert game is not None
        # A seat number no one holds sees only what is shown to everyone.
        seat = self.viewer if self.viewer is not None else self.seats
        names = list(self.names)
        if self.viewer is not None and not self.hot_seat:
            names[self.viewer] = "You"
        out = []
        for entry in self.told:
            line = entry if isinstance(entry, str) else entry.describe(game.deck, seat, names)
            if line:  # "done laying" says nothing
                out.append(line)
        return out

    def tell(self) -> None:
        """Add the last event to the table's log."""
        game = self.game
        assert game is not None
        self.told.append(game.events[-1])

    # ------------------------------------------------------------------ acting

    def my_turn(self) -> bool:
        """A player at the keyboard is to play and their hand is on screen."""
        game = self.game
        return (
            game is not None
            and not game.is_over
            and not self.passing
            and game.current in self.humans
            and game.current == self.viewer
        )

    def play(self, action: EasyAction) -> bool:
        """Apply the player's action; a refused one is explained on the status line."""
        if not self.make_move(action):
            self.refresh_all()
            return False
        self.note = ""
        self.moved()
        return True

    def make_move(self, action: EasyAction) -> bool:
        """Apply the action through the session; False (the note says why) when refused."""
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self.note = f"Not allowed: {exc}."
            return False
        return True

    def moved(self) -> None:
        """A move was made (and saved): tell it, then go on."""
        self.tell()
        self.saved()
        self.after_move()

    def _write(self) -> str | None:
        """The session's autosave: the game written after every move (None, or why not)."""
        return self.store.save(self.match, self.players)

    def save(self) -> None:
        """Keep the game now (the session saves after every move by itself)."""
        self.session.autosave()
        self.saved()

    def saved(self) -> None:
        """After a save: when the round ended, say where everyone stands; a failed save is
        said on the status line."""
        game, match = self.game, self.match
        if game is None:
            return
        if game.is_over and not (self.told and str(self.told[-1]).startswith("Totals")):
            totals = " · ".join(
                f"{self.names[s]} {t} ({rank_for(t)})" for s, t in enumerate(match.totals)
            )
            self.told.append(f"Totals after round {len(match.rounds)}: {totals}")
        problem = self.session.save_problem
        if problem is not None and not str(self.note).startswith("Not saved"):
            self.note = f"Not saved: {problem}"

    def after_move(self) -> None:
        """What the screen may show now is the handover's step: a player at the keyboard
        other than the one shown gets the keyboard passed first; a computer player plays (in
        the worker) after the pause of the AI speed; a finished round shows the standings."""
        if self.game is None or self.passing:
            return
        step = self.hand_over()
        self.moves += 1  # redraws (every hand hidden while the keyboard is passed)
        if isinstance(step, Over):
            self.show_standings()
        elif step is not None:
            self.play_computers()

    def computer_moved(self, action: EasyAction) -> None:
        self.session.apply(action)
        self.moved()

    def hide_table(self, step: Step) -> None:
        self.marked = None  # the hand just played leaves the screen at once
        self.passing = isinstance(step, Pass)

    def cover_table(self) -> None:
        """While the computers play, the table stays with every hand hidden (`viewer`): its
        lines tell everyone what the computers do."""

    def handed_over(self, step: Pass) -> None:
        self.passing = False
        self.note = ""
        self.refresh_all()
        self.query_one("#ep-hand", NavList).focus()

    def show_standings(self) -> None:
        from civio_tui.screens.easy_play.standings import EasyStandingsScreen

        def answer(choice: str | None) -> None:
            if choice != "next":
                return
            if self.match.is_over:
                self.dismiss(None)
            else:
                self.action_new()

        self.app.push_screen(EasyStandingsScreen(self.match, self.names), answer)

    def action_draw(self, source: str) -> None:
        if self.my_turn():
            self.show_drawn = True
            self.play(DRAW_SUPPLY if source == "supply" else DRAW_DISCARD)

    def action_pair(self) -> None:
        game = self.game
        card = self.highlighted_card()
        if not self.my_turn() or game is None or card is None:
            return
        if game.phase is not EasyPhase.LAY:
            self.note = "Lay pairs after you draw, before you discard."
            self.refresh_all()
            return
        if self.marked is None or self.marked == card:
            self.marked = None if self.marked == card else card
            self.note = (
                f"{game.deck[card].name} marked: now p on its partner."
                if self.marked is not None
                else "Unmarked."
            )
            self.refresh_all()
            return
        first, self.marked = self.marked, None
        self.play(EasyAction.lay(first, card))

    def action_discard(self) -> None:
        game = self.game
        card = self.highlighted_card()
        if not self.my_turn() or game is None or card is None:
            return
        if game.phase is EasyPhase.DRAW:
            self.note = "Draw first: s from the supply, d from the discard pile."
            self.refresh_all()
            return
        self.marked = None
        if game.phase is EasyPhase.LAY and not self.play(DONE_ACTION):
            return
        self.play(EasyAction.discard(card))

    def action_civio(self) -> None:
        game = self.game
        if self.my_turn() and game is not None and game.phase is EasyPhase.CIVIO:
            self.play(CIVIO_CALL)

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        """Enter does what the turn needs next."""
        event.stop()
        game = self.game
        if not self.my_turn() or game is None:
            return
        if game.phase is EasyPhase.DRAW:
            self.action_draw("supply")
        elif game.phase is EasyPhase.LAY:
            self.action_pair()
        elif game.phase is EasyPhase.DISCARD:
            self.action_discard()
        else:
            self.action_civio()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.game
        if game is None:
            return True
        if action == "new":
            return game.is_over and not self.match.is_over
        phase = game.phase if self.my_turn() else None
        wanted = {
            "draw": phase is EasyPhase.DRAW,
            "pair": phase is EasyPhase.LAY,
            "discard": phase in (EasyPhase.LAY, EasyPhase.DISCARD),
            "civio": phase is EasyPhase.CIVIO,
        }
        if action in wanted:
            return wanted[action]  # keys that do nothing now leave the footer
        return True

    def action_new(self) -> None:
        """The next round (points carry over)."""
        match = self.match
        game = self.game
        if match.is_over or game is None or not game.is_over:
            return
        self.game = match.start_round()
        self.session.new_round()
        self.marked = None
        self.told.append(f"Round {len(match.rounds)} is dealt.")
        self.note = ""
        self.save()
        self.after_move()

    def action_back(self) -> None:
        from civio_tui.screens.confirm import leave_unfinished

        # The game is saved after every move (Continue picks it up); ask only when it is not.
        self.save()
        game = self.game
        unsaved = self.store.problem is not None or self.session.save_problem is not None
        leave_unfinished(self, unsaved and game is not None and not game.is_over)
