"""`civio cards`: the deck, every card with its type, year, issues, links, action and points."""

from __future__ import annotations

import argparse
from typing import Any

from cards.models import Card, CardType
from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    UsageError,
    deck_from_args,
    print_json,
    table_lines,
)
from civio_tui.plurals import counted

# Accepted spellings of --type besides the data values ("case", "civil_rights_act", ...).
_TYPE_ALIASES = {
    "cases": CardType.CASE,
    "laws": CardType.LAW,
    "amendments": CardType.AMENDMENT,
    "freedoms": CardType.FREEDOM,
    "issues": CardType.ISSUE,
    "cra": CardType.CIVIL_RIGHTS_ACT,
    "civil_rights_act_of_1964": CardType.CIVIL_RIGHTS_ACT,
    "marbury": CardType.WILD,
    "wild_card": CardType.WILD,
}


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "cards",
        help="list the deck: every card with its links and points",
        description="List every card of the deck (or of a custom pack) with the facts the rules "
        "read: type, year, issues, plus and minus columns, amendments, action and points.",
        parents=[JSON_OPTION, CARDS_OPTION],
    )
    parser.add_argument(
        "--type",
        metavar="TYPE",
        help="only cards of this type: "
        + ", ".join(t.value for t in CardType)
        + " (plurals accepted)",
    )


def parse_type(text: str) -> CardType:
    key = "_".join(text.strip().lower().replace("-", " ").split())
    for card_type in CardType:
        if key == card_type.value:
            return card_type
    if key in _TYPE_ALIASES:
        return _TYPE_ALIASES[key]
    choices = ", ".join(t.value for t in CardType)
    raise UsageError(f"unknown card type {text!r}: choose one of {choices}")


def card_document(card: Card) -> dict[str, Any]:
    """One card as `civio cards --json` prints it."""
    return {
        "name": card.name,
        "full_name": card.full_name,
        "aliases": list(card.aliases),
        "type": card.type.value,
        "year": card.year,
        "issues": list(card.issues),
        "plus": list(card.plus),
        "minus": list(card.minus),
        "amendments": list(card.amendments),
        "action": (
            {"kind": card.action.kind, "what": card.action.what.value} if card.action else None
        ),
        "points": card.points,
        "summary": card.summary,
        "provenance": card.provenance,
    }


def run(args: argparse.Namespace) -> int:
    deck = deck_from_args(args)
    wanted = parse_type(args.type) if args.type is not None else None
    cards = [c for c in deck.cards if wanted is None or c.type is wanted]
    if args.json:
        print_json([card_document(c) for c in cards])
        return 0
    print(render_table(cards))
    return 0


def _amendments(card: Card) -> str:
    return ", ".join(str(n) for n in card.amendments)


def render_table(cards: list[Card]) -> str:
    """A plain aligned table, one card a line; the long columns (plus, minus) come last."""
    header = ("NAME", "TYPE", "YEAR", "PTS", "AMEND", "ISSUES", "ACTION", "PLUS", "MINUS")
    rows = []
    for card in cards:
        rows.append(
            (
                card.name,
                card.type_label(),
                "" if card.year is None else str(card.year),
                str(card.points),
                _amendments(card),
                ", ".join(card.issues),
                card.action.describe() if card.action else "",
                ", ".join(card.plus),
                ", ".join(card.minus),
            )
        )
    return "\n".join([*table_lines(header, rows), counted(len(cards), "card")])
