"""The rules screen (civio_tui/screens/rules.py) explains the words a new player meets."""

from __future__ import annotations


def test_the_rules_explain_the_words_a_new_player_meets() -> None:
    from civio_tui.screens.rules import RULES_MARKDOWN

    words = RULES_MARKDOWN.split("## Words you will meet\n", 1)[1]
    # Words the screens use without explaining them, found in a play-test as a new player.
    terms = ("Precedent", "Thurgood Flush", "Lawyer (2nd chair)", "Appellate", "Par", "Overrule")
    for term in terms:
        assert f"**{term}" in words, term
    assert "Learn to play" in RULES_MARKDOWN.split("## The cards", 1)[0]
