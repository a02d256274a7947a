"""`civio class`: the teacher's list of a served class (read-only), and PIN resets."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cards.user_files import shown_path
from civio_tui.commands.common import (
    JSON_OPTION,
    SAVE_ROOT_OPTION,
    UsageError,
    print_json,
    print_table,
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "class",
        help="the players of `civio serve`: rank, points, rounds, last played; reset a PIN",
        description="List every player who has signed in to `civio serve` with their latest "
        "game: rank, points, rounds played, when they last played, whether they have a PIN, "
        "how many wrong PINs were typed for their name and how long a computer they never "
        "signed in from must wait for the next try. Changes nothing. "
        "`civio class reset-pin NAME` removes a forgotten PIN: the next visit chooses a new one.",
        parents=[JSON_OPTION, SAVE_ROOT_OPTION],
    )
    parser.add_argument(
        "action",
        nargs="?",
        choices=["reset-pin", "close-table"],
        help="reset-pin: remove NAME's PIN; close-table: end the table CODE (recorded as "
        "abandoned)",
    )
    parser.add_argument(
        "name",
        nargs="?",
        metavar="NAME|CODE",
        help="the player (reset-pin), the table's code (close-table)",
    )


def root_from_args(args: argparse.Namespace) -> Path:
    from civio_tui.serve.players import default_save_root

    return Path(args.save_root).expanduser() if args.save_root else default_save_root()


def run(args: argparse.Namespace) -> int:
    if args.action == "reset-pin":
        return _reset_pin(args)
    if args.action == "close-table":
        return _close_table(args)
    if args.name is not None:
        raise UsageError(f"unexpected {args.name!r} (did you mean `civio class reset-pin NAME`?)")
    from civio_tui.commands.common import deck_from_args
    from civio_tui.plurals import counted
    from civio_tui.serve.roster import class_rows

    root = root_from_args(args)
    deck = deck_from_args(args)
    try:
        rows = class_rows(root, deck)
        tables, problem = class_tables(root)
    except OSError as exc:
        raise UsageError(f"--save-root {shown_path(root)}: {exc.strerror or exc}") from None
    if args.json:
        print_json(
            {
                "save_root": str(root),
                "players": [row.to_json() for row in rows],
                "tables": [t.to_json() for t in tables],
                "tables_problem": problem,
            }
        )
        return 0
    _print_tables(tables, problem)
    if not rows:
        print(f"No player has signed in yet (players' folders: {root}).")
        return 0
    lines = []
    for row in rows:
        when = row.last_played.astimezone().strftime("%Y-%m-%d %H:%M") if row.last_played else "-"
        notes = []
        if row.wrong_pins:
            notes.append(counted(row.wrong_pins, "wrong PIN"))
        if row.locked_seconds:
            notes.append(f"new computers wait {row.locked_seconds} s")
        if row.playing_now:
            notes.append("playing now")
        if row.unreadable:
            notes.append(f"{row.unreadable} unreadable save(s)")
        lines.append(
            (
                row.name,
                row.rank or "(no game yet)",
                "-" if row.points is None else str(row.points),
                "-" if row.rounds is None else str(row.rounds),
                when,
                "yes" if row.has_pin else "no",
                f"({', '.join(notes)})" if notes else "",
            )
        )
    header = ("player", "rank", "points", "rounds", "last played", "PIN", "")
    print_table(header, lines, right=(2, 3))
    return 0


def _reset_pin(args: argparse.Namespace) -> int:
    from civio_tui.serve.pins import PinDesk
    from civio_tui.serve.players import PlayerFolder, PlayerNameError, check_player_name

    if not args.name:
        raise UsageError("reset-pin needs the player's NAME")
    try:
        name = check_player_name(args.name)
    except PlayerNameError as exc:
        raise UsageError(str(exc)) from None
    root = root_from_args(args)
    player = PlayerFolder(root, name)
    if not player.exists:
        raise UsageError(f"no player named {name!r} under {root} (see `civio class`)")
    name = player.display_name()
    had = PinDesk(root).reset(name)
    if args.json:
        print_json({"name": name, "reset": had})
    elif had:
        print(f"{name}'s PIN is removed: their next visit chooses a new one.")
    else:
        print(f"{name} has no PIN yet: their next visit chooses one.")
    return 0


def _close_table(args: argparse.Namespace) -> int:
    import time

    from civio_tui.commands.table_cmd import open_store
    from civio_tui.tables import ops

    if not args.name:
        raise UsageError("close-table needs the table's CODE (see `civio table list`)")
    with open_store(args) as store:
        table = ops.close(store, args.name, now=time.time())
    if args.json:
        print_json(table.to_json())
    else:
        print(f"Table {table.code} is closed; its game is recorded as abandoned.")
    return 0


def class_tables(root: Path) -> tuple[list[Any], str | None]:
    """The class's open and playing tables, and why they cannot be read (None when they can);
    a class with no table file yet has none, and none is created."""
    from civio_tui.tables import ops
    from civio_tui.tables.store import FILE_NAME, StoreUnavailable, TableStore

    if not (root / FILE_NAME).exists():
        return [], None
    try:
        with TableStore.in_root(root) as store:
            return ops.list_tables(store), None
    except StoreUnavailable as exc:
        return [], str(exc)


def _print_tables(tables: list[Any], problem: str | None) -> None:
    if problem is not None:
        print(f"Tables: {problem}")
    for table in tables:
        print(f"Table {table.summary()}")
    if tables or problem:
        print()
