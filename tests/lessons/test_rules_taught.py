"""Every rule a puzzle's answer cites is taught in some lesson first (civio_tui/lessons/taught.py),
so a puzzle never tests a rule the player has not met."""

from __future__ import annotations

from cards.deck import Deck
from civio_tui.lessons.catalogue import LESSONS, MORE_CARDS
from civio_tui.lessons.taught import lesson_rules, puzzles_rules

SEEDS = range(12)


def test_every_rule_a_puzzle_cites_is_taught_in_a_lesson(standard: Deck) -> None:
    taught = lesson_rules(standard, LESSONS)
    cited = puzzles_rules(standard, SEEDS)
    untaught = {
        rule: f"{p.kind} {p.difficulty} seed {p.seed}"
        for rule, p in cited.items()
        if rule not in taught
    }
    assert untaught == {}


def test_the_puzzles_cite_the_rules_of_laws(standard: Deck) -> None:
    """The rules new players met first in a puzzle: a Law after a Law, a Case after a Law."""
    cited = puzzles_rules(standard, SEEDS)
    assert {"Law → Law refused", "Law → Case", "Issue → Law"} <= set(cited)


def test_without_the_laws_lesson_those_rules_go_untaught(standard: Deck) -> None:
    others = [lesson for lesson in LESSONS if lesson is not MORE_CARDS]
    missing = lesson_rules(standard, LESSONS) - lesson_rules(standard, others)
    assert {"Law → Law refused", "Law → Case", "Case → Law"} <= missing
