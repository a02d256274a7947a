"""The headless commands of the other games: `civio solitaire par` per the contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cards.deck import standard_deck
from cards.precedent import check_precedent
from civio_tui.cli import main

DECK = standard_deck()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solitaire_par_json_follows_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solitaire", "par", "--seed", "2", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert set(doc) == {"seed", "cards", "par"}
    assert doc["seed"] == 2 and len(doc["cards"]) == 21 == len(set(doc["cards"]))
    p = doc["par"]
    assert set(p) == {"score", "turned", "precedents", "points"}
    assert p["score"] == p["points"] + 21 - p["turned"]
    first = set(doc["cards"][: p["turned"]])
    for names in p["precedents"]:
        assert set(names) <= first
        assert check_precedent(DECK, [DECK.lookup(n) for n in names]).valid
    # Same seed, same answer; the text form says the same par.
    assert json.loads(run(capsys, "solitaire", "par", "--seed", "2", "--json")[1]) == doc
    code, text, _ = run(capsys, "solitaire", "par", "--seed", "2")
    assert code == 0 and f"par: {p['score']} " in text


def test_solitaire_par_of_the_day(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solitaire", "par", "--date", "2026-11-25", "--json")
    assert code == 0 and json.loads(out)["seed"] == 20261125


@pytest.mark.parametrize(
    "argv",
    [
        ["solitaire", "par"],
        ["solitaire", "par", "--seed", "x"],
        ["solitaire", "par", "--date", "2026-02-30"],
        ["solitaire"],
    ],
)
def test_solitaire_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_puzzle_json_follows_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.games.test_puzzles import check_document

    for kind in ("go-out", "complete", "best", "broken", "linked"):
        code, out, err = run(
            capsys, "puzzle", "--kind", kind, "--difficulty", "hard", "--seed", "8", "--json"
        )
        assert code == 0 and err == ""
        doc = json.loads(out)
        assert (doc["kind"], doc["difficulty"], doc["seed"]) == (kind, "hard", 8)
        check_document(doc)


def test_puzzle_text_shows_the_answer_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = ["puzzle", "--kind", "complete", "--seed", "3"]
    doc = json.loads(run(capsys, *puzzle, "--json")[1])
    code, out, _ = run(capsys, *puzzle)
    assert code == 0
    assert "Question:" in out and "Options:" in out and "Answer:" not in out
    assert "--answers" in out
    code, with_answers, _ = run(capsys, *puzzle, "--answers")
    assert code == 0 and with_answers.startswith(out.rsplit("(The answer", 1)[0])
    assert doc["solution"]["card"] in with_answers.split("Answer:")[1]
    assert "solution" in json.loads(run(capsys, *puzzle, "--answers", "--json")[1])


def test_the_puzzle_of_the_day(capsys: pytest.CaptureFixture[str]) -> None:
    a = json.loads(run(capsys, "puzzle", "--date", "2026-11-25", "--json")[1])
    b = json.loads(run(capsys, "puzzle", "--date", "2026-11-25", "--json")[1])
    c = json.loads(run(capsys, "puzzle", "--date", "2026-11-26", "--json")[1])
    assert a == b and a["seed"] == 20261125 and a != c and a["kind"] != c["kind"]


@pytest.mark.parametrize(
    "argv",
    [
        ["puzzle", "--kind", "sudoku"],
        ["puzzle", "--difficulty", "expert"],
        ["puzzle", "--date", "tomorrow"],
        ["puzzle", "--seed", "1", "--date", "2026-11-25"],
    ],
)
def test_puzzle_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_concentration_pairs_json_is_the_ten_publisher_pairs(
    capsys: pytest.CaptureFixture[str], mini_pack_path: Path
) -> None:
    from cards.games.concentration.game import PUBLISHER_PAIRS

    code, out, err = run(capsys, "concentration", "pairs", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc == [
        [DECK[DECK.lookup(a)].name, DECK[DECK.lookup(b)].name] for a, b in PUBLISHER_PAIRS
    ]
    assert len(doc) == 10 and all(len(p) == 2 for p in doc)
    code, text, _ = run(capsys, "concentration", "pairs")
    assert code == 0 and "Korematsu v US lists Executive Order 9066" in text
    # A pack without the pairs' cards says so, not just which name it does not know.
    code, out, err = run(capsys, "concentration", "pairs", "--cards", str(mini_pack_path))
    assert code == 2 and out == "" and "lacks a card of the publisher's pairs" in err


def test_puzzle_text_says_what_the_civil_rights_act_may_be(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # "(Civil Rights Act)" after its own name told a student nothing: it is a Law or Equality.
    code, out, _ = run(
        capsys, "puzzle", "--kind", "go-out", "--seed", "4", "--difficulty", "medium"
    )
    assert code == 0
    assert "Civil Rights Act of 1964 (Law or Equality)" in out
    assert "(Civil Rights Act)" not in out


def test_solitaire_par_text_names_the_day_and_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    # "Solitaire deal 20261125" read as deal number twenty million: say which seed, and the day.
    code, out, _ = run(capsys, "solitaire", "par", "--date", "2026-11-25")
    assert code == 0 and out.startswith("Solitaire deal of the day, 2026-11-25 · seed 20261125:")
    code, out, _ = run(capsys, "solitaire", "par", "--seed", "1")
    assert code == 0 and out.startswith("Solitaire deal · seed 1:")


def test_the_puzzle_of_the_day_is_the_one_the_game_opens(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A teacher prints `civio puzzle`; the class opens Puzzles, then the puzzle of the day,
    # at the menu's first difficulty: both must be the same puzzle.
    from datetime import date

    from cards.puzzles import generate, kind_of_the_day, seed_of_the_day
    from civio_tui.screens.puzzles import PuzzleMenuScreen

    day = date(2026, 11, 26)
    printed = json.loads(run(capsys, "puzzle", "--date", day.isoformat(), "--json")[1])
    menu = PuzzleMenuScreen(today=day)
    in_game = generate(DECK, kind_of_the_day(day), menu.difficulty, seed_of_the_day(day))
    assert printed == in_game.to_json(DECK)
