"""A served class's progress: what each student has done, for `civio class` and the teacher's page.

    from civio_tui.classroom import StudentProgress, class_progress, progress_csv

    rows = class_progress(save_root)          # list[StudentProgress], sorted by name
    rows[0].lessons_done, rows[0].playing_now, rows[0].table
    progress_csv(rows)                        # the CSV download: one row per student, COLUMNS

Modules: `progress` (the model and how each figure is read; see its docstring for what each
means), `games_cache` (each campaign file's figures, cached per file in the player's folder).
"""

from __future__ import annotations

from civio_tui.classroom.progress import (
    COLUMNS,
    SaveRootError,
    StudentProgress,
    class_progress,
    open_tables,
    progress_csv,
)

__all__ = [
    "COLUMNS",
    "SaveRootError",
    "StudentProgress",
    "class_progress",
    "open_tables",
    "progress_csv",
]
