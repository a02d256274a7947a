"""The table's read-only panes: the opponents, and the discard pile with the supply."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.widget import Widget

from cards.deck import Deck
from cards.games.civio.view import PlayerView, SeatView
from cards.models import Card
from cards.ranks import rank_for
from civio_tui.last_moves import LastMove
from civio_tui.widgets.cards import (
    HIDDEN_MARK,
    card_line,
    hidden_backs,
    pts,
    tiny_name,
    type_tag,
)
from civio_tui.widgets.redraw import RowsPane, drawn, repaint


@dataclass(frozen=True)
class OpponentInfo:
    seat: int
    name: str
    level: str
    last: LastMove | None = None
    """Its last turn this round, shown under its cards (None: no turn yet)."""


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


def pack_tight(
    items: Sequence[Content | list[Content]],
    width: int,
    last: list[Content],
    indent: str = "  ",
) -> list[Content]:
    """`items` in the fewest lines: each goes on the first line with room for it (their order
    matters less than the rows at 80x24), then `last` after them: on the last line if it fits,
    else on another line with room for all of it, which then goes last. An item given as a
    list is pieces that keep their order, each on a line of its own (a group of cards longer
    than a line); the line of its last piece takes more items."""
    rows: list[list[Content]] = []
    fixed: set[int] = set()
    """The rows of a list's pieces, which stay where they are; all but the last are full."""
    full: set[int] = set()
    room = width - len(indent)
    for item in items:
        if isinstance(item, list):
            fixed.update(range(len(rows), len(rows) + len(item)))
            full.update(range(len(rows), len(rows) + len(item) - 1))
            rows.extend([piece.truncate(max(4, room), ellipsis=True)] for piece in item)
            continue
        if item.cell_length > room:
            item = item.truncate(max(4, room), ellipsis=True)
        open_rows = (r for i, r in enumerate(rows) if i not in full)
        row = next((r for r in open_rows if _row_width(r) + 1 + item.cell_length <= room), None)
        if row is None:
            rows.append([item])
        else:
            row.append(item)
    if last and rows:
        whole = _row_width(last)
        free = [
            i for i, r in enumerate(rows) if i not in fixed and _row_width(r) + 1 + whole <= room
        ]
        if _row_width(rows[-1]) + 1 + whole > room and free:
            rows.append(rows.pop(free[0]))
    for item in last:
        if rows and _row_width(rows[-1]) + 1 + item.cell_length <= room:
            rows[-1].append(item)
        else:
            rows.append([item.truncate(max(4, room), ellipsis=True)])
    return [Content.assemble(indent, Content(" ").join(row)) for row in rows]


def _row_width(row: list[Content]) -> int:
    return sum(item.cell_length for item in row) + len(row) - 1


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
        # The rank waits for the full form (and the results): the line keeps room for the
        # hidden count.
        lines = [Content.assemble(marker, name, f" · {pts(total)}")]
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
_TINY = 11
"""The compact pane's longest card name: two cards of up to 10 letters share a line at 80x24."""


def _card_item(card: Card, *, known_hidden: bool, compact: bool, name_room: int = 0) -> Content:
    """An opponent's face-up card, or a hidden card of theirs that others know: by its printed
    name when that fits in `name_room` cells, else by a shorter one."""
    if compact:
        if known_hidden:
            return Content.assemble(
                type_tag(card), " ", (tiny_name(card, _TINY), "italic"), (HIDDEN_MARK, "dim")
            )
        return Content.assemble(type_tag(card), " ", tiny_name(card, _TINY))
    line = card_line(card, year=False)
    if line.cell_length + (len(_KNOWN) if known_hidden else 0) > name_room:
        line = card_line(card, short=True, year=False)
    return Content.assemble(line, (_KNOWN, "dim")) if known_hidden else line


def _seat_counts(seat: SeatView, *, compact: bool) -> list[Content]:
    """An opponent's hidden cards that nobody else knows, counted, and the turns it will skip."""
    items: list[Content] = []
    unknown = seat.hidden_count - len(seat.known_hidden)
    if unknown > 0:
        if compact:
            items.append(Content.styled(f"{HIDDEN_MARK}×{unknown}", "dim"))
        else:
            items.append(hidden_backs(unknown))
    if seat.skips:
        items.append(_skips(seat.skips, compact=compact))
    return items


