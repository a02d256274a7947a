"""The settings file: a bad value costs only that value, with a message naming the file and the
field or line; a file that is not JSON is kept aside before it is written over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civio_tui.settings import BAD_FILE, SETTINGS_FILE, Settings


def write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SETTINGS_FILE
    path.write_text(text, encoding="utf-8")
    return path


def test_no_file_is_the_defaults_without_a_word(tmp_path: Path) -> None:
    assert Settings.read(tmp_path) == (Settings(), None)


def test_a_bad_value_falls_back_alone(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        json.dumps(
            {
                "theme": "neon",
                "ai_speed": "fast",
                "keymap": {"table.hint": "f9", "table.pile": 3},
                "new_game": {"opponents": ["hard", 7], "player_name": "Ada"},
            }
        ),
    )
    settings, problem = Settings.read(tmp_path)
    assert settings.theme == Settings().theme
    assert settings.ai_speed == "fast"
    assert settings.keymap == {"table.hint": "f9"}
    assert settings.new_game.opponents == Settings().new_game.opponents
    assert settings.new_game.player_name == "Ada"
    assert problem is not None
    assert problem.startswith(f"{path}: theme: Input should be 'civio-dark'")
    assert "(and 2 more); using the default for it." in problem


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"theme": "civio-light",\n "ai_speed" "fast"}', "Expecting ':' delimiter at line 2"),
        ("[1, 2]", "not a JSON object"),
        ('{"theme": ' + "9" * 5000 + "}", "a number too long to read"),
        ("[" * 100_000, "nested too deeply"),
    ],
    ids=["syntax", "not-an-object", "long-number", "deep"],
)
def test_a_file_that_is_not_settings_is_named_with_the_place(
    tmp_path: Path, text: str, words: str
) -> None:
    path = write(tmp_path, text)
    settings, problem = Settings.read(tmp_path)
    assert settings == Settings()
    assert problem is not None and problem.startswith(f"{path}: ") and words in problem


def test_writing_keeps_a_file_that_is_not_json_aside(tmp_path: Path) -> None:
    broken = '{"keymap": {"table.hint": "f9" "table.pile": "o"}}'
    path = write(tmp_path, broken)
    settings, _ = Settings.read(tmp_path)
    assert settings.save(tmp_path) == path
    assert (tmp_path / BAD_FILE).read_text(encoding="utf-8") == broken
    assert Settings.read(tmp_path) == (settings, None)
    # A readable file is simply written over: nothing is set aside.
    (tmp_path / BAD_FILE).unlink()
    settings.model_copy(update={"ai_speed": "slow"}).save(tmp_path)
    assert not (tmp_path / BAD_FILE).exists()
    assert Settings.load(tmp_path).ai_speed == "slow"
