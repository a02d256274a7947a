"""Pilot tests of the app around the table: the menu, Enter-Enter to a game, the too-small
guard, settings that persist, quitting with confirmation, and Continue."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from cards.deck import Deck, deck_from_text
from civio_tui.app import CivioApp
from civio_tui.screens.card_detail import CardDetailScreen
from civio_tui.screens.civio.table import TableScreen
from civio_tui.screens.confirm import ConfirmScreen
from civio_tui.screens.encyclopedia import EncyclopediaScreen, filter_cards
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.help import HelpScreen
from civio_tui.screens.lessons import LessonsScreen
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.screens.new_game import NewGameScreen
from civio_tui.screens.rules import RulesScreen
from civio_tui.screens.settings import SettingsScreen
from civio_tui.screens.too_small import TooSmallScreen
from civio_tui.settings import Settings
from civio_tui.table_controller import TableController
from civio_tui.widgets.choice_form import ChoiceForm
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import (
    choose_entry,
    main_menu,
    make_app,
    open_table,
    settle,
    wait_for_screen,
)


async def start_default_game(pilot: Pilot[int], seed: int = 7) -> None:
    """New game, then Enter: a new game with the defaults, at its first question. The seed is
    fixed so that what the keys do next does not depend on a random deal (a Medium opponent may
    otherwise end the round before the test looks)."""
    await main_menu(pilot)
    await choose_entry(pilot, "new")
    await wait_for_screen(pilot, NewGameScreen)
    pilot.app.screen.query_one(ChoiceForm).row("seed").text = str(seed)
    await pilot.press("enter")
    await settle(pilot)


async def leave_for_the_menu(pilot: Pilot[int]) -> MainMenuScreen:
    """Leave the table (Esc, yes) and wait until the main menu has found the saved game."""
    await pilot.press("escape", "y")
    screen = await main_menu(pilot)
    for _ in range(100):  # the menu looks for saves again in a worker when it comes back
        if screen.latest is not None:
            return screen
        await pilot.pause()
    raise AssertionError("the main menu did not find the saved game")


async def open_unsaved_game(pilot: Pilot[int], deck: Deck) -> None:
    """From the main menu, a game against `random` that is not saved, at the table."""
    await main_menu(pilot)
    await open_table(pilot, TableController.new_game(deck, ["random"], seed=3, save=False))


async def test_menu_opens_every_screen_and_escape_comes_back() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        for key, screen_type in (
            ("learn", LessonsScreen),
            ("rules", RulesScreen),
            ("encyclopedia", EncyclopediaScreen),
            ("games", GamesScreen),
            ("settings", SettingsScreen),
            ("new", NewGameScreen),
            ("question_mark", HelpScreen),
            ("f1", HelpScreen),
        ):
            if key.isalpha():
                await choose_entry(pilot, key)
            else:
                await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MainMenuScreen), key
        # Continue is disabled with no saved game: choosing it does nothing.
        await choose_entry(pilot, "continue")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


async def test_new_game_then_enter_starts_a_game_against_one_medium_opponent() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await start_default_game(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.controller.levels == ["human", "medium"]
        assert screen.controller.rules.name == "booklet"
        assert screen.question is not None and screen.question.title.startswith("Opening")
        await pilot.press("H")  # the idea first (a nudge), then H again for the move
        await pilot.pause()
        assert str(screen.query_one("#question-hint").render()).startswith("Think: ")
        await pilot.press("H")  # the AI's hint, or a clear word that there is none
        for _ in range(100):
            await pilot.pause()
            hint = str(screen.query_one("#question-hint").render())
            if hint and "Thinking" not in hint:
                break
        assert "hint" in hint.lower(), hint


async def test_too_small_covers_the_screen_and_recovers_on_resize() -> None:
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-message").render())
        assert "80 columns × 24 rows" in text and "70 × 20" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)


async def test_settings_apply_at_once_and_persist(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "settings")
        await pilot.pause()
        await pilot.press("down", "down", "right", "right")  # the theme: two steps on
        await pilot.pause()
        assert app.theme == "colour-blind"
        await pilot.press("escape")
    saved = Settings.load(isolated / "config")
    assert saved.theme == "colour-blind"
    assert saved.ai_speed == "instant"


async def test_quitting_mid_game_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await start_default_game(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.message == (
            "Your game 'Game 1' is saved after every move: Continue on the main menu picks it "
            "up where you left it."
        )
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape")  # leave the table: asks too
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


async def test_q_on_the_main_menu_quits() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_quitting_a_game_that_cannot_be_saved_says_it_is_lost(deck: Deck) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_unsaved_game(pilot, deck)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.message == "This game could not be saved: if you leave, it is lost."


async def test_a_game_saves_itself_and_continue_resumes_it() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await start_default_game(pilot)
        await pilot.press("1", "2", "8")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        hand = sorted(table.controller.view().hand)
        screen = await leave_for_the_menu(pilot)
        assert screen.latest is not None and screen.latest.name == "Game 1"
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "continue")  # Continue
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert sorted(table.controller.view().hand) == hand
        assert table.controller.human_to_move()


async def test_continue_says_when_the_only_save_cannot_be_read(isolated: Path) -> None:
    saves = isolated / "saves"
    saves.mkdir()
    broken = saves / "Game 1.civio.json"
    broken.write_bytes(b'{"format": "civio-tui campaign", "sche')
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        menu = await main_menu(pilot)
        continue_option = menu.query_one(NavList).get_option("continue")
        assert "(1 save unreadable: see Campaigns)" in str(continue_option.prompt)
        assert continue_option.disabled
    assert broken.read_bytes() == b'{"format": "civio-tui campaign", "sche'


async def test_a_bad_setting_is_reported_at_start_and_the_rest_kept(isolated: Path) -> None:
    config = isolated / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"theme": "neon", "ai_speed": "instant"}')
    app = CivioApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        assert app.settings.ai_speed == "instant"
        said = [n.message for n in app._notifications]
        assert len(said) == 1
        assert said[0].startswith(f"{config / 'settings.json'}: theme: Input should be")


async def test_encyclopedia_filters_search_and_card_detail() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "encyclopedia")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EncyclopediaScreen)
        assert len(screen.shown) == 78
        await pilot.press("tab")  # Tab: from the cards to the filters and back, as it says
        assert screen.query_one("#ency-form").has_focus
        await pilot.press("tab")
        assert screen.query_one("#ency-list").has_focus
        await pilot.press("f", "right")  # filter: Cases only
        await pilot.pause()
        assert len(screen.shown) == 49
        await pilot.press("slash", *"tinker")
        await pilot.pause()
        assert [app.deck[c].name for c in screen.shown] == ["Tinker v Des Moines School District"]
        await pilot.press("x")  # nothing matches: the count line says what to loosen
        await pilot.pause()
        count = str(screen.query_one("#ency-count").render())
        assert count == "No card matches 'tinkerx' with these filters: loosen one."
        await pilot.press("backspace")
        await pilot.pause()
        await pilot.press("enter")  # Enter on the search line opens the first match
        await pilot.pause()
        assert isinstance(app.screen, CardDetailScreen)
        assert app.screen.current == screen.shown[0]
        text = str(app.screen.query_one("#detail-facts").render())
        assert "Case · 1969" in text and "Issues:" in text


def test_filters_by_issue_amendment_and_years(standard: object) -> None:
    deck = standard
    race = filter_cards(deck, issue="Race")  # type: ignore[arg-type]
    assert all("Race" in deck[c].issues or deck[c].name == "Race" for c in race)  # type: ignore[index]
    fourteenth = filter_cards(deck, amendment="14")  # type: ignore[arg-type]
    assert all(14 in deck[c].amendments for c in fourteenth)  # type: ignore[index]
    early = filter_cards(deck, era="pre1900")  # type: ignore[arg-type]
    assert all(deck[c].year is not None and deck[c].year < 1900 for c in early)  # type: ignore[index]
    assert filter_cards(deck, search="brown v board") == [deck.lookup("Brown")]  # type: ignore[arg-type, attr-defined]


async def test_every_theme_draws_the_table(deck: Deck) -> None:
    """Each theme (colour-blind and terminal-16 included) defines every colour the table uses."""
    for theme in ("civio-dark", "civio-light", "colour-blind", "terminal-16"):
        app = make_app(theme=theme)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_unsaved_game(pilot, deck)
            assert app.theme == theme
            assert isinstance(app.screen, TableScreen)


async def test_your_name_from_settings_sits_at_the_table(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "settings")  # Settings: the name is the first line
        await pilot.pause()
        said = app.screen.query_one(ChoiceForm).row("player_name").describe()
        assert said.count("Backspace deletes") == 1, said  # the form says how typing goes
        await pilot.press(*"Kaj", "space", "backspace", "escape")  # k and j type, not move
        await pilot.pause()
        assert app.settings.new_game.player_name == "Kaj"
        await choose_entry(pilot, "new")
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.controller.names[0] == "Kaj"
        assert table.query_one("#hand-box").border_title == "Kaj's cards · 0 points · Intern"
        await pilot.press("1", "2", "8")
        await settle(pilot)
        log = [line.plain for line in table.query_one("#log").lines]  # type: ignore[attr-defined]
        assert any(line.startswith("Kaj lays face up") for line in log), log
    assert Settings.load(isolated / "config").new_game.player_name == "Kaj"


def test_leaving_words_say_what_is_kept(
    deck: Deck, isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    controller = TableController.new_game(deck, ["random"], seed=3)
    controller.start_round()
    assert controller.leaving_words() == (
        "Your game 'Game 1' is saved after every move: Continue on the main menu picks it up "
        "where you left it."
    )
    folder = controller.backend.session.folder  # type: ignore[attr-defined]

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(folder, "replace", full_disk)
        decision = controller.decision
        assert decision is not None
        controller.apply(decision.options[0])
        assert controller.save_failed
        assert controller.leaving_words().startswith("The last save of 'Game 1' failed")
    controller.keep_table_state({"groups": [[], []], "loose": []})  # the save is tried again
    assert not controller.save_failed


async def test_a_card_pack_too_small_for_the_table_is_refused_in_words(isolated: Path) -> None:
    from civio_tui.screens.new_game import GameSetup

    text = 'name = "tiny"\ncustom = true\n[[cards]]\nname = "Race"\ntype = "issue"\n' + "".join(
        f'[[cards]]\nname = "Case {i} v State"\ntype = "case"\nyear = {1900 + i}\n'
        f'issues = ["Race"]\n'
        for i in range(14)
    )
    deck = deck_from_text(text, "tiny.toml")  # 15 cards: two hands of 7, not four
    app = CivioApp(deck=deck, settings=Settings(ai_speed="instant"))
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        setup = GameSetup(("random",) * 3, "booklet", "Law Clerk", seed=1)
        app.start_game(setup)
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        assert [n.message for n in app._notifications] == [
            "15 cards are too few to deal 4 hands of 7 (a round of 4 players needs 29)"
        ]
        app.start_game(GameSetup(("random",), "booklet", "Law Clerk", seed=1))
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    saved = sorted(p.name for p in (isolated / "saves").glob("*.civio.json"))
    assert saved == ["Game 1.civio.json"]  # the refused game left no file


async def test_the_table_tip_shows_where_the_options_leave_room_for_it() -> None:
    for size, shown in (((100, 30), True), ((80, 24), False)):
        app = make_app(table_tips=True)
        async with app.run_test(size=size) as pilot:
            await start_default_game(pilot)
            await pilot.pause()
            tip = app.screen.query_one("#question-tip")
            assert tip.display is shown, size
            options = app.screen.query_one("#question-options")
            assert options.virtual_size.height <= options.size.height, size  # none cut off


async def test_home_and_end_jump_in_forms_and_in_your_cards() -> None:
    from civio_tui.widgets.choice_form import ChoiceForm
    from civio_tui.widgets.hand import HandPane

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "settings")  # Settings: the name line is first, a text line
        await pilot.pause()
        form = app.screen.query_one(ChoiceForm)
        await pilot.press("end")
        assert form.current.key == "done"
        await pilot.press("g")
        assert form.cursor == 0
        await pilot.press("g", "G")  # typed on the name line, they are the name
        assert form.cursor == 0 and form.current.text == "gG"
        await pilot.press("backspace", "backspace", "escape")
        await pilot.pause()
        await choose_entry(pilot, "new")
        await pilot.press("enter")  # a new game
        await settle(pilot)
        hand = app.screen.query_one(HandPane)
        hand.focus()
        await pilot.pause()
        cards = hand.arrangement.cards
        await pilot.press("end")
        assert hand.cursor_card == cards[-1]
        await pilot.press("home")
        assert hand.cursor_card == cards[0]


async def test_continue_puts_focus_where_enter_acts() -> None:
    from civio_tui.widgets.hand import HandPane
    from civio_tui.widgets.log_pane import LogPane

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await start_default_game(pilot)
        await pilot.press("1", "2", "8")
        await settle(pilot)
        app.screen.query_one(LogPane).focus()
        await pilot.pause()
        await leave_for_the_menu(pilot)  # with the log in focus
        await choose_entry(pilot, "continue")  # Continue
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert app.focused is table.query_one("#question-options")
        table.query_one(HandPane).focus()  # Your cards in focus is kept, though
        await pilot.pause()
        await leave_for_the_menu(pilot)
        await choose_entry(pilot, "continue")
        await settle(pilot)
        assert isinstance(app.focused, HandPane)


async def test_campaigns_recover_here_and_keep_the_place_in_the_list(isolated: Path) -> None:
    import shutil

    from civio_tui.screens.campaigns import CampaignsScreen
    from civio_tui.screens.civio.game_over import GameOverScreen

    samples = Path(__file__).resolve().parents[2] / "saves" / "samples"
    shutil.copytree(samples, isolated / "saves", ignore=shutil.ignore_patterns("*.toml"))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "campaigns")
        await wait_for_screen(pilot, CampaignsScreen)
        screen = app.screen
        assert isinstance(screen, CampaignsScreen)
        for _ in range(100):
            if screen.summaries:
                break
            await pilot.pause()
        else:
            raise AssertionError("the Campaigns screen listed nothing")
        names = [s.name for s in screen.summaries]
        menu = screen.query_one(NavList)
        menu.highlighted = names.index("Tampered")
        line = str(menu.get_option_at_index(menu.highlighted).prompt)
        assert "press r to copy it to a new campaign" in line and "civio campaign" not in line
        await pilot.press("r")
        for _ in range(100):
            await pilot.pause()
            if len(screen.summaries) == len(names) + 1:
                break
        assert screen.summaries[menu.highlighted or 0].name == "Tampered recovered"
        assert "Recovered as 'Tampered recovered'." in [n.message for n in app._notifications]
        finished = (isolated / "saves" / "Finished.civio.json").read_bytes()
        menu.highlighted = [s.name for s in screen.summaries].index("Finished")
        await pilot.press("enter")  # a finished game shows how it ended, and stays as it was
        await wait_for_screen(pilot, GameOverScreen)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, CampaignsScreen)
        assert app.screen is screen
    assert (isolated / "saves" / "Finished.civio.json").read_bytes() == finished


async def test_previous_card_is_offered_only_after_following_a_link(deck: Deck) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        app.push_screen(CardDetailScreen([deck.lookup("Tinker")]))
        await wait_for_screen(pilot, CardDetailScreen)
        detail = app.screen
        assert isinstance(detail, CardDetailScreen)
        assert "history_back" not in {b.binding.action for b in detail.active_bindings.values()}
        await pilot.press("enter")  # open the first related card
        await pilot.pause()
        assert detail.current != deck.lookup("Tinker") and detail.history
        assert "history_back" in {b.binding.action for b in detail.active_bindings.values()}
        await pilot.press("backspace")
        await pilot.pause()
        assert detail.current == deck.lookup("Tinker")
        assert "history_back" not in {b.binding.action for b in detail.active_bindings.values()}


async def test_new_game_names_a_custom_card_pack(mini: Deck) -> None:
    for deck, said in ((None, False), (mini, True)):
        app = CivioApp(deck=deck, settings=Settings(ai_speed="instant"))
        async with app.run_test(size=(100, 30)) as pilot:
            await main_menu(pilot)
            await choose_entry(pilot, "new")
            await wait_for_screen(pilot, NewGameScreen)
            intro = str(app.screen.query_one("#new-game-intro").render())
            assert (f"card pack {mini.name} ({len(mini)} cards)" in intro) is said


async def test_ctrl_q_quits_from_a_dialog_too() -> None:
    """The pass screen and every question are dialogs, where an App key is dead unless it has
    priority: Ctrl+Q asks first mid-game, over the dialog, and a second Ctrl+Q quits."""
    from civio_tui.screens.pass_device import PassScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_default_game(pilot)
        app.push_screen(PassScreen("Ana"))
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_two_quick_too_small_resizes_cover_the_screen_without_a_crash() -> None:
    from textual.geometry import Size

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await main_menu(pilot)
        app._size = Size(60, 20)  # the size two quick resizes leave, as Textual records it
        app.check_size()  # the first resize covers the screen...
        app.check_size()  # ...and the second comes before the cover has composed
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "60 × 20" in str(app.screen.query_one("#too-small-message").render())
