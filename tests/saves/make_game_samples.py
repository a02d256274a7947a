"""Write the sample files of every game and record kind the game keeps (besides campaigns,
which tests/campaigns/make_samples.py writes) into saves/samples/games-NAME/ and
saves/samples/games-NAME-over/, each written by the game's own code as it is now, with the
figures the tests expect after opening and playing them on (`expected.json`).

    .venv/bin/python tests/saves/make_game_samples.py NAME

The committed folders are what players have on disk and must keep opening: `games` and
`games-over` were written before the one save format (civio_tui/save_format.py), `games-envelope`
and `games-envelope-over` in it. When a format changes, add a folder under a new NAME (the script
never writes over one); tests/saves/test_game_samples.py proves every folder opens and plays on
the same.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cards.deck import standard_deck  # noqa: E402
from cards.games.concentration.game import Concentration  # noqa: E402
from cards.games.easy_play.game import EasyPlayGame  # noqa: E402
from cards.games.solitaire.game import TURN_ACTION, Solitaire  # noqa: E402
from civio_tui.campaigns.catalogue import open_campaign  # noqa: E402
from civio_tui.card_games_save import (  # noqa: E402
    ConcentrationSaves,
    SavedConcentration,
    SavedSolitaire,
    SolitaireSaves,
)
from civio_tui.easy_play_save import FORMAT, new_easy_game  # noqa: E402
from civio_tui.lessons.progress import LessonProgress, LessonRecord, ProgressFile  # noqa: E402
from civio_tui.records import RecordsFile  # noqa: E402
from civio_tui.seating import HUMAN, Seat  # noqa: E402
from civio_tui.settings import NewGameDefaults, Settings  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "saves"))
from sample_play import (  # noqa: E402
    CAMPAIGN_SAMPLES,
    campaign_outcome,
    concentration_outcome,
    easy_play_moves,
    easy_play_outcome,
    solitaire_outcome,
)

SAMPLES = ROOT / "saves" / "samples"
WHEN = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


def _fixed_time(path: Path) -> None:
    """The file's `saved_at` set to WHEN, so a rebuild gives the same bytes."""
    doc = json.loads(path.read_bytes())
    doc["saved_at"] = WHEN.isoformat()
    path.write_bytes(json.dumps(doc).encode())


def _easy_play(
    folder: Path, name: str, players: list[Seat], seed: int, moves: int, **kw: Any
) -> None:
    deck = standard_deck()
    store = new_easy_game(name, players, save_dir=folder, deck=deck, seed=seed, **kw)
    assert store.saved is not None
    game = store.saved.game
    easy_play_moves(game, moves, deck)
    assert store.save(game, players) is None
    _fixed_time(store.path)


def _legacy_easy_play(folder: Path) -> None:
    """The single `easy-play.json` of version 1: seat 0 at the keyboard, one computer level."""
    deck = standard_deck()
    store = new_easy_game(
        "Legacy", [Seat("You", HUMAN), Seat("Medium", "medium")], save_dir=folder, deck=deck, seed=5
    )
    assert store.saved is not None
    game = store.saved.game
    easy_play_moves(game, 9, deck)
    doc = {
        "format": FORMAT,
        "version": 1,
        "saved_at": WHEN.isoformat(),
        "names": ["You", "Medium"],
        "level": "medium",
        "game": game.to_json(),
    }
    (folder / "easy-play.json").write_bytes(json.dumps(doc).encode())
    store.path.unlink()


def _solitaire(folder: Path, seed: int, turns: int, picked: list[list[int]]) -> None:
    deck = standard_deck()
    game = Solitaire(seed, deck)
    for _ in range(turns):
        game.apply(TURN_ACTION)
    saves = SolitaireSaves(folder, deck)
    groups = [[game.turned[i] for i in group] for group in picked]
    assert saves.write(SavedSolitaire(game, groups)) is None


def _concentration(folder: Path, seats: list[Seat], seed: int, turned: int) -> None:
    from ai.concentration.levels import ConcentrationPlayer

    deck = standard_deck()
    game = Concentration(seed, len(seats), deck)
    rng = random.Random(seed)
    player = ConcentrationPlayer("hard")
    for _ in range(turned):
        decision = game.decision
        if decision is None:
            break
        game.apply(player.choose(game.view(decision.seat), decision, rng))
    saves = ConcentrationSaves(folder, deck)
    assert saves.write(SavedConcentration(game, seats)) is None


def _records(folder: Path) -> None:
    records = RecordsFile(folder)
    r = records.records
    r.record_solitaire(20261125, 14)
    r.record_solitaire(20261125, 9)
    r.record_solitaire(77, 0)
    r.record_puzzle("You", "precedent", True)
    r.record_puzzle("You", "links", False)
    r.record_puzzle("You", "links", True, first=False)
    r.record_puzzle("Ana", "precedent", True)
    r.record_concentration(19)
    r.record_concentration(23)
    assert records.save() is None


