"""The go-out finder and the non-winner's best set, against brute force over permutations."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.deck import Deck
from cards.go_out import (
    best_go_out,
    best_non_winner,
    goes_out,
    goes_out_brute_force,
    ordering,
)
from cards.links import tables
from cards.precedent import PrecedentCheck, check_precedent, is_valid
from cards.ruleset import RuleSet

BOOKLET = RuleSet.named("booklet")
SUMMARY = RuleSet.named("summary")


def ids(deck: Deck, names: list[str]) -> list[int]:
    return [deck.lookup(n) for n in names]


# Reference answers written straight from docs/RULES.md: every order is tried with the checker.
def orderable(deck: Deck, cards: tuple[int, ...] | list[int]) -> bool:
    return any(is_valid(deck, p) for p in itertools.permutations(cards))


def brute_goes_out(deck: Deck, hand: list[int]) -> tuple[bool, bool]:
    """(goes out at all, goes out as a flush)."""
    if orderable(deck, hand):
        return True, True
    for three in itertools.combinations(hand, 3):
        four = [c for c in hand if c not in three]
        if orderable(deck, three) and orderable(deck, four):
            return True, False
    return False, False


def brute_non_winner(deck: Deck, hand: list[int]) -> int:
    valid = [
        (sum(deck[c].points for c in s), set(s))
        for size in (3, 4)
        for s in itertools.combinations(hand, size)
        if orderable(deck, s)
    ]
    best = max((p for p, _ in valid), default=0)
    for (p1, s1), (p2, s2) in itertools.combinations(valid, 2):
        if not s1 & s2:
            best = max(best, p1 + p2)
    return best


def clustered_hand(deck: Deck, rng: random.Random, size: int = 7) -> list[int]:
    """A hand drawn mostly from cards near one another, so that it often goes out."""
    t = tables(deck)
    hand = [rng.randrange(len(deck))]
    while len(hand) < size:
        near = [c for c in deck.ids if c not in hand and any(t.related[h] >> c & 1 for h in hand)]
        if near and rng.random() < 0.9:
            hand.append(rng.choice(near))
        else:
            hand.append(rng.choice([c for c in deck.ids if c not in hand]))
    rng.shuffle(hand)
    return hand


def _check_arrangement(deck: Deck, hand: list[int], rules: RuleSet) -> None:
    arrangement = best_go_out(deck, hand, rules)
    out, flush = brute_goes_out(deck, hand)
    assert goes_out(deck, hand) is out
    assert (arrangement is not None) is out
    if arrangement is None:
        return
    assert arrangement.kind == ("flush" if flush else "three_four")
    sizes = [len(p) for p in arrangement.precedents]
    assert sizes == ([7] if flush else [3, 4])
    assert sorted(c for p in arrangement.precedents for c in p) == sorted(hand)
    for precedent in arrangement.precedents:
        assert check_precedent(deck, precedent).valid
    assert arrangement.points == sum(deck[c].points for c in hand)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), clustered=st.booleans())
def test_finder_agrees_with_brute_force_standard(
    standard: Deck, seed: int, clustered: bool
) -> None:
    rng = random.Random(seed)
    hand = clustered_hand(standard, rng) if clustered else rng.sample(list(standard.ids), 7)
    _check_arrangement(standard, hand, BOOKLET)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_finder_agrees_with_brute_force_mini(mini: Deck, seed: int) -> None:
    hand = clustered_hand(mini, random.Random(seed))
    _check_arrangement(mini, hand, SUMMARY)


def test_seeded_sample_holds_both_answers(standard: Deck, mini: Deck) -> None:
    """The agreement tests are only worth something if hands that go out occur in them."""
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for deck in (standard, mini):
        for _ in range(40):
            hand = clustered_hand(deck, rng)
            answer = goes_out(deck, hand)
            assert answer == brute_goes_out(deck, hand)[0]
            assert answer == goes_out_brute_force(deck, hand)
            seen[answer] += 1
    assert seen[True] >= 3 and seen[False] >= 3


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from(["standard", "mini"]))
def test_non_winner_agrees_with_brute_force(
    standard: Deck, mini: Deck, seed: int, which: str
) -> None:
    deck = standard if which == "standard" else mini
    hand = clustered_hand(deck, random.Random(seed))
    points, precedents = best_non_winner(deck, hand)
    assert points == brute_non_winner(deck, hand)
    used = [c for p in precedents for c in p]
    assert len(used) == len(set(used)) and set(used) <= set(hand)
    for precedent in precedents:
        assert len(precedent) in (3, 4)
        assert check_precedent(deck, precedent).valid
    assert points == sum(deck[c].points for c in used)
    assert (precedents == ()) is (points == 0)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_ordering_agrees_with_permutations(mini: Deck, data: st.DataObject) -> None:
    cards = data.draw(
        st.lists(st.sampled_from(list(mini.ids)), min_size=1, max_size=5, unique=True)
    )
    found = ordering(mini, cards)
    assert (found is not None) is orderable(mini, cards)
    if found is not None:
        assert sorted(found) == sorted(cards)
        assert is_valid(mini, found)


def test_booklet_flush_hand_goes_out_as_a_flush(standard: Deck) -> None:
    hand = ids(
        standard,
        ["Pico", "1st Amendment", "School", "Tinker", "Expression", "14th Amendment", "Barnette"],
    )
    arrangement = best_go_out(standard, hand, BOOKLET)
    assert arrangement is not None and arrangement.kind == "flush"
    assert arrangement.points == 6
    # These cards also split into 3 + 4; the flush scores more under either reading.
    assert any(
        orderable(standard, three) and orderable(standard, [c for c in hand if c not in three])
        for three in itertools.combinations(hand, 3)
    )


def test_flush_preferred_on_a_tie(mini: Deck) -> None:
    # No card points: under cards_only a flush scores 0 x 3 + 2 = 2, the same as 3 + 4.
    names = [
        "Race",
        "Dred Scott v Sandford",
        "Jim Crow Laws",
        "Plessy v Ferguson",
        "Voting Rights Act of 1965",
        "Shelby County v Holder",
        "Marbury v Madison",
    ]
    hand = ids(mini, names)
    assert sum(mini[c].points for c in hand) == 0
    assert orderable(mini, ids(mini, ["Race", "Dred Scott v Sandford", "Marbury v Madison"]))
    assert orderable(mini, ids(mini, names[2:6]))
    for rules in (BOOKLET, SUMMARY):
        arrangement = best_go_out(mini, hand, rules)
        assert arrangement is not None and arrangement.kind == "flush"


def test_three_four_puts_the_three_card_precedent_first(standard: Deck) -> None:
    hand = ids(
        standard,
        ["Justice", "Furman v Georgia", "Fair Procedures", "8th", "Barnette", "Expression", "1st"],
    )
    arrangement = best_go_out(standard, hand, BOOKLET)
    assert arrangement is not None and arrangement.kind == "three_four"
    assert [len(p) for p in arrangement.precedents] == [3, 4]


def test_marbury_completes_a_precedent(mini: Deck) -> None:
    # Barnette → Expression is only two cards; Marbury makes it a 3-card precedent.
    hand = ids(
        mini,
        [
            "Barnette",
            "Expression",
            "Marbury v Madison",
            "Justice",
            "Furman v Georgia",
            "8th",
            "14th",
        ],
    )
    assert goes_out(mini, hand)
    without = [c for c in hand if c != mini.lookup("Marbury v Madison")] + [mini.lookup("Weber")]
    assert not goes_out(mini, without)


def test_hand_must_be_seven_distinct_cards(mini: Deck) -> None:
    with pytest.raises(ValueError):
        goes_out(mini, [0, 1, 2])
    with pytest.raises(ValueError):
        goes_out(mini, [0, 0, 1, 2, 3, 4, 5])
    with pytest.raises(ValueError):
        best_go_out(mini, [0, 1, 2, 3, 4, 5, 6, 7], BOOKLET)


def test_nothing_scores_gives_no_precedents(mini: Deck) -> None:
    # Zero-point cards only: valid precedents exist but none scores.
    hand = ids(mini, ["Race", "Jim Crow Laws", "Plessy v Ferguson", "Justice", "Gregg v Georgia"])
    assert best_non_winner(mini, hand) == (0, ())


def test_non_winner_takes_the_disjoint_pair(standard: Deck) -> None:
    hand = ids(
        standard,
        ["Justice", "Furman v Georgia", "Fair Procedures", "8th", "Barnette", "Expression", "1st"],
    )
    points, precedents = best_non_winner(standard, hand)
    assert points == sum(standard[c].points for c in hand) == 6
    # Justice scores nothing, so the tie-break (fewer cards) leaves it out: 3 + 3.
    assert [len(p) for p in precedents] == [3, 3]


def test_results_are_memoised_per_deck(standard: Deck) -> None:
    hand = ids(
        standard,
        ["Pico", "1st Amendment", "School", "Tinker", "Expression", "14th Amendment", "Barnette"],
    )
    first = best_go_out(standard, hand, BOOKLET)
    assert best_go_out(standard, list(reversed(hand)), BOOKLET) is first
    assert best_non_winner(standard, hand) is best_non_winner(standard, hand[::-1])


MARBURY = "Marbury v Madison"


CRA = "Civil Rights Act of 1964"


def check(deck: Deck, names: list[str]) -> PrecedentCheck:
    cards = ids(deck, names)
    result = check_precedent(deck, cards)
    assert result.valid == is_valid(deck, cards)
    return result


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
