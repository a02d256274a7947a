"""Finished rounds played back: a kept round rebuilt from its seed and actions, checked against
the check stored with it, and stepped through event by event (replays, reviews, exports).

    playback = Playback.of(campaign, 3, deck)     # NoReplayError: no such round / no replay
    playback.length                               # events in the round (its actions)
    rnd = playback.round_at(k)                    # the round after its first k events
    playback.events                               # every event of the round, in order
    playback.position_of_turn(7)                  # the first position inside turn 7

Stepping must be instant on a long round (`civio bench` -> `replay_step_ms`), so the round is
replayed once and kept at a checkpoint every `CHECKPOINT_EVERY` events: a position is a clone of
the checkpoint before it plus at most that many actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cards.deck import Deck
from cards.games.civio.actions import Action
from cards.games.civio.events import Event
from cards.games.civio.round import Round
from civio_tui.campaigns.model import Campaign, RoundRecord, SaveFormatError
from civio_tui.campaigns.replay import campaign_deck, round_check
from civio_tui.campaigns.store import SaveError

CHECKPOINT_EVERY = 16


class NoReplayError(SaveError):
    """A round that cannot be played back: no such round, saved without its actions (before
    rounds were kept), or its actions no longer replay to its check."""


def kept_round(campaign: Campaign, number: int) -> RoundRecord:
    """Finished round `number` (1-based) of `campaign`; NoReplayError if there is none."""
    played = campaign.rounds_played
    if not 1 <= number <= played:
        if played == 0:
            raise NoReplayError(f"campaign {campaign.name!r} has no finished round yet")
        raise NoReplayError(
            f"campaign {campaign.name!r} has no finished round {number} (rounds 1 to {played})"
        )
    return campaign.history[number - 1]


def scores_before(campaign: Campaign, number: int) -> list[int]:
    """Every player's points before round `number`, in seat order (what its views show)."""
    return [sum(r.points[p.name] for r in campaign.history[: number - 1]) for p in campaign.players]


@dataclass(frozen=True)
class Playback:
    """A finished round ready to be stepped through (build it with `Playback.of`)."""

    campaign: Campaign
    record: RoundRecord
    deck: Deck
    final: Round
    actions: tuple[Action, ...]
    checkpoints: tuple[Round, ...]

    @classmethod
    def of(cls, campaign: Campaign, number: int, deck: Deck) -> Playback:
        """Round `number` of `campaign` replayed and checked; NoReplayError says why not."""
        record = kept_round(campaign, number)
        try:  # the edition of the deck the campaign was dealt from
            deck = campaign_deck(campaign, deck)
        except SaveFormatError as exc:
            raise NoReplayError(str(exc)) from None
        if record.actions is None:
            raise NoReplayError(
                f"round {number} of {campaign.name!r} was saved before rounds were kept: "
                "it has no replay"
            )
        start = Round(
            campaign.rules,
            len(campaign.players),
            record.dealer,
            record.seed,
            deck,
            scores=scores_before(campaign, number),
        )
        rnd = start.clone()
        checkpoints = [start]
        actions = []
        for index, text in enumerate(record.actions, 1):
            try:
                action = Action.from_str(text, deck)
                rnd.apply(action)
            except Exception as exc:  # a save is untrusted input: report it, never crash on it
                raise NoReplayError(
                    f"round {number} of {campaign.name!r} does not replay: action {index} "
                    f"({text!r}): {exc}"
                ) from None
            actions.append(action)
            if index % CHECKPOINT_EVERY == 0:
                checkpoints.append(rnd.clone())
        if not rnd.is_over or record.check != round_check(rnd, campaign.players):
            raise NoReplayError(
                f"round {number} of {campaign.name!r} does not replay the same as it was played"
            )
        return cls(campaign, record, deck, rnd, tuple(actions), tuple(checkpoints))

    @property
    def number(self) -> int:
        return self.record.round

    @property
    def length(self) -> int:
        """The number of events (positions run from 0, the deal, to `length`, the end)."""
        return len(self.actions)

    @property
    def events(self) -> Sequence[Event]:
        return self.final.events

    @property
    def seat_names(self) -> list[str]:
        return [p.name for p in self.campaign.players]

    def round_at(self, position: int) -> Round:
        """The round after its first `position` events (clamped to 0..length); a new object the
        caller may keep."""
        position = max(0, min(self.length, position))
        if position == self.length:
            return self.final.clone()
        base = position // CHECKPOINT_EVERY
        rnd = self.checkpoints[base].clone()
        for action in self.actions[base * CHECKPOINT_EVERY : position]:
            rnd.apply(action)
        return rnd

    def position_of_turn(self, turn: int) -> int:
        """The position just before the first event of turn `turn` (the end when the round
        never reached it; 0 for turn 0, the opening)."""
        for index, event in enumerate(self.events):
            if event.turn >= turn:
                return index
        return self.length

    def last_turn(self) -> int:
        return self.events[-1].turn if self.events else 0
