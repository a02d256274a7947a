"""`civio campaign replay | review | export` and `civio stats` on the sample saves: contracts,
a hand count, an export snapshot, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from ai.civio.hard import HardSearch, SearchBudget
from tests.cli.conftest import run, run_json

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"
SNAPSHOT = Path(__file__).resolve().parent / "snapshots" / "export_rounds_won_2.md"


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    target = tmp_path / "samples"
    shutil.copytree(SAMPLES, target)
    return target


def test_replay_tells_the_round_as_the_seat_saw_it(
    samples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ("campaign", "replay", "rounds won", "--round", "2", "--save-dir", str(samples))
    seen = run_json(capsys, *base, "--json")
    assert (seen["campaign"], seen["round"], seen["player"], seen["open"]) == (
        "Rounds won",
        2,
        "You",
        False,
    )
    history = json.loads((samples / "Rounds won.civio.json").read_text())["campaign"]["history"]
    assert seen["result"]["points"] == history[1]["points"]
    assert seen["result"]["winner"] == history[1]["winner"] == "You"
    indexes = [e["index"] for e in seen["events"]]
    assert indexes == sorted(indexes) and len(indexes) == len(history[1]["actions"])
    text = "\n".join(line for e in seen["events"] for line in e["lines"])
    # An opponent's draw from the supply is not named to you; with --open it is.
    assert "Easy 1 drew from the supply." in text
    opened = run_json(capsys, *base, "--open", "--json")
    told = "\n".join(line for e in opened["events"] for line in e["lines"])
    assert "Easy 1 drew from the supply:" in told
    assert set(opened["events"][-1]["hands"]) == {"You", "Easy 1", "Easy 2"}
    code, out, _ = run(capsys, *base)
    assert code == 0 and out.startswith("Round 2 of 'Rounds won', as You saw it")
    assert "Turn 1\n" in out and out.endswith(
        "Won by You after 14 turns (You 6, Easy 1 0, Easy 2 3).\n"
    )
    code, out, _ = run(capsys, *base, "--open")
    hands = opened["result"]["hands"]
    assert code == 0 and out.endswith(f"  Easy 2's hand: {', '.join(hands['Easy 2'])}\n")
    assert f"  Your hand: {', '.join(hands['You'])}\n" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("replay", "Rounds won", "--round", "4"), "no finished round 4 (rounds 1 to 3)"),
        (("replay", "Version 2", "--round", "1"), "it has no replay"),
        (("review", "Version 2", "--round", "2"), "it cannot be reviewed"),
        (("replay", "Rounds won", "--round", "1", "--seat", "Nobody"), "--seat: no seat"),
        (("export", "Corrupt"), "is unreadable: corrupt JSON"),
        (("export", "Rounds won", "--format", "md", "--json"), "--json and --format md: choose"),
        (("replay", "Nothing here", "--round", "1"), "no campaign named 'Nothing here'"),
    ],
)
def test_errors_are_one_line_with_exit_code_2(
    samples: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "campaign", *argv, "--save-dir", str(samples))
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1
    assert err.startswith(f"civio campaign {argv[0]}: error: ")  # the action, not only the command


def test_review_follows_the_contract(
    samples: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "ai.civio.review.HardSearch", lambda: HardSearch(SearchBudget(iterations=16))
    )
    argv = ("campaign", "review", "Rounds won", "--round", "2", "--save-dir", str(samples))
    doc = run_json(capsys, *argv, "--json")
    assert set(doc) == {"decisions", "summary"}
    summary = doc["summary"]
    assert set(summary) == {"best", "good", "inaccuracy", "mistake", "unit"}
    assert summary.pop("unit") == "percentage points of the chance to win the round"
    assert sum(summary.values()) == len(doc["decisions"]) > 0
    for d in doc["decisions"]:
        assert set(d) == {"turn", "kind", "chosen", "best", "loss", "verdict", "why", "danger"}
        assert d["verdict"] in summary and d["loss"] >= 0 and d["why"].endswith(".")
        assert d["danger"] is None or d["danger"].startswith("Hindsight: ")
        assert d["verdict"] != "best" or d["chosen"] == d["best"]
    other = run_json(capsys, *argv, "--seat", "1", "--json")
    assert other != doc  # Easy 1's decisions, not yours
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.startswith("Round 2 of 'Rounds won': Your decisions")
    header, first = out.splitlines()[1:3]
    assert header.split() == ["TURN", "DECISION", "VERDICT", "LOSS", "WHY"]
    decision = doc["decisions"][0]
    assert first.split()[:4] == [
        str(decision["turn"]),
        decision["kind"],
        decision["verdict"],
        f"{decision['loss']:.1f}",
    ]
    assert decision["why"] in first


def test_stats_equal_a_hand_count_over_the_samples(
    samples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = run_json(capsys, "stats", "--save-dir", str(samples), "--json")
    # By hand, from the files themselves: the readable campaigns (standard deck, known schema).
    readable = ["Finished", "Mid round", "Old format", "Rounds won", "Version 2"]
    assert doc["campaigns"] == len(readable) == 5
    assert doc["unreadable"] == [
        "Corrupt",
        "Newer version",
        "Other deck",
        "Tampered",
        "Wrong schema",
    ]
    rounds = won = flushes = points = 0
    fastest = []
    for name in readable:
        raw = json.loads((samples / f"{name}.civio.json").read_text())["campaign"]
        history = raw["history"]
        rounds += len(history)
        for r in history:
            points += r["points"]["You"]
            if r["winner"] == "You":
                won += 1
                flushes += r["flush"]
                fastest.append(r["turns"])
    assert (doc["rounds"], doc["rounds_won"], doc["flushes"]) == (rounds, won, flushes)
    assert (rounds, won) == (17, 2)
    assert doc["points_per_round"] == round(points / rounds, 2)
    assert doc["fastest_civio"] == min(fastest) == 1
    by_level = doc["win_rate_by_level"]
    assert {k: (v["rounds"], v["wins"]) for k, v in by_level.items()} == {
        "random": (14, 0),
        "easy": (3, 2),
    }
    lo, hi = by_level["easy"]["ci95"]
    assert lo < 2 / 3 < hi and by_level["easy"]["win_rate"] == round(2 / 3, 4)
    won_camp = next(c for c in doc["per_campaign"] if c["name"] == "Rounds won")
    assert won_camp["points_after_round"] == {
        "You": [3, 9, 16],
        "Easy 1": [7, 7, 9],
        "Easy 2": [2, 5, 5],
    }
    code, out, _ = run(capsys, "stats", "--save-dir", str(samples))
    assert code == 0 and "Rounds: 17, won: 2 (12%)" in out and "easy: 2 of 3 rounds" in out
    assert "Not counted: 5 saves that cannot be read (Corrupt, Newer version," in out


def test_export_of_a_round_matches_its_snapshot(
    samples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "campaign", "export", "Rounds won", "--round", "2", "--save-dir", str(samples)
    )
    assert code == 0
    if os.environ.get("UPDATE_EXPORT_SNAPSHOT"):
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(out)
    assert out == SNAPSHOT.read_text()
    doc = run_json(
        capsys, "campaign", "export", "Rounds won", "--format", "json", "--save-dir", str(samples)
    )
    assert [r["round"] for r in doc["rounds"]] == [1, 2, 3]
    assert all(r["replay"] and r["log"] for r in doc["rounds"])
    old = run_json(capsys, "campaign", "export", "Version 2", "--json", "--save-dir", str(samples))
    assert [r["replay"] for r in old["rounds"]] == [False, False]
