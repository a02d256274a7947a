"""What one seat may know (docs/RULES.md, Hidden information), as pydantic models.

`Round.view(seat)` builds a `PlayerView` on demand; the engine itself never touches pydantic on
its hot path. A view names a card id only where that seat may know it: its own cards, every
face-up card, the discard pile, and the opponents' hidden cards it knows by rule (taken from the
discard pile and not discarded since, shown by an overrule, confiscated from a face-up row, or
cards it confiscated or lost itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from cards.games.civio.phase import END_OF_TURN, Phase
from cards.ruleset import RuleSet

if TYPE_CHECKING:
    from cards.deck import Deck
    from cards.games.civio.round import Round


class SeatView(BaseModel):
    """One seat as the viewer sees it (for the viewer itself: all its cards)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    face_up: list[int]
    hidden_count: int
    known_hidden: list[int]
    """Hidden cards of this seat that the viewer knows (the viewer's own: all of them)."""
    skips: int
    """Turns this seat will still skip (Lose Turn attacks)."""
    chose_face_up: bool
    """During the opening: whether this seat has chosen its face-up cards (not which)."""


class PendingView(BaseModel):
    """The pending decision's public context (the options go with the `Decision` itself).

    `phase` is the engine's position: face_up, draw, discard, reveal, attack_target, overrule,
    confiscate, target_reveal, confiscation_discard, attacker_reveal, civio. Another seat's CIVIO
    choice is shown as kind None, phase "end_of_turn" (knowing it is offered would tell that the
    hand goes out). `drawn` and `confiscated` appear only when the viewer may know the card.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    kind: str | None
    phase: str
    stage: str = "main"
    attacker: int | None = None
    target: int | None = None
    effect: str | None = None
    law: int | None = None
    source: str | None = None
    drawn: int | None = None
    confiscated: int | None = None


class ResultView(BaseModel):
    """The end of the round: every hand is laid down for scoring, so all of it is public."""

    model_config = ConfigDict(frozen=True)

    winner: int | None
    kind: str | None
    scores: list[int]
    precedents: list[list[list[int]]]
    hands: list[list[int]]
    turns: int
    reason: str


class PlayerView(BaseModel):
    """Everything `seat` may know about the round now; `model_dump_json()` serialises it."""

    model_config = ConfigDict(frozen=True)

    seat: int
    seats: int
    dealer: int
    turn: int
    """The current turn's number (1-based; 0 during the opening face-up choice)."""
    turns_played: int
    current_seat: int
    """Whose turn it is (the pending decision may belong to another seat: overrule, reveal)."""
    face_up: list[int]
    hidden: list[int]
    known_by: dict[int, list[int]]
    """For each of the viewer's hidden cards that others know: the seats that know it."""
    players: list[SeatView]
    discard_pile: list[int]
    """Bottom first; the last entry is the top card."""
    supply_count: int
    taken_from_discard: int | None
    """The card the current seat took from the discard pile this turn (it may not discard it)."""
    pending: PendingView | None
    scores: list[int] | None
    """Cumulative points before this round, when the round belongs to a Game."""
    rules: RuleSet
    deck_sha256: str
    deck_size: int
    is_over: bool
    result: ResultView | None

    @property
    def hand(self) -> list[int]:
        """The viewer's cards: face-up, then hidden."""
        return self.face_up + self.hidden

    def opponents(self) -> list[SeatView]:
        return [p for p in self.players if p.seat != self.seat]

    def known_cards(self) -> set[int]:
        """Every card this seat can locate: its own, all face-up cards, the discard pile and the
        opponents' hidden cards it knows."""
        known = set(self.face_up)
        known.update(self.hidden)
        known.update(self.discard_pile)
        for p in self.players:
            known.update(p.face_up)
            known.update(p.known_hidden)
        return known

    def unseen_cards(self, deck: Deck | None = None) -> list[int]:
        """Cards this seat cannot locate: the opponents' unknown hidden cards and the supply
        (ascending ids). Their number is `supply_count` plus each opponent's
        `hidden_count - len(known_hidden)`."""
        size = len(deck) if deck is not None else self.deck_size
        known = self.known_cards()
        return [c for c in range(size) if c not in known]

    def unknown_hidden_counts(self) -> dict[int, int]:
        """For each opponent, how many of its hidden cards this seat does not know."""
        return {p.seat: p.hidden_count - len(p.known_hidden) for p in self.opponents()}


