"""`CampaignSession`: a campaign being played. It owns the live round, applies actions and
autosaves; the AIs' RNGs depend only on where the round is, so a resumed campaign plays on exactly
as the uninterrupted one would have.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from functools import cache
from importlib import metadata
from typing import Any, Literal

import ai
from cards.deck import Deck
from cards.game import Game
from cards.games.civio import undo
from cards.games.civio.actions import Action
from cards.games.civio.round import Round
from civio_tui.campaigns.model import (
    HUMAN,
    Campaign,
    RoundInProgress,
    RoundRecord,
    SaveFile,
    campaign_winners,
    now,
    standings,
)
from civio_tui.campaigns.replay import round_check
from civio_tui.campaigns.store import (
    SaveFolder,
    SaveSlot,
    sha256_bytes,
)


@cache
def saved_by() -> str:
    try:
        return f"civio-tui {metadata.version('civio-tui')}"
    except metadata.PackageNotFoundError:
        return "civio-tui"


def decision_rng(seed: int, round_number: int, action_index: int, seat: int) -> random.Random:
    """The RNG an AI gets for one decision: a function of where the round is, so a resumed
    campaign makes exactly the choices the uninterrupted one would have."""
    key = f"civio-campaign:{seed}:{round_number}:{action_index}:{seat}".encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


class CampaignSession:
    """A campaign being played. It owns the live `Round` and saves after every change.

    - `next_round()` deals the next round (when none is in progress and the campaign is on);
    - `round.decision` is what must be decided now and by whom (`is_human_turn`);
    - `choose_ai()` returns the AI's choice for the pending decision (pure; may run in a worker
      thread as long as nothing is applied meanwhile);
    - `apply(action)` plays it (IllegalActionError leaves everything unchanged), then autosaves:
      after every action (`autosave="action"`, the default), or after every completed turn
      (`"turn"`, for autoplay). A finished round is recorded in the history at once.

    A failed save (SaveConflictError: the file changed behind our back; OSError: disk full)
    propagates from `apply`/`next_round`; the game in memory is intact and `save()` may be
    retried.
    """

    def __init__(
        self,
        folder: SaveFolder,
        slot: SaveSlot,
        deck: Deck,
        save: SaveFile,
        rnd: Round | None,
        disk_sha256: str,
        autosave: Literal["action", "turn"] = "action",
    ) -> None:
        self.folder = folder
        self.slot = slot
        self.deck = deck
        self.save_file = save
        """The last save written or read (what is on disk)."""
        self._campaign = save.campaign
        self.autosave = autosave
        self._round = rnd
        current = save.campaign.current
        self._ui: dict[str, Any] = dict(current.ui) if current is not None else {}
        self._ui_unsaved = False
        """The table's state changed since the last save (`note_ui_state`)."""
        self._disk_sha256 = disk_sha256
        self._saved_at_marker = self._marker()
        self._players: dict[tuple[int, str], ai.Player] = {}
        self.on_save: Callable[[CampaignSession], None] | None = None
        """Called after every successful save (progress output, tests)."""

    # -- state

    @property
    def campaign(self) -> Campaign:
        """The campaign as played so far: finished rounds are in it even when their save
        failed (the next successful save writes them)."""
        return self._campaign

    @property
    def name(self) -> str:
        return self.campaign.name

    @property
    def round(self) -> Round | None:
        """The round in progress, or the round just finished until `next_round()`."""
        return self._round

    @property
    def in_round(self) -> bool:
        return self._round is not None and not self._round.is_over

    @property
    def finished(self) -> bool:
        return self.campaign.finished

    @property
    def round_number(self) -> int:
        """The number of `round` (in progress, or just finished and already in the history);
        with no round at hand, of the next round to deal."""
        if self._round is not None and self._round.is_over:
            return self.campaign.rounds_played
        return self.campaign.rounds_played + 1

    @property
    def seat_names(self) -> list[str]:
        return [p.name for p in self.campaign.players]

    @property
    def human_seat(self) -> int | None:
        levels = [p.level for p in self.campaign.players]
        return levels.index(HUMAN) if HUMAN in levels else None

    def is_human_turn(self) -> bool:
        """True when the pending decision is the human player's."""
        rnd = self._round
        if rnd is None or rnd.is_over:
            return False
        decision = rnd.decision
        return decision is not None and self.campaign.players[decision.seat].level == HUMAN

    # -- play

    def next_round(self) -> Round:
        """Deal the next round and save; ValueError if a round is in progress or it is over."""
        if self.finished:
            raise ValueError(f"campaign {self.name!r} is finished")
        if self.in_round:
            raise ValueError("the round in progress is not over yet")
        campaign = self.campaign
        game = Game(len(campaign.players), campaign.rules, campaign.seed, deck=self.deck)
        k = campaign.rounds_played
        self._round = Round(
            campaign.rules,
            len(campaign.players),
            game.dealer_for(k),
            game.seed_for(k),
            self.deck,
            scores=[s.points for s in campaign.standings],
        )
        self._ui = {}
        self._write()
        return self._round

    def apply(self, action: Action) -> None:
        """Play `action` for the seat that must decide, then autosave."""
        rnd = self._live()
        rnd.apply(action)
        if rnd.is_over:
            self._record(rnd)
        elif self.autosave == "action" or self._marker() != self._saved_at_marker:
            self._write()

    def choose_ai(self, level: str | None = None) -> Action:
        """The AI's choice for the pending decision: the seat's own level, or `level` (which
        also plays the human seat, as in autoplay)."""
        return self.ai_choice(level).choose()

    def ai_choice(self, level: str | None = None) -> ai.PendingChoice:
        """The pending decision as put to the AI (see `choose_ai`): its view, the decision and
        its RNG, taken now, so `choose()` may run in a worker while the round stays put."""
        rnd = self._live()
        decision = rnd.decision
        assert decision is not None
        seat = decision.seat
        level = level or self.campaign.players[seat].level
        if level == HUMAN:
            raise ValueError(f"{self.seat_names[seat]} is the human player: give an AI level")
        player = self._players.get((seat, level))
        if player is None:
            player = self._players[(seat, level)] = ai.get_player(level)
        rng = decision_rng(self.campaign.seed, self.round_number, len(rnd.events), seat)
        return ai.PendingChoice(player, rnd.view(seat), decision, rng)

    def take_back(self, seat: int | None = None) -> bool:
        """In a practice campaign, return the round in progress to the latest real choice of
        `seat` (by default the first human's; at a hot-seat table, the human whose turn it is)
        with everything after it undone, and save; False when there is none to go back to.
        ValueError when the campaign is no practice game or no round is in progress."""
        if not self.campaign.practice:
            raise ValueError(f"campaign {self.name!r} is no practice game: moves are final")
        seat = self.human_seat if seat is None else seat
        earlier = undo.take_back(self._live(), seat) if seat is not None else None
        if earlier is None:
            return False
        self._round = earlier
        self._write()
        return True

    def save(self) -> None:
        """Save now (after a failed autosave, or before quitting)."""
        self._write()

    @property
    def ui_state(self) -> dict[str, Any]:
        """The table screen's own state for the round in progress, as last set (a copy)."""
        return json.loads(json.dumps(self._ui))

    def note_ui_state(self, state: dict[str, Any]) -> None:
        """Keep the table screen's state (JSON-able: e.g. how the player arranged their cards)
        with the round in progress, in memory only: the next save writes it (after a move, or
        `set_ui_state`/`save` when the player leaves). A redraw calls this, so drawing the
        table never writes to disk. It is dropped with the round."""
        if not self.in_round:
            raise ValueError("no round in progress to keep the table's state with")
        snapshot = json.loads(json.dumps(state))  # a copy, and a TypeError if not JSON-able
        if snapshot != self._ui:
            self._ui = snapshot
            self._ui_unsaved = True

    def set_ui_state(self, state: dict[str, Any]) -> None:
        """`note_ui_state`, then save now if the state changed since the last save."""
        self.note_ui_state(state)
        if self._ui_unsaved:
            self._write()

    def _live(self) -> Round:
        if self._round is None or self._round.is_over:
            raise ValueError("no round in progress: deal one with next_round()")
        return self._round

    def _marker(self) -> tuple[int, int, bool]:
        rnd = self._round
        if rnd is None:
            return (-1, -1, True)
        return (rnd.turns_played, rnd.turn, rnd.is_over)

    def _record(self, rnd: Round) -> None:
        result = rnd.result
        assert result is not None
        campaign = self.campaign
        names = self.seat_names
        record = RoundRecord(
            round=campaign.rounds_played + 1,
            dealer=rnd.dealer,
            seed=rnd.seed,
            winner=names[result.winner] if result.winner is not None else None,
            points=dict(zip(names, result.scores, strict=True)),
            flush=result.kind == "flush",
            turns=result.turns,
            actions=[a.to_str(self.deck) for a in rnd.actions],
            check=round_check(rnd, campaign.players),
        )
        self._ui = {}
        history = [*campaign.history, record]
        rows = standings(campaign.players, history)
        winners = campaign_winners(rows, campaign.target, campaign.max_rounds, len(history))
        self._campaign = replace_campaign(
            campaign,
            history=history,
            standings=rows,
            current=None,
            finished=bool(winners),
            winners=winners,
        )
        self._write()

    def _write(self) -> None:
        """Save the campaign with the live round (if one is in progress)."""
        campaign = self._campaign
        rnd = self._round
        current = None
        if rnd is not None and not rnd.is_over:
            current = RoundInProgress(
                round=campaign.rounds_played + 1,
                dealer=rnd.dealer,
                seed=rnd.seed,
                actions=[a.to_str(self.deck) for a in rnd.actions],
                check=round_check(rnd, campaign.players),
                ui=self._ui,
            )
        campaign = self._campaign = replace_campaign(campaign, current=current)
        save = SaveFile(saved_by=saved_by(), saved_at=now(), campaign=campaign)
        data = save.to_bytes()
        self.folder.replace(self.slot, data, expected=self._disk_sha256)
        self._disk_sha256 = sha256_bytes(data)
        self.save_file = save
        self._ui_unsaved = False
        self._saved_at_marker = self._marker()
        if self.on_save is not None:
            self.on_save(self)


def replace_campaign(campaign: Campaign, **changes: Any) -> Campaign:
    """A copy of `campaign` with `changes`, validated again."""
    return Campaign(**{**dict(campaign), **changes})
