"""Concentration (docs/RULES.md, "Other ways to play"): every rule line with valid and invalid
moves, a Hypothesis state machine, and the AI's memory."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from ai.concentration.levels import EASY_MEMORY, ConcentrationPlayer
from cards.deck import standard_deck
from cards.engine import IllegalActionError
from cards.games.concentration.game import (
    CELLS,
    PUBLISHER_PAIRS,
    Concentration,
    TurnCard,
    pair_link,
    pairs,
    parse_position,
    position_name,
)

DECK = standard_deck()


def where(game: Concentration, card: int) -> int:
    return game.grid.index(card)


def state(game: Concentration) -> tuple[object, ...]:
    return (
        game.grid,
        dict(game.captured),
        game.first,
        game.to_move,
        list(game.scores),
        list(game.turns),
        len(game.events),
    )


def a_pair(game: Concentration, n: int = 0) -> tuple[int, int]:
    a, b = game.pairs[n]
    return where(game, a), where(game, b)


def not_a_pair(game: Concentration) -> tuple[int, int]:
    a = where(game, game.pairs[0][0])
    b = where(game, game.pairs[1][0])
    return a, b


# "The publisher's 10 pairs, 20 cards ... shuffle, lay them face down in 4 rows of 5."
def test_the_grid_holds_the_ten_pairs_shuffled_by_the_seed() -> None:
    game = Concentration(3)
    assert len(PUBLISHER_PAIRS) == 10 and len(pairs(DECK)) == 10
    assert sorted(game.grid) == sorted(c for p in pairs(DECK) for c in p)
    assert len(game.grid) == CELLS == 20
    assert game.grid == Concentration(3).grid != Concentration(4).grid
    assert not game.captured and game.decision is not None
    assert game.decision.options == tuple(range(20))


def test_places_read_as_column_letter_and_row() -> None:
    assert position_name(0) == "A1" and position_name(19) == "E4"
    assert parse_position("b3") == 11 and parse_position(" E4 ") == 19
    for bad in ("F1", "A5", "A0", "3b", ""):
        with pytest.raises(ValueError):
            parse_position(bad)


# "A turn: turn up two. A listed pair is captured (ours: and the same player goes again)."
def test_a_pair_is_captured_and_the_same_player_goes_again() -> None:
    game = Concentration(1, players=2)
    first, second = a_pair(game)
    game.apply(TurnCard(first))
    assert game.decision is not None and game.decision.second
    assert first not in game.decision.options
    game.apply(TurnCard(second))
    assert game.captured == {first: 0, second: 0}
    assert game.scores == [1, 0] and game.to_move == 0 and game.turns == [1, 0]
    assert game.events[-1].captured is True


# "otherwise both are turned back and the turn passes."
def test_a_miss_turns_both_back_and_the_turn_passes() -> None:
    game = Concentration(1, players=2)
    a, b = not_a_pair(game)
    game.apply(TurnCard(a))
    game.apply(TurnCard(b))
    assert not game.captured and game.first is None
    assert game.to_move == 1 and game.turns == [1, 0]
    assert game.decision is not None and {a, b} <= set(game.decision.options)
    assert game.events[-1].captured is False


@pytest.mark.parametrize("kind", ["captured", "same", "outside"])
def test_illegal_turns_are_refused_without_change(kind: str) -> None:
    game = Concentration(2)
    first, second = a_pair(game)
    game.apply(TurnCard(first))
    game.apply(TurnCard(second))
    other = next(p for p in range(CELLS) if p not in game.captured)
    game.apply(TurnCard(other))
    target = {"captured": first, "same": other, "outside": 20}[kind]
    before = state(game)
    with pytest.raises(IllegalActionError):
        game.apply(TurnCard(target))
    assert state(game) == before


# "Two players: most pairs wins. One player: fewer turns is better (ours)."
def test_a_one_player_game_ends_with_all_pairs_and_counts_turns() -> None:
    game = Concentration(5)
    a, b = not_a_pair(game)
    game.apply(TurnCard(a))
    game.apply(TurnCard(b))
    for n in range(10):
        first, second = a_pair(game, n)
        game.apply(TurnCard(first))
        game.apply(TurnCard(second))
    assert game.is_over and game.decision is None
    assert game.scores == [10] and game.turns == [11] and game.winners() == [0]
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(TurnCard(0))


def test_two_players_most_pairs_wins_and_a_tie_is_shared() -> None:
    game = Concentration(6, players=2)
    game.scores = [6, 4]
    assert game.winners() == [0]
    game.scores = [5, 5]
    assert game.winners() == [0, 1]
    with pytest.raises(ValueError, match="1 to 4 players"):
        Concentration(1, players=5)
    with pytest.raises(ValueError):
        Concentration(1, players=0)


def test_three_or_four_players_take_turns_in_seat_order() -> None:
    game = Concentration(3, players=4)
    for expected in (1, 2, 3, 0):
        a, b = not_a_pair(game)
        game.apply(TurnCard(a))
        game.apply(TurnCard(b))
        assert game.to_move == expected
    a, b = a_pair(game)
    game.apply(TurnCard(a))
    game.apply(TurnCard(b))
    assert game.to_move == 0 and game.scores == [1, 0, 0, 0] and game.turns == [2, 1, 1, 1]
    game.scores = [3, 3, 1, 3]
    assert game.winners() == [0, 1, 3]


# "When a pair is captured, show both cards and how they are linked (ours)."
def test_every_pair_has_a_link_in_words() -> None:
    from cards.games.concentration.game import PUBLISHER_PAIRS, pair_sentences
    from cards.link_reasons import link_reason
    from cards.precedent import check_precedent

    sentences = pair_sentences()
    for a, b in pairs(DECK):
        text = pair_link(DECK, a, b)
        by_rule = link_reason(DECK, a, b) or link_reason(DECK, b, a)
        names = frozenset((DECK[a].name, DECK[b].name))
        if by_rule is not None:
            # A rule links them: the line is the rule's own sentence, naming a card.
            assert text == by_rule and (DECK[a].name in text or DECK[b].name in text)
            assert names not in sentences  # no history sentence stands in for a rule
        else:
            # No rule links them: the data says why they belong together ...
            assert text == sentences[names]
            # ... and claims no rule link: neither may follow the other in a precedent.
            assert not check_precedent(DECK, [a, b]).valid
            assert not check_precedent(DECK, [b, a]).valid
            for rule_words in ("follow", " lists ", "plus column", "minus column"):
                assert rule_words not in text, (names, rule_words)
    # Every sentence of the data is about one of the publisher's pairs.
    assert set(sentences) <= {frozenset(p) for p in PUBLISHER_PAIRS}
    assert len(sentences) == 3


def test_the_view_shows_only_cards_turned_up() -> None:
    game = Concentration(7, players=2)
    a, b = not_a_pair(game)
    game.apply(TurnCard(a))
    view = game.view(1)
    assert view.first == (a, game.grid[a]) and view.seen == [(a, game.grid[a])]
    game.apply(TurnCard(b))
    view = game.view(0)
    assert view.first is None and not view.captured
    assert {p for p, _ in view.seen} == {a, b}


# The AI's memory.
def test_hard_remembers_every_card_and_easy_forgets() -> None:
    game = Concentration(8, players=2)
    first, second = a_pair(game)
    # Seat 0 sees the first card of the pair early, then misses many times.
    game.apply(TurnCard(first))
    filler = [p for p in range(CELLS) if p not in (first, second)]
    game.apply(TurnCard(next(p for p in filler if not game.is_pair(first, p))))
    game.apply(TurnCard(second))  # seat 1 turns the mate first...
    hard = ConcentrationPlayer("hard")
    decision = game.decision
    assert decision is not None
    # ...and hard, as seat 1, remembers where the first card was.
    assert hard.choose(game.view(1), decision, random.Random(0)) == TurnCard(first)
    easy = ConcentrationPlayer("easy")
    view = game.view(1)
    old = view.model_copy(update={"seen": view.seen[:1] + [(-1, -1)] * EASY_MEMORY})
    assert first not in easy.memory(old) and first in hard.memory(old)


def test_the_ai_never_turns_an_illegal_card_and_hard_beats_easy() -> None:
    wins = {"hard": 0, "easy": 0}
    for seed in range(30):
        game = Concentration(seed, players=2)
        levels = ("hard", "easy") if seed % 2 else ("easy", "hard")
        players = [ConcentrationPlayer(level) for level in levels]
        rng = random.Random(seed)
        while not game.is_over:
            decision = game.decision
            assert decision is not None
            action = players[decision.seat].choose(game.view(decision.seat), decision, rng)
            assert action in decision
            game.apply(action)
        for seat in game.winners():
            if len(game.winners()) == 1:
                wins[levels[seat]] += 1
    assert wins["hard"] > wins["easy"]


class ConcentrationMachine(RuleBasedStateMachine):
    game: Concentration

    @initialize(seed=st.integers(0, 2**32), players=st.sampled_from([1, 2, 3, 4]))
    def deal(self, seed: int, players: int) -> None:
        self.game = Concentration(seed, players)

    @rule(position=st.integers(-2, 22))
    def turn(self, position: int) -> None:
        before = state(self.game)
        decision = self.game.decision
        legal = decision is not None and position in decision.options
        try:
            self.game.apply(TurnCard(position))
        except IllegalActionError:
            assert not legal and state(self.game) == before
        else:
            assert legal

    @invariant()
    def cards_are_conserved(self) -> None:
        g = self.game
        assert sorted(g.grid) == sorted(c for p in g.pairs for c in p)
        assert sum(g.scores) * 2 == len(g.captured)
        for a in g.captured:
            assert any(g.is_pair(a, b) and g.captured[b] == g.captured[a] for b in g.captured)

    @invariant()
    def views_show_nothing_unknowable(self) -> None:
        g = self.game
        turned = {e.position for e in g.events}
        for seat in range(g.players):
            view = g.view(seat)
            shown = {p for p, _ in view.seen} | set(view.captured)
            if view.first is not None:
                shown.add(view.first[0])
            assert shown <= turned
            for p, card in view.seen:
                assert g.grid[p] == card


ConcentrationMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestConcentrationMachine = ConcentrationMachine.TestCase


def test_the_phases_follow_the_turn() -> None:
    from cards.games.concentration.game import HANDLERS, ConcentrationPhase

    assert set(HANDLERS) == {ConcentrationPhase.FIRST_CARD, ConcentrationPhase.SECOND_CARD}
    game = Concentration(9)
    assert game.phase is ConcentrationPhase.FIRST_CARD
    first, second = a_pair(game)
    game.apply(TurnCard(first))
    assert game.phase is ConcentrationPhase.SECOND_CARD and game.phase.label == "second_card"
    game.apply(TurnCard(second))
    assert game.phase is ConcentrationPhase.FIRST_CARD


def test_a_saved_game_is_rebuilt_by_turning_its_cards_again() -> None:
    deck = standard_deck()
    game = Concentration(5, 2, deck)
    for p in (0, 1, 2):
        game.apply(TurnCard(p))
    again = Concentration.from_json(game.to_json(), deck)
    assert again.events == game.events and again.to_move == game.to_move
    assert again.first == game.first == 2
    with pytest.raises(IllegalActionError):
        Concentration.from_json(game.to_json() | {"turned": [0, 0]}, deck)
    with pytest.raises(ValueError, match="different deck"):
        Concentration.from_json(game.to_json() | {"deck_sha256": "x"}, deck)
