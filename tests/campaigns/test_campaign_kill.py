"""SIGKILL an autoplaying campaign at random moments: it must always load, losing at most the
turn in progress, and play on exactly as if it had never been interrupted."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cards.ruleset import RuleSet
from civio_tui.campaigns.catalogue import list_campaigns, new_campaign, open_campaign
from civio_tui.campaigns.session import CampaignSession
from civio_tui.campaigns.store import SAVE_DIR_ENV

ROOT = Path(__file__).resolve().parents[2]
NAME = "Killed"
AUTOPLAY = ("--rounds", "1000", "--as", "random", "--progress")
RULES = RuleSet(max_turns=60)  # short rounds, so kills also land between rounds


def _progress(session: CampaignSession) -> tuple[int, int, int]:
    """Rounds played, whether a round is dealt, and its actions: a round dealt with nothing
    played yet comes after the end of the one before it."""
    rnd = session.round
    actions = len(rnd.events) if rnd is not None and session.in_round else 0
    return session.campaign.rounds_played, int(session.in_round), actions


def _autoplay_and_kill(folder: Path, delay: float) -> tuple[int, int] | None:
    """Run `civio campaign autoplay` and SIGKILL it after `delay` seconds; the last position it
    reported as saved, or None if it saved nothing."""
    env = {**os.environ, SAVE_DIR_ENV: str(folder), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "civio_tui.cli", "campaign", "autoplay", NAME, *AUTOPLAY],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    lines: list[str] = []
    first_save = threading.Event()

    def read() -> None:
        for line in proc.stdout or ():
            lines.append(line)
            if line.startswith("saved "):
                first_save.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    # The delay counts from the first save, not from launch: on a loaded machine the start-up
    # alone can outlast a fixed delay, and a kill before any save tests nothing. No first save
    # at all (autoplay failed or hung) fails here, with its errors.
    _wait_for_first_save(proc, first_save, reader)
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    reader.join(timeout=30)
    assert proc.stderr is not None
    errors = proc.stderr.read()
    if proc.returncode != -signal.SIGKILL:
        # It got to the end before the kill: only a finished campaign may stop it.
        assert proc.returncode == 0, errors
        assert open_campaign(NAME, save_dir=folder).finished
    saved = [line.split() for line in lines if line.startswith("saved ")]
    return (int(saved[-1][1]), int(saved[-1][2])) if saved else None


def _wait_for_first_save(
    proc: subprocess.Popen[str], first_save: threading.Event, reader: threading.Thread
) -> None:
    """Return once autoplay has reported a save; fail if it exits or hangs without one."""
    for _ in range(1200):  # two minutes, in tenths of a second
        if first_save.wait(timeout=0.1):
            return
        if proc.poll() is not None:
            reader.join(timeout=30)  # its last lines may still be on their way
            if first_save.is_set():
                return
            assert proc.stderr is not None
            raise AssertionError(
                f"autoplay exited ({proc.returncode}) before its first save: {proc.stderr.read()}"
            )
    proc.kill()
    proc.wait(timeout=30)
    raise AssertionError("autoplay reported no save in two minutes")


def _kill_repeatedly(
    tmp_path: Path, kills: int, low: float, high: float, seed: int, rules: RuleSet = RULES
) -> None:
    folder = tmp_path / "killed"
    new_campaign(NAME, ["random", "random"], save_dir=folder, seed=seed, rules=rules)
    rng = random.Random(seed)
    last = (0, 0, 0)
    mid_run = 0
    for _ in range(kills):
        if open_campaign(NAME, save_dir=folder).finished:
            break
        reported = _autoplay_and_kill(folder, rng.uniform(low, high))
        session = open_campaign(NAME, save_dir=folder)  # it must load, every time
        loaded = _progress(session)
        assert loaded >= last, "a save went backwards"
        if reported is not None:
            mid_run += 1
            # autoplay reports rounds played and actions, not whether the next round is dealt.
            rounds_and_actions = (loaded[0], loaded[2])
            assert rounds_and_actions >= reported, (
                f"lost saved work: reported {reported}, loaded {rounds_and_actions}"
            )
        last = loaded
        assert [s.readable for s in list_campaigns(folder)] == [True]
    assert mid_run >= min(kills // 2, 3), "most kills should land after the first save"
    assert last > (0, 0, 0)

    # The survivor is exactly where an uninterrupted campaign with the same seed would be.
    survivor = open_campaign(NAME, save_dir=folder)
    straight = new_campaign(
        NAME, ["random", "random"], save_dir=tmp_path / "straight", seed=seed, rules=rules
    )
    straight.autosave = "turn"
    while _progress(straight) < last:
        if straight.in_round:
            straight.apply(straight.choose_ai("random"))
        else:
            straight.next_round()
    assert _progress(straight) == last
    assert straight.campaign.history == survivor.campaign.history
    if survivor.in_round:
        assert straight.round is not None and survivor.round is not None
        assert straight.round.actions == survivor.round.actions
    leftovers = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == [], "open_campaign cleans the temporary files of killed processes"


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_sigkill_loses_at_most_the_turn_in_progress(tmp_path: Path) -> None:
    _kill_repeatedly(tmp_path, kills=5, low=0.0, high=0.8, seed=20250101)


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_sigkill_many_times(tmp_path: Path) -> None:
    _kill_repeatedly(tmp_path, kills=40, low=0.0, high=2.0, seed=77, rules=RuleSet())
