"""The save file's shape: round trip, schema checks, migrations and the reasons for refusing."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from cards.ruleset import RuleSet
from civio_tui.campaigns import model
from civio_tui.campaigns.model import (
    Campaign,
    DeckIdentity,
    Player,
    RoundRecord,
    SaveFile,
    SaveFormatError,
    campaign_winners,
    parse_save,
    standings,
)

DECK = DeckIdentity(name="standard", sha256="ab" * 32)
PLAYERS = [Player(name="You", level="human"), Player(name="Medium", level="medium")]


def _record(number: int, winner: str | None, you: int, medium: int) -> RoundRecord:
    return RoundRecord(
        round=number,
        dealer=(number - 1) % 2,
        seed=number * 7,
        winner=winner,
        points={"You": you, "Medium": medium},
        flush=False,
        turns=30,
    )


def _campaign(
    history: list[RoundRecord], players: list[Player] = PLAYERS, **extra: Any
) -> Campaign:
    rows = standings(players, history)
    return Campaign(
        name="Spring",
        created_at=datetime(2025, 1, 1, tzinfo=UTC),
        rules=RuleSet.named("booklet"),
        target="Chief Justice of the Supreme Court",
        seed=42,
        deck=DECK,
        players=players,
        history=history,
        standings=rows,
        **extra,
    )


def _save(campaign: Campaign) -> SaveFile:
    return SaveFile(saved_by="test", saved_at=datetime(2025, 1, 2, tzinfo=UTC), campaign=campaign)


def _doc(save: SaveFile) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(save.to_bytes())
    return loaded


def test_round_trip_is_exact_and_readable() -> None:
    save = _save(_campaign([_record(1, "You", 8, 3), _record(2, None, 1, 2)]))
    data = save.to_bytes()
    assert parse_save(data) == save
    assert parse_save(data).to_bytes() == data
    text = data.decode()
    assert text.endswith("}\n") and '\n  "schema_version": 3,' in text
    assert json.loads(text)["campaign"]["standings"] == [
        {"name": "You", "points": 9, "rank": "Law Clerk"},
        {"name": "Medium", "points": 5, "rank": "Intern"},
    ]


def test_stats_and_winners() -> None:
    camp = _campaign([_record(1, "You", 8, 3), _record(2, "Medium", 1, 24)])
    stats = camp.stats()
    assert stats["rounds_played"] == 2
    assert stats["players"]["Medium"] == {
        "wins": 1,
        "flushes": 0,
        "best_round": 24,
        "mean_points": 13.5,
    }
    rows = standings(PLAYERS, [_record(1, "You", 81, 3)])
    assert campaign_winners(rows, "Chief Justice of the Supreme Court") == ["You"]
    assert campaign_winners(rows, "Judge") == ["You"]
    tied = standings(PLAYERS, [_record(1, "You", 85, 85)])
    assert campaign_winners(tied, "Chief Justice of the Supreme Court") == ["You", "Medium"]
    higher = standings(PLAYERS, [_record(1, "You", 85, 90)])
    assert campaign_winners(higher, "Chief Justice of the Supreme Court") == ["Medium"]
    assert campaign_winners(standings(PLAYERS, []), "Law Clerk") == []


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\xff\xfe{", "corrupt: not UTF-8 text"),
        (
            b'{"format": "civio-tui campaign", "schema_',
            "corrupt JSON: Unterminated string starting at line 1 column 34",
        ),
        (b"", "corrupt JSON: Expecting value at line 1 column 1"),
        (b"[1, 2]", "wrong schema: not a civio-tui campaign file"),
        (b'{"hello": "world"}', "wrong schema: not a civio-tui campaign file"),
        (b'{"format": "civio-tui campaign"}', "schema_version is None"),
        (b'{"format": "civio-tui campaign", "schema_version": "2"}', "schema_version is '2'"),
        (b'{"format": "civio-tui campaign", "schema_version": true}', "schema_version is True"),
        (b'{"format": "civio-tui campaign", "schema_version": 0}', "schema_version is 0"),
        (
            b'{"format": "civio-tui campaign", "schema_version": 9}',
            "made by a newer civio-tui (schema_version 9; this version reads up to 3)",
        ),
        (b"[" * 100_000, "corrupt JSON"),
        pytest.param(
            b'{"seed": ' + b"9" * 5000 + b"}",
            "corrupt JSON: a number too long to read",
            id="long-number",
        ),
    ],
)
def test_unreadable_files_say_why(data: bytes, reason: str) -> None:
    with pytest.raises(SaveFormatError) as info:
        parse_save(data)
    assert reason in str(info.value)


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda d: d["campaign"].pop("players"), "campaign.players: Field required"),
        (lambda d: d["campaign"].update(colour="red"), "campaign.colour: Extra inputs"),
        (lambda d: d["campaign"]["deck"].update(sha256="xyz"), "campaign.deck.sha256"),
        (lambda d: d["campaign"]["standings"][0].update(points=99), "standings do not add up"),
        (lambda d: d["campaign"].update(target="Emperor"), "unknown rank 'Emperor'"),
        (lambda d: d["campaign"]["history"][0].update(round=5), "round 5 where round 1"),
        (lambda d: d["campaign"]["history"][0].update(winner="Zed"), "winner 'Zed' is no player"),
        (
            lambda d: d["campaign"]["players"][1].update(name="You"),
            "two players have the same name",
        ),
        (lambda d: d["campaign"].update(finished=True), "winners are named exactly"),
    ],
)
def test_wrong_schema_names_the_field(edit: Any, reason: str) -> None:
    doc = _doc(_save(_campaign([_record(1, "You", 8, 3)])))
    edit(doc)
    with pytest.raises(SaveFormatError, match=r"^wrong schema: ") as info:
        parse_save(json.dumps(doc).encode())
    assert reason in str(info.value)


def test_version_1_migrates() -> None:
    current = _doc(_save(_campaign([_record(1, "You", 8, 3)])))
    old = json.loads(json.dumps(current))
    old["schema_version"] = 1
    camp = old["campaign"]
    deck = camp.pop("deck")
    camp["deck_name"], camp["deck_sha256"] = deck["name"], deck["sha256"]
    camp.pop("players")
    camp["opponents"] = ["medium"]
    migrated = parse_save(json.dumps(old).encode())
    assert migrated.model_dump(mode="json") == current
    assert set(model.MIGRATIONS) == set(range(1, model.SCHEMA_VERSION))


def test_a_malformed_version_1_file_is_refused() -> None:
    doc = {"format": "civio-tui campaign", "schema_version": 1, "campaign": {"opponents": [3]}}
    with pytest.raises(SaveFormatError, match="cannot migrate from schema_version 1"):
        parse_save(json.dumps(doc).encode())
    doc["campaign"] = {"opponents": ["medium"]}
    with pytest.raises(SaveFormatError, match=r"wrong schema: saved_by: Field required \(and 8"):
        parse_save(json.dumps(doc).encode())


def test_opponent_names_are_unique() -> None:
    assert model.opponent_names(["medium", "hard"]) == ["Medium", "Hard"]
    assert model.opponent_names(["easy", "easy", "hard"]) == ["Easy 1", "Easy 2", "Hard"]


def test_games_and_campaigns_end_and_crown_by_the_same_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`cards.game.game_winners` is the one rule: a Game and a campaign both ask it."""
    import random

    import cards.game
    from cards.game import Game

    asked: list[str] = []
    real = cards.game.game_winners

    def spy(totals_after: Any, target: Any, *args: Any) -> list[int]:
        asked.append(str(target))
        return real(totals_after, target, *args)

    monkeypatch.setattr(cards.game, "game_winners", spy)
    monkeypatch.setattr(model, "game_winners", spy)
    game = Game(2, RuleSet(max_turns=1), seed=3, max_rounds=1)
    rnd = game.start_round()
    rng = random.Random(3)
    while not rnd.is_over:
        rnd.apply(rng.choice(rnd.legal_actions()))
    assert game.is_over and game.winners and asked
    asked.clear()
    rows = standings(PLAYERS, [_record(1, "You", 81, 3)])
    assert campaign_winners(rows, "Chief Justice of the Supreme Court") == ["You"]
    assert asked == ["Chief Justice of the Supreme Court"]


