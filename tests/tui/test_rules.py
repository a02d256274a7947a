"""The rules screen (civio_tui/screens/rules.py) explains the words a new player meets."""

from __future__ import annotations

from cards.deck import Deck
from tests.tui.conftest import choose_entry, main_menu, make_app


def test_the_rules_explain_the_words_a_new_player_meets() -> None:
    from civio_tui.screens.rules import RULES_MARKDOWN

    words = RULES_MARKDOWN.split("## Words you will meet\n", 1)[1]
    # Words the screens use without explaining them, found in a play-test as a new player.
    terms = ("Precedent", "Thurgood Flush", "Lawyer (2nd chair)", "Appellate", "Par", "Overrule")
    for term in terms:
        assert f"**{term}" in words, term
    assert "Learn to play" in RULES_MARKDOWN.split("## The cards", 1)[0]


def test_the_rules_list_every_overrule_of_the_deck(deck: Deck) -> None:
    from civio_tui.screens.rules import rules_markdown

    text = rules_markdown(deck)
    overrulers = [c.name for c in deck.cards if c.action and c.action.kind == "overrule"]
    assert "Civil Liberties Act of 1988" in overrulers
    assert len(overrulers) >= 3
    for name in overrulers:
        assert f"**{name}** overrules" in text, name
    assert "{overrules}" not in text


async def test_the_rank_table_is_as_wide_as_its_words() -> None:
    from textual.widgets._markdown import MarkdownTable

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "rules")
        await pilot.pause()
        await pilot.pause()
        header = app.screen.query_one(MarkdownTable).query(".header").first()
        longest = len("Associate Justice of the Supreme Court")
        # The rank column as wide as its longest rank and its padding: not the pane's width.
        assert longest <= header.outer_size.width <= longest + 4
