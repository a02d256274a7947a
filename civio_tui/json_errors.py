"""Reading JSON from the player's files, with json's complaints in words."""

from __future__ import annotations

import json
from typing import Any


class UnreadableJsonError(ValueError):
    """Text that is not JSON this program can read; the message says why and where."""


def json_error_place(exc: json.JSONDecodeError) -> str:
    """json's reason and where it struck: "Unterminated string starting at line 3 column 5".
    Some of json's messages end in "at", which would otherwise read twice."""
    return f"{exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"


def read_json(text: str) -> Any:
    """The document in `text`. Beside malformed text, json also refuses (with other
    exceptions) an integer of over 4,300 digits and nesting deeper than the stack allows:
    every one of them is an UnreadableJsonError here."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableJsonError(json_error_place(exc)) from None
    except RecursionError:
        raise UnreadableJsonError("nested too deeply") from None
    except ValueError:
        raise UnreadableJsonError("a number too long to read: over 4,300 digits") from None


def field_place(loc: tuple[int | str, ...]) -> str:
    """Where in a document a field is, as `a.b.0.c`: a key that is not plain printable text (a
    line break, a dot, a space at either end) is quoted, so the place stays on one line and
    says exactly which key it is."""
    return ".".join(
        str(part)
        if isinstance(part, int)
        or (part.isprintable() and part == part.strip() and "." not in part and part)
        else repr(part)
        for part in loc
    )
