"""`civio precedent CARD...`: check one precedent, its points or its first failure and why."""

from __future__ import annotations

import argparse
from typing import Any

from cards.deck import Deck
from cards.go_out import HAND_SIZE, Arrangement
from cards.models import CardType
from cards.precedent import PrecedentCheck, check_precedent
from cards.ruleset import RuleSet
from cards.scoring import winner_score
from civio_tui.commands.common import (
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
        "precedent",
        help="check one precedent: valid with its points, or where and why it fails",
        description="Check the cards, in the order given, as one precedent "
        "(docs/RULES.md, 'A precedent'). Quote names with spaces: "
        "civio precedent School Barnette Tinker. "
        "In --json output the failure position counts from 0.",
        card_help="card names, in order",
    )


def flush_score(check: PrecedentCheck, rules: RuleSet) -> int | None:
    """What the cards score as the winning hand when they are 7 in one valid precedent (a
    Thurgood Flush), else None: a precedent of any other length is only part of a hand."""
    if not check.valid or len(check.cards) != HAND_SIZE:
        return None
    return winner_score(Arrangement("flush", (tuple(check.cards),), check.points), rules)


def precedent_document(deck: Deck, check: PrecedentCheck, rules: RuleSet) -> dict[str, Any]:
    """The `--json` answer; `winner_score` is the Thurgood Flush's score, or null."""
    failure = None
    if not check.valid:
        assert check.failure_position is not None
        failure = {
            "position": check.failure_position,
            "card": deck[check.cards[check.failure_position]].name
            if check.failure_position < len(check.cards)
            else None,
            "reason": check.reason,
        }
    return {
        "valid": check.valid,
        "cards": deck.names(check.cards),
        "failure": failure,
        "points": check.points,
        "winner_score": flush_score(check, rules),
    }


def run(args: argparse.Namespace) -> int:
    deck = deck_from_args(args)
    rules = rules_from_args(args)  # the precedent rules do not vary; the flush's score does
    ids = resolve_cards(deck, args.card)
    check = check_precedent(deck, ids)
    if args.json:
        print_json(precedent_document(deck, check, rules))
        return 0
    if check.valid:
        role = ""
        if check.cra_role is not None:
            cra = next(deck[c].name for c in ids if deck[c].type is CardType.CIVIL_RIGHTS_ACT)
            role = f" ({cra} played as {'a Law' if check.cra_role == 'law' else 'Equality'})"
        unit = "point" if check.points == 1 else "points"
        print(f"valid: {check.points} {unit}{role}")
        print_chain(deck.names(ids))
        score = flush_score(check, rules)
        if score is not None:
            print(
                f"a Thurgood Flush: these 7 cards go out as one precedent, worth {score} as the "
                f"winning hand ({rules.name} rules)"
            )
    else:
        assert check.failure_position is not None
        position = check.failure_position
        where = f"card {position + 1} of {len(ids)}"
        if position < len(ids):
            where += f" ({deck[ids[position]].name})"
        print(f"invalid at {where}: {check.reason}")
    return 0
