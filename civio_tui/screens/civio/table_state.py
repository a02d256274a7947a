"""How the table looked when it was left (the arrangement of the cards, the opening's marks,
the cursor, the pane in focus), kept with the round in progress so Continue shows it exactly so.
At a hot-seat table each person's look is kept apart: {"viewer": seat, "seats": {seat: look}}.
"""

from __future__ import annotations

from typing import Any

PANE_NAMES = ("question", "hand", "log", "opponents")
"""The panes Tab moves between, by the names kept in the look."""


class TableLooks:
    """Each person's look of the table (one, or one per person at a hot-seat table)."""

    def __init__(self, hot_seat: bool) -> None:
        self.hot_seat = hot_seat
        self.seats: dict[int, dict[str, Any]] = {}

    def load(self, kept: dict[str, Any]) -> None:
        """The looks kept with the round (hot-seat: one per seat)."""
        seats = kept.get("seats")
        self.seats = {}
        if isinstance(seats, dict):
            for key, look in seats.items():
                if str(key).isdigit() and isinstance(look, dict):
                    self.seats[int(key)] = look

    def clear(self) -> None:
        self.seats = {}

    def of(self, seat: int, kept: dict[str, Any]) -> dict[str, Any]:
        """`seat`'s look (at a one-person table, the one `kept`)."""
        return self.seats.get(seat, {}) if self.hot_seat else kept

    def to_keep(self, viewer: int, look: dict[str, Any] | None) -> dict[str, Any]:
        """What to keep with the round: `look` is the viewer's (None: their table is not on
        screen, their look stays as it was)."""
        if not self.hot_seat:
            return look or {}
        if look is not None:
            self.seats[viewer] = look
        seats = {str(seat): state for seat, state in sorted(self.seats.items())}
        return {"viewer": viewer, "seats": seats}


def look(
    arrangement: dict[str, Any], marks: list[int], cursor: int | None, focus: str | None
) -> dict[str, Any]:
    """A look from its parts (see the module docstring)."""
    state: dict[str, Any] = dict(arrangement)
    if marks:
        state["opening_hidden"] = list(marks)
    if cursor is not None:
        state["cursor"] = cursor
    if focus is not None:
        state["focus"] = focus
    return state
