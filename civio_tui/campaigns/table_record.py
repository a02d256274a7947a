"""A networked table's rounds in one player's own save folder, so the review, replays,
statistics and exports read them as any other game's.

Each player's own process writes its own record: for CIVIO the campaign "Table CODE", for Easy
Play the named Easy Play game "Table CODE", for Concentration an entry under the table's code in
the other games' records (`games-records.json`). The table's seats are the record's players
(people as `human`, computers at their level) and its seed is the table's seed, so a record
deals each round exactly as the table did (`cards.game.round_seed`, the deal moving one seat
left); a CIVIO round's logged actions are applied through `CampaignSession`, which records a
finished round as it does for any game. A round already in the record is never written again.

The app's table screens and the terminal's `civio table play` both keep rounds through
`record_table_rounds`. Two processes of one player (a browser tab and a terminal) may both
write a table's record: what they write is the same (the table's log decides it) and each file
is replaced whole, so neither can spoil the other's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cards.deck import Deck
from cards.games.civio.round import Round
from cards.ranks import DEFAULT_TARGET
from civio_tui.campaigns.catalogue import NoSuchCampaignError, new_campaign, open_campaign
from civio_tui.campaigns.model import Campaign
from civio_tui.campaigns.session import CampaignSession
from civio_tui.campaigns.store import SaveError, resolve_save_dir
from civio_tui.game_backends import HUMAN
from civio_tui.games import CIVIO, CONCENTRATION, EASY_PLAY
from civio_tui.seating import Seat
from civio_tui.tables import ops
from civio_tui.tables.games import TableMatch
from civio_tui.tables.live import LiveTable
from civio_tui.tables.ops import Table
from civio_tui.tables.store import TableStore


def record_name(code: str) -> str:
    return f"Table {code}"


def table_seats(table: Table) -> list[Seat]:
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
        seats=table_seats(table),
    )


@dataclass(frozen=True)
class KeptRounds:
    """What keeping a table's finished rounds came to."""

    problem: str | None = None
    """One sentence saying why the rounds could not be kept; None when the record holds them."""
    campaign: Campaign | None = None
    """CIVIO: the player's campaign of the table as it now is (its replays, its ratings)."""


def record_table_rounds(
    save_dir: str | Path | None, table: Table, match: TableMatch, deck: Deck
) -> KeptRounds:
    """Write every finished round of `match` not yet in this player's record (see the module)."""
    keep = _KEEPERS.get(table.row.game)
    if keep is None:
        return KeptRounds()
    if deck.sha256 != match.deck.sha256:
        return KeptRounds("This table's rounds are not kept in your games: it plays another deck.")
    finished = [e for e in match.engines if e.is_over]
    if not finished:
        return KeptRounds()
    try:
        return keep(save_dir, table, match, finished, deck)
    except (SaveError, OSError, ValueError) as exc:
        return KeptRounds(f"Table {table.code}'s round could not be kept in your games: {exc}")


def keep_ended_tables(
    store: TableStore, name: str, save_dir: str | Path | None, deck: Deck, *, done: set[str]
) -> list[tuple[Table, KeptRounds]]:
    """Keep the rounds of `name`'s ended tables not in `done` (each code is added to it): each
    table with what keeping it came to. A seat's own screen keeps each round it sees end; a
    player who left or was away when the game ended saw none, and the ended table leaves their
    list."""
    kept = []
    for table in ops.list_tables(store, (ops.ENDED,), seated=name):
        if table.code in done:
            continue
        done.add(table.code)
        live = LiveTable(store, table.code)
        kept.append((live.table, record_table_rounds(save_dir, live.table, live.match, deck)))
    return kept


def _keep_civio(
    save_dir: str | Path | None, table: Table, match: TableMatch, finished: list[Any], deck: Deck
) -> KeptRounds:
    """CIVIO: a campaign, each round replayed through `CampaignSession`."""
    session = _open(save_dir, table, match, deck)
    for k in range(session.campaign.rounds_played, len(finished)):
        played: Round = finished[k]
        rnd = session.next_round()
        if (rnd.seed, rnd.dealer) != (played.seed, played.dealer):
            return KeptRounds(
                f"Table {table.code}'s round {k + 1} does not deal as your record does."
            )
        for action in played.actions:
            session.apply(action)
    return KeptRounds(campaign=session.campaign)


def _keep_easy_play(
    save_dir: str | Path | None, table: Table, match: TableMatch, finished: list[Any], deck: Deck
) -> KeptRounds:
    """Easy Play: a named Easy Play game of the finished rounds (its file is written again
    only when a round was added)."""
    from cards.games.easy_play.game import EasyPlayGame
    from civio_tui.easy_play_save import EasyPlayStore

    store = EasyPlayStore(resolve_save_dir(save_dir), record_name(table.code), deck)
    if store.path.exists():
        saved = store.read()
        if saved is None:
            return KeptRounds(store.problem)
        if len(saved.game.rounds) >= len(finished):
            return KeptRounds()
    game = EasyPlayGame(
        seats=match.seats,
        rules=match.rules,
        seed=match.seed,
        target=match.target,
        max_rounds=match.rounds,
        deck=deck,
        rounds=list(finished),
    )
    return KeptRounds(store.save(game, table_seats(table)))


def _keep_concentration(
    save_dir: str | Path | None, table: Table, match: TableMatch, finished: list[Any], deck: Deck
) -> KeptRounds:
    """Concentration: the table's pairs in the records of the other games
    (`games-records.json`), by table code."""
    from civio_tui.records import RecordsFile, TableResult

    records = RecordsFile(save_dir)
    result = TableResult(
        players=[seat.name for seat in table_seats(table)],
        scores=[sum(e.result.scores[s] for e in finished) for s in range(match.seats)],
        turns=sum(sum(e.turns) for e in finished),
        deals=len(finished),
    )
    if not records.records.record_concentration_table(table.code, result):
        return KeptRounds()
    return KeptRounds(records.save())


_KEEPERS = {
    CIVIO.id: _keep_civio,
    EASY_PLAY.id: _keep_easy_play,
    CONCENTRATION.id: _keep_concentration,
}
"""How each game's table rounds are kept in a player's own games."""
