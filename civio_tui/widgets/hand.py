"""Your cards, laid out in precedents: each group says live whether it is valid, and why not.

Attributes down, messages up: the table screen hands this pane the hand, the arrangement and its
status (all judged by `cards/`); the pane draws them, moves its cursor, and posts messages when
the player moves a card, asks for a card's detail, or picks a card for the pending question.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region
from textual.message import Message

from cards.deck import Deck
from civio_tui import keymap
from civio_tui.arrangement import GROUP_NAMES, UNPLACED, HandArrangement, HandStatus
from civio_tui.widgets.cards import (
    HIDDEN_MARK,
    card_line,
    fit_line,
    links_line,
    links_lines,
    pts,
)
from civio_tui.widgets.redraw import RowsPane, repaint


@dataclass(frozen=True)
class HandState:
    """What the pane shows: set by the screen after every change."""

    hidden: frozenset[int]
    """Cards shown with the hidden mark (your 2 hidden cards, or the 2 you mark at the opening)."""
    pickable: frozenset[int]
    """Cards that answer the pending question when chosen here (Enter)."""
    new: int | None = None
    """The card just drawn, marked as new."""
    known_by: dict[int, str] | None = None
    """For hidden cards others know: who knows them."""
    mode: str = "arrange"
    """`arrange`, or `opening` (Enter marks a card to keep hidden)."""
    table: tuple[int, ...] = ()
    """Cards on the table (the discard pile's top, opponents' face-up cards): the links line
    under the highlighted card names those it can join too."""


class HandPane(RowsPane, can_focus=True):
    """Three groups (Precedent A, Precedent B, Not placed) of your cards, with a cursor."""

    FALLBACK_WIDTH = 60
    DEFAULT_CSS = """
    HandPane {
        height: auto;
        width: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings(
            "nav.up",
            "nav.down",
            "nav.first",
            "nav.last",
            "hand.group_left",
            "hand.group_right",
            "hand.group_right_vi",
            "hand.raise",
            "hand.lower",
        ),
        # Enter answers the question with the highlighted card when it can (shown in the
        # footer), else opens the card in full (as `i` does).
        Binding("enter,space", "act", "Pick", id="hand.act"),
        Binding("enter,space", "detail", "Card", show=False, id="hand.detail"),
    ]

    class Moved(Message):
        """The player changed the arrangement."""

    class DetailRequested(Message):
        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    class CardPicked(Message):
        """Enter on a card: answer the question with it (or mark it, at the opening)."""

        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    class PickHeld(Message):
        """Enter on a card that the question arrived for while the player was arranging:
        nothing is picked; the next Enter picks it."""

        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    def __init__(self, deck: Deck, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.deck = deck
        self._held = False
        self.arrangement = HandArrangement()
        self.status: HandStatus | None = None
        self.state = HandState(frozenset(), frozenset())
        self.cursor_card: int | None = None
        self._height = 0
        self._laid: tuple[object, list[Content], dict[int, int]] | None = None

    # -- attributes down ----------------------------------------------------------------------

    def show(
        self, arrangement: HandArrangement, status: HandStatus | None, state: HandState
    ) -> None:
        could_pick = self.can_pick
        self.arrangement = arrangement
        self.status = status
        self.state = state
        cards = arrangement.cards
        if self.cursor_card not in cards:
            self.cursor_card = cards[0] if cards else None
        lines = self._lines(self.width_now)[0]
        if repaint(self, lines, self._drawn, layout=len(lines) != self._height):
            self.call_after_refresh(self._scroll_to_cursor)
        self._height = len(lines)
        self._keys_follow(could_pick)

    # -- drawing ------------------------------------------------------------------------------

    def _group_heading(self, index: int, width: int) -> list[Content]:
        name = GROUP_NAMES[index]
        group = self.arrangement.groups[index]
        if index == UNPLACED:
            if not group:
                return [Content.assemble((name, "bold"), ("  (none)", "dim"))]
            count = "1 card" if len(group) == 1 else f"{len(group)} cards"
            return [Content.assemble((name, "bold"), (f"  {count}", "dim"))]
        check = self.status.checks[index] if self.status is not None else None
        if not group or check is None:
            return [Content.assemble((name, "bold"), ("  empty · ← → moves a card here", "dim"))]
        if check.valid:
            size = len(group)
            note = "" if size in (3, 4, 7) else " · scores with 3, 4 or 7 cards"
            return [
                Content.assemble(
                    (name, "bold"),
                    "  ",
                    ("✓ valid", "bold $status-good"),
                    f" · {pts(check.points)}{note}",
                )
            ]
        lines = [Content.assemble((name, "bold"), "  ", ("✗ not valid", "bold $status-bad"))]
        reason = check.reason or "not a valid precedent"
        for text in textwrap.wrap(reason, max(20, width - 4)):
            lines.append(Content.assemble(("    " + text, "$status-bad")))
        return lines

    def _card_row(self, card: int, width: int) -> Content:
        state = self.state
        here = card == self.cursor_card
        hidden = card in state.hidden
        pointer = "▶" if here else " "
        mark = (HIDDEN_MARK, "dim") if hidden else (" ", "")
        line = card_line(self.deck[card])
        focused = self.has_focus
        tail: list[str | tuple[str, str]] = []
        if card == state.new:
            tail.append(("  « new", "bold $accent"))
        if here and focused and card in state.pickable:
            tail.append(("  ◀ Enter picks", "bold $accent"))
        elif here and focused and state.mode == "opening":
            tail.append(("  ◀ Enter: hide/show", "bold $accent"))
        words: list[str | tuple[str, str]] = []
        if hidden:
            words.append(("  hidden", "dim italic"))
        if state.known_by and card in state.known_by:
            words.append((f", seen by {state.known_by[card]}", "dim"))
        row = Content.assemble(pointer, mark, " ", line, *words, *tail)
        if row.cell_length > width:
            # Keep what matters most when the pane is narrow: the card, then "new".
            row = Content.assemble(pointer, mark, " ", line, *tail[:1])
        if row.cell_length > width:
            row = Content.assemble(pointer, mark, " ", line)
        row = fit_line(row, width)
        if here:
            row = row.stylize("reverse" if focused else "bold", 0, len(row.plain))
        return row

    def _lines(self, width: int) -> tuple[list[Content], dict[int, int]]:
        """The pane's lines at `width`, and each card's row. Kept for what they are drawn
        from, which a redraw asks for up to four times (its height, its drawing, the cursor's
        row); the arrangement's groups are read afresh (they change in place)."""
        groups = tuple(tuple(group) for group in self.arrangement.groups)
        key = (width, groups, self.cursor_card, self.has_focus, self.status, self.state)
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, *self._lay_out(width))
        return self._laid[1], self._laid[2]

    def _lay_out(self, width: int) -> tuple[list[Content], dict[int, int]]:
        lines: list[Content] = []
        rows: dict[int, int] = {}
        for index, group in enumerate(self.arrangement.groups):
            lines.extend(self._group_heading(index, width))
            for card in group:
                rows[card] = len(lines)
                lines.append(self._card_row(card, width))
                if card == self.cursor_card:
                    cards, table = self.arrangement.cards, self.state.table
                    links = links_lines(self.deck, card, cards, table, width)
                    if self.state.mode == "opening" and len(links) > 1:
                        # At the opening every row counts: the 8 answers must show.
                        links = [links_line(self.deck, card, cards, table, width)]
                    lines.extend(links)
        lines.extend(self._status_lines(width))
        return lines, rows

    def _status_lines(self, width: int) -> list[Content]:
        status = self.status
        if status is None:
            return []
        if self.state.mode == "opening" and not (status.arranged_goes_out or status.can_go_out):
            # At the opening every row counts on a small terminal: the 8 answers must show.
            return []
        if status.arranged_goes_out:
            shape = (
                "a Thurgood Flush"
                if status.arranged_kind == "flush"
                else "a 3-card and a 4-card precedent"
            )
            text = Content.assemble(
                ("✓ Goes out", "bold $status-good"),
                f" with {shape}: {pts(status.arranged_score)} if you call CIVIO",
            )
            if text.cell_length > width:  # the precedents above show its shape
                text = Content.assemble(
                    ("✓ Goes out", "bold $status-good"),
                    f": {pts(status.arranged_score)} if you call CIVIO",
                )
        elif status.can_go_out:
            # One line at 80x24: the pane's last row is the first to scroll out of sight.
            text = Content.assemble(
                ("✓ These 7 can go out", "bold $status-good"),
                f" ({pts(status.best_winner_score or 0)}): ",
                ("a", "bold"),
                " arranges",
            )
        else:
            text = Content.assemble(
                ("Not out yet", "bold"),
                f" · {pts(status.best_non_winner_score)} if someone else wins",
            )
        return text.wrap(max(20, width))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width)[0])

    def lines_at(self, width: int) -> list[Content]:
        return self._lines(width)[0]

    def _scroll_to_cursor(self) -> None:
        if self.cursor_card is None:
            return
        _, rows = self._lines(self.width_now)
        y = rows.get(self.cursor_card)
        if y is not None:
            self.scroll_to_region(Region(0, y, 1, 1), animate=False)

    # -- keys ---------------------------------------------------------------------------------

    def _ordered(self) -> list[int]:
        return self.arrangement.cards

    def _move_cursor(self, delta: int) -> None:
        cards = self._ordered()
        if not cards:
            return
        if self.cursor_card not in cards:
            self._put_cursor(cards[0])
        else:
            self._put_cursor(cards[(cards.index(self.cursor_card) + delta) % len(cards)])

    def hold_picks(self, held: bool = True) -> None:
        """A question came while the player was here: the next Enter on a card only says
        what it would do (moving the cursor first picks at once, as usual)."""
        self._held = held

    def _put_cursor(self, card: int) -> None:
        could_pick = self.can_pick
        self._held = False
        self.cursor_card = card
        self.refresh()
        self._keys_follow(could_pick)
        self._scroll_to_cursor()

    def _keys_follow(self, could_pick: bool) -> None:
        """The footer's keys of this pane depend on `can_pick` alone (`check_action`): they
        are refreshed when it changed. A refresh rebuilds the footer, which costs a redraw of
        the table (tens of ms), so not on every redraw: at a networked table every other
        seat's move redraws it."""
        if self.can_pick != could_pick:
            self.refresh_bindings()

    def action_first(self) -> None:
        if cards := self._ordered():
            self._put_cursor(cards[0])

    def action_last(self) -> None:
        if cards := self._ordered():
            self._put_cursor(cards[-1])

    def action_cursor_up(self) -> None:
        self._move_cursor(-1)

    def action_cursor_down(self) -> None:
        self._move_cursor(1)

    def action_move_group(self, delta: int) -> None:
        if self.cursor_card is None:
            return
        self.arrangement.move(self.cursor_card, delta)
        self.post_message(self.Moved())

    def action_reorder(self, delta: int) -> None:
        if self.cursor_card is None:
            return
        self.arrangement.reorder(self.cursor_card, delta)
        self.post_message(self.Moved())

    @property
    def can_pick(self) -> bool:
        """Whether Enter on the highlighted card answers the question (or marks it)."""
        card = self.cursor_card
        return card is not None and (card in self.state.pickable or self.state.mode == "opening")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "act":
            return self.can_pick
        if action == "detail":
            return not self.can_pick
        return True

    def action_act(self) -> None:
        card = self.cursor_card
        if card is None:
            return
        if self._held and card in self.state.pickable:
            self._held = False
            self.post_message(self.PickHeld(card))
            return
        self.post_message(self.CardPicked(card))

    def action_detail(self) -> None:
        if self.cursor_card is not None:
            self.post_message(self.DetailRequested(self.cursor_card))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        self.focus()
