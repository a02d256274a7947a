"""Easy Play (docs/RULES.md, "Other ways to play"): one test per rule line, valid and invalid
moves."""

from __future__ import annotations

import random

import pytest

from cards.deck import standard_deck
from cards.engine import IllegalActionError
from cards.games.easy_play.round import (
    CIVIO_CALL,
    DONE_ACTION,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    HANDLERS,
    LAY,
    EasyAction,
    EasyPhase,
    EasyPlay,
    is_pair,
    pair_points,
    pairs_in,
)
from cards.precedent import is_valid
from cards.ruleset import RuleSet

DECK = standard_deck()
L = DECK.lookup


def ids(*names: str) -> list[int]:
    return [L(n) for n in names]


# Seat 0's hand holds three pairs and a single card; seat 1's hand holds no pair at all.
PAIRS0 = ids("Race", "Brown v Board", "Tinker", "Barnette", "Marbury", "Engel v Vitale")
SINGLE0 = L("Religion")


def unpaired_hand(avoid: list[int], size: int = 7) -> list[int]:
    """`size` cards with no pair among them nor with `avoid` (a seeded greedy pick)."""
    out: list[int] = []
    rng = random.Random(5)
    pool = [c for c in DECK.ids if c not in avoid]
    rng.shuffle(pool)
    for c in pool:
        if all(not is_pair(DECK, c, x) for x in out + avoid):
            out.append(c)
            if len(out) == size:
                return out
    raise AssertionError("no unpaired hand")


def table(top: int | None = None, supply: list[int] | None = None, **kw: object) -> EasyPlay:
    """Seat 0 (dealer 1, so seat 0 plays first) holds PAIRS0 + SINGLE0; seat 1 a pairless hand."""
    hand0 = [*PAIRS0, SINGLE0]
    hand1 = unpaired_hand(hand0 + [c for c in (top, *(supply or [])) if c is not None])
    rest = [c for c in DECK.ids if c not in hand0 + hand1]
    top = top if top is not None else next(c for c in rest if c not in (supply or []))
    supply = supply or []
    order = hand0 + hand1 + [top] + supply
    return EasyPlay(2, 1, 7, deal_order=order, **kw)  # type: ignore[arg-type]


def _refusal(g: EasyPlay, action: EasyAction) -> str:
    """The message `apply` refuses `action` with."""
    with pytest.raises(IllegalActionError) as caught:
        g.apply(action)
    return str(caught.value)


def test_a_matching_pair_is_a_valid_two_card_precedent_in_either_order() -> None:
    race, brown, fourteenth = ids("Race", "Brown v Board", "14th")
    assert is_pair(DECK, race, brown) and is_pair(DECK, brown, race)
    assert is_pair(DECK, brown, fourteenth)
    assert is_pair(DECK, L("Tinker"), L("Barnette"))
    assert is_pair(DECK, L("Marbury"), L("Engel v Vitale"))
    assert not is_pair(DECK, race, fourteenth)  # an Issue needs a Case or Law after it
    assert not is_pair(DECK, L("Religion"), L("Equality"))
    for a, b in pairs_in(DECK, DECK.ids[:30]):
        assert is_valid(DECK, (a, b)) or is_valid(DECK, (b, a))


def test_deal_seven_each_one_card_up_the_rest_is_the_supply() -> None:
    for seats in (2, 3, 4):
        g = EasyPlay(seats, 0, seats)
        assert [len(h) for h in g.hands] == [7] * seats
        assert len(g.discard_pile) == 1
        assert len(g.supply) == len(DECK) - 7 * seats - 1
        assert g.current == 1 % seats  # left of the dealer
    with pytest.raises(ValueError):
        EasyPlay(5, 0, 1)


def test_the_same_seed_deals_the_same_round() -> None:
    assert EasyPlay(3, 0, 11).hands == EasyPlay(3, 0, 11).hands
    assert EasyPlay(3, 0, 11).hands != EasyPlay(3, 0, 12).hands


