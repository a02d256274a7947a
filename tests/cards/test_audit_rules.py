"""Audit of the pure rules against docs/RULES.md sentence by sentence: the cases the other test
files leave implicit (Marbury at either end of a closing run, an Amendment held up by a Case further
back, the rule-set flags, flush scoring under both readings, ranks and their input).

Each rule line gets a valid and an invalid case where it applies.
"""

from __future__ import annotations

import pytest

from cards.deck import Deck
from cards.go_out import best_go_out, best_non_winner, goes_out, ordering
from cards.precedent import PrecedentCheck, check_precedent, is_valid
from cards.ranks import RANKS, parse_rank, rank_for
from cards.ruleset import RuleSet
from cards.scoring import winner_score

MARBURY = "Marbury v Madison"
CRA = "Civil Rights Act of 1964"
BOOKLET = RuleSet.named("booklet")
SUMMARY = RuleSet.named("summary")


def ids(deck: Deck, names: list[str]) -> list[int]:
    return [deck.lookup(n) for n in names]


def check(deck: Deck, names: list[str]) -> PrecedentCheck:
    cards = ids(deck, names)
    result = check_precedent(deck, cards)
    assert result.valid == is_valid(deck, cards)
    return result


# ------------------------------------------------------------------ Marbury is transparent


@pytest.mark.parametrize(
    ("names", "position"),
    [
        # Between the Freedom and the closing Amendments, and inside the closing run.
        (["Barnette", "Expression", MARBURY, "1st"], None),
        (["Barnette", "Expression", "1st", MARBURY, "14th"], None),
        # Right before the closing run that follows a Law.
        (["Shelley v Kraemer", "Voting Rights Act of 1965", MARBURY, "14th"], None),
        # It does not make a Freedom legal after a Law, nor after an Amendment.
        (["Jim Crow Laws", MARBURY, "Equality"], 2),
        (["Barnette", "1st", MARBURY, "Expression"], 3),
        # At position 0 the next card is still "first": a Freedom cannot open, an Issue can.
        ([MARBURY, "Expression", "1st"], 1),
        ([MARBURY, "School", "Barnette"], None),
        ([MARBURY, "Barnette", "School"], 2),
    ],
)
def test_marbury_changes_nothing_wherever_it_stands(
    mini: Deck, names: list[str], position: int | None
) -> None:
    result = check(mini, names)
    assert result.failure_position == position, result.reason
    without = [n for n in names if n != MARBURY]
    assert check(mini, without).valid == result.valid


def test_marbury_between_freedom_and_amendments_on_the_standard_deck(standard: Deck) -> None:
    result = check(standard, ["School", "Barnette", "Tinker", "Pico", "Expression", MARBURY, "1st"])
    assert result.valid and result.points == 5  # Barnette, Tinker, Pico, Expression, 1st


# ------------------------------------------------- Amendments need a strengthening Case anywhere


def test_amendment_held_up_by_a_case_two_cards_back(standard: Deck) -> None:
    # Brown strengthens the 14th; Plessy (right before the Amendment) strengthens nothing.
    assert standard[standard.lookup("Plessy v Ferguson")].amendments == ()
    result = check(standard, ["Brown", "Plessy v Ferguson", "14th"])
    assert result.valid, result.reason
    assert result.points == 2  # Brown and the 14th; Plessy scores 0
    assert check(standard, ["Brown", "Plessy v Ferguson", MARBURY, "14th"]).valid
    # Without Brown nothing holds the 14th up: it fails at its own position.
    failed = check(standard, ["Plessy v Ferguson", "14th"])
    assert failed.failure_position == 1
    assert failed.reason is not None and "no Case in it strengthens" in failed.reason


def test_each_amendment_of_the_closing_run_needs_its_own_case(standard: Deck) -> None:
    # Brown holds up the 14th but not the 8th: the 8th fails at its own position.
    result = check(standard, ["Brown", "Plessy v Ferguson", "14th", "8th"])
    assert result.failure_position == 3
    assert result.reason is not None and "8th" in result.reason


# ------------------------------------------------------------------ the Civil Rights Act


def test_cra_counts_one_point_in_either_role(mini: Deck) -> None:
    law = check(mini, ["Race", CRA])
    equality = check(mini, ["United Steelworkers v Weber", CRA])
    assert (law.cra_role, equality.cra_role) == ("law", "freedom")
    assert law.points == 1
    assert equality.points == sum(mini[c].points for c in equality.cards)


