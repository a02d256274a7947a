"""Who plays each seat of a session: a person at this keyboard, a computer at a level, or a
person at another table (`remote`, a networked table's seat: its moves come from elsewhere).

The kinds are a small open set of words, so a saved or networked seat names its kind plainly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SeatKind = Literal["person", "computer", "remote"]
PERSON: SeatKind = "person"
COMPUTER: SeatKind = "computer"
REMOTE: SeatKind = "remote"


@dataclass(frozen=True)
class SessionSeat:
    """One seat: its name at the table, who plays it, and a computer's level."""

    name: str
    kind: SeatKind = PERSON
    level: str | None = None

    def __post_init__(self) -> None:
        if (self.kind == COMPUTER) != (self.level is not None):
            raise ValueError(f"{self.name!r}: a computer seat has a level, no other seat has one")

    @classmethod
    def from_level(cls, name: str, level: str, human: str = "human") -> SessionSeat:
        """A seat as the saves and the seating form name it: `human` for a person, else the
        computer's level."""
        if level == human:
            return cls(name)
        return cls(name, COMPUTER, level)
