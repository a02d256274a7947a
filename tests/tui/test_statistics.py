"""The statistics screen (civio_tui/screens/statistics.py): its words and its chart's ticks."""

from __future__ import annotations


def test_statistics_words_leave_out_empty_levels_and_name_a_table_without_ai() -> None:
    from civio_tui.campaigns.stats import NO_AI, summary_lines

    row = {"rounds": 3, "wins": 2, "win_rate": 2 / 3, "ci95": [0.2, 0.94]}
    empty = {"rounds": 0, "wins": 0, "win_rate": 0.0, "ci95": [0.0, 1.0]}
    document = {
        "campaigns": 3,
        "rounds": 6,
        "rounds_won": 4,
        "points_per_round": 5.5,
        "flushes": 0,
        "fastest_civio": 12,
        "attacks_made": 1,
        "attacks_suffered": 2,
        "rounds_with_replay": 6,
        "win_rate_by_level": {"-": row, "random": empty, "easy": row},
        "per_campaign": [],
    }
    lines = summary_lines(document)
    assert f"  {NO_AI}: 2 of 3 rounds, 67% (20% to 94%)" in lines
    assert "  easy: 2 of 3 rounds, 67% (20% to 94%)" in lines
    assert not any(line.startswith("  -:") or "0 of 0" in line for line in lines)


def test_statistics_chart_ticks_are_whole_points_and_rounds() -> None:
    from civio_tui.screens.statistics import whole_ticks

    assert whole_ticks(3, 6) == [3, 4, 5, 6]
    assert whole_ticks(1, 1) == [1]
    ticks = whole_ticks(0, 81)
    assert ticks[0] == 0 and len(ticks) <= 6 and all(isinstance(t, int) for t in ticks)
    assert ticks[-1] + (ticks[1] - ticks[0]) > 81  # the top of the scale is covered
