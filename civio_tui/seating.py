"""Who sits at the table: 2 to 4 seats, each a named human or an AI level (hot-seat play).

A pure model, no Textual and no I/O, shared by every game that seats players (the main game,
Easy Play, Concentration):

    from civio_tui.seating import Seat, HUMAN, default_name, seating_problems

    seats = [Seat("Ana", HUMAN), Seat("Ben", HUMAN), Seat("Medium", "medium")]
    problems = seating_problems(seats, ai_levels={"easy", "medium"})  # [] when all is well
    humans = human_seats(seats)                                     # [0, 1]

- `Seat(name, level)`: `level` is `HUMAN` ("human") or the name of an AI level.
- `seating_problems(seats, ai_levels=None)`: one plain sentence per problem (2-4 seats, at
  least one human, names 1-40 characters once trimmed, no two names alike ignoring case, and,
  when `ai_levels` is given, every AI level one of them). Empty list: the seating is good.
- `check_seating(...)`: the same, raising `SeatingError` with the first problem.
- `default_name(index)`: "Player 1", "Player 2", ... for seat `index` (0-based).
- `clean_name(text)`: a typed name with its spaces tidied (what is checked and kept).
- `human_seats(seats)`: the indexes of the human seats, in seat order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass

HUMAN = "human"
"""The level of a seat a person plays (the same word the saves use)."""
MIN_SEATS = 2
MAX_SEATS = 4
MAX_NAME = 40
"""The longest seat name (the saves allow 40 characters)."""


class SeatingError(ValueError):
    """A seating that cannot be played; the message is the first problem, for people."""


@dataclass(frozen=True)
class Seat:
    """One seat: the name shown at the table and who plays it (`HUMAN` or an AI level)."""

    name: str
    level: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.level == HUMAN


def default_name(index: int) -> str:
    """The name a seat gets when nobody typed one: "Player 1" for seat 0, and so on."""
    return f"Player {index + 1}"


def clean_name(text: str) -> str:
    """`text` without spaces at its ends, with inner runs of spaces made one, and without
    control characters (an escape or a bell in a pasted name or an edited settings file would
    act on the terminal that shows the name)."""
    return " ".join("".join(c for c in text if unicodedata.category(c) != "Cc").split())


def human_seats(seats: Sequence[Seat]) -> list[int]:
    """The indexes of the seats people play, in seat order."""
    return [i for i, seat in enumerate(seats) if seat.is_human]


def seating_problems(seats: Sequence[Seat], ai_levels: Collection[str] | None = None) -> list[str]:
    """Everything wrong with `seats`, one sentence each naming the seat; [] when it is fine.

    Names are judged as `clean_name` leaves them. `ai_levels`, when given, are the AI levels
    the game offers: any other non-human level is a problem."""
    problems: list[str] = []
    count = len(seats)
    if not MIN_SEATS <= count <= MAX_SEATS:
        problems.append(f"A game needs {MIN_SEATS} to {MAX_SEATS} players; this table has {count}.")
    if seats and not human_seats(seats):
        problems.append("At least one player must be a human.")
    seen: dict[str, int] = {}
    for index, seat in enumerate(seats):
        where = f"Player {index + 1}"
        name = clean_name(seat.name)
        if not name:
            problems.append(f"{where} needs a name.")
        elif len(name) > MAX_NAME:
            problems.append(f"{where}'s name is {len(name)} characters long; at most {MAX_NAME}.")
        elif name.casefold() in seen:
            first = seen[name.casefold()]
            problems.append(
                f"{where} has the same name as Player {first + 1} ({name!r}): "
                "give each player a different name."
            )
        else:
            seen[name.casefold()] = index
        if not seat.is_human and ai_levels is not None and seat.level not in ai_levels:
            offered = ", ".join(sorted(ai_levels)) or "none"
            problems.append(f"{where}: there is no AI level {seat.level!r} (offered: {offered}).")
    return problems


def check_seating(seats: Sequence[Seat], ai_levels: Collection[str] | None = None) -> None:
    """Raise `SeatingError` with the first of `seating_problems`, if any."""
    problems = seating_problems(seats, ai_levels)
    if problems:
        raise SeatingError(problems[0])
