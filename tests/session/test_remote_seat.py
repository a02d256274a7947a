"""The remote seat: a networked table played through each person's own session, other seats'
moves arriving from the table's log; one process plays the computers; a stale tab is told the
table moved on; a tab draws only its own seat."""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from ai import get_player
from ai.easy_play.levels import LEVELS
from cards.deck import standard_deck
from cards.games.civio.actions import Decision
from cards.games.civio.round import Round
from cards.games.civio.round_phases import FaceUpHandler
from cards.games.concentration.game import TurnCard
from civio_tui.session import PERSON, REMOTE, Over, Show
from civio_tui.session.remote import ActionRefused, TableMovedOn, TableTab
from civio_tui.tables import ops
from civio_tui.tables.store import FILE_NAME, TableStore


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def seated_table(root: Path, game: str, options: dict[str, Any], seats: int = 3) -> str:
    with TableStore.in_root(root) as store:
        code = ops.open_table(store, "Ana", game, seats, options, now=0, seed=8).code
        ops.join(store, code, "Ben", now=0)
        ops.start(store, code, "Ana", now=0)
    return code


def tab(root: Path, code: str, name: str, clock: Clock) -> TableTab:
    return TableTab(TableStore.in_root(root), code, name, owner=f"{name}-tab", clock=clock)


def choose(game: str, tab_: TableTab, rng: random.Random) -> Any:
    session = tab_.session
    view = session.view(tab_.seat)
    if game == "civio":
        return get_player("easy").choose(view, session.decision, rng)
    return LEVELS.player("easy", standard_deck()).choose(view, session.decision, rng)


@pytest.mark.parametrize(("game", "rounds"), [("civio", 1), ("easy-play", 2)])
def test_two_people_and_a_computer_play_a_table_through_their_sessions(
    tmp_path: Path, game: str, rounds: int
) -> None:
    code = seated_table(tmp_path, game, {"rounds": rounds})
    clock = Clock()
    tabs = [tab(tmp_path, code, name, clock) for name in ("Ana", "Ben")]
    rng = random.Random(1)
    went_on = [0, 0]
    for _ in range(5000):
        for t in tabs:
            t.poll()
        if all(t.match.is_over and t.session.engine is t.match.engines[-1] for t in tabs):
            break
        for t in tabs:
            step = t.session.next_step()
            screen = t.session.screen(step)
            assert screen.view is None or screen.view.seat == t.seat
            if isinstance(step, Over):
                went_on[t.seat] += t.next_round()
            elif t.session.to_move() == PERSON:
                assert isinstance(step, Show) and step.seat == t.seat
                t.session.apply(choose(game, t, rng))
            else:
                assert t.session.to_move() == REMOTE
    else:
        pytest.fail("the table did not finish")
    assert went_on == [rounds - 1, rounds - 1]
    with TableStore.in_root(tmp_path) as store:
        table = ops.read_table(store, code)
        with store.read() as tx:
            logged = tx.actions(code)
    assert table.state == ops.ENDED
    computer_moves = sum(a.by_computer for a in logged)
    assert computer_moves > 0
    assert (tabs[0].drove, tabs[1].drove) == (computer_moves, 0)
    assert {a.seat for a in logged if not a.by_computer} == {0, 1}
    for t in tabs:
        assert t.thinking() is None
        assert t.live.log_length == len(logged)


def test_a_tab_draws_only_its_own_seat(tmp_path: Path) -> None:
    code = seated_table(tmp_path, "civio", {"rounds": 1})
    ben = tab(tmp_path, code, "Ben", Clock())
    assert ben.session.view(1).seat == 1
    with pytest.raises(ValueError, match="shows seat 2 only"):
        ben.session.view(0)
    assert [s.kind for s in ben.session.seats] == [REMOTE, PERSON, REMOTE]


def test_a_stale_tab_is_told_the_table_moved_on_and_catches_up(tmp_path: Path) -> None:
    code = seated_table(tmp_path, "concentration", {}, seats=2)
    clock = Clock()
    old, new = tab(tmp_path, code, "Ana", clock), tab(tmp_path, code, "Ana", clock)
    new.session.apply(TurnCard(0))
    with pytest.raises(TableMovedOn, match="moved on"):
        old.session.apply(TurnCard(1))
    assert old.live.log_length == 1
    assert old.session.engine.first == 0
    old.session.apply(TurnCard(1))
    assert new.poll()
    assert new.live.log_length == 2


