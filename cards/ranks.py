"""The rank table (docs/RULES.md, Ranks): cumulative points to titles."""

from __future__ import annotations

from typing import NamedTuple


class Rank(NamedTuple):
    title: str
    low: int
    high: int | None  # None: no upper bound


RANKS: tuple[Rank, ...] = (
    Rank("Intern", 0, 5),
    Rank("Law Clerk", 6, 10),
    Rank("Lawyer (2nd chair)", 11, 20),
    Rank("Lawyer (1st chair)", 21, 30),
    Rank("Judge", 31, 40),
    Rank("Appellate Court Judge", 41, 60),
    Rank("Associate Justice of the Supreme Court", 61, 80),
    Rank("Chief Justice of the Supreme Court", 81, None),
)
DEFAULT_TARGET = RANKS[-1].title


def rank_for(points: int) -> str:
    """The title held with `points` cumulative points."""
    for rank in reversed(RANKS):
        if points >= rank.low:
            return rank.title
    return RANKS[0].title


def rank_index(title: str) -> int:
    return [r.title for r in RANKS].index(parse_rank(title))


def parse_rank(text: str) -> str:
    """The exact title for `text`, matched case-insensitively (also "chief justice", "judge")."""
    key = " ".join(text.lower().split())
    for rank in RANKS:
        if rank.title.lower() == key:
            return rank.title
    prefixes = [r.title for r in RANKS if r.title.lower().startswith(key)] if key else []
    if len(prefixes) == 1:
        return prefixes[0]
    choices = ", ".join(r.title for r in RANKS)
    raise ValueError(f"unknown rank {text!r}: choose one of {choices}")


def points_for_rank(title: str) -> int:
    """The fewest points that hold `title`."""
    return RANKS[rank_index(title)].low
