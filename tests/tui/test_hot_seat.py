"""Friends at one keyboard in the main game: the table follows the human whose decision it is,
and no screen ever shows one human's hidden cards while another is to play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from textual.pilot import Pilot

from cards.deck import Deck
from cards.games.civio.actions import DecisionKind
from cards.ruleset import RuleSet
from civio_tui.screens.civio.round_end import RoundEndScreen
from civio_tui.screens.civio.table import TableScreen
from civio_tui.screens.pass_device import PassScreen, pass_words
from civio_tui.table_controller import TableController
from tests.tui.conftest import make_app, screen_text, settle, wait_for_screen

if TYPE_CHECKING:
    from ai import PendingChoice

FOOTER_WORDS = {"esc", "Menu", "⏎", "I", "am", "ready", "CIVIO"}  # CIVIO: the window title
REASONS = (
    "",
    "NAME chooses which cards to lay face up, unseen by the others.",
    "It is NAME's turn.",
    "NAME is attacked and answers it (overrule, or accept).",
    "Back to NAME, whose turn it was.",
)
"""Every reason a pass screen may give (NAME: the person it names): none tells anything
hidden."""


def on_screen(app: object) -> str:
    return " ".join(screen_text(app).replace("\xa0", " ").split())


def hot_seat_game(
    deck: Deck,
    save_dir: Path,
    seed: int = 5,
    max_rounds: int | None = None,
    max_turns: int = 12,
) -> TableController:
    """Ana and Ben at one keyboard with one random AI, saved in `save_dir`; a round ends
    after 12 turns (4 each), so walking a whole one stays quick."""
    return TableController.new_game(
        deck,
        ["random"],
        rules=RuleSet(max_turns=max_turns),
        seed=seed,
        save_dir=str(save_dir),
        humans=["Ana", "Ben"],
        max_rounds=max_rounds,
    )


def leaks(deck: Deck, ctl: TableController, text: str) -> list[str]:
    """The hidden cards of humans other than the viewer that `text` names."""
    rnd = ctl.rnd
    known = rnd.view(ctl.viewer).known_cards()
    found = []
    for seat in ctl.humans:
        if seat == ctl.viewer:
            continue
        for card in set(rnd.hand(seat)) - known:
            name = deck[card].name
            # Long names by their start (a narrow pane cuts them); short ones as a card line.
            token = name[:22] if len(name) >= 10 else f"] {name}"
            if token in text:
                found.append(f"{ctl.names[seat]}'s {name}")
    return found


async def check_pass_screen(pilot: Pilot[int], table: TableScreen) -> None:
    """The pass screen shows the name and why the keyboard moves, nothing else, and the table
    behind it has not drawn the next player's cards."""
    screen = pilot.app.screen
    assert isinstance(screen, PassScreen)
    name = screen.player
    reason = screen.reason
    assert reason in [r.replace("NAME", name) for r in REASONS], reason
    words = set(on_screen(pilot.app).replace("█", " ").replace("▀", " ").replace("▄", " ").split())
    assert words <= set(f"{pass_words(name)} {reason}".split()) | FOOTER_WORDS, words
    seat = table.controller.names.index(screen.player)
    assert table.shown_viewer != seat
    drawn = set(table.arrangement.cards)  # the cards the hand pane was last drawn with
    assert not drawn or drawn != set(table.controller.rnd.hand(seat))


def hidden_cards(deck: Deck, ctl: TableController, text: str) -> list[str]:
    """The hidden cards of any human (the viewer's too) that `text` names."""
    rnd = ctl.rnd
    found = []
    for seat in ctl.humans:
        for card in rnd.view(seat).hidden:
            name = deck[card].name
            token = name[:22] if len(name) >= 10 else f"] {name}"
            if token in text:
                found.append(f"{ctl.names[seat]}'s {name}")
    return found


async def answer(pilot: Pilot[int], table: TableScreen, wait: Any = settle) -> None:
    """Answer the viewer's question: the opening with its first two cards hidden, any other
    with its first option; then `wait`."""
    question = table.question
    assert question is not None
    if question.decision.kind is DecisionKind.FACE_UP:
        await pilot.press("1", "2", "8")
    else:
        await pilot.press("1")
    await wait(pilot)


