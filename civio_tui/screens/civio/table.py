"""The table: your cards in precedents, the opponents, the discard pile, the log, the question.

The screen owns the game (a `TableController`); the panes only draw what they are handed and
post messages. AI decisions are computed in a worker thread, paced by Settings, and applied back
on the UI thread, so the screen never freezes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer

from cards.games.civio.actions import Action, Decision, DecisionKind
from cards.games.civio.view import PlayerView
from cards.table import FACE_UP_COUNT, HAND_SIZE
from civio_tui import keymap
from civio_tui.arrangement import HandArrangement
from civio_tui.questions import OptionLabel, Question
from civio_tui.round_summary import RoundSummary
from civio_tui.screens.base import CivioScreen
from civio_tui.session import Cover, Over, Pass
from civio_tui.table_controller import TableController
from civio_tui.widgets.cards import pts, with_short_name
from civio_tui.widgets.hand import HandPane, HandState
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.log_pane import LogPane
from civio_tui.widgets.question import QuestionPane
from civio_tui.widgets.table_panes import OpponentInfo, OpponentsPane, PilePane

if TYPE_CHECKING:
    from ai import PendingChoice
    from civio_tui.screens.pass_device import PassScreen

MAX_OPENING_HIDDEN = HAND_SIZE - FACE_UP_COUNT
# The questions whose options are cards of yours: numbered in the order of Your cards.
_CARD_QUESTIONS = (
    DecisionKind.FACE_UP,
    DecisionKind.DISCARD,
    DecisionKind.REVEAL,
    DecisionKind.OVERRULE,
)
# The panes Tab moves between, by the names kept in the saved table state.
_PANE_NAMES = ("question", "hand", "log", "opponents")
SHORT_HEIGHT = 32
"""Terminals shorter than this get the short layout (table.tcss: `-short`)."""


class TableScreen(CivioScreen[None]):
    """One game at the table, round after round, until the final table."""

    CSS_PATH = "table.tcss"
    # Not the first focusable pane (the opponents): the question is where a table opens.
    AUTO_FOCUS = "#question-options"
    HELP_FIRST = "table"
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

    class AIChose(Message):
        """An AI's action, computed in a worker, to apply on the UI thread."""

        def __init__(self, decision: Decision, action: Action) -> None:
            super().__init__()
            self.decision = decision
            self.action = action

    class HintReady(Message):
        def __init__(self, decision: Decision, option: Action | None, reason: str) -> None:
            super().__init__()
            self.decision = decision
            self.option = option
            self.reason = reason

    def __init__(self, controller: TableController) -> None:
        super().__init__()
        self.controller = controller
        self.arrangement = HandArrangement()
        self.question: Question | None = None
        self.opening_hidden: list[int] = []
        self.round_done_shown = False
        self._focus_after_resume: object = None
        self._last_focus: str | None = None
        self.teaching_hints: bool | None = None
        self.leave_to: str | None = None
        """Where Esc at a round's end goes, in words, when not the main menu (a lesson's coached
        round: "back to the lesson"); it goes there without asking, as the words say."""
        """Nudges at each decision: None follows the setting (a lesson sets True)."""
        self._nudged: Decision | None = None
        """The decision whose nudge is shown: the next H gives the move."""
        self._hinted_marks: frozenset[int] | None = None
        """The opening's hidden cards as the shown hint marked them (changing them drops it)."""
        self._seat_states: dict[int, dict[str, Any]] = {}
        """At a hot-seat table, each human's own table state (arrangement, marks, cursor)."""
        self._turn_over_shown = False
        """The returning player is reading "Your turn is over" (Enter goes on)."""
        self._resumed_note = ""
        """At a hot-seat table opened by Continue, the notice for after the first hand-over."""
        self._ai_cover: PassScreen | None = None
        """At a hot-seat table, the cover up while the computers play (see `_cover_table`)."""
        self._after_cover: Callable[[object], None] | None = None
        """What the cover's Enter does once it has been turned into a pass screen."""

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        deck = self.controller.deck
        with Horizontal(id="table"):
            with Vertical(id="table-left"):
                with VerticalScroll(id="opponents-box", classes="pane"):
                    yield OpponentsPane(deck, id="opponents")
                yield PilePane(deck, id="pile", classes="pane")
                yield LogPane(id="log", classes="pane")
            with Vertical(id="table-right"):
                with VerticalScroll(id="hand-box", classes="pane"):
                    yield HandPane(deck, id="hand")
                with Vertical(id="question-box", classes="pane"):
                    yield QuestionPane(id="question")
        yield Footer()

    def on_mount(self) -> None:
        self.app.game_in_progress = True
        opponents_box = self.query_one("#opponents-box", VerticalScroll)
        self._title_opponents()
        opponents_box.can_focus = True
        self.watch(opponents_box, "scroll_y", lambda _: self._title_opponents(), init=False)
        self.query_one("#pile").border_title = "Table"
        self.query_one("#log").border_title = "Log"
        self.query_one("#hand-box").border_title = "Your cards · precedents"
        self.query_one("#question-box").border_title = "Your move"
        self.query_one("#hand-box").can_focus = False
        self.query_one("#question-box").can_focus = False
        if self.controller.save_problem:
            self.notify(self.controller.save_problem, severity="warning", timeout=8)
            self.controller.save_problem = None
        if self.controller.in_round and self.controller.hot_seat:
            # Nothing of anyone's cards is drawn before the pass screen is answered; the note
            # waits for it too (a notice raised under the pass screen stayed on the table).
            self._load_seat_states()
            name = self.controller.backend.name
            self._resumed_note = f"{name}: round {self.controller.round_number} resumed."
            self.advance()
        elif self.controller.in_round:
            self._restore_table_state()
            self._relog_round()
            self.advance()
            self._restore_focus()
            name = self.controller.backend.name
            self.notify(f"{name}: round {self.controller.round_number} resumed.", timeout=3)
        elif self.controller.is_game_over():
            self.call_after_refresh(self.show_game_over)
        else:
            self.start_round()

    # -- the flow of a round ------------------------------------------------------------------

    def start_round(self) -> None:
        ctl = self.controller
        ctl.start_round()
        self.arrangement = HandArrangement()
        self.opening_hidden = []
        self.round_done_shown = False
        ctl.session.new_round()  # hot-seat: the first to decide is called first
        self._seat_states = {}
        self.log_lines([ctl.round_heading()])
        self.advance()

    def _restore_table_state(self) -> None:
        """Your arrangement of cards (and opening marks) as saved with the round in progress."""
        ctl = self.controller
        state = self._seat_states.get(ctl.viewer, {}) if ctl.hot_seat else ctl.table_state
        self.arrangement = HandArrangement.from_json(state)
        self.opening_hidden = []
        hand = set(self.controller.rnd.hand(ctl.viewer))
        marked = state.get("opening_hidden", [])
        if isinstance(marked, list):
            self.opening_hidden = [c for c in marked if type(c) is int and c in hand][:2]
        cursor = state.get("cursor")
        if type(cursor) is int and cursor in hand:
            self.query_one(HandPane).cursor_card = cursor
        self._focus_after_resume = state.get("focus")
        self._last_focus = str(state["focus"]) if state.get("focus") in _PANE_NAMES else None

    # -- hot-seat: handing the keyboard over ----------------------------------------------------

    def _load_seat_states(self) -> None:
        """Each human's table state as kept with the round (hot-seat: one per seat)."""
        seats = self.controller.table_state.get("seats")
        self._seat_states = {}
        if isinstance(seats, dict):
            for key, state in seats.items():
                if str(key).isdigit() and isinstance(state, dict):
                    self._seat_states[int(key)] = state

    @property
    def shown_viewer(self) -> int | None:
        """At a hot-seat table, the human whose cards are on screen (None: nobody's, while a
        pass screen or the cover is up, at the start of a round or on Continue)."""
        return self.controller.session.handover.at_screen

    def _hide_table(self) -> None:
        """Before a pass screen or the cover: the last person's arrangement is kept, and their
        question and hint go."""
        self.keep_table_state()
        self.workers.cancel_group(self, "hint")
        self.question = None

    def _pass_to(self, step: Pass) -> None:
        """Cover the table with the pass screen; the cards of `step.seat` are drawn after
        Enter (the handover policy chose whom to call and why: `civio_tui.session`)."""
        from civio_tui.screens.pass_device import PassScreen

        ctl = self.controller

        def shown(_: object) -> None:
            ctl.session.arrived(step)
            self._show_viewer(step.seat)
            if self._resumed_note:
                # After the table is back on screen: raised while the screens switch, the
                # notice's timer never ran and it stayed over the opponents.
                self.set_timer(0.1, lambda note=self._resumed_note: self.notify(note, timeout=3))
                self._resumed_note = ""
            if step.returning:
                self._show_turn_over()
            else:
                self.advance()

        name = ctl.names[step.seat]
        cover = self._ai_cover
        if cover is not None:
            # The computers are done: their cover calls the next person, with no moment
            # in between where the table shows.
            self._after_cover = shown
            cover.leaving_words = ctl.leaving_words()
            cover.call(name, step.reason)
            return
        self.app.push_screen(
            PassScreen(
                name,
                leave=lambda: self.leave(confirm=False),
                leaving_words=ctl.leaving_words(),
                reason=step.reason,
            ),
            shown,
        )

    def _cover_table(self) -> None:
        """Hide everyone's cards while the computers play (hot-seat): the person who just
        played may have left the screen, and the next one must not read their hand. The cover
        stays until a person decides (it then calls them, `_pass_to`) or the round is over."""
        from civio_tui.screens.pass_device import PassScreen

        if self._ai_cover is not None:
            return
        ctl = self.controller
        # Nothing of theirs is kept drawn behind the cover either: the panes are emptied.
        self.arrangement = HandArrangement()
        self.query_one("#table").display = False
        cover = PassScreen(
            None, leave=lambda: self.leave(confirm=False), leaving_words=ctl.leaving_words()
        )
        self._ai_cover = cover

        def lifted(result: object) -> None:
            self._ai_cover = None
            then, self._after_cover = self._after_cover, None
            if then is not None:
                then(result)

        self.app.push_screen(cover, lifted)

    def _lift_cover(self) -> None:
        """The round is over while the computers played: every hand is shown in the results,
        so the cover goes and the table is drawn again for the last person shown."""
        if self._ai_cover is None:
            return
        self._ai_cover, self._after_cover = None, None
        self.app.pop_screen()  # not dismiss: nobody is called
        self._show_viewer(self.controller.viewer)

    def _show_turn_over(self) -> None:
        """The returning player's table with nothing to decide: Enter goes on."""
        self.refresh_panes()
        self._turn_over_shown = True
        self.query_one("#question-box").border_title = "Your turn is over"
        pane = self.query_one(QuestionPane)
        pane.ask("Your turn is over.", [Content("Go on")])
        pane.options_list.focus()

    def _show_viewer(self, seat: int) -> None:
        """Draw the table for `seat` from now on: their arrangement, their log."""
        self.query_one("#table").display = True
        self._nudged = None
        self._hinted_marks = None
        self.query_one(QuestionPane).show_hint("")
        self._restore_table_state()
        self._relog_round()
        self.query_one(QuestionPane).options_list.focus()

    def _restore_focus(self) -> None:
        # Only Your cards gets its focus back: a game that reopens on the log or the opponents,
        # where Enter does nothing, looks stuck. Otherwise the question has it, as in play.
        if self._focus_after_resume == "hand":
            hand = self.query_one(HandPane)
            if hand.display:
                hand.focus()

    def keep_table_state(self, *, save: bool = True) -> None:
        """Keep how the table looks (your arrangement, the cursor in it, the pane in focus)
        with the round in progress. With `save` (leaving, quitting, a handover) it is saved
        now if it changed; without (a redraw) it is kept in memory and goes to disk with the
        next move's save, so drawing the table never writes. At a hot-seat table each human's
        is kept apart ({"viewer": seat, "seats": {seat: state}})."""
        ctl = self.controller
        keep = ctl.keep_table_state if save else ctl.note_table_state
        if ctl.hot_seat:
            if self.shown_viewer == ctl.viewer:
                self._seat_states[ctl.viewer] = self._table_state()
            seats = {str(seat): state for seat, state in sorted(self._seat_states.items())}
            keep({"viewer": ctl.viewer, "seats": seats})
            return
        keep(self._table_state())

    def _table_state(self) -> dict[str, Any]:
        """The state of the table as the viewer left it (see keep_table_state)."""
        state: dict[str, Any] = dict(self.arrangement.to_json())
        if self.opening_hidden:
            state["opening_hidden"] = list(self.opening_hidden)
        cursor = self.query_one(HandPane).cursor_card
        if cursor is not None:
            state["cursor"] = cursor
        focused = [name for name, p in zip(_PANE_NAMES, self._panes(), strict=True) if p.has_focus]
        # While others play nothing has focus: the pane you left keeps it.
        self._last_focus = focused[0] if focused else self._last_focus
        if self._last_focus is not None:
            state["focus"] = self._last_focus
        return state

    def advance(self, *, redraw: bool = True) -> None:
        """Redraw from the engine, then ask the human or let the next AI move."""
        ctl = self.controller
        handover, moment = ctl.session.handover, ctl.session.moment()
        step = handover.decide(moment)
        if isinstance(step, Pass) or (isinstance(step, Cover) and self._ai_cover is None):
            self._hide_table()
        handover.take(step, moment)
        if isinstance(step, Pass):
            self._pass_to(step)
            return
        covered = isinstance(step, Cover)
        if covered:
            self._cover_table()
        elif isinstance(step, Over):
            self._lift_cover()
        if redraw:
            self.refresh_panes()
        if ctl.rnd.is_over:
            self.question = None
            self.query_one("#question-box").border_title = "Round over"
            last = "See the final table" if ctl.is_game_over() else "Deal the next round"
            self.query_one(QuestionPane).ask(
                "The round is over.", [Content("See the round's results"), Content(last)]
            )
            self.query_one(QuestionPane).options_list.focus()
            if not self.round_done_shown:
                self.round_done_shown = True
                self.set_timer(0.4 if self.app.settings.ai_delay else 0.01, self.show_round_end)
            return
        if ctl.viewer_to_move():
            self.ask_human()
        else:
            self.question = None
            if redraw:
                self.query_one("#question-box").border_title = "Waiting"
                self.query_one(QuestionPane).wait(Content.styled(ctl.waiting_text(), "italic"))
            # The view, decision and RNG are taken here, on the UI thread, like the hint's: the
            # worker never reads the live round.
            self.run_ai(ctl.ai_choice(), covered=covered)

    @staticmethod
    def ai_pause(decision: Decision, delay: float) -> float:
        """Seconds to wait before an AI's step. Silent steps are not paced: the opening choice
        (nothing to watch) and a CIVIO offer, which comes only when the hand goes out: a pause
        there would tell everyone so, even when the AI plays on."""
        if decision.kind in (DecisionKind.FACE_UP, DecisionKind.CIVIO):
            return 0.0
        return delay

    @work(thread=True, exclusive=True, group="ai")
    def run_ai(self, pending: PendingChoice, *, covered: bool = False) -> None:
        # Behind the hot-seat cover there is nothing to watch: the moves are read in the log.
        pause = 0.0 if covered else self.ai_pause(pending.decision, self.app.settings.ai_delay)
        if pause:
            time.sleep(pause)
        self.post_message(self.AIChose(pending.decision, pending.choose()))

    @on(AIChose)
    def apply_ai(self, message: AIChose) -> None:
        if self.controller.round is None or self.controller.decision is not message.decision:
            return
        self.apply_action(message.action)

    def apply_action(self, action: Action) -> None:
        lines = self.controller.apply(action)
        self.log_lines(lines)
        if self.controller.save_problem:
            self.notify(self.controller.save_problem, severity="warning", timeout=8)
            self.controller.save_problem = None
        # At instant speed, AI steps in a row are drawn once, when the human is asked again. An
        # opponent's CIVIO offer is never drawn: the table stays as it was until its answer.
        instant = not self.app.settings.ai_delay
        ctl = self.controller
        self.advance(redraw=not ((instant and ctl.ai_to_move()) or ctl.ai_civio_pending()))

    def show_round_end(self) -> None:
        from civio_tui.screens.civio.round_end import RoundEndScreen

        summary = self.controller.round_summary()
        for seat in self.controller.humans:
            summary = self._in_their_order(summary, seat)

        def after(choice: str | None) -> None:
            if choice == "menu":
                self.leave(confirm=self.leave_to is None)
            else:
                self.next_after_round()

        session = getattr(self.controller.backend, "session", None)  # saved games replay
        campaign = session.campaign if session is not None else None
        leave = self.leave_to or "main menu"
        screen = RoundEndScreen(
            self.controller.deck,
            summary,
            campaign,
            leave=leave,
            humans=tuple(self.controller.humans),
        )
        self.app.push_screen(screen, after)

    def _in_their_order(self, summary: RoundSummary, seat: int) -> RoundSummary:
        """A human's precedents and cards in the results as they arranged them (the engine
        scores its own order of the same cards)."""
        ctl = self.controller
        arrangement = self.arrangement
        if seat != ctl.viewer:
            arrangement = HandArrangement.from_json(self._seat_states.get(seat, {}))
        mine = summary.seats[seat]
        arrangement.sync(mine.hand)
        place = {card: i for i, card in enumerate(arrangement.cards)}
        mine = replace(
            mine,
            precedents=arrangement.ordered_like_mine(ctl.deck, mine.precedents),
            hand=tuple(sorted(mine.hand, key=lambda c: place.get(c, len(place)))),
        )
        seats = list(summary.seats)
        seats[seat] = mine
        return replace(summary, seats=tuple(seats))

    def next_after_round(self) -> None:
        if self.controller.is_game_over():
            self.show_game_over()
        else:
            self.start_round()

    def show_game_over(self) -> None:
        from civio_tui.screens.civio.game_over import GameOverScreen

        def after(_: object) -> None:
            self.leave(confirm=False)

        self.app.game_in_progress = False
        self.app.push_screen(GameOverScreen(self.controller), after)

    # -- drawing ------------------------------------------------------------------------------

    def refresh_panes(self) -> None:
        ctl = self.controller
        if ctl.hot_seat and self.shown_viewer != ctl.viewer:
            return  # the pass screen is up: nobody's cards are drawn until it is answered
        view = ctl.view()
        deck = ctl.deck
        decision = ctl.decision
        shown = ctl.shown_decision()
        acting = shown.seat if shown is not None else None
        opponents = [
            OpponentInfo(seat, ctl.names[seat], ctl.levels[seat])
            for seat in range(len(ctl.names))
            if seat != ctl.viewer
        ]
        self.query_one(OpponentsPane).show(view, opponents, acting, self._opponent_room())
        self.call_after_refresh(self._title_opponents)
        self.query_one(PilePane).show(view)
        hand = view.hand
        self.arrangement.sync(hand)
        opening = decision is not None and decision.kind is DecisionKind.FACE_UP
        # Judged at the opening too: what to hide is chosen while seeing what links.
        status = self.arrangement.status(deck, hand, ctl.rules)
        pickable: set[int] = set()
        if decision is not None and decision.seat == ctl.viewer and not opening:
            pickable = {
                a.card
                for a in decision.options
                if a.card is not None and a.kind in ("discard", "reveal", "overrule")
            }
        known_by = {
            card: ", ".join(ctl.names[s] for s in seats) for card, seats in view.known_by.items()
        }
        new = (
            _newest_card(decision) if decision is not None and decision.seat == ctl.viewer else None
        )
        state = HandState(
            hidden=frozenset(self.opening_hidden if opening else view.hidden),
            pickable=frozenset(pickable),
            new=new,
            known_by=known_by,
            mode="opening"
            if opening and decision is not None and decision.seat == ctl.viewer
            else "arrange",
            table=_table_cards(view),
        )
        self.query_one(HandPane).show(self.arrangement, status, state)
        self.keep_table_state(save=False)
        totals = ctl.totals()
        from cards.ranks import rank_for

        me = totals[ctl.viewer]
        name = ctl.human_name
        whose = "Your cards" if name == "You" else f"{name}'s cards"
        box = self.query_one("#hand-box")
        title = f"{whose} · {pts(me)} · {rank_for(me)}"
        if len(title) > box.size.width - 4 and name != "You":
            title = f"{name} · {pts(me)} · {rank_for(me)}"  # a long name keeps the rank whole
        box.border_title = title
        of = f" of {ctl.max_rounds}" if ctl.max_rounds is not None else ""
        self.sub_title = f"Round {ctl.round_number}{of} · turn {view.turn}"

    def _opponent_room(self) -> int:
        """The lines the opponents may take without scrolling: their box's max-height share of
        the column (table.tcss), less its border."""
        rows = self.size.height - 1  # the footer
        short = self.size.height < SHORT_HEIGHT
        return int(rows * 0.6) - (1 if short else 2)

    def on_resize(self) -> None:
        if self.controller.round is not None:
            self.call_after_refresh(self.refresh_panes)

    def _title_opponents(self) -> None:
        box = self.query_one("#opponents-box", VerticalScroll)
        more = box.max_scroll_y > 0 and box.scroll_y < box.max_scroll_y
        title = "Opponents ↓ more" if more else "Opponents"
        if self.controller.practice:
            # The top of the table says it: moves can be taken back, nothing is at stake.
            title = f"Practice · {title}" if more else f"Practice game · {title}"
        box.border_title = title

    def _relog_round(self) -> None:
        """The round's whole log, its heading included, as when it was played: on resuming
        the table looks exactly as it was left, and after a take-back as it was then."""
        self.query_one(LogPane).clear()
        self.log_lines([self.controller.round_heading()])
        self.log_lines(self.controller.all_log_lines())

    def log_lines(self, lines: list[str]) -> None:
        human = self.controller.human_name
        # Lines about you stand out: your name, or "you" anywhere in the sentence.
        about_you = re.compile(
            rf"(?<!\w)({re.escape(human)}|you)(?!\w)", 0 if human == "You" else re.IGNORECASE
        )
        styled = []
        for line in lines:
            if line.startswith("—"):
                styled.append(Content.styled(line, "bold underline"))
            elif about_you.search(line):
                styled.append(Content.styled(line, "bold"))
            else:
                styled.append(Content(line))
        self.query_one(LogPane).add(styled)

    # -- the human's decisions ----------------------------------------------------------------

    def ask_human(self) -> None:
        ctl = self.controller
        question = self._in_hand_order(ctl.question())
        previous, self.question = self.question, question
        box = self.query_one("#question-box")
        box.border_title = f"Your move: {question.title}"
        pane = self.query_one(QuestionPane)
        new_decision = previous is None or previous.decision is not question.decision
        if new_decision:
            pane.show_hint("")
            self._nudged = None
            self._hinted_marks = None
        if question.decision.kind is DecisionKind.FACE_UP:
            self._ask_opening(question)
        else:
            tip = self._tip(question)
            deck = self.controller.deck
            shorts = [
                with_short_name(o.text, deck[o.card]) if o.card is not None else None
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
            self.show_nudge(question.decision, log=False)

    def _in_hand_order(self, question: Question | None) -> Question:
        """The question with its card options in the order of Your cards (a card just drawn
        first), so the list reads like the pane beside it."""
        assert question is not None
        if question.decision.kind not in _CARD_QUESTIONS:
            return question
        self.arrangement.sync(self.controller.rnd.hand(self.controller.viewer))
        place = {card: i for i, card in enumerate(self.arrangement.cards)}
        newest = _newest_card(question.decision)

        def key(option: OptionLabel) -> tuple[bool, int]:
            # Options with no card of yours ("Accept", "Done") stay last, in their order.
            where = len(place) if option.card is None else place.get(option.card, len(place))
            return (option.card is None or option.card != newest, where)

        return replace(question, options=tuple(sorted(question.options, key=key)))

    def _tip(self, question: Question) -> str:
        if not self.app.settings.table_tips:
            return ""
        count = len(question.options)
        keys = f"1-{count}" if count > 1 else "1"
        tip = f"Press {keys}, or ↑↓ and Enter. H asks for a hint."
        if question.decision.kind in (DecisionKind.DISCARD, DecisionKind.REVEAL):
            tip += " Or pick the card in Your cards."
        return f"{question.note}\n{tip}" if question.note else tip

    def _ask_opening(self, question: Question) -> None:
        hidden = set(self.opening_hidden)
        options = []
        for option in question.options:
            assert option.card is not None
            if option.card in hidden:
                options.append(Content.assemble(("▒ ", "bold"), option.text.stylize("bold")))
            else:
                options.append(Content.assemble("  ", option.text))
        chosen = len(hidden)
        if chosen == MAX_OPENING_HIDDEN:
            options.append(Content.styled("Done: lay the other 5 face up", "bold"))
        else:
            more = MAX_OPENING_HIDDEN - chosen
            options.append(Content.styled(f"Done (mark {more} more to keep hidden)", "dim"))
        tip = ""
        if self.app.settings.table_tips:
            tip = "Press 1-7 (or Enter) to mark or unmark a card; 8 when done."
        self.query_one(QuestionPane).ask(question.prompt, options, tip)

    def pick(self, index: int) -> None:
        """Answer the question with its option `index` (0-based)."""
        if self._turn_over_shown:
            if index == 0:
                self._turn_over_shown = False
                self.advance()
            return
        if self.controller.round is not None and self.controller.rnd.is_over:
            if index == 0:
                self.show_round_end()
            elif index == 1:
                self.next_after_round()
            return
        question = self.question
        if question is None or not self.controller.viewer_to_move():
            return
        if question.decision.kind is DecisionKind.FACE_UP:
            self._pick_opening(index)
            return
        if not 0 <= index < len(question.options):
            return
        action = question.options[index].action
        if action is not None:
            self.apply_action(action)

    def _pick_opening(self, index: int) -> None:
        question = self.question
        assert question is not None
        cards = [o.card for o in question.options if o.card is not None]
        if index < len(cards):
            self._toggle_hidden(cards[index])
            return
        if index != len(cards):
            return
        more = MAX_OPENING_HIDDEN - len(self.opening_hidden)
        if more:
            self.notify(f"Mark {more} more card{'s' if more > 1 else ''} to keep hidden first.")
            return
        action = self.controller.face_up_action(question.decision, set(self.opening_hidden))
        if action is not None:
            self.apply_action(action)

    def _toggle_hidden(self, card: int) -> None:
        if self._hinted_marks is not None:
            # The hint said which cards to mark: once the marks change it no longer holds.
            self._hinted_marks = None
            self.query_one(QuestionPane).show_hint("")
        if card in self.opening_hidden:
            self.opening_hidden.remove(card)
        else:
            self.opening_hidden.append(card)
            if len(self.opening_hidden) > MAX_OPENING_HIDDEN:
                unmarked = self.opening_hidden.pop(0)
                name = self.controller.deck[unmarked].name
                self.notify(
                    f"Only {MAX_OPENING_HIDDEN} cards stay hidden: {name} will go face up instead."
                )
        self.refresh_panes()
        if self.question is not None:
            pane = self.query_one(QuestionPane)
            highlighted = pane.options_list.highlighted
            self._ask_opening(self.question)
            if len(self.opening_hidden) == MAX_OPENING_HIDDEN:
                pane.highlight(len(self.question.options))
            elif highlighted is not None:
                pane.highlight(highlighted)

    @on(NavList.OptionSelected, "#question-options")
    def option_chosen(self, event: NavList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option_index)

    def action_pick(self, number: int) -> None:
        self.pick(number - 1)

    @on(HandPane.CardPicked)
    def card_picked(self, event: HandPane.CardPicked) -> None:
        question = self.question
        if question is None:
            return
        if question.decision.kind is DecisionKind.FACE_UP:
            self._toggle_hidden(event.card)
            return
        for option in question.options:
            if option.card == event.card and option.action is not None:
                self.apply_action(option.action)
                return

    @on(HandPane.Moved)
    def hand_moved(self) -> None:
        self.refresh_panes()
        # The question's card options follow the new order of Your cards.
        question = self.question
        if question is not None and question.decision.kind in _CARD_QUESTIONS:
            self.ask_human()

    @on(HandPane.PickHeld)
    def pick_held(self, event: HandPane.PickHeld) -> None:
        """Enter on a card just after a question came while you arranged: say what the next
        Enter will do instead of doing it."""
        question = self.question
        option = (
            next((o for o in question.options if o.card == event.card), None) if question else None
        )
        if question is None or option is None:
            return
        self.query_one(QuestionPane).show_hint(
            Content.assemble((f"{question.title}. ", "bold $accent"), "Enter again: ", option.text)
        )

    @on(HandPane.DetailRequested)
    def hand_detail(self, event: HandPane.DetailRequested) -> None:
        self.open_detail(self.arrangement.cards, event.card, " in your hand")

    def action_arrange(self) -> None:
        view = self.controller.view()
        if len(view.hand) < 3:
            self.notify("Arrange once your 7 cards are dealt.")
            return
        message = self.arrangement.arrange_best(
            self.controller.deck, view.hand, self.controller.rules
        )
        self.refresh_panes()
        self.notify(message, timeout=4)

    # -- looking at cards ---------------------------------------------------------------------

    def open_detail(self, cards: list[int], card: int, context: str) -> None:
        from civio_tui.screens.card_detail import CardDetailScreen

        if card in cards:
            self.app.push_screen(CardDetailScreen(cards, cards.index(card), context=context))

    def _highlighted_card(self) -> tuple[list[int], int, str] | None:
        """The card `i` and `e` are about: the one highlighted in Your cards when it has focus,
        else the question's highlighted card option, else Your cards' cursor; with the list
        it was found in."""
        hand = self.query_one(HandPane)
        if self.focused is hand and hand.cursor_card is not None:
            return self.arrangement.cards, hand.cursor_card, " in your hand"
        pane = self.query_one(QuestionPane)
        question = self.question
        highlighted = pane.options_list.highlighted
        if question is not None and highlighted is not None and highlighted < len(question.options):
            cards = [o.card for o in question.options if o.card is not None]
            card = question.options[highlighted].card
            if card is not None:
                return cards, card, " in this question"
        if hand.cursor_card is not None:
            return self.arrangement.cards, hand.cursor_card, " in your hand"
        return None

    def action_detail(self) -> None:
        found = self._highlighted_card()
        if found is not None:
            self.open_detail(*found)

    def action_explain(self) -> None:
        from civio_tui.screens.links import LinksScreen

        found = self._highlighted_card()
        if found is not None:
            self.app.push_screen(LinksScreen(found[1], self.controller.deck))

    def action_discard_pile(self) -> None:
        from civio_tui.screens.civio.table_cards import TableCardsScreen

        self.app.push_screen(TableCardsScreen(self.controller))

    def _panes(self) -> list[Widget]:
        # Tab goes from the question to your cards, then the log and the opponents.
        return [
            self.query_one(QuestionPane).options_list,
            self.query_one(HandPane),
            self.query_one(LogPane),
            self.query_one("#opponents-box"),
        ]

    def action_cycle_pane(self, step: int) -> None:
        panes = [p for p in self._panes() if p.display and p.focusable]
        if not panes:
            return
        current = next((i for i, p in enumerate(panes) if p.has_focus), -1)
        panes[(current + step) % len(panes)].focus()

    def action_focus_log(self) -> None:
        self.query_one(LogPane).focus()

    # -- hints --------------------------------------------------------------------------------

    def action_hint(self) -> None:
        question = self.question
        if question is None or not self.controller.viewer_to_move():
            self.notify("A hint is for your own decisions: wait for your move.")
            return
        if self._nudged is not question.decision and self.show_nudge(question.decision):
            return  # the idea first; H again gives the move
        hint = _hint_function()
        pane = self.query_one(QuestionPane)
        if hint is None:
            pane.show_hint(Content.styled("No hint is available in this version.", "italic"))
            return
        pane.show_hint(Content.styled("Thinking about a hint…", "italic"))
        # The view is taken here, on the UI thread: the worker must not read the live round.
        self.compute_hint(hint, self.controller.view(), question.decision, self.controller.names)

    def show_nudge(self, decision: Decision, *, log: bool = True) -> bool:
        """Show what to look at for `decision` without the move (ai.civio.hint.nudge); False when
        there is no nudge to give."""
        nudge = _nudge_function()
        if nudge is None:
            return False
        ctl = self.controller
        try:
            text = str(nudge(ctl.view(), decision, deck=ctl.deck, seat_names=ctl.names))
        except Exception:  # a nudge must never take the game down: H then gives the move
            return False
        if not text:
            return False
        self._nudged = decision
        self.query_one(QuestionPane).show_hint(
            Content.assemble(("Think: ", "bold $accent"), text, ("  (H again: the move)", "dim"))
        )
        if log:
            self._log_hint(f"Think: {text}")
        return True

    def _log_hint(self, text: str) -> None:
        """A hint stays in the log, whole, after the question pane has moved on."""
        self.query_one(LogPane).add([Content.styled(text, "italic")])

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(
        self,
        hint: Callable[..., tuple[Action, str]],
        view: PlayerView,
        decision: Decision,
        names: list[str],
    ) -> None:
        try:
            option, reason = hint(view, decision, deck=self.controller.deck, seat_names=names)
        except Exception as exc:  # a hint must never take the game down
            self.post_message(self.HintReady(decision, None, f"No hint this time ({exc})."))
            return
        self.post_message(self.HintReady(decision, option, str(reason)))

    @on(HintReady)
    def hint_ready(self, message: HintReady) -> None:
        question = self.question
        if question is None or question.decision is not message.decision:
            return
        pane = self.query_one(QuestionPane)
        option = message.option
        if option is None or option not in question.decision.options:
            pane.show_hint(Content.styled(message.reason or "No hint this time.", "italic"))
            return
        if question.decision.kind is DecisionKind.FACE_UP:
            # The hint marks the 2 cards to keep hidden; Done is highlighted.
            hand = self.controller.rnd.hand(self.controller.viewer)
            self.opening_hidden = [c for c in hand if c not in option.cards]
            self._toggle_refresh()
            self._hinted_marks = frozenset(self.opening_hidden)
            where = "Hint (marked)"
        else:
            index = next((i for i, o in enumerate(question.options) if o.action == option), 0)
            pane.highlight(index)
            pane.options_list.focus()
            where = f"Hint ({index + 1})"
        pane.show_hint(Content.assemble((f"{where}: ", "bold $accent"), message.reason))
        self._log_hint(f"{where}: {message.reason}")

    def _toggle_refresh(self) -> None:
        self.refresh_panes()
        if self.question is not None:
            self._ask_opening(self.question)
            self.query_one(QuestionPane).highlight(len(self.question.options))

    # -- taking back (practice games) ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.controller.practice  # moves are final in other games: no key at all
        return super().check_action(action, parameters)

    def action_take_back(self) -> None:
        ctl = self.controller
        if ctl.round is None or ctl.rnd.is_over:
            self.notify("The round is over: its moves stand.")
            return
        if not ctl.viewer_to_move() or self.question is None:
            self.notify("Take back a move on your own turn: wait for your move.")
            return
        if not ctl.take_back():
            self.notify("Nothing to take back yet in this round.")
            return
        self.workers.cancel_group(self, "hint")
        self.opening_hidden = []
        self._relog_round()
        if ctl.save_problem:
            self.notify(ctl.save_problem, severity="warning", timeout=8)
            ctl.save_problem = None
        self.advance()
        self.notify("Took back your last move.", timeout=2)

    # -- leaving ------------------------------------------------------------------------------

    def action_leave_table(self) -> None:
        self.leave(confirm=True)

    def action_back(self) -> None:
        self.leave(confirm=True)

    def leave(self, *, confirm: bool) -> None:
        if not confirm or not self.app.settings.confirm_quit or self.controller.is_game_over():
            self._close()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self._close()

        message = self.controller.leaving_words()
        self.app.push_screen(
            ConfirmScreen("Leave this game?", message, yes="Leave", no="Keep playing"), answer
        )

    def _close(self) -> None:
        self.keep_table_state()
        self.workers.cancel_group(self, "ai")
        self.app.game_in_progress = False
        self.dismiss(None)


def _newest_card(decision: Decision) -> int | None:
    """The card that just came into the deciding hand: the one confiscated when the question
    follows a confiscation, else the one drawn this turn (None when neither)."""
    if decision.stage == "after_confiscation":
        return decision.confiscated
    return decision.drawn if decision.stage == "main" else None


def _hint_function() -> Callable[..., tuple[Action, str]] | None:
    """`ai.civio.hint.hint(view, decision, deck=None, seat_names=None) -> (option, reason)`, or None
    when the AI package does not offer it (or it cannot be imported: the game plays on without
    hints)."""
    try:
        from ai.civio.hint import hint
    except Exception:
        return None
    return hint


def _table_cards(view: PlayerView) -> tuple[int, ...]:
    """The cards anyone can see on the table: the discard pile's top and opponents' face-up."""
    seen = [c for p in view.opponents() for c in p.face_up]
    return (*view.discard_pile[-1:], *seen)


def _nudge_function() -> Callable[..., str] | None:
    """`ai.civio.hint.nudge(view, decision, deck=None, seat_names=None) -> str`, or None when the AI
    package does not offer it (H then goes straight to the move)."""
    try:
        from ai.civio.hint import nudge
    except Exception:
        return None
    return nudge
