"""One session for every game, free of Textual: seats, computers' pending choices, autosave,
taking back, and the hot-seat handover policy (see `session.py` and `handover.py`)."""

from civio_tui.session.handover import Cover, Handover, Moment, Over, Pass, Show, Step
from civio_tui.session.seats import COMPUTER, PERSON, REMOTE, SeatKind, SessionSeat
from civio_tui.session.session import Choice, SeatScreen, Session

__all__ = [
    "COMPUTER",
    "PERSON",
    "REMOTE",
    "Choice",
    "Cover",
    "Handover",
    "Moment",
    "Over",
    "Pass",
    "SeatKind",
    "SeatScreen",
    "Session",
    "SessionSeat",
    "Show",
    "Step",
]
