"""What the main menu finds in the save folder: the campaign Continue opens, and how many files
could not be read. Cheap to import: the campaign code loads only when the scan runs."""

from __future__ import annotations

from dataclasses import dataclass

from cards.deck import Deck
from civio_tui.widgets.cards import pts


@dataclass(frozen=True)
class SavedGame:
    """A campaign the main menu can offer to continue."""

    name: str
    label: str


@dataclass(frozen=True)
class SavedGames:
    """What the main menu found in the save folder: the game Continue opens, if any, and how
    many files could not be read (the Campaigns screen says why and offers a recovery)."""

    latest: SavedGame | None
    damaged: int = 0


def scan_saved_games(save_dir: str | None, deck: Deck) -> SavedGames:
    """The most recently saved unfinished campaign and the count of unreadable files; nothing
    at all when the folder cannot be read."""
    from civio_tui.campaigns.catalogue import latest_playable, list_campaigns
    from civio_tui.campaigns.store import SaveError

    try:
        summaries = list_campaigns(save_dir, deck)
    except (SaveError, OSError):
        return SavedGames(None)
    damaged = sum(not s.readable for s in summaries)
    summary = latest_playable(summaries)
    if summary is None or summary.campaign is None:
        return SavedGames(None, damaged)
    camp = summary.campaign
    human = camp.human or camp.players[0]
    standing = camp.standing(human.name)
    where = f"round {camp.rounds_played + 1}" if camp.in_round else f"{camp.rounds_played} rounds"
    label = f"{summary.name}: {where}, {pts(standing.points)}"
    return SavedGames(SavedGame(summary.name, label), damaged)
