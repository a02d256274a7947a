"""Whether the player has finished a lesson, read without pydantic.

The main menu asks before its first frame (Learn to play says "start here" until a lesson is done),
and importing pydantic for the progress model would cost the start more than the menu itself
(`civio bench`, tui_start_ms). progress.py holds the full model and re-exports this.
"""

from __future__ import annotations

from civio_tui.json_errors import UnreadableJsonError, read_json

PROGRESS_FILE = "lessons.json"


def any_lesson_done(save_dir: str | None) -> bool:
    """Whether the player has finished a lesson (a file that cannot be read counts as none);
    a record counts as done only when it plainly says `"done": true`."""
    from civio_tui.campaigns.store import resolve_save_dir

    path = resolve_save_dir(save_dir) / PROGRESS_FILE
    try:
        data = read_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, UnreadableJsonError):
        return False
    lessons = data.get("lessons") if isinstance(data, dict) else None
    if not isinstance(lessons, dict):
        return False
    return any(isinstance(r, dict) and r.get("done") is True for r in lessons.values())
