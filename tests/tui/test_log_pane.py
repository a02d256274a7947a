"""The log follows the newest line, also when the terminal shrinks and the sentences re-wrap
longer, until the player scrolls up to read; G brings it back to following."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from civio_tui.widgets.log_pane import LogPane

SENTENCE = "Hard drew from the supply and discarded Tinker v Des Moines School District."


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPane(id="log")


def add_lines(log: LogPane, start: int, count: int) -> None:
    log.add([Content(f"{n}. {SENTENCE}") for n in range(start, start + count)])


async def reaches_end(pilot: Pilot[None], log: LogPane) -> bool:
    """Whether the log comes to show its end within a few frames (a busy machine draws late)."""
    for _ in range(20):
        if await at_end(pilot, log):
            return True
    return False


async def at_end(pilot: Pilot[None], log: LogPane) -> bool:
    await pilot.pause()
    await pilot.pause()
    return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


async def filled_log(pilot: Pilot[None]) -> LogPane:
    """The log holding 40 long lines, more than a 100 x 20 terminal shows."""
    log = pilot.app.query_one(LogPane)
    add_lines(log, 0, 40)
    assert await reaches_end(pilot, log)
    return log


async def test_the_log_follows_the_newest_line_through_a_resize() -> None:
    async with LogApp().run_test(size=(100, 20)) as pilot:
        log = await filled_log(pilot)
        # Narrower: every sentence wraps onto more rows, so the end moves down.
        await pilot.resize_terminal(40, 12)
        assert await reaches_end(pilot, log)
        await pilot.resize_terminal(100, 20)
        assert await reaches_end(pilot, log)


async def test_the_log_stays_where_the_player_scrolled_until_g() -> None:
    async with LogApp().run_test(size=(100, 20)) as pilot:
        log = await filled_log(pilot)
        log.focus()
        await pilot.press("k", "k", "k")
        await pilot.pause()
        reading = log.scroll_y
        assert reading < log.max_scroll_y
        add_lines(log, 40, 5)
        await pilot.resize_terminal(60, 16)
        await pilot.pause()
        assert not await at_end(pilot, log)
        await pilot.press("G")
        assert await reaches_end(pilot, log)
        add_lines(log, 45, 5)
        assert await reaches_end(pilot, log)


async def test_lines_reach_a_log_pane_not_yet_mounted_and_are_shown_once_it_is() -> None:
    """A table's poll can deliver lines before the pane is mounted or after it is removed."""
    pane = LogPane(id="log")
    pane.add_lines(["Ana took Brown v Board"], "You")
    pane.clear()
    pane.add_lines(["Ben discarded Katz v US"], "You")
    assert [line.plain for line in pane.lines] == ["Ben discarded Katz v US"]

    class Early(App[None]):
        def compose(self) -> ComposeResult:
            yield pane

    async with Early().run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        assert [row.rstrip() for row in pane.shown()] == ["Ben discarded Katz v US"]


def test_a_section_told_again_keeps_what_came_before_it_and_the_hints_added_in_it() -> None:
    pane = LogPane(id="log")
    pane.add_lines(["— Round 1 —", "Hard called CIVIO!"], "You")
    pane.begin_section()
    pane.set_section(["— Round 2 —", "You drew Brown."], "You")
    pane.add([Content("Hint (2): discard Katz v US.")])
    # The turn's sentence grows: the hint stays after it, the earlier round above.
    pane.set_section(
        ["— Round 2 —", "You drew Brown and discarded Katz v US.", "Hard drew."], "You"
    )
    assert [line.plain for line in pane.lines] == [
        "— Round 1 —",
        "Hard called CIVIO!",
        "— Round 2 —",
        "You drew Brown and discarded Katz v US.",
        "Hint (2): discard Katz v US.",
        "Hard drew.",
    ]


