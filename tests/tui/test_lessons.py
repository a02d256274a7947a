"""Learn to play with the Pilot: every lesson played through, wrong moves explained with the
rules' own sentence, progress kept and resumed, and the menu entry moving once one is done."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.pilot import Pilot

from cards.deck import Deck, standard_deck
from cards.games.civio.actions import Action
from cards.precedent import check_precedent
from civio_tui.campaigns.catalogue import list_campaigns
from civio_tui.lessons.catalogue import LESSONS
from civio_tui.lessons.follow import follow_reasons
from civio_tui.lessons.model import Build, Choice, Follow, Play, TableTurn
from civio_tui.lessons.progress import PROGRESS_FILE, lesson_games_dir
from civio_tui.saved_games import scan_saved_games
from civio_tui.screens.civio.table import TableScreen
from civio_tui.screens.lesson import NEXT, LessonScreen, shown_order
from civio_tui.screens.lessons import LessonsScreen
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import (
    choose_entry,
    main_menu,
    make_app,
    press_1_to_round_end,
    settle,
    wait_for_screen,
)


async def open_lessons(pilot: Pilot[int]) -> LessonsScreen:
    await main_menu(pilot)
    await choose_entry(pilot, "learn")
    await wait_for_screen(pilot, LessonsScreen)
    screen = pilot.app.screen
    assert isinstance(screen, LessonsScreen)
    return screen


async def select(pilot: Pilot[int], option_id: str) -> None:
    """Put the cursor on the option `option_id` and press Enter."""
    menu = pilot.app.screen.query_one(NavList)
    menu.highlighted = menu.get_option_index(option_id)
    await pilot.press("enter")


async def select_only(pilot: Pilot[int], option_id: str) -> None:
    """Put the cursor on the option `option_id` (the card pane follows it)."""
    menu = pilot.app.screen.query_one(NavList)
    menu.highlighted = menu.get_option_index(option_id)
    await pilot.pause()


async def open_lesson(pilot: Pilot[int], number: int) -> LessonScreen:
    await select(pilot, LESSONS[number - 1].id)
    await wait_for_screen(pilot, LessonScreen)
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen)
    return screen


def feedback(screen: LessonScreen) -> str:
    return str(screen.query_one("#lesson-feedback").render())


async def solve_step(pilot: Pilot[int], screen: LessonScreen, deck: Deck) -> None:
    step = screen.step
    if isinstance(step, Build):
        for name in step.solution[len(step.start) :]:
            await select(pilot, f"card:{deck.id_of(name)}")
    elif isinstance(step, Choice):
        right = next(i for i, option in enumerate(step.options) if option.right)
        await select(pilot, f"answer:{right}")
    elif isinstance(step, Follow):
        reasons = follow_reasons(deck, deck.id_of(step.prev), deck.id_of(step.card))
        await select(pilot, f"follow:{next(i for i, r in enumerate(reasons) if r.right)}")
    elif isinstance(step, TableTurn):
        while not screen.solved:
            await make_move(pilot, screen, screen.drill.expected())  # type: ignore[union-attr]
    assert screen.solved, (screen.lesson.id, screen.step_index, feedback(screen))
    assert "✓" in feedback(screen)


async def make_move(pilot: Pilot[int], screen: LessonScreen, action: Action) -> None:
    """Choose the option of the table step's question that makes `action`."""
    index = next(i for i, option in enumerate(screen.moves) if option.action == action)
    await select(pilot, f"move:{index}")


