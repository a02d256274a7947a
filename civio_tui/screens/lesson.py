"""One lesson screen plays every lesson of Learn to play (the lessons are data: lessons/).

Each step shows its goal, a small deal and the card under the cursor in full (its columns are
what the player learns to read). Every move is judged at once by the rules: a card that cannot
follow is refused with `check_precedent`'s own sentence, a wrong answer says why, and the player
tries again. Progress is saved after every step, so Escape leaves and the lesson resumes there.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from cards.deck import Deck
from cards.games.civio.actions import DecisionKind
from cards.link_reasons import link_reason
from cards.models import Card, CardType
from cards.precedent import amendment_label, check_precedent
from civio_tui import keymap
from civio_tui.lessons.catalogue import LESSONS, lesson_by_id
from civio_tui.lessons.follow import follow_reasons
from civio_tui.lessons.model import Build, Choice, Follow, Lesson, Play, Step, TableTurn
from civio_tui.lessons.model import Option as Answer
from civio_tui.lessons.progress import (
    MAX_STARS,
    LessonProgress,
    ProgressFile,
    lesson_games_dir,
    stars_for,
)
from civio_tui.lessons.table_drill import BOT, YOU, Drill
from civio_tui.plurals import counted
from civio_tui.questions import OptionLabel
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.cards import card_line, links_line, short_name, spelled_name, type_tag
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.table_controller import TableController

NEXT = "next"
OPEN_ONLY = frozenset({CardType.ISSUE, CardType.WILD})
"""A row of only these cards is a precedent still being started, not a wrong one."""


ROLE: dict[CardType, str] = {
    CardType.ISSUE: "Opens a precedent.",
    CardType.CASE: "Follows a card it lists, or a Case listing it.",
    CardType.FREEDOM: "Follows a Case listing it under Plus.",
    CardType.AMENDMENT: "Ends a precedent with a Case strengthening it.",
    CardType.LAW: "Follows a Case sharing an issue, same year or later.",
    CardType.WILD: "Anywhere; the next card links to the one before.",
}
"""Where each type of card may stand (docs/RULES.md, "A precedent"), in a line."""


NEVER_FIRST = {
    CardType.AMENDMENT: "an Amendment comes last, after a Case that strengthens it",
    CardType.FREEDOM: "a Freedom follows a Case whose plus column lists it",
}
"""Why a card of these types cannot open a precedent, said when one is placed first."""


def brief_name(card: Card) -> str:
    """A card's name in a short line: "Gideon", "Civil Rights Act" (never "CRA 1964")."""
    return spelled_name(card, 14)


def stars_text(stars: int) -> str:
    return "★" * stars + "☆" * (MAX_STARS - stars)


FIELDS_FOR: dict[str, frozenset[CardType]] = {
    "Issues": frozenset({CardType.LAW}),
    "Plus (strengthened)": frozenset({CardType.CASE, CardType.FREEDOM}),
    "Minus (weakened)": frozenset({CardType.CASE}),
    "Strengthens": frozenset({CardType.AMENDMENT}),
}
"""Which fields of the card before a card of these types is linked through: a Law shares its
issues, a Case finds its name in its columns, a Freedom in its plus column, an Amendment in
what it strengthens."""


def listed_type(deck: Deck, name: str) -> CardType | None:
    """The type of the card a column lists by `name` (None for a name the deck lacks)."""
    try:
        return deck[deck.id_of(name)].type
    except KeyError:
        return None


