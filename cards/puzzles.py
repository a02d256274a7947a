"""Puzzles: short exercises generated from the deck by seeded pure
functions, and checked by the same rules code that judges a real hand.

Kinds: `go-out` (arrange 7 cards to go out), `complete` (which of 4 cards makes 6 go out), `best`
(the highest-scoring 7 of 8-10 cards), `broken` (which card of a precedent cannot follow the one
before it), `linked` (which rule links each neighbouring pair of a valid precedent).

Precedents are grown by generate-and-test: a random walk over the pairs that make a precedent on
their own (`cards.link_reasons`), every step judged by the precedent checker; nothing here
restates a rule. Difficulty comes from how many ways a puzzle can be solved and how many links
lead astray (pairs that link across the answer's precedents, or near misses), measured on each
candidate; the generator keeps the first candidate of the asked difficulty (or the closest of a
bounded number of tries, so it always answers quickly).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from itertools import combinations, pairwise
from typing import Any, Literal

from cards.civio_sets import check_call
from cards.deck import Deck
from cards.games.solitaire.game import seed_of_day
from cards.go_out import HAND_SIZE, best_go_out, goes_out, ordering
from cards.link_reasons import link, link_reason
from cards.links import tables
from cards.models import CardType
from cards.precedent import check_precedent, is_valid
from cards.ruleset import RuleSet
from cards.scoring import winner_score

KINDS = ("go-out", "complete", "best", "broken", "linked")
DIFFICULTIES = ("easy", "medium", "hard")
Difficulty = Literal["easy", "medium", "hard"]
TRIES = 60
"""Candidates tried for the asked difficulty before settling for the closest."""
STEP_BUDGET = 200
"""Steps a random precedent search may take before giving up."""
BOOKLET = RuleSet.named("booklet")


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One generated puzzle with its answer. Cards are deck ids; `solution` holds ids too
    (`to_json` names them)."""

    kind: str
    difficulty: str
    seed: int
    cards: tuple[int, ...]
    question: str
    options: tuple[int, ...] | None
    precedents: tuple[tuple[int, ...], ...] = ()
    """go-out and best: the answer's precedents in a valid order (3-card first)."""
    points: int = 0
    """go-out and best: the answer's card points."""
    score: int = 0
    """best: the answer's score as a winner under the booklet (a Thurgood Flush is tripled)."""
    card: int | None = None
    """complete: the one option that makes the 6 cards go out."""
    position: int | None = None
    """broken: 0-based position of the first card that cannot follow the card before it."""
    links: tuple[str, ...] = ()
    """linked: the rule's sentence for each neighbouring pair."""

    def to_json(self, deck: Deck) -> dict[str, Any]:
        solution: dict[str, Any]
        if self.kind in ("go-out", "best"):
            solution = {
                "precedents": [deck.names(p) for p in self.precedents],
                "points": self.points,
            }
        elif self.kind == "complete":
            assert self.card is not None
            solution = {"card": deck[self.card].name}
        elif self.kind == "broken":
            solution = {"position": self.position}
        else:
            solution = {"links": list(self.links)}
        return {
            "kind": self.kind,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "cards": deck.names(self.cards),
            "question": self.question,
            "options": deck.names(self.options) if self.options is not None else None,
            "solution": solution,
        }


def seed_of_the_day(day: date) -> int:
    """The puzzle of the day uses the same seed as the Solitaire deal of the day."""
    return seed_of_day(day)


def kind_of_the_day(day: date) -> str:
    """Each day brings the next kind, so a week of puzzles of the day shows them all."""
    return KINDS[day.toordinal() % len(KINDS)]


def generate(deck: Deck, kind: str, difficulty: str, seed: int) -> Puzzle:
    """The puzzle of this kind, difficulty and seed (the same arguments give the same puzzle)."""
    if kind not in KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r} (kinds: {', '.join(KINDS)})")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r} (easy, medium or hard)")
    rng = random.Random(f"civio-puzzle:{kind}:{difficulty}:{seed}")
    make = _MAKERS[kind]
    level = DIFFICULTIES.index(difficulty)
    best: tuple[int, Puzzle] | None = None
    for _ in range(TRIES):
        found = make(deck, rng, level)
        if found is None:
            continue
        hardness, puzzle = found
        distance = abs(_level_of(hardness) - level)
        if best is None or distance < best[0]:
            best = (distance, puzzle)
        if distance == 0:
            break
    if best is None:
        raise ValueError(f"this deck's {len(deck)} cards make no {kind} puzzle")
    return _with(best[1], kind=kind, difficulty=difficulty, seed=seed)


