"""The question pane: what the game asks you now, with numbered options (digits pick).

Each option takes one line, cut short with an ellipsis when the pane is narrow (first by its
card's short name, when it has one: "Fraser", as the discard pile names it, not "Bethel Scho…");
the highlighted option is shown whole (it may take two lines), so what Enter does is always
readable.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from civio_tui.widgets.cards import fit_line
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.redraw import drawn

_NUMBER = 3
"""The cells of an option's number ("12 ")."""


class QuestionPane(Vertical):
    """A prompt and a list of numbered options; while others play, what they are doing."""

    DEFAULT_CSS = """
    QuestionPane {
        height: 1fr;
    }
    QuestionPane #question-prompt {
        margin-bottom: 1;
    }
    /* The options take the rows the prompt, the hint and the tip leave, and scroll in them
       (so the highlighted option is always in sight); the tip sits at the bottom. */
    QuestionPane #question-options {
        border: none;
        padding: 0;
        height: 1fr;
    }
    QuestionPane #question-hint {
        display: none;
        margin-bottom: 1;
    }
    QuestionPane #question-hint.-shown {
        display: block;
    }
    QuestionPane #question-tip {
        color: $text-muted;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.options: list[Content] = []
        """The options in full, numbered; the list shows them fitted to its width."""
        self._shorts: list[Content | None] = []
        """The options with their card's short name, numbered, to fit a narrow list."""
        self._shown_whole: int | None = None
        self._fitted_width = 0
        self._hint = Content("")
        self._tip = ""
        self._prompt_lines = 0
        """The lines the waiting words took (0: not known), to lay out only on a change."""
        self._words: object = None
        """The waiting words on screen (`drawn`; None while a question is asked)."""

    def compose(self) -> ComposeResult:
        yield Static(id="question-prompt")
        yield Static(id="question-hint")
        yield NavList(id="question-options")
        yield Static(id="question-tip")

    @property
    def options_list(self) -> NavList:
        return self.query_one("#question-options", NavList)

    def ask(
        self,
        prompt: Content | str,
        options: list[Content],
        tip: str = "",
        shorts: Sequence[Content | None] = (),
    ) -> None:
        """Show a prompt and options numbered 1, 2, ...; keeps the highlight where it was.
        `shorts` are the options with a shorter card name, used when the full one is cut."""
        menu = self.options_list
        previous = menu.highlighted
        same_count = menu.option_count == len(options)
        self.query_one("#question-prompt", Static).update(prompt)
        self._prompt_lines = 0
        self._words = None
        self.options = _numbered(options)
        self._shorts = [
            _number(n, short) if short is not None else None for n, short in enumerate(shorts, 1)
        ]
        highlighted = (previous if same_count and previous is not None else 0) if options else None
        self._shown_whole = highlighted
        self._fitted_width = self._width()
        fitted = [self._fit_at(n, whole=n == highlighted) for n in range(len(self.options))]
        menu.clear_options()
        menu.add_options([Option(text, id=str(n)) for n, text in enumerate(fitted)])
        if not options:
            self._leave_options()
        menu.display = bool(options)
        if options:
            menu.highlighted = highlighted
            # The list has its width only once laid out (it was hidden while others played).
            self.call_after_refresh(self._fit_to_width)
        self._show_tip(tip)
        rows = sum(len(text.plain.split("\n")) for text in fitted)
        self._fit_tip((Content(prompt) if isinstance(prompt, str) else prompt, rows))
        self.call_after_refresh(self._fit_tip)

    def reword(self, options: list[Content]) -> None:
        """The options asked, in other words (a card marked at the opening): those whose words
        changed are drawn again in place; the list keeps its highlight, scroll and size."""
        if len(options) != len(self.options):
            raise ValueError(f"{len(options)} options in place of {len(self.options)}")
        self.options = _numbered(options)
        menu = self.options_list
        changed: dict[int, Content] = {}
        for n in range(len(self.options)):
            prompt = self._fit_at(n, whole=n == self._shown_whole)
            before = menu.get_option_at_index(n).prompt
            if not isinstance(before, Content) or drawn([prompt]) != drawn([before]):
                changed[n] = prompt
        menu.replace_prompts(changed)

    def wait(self, text: Content | str) -> None:
        """No question for you: say what the table is waiting for."""
        prompt = self.query_one("#question-prompt", Static)
        words = Content(text) if isinstance(text, str) else text
        if self._waiting():
            # Only the words change ("Ben is thinking · 12 s", once a second): the table is
            # laid out again only if they take another number of lines, and the same words
            # (another seat's move while the same seat thinks on) are not drawn again.
            if drawn([words]) == self._words:
                return
            self._words = drawn([words])
            width = prompt.size.width
            lines = len(words.wrap(width)) if width > 0 else 0
            prompt.update(text, layout=lines != self._prompt_lines or not lines)
            self._prompt_lines = lines
            return
        prompt.update(text)
        self._prompt_lines = 0
        self._words = drawn([words])
        self.options = []
        self._shorts = []
        self._shown_whole = None
        self._leave_options()
        menu = self.options_list
        menu.clear_options()
        menu.display = False
        self.show_hint("")
        self._show_tip("")
        self._fit_tip()

    def _waiting(self) -> bool:
        """The pane already shows nothing but its prompt (no options, hint or tip)."""
        return not (self.options or self._hint or self._tip or self.options_list.display)

    def _leave_options(self) -> None:
        """The options list, about to be hidden, gives up the focus now (nothing has it while
        you wait): the keys and the pane's border change in the frame that hides it, not in
        one after (a hidden widget loses the focus once laid out)."""
        if self.options_list.has_focus:
            self.screen.set_focus(None)

    def _show_tip(self, tip: str) -> None:
        """The tip under the options (shown where they leave room: `_fit_tip`)."""
        if tip != self._tip:
            self._tip = tip
            self.query_one("#question-tip", Static).update(tip)

    def show_hint(self, text: Content | str) -> None:
        """The hint and its reason, between the prompt and the options (empty hides it). On a
        short terminal the hint stands in for the prompt, and is cut short if it would leave
        fewer than 2 rows for the options."""
        if not text and not self._hint:
            return  # no hint shown, none to show: nothing changes
        self._hint = Content(text) if isinstance(text, str) else text
        self.set_class(bool(text), "-hinting")
        hint = self.query_one("#question-hint", Static)
        hint.update(self._hint)
        hint.set_class(bool(text), "-shown")
        if text:
            self.call_after_refresh(self._fit_hint)
        self.call_after_refresh(self._fit_tip)

    def _fit_hint(self) -> None:
        hint = self.query_one("#question-hint", Static)
        width = hint.size.width
        if not self._hint or width <= 0:
            return
        others = sum(
            w.outer_size.height
            for w in (self.query_one("#question-prompt"), self.query_one("#question-tip"))
            if w.display
        )
        room = max(1, self.size.height - others - min(2, len(self.options)) - 1)
        lines = self._hint.wrap(width)
        if len(lines) > room:
            # The options stay in sight; the whole hint is in the log (L).
            more = Content.styled(" … (whole hint: L, the log)", "dim")
            last = lines[room - 1].truncate(max(1, width - more.cell_length))
            # Cut between words: "whose fac…" read as a word of its own.
            cut = last.plain.rstrip().rfind(" ")
            if cut > 0 and not lines[room - 1].plain.startswith(last.plain + " "):
                last = last[:cut]
            lines = [*lines[: room - 1], last + more]
        hint.update(Content("\n").join(lines))
        # The hint takes rows from the options: keep the highlighted one in sight.
        self.call_after_refresh(self.options_list.scroll_to_highlight)

    def highlight(self, index: int) -> None:
        if 0 <= index < self.options_list.option_count:
            self.options_list.highlighted = index

    # -- one line per option ------------------------------------------------------------------

    def _width(self) -> int:
        # The list has no width while hidden (others were playing): the pane's own width
        # stands in, so a new question is drawn fitted in its first frame, not one later.
        menu = self.options_list
        return (
            menu.scrollable_content_region.width
            or menu.size.width
            or self.scrollable_content_region.width
        )

    def _fit(self, text: Content, *, whole: bool, short: Content | None = None) -> Content:
        width = self._fitted_width
        if width <= 0 or text.cell_length <= width:
            return text
        if not whole:
            fitted = fit_line(text, width)
            # Cut short, a card goes by the short name the rest of the table uses.
            if short is not None and fitted.plain.endswith("…"):
                return fit_line(short, width)
            return fitted
        # Whole, on as many lines as it needs, each under the text (not under the number).
        lines = text.wrap(max(10, width - _NUMBER))
        return Content("\n").join(
            [lines[0], *(Content.assemble(" " * _NUMBER, line) for line in lines[1:])]
        )

    def _fit_at(self, n: int, *, whole: bool) -> Content:
        short = self._shorts[n] if n < len(self._shorts) else None
        return self._fit(self.options[n], whole=whole, short=short)

    def _refit(self, index: int | None) -> None:
        menu = self.options_list
        menu.replace_prompts(
            {
                n: self._fit_at(n, whole=n == index)
                for n in {self._shown_whole, index}
                if n is not None and n < min(len(self.options), menu.option_count)
            }
        )
        self._shown_whole = index

    @on(OptionList.OptionHighlighted, "#question-options")
    def _show_highlighted_whole(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self._shown_whole:
            self._refit(event.option_index)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_to_width)
        if self._hint:
            self.query_one("#question-hint", Static).update(self._hint)
            self.call_after_refresh(self._fit_hint)
        self.call_after_refresh(self._fit_tip)

    def _fit_tip(self, asked: tuple[Content, int] | None = None) -> None:
        """Show the tip only where the options leave room for it: it must never push an
        option out of sight (on a short terminal it mostly cannot be shown). With the
        question just `asked` (its prompt, its options' rows), before a layout has sized
        them: fitted in the question's first frame (and checked again after it)."""
        tip = self.query_one("#question-tip", Static)
        width = self.scrollable_content_region.width
        if not self._tip or width <= 0:
            tip.display = False
            return
        shown = self.query_one("#question-prompt")
        above = shown.outer_size.height
        options = self.options_list.virtual_size.height if self.options else 0
        if asked is not None:
            prompt, options = asked
            above = len(prompt.wrap(width)) + shown.styles.gutter.height  # as its outer size
        hint = self.query_one("#question-hint")
        if hint.display:
            above += hint.outer_size.height
        room = self.scrollable_content_region.height - above - options
        tip.display = room >= len(Content(self._tip).wrap(width))

    def _fit_to_width(self) -> None:
        width = self._width()
        if width == self._fitted_width or not self.options:
            return
        self._fitted_width = width
        menu = self.options_list
        for n in range(min(len(self.options), menu.option_count)):
            menu.replace_option_prompt_at_index(n, self._fit_at(n, whole=n == self._shown_whole))


def _numbered(options: list[Content]) -> list[Content]:
    """The options numbered from 1, as digits pick them."""
    return [_number(n, text) for n, text in enumerate(options, 1)]


def _number(n: int, text: Content) -> Content:
    """Option `n`'s words after its number (long or short words alike)."""
    return Content.assemble((f"{n:>2} ", "bold"), text)
