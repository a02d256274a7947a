"""The table's AI worker gets everything it needs on the UI thread: the view, the decision and
the RNG are taken before it starts, so it never reads the live round (which the UI thread may
change meanwhile)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cards.deck import standard_deck
from civio_tui.game_backends import CampaignBackend, MemoryBackend
from civio_tui.table_controller import TableController


class _Gone:
    """Stands in for the live round once the choice is taken: any use of it fails."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the AI read the live round ({name})")


@pytest.mark.parametrize("save", [False, True], ids=["memory", "campaign"])
def test_an_ai_choice_needs_no_live_round(save: bool, tmp_path: Path) -> None:
    ctl = TableController.new_game(
        standard_deck(), ["hard", "medium"], seed=11, save=save, save_dir=str(tmp_path)
    )
    assert isinstance(ctl.backend, CampaignBackend if save else MemoryBackend)
    ctl.start_round()
    rng = random.Random(3)
    while not ctl.ai_to_move():
        decision = ctl.decision
        assert decision is not None
        ctl.apply(rng.choice(decision.options))
    pending = ctl.ai_choice()
    live = ctl.round
    assert pending.decision is ctl.decision and pending.view.seat == pending.decision.seat
    if isinstance(ctl.backend, MemoryBackend):
        ctl.backend.game.rounds[-1] = _Gone()  # type: ignore[call-overload]
    else:
        ctl.backend.session._round = _Gone()  # type: ignore[assignment]
    action = pending.choose()
    assert action in pending.decision.options
    assert live is not None and live.decision is pending.decision  # nothing was applied
