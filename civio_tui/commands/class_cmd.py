"""`civio class`: the teacher's list of a served class and its progress, PIN resets, and
closing a table."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cards.user_files import shown_path
from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    SAVE_ROOT_OPTION,
    UsageError,
    deck_from_args,
    fitting_columns,
    print_json,
    print_table,
    terminal_width,
)

if TYPE_CHECKING:
    from civio_tui.classroom import StudentProgress
    from civio_tui.serve.players import PlayerFolder


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "class",
        help="the players of `civio serve`: lessons, puzzles, rounds, rating, last played; "
        "reset a PIN",
        description="List every player who has signed in to `civio serve`: lessons done and "
        "their stars, puzzles solved at the first answer and later and the current streak, "
        "rounds won of rounds played, the rank and points of their latest game, their rating, "
        "when they last played, whether they have a PIN, how many wrong PINs were typed for "
        "their name and how long a computer they never signed in from must wait for the next "
        "try, whether a tab plays as them now and at which table they sit. Changes no game "
        "(each player's folder keeps a cache of these figures). "
        "`civio class reset-pin NAME` removes a forgotten PIN: the next visit chooses a new one. "
        "`civio class lock NAME` keeps a name from signing in (a game open under it goes on "
        "until it ends: the teacher's page's Lock ends it at once), `unlock NAME` lets it in "
        "again. `civio class close-table CODE` ends a table (its game recorded as abandoned). "
        "`civio class set-password` sets the password of the teacher's page (asked twice; "
        "from the first line of standard input when that is no terminal).",
        parents=[JSON_OPTION, SAVE_ROOT_OPTION, CARDS_OPTION],
    )
    parser.add_argument(
        "--csv",
        action="store_true",
        help="print the players as CSV: one row per player, the columns of --json",
    )
    parser.add_argument(
        "action",
        nargs="?",
        choices=["reset-pin", "lock", "unlock", "close-table", "set-password"],
        help="reset-pin: remove NAME's PIN; lock, unlock: whether NAME may sign in; "
        "close-table: end the table CODE (recorded as abandoned); set-password: the teacher's "
        "page's password",
    )
    parser.add_argument(
        "name",
        nargs="?",
        metavar="NAME|CODE",
        help="the player (reset-pin, lock, unlock), the table's code (close-table)",
    )


def root_from_args(args: argparse.Namespace) -> Path:
    from civio_tui.serve.players import default_save_root

    given = getattr(args, "save_root", None)
    return Path(given).expanduser() if given else default_save_root()


def run(args: argparse.Namespace) -> int:
    if args.action == "reset-pin":
        return _reset_pin(args)
    if args.action in ("lock", "unlock"):
        return _lock(args)
    if args.action == "close-table":
        return _close_table(args)
    if args.action == "set-password":
        return _set_password(args)
    if args.name is not None:
        raise UsageError(f"unexpected {args.name!r} (did you mean `civio class reset-pin NAME`?)")
    if args.json and args.csv:
        raise UsageError("--json and --csv: choose one")
    from civio_tui.classroom import SaveRootError, class_progress, open_tables, progress_csv
    from civio_tui.serve.tries import TriesStore

    root = root_from_args(args)
    if getattr(args, "save_root", None) and not root.is_dir():
        raise UsageError(f"--save-root {shown_path(root)}: no such folder")
    # The standard deck is loaded only if a game must be read (`class_progress`).
    deck = deck_from_args(args) if getattr(args, "cards", None) else None
    try:
        rows = class_progress(root, deck)
        tables, problem = open_tables(root)
        pins_problem = TriesStore(root).problem()
    except SaveRootError as exc:
        raise UsageError(f"--save-root {shown_path(root)}: {exc.reason}") from None
    except OSError as exc:
        raise UsageError(f"--save-root {shown_path(root)}: {exc.strerror or exc}") from None
    if args.csv:
        sys.stdout.write(progress_csv(rows))
        return 0
    if args.json:
        print_json(
            {
                "save_root": str(root),
                "players": [row.model_dump(mode="json") for row in rows],
                "tables": [t.to_json() for t in tables],
                "tables_problem": problem,
                "pins_problem": pins_problem,
            }
        )
        return 0
    if pins_problem:
        print(f"PINs: {pins_problem}")
    _print_tables(tables, problem)
    if not rows:
        print(f"No player has signed in yet (players' folders: {root}).")
        return 0
    _print_players(rows)
    if any(row.unreadable_games for row in rows):
        print(
            "Unreadable saves are kept as they are and not counted: a class that plays a card "
            "pack is read with `civio class --cards FILE`; a student's Campaigns screen says "
            "why of each."
        )
    return 0


HEADER = (
    "player", "lessons", "stars", "puzzles 1st/later", "streak", "puzzle rating",
    "won/rounds", "rank", "points", "rating", "last played", "PIN", "",
)  # fmt: skip
RIGHT = {
    "lessons", "stars", "puzzles 1st/later", "streak", "puzzle rating", "won/rounds", "points",
    "rating",
}  # fmt: skip
SPARE = ("stars", "streak", "PIN", "puzzle rating", "rank", "points", "puzzles 1st/later")
"""The columns left out, first to last, while the list is wider than the terminal; the
name, lessons, rounds won, rating, last game and notes always stay."""


def _print_players(rows: list[StudentProgress]) -> None:
    """The class list, as wide as the terminal allows: columns it cannot fit are named below
    it (--csv and --json have them all)."""
    lines = [_line(row) for row in rows]
    width = terminal_width()
    kept = list(range(len(HEADER)))
    if width is not None:
        kept = fitting_columns(HEADER, lines, width, SPARE)
    header = [HEADER[c] for c in kept]
    right = [i for i, c in enumerate(kept) if HEADER[c] in RIGHT]
    print_table(header, [[line[c] for c in kept] for line in lines], right=right)
    left_out = [HEADER[c] for c in range(len(HEADER)) if c not in kept]
    if left_out and width is not None:
        import textwrap

        said = (
            f"Not shown at {width} columns: {', '.join(left_out)} (a wider terminal, --csv "
            "or --json shows them)."
        )
        print(textwrap.fill(said, width=max(width - 1, 40)))


def _line(row: StudentProgress) -> tuple[str, ...]:
    """One student's line of the class list."""
    from civio_tui.plurals import counted

    when = row.last_played.astimezone().strftime("%Y-%m-%d %H:%M") if row.last_played else "-"
    notes = []
    if row.wrong_pins:
        notes.append(counted(row.wrong_pins, "wrong PIN"))
    if row.locked_seconds:
        notes.append(f"new computers wait {row.locked_seconds} s")
    if row.teacher_locked:
        notes.append("locked by the teacher")
    if row.playing_now:
        notes.append("playing now")
    if row.table:
        notes.append(f"seated at table {row.table}")
    if row.unreadable_games:
        notes.append(counted(row.unreadable_games, "unreadable save"))
    return (
        row.name,
        f"{row.lessons_done}/{row.lessons_total}",
        str(row.lesson_stars),
        f"{row.puzzles_first_try}/{row.puzzles_later}",
        str(row.puzzle_streak),
        _rating(row.puzzle_rating, row.puzzle_rating_uncertainty),
        f"{row.rounds_won}/{row.rounds_played}",
        row.latest_rank or "(no game yet)",
        "-" if row.latest_points is None else str(row.latest_points),
        _rating(row.rating, row.rating_uncertainty),
        when,
        "yes" if row.pin_set else "no",
        f"({', '.join(notes)})" if notes else "",
    )


