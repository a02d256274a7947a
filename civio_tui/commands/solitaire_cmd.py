"""`civio solitaire par --seed S`: the best score any player could have had on a Solitaire deal."""

from __future__ import annotations

import argparse
from typing import Any

from cards.games.solitaire.game import DEAL_SIZE, deal_cards, par, seed_of_day
from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    check_game_deck,
    deck_from_args,
    parse_day,
    print_chain,
    print_json,
)
from civio_tui.games import SOLITAIRE
from civio_tui.plurals import counted


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solitaire",
        help="Solitaire tools: par (the best score possible) of a deal",
        description="Solitaire (docs/RULES.md, 'Other ways to play'): 21 cards turned one at a "
        "time; call CIVIO from the turned cards; score 1 per point card plus 1 per card "
        "still face down.",
    )
    sub = parser.add_subparsers(dest="solitaire_command", metavar="ACTION", required=True)
    par_parser = sub.add_parser(
        "par",
        help="the best score any player could have had on deal SEED",
        description="Par = the best, over k, of the points of the best CIVIO among the "
        "first k cards plus the 21 - k cards still face down.",
        parents=[JSON_OPTION, CARDS_OPTION],
    )
    which = par_parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--seed", type=int, help="the deal's seed (any whole number)")
    which.add_argument("--date", metavar="YYYY-MM-DD", help="the deal of the day for this date")


def seed_from_args(args: argparse.Namespace) -> int:
    if args.seed is not None:
        return int(args.seed)
    return seed_of_day(parse_day(args.date))


def run(args: argparse.Namespace) -> int:
    deck = deck_from_args(args)
    check_game_deck(SOLITAIRE.id, deck)  # a pack too small for a deal, by its file
    seed = seed_from_args(args)
    deal = deal_cards(deck, seed)
    best = par(deck, deal)
    if args.json:
        print_json({"seed": seed, "cards": deck.names(deal), "par": best.to_json(deck)})
        return 0
    # As the game's title says it: "deal of the day, 2026-11-25 · seed 20261125".
    day = f" of the day, {parse_day(args.date).isoformat()}" if args.seed is None else ""
    print(f"Solitaire deal{day} · seed {seed}:")
    for i, c in enumerate(deal, 1):
        print(f"  {i:2}. {deck[c].name}")
    if not best.precedents:
        print(f"par: 0 (the {DEAL_SIZE} cards hold no CIVIO)")
        return 0
    print(
        f"par: {best.score} = {counted(best.points, 'point')} "
        f"+ {DEAL_SIZE - best.turned} cards still face down, calling CIVIO after "
        f"turning {best.turned}:"
    )
    for precedent in best.precedents:
        print_chain(deck.names(precedent))
    return 0