def test_draw_from_the_supply_or_the_discard_pile() -> None:
    g = table()
    assert g.decision is not None and set(g.decision.options) == {DRAW_SUPPLY, DRAW_DISCARD}
    top = g.supply[-1]
    g.apply(DRAW_SUPPLY)
    assert top in g.hands[0] and len(g.hands[0]) == 8
    g = table()
    top = g.discard_pile[-1]
    g.apply(DRAW_DISCARD)
    assert top in g.hands[0] and g.discard_pile == []


def test_laying_a_pair_then_done_then_discard() -> None:
    g = table()
    g.apply(DRAW_SUPPLY)
    d = g.decision
    assert d is not None and d.phase is EasyPhase.LAY and DONE_ACTION in d.options
    race, brown = ids("Race", "Brown v Board")
    g.apply(EasyAction.lay(brown, race))
    assert g.laid[0] == [(min(race, brown), max(race, brown))]
    assert race not in g.hands[0]
    g.apply(DONE_ACTION)
    assert g.phase is EasyPhase.DISCARD
    g.apply(EasyAction.discard(SINGLE0))
    assert g.discard_pile[-1] == SINGLE0 and g.current == 1


def test_laying_cards_that_do_not_match_is_refused_with_the_reason() -> None:
    g = table()
    g.apply(DRAW_SUPPLY)
    before = (g.hands, g.laid, len(g.events))
    with pytest.raises(IllegalActionError, match="not a matching pair"):
        g.apply(EasyAction.lay(L("Race"), SINGLE0))
    with pytest.raises(IllegalActionError, match="not in your hand"):
        g.apply(EasyAction.lay(L("Race"), g.hands[1][0]))
    assert (g.hands, g.laid, len(g.events)) == before


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded() -> None:
    g = table()
    top = g.discard_pile[-1]
    g.apply(DRAW_DISCARD)
    if g.phase is EasyPhase.LAY:
        g.apply(DONE_ACTION)
    d = g.decision
    assert d is not None and EasyAction.discard(top) not in d.options
    assert _refusal(g, EasyAction.discard(top)) == (
        f"{DECK[top].name} was taken from the discard pile this turn and cannot be discarded now"
    )
    g.apply(EasyAction.discard(SINGLE0))  # any other card is fine


def test_going_out_by_discarding_the_last_card() -> None:
    # With 7-card hands the hand is even after every draw, so a dealt round always goes out by
    # laying; the discard rule still holds for any hand the engine is given.
    g = table()
    g.apply(DRAW_SUPPLY)
    g.apply(DONE_ACTION)
    g.hands[0] = [SINGLE0]
    g.apply(EasyAction.discard(SINGLE0))
    assert g.decision is not None and g.decision.options == (CIVIO_CALL,)
    assert g.decision.seat == 0
    g.apply(CIVIO_CALL)
    assert g.result is not None and g.result.winner == 0 and g.result.reason == "civio"


def test_going_out_when_all_eight_cards_lie_in_pairs_needs_no_discard() -> None:
    mate = next(c for c in DECK.ids if is_pair(DECK, c, SINGLE0) and c not in PAIRS0)
    g = table(supply=[mate])
    g.apply(DRAW_SUPPLY)
    assert g.drawn == mate
    for a, b in zip(PAIRS0[::2], PAIRS0[1::2], strict=True):
        g.apply(EasyAction.lay(a, b))
    g.apply(EasyAction.lay(SINGLE0, mate))
    assert g.hands[0] == [] and g.phase is EasyPhase.CIVIO
    g.apply(CIVIO_CALL)
    assert g.result is not None and g.result.winner == 0 and g.result.turns == 1


def test_score_one_per_point_card_in_laid_pairs_plus_two_for_going_out() -> None:
    mate = next(c for c in DECK.ids if is_pair(DECK, c, SINGLE0) and c not in PAIRS0)
    g = table(supply=[mate])
    g.apply(DRAW_SUPPLY)
    for a, b in zip(PAIRS0[::2], PAIRS0[1::2], strict=True):
        g.apply(EasyAction.lay(a, b))
    g.apply(EasyAction.lay(SINGLE0, mate))
    g.apply(CIVIO_CALL)
    assert g.result is not None
    expected = sum(DECK[c].points for c in [*PAIRS0, SINGLE0, mate]) + 2
    assert g.result.scores == (expected, 0)
    assert pair_points(DECK, g.laid[0]) == expected - 2


