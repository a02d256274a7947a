"""The rules' link tables (cards/links.py), found through what each card lists, hold exactly
the pairs the precedent rules allow."""

from __future__ import annotations

from typing import Any

import pytest

from cards.deck import Deck, load_deck
from cards.links import CASE, CRA, LAW, may_follow_in_body, tables


def decks(standard: Deck, extended_pack: Any) -> list[Deck]:
    return [standard, load_deck(extended_pack(120, seed=3))]


@pytest.mark.parametrize("which", [0, 1])
def test_follows_holds_every_pair_the_rule_allows_and_no_other(
    which: int, standard: Deck, extended_pack: Any
) -> None:
    deck = decks(standard, extended_pack)[which]
    t = tables(deck)
    body = [i for i in deck.ids if t.kind[i] in (CASE, LAW, CRA)]
    for a in body:
        allowed = {b for b in body if b != a and may_follow_in_body(deck[a], deck[b])}
        assert {b for b in deck.ids if t.follows[a] >> b & 1} == allowed, deck[a].name


@pytest.mark.parametrize("which", [0, 1])
def test_type_links_read_the_columns(which: int, standard: Deck, extended_pack: Any) -> None:
    deck = decks(standard, extended_pack)[which]
    t = tables(deck)
    for i, card in enumerate(deck.cards):
        for j, other in enumerate(deck.cards):
            lists_issue = t.kind[j] in (CASE, LAW, CRA) and card.name in other.issues
            assert bool(t.issue_next[i] >> j & 1) == (card.type.value == "issue" and lists_issue)
            if card.type.value == "amendment":
                strengthens = t.kind[j] == CASE and card.amendments[0] in other.amendments
                assert bool(t.strengthened_by[i] >> j & 1) == strengthens


def test_related_is_symmetric_but_for_the_wild_card(standard: Deck) -> None:
    t = tables(standard)
    plain = [i for i in standard.ids if not t.wilds >> i & 1]
    for i in plain:
        for j in plain:
            assert t.related[i] >> j & 1 == t.related[j] >> i & 1, (i, j)
    assert all(t.related[w] == (1 << len(standard)) - 1 for w in standard.ids if t.wilds >> w & 1)
