"""The analysis board: the table screen, played on from a replay's position against the computer
(`civio_tui.analysis`), with the review's figure beside each option and the hint shown.

At each of the player's decisions a worker asks the review's evaluation
(`ai.civio.review.option_costs`) and the hint (`ai.civio.hint.hint`) from the view taken on the
UI thread: each option is then marked "best" or with what choosing it costs, in points off the
chance to win the round (the review's unit), and the hint's move is highlighted with its reason.
The board is not saved: Esc (asking first, as Settings say, while the round is on) and the end of
the round go back to the replay, where it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static
from textual.widgets.option_list import Option

from ai.civio.review import EQUAL, OptionCost
from cards.games.civio.actions import Action, Decision
from civio_tui.analysis import FAIR, OPEN, How
from civio_tui.questions import Question
from civio_tui.round_summary import RoundSummary
from civio_tui.screens.base import CivioModal, CivioScreen
from civio_tui.screens.civio.hints import HintReady
from civio_tui.screens.civio.table import TableScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.log_pane import LogPane
from civio_tui.widgets.question import QuestionPane

if TYPE_CHECKING:
    from cards.deck import Deck
    from cards.games.civio.view import PlayerView
    from civio_tui.campaigns.playback import Playback

UNIT_WORDS = "Beside each option: best, or what it costs in points off your chance to win the round"
CHOICES = {
    FAIR: "Fair: the others' hidden cards dealt again from what you knew then",
    OPEN: "Open: the real hands, as they were",
}


@dataclass(frozen=True)
class Evaluation:
    """The review's figures for one decision's options."""

    decision: Decision
    costs: dict[Action, OptionCost]
    searched: bool

    def mark(self, action: Action | None) -> Content:
        """What goes before the option: "best", "−12" (points), "?" (a turn, not priced)."""
        cost = self.costs.get(action) if action is not None else None
        if cost is None:
            return Content("")
        if cost.best or (self.searched and cost.loss is not None and cost.loss < EQUAL):
            return Content.styled("best ", "bold $success")
        if cost.points is None:
            return Content.styled("   ? ", "dim")
        return Content.styled(f"−{round(cost.points)}".rjust(4) + " ", "bold $warning")


class Evaluated(Message):
    """The worker's figures and hint for a decision, to show on the UI thread."""

    def __init__(self, evaluation: Evaluation, hint: HintReady) -> None:
        super().__init__()
        self.evaluation = evaluation
        self.hint = hint


class AnalysisController(TableController):
    """The table's controller with the review's figure before each option of the question."""

    evaluation: Evaluation | None = None

    def question(self) -> Question | None:
        question = super().question()
        ev = self.evaluation
        if question is None or ev is None or ev.decision is not question.decision:
            return question
        options = tuple(replace(o, text=ev.mark(o.action) + o.text) for o in question.options)
        return replace(question, options=options)

    def round_summary(self) -> RoundSummary:
        """The round's results, its totals what they would have been; nobody is promoted by a
        round that is not part of the game."""
        summary = super().round_summary()
        seats = tuple(replace(row, rank_before=row.rank) for row in summary.seats)
        return replace(summary, seats=seats)

    def leaving_words(self) -> str:
        return "The analysis board is not one of your games: what is played on it is not kept."

    def round_heading(self) -> str:
        return f"— Round {self.round_number}, played on from its replay —"


