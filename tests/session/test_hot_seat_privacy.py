"""Hot-seat privacy for every multi-seat game, through the session the screens run on: over
many seeded random rounds with 2-4 people and computers, no screen model offered to the person
at the keyboard holds a card that person may not know, a pass screen comes exactly when the
person at the screen changes, and the table is covered while the computers play."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from ai.concentration.levels import ConcentrationPlayer
from ai.easy_play.levels import LEVELS
from cards.deck import Deck
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.games.concentration.game import Concentration, TurnCard
from cards.games.easy_play.game import EasyPlayGame
from cards.games.easy_play.round import EasyPlayView
from cards.ruleset import RuleSet
from civio_tui.game_backends import HUMAN, MemoryBackend
from civio_tui.session import (
    COMPUTER,
    PERSON,
    Cover,
    Over,
    Pass,
    Session,
    SessionSeat,
    Show,
)
from civio_tui.session.handover import RETURN_WORDS, TURN_WORDS
from civio_tui.session.tables import (
    FACE_UP_WHY,
    OVERRULE_WHY,
    civio_session,
    concentration_session,
    easy_play_session,
)

COMPUTER_LEVEL = "random"
REASONS = ("", FACE_UP_WHY, TURN_WORDS, OVERRULE_WHY, RETURN_WORDS)
"""Every reason a pass screen may give ("{name}": the person called); none tells a card."""


@dataclass
class Walk:
    """What a walk through a round saw."""

    passes: list[int] = field(default_factory=list)
    covered_moves: int = 0
    shown_moves: int = 0
    returns: int = 0


def walk(
    session: Session[Any],
    rng: random.Random,
    cards: Callable[[Any], set[int]],
    known: Callable[[int], set[int]],
    option: Callable[[Any], Any] = lambda choice: choice,
) -> Walk:
    """Play the round in play to its end as a screen does (people choose at random), checking
    every screen model the session offers: `cards(view)`, the cards a model's view holds, must
    be among `known(seat)`, what the person at the keyboard may know; `option` makes a
    decision's option an action."""
    seen = Walk()
    keyboard = None if session.hot_seat else session.people[0]
    """The person who answered the last pass screen (who sits at the keyboard)."""
    shown: int | None = keyboard
    """The person whose table is on screen now (None: a pass screen or the cover is up)."""
    for _ in range(20_000):
        step = session.next_step()
        model = session.screen(step)
        kind = session.to_move()
        if isinstance(step, Pass):
            assert session.hot_seat and step.seat in session.people
            assert step.seat != shown, "a pass screen to the person already at the screen"
            name = session.names[step.seat]
            assert step.reason in [r.format(name=name) for r in REASONS], step.reason
            assert model.view is None
            seen.passes.append(step.seat)
            session.arrived(step)
            keyboard = shown = step.seat
            seen.returns += step.returning
            continue
        if isinstance(step, Cover):
            # A computer decides at a hot-seat table: nobody's cards on screen meanwhile.
            assert session.hot_seat and kind == COMPUTER and model.view is None
            shown = None
            seen.covered_moves += 1
            session.apply(session.pending_choice().choose())
            continue
        assert isinstance(step, Show | Over)
        if not session.handover.private:
            # Everyone's table: nobody's in particular, and anyone at the keyboard plays.
            assert step.seat is None and model.view is None
            if isinstance(step, Over):
                return seen
            decision = session.decision
            choice = session.pending_choice().choose() if kind == COMPUTER else None
            session.apply(choice or option(rng.choice(list(decision.options))))
            continue
        if session.hot_seat and isinstance(step, Show):
            assert kind == PERSON, "a hot-seat table is shown only while a person decides"
        assert step.seat == keyboard, "a table drawn for someone not at the keyboard"
        assert keyboard is not None and shown in (keyboard, None)
        assert cards(model.view) <= known(keyboard)
        shown = keyboard
        if isinstance(step, Over):
            return seen
        decision = session.decision
        if kind == PERSON:
            # A person decides only at their own table.
            assert decision.seat == keyboard
            session.apply(option(rng.choice(list(decision.options))))
        else:
            seen.shown_moves += 1
            session.apply(session.pending_choice().choose())
    raise AssertionError("the round did not end")