def test_a_move_out_of_turn_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    code = seated_table(tmp_path, "concentration", {}, seats=2)
    ben = tab(tmp_path, code, "Ben", Clock())
    with pytest.raises(ActionRefused, match="it is seat 1's decision, not seat 2's"):
        ben.session.apply(TurnCard(0))
    assert ben.live.log_length == 0


def test_the_computers_move_to_another_tab_when_the_driver_dies(tmp_path: Path) -> None:
    code = seated_table(tmp_path, "concentration", {})
    clock = Clock()
    ana, ben = tab(tmp_path, code, "Ana", clock), tab(tmp_path, code, "Ben", clock)
    tabs = {0: ana, 1: ben}
    while True:
        ben.poll()
        pending = ben.live.match.pending
        assert pending is not None
        if pending.seat == 2:
            break
        mover = tabs[pending.seat]
        mover.poll()
        options = mover.session.decision.options
        mover.session.apply(TurnCard(options[-1]))
    ben.poll()
    assert ana.drove == ben.drove == 0  # Ana's tab holds the lease but stops polling: it died
    clock.now = 2.0
    ben.poll()
    assert ben.drove == 0
    assert ben.thinking() == ("Computer (easy)", 2.0)
    clock.now = 5.5
    ben.poll()
    assert ben.drove > 0
    assert ben.live.match.pending is None or ben.live.match.pending.seat != 2


def test_a_returning_person_gets_their_seat_back_on_opening_the_tab(tmp_path: Path) -> None:
    code = seated_table(tmp_path, "concentration", {}, seats=2)
    with TableStore.in_root(tmp_path) as store:
        assert ops.mark_absent(store, code, now=500) == [0, 1]
    clock = Clock()
    clock.now = 501
    ana = tab(tmp_path, code, "Ana", clock)
    assert ana.live.table.label(0) == "Ana"
    assert [n.text for n in ana.new_notices()][-1] == "Ana is back and plays seat 1 again"
    assert ana.new_notices() == []


def test_a_locked_table_file_is_shown_and_the_tab_plays_on_after(tmp_path: Path) -> None:
    code = seated_table(tmp_path, "concentration", {}, seats=2)
    clock = Clock()
    ana = TableTab(
        TableStore.in_root(tmp_path, timeout=0.1), code, "Ana", owner="Ana-tab", clock=clock
    )
    other = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    clock.now = 10.0  # a heartbeat is due: the poll must write
    assert ana.poll()
    assert ana.problem is not None and "locked by another program" in ana.problem
    with pytest.raises(ActionRefused, match="locked by another program"):
        ana.session.apply(TurnCard(0))
    other.execute("ROLLBACK")
    other.close()
    assert ana.poll()
    assert ana.problem is None
    ana.session.apply(TurnCard(0))
    assert ana.live.log_length == 1


def three_people(root: Path) -> str:
    with TableStore.in_root(root) as store:
        code = ops.open_table(store, "Ana", "civio", 3, {"rounds": 1}, now=0, seed=8).code
        ops.join(store, code, "Ben", now=0)
        ops.join(store, code, "Cy", now=0)
        ops.start(store, code, "Ana", now=0)
    return code


