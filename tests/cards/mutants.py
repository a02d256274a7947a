"""A small mutation run over the rules engines: each mutant changes one operator, constant,
message or assignment of one module, and the module's default tests must fail on it.

    .venv/bin/python tests/cards/mutants.py              # every target, a summary and survivors
    .venv/bin/python tests/cards/mutants.py --module solitaire --list

Each mutant is applied to a copy of the project in a temporary folder (the working tree is never
touched) and the target's tests run there with `-x`, so a killed mutant usually costs a second or
two. The slow test `tests/cards/test_mutants.py` runs it and checks the score.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Target:
    """One module of `cards/` and the default tests that keep its rules."""

    name: str
    path: str
    tests: tuple[str, ...]


# The test files most likely to fail come first: `-x` stops at the first failure.
TARGETS = (
    Target(
        "precedent",
        "cards/precedent.py",
        ("tests/cards/test_precedent.py", "tests/cards/test_go_out.py"),
    ),
    Target(
        "go_out",
        "cards/go_out.py",
        ("tests/cards/test_go_out.py", "tests/cards/test_scoring.py"),
    ),
    Target(
        "scoring",
        "cards/scoring.py",
        ("tests/cards/test_scoring.py", "tests/cards/test_go_out.py"),
    ),
    Target(
        "links",
        "cards/links.py",
        (
            "tests/cards/test_links.py",
            "tests/cards/test_precedent.py",
            "tests/cards/test_go_out.py",
        ),
    ),
    Target("round_phases", "cards/games/civio/round_phases.py", ("tests/engine",)),
    Target(
        "easy_play",
        "cards/games/easy_play/round.py",
        ("tests/games/test_easy_play.py", "tests/games/test_easy_play_stateful.py"),
    ),
    Target(
        "solitaire",
        "cards/games/solitaire/game.py",
        ("tests/games/test_solitaire.py", "tests/games/test_solitaire_stateful.py"),
    ),
)


@dataclass(frozen=True)
class Mutant:
    """Replace source[start:end] of the target (by offsets) with `new`."""

    target: Target
    line: int
    start: int
    end: int
    old: str
    new: str
    context: str
    """The mutated line as it reads in the module."""

    def apply(self, source: str) -> str:
        assert source[self.start : self.end] == self.old
        return source[: self.start] + self.new + source[self.end :]

    def describe(self) -> str:
        return f"{self.target.path}:{self.line}: {self.old!r} -> {self.new!r} in {self.context}"


# Each operator and what it becomes (one mutant per replacement).
BINARY = {
    ast.Add: ("+", ["-"]),
    ast.Sub: ("-", ["+"]),
    ast.Mult: ("*", ["//"]),
    ast.FloorDiv: ("//", ["*"]),
    ast.Mod: ("%", ["//"]),
    ast.LShift: ("<<", [">>"]),
    ast.RShift: (">>", ["<<"]),
    ast.BitOr: ("|", ["&"]),
    ast.BitAnd: ("&", ["|"]),
    ast.BitXor: ("^", ["|"]),
}
COMPARE = {
    ast.Eq: ("==", ["!="]),
    ast.NotEq: ("!=", ["=="]),
    ast.Lt: ("<", ["<="]),
    ast.LtE: ("<=", ["<"]),
    ast.Gt: (">", [">="]),
    ast.GtE: (">=", [">"]),
    ast.Is: ("is", ["is not"]),
    ast.IsNot: ("is not", ["is"]),
    ast.In: ("in", ["not in"]),
    ast.NotIn: ("not in", ["in"]),
}
BOOLEAN = {ast.And: ("and", "or"), ast.Or: ("or", "and")}


class _Finder:
    """Walks one module's AST and yields its mutants as source spans."""

    def __init__(self, target: Target, source: str) -> None:
        self.target = target
        self.source = source
        self.tree = ast.parse(source)
        starts = [0]
        for line in source.splitlines(keepends=True):
            starts.append(starts[-1] + len(line))
        self._starts = starts
        self._skip = self._skipped_nodes()

    def offset(self, line: int, col: int) -> int:
        # ast columns count UTF-8 bytes; convert within the line.
        text = self.source[self._starts[line - 1] : self._starts[line]]
        return self._starts[line - 1] + len(text.encode()[:col].decode())

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end

    def _skipped_nodes(self) -> set[int]:
        """Nodes whose mutants change nothing at run time: docstrings, annotations,
        `Literal[...]` types, asserts and `TYPE_CHECKING` blocks."""
        roots: list[ast.AST] = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                roots.append(node)  # docstrings, of modules, classes, functions and attributes
            if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation is not None:
                roots.append(node.annotation)
            if isinstance(node, ast.FunctionDef) and node.returns is not None:
                roots.append(node.returns)
            if isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "Literal":
                roots.append(node)
            if isinstance(node, ast.Assert):
                roots.append(node)
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
                roots.append(node)
        return {id(n) for root in roots for n in ast.walk(root)}

    def mutant(self, node: ast.AST, start: int, end: int, new: str) -> Mutant:
        return Mutant(
            self.target,
            node.lineno,  # type: ignore[attr-defined]
            start,
            end,
            self.source[start:end],
            new,
            self.source.splitlines()[node.lineno - 1].strip(),  # type: ignore[attr-defined]
        )

    def between(self, left: ast.AST, right: ast.AST, op: str) -> tuple[int, int]:
        """The span of operator `op` between two operands (only brackets and spaces else)."""
        lo = self.span(left)[1]
        hi = self.span(right)[0]
        gap = self.source[lo:hi]
        at = gap.find(f" {op} ")
        at = at + 1 if at >= 0 else gap.find(op)
        assert at >= 0, (self.target.path, left.lineno, op, gap)  # type: ignore[attr-defined]
        return lo + at, lo + at + len(op)

    def __iter__(self) -> Iterator[Mutant]:
        for node in ast.walk(self.tree):
            if id(node) in self._skip:
                continue
            yield from self._of(node)

    def _of(self, node: ast.AST) -> Iterator[Mutant]:
        if isinstance(node, ast.BinOp) and type(node.op) in BINARY:
            old, news = BINARY[type(node.op)]
            start, end = self.between(node.left, node.right, old)
            for new in news:
                yield self.mutant(node, start, end, new)
        elif isinstance(node, ast.AugAssign) and type(node.op) in BINARY:
            old, news = BINARY[type(node.op)]
            start, end = self.between(node.target, node.value, old + "=")
            for new in news:
                yield self.mutant(node, start, end, new + "=")
        elif isinstance(node, ast.Compare):
            left = node.left
            for op, right in zip(node.ops, node.comparators, strict=True):
                old, news = COMPARE[type(op)]
                start, end = self.between(left, right, old)
                for new in news:
                    yield self.mutant(node, start, end, new)
                left = right
        elif isinstance(node, ast.BoolOp):
            old, new = BOOLEAN[type(node.op)]
            for left, right in zip(node.values, node.values[1:], strict=False):
                start, end = self.between(left, right, old)
                yield self.mutant(node, start, end, new)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            start, end = self.span(node)
            inner_start = self.span(node.operand)[0]
            yield self.mutant(node, start, inner_start, "")
        elif isinstance(node, ast.Constant):
            yield from self._constant(node)
        elif isinstance(node, ast.JoinedStr) and any(
            isinstance(v, ast.Constant) and " " in v.value for v in node.values
        ):
            yield from self._text(node)
        elif isinstance(node, ast.Assign | ast.AugAssign) and self._changes_state(node):
            start, end = self.span(node)
            yield self.mutant(node, start, end, "pass")

    def _constant(self, node: ast.Constant) -> Iterator[Mutant]:
        value = node.value
        start, end = self.span(node)
        if isinstance(value, bool):
            yield self.mutant(node, start, end, str(not value))
        elif isinstance(value, int):
            yield self.mutant(node, start, end, str(value + 1))
        elif isinstance(value, str) and " " in value:
            yield from self._text(node)

    def _text(self, node: ast.AST) -> Iterator[Mutant]:
        """A sentence (a message, a log line): 'XX' put inside its opening quote."""
        start, end = self.span(node)
        text = self.source[start:end]
        quote = min((i for i in (text.find('"'), text.find("'")) if i >= 0), default=-1)
        if quote < 0:
            return
        width = 3 if text[quote : quote + 3] in ('"""', "'''") else 1
        at = start + quote + width
        yield self.mutant(node, at, at, "XX")

    @staticmethod
    def _changes_state(node: ast.Assign | ast.AugAssign) -> bool:
        """An assignment to an attribute or an item (`rnd.source = ...`, `known[c] = ...`):
        deleting one leaves the game in a wrong state. (Deleting a local's assignment mostly
        raises NameError, which any test notices.)"""
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(isinstance(t, ast.Attribute | ast.Subscript) for t in targets)


