"""What the main menu finds in the save folder: the campaign Continue opens, and how many files
could not be read. Cheap to import: the campaign code loads only when the scan runs."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from cards.deck import Deck
from civio_tui import games
from civio_tui.widgets.cards import pts

if TYPE_CHECKING:
    from civio_tui.app import CivioApp

EASY_PLAY = games.EASY_PLAY.id
SOLITAIRE = games.SOLITAIRE.id
CONCENTRATION = games.CONCENTRATION.id


@dataclass(frozen=True)
class SavedGame:
    """A game the main menu can offer to continue: a campaign (by its name), or the Easy Play,
    Solitaire or Concentration game in progress (`kind` "easy-play", "solitaire",
    "concentration")."""

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
    """The most recently saved unfinished game (a campaign or an Easy Play game) and the count
    of unreadable files; nothing at all when the folder cannot be read."""
    from civio_tui.campaigns.catalogue import latest_playable, list_campaigns
    from civio_tui.campaigns.store import SaveError

    try:
        summaries = list_campaigns(save_dir, deck)
    except (SaveError, OSError):
        return SavedGames(None)
    easy, easy_damaged = _easy_play(save_dir, deck)
    damaged = sum(not s.readable for s in summaries) + easy_damaged
    summary = latest_playable(summaries)
    other = _newest(easy, save_dir, deck)
    if summary is None or summary.campaign is None:
        return SavedGames(other[1] if other else None, damaged)
    if other is not None and summary.saved_at is not None and other[0] > summary.saved_at:
        return SavedGames(other[1], damaged)  # the other game was saved last
    camp = summary.campaign
    human = camp.human or camp.players[0]
    standing = camp.standing(human.name)
    where = round_where(camp.rounds_played, camp.in_round)
    label = f"{summary.name}: {where}, {pts(standing.points)}"
    if len(camp.humans) > 1:  # friends at one keyboard: no one player's points to show
        label = f"{summary.name}: {where}, hot seat"
    return SavedGames(SavedGame(summary.name, label), damaged)


def round_where(played: int, in_round: bool) -> str:
    """Where a saved game stands: the round being played, or how many rounds are over (a game
    saved between rounds is not still in the round it finished)."""
    if in_round:
        return f"round {played + 1}"
    return f"{played} round{'' if played == 1 else 's'} played"


def _easy_play(save_dir: str | None, deck: Deck) -> tuple[tuple[datetime, SavedGame] | None, int]:
    """The Easy Play game saved last that is not over, with when it was saved (None: none),
    and how many Easy Play files cannot be read."""
    from civio_tui.campaigns.store import SaveError
    from civio_tui.easy_play_save import list_easy_games

    try:
        games = list_easy_games(save_dir, deck)
    except (SaveError, OSError):
        return None, 0
    damaged = sum(not g.readable for g in games)
    playable = [g for g in games if g.saved is not None and not g.saved.finished]
    latest = max(
        playable, key=lambda g: g.saved_at or datetime.min.replace(tzinfo=UTC), default=None
    )
    if latest is None or latest.saved is None:
        return None, damaged
    saved = latest.saved
    seat = saved.humans[0]
    # Say which game it is, unless its name says so already ("Easy Play 2"); short enough
    # for one line of the menu.
    game = saved.game
    where = round_where(len(game.finished_rounds), game.current_round is not None)
    if "easy play" in saved.name.lower():
        label = f"{saved.name}: {where}, {pts(game.totals[seat])}"
    else:
        label = f"{saved.name}: Easy Play, {where}"
    when = latest.saved_at or datetime.min.replace(tzinfo=UTC)
    return (when, SavedGame(saved.name, label, kind=EASY_PLAY)), damaged


def _newest(
    easy: tuple[datetime, SavedGame] | None, save_dir: str | None, deck: Deck
) -> tuple[datetime, SavedGame] | None:
    """The unfinished Easy Play (`easy`), Solitaire or Concentration game saved last, with
    when (None: none, or unreadable)."""
    found = [easy, _solitaire(save_dir, deck), _concentration(save_dir, deck)]
    return max((f for f in found if f is not None), key=lambda f: f[0], default=None)


def _solitaire(save_dir: str | None, deck: Deck) -> tuple[datetime, SavedGame] | None:
    """The Solitaire deal in progress, with when it was saved (None: none, or unreadable)."""
    from cards.games.solitaire.game import DEAL_SIZE
    from civio_tui.card_games_save import SolitaireSaves, in_progress

    try:
        saves = SolitaireSaves(save_dir, deck)
        saved = saves.saved
        if saved is None or not in_progress(saved):
            return None
        when = saves.saved_at()
    except OSError:
        return None
    # Short: the main menu's line is narrow (More games gives the seed too).
    label = f"Solitaire: {len(saved.game.turned)} of {DEAL_SIZE} cards up"
    return when, SavedGame(SOLITAIRE, label, kind=SOLITAIRE)


def _concentration(save_dir: str | None, deck: Deck) -> tuple[datetime, SavedGame] | None:
    """The Concentration game in progress, with when it was saved (None: none, or unreadable)."""
    from civio_tui.card_games_save import ConcentrationSaves

    try:
        saves = ConcentrationSaves(save_dir, deck)
        saved = saves.saved
        if saved is None or saved.game.is_over or not saved.game.events:
            return None
        when = saves.saved_at()
    except OSError:
        return None
    game = saved.game
    label = f"Concentration: {sum(game.scores)} of 10 pairs found"
    return when, SavedGame(CONCENTRATION, label, kind=CONCENTRATION)


def continue_other_game(app: CivioApp, game: SavedGame) -> None:
    """Open a saved game that is not a main-game campaign (the main menu's Continue)."""
    if game.kind == EASY_PLAY:
        from civio_tui.screens.easy_play.screen import continue_easy_play

        continue_easy_play(app, game.name)
    elif game.kind == SOLITAIRE:
        from civio_tui.screens.solitaire.screen import continue_solitaire

        continue_solitaire(app)
    elif game.kind == CONCENTRATION:
        from civio_tui.screens.concentration.screen import continue_concentration

        continue_concentration(app)
