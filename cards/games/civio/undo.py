"""Taking back a move in a practice game: the round as it was at a seat's last real choice.

A round is rebuilt from its deal and a prefix of its actions rather than reversed step by step:
replay is the one path the save files already trust, and it restores everything (the shuffled
supply, the seeded blind confiscations, every seat's knowledge) with no undo logic per action.
"""

from __future__ import annotations

from cards.games.civio.round import Round


def take_back(rnd: Round, seat: int) -> Round | None:
    """A new round at `seat`'s latest decision with more than one option (one it could have
    made otherwise), that decision pending again and everything after it undone; None when it
    has had none yet. `rnd` itself is not changed.

    Decisions with a single option (accepting an attack nothing overrules) are passed over:
    taking back to one of them would only ask the same question again."""
    replay = _fresh(rnd)
    earlier = None
    for action in rnd.actions:
        decision = replay.decision
        if decision is not None and decision.seat == seat and len(decision.options) > 1:
            earlier = replay.clone()
        replay.apply(action)
    return earlier


def _fresh(rnd: Round) -> Round:
    """The round as dealt: the same rules, seats, dealer, seed, deck and scores, no actions."""
    return Round(
        rnd.rules,
        rnd.seats,
        rnd.dealer,
        rnd.seed,
        rnd.deck,
        deal_order=rnd.deal_order,
        scores=rnd.scores_before,
    )
