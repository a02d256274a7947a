"""`civio stats`: your statistics over every readable campaign in the save folder."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    SAVE_DIR_OPTION,
    SAVE_ROOT_OPTION,
    print_json,
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="your statistics over every campaign: rounds won, win rate by opponent, points",
        description="Statistics from your own seat over every readable campaign in the save "
        "folder: rounds and rounds won, win rate by strongest opponent level with its Wilson 95% "
        "interval, points per round, Thurgood Flushes, fastest CIVIO, attacks made and "
        "suffered, each campaign's points after each round, and the rating (against the "
        "computer and classmates) and puzzle rating with their history. With friends at one "
        "keyboard, --player NAME gives that person's own (without it, each campaign's first "
        "person's).",
        parents=[JSON_OPTION, CARDS_OPTION, SAVE_DIR_OPTION, SAVE_ROOT_OPTION],
    )
    parser.add_argument(
        "--player",
        metavar="NAME",
        help="whose statistics: only the campaigns this person played, from their seat",
    )
    parser.add_argument(
        "--student",
        metavar="NAME",
        help="a student of `civio serve`, as they sign in: the statistics of their own games, "
        "in their folder under --save-root (instead of --save-dir)",
    )


def run(args: argparse.Namespace) -> int:
    from civio_tui.campaigns.catalogue import folder_for, list_campaigns
    from civio_tui.campaigns.stats import human_names, possessive, statistics, summary_lines
    from civio_tui.campaigns.store import SaveError
    from civio_tui.commands.class_cmd import served_player
    from civio_tui.commands.common import UsageError, deck_from_args
    from civio_tui.plurals import counted
    from civio_tui.ratings import main_person, rating_lines, ratings_document

    deck = deck_from_args(args)
    save_dir = getattr(args, "save_dir", None)
    whose_folder = None  # the student's name, when the folder is a served student's
    if args.student is not None:
        if save_dir is not None:
            raise UsageError("--student and --save-dir: choose one")
        student = served_player(args, args.student, "--student")
        save_dir, whose_folder = student.path, student.name
    try:
        folder = folder_for(save_dir)
        summaries = list_campaigns(folder, deck)
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    campaigns = [s.campaign for s in summaries if s.campaign is not None]
    people = human_names(campaigns)
    player = args.player.strip() if args.player is not None else None
    if player is None and whose_folder is not None:
        # A student's own folder: their own seat in each game (a classmate's table they sat
        # at has the host in its first seat).
        player = next((p for p in people if p.casefold() == whose_folder.casefold()), None)
    if player is not None and player.casefold() not in {p.casefold() for p in people}:
        listed = ", ".join(people) or "none"
        raise UsageError(f"--player: nobody called {player!r} played here (players: {listed})")
    document = statistics(campaigns, deck, player)
    document.update(ratings_document(folder.path, document["player"]))
    unreadable = [s.name for s in summaries if s.campaign is None]
    document["unreadable"] = unreadable
    if args.json:
        print_json(document)
        return 0
    heading = document["player"] or whose_folder
    if heading is not None:
        print(f"{possessive(heading)} statistics:")
    # With friends at one keyboard the rating is one person's: say whose.
    whose = main_person(folder.path, campaigns) if player is None and len(people) > 1 else None
    print("\n".join(summary_lines(document) + rating_lines(document, whose)))
    for camp in document["per_campaign"]:
        totals = ", ".join(
            f"{name} {points[-1] if points else 0}"
            for name, points in camp["points_after_round"].items()
        )
        rounds = counted(camp["rounds"], "round")
        print(f"{camp['name']}: {rounds}, {camp['rounds_won']} won ({totals})")
    if player is None and len(people) > 1:
        # Friends' games were counted from their first person's seat: say how to see anyone's.
        print(
            "(Each game is counted from its first person's seat; --player NAME gives one "
            f"person's own: {', '.join(people)}.)"
        )
    if unreadable:
        print(
            f"Not counted: {counted(len(unreadable), 'save')} that cannot be read "
            f"({', '.join(unreadable)}): `civio campaign list` says why."
        )
    if not summaries and whose_folder is None and _is_class(folder.path):
        print(
            "This is the folder of a class of `civio serve`: `civio stats --student NAME "
            f"--save-root {folder.path}` gives one student's statistics."
        )
    print(f"({folder.path})")
    return 0


def _is_class(path: Path) -> bool:
    """Whether `path` is the save root of `civio serve` (its players' folders), not one
    player's save folder."""
    from civio_tui.serve.players import player_folders

    try:
        return bool(player_folders(path))
    except OSError:
        return False
