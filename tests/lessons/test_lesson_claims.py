"""Every claim a lesson makes about a card or a link is checked against the rules, so a deck
change cannot make a lesson lie (issue 21, LEARNING.md)."""

from __future__ import annotations

import re

import pytest

from cards.deck import Deck
from cards.models import Effect, LawAction
from civio_tui.lessons.catalogue import LESSONS, YEARS
from civio_tui.lessons.claims import claim_problem, problems
from civio_tui.lessons.model import Build, Choice, Follow, Lesson, Play, Valid


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_claim_of_the_lesson_holds_under_the_rules(standard: Deck, lesson: Lesson) -> None:
    assert problems(standard, lesson) == []


def test_the_lessons_are_eight_short_ones_ending_in_a_coached_round() -> None:
    assert len(LESSONS) == 8
    assert len({lesson.id for lesson in LESSONS}) == 8
    for lesson in LESSONS[:-1]:
        assert 3 <= len(lesson.steps) <= 6, lesson.id
        assert not any(isinstance(step, Play) for step in lesson.steps)
    assert [type(step) for step in LESSONS[-1].steps] == [Play]


def test_every_year_the_lessons_give_a_card_is_checked(standard: Deck) -> None:
    assert all(claim_problem(standard, year) is None for year in YEARS)
    checked = {year.year for year in YEARS}
    names = " ".join(card.name for card in standard.cards)
    for lesson in LESSONS:
        for text in _texts(lesson):
            for year in re.findall(r"\b(1[6-9]\d\d|20\d\d)\b", text):
                assert int(year) in checked or year in names, (lesson.id, year, text)


def _texts(lesson: Lesson) -> list[str]:
    texts = []
    for step in lesson.steps:
        if isinstance(step, Build):
            texts += [step.goal, step.praise, step.nudge, step.context]
        elif isinstance(step, Choice):
            texts += [step.question, step.nudge]
            texts += [o.label + " " + o.reply for o in step.options]
        elif isinstance(step, Follow):
            texts += [step.praise, step.nudge]
        else:
            texts.append(step.text)
    return texts


def test_a_deck_change_makes_the_lessons_fail(standard: Deck) -> None:
    """Cut Tinker's link to Barnette and turn the Civil Liberties Act into an attack: the
    lessons that teach them must now report the claims they can no longer make."""
    cards = list(standard.cards)
    tinker = standard.id_of("Tinker v Des Moines School District")
    cla = standard.id_of("Civil Liberties Act of 1988")
    cards[tinker] = cards[tinker].model_copy(
        update={"plus": tuple(p for p in cards[tinker].plus if "Barnette" not in p)}
    )
    cards[cla] = cards[cla].model_copy(
        update={"action": LawAction(kind="attack", what=Effect.CONFISCATE)}
    )
    changed = Deck("changed", cards, custom=True, source="test")
    found = [p for lesson in LESSONS for p in problems(changed, lesson)]
    assert any("Barnette" in p for p in found)
    assert any("Civil Liberties Act" in p for p in found)
    assert claim_problem(
        changed, Valid(("Board of Education v Barnette", "Tinker v Des Moines School District"))
    )
