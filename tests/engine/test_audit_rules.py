"""Audit of the round engine against docs/RULES.md "A round" and "Hidden information": what each
seat may see (views and event sentences), who starts, skips, overrules and the CIVIO offer."""

from __future__ import annotations

import random
import re

import pytest
from engine_helpers import KnowledgeTracker, engine_pack, play, stacked

from cards.deck import Deck, standard_deck
from cards.engine import IllegalActionError
from cards.game import Game
from cards.games.civio.actions import Action, DecisionKind
from cards.games.civio.round import Round
from cards.go_out import goes_out
from cards.models import CardType
from cards.ruleset import RuleSet

BOOKLET = RuleSet.named("booklet")
FLUSH = ["School", "Barnette", "Tinker", "Pico", "Expression", "1st", "14th"]


def cases(*numbers: int) -> list[str]:
    return [f"Case {n:02d}" for n in numbers]


def _plain_cards(deck: Deck, exclude: list[int]) -> list[int]:
    """Cards with no action and no wild power, outside `exclude`."""
    return [
        c
        for c in deck.ids
        if c not in exclude
        and deck[c].type not in (CardType.LAW, CardType.CIVIL_RIGHTS_ACT)
        and deck[c].type is not CardType.WILD
    ]


def _flush_round(max_turns: int = 300) -> tuple[Round, Deck]:
    """Two seats, seat 0 to play: it holds six cards of the booklet's flush and Jim Crow Laws;
    the seventh card of the flush tops the discard pile."""
    deck = standard_deck()
    hand = [deck.lookup(n) for n in FLUSH]
    jim_crow = deck.lookup("Jim Crow Laws")
    rest = _plain_cards(deck, [*hand, jim_crow])
    order = [*hand[:5], hand[5], jim_crow, *rest[:7], hand[6], *rest[7:]]
    rnd = Round(RuleSet(max_turns=max_turns), 2, 1, 1, deck, deal_order=order)
    rnd.apply(Action.face_up(hand[:5]))
    rnd.apply(Action.face_up(rest[:5]))
    return rnd, deck


# ----------------------------------------------------------- a declined CIVIO stays private


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


# ------------------------------------------------ event sentences name only what a seat knows


def _name_patterns(deck: Deck) -> list[tuple[int, re.Pattern[str]]]:
    return [(c, re.compile(rf"(?<!\w){re.escape(deck[c].name)}(?!\w)")) for c in deck.ids]


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


# ------------------------------------------------------------- views: draws and confiscations


