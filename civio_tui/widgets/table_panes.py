"""The table's read-only panes: the opponents, and the discard pile with the supply."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.widget import Widget

from cards.deck import Deck
from cards.games.civio.view import PlayerView, SeatView
from cards.models import Card
from cards.ranks import rank_for
from civio_tui.widgets.cards import (
    HIDDEN_MARK,
    card_line,
    hidden_backs,
    pts,
    tiny_name,
    type_tag,
)


@dataclass(frozen=True)
class OpponentInfo:
    seat: int
    name: str
    level: str


def pack(items: list[Content], width: int, indent: str = "  ", gap: int = 2) -> list[Content]:
    """Lay items out left to right, wrapping to `width`, never splitting an item."""
    lines: list[Content] = []
    current = Content(indent)
    for item in items:
        if item.cell_length + len(indent) > width:
            item = item.truncate(max(4, width - len(indent)), ellipsis=True)
        space = 0 if current.plain == indent else gap
        if current.cell_length + space + item.cell_length > width and current.plain != indent:
            lines.append(current)
            current = Content(indent)
            space = 0
        current = Content.assemble(current, " " * space, item)
    if current.plain != indent:
        lines.append(current)
    return lines


def _heading(
    view: PlayerView, info: OpponentInfo, acting: int | None, width: int, *, compact: bool = False
) -> list[Content]:
    """The opponent's name, level, points and rank on one line when it fits, else without the
    level. Still too long (a friend's long name at 80x24), the points and rank go on a line of
    their own rather than be cut off; the `compact` form (short of room) drops the rank and
    then cuts the name instead, so that it keeps to one line."""
    total = (view.scores or [0] * view.seats)[info.seat]
    marker = Content.styled("▶ " if acting == info.seat else "  ", "bold $accent")
    name = Content.styled(info.name, "bold")
    level = "" if info.level.lower() in info.name.lower() else f" ({info.level})"
    standing = f"{pts(total)} · {rank_for(total)}"
    who = Content.assemble(marker, name, (level, "dim"))
    lines = [
        Content.assemble(who, f" · {standing}"),
        Content.assemble(marker, name, f" · {standing}"),
    ]
    if compact:
        lines.append(Content.assemble(marker, name, f" · {pts(total)}"))
    for line in lines:
        if line.cell_length <= width:
            return [line]
    points = f" · {pts(total)}"
    room = width - marker.cell_length - len(points)
    if compact and room >= 8:
        # One line still: the name cut rather than a line more (3 opponents must fit 80x24).
        return [Content.assemble(marker, name.truncate(room, ellipsis=True), points)]
    first = Content.assemble(marker, name) if compact else who
    return [
        first.truncate(width, ellipsis=True),
        Content(f"  {standing}").truncate(width, ellipsis=True),
    ]


def _skips(count: int, *, compact: bool = False) -> Content:
    if compact:
        return Content.styled(f"skips {count}", "bold $warning")
    turns = "turn" if count == 1 else f"{count} turns"
    return Content.styled(f"skips next {turns}", "bold $warning")


_KNOWN = " (hidden, known)"


def _card_item(card: Card, *, known_hidden: bool, compact: bool, name_room: int = 0) -> Content:
    """An opponent's face-up card, or a hidden card of theirs that others know: by its printed
    name when that fits in `name_room` cells, else by a shorter one."""
    if compact:
        if known_hidden:
            return Content.assemble(
                type_tag(card), " ", (tiny_name(card), "italic"), (HIDDEN_MARK, "dim")
            )
        return Content.assemble(type_tag(card), " ", tiny_name(card))
    line = card_line(card, year=False)
    if line.cell_length + (len(_KNOWN) if known_hidden else 0) > name_room:
        line = card_line(card, short=True, year=False)
    return Content.assemble(line, (_KNOWN, "dim")) if known_hidden else line


def _seat_items(
    deck: Deck, view: PlayerView, seat: SeatView, *, compact: bool, name_room: int = 0
) -> list[Content]:
    """What the table knows of one opponent's cards and turns, as items to pack."""
    items: list[Content] = []
    if view.turn == 0 and not seat.face_up:
        # No "its": the seat may be a friend's; short enough for the narrow pane at 80x24.
        chose = "has chosen" if seat.chose_face_up else "choosing"
        cards = "face-up cards" if compact else "5 face-up cards"
        items.append(Content.styled(f"{chose} {cards}", "dim"))
    for card in seat.face_up:
        items.append(
            _card_item(deck[card], known_hidden=False, compact=compact, name_room=name_room)
        )
    for card in seat.known_hidden:
        items.append(
            _card_item(deck[card], known_hidden=True, compact=compact, name_room=name_room)
        )
    unknown = seat.hidden_count - len(seat.known_hidden)
    if unknown > 0:
        if compact:
            items.append(Content.styled(f"{HIDDEN_MARK}×{unknown}", "dim"))
        else:
            items.append(hidden_backs(unknown))
    if seat.skips:
        items.append(_skips(seat.skips, compact=compact))
    return items


def opponents_lines(
    deck: Deck,
    view: PlayerView,
    opponents: list[OpponentInfo],
    acting: int | None,
    width: int,
    *,
    compact: bool = False,
    full_names: bool = False,
) -> list[Content]:
    """Each opponent: name, level, points and rank; face-up cards; hidden count; skips.

    `full_names` writes the cards' printed names, else long names are shortened. `compact`
    gives the same facts in fewer lines, for small terminals: face-up cards by their shortest
    names, packed side by side (`p` shows them in full); a hidden card others know ends in ▒;
    `▒×2` counts the hidden cards not known; `skips 1`: turns it will lose."""
    lines: list[Content] = []
    for info in opponents:
        lines.extend(_heading(view, info, acting, width, compact=compact))
        # The printed names, on lines indented by 2, when asked for and they fit.
        room = width - 2 if full_names else 0
        items = _seat_items(deck, view, view.players[info.seat], compact=compact, name_room=room)
        lines.extend(pack(items, width, gap=1 if compact else 2))
    return lines


def pile_content(deck: Deck, view: PlayerView, width: int = 80) -> Content:
    """The top of the discard pile, the pile's size, and the supply's count; the top card
    loses its year, then its long name, before it wraps."""
    pile = view.discard_pile
    label = Content.styled("Discard: ", "bold")
    if pile:
        card = deck[pile[-1]]
        room = width - label.cell_length
        top = card_line(card)
        tiny = card_line(card, short=True, year=False, limit=max(6, room - 7))
        for fitted in (card_line(card, year=False), tiny):
            if top.cell_length <= room:
                break
            top = fitted
        top = Content.assemble(label, top)
    else:
        top = Content.assemble(label, ("empty", "dim"))
    counts = Content(f"pile {len(pile)} · supply {view.supply_count}")
    # The key to browse the pile when it fits on the line (the footer shows it too).
    if counts.cell_length + 12 <= width:
        counts = Content.assemble(counts, " · ", ("p: browse", "dim"))
    return Content("\n").join([top, counts])


class OpponentsPane(Widget):
    """Every opponent, packed to the pane's width; compact when in full they would not fit in
    `room` lines."""

    DEFAULT_CSS = """
    OpponentsPane {
        height: auto;
    }
    """

    def __init__(self, deck: Deck, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.deck = deck
        self.view: PlayerView | None = None
        self.opponents: list[OpponentInfo] = []
        self.acting: int | None = None
        self._compact = False
        self.room: int | None = None
        """The lines the pane may take before it must scroll (None: no limit)."""
        self._height = 0

    def show(
        self,
        view: PlayerView,
        opponents: list[OpponentInfo],
        acting: int | None,
        room: int | None = None,
    ) -> None:
        self.view = view
        self.opponents = opponents
        self.acting = acting
        self.room = room
        height = len(self._lines(self.size.width or 40))
        self.refresh(layout=height != self._height)
        self._height = height

    @property
    def compact(self) -> bool:
        """Whether the last drawing used the compact form."""
        return self._compact

    def _lines(self, width: int) -> list[Content]:
        """The fullest form that fits the room: the printed names, then shortened names, then
        the compact form."""
        self._compact = False
        if self.view is None:
            return []
        lines: list[Content] = []
        for form in ({"full_names": True}, {}, {"compact": True}):
            lines = opponents_lines(
                self.deck, self.view, self.opponents, self.acting, width, **form
            )
            if self.room is None or len(lines) <= self.room:
                break
        self._compact = len(lines) > 0 and form.get("compact", False)
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        return Content("\n").join(self._lines(self.size.width or 40))


class PilePane(Widget):
    """The discard pile's top card and size, and the supply's count, fitted to the width."""

    DEFAULT_CSS = """
    PilePane {
        height: auto;
    }
    """

    def __init__(self, deck: Deck, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.deck = deck
        self.view: PlayerView | None = None

    def show(self, view: PlayerView) -> None:
        self.view = view
        self.refresh(layout=True)

    def _content(self, width: int) -> Content:
        if self.view is None:
            return Content("")
        return pile_content(self.deck, self.view, width)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._content(width).wrap(max(1, width)))

    def render(self) -> Content:
        return self._content(self.size.width or 40)
