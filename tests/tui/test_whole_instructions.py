"""At 80x24 the key instructions are whole: never cut off at a pane's edge or below its last
row. Walks the screens where players found them cut: card pop-ups (their key line, their text
read on with PgDn), the table's question and Your cards with three opponents."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from cards.deck import Deck
from civio_tui.screens.card_detail import CardDetailScreen
from civio_tui.widgets.card_detail import card_facts
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.question import QuestionPane
from civio_tui.widgets.scroll import KeyScroll
from tests.tui.conftest import make_app, settle
from tests.tui.test_table import seat_three_opponents


def nav_lines(screen: CardDetailScreen) -> list[str]:
    """The pop-up's key line as drawn: wrapped to its width, each row of it in sight."""
    nav = screen.query_one("#detail-nav", Static)
    lines = Content(str(nav.render())).wrap(nav.size.width)
    assert nav.size.height == len(lines), "the key line is cut"
    return [line.plain.replace("\xa0", " ") for line in lines]


def whole(items: list[str], lines: list[str]) -> bool:
    return all(any(item in line for line in lines) for item in items)


def wordiest(deck: Deck, count: int) -> list[int]:
    """The cards whose pop-up has the most to read, and Executive Order 9066."""
    ids = sorted(range(len(deck)), key=lambda c: -card_facts(deck, deck[c]).cell_length)
    return [deck.lookup("Executive Order 9066"), *ids[:count]]


async def test_card_pop_ups_keep_their_keys_whole_and_read_on_with_page_down(
    deck: Deck,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        cards = wordiest(deck, 6)
        for index in range(len(cards)):
            await app.push_screen(CardDetailScreen(cards, index, context=" in your hand"))
            await pilot.pause()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CardDetailScreen)
            lines = nav_lines(screen)
            assert whole(["←→ next", "e: links", "Esc closes"], lines), lines
            facts = screen.query_one(KeyScroll)
            if facts.max_scroll_y > 0:
                assert whole(["PgDn/PgUp: read on"], lines), lines
                await pilot.press("pagedown")
                await pilot.pause()
                assert facts.scroll_y > 0, deck[cards[index]].name
            if screen.query_one("#detail-relations").display:
                await pilot.press("enter")  # a related card: now Backspace goes back
                await pilot.pause()
                await pilot.pause()
                lines = nav_lines(screen)
                assert whole(["Backspace: back", "e: links", "Esc closes"], lines), lines
            await pilot.press("escape")
            await pilot.pause()


async def test_the_table_s_answers_and_your_cards_are_whole_with_three_opponents(
    deck: Deck,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_three_opponents(pilot, deck)
        await pilot.press("1")  # draw: eight cards to discard from
        await settle(pilot)
        screen = app.screen
        pane = screen.query_one(QuestionPane)
        menu = pane.options_list
        width = menu.scrollable_content_region.width
        for index in range(menu.option_count):
            menu.highlighted = index
            await pilot.pause()
            # The highlighted answer is shown whole, on as many lines as it needs.
            shown = str(menu.get_option_at_index(index).prompt)
            assert "…" not in shown, shown
            assert all(len(line) <= width for line in shown.splitlines()), shown
        hand = screen.query_one(HandPane)
        hand.focus()
        for _ in range(8):
            await pilot.press("down")
            await pilot.pause()
            lines = str(hand.render()).splitlines()
            links = [line for line in lines if "↳" in line]
            assert links and not any(line.rstrip().endswith("…") for line in links), links
