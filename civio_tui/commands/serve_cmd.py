"""`civio serve`: the game in the browser for a class, one save folder per player name."""

from __future__ import annotations

import argparse
import errno
import sys
from pathlib import Path
from typing import Any

from civio_tui.commands.common import (
    CARDS_OPTION,
    SAVE_ROOT_OPTION,
    UsageError,
    check_game_rounds,
)
from civio_tui.plurals import counted
from civio_tui.serve.env import FORK, TAB_STARTS

MAX_SESSIONS = 500
"""The most games one server runs at once (each is a process of its own)."""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="play in a web browser: one game per tab, a save folder per player name",
        description="Serve CIVIO to web browsers (textual-serve). Each tab asks for the "
        "player's name and PIN (chosen on the first visit) and plays from that player's own "
        "save folder under --save-root. Only this computer can connect unless --host says "
        "otherwise. It also prints the teacher's page, with a secret key (or, after `civio "
        "class set-password`, a password): the class's progress, and each student's PIN reset, "
        "lock and removal; `civio class` lists the same progress in a terminal.",
        parents=[CARDS_OPTION, SAVE_ROOT_OPTION],
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: everyone "
        "who can reach this computer)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any)")
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=30,
        metavar="N",
        help="games at once; the next tab is told the class is full (default 30)",
    )
    parser.add_argument(
        "--idle-minutes",
        type=float,
        default=30.0,
        metavar="M",
        help="a tab with no key pressed for M minutes ends, its game saved (default 30)",
    )
    parser.add_argument(
        "--max-signing-in",
        type=int,
        default=10,
        metavar="N",
        help="tabs at the sign-in screen at once, apart from the games (default 10)",
    )
    parser.add_argument(
        "--sign-in-minutes",
        type=float,
        default=2.0,
        metavar="M",
        help="a tab at the sign-in screen with no key pressed for M minutes ends (default 2)",
    )
    parser.add_argument(
        "--rules",
        choices=["booklet", "summary"],
        default=None,
        help="the rule reading every New game form starts with (players can change it)",
    )
    parser.add_argument(
        "--target",
        metavar="RANK",
        default=None,
        help="the rank that ends a game, for every New game form: a lower one makes a "
        "shorter game for a lesson (e.g. 'Law Clerk', 'Judge')",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        metavar="N",
        default=None,
        help="a short game for a lesson, for every New game form: it ends after N rounds, "
        "the higher total winning (players can change it)",
    )
    parser.add_argument(
        "--tab-start",
        choices=TAB_STARTS,
        default=FORK,
        help="how a tab's game starts: fork (default: copied from a process that has the game "
        "loaded, so a class opens at once) or new (a new Python process per tab, slower)",
    )


