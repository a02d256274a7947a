"""The analysis board in a served tab: reached from a replay, played and left, as in the
terminal; nothing of it is written to the player's folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from serve_helpers import menu_key, menu_ready, sign_in

from civio_tui.screens.campaigns import CampaignsScreen
from civio_tui.screens.civio.analysis import AnalysisScreen
from civio_tui.screens.replay import CampaignRoundsScreen, ReplayScreen
from civio_tui.serve.child import ServedApp
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import wait_until

SAMPLE = Path(__file__).resolve().parents[2] / "saves" / "samples" / "Rounds won.civio.json"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


async def test_a_served_player_opens_a_board_from_a_replay_and_comes_back(
    save_root: Path,
) -> None:
    folder = save_root / "ana"
    folder.mkdir()
    shutil.copy(SAMPLE, folder)
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "Ana", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        before = _files(folder)
        await pilot.press(menu_key(app, "campaigns"))
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen))
        campaigns = app.screen
        assert isinstance(campaigns, CampaignsScreen)
        await wait_until(pilot, lambda: bool(campaigns.summaries))
        campaigns.query_one(NavList).highlighted = 0
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignRoundsScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("right", "right", "right", "a", "f")
        await wait_until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        board = app.screen
        assert isinstance(board, AnalysisScreen)
        await wait_until(pilot, lambda: board.controller.evaluation is not None, limit=1000)
        await pilot.press("escape", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen is replay and replay.position == 3
        assert _files(folder) == before