def saved_progress(isolated: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((isolated / "saves" / PROGRESS_FILE).read_text("utf-8"))
    return data["lessons"]


async def test_every_lesson_can_be_played_through(isolated: Path) -> None:
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await main_menu(pilot)
        numbers_before = menu.entries()
        learn = [key for key, _ in numbers_before].index("learn")
        assert menu.query_one(NavList).highlighted == learn  # the cursor starts on it
        assert "start here" in str(menu.query_one(NavList).get_option_at_index(learn).prompt)
        await open_lessons(pilot)
        for number, lesson in enumerate(LESSONS[:-1], 1):
            screen = await open_lesson(pilot, number)
            for _ in lesson.steps:
                await solve_step(pilot, screen, deck)
                await select(pilot, NEXT)
            assert screen.finished
            assert "★★★" in str(screen.query_one("#lesson-goal").render())
            await select(pilot, "lessons")
            await wait_for_screen(pilot, LessonsScreen)
        done = saved_progress(isolated)
        assert all(done[lesson.id]["done"] for lesson in LESSONS[:-1])
        assert all(done[lesson.id]["stars"] == 3 for lesson in LESSONS[:-1])
        await pilot.press("escape")
        menu = await main_menu(pilot)
        # Every entry keeps its number once a lesson is done; only the pointer goes.
        assert menu.entries() == numbers_before
        assert "start here" not in str(menu.query_one(NavList).get_option_at_index(learn).prompt)


async def test_a_wrong_card_is_refused_with_the_rules_sentence_and_tried_again() -> None:
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 1)
        race, engel = deck.id_of("Race"), deck.id_of("Engel v Vitale")
        await select(pilot, f"card:{race}")
        await select(pilot, f"card:{engel}")
        reason = check_precedent(deck, [race, engel]).reason
        assert reason is not None and reason in feedback(screen)
        assert screen.row == [race] and not screen.solved
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.row == []
        await solve_step(pilot, screen, deck)


async def test_a_wrong_answer_says_why_and_hints_cost_stars(isolated: Path) -> None:
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 2)
        await select(pilot, "follow:0")  # Tinker after Barnette: Tinker lists Barnette
        await select(pilot, NEXT)
        await select(pilot, "follow:0")  # Korematsu after Engel: wrong, and the rules say why
        assert "neither case lists the other" in feedback(screen)
        assert not screen.solved
        await pilot.press("H")
        await pilot.pause()
        assert screen.step.nudge in feedback(screen)  # type: ignore[union-attr]
        assert "for another star" in feedback(screen)  # each H costs one: said before the 2nd
        await pilot.press("H")
        await pilot.pause()
        assert "The move: choose No" in feedback(screen)
        await select(pilot, "follow:3")
        await select(pilot, NEXT)
        for _ in LESSONS[1].steps[2:]:
            await solve_step(pilot, screen, deck)
            await select(pilot, NEXT)
        assert screen.finished
        assert saved_progress(isolated)["case-to-case"]["stars"] == 1


async def test_a_lesson_left_midway_resumes_at_its_step(isolated: Path) -> None:
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 3)
        await solve_step(pilot, screen, deck)
        await select(pilot, NEXT)
        await pilot.press("escape")
        lessons = pilot.app.screen
        assert isinstance(lessons, LessonsScreen)
        assert saved_progress(isolated)["more-cards"]["step"] == 1
        label = str(lessons.query_one(NavList).get_option(LESSONS[2].id).prompt)
        assert f"step 2 of {LESSONS[2].step_count}" in label
        screen = await open_lesson(pilot, 3)
        assert screen.step_index == 1
        assert "resuming at step 2" in feedback(screen)


async def test_the_list_opens_on_the_lesson_left_midway_most_recently(isolated: Path) -> None:
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        lessons = await open_lessons(pilot)
        menu = lessons.query_one(NavList)
        assert menu.highlighted == 0  # nothing begun: the first lesson
        for number in (2, 3):
            screen = await open_lesson(pilot, number)
            await solve_step(pilot, screen, deck)
            await select(pilot, NEXT)
            await pilot.press("escape")
            await wait_for_screen(pilot, LessonsScreen)
            # Lesson 1 is not done, but the cursor waits on the lesson just left.
            assert menu.highlighted == number - 1
        assert saved_progress(isolated)["more-cards"]["step"] == 1
        await pilot.press("escape")
        await main_menu(pilot)
        lessons = await open_lessons(pilot)  # a new list, read from the progress file
        assert lessons.query_one(NavList).highlighted == 2


