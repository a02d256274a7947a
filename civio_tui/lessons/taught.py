"""Which rules of docs/RULES.md ("A precedent") the lessons teach, and which the puzzles' answers
cite, named the same way so a test can require the second to be in the first.

A rule is named by the pair it judges: the kind of the card before and of the card after, and
whether the rules let it follow ("Law → Case", "Law → Law refused"). Marbury v Madison is
transparent to the rules: a card after it is judged against the card before it, and standing
anywhere is a rule of its own ("Marbury anywhere").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise

from cards.deck import Deck
from cards.models import CardType
from cards.precedent import check_precedent
from cards.puzzles import DIFFICULTIES, KINDS, Puzzle, completed_precedents, generate
from civio_tui.lessons.model import Build, Follow, Invalid, Lesson, Valid

KIND_WORD = {
    CardType.ISSUE: "Issue",
    CardType.CASE: "Case",
    CardType.LAW: "Law",
    CardType.CIVIL_RIGHTS_ACT: "Law",
    CardType.FREEDOM: "Freedom",
    CardType.AMENDMENT: "Amendment",
}
WILD = "Marbury anywhere"


def _kind(deck: Deck, card: int, freedom: bool = False) -> str:
    """The Civil Rights Act plays a Freedom (Equality) right after a Case that lists it."""
    return "Freedom" if freedom else KIND_WORD[deck[card].type]


def valid_rules(deck: Deck, cards: Sequence[int]) -> Iterator[str]:
    """The rules each neighbouring pair of a valid precedent stands on."""
    check = check_precedent(deck, cards)
    assert check.valid, check.reason
    if any(deck[c].type is CardType.WILD for c in cards):
        yield WILD
    body = [c for c in cards if deck[c].type is not CardType.WILD]
    for a, b in pairwise(body):
        as_freedom = check.cra_role == "freedom" and deck[b].type is CardType.CIVIL_RIGHTS_ACT
        yield f"{_kind(deck, a)} → {_kind(deck, b, as_freedom)}"


def refused_rule(deck: Deck, cards: Sequence[int]) -> str:
    """The rule an invalid precedent breaks first: the pair at its failure, refused."""
    check = check_precedent(deck, cards)
    assert not check.valid and check.failure_position is not None
    at = check.failure_position
    before = [c for c in cards[:at] if deck[c].type is not CardType.WILD]
    if not before:
        return f"{_kind(deck, cards[at])} first refused"
    return f"{_kind(deck, before[-1])} → {_kind(deck, cards[at])} refused"


def lesson_rules(deck: Deck, lessons: Sequence[Lesson]) -> set[str]:
    """The rules the lessons teach: the links of every precedent they build or claim valid, and
    the rule of every precedent they claim invalid or ask about."""
    found: set[str] = set()
    for lesson in lessons:
        for step in lesson.steps:
            if isinstance(step, Build):
                found.update(valid_rules(deck, [deck.id_of(n) for n in step.solution]))
            if isinstance(step, Follow):
                pair = [deck.id_of(step.prev), deck.id_of(step.card)]
                if check_precedent(deck, pair).valid:
                    found.update(valid_rules(deck, pair))
                else:
                    found.add(refused_rule(deck, pair))
            for claim in getattr(step, "claims", ()):
                ids = [deck.id_of(n) for n in getattr(claim, "cards", ())]
                if isinstance(claim, Valid):
                    found.update(valid_rules(deck, ids))
                elif isinstance(claim, Invalid):
                    found.add(refused_rule(deck, ids))
    return found


def puzzle_rules(deck: Deck, puzzle: Puzzle) -> set[str]:
    """The rules a puzzle's answer cites: each link of a `linked` precedent, the broken link of
    a `broken` one, and the links of the precedents that go out in the others."""
    if puzzle.kind == "broken":
        return {refused_rule(deck, puzzle.cards)}
    if puzzle.kind == "linked":
        return set(valid_rules(deck, puzzle.cards))
    precedents = (
        completed_precedents(deck, puzzle) if puzzle.kind == "complete" else puzzle.precedents
    )
    return {rule for p in precedents for rule in valid_rules(deck, p)}


def puzzles_rules(deck: Deck, seeds: range) -> dict[str, Puzzle]:
    """Every rule the puzzles of every kind and difficulty with these seeds cite, each with a
    puzzle that cites it."""
    found: dict[str, Puzzle] = {}
    for kind in KINDS:
        for difficulty in DIFFICULTIES:
            for seed in seeds:
                puzzle = generate(deck, kind, difficulty, seed)
                for rule in puzzle_rules(deck, puzzle):
                    found.setdefault(rule, puzzle)
    return found