def _seat_cards(
    deck: Deck,
    view: PlayerView,
    seat: SeatView,
    *,
    compact: bool,
    name_room: int = 0,
    told: int | None = None,
) -> list[Content]:
    """What the table knows of one opponent's cards, as items to pack (the `compact` form's
    face-up cards are `_grouped`); a hidden card `told` by its last move is left to it."""
    items: list[Content] = []
    if view.turn == 0 and not seat.face_up:
        # No "its": the seat may be a friend's; short enough for the narrow pane at 80x24.
        chose = "has chosen" if seat.chose_face_up else "choosing"
        cards = "face-up cards" if compact else "5 face-up cards"
        items.append(Content.styled(f"{chose} {cards}", "dim"))
    for card in [] if compact else seat.face_up:
        items.append(
            _card_item(deck[card], known_hidden=False, compact=compact, name_room=name_room)
        )
    for card in seat.known_hidden:
        if card == told:
            continue
        items.append(
            _card_item(deck[card], known_hidden=True, compact=compact, name_room=name_room)
        )
    return items


def _grouped(deck: Deck, cards: list[int], width: int) -> list[Content | list[Content]]:
    """Face-up cards by their tiny names, those of one type together after one tag, "[C]
    Near, Shelley, Reed" (a group longer than a line in line-long pieces, kept in order):
    three opponents' cards take fewer lines at 80x24."""
    groups: list[Content | list[Content]] = []
    for kind in dict.fromkeys(deck[card].type for card in cards):
        of_kind = [deck[c] for c in cards if deck[c].type == kind]
        names = [tiny_name(card, _TINY) for card in of_kind]
        items = [Content(f"{name},") for name in names[:-1]] + [Content(names[-1])]
        items[0] = Content.assemble(type_tag(of_kind[0]), " ", items[0])
        pieces = pack(items, width, indent="", gap=1)
        groups.append(pieces[0] if len(pieces) == 1 else pieces)
    return groups


def _named(deck: Deck, card: int, *, compact: bool) -> Content:
    if compact:
        return Content(tiny_name(deck[card], _TINY))
    return card_line(deck[card], short=True, year=False, points=False)


def last_move_items(
    deck: Deck,
    move: LastMove,
    names: dict[int, str],
    *,
    compact: bool,
    still_hidden: bool = False,
) -> list[Content]:
    """An opponent's last turn, as items to pack after its cards: "↳ took [L] Jim Crow Laws",
    "discarded [C] TLO", "attacked you"; the `compact` form in signs, "↳ +Jim Crow −TLO
    →you" (the help's card marks say so). A card drawn from the supply stays unnamed. With
    `still_hidden`, the card taken is among its hidden cards: the compact form marks it so
    ("+Jim Crow▒") in place of naming it twice."""
    lead = Content.styled("↳ ", "dim")
    if move.skipped:
        return [Content.assemble(lead, ("lost a turn", "dim"))]
    took, dropped = ("+", "−") if compact else ("took ", "discarded ")
    items: list[Content] = []
    if move.took is not None:
        named = _named(deck, move.took, compact=compact)
        if compact and still_hidden:
            named = Content.assemble((named.plain, "italic"), (HIDDEN_MARK, "dim"))
        items.append(Content.assemble((took, "dim"), named))
    for card in move.discards:
        items.append(Content.assemble((dropped, "dim"), _named(deck, card, compact=compact)))
    if move.attacked is not None:
        target = names.get(move.attacked, "you")
        attacked = f"→{target}" if compact else f"attacked {target}"
        items.append(Content.styled(attacked, "bold $warning"))
    if not items:
        return []
    items[0] = Content.assemble(lead, items[0])
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
    known: dict[Hashable, list[Content]] | None = None,
) -> list[Content]:
    """Each opponent: name, level, points and rank; face-up cards; hidden count; skips.

    `full_names` writes the cards' printed names, else long names are shortened. `compact`
    gives the same facts in fewer lines, for small terminals: face-up cards by their shortest
    names, packed side by side (`p` shows them in full); a hidden card others know ends in ▒;
    `▒×2` counts the hidden cards not known; `skips 1`: turns it will lose.

    `known` keeps each opponent's lines by what they show, for the next call: a move changes
    one or two opponents, and the others' lines are taken from it."""
    lines: list[Content] = []
    names = {info.seat: info.name for info in opponents}
    for info in opponents:
        seat = view.players[info.seat]
        total = (view.scores or [0] * view.seats)[info.seat]
        key = (
            (info, acting == info.seat, total, view.turn == 0, width, compact, full_names),
            (tuple(seat.face_up), seat.hidden_count, tuple(seat.known_hidden), seat.skips),
            (seat.chose_face_up, tuple(names.items())),
        )
        found = known.get(key) if known is not None else None
        if found is None:
            found = _opponent_lines(
                deck, view, info, acting, width, names, compact=compact, full_names=full_names
            )
            if known is not None:
                known[key] = found
        lines.extend(found)
    return lines


