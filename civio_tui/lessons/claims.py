"""Checking what a lesson says about cards against the rules (cards/), so a lesson cannot lie.

`problems(deck, lesson)` lists every claim, build solution and name of a lesson that the rules
or the deck contradict; the lesson tests require it to be empty for every lesson.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from cards.deck import Deck
from cards.go_out import Arrangement
from cards.links import tables
from cards.models import Effect
from cards.precedent import check_precedent
from cards.ranks import rank_for
from cards.ruleset import RuleSet
from cards.scoring import non_winner_score, winner_score
from civio_tui.lessons.model import (
    Alone,
    Build,
    Choice,
    Claim,
    Follow,
    Invalid,
    LawDoes,
    Lesson,
    Lists,
    NonWinnerScores,
    RankAt,
    Step,
    Strengthens,
    TableTurn,
    Valid,
    WinnerScores,
    Year,
)


def claim_problem(deck: Deck, claim: Claim) -> str | None:
    """Why `claim` is false for `deck`, or None when the rules agree with it."""
    if isinstance(claim, Valid | Invalid):
        check = check_precedent(deck, [deck.id_of(name) for name in claim.cards])
        if isinstance(claim, Invalid):
            return "the rules accept it" if check.valid else None
        if not check.valid:
            return f"the rules refuse it: {check.reason}"
        if claim.points is not None and check.points != claim.points:
            return f"it is worth {check.points} points, not {claim.points}"
        return None
    if isinstance(claim, Lists):
        card = deck[deck.id_of(claim.card)]
        column = card.plus if claim.column == "plus" else card.minus
        return None if claim.other in column else f"{claim.other} is not in that column"
    if isinstance(claim, Strengthens):
        card = deck[deck.id_of(claim.case)]
        return None if claim.amendment in card.amendments else "it does not strengthen it"
    if isinstance(claim, LawDoes):
        action = deck[deck.id_of(claim.law)].action
        wanted = (claim.kind, Effect(claim.what))
        if action is None or (action.kind, action.what) != wanted:
            return f"its action is {action.describe() if action else 'none'}"
        return None
    if isinstance(claim, Alone):
        related = tables(deck).related[deck.id_of(claim.card)]
        linked = [name for name in claim.others if related >> deck.id_of(name) & 1]
        return f"it links to {', '.join(linked)}" if linked else None
    if isinstance(claim, WinnerScores):
        precedents = tuple(tuple(deck.id_of(n) for n in p) for p in claim.precedents)
        checks = [check_precedent(deck, p) for p in precedents]
        if not all(check.valid for check in checks):
            return "a precedent of it is not valid"
        kind: Literal["flush", "three_four"] = "flush" if len(precedents) == 1 else "three_four"
        arrangement = Arrangement(kind, precedents, sum(check.points for check in checks))
        score = winner_score(arrangement, RuleSet.named("booklet"))
        return None if score == claim.score else f"it scores {score}"
    if isinstance(claim, NonWinnerScores):
        score = non_winner_score(deck, [deck.id_of(name) for name in claim.cards])
        return None if score == claim.score else f"it scores {score}"
    if isinstance(claim, RankAt):
        title = rank_for(claim.points)
        return None if title == claim.title else f"{claim.points} points hold {title}"
    if isinstance(claim, Year):
        year = deck[deck.id_of(claim.card)].year
        return None if year == claim.year else f"its year is {year}"
    raise TypeError(f"unknown claim {claim!r}")


def card_names(step: Step) -> list[str]:
    """Every card a step deals, shows or offers, by its exact name."""
    names: list[str] = []
    if isinstance(step, Build):
        names += [*step.start, *step.hand, *step.solution, *step.required]
    elif isinstance(step, Choice):
        names += list(step.show) + [o.label for o in step.options if o.card]
        names += [name for precedent in step.precedents for name in precedent]
    elif isinstance(step, Follow):
        names += [step.prev, step.card]
    elif isinstance(step, TableTurn):
        deal = step.deal
        names += [*deal.you, *deal.hidden, *deal.bot, *deal.bot_hidden, deal.discard]
        names += list(deal.supply)
    return names


def _script_problems(deck: Deck, step: TableTurn) -> Iterator[str]:
    """The step's moves played with the round engine: each must be legal, by the right seat,
    and each other move accepted as right (`also`), when it is legal, must leave the rest of
    the script playable."""
    from civio_tui.lessons.table_drill import BOT, YOU, start_round

    rnd = start_round(deck, step.deal)
    for number, move in enumerate(step.moves, 1):
        decision = rnd.decision
        if decision is None:
            yield f"move {number} ({move.action}): the round is over"
            return
        if decision.seat != (BOT if move.bot else YOU):
            yield f"move {number} ({move.action}): it is the other seat's decision"
            return
        for other in move.also:
            if not rnd.is_legal(rnd.parse(other)):
                continue  # not offered in this line of play
            trial = rnd.clone()
            try:
                trial.apply(trial.parse(other))
                for later in step.moves[number:]:
                    trial.apply(trial.parse(later.action))
            except ValueError as exc:
                yield f"move {number}: after {other!r} the script cannot go on: {exc}"
        for text, _ in move.wrong:
            rnd.parse(text)
        try:
            rnd.apply(rnd.parse(move.action))
        except ValueError as exc:
            yield f"move {number} ({move.action}): {exc}"
            return


def _step_problems(deck: Deck, step: Step) -> Iterator[str]:
    for name in card_names(step):
        deck.id_of(name)
    if isinstance(step, Build):
        if step.solution[: len(step.start)] != step.start:
            yield "the solution does not begin with the cards already placed"
        hand = set(step.start) | set(step.hand)
        missing = [name for name in step.solution if name not in hand]
        if missing:
            yield f"the solution uses cards not dealt: {missing}"
        if not set(step.required) <= set(step.solution):
            yield "the solution leaves out a card the step requires"
        problem = claim_problem(deck, Valid(step.solution))
        if problem:
            yield f"solution {step.solution}: {problem}"
    if isinstance(step, Choice) and not any(option.right for option in step.options):
        yield f"no right answer to {step.question!r}"
    if isinstance(step, Follow):
        from civio_tui.lessons.follow import follow_reasons

        reasons = follow_reasons(deck, deck.id_of(step.prev), deck.id_of(step.card))
        if sum(reason.right for reason in reasons) != 1:
            yield "the rules do not make exactly one of its reasons right"
    if isinstance(step, TableTurn):
        yield from _script_problems(deck, step)
    for claim in getattr(step, "claims", ()):
        problem = claim_problem(deck, claim)
        if problem:
            yield f"{claim}: {problem}"


def problems(deck: Deck, lesson: Lesson) -> list[str]:
    """Every way the rules or the deck contradict `lesson` (empty when it tells the truth)."""
    found: list[str] = []
    for number, step in enumerate(lesson.steps, 1):
        try:
            found.extend(f"{lesson.id} step {number}: {p}" for p in _step_problems(deck, step))
        except KeyError as exc:
            found.append(f"{lesson.id} step {number}: no card named {exc}")
    return found
