"""Playing a campaign: round trip, exact resume, autosave, bad files, recovery, autoplay."""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import get_player
from cards.deck import load_deck, standard_deck
from cards.game import Game
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from civio_tui.campaigns import model
from civio_tui.campaigns.autoplay import autoplay
from civio_tui.campaigns.catalogue import (
    UnreadableCampaignError,
    list_campaigns,
    most_recent_campaign,
    new_campaign,
    open_campaign,
    read_summary,
    recover_campaign,
)
from civio_tui.campaigns.model import SaveFormatError, campaign_winners, parse_save, standings
from civio_tui.campaigns.replay import read_campaign
from civio_tui.campaigns.session import CampaignSession
from civio_tui.campaigns.store import (
    CampaignExistsError,
    CampaignNameError,
    NoSuchCampaignError,
    SaveConflictError,
    SaveError,
)

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"
PACK = SAMPLES / "teacher-pack.toml"


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    """A copy of saves/samples (tests never write into the repository)."""
    target = tmp_path / "samples"
    shutil.copytree(SAMPLES, target)
    return target


def _state(session: CampaignSession) -> dict[str, Any]:
    """Everything about the live round that a resume must reproduce."""
    rnd = session.round
    assert rnd is not None
    decision = rnd.decision
    return {
        "campaign": session.campaign.model_dump(exclude={"current"}),
        "actions": rnd.actions,
        "face_up": rnd.face_up,
        "hidden": rnd.hidden,
        "discard_pile": rnd.discard_pile,
        "supply": rnd.supply,
        "skips": rnd.skips,
        "turn": rnd.turn,
        "decision": decision.to_json() if decision else None,
        "views": [rnd.view(s).model_dump_json() for s in range(rnd.seats)],
        "rng": rnd.rng.getstate(),
    }


def _live(session: CampaignSession) -> Round:
    assert session.round is not None
    return session.round


def _play(session: CampaignSession, actions: int) -> None:
    for _ in range(actions):
        if not session.in_round:
            session.next_round()
        session.apply(session.choose_ai("random"))


def _fast_rules() -> RuleSet:
    return RuleSet(max_turns=40)


def test_new_campaign_round_trip(tmp_path: Path) -> None:
    session = new_campaign("Spring", ["random", "random"], save_dir=tmp_path, seed=11)
    assert session.slot.path == tmp_path / "Spring.civio.json"
    assert not session.in_round and session.round_number == 1
    data = session.slot.path.read_bytes()
    assert parse_save(data).to_bytes() == data
    reopened = open_campaign("spring", save_dir=tmp_path)
    assert reopened.campaign == session.campaign
    assert reopened.round is None
    assert [p.model_dump() for p in reopened.campaign.players] == [
        {"name": "You", "level": "human"},
        {"name": "Random 1", "level": "random"},
        {"name": "Random 2", "level": "random"},
    ]


def test_resume_mid_round_gives_the_same_state_and_the_same_future(tmp_path: Path) -> None:
    played = new_campaign("Run", ["random"], save_dir=tmp_path / "a", seed=3, rules=_fast_rules())
    played.autosave = "turn"
    _play(played, 250)  # a few rounds in, and into the next one
    played.save()
    assert played.campaign.rounds_played >= 2 and played.in_round
    before = _state(played)
    resumed = open_campaign("Run", save_dir=tmp_path / "a", autosave="turn")
    assert _state(resumed) == before
    # The resumed campaign goes on exactly as one that was never interrupted.
    straight = new_campaign("Run", ["random"], save_dir=tmp_path / "b", seed=3, rules=_fast_rules())
    straight.autosave = "turn"
    _play(straight, 250)
    _play(resumed, 100)
    _play(straight, 100)
    assert _state(resumed) == {**_state(straight), "campaign": _state(resumed)["campaign"]}
    assert resumed.campaign.history == straight.campaign.history


