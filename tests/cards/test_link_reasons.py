"""The link sentences (cards/link_reasons.py) against the precedent checker: every "may follow"
comes with a precedent the checker accepts, every "cannot follow" is the checker's own reason or
an Amendment that no precedent can support, checked pair by pair over whole decks."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.deck import Deck, load_deck, standard_deck
from cards.link_reasons import can_follow, can_precede, link, link_reason, pair_sentence, why_not
from cards.links import AMENDMENT, CASE, CRA, FREEDOM, ISSUE, LAW, ids_of, tables
from cards.precedent import check_precedent

MINI = Path(__file__).parent / "fixtures" / "mini.toml"


def decks() -> list[Deck]:
    return [standard_deck(), load_deck(MINI)]


def _reach(deck: Deck) -> list[int]:
    """For each card: the Cases and Laws reachable from it by `follows` links, itself included
    (a transitive closure, computed independently of the module's searches)."""
    t = tables(deck)
    reach = [(1 << i) | t.follows[i] for i in range(len(deck))]
    changed = True
    while changed:
        changed = False
        for i in range(len(deck)):
            grown = reach[i]
            for j in ids_of(reach[i]):
                grown |= reach[j]
            if grown != reach[i]:
                reach[i] = grown
                changed = True
    return reach


def _amendment_supportable(deck: Deck, a: int, b: int) -> bool:
    """Can Amendment `b` stand right after `a` with a Case before it that strengthens it?"""
    t = tables(deck)
    reach = _reach(deck)
    support = ids_of(t.strengthened_by[b])
    ends: list[int] = []
    if t.kind[a] in (CASE, LAW, CRA):
        ends.append(a)
    if t.kind[a] in (FREEDOM, CRA):
        ends += ids_of(t.freedom_after[a])
    if any(reach[s] >> e & 1 for s in support for e in ends):
        return True
    if t.kind[a] == AMENDMENT:
        other = ids_of(t.strengthened_by[a])
        return any(reach[x] >> y & 1 for s in support for o in other for x, y in ((s, o), (o, s)))
    return False


@pytest.mark.parametrize("deck", decks(), ids=["standard", "mini"])
def test_every_pair_is_proved_or_refused_by_the_checker(deck: Deck) -> None:
    t = tables(deck)
    for a in deck.ids:
        for b in deck.ids:
            found = link(deck, a, b)
            if found is not None:
                # A witness precedent, accepted by the checker, holds b right after a.
                check = check_precedent(deck, found.witness)
                assert check.valid, (deck[a].name, deck[b].name, found.witness, check.reason)
                at = found.witness.index(a)
                assert found.witness[at + 1] == b
                assert link_reason(deck, a, b) == found.why
                assert pair_sentence(deck, a, b).startswith(f"{deck[b].name} can follow")
                continue
            sentence = why_not(deck, a, b)
            # (The Civil Rights Act is named with its role: "... (as a Law) cannot follow".)
            assert sentence.startswith(deck[b].name)
            assert f" cannot follow {deck[a].name}" in sentence
            assert pair_sentence(deck, a, b) == sentence
            if a == b:
                continue
            if t.kind[b] == AMENDMENT and t.kind[a] in (CASE, LAW, CRA, FREEDOM, AMENDMENT):
                assert not _amendment_supportable(deck, a, b), sentence
            elif t.kind[a] in (ISSUE, CASE, LAW, CRA):
                # The checker rejects the two cards alone at b, with this very sentence.
                check = check_precedent(deck, [a, b])
                assert check.failure_position == 1 and check.reason == sentence


def test_the_contract_sentences() -> None:
    deck = standard_deck()
    tinker, barnette = deck.lookup("Tinker"), deck.lookup("Barnette")
    assert link_reason(deck, barnette, tinker) == (
        "Tinker v Des Moines School District lists Board of Education v Barnette in its plus column"
    )
    assert why_not(deck, deck.lookup("Engel v Vitale"), deck.lookup("Korematsu v US")) == (
        "Korematsu v US cannot follow Engel v Vitale: neither case lists the other"
    )
    with pytest.raises(ValueError):
        why_not(deck, barnette, tinker)


def test_lists_agree_with_pairs_and_name_the_strengthening_case() -> None:
    deck = standard_deck()
    tinker = deck.lookup("Tinker")
    first = deck.lookup("1st Amendment")
    before = {x.prev for x in can_follow(deck, tinker)}
    after = {x.card for x in can_precede(deck, tinker)}
    assert before == {a for a in deck.ids if link(deck, a, tinker)}
    assert after == {b for b in deck.ids if link(deck, tinker, b)}
    assert deck.lookup("Barnette") in before and first in after
    closing = link(deck, tinker, first)
    assert closing is not None and closing.direct
    assert closing.why == "Tinker v Des Moines School District strengthens the 1st Amendment"
    # A Freedom is followed by an Amendment only through a Case before it: the witness shows one.
    via = link(deck, deck.lookup("Expression"), first)
    assert via is not None and not via.direct and len(via.witness) == 3
    assert "as in" in via.why


def test_unsupported_amendment_says_which_cases_would_support_it() -> None:
    deck = standard_deck()
    sentence = why_not(deck, deck.lookup("Grutter v Bollinger"), deck.lookup("6th Amendment"))
    assert "Gideon v Wainwright" in sentence and "strengthens it" in sentence


def test_joins_lists_direct_links_and_needs_only_what_is_missing() -> None:
    import random

    from cards.joins import joins
    from cards.links import WILD

    deck = standard_deck()
    t = tables(deck)
    rng = random.Random(7)
    for _ in range(200):
        pool = rng.sample(list(deck.ids), 8)
        for card in pool:
            j = joins(deck, card, pool)
            others = [c for c in pool if c != card and t.kind[c] != WILD]
            if t.kind[card] == WILD:
                assert j == type(j)(card, (), (), None)
                continue
            assert set(j.after) == {
                c for c in others if (x := link(deck, c, card)) is not None and x.direct
            }
            assert set(j.before) == {
                c for c in others if (x := link(deck, card, c)) is not None and x.direct
            }
            if t.kind[card] == ISSUE:
                lists = any(t.issue_next[card] >> c & 1 for c in others)
                assert (j.needs is None) == lists
            if t.kind[card] == AMENDMENT:
                backed = any(t.strengthened_by[card] >> c & 1 for c in others)
                assert (j.needs is None) == backed
            if t.kind[card] == FREEDOM:
                listed = any(t.freedom_after[card] >> c & 1 for c in others)
                assert (j.needs is None) == listed
