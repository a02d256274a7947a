"""One game in play, for any engine: its seats, the computers' pending choices, autosave after
every move, taking back in practice games, and the hot-seat handover (`handover.Handover`).

Free of Textual: a screen (or a test, or a networked table) drives it.

    session = Session(seats, current=lambda: game.round, moment=civio_moment,
                      computer=pending_choice, autosave=store.save)
    step = session.next_step()        # Show / Pass / Cover / Over (handover)
    choice = session.pending_choice()  # a computer's: view, decision, rng taken now
    session.apply(choice.choose())     # checked by the engine, then saved

The engine is whatever the game plays (cards.engine's protocol): `decision` (None when over,
else with `.seat`), `apply(action)` (refuses an illegal action, changing nothing), `view(seat)`,
`is_over`. `current` returns the engine in play, which a game with rounds replaces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from civio_tui.session.handover import Handover, Moment, Over, Pass, Show, Step
from civio_tui.session.seats import COMPUTER, PERSON, SeatKind, SessionSeat


class Choice(Protocol):
    """A computer's pending choice, taken at once (ai.base.PendingChoice): `choose()` may then
    run in a worker thread while the game stays put."""

    @property
    def decision(self) -> Any: ...

    def choose(self) -> Any: ...


@dataclass(frozen=True)
class SeatScreen:
    """What the screen may show now: the handover's step and, when a table is drawn, the view
    of the person it is drawn for (the only cards the screen may hold)."""

    step: Step
    view: Any = None


E = TypeVar("E")


class Session(Generic[E]):
    """A game at one table (see the module docstring)."""

    def __init__(
        self,
        seats: Sequence[SessionSeat],
        *,
        current: Callable[[], E | None],
        moment: Callable[[E], Moment],
        computer: Callable[[E], Choice] | None = None,
        play: Callable[[Any], None] | None = None,
        autosave: Callable[[], str | None] | None = None,
        undo: Callable[[int], bool] | None = None,
        view: Callable[[E, int], Any] | None = None,
        early: Callable[[E, int], Any] | None = None,
        practice: bool = False,
        private: bool = True,
    ) -> None:
        """`current`: the engine in play (None before the first deal); `moment`: the engine's
        state as the handover needs it; `computer`: a computer's pending choice for the engine;
        `play`: how a move is made when the game keeps more than the engine (default:
        `engine.apply`); `autosave`: called after every move, returns why it failed or None;
        `undo(seat)`: take back to that seat's last real choice (practice games only);
        `view(engine, seat)`: what a seat's table shows (default `engine.view(seat)`);
        `early(engine, seat)`: a decision `seat` may make before it is asked (default: none);
        `private=False` for a game that hides nothing (no handover)."""
        self.seats = tuple(seats)
        self._current = current
        self._moment = moment
        self._computer = computer
        self._play = play
        self._autosave = autosave
        self._undo = undo
        self._view = view
        self._early = early
        self.practice = practice
        self.save_problem: str | None = None
        """Why the last autosave failed (None: every move is saved)."""
        people = [s for s, seat in enumerate(self.seats) if seat.kind == PERSON]
        self.handover = Handover(people, [s.name for s in self.seats], private=private)

    # -- seats ------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play at this keyboard, in seat order."""
        return self.handover.people

    @property
    def hot_seat(self) -> bool:
        """Several people share this keyboard in a game that hides cards."""
        return self.handover.active

    # -- the game ---------------------------------------------------------------------------

    @property
    def engine(self) -> E:
        engine = self._current()
        assert engine is not None, "no game in play"
        return engine

    @property
    def dealt(self) -> bool:
        return self._current() is not None

    @property
    def decision(self) -> Any:
        """The pending decision (None when there is no game in play or it is over)."""
        engine = self._current()
        return None if engine is None else getattr(engine, "decision", None)

    def early_decision(self, seat: int) -> Any:
        """A decision `seat` may make now although the game does not ask it yet (at a
        networked table's opening every seat chooses at once, and the engine takes the choices
        in seat order); `apply` then takes that seat's answer. None when there is none."""
        engine = self._current()
        return None if engine is None or self._early is None else self._early(engine, seat)

    def position(self) -> tuple[int, int]:
        """Where the game stands: the engine in play and the number of its events (a choice
        put at another position is stale)."""
        engine = self._current()
        return (id(engine), len(getattr(engine, "events", ())))

    def to_move(self) -> SeatKind | None:
        """Who decides now: a person here, a computer, a remote seat; None when over."""
        decision = self.decision
        return None if decision is None else self.seats[decision.seat].kind

    def pending_choice(self) -> Choice:
        """The computer's pending choice, its view, decision and RNG taken now (never read
        from the live game afterwards, so it may run in a worker)."""
        if self.to_move() != COMPUTER or self._computer is None:
            raise ValueError("no computer decides now")
        return self._computer(self.engine)

    def apply(self, action: Any) -> None:
        """Make the move of the seat that decides, or a seat's answer to its `early_decision`
        (the engine refuses an illegal one and changes nothing), then autosave; a failed save
        is kept in `save_problem`."""
        if self._play is not None:
            self._play(action)
        else:
            self.engine.apply(action)  # type: ignore[attr-defined]
        self.autosave()

    def autosave(self) -> None:
        if self._autosave is None:
            return
        try:
            self.save_problem = self._autosave()
        except OSError as exc:
            self.save_problem = f"Could not save the game: {exc}"

    def take_back(self, seat: int) -> bool:
        """In a practice game, back to `seat`'s last real choice (everything after it
        undone, and saved); False when there is nothing to take back or moves are final."""
        if not self.practice or self._undo is None:
            return False
        return self._undo(seat)

    # -- the screen -------------------------------------------------------------------------

    def moment(self) -> Moment:
        engine = self._current()
        if engine is None:
            return Moment(None, None, over=True)
        return self._moment(engine)

    def new_round(self) -> None:
        """A new deal (call after dealing it): the handover starts over."""
        self.handover.new_round()

    def next_step(self) -> Step:
        """What the screen must do now (the handover decides and moves on)."""
        return self.handover.next(self.moment())

    def arrived(self, step: Pass) -> None:
        """The person a pass screen called is at the screen."""
        self.handover.arrived(step)

    def screen(self, step: Step) -> SeatScreen:
        """The model of what the screen shows for `step`: for a table, the view of the person
        it is drawn for, nothing of anyone's for a pass screen or the cover."""
        if isinstance(step, Show | Over) and step.seat is not None and self.dealt:
            return SeatScreen(step, self.view(step.seat))
        return SeatScreen(step)

    def view(self, seat: int) -> Any:
        if self._view is not None:
            return self._view(self.engine, seat)
        return self.engine.view(seat)  # type: ignore[attr-defined]