async def test_the_coached_round_opens_a_game_against_easy_and_is_done_after_a_round(
    isolated: Path,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 8)
        assert isinstance(screen.step, Play)
        await select(pilot, "start")
        await wait_for_screen(pilot, TableScreen)
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        controller = table.controller
        assert controller.levels[1:] == ["easy"] and controller.practice
        assert table.teaching_hints  # nudges at every decision in the coached round
        assert "Continue your coached round in lesson 8" in controller.leaving_words()
        await pilot.press("escape", "y")  # leave mid-round
        await wait_for_screen(pilot, LessonScreen)
        assert not screen.solved
        assert "not over yet" in feedback(screen)
        game = saved_progress(isolated)["coached"]["game"]
        assert game == controller.backend.name
        # Kept apart from the player's games: not Continue, not in Campaigns or Statistics.
        assert list_campaigns(str(isolated / "saves")) == []
        assert scan_saved_games(str(isolated / "saves"), standard_deck()).latest is None
        assert [s.name for s in list_campaigns(lesson_games_dir(None))] == [game]
        menu = screen.query_one(NavList)
        assert menu.get_option_at_index(0).id == "continue"

        class RoundPlayed:
            def history(self) -> list[object]:
                return [object()]

        screen.controller = SimpleNamespace(backend=RoundPlayed())  # type: ignore[assignment]
        screen.on_screen_resume()
        await pilot.pause()
        assert screen.solved
        assert saved_progress(isolated)["coached"]["done"]
        assert saved_progress(isolated)["coached"]["stars"] == 0  # the table's hints are its own
        assert saved_progress(isolated)["coached"]["game"] is None
        await pilot.press("escape", "escape")
        await wait_for_screen(pilot, MainMenuScreen)


