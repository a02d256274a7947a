"""The rule sets (cards/ruleset.py): the booklet's and the summary's readings of the rules."""

from __future__ import annotations

import pytest

from cards.ruleset import RuleSet


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
