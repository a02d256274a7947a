"""Campaigns on disk and in play: create, list, open, delete, recover, and `CampaignSession`,
which owns the live round, applies actions and autosaves.

Loading a campaign is all or nothing: the file must parse, match the deck in use, and its round in
progress must replay to exactly the stored `RoundCheck`. Anything else is reported with the reason
and the file is left as it is.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any, Literal

import ai
from cards import undo
from cards.actions import Action
from cards.deck import Deck, standard_deck
from cards.game import Game
from cards.ranks import DEFAULT_TARGET, parse_rank
from cards.round import Round, check_table
from cards.ruleset import RuleSet
from civio_tui.campaigns.model import (
    HUMAN,
    Campaign,
    DeckIdentity,
    Player,
    RoundCheck,
    RoundInProgress,
    RoundRecord,
    SaveFile,
    SaveFormatError,
    campaign_winners,
    now,
    opponent_names,
    parse_save,
    standings,
)
from civio_tui.campaigns.store import (
    CampaignNameError,
    FolderEntry,
    NoSuchCampaignError,
    SaveError,
    SaveFolder,
    SaveSlot,
    check_name,
    resolve_save_dir,
    sha256_bytes,
)

MAX_OPPONENTS = 3


class UnreadableCampaignError(SaveError):
    """A campaign file that cannot be played; `reason` says why, `recoverable` is what
    `recover_campaign` would save of it (or None)."""

    def __init__(self, name: str, reason: str, recoverable: Campaign | None = None) -> None:
        self.name = name
        self.reason = reason
        self.recoverable = recoverable
        super().__init__(f"campaign {name!r} cannot be opened: {reason}")


@cache
def saved_by() -> str:
    try:
        return f"civio-tui {metadata.version('civio-tui')}"
    except metadata.PackageNotFoundError:
        return "civio-tui"


def folder_for(save_dir: str | Path | SaveFolder | None) -> SaveFolder:
    """A SaveFolder from a path, an existing folder, or None (the default resolution)."""
    if isinstance(save_dir, SaveFolder):
        return save_dir
    return SaveFolder(resolve_save_dir(save_dir))


# --- reading and checking --------------------------------------------------------------------


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


def check_deck(campaign: Campaign, deck: Deck) -> None:
    if campaign.deck.sha256 != deck.sha256:
        mine = DeckIdentity(name=deck.name, sha256=deck.sha256)
        raise SaveFormatError(
            f"made with another deck, {campaign.deck.describe()}; the deck in use is "
            f"{mine.describe()} (choose the campaign's card pack with --cards FILE)"
        )


def read_campaign(
    data: bytes, deck: Deck, name: str | None = None
) -> tuple[SaveFile, Round | None]:
    """Parse, check and replay one save file's bytes; SaveFormatError says why not."""
    save = _parse_checked(data, deck, name)
    campaign = save.campaign
    rnd = replay_round(campaign, deck) if campaign.current is not None else None
    return save, rnd


def _parse_checked(data: bytes, deck: Deck, name: str | None) -> SaveFile:
    """A save file's bytes parsed and checked against its file name and the deck (no replay)."""
    save = parse_save(data)
    campaign = save.campaign
    if name is not None and campaign.name != name:
        raise SaveFormatError(
            f"the file is named for {name!r} but holds the campaign {campaign.name!r}"
        )
    check_deck(campaign, deck)
    return save


# --- listing -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CampaignSummary:
    """One line of the campaign list: a readable campaign, or a file and the reason it is not.

    `recoverable` is what `recover_campaign` would copy out of an unreadable campaign (its
    readable backup, or its finished rounds), if anything; `problem` then ends with the command
    that recovers it, and `recovery` says what can be recovered ("its backup is readable")."""

    name: str
    path: Path
    campaign: Campaign | None
    problem: str | None
    recoverable: Campaign | None = None
    saved_at: datetime | None = None
    recovery: str | None = None

    @property
    def readable(self) -> bool:
        return self.campaign is not None

    def to_json(self) -> dict[str, Any]:
        """The `civio campaign list --json` entry (points and rank are the human player's)."""
        camp = self.campaign
        you = _player_standing(camp) if camp is not None else None
        return {
            "name": self.name,
            "rank": you.rank if you else None,
            "points": you.points if you else None,
            "rounds_played": camp.rounds_played if camp else None,
            "in_round": camp.in_round if camp else False,
            "readable": self.readable,
            "problem": self.problem,
        }