def mutants_of(target: Target, root: Path = ROOT) -> list[Mutant]:
    """Every mutant of one target, in source order."""
    source = (root / target.path).read_text(encoding="utf-8")
    found = {(m.start, m.end, m.new): m for m in _Finder(target, source)}
    return sorted(found.values(), key=lambda m: (m.start, m.end, m.new))


_NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.pyc", "*.egg-info", ".*_cache", ".hypothesis"
)


def _copy_project(root: Path, into: Path) -> None:
    shutil.copytree(root, into, ignore=_NOT_COPIED, dirs_exist_ok=True)


# Imported once by the runner and inherited by every forked test run. The project's own
# packages are not among them: each run imports them afresh from the mutated copy.
_PRELOAD = ("pytest", "hypothesis", "pydantic", "rich.console", "textual.app", "xdist")


def _preload() -> None:
    for name in _PRELOAD:
        try:
            __import__(name)
        except ImportError:
            continue
    assert not any(m.split(".")[0] in ("cards", "ai", "civio_tui") for m in sys.modules)


def _pytest_args(tests: Sequence[str]) -> list[str]:
    return ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-n", "0", *tests]


def _start_tests(copy: Path, tests: Sequence[str]) -> int:
    """Run the tests in `copy` by pytest in a forked child of this process, quietly; its pid
    (its exit status is pytest's)."""
    pid = os.fork()
    if pid == 0:
        code = 3
        try:
            import pytest

            os.chdir(copy)
            sys.path.insert(0, str(copy))
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            code = int(pytest.main(_pytest_args(tests)))
        finally:
            os._exit(code)
    return pid


