"""What a first play-test as a new player found confusing, fixed: Help opens at the keys of the
screen it was opened from, the rules explain their words, and labels read as English."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from civio_tui import keymap
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.help import HelpScreen
from civio_tui.screens.solitaire.screen import SolitaireScreen
from tests.tui.conftest import choose_entry, main_menu, make_app, wait_for_screen


async def _open(pilot: Pilot[int], entry: str, screen_type: type) -> None:
    """From the main menu, the entry `entry`, waiting for its `screen_type`."""
    await main_menu(pilot)
    await choose_entry(pilot, entry)
    await wait_for_screen(pilot, screen_type)


async def _help_starts_with(pilot: Pilot[int]) -> str:
    """Press ? and read the first group of keys the help shows."""
    from civio_tui.screens.help import help_content

    await pilot.press("question_mark")
    await wait_for_screen(pilot, HelpScreen)
    screen = pilot.app.screen
    assert isinstance(screen, HelpScreen)
    lines = help_content({}, first=screen.first).plain.splitlines()
    return next(line for line in lines if line in keymap.CONTEXTS.values())


async def test_help_in_solitaire_starts_with_the_solitaire_keys() -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        await _open(pilot, "games", GamesScreen)
        await pilot.press("enter")  # Solitaire, the first game
        await wait_for_screen(pilot, SolitaireScreen)
        assert await _help_starts_with(pilot) == keymap.CONTEXTS["games"]
        await pilot.press("escape")
        await wait_for_screen(pilot, SolitaireScreen)


async def test_help_in_the_encyclopedia_starts_with_its_keys_and_the_menu_keeps_the_order() -> None:
    from civio_tui.screens.encyclopedia import EncyclopediaScreen

    async with make_app().run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        assert await _help_starts_with(pilot) == keymap.CONTEXTS["app"]
        await pilot.press("escape")
        await _open(pilot, "encyclopedia", EncyclopediaScreen)
        assert await _help_starts_with(pilot) == keymap.CONTEXTS["browse"]


def test_every_screen_named_for_help_is_a_keymap_context() -> None:
    from civio_tui.screens.help import _SCREEN_CONTEXTS

    assert set(_SCREEN_CONTEXTS.values()) <= set(keymap.CONTEXTS)


def test_help_over_each_games_screen_starts_with_its_keys() -> None:
    from civio_tui.screens.civio.table import TableScreen
    from civio_tui.screens.concentration.screen import ConcentrationScreen
    from civio_tui.screens.easy_play.screen import EasyPlayScreen
    from civio_tui.screens.help import context_for

    expected: dict[type, str] = {
        TableScreen: "table",
        SolitaireScreen: "games",
        ConcentrationScreen: "games",
        EasyPlayScreen: "easy",
    }
    for screen, context in expected.items():
        assert context_for(object.__new__(screen)) == context, screen


def test_replay_card_lists_keep_each_letter_with_its_name_and_spell_names_out() -> None:
    import re

    from cards.deck import standard_deck
    from civio_tui.screens.replay import _cards

    deck = standard_deck()
    names = [
        "Voting Rights Act of 1965",
        "South Carolina v Katzenbach",
        "New York Times v US",
        "Tinker v Des Moines School District",
        "Lawrence v Texas",
        "Mapp v Ohio",
        "Espionage Act of 1917",
    ]
    width = 40
    text = _cards(deck, [deck.lookup(n) for n in names], start=6, width=width).plain
    lines = text.splitlines()
    assert len(lines) > 1
    assert len(lines[0]) + 6 <= width and all(len(line) <= width for line in lines)
    for line in lines:
        assert not re.search(r"\[[A-Z]\]\s*·?$", line), line  # a letter left without its card
    for line in lines[1:]:
        assert re.match(r" {4}\[[A-Z]\] \S", line), line
    assert "VRA" not in text and "Voting Rights Act" in text


def test_continue_says_one_round_not_one_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cards.deck import standard_deck
    from civio_tui.cli import main
    from civio_tui.saved_games import scan_saved_games

    saves = str(tmp_path / "one-round")
    new = ["--save-dir", saves, "campaign", "new", "Game 1", "--opponents", "random"]
    assert main([*new, "--seed", "7"]) == 0
    auto = ["--save-dir", saves, "campaign", "autoplay", "Game 1", "--rounds", "1"]
    assert main([*auto, "--as", "random"]) == 0
    capsys.readouterr()
    latest = scan_saved_games(saves, standard_deck()).latest
    assert latest is not None
    assert "Game 1: 1 round, " in latest.label, latest.label


def test_the_rules_explain_the_words_a_new_player_meets() -> None:
    from civio_tui.screens.rules import RULES_MARKDOWN

    words = RULES_MARKDOWN.split("## Words you will meet\n", 1)[1]
    # Words the screens use without explaining them, found in a play-test as a new player.
    terms = ("Precedent", "Thurgood Flush", "Lawyer (2nd chair)", "Appellate", "Par", "Overrule")
    for term in terms:
        assert f"**{term}" in words, term
    assert "Learn to play" in RULES_MARKDOWN.split("## The cards", 1)[0]


def test_no_card_sends_a_student_to_a_developers_file() -> None:
    from cards.deck import standard_deck
    from civio_tui.widgets.card_detail import card_facts

    deck = standard_deck()
    noted = [card for card in deck.cards if card.note and ".md)" in card.note]
    assert noted  # the deck's notes do point to the docs: the card view must not
    for card in deck.cards:
        assert ".md" not in card_facts(deck, card).plain, card.name


def test_statistics_words_leave_out_empty_levels_and_name_a_table_without_ai() -> None:
    from civio_tui.campaigns.stats import NO_AI, summary_lines

    row = {"rounds": 3, "wins": 2, "win_rate": 2 / 3, "ci95": [0.2, 0.94]}
    empty = {"rounds": 0, "wins": 0, "win_rate": 0.0, "ci95": [0.0, 1.0]}
    document = {
        "campaigns": 3,
        "rounds": 6,
        "rounds_won": 4,
        "points_per_round": 5.5,
        "flushes": 0,
        "fastest_civio": 12,
        "attacks_made": 1,
        "attacks_suffered": 2,
        "rounds_with_replay": 6,
        "win_rate_by_level": {"-": row, "random": empty, "easy": row},
        "per_campaign": [],
    }
    lines = summary_lines(document)
    assert f"  {NO_AI}: 2 of 3 rounds, 67% (20% to 94%)" in lines
    assert "  easy: 2 of 3 rounds, 67% (20% to 94%)" in lines
    assert not any(line.startswith("  -:") or "0 of 0" in line for line in lines)


async def test_encyclopedia_points_only_at_the_pane_the_keys_go_to_and_names_its_letters() -> None:
    from civio_tui.screens.encyclopedia import EncyclopediaScreen
    from civio_tui.widgets.choice_form import ChoiceForm

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot, "encyclopedia", EncyclopediaScreen)
        form = app.screen.query_one(ChoiceForm)
        assert not form.has_focus and "▶" not in form.render().plain  # the cards have the keys
        await pilot.press("tab")
        await pilot.pause()
        assert form.has_focus and "▶" in form.render().plain
        legend = str(app.screen.query_one("#ency-legend").render())
        for words in ("[C] Case", "[L] Law", "[A] Amendment", "[F] Freedom", "[I] Issue", "+1"):
            assert words in legend, words


def test_statistics_chart_ticks_are_whole_points_and_rounds() -> None:
    from civio_tui.screens.statistics import whole_ticks

    assert whole_ticks(3, 6) == [3, 4, 5, 6]
    assert whole_ticks(1, 1) == [1]
    ticks = whole_ticks(0, 81)
    assert ticks[0] == 0 and len(ticks) <= 6 and all(isinstance(t, int) for t in ticks)
    assert ticks[-1] + (ticks[1] - ticks[0]) > 81  # the top of the scale is covered


async def test_help_lines_fit_beside_the_scroll_bar_at_80x24() -> None:
    # Wrapped before the scroll bar appeared, "…that you do not know" broke once more at the
    # left margin: "not" alone on a line, outside the description column.

    async with make_app().run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await pilot.press("question_mark")
        await wait_for_screen(pilot, HelpScreen)
        await pilot.pause()
        text = pilot.app.screen.query_one("#help-text")
        width = text.content_region.width
        longest = max(len(line) for line in text.render().plain.splitlines())
        assert 0 < longest <= width


def test_every_screen_module_help_names_exists() -> None:
    """Help finds a screen's own keys by its module's path: each path it knows is a real module."""
    import importlib

    from civio_tui.screens import help as help_module

    for module in help_module._SCREEN_CONTEXTS:
        importlib.import_module(f"civio_tui.screens.{module}")
