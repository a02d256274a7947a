"""Help: every key, from the keymap data, with the card marks explained."""

from __future__ import annotations

import textwrap
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static

from civio_tui import keymap
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.cards import HIDDEN_MARK, TYPE_LEGEND, TYPE_LETTER, TYPE_STYLE
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.scroll import KeyScroll

KEY_COLUMN = 21
"""Where a key's description starts; its wrapped lines start there too."""


_INTRO = "Arrows or h j k l move · Enter or Space act · Tab moves between panes."
_NEW_HERE = (
    "New to CIVIO? Learn to play on the main menu teaches the game in short lessons; F2 opens "
    "the rules, with the words they use explained at the end."
)


def _wrapped(text: str, width: int) -> str:
    """A paragraph fitted to `width` (0: one line), ending in a newline."""
    return "\n".join(textwrap.wrap(text, width) if width >= 20 else [text]) + "\n"


# The keys a screen uses, by its module's path under civio_tui.screens, for screens that do not
# say so with HELP_FIRST: a player who opens Help in Solitaire or a lesson looks for that
# screen's keys and should not have to scroll past every other screen's to find them.
# The main menu keeps the keymap's order: the keys that work everywhere come first there.
_SCREEN_CONTEXTS: dict[str, str] = {
    "civio.table": "table",
    "card_detail": "browse",
    "encyclopedia": "browse",
    "links": "browse",
    "solitaire.screen": "games",
    "puzzles": "games",
    "concentration.screen": "games",
    "card_games": "games",
    "easy_play.screen": "easy",
    "lesson": "lesson",
    "lessons": "lesson",
    "replay": "look",
    "statistics": "look",
}


def context_for(screen: object) -> str | None:
    """The keymap context to show first in Help opened over `screen`: its HELP_FIRST, else the
    one its module is known by (None: the keymap's order)."""
    first = getattr(screen, "HELP_FIRST", None)
    if first is not None:
        return str(first)
    module = type(screen).__module__.removeprefix("civio_tui.screens.")
    return _SCREEN_CONTEXTS.get(module)


def _contexts(first: str | None) -> list[str]:
    """The key groups in the order shown: the screen's own first (at the table, the table's
    keys and Your cards'), then the rest in the keymap's order."""
    order = list(keymap.CONTEXTS)
    if first == "table":
        return ["table", "hand", *(c for c in order if c not in ("table", "hand"))]
    if first in order:
        return [first, *(c for c in order if c != first)]
    return order


def _key_line(keys: str, text: str, width: int) -> list[str | tuple[str, str]]:
    """`  ? / F1             Open the help`, the description wrapped under itself."""
    head = f"  {keys:<{KEY_COLUMN - 3}} "
    room = width - KEY_COLUMN if width else 0
    lines = textwrap.wrap(text, room) if room >= 20 else [text]
    rest = "".join("\n" + " " * KEY_COLUMN + line for line in lines[1:])
    return [(head, "bold"), lines[0] + rest + "\n"]


def help_content(remaps: dict[str, str], width: int = 0, first: str | None = None) -> Content:
    """The whole help text: keys by where they work (`first`: the context to start with),
    then the card marks. Lines fit `width` columns (0: no limit)."""
    parts: list[str | tuple[str, str] | Content] = [
        ("Keys", "bold underline"),
        "\n" + _wrapped(_INTRO, width),
        (_wrapped(_NEW_HERE, width), "italic"),
    ]
    for context in _contexts(first):
        specs = [s for s in keymap.KEYS if s.id.split(".")[0] == context]
        if not specs:
            continue
        parts.append(("\n" + keymap.CONTEXTS[context] + "\n", "bold $accent"))
        lines: list[tuple[str, str]] = []
        for spec in specs:
            if spec.id.startswith("table.pick_"):
                # The nine "pick option N" keys read as one line.
                if spec.id != "table.pick_1":
                    continue
                keys, text = "1-9", "Pick option 1-9 of the question"
            else:
                keys, text = keymap.key_label(spec.id, remaps), spec.help
            if lines and lines[-1][1] == text:
                # An arrow and its vi key do one thing: "← / h  Replay: one event back", one
                # line as in the lists' keys, not two lines saying the same.
                lines[-1] = (f"{lines[-1][0]} / {keys}", text)
            else:
                lines.append((keys, text))
        for keys, text in lines:
            parts.extend(_key_line(keys, text, width))
    parts.append(("\nCard marks\n", "bold underline"))
    letter_style = {TYPE_LETTER[t]: s for t, s in TYPE_STYLE.items()}
    for letter, label in TYPE_LEGEND:
        parts.extend(["  ", (f"[{letter}]", letter_style[letter]), f" {label}\n"])
    marks: list[tuple[str | tuple[str, str], str]] = [
        (("+1", "bold"), "a point card (the booklet's star)"),
        (
            (f"{HIDDEN_MARK} … hidden", "dim italic"),
            "one of your 2 hidden cards: opponents cannot see it",
        ),
        (
            (f"Brown{HIDDEN_MARK}", "italic"),
            "an opponent's hidden card that you know (you saw it go into their hand)",
        ),
        (
            (f"{HIDDEN_MARK}×2", "dim"),
            "how many hidden cards an opponent has that you do not know",
        ),
        (
            "↳ +Brown −Tinker",
            "an opponent's last turn: took Brown from the discard pile, discarded Tinker"
            f" (+Brown{HIDDEN_MARK}: it holds Brown hidden)",
        ),
        (
            "↳ after … before",
            "under your highlighted card: which of your cards it may follow or go before in a "
            'precedent; after "table:", which face-up cards on the table (the discard pile\'s '
            "top, the opponents' cards)",
        ),
        ("✓ / ✗", "a precedent is valid / not valid (the reason is written under it)"),
    ]
    for mark, text in marks:
        shown = mark if isinstance(mark, tuple) else (mark, "")
        head = Content.styled(f"  {shown[0]:<{KEY_COLUMN - 3}} ", shown[1])
        parts.extend([head, *_key_line("", text, width)[1:]])
    remap = (
        "Put new keys in settings.json (the Settings screen shows where it is), by the names "
        'listed in docs/PLAYING.md, e.g. "keymap": {"table.hint": "f3"}.'
    )
    parts.append(("\nChanging keys\n", "bold underline"))
    parts.append(_wrapped(remap, width))
    return Content.assemble(*parts)


class HelpScreen(CivioScreen[None]):
    """Every key of the game, grouped by where it works."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,question_mark,f1", "back", "Close", show=False, id="help.close")
    ]

    def __init__(self, first: str | None = None) -> None:
        super().__init__()
        self.first = first
        """The keys to show first: "table" when opened at the table."""

    def compose(self) -> ComposeResult:
        with KeyScroll(id="help-scroll", classes="pane"):
            yield Static(help_content(self.app.settings.keymap, first=self.first), id="help-text")
        yield KeysFooter()

    def on_resize(self) -> None:
        # The scroll's room beside its scroll bar: the text's own width may still be the one
        # from before the long help got its bar, and a line wrapped to it breaks once more at
        # the left margin ("…that you do" / "not" / "know").
        text = self.query_one("#help-text", Static)
        width = self.query_one(KeyScroll).scrollable_content_region.width - text.gutter.width
        if width > 0:
            text.update(help_content(self.app.settings.keymap, width, self.first))

    def on_mount(self) -> None:
        scroll = self.query_one(KeyScroll)
        scroll.border_title = "Help: every key"
        scroll.border_subtitle = "↑↓ PgUp PgDn to read on · Esc back"
        scroll.focus()