def _passes(copy: Path, tests: Sequence[str]) -> bool:
    _, status = os.waitpid(_start_tests(copy, tests), 0)
    return os.waitstatus_to_exitcode(status) == 0


@dataclass
class _Slot:
    """One copy of the project and the mutant its tests are running on."""

    copy: Path
    pid: int = 0
    mutant: Mutant | None = None
    deadline: float = 0.0


@dataclass
class Report:
    killed: list[Mutant]
    survived: list[Mutant]
    seconds: float

    @property
    def score(self) -> float:
        total = len(self.killed) + len(self.survived)
        return len(self.killed) / total if total else 1.0

    def to_json(self) -> dict[str, object]:
        return {
            "killed": len(self.killed),
            "survived": [m.describe() for m in self.survived],
            "score": round(self.score, 4),
            "seconds": round(self.seconds),
        }

    def summary(self) -> str:
        lines = [
            f"{len(self.killed)} of {len(self.killed) + len(self.survived)} mutants killed "
            f"({self.score:.1%}) in {self.seconds:.0f} s"
        ]
        lines += [f"survived: {m.describe()}" for m in self.survived]
        return "\n".join(lines)


def _write_source(path: Path, text: str) -> None:
    """Write a module and drop its compiled copy: a mutant of the same size written within the
    same second would otherwise be taken for the cached bytecode of the previous one."""
    path.write_text(text, encoding="utf-8")
    for cached in path.parent.glob(f"__pycache__/{path.stem}.*.pyc"):
        cached.unlink()


def run(
    targets: Sequence[Target], root: Path = ROOT, jobs: int = 1, progress: bool = False
) -> Report:
    """Apply every mutant of `targets` to a copy of the project and run the target's tests,
    `jobs` mutants at a time (each in a copy of its own). The unmutated tests must pass first
    (otherwise every mutant would look killed); a mutant whose tests outlast several times the
    clean run (a loop that never ends) counts as killed."""
    _preload()
    began = time.monotonic()
    killed: list[Mutant] = []
    survived: list[Mutant] = []
    with tempfile.TemporaryDirectory(prefix="civio-mutants-") as folder:
        slots = [_Slot(Path(folder) / str(i)) for i in range(max(jobs, 1))]
        for slot in slots:
            _copy_project(root, slot.copy)
        originals = {t.path: (root / t.path).read_text(encoding="utf-8") for t in targets}
        for target in targets:
            clean = time.monotonic()
            if not _passes(slots[0].copy, target.tests):
                raise RuntimeError(f"the tests of {target.path} fail before any mutation")
            limit = 4 * (time.monotonic() - clean) + 10
            pending = mutants_of(target, root)
            while pending or any(slot.mutant for slot in slots):
                for slot in slots:
                    if slot.mutant is None and pending:
                        slot.mutant = pending.pop(0)
                        path = slot.copy / target.path
                        _write_source(path, slot.mutant.apply(originals[target.path]))
                        slot.pid = _start_tests(slot.copy, target.tests)
                        slot.deadline = time.monotonic() + limit
                for slot in slots:
                    if slot.mutant is None:
                        continue
                    done, status = os.waitpid(slot.pid, os.WNOHANG)
                    if not done and time.monotonic() < slot.deadline:
                        continue
                    if not done:
                        os.kill(slot.pid, signal.SIGKILL)
                        os.waitpid(slot.pid, 0)
                    passed = bool(done) and os.waitstatus_to_exitcode(status) == 0
                    (survived if passed else killed).append(slot.mutant)
                    if passed and progress:
                        print(f"survived: {slot.mutant.describe()}", flush=True)
                    _write_source(slot.copy / target.path, originals[target.path])
                    slot.mutant = None
                time.sleep(0.02)
            if progress:
                print(
                    f"{target.path} done: {len(killed)} killed, {len(survived)} survived so far",
                    flush=True,
                )
    return Report(killed, survived, time.monotonic() - began)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", action="append", choices=[t.name for t in TARGETS])
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--json", action="store_true", help="the report as one JSON object")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested at once")
    args = parser.parse_args(argv)
    targets = [t for t in TARGETS if not args.module or t.name in args.module]
    if args.list:
        for target in targets:
            for mutant in mutants_of(target):
                print(mutant.describe())
        return 0
    report = run(targets, jobs=args.jobs, progress=not args.json)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(report.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
