"""Helpers for the engine tests: stacked deals, state snapshots and an independent tracker of
what each seat may know."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from cards.deck import Deck, load_deck
from cards.games.civio.actions import Action
from cards.games.civio.phase import Phase
from cards.games.civio.round import Round
from cards.models import CardType
from cards.ruleset import RuleSet

PACK_PATH = Path(__file__).parent / "fixtures" / "engine_pack.toml"


@cache
def engine_pack() -> Deck:
    return load_deck(PACK_PATH)


def ids(deck: Deck, names: Sequence[str]) -> list[int]:
    return [deck.id_of(n) for n in names]


def stacked(
    deck: Deck,
    hands: Sequence[Sequence[str]],
    discard: str,
    supply: Sequence[str] = (),
    *,
    rules: RuleSet | None = None,
    dealer: int | None = None,
    face_up: Sequence[Sequence[str]] | None = None,
    seed: int = 7,
) -> Round:
    """A round dealt exactly `hands` (seat by seat), `discard` starting the pile, `supply` on
    top of the supply; each seat lays face up `face_up[s]` (default: its first 5 cards).
    The dealer defaults to the last seat, so seat 0 plays first."""
    n = len(hands)
    order = [c for hand in hands for c in ids(deck, hand)]
    order += ids(deck, [discard]) + ids(deck, supply)
    rnd = Round(
        rules or RuleSet(),
        n,
        n - 1 if dealer is None else dealer,
        seed,
        deck,
        deal_order=order,
    )
    for s in range(n):
        chosen = face_up[s] if face_up is not None else hands[s][:5]
        rnd.apply(Action.face_up(ids(deck, chosen)))
    return rnd


def play(rnd: Round, *texts: str) -> None:
    """Apply actions given in their text form."""
    for text in texts:
        rnd.apply(rnd.parse(text))


def snapshot(rnd: Round) -> tuple[Any, ...]:
    """Every piece of a round's state, for before/after comparisons."""
    return (
        rnd.phase,
        rnd.current,
        rnd.turn,
        rnd.turns_played,
        [list(x) for x in rnd.face_up],
        [list(x) for x in rnd.hidden],
        list(rnd.discard_pile),
        list(rnd.supply),
        list(rnd.known),
        list(rnd.skips),
        list(rnd.choices),
        (rnd.drawn, rnd.source, rnd.taken, rnd.discarded),
        (rnd.law, rnd.effect, rnd.target, rnd.confiscated),
        list(rnd.events),
        rnd.rng.getstate(),
        rnd.result,
        rnd.decision,
    )


def check_accounting(rnd: Round) -> None:
    """Every card is in exactly one place: a hand, the supply or the discard pile."""
    places: list[int] = []
    for s in range(rnd.seats):
        places += rnd.face_up[s] + rnd.hidden[s]
    places += rnd.supply + rnd.discard_pile
    assert sorted(places) == list(range(len(rnd.deck))), "cards lost or duplicated"


def check_turn_boundary(rnd: Round) -> None:
    """At the start of every turn each seat holds 5 face-up cards and 2 hidden."""
    if rnd.phase_name == "draw":
        for s in range(rnd.seats):
            assert len(rnd.face_up[s]) == 5, (s, rnd.face_up[s])
            assert len(rnd.hidden[s]) == 2, (s, rnd.hidden[s])


