"""Settings: your name, AI speed, theme (with a colour-blind-safe one), confirmations. Saved
as you go."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Footer, Static

from civio_tui import keymap
from civio_tui.screens.base import CivioScreen
from civio_tui.settings import (
    AI_SPEED_LABELS,
    MAX_NAME,
    SETTINGS_FILE,
    THEME_LABELS,
    config_dir,
)
from civio_tui.widgets.choice_form import ChoiceForm, FormRow

_ON_OFF = [("on", "On"), ("off", "Off")]


class SettingsScreen(CivioScreen[None]):
    """Each change applies at once (the theme too) and is saved to settings.json."""

    CSS_PATH = "settings.tcss"

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        name = FormRow(
            "player_name",
            "Your name",
            kind="text",
            text="" if settings.new_game.player_name == "You" else settings.new_game.player_name,
            placeholder="You",
            max_length=MAX_NAME,
            help="Type your name for the table, the log and the results of new games "
            "(Backspace deletes; empty means You).",
        )
        speed = FormRow(
            "ai_speed",
            "AI speed",
            list(AI_SPEED_LABELS.items()),
            help="How fast opponents' turns play out, step by step.",
        )
        speed.select(settings.ai_speed)
        theme = FormRow(
            "theme",
            "Theme",
            list(THEME_LABELS.items()),
            help="Colours. Cards always show a type letter too, so colour is never needed.",
        )
        theme.select(settings.theme)
        confirm = FormRow(
            "confirm_quit",
            "Ask before quitting",
            list(_ON_OFF),
            help="Ask before leaving a game in progress.",
        )
        confirm.select("on" if settings.confirm_quit else "off")
        tips = FormRow(
            "table_tips",
            "Table tips",
            list(_ON_OFF),
            help="Show a line of advice for the current question at the table.",
        )
        tips.select("on" if settings.table_tips else "off")
        rows = [name, speed, theme, confirm, tips, FormRow("done", "Done", kind="button")]
        with Vertical(id="settings-box", classes="pane"):
            yield ChoiceForm(rows, id="settings-form")
            yield Static(id="settings-help")
            yield Static(self._paths_text(), id="settings-paths")
        yield Footer()

    def _paths_text(self) -> str:
        remaps = self.app.settings.keymap
        unknown = keymap.unknown_ids(remaps)
        lines = [f"Settings file: {config_dir() / SETTINGS_FILE}"]
        if remaps:
            lines.append(f"Remapped keys: {len(remaps)} (see Help for every key's id)")
        if unknown:
            lines.append(f"Unknown key ids in settings.json: {', '.join(unknown)}")
        return "\n".join(lines)

    def on_mount(self) -> None:
        self.query_one("#settings-box").border_title = "Settings"
        form = self.query_one(ChoiceForm)
        form.focus()
        self._show_help(form.current)

    def _show_help(self, row: FormRow) -> None:
        keys = "type" if row.kind == "text" else "←→ or Space change"
        self.query_one("#settings-help", Static).update(
            row.describe() + f"\n↑↓ choose · {keys} · Enter or Esc done"
        )

    def on_choice_form_changed(self, event: ChoiceForm.Changed) -> None:
        values = event.form.values()
        new_game = self.app.settings.new_game.model_copy(
            update={"player_name": " ".join(values["player_name"].split()) or "You"}
        )
        settings = self.app.settings.model_copy(
            update={
                "new_game": new_game,
                "ai_speed": values["ai_speed"],
                "theme": values["theme"],
                "confirm_quit": values["confirm_quit"] == "on",
                "table_tips": values["table_tips"] == "on",
            }
        )
        if settings != self.app.settings:
            self.app.apply_settings(settings)
        self._show_help(event.form.current)

    def on_choice_form_submitted(self, event: ChoiceForm.Submitted) -> None:
        self.dismiss(None)