def test_a_round_limit_ends_the_game_and_the_higher_total_wins() -> None:
    target = "Chief Justice of the Supreme Court"
    one = standings(PLAYERS, [_record(1, "You", 8, 3)])
    assert campaign_winners(one, target, max_rounds=2, rounds_played=1) == []
    two = standings(PLAYERS, [_record(1, "You", 8, 3), _record(2, "Medium", 1, 9)])
    assert campaign_winners(two, target, max_rounds=2, rounds_played=2) == ["Medium"]
    tied = standings(PLAYERS, [_record(1, "You", 8, 3), _record(2, "Medium", 1, 6)])
    assert campaign_winners(tied, target, max_rounds=2, rounds_played=2) == ["You", "Medium"]
    # The target rank, reached first, still ends it.
    early = standings(PLAYERS, [_record(1, "You", 81, 3)])
    assert campaign_winners(early, target, max_rounds=5, rounds_played=1) == ["You"]


def test_a_round_limit_is_saved_only_when_set_and_old_saves_still_open() -> None:
    plain = _doc(_save(_campaign([_record(1, "You", 8, 3)])))
    assert "max_rounds" not in plain["campaign"]  # the file earlier versions wrote
    assert parse_save(json.dumps(plain).encode()).campaign.max_rounds is None
    short = _save(_campaign([_record(1, "You", 8, 3)], max_rounds=2))
    assert _doc(short)["campaign"]["max_rounds"] == 2
    assert parse_save(short.to_bytes()) == short
    too_long = _doc(short)
    too_long["campaign"]["max_rounds"] = 0
    with pytest.raises(SaveFormatError, match="max_rounds"):
        parse_save(json.dumps(too_long).encode())
    with pytest.raises(ValueError, match="at most 1"):
        _campaign([_record(1, "You", 8, 3), _record(2, None, 1, 2)], max_rounds=1)