def test_a_pair_that_would_strand_the_taken_card_is_not_offered() -> None:
    g = table()
    g.hands[0] = ids("Race", "Brown v Board")  # two cards left, then take the top of the pile
    g.apply(DRAW_DISCARD)
    lay = EasyAction.lay(*ids("Race", "Brown v Board"))
    assert g.phase is EasyPhase.DISCARD or lay not in g.legal_actions()
    with pytest.raises(IllegalActionError):
        g.apply(lay)


def test_an_empty_supply_is_refilled_from_the_discard_pile_but_its_top() -> None:
    g = table()
    g.supply.clear()
    g.discard_pile[:] = [*g.discard_pile, *ids("Equality", "Justice", "Press")]
    top = g.discard_pile[-1]
    g.apply(DRAW_SUPPLY)
    assert g.discard_pile == [top]
    assert len(g.supply) == 2 and g.events[-1].reshuffled == 3


def test_the_round_ends_with_no_winner_at_the_turn_limit() -> None:
    g = table(rules=RuleSet(max_turns=1))
    g.apply(DRAW_SUPPLY)
    if g.phase is EasyPhase.LAY:
        g.apply(DONE_ACTION)
    g.apply(EasyAction.discard(SINGLE0))
    assert g.result is not None and g.result.winner is None and g.result.reason == "max_turns"
    assert g.events[-1].over == "max_turns"
    assert g.events[-1].describe(DECK, 1, ["Ana", "Ben"]) == (
        f"Ana discarded {DECK[SINGLE0].name}. "
        "The round ends with no winner: the turn limit was reached."
    )


def test_the_card_just_discarded_can_always_be_drawn_so_a_round_never_runs_out() -> None:
    g = table()
    g.supply.clear()
    g.apply(DRAW_DISCARD)
    if g.phase is EasyPhase.LAY:
        g.apply(DONE_ACTION)
    g.discard_pile.clear()  # nothing left anywhere when seat 1 must draw
    g.hands[0].append(g.hands[0][0])  # keep the hand non-empty after the discard
    g.apply(EasyAction.discard(SINGLE0))
    assert g.discard_pile == [SINGLE0]  # the discard itself can be drawn: the round goes on
    assert g.decision is not None and g.decision.options == (DRAW_DISCARD,)
    # Random rounds of every size: a decision with options until the round ends.
    for seats in (2, 3, 4):
        for seed in range(5):
            g = EasyPlay(seats, 0, seed)
            rng = random.Random(seed)
            while (d := g.decision) is not None:
                assert d.options
                g.apply(rng.choice(d.options))
            assert g.result is not None and g.result.reason in ("civio", "max_turns")


def test_a_player_down_to_one_card_still_chooses_each_turn() -> None:
    """The end of most rounds: one card in hand, draw, keep one of two. docs/RULES.md (Easy Play,
    "the end of a round") says what is left to choose; here: both sources to draw from, and
    after a blind draw the choice of which card to keep."""
    one_card_turns = 0
    for seats in (2, 4):
        for seed in range(20):
            g = EasyPlay(seats, 0, seed)
            rng = random.Random(seed)
            while (d := g.decision) is not None:
                one_card = len(g.hands[d.seat]) == 1
                if d.kind == "draw" and one_card and g.supply:
                    one_card_turns += 1
                    assert set(d.options) == {DRAW_SUPPLY, DRAW_DISCARD}
                action = rng.choice(d.options)
                g.apply(action)
                if action == DRAW_SUPPLY and one_card and g.phase is EasyPhase.DISCARD:
                    assert len(g.decision.options if g.decision else ()) == 2
    assert one_card_turns > 20  # the property was met often, not vacuously


def test_illegal_actions_name_the_problem_and_change_nothing() -> None:
    g = table()
    with pytest.raises(IllegalActionError, match="time to draw"):
        g.apply(EasyAction.discard(SINGLE0))
    with pytest.raises(IllegalActionError, match="no pile"):
        g.apply(EasyAction.draw("nowhere"))
    g.apply(DRAW_SUPPLY)
    g.apply(DONE_ACTION)
    with pytest.raises(IllegalActionError, match="not in the deck"):
        g.apply(EasyAction.discard(999))
    with pytest.raises(IllegalActionError, match="only discard a card from your hand"):
        g.apply(EasyAction.discard(g.hands[1][0]))
    assert len(g.events) == 2


