"""What a seat can do: `Action` values, the pending `Decision`, and the errors of `Round.apply`.

Actions are small immutable values in the style of python-chess's `Move`: cards are deck ids,
and every action has one readable text form (`to_str` / `from_str`) used alike by the event log,
save files, tests and the UI, plus a JSON form (`to_json` / `from_json`).

Text forms (card names as printed; `from_str` matches names as the command line does):

    face up NAME; NAME; NAME; NAME; NAME     draw supply        draw discard
    discard NAME        reveal NAME          target 2           decline
    overrule NAME       accept               confiscate NAME    confiscate hidden 0
    civio call          civio play on
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from cards.table import DISCARD_PILE, SUPPLY

if TYPE_CHECKING:
    from cards.deck import Deck


class InvalidActionError(ValueError):
    """Text or JSON that does not describe any action (bad syntax, unknown card name)."""


class DecisionKind(StrEnum):
    """What the pending decision is about (docs/ENGINE_API.md lists each kind's options)."""

    FACE_UP = "face_up"
    DRAW = "draw"
    DISCARD = "discard"
    REVEAL = "reveal"
    ATTACK_TARGET = "attack_target"
    OVERRULE = "overrule"
    CONFISCATE = "confiscate"
    CIVIO = "civio"


# Action kinds. `kind` is a plain string so actions stay cheap to build and compare.
FACE_UP = "face_up"
DRAW = "draw"
DISCARD = "discard"
REVEAL = "reveal"
TARGET = "target"
DECLINE = "decline"
OVERRULE = "overrule"
ACCEPT = "accept"
CONFISCATE = "confiscate"
CIVIO = "civio"
ACTION_KINDS = (
    FACE_UP,
    DRAW,
    DISCARD,
    REVEAL,
    TARGET,
    DECLINE,
    OVERRULE,
    ACCEPT,
    CONFISCATE,
    CIVIO,
)

CALL = "call"
PLAY_ON = "play_on"


@dataclass(frozen=True, slots=True)
class Action:
    """One choice. `kind` says which payload field is used:

    face_up: `cards` (5 ids, ascending) · draw: `source` ("supply" | "discard") ·
    discard, reveal, overrule: `card` · target: `seat` · confiscate: `card` (a face-up card) or
    `slot` (0 or 1: a hidden card, blind) · civio: `choice` ("call" | "play_on") ·
    decline, accept: nothing.
    """

    kind: str
    card: int | None = None
    seat: int | None = None
    cards: tuple[int, ...] = ()
    source: str | None = None
    slot: int | None = None
    choice: str | None = None

    # Shared instances: the engine hands out these objects, so `in options` is an identity test.
    @staticmethod
    def draw(source: str) -> Action:
        return DRAW_SUPPLY if source == SUPPLY else DRAW_DISCARD

    @staticmethod
    def discard(card: int) -> Action:
        return _cached(DISCARD, card)

    @staticmethod
    def reveal(card: int) -> Action:
        return _cached(REVEAL, card)

    @staticmethod
    def overrule(card: int) -> Action:
        return _cached(OVERRULE, card)

    @staticmethod
    def confiscate(card: int) -> Action:
        return _cached(CONFISCATE, card)

    @staticmethod
    def confiscate_hidden(slot: int) -> Action:
        return CONFISCATE_HIDDEN[slot]

    @staticmethod
    def target(seat: int) -> Action:
        if not 0 <= seat < _MOST_SHARED:  # never a seat: kept as given so `apply` refuses it
            return Action(TARGET, seat=seat)
        if seat >= len(_TARGETS):
            with _GROWING:
                _TARGETS.extend(Action(TARGET, seat=i) for i in range(len(_TARGETS), seat + 1))
        return _TARGETS[seat]

    @staticmethod
    def face_up(cards: tuple[int, ...] | list[int]) -> Action:
        return Action(FACE_UP, cards=tuple(sorted(cards)))

    def to_str(self, deck: Deck) -> str:
        """The readable form, e.g. "discard Engel v Vitale" (inverse of `from_str`)."""
        kind = self.kind
        if kind == DRAW:
            return f"draw {self.source}"
        if kind in (DISCARD, REVEAL, OVERRULE) and self.card is not None:
            return f"{kind} {deck[self.card].name}"
        if kind == CONFISCATE:
            if self.slot is not None:
                return f"confiscate hidden {self.slot}"
            if self.card is not None:
                return f"confiscate {deck[self.card].name}"
        if kind == TARGET:
            return f"target {self.seat}"
        if kind in (DECLINE, ACCEPT):
            return kind
        if kind == CIVIO:
            return "civio call" if self.choice == CALL else "civio play on"
        if kind == FACE_UP:
            return "face up " + "; ".join(deck[c].name for c in self.cards)
        raise InvalidActionError(f"malformed action {self!r}")

    @classmethod
    def from_str(cls, text: str, deck: Deck) -> Action:
        """Parse a readable form; raises InvalidActionError (unknown card names get suggestions)."""
        words = text.strip().split(None, 1)
        if not words:
            raise InvalidActionError("empty action")
        head = words[0].lower()
        rest = words[1].strip() if len(words) > 1 else ""
        low = " ".join(rest.lower().split())
        if head == "draw" and low in (SUPPLY, DISCARD_PILE, "discard pile"):
            return cls.draw(SUPPLY if low == SUPPLY else DISCARD_PILE)
        if head in (DISCARD, REVEAL, OVERRULE) and rest:
            return _cached(head, _card_id(rest, deck))
        if head == CONFISCATE and rest:
            parts = low.split()
            if len(parts) == 2 and parts[0] == "hidden" and parts[1] in ("0", "1"):
                return CONFISCATE_HIDDEN[int(parts[1])]
            return _cached(CONFISCATE, _card_id(rest, deck))
        if head == TARGET and low.isdigit():
            return cls.target(int(low))
        if head in (DECLINE, ACCEPT) and not rest:
            return DECLINE_ACTION if head == DECLINE else ACCEPT_ACTION
        if head == CIVIO and low == CALL:
            return CIVIO_CALL
        if head == CIVIO and low in ("play on", PLAY_ON):
            return CIVIO_PLAY_ON
        if head == "face" and low.startswith("up "):
            names = [n for n in rest.split(None, 1)[1].split(";") if n.strip()]
            return cls.face_up([_card_id(n.strip(), deck) for n in names])
        raise InvalidActionError(f"cannot read action {text!r}")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: `kind` plus only the payload fields in use."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.card is not None:
            out["card"] = self.card
        if self.seat is not None:
            out["seat"] = self.seat
        if self.cards:
            out["cards"] = list(self.cards)
        if self.source is not None:
            out["source"] = self.source
        if self.slot is not None:
            out["slot"] = self.slot
        if self.choice is not None:
            out["choice"] = self.choice
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Inverse of `to_json`; returns the engine's shared instance where there is one.
        Refuses (InvalidActionError) anything `to_json` could not have written: an unknown kind
        or field, a payload field the kind does not use or lacks, a source or choice that
        does not exist, a hidden slot other than 0 or 1."""
        if not isinstance(data, dict):
            raise InvalidActionError(f"malformed action {data!r}: not a JSON object")
        if "kind" not in data:
            raise InvalidActionError(f"malformed action {data!r}: no field 'kind'")
        kind = data["kind"]
        if kind not in ACTION_KINDS:
            raise InvalidActionError(f"unknown action kind {kind!r}")
        unknown = set(data) - {"kind", "card", "seat", "cards", "source", "slot", "choice"}
        if unknown:
            raise InvalidActionError(f"unknown action fields {sorted(unknown)}")
        problem = _payload_problem(kind, data)
        if problem:
            raise InvalidActionError(f"malformed action {data!r}: {problem}")
        try:
            action = cls(
                kind,
                card=_opt_int(data.get("card")),
                seat=_opt_int(data.get("seat")),
                cards=tuple(int(c) for c in data.get("cards", ())),
                source=data.get("source"),
                slot=_opt_int(data.get("slot")),
                choice=data.get("choice"),
            )
        except (TypeError, ValueError) as exc:
            raise InvalidActionError(f"malformed action {data!r}: {exc}") from None
        return action.shared()

    def shared(self) -> Action:
        """The engine's shared instance equal to this action (or this action itself)."""
        kind = self.kind
        if kind in (DISCARD, REVEAL, OVERRULE, CONFISCATE) and self.card is not None:
            candidate = _cached(kind, self.card)
        elif kind == TARGET and self.seat is not None and self.seat >= 0:
            candidate = Action.target(self.seat)
        else:
            candidate = next((known for known in _SINGLETONS if known == self), self)
        return candidate if candidate == self else self

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_json().items() if k != "kind")
        return f"Action({self.kind!r}{', ' if fields else ''}{fields})"


