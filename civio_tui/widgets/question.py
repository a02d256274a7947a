"""The question pane: what the game asks you now, with numbered options (digits pick)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui.widgets.lists import NavList


class QuestionPane(Vertical):
    """A prompt and a list of numbered options; while others play, what they are doing."""

    DEFAULT_CSS = """
    QuestionPane {
        height: 1fr;
    }
    QuestionPane #question-prompt {
        margin-bottom: 1;
    }
    QuestionPane #question-options {
        border: none;
        padding: 0;
        height: auto;
        max-height: 1fr;
    }
    QuestionPane #question-tip {
        color: $text-muted;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="question-prompt")
        yield NavList(id="question-options")
        yield Static(id="question-tip")

    @property
    def options_list(self) -> NavList:
        return self.query_one("#question-options", NavList)

    def ask(self, prompt: Content | str, options: list[Content], tip: str = "") -> None:
        """Show a prompt and options numbered 1, 2, ...; keeps the highlight where it was."""
        menu = self.options_list
        previous = menu.highlighted
        same_count = menu.option_count == len(options)
        self.query_one("#question-prompt", Static).update(prompt)
        menu.clear_options()
        menu.add_options(
            [
                Option(Content.assemble((f"{n:>2} ", "bold"), text), id=str(n - 1))
                for n, text in enumerate(options, 1)
            ]
        )
        menu.display = bool(options)
        if options:
            menu.highlighted = previous if same_count and previous is not None else 0
        self.query_one("#question-tip", Static).update(tip)

    def wait(self, text: Content | str) -> None:
        """No question for you: say what the table is waiting for."""
        self.query_one("#question-prompt", Static).update(text)
        menu = self.options_list
        menu.clear_options()
        menu.display = False
        self.query_one("#question-tip", Static).update("")

    def highlight(self, index: int) -> None:
        if 0 <= index < self.options_list.option_count:
            self.options_list.highlighted = index
