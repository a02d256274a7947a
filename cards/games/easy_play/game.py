"""A game of Easy Play: rounds until a seat reaches the target rank. Points carry over and ranks
climb exactly as in the main game (docs/RULES.md, Easy Play, Score): this is `cards.game.Game`,
whose totals, ranks, winners (`game_winners`) and saving it keeps, dealing Easy Play rounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cards.deck import Deck
from cards.game import Game
from cards.games.easy_play.round import EasyAction, EasyPlay


@dataclass
class EasyPlayGame(Game):
    """`Game` with Easy Play rounds: `start_round()` deals an `EasyPlay` (dealer and seed as in
    `Game`; the views carry the totals so far)."""

    def start_round(self) -> EasyPlay:  # type: ignore[override]
        if self.current is not None:
            raise ValueError("the current round is not over yet")
        if self.is_over:
            raise ValueError("the game is over")
        k = len(self.rounds)
        rnd = EasyPlay(
            self.seats,
            self.dealer_for(k),
            self.seed_for(k),
            self.deck,
            self.rules,
            scores=self.totals,
        )
        self.rounds.append(rnd)  # type: ignore[arg-type]
        return rnd

    @property
    def current_round(self) -> EasyPlay | None:
        rnd: Any = self.current
        return rnd if isinstance(rnd, EasyPlay) else None

    @property
    def last_round(self) -> EasyPlay | None:
        rnd: Any = self.rounds[-1] if self.rounds else None
        return rnd if isinstance(rnd, EasyPlay) else None

    @staticmethod
    def parse_action(data: dict[str, Any]) -> Any:
        return EasyAction.from_json(data)

    @classmethod
    def load(cls, data: dict[str, Any], deck: Deck) -> EasyPlayGame:
        game = cls.from_json(data, deck)
        assert isinstance(game, EasyPlayGame)
        return game
