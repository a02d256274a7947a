"""Settings: your name, AI speed, theme (with a colour-blind-safe one), confirmations. Saved
as you go."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

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
from civio_tui.widgets.footer import KeysFooter

_ON_OFF = [("on", "On"), ("off", "Off")]
# The on/off settings: (key, label, help).
_TOGGLES = [
    ("confirm_quit", "Ask before quitting", "Ask before leaving a game in progress."),
    (
        "table_tips",
        "Table tips",
        "Show a line of advice for the current question at the table.",
    ),
    (
        "teaching_hints",
        "Teaching hints",
        "At each of your decisions, say what to look at (a link, a card's needs) without "
        "choosing for you. H still gives a nudge, then the move.",
    ),
]


def _choice_row(
    key: str, label: str, choices: list[tuple[str, str]], selected: str, help: str
) -> FormRow:
    """A row of choices with `selected` chosen."""
    row = FormRow(key, label, choices, help=help)
    row.select(selected)
    return row


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
            f"(at most {MAX_NAME} characters; empty means You).",
            # A served player's name is the one they signed in with: their folder and PIN.
            visible=self.app.signed_in_as is None,
        )
        speed = _choice_row(
            "ai_speed",
            "AI speed",
            list(AI_SPEED_LABELS.items()),
            settings.ai_speed,
            help="How fast opponents' turns play out, step by step.",
        )
        theme = _choice_row(
            "theme",
            "Theme",
            list(THEME_LABELS.items()),
            settings.theme,
            help="Colours. Cards always show a type letter too, so colour is never needed.",
        )
        toggles = [
            _choice_row(key, label, list(_ON_OFF), "on" if getattr(settings, key) else "off", help)
            for key, label, help in _TOGGLES
        ]
        rows = [name, speed, theme, *toggles, FormRow("done", "Done", kind="button")]
        with Vertical(id="settings-box", classes="pane"):
            yield ChoiceForm(rows, id="settings-form")
            yield Static(id="settings-help")
            yield Static(self._paths_text(), id="settings-paths")
        yield KeysFooter()

    def _paths_text(self) -> str:
        remaps = self.app.settings.keymap
        unknown = keymap.unknown_ids(remaps)
        signed_in = self.app.signed_in_as
        if signed_in is not None:
            lines = [f"Your name: {signed_in} (the name you signed in with)"]
        elif self.app.served:
            lines = []
        else:
            lines = [f"Settings file: {(self.app.config_dir or config_dir()) / SETTINGS_FILE}"]
        if self.app.served:
            lines.append("Your settings are kept with your saved games.")
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
        new_game = self.app.settings.new_game
        if self.app.signed_in_as is None:
            new_game = new_game.model_copy(
                update={"player_name": " ".join(values["player_name"].split()) or "You"}
            )
        settings = self.app.settings.model_copy(
            update={
                "new_game": new_game,
                "ai_speed": values["ai_speed"],
                "theme": values["theme"],
                **{key: values[key] == "on" for key, _, _ in _TOGGLES},
            }
        )
        if settings != self.app.settings:
            self.app.apply_settings(settings)
        self._show_help(event.form.current)

    def on_choice_form_submitted(self, event: ChoiceForm.Submitted) -> None:
        self.dismiss(None)