async def test_new_lines_are_drawn_without_laying_out_the_screen_again() -> None:
    """A networked table tells its log again on every seat's move: the pane's size is the
    layout's, so new rows only scroll it (and show its scrollbar once they overflow it)."""
    async with LogApp().run_test(size=(60, 10)) as pilot:
        log = pilot.app.query_one(LogPane)
        add_lines(log, 0, 2)
        await pilot.pause()
        screen = pilot.app.screen
        layouts = 0
        lay_out = screen._refresh_layout

        def counted(*args: object, **kwargs: object) -> None:
            nonlocal layouts
            layouts += 1
            lay_out(*args, **kwargs)  # type: ignore[arg-type]

        screen._refresh_layout = counted  # type: ignore[method-assign]
        add_lines(log, 2, 2)
        await pilot.pause()
        assert layouts == 0
        assert not log.show_vertical_scrollbar
        add_lines(log, 4, 20)  # more rows than the pane holds: its scrollbar comes
        assert await reaches_end(pilot, log)
        assert log.show_vertical_scrollbar
        assert any(row.startswith("23. ") for row in log.shown())


async def test_a_sentence_that_grows_in_place_repaints_only_its_rows() -> None:
    async with LogApp().run_test(size=(100, 10)) as pilot:
        log = pilot.app.query_one(LogPane)
        log.begin_section()
        log.set_section(["— Round 1 —", "Ana drew."], "You")
        await pilot.pause()
        log._repaint_regions.clear()
        log.set_section(["— Round 1 —", "Ana drew and discarded Katz v US."], "You")
        # The heading's row stays as it was drawn; only the sentence's row is painted again.
        assert [region.y for region in log._repaint_regions] == [log.content_offset.y + 1]
        await pilot.pause()
        assert [row.rstrip() for row in log.shown()] == [
            "— Round 1 —",
            "Ana drew and discarded Katz v US.",
        ]


class UnderAPane(App[None]):
    CSS = "LogPane { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Static("Opponents", id="above")
        yield LogPane(id="log")


async def test_a_log_that_loses_rows_to_the_pane_above_shows_its_end_in_that_frame() -> None:
    """The frame drawn after the layout shows the newest line, not one drawn a frame later."""
    async with UnderAPane().run_test(size=(60, 14)) as pilot:
        log = pilot.app.query_one(LogPane)
        add_lines(log, 0, 30)
        assert await reaches_end(pilot, log)
        screen = pilot.app.screen
        lay_out = screen._refresh_layout
        drawn_at: list[tuple[int, float, int]] = []

        def laid_out(*args: object, **kwargs: object) -> None:
            lay_out(*args, **kwargs)  # type: ignore[arg-type]
            drawn_at.append((log.size.height, log.scroll_y, log.max_scroll_y))

        screen._refresh_layout = laid_out  # type: ignore[method-assign]
        pilot.app.query_one("#above", Static).update("Opponents\nBen\nCy")
        await pilot.pause()
        assert drawn_at
        height, top, end = drawn_at[0]
        assert height == 14 - 3
        assert top == end


async def test_a_layout_leaving_the_log_its_size_repaints_neither_it_nor_its_scrollbar() -> None:
    async with UnderAPane().run_test(size=(60, 14)) as pilot:
        log = pilot.app.query_one(LogPane)
        add_lines(log, 0, 30)
        assert await reaches_end(pilot, log)
        await pilot.pause()
        bar = log.vertical_scrollbar
        repaints: list[object] = []
        refresh = bar.refresh

        def counted(*args: object, **kwargs: object) -> object:
            repaints.append(args)
            return refresh(*args, **kwargs)  # type: ignore[arg-type]

        bar.refresh = counted  # type: ignore[method-assign]
        log._repaint_regions.clear()
        # The pane above changes its words, not its height: the screen is laid out again.
        pilot.app.query_one("#above", Static).update("Opponents (2)")
        await pilot.pause()
        assert repaints == []
        assert not log._repaint_regions
