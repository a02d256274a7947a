"""`civio links CARD [--json]`: the contract's keys, the rule sentences, and bad input."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from cards import link_reasons
from cards.deck import load_deck, standard_deck
from cards.link_reasons import can_follow, can_precede
from cards.precedent import check_precedent
from tests.cli.conftest import one_line_error, run, run_json

SNAPSHOT = Path(__file__).resolve().parent / "snapshots" / "links_standard_sha256.txt"


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


def test_links_output_on_the_standard_deck_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    """`civio links CARD --json` for every card of the standard deck, as a SHA-256 per card
    of what it printed before the links were found one card at a time."""
    recorded = {}
    for line in SNAPSHOT.read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ", 1)
        recorded[name] = digest
    deck = standard_deck()
    assert sorted(recorded) == sorted(card.name for card in deck.cards)
    changed = []
    for name, digest in recorded.items():
        code, out, _ = run(capsys, "links", name, "--json")
        assert code == 0
        if hashlib.sha256(out.encode()).hexdigest() != digest:
            changed.append(name)
    assert changed == [], f"civio links --json now prints otherwise for {changed}"


def test_one_cards_links_take_work_in_proportion_to_the_deck(
    monkeypatch: pytest.MonkeyPatch, extended_pack: Any
) -> None:
    deck = load_deck(extended_pack(100))  # a deck of its own: nothing is remembered yet
    calls = 0
    find = link_reasons._find

    def counting(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return find(*args)

    monkeypatch.setattr(link_reasons, "_find", counting)
    for name in ("14th Amendment", "Marbury v Madison", "Tinker v Des Moines School District"):
        calls = 0
        card = deck.lookup(name)
        assert can_follow(deck, card) and can_precede(deck, card)
        assert calls <= 2 * len(deck), (name, calls)
