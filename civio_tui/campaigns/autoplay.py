"""Autoplay: a campaign's rounds played by AIs alone, the human seats by a chosen level.

It goes through `CampaignSession` like a human game, so it saves after every turn, and since each
AI decision's RNG is derived from where the round is (`decision_rng`), an autoplay that is killed
and restarted makes exactly the choices the uninterrupted one would have.
"""

from __future__ import annotations

from collections.abc import Callable

from civio_tui.campaigns.model import HUMAN
from civio_tui.campaigns.session import CampaignSession


def autoplay(
    session: CampaignSession,
    rounds: int,
    as_level: str,
    on_round: Callable[[CampaignSession], None] | None = None,
) -> int:
    """Play up to `rounds` rounds (a round in progress is finished first and counts as one),
    stopping early when the campaign ends. `on_round` is called after each finished round.
    Returns the number of rounds finished."""
    humans = {s for s, p in enumerate(session.campaign.players) if p.level == HUMAN}
    played = 0
    while played < rounds and not session.finished:
        rnd = session.round if session.in_round else None
        if rnd is None:
            rnd = session.next_round()
        while not rnd.is_over:
            decision = rnd.decision
            assert decision is not None
            level = as_level if decision.seat in humans else None  # every human seat
            session.apply(session.choose_ai(level))
        played += 1
        if on_round is not None:
            on_round(session)
    return played
