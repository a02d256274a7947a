"""What the main menu finds in the save folder: the campaign Continue opens, and how many files
could not be read. Cheap to import: the campaign code loads only when the scan runs."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from cards.deck import Deck
from civio_tui.widgets.cards import pts

EASY_PLAY = "easy-play"


@dataclass(frozen=True)
class SavedGame:
    """A game the main menu can offer to continue: a campaign (by its name), or the Easy Play
    game in progress (`kind` "easy-play")."""

    name: str
    label: str
    kind: str = "campaign"


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
    easy = _easy_play(save_dir, deck)
    if summary is None or summary.campaign is None:
        return SavedGames(easy[1] if easy else None, damaged)
    if easy is not None and summary.saved_at is not None and easy[0] > summary.saved_at:
        return SavedGames(easy[1], damaged)  # the Easy Play game was saved last
    camp = summary.campaign
    human = camp.human or camp.players[0]
    standing = camp.standing(human.name)
    where = f"round {camp.rounds_played + 1}" if camp.in_round else f"{camp.rounds_played} rounds"
    label = f"{summary.name}: {where}, {pts(standing.points)}"
    return SavedGames(SavedGame(summary.name, label), damaged)


def _easy_play(save_dir: str | None, deck: Deck) -> tuple[datetime, SavedGame] | None:
    """The unfinished Easy Play game, with when it was saved (None: none, or unreadable)."""
    from civio_tui.easy_play_save import EasyPlaySaves

    try:
        saves = EasyPlaySaves(save_dir, deck)
        saved = saves.saved
        if saved is None or saved.game.is_over:
            return None
        when = datetime.fromtimestamp(saves.path.stat().st_mtime, UTC)
    except OSError:
        return None
    you = saved.game.totals[0]
    label = f"Easy Play: round {len(saved.game.rounds)}, {pts(you)}"
    return when, SavedGame(EASY_PLAY, label, kind=EASY_PLAY)
