"""PlayerView helpers, determinisation from a view, event sentences, and what each seat may see
of a round (docs/RULES.md, "Hidden information")."""

from __future__ import annotations

import random
import re

import pytest
from engine_helpers import (
    FLUSH,
    KnowledgeTracker,
    attack_table,
    cases,
    engine_pack,
    plain_cards,
    play,
    stacked,
)

from ai.civio.determinise import sample_world
from cards.deck import Deck, standard_deck
from cards.games.civio.actions import Action, DecisionKind
from cards.games.civio.round import Round
from cards.games.civio.world import UnseenCards
from cards.ruleset import RuleSet


def mid_round(deck: Deck, seed: int = 8, steps: int = 60) -> Round:
    rnd = Round(RuleSet(), 3, 1, seed, deck)
    rng = random.Random(seed)
    for _ in range(steps):
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


def test_unseen_cards_are_the_supply_and_the_unknown_hidden_cards(standard: Deck) -> None:
    rnd = mid_round(standard)
    for seat in range(3):
        view = rnd.view(seat)
        unseen = view.unseen_cards(standard)
        assert unseen == view.unseen_cards()
        assert not set(unseen) & view.known_cards()
        expected = view.supply_count + sum(view.unknown_hidden_counts().values())
        assert len(unseen) == expected
        truth = set(rnd.supply)
        for s in range(3):
            if s != seat:
                truth |= set(rnd.hidden[s]) - set(view.players[s].known_hidden)
        assert set(unseen) == truth


def test_determinised_worlds_agree_with_the_view_and_differ_in_the_unknown(
    standard: Deck,
) -> None:
    rnd = mid_round(standard)
    d = rnd.decision
    assert d is not None
    view = rnd.view(d.seat)
    worlds = [
        Round.from_view(view, standard, sample_world(view, standard, random.Random(k)))
        for k in range(4)
    ]
    for world in worlds:
        assert world.view(d.seat) == view
        assert world.decision is not None and world.decision.options == d.options
        for s in range(3):
            assert world.face_up[s] == rnd.face_up[s]
            assert set(view.players[s].known_hidden) <= set(world.hidden[s])
    others = [tuple(sorted(w.supply)) for w in worlds]
    assert len(set(others)) > 1 or not view.unseen_cards()
    # Playing on in a world never touches the real round.
    before = rnd.actions
    world = worlds[0]
    while not world.is_over:
        world.apply_unchecked(world.legal_actions()[0])
    assert rnd.actions == before


def test_determinising_the_opening_keeps_own_choice(pack: Deck) -> None:
    rnd = Round(RuleSet(), 3, 0, 4, pack)
    rnd.apply(rnd.legal_actions()[3])
    rnd.apply(rnd.legal_actions()[0])
    view = rnd.view(2)
    world = Round.from_view(view, pack, sample_world(view, pack, random.Random(1)))
    assert world.decision is not None and world.decision.kind is DecisionKind.FACE_UP
    assert world.decision.seat == 2 and world.view(2) == view
    world.apply(world.legal_actions()[0])
    assert all(len(world.face_up[s]) == 5 for s in range(3))


def test_from_view_rebuilds_exactly_the_world_it_is_given(standard: Deck) -> None:
    """The engine samples nothing: the placing of the unseen cards is an argument."""
    rnd = mid_round(standard)
    d = rnd.decision
    assert d is not None
    truth = UnseenCards(
        hidden=tuple(
            ()
            if s == d.seat
            else tuple(
                c for c in rnd.hidden[s] if c not in rnd.view(d.seat).players[s].known_hidden
            )
            for s in range(3)
        ),
        supply=tuple(rnd.supply),
        face_up_choices=(None, None, None),
        seed=5,
    )
    world = Round.from_view(rnd.view(d.seat), standard, truth)
    assert [sorted(h) for h in world.hidden] == [sorted(h) for h in rnd.hidden]
    assert world.supply == rnd.supply
    assert world.decision == d and world.seed == 5
    wrong = UnseenCards(truth.hidden, truth.supply[1:], truth.face_up_choices, 5)
    with pytest.raises(ValueError, match="do not add up"):
        Round.from_view(rnd.view(d.seat), standard, wrong)


def test_face_up_choice_may_name_the_cards_in_any_order(pack: Deck) -> None:
    rnd = Round(RuleSet(), 2, 0, 6, pack)
    mine = sorted(rnd.hidden[0])[:5]
    rnd.apply(Action(kind="face_up", cards=tuple(reversed(mine))))
    assert rnd.choices[0] == tuple(mine)


