"""`civio bench`: throughput figures, gathered from the sections in `civio_tui.bench`."""

from __future__ import annotations

import argparse
from typing import Any

from civio_tui.bench import run_sections
from civio_tui.commands.common import JSON_OPTION, print_json


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure the go-out finder, the engine and start-up time",
        description="Measure speed figures with fixed seeds: the go-out check against brute "
        "force, the go-out rate of random hands, and (when present) engine and start-up times.",
        parents=[JSON_OPTION],
    )
    parser.add_argument(
        "part",
        nargs="?",
        choices=["ai", "serve", "tables", "tab", "class"],
        help="ai: only the AI levels' decision times on one core (wall clock and CPU time); "
        "serve: many browser tabs at once on `civio serve` (127.0.0.1); tables: tabs of "
        "`civio serve` seated at networked tables, each playing its seat from its screen (the "
        "delay until a move shows on the other seats' screens); tab: the CPU one seat's tab "
        "spends on each move at its table, served and headless, and what it sends; class: "
        "`civio class` and the class's progress over a generated class, cold and warm; "
        "instead of the rest",
    )
    parser.add_argument(
        "--sessions",
        type=int,
        metavar="N",
        help="with `serve`: tabs at once (default 20)",
    )
    parser.add_argument("--tables", type=int, metavar="T", help="with `tables`: tables (default 5)")
    parser.add_argument(
        "--seats", type=int, metavar="S", help="with `tables`: seats each (default 4)"
    )
    parser.add_argument(
        "--students", type=int, metavar="N", help="with `class`: students (default 30)"
    )
    parser.add_argument(
        "--games",
        type=int,
        metavar="G",
        help="with `class`: finished games each (default 10)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        metavar="N",
        help="with `tables`: how long the tabs play (default 20)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=None,
        metavar="S",
        help="with `tables`: seconds a tab waits before answering its question (default 0.2)",
    )


def _lines(document: dict[str, Any], prefix: str = "") -> list[str]:
    lines = []
    for key, value in document.items():
        if isinstance(value, dict):
            lines.extend(_lines(value, f"{prefix}{key}."))
        else:
            lines.append(f"{prefix}{key}: {value}")
    return lines


PART_OPTIONS: dict[str, dict[str, Any]] = {
    "serve": {"sessions": 20},
    "tables": {"tables": 5, "seats": 4, "seconds": 20.0, "think": None},
    "class": {"students": 30, "games": 10},
}
"""Each part's own options and their defaults: given to another part, an option is refused."""


def run(args: argparse.Namespace) -> int:
    from civio_tui.commands.common import UsageError

    for part, options in PART_OPTIONS.items():
        for option, default in options.items():
            if args.part != part and getattr(args, option) is not None:
                raise UsageError(f"--{option} is for `civio bench {part}` only")
            if getattr(args, option) is None:
                setattr(args, option, default)
    if args.part == "serve":
        from civio_tui.bench.serve import run_serve_bench

        if not 1 <= args.sessions <= 200:
            raise UsageError(f"--sessions {args.sessions}: give 1 to 200 tabs")
        from civio_tui.serve.env import TAB_STARTS

        # Both ways in one run: the machine's load is the same for the two.
        document = {
            "serve": {how: run_serve_bench(args.sessions, tab_start=how) for how in TAB_STARTS}
        }
    elif args.part == "tables":
        document = _tables(args)
    elif args.part == "tab":
        document = run_sections(["table_tab"])
    elif args.part == "class":
        document = _class(args)
    elif args.part == "ai":
        document = run_sections(["ai"])
    else:
        document = run_sections()
    if args.json:
        print_json(document)
    else:
        print("\n".join(_lines(document)))
    return 0


def _tables(args: argparse.Namespace) -> dict[str, Any]:
    from civio_tui.bench.tables import THINK_SECONDS, run_tables_bench
    from civio_tui.commands.common import UsageError

    if not 1 <= args.tables <= 20:
        raise UsageError(f"--tables {args.tables}: give 1 to 20 tables")
    if not 2 <= args.seats <= 4:
        raise UsageError(f"--seats {args.seats}: a table has 2 to 4 seats")
    if not 1 <= args.seconds <= 600:
        raise UsageError(f"--seconds {args.seconds:g}: give 1 to 600 seconds")
    think = THINK_SECONDS if args.think is None else args.think
    if not 0 <= think <= 30:
        raise UsageError(f"--think {think:g}: give 0 to 30 seconds")
    return run_tables_bench(args.tables, args.seats, args.seconds, think)


def _class(args: argparse.Namespace) -> dict[str, Any]:
    from civio_tui.bench.classroom import run_class_bench
    from civio_tui.commands.common import UsageError

    if not 1 <= args.students <= 200:
        raise UsageError(f"--students {args.students}: give 1 to 200 students")
    if not 1 <= args.games <= 100:
        raise UsageError(f"--games {args.games}: give 1 to 100 games each")
    return run_class_bench(args.students, args.games)
