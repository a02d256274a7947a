"""`civio cards`, `civio precedent`, `civio hand` and `civio bench`: output contracts and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from civio_tui.bench import load_section, run_sections
from tests.cli.conftest import FLUSH, THREE_FOUR, one_line_error, run, run_json

CARD_KEYS = {
    "name",
    "full_name",
    "aliases",
    "type",
    "year",
    "issues",
    "plus",
    "minus",
    "amendments",
    "action",
    "points",
    "summary",
    "provenance",
}


# civio cards
def test_cards_json(capsys: pytest.CaptureFixture[str]) -> None:
    cards = run_json(capsys, "cards")
    assert isinstance(cards, list) and len(cards) == 78
    for card in cards:
        assert set(card) == CARD_KEYS
        assert all(isinstance(n, int) for n in card["amendments"])
    by_name = {c["name"]: c for c in cards}
    assert by_name["Jim Crow Laws"]["action"] == {"kind": "attack", "what": "lose_turn"}
    assert by_name["Marbury v Madison"]["action"] is None
    assert by_name["Board of Education v Barnette"]["points"] == 1
    assert by_name["Korematsu v US"]["points"] == 0


def test_cards_type_filter(capsys: pytest.CaptureFixture[str]) -> None:
    laws = run_json(capsys, "cards", "--type", "law")
    assert isinstance(laws, list) and {c["type"] for c in laws} == {"law"} and len(laws) == 6
    freedoms = run_json(capsys, "cards", "--type", "Freedoms")
    assert isinstance(freedoms, list) and len(freedoms) == 7
    message = one_line_error(capsys, "cards", "--type", "ruling")
    assert "ruling" in message and "case" in message
    assert "unknown card type ''" in one_line_error(capsys, "cards", "--type", "")


def test_cards_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "--type", "amendment")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("NAME") and "TYPE" in lines[0]
    assert any(line.startswith("14th Amendment") for line in lines)
    assert lines[-1] == "8 cards"
    # Aligned: the TYPE column starts at the same offset on every card line.
    column = lines[0].index("TYPE")
    assert all(line[column:].startswith("Amendment") for line in lines[1:-1])


def test_cards_custom_pack(capsys: pytest.CaptureFixture[str], mini_pack_path: Path) -> None:
    cards = run_json(capsys, "cards", "--cards", str(mini_pack_path))
    assert isinstance(cards, list) and len(cards) == 32


def test_cards_option_before_the_command(
    capsys: pytest.CaptureFixture[str], mini_pack_path: Path, tmp_path: Path
) -> None:
    # `civio --help` lists --cards among the options before the command: it must not be lost.
    assert len(run_json(capsys, "--cards", str(mini_pack_path), "cards")) == 32
    missing = str(tmp_path / "nope.toml")
    assert missing in one_line_error(capsys, "--cards", missing, "precedent", "Tinker")
    # Nor is it dropped by a command that deals no pack: it is refused.
    line = one_line_error(capsys, "--cards", str(mini_pack_path), "table", "list")
    assert "`civio table` takes no --cards" in line
    line = one_line_error(capsys, "--save-dir", str(tmp_path), "solitaire", "par", "--seed", "1")
    assert "`civio solitaire par` takes no --save-dir" in line


def test_bad_pack_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[[cards]]\nname = "X"\ntype = "ruling"\n', encoding="utf-8")
    message = one_line_error(capsys, "cards", "--cards", str(bad))
    assert str(bad) in message and "type" in message
    assert str(tmp_path / "nope.toml") in one_line_error(
        capsys, "hand", *FLUSH, "--cards", str(tmp_path / "nope.toml")
    )


# civio precedent
def test_precedent_valid_json(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "precedent", *FLUSH)
    assert doc == {
        "valid": True,
        "cards": [
            "School",
            "Board of Education v Barnette",
            "Tinker v Des Moines School District",
            "Board of Education v Pico",
            "Expression",
            "1st Amendment",
            "14th Amendment",
        ],
        "failure": None,
        "points": 6,
        "winner_score": 24,  # a Thurgood Flush: (6 + 2) x 3
    }


def test_precedent_invalid_json(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "precedent", "Engel v Vitale", "Korematsu")
    assert doc == {
        "valid": False,
        "cards": ["Engel v Vitale", "Korematsu v US"],
        "failure": {
            "position": 1,
            "card": "Korematsu v US",
            "reason": "Korematsu v US cannot follow Engel v Vitale: neither case lists the other",
        },
        "points": 0,
        "winner_score": None,
    }


def test_precedent_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "precedent", *FLUSH, "--rules", "summary")
    assert code == 0 and out.startswith("valid: 6 points")
    # The summary's reading triples only the card points: 6 x 3 + 2.
    assert "a Thurgood Flush" in out and "worth 20 as the winning hand (summary rules)" in out
    code, out, _ = run(capsys, "precedent", *FLUSH)
    assert "worth 24 as the winning hand (booklet rules)" in out
    code, out, _ = run(capsys, "precedent", *FLUSH[:4])
    assert code == 0 and out.startswith("valid:") and "Flush" not in out
    code, out, _ = run(capsys, "precedent", "Engel v Vitale", "Korematsu")
    assert code == 0
    assert out.startswith("invalid at card 2 of 2 (Korematsu v US): Korematsu v US cannot follow")


def test_precedent_unknown_card_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    message = one_line_error(capsys, "precedent", "School", "Barnete")
    assert "Barnete" in message and "Board of Education v Barnette" in message


def test_precedent_duplicate_card(capsys: pytest.CaptureFixture[str]) -> None:
    message = one_line_error(capsys, "precedent", "Tinker", "Barnette", "Tinker")
    assert "twice" in message


# civio hand
def test_hand_flush_json(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "hand", *FLUSH)
    assert isinstance(doc, dict)
    assert doc["goes_out"] is True and doc["kind"] == "flush"
    assert len(doc["precedents"]) == 1 and len(doc["precedents"][0]) == 7
    assert doc["winner_score"] == 24
    assert doc["non_winner_score"] == 6
    assert sorted(len(p) for p in doc["non_winner_precedents"]) in ([3, 4], [3, 3])
    summary = run_json(capsys, "hand", *FLUSH, "--rules", "summary")
    assert isinstance(summary, dict) and summary["winner_score"] == 20


def test_hand_three_four_json(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "hand", *THREE_FOUR)
    assert isinstance(doc, dict)
    assert set(doc) == {
        "goes_out",
        "kind",
        "precedents",
        "winner_score",
        "non_winner_score",
        "non_winner_precedents",
    }
    assert doc["kind"] == "three_four" and doc["winner_score"] == 8
    assert [len(p) for p in doc["precedents"]] == [3, 4]


def test_hand_that_does_not_go_out(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["Elections", "Privacy", "9th", "Schenck v US", "Religion", "15th", "Bowers v Hardwick"]
    doc = run_json(capsys, "hand", *hand)
    assert doc == {
        "goes_out": False,
        "kind": None,
        "precedents": [],
        "winner_score": None,
        "non_winner_score": 0,
        "non_winner_precedents": [],
    }
    code, out, _ = run(capsys, "hand", *hand)
    assert code == 0 and out.startswith("does not go out")


def test_hand_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hand", *FLUSH)
    assert code == 0
    assert "Thurgood Flush" in out and "winner score: 24" in out and "non-winner score: 6" in out


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (FLUSH[:6], ["exactly 7", "6"]),
        ([*FLUSH, "Brown"], ["exactly 7", "8"]),
        ([*FLUSH[:6], "School"], ["twice"]),
        ([*FLUSH[:6], "Nobody v Nowhere"], ["unknown card"]),
    ],
)
def test_hand_bad_input(
    capsys: pytest.CaptureFixture[str], cards: list[str], words: list[str]
) -> None:
    message = one_line_error(capsys, "hand", *cards)
    for word in words:
        assert word in message


def test_console_script_has_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("not toml [", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "civio_tui.cli", "hand", *FLUSH, "--cards", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


# civio bench
def test_bench_go_out_section() -> None:
    measure = load_section("go_out")
    assert measure is not None
    doc = measure()
    check = doc["go_out_check_us"]
    assert {"median", "brute_force_median", "ratio"} <= set(check)
    assert check["median"] > 0 and check["brute_force_median"] > check["median"]
    assert 0 < doc["go_out_rate_random_hands"] < 1


def test_bench_merges_its_sections_and_a_missing_one_fails_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []

    def fake_measure() -> dict[str, object]:
        calls.append(1)
        return {"go_out_rate_random_hands": 0.5}

    import civio_tui.bench.go_out as section

    monkeypatch.setattr(section, "measure", fake_measure)
    assert run_sections(("go_out",)) == {"go_out_rate_random_hands": 0.5} and calls == [1]
    with pytest.raises(ModuleNotFoundError, match="not_a_section"):
        load_section("not_a_section")


def test_bench_ai_section_times_every_offered_level_on_the_same_positions() -> None:
    from ai import player_names
    from civio_tui.bench.ai import measure, positions

    asked = positions(rounds=1)
    assert asked and all(len(decision.options) > 1 for _, decision in asked)
    assert [d.to_json() for _, d in positions(rounds=1)] == [d.to_json() for _, d in asked]
    allowed = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    figures = measure(rounds=1)["ai"]
    assert figures["positions"] == len(asked)
    if allowed is not None:
        # Measured on one core, and the process may use every core again afterwards.
        assert figures["core"] in allowed
        assert os.sched_getaffinity(0) == allowed
    for level in player_names():
        timing = figures[level]
        assert 0 <= timing["p50_ms"] <= timing["p95_ms"] <= timing["max_ms"]
        assert 0 <= timing["cpu_p50_ms"] <= timing["cpu_p95_ms"] <= timing["cpu_max_ms"]
        assert timing["decisions_per_sec"] > 0


def test_bench_ai_part_measures_only_the_ai_levels(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import civio_tui.bench.ai as section

    monkeypatch.setattr(section, "measure", lambda: {"ai": {"positions": 1}})
    assert run_json(capsys, "bench", "ai") == {"ai": {"positions": 1}}