def build_view(rnd: Round, seat: int) -> PlayerView:
    """The `PlayerView` of `seat` in `rnd` (see Round.view)."""
    if not 0 <= seat < rnd.seats:
        raise ValueError(f"seat {seat} is not at this table of {rnd.seats}")
    # Plain dicts validated in one go: several times faster than building each nested model.
    opening = rnd.phase is Phase.FACE_UP
    if opening:
        choice = rnd.choices[seat]
        own_face_up = list(choice) if choice is not None else []
        own_hidden = [c for c in rnd.hidden[seat] if c not in own_face_up]
    else:
        own_face_up = list(rnd.face_up[seat])
        own_hidden = list(rnd.hidden[seat])
    known_by: dict[int, list[int]] = {}
    if not opening:
        for c in own_hidden:
            others = [o for o in range(rnd.seats) if o != seat and rnd.known[c] >> o & 1]
            if others:
                known_by[c] = others
    result: dict[str, Any] | None = None
    if rnd.result is not None and rnd.phase is Phase.OVER:
        result = rnd.result.to_json()
    return PlayerView.model_validate(
        {
            "seat": seat,
            "seats": rnd.seats,
            "dealer": rnd.dealer,
            "turn": rnd.turn,
            "turns_played": rnd.turns_played,
            "current_seat": rnd.current,
            "face_up": own_face_up,
            "hidden": own_hidden,
            "known_by": known_by,
            "players": _seat_views(rnd, seat, own_face_up, own_hidden, opening),
            "discard_pile": rnd.discard_pile,
            "supply_count": len(rnd.supply),
            "taken_from_discard": rnd.taken,
            "pending": _pending_view(rnd, seat),
            "scores": rnd.scores_before,
            "rules": rnd.rules,
            "deck_sha256": rnd.deck.sha256,
            "deck_size": len(rnd.deck),
            "is_over": rnd.phase is Phase.OVER,
            "result": result,
        }
    )


def _seat_views(
    rnd: Round, seat: int, own_face_up: list[int], own_hidden: list[int], opening: bool
) -> list[dict[str, Any]]:
    """Every seat as `seat` sees it (its own cards in full; others' known hidden cards)."""
    me = 1 << seat
    known = rnd.known
    players: list[dict[str, Any]] = []
    for s in range(rnd.seats):
        if s == seat:
            face_up, hidden_count, known_hidden = own_face_up, len(own_hidden), own_hidden
        else:
            hidden = rnd.hidden[s]
            face_up = [] if opening else rnd.face_up[s]
            hidden_count = len(hidden)
            known_hidden = [c for c in hidden if known[c] & me]
        players.append(
            {
                "seat": s,
                "face_up": face_up,
                "hidden_count": hidden_count,
                "known_hidden": known_hidden,
                "skips": rnd.skips[s],
                "chose_face_up": rnd.choices[s] is not None,
            }
        )
    return players


def _pending_view(rnd: Round, seat: int) -> dict[str, Any] | None:
    """The pending decision's context as `seat` may know it."""
    decision = rnd.decision
    if decision is None:
        return None
    if rnd.phase is Phase.CIVIO and decision.seat != seat:
        return {"seat": decision.seat, "kind": None, "phase": END_OF_TURN}
    me = 1 << seat
    known = rnd.known
    drawn = decision.drawn
    if drawn is not None and not known[drawn] & me:
        drawn = None
    confiscated = decision.confiscated
    if confiscated is not None and not known[confiscated] & me:
        confiscated = None
    return {
        "seat": decision.seat,
        "kind": decision.kind.value,
        "phase": rnd.phase.label,
        "stage": decision.stage,
        "attacker": decision.attacker,
        "target": decision.target,
        "effect": decision.effect,
        "law": decision.law,
        "source": decision.source,
        "drawn": drawn,
        "confiscated": confiscated,
    }


def view_json(rnd: Round, seat: int) -> dict[str, Any]:
    """The view as a JSON-ready dict (what `model_dump(mode="json")` gives)."""
    return build_view(rnd, seat).model_dump(mode="json")
