"""Table operations: opening, joining (and every refusal), starting, leaving, a computer standing
in for an absent person and giving the seat back, closing, actions refused for the wrong seat,
and the commit marks of tables no seat waits on any more removed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import MARKS_NAME, TableStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TableStore]:
    with TableStore.in_root(tmp_path) as s:
        yield s


def fixed_codes(*codes: str):  # type: ignore[no-untyped-def]
    """A `choose` that spells the given codes one character at a time."""
    letters = iter("".join(codes))
    return lambda alphabet: next(letters)


def open_civio(store: TableStore, seats: int = 3, **kwargs: object) -> ops.Table:
    return ops.open_table(store, "Ana", "civio", seats, {"rounds": 1}, now=0, seed=5, **kwargs)  # type: ignore[arg-type]


def log_and_seats(store: TableStore, code: str) -> tuple[int, tuple[object, ...], str]:
    table = ops.read_table(store, code)
    return table.log_length, table.seats, table.state


def test_a_table_has_a_short_code_without_look_alikes(store: TableStore) -> None:
    rng = random.Random(3)
    codes = {
        ops.open_table(store, f"Host {n}", "civio", 2, now=0, choose=rng.choice).code
        for n in range(40)
    }
    assert len(codes) == 40
    for code in codes:
        assert len(code) == 4
        assert not set(code) & set("0O1IL2Z5S8B")


def test_opening_seats_the_host_and_keeps_the_options(store: TableStore) -> None:
    table = ops.open_table(
        store, "Ana", "easy-play", 4, {"rules": "summary", "target": "judge"},
        now=0, seed=9, computer="easy", absent_after=30, choose=fixed_codes("KQ7M"),
    )  # fmt: skip
    assert table.code == "KQ7M"
    assert table.state == ops.OPEN
    assert [table.label(s) for s in range(4)] == ["Ana", "empty", "empty", "empty"]
    assert table.row.options == {
        "rules": "summary", "target": "Judge", "rounds": None, "computer": "easy"
    }  # fmt: skip
    assert (table.row.seed, table.row.absent_after) == (9, 30)


@pytest.mark.parametrize(
    ("game", "seats", "options", "words"),
    [
        ("chess", 2, {}, "no table game 'chess'"),
        ("civio", 5, {}, "played by 2 to 4, not 5"),
        ("civio", 2, {"rules": "house"}, "unknown rule version"),
        ("civio", 2, {"rounds": 0}, "plays 1 to 1,000 rounds, not 0"),
        ("civio", 2, {"rounds": 1001}, "1 to 1,000 rounds, not 1001"),
        ("concentration", 2, {"speed": 3}, "unknown table options"),
        ("concentration", 2, {"target": "Judge"}, "for a number of rounds, not to a rank"),
        ("solitaire", 2, {}, "no table game 'solitaire'"),
    ],
)
def test_opening_with_bad_settings_is_refused(
    store: TableStore, game: str, seats: int, options: dict[str, object], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        ops.open_table(store, "Ana", game, seats, options, now=0)
    assert ops.list_tables(store) == []


def test_a_player_waits_at_no_more_than_three_tables_at_once(store: TableStore) -> None:
    mine = [open_civio(store).code for _ in range(ops.MAX_WAITING - 1)]
    bens = ops.open_table(store, "Ben", "civio", 3, now=0).code
    ops.join(store, bens, "Ana", now=0)
    cys = ops.open_table(store, "Cy", "civio", 3, now=0).code
    before = [log_and_seats(store, code) for code in (*mine, bens, cys)]
    with pytest.raises(ops.TableRefused, match="ana already waits at 3 tables not yet started"):
        ops.open_table(store, "ana", "civio", 2, now=1)
    with pytest.raises(ops.TableRefused, match=f"Ana already waits at 3 .*{bens}"):
        ops.join(store, cys, "Ana", now=1)  # nor take a classmate's empty seat
    assert [t.code for t in ops.list_tables(store)] == [*mine, bens, cys]  # nothing changed
    assert [log_and_seats(store, code) for code in (*mine, bens, cys)] == before
    ops.leave(store, bens, "Ana", now=1)  # her seat at Ben's table is free again
    ops.join(store, cys, "Ana", now=1)
    later = ops.OPEN_TABLE_HOURS * 3600 + 1  # the waiting ones have expired: none counts
    assert ops.open_table(store, "Ana", "civio", 2, now=later).row.host == "Ana"


def test_join_takes_the_first_empty_seat_and_tells_the_others(store: TableStore) -> None:
    code = open_civio(store).code
    table, seat = ops.join(store, code.lower(), "Ben", now=1)
    assert seat == 1
    assert table.label(1) == "Ben"
    live = LiveTable(store, code)
    assert live.notices[-1].text == "Ben sat down at seat 2"


def test_join_refusals_change_nothing(store: TableStore) -> None:
    code = open_civio(store, seats=2).code
    ops.join(store, code, "Ben", now=1)
    before = log_and_seats(store, code)
    cases = [
        ("QQQQ", "Cy", "no table has the code QQQQ"),
        ("KQ0M", "Cy", "not a table code"),
        (code, "ana", "Ana already has seat 1"),
        (code, "Cy", "is full"),
        (code, "\u202eyC", "control character U\\+202E"),
    ]
    for join_code, name, words in cases:
        with pytest.raises(ops.TableRefused, match=words):
            ops.join(store, join_code, name, now=2)
    assert log_and_seats(store, code) == before


def test_a_started_ended_closed_or_stale_table_cannot_be_joined(store: TableStore) -> None:
    started = open_civio(store, seats=3).code
    ops.start(store, started, "Ana", now=1)
    closed = open_civio(store).code
    ops.close(store, closed, now=1)
    stale = open_civio(store).code
    ended = ops.open_table(store, "Ana", "concentration", 2, now=0, seed=1).code
    ops.start(store, ended, "Ana", now=1)
    ops.leave(store, ended, "Ana", now=1)
    live = LiveTable(store, ended)
    live.drive("test", now=2)
    assert live.table.state == ops.ENDED
    expected = {
        started: "is full",
        closed: "closed by the teacher: its code has expired",
        stale: "has expired",
        ended: "has ended",
    }
    for code, words in expected.items():
        with pytest.raises(ops.TableRefused, match=words):
            ops.join(store, code, "Cy", now=ops.OPEN_TABLE_HOURS * 3600 + 10)


def test_start_is_the_hosts_and_fills_empty_seats_with_computers(store: TableStore) -> None:
    code = open_civio(store, seats=4, computer="hard").code
    ops.join(store, code, "Ben", now=1)
    with pytest.raises(ops.TableRefused, match="only Ana"):
        ops.start(store, code, "Ben", now=2)
    table = ops.start(store, code, "ana", now=2)
    assert table.state == ops.PLAYING
    assert [table.label(s) for s in range(4)] == ["Ana", "Ben"] + ["Computer (hard)"] * 2
    with pytest.raises(ops.TableRefused, match="already started"):
        ops.start(store, code, "Ana", now=3)


def test_list_shows_open_and_playing_tables_only(store: TableStore) -> None:
    waiting = open_civio(store).code
    playing = open_civio(store).code
    ops.start(store, playing, "Ana", now=1)
    closed = open_civio(store).code
    ops.close(store, closed, now=1)
    assert [(t.code, t.state) for t in ops.list_tables(store)] == [
        (waiting, ops.OPEN),
        (playing, ops.PLAYING),
    ]
    assert [t.code for t in ops.tables_of(store, "ANA")] == [waiting, playing]
    ops.join(store, waiting, "Zoë", now=2)  # names are casefolded beyond ASCII, as Python does
    assert [t.code for t in ops.tables_of(store, "ZOË")] == [waiting]
    assert [t.code for t in ops.list_tables(store, (ops.ABANDONED,), seated="ana")] == [closed]


def test_a_game_only_computers_play_leaves_the_classmates_lists(store: TableStore) -> None:
    code = open_civio(store, seats=2).code
    ops.join(store, code, "Ben", now=1)
    ops.start(store, code, "Ana", now=2)
    ops.leave(store, code, "Ana", now=3)
    assert [t.code for t in ops.tables_for(store, "Cy")] == [code]  # Ben still plays
    ops.leave(store, code, "Ben", now=4)
    assert ops.tables_for(store, "Cy") == []
    assert [t.code for t in ops.tables_for(store, "ben")] == [code]  # his way back
    ops.heartbeat(store, code, "Ben", now=5)
    assert [t.code for t in ops.tables_for(store, "Cy")] == [code]


def test_leaving_before_the_start_frees_the_seat(store: TableStore) -> None:
    code = open_civio(store).code
    ops.join(store, code, "Ben", now=1)
    table = ops.leave(store, code, "Ben", now=2)
    assert table.label(1) == "empty"
    table, seat = ops.join(store, code, "Cy", now=3)
    assert seat == 1


def test_leaving_during_the_game_hands_the_seat_to_the_computer(store: TableStore) -> None:
    code = open_civio(store, seats=2).code
    ops.join(store, code, "Ben", now=1)
    ops.start(store, code, "Ana", now=2)
    table = ops.leave(store, code, "Ben", now=3)
    assert table.seats[1].computer_plays
    assert table.label(1) == "Ben (computer: medium, left)"
    live = LiveTable(store, code)
    assert live.notices[-1].text == "Ben left the table; the computer (medium) plays for them"


def test_closing_records_the_table_as_abandoned(store: TableStore) -> None:
    code = open_civio(store).code
    ops.start(store, code, "Ana", now=1)
    assert ops.close(store, code, now=2).state == ops.ABANDONED
    with pytest.raises(ops.TableRefused, match="already abandoned"):
        ops.close(store, code, now=3)
    live = LiveTable(store, code)
    assert live.drive("test", now=4) == 0


def concentration_for_two(store: TableStore, absent_after: float = 120) -> str:
    code = ops.open_table(
        store, "Ana", "concentration", 2, now=0, seed=2, absent_after=absent_after
    ).code
    ops.join(store, code, "Ben", now=0)
    ops.start(store, code, "Ana", now=0)
    return code


def test_a_silent_seat_is_played_by_the_computer_and_given_back(store: TableStore) -> None:
    code = concentration_for_two(store, absent_after=120)
    ops.heartbeat(store, code, "Ben", now=100)
    live = LiveTable(store, code)
    assert live.drive("server", now=119) == 0
    assert not live.table.seats[0].stand_in
    moves = live.drive("server", now=121)
    assert moves > 0
    assert live.table.label(0) == "Ana (computer: easy, while away)"
    assert live.table.label(1) == "Ben"
    assert "Ana is away; the computer (easy) plays for them until they return" in [
        n.text for n in live.notices
    ]
    pending = live.match.pending
    assert pending is not None and pending.seat == 1
    with store.read() as tx:
        logged = tx.actions(code)
    assert [(a.seat, a.by_computer) for a in logged] == [(0, True)] * moves
    assert live.submit(pending.options[0], name="Ben", now=122).applied
    ops.heartbeat(store, code, "Ana", now=123)
    live.refresh(force=True)  # the same connection's commits do not move its data_version
    assert live.table.label(0) == "Ana"
    assert live.notices[-1].text == "Ana is back and plays seat 1 again"
    while (pending := live.match.pending) is not None and pending.seat == 1:
        assert live.submit(pending.options[0], name="Ben", now=124).applied
    assert pending is not None
    assert live.drive("server", now=125) == 0
    assert live.submit(pending.options[0], name="Ana", now=125).applied


def test_a_person_on_the_stand_in_seat_must_come_back_first(store: TableStore) -> None:
    code = concentration_for_two(store, absent_after=10)
    ops.mark_absent(store, code, now=50)
    live = LiveTable(store, code)
    pending = live.match.pending
    assert pending is not None
    result = live.submit(pending.options[0], name="Ana", now=51)
    assert (result.status, result.log_length) == ("refused", 0)
    assert "come back to the table first" in result.message


def test_actions_for_the_wrong_seat_are_refused_logged_never_applied(store: TableStore) -> None:
    code = concentration_for_two(store)
    live = LiveTable(store, code)
    pending = live.match.pending
    assert pending is not None and pending.seat == 0
    attempts = [
        ("Ben", pending.options[0], "it is seat 1's decision, not seat 2's"),
        ("Cy", pending.options[0], "Cy has no seat"),
        ("Ana", {"position": 99}, "not one of the legal actions"),
        ("Ana", {"kind": "draw", "source": "supply"}, "not one of the legal actions"),
    ]
    for name, action, words in attempts:
        result = live.submit(action, name=name, now=1)
        assert result.status == "refused"
        assert words in result.message
    computer = ops.submit(
        store, live.match, code, pending.options[0], expected=0, now=1, computer_seat=0
    )
    assert computer.message == "the computer does not play seat 1"
    live.refresh(force=True)
    assert live.log_length == 0
    with store.read() as tx:
        assert tx.log_length(code) == 0
    refused = [n.text for n in live.notices if n.kind == "refused"]
    assert len(refused) == 5
    assert refused[0] == "refused from Ben: it is seat 1's decision, not seat 2's"
    assert live.submit(pending.options[0], name="Ana", now=2).applied


def test_only_one_process_drives_the_computers_until_its_lease_ends(store: TableStore) -> None:
    code = open_civio(store).code
    ops.start(store, code, "Ana", now=0)
    assert ops.claim_driver(store, code, "tab-1", now=10, lease=5)
    assert not ops.claim_driver(store, code, "tab-2", now=14, lease=5)
    assert ops.claim_driver(store, code, "tab-1", now=14, lease=5)
    assert not ops.claim_driver(store, code, "tab-2", now=18, lease=5)
    assert ops.claim_driver(store, code, "tab-2", now=19, lease=5)


def test_opening_a_table_removes_the_marks_of_tables_no_seat_waits_on(
    store: TableStore, tmp_path: Path
) -> None:
    day = 24 * 3600.0
    codes = fixed_codes("ACDE", "CDEF", "DEFG", "EFGH", "FGHJ")
    stale = ops.open_table(store, "Ana", "civio", 2, now=0, choose=codes).code
    playing = ops.open_table(store, "Ben", "civio", 2, now=day, choose=codes).code
    ops.start(store, playing, "Ben", now=day)
    waiting = ops.open_table(store, "Cy", "civio", 2, now=day, choose=codes).code
    ended = ops.open_table(store, "Di", "civio", 2, now=day, choose=codes).code
    ops.leave(store, ended, "Di", now=day)  # the host leaves: the table is abandoned
    marks = tmp_path / MARKS_NAME
    assert not (marks / ended).exists()  # the commit that ended it removed its mark
    (marks / ended).touch()  # as a seat's watch beginning after that makes it
    (marks / "HJKM").touch()  # a table this file does not have
    new = ops.open_table(store, "Ed", "civio", 2, now=day, choose=codes).code
    assert {p.name for p in marks.iterdir()} == {playing, waiting, new}  # not stale's
    assert (ops.read_table(store, stale).state, stale) == (ops.OPEN, "ACDE")  # only expired
