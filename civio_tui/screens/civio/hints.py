"""Hints at the table: H first gives the idea to look at (`ai.civio.hint.nudge`), H again the move
(`ai.civio.hint.hint`, searched in a worker thread from the view taken on the UI thread); both stay
in the log. A hint or a nudge never takes the game down: without one, the game plays on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.content import Content
from textual.message import Message

from cards.games.civio.actions import Action, Decision, DecisionKind
from cards.games.civio.view import PlayerView
from civio_tui.widgets.log_pane import LogPane
from civio_tui.widgets.question import QuestionPane

if TYPE_CHECKING:
    from civio_tui.screens.civio.table import TableScreen


class HintReady(Message):
    """A hint's move and reason, computed in the worker, to show on the UI thread."""

    def __init__(self, decision: Decision, option: Action | None, reason: str) -> None:
        super().__init__()
        self.decision = decision
        self.option = option
        self.reason = reason


class TableHints:
    """The hint and the nudge for the table screen's questions."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.nudged: Decision | None = None
        """The decision whose nudge is shown: the next H gives the move."""

    def ask(self) -> None:
        """H: the nudge for a new decision, else the move."""
        screen = self.screen
        ctl = screen.controller
        question = screen.question
        if question is None or not ctl.viewer_to_move():
            screen.notify("A hint is for your own decisions: wait for your move.")
            return
        if self.nudged is not question.decision and self.nudge(question.decision):
            return  # the idea first; H again gives the move
        hint = _hint_function()
        pane = screen.query_one(QuestionPane)
        if hint is None:
            pane.show_hint(Content.styled("No hint is available in this version.", "italic"))
            return
        pane.show_hint(Content.styled("Thinking about a hint…", "italic"))
        # The view is taken here, on the UI thread: the worker must not read the live round.
        view, decision, names = ctl.view(), question.decision, ctl.names
        screen.run_worker(
            lambda: self._search(hint, view, decision, names),
            thread=True,
            exclusive=True,
            group="hint",
        )

    def _search(
        self,
        hint: Callable[..., tuple[Action, str]],
        view: PlayerView,
        decision: Decision,
        names: list[str],
    ) -> None:
        deck = self.screen.controller.deck
        try:
            option, reason = hint(view, decision, deck=deck, seat_names=names)
        except Exception as exc:  # a hint must never take the game down
            self.screen.post_message(HintReady(decision, None, f"No hint this time ({exc})."))
            return
        self.screen.post_message(HintReady(decision, option, str(reason)))

    def nudge(self, decision: Decision, *, log: bool = True) -> bool:
        """Show what to look at for `decision` without the move; False when there is no
        nudge to give."""
        nudge = _nudge_function()
        if nudge is None:
            return False
        ctl = self.screen.controller
        try:
            text = str(nudge(ctl.view(), decision, deck=ctl.deck, seat_names=ctl.names))
        except Exception:  # a nudge must never take the game down: H then gives the move
            return False
        if not text:
            return False
        self.nudged = decision
        self.screen.query_one(QuestionPane).show_hint(
            Content.assemble(("Think: ", "bold $accent"), text, ("  (H again: the move)", "dim"))
        )
        if log:
            self._log(f"Think: {text}")
        return True

    def ready(self, message: HintReady) -> None:
        """Show the hint's move: highlight it, or at the opening mark the cards it hides."""
        screen = self.screen
        question = screen.question
        if question is None or question.decision is not message.decision:
            return
        pane = screen.query_one(QuestionPane)
        option = message.option
        if option is None or option not in question.decision.options:
            pane.show_hint(Content.styled(message.reason or "No hint this time.", "italic"))
            return
        if question.decision.kind is DecisionKind.FACE_UP:
            # The hint marks the 2 cards to keep hidden; Done is highlighted.
            ctl = screen.controller
            screen.marks.set_hinted(ctl.rnd.hand(ctl.viewer), option.cards)
            screen.refresh_panes()
            screen.answers.ask_opening(question)
            pane.highlight(len(question.options))
            where = "Hint (marked)"
        else:
            index = next((i for i, o in enumerate(question.options) if o.action == option), 0)
            pane.highlight(index)
            pane.options_list.focus()
            where = f"Hint ({index + 1})"
        pane.show_hint(Content.assemble((f"{where}: ", "bold $accent"), message.reason))
        self._log(f"{where}: {message.reason}")

    def _log(self, text: str) -> None:
        """A hint stays in the log, whole, after the question pane has moved on."""
        self.screen.query_one(LogPane).add([Content.styled(text, "italic")])


def _hint_function() -> Callable[..., tuple[Action, str]] | None:
    """`ai.civio.hint.hint(view, decision, deck=None, seat_names=None) -> (option, reason)`, or None
    when the AI package does not offer it (or it cannot be imported: the game plays on without
    hints)."""
    try:
        from ai.civio.hint import hint
    except Exception:
        return None
    return hint


def _nudge_function() -> Callable[..., str] | None:
    """`ai.civio.hint.nudge(view, decision, deck=None, seat_names=None) -> str`, or None when the AI
    package does not offer it (H then goes straight to the move)."""
    try:
        from ai.civio.hint import nudge
    except Exception:
        return None
    return nudge