def _with(puzzle: Puzzle, **changes: Any) -> Puzzle:
    from dataclasses import replace

    return replace(puzzle, **changes)


def _level_of(hardness: int) -> int:
    """Hardness points to a difficulty: 0-1 easy, 2-3 medium, 4 and more hard."""
    return 0 if hardness <= 1 else 1 if hardness <= 3 else 2


# Growing precedents.


def _successors(deck: Deck) -> dict[int, tuple[int, ...]]:
    """For each card, the cards that may stand right after it with no third card needed."""

    def build(d: Deck) -> dict[int, tuple[int, ...]]:
        t = tables(d)
        out: dict[int, list[int]] = {c: [] for c in d.ids}
        for a in d.ids:
            if t.wilds >> a & 1:
                continue
            for b in d.ids:
                found = None if t.wilds >> b & 1 else link(d, a, b)
                if found is not None and found.direct:
                    out[a].append(b)
        return {c: tuple(v) for c, v in out.items()}

    result: dict[int, tuple[int, ...]] = deck.cached("cards.puzzles.successors", build)
    return result


def random_precedent(
    deck: Deck, rng: random.Random, length: int, avoid: Sequence[int] = ()
) -> tuple[int, ...] | None:
    """A valid precedent of `length` cards (no Marbury), none of them in `avoid`, or None when
    this search ran out of steps (the caller tries again): a random depth-first walk, each
    step judged by the precedent checker."""
    nxt = _successors(deck)
    starts = [c for c in deck.ids if nxt[c] and c not in avoid]
    if not starts:
        return None
    banned = set(avoid)
    budget = [STEP_BUDGET]

    def walk(seq: list[int]) -> tuple[int, ...] | None:
        if len(seq) == length:
            return tuple(seq) if is_valid(deck, seq) else None
        choices = [c for c in nxt[seq[-1]] if c not in banned and c not in seq]
        rng.shuffle(choices)
        for c in choices:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if is_valid(deck, [*seq, c]) or (len(seq) == 1 and deck[seq[0]].type is CardType.ISSUE):
                found = walk([*seq, c])
                if found is not None:
                    return found
        return None

    return walk([rng.choice(starts)])


def _cross_links(deck: Deck, groups: Sequence[Sequence[int]]) -> int:
    """Pairs of cards in different groups that could stand next to each other: the links that
    lead a solver astray."""
    nxt = _successors(deck)
    count = 0
    for i, g in enumerate(groups):
        for h in groups[i + 1 :]:
            for a in g:
                for b in h:
                    count += (b in nxt[a]) + (a in nxt[b])
    return count


def _go_out_ways(deck: Deck, hand: Sequence[int]) -> int:
    """How many ways the 7 cards go out: each 3 + 4 split, and the 7 as one precedent."""
    ways = int(ordering(deck, hand) is not None)
    for three in combinations(hand, 3):
        four = [c for c in hand if c not in three]
        if ordering(deck, three) is not None and ordering(deck, four) is not None:
            ways += 1
    return ways


def _go_out_hand(deck: Deck, rng: random.Random, avoid: Sequence[int] = ()) -> list[int] | None:
    three = random_precedent(deck, rng, 3, avoid)
    if three is None:
        return None
    four = random_precedent(deck, rng, 4, (*avoid, *three))
    if four is None:
        return None
    return [*three, *four]


# The five kinds. Each maker returns (hardness, puzzle) or None for a failed attempt.


