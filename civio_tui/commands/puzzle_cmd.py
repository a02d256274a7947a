"""`civio puzzle`: one generated puzzle, and with --answers its answer (a worksheet a teacher
can print, and its answer key)."""

from __future__ import annotations

import argparse
from datetime import date
from typing import Any

from cards.deck import Deck
from cards.puzzles import (
    DIFFICULTIES,
    KINDS,
    Puzzle,
    generate,
    kind_of_the_day,
    seed_of_the_day,
)
from civio_tui.card_words import FIRST_DIFFICULTY, kind_label
from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    UsageError,
    deck_from_args,
    parse_day,
    print_json,
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "puzzle",
        help="a generated puzzle (go-out, complete, best, broken, linked); --answers: its answer",
        description="Print one puzzle generated from the deck, and its answer with --answers: "
        "the same kind, difficulty and seed always give the same puzzle. With no --seed, the "
        "puzzle of the day (today, or --date).",
        parents=[JSON_OPTION, CARDS_OPTION],
    )
    parser.add_argument("--kind", choices=KINDS, help="the kind of puzzle (default: by seed)")
    # The game's Puzzles menu starts at easy: the same default makes `civio puzzle` the very
    # puzzle of the day the class opens in the game, not another one at medium.
    parser.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        default=FIRST_DIFFICULTY,
        help=f"default: {FIRST_DIFFICULTY}, as the game's Puzzles menu",
    )
    parser.add_argument(
        "--answers",
        action="store_true",
        help="print the answer too, for a worksheet's answer key (--json always has it)",
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--seed", type=int, help="the puzzle's seed (any whole number)")
    which.add_argument("--date", metavar="YYYY-MM-DD", help="the puzzle of that day")


def puzzle_from_args(deck: Deck, args: argparse.Namespace) -> Puzzle:
    if args.seed is not None:
        seed = int(args.seed)
        kind = args.kind or KINDS[seed % len(KINDS)]
    else:
        day = date.today() if args.date is None else parse_day(args.date)
        seed = seed_of_the_day(day)
        kind = args.kind or kind_of_the_day(day)
    try:
        return generate(deck, kind, args.difficulty, seed)
    except ValueError as exc:  # a pack too small for this kind of puzzle, by its file
        raise UsageError(f"{deck.source}: {exc}") from None


def answer_lines(deck: Deck, puzzle: Puzzle) -> list[str]:
    """The answer in words, as a worksheet's answer key prints it."""
    if puzzle.kind in ("go-out", "best"):
        lines = ["  " + " → ".join(deck.names(p)) for p in puzzle.precedents]
        unit = "point" if puzzle.points == 1 else "points"
        tail = f"{puzzle.points} card {unit}"
        if puzzle.kind == "best":
            flush = " (a Thurgood Flush)" if len(puzzle.precedents) == 1 else ""
            tail = f"scores {puzzle.score} as the winner{flush}; {tail}"
        return [*lines, f"  ({tail})"]
    if puzzle.kind == "complete":
        assert puzzle.card is not None
        return [f"  {deck[puzzle.card].name}"]
    if puzzle.kind == "broken":
        from cards.precedent import check_precedent

        assert puzzle.position is not None
        check = check_precedent(deck, puzzle.cards)
        card = deck[puzzle.cards[puzzle.position]].name
        return [f"  card {puzzle.position + 1}, {card}: {check.reason}"]
    pairs = zip(puzzle.cards, puzzle.cards[1:], strict=False)
    return [
        f"  {deck[a].name} → {deck[b].name}: {why}"
        for (a, b), why in zip(pairs, puzzle.links, strict=True)
    ]


def run(args: argparse.Namespace) -> int:
    deck = deck_from_args(args)
    puzzle = puzzle_from_args(deck, args)
    if args.json:
        print_json(puzzle.to_json(deck))
        return 0
    print(f"Puzzle ({puzzle.kind}, {puzzle.difficulty}, seed {puzzle.seed})")
    print(f"Question: {puzzle.question}")
    print("Cards:")
    for i, c in enumerate(puzzle.cards, 1):
        print(f"  {i}. {deck[c].name} ({kind_label(deck[c])})")
    if puzzle.options is not None:
        print("Options:")
        for letter, c in zip("ABCD", puzzle.options, strict=False):
            print(f"  {letter}. {deck[c].name}")
    if args.answers:
        print("Answer:")
        print("\n".join(answer_lines(deck, puzzle)))
    else:
        print("(The answer: add --answers.)")
    return 0
