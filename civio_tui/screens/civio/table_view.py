"""The table's panes as the viewer sees them: the opponents, the table (discard pile and
supply), the log on the left; Your cards and the question on the right. Drawn from the
controller's state for its viewer (`show`); the screen decides when (never while a pass screen
or the hot-seat cover is up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widget import Widget

from cards.games.civio.actions import DecisionKind
from cards.games.civio.view import PlayerView
from cards.ranks import rank_for
from civio_tui.arrangement import HandArrangement
from civio_tui.last_moves import last_moves
from civio_tui.questions import Question, newest_card
from civio_tui.widgets.cards import pts
from civio_tui.widgets.hand import HandPane, HandState
from civio_tui.widgets.log_pane import LogPane
from civio_tui.widgets.question import QuestionPane
from civio_tui.widgets.redraw import retitle
from civio_tui.widgets.table_panes import OpponentInfo, OpponentsPane, PilePane, pile_title

if TYPE_CHECKING:
    from civio_tui.table_controller import TableController

SHORT_HEIGHT = 32
"""Terminals shorter than this get the short layout (table.tcss: `-short`)."""
_PICKED = ("discard", "reveal", "overrule")
"""The kinds of option answered by picking a card in Your cards."""


class TableView(Horizontal):
    """The panes of the table (see the module docstring)."""

    def __init__(self, controller: TableController) -> None:
        super().__init__(id="table")
        self.controller = controller

    def compose(self) -> ComposeResult:
        deck = self.controller.deck
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

    def on_mount(self) -> None:
        opponents_box = self.query_one("#opponents-box", VerticalScroll)
        self.title_opponents()
        opponents_box.can_focus = True
        self.watch(opponents_box, "scroll_y", lambda _: self.title_opponents(), init=False)
        titles = {"#pile": "Table", "#log": "Log", "#hand-box": "Your cards · precedents"}
        for pane, title in {**titles, "#question-box": "Your move"}.items():
            self.query_one(pane).border_title = title
        self.query_one("#hand-box").can_focus = False
        self.query_one("#question-box").can_focus = False

    def panes(self) -> list[Widget]:
        """The panes Tab moves between: the question, your cards, the log, the opponents."""
        question = self.query_one(QuestionPane).options_list
        opponents = self.query_one("#opponents-box")
        return [question, self.query_one(HandPane), self.query_one(LogPane), opponents]

    def card_in_focus(
        self, hand: list[int], question: Question | None
    ) -> tuple[list[int], int, str] | None:
        """The card `i` and `e` are about: the focused pane's card, always. With the question's
        options in focus, the highlighted option's card (None when that option names no card,
        a blind pick: never one of your own instead); with Your cards in focus, or another
        pane, the card under Your cards' cursor. Returned with the list it was found in
        (`hand`: Your cards in their order) and where that is, in words."""
        pane = self.query_one(HandPane)
        options_list = self.query_one(QuestionPane).options_list
        if self.screen.focused is options_list:
            highlighted = options_list.highlighted
            options = question.options if question is not None else ()
            if highlighted is None or highlighted >= len(options):
                return None
            card = options[highlighted].card
            if card is None:
                return None
            return [o.card for o in options if o.card is not None], card, " in this question"
        if pane.cursor_card is not None:
            return hand, pane.cursor_card, " in your hand"
        return None

    def show(self, arrangement: HandArrangement, marks: list[int]) -> PlayerView:
        """Draw every pane for the viewer, Your cards in their `arrangement` (at the opening,
        the cards `marks`ed to keep hidden); returns the view drawn."""
        ctl = self.controller
        view = ctl.view()
        shown = ctl.shown_decision()
        acting = shown.seat if shown is not None else None
        seats = range(len(ctl.names))
        moves = last_moves(ctl.rnd.events)
        opponents = [
            OpponentInfo(s, ctl.names[s], ctl.levels[s], moves.get(s))
            for s in seats
            if s != ctl.viewer
        ]
        self.query_one(OpponentsPane).show(view, opponents, acting, self._opponent_room())
        self.call_after_refresh(self.title_opponents)
        pile = self.query_one(PilePane)
        pile.show(view)
        # A short terminal has no pile pane (table.tcss): the top discard is in the log's title,
        # and the rows saved go to the log, for a whole lap of four players.
        log = self.query_one(LogPane)
        if self.screen.size.height < SHORT_HEIGHT:
            width = self.query_one("#table-left").size.width or 32
            retitle(log, Content.assemble("Log · ", pile_title(ctl.deck, view, width - 10)))
        else:
            retitle(log, "Log")
        arrangement.sync(view.hand)
        # Judged at the opening too: what to hide is chosen while seeing what links.
        status = arrangement.status(ctl.deck, view.hand, ctl.rules)
        self.query_one(HandPane).show(arrangement, status, self._hand_state(view, marks))
        me, name = ctl.totals()[ctl.viewer], ctl.human_name
        whose = "Your cards" if name == "You" else f"{name}'s cards"
        box = self.query_one("#hand-box")
        title = f"{whose} · {pts(me)} · {rank_for(me)}"
        if len(title) > box.size.width - 4 and name != "You":
            title = f"{name} · {pts(me)} · {rank_for(me)}"  # a long name keeps the rank whole
        retitle(box, title)
        return view

    def _hand_state(self, view: PlayerView, marks: list[int]) -> HandState:
        """What Your cards marks: hidden cards (or the opening's marks), the cards that answer
        the question, the card just drawn, who knows which hidden card, the table's cards."""
        ctl = self.controller
        decision = ctl.viewer_decision()
        opening = ctl.decision is not None and ctl.decision.kind is DecisionKind.FACE_UP
        pickable: set[int] = set()
        if decision is not None and not opening:
            pickable = {
                o.card for o in decision.options if o.card is not None and o.kind in _PICKED
            }
        known_by = {c: ", ".join(ctl.names[s] for s in seats) for c, seats in view.known_by.items()}
        on_table = [c for p in view.opponents() for c in p.face_up]
        return HandState(
            hidden=frozenset(marks if opening else view.hidden),
            pickable=frozenset(pickable),
            new=newest_card(decision) if decision is not None else None,
            known_by=known_by,
            mode="opening" if opening and decision is not None else "arrange",
            table=(*view.discard_pile[-1:], *on_table),
        )

    def _opponent_room(self) -> int:
        """The lines the opponents may take without scrolling: their box's max-height share of
        the column (table.tcss), less its border."""
        height = self.screen.size.height
        return int((height - 1) * 0.6) - (1 if height < SHORT_HEIGHT else 2)

    def title_opponents(self) -> None:
        box = self.query_one("#opponents-box", VerticalScroll)
        more = box.max_scroll_y > 0 and box.scroll_y < box.max_scroll_y
        title = "Opponents ↓ more" if more else "Opponents"
        if self.controller.practice:
            # The top of the table says it: moves can be taken back, nothing is at stake.
            title = f"Practice · {title}" if more else f"Practice game · {title}"
        retitle(box, title)
