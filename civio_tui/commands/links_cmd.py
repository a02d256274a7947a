"""`civio links CARD`: every card the given card may follow or be followed by, and why."""

from __future__ import annotations

import argparse
from typing import Any

from cards.deck import Deck, UnknownCardError
from cards.link_reasons import Link, can_follow, can_precede
from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    UsageError,
    deck_from_args,
    print_json,
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "links",
        help="which cards a card may follow or be followed by in a precedent, and the rule why",
        description="List every card of the deck that the given card may stand right after "
        "(can follow) or right before (can precede) in some valid precedent, each with the "
        "rule's sentence. Quote names with spaces: civio links 'Brown v Board'.",
        parents=[JSON_OPTION, CARDS_OPTION],
    )
    parser.add_argument("card", metavar="CARD", help="a card name (loose matching)")


def links_document(deck: Deck, card: int) -> dict[str, Any]:
    """The `--json` answer (docs/ARCHITECTURE.md, "links")."""
    return {
        "card": deck[card].name,
        "can_follow": [{"card": deck[x.prev].name, "why": x.why} for x in can_follow(deck, card)],
        "can_precede": [{"card": deck[x.card].name, "why": x.why} for x in can_precede(deck, card)],
    }


def _print_side(deck: Deck, title: str, links: list[Link], other: str) -> None:
    print(f"{title} ({len(links)}):" if links else f"{title}: none")
    for x in links:
        print(f"  {deck[getattr(x, other)].name}: {x.why}")


def run(args: argparse.Namespace) -> int:
    deck = deck_from_args(args)
    try:
        card = deck.lookup(args.card)
    except UnknownCardError as exc:
        raise UsageError(f"card: {exc}") from None
    if args.json:
        print_json(links_document(deck, card))
        return 0
    shown = deck[card]
    year = f", {shown.year}" if shown.year is not None else ""
    print(f"{shown.name} ({shown.type_label()}{year})")
    _print_side(deck, "Can follow", can_follow(deck, card), "prev")
    _print_side(deck, "Can be followed by", can_precede(deck, card), "card")
    return 0
