"""`civio hand C1..C7`: can these 7 cards go out, how, and what they score."""

from __future__ import annotations

import argparse
from typing import Any

from cards.deck import Deck
from cards.go_out import HAND_SIZE, best_go_out, best_non_winner
from cards.ruleset import RuleSet
from cards.scoring import winner_score
from civio_tui.commands.common import (
    UsageError,
    add_card_list_parser,
    deck_from_args,
    print_chain,
    print_json,
    resolve_cards,
    rules_from_args,
)


def add_parser(subparsers: Any) -> None:
    add_card_list_parser(
        subparsers,
        "hand",
        help="can these 7 cards go out: the arrangement and the scores",
        description="Find whether 7 distinct cards go out (a 3-card and a 4-card precedent, or a "
        "7-card Thurgood Flush), the best arrangement and its winner score, and the score the "
        "hand would get as a non-winner.",
        card_help="exactly 7 card names",
    )


def hand_document(deck: Deck, hand: list[int], rules: RuleSet) -> dict[str, Any]:
    """The `--json` answer."""
    arrangement = best_go_out(deck, hand, rules)
    nw_points, nw_precedents = best_non_winner(deck, hand)
    return {
        "goes_out": arrangement is not None,
        "kind": arrangement.kind if arrangement else None,
        "precedents": [deck.names(p) for p in arrangement.precedents] if arrangement else [],
        "winner_score": winner_score(arrangement, rules) if arrangement else None,
        "non_winner_score": nw_points,
        "non_winner_precedents": [deck.names(p) for p in nw_precedents],
    }


def run(args: argparse.Namespace) -> int:
    deck = deck_from_args(args)
    rules = rules_from_args(args)
    if len(args.card) != HAND_SIZE:
        raise UsageError(f"a hand is exactly {HAND_SIZE} cards; got {len(args.card)}")
    hand = resolve_cards(deck, args.card)
    doc = hand_document(deck, hand, rules)
    if args.json:
        print_json(doc)
        return 0
    if doc["goes_out"]:
        what = (
            "a Thurgood Flush (one 7-card precedent)"
            if doc["kind"] == "flush"
            else "a 3-card and a 4-card precedent"
        )
        print(f"goes out: {what}")
        for names in doc["precedents"]:
            print_chain(names)
        print(f"winner score: {doc['winner_score']} ({rules.name} rules)")
    else:
        print("does not go out")
    print(f"non-winner score: {doc['non_winner_score']}")
    for names in doc["non_winner_precedents"]:
        print_chain(names)
    return 0
