"""`civio bench tables`: one process per seat plays; the figures have the contract's keys and
every action of a seat reached the other seats."""

from __future__ import annotations

import json

import pytest

from civio_tui.cli import main


@pytest.mark.slow
def test_bench_tables_measures_delivery_to_every_other_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["bench", "tables", "--tables", "2", "--seats", "2", "--seconds", "4", "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    figures = json.loads(out)
    assert figures["tabs"] == 4
    delay = figures["delay_ms"]
    assert set(delay) == {"p50", "p95", "max"}
    assert 0 < delay["p50"] <= delay["p95"] <= delay["max"]
    assert figures["actions"] > 0
    assert figures["deliveries"] == figures["actions"]  # each reached the table's other seat
    assert figures["rss_mb_per_tab"] > 0 and figures["cpu_s_per_tab"] > 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--tables", "0"], "give 1 to 20 tables"),
        (["--seats", "5"], "a table has 2 to 4 seats"),
        (["--seconds", "0"], "give 1 to 600 seconds"),
    ],
)
def test_bench_tables_refuses_bad_sizes(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main(["bench", "tables", *argv]) == 2
    assert words in capsys.readouterr().err
