"""Help: every key, from the keymap data, with the card marks explained."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Footer, Static

from civio_tui import keymap
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.cards import HIDDEN_MARK, TYPE_LEGEND, TYPE_LETTER, TYPE_STYLE
from civio_tui.widgets.scroll import KeyScroll


def help_content(remaps: dict[str, str], width: int = 0) -> Content:
    """The whole help text: keys by context, then the card marks. A key's id that would not
    fit in `width` columns on its line goes on the next one, under the description."""
    parts: list[str | tuple[str, str] | Content] = [
        ("Keys", "bold underline"),
        "\nArrows or h j k l move · Enter or Space act · Tab moves between panes.\n",
    ]
    for context, title in keymap.CONTEXTS.items():
        specs = [s for s in keymap.KEYS if s.id.split(".")[0] == context]
        if not specs:
            continue
        parts.append(("\n" + title + "\n", "bold $accent"))
        for spec in specs:
            if spec.id.startswith("table.pick_"):
                # The nine "pick option N" keys read as one line.
                if spec.id != "table.pick_1":
                    continue
                keys, text, ident = "1-9", "Pick option 1-9 of the question", "table.pick_1 … _9"
            else:
                keys, text, ident = keymap.key_label(spec.id, remaps), spec.help, spec.id
            head = f"  {keys:<18}"
            fits = not width or len(head) + 1 + len(text) + 2 + len(ident) <= width
            gap = "  " if fits else "\n" + " " * (len(head) + 1)
            parts.extend([(head, "bold"), f" {text}", (gap + ident, "dim"), "\n"])
    parts.append(("\nCard marks\n", "bold underline"))
    letter_style = {TYPE_LETTER[t]: s for t, s in TYPE_STYLE.items()}
    for letter, label in TYPE_LEGEND:
        parts.extend(["  ", (f"[{letter}]", letter_style[letter]), f" {label}\n"])
    parts.extend(
        [
            ("  +1 ", "bold"),
            "a point card (the booklet's star)\n",
            (f"  {HIDDEN_MARK} … hidden ", "dim italic"),
            " one of your 2 hidden cards: opponents cannot see it\n",
            "  ✓ / ✗  a precedent is valid / invalid (the reason is written beside it)\n",
            ("\nRemapping keys\n", "bold underline"),
            'Each key above has an id (dim). Put new keys in settings.json under "keymap", e.g.\n',
            ('  "keymap": {"table.hint": "f3"}\n', "italic"),
            "The Settings screen shows where settings.json lives.\n",
        ]
    )
    return Content.assemble(*parts)


class HelpScreen(CivioScreen[None]):
    """Every key of the game, grouped by where it works."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,question_mark,f1", "back", "Close", show=False, id="help.close")
    ]

    def compose(self) -> ComposeResult:
        with KeyScroll(id="help-scroll", classes="pane"):
            yield Static(help_content(self.app.settings.keymap), id="help-text")
        yield Footer()

    def on_resize(self) -> None:
        width = self.query_one("#help-text", Static).content_region.width
        if width:
            self.query_one("#help-text", Static).update(
                help_content(self.app.settings.keymap, width)
            )

    def on_mount(self) -> None:
        scroll = self.query_one(KeyScroll)
        scroll.border_title = "Help: every key"
        scroll.focus()