def _make_go_out(deck: Deck, rng: random.Random, level: int) -> tuple[int, Puzzle] | None:
    hand = _go_out_hand(deck, rng)
    if hand is None:
        return None
    arrangement = best_go_out(deck, hand, BOOKLET)
    assert arrangement is not None
    ways = _go_out_ways(deck, hand)
    flush = ordering(deck, hand) is not None
    hardness = 2 * _cross_links(deck, [hand[:3], hand[3:]]) + flush - 3 * (ways - 1)
    cards = list(hand)
    rng.shuffle(cards)
    question = (
        "Arrange these 7 cards to go out: a 3-card and a 4-card precedent, "
        "or one 7-card precedent (a Thurgood Flush)."
    )
    return hardness, Puzzle(
        "go-out",
        DIFFICULTIES[level],
        0,
        tuple(cards),
        question,
        None,
        precedents=arrangement.precedents,
        points=arrangement.points,
    )


def _related_to(deck: Deck, cards: Sequence[int], rng: random.Random, count: int) -> list[int]:
    """`count` cards not among `cards` that link to some of them: the believable distractors."""
    nxt = _successors(deck)
    near = {b for a in cards for b in nxt[a]} | {a for a in deck.ids for b in cards if b in nxt[a]}
    pool = sorted(near - set(cards) - {c for c in deck.ids if tables(deck).wilds >> c & 1})
    rng.shuffle(pool)
    return pool[:count]


def _make_complete(deck: Deck, rng: random.Random, level: int) -> tuple[int, Puzzle] | None:
    hand = _go_out_hand(deck, rng)
    if hand is None:
        return None
    missing = rng.choice(hand)
    six = [c for c in hand if c != missing]
    others = [c for c in deck.ids if c not in hand]
    near = _related_to(deck, six, rng, 12)
    far = [c for c in others if c not in near]
    rng.shuffle(far)
    # Easy: options that link to none of the 6; medium: some that do; hard: all of them do.
    wanted_near = (0, 2, 3)[level]
    picks = [d for d in near if not goes_out(deck, [*six, d])][:wanted_near]
    picks += [d for d in far[:10] if not goes_out(deck, [*six, d])][: 3 - len(picks)]
    distractors = picks
    if len(distractors) < 3:
        return None
    hardness = 2 * level
    options = [missing, *distractors]
    rng.shuffle(options)
    rng.shuffle(six)
    question = "Which one of the 4 options makes these 6 cards go out?"
    return hardness, Puzzle(
        "complete", DIFFICULTIES[level], 0, tuple(six), question, tuple(options), card=missing
    )


def best_seven(
    deck: Deck, cards: Sequence[int]
) -> tuple[int, tuple[tuple[int, ...], ...], int] | None:
    """The best winner's score (booklet) of any 7 of the cards that go out, its precedents and
    their card points; None when no 7 of them go out. Ties go to the first found."""
    best: tuple[int, tuple[tuple[int, ...], ...], int] | None = None
    for seven in combinations(cards, HAND_SIZE):
        arrangement = best_go_out(deck, list(seven), BOOKLET)
        if arrangement is None:
            continue
        score = winner_score(arrangement, BOOKLET)
        if best is None or score > best[0]:
            best = (score, arrangement.precedents, arrangement.points)
    return best


def _make_best(deck: Deck, rng: random.Random, level: int) -> tuple[int, Puzzle] | None:
    hand = _go_out_hand(deck, rng)
    if hand is None:
        return None
    extra = _related_to(deck, hand, rng, 1 + level)
    if len(extra) < 1 + level:
        return None
    cards = [*hand, *extra]
    best = best_seven(deck, cards)
    assert best is not None
    ways = sum(1 for seven in combinations(cards, HAND_SIZE) if goes_out(deck, list(seven)))
    # More cards to choose from, and more 7s that go out (but score less), make it harder.
    hardness = 2 * level + (ways > 1)
    rng.shuffle(cards)
    question = (
        f"Choose 7 of these {len(cards)} cards that go out and score the most "
        "(a Thurgood Flush scores triple), and arrange them."
    )
    return hardness, Puzzle(
        "best",
        DIFFICULTIES[level],
        0,
        tuple(cards),
        question,
        None,
        precedents=best[1],
        points=best[2],
        score=best[0],
    )


