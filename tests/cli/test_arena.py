"""`civio arena`: the JSON contract, repeatability, the text table and bad input."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from cards.deck import load_deck, standard_deck
from cards.game import round_seed
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from civio_tui.arena import ai_seed, run_arena, wilson
from civio_tui.cli import main

TIMING = ("rounds_per_sec", "actions_per_sec")
SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"


def arena_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert main(["arena", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def without_timing(doc: dict) -> dict:  # type: ignore[type-arg]
    doc = {k: v for k, v in doc.items() if k not in TIMING}
    doc["seats"] = [{k: v for k, v in s.items() if k != "latency_ms"} for s in doc["seats"]]
    return doc


def test_json_document_keeps_its_contract(capsys: pytest.CaptureFixture[str]) -> None:
    doc = arena_json(
        capsys,
        "--players",
        "random,random,random",
        "--rounds",
        "12",
        "--seed",
        "3",
        "--max-turns",
        "60",
    )
    assert doc["rounds"] == 12
    for key in ("draws", "mean_turns", "rounds_per_sec", "actions_per_sec", "seats"):
        assert key in doc
    assert len(doc["seats"]) == 3
    decided = doc["rounds"] - doc["draws"]
    assert sum(s["wins"] for s in doc["seats"]) == decided
    for seat in doc["seats"]:
        assert seat["player"] == "random"
        rate = seat["wins"] / decided if decided else 0.0
        assert seat["win_rate"] == pytest.approx(rate, abs=1e-4)
        lo, hi = seat["ci95"]
        assert 0 <= lo <= seat["win_rate"] <= hi <= 1
        assert set(seat["latency_ms"]) == {"p50", "p95", "max"}
        assert seat["latency_ms"]["p50"] <= seat["latency_ms"]["p95"] <= seat["latency_ms"]["max"]
        assert seat["flushes"] <= seat["wins"]
    assert 0 < doc["mean_turns"] <= 60


def test_same_arguments_repeat_exactly_apart_from_timing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--players", "random,random", "--rounds", "8", "--seed", "11", "--rules", "summary")
    first = arena_json(capsys, *args)
    second = arena_json(capsys, *args)
    assert without_timing(first) == without_timing(second)
    other = arena_json(capsys, "--players", "random,random", "--rounds", "8", "--seed", "12")
    assert without_timing(other) != without_timing(first)


def test_jobs_play_the_same_rounds_on_more_processes(capsys: pytest.CaptureFixture[str]) -> None:
    # medium, easy and a cheater (which needs the live round) across 2 processes, in batches.
    args = (
        "--players",
        "medium,easy,cheater",
        "--rounds",
        "9",
        "--seed",
        "5",
        "--rules",
        "summary",
    )
    alone = arena_json(capsys, *args)
    shared = arena_json(capsys, *args, "--jobs", "2")
    assert without_timing(shared) == without_timing(alone)
    assert sum(s["wins"] for s in alone["seats"]) + alone["draws"] == 9


def test_arena_counts_as_its_contract_says() -> None:
    """Replay the arena by hand: dealer k % seats, seed round_seed(seed, k), each AI's rng
    from ai_seed(seed, k, seat); mean_points over every round, wins over decided rounds."""
    rules = RuleSet(max_turns=40)
    doc = run_arena(["random"] * 4, 6, seed=2, rules=rules)
    points, wins, turns = [0] * 4, [0] * 4, 0
    for k in range(6):
        rnd = Round(rules, 4, k % 4, round_seed(2, k), standard_deck())
        rngs = [random.Random(ai_seed(2, k, s)) for s in range(4)]
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            rnd.apply(rngs[d.seat].choice(d.options))
        assert rnd.result is not None
        turns += rnd.result.turns
        points = [p + q for p, q in zip(points, rnd.result.scores, strict=True)]
        if rnd.result.winner is not None:
            wins[rnd.result.winner] += 1
    assert [s["wins"] for s in doc["seats"]] == wins
    assert doc["draws"] == 6 - sum(wins)
    assert [s["mean_points"] for s in doc["seats"]] == [round(p / 6, 4) for p in points]
    assert doc["mean_turns"] == round(turns / 6, 2)


def test_text_mode_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "random,random", "--rounds", "3", "--seed", "1"]) == 0
    out = capsys.readouterr()
    assert "win rate" in out.out and "95% CI" in out.out and "draws" in out.out
    assert out.err == ""  # no progress bar without a terminal


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "random,grandmaster"], "known players are random"),
        (["--players", "random"], "2-4"),
        (["--players", "random,random,random,random,random"], "2-4"),
        (["--players", "random,random", "--rounds", "0"], "--rounds"),
        (["--players", "random,random", "--max-turns", "0"], "--max-turns"),
        (["--players", "random,random", "--jobs", "0"], "--jobs"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["arena", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35


def test_every_level_plays_with_a_custom_card_pack(capsys: pytest.CaptureFixture[str]) -> None:
    # Views name their deck only by its SHA-256: the levels must find the pack loaded by --cards.
    pack = str(SAMPLES / "teacher-pack.toml")
    doc = arena_json(
        capsys, "--players", "easy,medium,hard", "--rounds", "2", "--seed", "4", "--cards", pack
    )
    assert doc["rounds"] == 2
    assert doc["deck_sha256"] == load_deck(pack).sha256 != standard_deck().sha256


def test_easy_play_arena_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    doc = arena_json(
        capsys, "--game", "easy-play", "--players", "medium,random", "--rounds", "4", "--seed", "1"
    )
    assert doc["rounds"] == 4 and [s["player"] for s in doc["seats"]] == ["medium", "random"]
    assert main(["arena", "--game", "easy-play", "--players", "hard,random"]) == 2
    assert "unknown Easy Play player 'hard'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "players"),
    [("civio", "medium,random,random"), ("easy-play", "medium,random")],
)
def test_a_game_with_a_discard_pile_counts_wins_from_a_discard(
    capsys: pytest.CaptureFixture[str], game: str, players: str
) -> None:
    doc = arena_json(capsys, "--game", game, "--players", players, "--rounds", "30", "--seed", "5")
    seats = doc["seats"]
    for seat in seats:
        assert 0 <= seat["won_from_discard"] <= seat["wins"]
    fed = sum(s["lost_by_feeding"] for s in seats)
    assert fed == sum(s["won_from_discard"] for s in seats) > 0
    assert all(s["lost_by_feeding"] <= doc["rounds"] - doc["draws"] - s["wins"] for s in seats)


def test_concentration_arena_plays_its_own_levels(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--game", "concentration", "--players", "hard,easy", "--rounds", "40", "--seed", "1")
    doc = arena_json(capsys, *args)
    assert without_timing(arena_json(capsys, *args)) == without_timing(doc)
    hard, easy = doc["seats"]
    assert (hard["player"], easy["player"]) == ("hard", "easy")
    assert hard["wins"] + easy["wins"] + doc["draws"] == 40
    assert hard["wins"] > easy["wins"], "remembering every card beats forgetting"
    assert hard["mean_points"] + easy["mean_points"] == pytest.approx(10), "10 pairs a game"
    assert "won_from_discard" not in hard, "Concentration has no discard pile"
    assert (doc["rules"], doc["max_turns"]) == (None, None), "it reads no rule set"
    assert main(["arena", "--game", "concentration", "--players", "medium,easy"]) == 2
    assert "unknown Concentration player 'medium'" in capsys.readouterr().err
    assert main(["arena", "--game", "solitaire", "--players", "random,random"]) == 2
    for option in (["--rules", "summary"], ["--max-turns", "40"]):
        assert main(["arena", *args, *option]) == 2
        assert f"no rule versions or turn limit: {option[0]}" in capsys.readouterr().err


class Terminal(io.StringIO):
    """A stderr that says it is a terminal and notes what had been written at each flush."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[str] = []

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        self.flushed.append(self.getvalue())


def test_progress_shows_on_a_terminal_as_rounds_finish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    doc = arena_json(capsys, "--players", "random,random", "--rounds", "4", "--seed", "2")
    assert doc["rounds"] == 4  # stdout is the JSON document alone
    # Each round's bar reached the terminal when it was drawn, not at the end of the run.
    bars = [text for text in terminal.flushed if text.endswith("rounds")]
    assert [bar.rsplit("] ", 1)[1] for bar in bars] == [f"{n}/4 rounds" for n in (1, 2, 3)]
    assert terminal.getvalue().endswith("] 4/4 rounds\n")


def test_the_text_table_names_the_game_and_its_discard_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "--players", "random,random", "--rounds", "3", "--max-turns", "40"]) == 0
    civio = capsys.readouterr().out
    assert civio.startswith("civio arena: CIVIO, 3 rounds, seed 0, rules booklet, max 40 turns\n")
    assert "from discard  fed" in civio and "fed: rounds lost by discarding" in civio
    args = ["arena", "--game", "concentration", "--players", "easy,easy", "--rounds", "3"]
    assert main(args) == 0
    pairs = capsys.readouterr().out
    assert pairs.startswith("civio arena: Concentration, 3 rounds, seed 0\n")
    assert "discard" not in pairs
