"""Handing the keyboard over (hot-seat): a screen that hides the game until the next player
says only they can see it.

    from civio_tui.screens.pass_device import PassScreen

    app.push_screen(PassScreen("Ana", leave=table.leave_now, leaving_words="..."), then)

- `PassScreen(name, *, leave=None, leaving_words=..., reason="")`: a full, opaque screen
  showing only "Pass to NAME — press Enter when only NAME can see the screen"
  (`pass_words(name)`), and under it `reason`, when given: why the keyboard moves, in words
  that tell nothing hidden ("Ben is attacked and answers."): no cards, no log, nothing else.
  Enter dismisses it (with None); the result callback of `push_screen` is where the game may
  draw the next player's cards.
- Escape asks "Leave this game?" with `leaving_words` (the Settings' "confirm before leaving"
  is followed, as at the table); on yes the screen closes *without* calling the result callback
  and `leave()` runs, which should close the game with no further question. Without `leave`,
  Escape does nothing but remind the player of Enter.

- `PassScreen(None, ...)`: the cover while the computers play at a hot-seat table, put up as
  soon as a person's move is done: "The computers are playing" (`COMPUTERS_WORDS`) and
  nothing else, and no Enter. `call(name, reason)` then turns it into the pass
  screen for the next person, in place (the table never shows between the two), and Enter
  dismisses it as above.

The dash is drawn as "-" on terminals that cannot show it (the app's ASCII filter, glyphs.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from civio_tui.screens.base import CivioModal
from civio_tui.widgets.footer import KeysFooter

LEAVING_WORDS = "Your game is kept as it was before this turn."


COMPUTERS_WORDS = "The computers are playing — nobody's cards are shown"
COMPUTERS_REASON = "The next player is called by name when the computers are done."


def pass_words(name: str) -> str:
    """The one sentence the pass screen shows."""
    return f"Pass to {name} — press Enter when only {name} can see the screen"


class PassScreen(CivioModal[None], inherit_bindings=False):
    """Everything hidden until `name` presses Enter (see the module docstring).

    Its own keys only, Enter first: the footer reads "⏎ I am ready  esc Menu" (inherited, the
    dialog's Escape would stand first)."""

    CSS_PATH = "pass_device.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I am ready", id="pass.ready"),
        Binding("escape", "back", "Menu", id="pass.menu"),
    ]

    def __init__(
        self,
        name: str | None,
        *,
        leave: Callable[[], None] | None = None,
        leaving_words: str = LEAVING_WORDS,
        reason: str = "",
    ) -> None:
        super().__init__()
        self.player = name
        self._leave = leave
        self.leaving_words = leaving_words
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            if self.player is None:
                yield Static(COMPUTERS_WORDS, id="pass-words")
                yield Static(COMPUTERS_REASON, id="pass-reason")
            else:
                yield Static(pass_words(self.player), id="pass-words")
                yield Static(self.reason, id="pass-reason", classes="" if self.reason else "-none")
        yield KeysFooter()

    def call(self, name: str, reason: str = "") -> None:
        """The computers are done: this cover now hands the keyboard to `name`."""
        self.player = name
        self.reason = reason
        self.query_one("#pass-words", Static).update(pass_words(name))
        words = self.query_one("#pass-reason", Static)
        words.update(reason)
        words.set_class(not reason, "-none")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ready" and self.player is None:
            return False  # nobody is called yet: no Enter in the footer
        return super().check_action(action, parameters)

    def action_ready(self) -> None:
        if self.player is not None:  # (no Enter while the computers play: check_action)
            self.dismiss(None)

    def action_back(self) -> None:
        leave = self._leave
        if leave is None:
            if self.player is not None:
                self.notify(f"Press Enter when only {self.player} can see the screen.", timeout=3)
            return

        def go() -> None:
            self.app.pop_screen()  # not dismiss: the game must not be shown to anyone now
            leave()

        if not self.app.settings.confirm_quit:
            go()
            return
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                go()

        self.app.push_screen(
            ConfirmScreen("Leave this game?", self.leaving_words, yes="Leave", no="Keep playing"),
            answer,
        )
