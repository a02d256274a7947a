"""Easy Play campaigns: named games in the save folder, saved and continued, unreadable files
left alone, the old single `easy-play.json` migrated, and Continue picking the game saved last
of either kind."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai.easy_play.levels import LEVELS
from cards.deck import Deck, standard_deck
from cards.games.easy_play.game import EasyPlayGame
from cards.ranks import points_for_rank
from civio_tui.campaigns.store import CampaignExistsError, NoSuchCampaignError, SaveError
from civio_tui.easy_play_save import (
    EASY_SUFFIX,
    LEGACY_FILE,
    list_easy_games,
    new_easy_game,
    open_easy_game,
)
from civio_tui.seating import HUMAN, Seat, SeatingError

DECK = standard_deck()
PLAYERS = [Seat("Ada", HUMAN), Seat("Ben", HUMAN), Seat("Computer", "easy")]


def play(game: EasyPlayGame, moves: int, seed: int = 0) -> None:
    """`moves` actions of the round in progress, chosen by the random level for every seat."""
    rng = random.Random(seed)
    player = LEVELS.player("random", DECK)
    rnd = game.current_round
    assert rnd is not None
    for _ in range(moves):
        d = rnd.decision
        if d is None:
            return
        rnd.apply(player.choose(rnd.view(d.seat), d, rng))


def finish_round(game: EasyPlayGame, seed: int = 0) -> None:
    play(game, 10_000, seed)
    assert game.current is None


def test_a_named_game_is_saved_listed_and_continued_with_its_players(tmp_path: Path) -> None:
    store = new_easy_game(
        "Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=7, target="Judge", max_rounds=5
    )
    assert (tmp_path / f"Spring{EASY_SUFFIX}").exists()
    saved = store.saved
    assert saved is not None and saved.game.current_round is not None  # round 1 is dealt
    play(saved.game, 9)
    assert store.save(saved.game, saved.players) is None

    again = open_easy_game("spring", save_dir=tmp_path, deck=DECK)  # the case does not matter
    back = again.saved
    assert back is not None and again.name == "Spring"
    assert back.players == PLAYERS and back.humans == [0, 1]
    assert back.game.target == "Judge" and back.game.max_rounds == 5
    assert back.game.current_round is not None
    assert back.game.current_round.actions == saved.game.current_round.actions  # type: ignore[union-attr]
    assert back.game.current_round.hands == saved.game.current_round.hands  # type: ignore[union-attr]

    [summary] = list_easy_games(tmp_path, DECK)
    assert summary.name == "Spring" and summary.readable and summary.saved_at is not None


def test_names_are_checked_and_never_taken_twice(tmp_path: Path) -> None:
    new_easy_game("Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=1)
    with pytest.raises(CampaignExistsError):
        new_easy_game("SPRING", PLAYERS, save_dir=tmp_path, deck=DECK, seed=2)
    from civio_tui.campaigns import new_campaign

    new_campaign("Autumn", ["medium"], save_dir=tmp_path, deck=DECK)
    with pytest.raises(CampaignExistsError):  # a main-game campaign has it
        new_easy_game("autumn", PLAYERS, save_dir=tmp_path, deck=DECK, seed=2)
    with pytest.raises(SaveError):
        new_easy_game("../escape", PLAYERS, save_dir=tmp_path, deck=DECK, seed=2)
    with pytest.raises(SeatingError):
        new_easy_game("Alone", [Seat("Ada")], save_dir=tmp_path, deck=DECK, seed=2)
    with pytest.raises(SeatingError):
        new_easy_game(
            "Bots", [Seat("A", "easy"), Seat("B", "medium")], save_dir=tmp_path, deck=DECK, seed=2
        )
    with pytest.raises(NoSuchCampaignError):
        open_easy_game("Winter", save_dir=tmp_path, deck=DECK)
    assert [s.name for s in list_easy_games(tmp_path, DECK)] == ["Spring"]


@pytest.mark.parametrize(
    "content",
    [
        b"{ not json",
        b'{"format": "something else"}',
        b'{"format": "civio-tui easy play", "version": 99}',
    ],
)
def test_an_unreadable_file_is_listed_with_its_reason_and_never_overwritten(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / f"Broken{EASY_SUFFIX}"
    path.write_bytes(content)
    [summary] = list_easy_games(tmp_path, DECK)
    assert not summary.readable and summary.problem and "unreadable" in summary.problem
    with pytest.raises(SaveError, match="unreadable"):
        open_easy_game("Broken", save_dir=tmp_path, deck=DECK)
    assert path.read_bytes() == content


def test_a_file_changed_behind_the_games_back_is_not_overwritten(tmp_path: Path) -> None:
    store = new_easy_game("Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=3)
    saved = store.saved
    assert saved is not None
    other = open_easy_game("Spring", save_dir=tmp_path, deck=DECK)  # another window
    assert other.saved is not None
    play(other.saved.game, 3)
    assert other.save(other.saved.game, other.saved.players) is None
    written = store.path.read_bytes()
    play(saved.game, 5, seed=1)
    problem = store.save(saved.game, saved.players)
    assert problem is not None and "changed by another" in problem
    assert store.path.read_bytes() == written


def test_a_deck_mismatch_is_a_reason_not_a_crash(tmp_path: Path) -> None:
    new_easy_game("Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=3)
    raw = json.loads((tmp_path / f"Spring{EASY_SUFFIX}").read_text())
    raw["game"]["deck_sha256"] = "0" * 64
    (tmp_path / f"Spring{EASY_SUFFIX}").write_text(json.dumps(raw))
    [summary] = list_easy_games(tmp_path, DECK)
    assert summary.problem is not None and "different deck" in summary.problem


def legacy_file(folder: Path, deck: Deck = DECK) -> EasyPlayGame:
    """The single save of earlier versions (version 1: names and one computer level)."""
    game = EasyPlayGame(seats=3, seed=11, deck=deck, first_dealer=2)
    game.start_round()
    play(game, 6)
    doc = {
        "format": "civio-tui easy play",
        "version": 1,
        "names": ["Ada", "Computer 1", "Computer 2"],
        "level": "easy",
        "game": game.to_json(),
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / LEGACY_FILE).write_text(json.dumps(doc))
    return game


def test_the_old_easy_play_json_becomes_a_named_game(tmp_path: Path) -> None:
    new_easy_game("Easy Play", PLAYERS, save_dir=tmp_path, deck=DECK, seed=1)  # the name is taken
    old = legacy_file(tmp_path)
    summaries = list_easy_games(tmp_path, DECK)
    assert [s.name for s in summaries] == ["Easy Play", "Easy Play 2"]
    assert not (tmp_path / LEGACY_FILE).exists()
    migrated = open_easy_game("Easy Play 2", save_dir=tmp_path, deck=DECK).saved
    assert migrated is not None
    assert migrated.players == [Seat("Ada"), Seat("Computer 1", "easy"), Seat("Computer 2", "easy")]
    assert migrated.game.current_round is not None
    assert migrated.game.current_round.actions == old.current_round.actions  # type: ignore[union-attr]
    assert len(list_easy_games(tmp_path, DECK)) == 2  # listed again: nothing more to migrate


def test_an_unreadable_old_easy_play_json_is_listed_and_left_as_it_is(tmp_path: Path) -> None:
    (tmp_path / LEGACY_FILE).write_text("{ not json")
    [summary] = list_easy_games(tmp_path, DECK)
    assert summary.name == LEGACY_FILE and not summary.readable
    assert summary.problem is not None and "kept as it was" in summary.problem
    assert (tmp_path / LEGACY_FILE).read_text() == "{ not json"


def test_the_game_ends_at_the_target_rank_and_its_winner_holds_it(tmp_path: Path) -> None:
    store = new_easy_game(
        "Short", PLAYERS, save_dir=tmp_path, deck=DECK, seed=5, target="Law Clerk"
    )
    saved = store.saved
    assert saved is not None
    game = saved.game
    for k in range(40):
        finish_round(game, seed=k)
        if game.is_over:
            break
        game.start_round()
    assert game.is_over
    needed = points_for_rank("Law Clerk")
    assert max(game.totals) >= needed
    assert all(game.totals[s] == max(game.totals) for s in game.winners)
    assert all(max(game.totals_after(n)) < needed for n in range(len(game.rounds)))
    assert store.save(game, saved.players) is None
    [summary] = list_easy_games(tmp_path, DECK)
    assert summary.saved is not None and summary.saved.finished


def test_continue_offers_the_game_saved_last_of_either_kind(tmp_path: Path) -> None:
    from civio_tui.campaigns import new_campaign
    from civio_tui.saved_games import EASY_PLAY, scan_saved_games

    new_easy_game("Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=1)
    latest = scan_saved_games(str(tmp_path), DECK).latest
    assert latest is not None and latest.kind == EASY_PLAY and latest.name == "Spring"
    assert latest.label == "Spring: Easy Play, round 1"

    new_campaign("Autumn", ["medium"], save_dir=tmp_path, deck=DECK)
    latest = scan_saved_games(str(tmp_path), DECK).latest
    assert latest is not None and latest.kind == "campaign" and latest.name == "Autumn"

    store = open_easy_game("Spring", save_dir=tmp_path, deck=DECK)
    assert store.saved is not None
    play(store.saved.game, 2)
    assert store.save(store.saved.game, store.saved.players) is None
    latest = scan_saved_games(str(tmp_path), DECK).latest
    assert latest is not None and latest.kind == EASY_PLAY and latest.name == "Spring"

    (tmp_path / f"Broken{EASY_SUFFIX}").write_text("{")
    assert scan_saved_games(str(tmp_path), DECK).damaged == 1


def test_continue_names_a_game_between_rounds_by_the_rounds_played(tmp_path: Path) -> None:
    from civio_tui.saved_games import scan_saved_games
    from civio_tui.screens.easy_play.screen import continue_label

    store = new_easy_game("Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=1)
    saved = store.saved
    assert saved is not None
    finish_round(saved.game)
    assert store.save(saved.game, saved.players) is None
    latest = scan_saved_games(str(tmp_path), DECK).latest
    # The next round is dealt when the game is opened: until then it is not "in round 1".
    assert latest is not None and latest.label == "Spring: Easy Play, 1 round played"
    assert continue_label(saved).startswith("Continue Spring: 1 round played, Ada")


def test_campaigns_and_easy_play_games_share_one_name_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from civio_tui.campaigns import new_campaign
    from civio_tui.game_backends import free_game_name
    from tests.cli.conftest import run

    new_easy_game("Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=1)
    before = (tmp_path / f"Spring{EASY_SUFFIX}").read_bytes()
    # A main campaign cannot take an Easy Play game's name, whatever its case; the message
    # says which kind of game has it.
    with pytest.raises(CampaignExistsError, match="an Easy Play game named 'Spring'"):
        new_campaign("SPRING", ["medium"], save_dir=tmp_path, deck=DECK)
    code, _, err = run(
        capsys, "campaign", "new", "spring", "--opponents", "easy", "--save-dir", str(tmp_path)
    )
    assert code == 2 and "an Easy Play game named 'Spring' already exists" in err
    assert not list(tmp_path.glob("*.civio.json"))
    assert (tmp_path / f"Spring{EASY_SUFFIX}").read_bytes() == before
    # ... nor does the name New game picks for it clash with one.
    new_easy_game("Game 1", PLAYERS, save_dir=tmp_path, deck=DECK, seed=1)
    assert free_game_name(str(tmp_path), DECK) == "Game 2"
    # The other way round: the message names the campaign.
    new_campaign("Autumn", ["medium"], save_dir=tmp_path, deck=DECK)
    with pytest.raises(CampaignExistsError, match="a campaign named 'Autumn'"):
        new_easy_game("autumn", PLAYERS, save_dir=tmp_path, deck=DECK, seed=2)


def test_campaign_list_shows_easy_play_games_marked_with_their_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from civio_tui.campaigns import new_campaign
    from tests.cli.conftest import run, run_json

    store = new_easy_game("Spring", PLAYERS, save_dir=tmp_path, deck=DECK, seed=1)
    assert store.saved is not None
    finish_round(store.saved.game)
    assert store.save(store.saved.game, store.saved.players) is None
    ada = store.saved.game.totals[0]
    new_campaign("Autumn", ["medium"], save_dir=tmp_path, deck=DECK)
    (tmp_path / f"Broken{EASY_SUFFIX}").write_text("{")
    listed = run_json(capsys, "campaign", "list", "--save-dir", str(tmp_path))
    assert [(e["name"], e["game"]) for e in listed] == [
        ("Autumn", "civio"),
        ("Broken", "easy-play"),
        ("Spring", "easy-play"),
    ]
    spring = listed[2]
    assert spring["readable"] and spring["problem"] is None
    assert spring["rounds_played"] == 1 and not spring["in_round"]
    assert spring["points"] == ada and spring["rank"] is not None
    assert not listed[1]["readable"] and "corrupt JSON" in listed[1]["problem"]
    code, out, _ = run(capsys, "campaign", "list", "--save-dir", str(tmp_path))
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("Spring"))
    assert "Easy Play" in line and "between rounds" in line
    # The campaign actions are the main game's: an Easy Play name says where it is played.
    code, _, err = run(capsys, "campaign", "show", "spring", "--save-dir", str(tmp_path))
    assert code == 2 and "an Easy Play game named 'Spring'" in err and "More games" in err
