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
