"""The app starts without pydantic (civio bench times the start to the menu) and still reads
the settings in full, with their messages, right after the first frame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import get_args

from civio_tui.app import CivioApp
from civio_tui.settings import ThemeName
from civio_tui.start_settings import THEMES, quick_read
from tests.tui.conftest import async_test, main_menu


def test_building_the_app_imports_no_pydantic(tmp_path: Path) -> None:
    code = (
        "import sys; from civio_tui.app import CivioApp; CivioApp(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"CIVIO_CONFIG_DIR": str(tmp_path), "PATH": ""},
    )
    assert result.stdout.strip() == "[]"


def test_the_quick_reading_takes_only_plainly_valid_values(tmp_path: Path) -> None:
    assert set(THEMES) == set(get_args(ThemeName))
    path = tmp_path / "settings.json"
    assert quick_read(tmp_path) == ("civio-dark", {})
    path.write_text(json.dumps({"theme": "civio-light", "keymap": {"table.hint": "f3"}}))
    assert quick_read(tmp_path) == ("civio-light", {"table.hint": "f3"})
    path.write_text(json.dumps({"theme": "neon", "keymap": {"table.hint": 3}}))
    assert quick_read(tmp_path) == ("civio-dark", {})
    path.write_text("{not json")
    assert quick_read(tmp_path) == ("civio-dark", {})


@async_test
async def test_the_full_settings_and_their_problems_come_after_the_first_frame(
    isolated: Path,
) -> None:
    folder = isolated / "config"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(
        json.dumps({"theme": "civio-light", "ai_speed": "warp", "keymap": {"table.hint": "f3"}})
    )
    app = CivioApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await main_menu(pilot)
        assert app.theme == "civio-light"
        assert app.settings.ai_speed == "normal"  # the bad value alone takes its default
        assert app.settings.keymap == {"table.hint": "f3"}
        messages = [n.message for n in app._notifications]
        assert any("ai_speed" in m for m in messages), messages
