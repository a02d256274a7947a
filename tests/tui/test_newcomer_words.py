"""Small things a newcomer tripped on: a default name typed over, not added to; words said once;
a card named alike everywhere on the table; plurals right; Esc in Easy Play says the game is
kept."""

from __future__ import annotations

import html
import re

from textual.pilot import Pilot

from cards.deck import Deck
from civio_tui.screens.easy_play.setup import EasyPlaySetupScreen
from civio_tui.screens.new_game import NewGameScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.choice_form import ChoiceForm
from tests.tui.conftest import (
    PLAIN_BOT,
    DealtBackend,
    ScriptedPlayer,
    main_menu,
    make_app,
    open_table,
    settle,
    wait_for_screen,
)
from tests.tui.test_table_decisions import HAND


def screen_text(pilot: Pilot[int]) -> str:
    """Everything the terminal shows now, as one line of plain text."""
    svg = pilot.app.export_screenshot()
    text = html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg)))
    return " ".join(text.replace("\xa0", " ").split())


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
            text = screen_text(pilot).casefold()
            assert text.count("enter to start") + text.count("enter starts") == 1, text


async def test_the_draw_option_names_the_discard_pile_card_as_the_pile_does(deck: Deck) -> None:
    from civio_tui.widgets.question import QuestionPane

    backend = DealtBackend(
        deck,
        [HAND, PLAIN_BOT],
        [ScriptedPlayer(deck)],
        discard="Roe v Wade",
        supply=["Bethel School District v Fraser", "Katz v US", "Baker v Carr"],  # Bot's discard
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await pilot.press("1", "2", "8")  # the opening: keep two hidden
        await settle(pilot)
        await pilot.pause()
        options = app.screen.query_one(QuestionPane).options_list
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        text = screen_text(pilot)
        assert "Discard: [C] Fraser" in text
        take = next(line for line in shown if "discard pile" in line)
        assert "Fraser" in take and "…" not in take.split("]")[-1], shown


def test_round_results_say_one_turn_not_one_turns() -> None:
    from civio_tui.plurals import counted
    from civio_tui.round_summary import RoundSummary
    from civio_tui.widgets.results import headline

    def said(winner: int | None, turns: int) -> str:
        summary = RoundSummary(1, winner, "two", "civio", turns, (), False, ())
        return headline(summary, ["You", "Bot"]).plain

    assert said(0, 1).endswith("(1 turn)") and said(0, 9).endswith("(9 turns)")
    assert "(after 1 turn)" in said(None, 1) and "(after 2 turns)" in said(None, 2)
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


async def test_easy_play_footer_says_leaving_keeps_the_game() -> None:
    from tests.tui.test_games_easy_play import open_easy_play

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_easy_play(pilot)
        assert "esc Leave (saved)" in screen_text(pilot)
