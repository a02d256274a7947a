"""The protocol every game engine implements, and the vocabulary the games share.

Each game (cards/games/<game>/) has one engine class with the same shape, after OpenSpiel's
`State` (`current_player`, `legal_actions`, `apply_action`, `clone`, `is_terminal`, `returns`):

    engine.seats                  # how many seats play (Solitaire: 1)
    d = engine.decision           # the pending decision, None once it is over
    d.seat, d.kind, d.options     # who decides, what about, the legal options (never empty)
    engine.legal_actions()        # the actions `apply` accepts now, one or more per option
    engine.apply(action)          # checked: an illegal action raises IllegalActionError and
                                  # changes nothing
    engine.view(seat)             # what one seat may know (a pydantic model)
    engine.events                 # the event log, one event per applied action
    engine.actions                # the actions applied, in order: what a replay needs
    engine.is_over, engine.result # how it ended: `result.winners`, `result.scores` per seat
    engine.clone()                # an independent copy, RNG included
    engine.to_json()              # settings and actions; `type(engine).from_json(data, deck)`
                                  # replays them, checked, into the same engine

An engine is deterministic from its settings (seed included) and its action list, which is
what saves, replays, reviews and networked tables store. What differs between games stays in
the game: its action, decision, event, view and result classes, and the options' form (the main
game's and Easy Play's options are actions; Concentration's are the places that may be turned,
`TurnCard(place)` being the action; Solitaire's are action kinds, its CIVIO call carrying the
precedents the player chooses).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from cards.deck import Deck

A = TypeVar("A")
E = TypeVar("E", bound="Engine[Any]")


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the engine that raised it is unchanged. The message
    says why in the rules' words."""


EVERYONE = -1
"""A visibility mask meaning every seat (and onlookers)."""


def sees(mask: int, seat: int | None) -> bool:
    """Whether `seat` may see something shown to `mask`, a bit per seat or EVERYONE (None: the
    omniscient replay view)."""
    return seat is None or mask == EVERYONE or bool(mask >> seat & 1)


@runtime_checkable
class Decision(Protocol):
    """The one pending decision: `seat` chooses one of `options` about `kind`."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def options(self) -> Sequence[Any]: ...


@runtime_checkable
class Result(Protocol):
    """How a game (or a round) ended: the seats that won (none when no one did; several on a
    tie) and each seat's score."""

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...


@runtime_checkable
class Engine(Protocol[A]):
    """One game in play (see the module docstring)."""

    @property
    def seats(self) -> int: ...

    @property
    def decision(self) -> Decision | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Result | None: ...

    @property
    def events(self) -> Sequence[Any]: ...

    @property
    def actions(self) -> list[A]: ...

    def legal_actions(self) -> tuple[A, ...]: ...

    def apply(self, action: A) -> None: ...

    def view(self, seat: int) -> Any: ...

    def clone(self) -> Engine[A]: ...

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls: type[E], data: dict[str, Any], deck: Deck | None = None) -> E: ...


def round_to_json(rnd: Any) -> dict[str, Any]:
    """A round's settings and its actions, for the games played in dealt rounds (CIVIO, Easy
    Play): all their `from_json` needs, the deck named by its sha256."""
    return {
        "rules": rnd.rules.model_dump(mode="json"),
        "seats": rnd.seats,
        "dealer": rnd.dealer,
        "seed": rnd.seed,
        "deck_sha256": rnd.deck.sha256,
        "deal_order": None if rnd.deal_order is None else list(rnd.deal_order),
        "scores": None if rnd.scores_before is None else list(rnd.scores_before),
        "actions": [a.to_json() for a in rnd.actions],
    }
