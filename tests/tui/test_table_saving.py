"""The table's look (arrangement, cursor, pane in focus) is kept with the saved round, but
drawing the table never writes to disk: it goes to disk with the next move, or on leaving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cards.deck import Deck
from civio_tui.campaigns.session import CampaignSession
from civio_tui.screens.civio.table import TableScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.hand import HandPane
from tests.tui.conftest import make_app, open_table


async def test_drawing_the_table_never_writes_and_leaving_saves_its_look(
    deck: Deck, isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    controller = TableController.new_game(deck, ["random"], seed=3)
    session = controller.backend.session  # type: ignore[attr-defined]
    assert isinstance(session, CampaignSession)
    writes: list[bytes] = []
    replace = session.folder.replace

    def counted(slot: Any, data: bytes, expected: str) -> None:
        writes.append(data)
        replace(slot, data, expected)

    monkeypatch.setattr(session.folder, "replace", counted)
    app = make_app(confirm_quit=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, controller)
        table = app.screen
        assert isinstance(table, TableScreen)
        before = len(writes)
        hand = table.query_one(HandPane)
        hand.focus()
        await pilot.press("end")  # the cursor and the focus change: the table's look
        for _ in range(3):
            table.refresh_panes()
        await pilot.pause()
        assert len(writes) == before, "a redraw wrote to disk"
        cursor = hand.cursor_card
        assert cursor is not None
        await pilot.press("escape")  # leave (no question asked): the look is saved once
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        assert len(writes) == before + 1
    saved = json.loads(session.slot.path.read_bytes())["campaign"]["current"]["ui"]
    assert saved["cursor"] == cursor and saved["focus"] == "hand"


def test_the_table_look_noted_in_memory_goes_to_disk_with_the_next_move(
    deck: Deck, isolated: Path
) -> None:
    controller = TableController.new_game(deck, ["random"], seed=3)
    controller.start_round()
    session = controller.backend.session  # type: ignore[attr-defined]
    on_disk = session.slot.path.read_bytes()
    look = {"groups": [[], []], "loose": [], "cursor": 5}
    controller.note_table_state(look)
    assert session.slot.path.read_bytes() == on_disk
    while not controller.human_to_move():
        controller.apply(controller.backend.ai_choice().choose())
    decision = controller.decision
    assert decision is not None
    controller.apply(decision.options[0])
    assert json.loads(session.slot.path.read_bytes())["campaign"]["current"]["ui"] == look
    written = session.slot.path.read_bytes()
    controller.keep_table_state(look)  # unchanged since the last save: nothing to write
    assert session.slot.path.read_bytes() == written
