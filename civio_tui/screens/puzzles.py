"""Puzzles: a menu of the five kinds (and the puzzle of the day) with the player's streak, and
one screen that plays a puzzle of any kind. A wrong answer gets the rules' reason."""

from __future__ import annotations

import random
from datetime import date
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from cards.civio_sets import check_call
from cards.go_out import HAND_SIZE
from cards.puzzles import (
    DIFFICULTIES,
    KINDS,
    AnswerCheck,
    Puzzle,
    check_arrangement,
    check_broken,
    check_complete,
    check_link,
    completed_precedents,
    generate,
    kind_of_the_day,
    link_choices,
    seed_of_the_day,
)
from civio_tui import keymap
from civio_tui.card_words import FIRST_DIFFICULTY, kind_label
from civio_tui.plurals import counted
from civio_tui.ratings import stats_puzzle_history
from civio_tui.records import RecordsFile
from civio_tui.screens.base import CivioScreen
from civio_tui.screens.card_games import (
    LIST_ROOM,
    TwoPrecedents,
    card_facts,
    card_heading,
    fitting_name,
    layout,
    precedent_keys,
)
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.app import CivioApp

KIND_LABELS = {
    "go-out": "Go out: arrange 7 cards into a CIVIO",
    "complete": "Complete: which card makes 6 cards go out",
    "best": "Best 7: the highest-scoring 7 of 8-10 cards",
    "broken": "Broken: find the card that cannot follow",
    "linked": "Linked: which rule links each pair",
}
HOW = {
    "go-out": "Put cards in precedent 1 and 2 with the keys 1 and 2 (Enter = 1), then c to check.",
    "best": "Put 7 cards in precedent 1 and 2 with 1 and 2 (Enter = 1), then c to check.",
    "complete": (
        "Press the letter (A-D) of the option that makes the 6 cards go out, or highlight it "
        "and press Enter. Enter on one of the 6 cards opens it; e shows its links."
    ),
    "broken": (
        "Press the number of the first card that cannot follow the card before it, or "
        "highlight it and press Enter."
    ),
    "linked": "Press the letter of the sentence that links the two cards (or Enter on it).",
}
LETTERS = "ABCD"
"""The options of complete and linked, as shown and as typed."""


def player_name(app: CivioApp) -> str:
    """Whose puzzle records these are: the player's name from New game, else "You"."""
    return app.settings.new_game.player_name or "You"


