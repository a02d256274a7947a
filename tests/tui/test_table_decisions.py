"""Pilot tests for the table's decisions at the keyboard: attack, overrule, confiscate, the
CIVIO offer, and a whole scripted round against `random` to CIVIO or the safety valve.

Each scenario deals a fixed first round (Round's deal_order hook) against a scripted opponent, so
the decisions come in a known order; the human presses the keys a player would.
"""

from __future__ import annotations

import re

import pytest

from cards.deck import Deck
from cards.games.civio.actions import Decision, DecisionKind
from cards.ruleset import RuleSet
from civio_tui.screens.civio.round_end import RoundEndScreen
from civio_tui.screens.civio.table import TableScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.question import QuestionPane
from tests.tui.conftest import (
    FLUSH_HAND,
    PLAIN_BOT,
    DealtBackend,
    ScriptedPlayer,
    make_app,
    open_table,
    option_index,
    press_1_to_round_end,
    settle,
    wait_for_screen,
)

HAND = [
    "Brown v Board of Education of Topeka",
    "Engel v Vitale",
    "Lemon v Kurtzman",
    "Zelman v Simmons-Harris",
    "Texas v Johnson",
    "Griswold v Connecticut",
    "Loving v Virginia",
]
SUPPLY = [
    "Mapp v Ohio",
    "Katz v US",
    "Baker v Carr",
    "Reynolds v Sims",
    "Escobedo v Illinois",
    "Gideon v Wainwright",
    "Miranda v Arizona",
    "In re Gault",
]


def against_bot(
    deck: Deck,
    hand: list[str],
    bot: list[str] = PLAIN_BOT,
    player: ScriptedPlayer | None = None,
) -> DealtBackend:
    """You hold `hand` against one scripted Bot holding `bot`; Roe v Wade opens the discard
    pile and SUPPLY tops the supply."""
    return DealtBackend(
        deck,
        [hand, bot],
        [player or ScriptedPlayer(deck)],
        discard="Roe v Wade",
        supply=SUPPLY,
    )


def log_text(screen: TableScreen) -> str:
    return "\n".join(line.plain for line in screen.query_one("#log").lines)  # type: ignore[attr-defined]


def table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen), screen
    return screen


async def play_opening(pilot: object) -> None:
    """Keep the first two cards hidden and lay out the rest (keys 1, 2, then 8 for Done)."""
    await pilot.press("1", "2", "8")  # type: ignore[attr-defined]
    await settle(pilot)  # type: ignore[arg-type]


async def test_attack_with_lose_turn(deck: Deck) -> None:
    hand = ["Jim Crow Laws", *HAND[:6]]
    backend = against_bot(deck, hand)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        screen = table(app)
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DRAW
        await pilot.press("1")  # draw from the supply
        await settle(pilot)
        await pilot.press(str(option_index(screen, "Jim Crow Laws", deck)))
        await settle(pilot)
        assert screen.question is not None
        assert screen.question.decision.kind is DecisionKind.ATTACK_TARGET
        assert "Attack Bot" in screen.question.options[0].text.plain
        await pilot.press("1")
        await settle(pilot)
        log = log_text(screen)
        # The turn in one sentence: the discard names the attack, its target, its effect and
        # the answer.
        assert "discarded Jim Crow Laws to attack Bot (Lose Turn); Bot accepted." in log
        assert "Bot loses this turn." in log


async def test_overrule_an_attack(deck: Deck) -> None:
    hand = ["Voting Rights Act of 1965", *HAND[:6]]
    bot = ["Espionage Act of 1917", *PLAIN_BOT[1:]]
    backend = against_bot(deck, hand, bot, ScriptedPlayer(deck, "Espionage Act of 1917"))
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        screen = table(app)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.OVERRULE
        assert question.title == "You are attacked"
        texts = [o.text.plain for o in question.options]
        assert texts[0].startswith("Overrule with [L] Voting Rights Act of 1965")
        assert texts[-1] == "Accept: you lose your next turn"
        await pilot.press("1")
        await settle(pilot)
        log = log_text(screen)
        assert "to attack you (Lose Turn); you overruled it with Voting Rights Act." in log
        assert screen.controller.view().players[0].skips == 0