def run(args: argparse.Namespace) -> int:
    from cards.ranks import parse_rank
    from civio_tui.commands.class_cmd import root_from_args
    from civio_tui.safe_files import private_folder
    from civio_tui.serve.env import (
        CARDS_ENV,
        ROOT_ENV,
        ROUNDS_ENV,
        RULES_ENV,
        TARGET_ENV,
    )
    from civio_tui.serve.server import ClassroomServer, is_loopback
    from civio_tui.serve.server import run as serve_forever
    from civio_tui.serve.teacher import TeacherDesk, password_file_problem
    from civio_tui.serve.tries import TriesStore

    if not args.host.strip():
        raise UsageError("--host: no address given (127.0.0.1: this computer only)")
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: a port is a number from 0 to 65535")
    if not 1 <= args.max_sessions <= MAX_SESSIONS:
        raise UsageError(
            f"--max-sessions {args.max_sessions}: give 1 to {MAX_SESSIONS} games at once"
        )
    if args.max_signing_in < 1:
        raise UsageError(f"--max-signing-in {args.max_signing_in}: at least 1 tab must fit")
    if args.max_signing_in > MAX_SESSIONS:
        # Each tab keeps files open; more would leave no room for the connections themselves.
        raise UsageError(
            f"--max-signing-in {args.max_signing_in}: at most {MAX_SESSIONS} tabs at once"
        )
    for option, minutes in (
        ("--idle-minutes", args.idle_minutes),
        ("--sign-in-minutes", args.sign_in_minutes),
    ):
        if not 0 < minutes <= 24 * 60:
            raise UsageError(f"{option} {minutes}: give a number of minutes above 0, at most a day")
    if args.rounds is not None:
        check_game_rounds(args.rounds)
    target = None
    if args.target is not None:
        try:
            target = parse_rank(args.target)
        except ValueError as exc:
            raise UsageError(f"--target: {exc}") from None
    root = root_from_args(args)
    try:
        private_folder(root)
    except OSError as exc:
        raise UsageError(f"--save-root {root}: cannot create it ({exc.strerror})") from None
    _close_to_others(root)
    pins_problem = TriesStore(root).problem()
    if pins_problem:
        raise UsageError(f"--save-root {root}: {pins_problem}")
    environment = {ROOT_ENV: str(root.resolve())}
    cards = getattr(args, "cards", None)
    deck = None
    if cards is not None:
        from cards.deck import load_deck
        from cards.table import check_pack

        # A bad pack, or one no game can be dealt from, is one clear line now, not a broken
        # game per tab.
        deck = load_deck(cards)
        check_pack(deck)
        environment[CARDS_ENV] = str(Path(cards).expanduser().resolve())
    if args.rules:
        environment[RULES_ENV] = args.rules
    if target:
        environment[TARGET_ENV] = target
    if args.rounds is not None:
        environment[ROUNDS_ENV] = str(args.rounds)
    server = ClassroomServer(
        environment=environment,
        host=args.host,
        port=args.port,
        max_sessions=args.max_sessions,
        idle_seconds=args.idle_minutes * 60,
        max_signing_in=args.max_signing_in,
        sign_in_idle_seconds=args.sign_in_minutes * 60,
        teacher=TeacherDesk(root.resolve(), deck=deck),
        tab_start=args.tab_start,
    )

    def announce(url: str) -> None:
        print(f"CIVIO is served at {url}", flush=True)
        print(f"Players' folders: {root}", flush=True)
        assert server.teacher is not None
        damaged = password_file_problem(server.teacher.root)
        if damaged:
            print(
                f"The teacher password cannot be read ({damaged}); the file was left as it is: "
                "the page opens with the key below (`civio class set-password` sets a new one).",
                file=sys.stderr,
                flush=True,
            )
        how = "your teacher password" if server.teacher.password_set else "keep this secret"
        print(f"Teacher's page: {server.teacher.address(url)} ({how})", flush=True)
        if is_loopback(args.host):
            print("Only this computer can connect (use --host to open it to others).", flush=True)
        else:
            print(
                f"Warning: listening on {args.host}: anyone who can reach this port can play "
                "(and type any name). Use it on a network you trust.",
                file=sys.stderr,
                flush=True,
            )
        print("Press Ctrl+C to stop (every open game is saved).", flush=True)

    try:
        ended = serve_forever(server, announce)
    except OSError as exc:
        hint = ""
        if exc.errno == errno.EADDRINUSE:
            other = args.port + 1 if args.port < 65535 else 8001
            hint = f" (another program, or another civio serve, has it: try --port {other})"
        raise UsageError(
            f"cannot listen on {args.host}:{args.port}: {exc.strerror}{hint}"
        ) from None
    print(f"Stopped: {counted(ended or 0, 'game')} saved.", flush=True)
    return 0


def _close_to_others(root: Path) -> None:
    """Take other accounts' bits off the save root and its table file (made by an older
    version, or by `civio table` before any class, with the usual umask): the root lists the
    students' names and the table file holds every deal. A group's bits stay, for a class that
    shares the root through one (the README's SSH recipe)."""
    import os
    import stat

    from civio_tui.tables.store import FILE_NAME

    for path in (root, *(root / (FILE_NAME + end) for end in ("", "-wal", "-shm"))):
        try:
            mode = stat.S_IMODE(path.lstat().st_mode)
            if mode & 0o007 and not path.is_symlink():
                os.chmod(path, mode & ~0o007)
        except OSError:
            continue  # missing, or not ours to change: nothing else depends on it