async def walk_round(pilot: Pilot[int], table: TableScreen, *, check: bool = True) -> list[str]:
    """Play the round to its end, checking every screen (unless not `check`): a pass screen
    shows only the name; the table shows nothing of the other humans' hidden cards. The names
    passed to."""
    app, ctl = pilot.app, table.controller
    passes: list[str] = []
    # The computers' choices are held until the screen has been checked while they are to
    # move: the table's worker is replaced by this list, and the walk applies them.
    pending: list[PendingChoice] = []
    table.run_ai = lambda choice, **_: pending.append(choice)  # type: ignore[method-assign]

    async def wait(pilot: Pilot[int]) -> None:
        """Until a person decides, a computer's choice is held, or a screen comes on top."""
        for _ in range(400):
            await pilot.pause()
            if pending or app.screen is not table or ctl.rnd.is_over:
                return
            if ctl.human_to_move() and table.question is not None:
                return
        raise AssertionError("the table did not settle")

    await wait(pilot)
    for _ in range(3000):
        screen = app.screen
        if isinstance(screen, RoundEndScreen):
            return passes
        if pending:
            choice = pending.pop()
            assert ctl.ai_to_move() and ctl.decision is choice.decision
            await pilot.pause()
            # Nobody's hidden cards, while a computer plays: the last person may have left.
            assert hidden_cards(ctl.deck, ctl, on_screen(app)) == [], on_screen(app)
            table.post_message(TableScreen.AIChose(choice.decision, choice.choose()))
            await wait(pilot)
            continue
        if isinstance(screen, PassScreen):
            if check:
                await check_pass_screen(pilot, table)
            passes.append(screen.player)
            await pilot.press("enter")
            await wait(pilot)
            continue
        assert screen is table, screen
        assert table.shown_viewer == ctl.viewer
        if check:
            assert leaks(ctl.deck, ctl, on_screen(app)) == []
        # A human's decision is asked only once the table is theirs.
        decision = ctl.decision
        assert decision is None or decision.seat not in ctl.humans or decision.seat == ctl.viewer
        await answer(pilot, table, wait)
    raise AssertionError("the round did not end")


# Whole games on screen: tests/session proves the handover for every game in milliseconds.
@pytest.mark.slow
async def test_a_hot_seat_round_never_shows_a_human_the_others_hidden_cards(
    deck: Deck, tmp_path: Path
) -> None:
    app = make_app()
    ctl = hot_seat_game(deck, tmp_path)
    assert ctl.hot_seat and ctl.humans == [0, 1]
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableScreen(ctl)
        await app.push_screen(table)
        await settle(pilot)
        passes = await walk_round(pilot, table)
        # The results are public: everyone by name, nobody called "you".
        results = on_screen(app)
        assert "Ana" in results and "Ben" in results and " You " not in results
        await pilot.press("enter")  # the next round starts with a hand-over
        await wait_for_screen(pilot, PassScreen)
        await check_pass_screen(pilot, table)
    # Both humans were handed the keyboard, first Ana (the first to choose her cards).
    assert passes[:2] == ["Ana", "Ben"]
    assert passes.count("Ana") >= 2 and passes.count("Ben") >= 2


async def play_until_pass(pilot: Pilot[int], table: TableScreen, count: int) -> None:
    """Answer `count` pass screens and the questions between them; stop on the next one."""
    for _ in range(200):
        screen = pilot.app.screen
        if isinstance(screen, PassScreen):
            if count == 0:
                return
            count -= 1
            await pilot.press("enter")
            await settle(pilot)
        else:
            await answer(pilot, table)
    raise AssertionError("no pass screen came")