class AnalysisScreen(TableScreen):
    """The table screen as an analysis board (see the module docstring)."""

    back_to = "the replay"
    controller: AnalysisController

    def __init__(self, controller: AnalysisController, how: How, step: int) -> None:
        super().__init__(controller)
        self.how = how
        self.step = step
        """The replay's position the board started from."""
        self.teaching_hints = False  # the hint itself is shown
        self.leave_to = "back to the replay"
        keys = self._bindings.key_to_bindings
        for key, found in keys.items():  # Esc says where it goes
            keys[key] = [
                replace(b, description="Back") if b.id == "table.menu" else b for b in found
            ]
        self._evaluating: Decision | None = None
        self._game_in_progress = False
        """The app's flag as it was (a game may be under the replay): put back on leaving."""

    @on(events.Mount)
    def start_board(self, event: events.Mount) -> None:
        # Instead of the table's own (Textual would call it next): the board is no saved game
        # resumed, and starts its log with what the figures mean.
        event.prevent_default()
        self._game_in_progress = self.app.game_in_progress
        self.app.game_in_progress = True
        self._relog_round()
        self.advance()

    def _relog_round(self) -> None:
        # What the figures mean comes first: the round's log below it is told again as it goes.
        log = self.query_one(LogPane)
        log.clear()
        self.log_lines([f"Analysis board ({self.how}) from step {self.step}. {UNIT_WORDS}."])
        log.begin_section()
        self.log_round()

    def refresh_panes(self) -> None:
        super().refresh_panes()
        self.query_one("#log").border_title = f"Log · analysis ({self.how}), step {self.step}"

    # -- the figures and the hint at each of the player's decisions ----------------------------

    def ask_human(self) -> None:
        super().ask_human()
        question = self.question
        if question is None:
            return
        decision = question.decision
        ev = self.controller.evaluation
        if (ev is None or ev.decision is not decision) and self._evaluating is not decision:
            self._evaluating = decision
            self.query_one(QuestionPane).show_hint(
                Content.styled("Evaluating the options…", "italic")
            )
            ctl = self.controller
            view, names, deck = ctl.view(), ctl.names, ctl.deck
            self.run_worker(
                lambda: self._evaluate(view, decision, names, deck),
                thread=True,
                exclusive=True,
                group="analysis",
            )

    def _evaluate(self, view: PlayerView, decision: Decision, names: list[str], deck: Deck) -> None:
        from ai.civio.hint import hint
        from ai.civio.review import option_costs

        try:
            costs, searched = option_costs(view, decision, deck)
            option, reason = hint(view, decision, deck=deck, seat_names=names)
        except Exception as exc:  # the board plays on without its figures
            self.post_message(HintReady(decision, None, f"No evaluation this time ({exc})."))
            return
        ev = Evaluation(decision, {c.action: c for c in costs}, searched)
        self.post_message(Evaluated(ev, HintReady(decision, option, reason)))

    @on(Evaluated)
    def evaluated(self, message: Evaluated) -> None:
        question = self.question
        if question is None or question.decision is not message.evaluation.decision:
            return
        self.controller.evaluation = message.evaluation
        self.ask_human()
        # The hint as at the table (its move highlighted, its reason in the log), then cut to
        # its move in the question pane, which a 24-row terminal needs for the options.
        self.hints.ready(message.hint)
        question = self.question
        option = message.hint.option
        if question is None or option is None or option not in question.decision.options:
            return
        head, why, _ = message.hint.reason.partition(": ")
        number = next((n for n, o in enumerate(question.options, 1) if o.action == option), None)
        where = f"Hint ({number})" if number is not None else "Hint (marked)"
        self.query_one(QuestionPane).show_hint(
            Content.assemble(
                (f"{where}: ", "bold $accent"),
                head.removesuffix("."),
                (" · why: in the log (L)" if why else "", "dim"),
            )
        )

    # -- leaving: back to the replay -----------------------------------------------------------

    def _round_over(self) -> None:
        super()._round_over()
        pane = self.query_one(QuestionPane)
        pane.ask(
            "The round is over.",
            [Content("See the round's results"), Content("Back to the replay")],
        )

    def round_end_keys(self) -> tuple[str | None, str]:
        return "Enter: back to the replay", self.leave_to or "back to the replay"

    def next_after_round(self) -> None:
        self.close_game()

    def leave(self, *, confirm: bool) -> None:
        super().leave(confirm=confirm and self.controller.in_round)

    def close_game(self) -> None:
        if not self.is_current:
            return  # closed already
        self.workers.cancel_group(self, "analysis")
        super().close_game()
        self.app.game_in_progress = self._game_in_progress


class AnalysisChoiceScreen(CivioModal[str]):
    """Fair or open: dismisses with `FAIR` or `OPEN` (f / o, or Enter on one); Esc: neither."""

    DEFAULT_CSS = """
    AnalysisChoiceScreen { align: center middle; }
    #analysis-box { width: 72; max-width: 100%; height: auto; border: thick $primary;
                    background: $surface; padding: 0 1; }
    #analysis-box NavList { height: auto; border: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", f"choose('{FAIR}')", "Fair", id="analysis.fair"),
        Binding("o", f"choose('{OPEN}')", "Open", id="analysis.open"),
    ]

    def __init__(self, step: int) -> None:
        super().__init__()
        self.step = step

    def compose(self) -> ComposeResult:
        with Vertical(id="analysis-box"):
            yield Static(f"Play on from step {self.step} against the computer:")
            yield NavList(*(Option(text, id=how) for how, text in CHOICES.items()))
            yield Static(Content.styled("f: fair · o: open · Esc: back to the replay", "dim"))

    def on_mount(self) -> None:
        self.query_one("#analysis-box").border_title = "Analysis board"
        self.query_one(NavList).focus()

    @on(NavList.OptionSelected)
    def chosen(self, event: NavList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_choose(self, how: str) -> None:
        self.dismiss(how)


def open_analysis(screen: CivioScreen[None], playback: Playback, position: int, seat: int) -> None:
    """Ask fair or open, then push the board at `position` of `playback` for `seat`."""
    from civio_tui.analysis import analysis_backend

    def chosen(how: str | None) -> None:
        if how not in (FAIR, OPEN):
            return
        backend = analysis_backend(playback, position, seat, how)
        controller = AnalysisController(playback.deck, backend)
        screen.app.push_screen(AnalysisScreen(controller, how, position))

    screen.app.push_screen(AnalysisChoiceScreen(position), chosen)
