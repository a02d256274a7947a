"""Playing the sample games on, the same way each time: what the sample tests compare."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from ai.concentration.levels import ConcentrationPlayer
from ai.easy_play.levels import LEVELS
from cards.deck import Deck
from cards.games.concentration.game import Concentration
from cards.games.easy_play.game import EasyPlayGame
from cards.games.solitaire.game import (
    END_ACTION,
    TURN,
    TURN_ACTION,
    Solitaire,
    SolitaireAction,
    par,
)
from civio_tui.campaigns.autoplay import autoplay
from civio_tui.campaigns.session import CampaignSession
from civio_tui.easy_play_save import computer_choice

PLAY_ON_LEVEL = "medium"
"""Every Easy Play seat, people's too, is played on by this level."""


def digest(document: Any) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()


def easy_play_moves(game: EasyPlayGame, moves: int, deck: Deck) -> None:
    """Play up to `moves` moves (dealing the next round when one ends) by `PLAY_ON_LEVEL`."""
    player = LEVELS.player(PLAY_ON_LEVEL, deck)
    for _ in range(moves):
        if game.is_over:
            return
        if game.current_round is None:
            game.start_round()
        rnd = game.current_round
        assert rnd is not None
        rnd.apply(computer_choice(game, player))


def easy_play_outcome(game: EasyPlayGame, deck: Deck) -> dict[str, Any]:
    """The game as opened, and as played on to its end."""
    opened = {
        "rounds": len(game.rounds),
        "totals": list(game.totals),
        "game": digest(game.to_json()),
    }
    easy_play_moves(game, 100_000, deck)
    assert game.is_over
    ended = {
        "rounds": len(game.rounds),
        "totals": list(game.totals),
        "game": digest(game.to_json()),
    }
    return {"opened": opened, "ended": ended}


def solitaire_outcome(game: Solitaire, deck: Deck) -> dict[str, Any]:
    """The deal as opened, and played on: every card turned, then par's CIVIO called (or the
    game ended with none)."""
    opened = {"turned": list(game.turned), "game": digest(game.to_json())}
    while not game.is_over:
        decision = game.decision
        assert decision is not None
        if TURN in decision:
            game.apply(TURN_ACTION)
            continue
        best = par(deck, game.deal)
        if best.precedents:
            game.apply(SolitaireAction.call(*best.precedents))
        else:
            game.apply(END_ACTION)
    result = game.result
    assert result is not None
    ended = {"score": result.score, "points": result.points, "game": digest(game.to_json())}
    return {"opened": opened, "ended": ended}


def concentration_outcome(game: Concentration, deck: Deck) -> dict[str, Any]:
    """The game as opened, and played on by the hard level at every seat."""
    opened = {
        "scores": list(game.scores),
        "turns": list(game.turns),
        "game": digest(game.to_json()),
    }
    player = ConcentrationPlayer("hard")
    rng = random.Random(game.seed)
    while not game.is_over:
        decision = game.decision
        assert decision is not None
        game.apply(player.choose(game.view(decision.seat), decision, rng))
    ended = {"scores": list(game.scores), "turns": list(game.turns), "game": digest(game.to_json())}
    return {"opened": opened, "ended": ended}


CAMPAIGN_SAMPLES = ("Mid round", "Old format", "Version 2", "Rounds won", "Finished")
"""The readable campaign samples (saves/samples/*.civio.json, standard deck)."""


def campaign_outcome(session: CampaignSession) -> dict[str, Any]:
    """The campaign as opened, and after one more round (the one in progress, if any) played
    by the random level, its human seats too (saved after each turn, as autoplay does)."""
    rnd = session.round
    opened = {
        "rounds": session.campaign.rounds_played,
        "points": session.campaign.points(),
        "actions": [a.to_str(session.deck) for a in rnd.actions] if rnd is not None else None,
    }
    session.autosave = "turn"
    autoplay(session, rounds=1, as_level="random")
    history = [
        {"points": r.points, "winner": r.winner, "actions": digest(r.actions)}
        for r in session.campaign.history
    ]
    ended = {"points": session.campaign.points(), "history": history}
    return {"opened": opened, "ended": ended}
