"""Campaigns of several humans at one keyboard (hot-seat): created from a seating, saved,
opened again, and a practice take-back for the human whose turn it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from civio_tui.campaigns.catalogue import new_campaign, open_campaign
from civio_tui.seating import HUMAN, Seat


def test_a_seating_of_humans_and_ai_becomes_the_campaigns_players(tmp_path: Path) -> None:
    seats = [Seat(" Ana ", HUMAN), Seat("Ben", HUMAN), Seat("Medium", "medium")]
    session = new_campaign("Friends", [], save_dir=tmp_path, seed=4, seats=seats)
    opened = open_campaign("Friends", save_dir=tmp_path).campaign
    assert [(p.name, p.level) for p in opened.players] == [
        ("Ana", HUMAN),
        ("Ben", HUMAN),
        ("Medium", "medium"),
    ]
    assert opened == session.campaign


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        ([Seat(f"P{n}") for n in range(5)], "A game needs 2 to 4 players; this table has 5."),
        ([Seat("Ana"), Seat("ana")], "Player 2 has the same name as Player 1"),
        ([Seat("Ana"), Seat("Bot", "grandmaster")], "no AI level 'grandmaster'"),
    ],
)
def test_a_seating_that_cannot_be_played_is_refused_with_its_reason(
    tmp_path: Path, seats: list[Seat], reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        new_campaign("Friends", [], save_dir=tmp_path, seats=seats)
    assert not list(tmp_path.glob("*.json")), "nothing is saved"


def test_take_back_goes_to_the_latest_choice_of_the_human_asked(tmp_path: Path) -> None:
    seats = [Seat("Ana", HUMAN), Seat("Ben", HUMAN)]
    session = new_campaign("Drill", [], save_dir=tmp_path, seed=8, seats=seats, practice=True)
    rnd = session.next_round()
    played: list[int] = []
    while len(played) < 12:
        decision = rnd.decision
        assert decision is not None
        played.append(decision.seat)
        session.apply(decision.options[-1])
    asked = rnd.decision
    assert asked is not None and asked.seat in (0, 1)
    other = 1 - asked.seat
    before = len(rnd.actions)
    assert session.take_back(asked.seat)
    back = session.round
    assert back is not None and back.decision is not None
    assert back.decision.seat == asked.seat and len(back.actions) < before
    assert session.take_back(other)  # the other's latest choice is further back still
    assert session.round is not None and session.round.decision.seat == other  # type: ignore[union-attr]


def test_continue_and_the_campaign_list_name_the_friends_not_one_players_points(
    tmp_path: Path,
) -> None:
    from cards.deck import standard_deck
    from civio_tui.campaigns.catalogue import list_campaigns
    from civio_tui.saved_games import scan_saved_games
    from civio_tui.screens.campaigns import summary_line

    seats = [Seat("Ana", HUMAN), Seat("Ben", HUMAN), Seat("Easy", "easy")]
    new_campaign("Friends", [], save_dir=tmp_path, seed=4, seats=seats).next_round()
    deck = standard_deck()
    latest = scan_saved_games(str(tmp_path), deck).latest
    assert latest is not None and latest.label == "Friends: round 1, hot seat"
    (summary,) = list_campaigns(tmp_path, deck)
    line = summary_line(summary).plain
    assert "Ana and Ben at one keyboard\n    round 1 in progress · with Easy" in line
    # Long names keep the state off their line, so nothing wraps back to the margin at 80.
    assert all(len(row) <= 76 for row in line.splitlines())


def test_autoplay_plays_every_human_seat_at_the_chosen_level(tmp_path: Path) -> None:
    from civio_tui.campaigns.autoplay import autoplay

    seats = [Seat("Ana", HUMAN), Seat("Ben", HUMAN), Seat("Easy", "easy")]
    session = new_campaign("Friends", [], save_dir=tmp_path, seed=4, seats=seats)
    assert autoplay(session, 1, "random") == 1
    assert session.campaign.rounds_played == 1
