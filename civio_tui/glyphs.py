"""ASCII for terminals that cannot draw the game's box lines, marks and arrows.

The Linux console (TERM=linux) and a terminal whose locale is not UTF-8 (LANG=C, a Latin-1
locale) show ╭ ✓ ✗ ⏎ ▶ ‹ › « as garbage. There the app draws every line through `AsciiFilter`,
which swaps each such character for an ASCII one of the same width, so borders, marks, arrows
and Textual's own glyphs (scrollbars, the footer's keys) all come out readable. `CIVIO_ASCII=1`
(or `0`) forces the choice.

Importing this module must stay cheap: the app decides at start-up.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

ASCII_ENV = "CIVIO_ASCII"

# One ASCII character per glyph, the same width, so nothing on screen moves.
_GLYPHS: dict[str, str] = {
    **dict.fromkeys("─┄┈╌╴╶╼╾", "-"),
    **dict.fromkeys("━┅┉╍╸╺", "="),
    **dict.fromkeys("═", "="),
    **dict.fromkeys("│┆┊╎╵╷┃┇┋╏╹╻║", "|"),
    **dict.fromkeys("╭╮╰╯┌┐└┘├┤┬┴┼┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬╒╕╘╛╓╖╙╜", "+"),
    **dict.fromkeys("▁▂▃▄▅▆▇█▉▊▋▌▍▎▏▐▀▔▕▖▗▘▙▚▛▜▝▞▟■▮", "#"),
    **dict.fromkeys("░▒▓", "#"),
    "▶": ">",
    "▸": ">",
    "►": ">",
    "◀": "<",
    "◂": "<",
    "◄": "<",
    "‹": "<",
    "›": ">",
    "«": "<",
    "»": ">",
    "→": ">",
    "↳": ">",
    "↪": ">",
    "⟶": ">",
    "⟵": "<",
    "▲": "^",
    "▼": "v",
    "◆": "*",
    "◇": "o",
    "⚠": "!",
    "⋯": ".",
    "−": "-",
    "⇥": ">",
    "⌫": "<",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "⇄": "=",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "×": "x",
    "⏎": "<",
    "★": "*",
    "☆": "*",
    "●": "*",
    "•": "*",
    "○": "o",
    "·": ".",
    "…": ".",
    "—": "-",
    "–": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "≥": ">",
    "≤": "<",
    "±": "~",
    "\u00a0": " ",
}
_TABLE = str.maketrans(_GLYPHS)


def _plain(char: str, cells: int = 1) -> str:
    """A character the table above does not name: its letter without accents (é: e), else `?`
    for each cell it takes."""
    import unicodedata

    base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return base if len(base) == cells else "?" * cells


def ascii_text(text: str) -> str:
    """`text` with every glyph above in ASCII, and any other non-ASCII character plain."""
    text = text.translate(_TABLE)
    if text.isascii():
        return text
    return "".join(c if c.isascii() else _plain(c) for c in text)


def _utf8(locale: str) -> bool:
    return "utf-8" in locale.lower() or "utf8" in locale.lower()


def ascii_terminal(env: Mapping[str, str] | None = None) -> bool:
    """Whether to draw in ASCII: `CIVIO_ASCII` when set, else on the Linux console, else when
    the locale (LC_ALL, then LC_CTYPE, then LANG) is set and is not UTF-8."""
    env = os.environ if env is None else env
    forced = env.get(ASCII_ENV, "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    if env.get("TERM") == "linux":
        return True
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        if name == "LC_CTYPE" and value == "C.UTF-8" and env.get("LANG"):
            # Python coerces a C locale to C.UTF-8 in LC_CTYPE (PEP 538): LANG says more.
            continue
        return not _utf8(value)
    return False


def ascii_key(display: str) -> str:
    """A key as the footer shows it, in ASCII words where Textual draws a symbol."""
    words = {"⏎": "Enter", "⇥": "Tab", "⌫": "Bksp", "←→": "<>", "↑↓": "^v"}
    return ascii_text(words.get(display, display))


def ascii_filter() -> object:
    """A Textual line filter that draws every line in ASCII (imported only when needed)."""
    from rich.cells import cell_len
    from rich.segment import Segment
    from textual.color import Color
    from textual.filter import LineFilter

    def fitted(text: str) -> str:
        out = text.translate(_TABLE)
        if out.isascii():
            return out
        return "".join(c if c.isascii() else _plain(c, max(1, cell_len(c))) for c in out)

    class AsciiFilter(LineFilter):
        def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
            return [
                s if s.text.isascii() else Segment(fitted(s.text), s.style, s.control)
                for s in segments
            ]

    return AsciiFilter()