def test_go_out_finder_plays_the_cra_as_equality_when_only_that_works(standard: Deck) -> None:
    # Loving (1967) is younger than the CRA and does not list it, so the CRA cannot stand as a
    # Law next to it; Loving's plus column lists Equality, so the CRA closes as Equality.
    cards = ids(standard, ["14th Amendment", "Loving v Virginia", CRA])
    found = ordering(standard, cards)
    assert found is not None
    result = check_precedent(standard, found)
    assert result.valid and result.cra_role == "freedom"
    assert result.points == 3
    # The same cards with the CRA before Loving: the Law role fails at Loving, Equality at once.
    failed = check(standard, [CRA, "Loving v Virginia", "14th Amendment"])
    assert failed.failure_position == 1
    assert failed.reason is not None and "(as a Law)" in failed.reason


# ------------------------------------------------------------------------------ scoring


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


def test_non_winner_scores_disjoint_precedents_only(standard: Deck) -> None:
    # The flush hand as a non-winner: two disjoint 3-card precedents (6 points), not the flush.
    hand = ids(standard, ["School", "Barnette", "Tinker", "Pico", "Expression", "1st", "14th"])
    points, precedents = best_non_winner(standard, hand)
    assert points == 6
    assert [len(p) for p in precedents] == sorted(len(p) for p in precedents)
    assert all(len(p) in (3, 4) for p in precedents)
    used = [c for p in precedents for c in p]
    assert len(used) == len(set(used))
    for p in precedents:
        assert is_valid(standard, p)
    # The Issue is left out: it adds no point, and ties go to fewer cards.
    assert standard.lookup("School") not in used


def test_hand_that_goes_out_is_recognised_in_any_order(standard: Deck) -> None:
    hand = ids(standard, ["School", "Barnette", "Tinker", "Pico", "Expression", "1st", "14th"])
    assert goes_out(standard, hand) and goes_out(standard, list(reversed(hand)))


# ---------------------------------------------------------------------------- rule sets


def test_summary_changes_exactly_two_flags() -> None:
    booklet = RuleSet.named("booklet").model_dump()
    summary = RuleSet.named("summary").model_dump()
    changed = {k for k in booklet if booklet[k] != summary[k]}
    assert changed == {"flush_scoring", "attacks"}
    assert summary["flush_scoring"] == "cards_only" and summary["attacks"] == "optional"
    assert RuleSet() == RuleSet.named("BOOKLET") and RuleSet().max_turns == 300
    assert RuleSet(attacks="optional").name == "custom"
    assert RuleSet(flush_scoring="cards_only").name == "custom"
    with pytest.raises(ValueError):
        RuleSet.named("house")


# -------------------------------------------------------------------------------- ranks


def test_rank_strings_are_exact_and_parse_case_insensitively() -> None:
    titles = [r.title for r in RANKS]
    assert titles == [
        "Intern",
        "Law Clerk",
        "Lawyer (2nd chair)",
        "Lawyer (1st chair)",
        "Judge",
        "Appellate Court Judge",
        "Associate Justice of the Supreme Court",
        "Chief Justice of the Supreme Court",
    ]
    for title in titles:
        assert parse_rank(title.upper()) == title
        assert parse_rank(f"  {title.lower()}  ") == title
    with pytest.raises(ValueError):
        parse_rank("Lawyer")  # two ranks start so: ambiguous
    edges = {5: "Intern", 6: "Law Clerk", 20: "Lawyer (2nd chair)", 21: "Lawyer (1st chair)"}
    edges |= {40: "Judge", 41: "Appellate Court Judge", 80: RANKS[6].title, 81: RANKS[7].title}
    for points, title in edges.items():
        assert rank_for(points) == title


def test_marbury_is_listed_last_in_a_going_out_arrangement(mini: Deck) -> None:
    hand = ids(
        mini,
        ["Barnette", "Expression", MARBURY, "Justice", "Furman v Georgia", "8th", "14th"],
    )
    arrangement = best_go_out(mini, hand, BOOKLET)
    assert arrangement is not None
    marbury = mini.lookup(MARBURY)
    holding = [p for p in arrangement.precedents if marbury in p]
    assert len(holding) == 1 and holding[0][-1] == marbury
    for precedent in arrangement.precedents:
        assert is_valid(mini, precedent)
