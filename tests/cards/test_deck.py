"""The deck: loader errors (docs/DECK.md, "Data, not code"), the standard deck's invariants and
publisher facts, and the "plays well" properties (docs/DECK.md, "A deck that plays well")."""

from __future__ import annotations

import gc
import itertools
import pickle
import random
from collections import Counter
from pathlib import Path

import pytest

from cards.deck import (
    Deck,
    DeckError,
    UnknownCardError,
    deck_by_sha256,
    load_deck,
    normalise_name,
    standard_deck,
)
from cards.go_out import goes_out, ordering
from cards.links import tables
from cards.models import CardType, Effect
from cards.precedent import check_precedent

# A tiny valid custom pack; each error test breaks one thing in it.
PACK = """\
name = "test pack"
custom = {custom}

[[cards]]
name = "School"
type = "issue"

[[cards]]
name = "Expression"
type = "freedom"

[[cards]]
name = "1st Amendment"
type = "amendment"
amendments = [1]

[[cards]]
name = "Board of Education v Barnette"
type = "case"
year = 1943
issues = ["School"]
plus = ["Expression"]
amendments = [1]

[[cards]]
name = "Tinker v Des Moines School District"
type = "{tinker_type}"
year = 1969
issues = ["School"]
plus = [{tinker_plus}]
minus = [{tinker_minus}]
amendments = [{tinker_amendments}]

[[cards]]
name = "{law_name}"
type = "law"
year = 1917
issues = ["School"]
{law_action}
"""

GOOD = {
    "custom": "true",
    "tinker_type": "case",
    "tinker_plus": '"Board of Education v Barnette"',
    "tinker_minus": "",
    "tinker_amendments": "1",
    "law_name": "Espionage Act of 1917",
    "law_action": 'action = { kind = "attack", what = "lose_turn" }',
}


def write_pack(tmp_path: Path, **changes: str) -> Path:
    path = tmp_path / "pack.toml"
    path.write_text(PACK.format(**{**GOOD, **changes}), encoding="utf-8")
    return path


def load_error(path: Path) -> str:
    with pytest.raises(DeckError) as info:
        load_deck(path)
    message = str(info.value)
    assert str(path) in message, message
    assert "\n" not in message
    return message


def test_good_pack_loads(tmp_path: Path) -> None:
    deck = load_deck(write_pack(tmp_path))
    assert len(deck) == 6 and deck.custom


def test_duplicate_name(tmp_path: Path) -> None:
    path = write_pack(tmp_path, law_name="Board of Education v Barnette")
    message = load_error(path)
    assert "'Board of Education v Barnette'" in message
    assert "field 'name'" in message and "duplicate" in message


def test_unknown_type(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path, tinker_type="ruling"))
    assert "card 'Tinker v Des Moines School District'" in message
    assert "field 'type'" in message


def test_plus_naming_no_card(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path, tinker_plus='"Nobody v Nowhere"'))
    assert "card 'Tinker v Des Moines School District'" in message
    assert "field 'plus'" in message and "Nobody v Nowhere" in message


def test_minus_naming_no_card(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path, tinker_minus='"Nobody v Nowhere"'))
    assert "card 'Tinker v Des Moines School District'" in message
    assert "field 'minus'" in message and "Nobody v Nowhere" in message


def test_amendment_naming_no_card(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path, tinker_amendments="1, 4"))
    assert "card 'Tinker v Des Moines School District'" in message
    assert "field 'amendments'" in message


def test_law_without_an_action(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path, law_action=""))
    assert "card 'Espionage Act of 1917'" in message and "field 'action'" in message


def test_law_with_two_actions(tmp_path: Path) -> None:
    two = (
        'action = [{ kind = "attack", what = "lose_turn" }, '
        '{ kind = "overrule", what = "confiscate" }]'
    )
    message = load_error(write_pack(tmp_path, law_action=two))
    assert "card 'Espionage Act of 1917'" in message and "field 'action'" in message
    assert "a Law has exactly one action, not a list of 2" in message


@pytest.mark.parametrize(("escape", "code"), [("\\u001b[2J", "U+001B"), ("\\u0007", "U+0007")])
def test_a_card_name_with_an_escape_or_bell_is_refused_and_never_printed_raw(
    tmp_path: Path, escape: str, code: str
) -> None:
    message = load_error(write_pack(tmp_path, law_name=f"Espionage{escape} Act"))
    assert f"the control character {code}" in message and "field 'name'" in message
    assert "\x1b" not in message and "\x07" not in message