class PuzzleMenuScreen(CivioScreen[None]):
    """The puzzle of the day and the five kinds; ←→ change the difficulty."""

    DEFAULT_CSS = """
    PuzzleMenuScreen { align: center middle; }
    #pm-box { width: 72; height: auto; }
    #pm-title { text-style: bold; color: $accent; }
    #pm-stats { color: $text-muted; margin-bottom: 1; }
    #pm-list { height: auto; border: round $primary; padding: 0 1; }
    #pm-note { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings("nav.left", "nav.right")

    def __init__(self, *, today: date | None = None) -> None:
        super().__init__()
        self.today = today or date.today()
        self.difficulty = FIRST_DIFFICULTY
        self.records: RecordsFile | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="pm-box"):
            yield Static(id="pm-title")
            yield Static(id="pm-stats")
            yield NavList(id="pm-list")
            yield Static("↑↓ choose · ←→ difficulty · Enter to play · Esc back", id="pm-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.records = RecordsFile(self.app.save_dir)
        day_kind = kind_of_the_day(self.today)
        menu = self.query_one(NavList)
        menu.add_options(
            [
                Option(f"Puzzle of the day ({day_kind}, {self.today.isoformat()})", id="day"),
                *[Option(KIND_LABELS[k], id=k) for k in KINDS],
            ]
        )
        menu.highlighted = 0
        menu.focus()
        self.refresh_texts()

    def on_screen_resume(self) -> None:
        self.records = RecordsFile(self.app.save_dir)
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.query_one("#pm-title", Static).update(
            Content.assemble(
                "Puzzles · difficulty ",
                (f"◀ {self.difficulty} ▶", "bold reverse"),
            )
        )
        if self.records is None:
            return
        stats = self.records.records.puzzles.get(player_name(self.app))
        text = "No puzzle solved yet: start with the puzzle of the day."
        if stats is not None and stats.tried:
            text = (
                f"{player_name(self.app)}: solved {stats.solved} of {stats.tried} "
                f"({stats.first_try} at the first try) · first-try streak {stats.streak}, "
                f"best {stats.best_streak}"
            )
            rating = stats_puzzle_history(stats).current
            if rating is not None:
                text += f" · puzzle rating {rating.text()}"
        if self.records.problem:
            text += f"\n{self.records.problem}"
        self.query_one("#pm-stats", Static).update(text)

    def action_cursor_left(self) -> None:
        self._step(-1)

    def action_cursor_right(self) -> None:
        self._step(1)

    def _step(self, delta: int) -> None:
        i = DIFFICULTIES.index(self.difficulty)
        self.difficulty = DIFFICULTIES[(i + delta) % len(DIFFICULTIES)]
        self.refresh_texts()

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        if choice == "day":
            kind, seed = kind_of_the_day(self.today), seed_of_the_day(self.today)
        else:
            assert choice is not None
            kind, seed = choice, random.randrange(1, 1_000_000)
        try:
            puzzle = generate(self.app.deck, kind, self.difficulty, seed)
        except ValueError as exc:  # a card pack too small for this kind
            self.notify(str(exc), severity="warning")
            return
        self.app.push_screen(PuzzleScreen(puzzle))


SPOILED_BY_LINKS = ("linked", "broken", "complete")
"""The kinds whose answer is a link among the puzzle's own cards (in `complete`, between an
option and the 6 cards)."""
SIX = "six:"
"""The list id prefix of complete's 6 cards (the options' ids are bare card ids)."""


class PuzzleScreen(CivioScreen[None]):
    """One puzzle; after it is answered, n brings another of the same kind and difficulty."""

    CSS_PATH = "puzzles.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *precedent_keys(),
        *keymap.bindings("games.call", "games.explain", "games.new"),
    ]

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.picked = TwoPrecedents()
        self.pair = 0
        self.answered = False
        self.solved = False
        self.recorded = False
        self.records: RecordsFile | None = None
        self.found: tuple[tuple[int, ...], ...] = ()
        """go-out and best, once solved: the chosen precedents in an order the rules accept."""

    def compose(self) -> ComposeResult:
        yield from layout("pz")

    def on_mount(self) -> None:
        self.records = RecordsFile(self.app.save_dir)
        self.show_puzzle()

    def show_puzzle(self) -> None:
        p = self.puzzle
        self.query_one("#pz-title", Static).update(
            Content.assemble(
                ("Puzzle", "bold $accent"), f"  {p.kind} · {p.difficulty} · seed {p.seed}"
            )
        )
        self.query_one("#pz-row", Static).update(Content.styled(p.question, "bold"))
        self.say(HOW[p.kind])
        self.refresh_list()
        self.refresh_side()
        self.query_one(NavList).focus()

    def say(self, text: str | Content) -> None:
        self.query_one("#pz-message", Static).update(text)

    # What the list holds, per kind (a None key is a heading).
    def list_items(self) -> list[tuple[str | None, Content | str]]:
        deck = self.app.deck
        p = self.puzzle
        if p.kind == "complete":
            assert p.options is not None
            return [
                (None, Content.styled("The 6 cards (Enter opens one)", "bold")),
                *[(f"{SIX}{c}", self.card_text(c, 0)) for c in p.cards],
                (None, Content.styled("Which one makes them go out?", "bold")),
                *[(str(c), f"{LETTERS[i]}. {deck[c].name}") for i, c in enumerate(p.options)],
            ]
        if p.kind == "linked":
            choices = link_choices(deck, p, self.pair)
            return [(f"s{i}", f"{LETTERS[i]}. {s}") for i, s in enumerate(choices)]
        items: list[tuple[str | None, Content | str]] = []
        for i, c in enumerate(p.cards):
            mark = self.picked.mark(c)
            prefix = f"{i + 1}. " if p.kind == "broken" else ""
            if p.kind == "best":
                prefix = "• " if deck[c].points else "  "  # points decide the best 7
            items.append(
                (
                    str(c),
                    Content.assemble(
                        (mark, "bold $accent"), prefix, self.card_text(c, len(mark + prefix))
                    ),
                )
            )
        return items

    def card_text(self, card: int, before: int) -> Content:
        """The card's name and type, in one line of the list after `before` columns."""
        kind = f"  {kind_label(self.app.deck[card])}"
        name = fitting_name(self.app.deck[card], LIST_ROOM - before - len(kind))
        return Content.assemble(name or self.app.deck[card].name, (kind, "$text-muted"))

    def refresh_list(self, *, first: bool = False) -> None:
        """Fill the list again, keeping the highlighted row (`first`: the first choice)."""
        menu = self.query_one(NavList)
        keep = None if first else menu.highlighted
        menu.clear_options()
        menu.add_options(
            [Option(text, id=key, disabled=key is None) for key, text in self.list_items()]
        )
        if keep is not None and keep < menu.option_count:
            menu.highlighted = keep
        else:
            menu.highlighted = next(
                (i for i in range(menu.option_count) if not menu.get_option_at_index(i).disabled),
                None,
            )

    def refresh_side(self) -> None:
        deck = self.app.deck
        p = self.puzzle
        parts: list[Content | str] = []
        if p.kind in ("go-out", "best") and self.solved and self.found:
            # Each precedent in the order the rules accept: the player chose the cards, maybe
            # not their order, and an order that fails must not be shown as the answer.
            parts.append(Content.styled("They go out, in this order", "bold"))
            for number, precedent in enumerate(self.found, 1):
                parts.append(
                    Content.assemble(
                        (f"{number}. ", "bold"), " → ".join(deck[c].name for c in precedent)
                    )
                )
            if p.kind == "best":
                parts.append(Content.styled("• = a point card", "$text-muted"))
        elif p.kind in ("go-out", "best"):
            parts.extend(self.picked.lines(deck))
            if p.kind == "best":
                parts.append(Content.styled("• = a point card", "$text-muted"))
        elif p.kind == "complete" and self.solved:
            parts.append(Content.styled("How the 7 go out", "bold"))
            for number, precedent in enumerate(completed_precedents(deck, p), 1):
                parts.append(
                    Content.assemble(
                        (f"{number}. ", "bold"), " → ".join(deck[c].name for c in precedent)
                    )
                )
        elif p.kind == "linked":
            a, b = p.cards[self.pair], p.cards[self.pair + 1]
            parts.append(Content.styled(f"Pair {self.pair + 1} of {len(p.links)}", "bold"))
            parts.append(f"{deck[a].name} → {deck[b].name}")
            parts.append("")
            if self.solved:
                parts.append(card_facts(deck[a]))
                parts.append(card_facts(deck[b]))
            else:
                # The cards' columns name the link: they are the answer, shown once it is given.
                parts.append(card_heading(deck[a]))
                parts.append(card_heading(deck[b]))
                parts.append(Content.styled("Their lists show once you answer.", "$text-muted"))
        card = self.highlighted_card()
        if card is not None and p.kind != "linked":
            if parts:
                parts.append("")
            parts.append(card_facts(deck[card]))
        self.query_one("#pz-side", Static).update(Content("\n").join(parts))

    def on_option_list_option_highlighted(self, event: NavList.OptionHighlighted) -> None:
        self.refresh_side()

    def highlighted_card(self) -> int | None:
        option = self.query_one(NavList).highlighted_option
        if option is None or option.id is None:
            return None
        card = option.id.removeprefix(SIX)
        return int(card) if card.isdigit() else None

    # Answering.
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("put", "call"):
            if self.puzzle.kind not in ("go-out", "best"):
                return False
            return None if self.solved else True
        if action == "new":
            return True if self.answered else None
        return True

    def action_explain(self) -> None:
        """The links of the highlighted card (in `linked`, of the pair's first card). Before a
        `linked`, `broken` or `complete` puzzle is solved, the links among its own cards (and
        options) are left out: they are the answer."""
        p = self.puzzle
        card = self.highlighted_card()
        if p.kind == "linked":
            card = p.cards[self.pair]
        if card is None:
            return
        from civio_tui.screens.links import LinksScreen

        withheld: frozenset[int] = frozenset()
        if p.kind in SPOILED_BY_LINKS and not self.solved:
            withheld = frozenset(p.cards) | frozenset(p.options or ())
        self.app.push_screen(LinksScreen(card, self.app.deck, withheld=withheld))

    def action_put(self, number: int) -> None:
        card = self.highlighted_card()
        if card is None:
            return
        self.picked.toggle(card, number)
        self.refresh_list()
        self.refresh_side()

    def action_call(self) -> None:
        groups = self.picked.chosen()
        chosen = sum(len(g) for g in groups)
        if chosen != HAND_SIZE and not self.solved:
            # Not an answer yet (c pressed to see how it stands): told, and not counted
            # against the streak, as Solitaire refuses a call before 7 cards are up.
            self.say(
                Content.assemble(
                    ("Not yet: ", "bold $warning"),
                    f"a CIVIO is {HAND_SIZE} cards, as a 3-card and a 4-card precedent or one "
                    f"of 7; you chose {counted(chosen, 'card')}. Nothing is counted until then.",
                )
            )
            return
        verdict = check_arrangement(self.app.deck, self.puzzle, groups)
        if verdict.correct:
            self.found = check_call(self.app.deck, self.puzzle.cards, groups).precedents
        self.judge(verdict)

    def on_key(self, event: events.Key) -> None:
        """A letter answers complete and linked (the options read A-D), a digit answers
        broken (its cards are numbered): what a player types on seeing "B." or "3."."""
        p = self.puzzle
        char = (event.character or "").upper()
        menu = self.query_one(NavList)
        if self.solved or not char:
            return
        if p.kind in ("complete", "linked") and char in LETTERS:
            rows = [row for row, (key, _) in enumerate(self.list_items()) if key is not None]
            if p.kind == "complete":
                rows = rows[len(p.cards) :]  # past the 6 cards: the options
            number = LETTERS.index(char)
        elif p.kind == "broken" and char.isdigit():
            rows = list(range(len(p.cards)))
            number = int(char) - 1
        else:
            return
        if not 0 <= number < len(rows):
            return
        event.stop()
        menu.highlighted = rows[number]
        menu.action_select()

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        p = self.puzzle
        deck = self.app.deck
        key = event.option.id or ""
        if key.startswith(SIX):  # one of complete's 6 cards: open it, as anywhere
            from civio_tui.screens.card_detail import CardDetailScreen

            six = list(p.cards)
            self.app.push_screen(
                CardDetailScreen(six, six.index(int(key.removeprefix(SIX))), context=" of the 6")
            )
            return
        if self.solved:
            return
        if p.kind in ("go-out", "best"):
            self.action_put(1)
        elif p.kind == "complete":
            self.judge(check_complete(deck, p, int(key)))
        elif p.kind == "broken":
            self.judge(check_broken(deck, p, event.option_index))
        else:
            index = event.option_index
            sentence = link_choices(deck, p, self.pair)[index]
            verdict = check_link(deck, p, self.pair, sentence)
            if verdict.correct and self.pair + 1 < len(p.links):
                self.pair += 1
                self.say(Content.assemble(("Right: ", "bold $success"), verdict.reason))
                self.refresh_list(first=True)  # the next pair's first choice
                self.refresh_side()
                return
            self.judge(verdict)

    def judge(self, verdict: AnswerCheck) -> None:
        first = not self.answered
        self.answered = True
        if verdict.correct:
            self.solved = True
        note = ""
        if (first or verdict.correct) and self.records is not None:
            # The first answer counts the puzzle (and the streak); a later right one, solved.
            stats = self.records.records.record_puzzle(
                player_name(self.app),
                self.puzzle.kind,
                verdict.correct,
                first=first,
                difficulty=self.puzzle.difficulty,
            )
            problem = self.records.save()
            note = f" · streak {stats.streak} (best {stats.best_streak})"
            if first:
                note += f" · puzzle rating {stats_puzzle_history(stats).change_text()}"
            if problem:
                note += f" ({problem})"
        if verdict.correct:
            again = "" if first else " (at the second try or later: it counts as solved)"
            self.say(
                Content.assemble(
                    ("Solved! ", "bold $success"),
                    verdict.reason[:1].upper() + verdict.reason[1:],
                    again,
                    note,
                    " · n: another puzzle",
                )
            )
            self.refresh_side()
        else:
            retry = (
                "\nTry again: solving it still counts, but not for your streak of first tries."
                if first
                else "\nTry again."
            )
            self.say(
                Content.assemble(("Not quite: ", "bold $warning"), verdict.reason, note, retry)
            )
        self.refresh_bindings()

    def action_new(self) -> None:
        p = self.puzzle
        seed = random.randrange(1, 1_000_000)
        self.app.switch_screen(PuzzleScreen(generate(self.app.deck, p.kind, p.difficulty, seed)))