def test_views_hide_other_hands_and_the_supply() -> None:
    g = table()
    g.apply(DRAW_SUPPLY)
    drawn = g.drawn
    v1 = g.view(1)
    assert v1.hand == g.hands[1] and v1.hand_counts == [8, 7]
    assert v1.drawn is None and v1.supply_count == len(g.supply)
    assert set(v1.unseen_cards(len(DECK))) == set(g.hands[0]) | set(g.supply)
    assert g.view(0).drawn == drawn
    assert g.events[-1].describe(DECK, 1, ["A", "B"]) == "A drew from the supply."
    assert DECK[drawn].name in g.events[-1].describe(DECK, 0, ["A", "B"])


def test_a_card_taken_from_the_discard_pile_is_known_to_everyone() -> None:
    g = table()
    top = g.discard_pile[-1]
    g.apply(DRAW_DISCARD)
    assert g.view(1).known_in_hand[0] == [top]
    assert g.view(1).drawn == top


def test_every_phase_has_one_handler() -> None:
    assert set(HANDLERS) == set(EasyPhase) - {EasyPhase.OVER}


def test_replay_gives_the_same_round_and_actions_round_trip_through_json() -> None:
    g = EasyPlay(3, 2, 9)
    rng = random.Random(3)
    while g.decision is not None:
        g.apply(rng.choice(g.decision.options))
    again = EasyPlay.replay(3, 2, 9, [EasyAction.from_json(a.to_json()) for a in g.actions])
    assert again.result == g.result
    with pytest.raises(ValueError):
        EasyAction.from_json({"kind": "fly"})


def test_the_log_says_each_move_in_words() -> None:
    names = ["Ana", "Ben"]
    g = table()
    top = g.discard_pile[-1]
    drawn = g.supply[-1]
    g.apply(DRAW_SUPPLY)
    draw = g.events[-1]
    assert draw.describe(DECK, 0, names) == f"Ana drew from the supply: {DECK[drawn].name}."
    assert draw.describe(DECK, 1, names) == "Ana drew from the supply."
    race, brown = ids("Race", "Brown v Board")
    g.apply(EasyAction.lay(race, brown))
    pair = " + ".join(DECK.names(sorted((race, brown))))
    assert g.events[-1].describe(DECK, 1, names) == f"Ana laid down a pair: {pair}."
    g.apply(DONE_ACTION)
    g.apply(EasyAction.discard(SINGLE0))
    assert g.events[-1].describe(DECK, 1, names) == f"Ana discarded {DECK[SINGLE0].name}."
    g = table()
    g.apply(DRAW_DISCARD)
    for seat in (0, 1):
        assert g.events[-1].describe(DECK, seat, names) == (
            f"Ana drew from the discard pile: {DECK[top].name}."
        )
    g = table()
    g.supply.clear()
    g.discard_pile[:] = [*g.discard_pile, *ids("Equality", "Justice", "Press")]
    g.apply(DRAW_SUPPLY)
    assert g.events[-1].describe(DECK, 1, names) == (
        "The supply ran out: the discard pile except its top card was shuffled into a new "
        "supply of 3 cards. Ana drew from the supply."
    )


def test_going_out_is_logged_as_a_civio_call() -> None:
    mate = next(c for c in DECK.ids if is_pair(DECK, c, SINGLE0) and c not in PAIRS0)
    g = table(supply=[mate])
    g.apply(DRAW_SUPPLY)
    for a, b in [*zip(PAIRS0[::2], PAIRS0[1::2], strict=True), (SINGLE0, mate)]:
        g.apply(EasyAction.lay(a, b))
    g.apply(CIVIO_CALL)
    assert g.events[-1].over == "civio"
    assert g.events[-1].describe(DECK, 1, ["Ana", "Ben"]) == "Ana called CIVIO!"


