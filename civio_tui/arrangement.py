"""The player's arrangement of their cards into precedents: UI state, judged by `cards/` rules.

The player groups their cards into Precedent A, Precedent B and "not placed", and orders each
group. Every judgement (valid or not and why, points, going out, scores) comes from the pure
functions in `cards/`; this module only keeps the groups in step with the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cards.deck import Deck
from cards.go_out import best_go_out, best_non_winner, goes_out
from cards.precedent import PrecedentCheck, check_precedent
from cards.ruleset import RuleSet
from cards.scoring import winner_score

GROUP_NAMES = ("Precedent A", "Precedent B", "Not placed")
UNPLACED = 2


@dataclass(frozen=True)
class HandStatus:
    """What the arrangement is worth now, and what the hand could do at best."""

    checks: tuple[PrecedentCheck | None, PrecedentCheck | None]
    arranged_goes_out: bool
    arranged_kind: str | None
    arranged_score: int
    """As winner when the arrangement goes out, else as a non-winner (valid 3/4-card groups)."""
    can_go_out: bool
    best_winner_score: int | None
    best_non_winner_score: int


@dataclass
class HandArrangement:
    """Three ordered groups of card ids: A, B and not placed."""

    groups: list[list[int]] = field(default_factory=lambda: [[], [], []])

    @property
    def cards(self) -> list[int]:
        return [c for g in self.groups for c in g]

    def group_of(self, card: int) -> int:
        for index, group in enumerate(self.groups):
            if card in group:
                return index
        raise ValueError(f"card {card} is not in the arrangement")

    def sync(self, hand: Sequence[int]) -> None:
        """Follow the hand: drop cards that left it, put new cards under "not placed"."""
        held = set(hand)
        for group in self.groups:
            group[:] = [c for c in group if c in held]
        placed = set(self.cards)
        self.groups[UNPLACED].extend(c for c in hand if c not in placed)

    def to_json(self) -> dict[str, Any]:
        """The groups as saved with the round in progress (the campaign's `ui_state`)."""
        return {
            "groups": [list(self.groups[0]), list(self.groups[1])],
            "loose": list(self.groups[2]),
        }

    @classmethod
    def from_json(cls, data: object) -> HandArrangement:
        """The arrangement `to_json` saved; anything unreadable gives an empty one (the next
        `sync` puts every card under "not placed")."""
        if not isinstance(data, dict):
            return cls()
        groups, loose = data.get("groups"), data.get("loose", [])
        if not (isinstance(groups, list) and len(groups) == 2 and isinstance(loose, list)):
            return cls()
        found = [*groups, loose]
        if not all(isinstance(g, list) and all(type(c) is int for c in g) for g in found):
            return cls()
        cards = [c for g in found for c in g]
        if len(cards) != len(set(cards)):
            return cls()
        return cls([list(g) for g in found])

    def move(self, card: int, delta: int) -> None:
        """Move a card to the next (+1) or previous (-1) group, at the end of it."""
        source = self.group_of(card)
        target = (source + delta) % len(self.groups)
        self.groups[source].remove(card)
        self.groups[target].append(card)

    def reorder(self, card: int, delta: int) -> None:
        """Move a card one place up (-1) or down (+1) within its group."""
        group = self.groups[self.group_of(card)]
        i = group.index(card)
        j = i + delta
        if 0 <= j < len(group):
            group[i], group[j] = group[j], group[i]

    def arrange_best(self, deck: Deck, hand: Sequence[int], rules: RuleSet) -> str:
        """Lay the hand out in its best precedents; returns a sentence saying what was done."""
        cards = list(hand)
        best = best_go_out(deck, cards, rules) if len(cards) == 7 else None
        if best is not None:
            precedents = list(best.precedents)
            what = "a Thurgood Flush" if best.kind == "flush" else "a 3-card and a 4-card precedent"
            message = f"Arranged to go out with {what}."
        else:
            points, found = best_non_winner(deck, cards)
            precedents = list(found)
            if not precedents:
                # Nothing better to offer: the player's own arrangement stays as it is.
                return "No 3- or 4-card precedent with points can be made from these cards yet."
            unit = "point" if points == 1 else "points"
            message = (
                f"Arranged your best scoring precedents ({points} {unit} if someone else wins)."
            )
        used = {c for p in precedents for c in p}
        self.groups = [
            list(precedents[0]) if precedents else [],
            list(precedents[1]) if len(precedents) > 1 else [],
            [c for c in cards if c not in used],
        ]
        return message

    def ordered_like_mine(
        self, deck: Deck, precedents: Sequence[Sequence[int]]
    ) -> tuple[tuple[int, ...], ...]:
        """Scored precedents (the engine's choice) in the player's order: each one's cards as
        they stand in Your cards when that order is valid for the same points, and the
        precedents in the order of their first card there."""
        place = {card: i for i, card in enumerate(self.cards)}

        def where(card: int) -> int:
            return place.get(card, len(place))

        ordered = []
        for precedent in precedents:
            scored = tuple(precedent)
            mine = tuple(sorted(scored, key=where))
            if mine != scored:
                check = check_precedent(deck, list(mine))
                if check.valid and check.points == check_precedent(deck, list(scored)).points:
                    scored = mine
            ordered.append(scored)
        return tuple(sorted(ordered, key=lambda p: min(map(where, p), default=len(place))))

    def status(self, deck: Deck, hand: Sequence[int], rules: RuleSet) -> HandStatus:
        checks: list[PrecedentCheck | None] = [
            check_precedent(deck, group) if group else None for group in self.groups[:2]
        ]
        a, b = checks
        sizes = sorted(len(g) for g in self.groups[:2])
        unplaced = len(self.groups[UNPLACED])
        kind: str | None = None
        if unplaced == 0 and len(hand) == 7:
            valid = [c for c in checks if c is not None and c.valid]
            if sizes == [0, 7] and len(valid) == 1:
                kind = "flush"
            elif sizes == [3, 4] and len(valid) == 2:
                kind = "three_four"
        if kind is not None:
            from cards.go_out import Arrangement

            points = sum(c.points for c in checks if c is not None)
            arranged_score = winner_score(
                Arrangement(kind, tuple(tuple(g) for g in self.groups[:2] if g), points),  # type: ignore[arg-type]
                rules,
            )
        else:
            arranged_score = sum(
                c.points for c in checks if c is not None and c.valid and len(c.cards) in (3, 4)
            )
        can = len(hand) == 7 and goes_out(deck, list(hand))
        best = best_go_out(deck, list(hand), rules) if can else None
        return HandStatus(
            checks=(a, b),
            arranged_goes_out=kind is not None,
            arranged_kind=kind,
            arranged_score=arranged_score,
            can_go_out=can,
            best_winner_score=winner_score(best, rules) if best is not None else None,
            best_non_winner_score=best_non_winner(deck, list(hand))[0],
        )