def test_autosave_after_every_action_or_every_turn(tmp_path: Path) -> None:
    session = new_campaign("Saves", ["random"], save_dir=tmp_path, seed=5)
    saves: list[int] = []
    session.on_save = lambda s: saves.append(len(_live(s).events))
    session.next_round()
    _play(session, 30)
    assert saves == list(range(31))
    on_disk = open_campaign("Saves", save_dir=tmp_path)
    assert _live(on_disk).actions == _live(session).actions

    turns = open_campaign("Saves", save_dir=tmp_path, autosave="turn")
    saved_turns: list[int] = []
    turns.on_save = lambda s: saved_turns.append(_live(s).turns_played)
    _play(turns, 60)
    assert saved_turns == sorted(set(saved_turns)), "one save per completed turn"
    assert len(saved_turns) < 60
    reopened = open_campaign("Saves", save_dir=tmp_path)
    lost = len(_live(turns).events) - len(_live(reopened).events)
    assert 0 <= lost < 6, "at most the turn in progress is unsaved"


def test_the_previous_save_is_kept_as_backup(tmp_path: Path) -> None:
    session = new_campaign("Backup", ["random"], save_dir=tmp_path, seed=5)
    _play(session, 12)
    backup = parse_save(session.slot.backup.read_bytes()).campaign
    assert backup.current is not None
    assert len(backup.current.actions) == 11


def test_samples_are_listed_with_their_problems_and_left_untouched(samples: Path) -> None:
    before = {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in samples.iterdir() if p.is_file()
    }
    listed = {s.name: s for s in list_campaigns(samples)}
    assert {n: s.readable for n, s in listed.items()} == {
        "Corrupt": False,
        "Finished": True,
        "Mid round": True,
        "Newer version": False,
        "Old format": True,
        "Other deck": False,
        "Rounds won": True,
        "Tampered": False,
        "Version 2": True,
        "Wrong schema": False,
    }
    problems = {n: s.problem for n, s in listed.items() if s.problem}
    assert problems["Corrupt"].startswith("corrupt JSON: ")
    assert problems["Wrong schema"].startswith("wrong schema: campaign.players: Field required")
    assert problems["Newer version"].startswith("made by a newer civio-tui (schema_version 4;")
    assert problems["Other deck"].startswith('made with another deck, "Teacher\'s pack"')
    assert "does not replay: action " in problems["Tampered"]
    for name in problems:
        with pytest.raises(UnreadableCampaignError) as info:
            open_campaign(name, save_dir=samples)
        assert problems[name].startswith(info.value.reason)
        with pytest.raises(CampaignExistsError):
            new_campaign(name.upper(), ["random"], save_dir=samples)
    assert "`civio campaign recover 'Tampered'`" in problems["Tampered"]
    assert "recover" not in problems["Corrupt"]
    with_pack = {s.name: s.readable for s in list_campaigns(samples, load_deck(PACK))}
    assert with_pack["Other deck"] and not with_pack["Mid round"]
    after = {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in samples.iterdir() if p.is_file()
    }
    assert after == before


def test_the_mid_round_sample_resumes_and_the_old_format_migrates(samples: Path) -> None:
    mid = open_campaign("Mid round", save_dir=samples)
    assert mid.in_round and mid.campaign.rounds_played == 2
    assert mid.round is not None and len(mid.round.events) == 60
    old = open_campaign("Old format", save_dir=samples)
    assert _state(old)["actions"] == _state(mid)["actions"]
    # The same campaign, except that rounds saved before they were kept have no replay.
    kept = {"name": True, "history": {"__all__": {"actions", "check"}}}
    assert old.campaign.model_dump(exclude=kept) == mid.campaign.model_dump(exclude=kept)
    assert [r.replayable for r in old.campaign.history] == [False, False]
    assert [r.replayable for r in mid.campaign.history] == [True, True]
    _play(old, 5)  # a migrated campaign saves in the current schema
    assert json.loads(old.slot.path.read_text())["schema_version"] == model.SCHEMA_VERSION
    finished = read_summary("finished", save_dir=samples)
    assert finished.campaign is not None and finished.campaign.finished
    session = open_campaign("Finished", save_dir=samples)
    with pytest.raises(ValueError, match="finished"):
        session.next_round()


