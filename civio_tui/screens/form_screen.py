"""A screen built around one form in a titled box (New game, New Easy Play game): opening it
shows the lines that apply, puts the cursor on Start (Enter plays at once with the settings
shown) and says under the form what the current line does."""

from __future__ import annotations

from typing import ClassVar

from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.choice_form import ChoiceForm, FormRow


class FormScreen(CivioScreen[None]):
    """Subclasses name the box (`FORM_BOX`, its id) and its title, and say which lines show
    (`_sync_rows`) and what the help under the form reads (`_show_help`)."""

    FORM_BOX: ClassVar[str]
    FORM_TITLE: ClassVar[str]

    def on_mount(self) -> None:
        self.query_one(f"#{self.FORM_BOX}").border_title = self.FORM_TITLE
        form = self.query_one(ChoiceForm)
        self._sync_rows(form)
        form.move_to("start")
        form.focus()
        self._show_help(form.current)

    def _sync_rows(self, form: ChoiceForm) -> None:
        """Show the lines the current choices call for."""

    def _show_help(self, row: FormRow) -> None:
        raise NotImplementedError
