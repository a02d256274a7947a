"""Every game and record file a player may have on disk (saves/samples/games*, written by
tests/saves/make_game_samples.py) still opens, and plays on exactly as it did when it was
written: the same moves, the same scores (expected.json)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from sample_play import (
    CAMPAIGN_SAMPLES,
    campaign_outcome,
    concentration_outcome,
    easy_play_outcome,
    solitaire_outcome,
)

from cards.deck import standard_deck
from civio_tui.campaigns.catalogue import open_campaign
from civio_tui.card_games_save import ConcentrationSaves, SolitaireSaves
from civio_tui.easy_play_save import list_easy_games, open_easy_game
from civio_tui.lessons.progress import ProgressFile
from civio_tui.records import RecordsFile
from civio_tui.seating import Seat
from civio_tui.settings import Settings

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"
FOLDERS = ("games", "games-over", "games-envelope", "games-envelope-over")
"""Before the one save format, and in it; games in progress, and finished ones (`-over`)."""


@pytest.fixture(params=FOLDERS)
def folder(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """A copy of one sample folder (opening an old Easy Play file converts it)."""
    target = tmp_path / request.param
    shutil.copytree(SAMPLES / request.param, target)
    return target


def _expected(folder: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((folder / "expected.json").read_text())
    return result


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_every_easy_play_sample_opens_and_plays_on_the_same(folder: Path) -> None:
    deck = standard_deck()
    expected = _expected(folder)
    listed = {s.name: s for s in list_easy_games(folder, deck)}
    assert all(s.readable for s in listed.values()), {n: s.problem for n, s in listed.items()}
    for filename, outcome in expected.items():
        if filename == "easy-play.json":
            name = "Easy Play"  # the one file of version 1 becomes a named game
            assert not (folder / filename).exists()
        elif filename.endswith(".easy-play.json"):
            name = filename.removesuffix(".easy-play.json")
        else:
            continue
        store = open_easy_game(name, save_dir=folder, deck=deck)
        assert store.saved is not None
        assert easy_play_outcome(store.saved.game, deck) == outcome, filename


@pytest.mark.parametrize("name", ["games", "games-envelope"])
def test_easy_play_samples_keep_their_players(name: str, tmp_path: Path) -> None:
    shutil.copytree(SAMPLES / name, tmp_path / name)
    deck = standard_deck()
    players = {s.name: s.saved.players for s in list_easy_games(tmp_path / name, deck) if s.saved}
    assert players == {
        "Easy Play": [Seat("You", "human"), Seat("Medium", "medium")],
        "Hot seat": [Seat("Ana", "human"), Seat("Ben", "human"), Seat("Easy", "easy")],
        "Mid game": [Seat("You", "human"), Seat("Medium", "medium")],
    }


def test_the_solitaire_sample_opens_and_plays_on_the_same(folder: Path) -> None:
    deck = standard_deck()
    before = _files(folder)
    saves = SolitaireSaves(folder, deck)
    assert saves.problem is None and saves.saved is not None
    assert _files(folder) == before
    if not folder.name.endswith("over"):
        assert saves.saved.picked == [[12, 0], [30]]
    outcome = solitaire_outcome(saves.saved.game, deck)
    assert outcome == _expected(folder)["solitaire.json"]


def test_the_concentration_sample_opens_and_plays_on_the_same(folder: Path) -> None:
    deck = standard_deck()
    before = _files(folder)
    saves = ConcentrationSaves(folder, deck)
    assert saves.problem is None and saves.saved is not None
    assert _files(folder) == before
    over = folder.name.endswith("over")
    seats = [Seat("You", "human")] if over else [Seat("You", "human"), Seat("Hard", "hard")]
    assert saves.saved.seats == seats
    outcome = concentration_outcome(saves.saved.game, deck)
    assert outcome == _expected(folder)["concentration.json"]


def test_a_continued_card_game_saves_and_opens_again(folder: Path) -> None:
    deck = standard_deck()
    solitaire = SolitaireSaves(folder, deck)
    assert solitaire.saved is not None
    assert solitaire.write(solitaire.saved) is None
    again = SolitaireSaves(folder, deck).saved
    assert again is not None
    assert again.game.to_json() == solitaire.saved.game.to_json()
    assert again.picked == solitaire.saved.picked
    concentration = ConcentrationSaves(folder, deck)
    assert concentration.saved is not None
    assert concentration.write(concentration.saved) is None
    reread = ConcentrationSaves(folder, deck).saved
    assert reread is not None and reread.seats == concentration.saved.seats
    assert reread.game.to_json() == concentration.saved.game.to_json()


def test_the_records_samples_open_with_every_figure(folder: Path) -> None:
    before = _files(folder)
    records = RecordsFile(folder)
    assert records.problem is None
    assert _files(folder) == before
    r = records.records
    assert r.solitaire.games == 3 and r.solitaire.best == {"20261125": 14, "77": 0}
    assert (r.concentration.games, r.concentration.fewest_turns) == (2, 19)
    you, ana = r.puzzles["You"], r.puzzles["Ana"]
    assert (you.solved, you.tried, you.streak, you.best_streak) == (2, 2, 0, 1)
    assert you.by_kind == {"precedent": 1, "links": 1}
    # Files from before `first_try` counted only first-answer solves as solved.
    assert you.first_try == (2 if folder.name.endswith("over") else 1)
    assert (ana.solved, ana.first_try, ana.streak) == (1, 1, 1)
    assert r.record_solitaire(20261125, 15)
    assert records.save() is None
    assert RecordsFile(folder).records.solitaire.best["20261125"] == 15


@pytest.mark.parametrize("name", ["games", "games-envelope"])
def test_the_lesson_progress_samples_open(name: str) -> None:
    progress, problem = ProgressFile(SAMPLES / name).load()
    assert problem is None
    assert progress.last == "more-cards"
    assert [(i, r.done, r.stars) for i, r in progress.lessons.items()] == [
        ("precedent", True, 3),
        ("case-to-case", True, 2),
        ("more-cards", False, 0),
    ]
    midway = progress.lessons["more-cards"]
    assert (midway.step, midway.placed, midway.hints) == (2, ["Plessy v Ferguson"], 1)
    assert progress.left_midway() == ["more-cards"]


@pytest.mark.parametrize("name", FOLDERS)
def test_the_settings_samples_open(name: str) -> None:
    settings, problem = Settings.read(SAMPLES / name)
    assert problem is None
    assert (settings.ai_speed, settings.theme, settings.confirm_quit) == (
        "fast",
        "colour-blind",
        False,
    )
    assert settings.keymap == {"hint": "ctrl+h"}
    assert settings.new_game.opponents == ["hard", "easy"]
    assert settings.new_game.human_names == ["Ana", "Ben"]


@pytest.mark.parametrize("name", CAMPAIGN_SAMPLES)
def test_every_readable_campaign_sample_plays_on_the_same(name: str, tmp_path: Path) -> None:
    shutil.copytree(SAMPLES, tmp_path / "samples")
    expected = json.loads((SAMPLES / "expected-campaigns.json").read_text())
    session = open_campaign(name, save_dir=tmp_path / "samples")
    assert campaign_outcome(session) == expected[name]
