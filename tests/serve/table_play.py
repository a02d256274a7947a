"""Playing a whole round at a networked table through the screens, as a person would answer
(imported by name: tests/serve is on pytest's path).

Each person takes the game's own hint for every decision: H (a nudge first), H again (the
move, highlighted in the question), then the option's digit; at the opening the hint marks the
two cards to keep hidden and the Done option's digit lays out the rest. The hint is the Hard
computer's move, so the round ends as a round between computers does. Whose decision it is
comes from the table's log in the class's table file (read with `LiveTable`, which never
writes); what to press comes from the screen alone.

The screen is read as text (pyte's rows): the question box is the one titled "Your move", and
only its own columns are read, so an old hint kept in the log pane is never taken for the new
one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from civio_tui.serve.table_tabs import question_rows

TABLE_OVER = "The game at this table is over"
MAX_PERSON_MOVES = 600
"""More than any round's moves (the Hard hint's rounds take 10 to 30 per person)."""


@dataclass(frozen=True)
class Asked:
    """What the question box shows about the hint: nothing yet, the nudge, the move, or no
    hint; and the keys that answer as the hint says (or, without a hint, a legal answer)."""

    state: str
    """ "none", "nudge", "hint", "no-hint"."""
    keys: tuple[str, ...] = ()

    @property
    def shown(self) -> bool:
        """The hint's idea or its move is shown (H was taken)."""
        return self.state != "none"

    @property
    def answers(self) -> bool:
        """The move is shown (or that there is none): `keys` answer the question."""
        return self.state in ("hint", "no-hint")


HINT = re.compile(r"^Hint \((\d+|marked)\):")


def asked_on(text: str) -> Asked:
    """What the screen's question box shows about the hint (nothing when it asks nothing)."""
    return asked(question_rows(text) or [])


def asked(rows: list[str]) -> Asked:
    """Read the question box (`question_rows`)."""
    done = [m.group(1) for row in rows if (m := re.match(r"^(\d+) Done", row))]
    for row in rows:
        found = HINT.match(row)
        if found is None:
            continue
        which = found.group(1)
        if which == "marked":  # the opening: the hint marked the cards to hide; Done lays out
            return Asked("hint", (done[0],))
        # A digit picks options 1-9; beyond them, Enter takes the option the hint highlighted.
        return Asked("hint", (which,) if int(which) <= 9 else ("\r",))
    if any(row.startswith("No hint") for row in rows):
        if done:  # the opening without a hint: keep the first two cards hidden
            return Asked("no-hint", ("1", "2", done[0]))
        return Asked("no-hint", ("1",))
    if any(row.startswith("Think:") for row in rows):  # not "Thinking about a hint…"
        return Asked("nudge")
    return Asked("none")


def answered_or_gone(text: str) -> bool:
    """The question the hint was read from is no longer on screen (no hint shown in the box:
    the next question starts without one, or the player waits for the others)."""
    return not asked_on(text).shown