async def test_continue_of_a_hot_seat_game_hands_over_first(deck: Deck, tmp_path: Path) -> None:
    app = make_app()
    ctl = hot_seat_game(deck, tmp_path, seed=9)
    name = ctl.backend.name
    assert name is not None
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableScreen(ctl)
        await app.push_screen(table)
        await settle(pilot)
        await play_until_pass(pilot, table, 3)  # both openings and a turn of the first human
        waiting = app.screen
        assert isinstance(waiting, PassScreen)
        to_play = ctl.decision.seat  # type: ignore[union-attr]
        assert ctl.names[to_play] == waiting.player
        kept = ctl.table_state
        assert set(kept["seats"]) == {"0", "1"}, "each human's table is kept apart"
        actions = list(ctl.rnd.actions)

    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        again.save_dir = str(tmp_path)
        again.open_saved_game(name)
        await wait_for_screen(pilot, PassScreen)
        assert again.screen.player == ctl.names[to_play]  # type: ignore[attr-defined]
        resumed = again.screen_stack[-2]
        assert isinstance(resumed, TableScreen)
        assert resumed.shown_viewer is None  # nobody's cards drawn behind the pass screen
        assert list(resumed.controller.rnd.actions) == actions
        await pilot.press("enter")
        await settle(pilot)
        assert again.screen is resumed and resumed.shown_viewer == to_play
        assert resumed.controller.viewer == to_play and resumed.question is not None
        assert leaks(deck, resumed.controller, on_screen(again)) == []


async def test_new_game_seats_two_named_humans_and_remembers_only_their_names(deck: Deck) -> None:
    from civio_tui.screens.new_game import NewGameScreen
    from civio_tui.widgets.choice_form import ChoiceForm
    from tests.tui.conftest import choose_entry, main_menu

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "new")
        await wait_for_screen(pilot, NewGameScreen)
        await pilot.press("home", "right", "down", *"Ana", "down", *"ana", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen), "two players named alike: not started"
        await pilot.press("backspace", "backspace", "backspace", *"Ben", "enter")
        await wait_for_screen(pilot, PassScreen)
        assert app.screen.player == "Ana"  # type: ignore[attr-defined]
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        assert table.controller.names == ["Ana", "Ben", "Medium"]
        assert table.controller.humans == [0, 1]
    assert app.settings.new_game.human_names == ["Ana", "Ben"]

    # The next game starts at one human against the AI (a classroom's next student must not
    # start a hot-seat game by accident); the names come back when friends are seated again.
    from civio_tui.app import CivioApp

    again = CivioApp(settings=app.settings)
    async with again.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "new")
        await wait_for_screen(pilot, NewGameScreen)
        form = again.screen.query_one(ChoiceForm)
        assert form.row("humans").value == "1"
        assert not form.row("name0").visible
        assert "1 human against the AI" in on_screen(again)
        await pilot.press("home", "right")
        await pilot.pause()
        assert form.row("name0").text == "Ana" and form.row("name1").text == "Ben"


def test_new_game_form_with_two_humans_snapshot(snap_compare: object) -> None:
    from civio_tui.screens.new_game import NewGameScreen
    from tests.tui.conftest import choose_entry, main_menu

    async def run_before(pilot: Pilot[int]) -> None:
        await main_menu(pilot)
        await choose_entry(pilot, "new")
        await wait_for_screen(pilot, NewGameScreen)
        await pilot.press("home", "right", "down", *"Ana", "down", *"Ben")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