def _make_broken(deck: Deck, rng: random.Random, level: int) -> tuple[int, Puzzle] | None:
    length = 4 + level
    good = random_precedent(deck, rng, length)
    if good is None:
        return None
    at = rng.randrange(1, length)
    near = _related_to(deck, good, rng, 20)
    pool = near if level else [c for c in deck.ids if c not in near and c not in good]
    rng.shuffle(pool)
    for swap in pool:
        if swap in good:
            continue
        cards = [*good[:at], swap, *good[at + 1 :]]
        check = check_precedent(deck, cards)
        if not check.valid and check.failure_position is not None and check.failure_position >= 1:
            hardness = 2 * level  # longer precedents, and near misses above easy
            question = (
                "This precedent is broken: which card is the first that cannot follow "
                "the card before it?"
            )
            return hardness, Puzzle(
                "broken",
                DIFFICULTIES[level],
                0,
                tuple(cards),
                question,
                None,
                position=check.failure_position,
            )
    return None


def _make_linked(deck: Deck, rng: random.Random, level: int) -> tuple[int, Puzzle] | None:
    cards = random_precedent(deck, rng, 3 + level)
    if cards is None:
        return None
    links = []
    for a, b in pairwise(cards):
        why = link_reason(deck, a, b)
        if why is None:
            return None
        links.append(why)
    hardness = 2 * level  # longer precedents
    question = "For each neighbouring pair of this precedent, which rule links them?"
    return hardness, Puzzle(
        "linked", DIFFICULTIES[level], 0, tuple(cards), question, None, links=tuple(links)
    )


_MAKERS = {
    "go-out": _make_go_out,
    "complete": _make_complete,
    "best": _make_best,
    "broken": _make_broken,
    "linked": _make_linked,
}


# Checking an answer with the rules code (a wrong answer gets the reason).


@dataclass(frozen=True, slots=True)
class AnswerCheck:
    correct: bool
    reason: str


def check_arrangement(deck: Deck, puzzle: Puzzle, groups: Sequence[Sequence[int]]) -> AnswerCheck:
    """go-out and best: do the chosen precedents go out (and, for best, score the most)?"""
    call = check_call(deck, puzzle.cards, groups)
    if not call.valid:
        assert call.reason is not None
        return AnswerCheck(False, call.reason)
    if puzzle.kind == "best":
        arrangement = best_go_out(deck, [c for g in call.precedents for c in g], BOOKLET)
        assert arrangement is not None
        score = winner_score(arrangement, BOOKLET)
        if score < puzzle.score:
            return AnswerCheck(
                False,
                f"these 7 go out and score {score}, but another 7 of the cards score "
                f"{puzzle.score}",
            )
        return AnswerCheck(True, f"they go out and score {score}, the best possible")
    return AnswerCheck(True, f"they go out: {call.points} card points")


def check_complete(deck: Deck, puzzle: Puzzle, card: int) -> AnswerCheck:
    hand = [*puzzle.cards, card]
    if goes_out(deck, hand):
        return AnswerCheck(True, f"with {deck[card].name} the 7 cards go out")
    return AnswerCheck(
        False,
        f"with {deck[card].name} the 7 cards make neither a 3-card and a 4-card precedent "
        "nor one of 7",
    )


