"""The analysis board's game: play on from a position of a finished round against the computer.

    rnd = analysis_round(playback.round_at(k), seat, FAIR, seed)   # or OPEN
    backend = analysis_backend(playback, k, seat, FAIR)           # the table's game

- "open" plays on with every real card where it was (the hands and the supply's order).
- "fair" keeps what `seat` knew at that moment (its own hand, every face-up card, the discard
  pile, the cards it saw taken from the pile) and deals every card it could not locate again at
  random into the same places: the other seats' unknown hidden cards (each hand keeps its size)
  and the supply. The deal is made from the seat's view alone (`ai.civio.determinise.sample_world`
  placed by `Round.from_view`), so nothing of the real hidden cards reaches it.

It lives here, above `ai/` and the engine, as `civio_tui/review.py` does: no module of `ai/`
runs the round engine. The board is not a real game: its backend (`AnalysisBackend`) lives in
memory only, so it is never saved and never reaches a campaign's record, the statistics or a
rating.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

from cards.games.civio.actions import Action
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from civio_tui.game_backends import HUMAN, LookInMemory, RoundRecordView

if TYPE_CHECKING:
    from ai import PendingChoice
    from civio_tui.campaigns.playback import Playback

How = Literal["fair", "open"]
FAIR: How = "fair"
OPEN: How = "open"
STAND_IN = "medium"
"""The computer that plays a seat a person played in the replayed round (friends at one
keyboard): the board has one person, the player it is opened for."""


def analysis_round(rnd: Round, seat: int, how: How, seed: int) -> Round:
    """The round to play on from `rnd` (not changed): its copy (`OPEN`), or (`FAIR`) the cards
    `seat` could not locate dealt again from `seed`. ValueError when the round is over."""
    if rnd.is_over:
        raise ValueError("the round is over: there is nothing to play on from")
    if how == OPEN:
        return rnd.clone()
    if how != FAIR:
        raise ValueError(f"no analysis {how!r}: {FAIR!r} or {OPEN!r}")
    from ai.civio.determinise import sample_world

    view = rnd.view(seat)
    return Round.from_view(view, rnd.deck, sample_world(view, rnd.deck, random.Random(seed)))


def analysis_levels(levels: Sequence[str], seat: int) -> list[str]:
    """Who plays each seat on the board: a person at `seat`, computers at the replayed round's
    levels elsewhere (`STAND_IN` for another person's seat)."""
    return [
        HUMAN if s == seat else (STAND_IN if level == HUMAN else level)
        for s, level in enumerate(levels)
    ]


class AnalysisBackend(LookInMemory):
    """The board's one round as the table controller's `GameBackend`, in memory only. Moves
    may be taken back (to the player's previous choice on the board, never before its start)."""

    def __init__(
        self,
        rnd: Round,
        *,
        names: Sequence[str],
        levels: Sequence[str],
        rules: RuleSet,
        seed: int,
        number: int,
    ) -> None:
        from ai import get_player

        self.name: str | None = None
        self.names = list(names)
        self.levels = list(levels)
        self.rules = rules
        self.seed = seed
        self.target = ""
        self.practice = True
        self.max_rounds: int | None = 1
        self.number = number
        self._round = rnd
        self._earlier: list[tuple[int, Round]] = []
        """(seat, the round before its choice) for each real choice of a person on the board."""
        people = {s for s, level in enumerate(self.levels) if level == HUMAN}
        self._people = people
        self._players = {s: get_player(lv) for s, lv in enumerate(self.levels) if s not in people}
        self._rngs = {s: random.Random(f"civio-analysis:{seed}:{s}") for s in self._players}
        self._ui: dict[str, Any] = {}

    @property
    def round(self) -> Round:
        return self._round

    @property
    def round_number(self) -> int:
        return self.number

    @property
    def finished(self) -> bool:
        """Never: the board is one round, and its end goes back to the replay (no final
        table, no winners of a game)."""
        return False

    def next_round(self) -> Round:
        return self._round

    def apply(self, action: Action) -> None:
        rnd = self._round
        decision = rnd.decision
        if decision is not None and decision.seat in self._people and len(decision.options) > 1:
            self._earlier.append((decision.seat, rnd.clone()))
        rnd.apply(action)

    def ai_choice(self) -> PendingChoice:
        from ai import PendingChoice

        rnd = self._round
        assert rnd.decision is not None
        seat = rnd.decision.seat
        return PendingChoice(self._players[seat], rnd.view(seat), rnd.decision, self._rngs[seat])

    def save(self) -> None:
        """Nothing to save: the board is not a game of the player's."""

    def take_back(self, seat: int) -> bool:
        for index in range(len(self._earlier) - 1, -1, -1):
            chooser, before = self._earlier[index]
            if chooser == seat:
                del self._earlier[index:]
                self._round = before
                return True
        return False

    def totals(self) -> list[int]:
        before = list(self._round.scores_before or [0] * len(self.names))
        result = self._round.result
        if result is None:
            return before
        return [b + s for b, s in zip(before, result.scores, strict=True)]

    def winners(self) -> list[int]:
        return []

    def history(self) -> list[RoundRecordView]:
        return []


def analysis_backend(playback: Playback, position: int, seat: int, how: How) -> AnalysisBackend:
    """The board at `position` of `playback` for the player at `seat`, the other seats
    computers. The fair deal's seed comes from the round and the position, so the same position
    is dealt the same way each time."""
    campaign = playback.campaign
    seed = f"civio-analysis:{campaign.seed}:{playback.number}:{position}"
    deal = random.Random(seed).getrandbits(63)
    return AnalysisBackend(
        analysis_round(playback.round_at(position), seat, how, deal),
        names=playback.seat_names,
        levels=analysis_levels([p.level for p in campaign.players], seat),
        rules=campaign.rules,
        seed=deal,
        number=playback.number,
    )
