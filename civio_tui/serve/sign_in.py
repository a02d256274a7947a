"""The first screen of a served tab: "Who is playing?" (the player's name).

The screen only asks; `ServedApp.sign_in` decides (name rules, the lock) and answers with a
sentence to show when the name cannot be used now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import getters
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from civio_tui import keymap
from civio_tui.settings import MAX_NAME

if TYPE_CHECKING:
    from civio_tui.serve.child import ServedApp


def _served_app_type() -> type[ServedApp]:
    from civio_tui.serve.child import ServedApp

    return ServedApp


class SignInScreen(Screen[None]):
    """Type your name, press Enter; a problem is said in one line under the box."""

    CSS_PATH = "sign_in.tcss"
    app = getters.app(_served_app_type)
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings("app.quit")

    def compose(self) -> ComposeResult:
        with Vertical(id="sign-in-box"):
            yield Static("CIVIO", id="sign-in-title")
            yield Static(
                "Who is playing? Type your name and press Enter.\n"
                "Use the same name next time to continue your games.",
                id="sign-in-help",
            )
            yield Input(
                placeholder="your name",
                max_length=MAX_NAME,
                id="sign-in-name",
            )
            yield Static("", id="sign-in-problem")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#sign-in-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = self.app.sign_in(event.value)
        self.show_problem(problem or "")

    def show_problem(self, text: str) -> None:
        self.query_one("#sign-in-problem", Static).update(text)
