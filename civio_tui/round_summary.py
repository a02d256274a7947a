"""A finished round as the round-end and results screens show it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatResult:
    seat: int
    name: str
    level: str
    precedents: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    points: int
    total_before: int
    total: int
    rank_before: str
    rank: str

    @property
    def promoted(self) -> bool:
        return self.rank != self.rank_before


@dataclass(frozen=True)
class RoundSummary:
    number: int
    winner: int | None
    kind: str | None
    reason: str
    turns: int
    seats: tuple[SeatResult, ...]
    game_over: bool
    winners: tuple[int, ...]