def test_a_round_that_does_not_replay_is_recovered_without_it(samples: Path) -> None:
    tampered = (samples / "Tampered.civio.json").read_bytes()
    recovered = recover_campaign("tampered", save_dir=samples)
    assert recovered.name == "Tampered recovered"
    assert recovered.campaign.rounds_played == 2 and not recovered.in_round
    assert (samples / "Tampered.civio.json").read_bytes() == tampered
    recovered.next_round()
    _play(recovered, 3)
    with pytest.raises(SaveError, match="nothing to recover"):
        recover_campaign("Mid round", save_dir=samples)
    with pytest.raises(UnreadableCampaignError, match="nothing can be recovered"):
        recover_campaign("Corrupt", save_dir=samples)


def test_a_file_that_turns_bad_is_never_saved_over(tmp_path: Path) -> None:
    session = new_campaign("Fragile", ["random"], save_dir=tmp_path, seed=9)
    _play(session, 5)
    session.slot.path.write_bytes(b"{ damaged")
    with pytest.raises(SaveConflictError, match="changed by something else"):
        _play(session, 1)
    assert session.slot.path.read_bytes() == b"{ damaged"
    # Listing says what is wrong and that the backup is good; recovering copies it.
    summary = read_summary("Fragile", save_dir=tmp_path)
    assert not summary.readable and summary.recoverable is not None
    assert "corrupt JSON" in (summary.problem or "") and "recover" in (summary.problem or "")
    backup_bytes = session.slot.backup.read_bytes()
    recovered = recover_campaign("Fragile", save_dir=tmp_path)
    assert recovered.name == "Fragile recovered"
    assert recovered.round is not None and len(recovered.round.events) == 4
    assert session.slot.path.read_bytes() == b"{ damaged"
    assert session.slot.backup.read_bytes() == backup_bytes
    assert recover_campaign("Fragile", save_dir=tmp_path).name == "Fragile recovered 2"
    _play(recovered, 3)
    assert open_campaign("Fragile recovered", save_dir=tmp_path).round is not None


def test_a_lone_backup_is_listed_and_recoverable(tmp_path: Path) -> None:
    session = new_campaign("Lone", ["random"], save_dir=tmp_path, seed=9)
    _play(session, 3)
    session.slot.path.unlink()
    summary = read_summary("Lone", save_dir=tmp_path)
    assert not summary.readable and "only its backup is left" in (summary.problem or "")
    with pytest.raises(NoSuchCampaignError, match="only its backup"):
        open_campaign("Lone", save_dir=tmp_path)
    with pytest.raises(CampaignExistsError):
        new_campaign("lone", ["random"], save_dir=tmp_path)
    assert recover_campaign("Lone", "Found", save_dir=tmp_path).name == "Found"


def test_two_sessions_on_one_campaign_cannot_overwrite_each_other(tmp_path: Path) -> None:
    first = new_campaign("Shared", ["random"], save_dir=tmp_path, seed=1)
    second = open_campaign("Shared", save_dir=tmp_path)
    _play(first, 2)
    with pytest.raises(SaveConflictError):
        _play(second, 1)
    assert open_campaign("Shared", save_dir=tmp_path).round is not None


