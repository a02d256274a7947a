"""`civio table`: the networked tables of a served class, from a terminal on the serving
computer (anyone who can write the class's save root: see the README's SSH recipe).

A terminal player's finished rounds are kept in their own games, as the app keeps them: in the
save folder (`--save-dir`, else `$CIVIO_SAVE_DIR`) when one is given, else in the player's own
folder under the save root, the one `civio serve` signs that name in to (`PlayerFolder`), so the
rounds are theirs in the browser too."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from civio_tui.commands.common import (
    JSON_OPTION,
    SAVE_DIR_OPTION,
    SAVE_ROOT_OPTION,
    UsageError,
    print_json,
)

ACTIONS = ("list", "open", "join", "play", "start", "leave")
OPEN_OPTIONS = ("seats", "rules", "target", "rounds", "computer")
"""The options that set up a new table: given with another action, they are refused."""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "table",
        help="the networked tables of `civio serve`: list, open, join, start, leave",
        description="The tables where classmates play each other, kept in the class's save root. "
        "`list` shows the open tables, yours, and the games a classmate still plays; "
        "`open GAME` opens one (you take seat 1 and get its code); `join CODE` takes a "
        "seat, or gives you back your own, and in a terminal plays it; `play CODE` "
        "plays your seat; `start CODE` (the host) fills the empty seats with computers "
        "and starts; `leave CODE` hands your seat to the computer. Each round you "
        "finish is kept in your games (a CIVIO table's as the campaign 'Table CODE'): "
        "in the save folder when --save-dir or $CIVIO_SAVE_DIR gives one, else in your "
        "own folder under the save root, the one `civio serve` signs your name in to.",
        parents=[JSON_OPTION, SAVE_ROOT_OPTION, SAVE_DIR_OPTION],
    )
    parser.add_argument("action", choices=ACTIONS, help="what to do")
    parser.add_argument("what", nargs="?", metavar="CODE|GAME", help="the table's code, or a game")
    parser.add_argument(
        "--name", help="your player name (default: your login name, as the tables show it)"
    )
    parser.add_argument("--seats", type=int, help="with open: 2-4 seats (default 2)")
    parser.add_argument("--rules", help="with open: booklet or summary (CIVIO and Easy Play)")
    parser.add_argument("--target", help="with open: the rank that ends the game")
    parser.add_argument("--rounds", type=int, help="with open: the number of rounds instead")
    parser.add_argument("--computer", help="with open: the level of computers in empty seats")


@contextmanager
def open_store(args: argparse.Namespace) -> Iterator[Any]:
    """The class's table file, or one line saying why it cannot be used (exit 2)."""
    from cards.user_files import shown_path
    from civio_tui.commands.class_cmd import root_from_args
    from civio_tui.tables.store import StoreUnavailable, TableStore

    root = root_from_args(args)
    if getattr(args, "save_root", None) and not root.is_dir():
        # A mistyped --save-root would otherwise start a second, empty class there.
        raise UsageError(f"--save-root {shown_path(root)}: no such folder")
    try:
        store = TableStore.in_root(root)
    except StoreUnavailable as exc:
        raise UsageError(str(exc)) from None
    try:
        yield store
    except StoreUnavailable as exc:
        raise UsageError(str(exc)) from None
    finally:
        store.close()


def run(args: argparse.Namespace) -> int:
    from civio_tui.tables.ops import TableRefused

    try:
        return _run(args)
    except TableRefused as exc:
        if exc.option is None:
            raise
        # The setting at fault is one of this command's options: the line names it.
        raise UsageError(f"--{exc.option}: {exc}") from None


def _run(args: argparse.Namespace) -> int:
    from civio_tui.tables import ops

    name = getpass.getuser() if args.name is None else args.name
    if args.action != "list" and not args.what:
        noun = "GAME" if args.action == "open" else "CODE"
        raise UsageError(f"`civio table {args.action}` needs the {noun}")
    if args.action == "list" and args.what:
        raise UsageError(f"`civio table list` takes no {args.what!r}: it lists every open table")
    given = [f"--{option}" for option in OPEN_OPTIONS if getattr(args, option) is not None]
    if args.action != "open" and given:
        raise UsageError(f"{given[0]} sets up a new table: it is for `civio table open` only")
    now = time.time()
    with open_store(args) as store:
        if args.action == "list":
            return _list(args, ops.tables_for(store, name))
        if args.action == "open":
            from civio_tui.tables.games import table_game

            spec = table_game(args.what)
            if args.rules is not None and not spec.info.ranked:
                raise UsageError(f"{spec.title} has no rule versions: --rules is not for it")
            options = {
                k: v
                for k, v in (
                    ("rules", args.rules),
                    ("target", args.target),
                    ("rounds", args.rounds),
                )
                if v is not None
            }
            seats = 2 if args.seats is None else args.seats
            table = ops.open_table(
                store, name, args.what, seats, options, now=now, computer=args.computer
            )
            return _said(args, table, f"Table {table.code} is open: read its code to the class.")
        if args.action == "join":
            table, seat = _join_or_return(store, args.what, name, now)
            _said(args, table, f"{name} sits at seat {seat + 1} of table {table.code}.")
            if args.json or not sys.stdin.isatty():
                return 0
            return _play(args, store, table.code, name)
        if args.action == "play":
            return _play(args, store, args.what, name)
        if args.action == "start":
            table = ops.start(store, args.what, name, now=now)
            return _said(args, table, f"Table {table.code} has started.")
        table = ops.leave(store, args.what, name, now=now)
        return _said(args, table, f"{name} left table {table.code}.")


def _play(args: argparse.Namespace, store: Any, code: str, name: str) -> int:
    from civio_tui.commands.table_play import play
    from civio_tui.session.remote import TableTab

    tab = TableTab(store, code, name)
    return play(tab, sys.stdin, sys.stdout, save_dir=_games_folder(args, tab.name))


def _games_folder(args: argparse.Namespace, name: str) -> Path:
    """Where `name`'s finished rounds are kept (see the module)."""
    from civio_tui.campaigns.store import SAVE_DIR_ENV
    from civio_tui.commands.class_cmd import root_from_args
    from civio_tui.serve.players import PlayerFolder, PlayerNameError, check_player_name

    given = getattr(args, "save_dir", None) or os.environ.get(SAVE_DIR_ENV)
    if given:
        return Path(given).expanduser()
    try:
        player = PlayerFolder(root_from_args(args), check_player_name(name))
        player.create()
    except PlayerNameError as exc:
        raise UsageError(f"{exc}: give --save-dir DIR for your games") from None
    except OSError as exc:
        raise UsageError(f"cannot make your folder under the save root: {exc}") from None
    return player.path


def _join_or_return(store: Any, code: str, name: str, now: float) -> tuple[Any, int]:
    """Take a seat; someone who already sits there gets it back (a reload, a new terminal)."""
    from civio_tui.tables import ops

    table = ops.read_table(store, code)
    seat = table.seat_of(name)
    if seat is None or table.state != ops.PLAYING:
        return ops.join(store, code, name, now=now)
    return ops.heartbeat(store, code, name, now=now), seat


def _said(args: argparse.Namespace, table: Any, sentence: str) -> int:
    if args.json:
        print_json(table.to_json())
    else:
        print(sentence)
        print(table.summary())
    return 0


def _list(args: argparse.Namespace, tables: list[Any]) -> int:
    if args.json:
        print_json([t.to_json() for t in tables])
    elif not tables:
        print("No table is open: `civio table open GAME` opens one.")
    else:
        for table in tables:
            print(table.summary())
    return 0
