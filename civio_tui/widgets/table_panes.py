"""The table's read-only panes: the opponents, and the discard pile with the supply."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from cards.deck import Deck
from cards.ranks import rank_for
from cards.view import PlayerView
from civio_tui.widgets.cards import card_line, hidden_backs


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


def opponents_lines(
    deck: Deck,
    view: PlayerView,
    opponents: list[OpponentInfo],
    acting: int | None,
    width: int,
) -> list[Content]:
    """Each opponent: name, level, points and rank; face-up cards; hidden count; skips."""
    totals = view.scores or [0] * view.seats
    lines: list[Content] = []
    for info in opponents:
        seat = view.players[info.seat]
        marker = "▶ " if acting == info.seat else "  "
        level = "" if info.level.lower() in info.name.lower() else f" ({info.level})"
        lines.append(
            Content.assemble(
                (marker, "bold $accent"),
                (info.name, "bold"),
                (level, "dim"),
                f" · {totals[info.seat]} pts · {rank_for(totals[info.seat])}",
            ).truncate(width, ellipsis=True)
        )
        items: list[Content] = []
        if view.turn == 0 and not seat.face_up:
            chose = "has chosen" if seat.chose_face_up else "choosing"
            items.append(Content.styled(f"{chose} its 5 face-up cards", "dim"))
        for card in seat.face_up:
            items.append(card_line(deck[card], short=True, year=False))
        for card in seat.known_hidden:
            items.append(
                Content.assemble(
                    card_line(deck[card], short=True, year=False),
                    (" (hidden, known)", "dim"),
                )
            )
        unknown = seat.hidden_count - len(seat.known_hidden)
        if unknown > 0:
            items.append(hidden_backs(unknown))
        if seat.skips:
            turns = "turn" if seat.skips == 1 else f"{seat.skips} turns"
            items.append(Content.styled(f"skips next {turns}", "bold $warning"))
        lines.extend(pack(items, width))
    return lines


def pile_content(deck: Deck, view: PlayerView) -> Content:
    """The top of the discard pile, the pile's size, and the supply's count."""
    pile = view.discard_pile
    if pile:
        top = Content.assemble(("Discard: ", "bold"), card_line(deck[pile[-1]]))
    else:
        top = Content.assemble(("Discard: ", "bold"), ("empty", "dim"))
    counts = Content.assemble(
        f"pile {len(pile)} · supply {view.supply_count} · ", ("p: browse", "dim")
    )
    return Content("\n").join([top, counts])


class OpponentsPane(Widget):
    """Every opponent, packed to the pane's width."""

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
        self._height = 0

    def show(self, view: PlayerView, opponents: list[OpponentInfo], acting: int | None) -> None:
        self.view = view
        self.opponents = opponents
        self.acting = acting
        height = len(self._lines(self.size.width or 40))
        self.refresh(layout=height != self._height)
        self._height = height

    def _lines(self, width: int) -> list[Content]:
        if self.view is None:
            return []
        return opponents_lines(self.deck, self.view, self.opponents, self.acting, width)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        return Content("\n").join(self._lines(self.size.width or 40))


class PilePane(Static):
    """The discard pile's top card and size, and the supply's count."""