def test_everyone_chooses_the_opening_at_once_and_the_table_takes_the_choices_in_seat_order(
    tmp_path: Path,
) -> None:
    code = three_people(tmp_path)
    clock = Clock()
    ana, ben, cy = (tab(tmp_path, code, name, clock) for name in ("Ana", "Ben", "Cy"))
    # The table asks Ana; Ben and Cy are asked their own choice at the same moment.
    assert ana.session.decision.seat == 0
    asked = [t.session.early_decision(t.seat) for t in (ben, cy)]
    assert [d.seat for d in asked] == [1, 2]
    assert ana.session.early_decision(0) is None  # hers is the table's question now
    chosen = {t.seat: d.options[3] for t, d in zip((ben, cy), asked, strict=True)}
    # Cy and Ben answer before Ana: each answer is kept by its own tab, nothing is logged.
    cy.session.apply(chosen[2])
    ben.session.apply(chosen[1])
    assert (ben.live.log_length, cy.live.log_length) == (0, 0)
    assert ben.session.early_decision(1) is None  # answered: not asked again
    chosen[0] = ana.session.decision.options[0]
    ana.session.apply(chosen[0])
    cy.poll()  # the table asks Ben now: Cy's choice waits
    assert cy.early == chosen[2] and cy.live.log_length == 1
    ben.poll()
    cy.poll()
    with TableStore.in_root(tmp_path) as store, store.read() as tx:
        logged = tx.actions(code)
    assert [(a.seat, a.action["cards"]) for a in logged] == [
        (s, list(chosen[s].cards)) for s in range(3)
    ]
    ana.poll()
    rnd = ana.session.engine
    assert [sorted(rnd.face_up[s]) for s in range(3)] == [sorted(chosen[s].cards) for s in range(3)]
    assert ben.early is cy.early is None and ben.told == cy.told == []


def test_an_early_answer_that_is_not_a_choice_of_the_seat_is_refused_and_not_kept(
    tmp_path: Path,
) -> None:
    code = three_people(tmp_path)
    clock = Clock()
    ana, ben = tab(tmp_path, code, "Ana", clock), tab(tmp_path, code, "Ben", clock)
    with pytest.raises(ActionRefused, match="not one of your choices"):
        ben.session.apply(ana.session.decision.options[0])  # Ana's cards, not his
    assert ben.early is None
    assert ben.session.early_decision(1) is not None


def test_a_kept_opening_choice_is_dropped_when_its_person_leaves_the_table(tmp_path: Path) -> None:
    code = three_people(tmp_path)
    clock = Clock()
    ana, ben = tab(tmp_path, code, "Ana", clock), tab(tmp_path, code, "Ben", clock)
    ben.session.apply(ben.session.early_decision(1).options[0])
    ben.leave()
    assert ben.early is None
    ana.session.apply(ana.session.decision.options[0])
    ana.poll()  # Ana's tab drives the computers: the stand-in chooses for Ben
    assert ana.live.log_length >= 2
    with TableStore.in_root(tmp_path) as store, store.read() as tx:
        assert tx.actions(code)[1].by_computer


def test_a_screen_reading_its_question_while_the_poll_takes_in_a_move_keeps_its_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screen's thread reads the tab's match (its question, who is thinking) while the
    poll's thread takes in the others' moves: a question worked out while a move came in must
    not outlive that move in the match the poll keeps up."""
    code = three_people(tmp_path)
    clock = Clock()
    ana, ben, cy = (tab(tmp_path, code, name, clock) for name in ("Ana", "Ben", "Cy"))
    ana.session.apply(ana.session.decision.options[0])
    ben.poll()
    reading, read_on = threading.Event(), threading.Event()
    asked = FaceUpHandler.decision_of

    def slow_question(handler: FaceUpHandler, rnd: Round, seat: int) -> Decision:
        decision = asked(handler, rnd, seat)
        if threading.current_thread() is screen:
            reading.set()
            read_on.wait(10)
        return decision

    monkeypatch.setattr(FaceUpHandler, "decision_of", slow_question)
    screen = threading.Thread(target=ana.thinking)  # Ana's screen: who is thinking now?
    screen.start()
    assert reading.wait(10)
    ben.session.apply(ben.session.decision.options[0])
    assert ana.poll_table()  # the poll's thread takes Ben's choice in meanwhile
    read_on.set()
    screen.join()
    assert ana.catch_up()  # the screen's thread, once the poll has told it
    assert ana.thinking() == ("Cy", 0.0)
    cy.poll()
    cy.session.apply(cy.session.decision.options[0])
    assert ana.poll()
    with TableStore.in_root(tmp_path) as store, store.read() as tx:
        logged = [a.action for a in tx.actions(code)]
    assert len(logged) == ana.live.log_length == 3
    replayed = ops.replay(ana.live.table, logged).engines[-1].events
    assert ana.live.match.engines[-1].events == ana.session.engine.events == replayed
