"""Every finished round is kept (seed, dealer, actions, check) and plays back exactly as it was
played; rounds saved before that (schema version 2) migrate as "no replay"."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cards.deck import standard_deck
from civio_tui.campaigns import model
from civio_tui.campaigns.autoplay import autoplay
from civio_tui.campaigns.catalogue import new_campaign, open_campaign
from civio_tui.campaigns.playback import NoReplayError, Playback
from civio_tui.campaigns.session import CampaignSession

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    target = tmp_path / "samples"
    shutil.copytree(SAMPLES, target)
    return target


def test_a_version_2_save_migrates_with_its_rounds_marked_no_replay(samples: Path) -> None:
    raw = json.loads((samples / "Version 2.civio.json").read_text())
    assert raw["schema_version"] == 2
    assert all("actions" not in r for r in raw["campaign"]["history"])
    session = open_campaign("Version 2", save_dir=samples)
    camp = session.campaign
    assert camp.rounds_played == 2 and session.in_round
    assert [r.replayable for r in camp.history] == [False, False]
    # Outcomes survive the migration untouched.
    assert [r.points for r in camp.history] == [r["points"] for r in raw["campaign"]["history"]]
    with pytest.raises(NoReplayError, match="saved before rounds were kept: it has no replay"):
        Playback.of(camp, 1, session.deck)
    # Played on, it saves in the current schema; the round it finishes is kept, the old ones
    # stay without a replay.
    autoplay(session, rounds=1, as_level="random")
    saved = json.loads(session.slot.path.read_text())
    assert saved["schema_version"] == model.SCHEMA_VERSION == 3
    assert [r["actions"] is None for r in saved["campaign"]["history"]] == [True, True, False]
    assert Playback.of(session.campaign, 3, session.deck).final.is_over


def test_a_replay_is_the_live_round_step_by_step(tmp_path: Path) -> None:
    session = new_campaign("Live", ["medium", "random"], save_dir=tmp_path, seed=11)
    seen: list[list[dict[str, Any]]] = []

    def record(s: CampaignSession) -> None:
        rnd = s.round
        assert rnd is not None
        seen.append([rnd.view(seat).model_dump() for seat in range(rnd.seats)])

    session.on_save = record
    autoplay(session, rounds=1, as_level="easy")
    camp = open_campaign("Live", save_dir=tmp_path).campaign  # read back from the file
    playback = Playback.of(camp, 1, standard_deck())
    assert playback.length == len(camp.history[0].actions or ()) == len(seen) - 1
    for position, views in enumerate(seen):
        rnd = playback.round_at(position)
        assert [rnd.view(seat).model_dump() for seat in range(rnd.seats)] == views, position
    # Stepping back and forth lands on the same states.
    playback.round_at(40)
    assert playback.round_at(5).view(0).model_dump() == seen[5][0]
    assert playback.round_at(playback.length).result == playback.final.result


def test_a_kept_round_edited_by_hand_does_not_play_back(samples: Path) -> None:
    path = samples / "Mid round.civio.json"
    doc = json.loads(path.read_text())
    actions = doc["campaign"]["history"][0]["actions"]
    index = next(i for i, a in enumerate(actions) if a == "draw supply" and i > 10)
    actions[index] = "draw discard"
    camp = model.SaveFile.model_validate(doc).campaign
    with pytest.raises(NoReplayError, match="does not replay"):
        Playback.of(camp, 1, standard_deck())
    with pytest.raises(NoReplayError, match="no finished round 3 \\(rounds 1 to 2\\)"):
        Playback.of(camp, 3, standard_deck())
