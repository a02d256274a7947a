"""The player's settings: a pydantic model that loads and saves itself as JSON.

The file lives in the platform's user config folder (platformdirs); `CIVIO_CONFIG_DIR` overrides
the folder, which is how tests keep away from the real one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

CONFIG_ENV = "CIVIO_CONFIG_DIR"
SETTINGS_FILE = "settings.json"

MAX_NAME = 20
"""The longest name a player may give themselves (the narrow panes show it whole)."""

AiSpeed = Literal["instant", "fast", "normal", "slow"]
ThemeName = Literal["civio-dark", "civio-light", "colour-blind", "terminal-16"]

# Seconds between two steps of an AI turn, shown in Settings by name.
AI_DELAYS: dict[str, float] = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.5}
AI_SPEED_LABELS: dict[str, str] = {
    "instant": "Instant (no pause)",
    "fast": "Fast (a quarter second a step)",
    "normal": "Normal (under a second a step)",
    "slow": "Slow (one and a half seconds a step)",
}
THEME_LABELS: dict[str, str] = {
    "civio-dark": "CIVIO dark",
    "civio-light": "CIVIO light",
    "colour-blind": "Colour-blind safe (Okabe-Ito palette)",
    "terminal-16": "Terminal 16 colours (uses your terminal's palette)",
}


class NewGameDefaults(BaseModel):
    """What the New game form starts from: the player's last choices."""

    model_config = ConfigDict(extra="ignore")

    opponents: list[str] = Field(default_factory=lambda: ["medium"])
    rules: Literal["booklet", "summary"] = "booklet"
    target: str = "Chief Justice of the Supreme Court"
    player_name: str = "You"
    practice: bool = False


class Settings(BaseModel):
    """Everything the player can change in the Settings screen, plus key remaps."""

    model_config = ConfigDict(extra="ignore")

    ai_speed: AiSpeed = "normal"
    theme: ThemeName = "civio-dark"
    confirm_quit: bool = True
    table_tips: bool = True
    keymap: dict[str, str] = Field(default_factory=dict)
    new_game: NewGameDefaults = Field(default_factory=NewGameDefaults)

    @property
    def ai_delay(self) -> float:
        """Seconds to pause between two steps of an AI's turn."""
        return AI_DELAYS[self.ai_speed]

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        """The saved settings, or the defaults when there is no file or it cannot be read."""
        path = (folder or config_dir()) / SETTINGS_FILE
        try:
            return cls.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, ValidationError):
            return cls()

    def save(self, folder: Path | None = None) -> Path | None:
        """Write the settings; returns the path, or None when the folder is not writable."""
        target = folder or config_dir()
        try:
            target.mkdir(parents=True, exist_ok=True)
            path = target / SETTINGS_FILE
            tmp = path.with_suffix(".tmp")
            tmp.write_text(self.model_dump_json(indent=2), encoding="utf-8")
            tmp.replace(path)
        except OSError:
            return None
        return path


def config_dir() -> Path:
    """Where settings live: `$CIVIO_CONFIG_DIR`, else the platform's user config folder."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("civio", appauthor=False))
