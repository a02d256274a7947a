"""Learn to play: the list of lessons, each marked done with its stars or where it stands."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui.lessons.catalogue import LESSONS, lesson_by_id
from civio_tui.lessons.progress import LessonProgress, progress_file
from civio_tui.screens.base import CivioScreen
from civio_tui.screens.lesson import LessonScreen, stars_text
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList


class LessonsScreen(CivioScreen[None]):
    """Eight short lessons; any can be opened, in any order, so all of it is skippable."""

    CSS_PATH = "lessons.tcss"

    def __init__(self) -> None:
        super().__init__()
        self.store = progress_file(None)
        self.progress = LessonProgress()

    def compose(self) -> ComposeResult:
        with Vertical(id="lessons-box", classes="pane"):
            yield Static(
                "Eight short lessons, learnt by doing: a wrong move is explained and you try "
                "again. Enter or 1-8 opens a lesson; Esc leaves it and keeps your place. Skip "
                "ahead freely. Stars: ★★★ without hints, one less for each hint.",
                id="lessons-intro",
            )
            yield NavList(id="lessons-list")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#lessons-box").border_title = "Learn to play"
        self.store = progress_file(self.app.save_dir)
        self.progress, problem = self.store.load()
        if problem:
            self.notify(problem, title="Lesson progress", severity="warning", timeout=15)
        self._fill()
        self.query_one(NavList).focus()

    def on_screen_resume(self) -> None:
        self._fill(keep_cursor=False)

    def _fill(self, *, keep_cursor: bool = True) -> None:
        """List the lessons with their state; the cursor goes to the lesson to go on with unless
        `keep_cursor`."""
        menu = self.query_one(NavList)
        highlighted = menu.highlighted if keep_cursor else None
        menu.clear_options()
        first_open = None
        ids = [lesson.id for lesson in LESSONS]
        for number, lesson in enumerate(LESSONS, 1):
            record = self.progress.lessons.get(lesson.id)
            if record is not None and (record.step or record.placed):
                number = lesson.step_number(record.step, len(record.placed))
                state = f"step {number} of {lesson.step_count}"
            elif record is not None and record.done:
                state = f"{stars_text(record.stars)} done" if record.stars else "done"
            else:
                state = ""
            if first_open is None and not (record is not None and record.done and not record.step):
                first_open = number - 1
            label = f"{number}  {lesson.title:<24} {state}\n   {lesson.summary}"
            menu.add_option(Option(label, id=lesson.id))
        if highlighted is None:
            # The cursor starts on the lesson left midway most recently, else on the first
            # lesson not finished.
            midway = [m for m in self.progress.left_midway() if m in ids]
            highlighted = ids.index(midway[0]) if midway else first_open or 0
        menu.highlighted = highlighted

    def on_key(self, event: events.Key) -> None:
        # The lessons are numbered on screen: their digit opens them, as on the main menu.
        key = event.key
        if key.isdigit() and 1 <= int(key) <= len(LESSONS):
            event.stop()
            self.query_one(NavList).highlighted = int(key) - 1
            self.open(LESSONS[int(key) - 1].id)

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        self.open(event.option.id or "")

    def open(self, lesson_id: str) -> None:
        lesson = lesson_by_id(lesson_id)
        self.app.push_screen(LessonScreen(lesson, self.progress, self.store))