class KnowledgeTracker:
    """Follows a round from outside (ground-truth state before and after each action) and
    works out, from the rules alone, which hidden cards each seat may know. It never reads the
    engine's own knowledge bits."""

    def __init__(self, rnd: Round) -> None:
        self.n = rnd.seats
        self.everyone = frozenset(range(self.n))
        # card -> seats that know where it is, for cards in some seat's hidden
        self.knowers: dict[int, set[int]] = {}
        for s in range(self.n):
            for c in rnd.hidden[s]:
                self.knowers[c] = {s}

    def before(self, rnd: Round) -> dict[str, Any]:
        return {
            "hidden": [set(h) for h in rnd.hidden],
            "face_up": [set(f) for f in rnd.face_up],
            "discard": set(rnd.discard_pile),
            "supply": set(rnd.supply),
        }

    def after(self, rnd: Round, before: dict[str, Any], action: Action) -> None:
        new_hidden = [set(h) for h in rnd.hidden]
        blind: list[tuple[int, int]] = []
        for s in range(self.n):
            for c in new_hidden[s] - before["hidden"][s]:
                if action.kind == "draw" and action.source == "discard":
                    self.knowers[c] = set(self.everyone)  # the top of the pile, seen by all
                elif c in before["supply"] or c in before["discard"]:
                    self.knowers[c] = {s}  # drawn from the supply (maybe just reshuffled)
                elif any(c in f for f in before["face_up"]):
                    self.knowers[c] = set(self.everyone)
                else:
                    blind.append((s, c))
        for s, c in blind:
            (y,) = [o for o in range(self.n) if c in before["hidden"][o]]
            self.knowers[c] = {s, y}
            for r in new_hidden[y]:
                self.knowers[r] &= {s, y}
        if action.kind == "overrule" and action.card is not None:
            self.knowers[action.card] = set(self.everyone)
        live = set().union(*new_hidden)
        for c in list(self.knowers):
            if c not in live:
                del self.knowers[c]

    def known_hidden(self, rnd: Round, viewer: int, owner: int) -> list[int]:
        return [c for c in rnd.hidden[owner] if viewer in self.knowers[c]]

    def allowed(self, rnd: Round, seat: int) -> set[int]:
        """Card ids `seat`'s view may name."""
        if rnd.phase_name == "face_up":
            return set(rnd.hidden[seat]) | set(rnd.discard_pile)
        allowed = set(rnd.discard_pile)
        for s in range(self.n):
            allowed |= set(rnd.face_up[s])
            allowed |= set(self.known_hidden(rnd, seat, s))
        return allowed


def view_card_ids(view_json: str) -> set[int]:
    """Every card id a serialised PlayerView names (results excluded: all public at the end)."""
    data = json.loads(view_json)
    found: set[int] = set(data["face_up"]) | set(data["hidden"]) | set(data["discard_pile"])
    found |= {int(k) for k in data["known_by"]}
    for p in data["players"]:
        found |= set(p["face_up"]) | set(p["known_hidden"])
    if data["taken_from_discard"] is not None:
        found.add(data["taken_from_discard"])
    pending = data["pending"]
    if pending:
        for key in ("law", "drawn", "confiscated"):
            if pending.get(key) is not None:
                found.add(pending[key])
    return found


def check_views(rnd: Round, tracker: KnowledgeTracker) -> None:
    """No seat's serialised view names a card it may not know, and each view's knowledge of
    opponents' hidden cards is exactly what the rules give it."""
    if rnd.phase is Phase.OVER:
        return
    for seat in range(rnd.seats):
        view = rnd.view(seat)
        named = view_card_ids(view.model_dump_json())
        allowed = tracker.allowed(rnd, seat)
        assert named <= allowed, f"seat {seat} view leaks {sorted(named - allowed)}"
        if rnd.phase_name != "face_up":
            for p in view.players:
                if p.seat != seat:
                    assert sorted(p.known_hidden) == sorted(
                        tracker.known_hidden(rnd, seat, p.seat)
                    ), (seat, p.seat)


FLUSH = ["School", "Barnette", "Tinker", "Pico", "Expression", "1st", "14th"]
"""The booklet's Thurgood Flush, by the names of the standard deck."""


def cases(*numbers: int) -> list[str]:
    """The engine pack's Cases by number: cases(1, 2) is ["Case 01", "Case 02"]."""
    return [f"Case {n:02d}" for n in numbers]


def plain_cards(deck: Deck, exclude: list[int]) -> list[int]:
    """Cards with no action and no wild power, outside `exclude`."""
    return [
        c
        for c in deck.ids
        if c not in exclude
        and deck[c].type not in (CardType.LAW, CardType.CIVIL_RIGHTS_ACT)
        and deck[c].type is not CardType.WILD
    ]


def attack_table(pack: Deck, law: str = "Seizure Act") -> Round:
    """Three seats of the engine pack; seat 0, to play, holds the attacking `law` hidden."""
    hands = [
        [*cases(1, 2, 3, 4, 5), law, "Case 06"],
        [*cases(7, 8, 9, 10, 11), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Case 18", "Case 25"],
    ]
    return stacked(pack, hands, "Case 19", cases(20, 21, 22, 23))
