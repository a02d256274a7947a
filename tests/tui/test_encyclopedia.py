"""The encyclopedia (civio_tui/screens/encyclopedia.py): its keys and the pane they go to."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.conftest import choose_entry, main_menu, make_app, screen_text, wait_for_screen


async def _open(pilot: Pilot[int], entry: str, screen_type: type) -> None:
    """From the main menu, the entry `entry`, waiting for its `screen_type`."""
    await main_menu(pilot)
    await choose_entry(pilot, entry)
    await wait_for_screen(pilot, screen_type)


async def test_encyclopedia_points_only_at_the_pane_the_keys_go_to_and_names_its_letters() -> None:
    from civio_tui.screens.encyclopedia import EncyclopediaScreen
    from civio_tui.widgets.choice_form import ChoiceForm

    app = make_app(keymap={"browse.explain": "x", "browse.search": "ctrl+f"})  # the player's keys
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot, "encyclopedia", EncyclopediaScreen)
        form = app.screen.query_one(ChoiceForm)
        assert not form.has_focus and "▶" not in form.render().plain  # the cards have the keys
        # Enter's words under the filters and in the footer agree on what it does there.
        shown = screen_text(app)
        assert "Enter: open the card · x: links" in shown and "⏎ Open card" in shown
        assert "x Links" in shown and "e Links" not in shown and "Ctrl+F search" in shown
        assert "(press Ctrl+F )" in shown  # the search says its key too
        await pilot.press("tab")
        await pilot.pause()
        assert form.has_focus and "▶" in form.render().plain
        shown = screen_text(app)
        assert "Enter: go to the cards · x: links" in shown and "⏎ Go to cards" in shown
        assert shown.endswith("^q Quit ? Help")  # whole keys at 80 columns; Help always there
        # In the search, Esc goes to the cards, and the footer says so (elsewhere it is Back).
        await pilot.press("ctrl+f")
        await pilot.pause()
        shown = screen_text(app)
        assert "esc To the cards" in shown and "esc Back" not in shown
        assert shown.endswith("^q Quit ? Help")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one("#ency-list").has_focus and "esc Back" in screen_text(app)
        legend = str(app.screen.query_one("#ency-legend").render())
        for words in ("[C] Case", "[L] Law", "[A] Amendment", "[F] Freedom", "[I] Issue", "+1"):
            assert words in legend, words
