"""Round scores (docs/RULES.md, Scoring) and the worked checks from the two texts: 8, 27 vs 23,
24."""

from __future__ import annotations

import itertools

import pytest

from cards.deck import Deck
from cards.go_out import Arrangement, best_go_out, best_non_winner
from cards.precedent import is_valid
from cards.ruleset import RuleSet
from cards.scoring import non_winner_score, winner_score

BOOKLET = RuleSet.named("booklet")
SUMMARY = RuleSet.named("summary")
CARDS_ONLY = RuleSet(flush_scoring="cards_only")


def ids(deck: Deck, names: list[str]) -> list[int]:
    return [deck.lookup(n) for n in names]


@pytest.mark.parametrize(
    ("kind", "points", "rules", "expected"),
    [
        ("three_four", 6, BOOKLET, 8),
        ("three_four", 6, SUMMARY, 8),
        ("three_four", 0, BOOKLET, 2),
        ("flush", 7, BOOKLET, 27),
        ("flush", 7, SUMMARY, 23),
        ("flush", 7, CARDS_ONLY, 23),
        ("flush", 6, BOOKLET, 24),
        ("flush", 0, BOOKLET, 6),
        ("flush", 0, SUMMARY, 2),
    ],
)
def test_winner_score_formula(kind: str, points: int, rules: RuleSet, expected: int) -> None:
    arrangement = Arrangement(kind, (), points)  # type: ignore[arg-type]
    assert winner_score(arrangement, rules) == expected


def test_worked_check_three_plus_four_is_8(standard: Deck) -> None:
    # Each precedent: one Amendment, one Freedom, one amendment-strengthening Case (+ an Issue).
    hand = ids(
        standard,
        ["Barnette", "Expression", "1st", "Justice", "Furman v Georgia", "Fair Procedures", "8th"],
    )
    arrangement = best_go_out(standard, hand, BOOKLET)
    assert arrangement is not None and arrangement.kind == "three_four"
    assert arrangement.points == 6
    assert winner_score(arrangement, BOOKLET) == 8
    assert winner_score(arrangement, SUMMARY) == 8


def test_worked_check_flush_27_booklet_23_summary(standard: Deck) -> None:
    # 3 Amendments, 1 Freedom, 3 amendment-strengthening Cases.
    hand = ids(
        standard,
        [
            "Gideon v Wainwright",
            "Escobedo v Illinois",
            "Miranda v Arizona",
            "Fair Procedures",
            "5th Amendment",
            "6th Amendment",
            "14th Amendment",
        ],
    )
    arrangement = best_go_out(standard, hand, BOOKLET)
    assert arrangement is not None and arrangement.kind == "flush"
    assert arrangement.points == 7
    assert winner_score(arrangement, BOOKLET) == 27
    assert winner_score(arrangement, SUMMARY) == 23


def test_worked_check_booklet_flush_24(standard: Deck) -> None:
    hand = ids(
        standard,
        ["School", "Barnette", "Tinker", "Pico", "Expression", "1st Amendment", "14th Amendment"],
    )
    arrangement = best_go_out(standard, hand, BOOKLET)
    assert arrangement is not None and arrangement.kind == "flush"
    assert winner_score(arrangement, BOOKLET) == 24
    assert winner_score(arrangement, SUMMARY) == 6 * 3 + 2


def test_non_winner_scores_only_cards_in_precedents(standard: Deck) -> None:
    # Barnette → Expression → 1st scores 3; the other four cards cannot join a precedent with
    # points, so they score nothing.
    hand = ids(
        standard,
        [
            "Barnette",
            "Expression",
            "1st",
            "Elections",
            "USA PATRIOT Act",
            "Bowers v Hardwick",
            "Marbury v Madison",
        ],
    )
    assert non_winner_score(standard, hand) == 3
    points, precedents = best_non_winner(standard, hand)
    assert points == 3
    assert len(precedents) == 1
    assert set(precedents[0]) >= set(ids(standard, ["Barnette", "Expression", "1st"]))


def test_non_winner_of_a_hand_with_no_precedent_is_zero(standard: Deck) -> None:
    hand = ids(
        standard,
        ["Elections", "Privacy", "9th", "Schenck v US", "Religion", "15th", "Bowers v Hardwick"],
    )
    # No two of these cards can stand together, so no 3- or 4-card precedent exists.
    assert not any(is_valid(standard, pair) for pair in itertools.permutations(hand, 2))
    assert sum(standard[c].points for c in hand) > 0
    assert non_winner_score(standard, hand) == 0
    assert best_non_winner(standard, hand) == (0, ())


def test_non_winner_of_a_going_out_hand_counts_every_card(standard: Deck) -> None:
    hand = ids(
        standard,
        ["Barnette", "Expression", "1st", "Justice", "Furman v Georgia", "Fair Procedures", "8th"],
    )
    assert non_winner_score(standard, hand) == 6


def test_flush_scoring_under_both_readings_on_real_hands(standard: Deck) -> None:
    flush = ids(
        standard,
        ["School", "Barnette", "Tinker", "Pico", "Expression", "1st", "14th"],
    )
    arrangement = best_go_out(standard, flush, BOOKLET)
    assert arrangement is not None and arrangement.kind == "flush" and arrangement.points == 6
    assert winner_score(arrangement, BOOKLET) == (6 + 2) * 3
    assert winner_score(arrangement, SUMMARY) == 6 * 3 + 2
    # Each flag on its own: only flush_scoring changes the flush score.
    assert winner_score(arrangement, RuleSet(attacks="optional")) == 24
    assert winner_score(arrangement, RuleSet(flush_scoring="cards_only")) == 20
    # A 3 + 4 is never tripled, under either reading.
    three_four = ids(
        standard,
        ["Barnette", "Expression", "1st", "Justice", "Furman v Georgia", "Fair Procedures", "8th"],
    )
    arrangement = best_go_out(standard, three_four, SUMMARY)
    assert arrangement is not None and arrangement.kind == "three_four"
    assert winner_score(arrangement, BOOKLET) == winner_score(arrangement, SUMMARY) == 8
