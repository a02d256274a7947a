"""Counted nouns in words, right for one ("1 turn", "3 turns"), for screens and commands alike
(free of Textual, so a command stays quick)."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """ "1 card", "3 cards", "1 round", "0 rounds" (the noun takes an s unless there is one)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
