"""The table: your cards in precedents, the opponents, the discard pile, the log, the question.

The screen owns the game (a `TableController`, whose session holds the seats and the hot-seat
handover); the panes only draw what they are handed and post messages. The computers choose in
the game screens' one worker (`GameScreen`), paced by Settings, and their choice is applied back
on the UI thread, so the screen never freezes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.reactive import Reactive
from textual.widget import Widget

from cards.games.civio.actions import Action, Decision, DecisionKind
from civio_tui import keymap
from civio_tui.arrangement import HandArrangement
from civio_tui.questions import CARD_QUESTIONS, Question, in_hand_order, question_tip
from civio_tui.round_summary import in_their_order
from civio_tui.screens.civio.answers import TableAnswers
from civio_tui.screens.civio.hints import HintReady, TableHints
from civio_tui.screens.civio.opening import OpeningMarks
from civio_tui.screens.civio.table_state import PANE_NAMES, TableLooks, look
from civio_tui.screens.civio.table_view import SHORT_HEIGHT, TableView
from civio_tui.screens.game_screen import GameScreen
from civio_tui.session import Cover, Pass, Step
from civio_tui.widgets.cards import with_short_name
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.log_pane import LogPane
from civio_tui.widgets.question import QuestionPane
from civio_tui.widgets.redraw import retitle

if TYPE_CHECKING:
    from civio_tui.campaigns.model import Campaign
    from civio_tui.table_controller import TableController


class TableScreen(GameScreen):
    """One game at the table, round after round, until the final table."""

    CSS_PATH = "table.tcss"
    # Not the first focusable pane (the opponents): the question is where a table opens.
    AUTO_FOCUS = "#question-options"
    HELP_FIRST = "table"
    back_to = "the main menu"
    """Where leaving the final table goes, in words."""
    # Compact layout classes for small terminals (80x24 must stay fully usable).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (SHORT_HEIGHT, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("table.menu", "table.hint", "table.detail", "table.pile", "table.undo"),
        *keymap.bindings("table.explain"),
        *keymap.bindings("hand.arrange"),
        *keymap.bindings("table.log", *(f"table.pick_{n}" for n in range(1, 10))),
        *keymap.bindings("table.next_pane", "table.previous_pane"),
    ]

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """As the screen's, without repainting the whole screen when the focus moves (the panes
    repaint themselves): it moves on each of your turns at a networked table."""

    def __init__(self, controller: TableController) -> None:
        super().__init__()
        self.controller = controller
        self.session = controller.session
        self.arrangement = HandArrangement()
        self.marks = OpeningMarks()
        """The cards marked to keep hidden at the opening."""
        self.hints = TableHints(self)
        self.answers = TableAnswers(self)
        self.looks = TableLooks(controller.hot_seat)
        self.question: Question | None = None
        self.round_done_shown = False
        self.teaching_hints: bool | None = None
        """Nudges at each decision: None follows the setting (a lesson sets True)."""
        self.leave_to: str | None = None
        """Where Esc at a round's end goes, in words, when not the main menu (a lesson's coached
        round: "back to the lesson"); it goes there without asking, as the words say."""
        self._focus_after_resume: object = None
        self._last_focus: str | None = None
        self.turn_over_shown = False
        """The returning player is reading "Your turn is over" (Enter goes on)."""
        self._resumed_note = ""
        """At a hot-seat table opened by Continue, the notice for after the first hand-over."""

    @property
    def opening_hidden(self) -> list[int]:
        return self.marks.cards

    @property
    def shown_viewer(self) -> int | None:
        """At a hot-seat table, the human whose cards are on screen (None: nobody's, while a
        pass screen or the cover is up, at the start of a round or on Continue)."""
        return self.session.handover.at_screen

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TableView(self.controller)
        yield KeysFooter()

    def on_mount(self) -> None:
        ctl = self.controller
        self.app.game_in_progress = True
        self._notify_save_problem()
        # A round nobody has moved in yet (a table just started) is begun, not resumed.
        begun = ctl.round is not None and not ctl.round.actions
        what = "begins" if begun else "resumed"
        resumed = f"{ctl.backend.name}: round {ctl.round_number} {what}."
        if ctl.in_round and ctl.hot_seat:
            # Nothing of anyone's cards is drawn before the pass screen is answered; the note
            # waits for it too (a notice raised under the pass screen stayed on the table).
            self.looks.load(ctl.table_state)
            self._resumed_note = resumed
            self.advance()
        elif ctl.in_round:
            self._restore_table_state()
            self._relog_round()
            self.advance()
            self._restore_focus()
            self.notify(resumed, timeout=3)
        elif ctl.is_game_over():
            self.call_after_refresh(self.show_game_over)
        else:
            self.start_round()

    # -- the flow of a round ------------------------------------------------------------------

    def start_round(self) -> None:
        ctl = self.controller
        ctl.start_round()
        ctl.session.new_round()  # hot-seat: the first to decide is called first
        self.arrangement = HandArrangement()
        self.marks = OpeningMarks()
        self.round_done_shown = False
        self.looks.clear()
        self.query_one(LogPane).begin_section()
        self.log_round()
        self.advance()

    def _restore_table_state(self) -> None:
        """The viewer's arrangement of cards, opening marks and cursor as kept with the round."""
        ctl = self.controller
        state = self.looks.of(ctl.viewer, ctl.table_state)
        self.arrangement = HandArrangement.from_json(state)
        hand = set(ctl.rnd.hand(ctl.viewer))
        self.marks.restore(state.get("opening_hidden"), hand)
        cursor = state.get("cursor")
        if type(cursor) is int and cursor in hand:
            self.query_one(HandPane).cursor_card = cursor
        self._focus_after_resume = state.get("focus")
        self._last_focus = str(state["focus"]) if state.get("focus") in PANE_NAMES else None

    def advance(self, *, redraw: bool = True) -> None:
        """Put the session's handover step on screen, redraw from the engine, then ask the
        human or let the next computer move."""
        ctl = self.controller
        if self.hand_over() is None:
            return  # a pass screen calls the next person
        if redraw:
            self.refresh_panes()
        if ctl.rnd.is_over:
            self._round_over()
        elif ctl.viewer_to_move():
            self.ask_human()
        else:
            self.question = None
            if redraw:
                retitle(self.query_one("#question-box"), "Waiting")
                self.query_one(QuestionPane).wait(Content.styled(ctl.waiting_text(), "italic"))
            self.play_computers()

    def _round_over(self) -> None:
        self.question = None
        self.query_one("#question-box").border_title = "Round over"
        last = "See the final table" if self.controller.is_game_over() else "Deal the next round"
        pane = self.query_one(QuestionPane)
        pane.ask("The round is over.", [Content("See the round's results"), Content(last)])
        pane.options_list.focus()
        if not self.round_done_shown:
            self.round_done_shown = True
            if self.app.settings.ai_delay:  # a moment to see the last move first
                self.set_timer(0.4, self.show_round_end)
            else:
                self.call_after_refresh(self.show_round_end)

    def hide_table(self, step: Step) -> None:
        self.keep_table_state()  # the last person's arrangement, kept before it is hidden
        self.workers.cancel_group(self, "hint")
        self.question = None
        if isinstance(step, Cover):
            # Nothing of theirs is kept drawn behind the cover either: the panes are emptied.
            self.arrangement = HandArrangement()
            self.query_one("#table").display = False

    def handed_over(self, step: Pass) -> None:
        """The person called is alone at the screen: their table, then their move (or, back
        after their interrupted turn ended, "Your turn is over")."""
        self.show_table_again()
        if self._resumed_note:
            note, self._resumed_note = self._resumed_note, ""
            self.call_after_refresh(self.notify, note, timeout=3)
        if step.returning:
            self._show_turn_over()
        else:
            self.advance()

    def _show_turn_over(self) -> None:
        """The returning player's table with nothing to decide: Enter goes on."""
        self.refresh_panes()
        self.turn_over_shown = True
        self.query_one("#question-box").border_title = "Your turn is over"
        pane = self.query_one(QuestionPane)
        pane.ask("Your turn is over.", [Content("Go on")])
        pane.options_list.focus()

    def show_table_again(self) -> None:
        """Draw the table for the viewer from now on: their arrangement, their log."""
        self.query_one("#table").display = True
        self.hints.nudged = None
        self.marks.hinted = None
        self.query_one(QuestionPane).show_hint("")
        self._restore_table_state()
        self._relog_round()
        self.query_one(QuestionPane).options_list.focus()

    def _restore_focus(self) -> None:
        # Only Your cards gets its focus back: a game that reopens on the log or the opponents,
        # where Enter does nothing, looks stuck. Otherwise the question has it, as in play.
        hand = self.query_one(HandPane)
        if self._focus_after_resume == "hand" and hand.display:
            hand.focus()

    def keep_table_state(self, *, save: bool = True) -> None:
        """Keep how the table looks (arrangement, cursor, pane in focus; hot-seat: each
        person's) with the round. With `save` (leaving, quitting, a handover) it is saved now if
        it changed; a redraw keeps it in memory for the next move's save (no disk write)."""
        ctl = self.controller
        keep = ctl.keep_table_state if save else ctl.note_table_state
        shown = not ctl.hot_seat or self.shown_viewer == ctl.viewer
        keep(self.looks.to_keep(ctl.viewer, self._look() if shown else None))

    def _look(self) -> dict[str, Any]:
        focused = [name for name, p in zip(PANE_NAMES, self._panes(), strict=True) if p.has_focus]
        # While others play nothing has focus: the pane you left keeps it.
        self._last_focus = focused[0] if focused else self._last_focus
        cursor = self.query_one(HandPane).cursor_card
        return look(self.arrangement.to_json(), self.marks.cards, cursor, self._last_focus)

    @staticmethod
    def ai_pause(decision: Decision, delay: float) -> float:
        """Seconds before a computer's step. Silent steps are not paced: the opening choice
        (nothing to watch) and a CIVIO offer, which comes only when the hand goes out: a pause
        there would tell everyone so, even when the computer plays on."""
        if decision.kind in (DecisionKind.FACE_UP, DecisionKind.CIVIO):
            return 0.0
        return delay

    def computer_pause(self, decision: Decision) -> float:
        # Behind the hot-seat cover there is nothing to watch: the moves are read in the log.
        return 0.0 if self.covered else self.ai_pause(decision, self.app.settings.ai_delay)

    def computer_moved(self, action: Action) -> None:
        self.apply_action(action)

    def apply_action(self, action: Action) -> None:
        turn = self.controller.rnd.turn
        self.controller.apply(action)
        self.log_round()
        if self.controller.round is not None and self.controller.rnd.turn != turn:
            # A new turn: the log shows it, even if the player had scrolled back to read.
            self.query_one(LogPane).follow()
        self._notify_save_problem()
        # At instant speed, AI steps in a row are drawn once, when the human is asked again. An
        # opponent's CIVIO offer is never drawn: the table stays as it was until its answer.
        instant = not self.app.settings.ai_delay
        ctl = self.controller
        self.advance(redraw=not ((instant and ctl.ai_to_move()) or ctl.ai_civio_pending()))

    def _notify_save_problem(self) -> None:
        if self.controller.save_problem:
            self.notify(self.controller.save_problem, severity="warning", timeout=8)
            self.controller.save_problem = None

    def show_round_end(self) -> None:
        from civio_tui.screens.civio.round_end import RoundEndScreen

        stack = self.app.screen_stack
        above = stack[stack.index(self) + 1 :] if self in stack else []
        if any(isinstance(s, RoundEndScreen) for s in above):
            return  # shown already (1 pressed as the round ended, before its own timer)
        ctl = self.controller
        summary = ctl.round_summary()
        for seat in ctl.humans:
            # Each person's precedents and cards as they arranged them.
            arrangement = self.arrangement
            if seat != ctl.viewer:
                arrangement = HandArrangement.from_json(self.looks.of(seat, {}))
            summary = in_their_order(summary, seat, arrangement, ctl.deck)

        def after(choice: str | None) -> None:
            if choice == "menu":
                self.leave(confirm=self.leave_to is None)
            else:
                self.next_after_round()

        enter, leave = self.round_end_keys()
        humans = tuple(ctl.humans)
        screen = RoundEndScreen(
            ctl.deck, summary, self.saved_campaign(), leave=leave, humans=humans, enter=enter
        )
        self.app.push_screen(screen, after)

    def saved_campaign(self) -> Campaign | None:
        """The saved campaign the round belongs to, whose replay and rating change the
        round's end offers (None: a game that is not saved)."""
        session = getattr(self.controller.backend, "session", None)
        return session.campaign if session is not None else None

    def round_end_keys(self) -> tuple[str | None, str]:
        """The round's end's words for Enter (None: deal the next round, or see the final
        table) and for Esc."""
        return None, self.leave_to or "main menu"

    def next_after_round(self) -> None:
        if self.controller.is_game_over():
            self.show_game_over()
        else:
            self.start_round()

    def show_game_over(self) -> None:
        from civio_tui.screens.civio.game_over import GameOverScreen

        self.app.game_in_progress = False
        screen = GameOverScreen(self.controller, back_to=self.back_to)
        self.app.push_screen(screen, lambda _: self.leave(confirm=False))

    # -- drawing ------------------------------------------------------------------------------

    def refresh_panes(self) -> None:
        ctl = self.controller
        if ctl.hot_seat and self.shown_viewer != ctl.viewer:
            return  # the pass screen is up: nobody's cards are drawn until it is answered
        view = self.query_one(TableView).show(self.arrangement, self.marks.cards)
        self.keep_table_state(save=False)
        of = f" of {ctl.max_rounds}" if ctl.max_rounds is not None else ""
        # Shown by no widget of the table (it has no header): set without repainting the screen.
        self.set_reactive(TableScreen.sub_title, f"Round {ctl.round_number}{of} · turn {view.turn}")

    def on_resize(self) -> None:
        if self.controller.round is not None:
            self.call_after_refresh(self.refresh_panes)

    def _relog_round(self) -> None:
        """The round's whole log, its heading included, as when it was played: on resuming
        the table looks exactly as it was left, and after a take-back as it was then."""
        log = self.query_one(LogPane)
        log.clear()
        log.begin_section()
        self.log_round()

    def log_round(self) -> None:
        """The round's log as it stands, told in place of what the log said of the round."""
        if self.controller.round is not None:
            reader = self.controller.human_name
            self.query_one(LogPane).set_section(self.controller.round_log(), reader)

    def log_lines(self, lines: list[str]) -> None:
        self.query_one(LogPane).add_lines(lines, self.controller.human_name)

    # -- the human's decisions ----------------------------------------------------------------

    def ask_human(self) -> None:
        ctl = self.controller
        question = ctl.question()
        assert question is not None
        self.arrangement.sync(ctl.rnd.hand(ctl.viewer))
        question = in_hand_order(question, self.arrangement.cards)
        previous, self.question = self.question, question
        retitle(self.query_one("#question-box"), f"Your move: {question.title}")
        pane = self.query_one(QuestionPane)
        new_decision = previous is None or previous.decision is not question.decision
        if new_decision:
            pane.show_hint("")
            self.hints.nudged = None
            self.marks.hinted = None
        if question.decision.kind is DecisionKind.FACE_UP:
            self.answers.ask_opening(question)
        else:
            tip = question_tip(question) if self.app.settings.table_tips else ""
            shorts = [
                with_short_name(o.text, ctl.deck[o.card]) if o.card is not None else None
                for o in question.options
            ]
            pane.ask(question.prompt, [o.text for o in question.options], tip, shorts)
        # The focus stays where the player is: a question that comes while you arrange Your
        # cards (or read the log) must not catch the keys meant for them. The question shows
        # beside it, and digits answer it from anywhere.
        hand = self.query_one(HandPane)
        if hand.has_focus:
            # A question that came while others played holds the next Enter (a stray one must
            # not pick a card for it); one that follows your own answer does not.
            hand.hold_picks(previous is None)
        elif self.focused is None or not any(p.has_focus for p in self._panes()[2:]):
            pane.options_list.focus()
        teaching = self.teaching_hints
        if teaching is None:
            teaching = self.app.settings.teaching_hints
        if new_decision and teaching:
            self.hints.nudge(question.decision, log=False)

    def pick(self, index: int) -> None:
        """Answer the question with its option `index` (0-based)."""
        self.answers.pick(index)

    @on(NavList.OptionSelected, "#question-options")
    def option_chosen(self, event: NavList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option_index)

    def action_pick(self, number: int) -> None:
        self.pick(number - 1)

    @on(HandPane.CardPicked)
    def card_picked(self, event: HandPane.CardPicked) -> None:
        self.answers.pick_card(event.card)

    @on(HandPane.Moved)
    def hand_moved(self) -> None:
        self.refresh_panes()
        # The question's card options follow the new order of Your cards.
        question = self.question
        if question is not None and question.decision.kind in CARD_QUESTIONS:
            self.ask_human()

    @on(HandPane.PickHeld)
    def pick_held(self, event: HandPane.PickHeld) -> None:
        self.answers.held(event.card)

    @on(HandPane.DetailRequested)
    def hand_detail(self, event: HandPane.DetailRequested) -> None:
        self.open_detail(self.arrangement.cards, event.card, " in your hand")

    def action_arrange(self) -> None:
        view = self.controller.view()
        if len(view.hand) < 3:
            self.notify("Arrange once your 7 cards are dealt.")
            return
        ctl = self.controller
        message = self.arrangement.arrange_best(ctl.deck, view.hand, ctl.rules)
        self.refresh_panes()
        self.notify(message, timeout=4)

    # -- looking at cards, moving between panes, hints ----------------------------------------

    def open_detail(self, cards: list[int], card: int, context: str) -> None:
        from civio_tui.screens.card_detail import CardDetailScreen

        if card in cards:
            self.app.push_screen(CardDetailScreen(cards, cards.index(card), context=context))

    def _card_in_focus(self) -> tuple[list[int], int, str] | None:
        found = self.query_one(TableView).card_in_focus(self.arrangement.cards, self.question)
        if found is None:
            self.notify("This option names no card you can see. Tab to Your cards for yours.")
        return found

    def action_detail(self) -> None:
        found = self._card_in_focus()
        if found is not None:
            self.open_detail(*found)

    def action_explain(self) -> None:
        from civio_tui.screens.links import LinksScreen

        found = self._card_in_focus()
        if found is not None:
            self.app.push_screen(LinksScreen(found[1], self.controller.deck))

    def action_discard_pile(self) -> None:
        from civio_tui.screens.civio.table_cards import TableCardsScreen

        self.app.push_screen(TableCardsScreen(self.controller))

    def _panes(self) -> list[Widget]:
        return self.query_one(TableView).panes()

    def action_cycle_pane(self, step: int) -> None:
        panes = [p for p in self._panes() if p.display and p.focusable]
        current = next((i for i, p in enumerate(panes) if p.has_focus), -1)
        if panes:
            panes[(current + step) % len(panes)].focus()

    def action_focus_log(self) -> None:
        self.query_one(LogPane).focus()

    def action_hint(self) -> None:
        self.hints.ask()

    @on(HintReady)
    def hint_ready(self, message: HintReady) -> None:
        self.hints.ready(message)

    # -- taking back (practice games) and leaving ----------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.controller.practice  # moves are final in other games: no key at all
        return super().check_action(action, parameters)

    def action_take_back(self) -> None:
        ctl = self.controller
        if ctl.round is None or ctl.rnd.is_over:
            self.notify("The round is over: its moves stand.")
        elif not ctl.viewer_to_move() or self.question is None:
            self.notify("Take back a move on your own turn: wait for your move.")
        elif not ctl.take_back():
            self.notify("Nothing to take back yet in this round.")
        else:
            self.workers.cancel_group(self, "hint")
            self.marks = OpeningMarks()
            self._relog_round()
            self._notify_save_problem()
            self.advance()
            self.notify("Took back your last move.", timeout=2)

    def leaving_words(self) -> str:
        return self.controller.leaving_words()

    def action_leave_table(self) -> None:
        self.leave(confirm=True)

    def action_back(self) -> None:
        self.leave(confirm=True)

    def leave(self, *, confirm: bool) -> None:
        super().leave(confirm=confirm and not self.controller.is_game_over())

    def close_game(self) -> None:
        self.keep_table_state()
        self.app.game_in_progress = False
        super().close_game()
