"""One handler per `Phase` of a round: the whole rule of that point of the turn in one place.

A handler answers four questions for its phase: who decides (`decider`), what they may do (the
`decision`), what an action does (`apply`), and why an action that is not among the options is
refused (`why_illegal`, after `Round` has checked the action's kind and card id, which every
phase shares). `HANDLERS` maps every phase to its handler; `Round` looks the handler up there and
nowhere else. docs/ENGINE_API.md ("The engine's shape") says how a variant engine copies this.

`apply` returns what the event log records besides the action: `(cards, to, target, private)`,
the cards the event shows, the seats that see them (bit mask), the seat a blind confiscation
struck, and whether the event is private to its seat. State changes go through the round's own
turn helpers (`_after_main_discard`, `_end_turn`, `_next_turn`, `_finish`).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, cast

from cards.engine import EVERYONE, IllegalActionError
from cards.games.civio.actions import (
    ACCEPT,
    ACCEPT_ACTION,
    CALL,
    CIVIO,
    CIVIO_CALL,
    CIVIO_PLAY_ON,
    CONFISCATE,
    CONFISCATE_HIDDEN,
    DECLINE,
    DECLINE_ACTION,
    DISCARD,
    DRAW,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    FACE_UP,
    OVERRULE,
    REVEAL,
    TARGET,
    Action,
    Decision,
    DecisionKind,
)
from cards.games.civio.events import NOTE_LOSES_TURN, NOTE_REPLACEMENT, Note
from cards.games.civio.phase import Phase
from cards.models import Effect, effect_label
from cards.table import DISCARD_PILE, FACE_UP_COUNT, HAND_SIZE, SUPPLY

if TYPE_CHECKING:
    from cards.games.civio.round import Round

Outcome = tuple[tuple[int, ...], int, int | None, bool]
"""What an applied action adds to its event: (cards shown, seen by (mask), target, private)."""
PUBLIC: Outcome = ((), EVERYONE, None, False)

LOSE_TURN = Effect.LOSE_TURN.value


class PhaseHandler:
    """The rule of one phase. Subclasses set `phase` and `action_kinds` and implement
    `decision` and `apply`; `decider` defaults to the turn player."""

    phase: Phase
    action_kinds: frozenset[str] = frozenset()
    """The action kinds this phase's decision may hold (others are refused before any detail)."""
    next_phase: Phase
    """Where the turn goes next (where it depends only on this phase). Read from the handler,
    not as `Phase.X`: Python 3.11 looks Enum members up on their class several times slower,
    and this runs on every action."""

    def __init__(self) -> None:
        # Every phase but OVER poses a decision of its kind; OVER's handler never builds one.
        self.kind = cast(DecisionKind, self.phase.kind)

    def decider(self, rnd: Round) -> int:
        return rnd.current

    def decision(self, rnd: Round) -> Decision:
        raise NotImplementedError

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        raise NotImplementedError

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        """Why `action` (of an expected kind, naming `name` if it names a card) is not among
        `d.options`; None for the generic "is not among the options"."""
        return None


def _head(d: Decision) -> str:
    return f"Seat {d.seat} must decide {d.kind.value}"


class FaceUpHandler(PhaseHandler):
    """The opening: each seat in turn, seat 0 first, chooses the 5 cards it lays face up."""

    phase = Phase.FACE_UP
    action_kinds = frozenset({FACE_UP})

    def decider(self, rnd: Round) -> int:
        return rnd.choices.index(None)

    def decision(self, rnd: Round) -> Decision:
        return self.decision_of(rnd, self.decider(rnd))

    def decision_of(self, rnd: Round, seat: int) -> Decision:
        """`seat`'s choice, the same whenever it is asked (the hand does not change until every
        seat has chosen)."""
        options = tuple(
            Action(FACE_UP, cards=c) for c in combinations(sorted(rnd.hidden[seat]), FACE_UP_COUNT)
        )
        return Decision(seat, self.kind, options)

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        rnd.choices[seat] = action.cards
        if None not in rnd.choices:
            rnd._lay_face_up()
        return ((), 1 << seat, None, False)

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        return f"{_head(d)}: choose exactly {FACE_UP_COUNT} of your own {HAND_SIZE} cards"