@pytest.mark.slow  # a whole game through the screens: -m slow
async def test_the_coached_round_played_to_its_end_marks_the_lesson_done(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lesson 8 played through: a whole round against Easy (AI at instant speed), the human
    pressing 1 at every question (draw from the supply, discard what was drawn, call CIVIO when
    offered), then back to the lesson from the round's end."""
    from civio_tui.screens.civio.round_end import RoundEndScreen
    from civio_tui.table_controller import TableController

    new_game = TableController.new_game
    # A fixed deal: the lesson starts a game with a random seed.
    monkeypatch.setattr(
        TableController,
        "new_game",
        classmethod(lambda cls, *args, **kwargs: new_game(*args, **{**kwargs, "seed": 8})),
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 8)
        await select(pilot, "start")
        await wait_for_screen(pilot, TableScreen)
        table = pilot.app.screen
        assert isinstance(table, TableScreen) and table.teaching_hints
        await settle(pilot)
        await pilot.press("1", "2", "8")  # keep the first two cards hidden, lay out the rest
        await settle(pilot)
        await press_1_to_round_end(pilot)
        assert isinstance(app.screen, RoundEndScreen)
        assert table.controller.rnd.result is not None
        keys = str(app.screen.query_one("#round-keys").render())
        assert "Esc: back to the lesson" in keys and "main menu" not in keys
        await pilot.press("escape")  # back to the lesson, as the words say: no question
        await wait_for_screen(pilot, LessonScreen)
        assert app.screen is screen and screen.solved
        assert "You played a whole round" in feedback(screen)
        record = saved_progress(isolated)["coached"]
        assert record["done"] and record["game"] is None
        await pilot.press("escape")
        await wait_for_screen(pilot, LessonsScreen)
        lessons = app.screen
        assert isinstance(lessons, LessonsScreen)
        label = str(lessons.query_one(NavList).get_option(LESSONS[7].id).prompt)
        assert "done" in label


def test_the_right_answer_is_not_always_first() -> None:
    """Enter, Enter must not pass a lesson: the answers are shown in a fixed mixed order."""
    firsts = [
        shown_order(step)[0][1].right
        for lesson in LESSONS
        for step in lesson.steps
        if isinstance(step, Choice) and not all(option.right for option in step.options)
    ]
    assert firsts.count(True) <= len(firsts) // 2


async def test_a_yes_without_the_right_reason_is_not_enough() -> None:
    """ "May Tinker follow Barnette?" cannot be passed by guessing yes: the player chooses
    which card lists which, and a wrong reason is refused with the cards' columns to read."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 2)
        labels = [str(o.prompt) for o in screen.query_one(NavList).options]
        assert "Yes: Barnette lists Tinker" in labels and "Yes: Tinker lists Barnette" in labels
        await select(pilot, f"follow:{labels.index('Yes: Barnette lists Tinker')}")
        assert not screen.solved
        assert "does not list Tinker v Des Moines School District" in feedback(screen)
        await select(pilot, f"follow:{labels.index('Yes: Tinker lists Barnette')}")
        assert screen.solved


async def test_a_refusal_for_lack_of_room_names_the_cards_still_needed() -> None:
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 2)
        for _ in LESSONS[1].steps[:-1]:
            await solve_step(pilot, screen, deck)
            await select(pilot, NEXT)
        await select(pilot, f"card:{deck.id_of('Korematsu v US')}")  # 3 places, 3 cards needed
        assert screen.row == []
        for name in ("Board of Education v Barnette", "Tinker v Des Moines School District"):
            assert name in feedback(screen)  # whole names, to find in the hand
        assert "no room left" in feedback(screen)


async def test_cards_placed_in_an_unfinished_step_are_kept_when_resumed(isolated: Path) -> None:
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 3)
        for _ in range(3):  # to step 4, built from nothing: Katz, Marbury, Greenwood, the 4th
            await solve_step(pilot, screen, deck)
            await select(pilot, NEXT)
        katz = deck.id_of("Katz v US")
        await select(pilot, f"card:{katz}")
        assert screen.row == [katz]
        await pilot.press("escape")
        await wait_for_screen(pilot, LessonsScreen)
        assert saved_progress(isolated)["more-cards"]["placed"] == ["Katz v US"]
        screen = await open_lesson(pilot, 3)
        assert screen.step_index == 3 and screen.row == [katz]
        assert "Katz v US" in str(screen.query_one("#lesson-sketch").render())


async def test_lesson_4_is_a_turn_at_the_table_with_wrong_moves_explained(isolated: Path) -> None:
    """Lesson 4 plays real turns with the round engine: a wrong move gets its reason (the
    engine's own refusal for a card taken from the discard pile) and changes nothing; the moves
    made are kept when the lesson is left and resumed."""
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 4)
        drill = screen.drill
        assert drill is not None and drill.rnd.decision is not None
        assert drill.rnd.decision.kind.value == "draw"
        await make_move(pilot, screen, Action.draw("supply"))
        assert "Allowed, but blind" in feedback(screen)
        assert len(drill.rnd.events) == 2  # the opening only: nothing was drawn
        await make_move(pilot, screen, Action.draw("discard"))
        miranda = deck.id_of("Miranda v Arizona")
        await make_move(pilot, screen, Action.discard(miranda))
        assert "taken from the discard pile this turn and cannot be discarded" in feedback(screen)
        school = deck.id_of("School")
        await make_move(pilot, screen, Action.discard(school))  # the link it makes, in words
        assert "Keep School: Engel v Vitale lists the issue School" in feedback(screen)
        assert miranda in drill.rnd.hand(0) and school in drill.rnd.hand(0)
        await pilot.press("escape")
        await wait_for_screen(pilot, LessonsScreen)
        assert saved_progress(isolated)["turn"]["placed"] == ["draw discard"]
        label = str(pilot.app.screen.query_one(NavList).get_option(LESSONS[3].id).prompt)
        assert "step 2 of 4" in label  # a move at the table is a step
        screen = await open_lesson(pilot, 4)
        assert screen.drill is not None and miranda in screen.drill.rnd.hand(0)
        assert "step 2 of 4" in str(screen.query_one("#lesson-head").render())
        await make_move(pilot, screen, Action.discard(deck.id_of("8th Amendment")))
        # Showing the card the others link through is a poor reveal: said, and not made.
        await make_move(pilot, screen, Action.reveal(miranda))
        assert "the others link through Miranda" in feedback(screen)
        assert miranda in screen.drill.rnd.hidden[0]
        await solve_step(pilot, screen, deck)
        assert screen.drill.rnd.result is not None and screen.drill.rnd.result.winner == 0


async def test_lesson_5_overrules_an_attack_then_launches_one() -> None:
    """Bot attacks with Lose Turn and the player overrules it, offered only the card that can;
    then the player attacks with Confiscate and Arrest, takes the 6th Amendment and discards a
    card, as the rules ask. The step counter goes on at every move, the target reads as whom to
    attack, not as an attack worth some points, and every confiscation is in view at 80×24."""
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 5)

        def head() -> str:
            return str(screen.query_one("#lesson-head").render())

        assert "step 1 of 5" in head()
        assert "Jim Crow Laws" in feedback(screen)  # Bot's attack, told before your answer
        eo9066 = deck.id_of("Executive Order 9066")
        cra = deck.id_of("Civil Rights Act of 1964")
        # Executive Order 9066 overrules nothing: it is not offered as an overrule.
        assert {o.card for o in screen.moves} == {cra, None}
        await select_only(pilot, f"move:{next(i for i, o in enumerate(screen.moves) if o.card)}")
        pane = str(screen.query_one("#lesson-card").render())
        assert "Civil Rights Act" in pane and "CRA" not in pane  # names spelled out
        await make_move(pilot, screen, Action.overrule(cra))
        drill = screen.drill
        assert drill is not None and drill.rnd.skips[0] == 0
        assert "step 2 of 5" in head()
        assert "You drew from the supply: School" in feedback(screen)  # lesson 4 taught drawing
        await make_move(pilot, screen, Action.discard(eo9066))
        assert "step 3 of 5" in head()
        labels = [str(option.text) for option in screen.moves]
        assert "Attack Bot" in labels and not any("point" in label for label in labels)
        await make_move(pilot, screen, drill.expected())
        # Every card Bot may lose is in view, the two hidden ones too, each on one line.
        menu = screen.query_one("#lesson-list", NavList)
        width = menu.scrollable_content_region.width
        assert menu.max_scroll_y == 0
        assert all(option.text.cell_length < width for option in screen.moves)
        # A wrong pick is told why, never just "not the move".
        await make_move(pilot, screen, Action.confiscate(deck.id_of("5th Amendment")))
        assert "Gideon does not strengthen the 5th" in feedback(screen)
        assert "Not the move" not in feedback(screen)
        sixth = deck.id_of("6th Amendment")
        await make_move(pilot, screen, Action.confiscate(sixth))
        assert not screen.solved and sixth in drill.rnd.hidden[0]
        assert "Discard one to end your turn" in str(screen.query_one("#lesson-goal").render())
        # School is kept: it may stand before the Civil Rights Act.
        await make_move(pilot, screen, Action.discard(deck.id_of("School")))
        assert "Keep School" in feedback(screen) and not screen.solved
        await make_move(pilot, screen, Action.discard(deck.id_of("8th Amendment")))
        assert screen.solved and "Your turn ends" in feedback(screen)


async def test_a_digit_opens_that_lesson_from_the_list() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        lessons = await open_lessons(pilot)
        await pilot.press("5")
        await wait_for_screen(pilot, LessonScreen)
        screen = pilot.app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson is LESSONS[4]
        await pilot.press("escape")
        await wait_for_screen(pilot, LessonsScreen)
        await pilot.press("9")  # no lesson 9: nothing opens
        await pilot.pause()
        assert pilot.app.screen is lessons


async def test_the_cursor_stays_in_place_after_a_card_is_placed() -> None:
    """Placing a card does not send the cursor back to the top: it rests on the next card; a
    card taken back is where the cursor goes."""
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 3)
        for _ in range(3):  # to step 4: Greenwood, Marbury, Katz, 4th, 1st in hand
            await solve_step(pilot, screen, deck)
            await select(pilot, NEXT)
        menu = screen.query_one(NavList)
        katz = deck.id_of("Katz v US")
        fourth = deck.id_of("4th Amendment")
        await select(pilot, f"card:{katz}")  # the third card of the list
        assert screen.row == [katz]
        assert menu.get_option_at_index(menu.highlighted or 0).id == f"card:{fourth}"
        await pilot.press("up")
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.row == []
        assert menu.get_option_at_index(menu.highlighted or 0).id == f"card:{katz}"


def shown_keys(screen: LessonScreen) -> set[str]:
    """The actions the footer shows now."""
    return {b.binding.action for b in screen.active_bindings.values() if b.enabled}


async def test_lesson_1_says_an_amendment_cannot_start_and_ends_on_the_stars_alone() -> None:
    """An Amendment placed first is refused for what the step teaches (it cannot start a
    precedent); Take back shows only while cards are placed; the done screen keeps no old
    feedback and no Hint or Take back key that would do nothing."""
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 1)
        assert {"hint", "take_back"} <= shown_keys(screen)
        for _ in LESSONS[0].steps[:-1]:
            await solve_step(pilot, screen, deck)
            assert "take_back" not in shown_keys(screen)  # solved: nothing to take back
            await select(pilot, NEXT)
        await select(pilot, f"card:{deck.id_of('1st Amendment')}")
        assert "1st Amendment cannot start a precedent" in feedback(screen)
        assert screen.row == []
        await solve_step(pilot, screen, deck)
        await select(pilot, NEXT)
        assert screen.finished
        assert feedback(screen) == ""
        assert not {"hint", "take_back"} & shown_keys(screen)


async def test_the_card_to_follow_shows_only_what_the_hand_links_through() -> None:
    """Under the hand, the card before keeps only the fields the cards in hand could link
    through: after Pico, with a Freedom and Amendments to place, its Freedoms, and the
    Amendments the Cases of the whole row strengthen (not only Pico's), not the Cases it lists
    nor its type line."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 6)
        deck = standard_deck()
        while not (isinstance(screen.step, Build) and "Thurgood Flush" in screen.step.goal):
            await solve_step(pilot, screen, deck)
            await select(pilot, NEXT)
        before = str(screen.query_one("#lesson-before").render())
        assert "Board of Education v Pico" in before
        assert "Expression" in before and "Strengthens:" not in before
        assert "Amendments that may end it: 1st, 14th (Barnette)" in before
        assert "Tinker" not in before and "Case ·" not in before


async def test_an_amendment_after_a_case_that_strengthens_none_is_explained_by_the_row() -> None:
    """After Katz, Marbury and Greenwood, the panel under the hand says the 4th Amendment may
    close the row because of Katz, earlier in it (Greenwood strengthens no amendment)."""
    deck = standard_deck()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lessons(pilot)
        screen = await open_lesson(pilot, 3)
        while "Marbury" not in str(screen.query_one("#lesson-goal").render()):
            await solve_step(pilot, screen, deck)
            await select(pilot, NEXT)
        for name in ("Katz v US", "Marbury v Madison", "California v Greenwood"):
            await select(pilot, f"card:{deck.id_of(name)}")
        before = str(screen.query_one("#lesson-before").render())
        assert "California v Greenwood" in before
        assert "Amendments that may end it: 4th (Katz v US)" in before
