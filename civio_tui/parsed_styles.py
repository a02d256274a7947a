"""One parse of each style source per theme for the whole process.

Textual parses the style sources of an app again, every one of them, each time a screen with
styles of its own is first shown and each time the theme is set (every new app sets it): its
cache of parsed sources belongs to one stylesheet and a reparse starts a new one. A parse
depends only on the source, where it was read from, its scope and the theme's variables, so
keyed by those one parse serves every later reparse, every app the process makes (the tests
make hundreds) and, in `civio serve`, every forked tab. Textual never changes parsed rules
after the parse (its own cache hands the same ones out again).
"""

from __future__ import annotations

from typing import Any

_installed = False


def share_parsed_styles() -> None:
    """Keep Textual's parse of each (style source, theme variables) for the whole process
    (once; later calls change nothing)."""
    global _installed
    if _installed:
        return
    _installed = True
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    shared: dict[tuple[object, ...], list[Any]] = {}

    def shared_parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[Any]:
        theme = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, theme)
        rules = shared.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            shared[key] = rules
        return rules

    Stylesheet._parse_rules = shared_parse_rules  # type: ignore[method-assign]