def _seizure_table(pack: Deck) -> Round:
    hands = [
        [*cases(1, 2, 3, 4, 5), "Seizure Act", "Case 06"],
        [*cases(7, 8, 9, 10, 11), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Case 18", "Case 25"],
    ]
    return stacked(pack, hands, "Case 19", cases(20, 21, 22, 23))


def test_a_supply_draw_is_seen_by_the_drawer_only(pack: Deck) -> None:
    rnd = _seizure_table(pack)
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
    rnd = _seizure_table(pack)
    play(rnd, "draw discard")
    case19 = pack.id_of("Case 19")
    assert rnd.decision is not None and rnd.decision.source == "discard"
    for seat in (1, 2):
        view = rnd.view(seat)
        assert view.pending is not None and view.pending.drawn == case19
        assert view.pending.source == "discard"
        assert view.taken_from_discard == case19 and view.players[0].known_hidden == [case19]


def test_a_blind_confiscation_and_the_replacement_stay_private(pack: Deck) -> None:
    rnd = _seizure_table(pack)
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


# ---------------------------------------------------------------- who starts, skips, overrules


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_player_left_of_the_dealer_starts(pack: Deck, seats: int) -> None:
    for dealer in range(seats):
        rnd = Round(BOOKLET, seats, dealer, 40 + dealer, pack)
        for _ in range(seats):
            d = rnd.decision
            assert d is not None and d.kind is DecisionKind.FACE_UP
            rnd.apply(d.options[0])
        d = rnd.decision
        assert d is not None and d.kind is DecisionKind.DRAW
        assert d.seat == rnd.current == (dealer + 1) % seats
        assert rnd.view(dealer).current_seat == (dealer + 1) % seats
    # Round k of a game is dealt one seat further left.
    game = Game(seats, seed=3, max_rounds=seats + 1, deck=pack)
    assert [game.dealer_for(k) for k in range(seats + 1)] == [k % seats for k in range(seats + 1)]


def test_lose_turn_against_a_later_seat_skips_that_seat_not_the_next_one(pack: Deck) -> None:
    hands = [
        [*cases(1, 2, 3, 4, 5), "Jim Crow", "Case 06"],
        [*cases(7, 8, 9, 10, 11), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Case 18", "Case 25"],
    ]
    rnd = stacked(pack, hands, "Case 19", cases(20, 21, 22, 23))
    play(rnd, "draw supply", "discard Jim Crow", "target 2", "accept")
    assert rnd.skips == [0, 0, 1] and rnd.current == 1
    assert rnd.view(1).players[2].skips == 1  # public
    play(rnd, "draw supply", "discard Case 21")  # seat 1; seat 2's turn is skipped
    assert rnd.skips == [0, 0, 0] and rnd.current == 0
    assert rnd.turns_played == 3 and rnd.turn == 4
    assert [n.what for n in rnd.events[-1].notes] == ["skipped"]


def test_a_face_up_law_may_overrule_and_stays_face_up(pack: Deck) -> None:
    hands = [
        [*cases(1, 2, 3, 4, 5), "Jim Crow", "Case 06"],
        ["Voting Act", *cases(7, 8, 9, 10), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Liberty Act", "Case 25"],
    ]
    rnd = stacked(pack, hands, "Case 19", cases(20, 21, 22))
    play(rnd, "draw supply", "discard Jim Crow", "target 1")
    voting = pack.id_of("Voting Act")
    d = rnd.decision
    assert d is not None and [a.to_str(pack) for a in d.options] == [
        "overrule Voting Act",
        "accept",
    ]
    play(rnd, "overrule Voting Act")
    assert voting in rnd.face_up[1] and rnd.skips == [0, 0, 0]
    # Liberty Act overrules Confiscate only: against Lose Turn seat 2 may just accept.
    play(rnd, "draw supply", "discard Case 21")
    rnd2 = stacked(pack, hands, "Case 19", cases(20, 21, 22))
    play(rnd2, "draw supply", "discard Jim Crow", "target 2")
    d = rnd2.decision
    assert d is not None and [a.to_str(pack) for a in d.options] == ["accept"]


# -------------------------------------------------------------------------- the CIVIO offer


def test_a_skipped_turn_offers_no_civio_the_next_played_turn_does() -> None:
    deck = standard_deck()
    flush = [deck.lookup(n) for n in FLUSH]
    jim_crow = deck.lookup("Jim Crow Laws")
    rest = _plain_cards(deck, [*flush, jim_crow])
    seat0 = [*rest[:6], jim_crow]
    assert not goes_out(deck, seat0)
    order = [*seat0, *flush, rest[6], *rest[7:]]
    rnd = Round(BOOKLET, 2, 1, 5, deck, deal_order=order)
    rnd.apply(Action.face_up(seat0[:5]))
    rnd.apply(Action.face_up(flush[:5]))
    assert goes_out(deck, rnd.hand(1))
    play(rnd, "draw supply")
    assert rnd.drawn is not None
    rnd.apply(Action.discard(jim_crow))
    play(rnd, "target 1", "accept")
    assert not goes_out(deck, rnd.hand(0))
    # Seat 1's turn was skipped without an offer; seat 0 plays again.
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.DRAW and d.seat == 0
    kinds = [e.action.kind for e in rnd.events]
    assert "civio" not in kinds
    play(rnd, "draw supply")
    rnd.apply(Action.discard(rnd.drawn))
    play(rnd, "draw supply")
    rnd.apply(Action.discard(rnd.drawn))
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.CIVIO and d.seat == 1


def test_civio_is_offered_to_an_attacker_whose_confiscation_completes_its_hand() -> None:
    deck = standard_deck()
    flush = [deck.lookup(n) for n in FLUSH]
    order66 = deck.lookup("Executive Order 9066")
    overrulers = [
        deck.lookup("Voting Rights Act of 1965"),
        deck.lookup("Civil Liberties Act of 1988"),
    ]
    rest = _plain_cards(deck, [*flush, order66, *overrulers])
    seat0 = [*flush[:5], flush[5], order66]
    seat1 = [flush[6], *rest[:6]]
    order = [*seat0, *seat1, rest[6], rest[7], *rest[8:]]
    rnd = Round(BOOKLET, 2, 1, 9, deck, deal_order=order)
    rnd.apply(Action.face_up(flush[:5]))
    rnd.apply(Action.face_up(seat1[:5]))
    play(rnd, "draw supply")
    junk = rnd.drawn
    assert junk == rest[7]
    rnd.apply(Action.discard(order66))
    play(rnd, "target 1", "accept")
    rnd.apply(Action.confiscate(flush[6]))
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.REVEAL and d.seat == 1  # 3 hidden
    rnd.apply(d.options[0])
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.DISCARD and d.stage == "after_confiscation"
    rnd.apply(Action.discard(junk))
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.CIVIO and d.seat == 0
    play(rnd, "civio call")
    assert rnd.result is not None and rnd.result.winner == 0 and rnd.result.scores[0] == 24


def test_a_negative_target_seat_is_refused_not_wrapped_around(pack: Deck) -> None:
    hands = [
        [*cases(1, 2, 3, 4, 5), "Jim Crow", "Case 06"],
        [*cases(7, 8, 9, 10, 11), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Case 18", "Case 25"],
    ]
    rnd = stacked(pack, hands, "Case 19", cases(20, 21, 22, 23))
    play(rnd, "draw supply", "discard Jim Crow")
    Action.target(2)  # the shared instances exist up to seat 2
    bad = Action.target(-1)
    assert bad.seat == -1 and not rnd.is_legal(bad)
    with pytest.raises(IllegalActionError, match="not an opponent"):
        rnd.apply(bad)


def test_after_a_confiscation_the_attacker_may_discard_its_prize_but_not_its_pickup(
    pack: Deck,
) -> None:
    rnd = _seizure_table(pack)
    play(rnd, "draw discard", "discard Seizure Act", "target 1", "accept", "confiscate Case 08")
    play(rnd, "reveal Case 12")  # the target, back to 5 face up and 2 hidden
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.DISCARD and d.stage == "after_confiscation"
    case08, case19 = pack.id_of("Case 08"), pack.id_of("Case 19")
    assert Action.discard(case08) in d.options  # the card just confiscated
    assert Action.discard(case19) not in d.options  # taken from the discard pile this turn
    assert len(d.options) == 7
    with pytest.raises(IllegalActionError, match="taken from the discard pile"):
        rnd.apply(Action.discard(case19))


def test_no_card_for_a_replacement_ends_the_round_as_it_stands(pack: Deck) -> None:
    names = [*cases(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14), "Seizure Act"]
    tiny = Deck("tiny", [pack.cards[pack.id_of(n)] for n in names], custom=True, source="test")
    hands = [[*cases(1, 2, 3, 4, 5), "Seizure Act", "Case 06"], cases(7, 8, 9, 10, 11, 12, 13)]
    rnd = stacked(tiny, hands, "Case 14", dealer=1)
    play(rnd, "draw discard", "discard Seizure Act", "target 1", "accept", "confiscate Case 07")
    r = rnd.result
    assert r is not None and r.reason == "no_draw" and r.winner is None
    assert [len(h) for h in r.hands] == [8, 6]
    assert r.turns == 0  # the unfinished turn is not counted
    assert "no card could be drawn" in (rnd.events[-1].describe(tiny, 1) or "")