def seating(rng: random.Random, computer_levels: list[str]) -> list[str]:
    """2-4 seats, at least two people among them, the rest computers, in a random order."""
    seats = rng.randint(2, 4)
    people = rng.randint(2, seats)
    levels = [HUMAN] * people + [rng.choice(computer_levels) for _ in range(seats - people)]
    rng.shuffle(levels)
    return levels


def civio_cards(view: PlayerView) -> set[int]:
    """Every card a table drawn from this view shows: the seat's own, the discard pile, the
    cards face up and the others' hidden cards it knows."""
    cards = set(view.face_up) | set(view.hidden) | set(view.discard_pile)
    for player in view.players:
        cards |= set(player.face_up) | set(player.known_hidden)
    return cards


@pytest.mark.parametrize("seed", range(30))
def test_civio_hot_seat_shows_each_person_only_what_they_may_know(
    standard: Deck, seed: int
) -> None:
    rng = random.Random(seed)
    levels = seating(rng, [COMPUTER_LEVEL])
    names = [f"P{s}" for s in range(len(levels))]
    rules = RuleSet(attacks=rng.choice(["mandatory", "optional"]))
    backend = MemoryBackend(
        standard, [], rules=rules, target="Judge", seed=seed, names=names, seat_levels=levels
    )
    session = civio_session(backend)
    seen = Walk()
    for _ in range(2):  # a new round starts with a pass screen again
        backend.next_round()
        session.new_round()
        rnd = backend.round
        assert rnd is not None

        def known(seat: int, rnd: Round = rnd) -> set[int]:
            return rnd.view(seat).known_cards()

        this = walk(session, rng, civio_cards, known)
        people = [s for s, lv in enumerate(levels) if lv == HUMAN]
        assert set(this.passes) == set(people)  # each chose their opening cards, at least
        seen.passes += this.passes
        seen.covered_moves += this.covered_moves
        seen.returns += this.returns
    assert seen.shown_moves == 0  # no computer ever plays at a person's table
    assert (seen.covered_moves > 0) == (COMPUTER_LEVEL in levels)


def easy_cards(view: EasyPlayView) -> set[int]:
    cards = set(view.hand) | set(view.discard_pile)
    for pairs in view.laid:
        cards |= {c for pair in pairs for c in pair}
    for held in view.known_in_hand:
        cards |= set(held)
    return cards


@pytest.mark.parametrize("seed", range(40))
def test_easy_play_hot_seat_shows_each_person_only_what_they_may_know(
    standard: Deck, seed: int
) -> None:
    rng = random.Random(seed)
    levels = seating(rng, ["random", "easy", "medium"])
    match = EasyPlayGame(seats=len(levels), seed=seed, deck=standard)
    seats = [SessionSeat.from_level(f"P{s}", lv) for s, lv in enumerate(levels)]
    players = {s: LEVELS.player(lv, standard) for s, lv in enumerate(levels) if lv != HUMAN}
    saves: list[int] = []

    def autosave() -> None:
        saves.append(len(match.rounds[-1].actions))

    session = easy_play_session(match, seats, players, autosave)
    rnd = match.start_round()
    session.new_round()
    seen = walk(session, rng, easy_cards, lambda seat: easy_cards(rnd.view(seat)))
    assert set(seen.passes) >= {s for s, lv in enumerate(levels) if lv == HUMAN} - {rnd.current}
    assert seen.returns == 0  # nobody plays out of turn in Easy Play
    assert saves == list(range(1, len(rnd.actions) + 1))  # saved after every move


@pytest.mark.parametrize("seed", range(10))
def test_concentration_hides_nothing_so_nobody_is_passed_to_or_covered(
    standard: Deck, seed: int
) -> None:
    rng = random.Random(seed)
    levels = seating(rng, ["easy", "hard"])
    game = Concentration(seed, len(levels), standard)
    seats = [SessionSeat.from_level(f"P{s}", lv) for s, lv in enumerate(levels)]
    players = {s: ConcentrationPlayer(lv) for s, lv in enumerate(levels) if lv != HUMAN}
    session = concentration_session(lambda: game, seats, players, random.Random(seed))
    assert not session.hot_seat

    seen = walk(session, rng, lambda view: set(), lambda seat: set(), TurnCard)
    assert seen.passes == [] and seen.covered_moves == 0
    # Nothing is hidden: every seat sees the same game.
    assert len({game.view(s).model_dump_json(exclude={"seat"}) for s in range(len(seats))}) == 1
    assert game.is_over
