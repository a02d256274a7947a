"""How much the lessons ask a player to read, counted from their data (civio_tui/lessons/words.py):
about 3,000 words for all of them and 300 for each lesson before the coached round, two
minutes at a 14-year-old's 150 words a minute (docs/ARCHITECTURE.md, "Lessons, hints and
puzzles")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.deck import Deck
from civio_tui.lessons.catalogue import ATTACKS, LESSONS, PRECEDENT
from civio_tui.lessons.model import Build, Lesson, TableTurn
from civio_tui.lessons.words import (
    LESSON_GOAL,
    TOTAL_GOAL,
    count_words,
    lesson_words,
    report,
    step_texts,
)


def test_words_are_counted_as_a_reader_reads_them() -> None:
    assert count_words("Brown v Board (1954) → 14th Amendment · +1") == 7
    assert count_words("Tinker's card lists Barnette.") == 4
    assert count_words("") == 0


def test_all_the_lessons_take_at_most_the_goal(standard: Deck) -> None:
    assert sum(lesson_words(standard, lesson) for lesson in LESSONS) <= TOTAL_GOAL


@pytest.mark.parametrize("lesson", LESSONS[:-1], ids=lambda lesson: lesson.id)
def test_each_lesson_before_the_round_takes_at_most_the_goal(
    standard: Deck, lesson: Lesson
) -> None:
    assert lesson_words(standard, lesson) <= LESSON_GOAL


def test_a_longer_goal_and_another_card_count(standard: Deck) -> None:
    """The count follows the data: words added to a step, or a card dealt to read, add up."""
    first = PRECEDENT.steps[0]
    assert isinstance(first, Build)
    before = lesson_words(standard, PRECEDENT)
    longer = replace(first, goal=first.goal + " Take your time.")
    more = replace(first, hand=(*first.hand, "Plessy v Ferguson"))
    for step, added in ((longer, 3), (more, 15)):
        lesson = replace(PRECEDENT, steps=(step, *PRECEDENT.steps[1:]))
        assert lesson_words(standard, lesson) >= before + added


def test_a_table_step_counts_what_the_table_says(standard: Deck) -> None:
    """Bot's moves and the options at each decision are read too, as the engine words them."""
    step = next(s for s in ATTACKS.steps if isinstance(s, TableTurn))
    texts = " ".join(step_texts(standard, step))
    assert "Bot attacked you with Jim Crow Laws" in texts
    assert "Accept" in texts


def test_the_report_gives_each_lesson_and_the_reading_time(standard: Deck) -> None:
    lines = report(standard).splitlines()
    assert len(lines) == len(LESSONS) + 1
    assert lines[0].startswith("1. A precedent")
    assert "min at 150 words a minute" in lines[-1]
