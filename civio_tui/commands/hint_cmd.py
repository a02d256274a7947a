"""`civio hint FILE [--json]`: the move the strongest AI would make in a position, and why.

FILE holds `{"view": ..., "decision": ...}` exactly as the engine serialises a `PlayerView` and
its pending `Decision` (`-` reads standard input). The answer is `{"option": ..., "reason": ...}`
with `--json`, or the move and the sentence as text. The search is seeded from the position, so
the same file always gets the same hint.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cards.user_files import UserFileError, read_stream_text, read_user_text, shown_path
from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    UsageError,
    deck_from_args,
    file_argument,
    print_json,
)
from civio_tui.json_errors import UnreadableJsonError, field_place, read_json


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "hint",
        help="suggest a move for a saved position, with one sentence why",
        description=(
            "Read a position (a player's view and its pending decision, as the engine "
            'serialises them: {"view": ..., "decision": ...}) and print the move the strongest '
            "AI level would make, with one sentence why."
        ),
        parents=[JSON_OPTION, CARDS_OPTION],
    )
    parser.add_argument(
        "file", metavar="FILE", type=file_argument, help="the position as JSON; - reads stdin"
    )


def _place(path: str) -> str:
    """How messages name the FILE argument."""
    return "standard input" if path == "-" else shown_path(path)


def _read(path: str) -> Any:
    place = _place(path)
    try:
        if path == "-":
            if sys.stdin is None:
                raise UsageError("no standard input to read the position from")
            text = read_stream_text(sys.stdin, place)
        else:
            text = read_user_text(path)
    except UserFileError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot read {place}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{place}: not a UTF-8 text file") from None
    try:
        return read_json(text)
    except UnreadableJsonError as exc:
        raise UsageError(f"{place}: not valid JSON: {exc}") from None


def run(args: argparse.Namespace) -> int:
    from ai.civio.hint import hint

    data = _read(args.file)
    deck = deck_from_args(args)
    try:
        view, decision = _position(data, deck)
        try:
            action, reason = hint(view, decision, deck)
        except (ValueError, LookupError, AssertionError, TypeError) as exc:
            raise UsageError(
                f"the view and decision do not describe a playable position: {_reason(exc)}"
            ) from None
    except UsageError as exc:
        raise UsageError(f"{_place(args.file)}: {exc}") from None
    if args.json:
        print_json({"option": action.to_json(), "reason": reason})
    else:
        print(action.to_str(deck))
        print(reason)
    return 0


def _position(data: Any, deck: Any) -> tuple[Any, Any]:
    """The view and decision a position file holds, checked as far as the engine can."""
    from pydantic import ValidationError

    from cards.games.civio.actions import Decision, InvalidActionError
    from cards.games.civio.view import PlayerView

    if not isinstance(data, dict):
        raise UsageError('the position must be a JSON object {"view": ..., "decision": ...}')
    missing = [key for key in ("view", "decision") if key not in data]
    if missing:
        raise UsageError(
            f"the position has no {' or '.join(repr(k) for k in missing)}"
            ' (expected {"view": ..., "decision": ...})'
        )
    try:
        view = PlayerView.model_validate(data["view"])
    except ValidationError as exc:
        first = exc.errors()[0]
        where = field_place(first["loc"])
        raise UsageError(
            f"malformed {f'view.{where}' if where else 'view'}: {first['msg']}"
        ) from None
    if not isinstance(data["decision"], dict):
        raise UsageError("malformed decision: expected a JSON object")
    try:
        decision = Decision.from_json(data["decision"])
    except InvalidActionError as exc:
        raise UsageError(str(exc)) from None
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
    return view, decision


def _check_consistent(view: Any, decision: Any, deck: Any) -> None:
    """Reject positions the engine could not have produced, with a one-line reason: the
    decision must be the one the engine poses in any round that shows this view."""
    import random

    from ai.civio.determinise import sample_world
    from cards.games.civio.round import Round

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
    if not 0 <= view.seat < view.seats:
        raise UsageError(f"the view's seat {view.seat} is not one of its {view.seats} seats")
    if [p.seat for p in view.players] != list(range(view.seats)):
        raise UsageError(f"the view's players are not seats 0 to {view.seats - 1} in order")
    placed = list(view.face_up) + list(view.hidden) + list(view.discard_pile)
    for p in view.players:
        if p.seat != view.seat:
            placed += list(p.face_up) + list(p.known_hidden)
    twice = next((c for c in placed if placed.count(c) > 1), None)
    if twice is not None:
        name = deck[twice].name if 0 <= twice < size else f"card id {twice}"
        raise UsageError(f"the view shows {name} in two places")
    try:
        posed = Round.from_view(view, deck, sample_world(view, deck, random.Random(0))).decision
    except (ValueError, LookupError, AssertionError, TypeError) as exc:
        raise UsageError(
            f"the view does not describe a playable position: {_reason(exc)}"
        ) from None
    if posed is None or posed.seat != decision.seat or posed.kind != decision.kind:
        raise UsageError(
            f"the view poses a {posed.kind.value if posed else 'no'} decision to seat "
            f"{posed.seat if posed else '-'}, not this {decision.kind.value} decision"
        )
    extra = [a for a in decision.options if a not in posed.options]
    if extra:
        raise UsageError(
            f"the decision offers {extra[0].to_str(deck)!r}, which the rules do not allow here"
        )
    missing = [a for a in posed.options if a not in decision.options]
    if missing:
        raise UsageError(f"the decision leaves out the legal option {missing[0].to_str(deck)!r}")


def _reason(exc: Exception) -> str:
    """An exception's message, or its kind when it has none (a bare KeyError, say)."""
    return str(exc) or type(exc).__name__