def card_brief(
    deck: Deck,
    card: Card,
    *,
    history: bool = True,
    next_types: frozenset[CardType] | None = None,
    role: bool = True,
) -> Content:
    """A card in a few lines: what a lesson asks the player to read (issues, columns, action),
    then its history when `history` (left out when two cards must share the pane). With
    `next_types`, the card to follow, kept in sight under the hand where every extra line is
    more to read: its name, and only the fields cards of those types link through. `role`
    adds the line on where a card of its type may stand."""
    facts = [card.type_label()]
    if card.year is not None:
        facts.append(str(card.year))
    facts.append(counted(card.points, "point"))
    lines = [Content.assemble(type_tag(card), " ", (card.name, "bold"))]
    if next_types is not None and CardType.LAW in next_types and card.year is not None:
        lines[0] = Content.assemble(lines[0], f" ({card.year})")  # a Law must be as late
    if next_types is None:
        lines.append(Content.styled(" · ".join(facts), "dim"))

    def field(label: str, values: tuple[str, ...] | list[str]) -> None:
        if next_types is not None:
            if not FIELDS_FOR[label] & next_types:
                return
            if label.startswith(("Plus", "Minus")):
                # Only the listed cards of a type in hand: a Freedom to place after Pico needs
                # Pico's Freedoms, not the Cases it lists.
                values = [v for v in values if listed_type(deck, v) in next_types]
        if values:
            lines.append(Content.assemble((f"{label}: ", "bold"), ", ".join(values)))

    field("Issues", card.issues)
    field("Plus (strengthened)", card.plus)
    field("Minus (weakened)", card.minus)
    if card.type is CardType.CASE:
        names = []
        for number in card.amendments:
            amendment = deck.amendment_card(number)
            names.append(deck[amendment].name if amendment is not None else str(number))
        field("Strengthens", names or ["no amendment"])
    if card.action is not None and next_types is None:
        field("Action", [card.action.describe()])
    where = ROLE.get(card.type)
    if role and where and next_types is None:
        lines.append(Content.styled(where, "dim"))
    if history and card.summary:
        lines.append(Content.styled(f"\n{card.summary}", "italic"))
    return Content("\n").join(lines)


def row_strengthens(deck: Deck, row: list[int]) -> Content:
    """What lets an Amendment close `row`: the Amendments its Cases strengthen, with the Case,
    wherever it stands in the row (not only the card just before)."""
    parts: list[str] = []
    seen: set[int] = set()
    for card_id in row:
        card = deck[card_id]
        numbers = [n for n in card.amendments if n not in seen]
        if card.type is not CardType.CASE or not numbers:
            continue
        seen.update(numbers)
        names = []
        for number in numbers:
            amendment = deck.amendment_card(number)
            names.append(amendment_label(deck[amendment]) if amendment is not None else str(number))
        label = ", ".join(name.removeprefix("the ").removesuffix(" Amendment") for name in names)
        parts.append(f"{label} ({short_name(card, 18)})")
    if not parts:
        return Content.styled("No Case in the row strengthens an Amendment yet.", "dim")
    return Content.assemble(("Amendments that may end it: ", "bold"), "; ".join(parts))


def shown_order(step: Choice) -> list[tuple[int, Answer]]:
    """The answers in a fixed order that does not put the right one first by habit: sorted by a
    checksum of the question and the answer, so every run shows the same order."""

    def key(item: tuple[int, Answer]) -> int:
        return zlib.crc32(f"{step.question}|{item[1].label}".encode())

    return sorted(enumerate(step.options), key=key)


def started_only(deck: Deck, row: list[int]) -> bool:
    """True for a precedent only begun: one Issue, maybe with Marbury, waiting for its Case."""
    issues = sum(deck[c].type is CardType.ISSUE for c in row)
    return issues <= 1 and all(deck[c].type in OPEN_ONLY for c in row)


