"""The hot-seat handover policy, one for every game: with several people at one keyboard,
who may see the screen now, when to show a pass screen and why, when to cover the table.

A pure state machine: the game tells it the `Moment` (who decides, whose turn it is, whether
it is over: no cards), and `next()` answers with one `Step` for the screen:

- `Show(seat)`: draw the table for `seat` (the person at the screen) and go on;
- `Pass(seat, reason)`: hide everything and call `seat` by name, `reason` in words that tell
  nothing hidden; once that person says they are alone at the screen, `arrived()`;
- `Cover()`: a computer (or a remote seat) decides: nobody's cards are on screen meanwhile,
  since the person who just played may have left and the next one must not read their hand;
- `Over(seat)`: the round is over; everything is public, the table is shown again to the last
  person shown.

The rules it keeps:
- a person's cards are drawn only after they answered a pass screen, and until someone else's
  move takes the keyboard (the cover counts: after it, even the same person is called again);
- a person who interrupts another person's turn (answering an attack) hands the keyboard back
  when that turn is over, whether or not a decision waits for the first one, so the handover
  never tells that their hand went out; the return is announced in the same words every time.

With one person nobody is ever passed to or covered: the table is always shown to them. A game
that hides nothing (`private=False`) has no handover either: its table, everyone's, is shown
for nobody in particular (`Show(None)`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Moment:
    """The state of the game as the handover needs it (no cards, nothing hidden)."""

    decider: int | None
    """The seat whose decision is pending (None once the round is over)."""
    turn: int | None
    """The seat whose turn it is (an interruption is another seat's decision in that turn)."""
    over: bool = False
    simultaneous: bool = False
    """Every seat decides this, unseen by the others (the opening): no turn is interrupted."""
    why: str = ""
    """The game's words for why the keyboard goes to the decider ("{name}" is their name),
    when it is not simply their turn."""


@dataclass(frozen=True)
class Show:
    seat: int | None
    """The person the table is drawn for (None: a game that hides nothing, nobody seated)."""


@dataclass(frozen=True)
class Pass:
    seat: int
    reason: str
    returning: bool = False
    """The keyboard goes back to the person whose turn was interrupted, with no decision of
    theirs pending: their table then says their turn is over."""
    _return_to: int | None = field(default=None, repr=False, compare=False)
    _interrupted: int | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class Cover:
    pass


@dataclass(frozen=True)
class Over:
    seat: int | None


Step = Show | Pass | Cover | Over

RETURN_WORDS = "Back to {name}, whose turn it was."
TURN_WORDS = "It is {name}'s turn."


class Handover:
    """One table's handover state (see the module docstring)."""

    def __init__(self, people: Sequence[int], names: Sequence[str], *, private: bool = True):
        self.people = tuple(people)
        self.names = tuple(names)
        self.private = private
        self.viewer: int | None = self.people[0] if self.people and private else None
        """The last person the table was drawn for (kept while it is covered); None in a
        game that hides nothing, whose table is everyone's."""
        self.at_screen: int | None = None if self.active else self.viewer
        """The person whose cards are on screen now (None: nobody's)."""
        self.covered = False
        self._return_to: int | None = None
        self._interrupted: int | None = None

    @property
    def active(self) -> bool:
        """Several people share the keyboard in a game that hides cards."""
        return self.private and len(self.people) > 1

    def resume(self, viewer: int | None) -> None:
        """A game picked up again: `viewer` is whom the table was last shown to; at a hot-seat
        table nobody's cards are drawn before the pass screen is answered."""
        if viewer in self.people:
            self.viewer = viewer
        self.at_screen = None if self.active else self.viewer

    def new_round(self) -> None:
        """A new deal: at a hot-seat table the first person to decide is called first."""
        self.at_screen = None if self.active else self.viewer
        self._return_to = None
        self._interrupted = None

    def decide(self, m: Moment) -> Step:
        """The step for moment `m`, without taking it (see `take`)."""
        if not self.active:
            return Over(self.viewer) if m.over else Show(self.viewer)
        if m.over:
            return Over(self.viewer)
        back = self._return_to
        if back is not None and m.decider != back and m.turn != back:
            return self._pass(back, m)  # the interrupted turn is over: back to its player
        if m.decider in self.people:
            if m.decider == self.at_screen:
                return Show(self.at_screen)
            assert m.decider is not None
            return self._pass(m.decider, m)
        return Cover()

    def take(self, step: Step, m: Moment) -> None:
        """Move to `step` (decided for `m`): for a `Pass`, the interrupted turn it remembers;
        for a `Cover`, nobody's cards on screen; for `Over`, the cover lifted."""
        if not self.active:
            return
        if self._return_to is not None and m.decider == self._return_to:
            self._return_to = None  # their own decision brings them back
        if isinstance(step, Pass):
            self._return_to, self._interrupted = step._return_to, step._interrupted
        elif isinstance(step, Cover) and not self.covered:
            if self._interrupts(m) and m.decider != m.turn and self._return_to is None:
                # A computer answers a person's attack: the keyboard goes back to that person
                # when the turn is over, decision or not, as after a person's answer.
                self._return_to = self._interrupted = m.turn
            self.covered = True
            self.at_screen = None
        elif isinstance(step, Over) and self.covered:
            self.covered = False
            self.at_screen = self.viewer

    def next(self, m: Moment) -> Step:
        """Decide the step for `m` and take it."""
        step = self.decide(m)
        self.take(step, m)
        return step

    def arrived(self, step: Pass) -> None:
        """The person `step` called is alone at the screen: their cards may be drawn."""
        self.viewer = self.at_screen = step.seat
        self.covered = False
        if step.returning:
            self._return_to = None

    def _interrupts(self, m: Moment) -> bool:
        """The pending decision interrupts a person's turn (not the opening's choice)."""
        return m.decider is not None and not m.simultaneous and m.turn in self.people

    def _pass(self, seat: int, m: Moment) -> Pass:
        return_to, interrupted = self._return_to, self._interrupted
        if return_to is not None and m.decider == return_to:
            return_to = None  # their own decision brings them back (as `take` does)
        returning = return_to == seat and m.decider != seat
        if not returning and self._interrupts(m) and seat != m.turn:
            return_to = interrupted = m.turn  # an interruption of a person's turn
        back_to_turn = seat == interrupted  # with a decision left for them or not
        if back_to_turn:
            interrupted = None
        reason = self.reason(seat, m, returning=back_to_turn)
        return Pass(seat, reason, returning, return_to, interrupted)

    def reason(self, seat: int, m: Moment, *, returning: bool = False) -> str:
        """Why the keyboard goes to `seat`, in words everyone at the table may read: the same
        words whether or not that person has a choice to make (an attack nothing overrules is
        still answered at their own table; skipping it would tell that they hold no such
        card), and the same for every return to the person whose turn was interrupted."""
        name = self.names[seat]
        if returning:
            return RETURN_WORDS.format(name=name)
        if m.simultaneous and m.why:
            return m.why.format(name=name)
        if seat == m.turn:
            return TURN_WORDS.format(name=name)
        return m.why.format(name=name)
