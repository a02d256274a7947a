"""How the person at the table answers the question: by its number (keys 1-9, ↑↓ and Enter),
by a card in Your cards, and at the opening by marking the 2 cards to keep hidden (Done then
lays the other 5 face up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

from cards.games.civio.actions import DecisionKind
from civio_tui.plurals import counted
from civio_tui.questions import Question
from civio_tui.widgets.question import QuestionPane

if TYPE_CHECKING:
    from civio_tui.screens.civio.table import TableScreen


class TableAnswers:
    """The table screen's answers to its question (see the module docstring)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def pick(self, index: int) -> None:
        """Answer with option `index` (0-based) of the question, or of the round's end."""
        screen, ctl = self.screen, self.screen.controller
        if screen.turn_over_shown:
            if index == 0:
                screen.turn_over_shown = False
                screen.advance()
            return
        if ctl.round is not None and ctl.rnd.is_over:
            if index == 0:
                screen.show_round_end()
            elif index == 1:
                screen.next_after_round()
            return
        question = screen.question
        if question is None or not ctl.viewer_to_move():
            return
        if question.decision.kind is DecisionKind.FACE_UP:
            self._pick_opening(question, index)
        elif 0 <= index < len(question.options):
            action = question.options[index].action
            if action is not None:
                screen.apply_action(action)

    def pick_card(self, card: int) -> None:
        """A card chosen in Your cards: the option about it (at the opening, its mark)."""
        question = self.screen.question
        if question is not None and question.decision.kind is DecisionKind.FACE_UP:
            self.toggle(card)
            return
        for option in question.options if question is not None else ():
            if option.card == card and option.action is not None:
                self.screen.apply_action(option.action)
                return

    def held(self, card: int) -> None:
        """Enter on a card just after a question came while the person arranged: say what the
        next Enter will do instead of doing it."""
        question = self.screen.question
        options = question.options if question is not None else ()
        option = next((o for o in options if o.card == card), None)
        if question is not None and option is not None:
            words = ((f"{question.title}. ", "bold $accent"), "Enter again: ", option.text)
            self.screen.query_one(QuestionPane).show_hint(Content.assemble(*words))

    def ask_opening(self, question: Question) -> None:
        tip = "Press 1-7 (or Enter) to mark or unmark a card; 8 when done."
        tip = tip if self.screen.app.settings.table_tips else ""
        options = self.screen.marks.options(question)
        self.screen.query_one(QuestionPane).ask(question.prompt, options, tip)

    def _pick_opening(self, question: Question, index: int) -> None:
        screen = self.screen
        cards = [o.card for o in question.options if o.card is not None]
        if index < len(cards):
            self.toggle(cards[index])
        elif index == len(cards) and screen.marks.missing:
            more = counted(screen.marks.missing, "more card")
            screen.notify(f"Mark {more} to keep hidden first.")
        elif index == len(cards):
            hidden = set(screen.marks.cards)
            action = screen.controller.face_up_action(question.decision, hidden)
            if action is not None:
                screen.apply_action(action)

    def toggle(self, card: int) -> None:
        """Mark or unmark `card` to keep hidden; Done is highlighted once 2 are marked."""
        screen = self.screen
        pane = screen.query_one(QuestionPane)
        if screen.marks.hinted is not None:
            # The hint said which cards to mark: once the marks change it no longer holds.
            pane.show_hint("")
        notice = screen.marks.toggle(card, screen.controller.deck)
        if notice:
            screen.notify(notice)
        screen.refresh_panes()
        if screen.question is not None:
            # The same question: only the marked card's option and Done change their words.
            pane.reword(screen.marks.options(screen.question))
            if not screen.marks.missing:
                pane.highlight(len(screen.question.options))