def test_count_breaking_the_78_card_deck(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path, custom="false"))
    # The count error is about the whole pack: it names the file, the card type and the way out.
    assert "78-card" in message and "custom = true" in message


def test_custom_pack_still_gets_every_other_check(tmp_path: Path) -> None:
    # custom = true lifts only the 78-card counts: a link to no card is still refused, by name.
    message = load_error(write_pack(tmp_path, custom="true", tinker_plus='"Nobody v Nowhere"'))
    assert "card 'Tinker v Des Moines School District', field 'plus'" in message
    assert "'Nobody v Nowhere' names no card in the deck" in message
    assert "78-card" not in message


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    message = load_error(tmp_path / "missing.toml")
    assert "card file" in message and "cannot read it" in message
    bad = tmp_path / "bad.toml"
    bad.write_text("[[cards]\nname = ", encoding="utf-8")
    message = load_error(bad)
    assert "not valid TOML" in message and "line 1" in message


# The standard deck's invariants.
def test_standard_counts(standard: Deck) -> None:
    counts = Counter(c.type for c in standard.cards)
    assert counts == {
        CardType.CASE: 49,
        CardType.AMENDMENT: 8,
        CardType.FREEDOM: 7,
        CardType.ISSUE: 6,
        CardType.LAW: 6,
        CardType.CIVIL_RIGHTS_ACT: 1,
        CardType.WILD: 1,
    }
    assert len(standard) == 78 and not standard.custom


def test_names_and_aliases_are_unique(standard: Deck) -> None:
    keys = [normalise_name(x) for c in standard.cards for x in (c.name, *c.aliases)]
    assert len(keys) == len(set(keys))


def test_every_card_is_described(standard: Deck) -> None:
    for card in standard.cards:
        assert card.summary.strip(), card.name
        assert card.full_name.strip(), card.name


def test_years(standard: Deck) -> None:
    for card in standard.cards:
        if card.type in (CardType.CASE, CardType.LAW, CardType.CIVIL_RIGHTS_ACT):
            assert card.year is not None, card.name
        if card.type in (CardType.ISSUE, CardType.FREEDOM, CardType.AMENDMENT):
            assert card.year is None, card.name
    jim_crow = standard[standard.lookup("Jim Crow Laws")]
    assert jim_crow.year is not None and jim_crow.year <= 1896 and jim_crow.note


def test_plus_and_minus_list_earlier_cards(standard: Deck) -> None:
    by_name = {c.name: c for c in standard.cards}
    for card in standard.cards:
        for listed in card.links:
            other = by_name[listed]
            if other.year is not None and card.year is not None:
                assert other.year <= card.year, f"{card.name} lists the later {listed}"


def test_points_are_derived(standard: Deck) -> None:
    for card in standard.cards:
        if card.type in (CardType.AMENDMENT, CardType.FREEDOM, CardType.CIVIL_RIGHTS_ACT):
            expected = 1
        elif card.type is CardType.CASE:
            expected = 1 if card.amendments else 0
        else:
            expected = 0
        assert card.points == expected, card.name


def test_amendments(standard: Deck) -> None:
    numbers = sorted(
        n for c in standard.cards if c.type is CardType.AMENDMENT for n in c.amendments
    )
    assert numbers == [1, 4, 5, 6, 8, 9, 14, 15]


def test_laws_and_their_actions(standard: Deck) -> None:
    def law(name: str) -> tuple[str, Effect, int | None]:
        card = standard[standard.lookup(name)]
        assert card.action is not None
        return card.action.kind, card.action.what, card.year

    assert law("Jim Crow Laws")[:2] == ("attack", Effect.LOSE_TURN)
    assert law("Espionage Act of 1917") == ("attack", Effect.LOSE_TURN, 1917)
    assert law("Executive Order 9066") == ("attack", Effect.CONFISCATE, 1942)
    assert law("Japanese Exclusion Act of 1942")[2] == 1942
    assert law("Voting Rights Act of 1965") == ("overrule", Effect.BOTH, 1965)
    assert law("Civil Liberties Act of 1988") == ("overrule", Effect.CONFISCATE, 1988)
    assert law("USA PATRIOT Act") == ("attack", Effect.CONFISCATE, 2001)
    assert law("Civil Rights Act of 1964") == ("overrule", Effect.LOSE_TURN, 1964)
    cla = standard[standard.lookup("Civil Liberties Act of 1988")]
    assert {"Race", "Censorship/national security"} <= set(cla.issues)
    assert "Race" in standard[standard.lookup("Civil Rights Act of 1964")].issues


