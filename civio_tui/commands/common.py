"""What the headless subcommands share: errors, options, output."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from typing import Any

from cards.deck import Deck, UnknownCardError, load_deck
from cards.ruleset import RuleSet


class UsageError(Exception):
    """Bad input from the user: printed as one line on stderr, exit code 2."""


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        metavar="FILE",
        # No default of its own, or it would wipe out `civio --cards FILE COMMAND`'s value.
        default=argparse.SUPPRESS,
        help="play with a custom card pack (TOML) instead of the standard deck",
    )


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        choices=["booklet", "summary"],
        default="booklet",
        help="rule reading: booklet (default) or summary (house rules)",
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def add_card_list_parser(
    subparsers: Any, name: str, *, help: str, description: str, card_help: str
) -> argparse.ArgumentParser:
    """A subcommand that checks the cards named on the command line: CARD... with --json,
    --rules and --cards."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description
    )
    parser.add_argument("card", nargs="+", metavar="CARD", help=card_help)
    add_json_option(parser)
    add_rules_option(parser)
    add_cards_option(parser)
    return parser


def deck_from_args(args: argparse.Namespace) -> Deck:
    return load_deck(getattr(args, "cards", None))


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    return RuleSet.named(getattr(args, "rules", "booklet") or "booklet")


def resolve_cards(deck: Deck, texts: list[str], *, distinct: bool = True) -> list[int]:
    """Card ids for command-line names; unknown names and repeats are usage errors."""
    ids: list[int] = []
    for position, text in enumerate(texts, 1):
        try:
            card_id = deck.lookup(text)
        except UnknownCardError as exc:
            raise UsageError(f"card {position}: {exc}") from None
        if distinct and card_id in ids:
            raise UsageError(
                f"card {position}: {deck[card_id].name!r} is given twice (each card is unique)"
            )
        ids.append(card_id)
    return ids


def print_chain(names: list[str]) -> None:
    """One precedent as an indented line of card names: "  A → B → C"."""
    print("  " + " → ".join(names))


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def parse_day(text: str, option: str = "--date") -> date:
    """A YYYY-MM-DD option value; anything else is a usage error naming the option."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{option} {text!r} is not a date like 2026-11-25") from None