def test_attack_sentences(pack: Deck) -> None:
    hands = [
        ["Case 01", "Case 02", "Case 03", "Case 04", "Case 05", "Jim Crow", "Case 06"],
        ["Case 07", "Case 08", "Case 09", "Case 10", "Case 11", "Case 12", "Case 24"],
    ]
    rnd = stacked(pack, hands, "Case 19", ["Case 20"], rules=RuleSet.named("summary"))
    play(rnd, "draw supply", "discard Jim Crow")
    twin = rnd.clone()
    play(rnd, "target 1", "accept")
    assert [e.describe(pack, 1) for e in rnd.events[-2:]] == [
        "Seat 0 attacked Seat 1 with Jim Crow (Lose Turn).",
        "Seat 1 accepted the attack. Seat 1 will lose a turn. Seat 1 loses this turn.",
    ]
    # A record tells the skipped turn under its own number, the turn after the attack's.
    accepted = rnd.events[-1]
    assert accepted.lines_by_turn(pack)[-1] == (accepted.turn + 1, "Seat 1 loses this turn.")
    assert accepted.lines_by_turn(pack)[0][0] == accepted.turn
    play(twin, "decline")
    assert twin.events[-1].describe(pack, 1) == "Seat 0 declined to attack with Jim Crow."
    names = ["Ada", "Bo"]
    assert rnd.events[-2].describe(pack, 0, names) == "Ada attacked Bo with Jim Crow (Lose Turn)."
    # Every log names the chosen cards once, when everyone's are laid face up together.
    for seat in (None, 0, 1):
        assert rnd.events[0].lines(pack, seat) == ["Seat 0 chose which cards to lay face up."]
    told = [line for e in rnd.events for line in e.lines(pack, None)]
    assert told.count("Seat 0 lays face up: Case 01, Case 02, Case 03, Case 04, Case 05.") == 1


def _flush_round(max_turns: int = 300) -> tuple[Round, Deck]:
    """Two seats, seat 0 to play: it holds six cards of the booklet's flush and Jim Crow Laws;
    the seventh card of the flush tops the discard pile."""
    deck = standard_deck()
    hand = [deck.lookup(n) for n in FLUSH]
    jim_crow = deck.lookup("Jim Crow Laws")
    rest = plain_cards(deck, [*hand, jim_crow])
    order = [*hand[:5], hand[5], jim_crow, *rest[:7], hand[6], *rest[7:]]
    rnd = Round(RuleSet(max_turns=max_turns), 2, 1, 1, deck, deal_order=order)
    rnd.apply(Action.face_up(hand[:5]))
    rnd.apply(Action.face_up(rest[:5]))
    return rnd, deck


def _name_patterns(deck: Deck) -> list[tuple[int, re.Pattern[str]]]:
    return [(c, re.compile(rf"(?<!\w){re.escape(deck[c].name)}(?!\w)")) for c in deck.ids]


def test_playing_on_hides_the_offer_but_not_the_skipped_turn_that_follows() -> None:
    rnd, deck = _flush_round()
    play(rnd, "draw discard", "discard Jim Crow Laws", "target 1", "accept")
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.CIVIO
    play(rnd, "civio play on")
    event = rnd.events[-1]
    # Seat 1 is told its turn was skipped, exactly as it would be without a CIVIO on offer...
    assert event.lines(deck, 1) == ["Seat 1 loses this turn."]
    assert event.describe(deck, 1) == "Seat 1 loses this turn."
    # ...and nothing of the offer; seat 0 sees both.
    assert event.lines(deck, 0) == [
        "Seat 0 could call CIVIO but played on.",
        "Seat 1 loses this turn.",
    ]
    assert rnd.current == 0 and rnd.decision is not None
    assert rnd.decision.kind is DecisionKind.DRAW


def test_playing_on_at_the_turn_limit_still_tells_everyone_the_round_ended() -> None:
    rnd, deck = _flush_round(max_turns=1)
    play(rnd, "draw discard", "discard Jim Crow Laws", "target 1", "accept", "civio play on")
    assert rnd.is_over and rnd.result is not None and rnd.result.reason == "max_turns"
    assert rnd.events[-1].lines(deck, 1) == [
        "The round ends with no winner: the turn limit was reached with no CIVIO."
    ]


def test_a_call_is_public() -> None:
    rnd, deck = _flush_round()
    play(rnd, "draw discard", "discard Jim Crow Laws", "target 1", "accept", "civio call")
    assert rnd.result is not None and rnd.result.winner == 0 and rnd.result.kind == "flush"
    assert rnd.result.scores[0] == 24
    text = rnd.events[-1].describe(deck, 1) or ""
    assert text.startswith("Seat 0 called CIVIO!") and "wins the round" in text