def _lessons(folder: Path) -> None:
    progress = LessonProgress(
        lessons={
            "precedent": LessonRecord(done=True, stars=3),
            "case-to-case": LessonRecord(done=True, stars=2, hints=1),
            "more-cards": LessonRecord(step=2, placed=["Plessy v Ferguson"], hints=1),
        },
        last="more-cards",
    )
    assert ProgressFile(folder).save(progress) is None


def _settings(folder: Path) -> None:
    settings = Settings(
        ai_speed="fast",
        theme="colour-blind",
        confirm_quit=False,
        keymap={"hint": "ctrl+h"},
        new_game=NewGameDefaults(
            opponents=["hard", "easy"], player_name="Ana", human_names=["Ana", "Ben"]
        ),
    )
    assert settings.save(folder) is not None


def _older_records(folder: Path) -> None:
    """games-records.json as written before puzzles counted `first_try`, and settings.json
    with the `humans` count New game no longer keeps."""
    path = folder / "games-records.json"
    doc = json.loads(path.read_bytes())
    for stats in doc["puzzles"].values():
        del stats["first_try"]
    path.write_bytes(json.dumps(doc, indent=2).encode())
    settings = folder / "settings.json"
    doc = json.loads(settings.read_bytes())
    doc["new_game"]["humans"] = 2
    settings.write_bytes(json.dumps(doc, indent=2).encode())


def _expected(folder: Path) -> dict[str, Any]:
    """What opening and playing on each game file gives, by the current code."""
    deck = standard_deck()
    out: dict[str, Any] = {}
    for path in sorted(folder.glob("*.easy-play.json")) + sorted(folder.glob("easy-play.json")):
        doc = json.loads(path.read_bytes())
        out[path.name] = easy_play_outcome(EasyPlayGame.load(doc["game"], deck), deck)
    sol = folder / "solitaire.json"
    if sol.exists():
        game = Solitaire.from_json(json.loads(sol.read_bytes())["game"], deck)
        out[sol.name] = solitaire_outcome(game, deck)
    con = folder / "concentration.json"
    if con.exists():
        played = Concentration.from_json(json.loads(con.read_bytes())["game"], deck)
        out[con.name] = concentration_outcome(played, deck)
    return out


def main(name: str) -> None:
    games_folder, over_folder = SAMPLES / f"games-{name}", SAMPLES / f"games-{name}-over"
    for target in (games_folder, over_folder):
        target.mkdir(parents=True)  # FileExistsError: samples are added, never rebuilt
    with tempfile.TemporaryDirectory() as tmp:
        games = Path(tmp) / "games"
        games.mkdir()
        _easy_play(games, "Mid game", [Seat("You", HUMAN), Seat("Medium", "medium")], 11, 25)
        _easy_play(
            games,
            "Hot seat",
            [Seat("Ana", HUMAN), Seat("Ben", HUMAN), Seat("Easy", "easy")],
            12,
            40,
            max_rounds=3,
        )
        _legacy_easy_play(games)
        _solitaire(games, 20261125, 9, [[0, 2], [4]])
        _concentration(games, [Seat("You", HUMAN), Seat("Hard", "hard")], 3, 11)
        _records(games)
        _lessons(games)
        _settings(games)

        over = Path(tmp) / "over"
        over.mkdir()
        _easy_play(
            over,
            "Finished",
            [Seat("You", HUMAN), Seat("Random", "random")],
            13,
            10_000,
            max_rounds=1,
        )
        _solitaire(over, 31, 21, [[], []])
        deck = standard_deck()
        saves = SolitaireSaves(over, deck)
        assert saves.saved is not None
        finished = saves.saved.game
        solitaire_outcome(finished, deck)
        assert saves.write(SavedSolitaire(finished, [[], []])) is None
        _concentration(over, [Seat("You", HUMAN)], 4, 10_000)
        _records(over)
        _settings(over)
        _older_records(over)

        for source, target in ((games, games_folder), (over, over_folder)):
            for path in sorted(source.iterdir()):
                shutil.copyfile(path, target / path.name)
                print(f"wrote {(target / path.name).relative_to(ROOT)}")
            expected = _expected(target)
            (target / "expected.json").write_text(json.dumps(expected, indent=2) + "\n")
            print(f"wrote {(target / 'expected.json').relative_to(ROOT)}")
        campaigns = Path(tmp) / "campaigns"
        shutil.copytree(SAMPLES, campaigns)
        expected = {
            name: campaign_outcome(open_campaign(name, save_dir=campaigns))
            for name in CAMPAIGN_SAMPLES
        }
        path = SAMPLES / "expected-campaigns.json"
        path.write_text(json.dumps(expected, indent=2) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1])
