"""The process keeps one parse of each style source per theme: a later stylesheet (a screen
shown for the first time, a new app, a new theme) reuses it instead of parsing again, and a
different theme parses its own."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from civio_tui.parsed_styles import share_parsed_styles

SOURCE = "Label { color: $accent; }"


def _parsed(accent: str) -> Stylesheet:
    sheet = Stylesheet(variables={"accent": accent})
    sheet.add_source(SOURCE, read_from=("test_parsed_styles.tcss", ""))
    sheet.parse()
    return sheet


def test_a_style_source_is_parsed_once_per_theme_and_each_theme_keeps_its_colours() -> None:
    share_parsed_styles()
    share_parsed_styles()  # a second app's call changes nothing
    red, red_again, blue = _parsed("red"), _parsed("red"), _parsed("blue")
    assert red.rules[0] is red_again.rules[0]
    red_again.reparse()
    assert red_again.rules[0] is red.rules[0]
    assert blue.rules[0] is not red.rules[0]
    assert red.rules[0].styles.color != blue.rules[0].styles.color
