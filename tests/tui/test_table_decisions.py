"""Pilot tests for the table's decisions at the keyboard: attack, overrule, confiscate, the
CIVIO offer, and a whole scripted round against `random` to CIVIO or the safety valve.

Each scenario deals a fixed first round (Round's deal_order hook) against a scripted opponent, so
the decisions come in a known order; the human presses the keys a player would.
"""

from __future__ import annotations

from cards.actions import DecisionKind
from cards.deck import Deck
from cards.ruleset import RuleSet
from civio_tui.screens.round_end import RoundEndScreen
from civio_tui.screens.table import TableScreen
from civio_tui.table_controller import TableController
from tests.tui.conftest import (
    DealtBackend,
    ScriptedPlayer,
    async_test,
    make_app,
    open_table,
    option_index,
    settle,
)

PLAIN_BOT = [
    "Korematsu v US",
    "Plessy v Ferguson",
    "Dred Scott v Sandford",
    "Schenck v US",
    "Dennis v US",
    "Bowers v Hardwick",
    "Gregg v Georgia",
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


def table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen), screen
    return screen


async def play_opening(pilot: object) -> None:
    """Keep the first two cards hidden and lay out the rest (keys 1, 2, then 8 for Done)."""
    await pilot.press("1", "2", "8")  # type: ignore[attr-defined]
    await settle(pilot)  # type: ignore[arg-type]


@async_test
async def test_attack_with_lose_turn(deck: Deck) -> None:
    hand = [
        "Jim Crow Laws",
        "Brown v Board of Education of Topeka",
        "Engel v Vitale",
        "Lemon v Kurtzman",
        "Zelman v Simmons-Harris",
        "Texas v Johnson",
        "Griswold v Connecticut",
    ]
    backend = DealtBackend(
        deck, [hand, PLAIN_BOT], [ScriptedPlayer(deck)], discard="Roe v Wade", supply=SUPPLY
    )
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
        log = "\n".join(line.plain for line in screen.query_one("#log").lines)  # type: ignore[attr-defined]
        assert "You attacked Bot with Jim Crow Laws (Lose Turn)." in log
        assert "Bot accepted the attack." in log
        assert "Bot will lose a turn." in log
        assert "Bot loses this turn." in log


@async_test
async def test_overrule_an_attack(deck: Deck) -> None:
    hand = [
        "Voting Rights Act of 1965",
        "Brown v Board of Education of Topeka",
        "Engel v Vitale",
        "Lemon v Kurtzman",
        "Zelman v Simmons-Harris",
        "Texas v Johnson",
        "Griswold v Connecticut",
    ]
    bot = ["Espionage Act of 1917", *PLAIN_BOT[1:]]
    backend = DealtBackend(
        deck,
        [hand, bot],
        [ScriptedPlayer(deck, "Espionage Act of 1917")],
        discard="Roe v Wade",
        supply=SUPPLY,
    )
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
        log = "\n".join(line.plain for line in screen.query_one("#log").lines)  # type: ignore[attr-defined]
        assert "You overruled the attack with Voting Rights Act of 1965." in log
        assert screen.controller.view().players[0].skips == 0


@async_test
async def test_confiscate_a_card(deck: Deck) -> None:
    hand = [
        "Executive Order 9066",
        "Brown v Board of Education of Topeka",
        "Engel v Vitale",
        "Lemon v Kurtzman",
        "Zelman v Simmons-Harris",
        "Texas v Johnson",
        "Griswold v Connecticut",
    ]
    backend = DealtBackend(
        deck, [hand, PLAIN_BOT], [ScriptedPlayer(deck)], discard="Roe v Wade", supply=SUPPLY
    )
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
        assert labels[-1] == "Take hidden card 2 of Bot (blind)"
        assert len(labels) == len(face_up) + 2
        taken = question.options[0].card
        assert taken is not None
        await pilot.press("1")
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.DISCARD
        assert question.decision.stage == "after_confiscation"
        assert question.title == "Discard after confiscating"
        await pilot.press("1")
        await settle(pilot)
        assert (
            taken in screen.controller.view().hand or taken in screen.controller.view().discard_pile
        )
        log = "\n".join(line.plain for line in screen.query_one("#log").lines)  # type: ignore[attr-defined]
        assert f"You confiscated {deck[taken].name} from Bot." in log
        assert "Bot drew a replacement from the supply." in log


@async_test
async def test_civio_is_offered_never_automatic(deck: Deck) -> None:
    flush = [
        "School",
        "Board of Education v Barnette",
        "Tinker v Des Moines School District",
        "Board of Education v Pico",
        "Expression",
        "1st Amendment",
        "14th Amendment",
    ]
    backend = DealtBackend(
        deck, [flush, PLAIN_BOT], [ScriptedPlayer(deck)], discard="Roe v Wade", supply=SUPPLY
    )
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
            "Call CIVIO! Win the round now (a Thurgood Flush, 24 points)"
        )
        assert question.options[1].text.plain.startswith("Play on")
        await pilot.press("1")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, RoundEndScreen):
                break
        assert isinstance(app.screen, RoundEndScreen)
        summary = app.screen.summary
        assert summary.winner == 0 and summary.kind == "flush"
        assert summary.seats[0].points == 24 and summary.seats[0].total == 24
        assert summary.seats[0].promoted  # Intern to Lawyer (1st chair): a promotion


@async_test
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
        for _ in range(200):
            if isinstance(app.screen, RoundEndScreen):
                break
            screen = table(app)
            if screen.controller.rnd.is_over:
                await pilot.pause()
                continue
            await pilot.press("1")
            await settle(pilot)
        assert isinstance(app.screen, RoundEndScreen)
        result = controller.rnd.result
        assert result is not None
        assert result.reason in ("civio", "max_turns")
        headline = app.screen.query_one("#round-headline").render()
        assert "called CIVIO" in str(headline) or "No winner this round" in str(headline)
        await pilot.press("enter")  # deal the next round
        await settle(pilot)
        assert controller.round_number == 2


@async_test
async def test_reaching_the_target_rank_ends_the_game_with_a_final_table(deck: Deck) -> None:
    from civio_tui.screens.game_over import GameOverScreen
    from civio_tui.screens.main_menu import MainMenuScreen

    flush = [
        "School",
        "Board of Education v Barnette",
        "Tinker v Des Moines School District",
        "Board of Education v Pico",
        "Expression",
        "1st Amendment",
        "14th Amendment",
    ]
    backend = DealtBackend(
        deck, [flush, PLAIN_BOT], [ScriptedPlayer(deck)], discard="Roe v Wade", supply=SUPPLY
    )
    backend.game.target = "Law Clerk"
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await play_opening(pilot)
        await pilot.press("1", "1")
        await settle(pilot)
        await pilot.press("1")  # call CIVIO: 24 points, past Law Clerk
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, RoundEndScreen):
                break
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        title = str(app.screen.query_one("#game-over-title").render())
        assert title == "You win the game: Lawyer (1st chair)!"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