async def test_confiscate_a_card(deck: Deck) -> None:
    hand = ["Executive Order 9066", *HAND[:6]]
    backend = against_bot(deck, hand)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        screen = table(app)
        await pilot.press("1")  # draw
        await settle(pilot)
        await pilot.press(str(option_index(screen, "Executive Order 9066", deck)))
        await settle(pilot)
        await pilot.press("1")  # attack Bot
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.CONFISCATE
        face_up = screen.controller.view().players[1].face_up
        labels = [o.text.plain for o in question.options]
        assert labels[0].startswith("Take face-up [")
        assert labels[-1] == "Take a hidden card of Bot unseen (2 of 2)"
        assert len(labels) == len(face_up) + 2
        # `i` on a blind option shows no card: never one of your own in its place.
        from civio_tui.screens.card_detail import CardDetailScreen

        options = screen.query_one(QuestionPane).options_list
        options.focus()
        options.highlighted = len(labels) - 1
        await pilot.press("i")
        await pilot.pause()
        assert not isinstance(app.screen, CardDetailScreen)
        options.highlighted = 0
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, CardDetailScreen)
        assert app.screen.current == question.options[0].card
        await pilot.press("escape")
        await pilot.pause()
        taken = question.options[0].card
        assert taken is not None
        await pilot.press("1")
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.DISCARD
        assert question.decision.stage == "after_confiscation"
        assert question.title == "Discard after confiscating"
        # The card just taken is the new one: marked in Your cards and first in the list.
        assert screen.query_one(HandPane).state.new == taken
        assert question.options[0].card == taken
        await pilot.press("1")
        await settle(pilot)
        assert (
            taken in screen.controller.view().hand or taken in screen.controller.view().discard_pile
        )
        log = log_text(screen)
        assert f"You confiscated {deck[taken].name} from Bot." in log
        assert "Bot drew a replacement from the supply." in log


async def test_civio_is_offered_never_automatic(deck: Deck) -> None:
    backend = against_bot(deck, FLUSH_HAND)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        screen = table(app)
        await pilot.press("1")  # draw
        await settle(pilot)
        await pilot.press("1")  # discard the drawn card at once
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.CIVIO
        assert not screen.controller.rnd.is_over  # offered, not called for you
        assert question.options[0].text.plain == (
            "Call CIVIO! Win the round now with a Thurgood Flush: 24 points"
        )
        assert question.options[1].text.plain.startswith("Play on")
        await pilot.press("1")
        await wait_for_screen(pilot, RoundEndScreen)
        assert isinstance(app.screen, RoundEndScreen)
        summary = app.screen.summary
        assert summary.winner == 0 and summary.kind == "flush"
        assert summary.seats[0].points == 24 and summary.seats[0].total == 24
        assert summary.seats[0].promoted  # Intern to Lawyer (1st chair): a promotion


@pytest.mark.slow  # a whole game through the screens: -m slow
async def test_whole_round_against_random_with_a_scripted_human(deck: Deck) -> None:
    """A human at the keys who always presses 1 (draw from the supply, discard what was drawn,
    accept, call CIVIO when offered) plays a whole round against `random` to its end."""
    controller = TableController.new_game(
        deck, ["random"], rules=RuleSet(max_turns=40), seed=2024, save=False
    )
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, controller)
        await play_opening(pilot)
        await press_1_to_round_end(pilot)
        assert isinstance(app.screen, RoundEndScreen)
        result = controller.rnd.result
        assert result is not None
        assert result.reason in ("civio", "max_turns")
        headline = app.screen.query_one("#round-headline").render()
        assert "called CIVIO" in str(headline) or "No winner this round" in str(headline)
        await pilot.press("enter")  # deal the next round
        await settle(pilot)
        assert controller.round_number == 2