def _player_standing(camp: Campaign) -> Any:
    human = camp.human or camp.players[0]
    return camp.standing(human.name)


def list_campaigns(
    save_dir: str | Path | SaveFolder | None = None, deck: Deck | None = None
) -> list[CampaignSummary]:
    """Every campaign in the folder, readable or not (with the reason), sorted by name."""
    folder = folder_for(save_dir)
    deck = deck or standard_deck()
    return [_summarise(folder, entry, deck) for entry in folder.scan()]


def _summarise(folder: SaveFolder, entry: FolderEntry, deck: Deck) -> CampaignSummary:
    name, slot = entry.name, entry.slot
    if not entry.name_ok:
        return CampaignSummary(
            name, slot.path, None, "the file name is not a valid campaign name (rename it)"
        )
    if entry.has_main:
        result = _try_read(folder, slot.path, deck, name)
        if isinstance(result, tuple):
            save = result[0]
            return CampaignSummary(name, slot.path, save.campaign, None, saved_at=save.saved_at)
        problem, path = result, slot.path
    else:
        problem, path = "the campaign file is missing; only its backup is left", slot.backup
    recovery = _recovery(folder, entry, deck)
    if recovery is None:
        return CampaignSummary(name, path, None, problem)
    campaign, how = recovery
    hint = f"; {how}: `civio campaign recover {name!r}` copies it to a new campaign"
    return CampaignSummary(
        name, path, None, problem + hint, recoverable=campaign, recovery=f"{problem}; {how}"
    )


def _recovery(folder: SaveFolder, entry: FolderEntry, deck: Deck) -> tuple[Campaign, str] | None:
    """What can be saved of an unreadable campaign, and a phrase saying what: its readable
    backup; else its finished rounds (from the file or its backup) when only the round in
    progress fails to replay, that round to be dealt again."""
    slot = entry.slot
    if entry.has_backup:
        result = _try_read(folder, slot.backup, deck, entry.name)
        if isinstance(result, tuple):
            return result[0].campaign, "its backup is readable"
    for path, present in ((slot.path, entry.has_main), (slot.backup, entry.has_backup)):
        if not present:
            continue
        try:
            campaign = _parse_checked(folder.read(path), deck, entry.name).campaign
        except (OSError, SaveError, SaveFormatError):
            continue
        if campaign.current is not None:
            rounds = campaign.rounds_played
            how = (
                f"its {rounds} finished round{'s' if rounds != 1 else ''} are readable "
                "(the round in progress would be dealt again)"
            )
            return _replace(campaign, current=None), how
    return None


def _try_read(
    folder: SaveFolder, path: Path, deck: Deck, name: str
) -> tuple[SaveFile, Round | None, bytes] | str:
    """The checked save in `path`, or the reason it cannot be used."""
    try:
        data = folder.read(path)
    except FileNotFoundError:
        return "the file has disappeared"
    except OSError as exc:
        return f"cannot read the file: {exc.strerror or exc}"
    except SaveError as exc:
        return str(exc)
    try:
        save, rnd = read_campaign(data, deck, name)
    except SaveFormatError as exc:
        return str(exc)
    return save, rnd, data


def most_recent_campaign(
    save_dir: str | Path | SaveFolder | None = None, deck: Deck | None = None
) -> CampaignSummary | None:
    """The readable, unfinished campaign saved last (what Continue opens), or None."""
    return latest_playable(list_campaigns(save_dir, deck))


