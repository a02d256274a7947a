"""`civio links CARD [--json]`: the contract's keys, the rule sentences, and bad input."""

from __future__ import annotations

import pytest

from cards.deck import standard_deck
from cards.precedent import check_precedent
from tests.cli.conftest import one_line_error, run, run_json


def test_links_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "links", "tinker")
    assert set(doc) == {"card", "can_follow", "can_precede"}
    assert doc["card"] == "Tinker v Des Moines School District"
    for side in ("can_follow", "can_precede"):
        assert doc[side] and all(set(x) == {"card", "why"} for x in doc[side])
    before = {x["card"]: x["why"] for x in doc["can_follow"]}
    assert before["Board of Education v Barnette"] == (
        "Tinker v Des Moines School District lists Board of Education v Barnette in its plus column"
    )
    after = {x["card"] for x in doc["can_precede"]}
    assert "Expression" in after and "1st Amendment" in after
    # Korematsu is not linked to Tinker in either direction.
    assert "Korematsu v US" not in before and "Korematsu v US" not in after


def test_every_direct_pair_is_a_valid_two_card_precedent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deck = standard_deck()
    doc = run_json(capsys, "links", "Brown v Board")
    brown = deck.lookup("Brown v Board")
    for entry in doc["can_precede"]:
        other = deck.lookup(entry["card"])
        if "as in" in entry["why"] or "anywhere" in entry["why"]:
            continue  # needs a third card: checked in tests/cards/test_link_reasons.py
        assert check_precedent(deck, [brown, other]).valid, entry


def test_links_text_lists_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "links", "race")
    assert code == 0 and err == ""
    assert out.startswith("Race (Issue)")
    assert "Can follow:" in out or "Can follow (1):" in out  # only Marbury precedes an Issue
    assert "Brown v Board of Education of Topeka lists the issue Race" in out


def test_links_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(capsys, "links", "tinkr")
    assert "unknown card" in line and "Tinker v Des Moines School District" in line
    assert "required" in one_line_error(capsys, "links")