@pytest.mark.parametrize(
    "name", ["../x", "..", "/tmp/evil", "a/b", "a\\b", "C:x", "\x00", ".hidden", "nul", "x\n"]
)
def test_names_cannot_escape_the_save_folder(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "saves"
    with pytest.raises(CampaignNameError):
        new_campaign(name, ["random"], save_dir=folder)
    with pytest.raises(CampaignNameError):
        open_campaign(name, save_dir=folder)
    assert sorted(p.name for p in tmp_path.iterdir()) in ([], ["saves"])
    assert not folder.exists() or list(folder.iterdir()) == []


def test_bad_settings_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown opponent level 'grandmaster'"):
        new_campaign("X", ["grandmaster"], save_dir=tmp_path)
    with pytest.raises(ValueError, match="1 to 3 opponents"):
        new_campaign("X", ["random"] * 4, save_dir=tmp_path)
    with pytest.raises(ValueError, match="unknown rank"):
        new_campaign("X", ["random"], save_dir=tmp_path, target="Emperor")
    with pytest.raises(ValueError, match="also an opponent's name"):
        new_campaign("X", ["random"], save_dir=tmp_path, player_name="random")
    assert list_campaigns(tmp_path) == []


def test_continue_picks_the_campaign_saved_last(tmp_path: Path) -> None:
    assert most_recent_campaign(tmp_path) is None
    a = new_campaign("A", ["random"], save_dir=tmp_path, seed=1)
    b = new_campaign("B", ["random"], save_dir=tmp_path, seed=2)
    _play(b, 2)
    os.utime(a.slot.path)  # the file's time does not matter, `saved_at` does
    latest = most_recent_campaign(tmp_path)
    assert latest is not None and latest.name == "B"
    _play(a, 1)
    latest = most_recent_campaign(tmp_path)
    assert latest is not None and latest.name == "A"
    finished = read_summary("A", save_dir=tmp_path)
    assert finished.saved_at == a.save_file.saved_at


def test_a_finished_round_survives_a_failed_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_campaign("Flaky", ["random"], save_dir=tmp_path, seed=2, rules=_fast_rules())
    session.autosave = "turn"
    rnd = session.next_round()
    while True:
        action = session.choose_ai("random")
        probe = rnd.clone()
        probe.apply(action)
        if probe.is_over:
            break
        session.apply(action)

    def full_disk(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(session.folder, "replace", full_disk)
        with pytest.raises(OSError, match="No space"):
            session.apply(action)
    assert session.campaign.rounds_played == 1
    session.save()
    assert open_campaign("Flaky", save_dir=tmp_path).campaign.history == session.campaign.history


# Slow: thousands of saves, one per turn (the default run reaches Chief Justice through the
# command, test_campaign_cli.py's test_autoplay_as_medium_reaches_chief_justice).
@pytest.mark.slow
def test_autoplay_carries_a_campaign_from_intern_to_chief_justice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Thousands of saves: durability is tested elsewhere, here fsync would only cost time.
    monkeypatch.setattr(os, "fsync", lambda _fd: None)
    session = new_campaign(
        "Career", ["random", "random"], save_dir=tmp_path, seed=8, rules=_fast_rules()
    )
    session.autosave = "turn"
    rounds = autoplay(session, rounds=1000, as_level="random")
    camp = open_campaign("Career", save_dir=tmp_path).campaign
    assert camp.finished and rounds == camp.rounds_played
    top = max(s.points for s in camp.standings)
    assert top >= 81
    assert [camp.standing(w).points for w in camp.winners] == [top] * len(camp.winners)
    assert all(camp.standing(w).rank == "Chief Justice of the Supreme Court" for w in camp.winners)
    # The round before the last left everyone short of the target.
    assert max(s.points for s in standings(camp.players, camp.history[:-1])) < 81
    assert autoplay(session, rounds=5, as_level="random") == 0


def test_the_campaign_ends_as_a_game_does() -> None:
    """Cross-check with cards.game.Game: same rounds, same end, same winners."""
    deck = standard_deck()
    rules = RuleSet(max_turns=30)
    game = Game(2, rules, seed=4, target="Judge", deck=deck)
    players = [model.Player(name="A", level="human"), model.Player(name="B", level="random")]
    history: list[model.RoundRecord] = []
    bot = get_player("random")
    while not game.is_over:
        rnd: Round = game.start_round()
        rng = random.Random(len(history))
        while not rnd.is_over:
            decision = rnd.decision
            assert decision is not None
            rnd.apply(bot.choose(rnd.view(decision.seat), decision, rng))
        assert rnd.result is not None
        history.append(
            model.RoundRecord(
                round=len(history) + 1,
                dealer=rnd.dealer,
                seed=rnd.seed,
                winner=None,
                points=dict(zip(["A", "B"], rnd.result.scores, strict=True)),
                flush=False,
                turns=rnd.result.turns,
            )
        )
        rows = standings(players, history)
        assert bool(campaign_winners(rows, "Judge")) == game.is_over
    assert campaign_winners(standings(players, history), "Judge") == ["AB"[s] for s in game.winners]


def test_round_numbers_and_the_finished_round(tmp_path: Path) -> None:
    session = new_campaign("Count", ["random"], save_dir=tmp_path, seed=2, rules=_fast_rules())
    rnd = session.next_round()
    assert session.round_number == 1
    while not rnd.is_over:
        session.apply(session.choose_ai("random"))
    assert session.round is rnd and not session.in_round
    assert session.round_number == 1 and session.campaign.rounds_played == 1
    record = session.campaign.history[0]
    assert rnd.result is not None
    assert list(record.points.values()) == list(rnd.result.scores)
    assert (record.dealer, record.seed, record.turns) == (rnd.dealer, rnd.seed, rnd.result.turns)
    with pytest.raises(ValueError, match="no round in progress"):
        session.apply(session.choose_ai("random"))
    assert session.next_round().dealer == 1 and session.round_number == 2
    with pytest.raises(ValueError, match="not over yet"):
        session.next_round()


@pytest.mark.slow
def test_cli_autoplay_from_intern_to_chief_justice(tmp_path: Path) -> None:
    """The whole career with the booklet's rules, through the command line."""
    from civio_tui.cli import main

    folder = str(tmp_path)
    assert main(["campaign", "new", "Career", "--opponents", "random,random", "--seed", "7",
                 "--save-dir", folder]) == 0  # fmt: skip
    assert main(["campaign", "autoplay", "Career", "--rounds", "1000", "--as", "random",
                 "--save-dir", folder]) == 0  # fmt: skip
    camp = open_campaign("Career", save_dir=folder).campaign
    assert camp.finished
    assert all(camp.standing(w).rank == "Chief Justice of the Supreme Court" for w in camp.winners)


def test_the_table_state_is_kept_with_the_round(tmp_path: Path) -> None:
    session = new_campaign("Table", ["random"], save_dir=tmp_path, seed=3, rules=_fast_rules())
    with pytest.raises(ValueError, match="no round in progress"):
        session.set_ui_state({"groups": []})
    _play(session, 5)
    saves: list[int] = []
    session.on_save = lambda s: saves.append(1)
    state = {"groups": [[3, 4, 5], [9]], "loose": [1, 2, 7]}
    session.set_ui_state(state)
    session.set_ui_state(state)
    assert saves == [1], "saved once, when it changed"
    with pytest.raises(TypeError):
        session.set_ui_state({"bad": object()})
    _play(session, 2)
    resumed = open_campaign("Table", save_dir=tmp_path)
    assert resumed.ui_state == state
    rnd = _live(resumed)
    while not rnd.is_over:
        resumed.apply(resumed.choose_ai("random"))
    resumed.next_round()
    assert resumed.ui_state == {}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_damaged_bytes_are_reported_never_crash(data: st.DataObject) -> None:
    """Whatever happens to a save's bytes, reading it either works or says why."""
    original = (SAMPLES / "Mid round.civio.json").read_bytes()
    damaged = bytearray(original)
    for _ in range(data.draw(st.integers(1, 4))):
        index = data.draw(st.integers(0, len(damaged) - 1))
        damaged[index] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(len(damaged) // 2, len(damaged)))
    try:
        read_campaign(bytes(damaged[:cut]), standard_deck(), "Mid round")
    except SaveFormatError as exc:
        assert str(exc)


def test_a_copied_file_is_not_taken_for_another_campaign(samples: Path) -> None:
    shutil.copy(samples / "Mid round.civio.json", samples / "Copy.civio.json")
    summary = read_summary("copy", save_dir=samples)
    assert summary.problem == ("the file is named for 'Copy' but holds the campaign 'Mid round'")
    with pytest.raises(UnreadableCampaignError):
        open_campaign("Copy", save_dir=samples)


def _to_human_choice(session: CampaignSession) -> None:
    """Let the AIs play until the human faces a decision with more than one option (choosing
    for the human at random where it has only one)."""
    while True:
        rnd = _live(session)
        decision = rnd.decision
        assert decision is not None
        if session.is_human_turn() and len(decision.options) > 1:
            return
        level = "random" if session.is_human_turn() else None
        session.apply(session.choose_ai(level))


def test_a_practice_game_takes_back_to_the_last_choice_and_saves_it(tmp_path: Path) -> None:
    session = new_campaign("Drill", ["medium"], save_dir=tmp_path, seed=8, practice=True)
    session.next_round()
    assert not session.take_back(), "nothing to take back before the first choice"
    for _ in range(4):
        _to_human_choice(session)
        session.apply(session.choose_ai("random"))
    _to_human_choice(session)
    # The human's turn to its end, remembering the position before its last real choice.
    while session.is_human_turn():
        if len(_live(session).decision.options) > 1:  # type: ignore[union-attr]
            before = copy.deepcopy(_state(session))  # _state holds the live round's own lists
            mine = session.choose_ai("random")
            session.apply(mine)
        else:
            session.apply(session.choose_ai("random"))
    _to_human_choice(session)  # the opponent has played its turn
    after = copy.deepcopy(_state(session))
    assert len(after["actions"]) > len(before["actions"]) + 1

    assert session.take_back()
    assert _state(session) == before
    on_disk = open_campaign("Drill", save_dir=tmp_path)
    assert _state(on_disk) == before and on_disk.campaign.practice
    assert json.loads(session.slot.path.read_text())["campaign"]["practice"] is True
    # The same choice again: the opponent answers as before (its rng depends on the position).
    session.apply(mine)
    _to_human_choice(session)
    assert _state(session) == after


def test_moves_are_final_outside_practice_games(tmp_path: Path) -> None:
    session = new_campaign("Ranked", ["random"], save_dir=tmp_path, seed=8)
    session.next_round()
    _to_human_choice(session)
    session.apply(session.choose_ai("random"))
    _to_human_choice(session)
    actions = list(_live(session).actions)
    with pytest.raises(ValueError, match="no practice game"):
        session.take_back()
    assert _live(session).actions == actions
    # A campaign that is no practice game writes no `practice` field: older versions read it.
    assert "practice" not in json.loads(session.slot.path.read_text())["campaign"]


def test_a_short_campaign_ends_after_its_last_round(tmp_path: Path) -> None:
    from civio_tui.cli import main

    folder = str(tmp_path)
    assert main(["campaign", "new", "Lesson", "--opponents", "random", "--seed", "5",
                 "--rounds", "2", "--save-dir", folder]) == 0  # fmt: skip
    session = open_campaign("Lesson", save_dir=folder)
    assert session.campaign.max_rounds == 2
    session.autosave = "turn"
    assert autoplay(session, rounds=10, as_level="random") == 2
    camp = open_campaign("Lesson", save_dir=folder).campaign
    assert camp.finished and camp.rounds_played == 2
    top = max(s.points for s in camp.standings)
    assert top < 81  # nobody reached the target: the round limit ended it
    assert camp.winners == [s.name for s in camp.standings if s.points == top]
    assert main(["campaign", "new", "Bad", "--opponents", "random", "--rounds", "0",
                 "--save-dir", folder]) == 2  # fmt: skip