def _rating(value: int | None, uncertainty: int | None) -> str:
    """A rating as `civio stats` shows it ("1520? ± 140": provisional), or "-" before one."""
    from civio_tui.ratings import Rating

    if value is None or uncertainty is None:
        return "-"
    return Rating(value, uncertainty, 0).text()


def served_player(args: argparse.Namespace, typed: str, place: str) -> PlayerFolder:
    """The player of the save root (`--save-root`) who signs in as `typed`, under the name as
    first typed; UsageError, naming the argument `place`, when the name cannot be one or nobody
    has signed in with it."""
    from civio_tui.serve.players import PlayerFolder, PlayerNameError, check_player_name

    try:
        name = check_player_name(typed)
    except PlayerNameError as exc:
        why = str(exc)
        raise UsageError(f"{place}: {why[:1].lower()}{why[1:]}") from None
    root = root_from_args(args)
    player = PlayerFolder(root, name)
    if not player.exists:
        raise UsageError(f"no player named {name!r} under {root} (see `civio class`)")
    return PlayerFolder(root, player.display_name())


def _reset_pin(args: argparse.Namespace) -> int:
    from civio_tui.serve.pins import PinDesk

    if not args.name:
        raise UsageError("reset-pin needs the player's NAME")
    player = served_player(args, args.name, f"{args.action} NAME")
    name = player.name
    had = PinDesk(player.root).reset(name)
    if args.json:
        print_json({"name": name, "reset": had})
    elif had:
        print(f"{name}'s PIN is removed: their next visit chooses a new one.")
    else:
        print(f"{name} has no PIN yet: their next visit chooses one.")
    return 0


