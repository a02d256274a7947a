"""The `civio` console command: the game, and the headless tools beside it."""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import re
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any, NoReturn

from civio_tui.json_errors import field_place

# Each subcommand lives in civio_tui/commands/<module>.py with `add_parser(subparsers)` and
# `run(args) -> int`; modules are imported on demand so `civio` itself starts fast.
SUBCOMMANDS: dict[str, str] = {
    "cards": "cards_cmd",
    "precedent": "precedent_cmd",
    "links": "links_cmd",
    "hand": "hand_cmd",
    "arena": "arena_cmd",
    "hint": "hint_cmd",
    "campaign": "campaign_cmd",
    "bench": "bench_cmd",
    "solitaire": "solitaire_cmd",
    "puzzle": "puzzle_cmd",
    "stats": "stats_cmd",
    "serve": "serve_cmd",
    "class": "class_cmd",
    "concentration": "concentration_cmd",
    "table": "table_cmd",
    "games": "games_cmd",
}


def _load(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"civio_tui.commands.{SUBCOMMANDS[name]}")


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr with exit code 2, like every other input error of the
    headless commands (argparse would print the whole usage block first). Subcommand parsers
    are made with the same class, so their errors name the subcommand ("civio arena: ...")."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {printable(message)} (see {self.prog} --help)\n")


class _Version(argparse.Action):
    """`--version`: the installed version, looked up only when asked (start-up stays fast)."""

    def __init__(self, option_strings: list[str], dest: str, **_: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print civio's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> NoReturn:
        from importlib.metadata import version

        print(f"civio {version('civio-tui')}")
        parser.exit(0)


_LONG_WORD = re.compile(r"\S{121,}")


def printable(message: str) -> str:
    """An error message safe to print on one line: control characters from the input (an
    escape sequence in a file name) shown as escapes, never sent to the terminal, and any run
    of over 120 characters without a space (a 100 kB argument quoted back) cut in its middle."""
    shown = "".join(
        f"\\x{ord(c):02x}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c
        for c in message
    )
    return _LONG_WORD.sub(lambda m: f"{m.group()[:80]}…{m.group()[-30:]}", shown)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    from civio_tui.commands.common import CARDS_OPTION, SAVE_DIR_OPTION, SAVE_ROOT_OPTION

    # --save-root: the class's save root, whose tables the main menu's Tables lists.
    game_options: list[Any] = [CARDS_OPTION, SAVE_DIR_OPTION, SAVE_ROOT_OPTION]
    parser = _Parser(
        prog="civio",
        description="CIVIO, the civil-rights strategy card game, in your terminal.",
        epilog="Run `civio` with no command to play.",
        parents=game_options,
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        if only is not None and name != only:
            sub.add_parser(name, help=argparse.SUPPRESS, add_help=False)
            continue
        _load(name).add_parser(sub)
    sub.add_parser("play", help="start the game (the default)", parents=game_options)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from cards.deck import DeckError, UnknownCardError
    from cards.user_files import shown_path
    from civio_tui.commands.common import UsageError

    args_list = list(sys.argv[1:] if argv is None else argv)
    first = next((a for a in args_list if not a.startswith("-")), None)
    parser = build_parser(only=first if first in SUBCOMMANDS else None)
    try:
        args, extras = parser.parse_known_args(args_list)
    except SystemExit as exc:  # --help (0) or a usage error, already printed (2)
        return 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 2
    chosen = _chosen_parser(parser, args)
    prog = chosen.prog  # "civio campaign new": the (sub)command the line is about
    if extras:
        unknown = printable(" ".join(extras))
        print(
            f"{prog}: error: unrecognized arguments: {unknown} (see {prog} --help)", file=sys.stderr
        )
        return 2
    ignored = _not_taken(chosen, args)
    if ignored is not None:
        print(f"{prog}: error: {ignored}", file=sys.stderr)
        return 2
    try:
        if args.command in (None, "play"):
            return _play(args)
        _check_save_dir_env(chosen, args)
        module = _load(args.command)
        code = int(module.run(args))
        sys.stdout.flush()  # an answer the output cannot take fails here, not at the exit
        return code
    except (UsageError, DeckError, UnknownCardError, ValueError) as exc:
        print(f"{prog}: error: {printable(_one_line(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        if exc.errno not in _WRITE_REFUSED:
            raise
        _drop_output()
        where = f"{shown_path(exc.filename)}: " if exc.filename else ""
        print(f"{prog}: error: {where}{exc.strerror}", file=sys.stderr)
        return 1


_WRITE_REFUSED = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""A write the machine refused (a full disk, standard output included): one line and exit 1,
not a traceback; not bad input, so not 2."""


def _drop_output() -> None:
    """Send standard output to the null device, so that the exit does not try again to write
    what it still holds."""
    with contextlib.suppress(OSError, ValueError):  # an output with no descriptor of its own
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _chosen_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Any:
    """The parser of the (sub)command `args` were parsed for (`civio campaign new`'s)."""
    while True:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        chosen = getattr(args, subs[0].dest, None) if subs else None
        if chosen is None:
            return parser
        parser = subs[0].choices[chosen]


def _not_taken(leaf: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """Why a shared option given before the command's name (`civio --cards FILE bench`) cannot
    be used: the command it reaches (`leaf`) does not take it, and would go on without it (a
    table dealt from the standard deck when a pack was given). None when every one given is
    taken."""
    if any(isinstance(a, argparse._SubParsersAction) for a in leaf._actions):
        return None  # no action chosen (`civio campaign`): the command itself asks for one
    taken = {action.dest for action in leaf._actions}
    for dest, option in (
        ("cards", "--cards"),
        ("save_dir", "--save-dir"),
        ("save_root", "--save-root"),
    ):
        if hasattr(args, dest) and dest not in taken:
            return f"{option}: `{leaf.prog}` takes no {option} (see {leaf.prog} --help)"
    return None


def _check_save_dir_env(leaf: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """`$CIVIO_SAVE_DIR`, when it gives a command its save folder, checked as `--save-dir` is,
    so that a bad one is named as the place to fix rather than only as "the save folder"."""
    from civio_tui.campaigns.store import SAVE_DIR_ENV
    from civio_tui.commands.common import UsageError, folder_argument

    value = os.environ.get(SAVE_DIR_ENV)
    if not value or getattr(args, "save_dir", None):
        return
    if "save_dir" not in {action.dest for action in leaf._actions}:
        return
    try:
        folder_argument("the save folder")(value)
    except argparse.ArgumentTypeError as exc:
        raise UsageError(f"${SAVE_DIR_ENV}: {exc}") from None


def _one_line(exc: Exception) -> str:
    """An input error as one line: pydantic's report (a line per problem and a link) becomes
    its first problem and where it is."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = field_place(first["loc"])
        return f"{where}: {first['msg']}" if where else str(first["msg"])
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())


def _play(args: argparse.Namespace) -> int:
    app_module = importlib.import_module("civio_tui.app")
    return int(app_module.run_app(args))


if __name__ == "__main__":
    sys.exit(main())
