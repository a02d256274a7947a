"""`civio bench tables` on a real served class, small: 2 tables of 2 tabs, each signing in,
seated from the screens and playing its seat from its screen; every move is seen on the other
seat's screen, and each tab's game process is measured. Marked `serve`."""

from __future__ import annotations

import json

import pytest

from civio_tui.cli import main

pytestmark = pytest.mark.serve


def test_bench_tables_times_each_move_to_the_other_seats_screen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["bench", "tables", "--tables", "2", "--seats", "2", "--seconds", "8", "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    figures = json.loads(out)
    assert figures["errors"] == [] and figures["tabs_closed"] == [], figures["server_output"]
    assert figures["tabs"] == figures["game_processes"] == 4
    assert 0 < figures["moves"] <= figures["actions"]
    # Each action is seen by the table's other seat (or is one it may not know of).
    assert figures["missed"] == 0
    assert figures["deliveries"] + figures["silent"] == figures["actions"]
    delay = figures["delay_ms"]
    assert 0 < delay["p50"] <= delay["p95"] <= delay["max"]
    # The opening's answers (both seats at once) are told apart from the moves after it.
    assert 0 < figures["opening_deliveries"] < figures["deliveries"]
    worst = max(figures["delay_ms_opening"]["max"], figures["delay_ms_in_play"]["max"])
    assert worst == delay["max"]
    assert figures["rss_mb_per_tab"] > 0 and figures["pss_mb_per_tab"] > 0
    assert figures["cpu_s_per_tab"] > 0 and figures["cpu_percent_per_tab_playing"] > 0