def _lock(args: argparse.Namespace) -> int:
    """The teacher's lock from a terminal, as the page's Lock and Unlock (the same file), except
    that no server is asked to end a game open now: the sentence says whether one is."""
    from civio_tui.classroom.progress import playing_now

    if not args.name:
        raise UsageError(f"{args.action} needs the player's NAME")
    player = served_player(args, args.name, f"{args.action} NAME")
    locking = args.action == "lock"
    try:
        if locking:
            player.lock()
        else:
            player.unlock()
    except OSError as exc:
        raise UsageError(f"{player.path}: {exc.strerror or exc}") from None
    playing = playing_now(player.path)
    if args.json:
        print_json({"name": player.name, "locked": locking, "playing_now": playing})
    elif not locking:
        print(f"{player.name} is unlocked: the name can sign in again.")
    elif playing:
        print(
            f"{player.name} is locked: the name cannot sign in again. The game open under it "
            "now goes on until it ends (the teacher's page's Lock ends it at once, saved)."
        )
    else:
        print(f"{player.name} is locked: the name cannot sign in.")
    return 0


def _set_password(args: argparse.Namespace) -> int:
    import getpass
    import sys

    from civio_tui.safe_files import private_folder
    from civio_tui.serve.teacher import PASSWORD_FILE, password_problem, set_password

    if args.name is not None:
        raise UsageError(f"unexpected {args.name!r}: set-password asks for the password")
    if sys.stdin.isatty():
        try:
            password = getpass.getpass("Teacher password: ")
            if password_problem(password) is None:
                again = getpass.getpass("The same password again: ")
                if again != password:
                    raise UsageError("the two passwords are not the same: nothing was changed")
        except (EOFError, KeyboardInterrupt):
            raise UsageError("no password given: nothing was changed") from None
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    problem = password_problem(password)
    if problem:
        raise UsageError(f"{problem} Nothing was changed.")
    root = root_from_args(args)
    try:
        private_folder(root)
    except OSError as exc:
        raise UsageError(f"--save-root {shown_path(root)}: {exc.strerror or exc}") from None
    try:
        set_password(root, password)
    except OSError as exc:
        where = shown_path(root / PASSWORD_FILE)
        raise UsageError(f"cannot write {where}: {exc.strerror or exc}") from None
    print(
        "The teacher's page now opens with this password: `civio serve` prints its address "
        f"without a key (kept as a salted hash in {shown_path(root / PASSWORD_FILE)})."
    )
    return 0


def _close_table(args: argparse.Namespace) -> int:
    import time

    from civio_tui.commands.table_cmd import open_store
    from civio_tui.tables import ops
    from civio_tui.tables.store import FILE_NAME

    if not args.name:
        raise UsageError("close-table needs the table's CODE (see `civio table list`)")
    code = ops.normalise_code(args.name)
    if not (root_from_args(args) / FILE_NAME).exists():  # no table was ever opened: make no file
        raise UsageError(f"no table has the code {code}")
    with open_store(args) as store:
        table = ops.close(store, args.name, now=time.time())
    if args.json:
        print_json(table.to_json())
    else:
        print(f"Table {table.code} is closed; its game is recorded as abandoned.")
    return 0


def _print_tables(tables: list[Any], problem: str | None) -> None:
    if problem is not None:
        print(f"Tables: {problem}")
    for table in tables:
        print(f"Table {table.summary()}")
    if tables or problem:
        print()
