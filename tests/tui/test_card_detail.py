"""A card's details (civio_tui/widgets/card_detail.py) never send a student to a developer's
file."""

from __future__ import annotations


def test_no_card_sends_a_student_to_a_developers_file() -> None:
    from cards.deck import standard_deck
    from civio_tui.widgets.card_detail import card_facts

    deck = standard_deck()
    noted = [card for card in deck.cards if card.note and ".md)" in card.note]
    assert noted  # the deck's notes do point to the docs: the card view must not
    for card in deck.cards:
        assert ".md" not in card_facts(deck, card).plain, card.name