PUBLISHER_CASES = [
    "Brown v Board of Education of Topeka",
    "Korematsu v US",
    "Lemon v Kurtzman",
    "Schenck v US",
    "Buckley v Valeo",
    "Plessy v Ferguson",
    "Tinker v Des Moines School District",
    "Board of Education v Barnette",
    "Board of Education v Pico",
    "Engel v Vitale",
    "Zelman v Simmons-Harris",
    "Texas v Johnson",
    "US v O'Brien",
    "Katz v US",
    "California v Greenwood",
    "Dennis v US",
    "Escobedo v Illinois",
    "Gideon v Wainwright",
    "Miranda v Arizona",
    "In re Gault",
    "Griswold v Connecticut",
    "Bowers v Hardwick",
    "Regents of the University of California v Bakke",
    "United Steelworkers v Weber",
    "Gregg v Georgia",
    "Furman v Georgia",
    "Shaw v Reno",
    "Baker v Carr",
    "Shelley v Kraemer",
    "Heart of Atlanta Motel v US",
    "Goss v Lopez",
    "Bethel School District v Fraser",
]


def test_case_list_and_provenance(standard: Deck) -> None:
    cases = {c.name: c for c in standard.cards if c.type is CardType.CASE}
    assert len(PUBLISHER_CASES) == 32
    for name in PUBLISHER_CASES:
        assert cases[name].provenance == "publisher", name
    reconstructed = [c for c in cases.values() if c.name not in PUBLISHER_CASES]
    assert len(reconstructed) == 17
    for card in reconstructed:
        assert card.provenance == "reconstructed", card.name


def test_publisher_facts(standard: Deck) -> None:
    def card(name: str):  # type: ignore[no-untyped-def]
        return standard[standard.lookup(name)]

    brown = card("Brown")
    assert (brown.year, set(brown.issues)) == (1954, {"Race", "School"})
    assert "Equality" in brown.plus and 14 in brown.amendments
    assert {"Jim Crow Laws", "Plessy v Ferguson"} <= set(brown.minus)
    korematsu = card("Korematsu v US")
    assert (korematsu.year, set(korematsu.issues)) == (
        1944,
        {"Race", "Censorship/national security"},
    )
    assert "Executive Order 9066" in korematsu.plus
    assert {"Equality", "Fair Procedures"} <= set(korematsu.minus)
    assert korematsu.amendments == ()
    lemon = card("Lemon v Kurtzman")
    assert (lemon.year, lemon.issues) == (1971, ("School",))
    assert {"Religion", "Brown v Board of Education of Topeka"} <= set(lemon.plus)
    assert 1 in lemon.amendments and lemon.minus == ()
    schenck = card("Schenck v US")
    assert (schenck.year, schenck.issues) == (1919, ("Censorship/national security",))
    assert "Espionage Act of 1917" in schenck.plus and "Expression" in schenck.minus
    assert schenck.amendments == ()
    buckley = card("Buckley v Valeo")
    assert (buckley.year, buckley.issues) == (1976, ("Elections",))
    assert {"Expression", "Association", "Engel v Vitale"} <= set(buckley.plus)
    assert 1 in buckley.amendments and "US v O'Brien" in buckley.minus
    tinker, pico, barnette = card("Tinker"), card("Pico"), card("Barnette")
    assert "Board of Education v Barnette" in tinker.plus
    assert "Tinker v Des Moines School District" in pico.plus
    assert "Expression" in pico.plus and "Expression" in tinker.plus
    engel = card("Engel v Vitale")
    assert engel.name in tinker.links or tinker.name in engel.links
    assert {"School", "Censorship/national security"} <= set(tinker.issues)
    assert all(c.amendments for c in (barnette, tinker, pico))
    assert len(set(barnette.amendments) | set(tinker.amendments) | set(pico.amendments)) >= 2
    assert {1, 14} <= set(barnette.amendments) | set(tinker.amendments) | set(pico.amendments)
    gender = {c.name for c in standard.cards if "Gender & sexuality" in c.issues}
    assert {
        "Reed v Reed",
        "Griswold v Connecticut",
        "Roe v Wade",
        "Bowers v Hardwick",
        "Lawrence v Texas",
    } <= gender


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Brown", "Brown v Board of Education of Topeka"),
        ("Tinker", "Tinker v Des Moines School District"),
        ("Pico", "Board of Education v Pico"),
        ("Pico v State Board of Education v Kirby", "Board of Education v Pico"),
        ("Barnette", "Board of Education v Barnette"),
        ("Bethel v Fraser", "Bethel School District v Fraser"),
        ("Greenwood", "California v Greenwood"),
        ("8th", "8th Amendment"),
        ("1st", "1st Amendment"),
        ("First Amendment", "1st Amendment"),
        ("Freedom of Expression", "Expression"),
        ("korematsu VS. US!", "Korematsu v US"),
        ("Gender and sexuality", "Gender & sexuality"),
    ],
)
def test_aliases_and_name_matching(standard: Deck, text: str, name: str) -> None:
    assert standard[standard.lookup(text)].name == name


