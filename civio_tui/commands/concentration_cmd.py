"""`civio concentration pairs`: the publisher's 10 Concentration pairs."""

from __future__ import annotations

import argparse
from typing import Any

from cards.games.concentration.game import pair_link, pairs
from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    check_game_deck,
    deck_from_args,
    print_json,
)
from civio_tui.games import CONCENTRATION


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "concentration",
        help="Concentration tools: the publisher's 10 pairs",
        description="Concentration (docs/RULES.md, 'Other ways to play'): the publisher's 10 pairs "
        "face down in 4 rows of 5; turn up two cards; a listed pair is captured.",
    )
    sub = parser.add_subparsers(dest="concentration_command", metavar="ACTION", required=True)
    sub.add_parser(
        "pairs",
        help="the 10 pairs",
        description="The publisher's 10 pairs, and their links.",
        parents=[JSON_OPTION, CARDS_OPTION],
    )


def run(args: argparse.Namespace) -> int:
    deck = deck_from_args(args)
    check_game_deck(CONCENTRATION.id, deck)
    found = pairs(deck)
    if args.json:
        print_json([[deck[a].name, deck[b].name] for a, b in found])
        return 0
    for a, b in found:
        print(f"{deck[a].name} / {deck[b].name}")
        print(f"  {pair_link(deck, a, b)}")
    return 0
