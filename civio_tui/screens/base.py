"""What every CIVIO screen shares: a typed `app`, and Escape to go back."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual import getters
from textual.binding import BindingType
from textual.screen import ModalScreen, Screen

from civio_tui import keymap

if TYPE_CHECKING:
    from civio_tui.app import CivioApp

ResultT = TypeVar("ResultT")


def civio_app_type() -> type[CivioApp]:
    from civio_tui.app import CivioApp

    return CivioApp


class CivioScreen(Screen[ResultT]):
    """A full screen; Escape goes back to the screen below."""

    app = getters.app(civio_app_type)
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings("app.back")
    HELP_FIRST: ClassVar[str | None] = None
    """The keymap context Help shows first when opened here (None: the keymap's order)."""

    def action_back(self) -> None:
        self.dismiss(None)


class CivioModal(ModalScreen[ResultT]):
    """A dialog over the current screen; Escape closes it."""

    app = getters.app(civio_app_type)
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings("app.back")

    def action_back(self) -> None:
        self.dismiss(None)
