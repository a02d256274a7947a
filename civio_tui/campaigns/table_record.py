"""A networked table's CIVIO rounds in one player's own save folder, so the review, replays,
statistics and exports read them as any other game's.

Each player's own process writes its own record (the campaign "Table CODE"): the table's seats
are its players (people as `human`, computers at their level), its seed is the table's seed,
so the campaign deals each round exactly as the table did (`cards.game.round_seed`, the deal
moving one seat left), and the round's logged actions are applied through `CampaignSession`,
which records a finished round as it does for any game. A round already in the record is
never written again.
"""

from __future__ import annotations

from pathlib import Path

from cards.deck import Deck
from cards.games.civio.round import Round
from cards.ranks import DEFAULT_TARGET
from civio_tui.campaigns.catalogue import NoSuchCampaignError, new_campaign, open_campaign
from civio_tui.campaigns.session import CampaignSession
from civio_tui.campaigns.store import SaveError
from civio_tui.game_backends import HUMAN
from civio_tui.games import CIVIO
from civio_tui.seating import Seat
from civio_tui.tables.games import TableMatch
from civio_tui.tables.ops import Table


def record_name(code: str) -> str:
    return f"Table {code}"


def _seats(table: Table) -> list[Seat]:
    seats = []
    for s in table.seats:
        if s.name is not None:
            seats.append(Seat(s.name, HUMAN))
        else:
            seats.append(Seat(f"Computer {s.seat + 1}", s.level or "medium"))
    return seats


def _open(
    save_dir: str | Path | None, table: Table, match: TableMatch, deck: Deck
) -> CampaignSession:
    name = record_name(table.code)
    try:
        return open_campaign(name, save_dir=save_dir, deck=deck)
    except NoSuchCampaignError:
        pass
    target = match.target or DEFAULT_TARGET
    return new_campaign(
        name,
        [],
        save_dir=save_dir,
        rules=match.rules,
        target=target,
        seed=match.seed,
        deck=deck,
        max_rounds=match.rounds,
        seats=_seats(table),
    )


def record_table_rounds(
    save_dir: str | Path | None, table: Table, match: TableMatch, deck: Deck
) -> str | None:
    """Write every finished round of `match` not yet in this player's record; None when the
    record holds them all, else one sentence saying why it could not be written."""
    if table.row.game != CIVIO.id:
        return None
    if deck.sha256 != match.deck.sha256:
        return "This table's rounds are not kept in your games: it plays another deck."
    finished: list[Round] = [e for e in match.engines if e.is_over]
    if not finished:
        return None
    try:
        session = _open(save_dir, table, match, deck)
        for k in range(session.campaign.rounds_played, len(finished)):
            played = finished[k]
            rnd = session.next_round()
            if (rnd.seed, rnd.dealer) != (played.seed, played.dealer):
                return f"Table {table.code}'s round {k + 1} does not deal as your record does."
            for action in played.actions:
                session.apply(action)
    except (SaveError, OSError, ValueError) as exc:
        return f"Table {table.code}'s round could not be kept in your games: {exc}"
    return None