async def test_the_final_table_names_the_winner_not_you(deck: Deck, tmp_path: Path) -> None:
    from civio_tui.screens.civio.game_over import GameOverScreen

    app = make_app()
    ctl = hot_seat_game(deck, tmp_path, max_rounds=1, max_turns=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableScreen(ctl)
        await app.push_screen(table)
        await settle(pilot)
        await walk_round(pilot, table, check=False)  # checked in the test above
        await pilot.press("enter")
        await wait_for_screen(pilot, GameOverScreen)
        title = str(app.screen.query_one("#game-over-title").render())
        winners = [ctl.names[s] for s in ctl.backend.winners()]
        assert winners and all(name in title for name in winners)
        assert "you win" not in title.lower()


async def ana_attacks(deck: Deck, pilot: Pilot[int], target: str) -> TableScreen:
    """Ana, Ben and a scripted Bot; Ana draws and attacks `target` with Jim Crow Laws."""
    from tests.tui.conftest import PLAIN_BOT, DealtBackend, ScriptedPlayer, option_index
    from tests.tui.test_table_decisions import HAND, SUPPLY

    other = [*SUPPLY[:4], "Near v Minnesota", "Furman v Georgia", "Buckley v Valeo"]
    backend = DealtBackend(
        deck,
        [["Jim Crow Laws", *HAND[:6]], PLAIN_BOT, other],
        [ScriptedPlayer(deck), ScriptedPlayer(deck)],
        discard="Roe v Wade",
        supply=SUPPLY[4:],
    )
    backend.names = ["Ana", "Ben", "Bot"]
    backend.levels = ["human", "human", "scripted"]
    backend._players = {2: ScriptedPlayer(deck)}
    ctl = TableController(deck, backend)
    app = pilot.app
    table = TableScreen(ctl)
    await app.push_screen(table)
    await settle(pilot)
    for _ in range(20):  # the openings, then play on to Ana's first draw
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            await settle(pilot)
            continue
        question = table.question
        assert question is not None
        if ctl.viewer == 0 and question.decision.kind is DecisionKind.DRAW:
            break
        await answer(pilot, table)
    assert ctl.viewer == 0 and table.question is not None
    await pilot.press("1")  # draw from the supply
    await settle(pilot)
    await pilot.press(str(option_index(table, "Jim Crow Laws", deck)))
    await settle(pilot)
    assert table.question.decision.kind is DecisionKind.ATTACK_TARGET
    at = next(i for i, o in enumerate(table.question.options, 1) if target in o.text.plain)
    await pilot.press(str(at))
    await settle(pilot)
    return table


async def test_after_answering_an_attack_the_keyboard_goes_back_to_the_attacker(
    deck: Deck,
) -> None:
    """Ana attacks Ben, who accepts: the keyboard goes back to Ana although her turn has
    nothing left for her, so the hand-over never tells Ben whether her hand went out."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await ana_attacks(deck, pilot, "Ben")
        ctl = table.controller
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ben"
        await pilot.press("enter")
        await settle(pilot)
        assert table.question is not None
        assert table.question.decision.kind is DecisionKind.OVERRULE
        await pilot.press(str(len(table.question.options)))  # accept
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ana"
        assert ctl.decision is not None and ctl.decision.seat != 0  # nothing for Ana to decide
        # The words of every return to the attacker, a decision left for her or not.
        assert app.screen.reason == "Back to Ana, whose turn it was."
        await pilot.press("enter")
        await pilot.pause()
        assert table.query_one("#question-box").border_title == "Your turn is over"
        assert leaks(deck, ctl, on_screen(app)) == []
        await pilot.press("enter")
        await settle(pilot)
        # The computer then plays behind a cover, which calls Ana for her next turn.
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ana"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table and ctl.viewer == 0 and table.question is not None


async def test_after_a_computer_answers_an_attack_the_keyboard_goes_back_to_the_attacker(
    deck: Deck,
) -> None:
    """Ana attacks the computer: its answer is played behind the cover, then the cover calls
    Ana back in the same words as after a person's answer, whether or not her turn has a
    decision left (a CIVIO call would otherwise show in the hand-over)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await ana_attacks(deck, pilot, "Bot")
        ctl = table.controller
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ana"
        assert app.screen.reason == "Back to Ana, whose turn it was."
        assert table.shown_viewer is None and not table.query_one("#table").display
        assert ctl.decision is not None and ctl.decision.seat != 0  # nothing for Ana to decide
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and ctl.viewer == 0
        assert table.query_one("#question-box").border_title == "Your turn is over"
        assert leaks(deck, ctl, on_screen(app)) == []


async def test_a_hot_seat_round_is_replayed_with_every_hand_open(
    deck: Deck, tmp_path: Path
) -> None:
    from civio_tui.campaigns.autoplay import autoplay
    from civio_tui.campaigns.catalogue import new_campaign
    from civio_tui.screens.replay import ReplayScreen
    from civio_tui.seating import HUMAN, Seat

    seats = [Seat("Ana", HUMAN), Seat("Ben", HUMAN)]
    session = new_campaign(
        "Friends", [], save_dir=tmp_path, seed=2, seats=seats, rules=RuleSet(max_turns=4)
    )
    autoplay(session, 1, "random")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(session.campaign, 1, deck))
        await pilot.pause()
        assert app.screen.everything  # type: ignore[attr-defined]  # no one player's view


