"""`civio games`: the games this CIVIO plays, with their seats and AI levels."""

from __future__ import annotations

import argparse

from civio_tui.commands.common import JSON_OPTION, print_json, table_lines


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    subparsers.add_parser(
        "games",
        help="list the games: id, title, seats and AI levels",
        description="List the games CIVIO plays: the id that commands take (--game ID), the "
        "title, the fewest and most seats, and the computer levels.",
        parents=[JSON_OPTION],
    )


def run(args: argparse.Namespace) -> int:
    from civio_tui.games import GAMES

    docs = [g.to_json() for g in GAMES]
    if args.json:
        print_json(docs)
        return 0
    rows = [
        (
            d["id"],
            d["title"],
            "-".join(str(n) for n in dict.fromkeys(d["seats"])),
            ", ".join(d["levels"]) or "(one player)",
        )
        for d in docs
    ]
    print("\n".join(table_lines(("id", "title", "seats", "computer levels"), rows)))
    return 0
