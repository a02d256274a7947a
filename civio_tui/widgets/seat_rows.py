"""The seat lines of a "who plays" form (Easy Play, Concentration): for each of up to 4 seats a
choice of who plays it (a person at the keyboard or a computer level) and, for a person, a name.

`seat_rows(...)` builds the lines (keys `kind0`, `name0`, `kind1`, ...); `sync_seat_rows(form,
count)` shows the lines of the first `count` seats, a name line only for a person, and renames a
person called "You" once several people share the keyboard ("Pass to You" would name no one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from civio_tui.seating import HUMAN, MAX_NAME, default_name
from civio_tui.widgets.choice_form import ChoiceForm, FormRow

FORM_KEYS = "↑↓ choose a line · ←→ change it · type a name · Enter starts"


def seat_rows(
    seats: int,
    kinds: Sequence[tuple[str, str]],
    choice_help: Mapping[str, str],
    *,
    you: str,
    first_level: str,
    other_level: str,
    name_help: str,
) -> list[FormRow]:
    """Two lines per seat: who plays it (seat 0 starts at `first_level`, the others at
    `other_level`) and the name of a person (seat 0 `you`, the others "Player N")."""
    rows = []
    for seat in range(seats):
        kind = FormRow(
            f"kind{seat}", f"  Player {seat + 1}", list(kinds), choice_help=dict(choice_help)
        )
        kind.select(first_level if seat == 0 else other_level)
        name = FormRow(
            f"name{seat}",
            "    name",
            kind="text",
            text=you if seat == 0 else default_name(seat),
            max_length=MAX_NAME,
            help=name_help,
        )
        rows += [kind, name]
    return rows


def sync_seat_rows(form: ChoiceForm, count: int, seats: int, *, alone: bool = False) -> None:
    """Show the lines of the first `count` of `seats` seats. With `alone`, one player is a
    person without a choice (only the name is asked)."""
    humans = 0
    solo = alone and count == 1
    for seat in range(seats):
        shown = seat < count
        human = shown and (solo or form.row(f"kind{seat}").value == HUMAN)
        humans += human
        form.row(f"kind{seat}").visible = shown and not solo
        form.row(f"name{seat}").visible = human
    if humans > 1:  # friends at one keyboard: "You" would name no one
        for seat in range(count):
            row = form.row(f"name{seat}")
            if row.visible and row.text.casefold() == "you":
                row.text = default_name(seat)
    form.refresh(layout=True)
