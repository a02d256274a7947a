"""The campaigns in a save folder: listed (readable or not, with the reason), created, opened,
deleted, and recovered when unreadable. A failed open never changes the file.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import ai
from cards.deck import Deck, standard_deck
from cards.games.civio.round import Round, check_table
from cards.ranks import DEFAULT_TARGET, parse_rank
from cards.ruleset import RuleSet
from civio_tui.campaigns.model import (
    HUMAN,
    MAX_PLAYER_NAME,
    Campaign,
    DeckIdentity,
    Player,
    SaveFile,
    SaveFormatError,
    now,
    opponent_names,
    standings,
)
from civio_tui.campaigns.replay import campaign_deck, parse_checked, read_campaign, replay_round
from civio_tui.campaigns.session import CampaignSession, replace_campaign, saved_by
from civio_tui.campaigns.store import (
    CampaignNameError,
    FolderEntry,
    NoSuchCampaignError,
    SaveError,
    SaveFolder,
    check_name,
    resolve_save_dir,
    sha256_bytes,
)
from civio_tui.games import CIVIO
from civio_tui.plurals import counted
from civio_tui.seating import Seat, check_seating, clean_name

MAX_OPPONENTS = 3


class UnreadableCampaignError(SaveError):
    """A campaign file that cannot be played; `reason` says why, `recoverable` is what
    `recover_campaign` would save of it (or None)."""

    def __init__(self, name: str, reason: str, recoverable: Campaign | None = None) -> None:
        self.name = name
        self.reason = reason
        self.recoverable = recoverable
        super().__init__(f"campaign {name!r} cannot be opened: {reason}")


def folder_for(save_dir: str | Path | SaveFolder | None) -> SaveFolder:
    """A SaveFolder from a path, an existing folder, or None (the default resolution)."""
    if isinstance(save_dir, SaveFolder):
        return save_dir
    return SaveFolder(resolve_save_dir(save_dir))


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
        """The `civio campaign list --json` entry (points and rank are the human player's);
        `game` is "civio" (the main game; Easy Play games are listed as "easy-play")."""
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
            "game": CIVIO.id,
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
            campaign = parse_checked(folder.read(path), deck, entry.name).campaign
        except (OSError, SaveError, SaveFormatError):
            continue
        if campaign.current is not None:
            rounds = campaign.rounds_played
            how = (
                f"its {counted(rounds, 'finished round')} are readable "
                "(the round in progress would be dealt again)"
            )
            return replace_campaign(campaign, current=None), how
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
    max_rounds: int | None = None,
    seats: Sequence[Seat] | None = None,
) -> CampaignSession:
    """Create and save a campaign (no round dealt yet) and open it for play; a `practice`
    campaign lets the human take moves back; `max_rounds` ends it after that many rounds even
    when nobody reached the target rank. `seats` (civio_tui.seating), when given, seats the
    table as it says (several humans: hot-seat) instead of `player_name` and `opponents`.

    Raises CampaignNameError for a bad name, CampaignExistsError when a file (readable or not)
    already has that name ignoring case, ValueError for bad settings."""
    folder = folder_for(save_dir)
    deck = deck or standard_deck()
    name = check_name(name)
    if seats is not None:
        players = _seated(seats, deck)
    else:
        players = _one_human(opponents, deck, player_name)
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
        max_rounds=max_rounds,
    )
    save = SaveFile(saved_by=saved_by(), saved_at=now(), campaign=campaign)
    data = save.to_bytes()
    slot = folder.create(name, data)
    return CampaignSession(folder, slot, deck, save, None, sha256_bytes(data))


def _one_human(opponents: Sequence[str], deck: Deck, player_name: str) -> list[Player]:
    """The players of a table of one human and AI `opponents` (ValueError: why it cannot be)."""
    levels = [level.strip().lower() for level in opponents]
    if not 1 <= len(levels) <= MAX_OPPONENTS:
        raise ValueError(f"a campaign needs 1 to {MAX_OPPONENTS} opponents, not {len(levels)}")
    offered = ai.player_names()
    for level in levels:
        if level not in offered:
            raise ValueError(f"unknown opponent level {level!r}: choose from {', '.join(offered)}")
    check_table(deck, len(levels) + 1)  # refused now, not when the first round is dealt
    player_name = clean_name(player_name) or "You"  # as a seat of the New game form
    if any(unicodedata.category(c) == "Cs" for c in player_name):  # bytes the shell passed on
        raise ValueError(f"the player's name {player_name!r} is not valid text")
    if len(player_name) > MAX_PLAYER_NAME:
        raise ValueError(
            f"the player's name has {len(player_name)} characters: the limit is {MAX_PLAYER_NAME}"
        )
    names = opponent_names(levels)
    if player_name.casefold() in {n.casefold() for n in names}:
        raise ValueError(f"the player's name {player_name!r} is also an opponent's name")
    return [Player(name=player_name, level=HUMAN)] + [
        Player(name=n, level=level) for n, level in zip(names, levels, strict=True)
    ]


def _seated(seats: Sequence[Seat], deck: Deck) -> list[Player]:
    """The players of a table seated with `civio_tui.seating` (ValueError: why it cannot be)."""
    check_seating(seats, ai.player_names())
    check_table(deck, len(seats))  # refused now, not when the first round is dealt
    return [Player(name=clean_name(s.name), level=s.level) for s in seats]


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
    deck = campaign_deck(save.campaign, deck)
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
    campaign = replace_campaign(summary.recoverable, name=target)
    copy = SaveFile(saved_by=saved_by(), saved_at=now(), campaign=campaign)
    data = copy.to_bytes()
    slot = folder.create(target, data)
    deck = campaign_deck(campaign, deck)
    rnd = replay_round(campaign, deck) if campaign.current is not None else None
    return CampaignSession(folder, slot, deck, copy, rnd, sha256_bytes(data))


def _free_name(folder: SaveFolder, base: str) -> str:
    base = base[: 40 - 3].rstrip(" .")
    for n in range(1, 100):
        candidate = base if n == 1 else f"{base} {n}"
        try:
            if folder.taken_by(candidate) is None:
                return check_name(candidate)
        except CampaignNameError:
            break
    raise CampaignNameError(f"no free name like {base!r}: give one")
