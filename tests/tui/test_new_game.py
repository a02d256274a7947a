"""The New game form (civio_tui/screens/new_game.py): what each row chooses, names typed over
the remembered ones, and Enter said once."""

from __future__ import annotations

from textual.pilot import Pilot

from cards.ranks import points_for_rank
from civio_tui.screens.new_game import NewGameScreen
from civio_tui.widgets.choice_form import ChoiceForm
from tests.tui.conftest import (
    choose_entry,
    main_menu,
    make_app,
    screen_text,
    wait_for_screen,
)
from tests.tui.test_hot_seat import on_screen


async def test_new_game_rows_say_what_they_choose() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "new")
        await wait_for_screen(pilot, NewGameScreen)
        form = app.screen.query_one(ChoiceForm)
        text = on_screen(app)
        assert "Rule version" in text and "Booklet in the box" in text
        assert "Take-backs" in text and "Off: every move counts" in text
        await pilot.press("up", "up")  # Start game → Seed → Take-backs
        assert form.current.key == "practice"
        assert "takes back your last move" in on_screen(app)
        await pilot.press("up", "up", "up")  # → Game length → Play until → Rule version
        assert form.current.key == "rules"
        assert "Which rules to play by. Booklet: as printed in the box" in on_screen(app)


async def type_on(pilot: Pilot[int], form: ChoiceForm, key: str, *keys: str) -> None:
    form.move_to(key)
    await pilot.press(*keys)
    await pilot.pause()


async def test_new_game_names_typed_over_the_remembered_ones() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.new_game.human_names = ["You", "Ben"]
        await main_menu(pilot)
        app.push_screen(NewGameScreen())
        await wait_for_screen(pilot, NewGameScreen)
        form = app.screen.query_one(ChoiceForm)
        form.move_to("humans")
        await pilot.press("right")  # 2 humans: their name lines show
        await type_on(pilot, form, "name1", "D", "a", "n")
        assert form.row("name1").text == "Dan"
        assert form.values()["name0"] == "You"  # untouched, kept
        assert "Backspace" in form.row("name1").describe()
        # The rank played until says the points it takes.
        target = form.values()["target"]
        assert f"{target}: {points_for_rank(target)} points in all" in form.row("target").describe()


async def test_new_game_says_press_enter_to_start_once() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        app.push_screen(NewGameScreen())
        await wait_for_screen(pilot, NewGameScreen)
        form = app.screen.query_one(ChoiceForm)
        for row in ("humans", "start"):
            form.move_to(row)
            await pilot.press("down", "up")  # the help line follows the cursor
            text = screen_text(pilot.app).casefold()
            assert text.count("enter to start") + text.count("enter starts") == 1, text