def test_actions_read_as_the_player_types_them() -> None:
    race, brown = ids("Race", "Brown v Board")
    assert DRAW_SUPPLY.to_str(DECK) == "draw supply"
    assert DRAW_DISCARD.to_str(DECK) == "draw discard"
    assert EasyAction.lay(brown, race).to_str(DECK) == " + ".join(
        ["lay " + DECK[min(race, brown)].name, DECK[max(race, brown)].name]
    )
    assert EasyAction.discard(race).to_str(DECK) == f"discard {DECK[race].name}"
    assert DONE_ACTION.to_str(DECK) == "done"
    assert CIVIO_CALL.to_str(DECK) == "civio call"


def test_refusals_name_the_cards_and_the_rule() -> None:
    g = table()
    assert _refusal(g, EasyAction.discard(SINGLE0)) == "it is time to draw, not discard"
    assert _refusal(g, EasyAction.draw("nowhere")) == (
        "there is no pile called 'nowhere': draw from the supply or the discard"
    )
    g.apply(DRAW_SUPPLY)
    assert _refusal(g, EasyAction.discard(SINGLE0)) == "it is time to lay or done, not discard"
    race = L("Race")
    assert _refusal(g, EasyAction(LAY, cards=(race, race))) == "a pair is two different cards"
    other = g.hands[1][0]
    assert _refusal(g, EasyAction.lay(race, other)) == f"{DECK[other].name} is not in your hand"
    a, b = sorted((race, SINGLE0))
    assert _refusal(g, EasyAction.lay(race, SINGLE0)) == (
        f"{DECK[a].name} and {DECK[b].name} are not a matching pair: neither can follow the "
        "other in a precedent"
    )
    assert _refusal(g, EasyAction(LAY, cards=(race, 999))) == "card id 999 is not in the deck"
    g.apply(DONE_ACTION)
    assert _refusal(g, EasyAction.discard(other)) == "you can only discard a card from your hand"
    g.apply(EasyAction.discard(SINGLE0))
    assert g.decision is not None
    assert _refusal(g, CIVIO_CALL) == "it is time to draw, not civio"


def test_refusals_about_the_piles_and_a_pair_that_strands_the_taken_card() -> None:
    # Race, Brown v Board and the 14th (taken): laying Brown + 14th is allowed, but Race +
    # Brown would leave only the 14th, which cannot be discarded this turn.
    fourteenth = L("14th")
    g = table(top=fourteenth)
    g.hands[0] = ids("Race", "Brown v Board")
    g.apply(DRAW_DISCARD)
    assert g.phase is EasyPhase.LAY
    assert _refusal(g, EasyAction.lay(*ids("Race", "Brown v Board"))) == (
        f"laying this pair would leave only {DECK[fourteenth].name}, taken from the discard "
        "pile this turn, which you could not discard"
    )
    g = table()
    g.discard_pile.clear()
    assert _refusal(g, DRAW_DISCARD) == "the discard pile is empty"
    g.supply.clear()
    g.discard_pile.append(SINGLE0)
    assert _refusal(g, DRAW_SUPPLY) == "the supply is empty and the discard pile cannot refill it"


def test_nothing_can_be_played_once_the_round_is_over() -> None:
    g = table(rules=RuleSet(max_turns=1))
    g.apply(DRAW_SUPPLY)
    g.apply(DONE_ACTION)
    g.apply(EasyAction.discard(SINGLE0))
    assert _refusal(g, DRAW_SUPPLY) == "the round is over"


def test_a_saved_action_that_is_not_an_easy_play_action_is_named() -> None:
    with pytest.raises(ValueError, match=r"not an Easy Play action: \{'kind': 'fly'\}"):
        EasyAction.from_json({"kind": "fly"})
    with pytest.raises(ValueError, match=r"unknown Easy Play action fields \['colour'\]"):
        EasyAction.from_json({"kind": "draw", "colour": "red"})
    with pytest.raises(ValueError, match="malformed Easy Play action"):
        EasyAction.from_json({"kind": "discard", "card": "seven"})
    lay = EasyAction.lay(3, 1)
    assert lay.to_json() == {"kind": "lay", "cards": [1, 3]}
    assert EasyAction.from_json(lay.to_json()) == lay
    assert EasyAction.from_json(DRAW_SUPPLY.to_json()) == DRAW_SUPPLY
    assert EasyAction.from_json(EasyAction.discard(5).to_json()) == EasyAction.discard(5)
