"""Pilot tests for what a new player found at the table (issue 20, section 5): keys that must
not go astray, feedback while arranging, the order of a question's card options."""

from __future__ import annotations

from cards.actions import DecisionKind
from cards.deck import Deck
from civio_tui.screens.table import TableScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.question import QuestionPane
from tests.tui.conftest import (
    PLAIN_BOT,
    DealtBackend,
    ScriptedPlayer,
    async_test,
    make_app,
    open_table,
    settle,
)

HAND = [
    "Voting Rights Act of 1965",
    "Brown v Board of Education of Topeka",
    "Engel v Vitale",
    "Lemon v Kurtzman",
    "Zelman v Simmons-Harris",
    "Texas v Johnson",
    "Griswold v Connecticut",
]
SUPPLY = [
    "Mapp v Ohio",
    "Baker v Carr",
    "Reynolds v Sims",
    "Escobedo v Illinois",
    "Gideon v Wainwright",
]


def against_bot(
    deck: Deck, hand: list[str], bot: list[str], player: ScriptedPlayer
) -> DealtBackend:
    return DealtBackend(deck, [hand, bot], [player], discard="Roe v Wade", supply=SUPPLY)


def table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen), screen
    return screen


@async_test
async def test_your_turn_arriving_leaves_the_focus_in_your_cards(deck: Deck) -> None:
    backend = against_bot(deck, HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("1", "2")
        hand = screen.query_one(HandPane)
        hand.focus()
        await pilot.press("8")  # done: the Bot plays, then your draw comes
        await settle(pilot)
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DRAW
        assert app.focused is hand
        # The new question is on show, and its digits answer it from Your cards.
        assert "Draw" in str(screen.query_one("#question-box").border_title)
        await pilot.press("1")
        await settle(pilot)
        assert screen.question is not None
        assert screen.question.decision.kind is DecisionKind.DISCARD
        assert app.focused is hand


@async_test
async def test_a_stray_enter_does_not_answer_an_attack_that_arrived(deck: Deck) -> None:
    bot = ["Espionage Act of 1917", *PLAIN_BOT[1:]]
    backend = against_bot(deck, HAND, bot, ScriptedPlayer(deck, "Espionage Act of 1917"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("6", "7")
        hand = screen.query_one(HandPane)
        hand.focus()
        await pilot.pause()
        vra = deck.lookup("Voting Rights Act of 1965")
        hand.cursor_card = vra
        await pilot.press("8")  # the Bot attacks at once
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.OVERRULE
        assert app.focused is hand and hand.cursor_card == vra
        await pilot.press("enter")  # typed while arranging: nothing is overruled yet
        await pilot.pause()
        assert screen.question is question
        assert screen.controller.decision is question.decision
        hint = " ".join(str(screen.query_one("#question-hint").render()).split())
        assert "Enter again: Overrule with [L] Voting Rights Act" in hint
        await pilot.press("enter")  # now it is meant
        await settle(pilot)
        assert screen.controller.view().players[0].skips == 0
        assert screen.controller.decision is not question.decision


@async_test
async def test_the_opening_judges_your_precedents_as_you_arrange(deck: Deck) -> None:
    hand = [
        "Katz v US",
        "California v Greenwood",
        "4th Amendment",
        "Race",
        "Engel v Vitale",
        "Tinker v Des Moines School District",
        "Equality",
    ]
    backend = against_bot(deck, hand, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        assert screen.question is not None
        assert screen.question.decision.kind is DecisionKind.FACE_UP
        hand_pane = screen.query_one(HandPane)
        hand_pane.focus()
        await pilot.press("left", "down", "left", "down", "left")  # Katz, Greenwood, 4th to B
        await pilot.pause()
        text = hand_pane.render().plain  # type: ignore[union-attr]
        assert "Precedent B  ✓ valid · 2 points" in text
        await pilot.press("down", "left")  # Race after the 4th: not valid, and why
        await pilot.pause()
        text = hand_pane.render().plain  # type: ignore[union-attr]
        assert "Precedent B  ✗ not valid" in text


@async_test
async def test_a_card_question_is_numbered_in_the_order_of_your_cards(deck: Deck) -> None:
    # Race is card 0 of the deck: it too takes its place, not the end of the list.
    hand = [*HAND[1:], "Race"]
    assert deck.lookup("Race") == 0
    backend = against_bot(deck, hand, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        hand_pane = screen.query_one(HandPane)
        hand_pane.focus()
        await pilot.press("end", "left")  # Race to Precedent B, at the top of Your cards
        await pilot.pause()
        order = screen.arrangement.cards
        assert order[0] == 0
        # The opening's options follow Your cards as you move them.
        assert screen.question is not None
        assert [o.card for o in screen.question.options if o.card is not None] == order
        pane = screen.query_one(QuestionPane)
        assert "[I] Race" in pane.options[0].plain
        await pilot.press("1", "2", "8")
        await settle(pilot)
        await pilot.press("1")  # draw from the supply
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.DISCARD
        drawn = question.decision.drawn
        assert drawn is not None
        cards = [o.card for o in question.options]
        assert cards == [drawn, *[c for c in screen.arrangement.cards if c != drawn]]


@async_test
async def test_a_notice_never_covers_the_answers(deck: Deck) -> None:
    from textual.widgets._toast import Toast

    backend = against_bot(deck, HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("8")  # Done before marking: a notice says why not
        for _ in range(20):
            await pilot.pause()
            toasts = list(screen.query(Toast))
            if toasts:
                break
        assert toasts and "Mark 2 more" in str(toasts[0].render())
        for box in ("#question-box", "#hand-box"):
            region = screen.query_one(box).region
            assert not toasts[0].region.overlaps(region), box


def test_going_out_is_said_in_card_counts_and_points(deck: Deck) -> None:
    from cards.ruleset import RuleSet
    from civio_tui.arrangement import HandArrangement
    from civio_tui.widgets.hand import HandState

    names = [
        "Katz v US",
        "California v Greenwood",
        "4th Amendment",
        "Jim Crow Laws",
        "Plessy v Ferguson",
        "Brown v Board of Education of Topeka",
        "14th Amendment",
    ]
    hand = [deck.lookup(n) for n in names]
    arrangement = HandArrangement()
    arrangement.sync(hand)
    pane = HandPane(deck)
    status = arrangement.status(deck, hand, RuleSet())
    pane.show(arrangement, status, HandState(frozenset(), frozenset()))
    lines = " ".join(line.plain for line in pane._status_lines(200))
    assert "These 7 can go out (6 points): press a to lay them out" in lines
    assert "`" not in lines
    arrangement.arrange_best(deck, hand, RuleSet())
    pane.show(arrangement, arrangement.status(deck, hand, RuleSet()), pane.state)
    lines = " ".join(line.plain for line in pane._status_lines(200))
    assert "Goes out with a 3-card and a 4-card precedent: 6 points" in lines
