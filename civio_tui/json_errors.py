"""JSON parse errors in words, for messages about the player's files."""

from __future__ import annotations

import json


def json_error_place(exc: json.JSONDecodeError) -> str:
    """json's reason and where it struck: "Unterminated string starting at line 3 column 5".
    Some of json's messages end in "at", which would otherwise read twice."""
    return f"{exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"
