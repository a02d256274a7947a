"""The one loop every game's screen runs on: the computers choose in one worker thread, never
on the UI thread; their choice comes back as one message and is applied on the UI thread; the
screen redraws from the game's state when a move is made (the reactive `moves`).

A game's screen builds its `session` (civio_tui.session) and implements:
- `redraw()`: draw every pane from the game's state (the watcher of `moves` calls it);
- `computer_moved(action)`: apply a computer's choice (the same path as a person's move);
- `computer_pause(decision)`, when some steps are not paced (the default: the AI speed).

It calls `play_computers()` whenever a computer may be next, and counts each move it applies
(`self.moves += 1`), which redraws.
"""

from __future__ import annotations

import time
from typing import Any

from textual import on, work
from textual.message import Message
from textual.reactive import reactive

from civio_tui.screens.base import CivioScreen
from civio_tui.session import COMPUTER, Choice, Session


class GameScreen(CivioScreen[None]):
    """A game at the table (see the module docstring)."""

    moves: reactive[int] = reactive(0, init=False)
    """Moves made since the screen opened: each one redraws the table."""

    session: Session[Any]

    class AIChose(Message):
        """A computer's action, chosen in the worker, to apply on the UI thread."""

        def __init__(self, decision: Any, action: Any, position: object = None) -> None:
            super().__init__()
            self.decision = decision
            self.action = action
            self.position = position
            """Where the game stood when the choice was put (`Session.position`)."""

    def watch_moves(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the table from the game's state."""

    def play_computers(self, *, pause: float | None = None) -> bool:
        """When a computer decides now, let it choose in the worker (its view, the decision and
        its RNG are taken here, on the UI thread: the worker never reads the live game);
        False when nobody's computer is to move."""
        if self.session.to_move() != COMPUTER:
            return False
        choice = self.session.pending_choice()
        wait = self.computer_pause(choice.decision) if pause is None else pause
        self.run_ai(choice, pause=wait, position=self.session.position())
        return True

    def computer_pause(self, decision: Any) -> float:
        """Seconds before a computer's step is applied (the Settings' AI speed)."""
        return self.app.settings.ai_delay

    @work(thread=True, exclusive=True, group="ai")
    def run_ai(self, choice: Choice, *, pause: float = 0.0, position: object = None) -> None:
        if pause:
            time.sleep(pause)
        self.post_message(self.AIChose(choice.decision, choice.choose(), position))

    @on(AIChose)
    def _ai_chose(self, message: AIChose) -> None:
        # A choice for a decision no longer pending (the game was left, a move taken back)
        # is dropped.
        stale = message.position is not None and message.position != self.session.position()
        if stale or self.session.decision != message.decision:
            return
        self.computer_moved(message.action)

    def computer_moved(self, action: Any) -> None:
        """Apply a computer's choice (see the module docstring)."""
        self.session.apply(action)
        self.moves += 1

    def stop_computers(self) -> None:
        self.workers.cancel_group(self, "ai")