# The payload fields each action kind carries (docs/RULES.md's actions; docs/ENGINE_API.md's table),
# and the values a field may take where it names one of a few things.
_PAYLOAD: dict[str, frozenset[str]] = {
    FACE_UP: frozenset({"cards"}),
    DRAW: frozenset({"source"}),
    DISCARD: frozenset({"card"}),
    REVEAL: frozenset({"card"}),
    TARGET: frozenset({"seat"}),
    DECLINE: frozenset(),
    OVERRULE: frozenset({"card"}),
    ACCEPT: frozenset(),
    CONFISCATE: frozenset({"card", "slot"}),  # exactly one of the two
    CIVIO: frozenset({"choice"}),
}
_CHOICES = {"source": (SUPPLY, DISCARD_PILE), "choice": (CALL, PLAY_ON), "slot": (0, 1)}


def _payload_problem(kind: str, data: dict[str, Any]) -> str | None:
    """What is wrong with the payload of a JSON action of `kind`, or None."""
    used = {f for f in data if f != "kind" and data[f] is not None}
    allowed = _PAYLOAD[kind]
    extra = used - allowed
    if extra:
        return f"the {kind} action has no {' or '.join(sorted(extra))}"
    if kind == CONFISCATE and len(used) != 1:
        return "the confiscate action names either a card or a hidden slot (0 or 1)"
    missing = allowed - used if kind != CONFISCATE else set()
    if missing:
        return f"the {kind} action needs its {' and '.join(sorted(missing))}"
    for field in used & set(_CHOICES):
        if data[field] not in _CHOICES[field] or isinstance(data[field], bool):
            shown = " or ".join(repr(v) for v in _CHOICES[field])
            return f"{field} {data[field]!r} is not one of {shown}"
    if kind == FACE_UP and not isinstance(data["cards"], list | tuple):
        return "cards must be a list of card ids"
    return None


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _card_id(text: str, deck: Deck) -> int:
    from cards.deck import UnknownCardError

    try:
        return deck.lookup(text)
    except UnknownCardError as exc:
        raise InvalidActionError(str(exc)) from None


