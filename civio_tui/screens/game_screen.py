"""The one loop every game's screen runs on: the computers choose in one worker thread, never
on the UI thread; their choice comes back as one message and is applied on the UI thread; the
screen redraws from the game's state when a move is made (the reactive `moves`).

A game's screen builds its `session` (civio_tui.session) and implements:
- `redraw()`: draw every pane from the game's state (the watcher of `moves` calls it);
- `computer_moved(action)`: apply a computer's choice (the same path as a person's move);
- `computer_pause(decision)`, when some steps are not paced (the default: the AI speed).

It calls `play_computers()` whenever a computer may be next, and counts each move it applies
(`self.moves += 1`), which redraws. `hand_over()` puts the session's hot-seat handover step on
screen: the pass screen (`call_person`; `handed_over(step)` once they are at the screen), the
cover while the computers play (`cover_table`), lifted when the round is over; `hide_table()`
is the game's own hiding before either; `leave_now()` and `leaving_words()` say how to leave
from them. `leave(confirm=...)` asks before leaving, as Settings say, then `close_game()`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.message import Message
from textual.reactive import reactive

from civio_tui.screens.base import CivioScreen
from civio_tui.session import COMPUTER, Choice, Cover, Over, Pass, Session, Step

if TYPE_CHECKING:
    from civio_tui.screens.pass_device import PassScreen


def choose_paced(
    choice: Choice,
    pause: float,
    *,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Any:
    """The computer's action, returned no sooner than `pause` seconds from now. The time it
    thinks is part of the pause, not added to it: a slow search must not make the pace slower
    than Settings say."""
    started = clock()
    action = choice.choose()
    rest = pause - (clock() - started)
    if rest > 0:
        sleep(rest)
    return action


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

    def __init__(self) -> None:
        super().__init__()
        self._hot_seat_cover: PassScreen | None = None
        """At a hot-seat table, the cover up while the computers play (`cover_table`)."""
        self._after_cover: Callable[[object], None] | None = None
        """What the cover's Enter does once it has been turned into a pass screen."""

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
        self.post_message(self.AIChose(choice.decision, choose_paced(choice, pause), position))

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

    # -- the hot-seat handover on screen --------------------------------------------------

    def hand_over(self) -> Step | None:
        """Put the session's handover step on screen; None when a pass screen now calls
        someone (`handed_over(step)` follows their Enter), else the step to go on with."""
        handover, moment = self.session.handover, self.session.moment()
        step = handover.decide(moment)
        if isinstance(step, Pass) or (isinstance(step, Cover) and not self.covered):
            self.hide_table(step)
        handover.take(step, moment)
        if isinstance(step, Pass):
            self.call_person(step, lambda: self.handed_over(step))
            return None
        if isinstance(step, Cover):
            self.cover_table()
        elif isinstance(step, Over) and self.lift_cover():
            self.show_table_again()
        return step

    def hide_table(self, step: Step) -> None:
        """Before a pass screen (`Pass`) or the cover (`Cover`): what of the last person's
        table must not stay drawn."""

    def handed_over(self, step: Pass) -> None:
        """The person `step` called is at the screen: draw their table and go on."""

    def show_table_again(self) -> None:
        """The cover is lifted at the end of a round: draw the table for the last person."""

    def leave_now(self) -> None:
        """Leave the game with no question (from a pass screen or the cover)."""
        self.leave(confirm=False)

    def leave(self, *, confirm: bool) -> None:
        """Leave the game, asking first when `confirm` and the Settings say so."""
        if not confirm or not self.app.settings.confirm_quit:
            self.close_game()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.close_game()

        screen = ConfirmScreen(
            "Leave this game?", self.leaving_words(), yes="Leave", no="Keep playing"
        )
        self.app.push_screen(screen, answer)

    def close_game(self) -> None:
        self.stop_computers()
        self.dismiss(None)

    def leaving_words(self) -> str:
        """What leaving now costs, in one true sentence (the pass screen's confirmation): never
        "saved" after a save that failed."""
        problem = self.session.save_problem
        if problem is not None:
            lost = "if you leave now, the moves since the last good save are lost"
            return f"{problem.rstrip('.')}: {lost}."
        return "The game is saved: Continue picks it up at this turn."

    @property
    def covered(self) -> bool:
        return self._hot_seat_cover is not None

    def call_person(self, step: Pass, then: Callable[[], None]) -> None:
        """Hide the table behind the pass screen calling `step.seat` (the cover, when up, turns
        into it: the table never shows between the two); once they are alone at the screen,
        the session knows it and `then()` draws their table."""
        from civio_tui.screens.pass_device import PassScreen

        def arrived(_: object) -> None:
            self.session.arrived(step)
            then()

        name = self.session.names[step.seat]
        if self._hot_seat_cover is not None:
            self._after_cover = arrived
            self._hot_seat_cover.leaving_words = self.leaving_words()
            self._hot_seat_cover.call(name, step.reason)
            return
        words = self.leaving_words()
        screen = PassScreen(name, leave=self.leave_now, leaving_words=words, reason=step.reason)
        self.app.push_screen(screen, arrived)

    def cover_table(self) -> None:
        """Hide everyone's cards while the computers play (hot-seat): the person who just
        played may have left the screen, and the next one must not read their hand. The cover
        stays until a person is called (`call_person`) or the round is over (`lift_cover`)."""
        from civio_tui.screens.pass_device import PassScreen

        if self._hot_seat_cover is not None:
            return
        words = self.leaving_words()
        self._hot_seat_cover = PassScreen(None, leave=self.leave_now, leaving_words=words)

        def lifted(result: object) -> None:
            self._hot_seat_cover = None
            then, self._after_cover = self._after_cover, None
            if then is not None:
                then(result)

        self.app.push_screen(self._hot_seat_cover, lifted)

    def lift_cover(self) -> bool:
        """Take the cover away with nobody called (the round is over: every hand is shown in
        the results); False when it was not up."""
        if self._hot_seat_cover is None:
            return False
        self._hot_seat_cover, self._after_cover = None, None
        self.app.pop_screen()
        return True
