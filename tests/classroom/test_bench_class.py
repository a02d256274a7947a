"""`civio bench class`: a generated class is measured cold and warm, the figures have the
contract's keys, and bad sizes are one line and exit code 2."""

from __future__ import annotations

import json

import pytest

from civio_tui.cli import main


@pytest.mark.slow
def test_bench_class_measures_a_generated_class_cold_and_warm(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["bench", "class", "--students", "2", "--games", "2", "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    figures = json.loads(out)["class"]
    assert (figures["students"], figures["games_each"]) == (2, 2)
    assert figures["rounds"] > 4  # finished games of several rounds each
    library = figures["class_progress_s"]
    command = figures["civio_class_s"]
    assert set(library["wall"]) == set(library["cpu"]) == {"cold", "warm", "one_new_game"}
    assert set(command["wall"]) == set(command["cpu"]) == {"cold", "warm"}
    # The warm look reads the cache: it costs less than the cold one that rated everyone.
    assert 0 < library["cpu"]["warm"] < library["cpu"]["cold"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--students", "0"], "give 1 to 200 students"),
        (["--games", "101"], "give 1 to 100 games each"),
        (["--seats", "3"], "--seats is for `civio bench tables` only"),
    ],
)
def test_bench_class_refuses_bad_sizes_and_other_parts_options(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main(["bench", "class", *argv]) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1