_CARD_ACTIONS: dict[str, list[Action]] = {DISCARD: [], REVEAL: [], OVERRULE: [], CONFISCATE: []}
_GROWING = threading.Lock()
"""Held while a list of shared actions grows, so that the action at index `i` is the one for
card (or seat) `i`: two threads may make actions at once (a networked table's poll and its
screen), and two growing one list together interleave their actions."""


# Shared instances go up to this id. Beyond it (never a real card or seat, only bad input such
# as a hand-edited position naming card 10**9) an action is a fresh object, not a table grown to
# that size.
_MOST_SHARED = 4096


def _cached(kind: str, card: int) -> Action:
    if not 0 <= card < _MOST_SHARED:
        return Action(kind, card=card)
    table = _CARD_ACTIONS[kind]
    if card >= len(table):
        with _GROWING:
            table.extend(Action(kind, card=i) for i in range(len(table), card + 1))
    return table[card]


_TARGETS: list[Action] = []
DRAW_SUPPLY = Action(DRAW, source=SUPPLY)
DRAW_DISCARD = Action(DRAW, source=DISCARD_PILE)
DECLINE_ACTION = Action(DECLINE)
ACCEPT_ACTION = Action(ACCEPT)
CIVIO_CALL = Action(CIVIO, choice=CALL)
CIVIO_PLAY_ON = Action(CIVIO, choice=PLAY_ON)
CONFISCATE_HIDDEN = (Action(CONFISCATE, slot=0), Action(CONFISCATE, slot=1))
_SINGLETONS = (
    DRAW_SUPPLY,
    DRAW_DISCARD,
    DECLINE_ACTION,
    ACCEPT_ACTION,
    CIVIO_CALL,
    CIVIO_PLAY_ON,
    *CONFISCATE_HIDDEN,
)


@dataclass(frozen=True, slots=True)
class Decision:
    """The one pending decision of a round: who decides, what about, and the legal options.

    Context fields are set where they apply (None otherwise):
    `attacker`, `target`, `effect` ("lose_turn" | "confiscate") and `law` (the attacking Law's id)
    for attack_target / overrule / confiscate; `drawn` (the card drawn this turn) and `source`
    ("supply" | "discard") for discard and reveal in the main part of a turn; `confiscated` (the
    card just taken) for the attacker's discard and reveal after a confiscation; `stage` names the
    point of the turn ("main", "after_confiscation", "replacement" for the target's reveal).
    """

    seat: int
    kind: DecisionKind
    options: tuple[Action, ...]
    stage: str = "main"
    attacker: int | None = None
    target: int | None = None
    effect: str | None = None
    law: int | None = None
    drawn: int | None = None
    source: str | None = None
    confiscated: int | None = None

    def __contains__(self, action: object) -> bool:
        return action in self.options

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "kind": self.kind.value,
            "stage": self.stage,
            "options": [a.to_json() for a in self.options],
        }
        for name in ("attacker", "target", "effect", "law", "drawn", "source", "confiscated"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        try:
            return cls(
                seat=int(data["seat"]),
                kind=DecisionKind(data["kind"]),
                options=tuple(Action.from_json(a) for a in data["options"]),
                stage=str(data.get("stage", "main")),
                attacker=_opt_int(data.get("attacker")),
                target=_opt_int(data.get("target")),
                effect=data.get("effect"),
                law=_opt_int(data.get("law")),
                drawn=_opt_int(data.get("drawn")),
                source=data.get("source"),
                confiscated=_opt_int(data.get("confiscated")),
            )
        except KeyError as exc:
            raise InvalidActionError(f"malformed decision: no field {exc}") from None
        except (TypeError, ValueError) as exc:
            if isinstance(exc, InvalidActionError):
                raise
            raise InvalidActionError(f"malformed decision: {exc}") from None