async def test_the_hot_seat_opening_says_players_choose_one_by_one(
    deck: Deck, tmp_path: Path
) -> None:
    app = make_app()
    ctl = hot_seat_game(deck, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableScreen(ctl)
        await app.push_screen(table)
        await settle(pilot)
        await pilot.press("enter")  # Ana is alone at the screen
        await settle(pilot)
        assert table.question is not None
        assert table.question.decision.kind is DecisionKind.FACE_UP
        text = on_screen(app)
        assert "one by one" in text and "at once" not in text


async def test_statistics_and_review_are_each_friends_own(deck: Deck, tmp_path: Path) -> None:
    """Statistics and a replay's review start from one person's seat and w goes to the next
    person's: Ben sees his own record, not Ana's (the first seat's)."""
    from civio_tui.screens.replay import ReplayScreen
    from civio_tui.screens.statistics import StatisticsScreen
    from tests.campaigns.test_hot_seat_records import friends

    camp = friends(tmp_path / "saves")  # the app's save folder (tests/tui/conftest.py)
    ben_won = sum(r.winner == "Ben" for r in camp.history)
    assert ben_won != sum(r.winner == "Ana" for r in camp.history)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = StatisticsScreen()
        await app.push_screen(screen)

        async def figures_of(name: str) -> str:
            for _ in range(300):
                await pilot.pause()
                if screen.document is not None and screen.player == name:
                    return str(screen.query_one("#stats-numbers").render())
            raise AssertionError(f"no statistics of {name}")

        for _ in range(300):
            await pilot.pause()
            if screen.document is not None:
                break
        assert sorted(screen.people) == ["Ana", "Ben"]
        assert "→ Campaign" not in on_screen(app)  # one campaign: no other chart to go to
        numbers = await figures_of(screen.people[0])
        if screen.player != "Ben":
            await pilot.press("w")
            numbers = await figures_of("Ben")
        assert numbers.startswith("Ben's statistics (w: another player's)")
        assert f"won: {ben_won} " in numbers
        await pilot.press("escape")
        await pilot.pause()

        replay = ReplayScreen(camp, 1, deck)
        await app.push_screen(replay)
        await pilot.pause()

        def review_line() -> str:
            return " ".join(str(replay.query_one("#replay-review").render()).split())

        assert "v: review Ana's decisions · w: another player's" in review_line()
        assert "(you)" not in str(replay.query_one("#replay-table-text").render())
        await pilot.press("w")
        await pilot.pause()
        assert replay.seat == 1 and "v: review Ben's decisions" in review_line()


async def test_a_forced_accept_is_handed_over_like_any_decision(deck: Deck) -> None:
    """The computer attacks Ana while Ben is at the keyboard and Ana holds no Law to overrule
    it: her only answer, Accept, still comes after "Pass to Ana" (it is asked at her table,
    beside her hidden cards), and it never appears at Ben's table. Passing over it instead
    would tell Ben that Ana holds no such Law."""
    from tests.tui.conftest import PLAIN_BOT, DealtBackend, ScriptedPlayer
    from tests.tui.test_table_decisions import HAND, SUPPLY

    backend = DealtBackend(
        deck,
        [
            HAND,
            [*SUPPLY[:4], "Near v Minnesota", "Furman v Georgia", "Buckley v Valeo"],
            ["Jim Crow Laws", *PLAIN_BOT[:6]],
        ],
        [ScriptedPlayer(deck), ScriptedPlayer(deck)],
        discard="Roe v Wade",
        supply=SUPPLY[4:],
    )
    backend.names = ["Ana", "Ben", "Bot"]
    backend.levels = ["human", "human", "scripted"]
    backend._players = {2: ScriptedPlayer(deck, discard_first="Jim Crow Laws", target=0)}
    ctl = TableController(deck, backend)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableScreen(ctl)
        await app.push_screen(table)
        await settle(pilot)
        for _ in range(60):
            decision = ctl.decision
            if decision is not None and decision.kind is DecisionKind.OVERRULE:
                break
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
                continue
            await answer(pilot, table)
        assert decision is not None and decision.kind is DecisionKind.OVERRULE
        assert decision.seat == 0 and len(decision.options) == 1  # Accept, and nothing else
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ana"
        await check_pass_screen(pilot, table)
        # The same words as when Ana could overrule it: they tell Ben nothing of her cards.
        assert app.screen.reason == "Ana is attacked and answers it (overrule, or accept)."
        await pilot.press("enter")
        await settle(pilot)
        assert table.shown_viewer == 0 and table.question is not None
        assert "You hold no Law that overrules it" in on_screen(app)
        assert leaks(deck, ctl, on_screen(app)) == []
