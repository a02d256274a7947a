"""The first screen of a served tab: the player's name and PIN.

The screen only asks; `ServedApp.sign_in` decides (name rules, PIN, the lock) and answers with a
sentence to show when the name cannot be used now. The PIN boxes show dots, and are emptied
after every try, so a PIN never stays on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from civio_tui import keymap
from civio_tui.serve.pins import PIN_MAX
from civio_tui.serve.players import PlayerNameError, check_player_name
from civio_tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from civio_tui.serve.child import ServedApp


def _served_app_type() -> type[ServedApp]:
    from civio_tui.serve.child import ServedApp

    return ServedApp


HELP = (
    "Who is playing? Type your name and PIN, then press Enter.\n"
    "First time here? Choose a PIN of 4 to 8 digits and type it in both PIN boxes. "
    "Keep it secret: it keeps your games yours."
)

NEXT_PIN = "Now your PIN, then Enter (first time here: the same PIN in both boxes)."
AGAIN = "Type the same PIN again, then Enter."


def _name_problem(text: str) -> str | None:
    try:
        check_player_name(text)
    except PlayerNameError as exc:
        return str(exc)
    return None


class SignInBox(Input):
    """A box of the sign-in screen: it leaves "?" to the screen (help), since no name or PIN
    holds one."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character != "?" and super().check_consume_key(key, character)


class SignInScreen(Screen[None]):
    """Name, PIN, PIN again (first time only); Enter signs in; a problem is said in one line."""

    CSS_PATH = "sign_in.tcss"
    app = getters.app(_served_app_type)
    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the boxes see it (they leave it to the screen): "?" always means help here.
        Binding(
            "question_mark,f1",
            "app.help",
            "Help",
            priority=True,
            key_display="?",
            id="sign_in.help",
        ),
        *keymap.bindings("app.quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="sign-in-box"):
            yield Static("CIVIO", id="sign-in-title")
            yield Static(HELP, id="sign-in-help")
            with Horizontal(classes="sign-in-row"):
                yield Label("Name", classes="sign-in-label")
                # No length limit in the box: a name too long (typed or pasted) is refused with
                # the limit, never cut to a name the player did not choose. The server bounds
                # what a tab may send.
                yield SignInBox(placeholder="your name", id="sign-in-name")
            with Horizontal(classes="sign-in-row"):
                yield Label("PIN", classes="sign-in-label")
                yield self._pin_box("sign-in-pin", "4 to 8 digits")
            with Horizontal(classes="sign-in-row"):
                yield Label("PIN again", classes="sign-in-label")
                yield self._pin_box("sign-in-again", "first time only")
            yield Static("", id="sign-in-problem")
        yield KeysFooter()

    @staticmethod
    def _pin_box(box_id: str, placeholder: str) -> Input:
        return SignInBox(
            placeholder=placeholder,
            password=True,
            restrict=r"[0-9]*",
            max_length=PIN_MAX,
            id=box_id,
        )

    def on_mount(self) -> None:
        self.query_one("#sign-in-name", Input).focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if event.widget.id == "sign-in-again":
            self.show_note(AGAIN)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = self.query_one("#sign-in-name", Input)
        pin = self.query_one("#sign-in-pin", Input)
        again = self.query_one("#sign-in-again", Input)
        name_problem = _name_problem(name.value)
        if event.input is name and not pin.value:
            # Enter after the name: say now what is wrong with it, or go on to the PIN.
            if name_problem is None:
                self.show_note(NEXT_PIN)
                pin.focus()
            else:
                self.show_problem(name_problem)
            return
        problem = self.app.sign_in(name.value, pin.value, again.value)
        if problem is None:
            return
        pin.value = again.value = ""
        self.show_problem(problem)
        (name if name_problem else pin).focus()

    def show_problem(self, text: str) -> None:
        line = self.query_one("#sign-in-problem", Static)
        line.remove_class("-note")
        line.update(text)

    def show_note(self, text: str) -> None:
        line = self.query_one("#sign-in-problem", Static)
        line.add_class("-note")
        line.update(text)
