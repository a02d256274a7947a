"""The player's settings: a pydantic model that loads and saves itself as JSON.

The file lives in the platform's user config folder (platformdirs); `CIVIO_CONFIG_DIR` overrides
the folder, which is how tests keep away from the real one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from civio_tui.json_errors import UnreadableJsonError, field_place, read_json
from civio_tui.safe_files import write_safely

# The file's place, read before the first frame without pydantic (start_settings.py).
from civio_tui.start_settings import CONFIG_ENV as CONFIG_ENV
from civio_tui.start_settings import SETTINGS_FILE, config_dir

BAD_FILE = "settings.json.bad"
"""Where a settings file that is not JSON is kept when the settings are next written."""

MAX_NAME = 20
"""The longest name a player may give themselves (the narrow panes show it whole)."""

AiSpeed = Literal["instant", "fast", "normal", "slow"]
ThemeName = Literal["civio-dark", "civio-light", "colour-blind", "terminal-16"]

# Seconds between two steps of an AI turn, shown in Settings by name. A turn is two steps or
# more (draw, discard), so the default keeps a computer's turn near half a second: three
# computers play in under two seconds, and the log and the table's last-move marks tell what
# each did.
AI_DELAYS: dict[str, float] = {"instant": 0.0, "fast": 0.12, "normal": 0.25, "slow": 1.0}
AI_SPEED_LABELS: dict[str, str] = {
    "instant": "Instant (no pause)",
    "fast": "Fast (about a quarter second a turn)",
    "normal": "Normal (about half a second a turn)",
    "slow": "Slow (about two seconds a turn, to watch each step)",
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
    max_rounds: int | None = None
    """A short game: it ends after this many rounds (None: when someone reaches the target)."""
    human_names: list[str] = Field(default_factory=list)
    """The names typed for the hot-seat players, in seat order (offered again when the next
    game seats friends). How many people play is not kept: on a shared classroom machine the
    next student would start a hot-seat game by accident, so New game always starts at one
    human against the AI (an old file's "humans" is ignored)."""


class Settings(BaseModel):
    """Everything the player can change in the Settings screen, plus key remaps."""

    model_config = ConfigDict(extra="ignore")

    ai_speed: AiSpeed = "normal"
    theme: ThemeName = "civio-dark"
    confirm_quit: bool = True
    table_tips: bool = True
    teaching_hints: bool = False
    """Show a nudge (the idea, not the move) at each of your decisions; lessons turn it on."""
    keymap: dict[str, str] = Field(default_factory=dict)
    new_game: NewGameDefaults = Field(default_factory=NewGameDefaults)

    @property
    def ai_delay(self) -> float:
        """Seconds to pause between two steps of an AI's turn."""
        return AI_DELAYS[self.ai_speed]

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        """The saved settings (see `read`), the defaults standing in for what is unusable."""
        return cls.read(folder)[0]

    @classmethod
    def read(cls, folder: Path | None = None) -> tuple[Settings, str | None]:
        """The saved settings, and what was wrong with the file when it could not be used as
        it is (its path and the line or field at fault), for the player to read.

        The file is the player's to edit (key remaps live there), so one bad value costs only
        that value: it falls back to its default and every other setting is kept."""
        path = (folder or config_dir()) / SETTINGS_FILE
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(), None
        except (OSError, UnicodeDecodeError) as exc:
            return cls(), f"{path}: cannot be read ({exc}); using the default settings."
        try:
            data = read_json(text)
        except UnreadableJsonError as exc:
            return cls(), (
                f"{path}: not valid JSON ({exc}); using the default "
                f"settings. Changing a setting keeps your file as {BAD_FILE}."
            )
        if not isinstance(data, dict):
            return cls(), f"{path}: not a JSON object; using the default settings."
        try:
            return cls.model_validate(data), None
        except ValidationError as exc:
            errors = exc.errors()
        for error in errors:
            _drop(data, error["loc"])
        try:
            settings = cls.model_validate(data)
        except ValidationError:
            settings = cls()
        first = errors[0]
        field = field_place(first["loc"])
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return settings, f"{path}: {field}: {first['msg']}{more}; using the default for it."

    def save(self, folder: Path | None = None) -> Path | None:
        """Write the settings; returns the path, or None when the folder is not writable.

        A file that is not JSON at all (a typo while editing it) is first kept beside it as
        settings.json.bad: writing over it would lose every remap in it."""
        target = folder or config_dir()
        path = target / SETTINGS_FILE
        try:
            _keep_if_unreadable(path)
            write_safely(target, SETTINGS_FILE, self.model_dump_json(indent=2).encode())
        except OSError:
            return None
        return path


def _drop(data: dict[str, Any], loc: tuple[int | str, ...]) -> None:
    """Remove the value at fault from `data`: the innermost object key on the error's path
    (a bad item in a list drops the whole list, which then takes its default)."""
    node: Any = data
    parent: dict[str, Any] | None = None
    key: str | None = None
    for part in loc:
        if not (isinstance(node, dict) and isinstance(part, str) and part in node):
            break
        parent, key, node = node, part, node[part]
    if parent is not None and key is not None:
        del parent[key]


def _keep_if_unreadable(path: Path) -> None:
    try:
        read_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return
    except (ValueError, OSError):
        path.replace(path.with_name(BAD_FILE))
