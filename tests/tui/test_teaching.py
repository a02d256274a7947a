"""The table teaches: the links line under the highlighted card, `e`
for a card's links, H giving the idea before the move, teaching hints, and cards that open on
their history."""

from __future__ import annotations

import pytest
from textual.content import Content
from textual.widgets import Static

from cards.deck import Deck
from cards.games.civio.actions import Decision, DecisionKind
from civio_tui.screens.card_detail import CardDetailScreen
from civio_tui.screens.civio.table_cards import TableCardsScreen
from civio_tui.screens.help import help_content
from civio_tui.screens.links import LinksScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.card_detail import card_facts
from civio_tui.widgets.cards import links_line
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.question import QuestionPane
from tests.tui.conftest import make_app, open_table, wait_for_screen, wait_until
from tests.tui.test_table_decisions import against_bot, log_text, play_opening, table

TEACH_HAND = [
    "Race",
    "Brown v Board of Education of Topeka",
    "Jim Crow Laws",
    "Expression",
    "14th Amendment",
    "Engel v Vitale",
    "School",
]


def _ids(deck: Deck, names: list[str]) -> list[int]:
    return [deck.lookup(n) for n in names]


def test_links_line_names_hand_and_table_cards_and_needs(deck: Deck) -> None:
    hand = _ids(deck, TEACH_HAND)
    table_cards = (deck.lookup("Loving v Virginia"),)
    brown = links_line(deck, deck.lookup("Brown v Board"), hand, table_cards, 200).plain
    # Brown lists Race, School and Jim Crow Laws and strengthens the 14th Amendment; Loving and
    # Brown list each other, so either order works with Loving on the table.
    assert brown.strip() == (
        "↳ after Race, Jim Crow Laws, School · before 14th Amendment · "
        "table: either side of Loving v Virginia"
    )
    # Printed names while the line has room; the fewest letters only when nothing else fits.
    narrow = links_line(deck, deck.lookup("Brown v Board"), hand, table_cards, 80).plain
    assert narrow.strip() == (
        "↳ after Race, Jim Crow, School · before 14th · table: either side of Loving"
    )
    vra = deck.lookup("Voting Rights Act of 1965")
    line = links_line(deck, deck.lookup("Elections"), [vra], (), 46).plain
    assert line.strip() == "↳ before Voting Rights Act of 1965", line
    # A Freedom no Case of the hand lists in its plus column says what it needs.
    expression = links_line(deck, deck.lookup("Expression"), hand, (), 200).plain
    assert "needs a Case whose plus column lists Expression" in expression
    # One line, cut to the width.
    assert links_line(deck, deck.lookup("Brown v Board"), hand, table_cards, 30).cell_length <= 30
    # Help's card marks say what the line and its "table:" are.
    marks = help_content({}).plain
    assert "↳ after … before" in marks and 'after "table:", which face-up cards' in marks


async def test_links_line_follows_the_cursor_in_your_cards(deck: Deck) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, against_bot(deck, TEACH_HAND)))
        pane = table(app).query_one(HandPane)
        pane.focus()
        await pilot.pause()
        text = pane.render().plain
        assert text.count("↳") == 1  # the opening shows it too, under the highlighted card
        first = pane.cursor_card
        await pilot.press("down")
        await pilot.pause()
        assert pane.cursor_card != first
        lines = pane.render().plain.splitlines()
        row = next(i for i, line in enumerate(lines) if line.startswith("▶"))
        assert lines[row + 1].strip().startswith("↳")
        # The cards on the table (p) at the opening: the Bot has none face up, and says so.
        await pilot.press("p")
        await wait_for_screen(pilot, TableCardsScreen)
        shown = app.screen.query_one(NavList)
        rows = [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]
        assert rows[-2:] == ["Bot: face up", "no card face up"], rows


async def test_h_gives_the_idea_then_the_move_and_both_stay_in_the_log(deck: Deck) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, against_bot(deck, TEACH_HAND)))
        screen = table(app)
        pane = screen.query_one(QuestionPane)
        hint = pane.query_one("#question-hint", Static)
        await pilot.press("H")
        await pilot.pause()
        nudge = " ".join(str(hint.render()).split())
        assert nudge.startswith("Think: ") and "H again" in nudge
        assert screen.opening_hidden == []  # the nudge chooses nothing
        await pilot.press("H")
        for _ in range(200):
            await pilot.pause()
            if str(hint.render()).startswith("Hint ("):
                break
        assert str(hint.render()).startswith("Hint (marked)")
        marked = list(screen.opening_hidden)
        assert len(marked) == 2
        log = log_text(screen)
        assert "Think: " in log and "Hint (marked): " in log
        # Changing the marks the hint made: the hint no longer holds and goes.
        question = screen.question
        assert question is not None
        other = next(o.card for o in question.options if o.card not in marked)
        await pilot.press(
            str(next(i for i, o in enumerate(question.options, 1) if o.card == other))
        )
        await pilot.pause()
        assert not hint.display
        assert "Hint (marked): " in log_text(screen)  # the log keeps it


