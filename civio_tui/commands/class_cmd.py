"""`civio class`: the teacher's list of a served class (read-only)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from civio_tui.commands.common import add_json_option, print_json


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "class",
        help="the players of `civio serve`: rank, points, rounds, last played",
        description="List every player who has signed in to `civio serve` with their latest "
        "game: rank, points, rounds played and when they last played. Changes nothing.",
    )
    parser.add_argument(
        "--save-root",
        metavar="DIR",
        help="the server's --save-root (default: the 'served' folder in the user data folder)",
    )
    add_json_option(parser)


def root_from_args(args: argparse.Namespace) -> Path:
    from civio_tui.serve.players import default_save_root

    return Path(args.save_root).expanduser() if args.save_root else default_save_root()


def run(args: argparse.Namespace) -> int:
    from civio_tui.commands.common import deck_from_args
    from civio_tui.serve.roster import class_rows

    root = root_from_args(args)
    rows = class_rows(root, deck_from_args(args))
    if args.json:
        print_json({"save_root": str(root), "players": [row.to_json() for row in rows]})
        return 0
    if not rows:
        print(f"No player has signed in yet (players' folders: {root}).")
        return 0
    header = f"{'player':<20}  {'rank':<34}  {'points':>6}  {'rounds':>6}  last played"
    print(header)
    for row in rows:
        when = row.last_played.astimezone().strftime("%Y-%m-%d %H:%M") if row.last_played else "-"
        notes = []
        if row.playing_now:
            notes.append("playing now")
        if row.unreadable:
            notes.append(f"{row.unreadable} unreadable save(s)")
        rank = row.rank or "(no game yet)"
        points = "-" if row.points is None else str(row.points)
        rounds = "-" if row.rounds is None else str(row.rounds)
        line = f"{row.name:<20}  {rank:<34}  {points:>6}  {rounds:>6}  {when}"
        print(line + (f"  ({', '.join(notes)})" if notes else ""))
    return 0
