"""Ratings (civio_tui/ratings.py): rounds against the computer levels and classmates, puzzles,
from the records alone."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cards.deck import standard_deck
from cards.ruleset import RuleSet
from civio_tui.campaigns.model import (
    Campaign,
    DeckIdentity,
    Player,
    RoundRecord,
    SaveFile,
    standings,
)
from civio_tui.campaigns.store import SaveFolder
from civio_tui.ratings import (
    LEVEL_RATINGS,
    PROVISIONAL_ABOVE,
    UNSURE,
    Rating,
    current_puzzle_rating,
    current_rating,
    puzzle_history,
    rating_history,
    read_campaigns,
    round_changes,
    round_history,
    round_ranks,
    said_unsure,
)
from civio_tui.records import RecordsFile
from civio_tui.serve.players import PlayerFolder
from tests.cli.conftest import run, run_json

STANDARD = standard_deck()
DECK = DeckIdentity(name=STANDARD.name, sha256=STANDARD.sha256)
START = datetime(2026, 1, 1, tzinfo=UTC)


def campaign(
    name: str,
    players: list[tuple[str, str]],
    winners: list[str | None],
    *,
    day: int = 0,
    practice: bool = False,
) -> Campaign:
    """A campaign of `players` (name, level) whose rounds were won by `winners` in order."""
    seats = [Player(name=n, level=level) for n, level in players]
    history = [
        RoundRecord(
            round=k,
            dealer=(k - 1) % len(seats),
            seed=k,
            winner=winner,
            points={p.name: (5 if p.name == winner else 0) for p in seats},
            flush=False,
            turns=20,
        )
        for k, winner in enumerate(winners, 1)
    ]
    return Campaign(
        name=name,
        created_at=START + timedelta(days=day),
        rules=RuleSet.named("booklet"),
        target="Chief Justice of the Supreme Court",
        seed=1,
        deck=DECK,
        players=seats,
        history=history,
        standings=standings(seats, history),
        practice=practice,
    )


def against(level: str, winners: list[str | None], *, day: int = 0, name: str = "") -> Campaign:
    return campaign(
        name or f"Vs {level} {day}", [("Ana", "human"), ("Bot", level)], winners, day=day
    )


def save(folder: Path, *campaigns: Campaign) -> None:
    store = SaveFolder(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for camp in campaigns:
        data = SaveFile(saved_by="test", saved_at=START, campaign=camp).to_bytes()
        store.slot(camp.name).path.write_bytes(data)


def rating_after(*campaigns: Campaign, person: str = "Ana") -> Rating:
    current = round_history(campaigns, person).current
    assert current is not None
    return current


def test_a_win_against_hard_raises_the_rating_more_than_one_against_easy() -> None:
    over_hard = rating_after(against("hard", ["Ana"]))
    over_easy = rating_after(against("easy", ["Ana"]))
    over_random = rating_after(against("random", ["Ana"]))
    assert over_hard.value > over_easy.value > over_random.value > 1500


def test_a_loss_lowers_the_rating_and_a_loss_to_easy_more_than_to_hard() -> None:
    to_easy = rating_after(against("easy", ["Bot"]))
    to_hard = rating_after(against("hard", ["Bot"]))
    assert to_easy.value < to_hard.value < 1500
    won = rating_after(against("medium", ["Ana", "Ana"]))
    then_lost = rating_after(against("medium", ["Ana", "Ana", "Bot"]))
    assert then_lost.value < won.value


def test_uncertainty_shrinks_with_rounds_and_the_rating_stops_being_provisional(
    tmp_path: Path,
) -> None:
    winners: list[str | None] = ["Ana", "Bot"] * 15
    played = against("medium", winners)
    history = round_history([played], "Ana")
    spreads = [g.rating.uncertainty for g in history.games]
    assert spreads == sorted(spreads, reverse=True) and spreads[0] > spreads[-1]
    assert history.games[0].rating.provisional
    assert history.games[0].rating.text().startswith(f"{history.games[0].rating.value}?")
    assert not history.games[-1].rating.provisional
    assert history.games[-1].rating.uncertainty <= PROVISIONAL_ABOVE
    # A round's end says what "?" means exactly when its change shows one.
    unsure = []
    for number in (1, len(winners)):
        said = said_unsure(round_changes(tmp_path, played, number, ["Ana"]))
        change = history.change_text(number - 1)
        assert said.startswith(f"Ana's rating: {change} this round")
        assert said.endswith(f"({UNSURE})") == ("?" in change)
        unsure.append("?" in change)
    assert unsure == [True, False]


def test_history_has_one_entry_per_rated_round_in_campaign_order() -> None:
    later = against("hard", ["Ana", None, "Bot"], day=2, name="Later")
    earlier = against("easy", ["Bot", "Ana"], day=1, name="Earlier")
    practice = campaign("Practice", [("Ana", "human"), ("Bot", "hard")], ["Ana"], practice=True)
    history = round_history([later, practice, earlier], "Ana")
    assert [g.what for g in history.games] == [
        "Earlier, round 1",
        "Earlier, round 2",
        "Later, round 1",
        "Later, round 2",
        "Later, round 3",
    ]
    assert [g.result for g in history.games] == ["lost", "won", "won", "draw", "lost"]
    assert [g.rating.games for g in history.games] == [1, 2, 3, 4, 5]


def test_the_same_records_always_give_the_same_rating(tmp_path: Path) -> None:
    save(tmp_path, against("hard", ["Ana", "Bot", "Ana"], day=1), against("easy", ["Ana"]))
    first = rating_history(tmp_path)
    assert first.current is not None
    assert rating_history(tmp_path) == first
    assert current_rating(tmp_path) == first.current
    assert current_rating(tmp_path / "nobody") is None


def classroom(root: Path, ana_wins_table: bool) -> tuple[Path, Path]:
    """Ana and Ben, served players under `root`: Ben beat Hard often before their table game,
    then one table round of the two."""
    folders = []
    for name in ("Ana", "Ben"):
        player = PlayerFolder(root, name)
        player.path.mkdir(parents=True)
        (player.path / "player.json").write_text(json.dumps({"name": name}))
        folders.append(player.path)
    ana, ben = folders
    table_seats = [("Ana", "human"), ("Ben", "human")]
    winner = "Ana" if ana_wins_table else "Ben"
    table = campaign("Table ABCD", table_seats, [winner], day=5)
    save(ana, table)
    strong = campaign("Ben vs Hard", [("Ben", "human"), ("Hard", "hard")], ["Ben"] * 6, day=1)
    save(ben, table, strong)
    return ana, ben


def test_a_table_round_of_two_people_moves_both_ratings(tmp_path: Path) -> None:
    ana, ben = classroom(tmp_path / "won", ana_wins_table=True)
    ana_rating, ben_rating = current_rating(ana), current_rating(ben)
    assert ana_rating is not None and ben_rating is not None
    assert ana_rating.games == 1 and ana_rating.value > 1500
    assert ben_rating.games == 7
    ben_before = round_history(
        [c for c in read_campaigns(ben) if c.name != "Table ABCD"], "Ben"
    ).current
    assert ben_before is not None and ben_rating.value < ben_before.value


def test_beating_a_strong_classmate_counts_more_than_beating_a_new_one(tmp_path: Path) -> None:
    ana, _ = classroom(tmp_path / "strong", ana_wins_table=True)
    strong = current_rating(ana)
    new = round_history(
        [campaign("Table ABCD", [("Ana", "human"), ("Ben", "human")], ["Ana"])], "Ana"
    ).current
    assert strong is not None and new is not None
    assert strong.value > new.value


def test_puzzle_rating_moves_on_first_try_solves(tmp_path: Path) -> None:
    records = RecordsFile(tmp_path)
    assert current_puzzle_rating(tmp_path) is None
    records.records.record_puzzle("Ana", "go-out", True, difficulty="hard")
    records.records.record_puzzle("Ana", "best", False, difficulty="easy")
    records.records.record_puzzle("Ana", "best", True, first=False)
    assert records.save() is None
    rating = current_puzzle_rating(tmp_path)
    assert rating is not None and rating.games == 2
    history = puzzle_history([("go-out", "hard", True), ("best", "easy", False)])
    assert rating == history.current
    assert history.games[0].rating.value > 1500
    assert history.games[1].rating.value < history.games[0].rating.value
    easy_win = puzzle_history([("go-out", "easy", True)]).current
    assert easy_win is not None and easy_win.value < history.games[0].rating.value


def test_rounds_against_a_level_without_an_anchor_are_not_rated() -> None:
    assert LEVEL_RATINGS["hard"] > LEVEL_RATINGS["medium"] > LEVEL_RATINGS["easy"]
    assert round_history([against("cheater", ["Ana"])], "Ana").current is None


def test_civio_stats_shows_both_ratings_with_their_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save(tmp_path, against("hard", ["Ana", "Bot", "Ana"]))
    records = RecordsFile(tmp_path)
    records.records.record_puzzle("Ana", "linked", True, difficulty="medium")
    assert records.save() is None
    doc = run_json(capsys, "stats", "--save-dir", str(tmp_path))
    rating, puzzles = doc["rating"], doc["puzzle_rating"]
    expected = current_rating(tmp_path)
    assert expected is not None
    assert (rating["value"], rating["uncertainty"], rating["games"]) == (
        expected.value,
        expected.uncertainty,
        3,
    )
    assert [g["result"] for g in rating["history"]] == ["won", "lost", "won"]
    assert rating["history"][-1]["value"] == rating["value"] and rating["provisional"]
    assert puzzles["games"] == 1 and len(puzzles["history"]) == 1
    code, out, _ = run(capsys, "stats", "--save-dir", str(tmp_path))
    assert code == 0 and f"Rating: {expected.text()} (3 rated rounds, provisional)" in out
    empty = run_json(capsys, "stats", "--save-dir", str(tmp_path / "empty"))
    assert empty["rating"] is None and empty["puzzle_rating"] is None


def test_friends_at_one_keyboard_each_have_their_own_rating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    friends = campaign(
        "Friends", [("Ana", "human"), ("Ben", "human"), ("Bot", "easy")], ["Ben", "Ben", "Ana"]
    )
    save(tmp_path, friends, against("hard", ["Ana"], day=-1))
    ana, ben = current_rating(tmp_path, "Ana"), current_rating(tmp_path, "Ben")
    assert ana is not None and ben is not None and ana.games == 4 and ben.games == 3
    assert current_rating(tmp_path) == ana  # the person with the most rounds here
    doc = run_json(capsys, "stats", "--save-dir", str(tmp_path), "--player", "ben")
    assert doc["rating"]["value"] == ben.value
    _, out, _ = run(capsys, "stats", "--save-dir", str(tmp_path))
    assert f"Ana's rating: {ana.text()}" in out


def test_a_loser_is_placed_by_points_so_outscoring_random_is_no_tie_with_it() -> None:
    def lost_to_medium(ana: int, rnd: int) -> Rating:
        seats = [("Ana", "human"), ("Rnd", "random"), ("Med", "medium")]
        camp = campaign("Three", seats, ["Med"])
        record = camp.history[0].model_copy(update={"points": {"Ana": ana, "Rnd": rnd, "Med": 9}})
        return rating_after(camp.model_copy(update={"history": [record]}))

    assert round_ranks(
        campaign("R", [("A", "human"), ("B", "easy")], ["B"]).history[0], ["A", "B"]
    ) == [2, 1]
    assert lost_to_medium(4, 0).value > lost_to_medium(0, 0).value > lost_to_medium(0, 4).value


def test_a_campaign_saved_without_a_time_zone_is_ordered_with_the_others() -> None:
    naive = against("easy", ["Ana"], day=3, name="Naive")
    naive = naive.model_copy(update={"created_at": naive.created_at.replace(tzinfo=None)})
    history = round_history([naive, against("hard", ["Bot"], day=1, name="Aware")], "Ana")
    assert [g.what for g in history.games] == ["Aware, round 1", "Naive, round 1"]


def test_civio_stats_and_current_rating_agree_over_a_folder_with_unreadable_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    samples = Path(__file__).parent.parent / "saves" / "samples"
    for sample in samples.glob("*.civio.json"):
        (tmp_path / sample.name).write_bytes(sample.read_bytes())
    expected = current_rating(tmp_path)
    assert expected is not None
    rating = run_json(capsys, "stats", "--save-dir", str(tmp_path))["rating"]
    assert (rating["value"], rating["uncertainty"], rating["games"]) == (
        expected.value,
        expected.uncertainty,
        expected.games,
    )
