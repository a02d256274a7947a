"""Round results as text: each player's precedents, points, new total and rank."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from cards.deck import Deck
from civio_tui.plurals import counted
from civio_tui.round_summary import RoundSummary, SeatResult
from civio_tui.widgets.cards import card_line, pts
from civio_tui.widgets.table_panes import pack

_REASONS = {
    "max_turns": "the turn limit was reached with no CIVIO",
    "no_draw": "no card could be drawn",
}


def headline(summary: RoundSummary, names: list[str]) -> Content:
    if summary.winner is None:
        reason = _REASONS.get(summary.reason, summary.reason)
        return Content.assemble(
            ("No winner this round", "bold"),
            f": {reason} (after {counted(summary.turns, 'turn')}). "
            "Everyone scores as a non-winner.",
        )
    shape = "a Thurgood Flush!" if summary.kind == "flush" else "a 3-card and a 4-card precedent."
    return Content.assemble(
        (f"{names[summary.winner]} called CIVIO!", "bold $accent"),
        f" Out with {shape} ({counted(summary.turns, 'turn')})",
    )


def chain_items(deck: Deck, cards: tuple[int, ...]) -> list[Content]:
    """A precedent as items to lay out on lines: `[C] Tinker +1 →` each."""
    items = []
    for i, card in enumerate(cards):
        arrow = " →" if i < len(cards) - 1 else ""
        items.append(Content.assemble(card_line(deck[card], short=True, year=False), arrow))
    return items


def _how_scored(deck: Deck, row: SeatResult, winner: int | None) -> str:
    """For the winner, how the score adds up from the cards' points, so "+6" beside two
    precedents of 2 points reads right: " (4 + 2 for going out)"."""
    if row.seat != winner:
        return ""
    cards = sum(deck[c].points for p in row.precedents for c in p)
    for formula, total in (
        (f"{cards} + 2 for going out", cards + 2),
        (f"{cards} + 2 for going out, × 3 for the flush", (cards + 2) * 3),
        (f"{cards} × 3 for the flush + 2 for going out", cards * 3 + 2),
    ):
        if total == row.points:
            return f" ({formula})"
    return ""


def seat_lines(deck: Deck, row: SeatResult, winner: int | None, width: int) -> list[Content]:
    """One player's result, laid out for `width` columns without splitting a card."""
    role = "  winner" if row.seat == winner else ""
    level = "" if row.level == "human" or row.level in row.name.lower() else f" ({row.level})"
    head = Content.assemble(
        (row.name, "bold"),
        (level, "dim"),
        (role, "bold $accent"),
        ("   +", ""),
        (pts(row.points), "bold"),
        (_how_scored(deck, row, winner), "dim"),
    )
    total = f" → total {row.total} · {row.rank}"
    if head.cell_length + len(total) <= width:
        lines = [head + total]
    else:  # a long name or rank: the new total and rank on a line of their own, whole
        lines = [head.truncate(width, ellipsis=True), Content(f"  {total}").truncate(width)]
    for precedent in row.precedents:
        points = sum(deck[c].points for c in precedent)
        items = chain_items(deck, precedent)
        items.append(Content.styled(f" ({pts(points)})", "dim"))
        lines.extend(pack(items, width, "   ", gap=1))
    if not row.precedents:
        lines.append(Content.styled("   no scoring precedent", "dim"))
    used = {c for p in row.precedents for c in p}
    unused = [c for c in row.hand if c not in used]
    if unused:
        items = [Content.styled("unused:", "dim")]
        items += [card_line(deck[c], short=True, year=False).stylize("dim") for c in unused]
        lines.extend(pack(items, width, "   "))
    if row.promoted:
        lines.append(
            Content.assemble(
                ("   ★ PROMOTED ", "bold reverse $accent"),
                (f" {row.rank_before} → {row.rank}", "bold $accent"),
            )
        )
    return lines


class SeatResults(Widget):
    """Every player's result, re-laid out to the pane's width."""

    DEFAULT_CSS = """
    SeatResults {
        height: auto;
    }
    """

    def __init__(self, deck: Deck, summary: RoundSummary, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.deck = deck
        self.summary = summary

    def _lines(self, width: int) -> list[Content]:
        lines: list[Content] = []
        # The winner first: on a small screen the round's story starts above the fold.
        seats = sorted(self.summary.seats, key=lambda row: row.seat != self.summary.winner)
        for row in seats:
            if lines:
                lines.append(Content(""))
            lines.extend(seat_lines(self.deck, row, self.summary.winner, width))
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        return Content("\n").join(self._lines(self.size.width or 80))
