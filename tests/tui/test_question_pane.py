"""The question pane (civio_tui/widgets/question.py) draws a new question fitted to its width
in the frame it is asked, also when its options list was hidden while others played."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content

from civio_tui.widgets.question import QuestionPane

LONG = "Take from the discard pile: [C] Zelman v Simmons-Harris 2002 and more words to cut"


class QuestionApp(App[None]):
    def compose(self) -> ComposeResult:
        yield QuestionPane(id="question")


async def test_a_question_after_waiting_is_fitted_in_its_first_frame() -> None:
    async with QuestionApp().run_test(size=(50, 12)) as pilot:
        pane = pilot.app.query_one(QuestionPane)
        pane.wait("Bot is drawing…")
        await pilot.pause()
        assert not pane.options_list.display
        pane.ask("Draw a card.", [Content("Draw the top card of the supply"), Content(LONG)])
        # Before any refresh: the option not highlighted is already cut to the pane's width.
        prompt = pane.options_list.get_option_at_index(1).prompt
        assert isinstance(prompt, Content)
        assert prompt.cell_length <= pane.scrollable_content_region.width
        assert prompt.plain.endswith("…")


async def test_options_reworded_in_place_keep_the_highlight_and_change_only_their_words() -> None:
    async with QuestionApp().run_test(size=(50, 12)) as pilot:
        pane = pilot.app.query_one(QuestionPane)
        words = ["Brown v Board", "Katz v US", "Done (mark 1 more)"]
        pane.ask("Mark a card.", [Content(w) for w in words])
        pane.highlight(1)
        await pilot.pause()
        menu = pane.options_list
        kept = menu.get_option_at_index(0)
        pane.reword([Content(w) for w in ["Brown v Board", "▒ Katz v US", "Done: lay them"]])
        # The same options, the first untouched: the list keeps its place and highlight.
        assert menu.get_option_at_index(0) is kept
        assert menu.highlighted == 1
        await pilot.pause()
        shown = [menu.get_option_at_index(n).prompt for n in range(menu.option_count)]
        assert [str(p) for p in shown] == [
            " 1 Brown v Board",
            " 2 ▒ Katz v US",
            " 3 Done: lay them",
        ]


async def test_waiting_takes_the_focus_from_the_options_at_once() -> None:
    """The keys and the pane's border change in the frame that hides the options."""
    async with QuestionApp().run_test(size=(50, 12)) as pilot:
        pane = pilot.app.query_one(QuestionPane)
        pane.ask("Draw a card.", [Content("Draw the top card of the supply")])
        pane.options_list.focus()
        await pilot.pause()
        assert pilot.app.focused is pane.options_list
        pane.wait("Bot is drawing…")
        assert pilot.app.focused is None


async def test_a_tip_is_fitted_to_the_room_the_options_leave_before_the_first_frame() -> None:
    async with QuestionApp().run_test(size=(50, 12)) as pilot:
        pane = pilot.app.query_one(QuestionPane)
        pane.wait("Bot is drawing…")
        await pilot.pause()
        tip = pane.query_one("#question-tip")
        pane.ask("Draw a card.", [Content("Draw the top card")], tip="Tip: the pile is open.")
        assert tip.display
        await pilot.pause()
        assert tip.display
        many = [Content(f"Card {n}") for n in range(11)]
        pane.ask("Discard a card.", many, tip="Tip: discard what links least.")
        # 11 options under the prompt leave the tip no row, from the first frame on.
        assert not tip.display
        await pilot.pause()
        assert not tip.display


async def test_a_new_question_after_a_scrolled_one_has_its_scrollbar_at_its_top() -> None:
    async with QuestionApp().run_test(size=(46, 8)) as pilot:
        pane = pilot.app.query_one(QuestionPane)
        pane.ask("Discard a card.", [Content(f"Discard card number {n}") for n in range(8)])
        pane.options_list.focus()
        pane.highlight(6)  # scrolls the list down
        await pilot.pause()
        pane.wait("Bot is drawing…")
        await pilot.pause()
        pane.ask("You drew a card: keep it?", [Content(f"Keep card {n}") for n in range(8)])
        await pilot.pause()
        await pilot.pause()
        menu = pane.options_list
        assert menu.scroll_y == 0
        assert menu.vertical_scrollbar.position == 0