@pytest.mark.parametrize("deck_name", ["pack", "standard"])
def test_event_sentences_never_name_a_card_the_seat_may_not_know(deck_name: str) -> None:
    deck = engine_pack() if deck_name == "pack" else standard_deck()
    patterns = _name_patterns(deck)
    for k in range(8):
        seats = 2 + k % 3
        rules = RuleSet.named("summary" if k % 2 else "booklet", max_turns=60)
        rnd = Round(rules, seats, k % seats, 500 + k, deck)
        tracker = KnowledgeTracker(rnd)
        rng = random.Random(k)
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            action = rng.choice(d.options)
            state = tracker.before(rnd)
            rnd.apply(action)
            tracker.after(rnd, state, action)
            event = rnd.events[-1]
            for seat in range(seats):
                text = event.describe(deck, seat) or ""
                named = {c for c, p in patterns if p.search(text)}
                # A name inside a longer matched name ("Case 1" in "Case 12") is not a mention.
                named = {
                    c
                    for c in named
                    if not any(o != c and deck[c].name in deck[o].name for o in named)
                }
                leaked = named - tracker.allowed(rnd, seat)
                assert not leaked, (seat, text)
                if seat != event.seat:
                    assert "could call CIVIO" not in text


def test_a_supply_draw_is_seen_by_the_drawer_only(pack: Deck) -> None:
    rnd = attack_table(pack)
    play(rnd, "draw supply")
    case20 = pack.id_of("Case 20")
    own = rnd.view(0)
    assert own.pending is not None and own.pending.drawn == case20 and case20 in own.hidden
    for seat in (1, 2):
        view = rnd.view(seat)
        assert view.pending is not None and view.pending.drawn is None
        assert view.pending.source == "supply"  # where it came from is public
        assert case20 not in view.known_cards()
        assert view.players[0].hidden_count == 3 and view.players[0].known_hidden == []
    # Drawn from the discard pile instead: everyone sees it.
    rnd = attack_table(pack)
    play(rnd, "draw discard")
    case19 = pack.id_of("Case 19")
    assert rnd.decision is not None and rnd.decision.source == "discard"
    for seat in (1, 2):
        view = rnd.view(seat)
        assert view.pending is not None and view.pending.drawn == case19
        assert view.pending.source == "discard"
        assert view.taken_from_discard == case19 and view.players[0].known_hidden == [case19]


def test_a_blind_confiscation_and_the_replacement_stay_private(pack: Deck) -> None:
    rnd = attack_table(pack)
    play(rnd, "draw supply", "discard Seizure Act", "target 1", "accept", "confiscate hidden 0")
    taken = rnd.confiscated
    assert taken is not None
    replacement = pack.id_of("Case 21")
    assert replacement in rnd.hidden[1]
    # The attacker (deciding its discard) and the target know the card taken; the onlooker not.
    for seat, sees in ((0, taken), (1, taken), (2, None)):
        view = rnd.view(seat)
        assert view.pending is not None and view.pending.confiscated == sees
    assert taken not in rnd.view(2).known_cards()
    # The replacement: the target only.
    assert replacement in rnd.view(1).hidden and replacement not in rnd.view(1).known_by
    for seat in (0, 2):
        assert replacement not in rnd.view(seat).known_cards()
        assert "Case 21" not in (rnd.events[-1].describe(pack, seat) or "")
    assert "Case 21" in (rnd.events[-1].describe(pack, 1) or "")


def test_onlookers_forget_a_known_hidden_card_after_a_blind_confiscation(pack: Deck) -> None:
    hands = [
        [*cases(1, 2, 3, 4, 5), "Case 06", "Case 26"],
        [*cases(7, 8, 9, 10, 11), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Seizure Act", "Case 18"],
    ]
    rnd = stacked(pack, hands, "Case 19", cases(20, 21, 22, 23))
    play(rnd, "draw supply", "discard Case 20")  # seat 0
    play(rnd, "draw discard", "discard Case 12")  # seat 1 takes Case 20: known to all
    case20 = pack.id_of("Case 20")
    assert rnd.view(0).players[1].known_hidden == [case20]
    play(rnd, "draw supply", "discard Seizure Act", "target 1", "accept", "confiscate hidden 1")
    taken = rnd.confiscated
    # Seat 0 cannot tell whether Case 20 went to seat 2 or stayed with seat 1.
    onlooker = rnd.view(0)
    assert onlooker.players[1].known_hidden == [] and onlooker.players[2].known_hidden == []
    # The attacker knows what it took, and still knows Case 20 if it stayed.
    attacker = rnd.view(2)
    assert taken in attacker.hidden
    expected = [] if taken == case20 else [case20]
    assert attacker.players[1].known_hidden == expected
