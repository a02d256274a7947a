"""A save's round in progress, checked: the derived state stored beside its actions
(`round_check`), its replay from seed and actions (`replay_round`), and a save file's bytes
parsed, matched to its name and deck, and replayed (`read_campaign`).

Loading is all or nothing: the round in progress must replay to exactly the stored `RoundCheck`;
anything else is a SaveFormatError naming the first thing that differs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from cards.deck import Deck, editions_of
from cards.games.civio.actions import Action
from cards.games.civio.round import Round
from civio_tui.campaigns.model import (
    Campaign,
    DeckIdentity,
    Player,
    RoundCheck,
    SaveFile,
    SaveFormatError,
    parse_save,
)


def round_check(rnd: Round, players: Sequence[Player]) -> RoundCheck:
    """The derived state stored beside a round's actions to check its replay."""
    decision = rnd.decision
    # Hands as sets: the order of cards within a hand is no part of the game (a blind
    # confiscation picks among hidden cards at random), so an engine that reorders them still
    # replays old saves; the order of the discard pile and of the supply is.
    state = {
        "face_up": [sorted(cards) for cards in rnd.face_up],
        "hidden": [sorted(cards) for cards in rnd.hidden],
        "discard_pile": rnd.discard_pile,
        "supply": rnd.supply,
        "skips": rnd.skips,
        "choices": rnd.choices,
        "current": rnd.current,
        "turn": rnd.turn,
        "turns_played": rnd.turns_played,
        "decision": [decision.seat, decision.kind.value] if decision else None,
    }
    digest = hashlib.sha256(json.dumps(state, separators=(",", ":")).encode()).hexdigest()
    top = rnd.discard_pile[-1] if rnd.discard_pile else None
    return RoundCheck(
        actions=len(rnd.events),
        turn=rnd.turn,
        to_decide=players[decision.seat].name if decision else None,
        decision=decision.kind.value if decision else None,
        discard_top=rnd.deck[top].name if top is not None else None,
        supply=len(rnd.supply),
        state_sha256=digest,
    )


def replay_round(campaign: Campaign, deck: Deck) -> Round:
    """The round in progress rebuilt from its seed and actions, checked against its RoundCheck.

    Raises SaveFormatError naming the first action or field that does not match."""
    current = campaign.current
    assert current is not None
    totals = [s.points for s in campaign.standings]
    try:
        rnd = Round(
            campaign.rules,
            len(campaign.players),
            current.dealer,
            current.seed,
            deck,
            scores=totals,
        )
    except ValueError as exc:
        raise SaveFormatError(f"the round in progress cannot be dealt: {exc}") from None
    for index, text in enumerate(current.actions, 1):
        if rnd.is_over:
            raise SaveFormatError(
                f"the round in progress does not replay: it is over after action {index - 1}"
            )
        try:
            rnd.apply(Action.from_str(text, deck))
        except Exception as exc:  # a save is untrusted input: report it, never crash on it
            raise SaveFormatError(
                f"the round in progress does not replay: action {index} ({text!r}): {exc}"
            ) from None
    if rnd.is_over:
        raise SaveFormatError("the round in progress does not replay: its actions end it")
    found = round_check(rnd, campaign.players)
    if found != current.check:
        for field in RoundCheck.model_fields:
            mine, theirs = getattr(found, field), getattr(current.check, field)
            if mine != theirs:
                raise SaveFormatError(
                    f"the round in progress does not replay the same: {field} comes out as "
                    f"{mine!r} where the save says {theirs!r}"
                )
    return rnd


def campaign_deck(campaign: Campaign, deck: Deck) -> Deck:
    """The deck `campaign` plays on: the deck in use, or the same deck on the earlier edition of
    the standard deck the campaign began on (a corrected card must not orphan a campaign).
    SaveFormatError when the campaign was made with another deck."""
    if campaign.deck.sha256 == deck.sha256:
        return deck
    for edition in editions_of(deck):
        if edition.sha256 == campaign.deck.sha256:
            return edition
    mine = DeckIdentity(name=deck.name, sha256=deck.sha256)
    raise SaveFormatError(
        f"made with another deck, {campaign.deck.describe()}; the deck in use is "
        f"{mine.describe()} (choose the campaign's card pack with --cards FILE)"
    )


def read_campaign(
    data: bytes, deck: Deck, name: str | None = None
) -> tuple[SaveFile, Round | None]:
    """Parse, check and replay one save file's bytes; SaveFormatError says why not."""
    save = parse_checked(data, deck, name)
    campaign = save.campaign
    if campaign.current is None:
        return save, None
    return save, replay_round(campaign, campaign_deck(campaign, deck))


def parse_checked(data: bytes, deck: Deck, name: str | None) -> SaveFile:
    """A save file's bytes parsed and checked against its file name and the deck (no replay)."""
    save = parse_save(data)
    campaign = save.campaign
    if name is not None and campaign.name != name:
        raise SaveFormatError(
            f"the file is named for {name!r} but holds the campaign {campaign.name!r}"
        )
    campaign_deck(campaign, deck)
    return save