def latest_playable(summaries: Sequence[CampaignSummary]) -> CampaignSummary | None:
    """The readable, unfinished campaign among `summaries` saved last, or None."""
    playable = [s for s in summaries if s.campaign and not s.campaign.finished]
    return max(playable, key=lambda s: s.saved_at or datetime.min.replace(tzinfo=UTC), default=None)


# --- creating, opening, deleting -------------------------------------------------------------


def new_campaign(
    name: str,
    opponents: Sequence[str],
    *,
    save_dir: str | Path | SaveFolder | None = None,
    rules: str | RuleSet = "booklet",
    target: str = DEFAULT_TARGET,
    seed: int | None = None,
    deck: Deck | None = None,
    player_name: str = "You",
    practice: bool = False,
) -> CampaignSession:
    """Create and save a campaign (no round dealt yet) and open it for play; a `practice`
    campaign lets the human take moves back.

    Raises CampaignNameError for a bad name, CampaignExistsError when a file (readable or not)
    already has that name ignoring case, ValueError for bad settings."""
    folder = folder_for(save_dir)
    deck = deck or standard_deck()
    name = check_name(name)
    levels = [level.strip().lower() for level in opponents]
    if not 1 <= len(levels) <= MAX_OPPONENTS:
        raise ValueError(f"a campaign needs 1 to {MAX_OPPONENTS} opponents, not {len(levels)}")
    offered = ai.player_names()
    for level in levels:
        if level not in offered:
            raise ValueError(f"unknown opponent level {level!r}: choose from {', '.join(offered)}")
    check_table(deck, len(levels) + 1)  # refused now, not when the first round is dealt
    player_name = " ".join(player_name.split()) or "You"
    names = opponent_names(levels)
    if player_name.casefold() in {n.casefold() for n in names}:
        raise ValueError(f"the player's name {player_name!r} is also an opponent's name")
    players = [Player(name=player_name, level=HUMAN)] + [
        Player(name=n, level=level) for n, level in zip(names, levels, strict=True)
    ]
    ruleset = rules if isinstance(rules, RuleSet) else RuleSet.named(rules)
    campaign = Campaign(
        name=name,
        created_at=now(),
        rules=ruleset,
        target=parse_rank(target),
        seed=seed if seed is not None else secrets.randbits(32),
        deck=DeckIdentity(name=deck.name, sha256=deck.sha256),
        players=players,
        history=[],
        standings=standings(players, []),
        practice=practice,
    )
    save = SaveFile(saved_by=saved_by(), saved_at=now(), campaign=campaign)
    data = save.to_bytes()
    slot = folder.create(name, data)
    return CampaignSession(folder, slot, deck, save, None, sha256_bytes(data))


def open_campaign(
    name: str,
    *,
    save_dir: str | Path | SaveFolder | None = None,
    deck: Deck | None = None,
    autosave: Literal["action", "turn"] = "action",
) -> CampaignSession:
    """Open a campaign for play (its name matched ignoring case).

    Raises NoSuchCampaignError, or UnreadableCampaignError with the reason (and the readable
    backup, if there is one); the file is never changed by a failed open."""
    folder = folder_for(save_dir)
    deck = deck or standard_deck()
    entry = folder.find(name)
    if entry is None or not entry.has_main:
        hint = " (only its backup is left: recover it)" if entry is not None else ""
        raise NoSuchCampaignError(f"no campaign named {check_name(name)!r}{hint}")
    result = _try_read(folder, entry.slot.path, deck, entry.name)
    if isinstance(result, str):
        summary = _summarise(folder, entry, deck)
        raise UnreadableCampaignError(entry.name, result, summary.recoverable)
    save, rnd, data = result
    folder.clean_stale_temps(entry.slot)
    return CampaignSession(folder, entry.slot, deck, save, rnd, sha256_bytes(data), autosave)


def read_summary(
    name: str, *, save_dir: str | Path | SaveFolder | None = None, deck: Deck | None = None
) -> CampaignSummary:
    """The list entry of one campaign (matched ignoring case); NoSuchCampaignError if none."""
    folder = folder_for(save_dir)
    entry = folder.find(name)
    if entry is None:
        raise NoSuchCampaignError(f"no campaign named {check_name(name)!r}")
    return _summarise(folder, entry, deck or standard_deck())


