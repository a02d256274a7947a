"""The table's read-only panes (civio_tui/widgets/table_panes.py) repaint only what changed."""

from __future__ import annotations

from textual.app import App, ComposeResult

from cards.deck import Deck
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from civio_tui.widgets.table_panes import PilePane
from tests.tui.conftest import screen_text


class PileApp(App[None]):
    CSS = "PilePane { border: round white; padding: 0 1; }"

    def __init__(self, deck: Deck) -> None:
        super().__init__()
        self.deck = deck

    def compose(self) -> ComposeResult:
        yield PilePane(self.deck, id="pile")


async def test_the_pile_repaints_only_the_row_of_the_supply_when_a_card_is_drawn(
    deck: Deck,
) -> None:
    view = Round(RuleSet(), 2, 1, 7, deck).view(0)
    async with PileApp(deck).run_test(size=(60, 8)) as pilot:
        pile = pilot.app.query_one(PilePane)
        pile.show(view)
        await pilot.pause()
        pile._repaint_regions.clear()
        pile.show(view.model_copy(update={"supply_count": view.supply_count - 1}))
        # The top discard's row is as it was: only the counts' row is painted again.
        assert [region.y for region in pile._repaint_regions] == [pile.content_offset.y + 1]
        await pilot.pause()
        assert f"supply {view.supply_count - 1}" in screen_text(pilot.app)
