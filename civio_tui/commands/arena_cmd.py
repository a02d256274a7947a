"""`civio arena`: AI-against-AI rounds with win rates, confidence intervals and speed."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    RULES_OPTION,
    UsageError,
    check_game_deck,
    deck_from_args,
    print_json,
    rules_from_args,
    table_lines,
)

MAX_ROUNDS = 100_000
"""The most rounds one run plays: some minutes between random players, a day between Hard ones."""
MAX_JOBS = 64
MAX_TURNS = 10_000
"""The longest round allowed by --max-turns (the rule sets end a round after 300 turns)."""


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "arena",
        help="play AI opponents against each other and report win rates",
        description=(
            "Play AI opponents against each other for N rounds and report, per seat, wins with "
            "a 95% Wilson interval, mean points, flushes and decision latency."
        ),
        parents=[JSON_OPTION, RULES_OPTION, CARDS_OPTION],
    )
    parser.add_argument(
        "--players",
        required=True,
        metavar="A,B[,C,D]",
        help="2-4 comma-separated AI levels, one per seat (e.g. random,random,random)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=100,
        help=f"rounds to play, 1 to {MAX_ROUNDS:,} (default 100)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for the whole run (default 0)")
    parser.add_argument(
        "--max-turns",
        type=int,
        default=None,
        metavar="T",
        help="turns before a round ends with no winner (default: the rule set's 300)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="J",
        help="play rounds on J processes at once (default 1); the figures are the same, "
        "latency is per decision on whichever core played it",
    )
    from civio_tui.arena import arena_games
    from civio_tui.games import CIVIO

    parser.add_argument(
        "--game",
        choices=arena_games(),
        default=CIVIO.id,
        metavar="ID",
        help=f"which game the AIs play, each with its own AI levels (`civio games`): "
        f"{', '.join(arena_games())} (default {CIVIO.id})",
    )


def _players(text: str, game_id: str) -> list[str]:
    from civio_tui.games import CIVIO, game

    info = game(game_id)
    low, high = max(2, info.seats[0]), info.seats[1]
    names = [p.strip().lower() for p in text.split(",")]
    if not low <= len(names) <= high or any(not n for n in names):
        raise UsageError(f"--players needs {low}-{high} comma-separated names, got {text!r}")
    levels = info.levels()
    whose = "" if info is CIVIO else f"{info.title} "
    for name in names:
        try:
            levels.info(name)
        except ValueError:
            known = ", ".join(levels.names(include_unoffered=True))
            raise UsageError(f"unknown {whose}player {name!r}: known players are {known}") from None
    return names


def progress_bar(stream: TextIO | None) -> Callable[[int, int], None] | None:
    """A bar of rounds played, redrawn in place on `stream` when it is a terminal (None when
    it is not: logs and pipes get no bar). Each redraw is flushed, since a terminal's stderr
    shows a line only at its end and the bar ends its line only when the run is done."""
    if stream is None or not stream.isatty():
        return None
    shown = -1

    def progress(done: int, total: int) -> None:
        nonlocal shown
        step = done * 200 // total  # redraw at most 200 times, whatever the batches
        if step == shown:
            return
        shown = step
        width = 30
        filled = width * done // total
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if done == total else ""
        print(f"\rarena [{bar}] {done}/{total} rounds", end=end, file=stream, flush=True)

    return progress


def format_table(doc: dict[str, Any], title: str = "CIVIO") -> str:
    """The arena document of game `title` as a readable text table (with the rounds won from a
    discard and lost by feeding it, in a game with a discard pile)."""
    discards = all("won_from_discard" in seat for seat in doc["seats"])
    rows = []
    for s, seat in enumerate(doc["seats"]):
        lo, hi = seat["ci95"]
        lat = seat["latency_ms"]
        rows.append(
            (
                str(s),
                seat["player"],
                str(seat["wins"]),
                f"{seat['win_rate']:.1%}",
                f"{lo:.1%}-{hi:.1%}",
                f"{seat['mean_points']:.2f}",
                str(seat["flushes"]),
                *(str(seat[k]) for k in ("won_from_discard", "lost_by_feeding") if discards),
                f"{lat['p50']:.3f}",
                f"{lat['p95']:.3f}",
                f"{lat['max']:.3f}",
            )
        )
    header: tuple[str, ...] = (
        "seat",
        "player",
        "wins",
        "win rate",
        "95% CI",
        "mean pts",
        "flushes",
    )
    if discards:
        header = (*header, "from discard", "fed")
    latency = ("p50 ms", "p95 ms", "max ms")
    return "\n".join(
        [
            f"civio arena: {title}, {doc['rounds']} rounds, seed {doc['seed']}"
            + (f", rules {doc['rules']}, max {doc['max_turns']} turns" if doc["rules"] else ""),
            "",
            *table_lines((*header, *latency), rows, right=range(2, len(header) + 3)),
            "",
            f"draws (no single winner): {doc['draws']}    mean turns: {doc['mean_turns']}",
            f"speed: {doc['rounds_per_sec']} rounds/s, {doc['actions_per_sec']} actions/s",
            *(
                [
                    "from discard: rounds won with the previous player's discard;",
                    "fed: rounds lost by discarding the card the winner took",
                ]
                if discards
                else []
            ),
        ]
    )


def run(args: argparse.Namespace) -> int:
    from cards.table import check_pack
    from civio_tui.arena import run_arena
    from civio_tui.games import game

    players = _players(args.players, args.game)
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise UsageError(f"--rounds must be at least 1 and at most {MAX_ROUNDS:,}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be at least 1 and at most {MAX_JOBS}")
    if args.max_turns is not None and not 1 <= args.max_turns <= MAX_TURNS:
        raise UsageError(f"--max-turns must be at least 1 and at most {MAX_TURNS:,}")
    info = game(args.game)
    if not info.ranked:  # a game without rule versions reads no rule set (Concentration)
        options = (("--rules", args.rules), ("--max-turns", args.max_turns))
        given = [option for option, value in options if value is not None]
        if given:
            raise UsageError(
                f"{info.title} has no rule versions or turn limit: {given[0]} is not for it"
            )
    rules = rules_from_args(args)
    if args.max_turns is not None:
        rules = rules.model_copy(update={"max_turns": args.max_turns})
    deck = deck_from_args(args)
    check_game_deck(args.game, deck)
    check_pack(deck, len(players))

    progress = progress_bar(sys.stderr)
    doc = run_arena(
        players, args.rounds, args.seed, rules, deck, progress, jobs=args.jobs, game=args.game
    )
    if args.json:
        print_json(doc)
    else:
        print(format_table(doc, info.title))
    return 0
