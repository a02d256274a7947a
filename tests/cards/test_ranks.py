"""The rank table (docs/RULES.md, Ranks): exact titles, boundaries, case-insensitive input."""

from __future__ import annotations

import itertools

import pytest

from cards.ranks import DEFAULT_TARGET, RANKS, parse_rank, points_for_rank, rank_for, rank_index

TITLES = [
    "Intern",
    "Law Clerk",
    "Lawyer (2nd chair)",
    "Lawyer (1st chair)",
    "Judge",
    "Appellate Court Judge",
    "Associate Justice of the Supreme Court",
    "Chief Justice of the Supreme Court",
]


def test_exact_titles_in_order() -> None:
    assert [r.title for r in RANKS] == TITLES
    assert DEFAULT_TARGET == "Chief Justice of the Supreme Court"


@pytest.mark.parametrize(
    ("points", "title"),
    [
        (0, "Intern"),
        (5, "Intern"),
        (6, "Law Clerk"),
        (10, "Law Clerk"),
        (11, "Lawyer (2nd chair)"),
        (20, "Lawyer (2nd chair)"),
        (21, "Lawyer (1st chair)"),
        (30, "Lawyer (1st chair)"),
        (31, "Judge"),
        (40, "Judge"),
        (41, "Appellate Court Judge"),
        (60, "Appellate Court Judge"),
        (61, "Associate Justice of the Supreme Court"),
        (80, "Associate Justice of the Supreme Court"),
        (81, "Chief Justice of the Supreme Court"),
        (500, "Chief Justice of the Supreme Court"),
    ],
)
def test_rank_boundaries(points: int, title: str) -> None:
    assert rank_for(points) == title


def test_bands_are_contiguous() -> None:
    for lower, upper in itertools.pairwise(RANKS):
        assert lower.high is not None and upper.low == lower.high + 1
    assert RANKS[0].low == 0 and RANKS[-1].high is None


@pytest.mark.parametrize("title", TITLES)
def test_titles_parse_case_insensitively(title: str) -> None:
    assert parse_rank(title.upper()) == title
    assert parse_rank(f"  {title.lower()} ") == title
    assert points_for_rank(title) == RANKS[rank_index(title)].low
    assert rank_for(points_for_rank(title)) == title


def test_unique_prefixes_are_accepted() -> None:
    assert parse_rank("chief justice") == "Chief Justice of the Supreme Court"
    assert parse_rank("judge") == "Judge"  # an exact title wins over the longer one


@pytest.mark.parametrize("text", ["", "lawyer", "Supreme Leader", "Justice"])
def test_unknown_or_ambiguous_ranks_are_rejected(text: str) -> None:
    with pytest.raises(ValueError, match="unknown rank"):
        parse_rank(text)


def test_rank_strings_are_exact_and_parse_case_insensitively() -> None:
    titles = [r.title for r in RANKS]
    assert titles == TITLES
    for title in titles:
        assert parse_rank(title.upper()) == title
        assert parse_rank(f"  {title.lower()}  ") == title
    with pytest.raises(ValueError):
        parse_rank("Lawyer")  # two ranks start so: ambiguous
    edges = {5: "Intern", 6: "Law Clerk", 20: "Lawyer (2nd chair)", 21: "Lawyer (1st chair)"}
    edges |= {40: "Judge", 41: "Appellate Court Judge", 80: RANKS[6].title, 81: RANKS[7].title}
    for points, title in edges.items():
        assert rank_for(points) == title
