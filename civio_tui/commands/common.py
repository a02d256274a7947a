"""What the headless subcommands share: errors, options, output."""

from __future__ import annotations

import argparse
import io
import json
import os
import stat
import sys
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import date
from typing import Any

from cards.deck import Deck, UnknownCardError, load_deck
from cards.ruleset import RuleSet
from cards.user_files import path_problem, shown_path
from civio_tui.games import MAX_GAME_ROUNDS


class UsageError(Exception):
    """Bad input from the user: printed as one line on stderr, exit code 2."""


def file_argument(text: str) -> str:
    """An option's file name (argparse `type=`): refused at once when it can name no file, so
    the error is one line about the option rather than a failure later."""
    problem = path_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def folder_argument(what: str) -> Callable[[str], str]:
    """The argparse `type=` of an option naming a folder (`what`, "the save folder"): as
    `file_argument`, and a path that exists must be a folder (a missing one is created by
    whoever writes there)."""

    def check(text: str) -> str:
        file_argument(text)
        place = f"{what} {shown_path(text)}"
        try:
            mode = os.stat(os.path.expanduser(text)).st_mode
        except FileNotFoundError:
            return text
        except NotADirectoryError:
            raise argparse.ArgumentTypeError(f"{place}: part of the path is a file") from None
        except OSError as exc:
            raise argparse.ArgumentTypeError(f"{place}: {exc.strerror or exc}") from None
        if not stat.S_ISDIR(mode):
            raise argparse.ArgumentTypeError(f"{place} is a file, not a folder")
        return text

    return check


def _parent() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(add_help=False)


# The options many commands share, given to `add_parser(..., parents=[...])`. `--cards`,
# `--save-dir` and `--save-root` have no default of their own (SUPPRESS), or a subcommand's would
# wipe out the value given before it (`civio --cards FILE COMMAND`); read them with
# getattr(args, ..., None).
JSON_OPTION = _parent()
JSON_OPTION.add_argument("--json", action="store_true", help="print one JSON document on stdout")

CARDS_OPTION = _parent()
CARDS_OPTION.add_argument(
    "--cards",
    metavar="FILE",
    type=file_argument,
    default=argparse.SUPPRESS,
    help="play with a custom card pack (TOML) instead of the standard deck",
)

RULES_OPTION = _parent()
RULES_OPTION.add_argument(
    "--rules",
    choices=["booklet", "summary"],
    help="rule reading: booklet (default) or summary (house rules)",
)

SAVE_DIR_OPTION = _parent()
SAVE_DIR_OPTION.add_argument(
    "--save-dir",
    metavar="DIR",
    type=folder_argument("the save folder"),
    default=argparse.SUPPRESS,
    help="the save folder (default: $CIVIO_SAVE_DIR, else your user data folder)",
)

SAVE_ROOT_OPTION = _parent()
SAVE_ROOT_OPTION.add_argument(
    "--save-root",
    metavar="DIR",
    type=folder_argument("the players' folders"),
    default=argparse.SUPPRESS,
    help="where `civio serve` keeps the players' folders (default: a 'served' folder in the "
    "user data folder)",
)


def add_card_list_parser(
    subparsers: Any, name: str, *, help: str, description: str, card_help: str
) -> argparse.ArgumentParser:
    """A subcommand that checks the cards named on the command line: CARD... with --json,
    --rules and --cards."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name,
        help=help,
        description=description,
        parents=[JSON_OPTION, RULES_OPTION, CARDS_OPTION],
    )
    parser.add_argument("card", nargs="+", metavar="CARD", help=card_help)
    return parser


def check_game_rounds(rounds: int, option: str = "--rounds") -> None:
    """A game length given on the command line: 1 to MAX_GAME_ROUNDS rounds."""
    if not 1 <= rounds <= MAX_GAME_ROUNDS:
        raise UsageError(f"{option} {rounds}: give 1 to {MAX_GAME_ROUNDS:,} rounds")


def deck_from_args(args: argparse.Namespace) -> Deck:
    return load_deck(getattr(args, "cards", None))


def check_game_deck(game_id: str, deck: Deck) -> None:
    """A card pack that cannot play game `game_id` (its `GameInfo.cannot_play`, such as a pack
    without the publisher's Concentration pairs): one line naming the file and saying why,
    before any play."""
    from civio_tui.games import game

    cannot_play = game(game_id).cannot_play
    problem = cannot_play(deck) if cannot_play is not None else None
    if problem is not None:
        raise UsageError(f"{deck.source}: {problem.rstrip('.')}")


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


def table_lines(
    header: Sequence[str], rows: Iterable[Sequence[str]], *, right: Collection[int] = ()
) -> list[str]:
    """Rows of text under a header, in columns two spaces apart, one line per row however
    long; the columns numbered in `right` are right-aligned. rich lays the columns out by
    each cell's width on screen, so names in wide characters (ＡＮＡ) line up too; the cells
    are plain text (a "[" in a name is never read as markup)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    for column, title in enumerate(header):
        table.add_column(Text(title), justify="right" if column in right else "left", no_wrap=True)
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    buffer = io.StringIO()
    console = Console(file=buffer, width=1_000_000, color_system=None, legacy_windows=False)
    console.print(table, crop=False)
    return [line.rstrip() for line in buffer.getvalue().splitlines()]


def fitting_columns(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    width: int,
    spare: Sequence[str],
    last_free: bool = True,
) -> list[int]:
    """The columns of a table that fit `width`: the columns named in `spare` are left out, in
    that order, until the lines fit (or none of `spare` is left). With `last_free`, the last
    column (notes that only some rows have) may run past `width`."""
    kept = list(range(len(header)))

    def widest() -> int:
        cols = kept[:-1] if last_free and len(kept) > 1 else kept
        lines = table_lines([header[c] for c in cols], [[r[c] for c in cols] for r in rows])
        return max((len(line) for line in lines), default=0)

    for name in spare:
        if widest() <= width:
            break
        kept.remove(header.index(name))
    return kept


def terminal_width() -> int | None:
    """The width to fit a table to: the terminal's when standard output is one, or `COLUMNS`
    when set; None (no limit) when the output goes to a file or a pipe."""
    if "COLUMNS" not in os.environ and not sys.stdout.isatty():
        return None
    import shutil

    return shutil.get_terminal_size().columns


def print_table(
    header: Sequence[str], rows: Iterable[Sequence[str]], *, right: Collection[int] = ()
) -> None:
    """`table_lines`, printed."""
    print("\n".join(table_lines(header, rows, right=right)))


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def parse_day(text: str, option: str = "--date") -> date:
    """A YYYY-MM-DD option value; anything else is a usage error naming the option."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{option} {text!r} is not a date like 2026-11-25") from None
