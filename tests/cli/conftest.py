"""Helpers for the headless-command tests: run `civio` in-process and read what it printed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from civio_tui.cli import main

FLUSH = ["School", "Barnette", "Tinker", "Pico", "Expression", "1st", "14th"]
"""A Thurgood Flush by the cards' short names."""
THREE_FOUR = [
    "Barnette",
    "Expression",
    "1st",
    "Justice",
    "Furman v Georgia",
    "Fair Procedures",
    "8th",
]
"""A hand that goes out as a 3-card and a 4-card precedent."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`civio ARGV...`: the exit code, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """`civio ARGV... --json`, which must succeed quietly: the document it printed."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """`civio ARGV...`, which must fail as a usage error: exit 2, nothing on stdout and one
    line on stderr, which is returned."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]
