"""Scripted rounds, one per rule of docs/RULES.md "A round" (and our decisions in
docs/ENGINE_API.md)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import FLUSH, attack_table, cases, ids, plain_cards, play, snapshot, stacked

from cards.deck import Deck, standard_deck
from cards.engine import IllegalActionError, sees
from cards.game import Game
from cards.games.civio.actions import (
    ACCEPT_ACTION,
    CIVIO_PLAY_ON,
    DECLINE_ACTION,
    Action,
    DecisionKind,
)
from cards.games.civio.round import Round
from cards.go_out import best_go_out, best_non_winner, goes_out
from cards.ruleset import RuleSet
from cards.scoring import winner_score

BOOKLET = RuleSet.named("booklet")
SUMMARY = RuleSet.named("summary")


# Hands without Issues or Marbury cannot go out (cases of the pack list no other card), so no
# CIVIO offer interrupts these scripts.
def three_seats(
    deck: Deck,
    hidden0: tuple[str, str] = ("Jim Crow", "Case 06"),
    hidden1: tuple[str, str] = ("Rights Act", "Case 12"),
    hidden2: tuple[str, str] = ("Voting Act", "Case 18"),
    supply: tuple[str, ...] = ("Case 20", "Case 21", "Case 22"),
    rules: RuleSet = BOOKLET,
) -> Round:
    hands = [
        [*cases(1, 2, 3, 4, 5), *hidden0],
        [*cases(7, 8, 9, 10, 11), *hidden1],
        [*cases(13, 14, 15, 16, 17), *hidden2],
    ]
    return stacked(deck, hands, "Case 19", supply, rules=rules)


def names(deck: Deck, cards: list[int]) -> list[str]:
    return sorted(deck[c].name for c in cards)


# ------------------------------------------------------------------------- the deal, opening


def test_deal_gives_seven_each_one_discard_and_the_rest_as_supply(pack: Deck) -> None:
    rnd = Round(BOOKLET, 4, dealer=2, seed=3, deck=pack)
    assert [len(h) for h in rnd.hidden] == [7, 7, 7, 7]
    assert len(rnd.discard_pile) == 1
    assert len(rnd.supply) == len(pack) - 4 * 7 - 1
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.FACE_UP


def test_face_up_choices_are_secret_until_all_have_chosen(pack: Deck) -> None:
    rnd = Round(BOOKLET, 3, dealer=0, seed=11, deck=pack)
    d = rnd.decision
    assert d is not None and d.seat == 0 and len(d.options) == 21  # C(7, 5)
    choice0 = d.options[4]
    rnd.apply(choice0)
    own = rnd.view(0)
    assert sorted(own.face_up) == sorted(choice0.cards)
    other = rnd.view(1)
    assert other.players[0].face_up == [] and other.players[0].chose_face_up
    assert not set(choice0.cards) & set(other.model_dump_json().split())
    assert "chose which cards to lay face up" in (rnd.events[0].describe(pack, 1) or "")
    for seat in (1, 2):
        d = rnd.decision
        assert d is not None and d.seat == seat
        rnd.apply(d.options[0])
    for seat in range(3):
        view = rnd.view(seat)
        assert [len(p.face_up) for p in view.players] == [5, 5, 5]
    assert rnd.face_up[0] == list(choice0.cards)
    assert rnd.current == 1 and rnd.turn == 1  # left of the dealer starts
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.DRAW


# ----------------------------------------------------------------------------- a turn


def test_card_taken_from_discard_pile_cannot_be_discarded_that_turn(pack: Deck) -> None:
    rnd = three_seats(pack)
    play(rnd, "draw discard")
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.DISCARD
    case19 = pack.id_of("Case 19")
    assert Action.discard(case19) not in d.options
    assert len(d.options) == 7
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError, match="taken from the discard pile"):
        rnd.apply(Action.discard(case19))
    assert snapshot(rnd) == before
    # Everyone saw it taken: it is known in seat 0's hidden cards.
    assert rnd.view(2).players[0].known_hidden == [case19]
    play(rnd, "discard Case 06")
    assert rnd.current == 1 and rnd.decision is not None
    assert rnd.decision.kind is DecisionKind.DRAW
    assert names(pack, rnd.hidden[0]) == ["Case 19", "Jim Crow"]


def test_drawn_card_may_be_discarded_at_once(pack: Deck) -> None:
    rnd = three_seats(pack)
    hand_before = rnd.hand(0)
    play(rnd, "draw supply")
    assert rnd.decision is not None and rnd.decision.drawn == pack.id_of("Case 20")
    assert Action.discard(pack.id_of("Case 20")) in rnd.decision.options
    play(rnd, "discard Case 20")
    assert rnd.hand(0) == hand_before
    assert rnd.discard_pile[-1] == pack.id_of("Case 20")
    draw = rnd.events[3]
    assert draw.describe(pack, 0) == "Seat 0 drew from the supply: Case 20."
    assert draw.describe(pack, 1) == "Seat 0 drew from the supply."


def test_discarding_a_face_up_card_makes_the_seat_reveal_one_of_three_hidden(pack: Deck) -> None:
    rnd = three_seats(pack)
    play(rnd, "draw supply", "discard Case 01")
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.REVEAL and d.seat == 0
    assert names(pack, [a.card for a in d.options if a.card is not None]) == [
        "Case 06",
        "Case 20",
        "Jim Crow",
    ]
    play(rnd, "reveal Case 20")
    assert len(rnd.face_up[0]) == 5 and len(rnd.hidden[0]) == 2
    assert pack.id_of("Case 20") in rnd.face_up[0]
    assert rnd.current == 1


# ----------------------------------------------------------------------------- attacks


def test_attack_targets_are_the_opponents_and_decline_only_under_optional(pack: Deck) -> None:
    rnd = three_seats(pack)
    play(rnd, "draw supply", "discard Jim Crow")
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.ATTACK_TARGET
    assert d.options == (Action.target(1), Action.target(2))
    assert d.effect == "lose_turn" and d.law == pack.id_of("Jim Crow")
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError, match="optional"):
        rnd.apply(DECLINE_ACTION)
    with pytest.raises(IllegalActionError, match="itself"):
        rnd.apply(Action.target(0))
    assert snapshot(rnd) == before

    rnd = three_seats(pack, rules=SUMMARY)
    play(rnd, "draw supply", "discard Jim Crow")
    d = rnd.decision
    assert d is not None and d.options[-1] == DECLINE_ACTION
    play(rnd, "decline")
    assert rnd.current == 1 and rnd.skips == [0, 0, 0]
    assert rnd.decision is not None and rnd.decision.kind is DecisionKind.DRAW


def test_lose_turn_skips_the_next_turn(pack: Deck) -> None:
    rnd = three_seats(pack, hidden1=("Case 24", "Case 12"))
    play(rnd, "draw supply", "discard Jim Crow", "target 1")
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.OVERRULE and d.seat == 1
    assert d.options == (ACCEPT_ACTION,)
    play(rnd, "accept")
    assert rnd.skips == [0, 0, 0]  # consumed at once: seat 1 was next
    assert rnd.current == 2 and rnd.turns_played == 2 and rnd.turn == 3
    notes = [n.what for n in rnd.events[-1].notes]
    assert notes == ["loses_turn", "skipped"]
    assert "Seat 1 loses this turn." in (rnd.events[-1].describe(pack, 2) or "")


def test_two_lose_turns_against_one_seat_skip_two_of_its_turns(pack: Deck) -> None:
    rnd = three_seats(
        pack,
        hidden0=("Case 06", "Case 24"),
        hidden1=("Jim Crow", "Case 12"),
        hidden2=("Gag Law", "Case 18"),
        supply=("Case 20", "Case 21", "Case 22", "Case 23", "Case 25", "Case 26"),
    )
    play(rnd, "draw supply", "discard Case 20")  # seat 0
    play(rnd, "draw supply", "discard Jim Crow", "target 0", "accept")  # seat 1
    assert rnd.skips == [1, 0, 0]
    play(rnd, "draw supply", "discard Gag Law", "target 0", "accept")  # seat 2
    # Seat 0's next turn is skipped at once; one skip is still pending.
    assert rnd.skips == [1, 0, 0] and rnd.current == 1
    assert rnd.turns_played == 4
    play(rnd, "draw supply", "discard Case 23")  # seat 1
    play(rnd, "draw supply", "discard Case 25")  # seat 2
    assert rnd.skips == [0, 0, 0] and rnd.current == 1 and rnd.turns_played == 7
    skipped = [n.seat for e in rnd.events for n in e.notes if n.what == "skipped"]
    assert skipped == [0, 0]


def test_overrule_reveals_the_law_to_all_and_it_stays_hidden(pack: Deck) -> None:
    rnd = three_seats(pack)
    play(rnd, "draw supply", "discard Jim Crow", "target 1")
    rights = pack.id_of("Rights Act")
    d = rnd.decision
    assert d is not None and d.options == (Action.overrule(rights), ACCEPT_ACTION)
    assert rnd.view(2).players[1].known_hidden == []
    play(rnd, "overrule Rights Act")
    assert rights in rnd.hidden[1]  # stays where it was
    assert rnd.view(2).players[1].known_hidden == [rights]
    assert rnd.view(0).players[1].known_hidden == [rights]
    assert rnd.view(1).known_by == {rights: [0, 2]}
    assert rnd.skips == [0, 0, 0] and rnd.current == 1
    assert rnd.events[-1].describe(pack, 2) == "Seat 1 overruled the attack with Rights Act."


def test_which_laws_overrule_which_attack(pack: Deck) -> None:
    # The Civil Rights Act overrules Lose Turn only; Voting Act both; Liberty Act Confiscate.
    def overrules(hidden1: tuple[str, str], attack: str) -> list[str]:
        rnd = three_seats(
            pack, hidden0=(attack, "Case 06"), hidden1=hidden1, hidden2=("Case 25", "Case 18")
        )
        play(rnd, "draw supply", f"discard {attack}", "target 1")
        d = rnd.decision
        assert d is not None
        return [pack[a.card].name for a in d.options if a.card is not None]

    assert overrules(("Rights Act", "Case 12"), "Jim Crow") == ["Rights Act"]
    assert overrules(("Rights Act", "Case 12"), "Seizure Act") == []
    assert overrules(("Voting Act", "Case 12"), "Seizure Act") == ["Voting Act"]
    assert overrules(("Voting Act", "Case 12"), "Gag Law") == ["Voting Act"]
    assert overrules(("Liberty Act", "Case 12"), "Seizure Act") == ["Liberty Act"]
    assert overrules(("Liberty Act", "Case 12"), "Jim Crow") == []


def test_confiscate_face_up_then_replacement_then_attackers_discard_without_chain(
    pack: Deck,
) -> None:
    hands = [
        [*cases(1, 2, 3, 4), "Gag Law", "Seizure Act", "Case 06"],
        [*cases(7, 8, 9, 10, 11), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Case 18", "Case 25"],
    ]
    rnd = stacked(pack, hands, "Case 19", ["Case 20", "Case 21", "Case 22"])
    play(rnd, "draw supply", "discard Seizure Act", "target 1", "accept")
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.CONFISCATE and d.seat == 0
    assert names(pack, [a.card for a in d.options if a.card is not None]) == cases(7, 8, 9, 10, 11)
    assert [a.slot for a in d.options if a.slot is not None] == [0, 1]
    play(rnd, "confiscate Case 08")
    case08, case21 = ids(pack, ["Case 08", "Case 21"])
    assert case08 in rnd.hidden[0]
    # The target drew its replacement (private to it) and, holding 3 hidden, reveals one.
    assert case21 in rnd.hidden[1]
    event = rnd.events[-1]
    assert event.describe(pack, 2) == (
        "Seat 0 confiscated Case 08 from Seat 1. Seat 1 drew a replacement from the supply."
    )
    assert "replacement from the supply: Case 21" in (event.describe(pack, 1) or "")
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.REVEAL and d.seat == 1
    assert d.stage == "replacement"
    play(rnd, "reveal Case 12")
    assert (len(rnd.face_up[1]), len(rnd.hidden[1])) == (5, 2)
    # The attacker discards one of its 8 cards; a Law discarded now launches nothing.
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.DISCARD and d.seat == 0
    assert d.stage == "after_confiscation" and len(d.options) == 8
    play(rnd, "discard Gag Law")
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.REVEAL and d.seat == 0
    play(rnd, "reveal Case 08")
    assert (len(rnd.face_up[0]), len(rnd.hidden[0])) == (5, 2)
    assert rnd.current == 1 and rnd.decision is not None
    assert rnd.decision.kind is DecisionKind.DRAW
    assert rnd.skips == [0, 0, 0]


def test_blind_confiscation_is_known_to_attacker_and_target_only(pack: Deck) -> None:
    hands = [
        [*cases(1, 2, 3, 4, 5), "Seizure Act", "Case 06"],
        [*cases(7, 8, 9, 10, 11), "Case 12", "Case 24"],
        [*cases(13, 14, 15, 16, 17), "Case 18", "Case 25"],
    ]
    rnd = stacked(pack, hands, "Case 19", ["Case 20", "Case 21", "Case 22"])
    play(rnd, "draw supply", "discard Seizure Act", "target 1", "accept", "confiscate hidden 0")
    taken = rnd.confiscated
    assert taken in ids(pack, ["Case 12", "Case 24"])
    assert taken in rnd.hidden[0]
    assert len(rnd.hidden[1]) == 2  # one left + the replacement: no reveal
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.DISCARD and d.seat == 0
    assert taken in rnd.view(0).players[0].known_hidden
    assert rnd.view(0).known_by == {taken: [1]}
    assert rnd.view(2).players[0].known_hidden == []
    event = rnd.events[-1]
    assert pack[taken].name in (event.describe(pack, 1) or "")
    assert pack[taken].name not in (event.describe(pack, 2) or "")


def _seat1_attacks_seat2_blind(pack: Deck, seed: int) -> Round:
    """Seat 1 discards Seizure Act, names seat 2 and, unanswered, takes one of its two hidden
    cards blind (Case 18 or Case 25)."""
    hands = [
        [*cases(1, 2, 3, 4, 5), "Case 06", "Case 26"],
        [*cases(7, 8, 9, 10, 11), "Seizure Act", "Case 12"],
        [*cases(13, 14, 15, 16, 17), "Case 18", "Case 25"],
    ]
    rnd = stacked(pack, hands, "Case 19", cases(20, 21, 22, 23), seed=seed)
    play(rnd, "draw supply", "discard Case 20")
    play(rnd, "draw supply", "discard Seizure Act", "target 2", "accept", "confiscate hidden 0")
    return rnd


def test_a_blind_confiscation_by_a_later_seat_shows_the_card_in_the_attackers_log(
    pack: Deck,
) -> None:
    rnd = _seat1_attacks_seat2_blind(pack, seed=7)
    taken = rnd.confiscated
    assert taken is not None and taken in rnd.hidden[1]
    event = rnd.events[-1]
    for seat, shown in ((1, True), (2, True), (0, False)):
        assert (pack[taken].name in (event.describe(pack, seat) or "")) is shown, seat


def test_a_blind_confiscation_may_take_either_hidden_card(pack: Deck) -> None:
    # The slot named is matched to a hidden card at random: over a few deals, each is taken.
    taken = {_seat1_attacks_seat2_blind(pack, seed).confiscated for seed in range(12)}
    assert taken == set(ids(pack, ["Case 18", "Case 25"]))


# ----------------------------------------------------------------------- supply, ending


def _tiny(pack: Deck, size: int, extra: tuple[str, ...] = ()) -> Deck:
    chosen = [pack.cards[pack.id_of(n)] for n in extra]
    chosen += [c for c in pack.cards if c.name.startswith("Case ")][: size - len(chosen)]
    return Deck("tiny", chosen, custom=True, source="test")


def test_empty_supply_is_refilled_from_the_discard_pile_keeping_its_top(pack: Deck) -> None:
    tiny = _tiny(pack, 20)
    hands = [cases(1, 2, 3, 4, 5, 6, 7), cases(8, 9, 10, 11, 12, 13, 14)]
    rnd = stacked(tiny, hands, "Case 15", cases(16, 17, 18, 19, 20), dealer=1)
    for n in (16, 17, 18, 19, 20):
        play(rnd, "draw supply", f"discard Case {n}")
    assert rnd.supply == []
    top = rnd.discard_pile[-1]
    rest = sorted(rnd.discard_pile[:-1])
    play(rnd, "draw supply")
    assert rnd.discard_pile == [top]
    assert sorted([*rnd.supply, rnd.drawn]) == rest
    note = rnd.events[-1].notes[0]
    assert note.what == "reshuffle" and note.count == 5


def test_a_discard_pile_of_two_refills_the_supply_with_the_card_under_the_top(pack: Deck) -> None:
    tiny = _tiny(pack, 16)
    hands = [cases(1, 2, 3, 4, 5, 6, 7), cases(8, 9, 10, 11, 12, 13, 14)]
    rnd = stacked(tiny, hands, "Case 15", cases(16), dealer=1)
    play(rnd, "draw supply", "discard Case 16")  # the supply is empty, the pile holds two
    d = rnd.decision
    assert d is not None and [a.to_str(tiny) for a in d.options] == ["draw supply", "draw discard"]
    play(rnd, "draw supply")
    assert rnd.drawn == tiny.id_of("Case 15") and rnd.discard_pile == [tiny.id_of("Case 16")]


def test_each_seats_face_up_choice_is_its_own_until_all_are_laid(pack: Deck) -> None:
    rnd = three_seats(pack)
    choices = [e for e in rnd.events if e.action.kind == "face_up"]
    assert [e.seat for e in choices] == [0, 1, 2]
    for e in choices:
        assert [sees(e.to, s) for s in range(3)] == [s == e.seat for s in range(3)]


def test_every_seat_may_choose_at_the_opening_before_the_round_asks_it(pack: Deck) -> None:
    rnd = Round(BOOKLET, 3, 1, 3, pack)
    d = rnd.decision
    assert d is not None and d.seat == 0
    early = [rnd.early_decision(s) for s in range(3)]
    assert early[0] is None  # seat 0 is asked now
    rnd.apply(d.options[0])
    asked = rnd.decision
    assert asked is not None and early[1] is not None
    assert (asked.seat, asked.kind, asked.options) == (1, early[1].kind, early[1].options)
    assert rnd.early_decision(1) is None and rnd.early_decision(0) is None  # asked, chosen
    assert early[2] is not None and rnd.early_decision(2) == early[2]
    rnd.apply(asked.options[0])
    rnd.apply(early[2].options[0])
    assert [rnd.early_decision(s) for s in range(3)] == [None, None, None]  # the opening is over


def test_a_wrong_face_up_choice_is_refused_in_words(pack: Deck) -> None:
    rnd = Round(BOOKLET, 2, 1, 3, pack)
    with pytest.raises(IllegalActionError) as caught:
        rnd.apply(Action.face_up(rnd.hidden[0][:4]))
    assert str(caught.value) == ("Seat 0 must decide face_up: choose exactly 5 of your own 7 cards")


def test_draw_supply_is_not_offered_when_it_cannot_be_refilled(pack: Deck) -> None:
    tiny = _tiny(pack, 15)
    hands = [cases(1, 2, 3, 4, 5, 6, 7), cases(8, 9, 10, 11, 12, 13, 14)]
    rnd = stacked(tiny, hands, "Case 15", dealer=1)
    d = rnd.decision
    assert d is not None and [a.to_str(tiny) for a in d.options] == ["draw discard"]


def test_round_ends_with_no_winner_when_no_replacement_can_be_drawn(pack: Deck) -> None:
    tiny = _tiny(pack, 15, extra=("Seizure Act",))
    hands = [
        [*cases(1, 2, 3, 4, 5), "Seizure Act", "Case 06"],
        cases(7, 8, 9, 10, 11, 12, 13),
    ]
    rnd = stacked(tiny, hands, "Case 14", dealer=1)
    play(rnd, "draw discard", "discard Seizure Act", "target 1", "accept", "confiscate Case 07")
    assert rnd.is_over and rnd.result is not None
    assert rnd.result.winner is None and rnd.result.reason == "no_draw"
    assert rnd.decision is None and rnd.legal_actions() == ()


def test_safety_valve_ends_the_round_after_max_turns(pack: Deck) -> None:
    rules = RuleSet(max_turns=3)
    rnd = three_seats(pack, rules=rules, supply=("Case 20", "Case 21", "Case 22", "Case 23"))
    for n in (20, 21):
        play(rnd, "draw supply", f"discard Case {n}")
        assert not rnd.is_over
    play(rnd, "draw supply", "discard Case 22")
    assert rnd.is_over and rnd.result is not None
    r = rnd.result
    assert (r.winner, r.kind, r.reason, r.turns) == (None, None, "max_turns", 3)
    for s in range(3):
        points, precedents = best_non_winner(pack, rnd.hand(s))
        assert r.scores[s] == points and r.precedents[s] == precedents
    assert rnd.view(1).result is not None and rnd.view(1).is_over
    with pytest.raises(IllegalActionError, match="over"):
        rnd.apply(Action.draw("supply"))


def test_skipped_turns_count_towards_the_safety_valve(pack: Deck) -> None:
    rnd = three_seats(pack, rules=RuleSet(max_turns=2), hidden1=("Case 24", "Case 12"))
    play(rnd, "draw supply", "discard Jim Crow", "target 1", "accept")
    assert rnd.is_over and rnd.result is not None
    assert rnd.result.turns == 2 and rnd.result.reason == "max_turns"


# ----------------------------------------------------------------------------- CIVIO


def _going_out_hand(deck: Deck) -> list[int]:
    rng = random.Random(5)
    for _ in range(200_000):
        hand = rng.sample(range(len(deck)), 7)
        if goes_out(deck, hand):
            return hand
    raise AssertionError("no going-out hand found")


def test_civio_is_offered_when_the_hand_goes_out_and_never_played_for_the_seat(
    standard: Deck,
) -> None:
    hand = _going_out_hand(standard)
    others = [c for c in range(len(standard)) if c not in hand]
    spare = next(c for c in others if not goes_out(standard, [*hand[:6], c]))
    others.remove(spare)
    # Seat 0 holds 6 cards of the hand and a spare (hidden); the 7th card tops the discard pile.
    order = [*hand[:5], spare, hand[5], *others[:7], hand[6], *others[7:]]
    rnd = Round(BOOKLET, 2, dealer=1, seed=1, deck=standard, deal_order=order)
    rnd.apply(Action.face_up(hand[:5]))
    rnd.apply(rnd.decision.options[0])  # type: ignore[union-attr]
    rnd.apply(Action.draw("discard"))
    rnd.apply(Action.discard(spare))
    if rnd.decision is not None and rnd.decision.kind is DecisionKind.REVEAL:
        rnd.apply(rnd.decision.options[0])
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.CIVIO and d.seat == 0
    assert [a.to_str(standard) for a in d.options] == ["civio call", "civio play on"]
    assert not rnd.is_over
    # The other seat cannot tell that a CIVIO is on offer.
    pending = rnd.view(1).pending
    assert pending is not None and pending.kind is None and pending.phase == "end_of_turn"

    called = rnd.clone()
    called.apply(called.parse("civio call"))
    r = called.result
    assert r is not None and r.winner == 0 and r.reason == "civio"
    arrangement = best_go_out(standard, hand, BOOKLET)
    assert arrangement is not None
    assert r.kind == arrangement.kind
    assert r.scores[0] == winner_score(arrangement, BOOKLET)
    assert r.scores[1] == best_non_winner(standard, called.hand(1))[0]

    rnd.apply(CIVIO_PLAY_ON)
    assert not rnd.is_over and rnd.current == 1
    assert rnd.events[-1].describe(standard, 1) is None  # "play on" is private
    assert rnd.events[-1].describe(standard, 0) == "Seat 0 could call CIVIO but played on."


def test_civio_is_not_offered_when_the_hand_does_not_go_out(pack: Deck) -> None:
    rnd = three_seats(pack)
    play(rnd, "draw supply", "discard Case 20")
    assert not goes_out(pack, rnd.hand(0))
    d = rnd.decision
    assert d is not None and d.kind is DecisionKind.DRAW and d.seat == 1


# -------------------------------------------------------------------- illegal actions


@pytest.mark.parametrize(
    "text",
    [
        "discard Case 01",  # wrong kind: a draw is pending
        "target 1",
        "civio call",
        "face up Case 01; Case 02; Case 03; Case 04; Case 05",
    ],
)
def test_wrong_kind_of_action_is_refused_without_change(pack: Deck, text: str) -> None:
    rnd = three_seats(pack)
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError, match="must decide draw"):
        rnd.apply(rnd.parse(text))
    assert snapshot(rnd) == before


def test_illegal_payloads_are_refused_without_change(pack: Deck) -> None:
    rnd = three_seats(pack)
    play(rnd, "draw supply")
    before = snapshot(rnd)
    for action, message in [
        (Action.discard(pack.id_of("Case 07")), "not among Seat 0's cards"),
        (Action.discard(999), "not in the deck"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            rnd.apply(action)
        assert snapshot(rnd) == before
    play(rnd, "discard Jim Crow", "target 2", "accept")  # Voting Act overrules, but accepted
    rnd = three_seats(pack, hidden0=("Seizure Act", "Case 06"))
    play(rnd, "draw supply", "discard Seizure Act", "target 1")
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError, match="does not overrule"):
        rnd.apply(Action.overrule(pack.id_of("Rights Act")))
    with pytest.raises(IllegalActionError, match="not among Seat 1's cards"):
        rnd.apply(Action.overrule(pack.id_of("Voting Act")))
    assert snapshot(rnd) == before
    play(rnd, "accept")
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError, match="face-up"):
        rnd.apply(Action.confiscate(pack.id_of("Case 12")))
    with pytest.raises(IllegalActionError, match="slot"):
        rnd.apply(Action(kind="confiscate", slot=2))
    assert snapshot(rnd) == before


def test_face_up_choice_must_be_five_of_the_seats_own_cards(pack: Deck) -> None:
    rnd = Round(BOOKLET, 2, dealer=0, seed=2, deck=pack)
    own = sorted(rnd.hidden[0])
    before = snapshot(rnd)
    for bad in (own[:4], own[:6], [*own[:4], rnd.hidden[1][0]]):
        with pytest.raises(IllegalActionError, match="choose exactly 5"):
            rnd.apply(Action.face_up(bad))
        assert snapshot(rnd) == before
    rnd.apply(Action.face_up(own[2:]))
    assert rnd.choices[0] == tuple(own[2:])


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
    rnd = attack_table(pack, "Jim Crow")
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


def test_a_skipped_turn_offers_no_civio_the_next_played_turn_does() -> None:
    deck = standard_deck()
    flush = [deck.lookup(n) for n in FLUSH]
    jim_crow = deck.lookup("Jim Crow Laws")
    rest = plain_cards(deck, [*flush, jim_crow])
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
    rest = plain_cards(deck, [*flush, order66, *overrulers])
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
    rnd = attack_table(pack, "Jim Crow")
    play(rnd, "draw supply", "discard Jim Crow")
    Action.target(2)  # the shared instances exist up to seat 2
    bad = Action.target(-1)
    assert bad.seat == -1 and not rnd.is_legal(bad)
    with pytest.raises(IllegalActionError, match="not an opponent"):
        rnd.apply(bad)


def test_after_a_confiscation_the_attacker_may_discard_its_prize_but_not_its_pickup(
    pack: Deck,
) -> None:
    rnd = attack_table(pack)
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


def test_the_discard_of_an_attacking_law_tells_its_attack_at_once(pack: Deck) -> None:
    rnd = attack_table(pack, "Jim Crow")
    play(rnd, "draw supply", "discard Jim Crow")
    (line,) = rnd.events[-1].lines(pack, 1, ["Ann", "Ben", "Cy"])
    assert line == "Ann discarded Jim Crow, which attacks (Lose Turn)."
    # A discard after a confiscation attacks nobody, and its line says nothing of an attack.
    rnd = attack_table(pack)
    play(rnd, "draw discard", "discard Seizure Act", "target 1", "accept", "confiscate Case 08")
    play(rnd, "reveal Case 12", "discard Case 08")
    (line,) = rnd.events[-1].lines(pack, 1, ["Ann", "Ben", "Cy"])
    assert line == "Ann discarded Case 08."
