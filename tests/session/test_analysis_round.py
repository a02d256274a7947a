"""The analysis board's round (civio_tui/analysis.py): "fair" deals again only the cards the
player's seat could not locate, "open" keeps every real card; the board's backend is never saved
and its computers play the replayed round's levels."""

from __future__ import annotations

import random

import pytest

from ai import get_player
from ai.civio.determinise import sample_world
from cards.deck import Deck
from cards.games.civio.actions import DecisionKind
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from civio_tui.analysis import (
    FAIR,
    OPEN,
    STAND_IN,
    AnalysisBackend,
    analysis_levels,
    analysis_round,
)
from civio_tui.game_backends import HUMAN
from civio_tui.session.tables import civio_session

SEAT = 0


def _position(deck: Deck) -> Round:
    """A 3-seat round between medium players, stopped at seat 0's first discard after seat 0
    saw an opponent take a card from the discard pile (so it knows one of their hidden cards)."""
    players = [get_player("medium") for _ in range(3)]
    for seed in range(1, 200):
        rnd = Round(RuleSet(), 3, 0, seed, deck)
        rng = random.Random(seed)
        while (d := rnd.decision) is not None:
            view = rnd.view(SEAT)
            known = any(p.known_hidden for p in view.opponents())
            if d.seat == SEAT and d.kind is DecisionKind.DISCARD and known:
                return rnd
            rnd.apply(players[d.seat].choose(rnd.view(d.seat), d, rng))
    raise AssertionError("no round where seat 0 saw a card taken from the pile")


def test_fair_keeps_what_the_seat_knew_and_every_hand_size(standard: Deck) -> None:
    real = _position(standard)
    fair = analysis_round(real, SEAT, FAIR, 7)
    # The seat sees exactly what it saw: its hand, every face-up card, the pile, the cards it
    # saw taken, each opponent's number of hidden cards, the supply's size, its decision.
    assert fair.view(SEAT) == real.view(SEAT)
    assert [len(h) for h in fair.hidden] == [len(h) for h in real.hidden]
    assert len(fair.supply) == len(real.supply)
    assert fair.hidden[SEAT] == real.hidden[SEAT]
    for p in real.view(SEAT).opponents():
        assert fair.hidden[p.seat][: len(p.known_hidden)] == p.known_hidden


def test_fair_moves_only_the_unseen_cards(standard: Deck) -> None:
    real = _position(standard)
    view = real.view(SEAT)
    unseen = set(view.unseen_cards(standard))
    moved = False
    for seed in range(5):
        fair = analysis_round(real, SEAT, FAIR, seed)
        dealt = list(fair.supply)
        for p in view.opponents():
            dealt += fair.hidden[p.seat][len(p.known_hidden) :]
        assert sorted(dealt) == sorted(unseen)  # the same cards, each once, nothing else
        moved |= fair.hidden != real.hidden or fair.supply != real.supply
    assert moved


def test_the_same_seed_deals_the_same_and_another_seed_differently(standard: Deck) -> None:
    real = _position(standard)
    one, again, other = (analysis_round(real, SEAT, FAIR, s) for s in (3, 3, 4))
    assert (one.hidden, one.supply) == (again.hidden, again.supply)
    assert (one.hidden, one.supply) != (other.hidden, other.supply)


def test_fair_reads_nothing_of_the_real_hidden_cards(standard: Deck) -> None:
    """Two rounds the seat cannot tell apart (the same view, other cards hidden elsewhere) are
    dealt the same fair board: only what the seat knew goes into it."""
    real = _position(standard)
    view = real.view(SEAT)
    twin = Round.from_view(view, standard, sample_world(view, standard, random.Random(99)))
    assert twin.view(SEAT) == view and twin.hidden != real.hidden
    mine, theirs = analysis_round(real, SEAT, FAIR, 5), analysis_round(twin, SEAT, FAIR, 5)
    assert (mine.hidden, mine.supply) == (theirs.hidden, theirs.supply)


def test_open_keeps_the_real_cards_and_leaves_the_replay_alone(standard: Deck) -> None:
    real = _position(standard)
    hidden, supply = [list(h) for h in real.hidden], list(real.supply)
    board = analysis_round(real, SEAT, OPEN, 1)
    assert board.hidden == real.hidden and board.supply == real.supply
    decision = board.decision
    assert decision is not None
    board.apply(decision.options[0])
    assert real.hidden == hidden and real.supply == supply and real.decision == decision


def test_a_finished_round_has_no_board(standard: Deck) -> None:
    rnd = _position(standard)
    players = [get_player("easy") for _ in range(3)]
    rng = random.Random(1)
    while (d := rnd.decision) is not None:
        rnd.apply(players[d.seat].choose(rnd.view(d.seat), d, rng))
    with pytest.raises(ValueError, match="over"):
        analysis_round(rnd, SEAT, OPEN, 1)


def test_the_player_sits_and_computers_keep_their_levels() -> None:
    assert analysis_levels(["human", "hard", "easy"], 0) == [HUMAN, "hard", "easy"]
    # Friends at one keyboard: the board is the chosen friend's; the other plays as STAND_IN.
    assert analysis_levels(["human", "human", "easy"], 1) == [STAND_IN, HUMAN, "easy"]


def test_the_board_plays_on_in_memory_and_takes_back(standard: Deck) -> None:
    real = _position(standard)
    backend = AnalysisBackend(
        analysis_round(real, SEAT, OPEN, 1),
        names=["You", "Ann", "Bob"],
        levels=[HUMAN, "medium", "medium"],
        rules=RuleSet(),
        seed=1,
        number=2,
    )
    session = civio_session(backend)
    assert session.people == (SEAT,)
    start = backend.round.decision
    assert start is not None and start.seat == SEAT
    assert not backend.take_back(SEAT)  # nothing before the board's start
    backend.apply(start.options[-1])
    while session.to_move() == "computer":
        session.apply(session.pending_choice().choose())
    assert backend.take_back(SEAT)
    assert backend.round.decision == start
    assert not backend.finished and backend.history() == []