async def test_reaching_the_target_rank_ends_the_game_with_a_final_table(deck: Deck) -> None:
    from civio_tui.screens.civio.game_over import GameOverScreen
    from civio_tui.screens.main_menu import MainMenuScreen

    backend = against_bot(deck, FLUSH_HAND)
    backend.game.target = "Law Clerk"
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        await pilot.press("1", "1")
        await settle(pilot)
        await pilot.press("1")  # call CIVIO: 24 points, past Law Clerk
        await wait_for_screen(pilot, RoundEndScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        title = str(app.screen.query_one("#game-over-title").render())
        assert title == "You win the game: Lawyer (1st chair)!"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


async def test_an_opponents_civio_offer_shows_nothing(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An opponent's CIVIO offer comes only when its hand goes out: the table shows no message,
    no pause and no log line for it, so its turn looks like any other
    (docs/RULES.md, Hidden information)."""
    backend = against_bot(deck, PLAIN_BOT, FLUSH_HAND, ScriptedPlayer(deck, plays_on=True))
    paused: list[DecisionKind] = []
    shown: list[str] = []
    pause = TableScreen.ai_pause

    def record_pause(decision: Decision, delay: float) -> float:
        if pause(decision, delay):
            paused.append(decision.kind)
        return 0.0  # the test does not wait for the pace of a human

    real_wait = QuestionPane.wait

    def record_wait(self: QuestionPane, text: object) -> None:
        shown.append(str(text))
        real_wait(self, text)  # type: ignore[arg-type]

    monkeypatch.setattr(TableScreen, "ai_pause", staticmethod(record_pause))
    monkeypatch.setattr(QuestionPane, "wait", record_wait)
    app = make_app(ai_speed="normal")
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        screen = table(app)
        paused.clear()
        shown.clear()
        await pilot.press("1")  # draw
        await settle(pilot)
        await pilot.press("1")  # discard it at once; the bot plays its turn
        await settle(pilot)
        rnd = screen.controller.rnd
        offers = [e for e in rnd.events if e.action is not None and e.action.kind == "civio"]
        assert offers and {e.seat for e in offers} == {1}, "the bot played on each turn"
        assert offers[-1].turn == rnd.turn - 1, "and just now"
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DRAW
        assert paused == [DecisionKind.DRAW, DecisionKind.DISCARD]
        assert shown == ["Bot is drawing…", "Bot is choosing a card to discard…"]
        log = log_text(screen)
        assert "civio" not in log.lower() and "play on" not in log.lower()
        assert "goes out" not in log.lower()


async def test_a_hint_runs_in_a_worker_and_highlights_its_option(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`H` asks `ai.civio.hint.hint` in a worker: the table answers keys while it thinks; then the
    suggested option is highlighted and the reason shown under the options."""
    import sys
    import threading
    import types

    from cards.games.civio.view import PlayerView

    release = threading.Event()
    asked: list[tuple[PlayerView, Decision, object, object]] = []

    def hint(
        view: PlayerView, decision: Decision, deck: object = None, seat_names: object = None
    ) -> tuple[object, str]:
        asked.append((view, decision, deck, seat_names))
        release.wait(5)
        return decision.options[0], "The supply may hold a Case that links."

    module = types.ModuleType("ai.civio.hint")
    module.hint = hint  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ai.civio.hint", module)
    backend = against_bot(deck, PLAIN_BOT, HAND)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        screen = table(app)
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DRAW
        pane = screen.query_one(QuestionPane)
        await pilot.press("H", "down")  # the table still answers keys while the hint thinks
        await pilot.pause()
        assert pane.options_list.highlighted == 1
        assert "Thinking" in str(pane.query_one("#question-hint").render())
        release.set()
        for _ in range(100):
            await pilot.pause()
            if "Hint (" in str(pane.query_one("#question-hint").render()):
                break
        text = str(pane.query_one("#question-hint").render())
        assert text == "Hint (1): The supply may hold a Case that links."
        assert pane.options_list.highlighted == 0
        view, decision, given, names = asked[0]
        assert view.seat == 0 and decision is screen.question.decision and given is deck
        assert names == screen.controller.names  # the sentence may call players by name
        await pilot.press("enter")  # take the hint
        await settle(pilot)
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DISCARD
        assert not pane.query_one("#question-hint").display


async def test_no_hint_module_says_so(deck: Deck, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ai.civio.hint", None)  # import fails
    controller = TableController.new_game(deck, ["random"], seed=5, save=False)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(pilot, controller)
        await pilot.press("H")
        await pilot.pause()
        pane = table(app).query_one(QuestionPane)
        assert "No hint is available" in str(pane.query_one("#question-hint").render())


async def test_the_real_hint_marks_the_opening_and_highlights_a_discard(deck: Deck) -> None:
    backend = against_bot(deck, PLAIN_BOT, HAND)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        pane = screen.query_one(QuestionPane)

        async def hint_shown() -> str:
            # The first H gives the idea (a nudge), the second the move.
            await pilot.press("H")
            await pilot.pause()
            nudge = " ".join(str(pane.query_one("#question-hint").render()).split())
            assert nudge.startswith("Think: ") and "H again" in nudge
            await pilot.press("H")
            for _ in range(200):
                await pilot.pause()
                text = str(pane.query_one("#question-hint").render())
                if text.startswith("Hint ("):
                    return text
            raise AssertionError("no hint came")

        assert (await hint_shown()).startswith("Hint (marked): ")
        assert len(screen.opening_hidden) == 2
        await pilot.press("enter")  # Done is highlighted: lay out the hinted cards
        await settle(pilot)
        assert (await hint_shown()).startswith("Hint (")  # the draw
        await pilot.press("enter")
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.DISCARD
        text = await hint_shown()
        chosen = pane.options_list.highlighted
        assert chosen is not None and text.startswith(f"Hint ({chosen + 1}): ")
        assert pane.query_one("#question-hint").region.bottom <= pane.region.bottom


async def test_three_opponents_fit_at_80x24_and_options_keep_to_one_line(deck: Deck) -> None:
    from civio_tui.widgets.table_panes import OpponentsPane

    long_names = [
        "Regents of the University of California v Bakke",
        "Hazelwood School District v Kuhlmeier",
        "Bethel School District v Fraser",
        "Tinker v Des Moines School District",
        "Heart of Atlanta Motel v US",
        "Brown v Board of Education of Topeka",
        "Zelman v Simmons-Harris",
    ]
    third = [
        "Engel v Vitale",
        "Lemon v Kurtzman",
        "Texas v Johnson",
        "Griswold v Connecticut",
        "Loving v Virginia",
        "Furman v Georgia",
        "Near v Minnesota",
    ]
    backend = DealtBackend(
        deck,
        [long_names, PLAIN_BOT, SUPPLY[:7], third],
        [ScriptedPlayer(deck) for _ in range(3)],
        discard="Shaw v Reno",
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        await pilot.press("1")  # draw: the keep-or-discard question, 8 long options
        await settle(pilot)
        screen = table(app)
        opponents = screen.query_one(OpponentsPane)
        box = screen.query_one("#opponents-box")
        assert opponents.compact
        assert box.max_scroll_y == 0, "every opponent is in sight"  # type: ignore[attr-defined]
        assert str(box.border_title) == "Opponents"
        menu = screen.query_one(QuestionPane).options_list
        shown = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        full = [text.plain for text in screen.query_one(QuestionPane).options]
        # The highlighted one in full (on more lines, each under the option's text).
        assert menu.highlighted == 0 and " ".join(shown[0].split()) == " ".join(full[0].split())
        cut = [i for i in range(1, len(full)) if shown[i] != full[i]]
        assert cut, "a long option is cut short"
        # Cut short: a card goes by its short name (as the discard pile names it), its year
        # whole or gone, then the end of the line is cut; never half a year.
        assert all(
            len(shown[i]) < len(full[i]) and not re.search(r" \d{1,3}…?$", shown[i]) for i in cut
        )
        assert any(line.endswith("Discard [C] Bakke 1978 +1") for line in shown)
        await pilot.press("down")
        await pilot.pause()
        whole = str(menu.get_option_at_index(1).prompt)
        assert " ".join(whole.split()) == " ".join(full[1].split())
        assert str(menu.get_option_at_index(0).prompt) != full[0] or len(full[0]) < 40


async def test_the_opening_says_why_done_waits_and_which_mark_moved(deck: Deck) -> None:
    backend = against_bot(deck, HAND)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("1", "8")  # Done with one card marked
        await pilot.pause()
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.FACE_UP
        said = [n.message for n in app._notifications]
        assert said == ["Mark 1 more card to keep hidden first."]
        first = screen.question.options[0].card
        assert first is not None
        await pilot.press("2", "3")  # a third mark unmarks the first, and says so
        await pilot.pause()
        assert [n.message for n in app._notifications][-1] == (
            f"Only 2 cards stay hidden: {deck[first].name} will go face up instead."
        )
        assert first not in screen.opening_hidden and len(screen.opening_hidden) == 2
        await pilot.press("8")
        await settle(pilot)
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DRAW
