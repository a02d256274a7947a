"""Where a game at the table lives: a saved campaign (autosaved after every action) or memory.

`TableController` talks to either through the `GameBackend` protocol."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cards.deck import Deck
from cards.game import Game
from cards.games.civio.actions import Action
from cards.games.civio.round import Round
from cards.ruleset import RuleSet

if TYPE_CHECKING:
    from ai import PendingChoice
    from civio_tui.campaigns.session import CampaignSession

HUMAN_SEAT = 0
HUMAN = "human"


@dataclass(frozen=True)
class RoundRecordView:
    """One finished round for the final table."""

    number: int
    winner: int | None
    points: tuple[int, ...]
    flush: bool


class GameBackend(Protocol):
    """Where the game lives: a saved campaign (autosaved after every action) or memory."""

    name: str | None
    names: list[str]
    levels: list[str]
    rules: RuleSet
    seed: int
    target: str
    practice: bool
    max_rounds: int | None

    @property
    def round(self) -> Round | None: ...
    @property
    def round_number(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    def next_round(self) -> Round: ...
    def apply(self, action: Action) -> None: ...
    def ai_choice(self) -> PendingChoice: ...
    @property
    def ui_state(self) -> dict[str, Any]: ...
    def note_ui_state(self, state: dict[str, Any]) -> None: ...
    def set_ui_state(self, state: dict[str, Any]) -> None: ...
    def save(self) -> None: ...
    def take_back(self, seat: int) -> bool: ...
    def totals(self) -> list[int]: ...
    def winners(self) -> list[int]: ...
    def history(self) -> list[RoundRecordView]: ...


class LookInMemory:
    """A backend whose table look (arrangement, cursor, focus) is kept in memory only."""

    _ui: dict[str, Any]

    @property
    def ui_state(self) -> dict[str, Any]:
        return dict(self._ui)

    def note_ui_state(self, state: dict[str, Any]) -> None:
        self._ui = dict(state)

    def set_ui_state(self, state: dict[str, Any]) -> None:
        self._ui = dict(state)


class MemoryBackend(LookInMemory):
    """A game kept in memory only (when the save folder cannot be used)."""

    def __init__(
        self,
        deck: Deck,
        levels: Sequence[str],
        *,
        rules: RuleSet,
        target: str,
        seed: int,
        names: Sequence[str],
        practice: bool = False,
        max_rounds: int | None = None,
        seat_levels: Sequence[str] | None = None,
    ) -> None:
        """`levels` are the AI opponents of one human at seat 0; `seat_levels`, when given,
        is every seat's level instead (`HUMAN` for each person: a hot-seat table)."""
        from ai import get_player

        self.name: str | None = None
        self.practice = practice
        self.max_rounds = max_rounds
        self.names = list(names)
        self.levels = list(seat_levels) if seat_levels is not None else [HUMAN, *levels]
        self.rules = rules
        self.seed = seed
        self.target = target
        self.game = Game(
            seats=len(self.names),
            rules=rules,
            seed=seed,
            target=target,
            max_rounds=max_rounds,
            deck=deck,
        )
        self._players = {s: get_player(lv) for s, lv in enumerate(self.levels) if lv != HUMAN}
        self._rngs = {s: random.Random(f"civio-ai:{seed}:{s}") for s in self._players}
        self._ui: dict[str, Any] = {}

    def save(self) -> None:
        """Nothing to save: the game lives in memory only."""

    def take_back(self, seat: int) -> bool:
        """Back to `seat`'s latest real choice. The opponents' rngs run on, so a repeated
        move may get other answers here (a saved game replays them exactly)."""
        from cards.games.civio.undo import take_back

        rnd = self.round
        assert rnd is not None and self.practice
        earlier = take_back(rnd, seat)
        if earlier is None:
            return False
        self.game.rounds[-1] = earlier
        return True

    @property
    def round(self) -> Round | None:
        return self.game.rounds[-1] if self.game.rounds else None

    @property
    def round_number(self) -> int:
        return len(self.game.rounds)

    @property
    def finished(self) -> bool:
        return self.game.is_over

    def next_round(self) -> Round:
        self._ui = {}
        return self.game.start_round()

    def apply(self, action: Action) -> None:
        rnd = self.round
        assert rnd is not None
        rnd.apply(action)

    def ai_choice(self) -> PendingChoice:
        from ai import PendingChoice

        rnd = self.round
        assert rnd is not None and rnd.decision is not None
        seat = rnd.decision.seat
        return PendingChoice(self._players[seat], rnd.view(seat), rnd.decision, self._rngs[seat])

    def totals(self) -> list[int]:
        return list(self.game.totals)

    def winners(self) -> list[int]:
        return list(self.game.winners)

    def history(self) -> list[RoundRecordView]:
        return [
            RoundRecordView(e["round"], e["winner"], tuple(e["points"]), e["flush"])
            for e in self.game.history()
        ]


class CampaignBackend:
    """A game saved as a campaign: every action is autosaved, so Continue resumes it."""

    def __init__(self, session: CampaignSession) -> None:
        self.session = session
        camp = session.campaign
        self.name: str | None = camp.name
        self.names = [p.name for p in camp.players]
        self.levels = [p.level for p in camp.players]
        self.rules = camp.rules
        self.seed = camp.seed
        self.target = camp.target
        self.practice = camp.practice
        self.max_rounds = camp.max_rounds

    @property
    def round(self) -> Round | None:
        return self.session.round

    @property
    def round_number(self) -> int:
        return self.session.round_number

    @property
    def finished(self) -> bool:
        return self.session.finished

    def next_round(self) -> Round:
        return self.session.next_round()

    def apply(self, action: Action) -> None:
        self.session.apply(action)

    def ai_choice(self) -> PendingChoice:
        return self.session.ai_choice()

    @property
    def ui_state(self) -> dict[str, Any]:
        return self.session.ui_state

    def note_ui_state(self, state: dict[str, Any]) -> None:
        if self.session.in_round:
            self.session.note_ui_state(state)

    def set_ui_state(self, state: dict[str, Any]) -> None:
        if self.session.in_round:
            self.session.set_ui_state(state)

    def save(self) -> None:
        self.session.save()

    def take_back(self, seat: int) -> bool:
        return self.session.take_back(seat)

    def totals(self) -> list[int]:
        points = self.session.campaign.points()
        return [points[name] for name in self.names]

    def winners(self) -> list[int]:
        return [self.names.index(n) for n in self.session.campaign.winners]

    def history(self) -> list[RoundRecordView]:
        return [
            RoundRecordView(
                r.round,
                self.names.index(r.winner) if r.winner is not None else None,
                tuple(r.points[n] for n in self.names),
                r.flush,
            )
            for r in self.session.campaign.history
        ]


def free_game_name(save_dir: str | None, deck: Deck) -> str:
    from civio_tui.campaigns.catalogue import folder_for

    folder = folder_for(save_dir)
    for n in range(1, 10_000):
        name = f"Game {n}"
        if folder.taken_by(name) is None:  # nor an Easy Play game's
            return name
    return f"Game {random.randrange(10_000, 99_999)}"
