"""Lesson progress in the save folder: kept, resumed, written safely, never lost silently."""

from __future__ import annotations

import json
from pathlib import Path

from civio_tui.lessons.progress import (
    BAD_FILE,
    PROGRESS_FILE,
    LessonProgress,
    ProgressFile,
    any_lesson_done,
    stars_for,
)


def test_progress_is_saved_and_read_back(tmp_path: Path) -> None:
    store = ProgressFile(tmp_path / "saves")
    progress, problem = store.load()
    assert problem is None and not progress.any_done()
    progress.record("precedent").done = True
    progress.record("precedent").stars = 2
    progress.record("turn").step = 3
    assert store.save(progress) is None
    again, problem = ProgressFile(tmp_path / "saves").load()
    assert problem is None
    assert again.lessons["precedent"].done and again.lessons["precedent"].stars == 2
    assert again.lessons["turn"].step == 3
    assert any_lesson_done(str(tmp_path / "saves"))
    assert [p.name for p in (tmp_path / "saves").iterdir()] == [PROGRESS_FILE]


def test_an_unreadable_file_is_kept_aside_and_the_player_told(tmp_path: Path) -> None:
    path = tmp_path / PROGRESS_FILE
    path.write_text("{not json", encoding="utf-8")
    store = ProgressFile(tmp_path)
    progress, problem = store.load()
    assert problem is not None and PROGRESS_FILE in problem and BAD_FILE in problem
    assert path.read_text(encoding="utf-8") == "{not json"  # reading changes nothing
    progress.record("precedent").done = True
    assert store.save(progress) is None
    assert (tmp_path / BAD_FILE).read_text(encoding="utf-8") == "{not json"
    assert json.loads(path.read_text(encoding="utf-8"))["lessons"]["precedent"]["done"]


def test_a_second_bad_file_does_not_replace_the_first(tmp_path: Path) -> None:
    (tmp_path / BAD_FILE).write_text("older", encoding="utf-8")
    (tmp_path / PROGRESS_FILE).write_text('{"lessons": {"x": {"stars": 9}}}', encoding="utf-8")
    store = ProgressFile(tmp_path)
    assert store.load()[1] is not None
    assert store.save(LessonProgress()) is None
    assert (tmp_path / BAD_FILE).read_text(encoding="utf-8") == "older"
    assert (tmp_path / "lessons.bad.2.json").read_text(encoding="utf-8").startswith('{"lessons"')


def test_a_folder_that_cannot_be_written_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    problem = ProgressFile(blocker / "saves").save(LessonProgress())
    assert problem is not None and problem.startswith("Lesson progress not saved")


def test_stars_three_without_hints_one_less_for_each() -> None:
    assert [stars_for(n) for n in range(5)] == [3, 2, 1, 1, 1]
