"""How much a player must read to finish each lesson, counted from the lessons' data.

The text counted is what the lesson screen shows a player who makes every right move: each
step's goal or question, its answers (a player reads them all to choose), the praise for the
right one, what happens at the table (Bot's moves and the options there, played with the round
engine as the lesson plays them), and once per lesson the facts of every card a step asks the
player to read (its type, issues, columns, action and where it may stand; its history is there
to enjoy, not needed to finish). Hints, wrong answers' replies and the keys in the footer are
not counted. A lesson that opens the table (the coached round) counts its own text only: the
round's words are the game's.

`python -m civio_tui.lessons.words` prints the count of each lesson and the total, and the
minutes they take at 150 words a minute (a 14-year-old's reading pace).
"""

from __future__ import annotations

import re

from cards.deck import Deck, standard_deck
from civio_tui.lessons.catalogue import LESSONS
from civio_tui.lessons.follow import follow_reasons
from civio_tui.lessons.model import Build, Choice, Follow, Lesson, Play, Step, TableTurn
from civio_tui.lessons.table_drill import YOU, Drill
from civio_tui.questions import OptionLabel
from civio_tui.widgets.cards import spelled_name

READING_PACE = 150
"""Words a minute a 14-year-old reads."""
TOTAL_GOAL = 3000
LESSON_GOAL = 300
"""The goals for all the lessons together and for each lesson but the coached round."""

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’.-]*")


def count_words(text: str) -> int:
    """Words as a reader counts them: "v", "1964" and "+1" are words, "→" and "·" are not."""
    return len(_WORD.findall(text))


def _table_play(deck: Deck, step: TableTurn) -> tuple[list[str], list[str]]:
    """The table step played right, as the screen shows it: what Bot did, each goal with its
    options, and what each right move brought; and the cards read on the way (the player's
    own, and every card an option names)."""
    drill = Drill(deck, step)
    texts, cards = list(drill.opening), []
    while not drill.done:
        options = drill.options()
        # A card option's name is counted with the card's facts: the label adds its verb.
        texts += [drill.move.goal, *(_without_name(deck, option) for option in options)]
        cards += [*drill.rnd.hand(YOU), *(o.card for o in options if o.card is not None)]
        right, said = drill.try_move(drill.expected())
        assert right, f"the step's own move is refused: {said}"
        texts.append(said)
    return texts, [deck[card].name for card in cards]


def _without_name(deck: Deck, option: OptionLabel) -> str:
    text = option.text.plain
    return text if option.card is None else text.replace(spelled_name(deck[option.card]), "")


def _cards_read(deck: Deck, step: Step) -> list[str]:
    """The cards whose facts a step asks the player to read, by name."""
    if isinstance(step, Build):
        return [*step.start, *step.hand]
    if isinstance(step, Choice):
        return [*step.show, *(o.label for o in step.options if o.card)]
    if isinstance(step, Follow):
        return [step.prev, step.card]
    if isinstance(step, TableTurn):
        return _table_play(deck, step)[1]
    return []


def step_texts(deck: Deck, step: Step) -> list[str]:
    """The lesson's own words in `step` that a player reads to get it right."""
    if isinstance(step, Build):
        return [step.goal, step.context, step.praise]
    if isinstance(step, Choice):
        right = [o.reply for o in step.options if o.right]
        shown = [precedent_line(deck, p) for p in step.precedents]
        return [step.question, *shown, *(o.label for o in step.options if not o.card), *right]
    if isinstance(step, Follow):
        reasons = follow_reasons(deck, deck.id_of(step.prev), deck.id_of(step.card))
        return [
            step.teach,
            f"May {step.card} follow {step.prev}?",
            *(r.label for r in reasons),
            step.praise,
        ]
    if isinstance(step, TableTurn):
        return _table_play(deck, step)[0]
    assert isinstance(step, Play)
    return [step.text]


def precedent_line(deck: Deck, names: tuple[str, ...]) -> str:
    """A precedent as a question shows it, card by card with their points."""
    from civio_tui.widgets.cards import card_line

    cards = [deck[deck.id_of(name)] for name in names]
    return " → ".join(card_line(c, short=True, limit=12, year=False).plain for c in cards)


def card_facts(deck: Deck, name: str) -> str:
    """A card's facts as the lesson's card pane shows them, without its history and without
    the line on where its type may stand (the same for every card of the type)."""
    from civio_tui.screens.lesson import card_brief

    return card_brief(deck, deck[deck.id_of(name)], history=False, role=False).plain


def lesson_words(deck: Deck, lesson: Lesson) -> int:
    """The words a player reads to finish `lesson`: each line of its steps once, each card's
    facts once, and once each type's line on where it may stand."""
    from civio_tui.screens.lesson import ROLE

    # A line read again (the same options at a second discard) is skimmed, not read: once.
    texts = dict.fromkeys(text for step in lesson.steps for text in step_texts(deck, step))
    words = sum(count_words(text) for text in texts)
    cards = dict.fromkeys(name for step in lesson.steps for name in _cards_read(deck, step))
    words += sum(count_words(card_facts(deck, name)) for name in cards)
    types = {deck[deck.id_of(name)].type for name in cards}
    return words + sum(count_words(ROLE[kind]) for kind in types if kind in ROLE)


def history_words(deck: Deck, lesson: Lesson) -> int:
    """The words of the histories of the cards `lesson` asks to read (one sentence or two each
    under the card's facts): there to enjoy, not needed to finish, so not in `lesson_words`."""
    cards = dict.fromkeys(name for step in lesson.steps for name in _cards_read(deck, step))
    return sum(count_words(deck[deck.id_of(name)].summary or "") for name in cards)


def report(deck: Deck) -> str:
    """One line per lesson with its words (and its cards' histories apart), then the total and
    the reading time."""
    lines = []
    total = 0
    for number, lesson in enumerate(LESSONS, 1):
        words = lesson_words(deck, lesson)
        total += words
        extra = f" (+{history_words(deck, lesson)} in card histories)"
        lines.append(f"{number}. {lesson.title:<26} {words:>5} words{extra}")
    minutes = total / READING_PACE
    pace = f"{minutes:.0f} min at {READING_PACE} words a minute"
    lines.append(f"   {'all lessons':<26} {total:>5} words, {pace}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(standard_deck()))
