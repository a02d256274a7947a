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
from tests.tui.conftest import main_menu

FIRST_FRAME = """
import sys
from civio_tui.app import CivioApp
app = CivioApp()
display = app._display
seen = []

def first_frame(screen, renderable):
    display(screen, renderable)
    if renderable is not None and not seen:
        seen.append(sorted(m for m in sys.modules if m.split(".")[0] == "pydantic"))
        app.exit()

app._display = first_frame
app.run(headless=True, size=(80, 24))
print(seen)
"""


def test_the_main_menu_shows_before_pydantic_is_imported(tmp_path: Path) -> None:
    # As civio bench times it (tui_start_ms): the settings, the saved games' scan and the
    # lessons' progress are read without pydantic until the menu is on screen.
    env = {"CIVIO_CONFIG_DIR": str(tmp_path / "c"), "CIVIO_SAVE_DIR": str(tmp_path / "s")}
    result = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME],
        capture_output=True,
        text=True,
        check=False,
        env={**env, "PATH": "", "HOME": str(tmp_path)},
        timeout=120,
    )
    assert result.stdout.strip().splitlines()[-1] == "[[]]", result.stderr[-2000:]


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
