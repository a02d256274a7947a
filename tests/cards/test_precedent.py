"""The precedent checker against every rule line of docs/RULES.md, "A precedent".

Rule-line cases use the small pack in fixtures/mini.toml (its links are chosen for the rules);
the publisher's example precedents (docs/DECK.md) run on the standard deck.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.deck import Deck
from cards.go_out import ordering
from cards.links import tables
from cards.models import CardType
from cards.precedent import PrecedentCheck, check_precedent, is_valid


def ids(deck: Deck, names: list[str]) -> list[int]:
    return [deck.lookup(n) for n in names]


def check(deck: Deck, names: list[str]) -> PrecedentCheck:
    result = check_precedent(deck, ids(deck, names))
    assert result.valid == is_valid(deck, ids(deck, names))
    return result


MARBURY = "Marbury v Madison"
CRA = "Civil Rights Act of 1964"

# (rule line, cards, expected failure position or None when valid, words the reason must hold)
RULE_CASES = [
    # Issue: only as the first card; the next card must be a Case or Law that lists it.
    ("issue first", ["School", "Barnette"], None, []),
    ("issue not first", ["Barnette", "School"], 1, ["School cannot follow", "only open"]),
    ("issue after issue", ["Race", "School"], 1, ["School cannot follow Race", "only open"]),
    ("issue then listing law", ["Race", "Jim Crow Laws"], None, []),
    (
        "issue then case not listing it",
        ["School", "Korematsu v US"],
        1,
        ["Korematsu v US cannot follow School", "does not list the issue School"],
    ),
    (
        "issue then law not listing it",
        ["Justice", "Jim Crow Laws"],
        1,
        ["Jim Crow Laws cannot follow Justice", "does not list the issue Justice"],
    ),
    (
        "issue then freedom",
        ["School", "Expression"],
        1,
        ["Expression cannot follow School", "Case or Law that lists it"],
    ),
    (
        "issue then amendment",
        ["School", "1st", "Barnette"],
        1,
        ["1st Amendment cannot follow School", "Case or Law"],
    ),
    ("issue alone", ["School"], 0, ["School must be followed by a Case or Law"]),
    # Law: first; right after an Issue it lists; right after a Case sharing an issue, not older.
    ("law first", ["Jim Crow Laws", "Plessy v Ferguson"], None, []),
    (
        "law after older case sharing an issue",
        ["Plessy v Ferguson", "Voting Rights Act of 1965"],
        None,
        [],
    ),
    ("law after case of the same year", ["Katzenbach v McClung", CRA], None, []),
    (
        "law older than the case",
        ["Brown", "Jim Crow Laws"],
        1,
        ["Jim Crow Laws cannot follow Brown v Board", "(1890) is older than the case (1954)"],
    ),
    (
        "law sharing no issue with the case",
        ["Furman v Georgia", "Voting Rights Act of 1965"],
        1,
        ["Voting Rights Act of 1965 cannot follow Furman v Georgia", "shares no issue"],
    ),
    (
        "law after law",
        ["Jim Crow Laws", "Voting Rights Act of 1965"],
        1,
        ["Voting Rights Act of 1965 cannot follow Jim Crow Laws", "Law cannot follow another Law"],
    ),
    (
        "law after freedom",
        ["Brown", "Equality", "Voting Rights Act of 1965"],
        2,
        ["Voting Rights Act of 1965 cannot follow Equality", "only Amendments may follow"],
    ),
    # Case: first; after an Issue it lists; after a Case when either lists the other; after a
    # Law the Case lists.
    ("case first", ["Tinker", "Pico"], None, []),
    ("case lists the previous case", ["Barnette", "Tinker"], None, []),
    ("previous case lists the new case", ["Tinker", "Barnette"], None, []),
    ("link in the minus column", ["Plessy v Ferguson", "Brown"], None, []),
    (
        "neither case lists the other",
        ["Engel v Vitale", "Korematsu v US"],
        1,
        ["Korematsu v US cannot follow Engel v Vitale: neither case lists the other"],
    ),
    ("case after a law it lists", ["Jim Crow Laws", "Plessy v Ferguson"], None, []),
    ("case listing a law in its minus column", ["Jim Crow Laws", "Brown"], None, []),
    (
        "case after a law it does not list",
        ["Voting Rights Act of 1965", "Plessy v Ferguson"],
        1,
        [
            "Plessy v Ferguson cannot follow Voting Rights Act of 1965",
            "does not list Voting Rights Act of 1965",
        ],
    ),
    (
        "case after a freedom",
        ["Barnette", "Expression", "Tinker"],
        2,
        ["Tinker v Des Moines School District cannot follow Expression", "only Amendments"],
    ),
    (
        "case after an amendment",
        ["Barnette", "1st", "Tinker"],
        2,
        ["cannot follow 1st Amendment", "only more Amendments may follow an Amendment"],
    ),
    # Freedom: only right after a Case whose plus column lists it; at most one; then only
    # Amendments (and Marbury).
    ("freedom after a case listing it in plus", ["Barnette", "Expression"], None, []),
    (
        "freedom after a case listing it in minus",
        ["Korematsu v US", "Equality"],
        1,
        ["Equality cannot follow Korematsu v US", "weakened Equality"],
    ),
    (
        "freedom after a case not listing it",
        ["Engel v Vitale", "Expression"],
        1,
        ["Expression cannot follow Engel v Vitale", "does not list Expression in its plus"],
    ),
    (
        "freedom first",
        ["Expression", "Barnette"],
        0,
        ["Expression cannot open a precedent"],
    ),
    (
        "freedom after a law",
        ["Jim Crow Laws", "Equality"],
        1,
        ["Equality cannot follow Jim Crow Laws", "right after a Case"],
    ),
    (
        "two freedoms",
        ["Barnette", "Expression", "Religion"],
        2,
        ["Religion cannot follow Expression", "at most one Freedom"],
    ),
    ("amendment after a freedom", ["Barnette", "Expression", "1st"], None, []),
    ("marbury after a freedom", ["Barnette", "Expression", MARBURY], None, []),
    # Amendment: only in the closing run; each needs a Case of the precedent that strengthens it.
    ("closing run of amendments", ["Barnette", "1st", "14th"], None, []),
    ("amendment after a law", ["Shelley v Kraemer", "Voting Rights Act of 1965", "14th"], None, []),
    (
        "amendment strengthened by an earlier case",
        ["Shelley v Kraemer", "Heart of Atlanta", "14th"],
        None,
        [],
    ),
    (
        "amendment no case strengthens",
        ["Korematsu v US", "14th", MARBURY],
        1,
        ["14th Amendment cannot close this precedent", "no Case in it strengthens"],
    ),
    (
        "amendment strengthened only by a later card fails at the later card",
        ["14th", "Brown"],
        1,
        ["Brown v Board of Education of Topeka cannot follow 14th Amendment"],
    ),
    (
        "second amendment unsupported",
        ["Furman v Georgia", "8th", "1st"],
        2,
        ["1st Amendment cannot close this precedent"],
    ),
    ("marbury after an amendment", ["Barnette", "1st", MARBURY], None, []),
    (
        "law after an amendment",
        ["Shelley v Kraemer", "14th", "Voting Rights Act of 1965"],
        2,
        ["Voting Rights Act of 1965 cannot follow 14th Amendment"],
    ),
    # Marbury: anywhere, changing nothing; a precedent needs a card besides it, and a Case or Law.
    ("marbury first", [MARBURY, "School", "Barnette"], None, []),
    ("marbury between issue and case", ["School", MARBURY, "Barnette"], None, []),
    ("marbury between case and freedom", ["Barnette", MARBURY, "Expression"], None, []),
    (
        "marbury does not bridge a missing link",
        ["Engel v Vitale", MARBURY, "Korematsu v US"],
        2,
        ["Korematsu v US cannot follow Engel v Vitale"],
    ),
    ("marbury alone", [MARBURY], 0, ["besides Marbury v Madison"]),
    ("issue and marbury only", ["School", MARBURY], 0, ["must be followed by a Case or Law"]),
    ("one case is a precedent", ["Gregg v Georgia"], None, []),
    ("one law is a precedent", ["Jim Crow Laws", MARBURY], None, []),
    # Bad sequences the game never builds but the checker must still answer.
    ("empty", [], 0, ["at least one card"]),
    ("a card twice", ["Barnette", "Tinker", "Barnette"], 2, ["appears twice"]),
]


@pytest.mark.parametrize(
    ("names", "position", "words"),
    [pytest.param(n, p, w, id=label) for label, n, p, w in RULE_CASES],
)
def test_rule_lines(mini: Deck, names: list[str], position: int | None, words: list[str]) -> None:
    result = check(mini, names)
    assert result.failure_position == position, result.reason
    assert result.valid is (position is None)
    if position is None:
        assert result.reason is None
        assert result.points == sum(mini[c].points for c in result.cards)
    else:
        assert result.points == 0
        assert result.reason is not None
        for word in words:
            assert word in result.reason


def test_every_rule_line_has_a_valid_and_an_invalid_case() -> None:
    valid = sum(1 for _, _, p, _ in RULE_CASES if p is None)
    invalid = sum(1 for _, _, p, _ in RULE_CASES if p is not None)
    assert valid >= 20 and invalid >= 20


# The Civil Rights Act: tried as a Law and as the Freedom "Equality".
@pytest.mark.parametrize(
    ("names", "role"),
    [
        pytest.param(["Race", CRA], "law", id="law after an issue it lists"),
        pytest.param([CRA, "Heart of Atlanta"], "law", id="law first, then a case listing it"),
        pytest.param([CRA], "law", id="alone: the CRA as a Law is the Case or Law needed"),
        pytest.param(["Katzenbach v McClung", CRA], "law", id="law only: McClung lacks Equality"),
        pytest.param(["Weber", CRA], "freedom", id="equality only: the law would be older"),
        pytest.param(["Weber", CRA, MARBURY], "freedom", id="equality then marbury"),
        pytest.param(["Shelley v Kraemer", CRA, "14th"], "law", id="both roles work: law first"),
    ],
)
def test_civil_rights_act_roles(mini: Deck, names: list[str], role: str) -> None:
    result = check(mini, names)
    assert result.valid, result.reason
    assert result.cra_role == role
    assert result.points == sum(mini[c].points for c in result.cards)
    assert mini[mini.lookup(CRA)].points == 1


def test_an_absent_case_never_strengthens_an_amendment_whatever_its_id(
    mini: Deck,
) -> None:
    # The same pack with Shelley v Kraemer (which strengthens the 14th) as card 0: an absent
    # Case is not counted, whatever its id.
    shelley = mini.lookup("Shelley v Kraemer")
    first = [mini[shelley], *(card for i, card in enumerate(mini.cards) if i != shelley)]
    reordered = Deck("mini, Shelley first", first, custom=True, source="test")
    assert reordered[0].name == "Shelley v Kraemer" and reordered[0].type is CardType.CASE
    result = check(reordered, ["Korematsu v US", "14th", MARBURY])
    assert not result.valid and result.failure_position == 1
    assert "no Case in it strengthens" in (result.reason or "")
    assert check(reordered, ["Shelley v Kraemer", "Heart of Atlanta", "14th"]).valid


def test_cra_absent_has_no_role(mini: Deck) -> None:
    assert check(mini, ["Barnette", "Tinker"]).cra_role is None


def test_cra_as_equality_is_the_one_freedom(mini: Deck) -> None:
    # As a Law it cannot follow a Freedom; as Equality it would be a second Freedom: a tie at
    # position 2, reported for the Law.
    result = check(mini, ["Brown", "Equality", CRA])
    assert not result.valid
    assert result.failure_position == 2
    assert result.reason is not None
    assert "(as a Law) cannot follow Equality" in result.reason
    assert result.cra_role is None


def test_cra_reports_the_role_failing_later_law(mini: Deck) -> None:
    # As a Law, Korematsu fails after it (position 1); as Equality it fails at once (0).
    result = check(mini, [CRA, "Korematsu v US"])
    assert result.failure_position == 1
    assert result.reason is not None
    assert "Korematsu v US cannot follow Civil Rights Act of 1964 (as a Law)" in result.reason


def test_cra_reports_the_role_failing_later_equality(mini: Deck) -> None:
    # As a Law it is older than Weber (fails at 1); as Equality, Tinker fails after it (2).
    result = check(mini, ["Weber", CRA, "Tinker"])
    assert result.failure_position == 2
    assert result.reason is not None
    assert "cannot follow Civil Rights Act of 1964 (as Equality)" in result.reason


def test_cra_equality_needs_equality_in_plus(mini: Deck) -> None:
    result = check(mini, ["Korematsu v US", CRA])
    # As a Law: shares Race, 1964 >= 1944, so valid as a Law.
    assert result.valid and result.cra_role == "law"
    result = check(mini, ["Tinker", CRA])
    # As a Law: 1964 < 1969; as Equality: Tinker does not list Equality. Tie at 1: Law reported.
    assert result.failure_position == 1
    assert result.reason is not None and "(as a Law)" in result.reason


def test_points_of_a_valid_precedent(mini: Deck) -> None:
    # Barnette (amendments: 1) + Expression (1) + 1st (1) + 14th (1) + Marbury (0)
    result = check(mini, ["School", "Barnette", "Expression", "1st", "14th", MARBURY])
    assert result.valid and result.points == 4
    assert check(mini, ["Jim Crow Laws", "Plessy v Ferguson"]).points == 0
    assert check(mini, ["Plessy v Ferguson", "Jim Crow Laws"]).points == 0  # invalid: 0


def test_ids_out_of_range_are_rejected(mini: Deck) -> None:
    with pytest.raises(ValueError):
        check_precedent(mini, [len(mini)])


# The publisher's example precedents (docs/DECK.md), on the standard deck.
PUBLISHER_EXAMPLES = [
    ["School", "Barnette", "Tinker", "Pico", "Expression", "1st Amendment", "14th Amendment"],
    ["Brown", "Lemon v Kurtzman", "Zelman v Simmons-Harris"],
    ["Jim Crow Laws", "Plessy v Ferguson", CRA],
    ["Shelley v Kraemer", "Heart of Atlanta Motel v US", "14th"],
    ["Gideon v Wainwright", "Escobedo v Illinois", "Miranda v Arizona", "In re Gault"],
    ["Justice", "Gregg v Georgia", "Furman v Georgia", "8th"],
    ["Justice", "Furman v Georgia", "Gregg v Georgia", "8th"],
    ["Katz v US", "Greenwood", "4th Amendment"],
    ["Barnette", "Goss v Lopez", "Bethel v Fraser"],
    ["Engel v Vitale", "Tinker"],
]


@pytest.mark.parametrize("names", PUBLISHER_EXAMPLES, ids=lambda n: " → ".join(n))
def test_publisher_examples_are_valid(standard: Deck, names: list[str]) -> None:
    result = check(standard, names)
    assert result.valid, result.reason


def test_publisher_cra_example_plays_the_law(standard: Deck) -> None:
    result = check(standard, ["Jim Crow Laws", "Plessy v Ferguson", CRA])
    assert result.cra_role == "law"


def test_booklet_flush_is_worth_six_card_points(standard: Deck) -> None:
    result = check(standard, PUBLISHER_EXAMPLES[0])
    assert result.points == 6


def test_rules_quoted_failure_sentence(standard: Deck) -> None:
    result = check(standard, ["Engel v Vitale", "Korematsu v US"])
    assert result.failure_position == 1
    assert (
        result.reason == "Korematsu v US cannot follow Engel v Vitale: neither case lists the other"
    )


# Properties.
def _pool(deck: Deck) -> list[int]:
    return [c for c in deck.ids if deck[c].type is not CardType.WILD]


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_inserting_marbury_never_changes_validity(
    mini: Deck, standard: Deck, data: st.DataObject
) -> None:
    deck = data.draw(st.sampled_from([mini, standard]))
    pool = _pool(deck)
    marbury = deck.lookup(MARBURY)
    if data.draw(st.booleans()):
        # Often a valid precedent: the finder's order of a set of related cards.
        size = data.draw(st.integers(1, 5))
        seed = data.draw(st.sampled_from(pool))
        near = [c for c in pool if c != seed and (seed in _neighbours(deck, c))]
        picked = [seed, *data.draw(st.lists(st.sampled_from(near or pool), max_size=size))]
        seq = list(ordering(deck, list(dict.fromkeys(picked))) or dict.fromkeys(picked))
    else:
        seq = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6, unique=True))
    where = data.draw(st.integers(0, len(seq)))
    with_marbury = [*seq[:where], marbury, *seq[where:]]
    before = check_precedent(deck, seq)
    after = check_precedent(deck, with_marbury)
    assert before.valid == after.valid == is_valid(deck, with_marbury)
    assert before.points == after.points
    if not before.valid:
        assert before.failure_position is not None and after.failure_position is not None
        assert seq[before.failure_position] == with_marbury[after.failure_position]


def _neighbours(deck: Deck, card: int) -> set[int]:
    t = tables(deck)
    return {c for c in deck.ids if t.related[card] >> c & 1}


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_checker_and_fast_path_agree(standard: Deck, data: st.DataObject) -> None:
    # Every order of a small set gets the same verdict from the checker and its fast path.
    pool = _pool(standard)
    cards = data.draw(st.lists(st.sampled_from(pool), min_size=2, max_size=4, unique=True))
    for order in itertools.permutations(cards):
        assert check_precedent(standard, order).valid == is_valid(standard, order)


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


def test_cra_counts_one_point_in_either_role(mini: Deck) -> None:
    law = check(mini, ["Race", CRA])
    equality = check(mini, ["United Steelworkers v Weber", CRA])
    assert (law.cra_role, equality.cra_role) == ("law", "freedom")
    assert law.points == 1
    assert equality.points == sum(mini[c].points for c in equality.cards)