def test_unknown_name_suggests(standard: Deck) -> None:
    with pytest.raises(UnknownCardError) as info:
        standard.lookup("Brwn v Board")
    assert info.value.suggestions and "Brown v Board of Education of Topeka" in str(info.value)


# A deck that plays well (docs/DECK.md): measured on the standard deck.
def test_every_card_stands_in_some_three_card_precedent(standard: Deck) -> None:
    t = tables(standard)
    others = list(standard.ids)
    for card in standard.ids:
        # A 3-card precedent is connected, so one partner is related to the card (Marbury,
        # related to everything, pairs with any valid two).
        partners = [c for c in others if c != card and t.related[card] >> c & 1]
        found = next(
            (
                order
                for a in partners
                for b in others
                if b not in (card, a)
                for order in [ordering(standard, [card, a, b])]
                if order is not None
            ),
            None,
        )
        assert found is not None, standard[card].name
        assert check_precedent(standard, found).valid


def test_every_issue_is_listed_by_five_cases_or_laws(standard: Deck) -> None:
    for issue in standard.of_type(CardType.ISSUE):
        name = standard[issue].name
        listers = [c for c in standard.cards if c.is_lawlike or c.type is CardType.CASE]
        count = sum(1 for c in listers if name in c.issues)
        assert count >= 5, f"{name}: {count}"


def test_every_freedom_is_in_the_plus_of_three_cases(standard: Deck) -> None:
    for freedom in standard.of_type(CardType.FREEDOM):
        name = standard[freedom].name
        count = sum(1 for c in standard.cards if c.type is CardType.CASE and name in c.plus)
        assert count >= 3, f"{name}: {count}"


def test_every_amendment_is_strengthened_by_two_cases(standard: Deck) -> None:
    for amendment in standard.of_type(CardType.AMENDMENT):
        (number,) = standard[amendment].amendments
        count = sum(1 for c in standard.cards if c.type is CardType.CASE and number in c.amendments)
        assert count >= 2, f"{standard[amendment].name}: {count}"


def test_seeded_random_hands_sometimes_go_out(standard: Deck) -> None:
    rng = random.Random(20240601)
    hands = (rng.sample(list(standard.ids), 7) for _ in range(10_000))
    assert sum(1 for hand in hands if goes_out(standard, hand)) > 0


def test_link_tables_are_symmetric(standard: Deck, mini: Deck) -> None:
    for deck in (standard, mini):
        t = tables(deck)
        nonwild = [c for c in deck.ids if deck[c].type is not CardType.WILD]
        for a, b in itertools.permutations(nonwild, 2):
            assert bool(t.related[a] >> b & 1) == bool(t.related[b] >> a & 1)


def test_a_loaded_pack_is_found_by_its_sha256_while_it_is_in_use(tmp_path: Path) -> None:
    # Views name their deck only by its SHA-256; the AI levels find the deck this way.
    deck = load_deck(write_pack(tmp_path))
    sha256 = deck.sha256
    assert deck_by_sha256(sha256) is deck
    assert deck_by_sha256(standard_deck().sha256) is standard_deck()
    sent = pickle.dumps(deck)  # as an arena worker started by "spawn" receives it
    del deck
    gc.collect()
    assert deck_by_sha256(sha256) is None
    received = pickle.loads(sent)
    assert deck_by_sha256(sha256) is received