class DrawHandler(PhaseHandler):
    """The turn player draws from the supply (refilled from the discard pile when empty) or
    takes the top discard."""

    phase = Phase.DRAW
    next_phase = Phase.DISCARD
    action_kinds = frozenset({DRAW})

    def decision(self, rnd: Round) -> Decision:
        options = []
        if rnd.supply or len(rnd.discard_pile) >= 2:
            options.append(DRAW_SUPPLY)
        if rnd.discard_pile:
            options.append(DRAW_DISCARD)
        return Decision(rnd.current, self.kind, tuple(options))

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        s = rnd.current
        to = EVERYONE
        if action.source == SUPPLY:
            c = rnd._draw_from_supply()
            if c is None:  # only reachable through apply_unchecked
                raise IllegalActionError("the supply is empty and cannot be refilled")
            rnd.known[c] = to = 1 << s
            rnd.source = SUPPLY
        else:
            c = rnd.discard_pile.pop()
            rnd.known[c] = rnd._all
            rnd.taken = c
            rnd.source = DISCARD_PILE
        rnd.hidden[s].append(c)
        rnd.drawn = c
        rnd.phase = self.next_phase
        return ((c,), to, None, False)

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        if action.source == SUPPLY:
            return f"{_head(d)}: the supply is empty and cannot be refilled"
        if action.source == DISCARD_PILE:
            return f"{_head(d)}: the discard pile is empty"
        return (
            f"{_head(d)}: {action.source!r} is not a place to draw from "
            f'(draw from "{SUPPLY}" or "{DISCARD_PILE}")'
        )


class _DiscardHandler(PhaseHandler):
    """A discard: any card the seat holds except one taken from the discard pile this turn."""

    action_kinds = frozenset({DISCARD})

    def options(self, rnd: Round) -> tuple[Action, ...]:
        taken = rnd.taken
        s = rnd.current
        return tuple(Action.discard(c) for c in rnd.face_up[s] + rnd.hidden[s] if c != taken)

    def discard(self, rnd: Round, action: Action) -> int:
        """Move the card to the discard pile; returns how many hidden cards the seat keeps."""
        s, c = rnd.current, action.card
        assert c is not None
        hidden = rnd.hidden[s]
        if c in hidden:
            hidden.remove(c)
        else:
            rnd.face_up[s].remove(c)
        rnd.discard_pile.append(c)
        rnd.known[c] = rnd._all
        return len(hidden)

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        if action.card is None:
            return None
        if action.card == rnd.taken:
            return f"{name} was taken from the discard pile this turn and cannot be discarded now"
        return f"{name} is not among Seat {d.seat}'s cards"


class DiscardHandler(_DiscardHandler):
    """The turn's main discard; an attacking Law discarded here launches its attack."""

    phase = Phase.DISCARD
    next_phase = Phase.REVEAL

    def decision(self, rnd: Round) -> Decision:
        return Decision(
            rnd.current,
            self.kind,
            self.options(rnd),
            drawn=rnd.drawn,
            source=rnd.source,
        )

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        c = action.card
        assert c is not None
        rnd.discarded = c
        if self.discard(rnd, action) == 3:
            rnd.phase = self.next_phase
        else:
            rnd._after_main_discard()
        # The event names the Law whose attack this discard launches, so the log tells it at
        # the discard, before any card is turned face up and the target is named.
        if rnd._laws.attack[c] is not None:
            return ((c,), EVERYONE, None, False)
        return PUBLIC


class ConfiscationDiscardHandler(_DiscardHandler):
    """The attacker's discard after a confiscation: it launches no attack."""

    phase = Phase.CONF_DISCARD
    next_phase = Phase.CONF_REVEAL

    def decision(self, rnd: Round) -> Decision:
        s = rnd.current
        return Decision(
            s,
            self.kind,
            self.options(rnd),
            stage=Phase.CONF_DISCARD.stage,
            attacker=s,
            target=rnd.target,
            effect=rnd.effect,
            law=rnd.law,
            drawn=rnd.drawn,
            source=rnd.source,
            confiscated=rnd.confiscated,
        )

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        if self.discard(rnd, action) == 3:
            rnd.phase = self.next_phase
        else:
            rnd._end_turn()
        return PUBLIC


