"""What the app needs of the settings before its first frame, read without pydantic.

`civio bench` times the start to the main menu, and importing pydantic for the settings model
costs more than the menu itself. So the app starts from this quick reading (the theme and the
key remaps, taken only when they are plainly valid) and reads the full settings, with their
checks and the player's messages about a bad file, after the first frame.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

CONFIG_ENV = "CIVIO_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
THEMES = ("civio-dark", "civio-light", "colour-blind", "terminal-16")
"""The theme names Settings accepts (settings.ThemeName; a test keeps the two in step)."""
DEFAULT_THEME = "civio-dark"


def config_dir() -> Path:
    """Where settings live: `$CIVIO_CONFIG_DIR`, else the platform's user config folder."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("civio", appauthor=False))


def quick_read(folder: Path | None = None) -> tuple[str, dict[str, str]]:
    """The saved theme and key remaps, or the defaults for whatever is missing or not plainly
    valid (the full reading says what was wrong, after the first frame)."""
    try:
        data = json.loads(((folder or config_dir()) / SETTINGS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return DEFAULT_THEME, {}
    if not isinstance(data, dict):
        return DEFAULT_THEME, {}
    theme = data.get("theme")
    keymap = data.get("keymap")
    if not (
        isinstance(keymap, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in keymap.items())
    ):
        keymap = {}
    return (theme if theme in THEMES else DEFAULT_THEME), keymap