def completed_precedents(deck: Deck, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """complete: how the 6 cards and the answer go out (the best-scoring way, booklet rules)."""
    assert puzzle.card is not None
    arrangement = best_go_out(deck, [*puzzle.cards, puzzle.card], BOOKLET)
    assert arrangement is not None, "a complete puzzle's answer always goes out"
    return arrangement.precedents


def check_broken(deck: Deck, puzzle: Puzzle, position: int) -> AnswerCheck:
    check = check_precedent(deck, puzzle.cards)
    assert check.reason is not None
    if position == puzzle.position:
        return AnswerCheck(True, check.reason)
    if not 1 <= position < len(puzzle.cards):
        return AnswerCheck(False, "the first card has nothing before it to follow")
    a, b = puzzle.cards[position - 1], puzzle.cards[position]
    if position < (puzzle.position or 0):
        why = link_reason(deck, a, b) or "the precedent is valid up to there"
        return AnswerCheck(False, f"{deck[b].name} can follow {deck[a].name}: {why}")
    return AnswerCheck(False, f"an earlier card already breaks it: {check.reason}")


def check_link(deck: Deck, puzzle: Puzzle, pair: int, sentence: str) -> AnswerCheck:
    """linked: is `sentence` the rule that links pair `pair` (cards pair and pair + 1)?"""
    right = puzzle.links[pair]
    if sentence == right:
        return AnswerCheck(True, right)
    a, b = puzzle.cards[pair], puzzle.cards[pair + 1]
    untrue = _untrue_links(deck, a, b).get(sentence)
    if untrue is not None:
        return AnswerCheck(False, f"{untrue}; here: {right}")
    other = _other_links(deck, puzzle, pair).get(sentence)
    if other is None:
        return AnswerCheck(False, f"that is not what links them; here: {right}")
    # Name the pair the sentence is about: "Korematsu v US lists the issue Race" is true, and
    # a player who sees it on Korematsu's card must learn why it is not this pair's link.
    x, y = other
    return AnswerCheck(
        False,
        f"that sentence links {deck[x].name} → {deck[y].name}, not {deck[a].name} → "
        f"{deck[b].name}; here: {right}",
    )


def _other_links(deck: Deck, puzzle: Puzzle, pair: int) -> dict[str, tuple[int, int]]:
    """The true link sentences of the other pairs that share a card with pair `pair` (the
    wrong choices of a linked puzzle), each with the pair it links, in the deck's order."""
    a, b = puzzle.cards[pair], puzzle.cards[pair + 1]
    right = puzzle.links[pair]
    nxt = _successors(deck)
    others: dict[str, tuple[int, int]] = {}
    for x, y in [(a, c) for c in nxt[a]] + [(c, b) for c in deck.ids if b in nxt[c]]:
        if (x, y) == (a, b):
            continue
        why = link_reason(deck, x, y)
        if why is not None and why != right and why not in others:
            others[why] = (x, y)
    return others


def _untrue_links(deck: Deck, a: int, b: int) -> dict[str, str]:
    """Sentences in the links' own words about the two cards `a` → `b` that their cards show
    to be false, each with what the cards say instead: "Brown v Board of Education of Topeka
    lists Race in its plus column" (Race is one of its issues). Only Cases have plus and minus
    columns; the Civil Rights Act and Marbury, whose links read differently, get none."""
    first, second = deck[a], deck[b]
    if {first.type, second.type} & {CardType.CIVIL_RIGHTS_ACT, CardType.WILD}:
        return {}
    untrue: dict[str, str] = {}
    for owner, named in ((second, first), (first, second)):
        if owner.type is not CardType.CASE:
            continue
        for column in ("plus", "minus"):
            if named.name in getattr(owner, column):
                continue
            where = f"{named.name} is not in {owner.name}'s {column} column"
            if named.name in owner.issues:
                where += " (it is one of its issues)"
            elif named.type is CardType.AMENDMENT and set(named.amendments) & set(owner.amendments):
                where += " (the Case strengthens it)"
            elif named.name in owner.plus or named.name in owner.minus:
                where += f" (it is in its {'minus' if column == 'plus' else 'plus'} column)"
            untrue[f"{owner.name} lists {named.name} in its {column} column"] = where
    if second.type is CardType.LAW and first.year is not None and second.year is not None:
        when = "the same year" if second.year == first.year else "later"
        if second.year >= first.year:
            for issue in sorted(set(first.issues) ^ set(second.issues)):
                sentence = (
                    f"{second.name} ({second.year}) shares the issue {issue} with "
                    f"{first.name} ({first.year}) and came {when}"
                )
                untrue[sentence] = f"{issue} is not an issue of both cards"
    return untrue


def link_choices(deck: Deck, puzzle: Puzzle, pair: int, count: int = 3) -> list[str]:
    """For pair `pair` of a linked puzzle: its sentence and `count - 1` wrong ones, in a seeded
    order. The wrong ones name the same two cards where the cards allow it (a sentence their
    cards show false), so the answer is found by reading both cards, not by spotting the only
    sentence that names them; else true sentences about other pairs that share a card."""
    a, b = puzzle.cards[pair], puzzle.cards[pair + 1]
    right = puzzle.links[pair]
    rng = random.Random(f"civio-links:{puzzle.seed}:{pair}")
    untrue = list(_untrue_links(deck, a, b))
    others = list(_other_links(deck, puzzle, pair))
    rng.shuffle(untrue)
    rng.shuffle(others)
    choices = [right, *(untrue + others)[: count - 1]]
    rng.shuffle(choices)
    return choices
