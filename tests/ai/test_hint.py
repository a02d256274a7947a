"""Hints: the strongest level's move with one sentence why (tests/cli/test_hint_cmd.py covers
more of the command line)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ai
from ai.civio.hint import hint
from cards.deck import Deck
from cards.games.civio.actions import Action, Decision, DecisionKind
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.ruleset import RuleSet
from civio_tui.cli import main


def positions(deck: Deck, seed: int, seats: int = 3) -> list[tuple[PlayerView, Decision]]:
    """Every decision with a choice along one round of medium players."""
    rnd = Round(RuleSet.named("summary"), seats, 0, seed, deck)
    player = ai.get_player("medium")
    rng = random.Random(seed)
    out = []
    while not rnd.is_over:
        d = rnd.decision
        assert d is not None
        view = rnd.view(d.seat)
        if len(d.options) > 1:
            out.append((view, d))
        rnd.apply(player.choose(view, d, rng))
    return out


def test_hint_is_a_legal_option_with_a_sentence_and_repeats(standard: Deck) -> None:
    kinds = set()
    for view, decision in positions(standard, 21)[:40]:
        option, reason = hint(view, decision)
        assert option in decision.options
        assert reason.endswith(".") and len(reason) > 20
        assert hint(view, decision) == (option, reason)
        kinds.add(decision.kind)
    assert {DecisionKind.FACE_UP, DecisionKind.DRAW, DecisionKind.DISCARD} <= kinds


def test_hint_names_the_cards_that_matter(standard: Deck) -> None:
    for view, decision in positions(standard, 22):
        if decision.kind is DecisionKind.DISCARD:
            option, reason = hint(view, decision)
            assert option.card is not None
            assert reason.startswith(f"Discard {standard[option.card].name}")
            return
    pytest.fail("no discard decision found")


def test_hint_is_the_hard_level_choice(standard: Deck) -> None:
    from ai.civio.hard import HardPlayer
    from ai.civio.hint import hint_seed

    for view, decision in positions(standard, 23)[:15]:
        want = HardPlayer().choose(view, decision, random.Random(hint_seed(view, decision)))
        assert hint(view, decision)[0] == want


def _write_position(path: Path, view: PlayerView, decision: Decision) -> None:
    path.write_text(
        json.dumps({"view": view.model_dump(mode="json"), "decision": decision.to_json()}),
        encoding="utf-8",
    )


def test_cli_answers_as_hint_does_in_json_and_in_text(
    standard: Deck, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    view, decision = next(p for p in positions(standard, 24) if p[1].kind is DecisionKind.DISCARD)
    path = tmp_path / "position.json"
    _write_position(path, view, decision)
    assert main(["hint", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"option", "reason"}
    option = Action.from_json(doc["option"])
    assert (option, doc["reason"]) == hint(view, decision)

    assert main(["hint", str(path)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text == [option.to_str(standard), doc["reason"]]


def test_cli_rejects_a_missing_file_and_a_broken_decision(
    standard: Deck, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hint", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    view, decision = positions(standard, 25)[3]
    path = tmp_path / "position.json"
    doc = {"view": view.model_dump(mode="json"), "decision": decision.to_json()}
    doc["decision"]["options"] = [{"kind": "fly"}]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["hint", str(path)]) == 2
    assert "unknown action kind" in capsys.readouterr().err


def test_a_discard_hint_warns_when_the_plans_favourite_would_feed_the_next_player(
    standard: Deck,
) -> None:
    from ai.civio.heuristics import from_view
    from ai.civio.hint import FEED_WARNING
    from ai.civio.inference import HiddenHandModel
    from ai.civio.medium import HeuristicPolicy

    warned = 0
    for seed in range(30, 34):  # rounds in which the hint warns three times
        for view, decision in positions(standard, seed, seats=2):
            if decision.kind is not DecisionKind.DISCARD:
                continue
            option, reason = hint(view, decision)
            sit = from_view(view)
            scores = HeuristicPolicy().discard_scores(sit, decision)
            preferred = max(decision.options, key=lambda a: scores[a]).card
            assert preferred is not None
            if "chance to take it and go out" in reason:
                warned += 1
                assert preferred != option.card
                assert f"discarding {standard[preferred].name} instead" in reason
                risk = HiddenHandModel(sit, sit.next_seat()).risk(preferred)
                assert risk >= FEED_WARNING
                assert f"about a {round(risk * 100)}% chance" in reason
    assert warned >= 3


def test_a_hint_calls_the_other_players_by_the_names_it_is_given(standard: Deck) -> None:
    names = ["Alice", "Hard", "Medium"]
    attacks = [
        (view, decision)
        for seed in range(21, 41)
        for view, decision in positions(standard, seed)
        if decision.kind is DecisionKind.ATTACK_TARGET
    ]
    assert attacks, "no attack with a choice of target in these rounds"
    for view, decision in attacks[:3]:
        option, reason = hint(view, decision, seat_names=names)
        assert option.seat is not None
        assert reason.startswith(f"Attack {names[option.seat]}:"), reason
        assert hint(view, decision)[1].startswith(f"Attack seat {option.seat}:")


def test_a_reveal_hint_reads_as_one_sentence(standard: Deck) -> None:
    reveals = [
        (view, decision)
        for seed in range(21, 31)
        for view, decision in positions(standard, seed)
        if decision.kind is DecisionKind.REVEAL
    ]
    assert reveals
    for view, decision in reveals[:40]:
        option, reason = hint(view, decision)
        assert option.card is not None
        assert reason.startswith(f"Turn up {standard[option.card].name}"), reason
        assert "))" not in reason and "least" not in reason
        others = [a.card for a in decision.options if a.card not in (None, option.card)]
        if others:  # the card said to stay hidden is one that could have been turned up
            kept = reason.split(" and keep ", 1)[1].split(" hidden, ", 1)[0]
            assert kept in [standard[c].name for c in others if c is not None], reason
