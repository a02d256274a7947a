"""Easy Play at 80x24 (RULES.md, "Other ways to play"): you and 1-3 computer players draw, lay
down matching pairs and discard until someone empties their hand and calls CIVIO.

Your hand is a list; the highlighted card shows what it pairs with. s draws from the supply,
d takes the discard pile's top, p marks a card and p on its partner lays the pair, x discards,
c calls CIVIO. Enter does what the turn needs next (draw, pair, discard or CIVIO).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Footer, Static
from textual.widgets.option_list import Option

from ai.easy_play import EasyPlayer, get_easy_player
from cards.actions import IllegalActionError
from cards.easy_play import (
    CIVIO_CALL,
    DONE_ACTION,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    EasyAction,
    EasyPhase,
    EasyPlay,
    pair_points,
    pair_table,
)
from cards.easy_play_game import EasyPlayGame
from cards.models import Card
from cards.ranks import rank_for
from civio_tui import keymap
from civio_tui.easy_play_save import EasyPlaySaves, SavedEasyPlay
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.cards import pts, short_name
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.app import CivioApp

MODES: tuple[tuple[str, str], ...] = (
    ("2-medium", "You and 1 computer player (medium)"),
    ("3-medium", "You and 2 computer players (medium)"),
    ("4-medium", "You and 3 computer players (medium)"),
    ("2-easy", "You and 1 computer player (easy)"),
)
RIGHT_WIDTH = 38
"""Characters in a line of the right-hand column at 80 columns."""
LOG_LINES = 5
"""The last things that happened at the table, shown above the status line."""
HOW_TO = (
    "Each turn: draw a card (s: the supply, d: the top of the discard pile), lay down "
    "matching pairs (two cards that could follow each other in a precedent), then discard "
    "one card. Empty your hand and call CIVIO! 1 point per point card in your pairs, +2 for "
    "going out."
)


class EasyPlayMenuScreen(CivioScreen[None]):
    """How to play, then who plays."""

    DEFAULT_CSS = """
    EasyPlayMenuScreen { align: center middle; }
    #em-box { width: 76; height: auto; }
    #em-title { text-style: bold; color: $accent; }
    #em-how { margin-bottom: 1; }
    #em-list { height: auto; border: round $primary; padding: 0 1; }
    """

    saves: EasyPlaySaves

    def compose(self) -> ComposeResult:
        with Vertical(id="em-box"):
            yield Static("Easy Play: lay down matching pairs", id="em-title")
            yield Static(HOW_TO, id="em-how")
            yield NavList(id="em-list")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_continue()
        if self.saves.problem:
            self.notify(self.saves.problem, severity="warning", timeout=10)
        self.query_one(NavList).focus()

    def on_screen_resume(self) -> None:
        # Back from a game: offer to continue it (or no longer, once it is over).
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """The choices, with Continue first when an unfinished game is saved."""
        self.saves = EasyPlaySaves(self.app.save_dir, self.app.deck)
        saved = self.saves.saved
        options = [Option(label, id=key) for key, label in MODES]
        if saved is not None and not saved.game.is_over:
            options.insert(0, Option(continue_label(saved), id="continue"))
        menu = self.query_one(NavList)
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = 0

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or "2-medium"
        saved = self.saves.saved
        if choice == "continue" and saved is not None:
            self.app.push_screen(EasyPlayScreen(saved.game.seats, saved.level, 0, resume=saved))
            return
        seats, level = choice.split("-")

        def start(yes: bool | None = True) -> None:
            if yes:
                seed = random.randrange(1, 1_000_000)
                self.app.push_screen(EasyPlayScreen(int(seats), level, seed))

        if saved is None or saved.game.is_over:
            start()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen(
                "Start a new Easy Play game?",
                f"Your saved game ({continue_label(saved)}) will be replaced.",
                yes="Start",
                no="Keep it",
            ),
            start,
        )


def continue_easy_play(app: CivioApp) -> None:
    """Open the saved Easy Play game (the main menu's Continue); a save that cannot be read
    says why."""
    saves = EasyPlaySaves(app.save_dir, app.deck)
    saved = saves.saved
    if saved is None or saved.game.is_over:
        app.notify(saves.problem or "There is no Easy Play game to continue.", severity="warning")
        return
    app.push_screen(EasyPlayScreen(saved.game.seats, saved.level, 0, resume=saved))


def continue_label(saved: SavedEasyPlay) -> str:
    game = saved.game
    you = game.totals[0]
    return f"Continue: round {len(game.rounds)}, {saved.names[0]} {pts(you)} ({rank_for(you)})"


def card_text(card: Card, limit: int = 22) -> str:
    return card.name if len(card.name) <= limit else short_name(card, limit)


def fit(text: str, width: int = RIGHT_WIDTH) -> str:
    """One line of the right-hand column: cut with an ellipsis rather than wrapped."""
    return text if len(text) <= width else text[: width - 1] + "…"


def cards_word(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


class EasyPlayScreen(CivioScreen[None]):
    """One round: seat 0 is you, the others are computer players."""

    CSS_PATH = "easy_play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("easy.supply", "easy.take", "easy.pair", "easy.discard", "easy.civio"),
        *keymap.bindings("games.new"),
    ]

    def __init__(
        self, seats: int, level: str, seed: int, *, resume: SavedEasyPlay | None = None
    ) -> None:
        super().__init__()
        self.seats, self.level, self.seed = seats, level, seed
        self.resume = resume
        self.match: EasyPlayGame | None = None
        """The game: rounds until a seat reaches the target rank."""
        self.saves: EasyPlaySaves | None = None
        self.game: EasyPlay | None = None
        """The round on the table."""
        self.ais: list[EasyPlayer] = []
        self.ai_rng = random.Random(seed)
        self.marked: int | None = None
        self.note: Content | str = ""
        self.said: list[str] = []
        """What happened at the table, as you may see it (newest last)."""

    @property
    def names(self) -> list[str]:
        if self.resume is not None:
            return self.resume.names
        you = self.app.settings.new_game.player_name or "You"
        if self.seats == 2:
            return [you, "Computer"]
        return [you, *[f"Computer {s}" for s in range(1, self.seats)]]

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
        yield Footer()

    def on_mount(self) -> None:
        deck = self.app.deck
        self.saves = EasyPlaySaves(self.app.save_dir, deck)
        if self.resume is not None:
            self.match = self.resume.game
        else:
            # The last seat deals the first round, so you play first.
            self.match = EasyPlayGame(
                seats=self.seats, seed=self.seed, deck=deck, first_dealer=self.seats - 1
            )
        match = self.match
        self.game = match.current_round or match.last_round
        if self.game is None or (self.game.is_over and not match.is_over):
            self.game = match.start_round()
        self.ais = [get_easy_player(self.level, deck) for _ in range(self.seats)]
        self.note = "The card you highlight shows, on the right, what it pairs with."
        self.save()
        self.query_one("#ep-hand", NavList).focus()
        self.refresh_all()
        self.after_move()

    # ------------------------------------------------------------------ drawing

    def refresh_all(self) -> None:
        game = self.game
        assert game is not None
        self._title()
        self._hand()
        self._table()
        self._partners()
        self.query_one("#ep-log", Static).update("\n".join(self.said[-LOG_LINES:]))
        self.query_one("#ep-status", Static).update(Content("\n").join([self.prompt(), self.note]))
        self.refresh_bindings()

    def _title(self) -> None:
        game = self.game
        assert game is not None
        self.query_one("#ep-title", Static).update(
            Content.assemble(
                ("Easy Play", "bold $accent"),
                f"  round {len(self.match.rounds) if self.match else 1} · "
                f"turn {game.turns_played + (0 if game.is_over else 1)} · "
                f"supply {len(game.supply)} cards · computer players: {self.level}",
            )
        )

    def _hand(self) -> None:
        game = self.game
        assert game is not None
        deck = game.deck
        hand_list = self.query_one("#ep-hand", NavList)
        keep = hand_list.highlighted
        hand = sorted(game.hands[0], key=lambda c: (deck[c].type_label(), deck[c].name))
        table = pair_table(deck)
        options = []
        for c in hand:
            mark = "▶ " if c == self.marked else "  "
            pairs = sum(1 for o in hand if table[c] >> o & 1)
            hint = f"  ({pairs} pair{'s' if pairs != 1 else ''})" if pairs else ""
            new = "  ← new" if c == game.drawn and game.current == 0 else ""
            label = f"{mark}{card_text(deck[c])}{hint}{new}"
            options.append(Option(label, id=str(c)))
        hand_list.clear_options()
        hand_list.add_options(options)
        if options:
            hand_list.highlighted = min(keep or 0, len(options) - 1)
        laid = pts(pair_points(deck, game.laid[0]))
        self.query_one("#ep-hand-title", Static).update(f"Your hand: {len(hand)} cards")
        mine = Content.assemble((f"Your pairs ({laid}): ", "bold"), self._pairs_text(0))
        match = self.match
        if match is not None and len(match.rounds) > 1:
            before = match.totals if not game.is_over else match.totals_after(len(match.rounds) - 1)
            totals = " · ".join(f"{self.names[s]} {t}" for s, t in enumerate(before))
            mine = Content("\n").join(
                [mine, Content.styled(f"Totals before this round: {totals}", "dim")]
            )
        self.query_one("#ep-mine", Static).update(mine)

    def _pairs_text(self, seat: int, limit: int = 16) -> str:
        game = self.game
        assert game is not None
        deck = game.deck
        if not game.laid[seat]:
            return "no pairs yet"
        return "; ".join(
            f"{card_text(deck[a], limit)}+{card_text(deck[b], limit)}" for a, b in game.laid[seat]
        )

    def _table(self) -> None:
        game = self.game
        assert game is not None
        deck = game.deck
        lines: list[Content | str] = []
        for s in range(1, self.seats):
            turn = "▶ " if game.current == s and not game.is_over else ""
            laid = pts(pair_points(deck, game.laid[s]))
            head = f"{turn}{self.names[s]}: {cards_word(len(game.hands[s]))}, {laid}"
            lines.append(Content.styled(fit(head), "bold"))
            lines.append(fit(f"  pairs: {self._pairs_text(s, 10)}"))
        top = card_text(deck[game.discard_pile[-1]], 24) if game.discard_pile else "(empty)"
        lines.append(Content.assemble(("Discard pile: ", "bold"), top))
        self.query_one("#ep-table", Static).update(Content("\n").join(lines))

    def highlighted_card(self) -> int | None:
        hand_list = self.query_one("#ep-hand", NavList)
        if hand_list.highlighted is None or hand_list.option_count == 0:
            return None
        option = hand_list.get_option_at_index(hand_list.highlighted)
        return int(option.id) if option.id is not None else None

    def _partners(self) -> None:
        """What the highlighted card can pair with: in your hand, on the discard pile, and how
        many cards you have not seen yet."""
        game = self.game
        assert game is not None
        deck = game.deck
        card = self.highlighted_card()
        box = self.query_one("#ep-partners", Static)
        if card is None:
            box.update("")
            return
        table = pair_table(deck)
        mates = [c for c in game.hands[0] if table[card] >> c & 1]
        top = game.discard_pile[-1] if game.discard_pile else None
        unseen = game.view(0).unseen_cards(len(deck))
        later = sum(1 for c in unseen if table[card] >> c & 1)
        head = fit(f"{card_text(deck[card], 26)} pairs with:")
        lines: list[Content | str] = [Content.styled(head, "bold")]
        in_hand = ", ".join(card_text(deck[c]) for c in mates) or "nothing"
        lines.append(fit(f"  in your hand: {in_hand}"))
        if top is not None and table[card] >> top & 1:
            lines.append(fit(f"  the discard: {card_text(deck[top], 18)} (d)"))
        lines.append(fit(f"  {cards_word(later)} you have not seen yet"))
        box.update(Content("\n").join(lines))

    def prompt(self) -> Content:
        game = self.game
        assert game is not None
        if game.is_over:
            return Content.styled(self.result_line(), "bold $success")
        if game.current != 0:
            return Content.styled(f"{self.names[game.current]} is playing…", "italic")
        phase = game.phase
        if phase is EasyPhase.DRAW:
            return Content.styled("Your turn: s draws from the supply, d takes the discard", "bold")
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
        elif r.winner == 0:
            head = "CIVIO! You went out first."
        else:
            head = f"{self.names[r.winner]} went out first."
        match = self.match
        if match is not None and match.is_over:
            won = " and ".join(self.names[s] for s in match.winners)
            return f"{head} {won} reached the title! n: a new game · Esc: back"
        return f"{head} Points: {scores}. n: the next round · Esc: back"

    def on_option_list_option_highlighted(self, event: NavList.OptionHighlighted) -> None:
        event.stop()
        if self.game is not None:
            self._partners()

    # ------------------------------------------------------------------ acting

    def my_turn(self) -> bool:
        game = self.game
        return game is not None and not game.is_over and game.current == 0

    def play(self, action: EasyAction) -> bool:
        """Apply your action; a refused one is explained on the status line."""
        game = self.game
        assert game is not None
        try:
            game.apply(action)
        except IllegalActionError as exc:
            self.note = f"Not allowed: {exc}."
            self.refresh_all()
            return False
        self.note = ""
        self.tell()
        self.save()
        self.after_move()
        return True

    def tell(self) -> None:
        """Add the last event, as you may see it, to the table's log."""
        game = self.game
        assert game is not None
        line = game.events[-1].describe(game.deck, 0, self.names_for_log())
        if line:  # "done laying" says nothing
            self.said.append(line)

    def save(self) -> None:
        """Keep the game after every move; when the round ends, say where everyone stands."""
        game, match, saves = self.game, self.match, self.saves
        if game is None or match is None or saves is None:
            return
        if game.is_over and not (self.said and self.said[-1].startswith("Totals")):
            totals = " · ".join(
                f"{self.names[s]} {t} ({rank_for(t)})" for s, t in enumerate(match.totals)
            )
            self.said.append(f"Totals after round {len(match.rounds)}: {totals}")
        problem = saves.save(match, self.names, self.level)
        if problem is not None and not str(self.note).startswith("Not saved"):
            self.note = f"Not saved: {problem}"

    def names_for_log(self) -> list[str]:
        return ["You", *self.names[1:]]

    def after_move(self) -> None:
        self.refresh_all()
        game = self.game
        if game is not None and not game.is_over and game.current != 0:
            self.set_timer(max(self.app.settings.ai_delay, 0.005), self.ai_step)

    def ai_step(self) -> None:
        game = self.game
        if game is None or game.is_over or game.current == 0:
            return
        d = game.decision
        assert d is not None
        action = self.ais[d.seat].choose(game.view(d.seat), d, self.ai_rng)
        game.apply(action)
        self.tell()
        if game.is_over or game.current == 0:
            self.save()  # the computer's moves are kept once it waits for you
        self.after_move()

    def action_draw(self, source: str) -> None:
        if self.my_turn():
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
        if game.phase is EasyPhase.LAY:
            game.apply(DONE_ACTION)
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
            return game.is_over
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
        match = self.match
        if match is not None and not match.is_over:
            self.game = match.start_round()
            self.marked = None
            self.said.append(f"Round {len(match.rounds)} is dealt.")
            self.note = ""
            self.save()
            self.after_move()
            return
        self.app.switch_screen(
            EasyPlayScreen(self.seats, self.level, random.randrange(1, 1_000_000))
        )

    def action_back(self) -> None:
        from civio_tui.screens.confirm import leave_unfinished

        # The game is saved after every move (Continue picks it up); ask only when it is not.
        self.save()
        game = self.game
        unsaved = self.saves is None or self.saves.problem is not None
        leave_unfinished(self, unsaved and game is not None and not game.is_over)