def delete_campaign(name: str, *, save_dir: str | Path | SaveFolder | None = None) -> list[Path]:
    """Delete a campaign's file and backup (readable or not); returns the files removed."""
    folder = folder_for(save_dir)
    entry = folder.find(name)
    if entry is None:
        raise NoSuchCampaignError(f"no campaign named {check_name(name)!r}")
    return folder.delete(entry.slot)


def recover_campaign(
    name: str,
    new_name: str | None = None,
    *,
    save_dir: str | Path | SaveFolder | None = None,
    deck: Deck | None = None,
) -> CampaignSession:
    """Copy what can be saved of an unreadable campaign into a new campaign (default "NAME
    recovered"): its readable backup, else its finished rounds with the round in progress to be
    dealt again. The damaged file and the backup are left exactly as they are."""
    folder = folder_for(save_dir)
    deck = deck or standard_deck()
    entry = folder.find(name)
    if entry is None:
        raise NoSuchCampaignError(f"no campaign named {check_name(name)!r}")
    summary = _summarise(folder, entry, deck)
    if summary.campaign is not None:
        raise SaveError(f"campaign {entry.name!r} is readable: there is nothing to recover")
    if summary.recoverable is None:
        raise UnreadableCampaignError(entry.name, f"{summary.problem}; nothing can be recovered")
    target = check_name(new_name) if new_name else _free_name(folder, f"{entry.name} recovered")
    campaign = _replace(summary.recoverable, name=target)
    copy = SaveFile(saved_by=saved_by(), saved_at=now(), campaign=campaign)
    data = copy.to_bytes()
    slot = folder.create(target, data)
    rnd = replay_round(campaign, deck) if campaign.current is not None else None
    return CampaignSession(folder, slot, deck, copy, rnd, sha256_bytes(data))


def _free_name(folder: SaveFolder, base: str) -> str:
    base = base[: 40 - 3].rstrip(" .")
    for n in range(1, 100):
        candidate = base if n == 1 else f"{base} {n}"
        try:
            if folder.find(candidate) is None:
                return check_name(candidate)
        except CampaignNameError:
            break
    raise CampaignNameError(f"no free name like {base!r}: give one")


# --- playing ---------------------------------------------------------------------------------


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
        return player.choose(rnd.view(seat), decision, rng)

    def take_back(self) -> bool:
        """In a practice campaign, return the round in progress to the human's latest real
        choice (everything after it undone) and save; False when there is none to go back to.
        ValueError when the campaign is no practice game or no round is in progress."""
        if not self.campaign.practice:
            raise ValueError(f"campaign {self.name!r} is no practice game: moves are final")
        seat = self.human_seat
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

    def set_ui_state(self, state: dict[str, Any]) -> None:
        """Keep the table screen's state (JSON-able: e.g. how the player arranged their cards)
        with the round in progress, saving it now if it changed. It is dropped with the round."""
        if not self.in_round:
            raise ValueError("no round in progress to keep the table's state with")
        snapshot = json.loads(json.dumps(state))  # a copy, and a TypeError if not JSON-able
        if snapshot != self._ui:
            self._ui = snapshot
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
        )
        self._ui = {}
        history = [*campaign.history, record]
        rows = standings(campaign.players, history)
        winners = campaign_winners(rows, campaign.target)
        self._campaign = _replace(
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
        campaign = self._campaign = _replace(campaign, current=current)
        save = SaveFile(saved_by=saved_by(), saved_at=now(), campaign=campaign)
        data = save.to_bytes()
        self.folder.replace(self.slot, data, expected=self._disk_sha256)
        self._disk_sha256 = sha256_bytes(data)
        self.save_file = save
        self._saved_at_marker = self._marker()
        if self.on_save is not None:
            self.on_save(self)


def _replace(campaign: Campaign, **changes: Any) -> Campaign:
    """A copy of `campaign` with `changes`, validated again."""
    return Campaign(**{**dict(campaign), **changes})
