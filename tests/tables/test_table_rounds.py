"""Whole games at one table, each seat followed by its own connection (as by its own tab's
process): every view offered to a seat is checked against what that seat may know, and every
seat's copy ends where the log says."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cards.deck import Deck, standard_deck
from cards.games.civio.view import PlayerView
from cards.games.concentration.game import ConcentrationView
from cards.games.easy_play.round import EasyPlayView
from civio_tui.tables import ops
from civio_tui.tables.games import computer_rng
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import TableStore

NAMES = ("Ana", "Ben", "Cy")
MAX_ACTIONS = 3000


class Knowledge:
    """What one seat has been shown through channels it may see: its own cards, the public
    cards (discard pile, face-up rows, laid pairs) and the cards named in the event log as
    told to this seat."""

    def __init__(self, deck: Deck, seat: int) -> None:
        self.deck = deck
        self.seat = seat
        self.cards: set[int] = set()
        self.events_read = 0

    def read_events(self, events: list[Any]) -> None:
        for event in events[self.events_read :]:
            try:
                text = event.describe(self.deck, self.seat, NAMES)
            except TypeError:
                text = event.describe(self.deck, self.seat)
            for card_id, card in enumerate(self.deck):
                if text and card.name in text:
                    self.cards.add(card_id)
        self.events_read = len(events)


def check_civio(view: PlayerView, truth: Any, known: Knowledge) -> None:
    s = view.seat
    held = [sorted(truth.face_up[p] + truth.hidden[p]) for p in range(truth.seats)]
    assert sorted(view.hand) == held[s]
    known.read_events(truth.events)
    known.cards.update(view.hidden, view.face_up, view.discard_pile)
    for p in view.players:
        known.cards.update(p.face_up)
    if view.result is not None:  # every hand is laid down for scoring
        for hand in view.result.hands:
            known.cards.update(hand)
    for p in view.opponents():
        assert p.hidden_count + len(p.face_up) == len(held[p.seat])
        assert set(p.known_hidden) <= set(held[p.seat])
        assert set(p.known_hidden) <= known.cards, f"seat {s} sees unshown cards of {p.seat}"
    pending = view.pending
    if pending is not None and pending.seat != s:
        for card in (pending.drawn, pending.confiscated):
            assert card is None or card in known.cards


def check_easy_play(view: EasyPlayView, truth: Any, known: Knowledge) -> None:
    s = view.seat
    assert view.hand == truth.hands[s]
    assert view.hand_counts == [len(h) for h in truth.hands]
    known.read_events(truth.events)
    known.cards.update(view.hand, view.discard_pile)
    for pairs in view.laid:
        for pair in pairs:
            known.cards.update(pair)
    if view.result is not None:
        for hand in view.result["hands"]:
            known.cards.update(hand)
    for o, cards in enumerate(view.known_in_hand):
        assert set(cards) <= set(truth.hands[o])
        assert set(cards) <= known.cards, f"seat {s} sees unshown cards of {o}"
    if view.drawn is not None and view.current_seat != s:
        assert view.drawn in known.cards


def check_concentration(view: ConcentrationView, truth: Any, turned: set[int]) -> None:
    """Only cards turned up so far appear, each at its own place."""
    shown = [(p, c) for p, (c, _) in view.captured.items()] + list(view.seen)
    if view.first is not None:
        shown.append(view.first)
    for position, card in shown:
        assert position in turned
        assert truth.grid[position] == card


def truth_of(live: LiveTable) -> Any:
    return live.match.engines[-1]


@pytest.mark.parametrize(
    ("game", "options"),
    [("civio", {"rounds": 1}), ("easy-play", {"rounds": 1}), ("concentration", {})],
)
def test_a_whole_table_game_shows_each_seat_only_what_it_may_know(
    tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    deck = standard_deck()
    host = TableStore.in_root(tmp_path)
    code = ops.open_table(host, "Ana", game, 3, options, now=0, seed=21).code
    ops.join(host, code, "Ben", now=0)
    ops.start(host, code, "Ana", now=0)
    people = [LiveTable(TableStore.in_root(tmp_path), code) for _ in range(2)]
    server = LiveTable(TableStore.in_root(tmp_path), code)
    knowledge = [Knowledge(deck, s) for s in range(3)]
    rng = random.Random(4)
    for _ in range(MAX_ACTIONS):
        server.drive("server", now=1)
        for tab in people:
            tab.refresh()
        tabs = [*people, server]
        assert {t.log_length for t in tabs} == {server.log_length}
        truth = truth_of(server)
        with host.read() as tx:
            turned = {a.action.get("position", -1) for a in tx.actions(code)}
        for seat, tab in enumerate(tabs):
            view = tab.view(seat)
            if game == "civio":
                check_civio(view, truth, knowledge[seat])  # type: ignore[arg-type]
            elif game == "easy-play":
                check_easy_play(view, truth, knowledge[seat])  # type: ignore[arg-type]
            else:
                check_concentration(view, truth, turned)  # type: ignore[arg-type]
        pending = server.match.pending
        if pending is None:
            break
        tab = people[pending.seat]
        other = people[1 - pending.seat]
        wrong = other.submit(pending.options[0], name=NAMES[1 - pending.seat], now=1)
        assert wrong.status == "refused"
        choice = tab.match.computer_action("easy" if game != "concentration" else "hard", rng)
        assert tab.submit(choice, name=NAMES[pending.seat], now=1).applied
    else:
        pytest.fail(f"the game did not end within {MAX_ACTIONS} actions")
    assert server.table.state == ops.ENDED
    assert server.match.is_over
    with host.read() as tx:
        logged = tx.actions(code)
    assert {a.seat for a in logged} == {0, 1, 2}
    assert [a.by_computer for a in logged] == [a.seat == 2 for a in logged]
    refusals = [n for n in server.notices if n.kind == "refused"]
    assert len(refusals) == sum(1 for a in logged if a.seat != 2)
    for s in (host, *(t.store for t in (*people, server))):
        s.close()


def test_computer_choices_repeat_from_the_seed_and_log_length() -> None:
    first = [computer_rng(7, n).random() for n in range(3)]
    assert first == [computer_rng(7, n).random() for n in range(3)]
    assert len(set(first)) == 3
    assert computer_rng(8, 0).random() != first[0]
