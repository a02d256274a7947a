"""Every claim a lesson makes about a card or a link is checked against the rules, so a deck
change cannot make a lesson lie (docs/ARCHITECTURE.md, "Lessons, hints and puzzles")."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from cards.deck import Deck
from cards.models import Effect, LawAction
from cards.scoring import non_winner_score
from civio_tui.keymap import key_label
from civio_tui.lessons.catalogue import ATTACKS, COACHED, LESSONS, TURN, YEARS
from civio_tui.lessons.claims import claim_problem, problems
from civio_tui.lessons.model import (
    Build,
    Choice,
    Follow,
    Lesson,
    Move,
    NonWinnerScores,
    Play,
    TableTurn,
    Valid,
)
from civio_tui.widgets.cards import pts


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_claim_of_the_lesson_holds_under_the_rules(standard: Deck, lesson: Lesson) -> None:
    assert problems(standard, lesson) == []


def test_the_lessons_are_eight_short_ones_ending_in_a_coached_round() -> None:
    assert len(LESSONS) == 8
    assert len({lesson.id for lesson in LESSONS}) == 8
    for lesson in LESSONS[:-1]:
        assert 3 <= lesson.step_count <= 6, lesson.id
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
            texts += [step.teach, step.praise, step.nudge]
        elif isinstance(step, TableTurn):
            for move in step.moves:
                texts += [move.goal, move.praise, move.nudge, *(why for _, why in move.wrong)]
        else:
            texts.append(step.text)
    return texts


def test_a_deck_change_makes_the_lessons_fail(standard: Deck) -> None:
    """Cut Tinker's link to Barnette and turn the Civil Rights Act into an attack: the
    lessons that teach them must now report the claims they can no longer make."""
    cards = list(standard.cards)
    tinker = standard.id_of("Tinker v Des Moines School District")
    cra = standard.id_of("Civil Rights Act of 1964")
    cards[tinker] = cards[tinker].model_copy(
        update={"plus": tuple(p for p in cards[tinker].plus if "Barnette" not in p)}
    )
    cards[cra] = cards[cra].model_copy(
        update={"action": LawAction(kind="attack", what=Effect.CONFISCATE)}
    )
    changed = Deck("changed", cards, custom=True, source="test")
    found = [p for lesson in LESSONS for p in problems(changed, lesson)]
    assert any("Barnette" in p for p in found)
    assert any("Civil Rights Act" in p for p in found)
    assert claim_problem(
        changed, Valid(("Board of Education v Barnette", "Tinker v Des Moines School District"))
    )


def test_lessons_4_and_5_are_played_at_the_table() -> None:
    """The turn and the attacks are done with the round engine, not asked about."""
    for lesson in (TURN, ATTACKS):
        assert any(isinstance(step, TableTurn) for step in lesson.steps), lesson.id
    moves = [m.action for s in TURN.steps if isinstance(s, TableTurn) for m in s.moves]
    assert {"draw discard", "civio call"} <= set(moves)
    assert any(m.startswith("reveal") for m in moves) and any(
        m.startswith("discard") for m in moves
    )
    own = [
        m.action for s in ATTACKS.steps if isinstance(s, TableTurn) for m in s.moves if not m.bot
    ]
    assert any(m.startswith("confiscate") for m in own)
    assert any(m.startswith("overrule") for m in own)
    assert "target 1" in own  # you attack Bot
    bots = [m.action for s in ATTACKS.steps if isinstance(s, TableTurn) for m in s.moves if m.bot]
    assert "target 0" in bots  # and Bot attacks you


def test_a_table_script_the_engine_refuses_is_reported(standard: Deck) -> None:
    """A move the rules do not allow at that point (discarding a card not held) or a move given
    to the wrong seat makes the lesson fail its check."""
    step = next(s for s in TURN.steps if isinstance(s, TableTurn))
    bad_card = replace(step, moves=(step.moves[0], Move("discard Katz v US"), *step.moves[2:]))
    wrong_seat = replace(step, moves=(replace(step.moves[0], bot=True), *step.moves[1:]))
    for broken in (bad_card, wrong_seat):
        lesson = Lesson("broken", "Broken", "", (broken,))
        assert problems(standard, lesson) != []
    assert problems(standard, Lesson("ok", "OK", "", (step,))) == []


def test_the_not_out_line_of_the_table_is_explained_with_its_own_words(standard: Deck) -> None:
    """The table's 'Not out yet · N points if someone else wins' is quoted by a lesson, with
    the N the rules give the hand the lesson scores."""
    step = next(
        s
        for lesson in LESSONS
        for s in lesson.steps
        if isinstance(s, Choice) and any(isinstance(c, NonWinnerScores) for c in s.claims)
    )
    claim = next(c for c in step.claims if isinstance(c, NonWinnerScores))
    score = non_winner_score(standard, [standard.id_of(name) for name in claim.cards])
    assert f"Not out yet · {pts(score)} if someone else wins" in step.question


def test_the_coached_round_names_the_keys_that_order_cards_within_a_precedent() -> None:
    text = " ".join(step.text for step in COACHED.steps if isinstance(step, Play))
    for binding in ("hand.raise", "hand.lower", "hand.group_right", "hand.group_left"):
        assert key_label(binding).split(" / ")[0] in text, binding