def _opponent_lines(
    deck: Deck,
    view: PlayerView,
    info: OpponentInfo,
    acting: int | None,
    width: int,
    names: dict[int, str],
    *,
    compact: bool,
    full_names: bool,
) -> list[Content]:
    """One opponent's lines (`opponents_lines`)."""
    seat = view.players[info.seat]
    heading = _heading(view, info, acting, width, compact=compact)
    # The printed names, on lines indented by 2, when asked for and they fit.
    room = width - 2 if full_names else 0
    took = info.last.took if info.last else None
    # Compact, a card it took and still hides is told once, by the last move ("+Katz▒").
    told = took if compact and took in seat.known_hidden else None
    cards = _seat_cards(deck, view, seat, compact=compact, name_room=room, told=told)
    counts = _seat_counts(seat, compact=compact)
    last = []
    if info.last:
        hidden = told is not None
        last = last_move_items(deck, info.last, names, compact=compact, still_hidden=hidden)
    if compact:
        # Fewest lines: the counts on the heading's line as far as they fit (the hidden
        # count first), the last move packed after the cards.
        for kept in range(len(counts), 0, -1):
            joined = Content(" ").join([heading[-1], *counts[:kept]])
            if len(heading) == 1 and joined.cell_length <= width:
                heading, counts = [joined], counts[kept:]
                break
        units = [*_grouped(deck, seat.face_up, width), *cards, *counts]
        return [*heading, *pack_tight(units, width, last, indent="")]
    return [*heading, *pack(cards + counts, width, gap=2), *pack(last, width, gap=1)]


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


def pile_title(deck: Deck, view: PlayerView, width: int) -> Content:
    """The pile's facts on one line, for the log's title on a short terminal ("Pile: " as
    the key line's `p Pile`): the top card (by a shorter name, then a tiny one, when the line
    is too long), then the supply's count when it still fits."""
    pile = view.discard_pile
    supply = f" · supply {view.supply_count}"
    if not pile:
        return Content.assemble("Pile empty", supply)
    card = deck[pile[-1]]
    tops = (
        card_line(card, year=False, points=False),
        card_line(card, short=True, year=False, points=False),
        Content.assemble(type_tag(card), " ", tiny_name(card, _TINY)),
    )
    for top in tops:
        for tail in (supply, ""):
            line = Content.assemble("Pile: ", top, tail)
            if line.cell_length <= width:
                return line
    return Content.assemble("Pile: ", tops[-1]).truncate(width, ellipsis=True)


class OpponentsPane(RowsPane):
    """Every opponent, packed to the pane's width; compact when in full they would not fit in
    `room` lines. Only the rows whose lines change are repainted, and drawn again."""

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
        self._laid: tuple[int, list[Content], bool] | None = None
        """The lines for the last width asked (width, lines, compact), until the next `show`."""
        self._known: dict[Hashable, list[Content]] = {}
        """Each opponent's lines as drawn before (`opponents_lines`)."""

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
        self._laid = None
        lines = self._lines(self.width_now)
        repaint(self, lines, self._drawn, layout=len(lines) != self._height)
        self._height = len(lines)

    @property
    def compact(self) -> bool:
        """Whether the last drawing used the compact form."""
        return self._compact

    def _lines(self, width: int) -> list[Content]:
        """The fullest form that fits the room: the printed names, then shortened names, then
        the compact form."""
        if self._laid is not None and self._laid[0] == width:
            self._compact = self._laid[2]
            return self._laid[1]
        self._compact = False
        if self.view is None:
            return []
        lines: list[Content] = []
        if len(self._known) > 256:  # a round's worth; the lines of earlier moves go
            self._known.clear()
        for form in ({"full_names": True}, {}, {"compact": True}):
            lines = opponents_lines(
                self.deck, self.view, self.opponents, self.acting, width, **form, known=self._known
            )
            if self.room is None or len(lines) <= self.room:
                break
        self._compact = len(lines) > 0 and form.get("compact", False)
        self._laid = (width, lines, self._compact)
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))

    def lines_at(self, width: int) -> list[Content]:
        return self._lines(width)


class PilePane(Widget):
    """The discard pile's top card and size, and the supply's count, fitted to the width;
    only the rows that change are repainted."""

    DEFAULT_CSS = """
    PilePane {
        height: auto;
    }
    """

    def __init__(self, deck: Deck, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.deck = deck
        self.view: PlayerView | None = None
        self._height = 0
        self._drawn: object = None
        """What the pane last rendered (`drawn`)."""

    def show(self, view: PlayerView) -> None:
        self.view = view
        width = self.size.width
        if not width:  # not laid out yet, or hidden (a short terminal's log shows the pile)
            if self.display:
                self.refresh(layout=True)
            return
        rows = self._content(width).wrap(width)
        repaint(self, rows, self._drawn, layout=len(rows) != self._height)

    def _content(self, width: int) -> Content:
        if self.view is None:
            return Content("")
        return pile_content(self.deck, self.view, width)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        self._height = len(self._content(width).wrap(max(1, width)))
        return self._height

    def render(self) -> Content:
        width = self.size.width or 40
        content = self._content(width)
        self._drawn = drawn(content.wrap(width))
        return content