class _RevealHandler(PhaseHandler):
    """A seat holding 3 hidden cards turns one face up; subclasses say what follows."""

    action_kinds = frozenset({REVEAL})

    def decision(self, rnd: Round) -> Decision:
        s = self.decider(rnd)
        options = tuple(Action.reveal(c) for c in rnd.hidden[s])
        return Decision(
            s,
            self.kind,
            options,
            stage=self.phase.stage,
            attacker=rnd.current,
            target=rnd.target,
            effect=rnd.effect,
            law=rnd.law,
            confiscated=rnd.confiscated,
        )

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        c = action.card
        assert c is not None
        rnd.hidden[seat].remove(c)
        rnd.face_up[seat].append(c)
        rnd.known[c] = rnd._all
        self.then(rnd)
        return PUBLIC

    def then(self, rnd: Round) -> None:
        raise NotImplementedError

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        if action.card is None:
            return None
        return f"{name} is not one of Seat {d.seat}'s hidden cards"


class RevealHandler(_RevealHandler):
    """The turn player, after its main discard."""

    phase = Phase.REVEAL

    def decision(self, rnd: Round) -> Decision:
        s = rnd.current
        options = tuple(Action.reveal(c) for c in rnd.hidden[s])
        return Decision(
            s,
            self.kind,
            options,
            drawn=rnd.drawn,
            source=rnd.source,
        )

    def then(self, rnd: Round) -> None:
        rnd._after_main_discard()


class TargetRevealHandler(_RevealHandler):
    """The target of a confiscation, after drawing its replacement; the attacker discards next."""

    phase = Phase.TARGET_REVEAL
    next_phase = Phase.CONF_DISCARD

    def decider(self, rnd: Round) -> int:
        assert rnd.target is not None
        return rnd.target

    def then(self, rnd: Round) -> None:
        rnd.phase = self.next_phase


class ConfiscationRevealHandler(_RevealHandler):
    """The attacker, after its discard that follows a confiscation; the turn ends."""

    phase = Phase.CONF_REVEAL

    def then(self, rnd: Round) -> None:
        rnd._end_turn()


class TargetHandler(PhaseHandler):
    """The turn player discarded an attacking Law: it names the opponent to attack (or declines,
    under the optional-attacks rule)."""

    phase = Phase.TARGET
    next_phase = Phase.OVERRULE
    action_kinds = frozenset({TARGET, DECLINE})

    def decision(self, rnd: Round) -> Decision:
        s = rnd.current
        options = [Action.target(o) for o in range(rnd.seats) if o != s]
        if rnd.rules.attacks == "optional":
            options.append(DECLINE_ACTION)
        return Decision(
            s,
            self.kind,
            tuple(options),
            attacker=s,
            effect=rnd.effect,
            law=rnd.law,
        )

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        cards = (rnd.law,) if rnd.law is not None else ()
        if action.kind == DECLINE:
            rnd._end_turn()
        else:
            rnd.target = action.seat
            rnd.phase = self.next_phase
        return (cards, EVERYONE, None, False)

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        if action.kind == DECLINE:
            return "declining an attack is allowed only under the optional-attacks rule"
        if action.seat == d.seat:
            return "a seat cannot attack itself"
        return f"seat {action.seat} is not an opponent at this table"


class OverruleHandler(PhaseHandler):
    """The target overrules the attack with a Law of its own (shown to all) or accepts it."""

    phase = Phase.OVERRULE
    next_phase = Phase.CONFISCATE
    action_kinds = frozenset({OVERRULE, ACCEPT})

    def decider(self, rnd: Round) -> int:
        assert rnd.target is not None
        return rnd.target

    def decision(self, rnd: Round) -> Decision:
        t = self.decider(rnd)
        overrules = rnd._laws.overrules(rnd.effect)
        options = [Action.overrule(c) for c in rnd.face_up[t] + rnd.hidden[t] if overrules[c]]
        options.append(ACCEPT_ACTION)
        return Decision(
            t,
            self.kind,
            tuple(options),
            attacker=rnd.current,
            target=t,
            effect=rnd.effect,
            law=rnd.law,
        )

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        if action.kind == OVERRULE:
            assert action.card is not None
            rnd.known[action.card] = rnd._all
            rnd._end_turn()
        elif rnd.effect == LOSE_TURN:
            rnd.skips[seat] += 1
            rnd._notes.append(Note(NOTE_LOSES_TURN, seat, count=rnd.skips[seat]))
            rnd._end_turn()
        else:
            rnd.phase = self.next_phase
        return PUBLIC

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        card = action.card
        if card is None:
            return None
        t = d.seat
        if card not in rnd.face_up[t] + rnd.hidden[t]:
            return f"{name} is not among Seat {t}'s cards"
        # The effect as the card prints it ("Lose Turn"), not its data key.
        return f"{name} does not overrule {effect_label(d.effect)}"


