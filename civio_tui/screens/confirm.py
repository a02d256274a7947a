"""A yes/no question before anything that loses progress."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from civio_tui.screens.base import CivioModal


class ConfirmScreen(CivioModal[bool]):
    """Dismisses with True for yes, False for no; Escape means no. y/n answer at once."""

    CSS_PATH = "confirm.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n", "answer(False)", "No", id="confirm.no"),
        Binding("left,h", "app.focus_previous", "Left", show=False, id="confirm.left"),
        Binding("right,l", "app.focus_next", "Right", show=False, id="confirm.right"),
        Binding("space", "press_focused", "Press", show=False, id="confirm.press"),
    ]

    def __init__(self, title: str, message: str, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.title_text = title
        self.message = message
        self.yes_label = yes
        self.no_label = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.title_text, id="confirm-title")
            yield Static(self.message, id="confirm-message")
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.no_label} (n)", id="no")
                yield Button(f"{self.yes_label} (y)", id="yes", variant="error")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_press_focused(self) -> None:
        if isinstance(self.focused, Button):
            self.focused.press()

    def action_back(self) -> None:
        self.dismiss(False)


def leave_unfinished(screen: Screen[None], unfinished: bool, kept: str | None = None) -> None:
    """Leave `screen`; when the game is `unfinished`, ask first. `kept` says where a saved game
    can be continued (None: the game is not saved)."""
    if not unfinished:
        screen.dismiss(None)
        return

    def answer(yes: bool | None) -> None:
        if yes:
            screen.dismiss(None)

    screen.app.push_screen(
        ConfirmScreen(
            "Leave this game?",
            f"It is saved: {kept}" if kept else "It is not finished and will not be kept.",
            yes="Leave",
            no="Keep playing",
        ),
        answer,
    )