class LessonScreen(CivioScreen[None]):
    """Plays `lesson` from its saved place; dismisses when the player leaves."""

    CSS_PATH = "lesson.tcss"
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings(
        "lesson.hint", "lesson.take_back", "lesson.leave"
    )

    def __init__(self, lesson: Lesson, progress: LessonProgress, store: ProgressFile) -> None:
        super().__init__()
        self.lesson = lesson
        self.number = LESSONS.index(lesson) + 1 if lesson in LESSONS else 1
        self.progress = progress
        self.store = store
        record = progress.record(lesson.id)
        self.step_index = min(record.step, len(lesson.steps) - 1)
        self.row: list[int] = []
        self.solved = False
        self.finished = False
        self.hint_level = 0
        self.earned = MAX_STARS
        """The stars of the attempt just finished."""
        self.controller: TableController | None = None
        self.drill: Drill | None = None
        """The round of a table step (TableTurn), played with the engine."""
        self.moves: list[OptionLabel] = []
        """The options of the table step's pending decision, as listed."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows only keys that do something now: no hint once the step is solved or
        the lesson done, Take back only while cards are being placed."""
        if action == "hint":
            return not (self.solved or self.finished)
        if action == "take_back":
            return isinstance(self.step, Build) and not (self.solved or self.finished)
        return True

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-head")
        yield Static(id="lesson-goal")
        with Horizontal(id="lesson-body"):
            with Vertical(id="lesson-left"):
                yield Static(id="lesson-sketch")
                yield NavList(id="lesson-list")
                yield Static(id="lesson-before")
            with VerticalScroll(id="lesson-right", classes="pane"):
                yield Static(id="lesson-card")
        yield Static(id="lesson-feedback")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#lesson-right").border_title = "Card"
        resumed = self.step_index > 0 or bool(self.progress.record(self.lesson.id).placed)
        self.show_step()
        if resumed:
            moves = len(self.drill.done_moves) if self.drill is not None else 0
            number = self.lesson.step_number(self.step_index, moves)
            self.say(f"Welcome back: resuming at step {number}.", "muted")

    @property
    def deck(self) -> Deck:
        return self.app.deck

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.step_index]

    def card(self, name: str) -> int:
        return self.deck.id_of(name)

    # -- showing a step -----------------------------------------------------------------------

    def show_step(self) -> None:
        step = self.step
        self.solved = False
        self.hint_level = 0
        self.row = [self.card(n) for n in step.start] if isinstance(step, Build) else []
        self.drill = Drill(self.deck, step) if isinstance(step, TableTurn) else None
        said = self._restore(step)
        self._show_head()
        self.query_one("#lesson-goal", Static).update(self._goal(step))
        self.say(said)
        self._fill_list()
        self._draw_left()
        self._draw_card()
        self.refresh_bindings()

    def _show_head(self) -> None:
        """The lesson's name and the step counter (each move at the table is a step)."""
        moves = len(self.drill.done_moves) if self.drill is not None else 0
        number = self.lesson.step_number(self.step_index, moves)
        self.query_one("#lesson-head", Static).update(
            Content.assemble(
                (f"Lesson {self.number} of {len(LESSONS)} · {self.lesson.title}", "bold"),
                (f" · step {number} of {self.lesson.step_count}", "dim"),
            )
        )

    def _goal(self, step: Step) -> str:
        if isinstance(step, Build):
            return step.goal
        if isinstance(step, Choice):
            return step.question
        if isinstance(step, Follow):
            card, prev = (brief_name(self.deck[self.card(n)]) for n in (step.card, step.prev))
            ask = f"May {card} follow {prev}? Choose the reason."
            return f"{step.teach} {ask}" if step.teach else ask
        if isinstance(step, TableTurn):
            drill = self.drill
            return drill.move.goal if drill is not None and not drill.done else ""
        return step.text

    def _fill_list(self, cursor: int | str | None = None) -> None:
        """List the step's options; the cursor goes to `cursor` (an index, kept within the
        list, or an option's id when listed), else to the first option."""
        step = self.step
        options: list[Option] = []
        if self.solved:
            last = self.step_index == len(self.lesson.steps) - 1
            options.append(Option("Finish the lesson ▸" if last else "Next step ▸", id=NEXT))
        elif isinstance(step, Build):
            for name in step.hand:
                card_id = self.card(name)
                if card_id not in self.row:
                    options.append(
                        Option(
                            card_line(self.deck[card_id], short=True, limit=22),
                            id=f"card:{card_id}",
                        )
                    )
        elif isinstance(step, Choice):
            for index, option in shown_order(step):
                label: str | Content = option.label
                if option.card:
                    label = card_line(self.deck[self.card(option.label)], short=True, limit=22)
                options.append(Option(label, id=f"answer:{index}"))
        elif isinstance(step, Follow):
            reasons = follow_reasons(self.deck, self.card(step.prev), self.card(step.card))
            options += [Option(r.label, id=f"follow:{i}") for i, r in enumerate(reasons)]
        elif isinstance(step, TableTurn):
            self.moves = self.drill.options() if self.drill is not None else []
            options += [Option(o.text, id=f"move:{i}") for i, o in enumerate(self.moves)]
        else:
            options.extend(self._play_options())
        menu = self.query_one(NavList)
        menu.clear_options()
        menu.add_options(options)
        ids = [option.id for option in options]
        if isinstance(cursor, str):
            cursor = ids.index(cursor) if cursor in ids else None
        menu.highlighted = min(cursor or 0, len(options) - 1) if options else None
        menu.focus()

    def _draw_left(self) -> None:
        step = self.step
        sketch = self.query_one("#lesson-sketch", Static)
        parts: list[Content] = []
        if isinstance(step, Build):
            if step.context:
                parts.append(Content.styled(step.context, "dim"))
            names = [short_name(self.deck[c], 18) for c in self.row]
            slots = ["·"] * (len(step.solution) - len(self.row))
            parts.append(
                Content.assemble(
                    ("Your precedent: ", "bold"), " → ".join([*names, *slots]) or "(empty)"
                )
            )
            if not self.solved:
                parts.append(Content.styled("Your cards (Enter places one):", "bold"))
        elif isinstance(step, TableTurn) and self.drill is not None:
            parts.append(self._table(self.drill))
        elif isinstance(step, Choice) and step.precedents:
            for precedent in step.precedents:
                cards = [self.deck[self.card(n)] for n in precedent]
                parts.append(
                    Content(" → ").join(
                        card_line(c, short=True, limit=12, year=False) for c in cards
                    )
                )
        sketch.update(Content("\n").join(parts))
        sketch.display = bool(parts)

    def _table(self, drill: Drill) -> Content:
        """The table in a few lines: Bot's cards, the piles, and yours (left out while your
        cards are the options listed under it)."""
        rnd = drill.rnd

        def names(cards: list[int]) -> str:
            return ", ".join(brief_name(self.deck[c]) for c in cards)

        pile = short_name(self.deck[rnd.discard_pile[-1]], 22) if rnd.discard_pile else "empty"
        listed = {o.card for o in self.moves} - {None}
        # Bot's face-up cards are named once: in the options when they are what to choose.
        bots = "listed below" if listed and listed <= set(rnd.face_up[BOT]) else None
        lines = [
            Content.assemble(
                ("Bot: ", "bold"),
                bots or names(rnd.face_up[BOT]),
                f" + {len(rnd.hidden[BOT])} hidden",
            ),
            Content.assemble(
                ("Discard pile: ", "bold"), pile, (f" · supply {len(rnd.supply)}", "dim")
            ),
        ]
        # Your cards are left out only while every one of them is an option listed below.
        if listed != set(rnd.hand(YOU)) or self.solved:
            lines.append(Content.assemble(("You: ", "bold"), names(rnd.face_up[YOU])))
            lines.append(Content.assemble(("Hidden: ", "bold"), names(rnd.hidden[YOU])))
        return Content("\n").join(lines)

    def _draw_card(self) -> None:
        """The right pane: the card under the cursor, or the cards the question is about."""
        if self.finished:
            return
        step = self.step
        shown: list[int] = []
        highlighted = self._highlighted_card()
        if highlighted is not None:
            shown.append(highlighted)
        elif isinstance(step, Follow):
            shown = [self.card(step.card)]
        elif isinstance(step, Choice):
            shown = [self.card(n) for n in step.show]
        elif isinstance(step, Build) and self.row:
            shown = [self.row[-1]]
        elif isinstance(step, TableTurn) and self.drill is not None:
            shown = self._table_card(self.drill)
        pane = self.query_one("#lesson-right")
        pane.display = bool(shown)
        before = self.query_one("#lesson-before", Static)
        prev_id: int | None = None
        next_types: frozenset[CardType] = frozenset()
        if isinstance(step, Follow):
            # The card before sits under the answers, the card that would follow beside it.
            prev_id = self.card(step.prev)
            next_types = frozenset({self.deck[self.card(step.card)].type})
        elif isinstance(step, Build) and self.row and not self.solved:
            # The card to follow stays in sight while the cursor reads the candidates, when
            # there is room for it under the hand.
            in_hand = [self.card(n) for n in step.hand if self.card(n) not in self.row]
            prev_id = self.row[-1] if len(in_hand) <= 5 else None
            next_types = frozenset(self.deck[c].type for c in in_hand)
        before.display = prev_id is not None and not self.finished
        if prev_id is not None:
            row_wide = isinstance(step, Build) and CardType.AMENDMENT in next_types
            brief = card_brief(
                self.deck,
                self.deck[prev_id],
                history=False,
                next_types=next_types - {CardType.AMENDMENT} if row_wide else next_types,
            )
            parts = [Content.assemble(("After: ", "dim"), brief)]
            if row_wide:
                # An Amendment needs a Case anywhere in the row, not the card just before.
                parts.append(row_strengthens(self.deck, self.row))
            before.update(Content("\n").join(parts))
        briefs = [card_brief(self.deck, self.deck[c], history=len(shown) == 1) for c in shown]
        if self.drill is not None and highlighted is not None and not self.solved:
            # The table's links line: what the card can join among your cards.
            hand = self.drill.rnd.hand(YOU)
            links = links_line(self.deck, highlighted, hand, (), width=400, namer=brief_name)
            briefs.insert(0, Content.assemble(("With your cards:\n", "dim"), links))
        self.query_one("#lesson-card", Static).update(Content("\n\n").join(briefs))

    def _table_card(self, drill: Drill) -> list[int]:
        """The card a table question without a card of its own is about: the top of the
        discard pile for a draw, the attacking Law for an attack."""
        decision = drill.rnd.decision
        if decision is None or self.solved:
            return []
        if decision.law is not None:
            return [decision.law]
        if decision.kind == DecisionKind.DRAW and drill.rnd.discard_pile:
            return [drill.rnd.discard_pile[-1]]
        return []

    def _highlighted_card(self) -> int | None:
        menu = self.query_one(NavList)
        if menu.highlighted is None or menu.option_count == 0:
            return None
        option_id = menu.get_option_at_index(menu.highlighted).id or ""
        if option_id.startswith("card:"):
            return int(option_id.removeprefix("card:"))
        if option_id.startswith("move:"):
            return self.moves[int(option_id.removeprefix("move:"))].card
        step = self.step
        if option_id.startswith("answer:") and isinstance(step, Choice):
            option = step.options[int(option_id.removeprefix("answer:"))]
            if option.card:
                return self.card(option.label)
        return None

    def say(self, text: str | Content, style: str = "") -> None:
        feedback = self.query_one("#lesson-feedback", Static)
        feedback.set_classes(style)
        feedback.update(text)
        feedback.display = bool(text)

    # -- moves --------------------------------------------------------------------------------

    def on_option_list_option_highlighted(self, event: NavList.OptionHighlighted) -> None:
        event.stop()
        self._draw_card()

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if option_id == NEXT:
            self.next_step()
        elif option_id.startswith("card:"):
            self.place(int(option_id.removeprefix("card:")))
        elif option_id.startswith("move:"):
            self.make_move(int(option_id.removeprefix("move:")))
        elif option_id.startswith("answer:"):
            self.answer(int(option_id.removeprefix("answer:")))
        elif option_id.startswith("follow:"):
            self.answer_follow(int(option_id.removeprefix("follow:")))
        elif option_id in ("start", "continue"):
            self.play(option_id)
        elif option_id == "lessons":
            self.dismiss(None)
        elif option_id.startswith("lesson:"):
            self.open_next(option_id.removeprefix("lesson:"))

    def place(self, card_id: int) -> None:
        step = self.step
        assert isinstance(step, Build)
        row = [*self.row, card_id]
        problem = self._problem(step, row)
        if problem:
            self.say(f"✗ {problem}. {self._try_again(step)}", "bad")
            return
        self.row = row
        if len(row) == len(step.solution):
            self.solve(f"✓ {step.praise}")
            return
        self._keep_place([self.deck[c].name for c in row[len(step.start) :]])
        # The cursor stays where it was: on the card after the one placed (not back at the top).
        self._fill_list(cursor=self.query_one(NavList).highlighted)
        self._draw_left()
        self._draw_card()
        self.say(f"✓ {self._why_here(row)}. Which card comes next?", "good")

    def _restore(self, step: Step) -> str:
        """Put back the moves made in this step before the player left (progress `placed`);
        what to say first (what Bot did before the player's first move at the table)."""
        placed = self.progress.record(self.lesson.id).placed
        if isinstance(step, Build):
            names = [n for n in step.hand if n in placed]
            for name in sorted(names, key=placed.index):
                if self._problem(step, [*self.row, self.card(name)]) is not None:
                    break
                self.row.append(self.card(name))
        if self.drill is None:
            return ""
        said = " ".join(self.drill.opening)
        if placed:
            self.drill.replay(placed)
            said = ""
        return said

    def _keep_place(self, placed: list[str]) -> None:
        self.progress.record(self.lesson.id).placed = placed
        self._save()

    def make_move(self, index: int) -> None:
        """A move at the table step: the engine plays it when it is the one the step teaches;
        otherwise the reason, and the player tries again."""
        drill = self.drill
        assert drill is not None
        action = self.moves[index].action
        assert action is not None
        right, said = drill.try_move(action)
        if not right:
            self.say(f"✗ {said} Try again.", "bad")
            return
        self._keep_place(drill.done_moves)
        if drill.done:
            self.query_one("#lesson-goal", Static).update("Step done: read what happened below.")
            self.solve(f"✓ {said}")
            return
        self.hint_level = 0
        self._show_head()
        self.query_one("#lesson-goal", Static).update(self._goal(self.step))
        self._fill_list()
        self._draw_left()
        self._draw_card()
        self.say(f"✓ {said}" if said else "✓", "good")

    def _why_here(self, row: list[int]) -> str:
        """The rule that lets the last card of `row` stand there, in the rules' words."""
        card = row[-1]
        name = self.deck[card].name
        if self.deck[card].type is CardType.WILD:
            return f"{name} is wild: it may stand anywhere"
        # Marbury is transparent: the card before is the nearest one that is not wild.
        before = [c for c in row[:-1] if self.deck[c].type is not CardType.WILD]
        if not before:
            return f"{name} opens the precedent"
        if self.deck[card].type is CardType.AMENDMENT:
            # What lets an Amendment close a precedent is a Case anywhere in it, not its neighbour.
            number = self.deck[card].amendments[0]
            case = next(
                c
                for c in row
                if self.deck[c].type is CardType.CASE and number in self.deck[c].amendments
            )
            return f"{name} may close the precedent: {self.deck[case].name} strengthens it"
        why = link_reason(self.deck, before[-1], card)
        return why or f"{name} may follow {self.deck[before[-1]].name}"

    def _problem(self, step: Build, row: list[int]) -> str | None:
        """Why `row` cannot be this step's precedent (the rules' sentence first), or None."""
        check = check_precedent(self.deck, row)
        if not check.valid and not (len(row) < len(step.solution) and started_only(self.deck, row)):
            first = self.deck[row[0]]
            if len(row) == 1 and first.type in NEVER_FIRST:
                # The rules judge a lone Amendment as a precedent it cannot close; the point
                # here is that it cannot open one.
                return f"{first.name} cannot start a precedent: {NEVER_FIRST[first.type]}"
            return check.reason
        missing = [n for n in step.required if self.card(n) not in row]
        if len(step.solution) - len(row) < len(missing):
            # Full names: the player must find these cards in the hand (short names cut them).
            names = [self.deck[self.card(n)].name for n in missing]
            needed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            return (
                f"{self.deck[row[-1]].name} may stand there, but this precedent has "
                f"{len(step.solution)} places and must still hold {needed}: there would be "
                f"no room left for {'it' if len(names) == 1 else 'them'}"
            )
        return None

    def _try_again(self, step: Build) -> str:
        """Try another card, or take one back when the row can no longer become the goal."""
        if self._completable(step, self.row):
            return "Try another card."
        key = keymap.key_label("lesson.take_back")
        return f"From here the goal cannot be reached: take back a card ({key})."

    def _completable(self, step: Build, row: list[int]) -> bool:
        """Whether the cards left in hand can still finish `row` into the step's precedent (a
        search over at most seven cards)."""
        if len(row) == len(step.solution):
            return True
        left = [self.card(n) for n in step.hand if self.card(n) not in row]
        return any(
            self._problem(step, [*row, c]) is None and self._completable(step, [*row, c])
            for c in left
        )

    def answer(self, index: int) -> None:
        step = self.step
        assert isinstance(step, Choice)
        option = step.options[index]
        if option.right:
            self.solve(f"✓ {option.reply}")
        else:
            self.say(f"✗ {option.reply} Try again.", "bad")

    def answer_follow(self, index: int) -> None:
        """A reason chosen for "may B follow A?": right only with the rule that links them."""
        step = self.step
        assert isinstance(step, Follow)
        prev, card = self.card(step.prev), self.card(step.card)
        reason = follow_reasons(self.deck, prev, card)[index]
        if not reason.right:
            self.say(f"✗ {reason.reply} Try again.", "bad")
        elif check_precedent(self.deck, [prev, card]).valid:
            self.solve(f"✓ Right. {step.praise}")
        else:
            self.solve(f"✓ Right: {check_precedent(self.deck, [prev, card]).reason}.")

    def solve(self, praise: str) -> None:
        self.solved = True
        self.say(praise, "good")
        record = self.progress.record(self.lesson.id)
        last = self.step_index == len(self.lesson.steps) - 1
        record.step = 0 if last else self.step_index + 1
        record.placed = []
        if last:
            self.finish_lesson()
        else:
            self._save()
        self._fill_list()
        self._draw_left()
        self._draw_card()
        self.refresh_bindings()

    @property
    def graded(self) -> bool:
        """Whether the lesson earns stars: a round at the table is not graded (its hints are
        the table's, not the lesson's)."""
        return not any(isinstance(step, Play) for step in self.lesson.steps)

    def finish_lesson(self) -> None:
        record = self.progress.record(self.lesson.id)
        stars = stars_for(record.hints) if self.graded else 0
        record.done = True
        record.stars = max(record.stars, stars)
        record.hints = 0
        record.step = 0
        self.earned = stars
        self._save()

    def next_step(self) -> None:
        if self.step_index < len(self.lesson.steps) - 1:
            self.step_index += 1
            self.show_step()
            return
        self.show_finish()

    def show_finish(self) -> None:
        """The lesson's end: the stars, then the next lesson or back to the list."""
        self.finished = True
        stars = self.earned
        why = "no hints" if stars == MAX_STARS else "a star less for each hint"
        result = f"{stars_text(stars)} ({why})" if self.graded else "You have played a round."
        self.query_one("#lesson-head", Static).update(
            Content.assemble(
                (f"Lesson {self.number} of {len(LESSONS)} · {self.lesson.title}", "bold"),
                " · done",
            )
        )
        self.query_one("#lesson-goal", Static).update(
            Content.assemble(("Lesson done! ", "bold"), result)
        )
        options = []
        later = LESSONS[self.number :] if self.lesson in LESSONS else ()
        if later:
            options.append(Option(f"Next lesson: {later[0].title} ▸", id=f"lesson:{later[0].id}"))
        options.append(Option("Back to the lessons", id="lessons"))
        menu = self.query_one(NavList)
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = 0
        self.query_one("#lesson-sketch", Static).display = False
        self.query_one("#lesson-before", Static).display = False
        self.query_one("#lesson-right").display = False
        self.say("")  # the last step's praise was read before Finish: the stars stand alone
        self.refresh_bindings()

    def open_next(self, lesson_id: str) -> None:
        self.app.switch_screen(LessonScreen(lesson_by_id(lesson_id), self.progress, self.store))

    # -- keys ---------------------------------------------------------------------------------

    def action_hint(self) -> None:
        if self.solved or self.finished:
            return
        step = self.step
        record = self.progress.record(self.lesson.id)
        if self.hint_level < 2:
            record.hints += 1
            self.hint_level += 1
            self._save()
        if self.hint_level == 1 and not isinstance(step, Play):
            self.say(
                f"Hint: {self._nudge(step)} (H again shows the move, for another star.)", "muted"
            )
        else:
            self.say(f"The move: {self._move(step)}", "muted")

    def _nudge(self, step: Step) -> str:
        if isinstance(step, TableTurn):
            return self.drill.move.nudge if self.drill is not None else ""
        return step.nudge if not isinstance(step, Play) else ""

    def _move(self, step: Step) -> str:
        if isinstance(step, Build):
            solution = [self.card(n) for n in step.solution]
            if self.row == solution[: len(self.row)]:
                return f"place {self.deck[solution[len(self.row)]].name}."
            chain = " → ".join(step.solution)
            return f"take back with {keymap.key_label('lesson.take_back')}, then build {chain}."
        if isinstance(step, Choice):
            right = [o.label for o in step.options if o.right]
            return f"choose {' or '.join(right)}."
        if isinstance(step, Follow):
            reasons = follow_reasons(self.deck, self.card(step.prev), self.card(step.card))
            return f"choose {next(r.label for r in reasons if r.right)}."
        if isinstance(step, TableTurn) and self.drill is not None:
            expected = self.drill.expected()
            label = next((o.text for o in self.moves if o.action == expected), None)
            return f"choose {label}." if label is not None else f"{expected.to_str(self.deck)}."
        return "choose Start and play the round; H at the table gives hints there too."

    def action_take_back(self) -> None:
        step = self.step
        if self.solved or self.finished or not isinstance(step, Build):
            return
        if len(self.row) <= len(step.start):
            self.say("Nothing to take back: those cards were placed for you.", "muted")
            return
        taken = self.row.pop()
        self._keep_place([self.deck[c].name for c in self.row[len(step.start) :]])
        self._fill_list(cursor=f"card:{taken}")  # on the card just taken back
        self._draw_left()
        self._draw_card()
        self.say(f"{self.deck[taken].name} is back in your cards.", "muted")

    def action_back(self) -> None:
        self._save()
        self.dismiss(None)

    def _save(self) -> None:
        self.progress.last = self.lesson.id
        problem = self.store.save(self.progress)
        if problem:
            self.notify(problem, severity="warning", timeout=8)

    # -- the coached round --------------------------------------------------------------------

    def _play_options(self) -> list[Option]:
        options = [Option("Start a round against Easy", id="start")]
        record = self.progress.record(self.lesson.id)
        if record.game:
            options.insert(0, Option("Continue your coached round", id="continue"))
        return options

    def play(self, how: str) -> None:
        from civio_tui.campaigns.store import SaveError
        from civio_tui.screens.civio.table import TableScreen
        from civio_tui.table_controller import TableController

        step = self.step
        assert isinstance(step, Play)
        record = self.progress.record(self.lesson.id)
        # Kept apart: a lesson's round is not one of the player's games (Continue, Statistics).
        folder = lesson_games_dir(self.app.save_dir)
        try:
            if how == "continue" and record.game:
                controller = TableController.resume(self.deck, record.game, folder)
            else:
                controller = TableController.new_game(
                    self.deck,
                    [step.opponent],
                    save_dir=folder,
                    player_name=self.app.settings.new_game.player_name,
                    practice=True,
                )
        except (SaveError, OSError, ValueError) as exc:
            record.game = None
            self._save()
            self._fill_list()
            self.say(f"✗ That game cannot be opened: {exc}", "bad")
            return
        record.game = controller.backend.name
        self._save()
        controller.resumed_by = f"Continue your coached round in lesson {self.number}"
        self.controller = controller
        table = TableScreen(controller)
        table.teaching_hints = True  # a nudge at each decision, whatever the setting says
        table.leave_to = "back to the lesson"
        self.app.push_screen(table)

    def on_screen_resume(self) -> None:
        controller = self.controller
        if controller is None or self.solved:
            return
        self.controller = None
        if controller.backend.history():
            self.progress.record(self.lesson.id).game = None
            self.solve("✓ You played a whole round. You know the game now: New game is yours.")
        else:
            self.say("The round is not over yet: Continue picks it up where you left.", "muted")
            self._fill_list()