class ConfiscateHandler(PhaseHandler):
    """The attacker takes one of the target's face-up cards or, blind, one of its hidden ones;
    the target draws a replacement."""

    phase = Phase.CONFISCATE
    action_kinds = frozenset({CONFISCATE})

    def decision(self, rnd: Round) -> Decision:
        t = rnd.target
        assert t is not None
        options = (
            tuple(Action.confiscate(c) for c in rnd.face_up[t])
            + CONFISCATE_HIDDEN[: len(rnd.hidden[t])]
        )
        return Decision(
            rnd.current,
            self.kind,
            options,
            attacker=rnd.current,
            target=t,
            effect=rnd.effect,
            law=rnd.law,
        )

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        s, t = rnd.current, rnd.target
        assert t is not None
        outcome: Outcome = ((), EVERYONE, t, False)
        if action.slot is not None:
            c = self._take_blind(rnd, s, t, action.slot)
            outcome = ((c,), (1 << s) | (1 << t), t, False)
        else:
            assert action.card is not None
            c = action.card
            rnd.face_up[t].remove(c)
            rnd.known[c] = rnd._all
        rnd.hidden[s].append(c)
        rnd.confiscated = c
        self._replace(rnd, t)
        return outcome

    @staticmethod
    def _take_blind(rnd: Round, s: int, t: int, slot: int) -> int:
        # The target's hidden cards lie face down in an order the attacker cannot know, so the
        # slot named is matched to one of them at random.
        th = rnd.hidden[t]
        c = th[(slot ^ rnd.rng.getrandbits(1)) % len(th)]
        th.remove(c)
        both = (1 << s) | (1 << t)
        known = rnd.known
        known[c] = both
        # Onlookers no longer know which of the target's hidden cards went.
        for other in th:
            known[other] &= both
        return c

    @staticmethod
    def _replace(rnd: Round, t: int) -> None:
        replacement = rnd._draw_from_supply()
        if replacement is None:
            rnd._finish(None, "no_draw")
            return
        th = rnd.hidden[t]
        th.append(replacement)
        rnd.known[replacement] = 1 << t
        rnd._notes.append(Note(NOTE_REPLACEMENT, t, (replacement,), to=1 << t))
        rnd.phase = Phase.TARGET_REVEAL if len(th) == 3 else Phase.CONF_DISCARD

    def why_illegal(self, rnd: Round, action: Action, d: Decision, name: str) -> str | None:
        if action.slot is not None:
            return f"hidden slot {action.slot} does not exist (choose 0 or 1)"
        return f"{name} is not one of Seat {d.target or 0}'s face-up cards"


class CivioHandler(PhaseHandler):
    """The turn player's 7 cards go out: it calls CIVIO (the round ends) or plays on."""

    phase = Phase.CIVIO
    action_kinds = frozenset({CIVIO})

    def decision(self, rnd: Round) -> Decision:
        options = (CIVIO_CALL, CIVIO_PLAY_ON)
        return Decision(rnd.current, self.kind, options)

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        s = rnd.current
        if action.choice == CALL:
            rnd._finish(s, "civio")
            return PUBLIC
        rnd._next_turn()
        return ((), 1 << s, None, True)


class OverHandler(PhaseHandler):
    """The round is over: nothing is decided and every action is refused."""

    phase = Phase.OVER

    def decision(self, rnd: Round) -> Decision:
        raise IllegalActionError("the round is over")

    def apply(self, rnd: Round, action: Action, seat: int) -> Outcome:
        raise IllegalActionError("the round is over")


HANDLERS: dict[Phase, PhaseHandler] = {
    h.phase: h
    for h in (
        FaceUpHandler(),
        DrawHandler(),
        DiscardHandler(),
        RevealHandler(),
        TargetHandler(),
        OverruleHandler(),
        ConfiscateHandler(),
        TargetRevealHandler(),
        ConfiscationDiscardHandler(),
        ConfiscationRevealHandler(),
        CivioHandler(),
        OverHandler(),
    )
}
"""Every phase's handler: the one place `Round` finds a phase's rule."""
