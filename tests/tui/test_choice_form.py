"""The choice form (civio_tui/widgets/choice_form.py) shared by the setup screens: a name line
that still holds its default is typed over, not added to."""

from __future__ import annotations

from textual.pilot import Pilot

from civio_tui.screens.easy_play.setup import EasyPlaySetupScreen
from civio_tui.widgets.choice_form import ChoiceForm
from tests.tui.conftest import (
    main_menu,
    make_app,
    wait_for_screen,
)


async def type_on(pilot: Pilot[int], form: ChoiceForm, key: str, *keys: str) -> None:
    form.move_to(key)
    await pilot.press(*keys)
    await pilot.pause()


async def test_typing_a_name_over_the_default_replaces_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        app.push_screen(EasyPlaySetupScreen())
        await wait_for_screen(pilot, EasyPlaySetupScreen)
        form = app.screen.query_one(ChoiceForm)
        assert form.row("name0").text == "You"
        await type_on(pilot, form, "name0", "A", "n", "a")
        assert form.row("name0").text == "Ana"  # not "YouAna"
        await type_on(pilot, form, "name0", "backspace", "x")  # edited now: keys add
        assert form.row("name0").text == "Anx"
        await type_on(pilot, form, "name0", *["backspace"] * 3)
        assert form.row("name0").text == ""  # Backspace clears the line
        # A space does not wipe a default; the game's own name is typed over too.
        await type_on(pilot, form, "name", "space")
        assert form.row("name").text == "Easy Play"
        await type_on(pilot, form, "name", "F", "r", "i")
        assert form.row("name").text == "Fri"
        assert "Backspace" in form.row("name0").describe()