async def test_teaching_hints_show_the_nudge_at_each_decision(deck: Deck) -> None:
    app = make_app(teaching_hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, against_bot(deck, TEACH_HAND)))
        screen = table(app)
        hint = screen.query_one(QuestionPane).query_one("#question-hint", Static)
        assert str(hint.render()).startswith("Think: ")
        await play_opening(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.DRAW
        assert str(hint.render()).startswith("Think: ")
        # H now goes straight to the move.
        await pilot.press("H")
        for _ in range(200):
            await pilot.pause()
            if str(hint.render()).startswith("Hint ("):
                break
        assert str(hint.render()).startswith("Hint (")


async def test_e_explains_a_card_from_the_table_with_both_directions(deck: Deck) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, against_bot(deck, TEACH_HAND)))
        screen = table(app)
        hand = screen.query_one(HandPane)
        hand.focus()
        hand.cursor_card = deck.lookup("Brown v Board")
        await pilot.press("e")
        await wait_for_screen(pilot, LinksScreen)
        links = app.screen
        assert isinstance(links, LinksScreen)
        menu = links.query_one("#links-list", NavList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any(
            "Brown v Board of Education of Topeka lists the issue Race" in p for p in prompts
        )
        # Highlight Korematsu (not linked): both directions, each with the rules' reason.
        korematsu = links.others.index(deck.lookup("Korematsu v US"))
        menu.highlighted = korematsu
        await pilot.pause()
        pair = str(links.query_one("#links-pair", Static).render())
        pair = " ".join(pair.split())
        assert "Korematsu v US cannot follow Brown v Board of Education of Topeka: neither" in pair
        assert "Brown v Board of Education of Topeka cannot follow Korematsu v US" in pair
        # Enter opens that card's links; Backspace comes back.
        await pilot.press("enter")
        await pilot.pause()
        assert links.current == deck.lookup("Korematsu v US")
        await pilot.press("backspace")
        await pilot.pause()
        assert links.current == deck.lookup("Brown v Board")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_card_view_opens_on_history_then_links_then_rules(deck: Deck) -> None:
    brown = deck.lookup("Brown v Board")
    text = card_facts(deck, deck[brown]).plain
    order = [
        text.index("Brown v Board of Education of Topeka"),
        text.index(deck[brown].summary),
        text.index("Links: It can follow"),
        text.index("Issues: "),
        text.index("Provenance: "),
    ]
    assert order == sorted(order)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Every card's summary is whole in the card view at 80x24, without scrolling.
        await app.push_screen(CardDetailScreen(list(deck.ids), brown))
        await pilot.pause()
        detail = app.screen
        facts = detail.query_one("#detail-facts-scroll")
        width = facts.scrollable_content_region.width
        height = facts.scrollable_content_region.height
        for card in deck.cards:
            # Name, type line, a blank line, then the summary.
            summary = Content(card.summary).wrap(width) if card.summary else []
            assert 3 + len(summary) <= height, (card.name, len(summary), height)
        # The line of keys is written after the card is laid out.
        nav_line = detail.query_one("#detail-nav", Static)
        await wait_until(pilot, lambda: bool(str(nav_line.render())), 50)
        nav = str(nav_line.render())
        assert "PgDn" in nav and "e: links" in nav
        await pilot.press("e")
        await wait_for_screen(pilot, LinksScreen)
        assert isinstance(app.screen, LinksScreen) and app.screen.current == brown


async def test_a_long_hint_leaves_the_answers_in_sight_and_is_whole_in_the_log(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import types

    long_reason = " ".join(["Brown v Board of Education of Topeka links Race to School."] * 12)

    def hint(view: object, decision: Decision, deck: object = None, seat_names: object = None):  # type: ignore[no-untyped-def]
        return decision.options[0], long_reason

    module = types.ModuleType("ai.civio.hint")
    module.hint = hint  # type: ignore[attr-defined]  # no nudge: H goes to the move
    monkeypatch.setitem(sys.modules, "ai.civio.hint", module)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, against_bot(deck, TEACH_HAND)))
        await play_opening(pilot)
        screen = table(app)
        pane = screen.query_one(QuestionPane)
        await pilot.press("H")
        for _ in range(100):
            await pilot.pause()
            if "Hint (" in str(pane.query_one("#question-hint", Static).render()):
                break
        await pilot.pause()
        shown = " ".join(str(pane.query_one("#question-hint", Static).render()).split())
        assert shown.startswith("Hint (1)") and shown.endswith("(whole hint: L, the log)")
        options = pane.options_list
        assert options.region.height >= 2  # both answers of the draw stay in sight
        assert options.region.bottom <= pane.region.bottom
        assert long_reason in log_text(screen).replace("\n", " ")
