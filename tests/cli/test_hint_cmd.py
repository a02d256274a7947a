"""`civio hint FILE`: a serialised view and decision in, the strongest level's move and why out."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ai import get_player
from cards.games.civio.actions import Action
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from tests.cli.conftest import one_line_error, run_json


def _position(seed: int, moves: int) -> tuple[Round, dict[str, Any]]:
    """A round after `moves` medium-vs-medium actions, and its pending position as the engine
    serialises it."""
    rnd = Round(RuleSet(), seats=2, dealer=0, seed=seed)
    player, rng = get_player("medium"), random.Random(seed)
    for _ in range(moves):
        decision = rnd.decision
        assert decision is not None
        rnd.apply(player.choose(rnd.view(decision.seat), decision, rng))
    decision = rnd.decision
    assert decision is not None
    view = json.loads(rnd.view(decision.seat).model_dump_json())
    return rnd, {"view": view, "decision": decision.to_json()}


@pytest.mark.parametrize(("seed", "moves"), [(11, 12), (3, 2), (5, 25)])
def test_hint_answers_a_legal_option_with_a_reason_and_repeats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int, moves: int
) -> None:
    rnd, position = _position(seed, moves)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position))
    first = run_json(capsys, "hint", str(path))
    assert set(first) == {"option", "reason"}
    assert Action.from_json(first["option"]) in rnd.legal_actions()
    assert isinstance(first["reason"], str) and len(first["reason"]) > 10
    assert run_json(capsys, "hint", str(path)) == first


def test_hint_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    rnd, position = _position(11, 12)
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(position)))
    answer = run_json(capsys, "hint", "-")
    assert Action.from_json(answer["option"]) in rnd.legal_actions()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{", "not valid JSON"),
        ('{"view": {}}', "has no 'decision'"),
        ('{"decision": {}}', "has no 'view'"),
        ("[]", "JSON object"),
    ],
)
def test_bad_position_files_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    message = one_line_error(capsys, "hint", str(path))
    assert problem in message
    assert "bad.json" in message


@pytest.mark.parametrize(
    ("part", "field", "value", "problem"),
    [
        ("view", "seat", "first", "position.json: malformed view.seat"),
        ("decision", "kind", None, "position.json: malformed decision: no field 'kind'"),
    ],
)
def test_a_malformed_view_or_decision_names_the_field(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    part: str,
    field: str,
    value: object,
    problem: str,
) -> None:
    _, position = _position(11, 12)
    data = position[part]
    assert isinstance(data, dict)
    if value is None:
        del data[field]
    else:
        data[field] = value
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position))
    assert problem in one_line_error(capsys, "hint", str(path))


def test_missing_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "nope.json" in one_line_error(capsys, "hint", str(tmp_path / "nope.json"))


def _edit_first_option(position: dict[str, Any], **fields: object) -> None:
    decision = position["decision"]
    assert isinstance(decision, dict)
    decision["options"][0] = {**decision["options"][0], **fields}


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda p: _edit_first_option(p, card=30), "which the rules do not allow here"),
        (lambda p: p["decision"]["options"].pop(), "leaves out the legal option"),
        (lambda p: p["decision"].update(kind="civio"), "not this civio decision"),
        (
            lambda p: p["view"].update(seat=7) or p["decision"].update(seat=7),
            "seat 7 is not one of its 2 seats",
        ),
        (lambda p: p["view"].update(supply_count=-5), "card counts do not add up"),
        (lambda p: p["view"]["discard_pile"].append(p["view"]["hidden"][0]), "in two places"),
    ],
    ids=["card-not-in-hand", "option-left-out", "wrong-kind", "no-such-seat", "counts", "twice"],
)
def test_positions_the_engine_could_not_produce_are_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: Callable[[dict[str, Any]], None],
    problem: str,
) -> None:
    rnd, position = _position(11, 10)  # seat 1 discards: options are its 8 cards
    assert rnd.decision is not None and rnd.decision.kind == "discard"
    hand = set(position["view"]["face_up"] + position["view"]["hidden"])  # type: ignore[index]
    assert 30 not in hand and len(position["decision"]["options"]) == 8  # type: ignore[index, arg-type]
    edit(position)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position))
    message = one_line_error(capsys, "hint", str(path))
    assert message.startswith(f"civio hint: error: {path}: ")
    assert problem in message


def test_an_attack_on_oneself_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rnd = Round(RuleSet(), seats=2, dealer=0, seed=1)
    player, rng = get_player("random"), random.Random(1)
    while rnd.decision is not None and rnd.decision.kind != "attack_target":
        rnd.apply(player.choose(rnd.view(rnd.decision.seat), rnd.decision, rng))
    decision = rnd.decision
    assert decision is not None, "seed 1 has an attack; pick another seed if the deal changed"
    document = decision.to_json()
    document["options"] = [{"kind": "target", "seat": decision.seat}]
    view = json.loads(rnd.view(decision.seat).model_dump_json())
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"view": view, "decision": document}))
    assert f"'target {decision.seat}'" in one_line_error(capsys, "hint", str(path))


def test_odd_files_and_a_closed_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rnd, position = _position(11, 12)
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + json.dumps(position), encoding="utf-8")
    assert Action.from_json(run_json(capsys, "hint", str(path))["option"]) in rnd.legal_actions()
    path.write_text('{"view": ' + "9" * 5000 + "}")
    assert "a number too long to read" in one_line_error(capsys, "hint", str(path))
    monkeypatch.setattr("sys.stdin", None)
    assert "no standard input" in one_line_error(capsys, "hint", "-")


@pytest.mark.parametrize("rules", ["booklet", "summary"])
def test_every_position_the_engine_poses_passes_the_check(rules: str) -> None:
    from cards.deck import standard_deck
    from civio_tui.commands.hint_cmd import _position as read_position

    deck = standard_deck()
    kinds = set()
    for seed in range(12):
        rnd = Round(RuleSet.named(rules), seats=2 + seed % 3, dealer=seed % 2, seed=seed)
        player, rng = get_player("random"), random.Random(seed)
        while (decision := rnd.decision) is not None:
            view = rnd.view(decision.seat)
            document = {"view": json.loads(view.model_dump_json()), "decision": decision.to_json()}
            read_position(document, deck)  # raises UsageError if refused
            kinds.add(decision.kind)
            rnd.apply(player.choose(view, decision, rng))
    assert len(kinds) == 8  # every kind of decision was checked
