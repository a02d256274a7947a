"""Each friend of a hot-seat campaign has their own record: statistics, reviews and exports
choose whose, or name everyone; none quietly takes the first person's seat as "you"."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.deck import Deck, standard_deck
from cards.ruleset import RuleSet
from civio_tui.campaigns.autoplay import autoplay
from civio_tui.campaigns.catalogue import new_campaign
from civio_tui.campaigns.export import markdown
from civio_tui.campaigns.model import Campaign
from civio_tui.campaigns.stats import human_names, statistics
from civio_tui.seating import HUMAN, Seat
from tests.cli.conftest import run, run_json


@pytest.fixture(scope="module")
def deck() -> Deck:
    return standard_deck()


def friends(save_dir: Path, rounds: int = 3) -> Campaign:
    """Ana and Ben at one keyboard with a random AI, a few short rounds played for them."""
    seats = [Seat("Ana", HUMAN), Seat("Ben", HUMAN), Seat("Random", "random")]
    session = new_campaign(
        "Friends",
        ["random"],
        save_dir=save_dir,
        seed=1,
        seats=seats,
        rules=RuleSet(max_turns=30),
    )
    autoplay(session, rounds, "medium")
    return session.campaign


def test_statistics_are_each_persons_own(deck: Deck, tmp_path: Path) -> None:
    camp = friends(tmp_path)
    assert human_names([camp]) == ["Ana", "Ben"]
    for name in ("Ana", "Ben"):
        doc = statistics([camp], deck, name)
        assert doc["player"] == name
        assert doc["rounds"] == camp.rounds_played
        assert doc["rounds_won"] == sum(r.winner == name for r in camp.history)
        points = sum(r.points[name] for r in camp.history)
        assert doc["points_per_round"] == round(points / camp.rounds_played, 2)
    ana, ben = statistics([camp], deck, "ana"), statistics([camp], deck, "Ben")
    assert (ana["rounds_won"], ana["points_per_round"]) != (
        ben["rounds_won"],
        ben["points_per_round"],
    ), "the seed gives Ana and Ben different rounds: the test must tell them apart"
    # Someone who did not play here has no campaigns counted.
    assert statistics([camp], deck, "Carla")["campaigns"] == 0


def test_stats_cli_takes_a_player(
    deck: Deck, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = friends(tmp_path)
    doc = run_json(capsys, "stats", "--player", "Ben", "--save-dir", str(tmp_path))
    assert doc["player"] == "Ben"
    assert doc["rounds_won"] == sum(r.winner == "Ben" for r in camp.history)
    code, out, _ = run(capsys, "stats", "--player", "ben", "--save-dir", str(tmp_path))
    assert code == 0 and out.startswith("Ben's statistics:")
    code, out, _ = run(capsys, "stats", "--save-dir", str(tmp_path))
    assert code == 0 and "--player NAME gives one person's own: Ana, Ben" in out
    code, _, err = run(capsys, "stats", "--player", "Carla", "--save-dir", str(tmp_path))
    assert code == 2 and "nobody called 'Carla'" in err and "Ana, Ben" in err


def test_review_and_replay_ask_whose_at_a_hot_seat_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    friends(tmp_path, rounds=1)
    base = ("campaign", "replay", "Friends", "--round", "1", "--save-dir", str(tmp_path))
    code, _, err = run(capsys, *base)
    assert code == 2 and "--seat Ana or Ben" in err
    seen = run_json(capsys, *base, "--seat", "Ben")
    assert seen["player"] == "Ben"
    review = ("campaign", "review", "Friends", "--round", "1", "--save-dir", str(tmp_path))
    code, _, err = run(capsys, *review)
    assert code == 2 and "--seat Ana or Ben" in err
    code, out, _ = run(capsys, *review, "--seat", "Ana")
    assert code == 0 and out.startswith("Round 1 of 'Friends': Ana's decisions")
    assert "; Ana's biggest: turn " in out  # the seed gives Ana an inaccuracy; not "your"


def test_an_export_of_friends_calls_nobody_you(deck: Deck, tmp_path: Path) -> None:
    camp = friends(tmp_path, rounds=1)
    text = markdown(camp, deck)
    assert "| Ana | a person at the keyboard |" in text
    assert "| Ben | a person at the keyboard |" in text
    log = text[text.index("### Log") :].lower()
    assert " you " not in f" {log} ".replace("\n", " ") and "you drew" not in log
