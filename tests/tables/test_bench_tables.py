"""`civio bench tables`: its sizes are checked, and the delay of a move is read from what each
seat's Log box shows (the served run itself: tests/serve/test_tables_bench.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from civio_tui.bench.tables import answer_keys, log_after, logs_by_seat, shown_upto, squeezed
from civio_tui.cli import main
from civio_tui.tables import ops
from civio_tui.tables.store import TableStore


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--tables", "0"], "give 1 to 20 tables"),
        (["--seats", "5"], "a table has 2 to 4 seats"),
        (["--seconds", "0"], "give 1 to 600 seconds"),
        (["--think", "-1"], "give 0 to 30 seconds"),
    ],
)
def test_bench_tables_refuses_bad_sizes(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main(["bench", "tables", *argv]) == 2
    assert words in capsys.readouterr().err


def test_a_frame_shows_the_most_actions_whose_log_ends_its_log_box() -> None:
    log = [squeezed(words) for words in ("", "Ana drew.", "Ana drew. Ben drew.")]
    log.append(log[-1] + squeezed("Ana drew."))
    frames = [
        (1.0, squeezed("— Round 1 — Ana deals. Rules: booklet.")),  # the heading alone
        (2.0, squeezed("— Round 1 — Ana deals. Rules: booklet. Ana drew.")),
        (3.0, squeezed("Ben drew. Ana drew.")),  # the top lines scrolled out of the box
        (4.0, squeezed("Ben drew.")),  # no longer the end of any log: not fewer than before
    ]
    assert shown_upto(frames, log) == [(1.0, 0), (2.0, 1), (3.0, 3), (4.0, 3)]


def _played(root: Path, moves: int) -> tuple[ops.Table, list[dict[str, object]]]:
    """A 2-seat table started in `root` and `moves` random legal actions of its round."""
    with TableStore.in_root(root) as store:
        table = ops.open_table(store, "Ana", "civio", 2, {"rounds": 1}, now=1.0, seed=3)
        ops.join(store, table.code, "Ben", now=1.0)
        ops.start(store, table.code, "Ana", now=1.0)
        table = ops.read_table(store, table.code)
    match = ops.replay(table, [])
    actions = []
    rng = random.Random(1)
    for _ in range(moves):
        pending = match.pending
        assert pending is not None
        actions.append(rng.choice(pending.options))
        match.apply(actions[-1])
    return table, actions


def test_each_seat_reads_its_own_log_of_the_round(tmp_path: Path) -> None:
    table, actions = _played(tmp_path, 12)
    logs = logs_by_seat(table, actions)
    assert [len(log) for log in logs] == [13, 13]
    assert squeezed("Ana chose which cards to lay face up.") in logs[1][-1]
    assert all(len(log[-1]) > len(log[4]) for log in logs)  # the turns after the opening
    assert logs[0][-1] != logs[1][-1]  # a card drawn from the supply is named to its drawer


def test_answer_keys_mark_the_cards_still_missing_at_the_opening_else_pick_an_option() -> None:
    cards = ["Mark 2 cards to keep hidden", "1   [C] Reed v Reed", "2   [I] Press", "3   [A] 4th"]
    assert answer_keys([*cards, "4 Done (mark 2 more to keep hidden)"], random.Random(1)) == [
        "1",
        "2",
        "4",
    ]
    one_marked = [cards[0], "1 ▒ [C] Reed v Reed", *cards[2:]]
    assert answer_keys([*one_marked, "4 Done (mark 1 more to keep hidden)"], random.Random(1)) == [
        "2",
        "4",
    ]
    assert answer_keys([*one_marked, "4 Done: lay the other 5 face up"], random.Random(1)) == ["4"]
    draw = ["Draw a card:", "", "1 Draw the top card", "2 Take from the discard pile"]
    assert answer_keys(draw, random.Random(1)) in (["1"], ["2"])


def _log_box(text: str, thumb: str) -> list[str]:
    """`text` as a Log box's rows of 30 characters, a scrollbar's thumb in their last column."""
    return [text[i : i + 30].ljust(30) + thumb for i in range(0, len(text), 30)]


def test_the_screen_after_a_seats_answer_is_told_by_its_log_box_whatever_its_scrollbar(
    tmp_path: Path,
) -> None:
    table, actions = _played(tmp_path, 8)
    log = logs_by_seat(table, actions)[1]
    # Ben answers with his discard, the 4th action: his log after 3 actions, then after 4.
    before, after = log[3], log[4]
    assert before != after
    assert not log_after(_log_box(before, "▇"), log, 4)  # a frame drawn before the answer
    assert log_after(_log_box(after, "▇"), log, 4)
    assert log_after(_log_box(after[-60:], "▄"), log, 4)  # its top rows scrolled away
    assert log_after(_log_box(log[6], " "), log, 4)  # later moves drawn too
    assert not log_after(None, log, 4)  # no Log box on screen
