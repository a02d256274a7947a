"""A networked table's CIVIO round kept in each player's own save folder: the same round,
replayable, in every person's record, written once however often it is asked."""

from __future__ import annotations

from pathlib import Path

from cards.deck import Deck
from civio_tui.campaigns.catalogue import open_campaign
from civio_tui.campaigns.table_record import (
    keep_ended_tables,
    record_name,
    record_table_rounds,
)
from civio_tui.easy_play_save import list_easy_games
from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import TableStore


def played_table(root: Path, game: str = "civio", rounds: int = 1) -> LiveTable:
    """Ana and Ben at a 3-seat table with a computer; both leave at once, so the computers
    play the whole game."""
    store = TableStore.in_root(root)
    options = {"rounds": rounds}
    table = ops.open_table(store, "Ana", game, 3, options, now=0.0, seed=11)
    ops.join(store, table.code, "Ben", now=0.0)
    ops.start(store, table.code, "Ana", now=0.0)
    for name in ("Ana", "Ben"):
        ops.leave(store, table.code, name, now=1.0)
    live = LiveTable(store, table.code)
    live.drive("test", now=2.0)
    assert live.table.state == ops.ENDED
    return live


def test_each_players_folder_holds_the_tables_round_once(tmp_path: Path, standard: Deck) -> None:
    live = played_table(tmp_path / "class")
    records = []
    for name in ("ana", "ben"):
        folder = tmp_path / name
        for _ in range(2):  # asked again (a redraw, a return to the table): not written twice
            kept = record_table_rounds(folder, live.table, live.match, standard)
            assert kept.problem is None
        camp = open_campaign(record_name(live.code), save_dir=folder, deck=standard).campaign
        assert kept.campaign == camp  # the record as kept is the one in the folder
        assert [p.name for p in camp.players] == ["Ana", "Ben", "Computer 3"]
        assert camp.finished and len(camp.history) == 1
        records.append(camp.history[0])
    record = records[0]
    assert records[1] == record
    played = live.match.engines[0]
    assert record.points == dict(
        zip(["Ana", "Ben", "Computer 3"], played.result.scores, strict=True)
    )
    assert record.actions is not None and len(record.actions) == len(played.actions)


def test_a_game_that_ended_while_its_players_were_away_is_kept_once_in_their_folders(
    tmp_path: Path, standard: Deck
) -> None:
    live = played_table(tmp_path / "class")
    done: set[str] = set()
    assert keep_ended_tables(live.store, "Cy", tmp_path / "cy", standard, done=done) == []
    (kept,) = keep_ended_tables(live.store, "ANA", tmp_path / "ana", standard, done=done)
    assert kept[0].code == live.code and kept[1].problem is None
    camp = open_campaign(record_name(live.code), save_dir=tmp_path / "ana", deck=standard)
    assert camp.campaign.finished and len(camp.campaign.history) == 1
    # Looked at once: the next visit to Tables does not replay it again.
    assert keep_ended_tables(live.store, "Ana", tmp_path / "ana", standard, done=done) == []


def test_an_easy_play_tables_rounds_are_a_named_easy_play_game_in_each_folder(
    tmp_path: Path, standard: Deck
) -> None:
    live = played_table(tmp_path / "class", "easy-play", rounds=2)
    games = []
    for name in ("ana", "ben"):
        folder = tmp_path / name
        for _ in range(2):
            kept = record_table_rounds(folder, live.table, live.match, standard)
            assert kept.problem is None and kept.campaign is None
        (summary,) = list_easy_games(folder, standard)
        assert summary.name == record_name(live.code) and summary.saved is not None
        saved = summary.saved
        assert saved.names == ["Ana", "Ben", "Computer 3"] and saved.finished
        games.append(saved.game)
    # The second deal's views carry the first's points, as a campaign's do.
    first, second = live.match.engines
    assert second.scores_before == tuple(first.result.scores)
    for game in games:
        assert game.totals == live.match.totals
        assert [r.actions for r in game.rounds] == [e.actions for e in live.match.engines]