@pytest.mark.parametrize("humans", [2, 3, 4])
def test_a_campaign_seats_two_to_four_humans_and_saves_them(humans: int) -> None:
    players = [Player(name=f"Friend {n}", level="human") for n in range(humans)]
    if humans < 4:
        players.append(Player(name="Medium", level="medium"))
    camp = _campaign([], players)
    assert [p.name for p in camp.humans] == [f"Friend {n}" for n in range(humans)]
    again = parse_save(_save(camp).to_bytes())
    assert again.campaign == camp
    assert again.schema_version == model.SCHEMA_VERSION == 3  # the same shape as before


def test_a_campaign_of_five_seats_is_refused() -> None:
    doc = _doc(_save(_campaign([], [Player(name=f"Friend {n}", level="human") for n in range(4)])))
    doc["campaign"]["players"].append({"name": "Easy", "level": "easy"})
    doc["campaign"]["standings"].append({"name": "Easy", "points": 0, "rank": "Intern"})
    with pytest.raises(SaveFormatError, match=r"campaign\.players: List should have at most 4"):
        parse_save(json.dumps(doc).encode())


def test_a_save_from_before_hot_seat_still_opens_with_its_one_human() -> None:
    current = _doc(_save(_campaign([_record(1, "You", 8, 3)])))
    old = json.loads(json.dumps(current))
    old["schema_version"] = 1  # the oldest shape: opponents beside an implicit "You"
    camp = old["campaign"]
    deck = camp.pop("deck")
    camp["deck_name"], camp["deck_sha256"] = deck["name"], deck["sha256"]
    camp.pop("players")
    camp["opponents"] = ["medium"]
    opened = parse_save(json.dumps(old).encode()).campaign
    assert [p.name for p in opened.humans] == ["You"]
    assert opened.human == Player(name="You", level="human")
