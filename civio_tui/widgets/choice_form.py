"""A keyboard form of rows, each a choice: ↑↓ pick a row, ←→ change it, Enter submits.

Used by New game and Settings, where every field is one of a few values, plus a typed number
(the seed) or a short text (your name). Digits typed on a number row edit it, any printable key
on a text row; Backspace deletes. A row that still holds the text it started with (a default
such as "You") is replaced by the first key typed, not added to ("YouAna").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from civio_tui import keymap


@dataclass
class FormRow:
    """One row: a label and its choices as (value, label) pairs, or a typed number."""

    key: str
    label: str
    choices: list[tuple[str, str]] = field(default_factory=list)
    index: int = 0
    kind: Literal["choice", "number", "text", "button"] = "choice"
    text: str = ""
    max_length: int = 12
    placeholder: str = ""
    help: str = ""
    choice_help: dict[str, str] = field(default_factory=dict)
    visible: bool = True
    edited: bool = False
    """Typed on or deleted from: until then the first key typed replaces the starting text."""

    @property
    def value(self) -> str:
        if self.kind in ("number", "text"):
            return self.text
        if self.kind == "button":
            return ""
        return self.choices[self.index][0]

    def select(self, value: str) -> None:
        for i, (choice, _) in enumerate(self.choices):
            if choice == value:
                self.index = i
                return

    def describe(self) -> str:
        """The help line for this row and its current value."""
        extra = self.choice_help.get(self.value, "")
        if self.kind == "text":  # a typed line starting with a default ("You"): say how it goes
            extra = "Typing replaces it; Backspace deletes."
        return " ".join(part for part in (self.help, extra) if part)


class ChoiceForm(Widget, can_focus=True):
    """Rows of choices; posts Changed on every change and Submitted on Enter."""

    DEFAULT_CSS = """
    ChoiceForm {
        height: auto;
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *keymap.bindings("nav.up", "nav.down", "nav.left", "nav.right", "nav.first", "nav.last"),
        Binding("enter", "submit", "Done", id="form.submit"),
        Binding("space", "cursor_right", "Change", show=False, id="form.cycle"),
        Binding("backspace", "backspace", "Delete", show=False, id="form.backspace"),
    ]

    class Changed(Message):
        def __init__(self, form: ChoiceForm, row: FormRow) -> None:
            super().__init__()
            self.form = form
            self.row = row

    class Submitted(Message):
        def __init__(self, form: ChoiceForm, row: FormRow) -> None:
            super().__init__()
            self.form = form
            self.row = row

    def __init__(self, rows: list[FormRow], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = rows
        self.cursor = 0

    @property
    def visible_rows(self) -> list[FormRow]:
        return [r for r in self.rows if r.visible]

    @property
    def current(self) -> FormRow:
        rows = self.visible_rows
        self.cursor = max(0, min(self.cursor, len(rows) - 1))
        return rows[self.cursor]

    def row(self, key: str) -> FormRow:
        return next(r for r in self.rows if r.key == key)

    def values(self) -> dict[str, str]:
        return {r.key: r.value for r in self.rows if r.visible}

    def move_to(self, key: str) -> None:
        keys = [r.key for r in self.visible_rows]
        if key in keys:
            self.cursor = keys.index(key)
            self.refresh(layout=True)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.visible_rows)

    def render(self) -> Content:
        rows = self.visible_rows
        width = max((len(r.label) for r in rows), default=0) + 2
        lines: list[Content] = []
        focused = self.has_focus
        for i, row in enumerate(rows):
            here = i == self.cursor
            # The pointer only where the keys go: beside a focused list (the encyclopedia's
            # cards) a pointer here sent a new player's arrows to the wrong pane.
            pointer = "▶ " if here and focused else "  "
            style = "reverse" if here and focused else ("bold" if here else "")
            if row.kind == "button":
                lines.append(Content.assemble(pointer, (f"[ {row.label} ]", f"bold {style}")))
                continue
            if row.kind in ("number", "text"):
                shown = row.text or row.placeholder
                value = Content.assemble((f" {shown} ", style), ("▏" if here else " ", ""))
            else:
                # A long choice is cut, not its closing ›: the arrows say it can be changed.
                room = self.content_region.width - 2 - width - 4
                label = Content(row.choices[row.index][1])
                if room > 1 and label.cell_length > room:
                    label = label.truncate(room, ellipsis=True)
                value = Content.assemble(("‹ ", "dim"), label.stylize(style), (" ›", "dim"))
            lines.append(Content.assemble(pointer, (row.label.ljust(width), "bold"), value))
        return Content("\n").join(lines)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def _changed(self, row: FormRow) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed(self, row))

    def action_cursor_up(self) -> None:
        self.cursor = (self.cursor - 1) % len(self.visible_rows)
        self._changed(self.current)

    def action_cursor_down(self) -> None:
        self.cursor = (self.cursor + 1) % len(self.visible_rows)
        self._changed(self.current)

    def action_first(self) -> None:
        self.cursor = 0
        self._changed(self.current)

    def action_last(self) -> None:
        self.cursor = len(self.visible_rows) - 1
        self._changed(self.current)

    def _step(self, delta: int) -> None:
        row = self.current
        if row.kind != "choice":
            return
        row.index = (row.index + delta) % len(row.choices)
        self._changed(row)

    def action_cursor_left(self) -> None:
        self._step(-1)

    def action_cursor_right(self) -> None:
        self._step(1)

    def action_backspace(self) -> None:
        row = self.current
        if row.kind in ("number", "text") and row.text:
            row.text = row.text[:-1]
            row.edited = True
            self._changed(row)

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self, self.current))

    def on_key(self, event: events.Key) -> None:
        row = self.current
        char = event.character
        typed = char is not None and (
            char.isdigit() if row.kind == "number" else row.kind == "text" and event.is_printable
        )
        if typed and char is not None:
            # Typed here, the key is text: not a binding (h, j, k, l, space, ?).
            event.stop()
            event.prevent_default()
            # Until the row is edited its text is a default ("You"): typing replaces it.
            kept = row.text if row.edited else ""
            if len(kept) < row.max_length and not (
                row.kind == "text" and kept == "" and char == " "
            ):
                row.text = kept + char
                row.edited = True
                self._changed(row)
