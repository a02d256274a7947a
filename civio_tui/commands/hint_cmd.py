"""`civio hint FILE [--json]`: the move the strongest AI would make in a position, and why.

FILE holds `{"view": ..., "decision": ...}` exactly as the engine serialises a `PlayerView` and
its pending `Decision` (`-` reads standard input). The answer is `{"option": ..., "reason": ...}`
with `--json`, or the move and the sentence as text. The search is seeded from the position, so
the same file always gets the same hint.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from civio_tui.commands.common import (
    UsageError,
    add_cards_option,
    add_json_option,
    deck_from_args,
    print_json,
)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "hint",
        help="suggest a move for a saved position, with one sentence why",
        description=(
            "Read a position (a player's view and its pending decision, as the engine "
            'serialises them: {"view": ..., "decision": ...}) and print the move the strongest '
            "AI level would make, with one sentence why."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the position as JSON; - reads stdin")
    add_cards_option(parser)
    add_json_option(parser)


def _read(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a UTF-8 text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not valid JSON: {exc}") from None


def run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from ai.hint import hint
    from cards.actions import Decision, InvalidActionError
    from cards.view import PlayerView

    data = _read(args.file)
    if not isinstance(data, dict):
        raise UsageError(
            f'{args.file}: the position must be a JSON object {{"view": ..., "decision": ...}}'
        )
    missing = [key for key in ("view", "decision") if key not in data]
    if missing:
        raise UsageError(
            f"{args.file}: the position has no {' or '.join(repr(k) for k in missing)}"
            ' (expected {"view": ..., "decision": ...})'
        )
    try:
        view = PlayerView.model_validate(data["view"])
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        place = f"view.{where}" if where else "view"
        raise UsageError(f"{args.file}: malformed {place}: {first['msg']}") from None
    if not isinstance(data["decision"], dict):
        raise UsageError(f"{args.file}: malformed decision: expected a JSON object")
    try:
        decision = Decision.from_json(data["decision"])
    except InvalidActionError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    deck = deck_from_args(args)
    if view.deck_sha256 != deck.sha256:
        raise UsageError(
            "the view belongs to a different card deck (use --cards FILE for a custom pack)"
        )
    if decision.seat != view.seat:
        raise UsageError(
            f"the decision is seat {decision.seat}'s but the view is seat {view.seat}'s"
        )
    if view.is_over or view.pending is None:
        raise UsageError("the round in this view is over: there is nothing to decide")
    _check_consistent(view, decision, deck)
    try:
        action, reason = hint(view, decision, deck)
    except (ValueError, LookupError, AssertionError, TypeError) as exc:
        raise UsageError(
            f"the view and decision do not describe a playable position: {exc}"
        ) from None
    if args.json:
        print_json({"option": action.to_json(), "reason": reason})
    else:
        print(action.to_str(deck))
        print(reason)
    return 0


def _check_consistent(view: Any, decision: Any, deck: Any) -> None:
    """Reject positions the engine could not have produced, with a one-line reason."""
    size = len(deck)
    for action in decision.options:
        for card in (action.card, *action.cards):
            if card is not None and not 0 <= card < size:
                raise UsageError(f"the decision names card id {card}, not in the deck")
    for card in view.face_up + view.hidden:
        if not 0 <= card < size:
            raise UsageError(f"the view names card id {card}, not in the deck")
    if not decision.options:
        raise UsageError("the decision has no options")
