"""hard's completion search (`ai.civio.hard.CompletionSearch`) and its one-away outs checked
against brute force."""

from __future__ import annotations

import random
from itertools import combinations

from ai.civio.hard import CompletionSearch, first_out_weights, one_away_cores
from ai.civio.heuristics import PlanTables, plan_tables
from ai.civio.inference import outs_of_six
from cards.deck import Deck
from cards.links import ids_of


def _goes_out_3_4(pt: PlanTables, cards: list[int]) -> bool:
    for three in combinations(cards, 3):
        a = sum(1 << c for c in three)
        if a not in pt.valid3:
            continue
        for four in combinations([c for c in cards if c not in three], 4):
            if sum(1 << c for c in four) in pt.valid4:
                return True
    return False


def _brute_finish_turns(
    pt: PlanTables, hand: int, draws: list[int], horizon: int
) -> dict[int, int]:
    found = {}
    for c in ids_of(hand):
        found[c] = horizon + 1
        for t in range(horizon + 1):
            pool = sorted({*ids_of(hand & ~(1 << c)), *draws[:t]})
            if any(_goes_out_3_4(pt, list(seven)) for seven in combinations(pool, 7)):
                found[c] = t
                break
    return found


def _near_hands(
    pt: PlanTables, deck: Deck, rng: random.Random, n: int
) -> list[tuple[int, list[int]]]:
    """Hands one to three cards short of a 3 + 4, the missing cards somewhere among the
    draws, and stray cards around them: the cases where the first turn out matters."""
    threes, fours = sorted(pt.valid3), sorted(pt.valid4)
    cases: list[tuple[int, list[int]]] = []
    while len(cases) < n:
        a, b = rng.choice(threes), rng.choice(fours)
        if a & b:
            continue
        goal = ids_of(a | b)
        rng.shuffle(goal)
        missing = goal[: rng.randint(0, 3)]
        others = [c for c in range(len(deck)) if c not in goal]
        strays = rng.sample(others, 8 - (7 - len(missing)) + 6)
        hand_cards = goal[len(missing) :] + strays[: 8 - (7 - len(missing))]
        draws = strays[8 - (7 - len(missing)) :] + missing
        rng.shuffle(draws)
        cases.append((sum(1 << c for c in hand_cards), draws))
    return cases


def test_finish_turns_agree_with_brute_force(standard: Deck) -> None:
    pt = plan_tables(standard)
    search = CompletionSearch(pt)
    rng = random.Random(11)
    hits = 0
    for hand, draws in _near_hands(pt, standard, rng, 40):
        got = search.finish_turns(hand, draws, 4)
        assert got == _brute_finish_turns(pt, hand, draws, 4), (ids_of(hand), draws)
        hits += sum(t <= 4 for t in got.values())
    assert hits > 40  # the cases do go out, early and late, so the comparison means something


def test_a_card_added_to_a_prepared_hand_counts_as_held_from_the_start(standard: Deck) -> None:
    # The draw decision prepares the 7 cards held once and adds each world's supply card.
    pt = plan_tables(standard)
    search = CompletionSearch(pt)
    rng = random.Random(12)
    for hand, draws in _near_hands(pt, standard, rng, 40):
        extra = rng.choice(ids_of(hand))
        start = search.prepare(hand & ~(1 << extra))
        got = search.finish(start, draws, 4, extra=extra)
        assert got == search.finish_turns(hand, draws, 4), (ids_of(hand), extra, draws)


def test_a_card_added_to_cards_that_already_go_out_is_not_needed(standard: Deck) -> None:
    # The 7 prepared cards go out as 4 + 3 by themselves, so the card added to them can go at
    # once (found 0). The prepared search marked that go-out before the card was there.
    pt = plan_tables(standard)
    search = CompletionSearch(pt)
    names = ["Justice", "Gregg v Georgia", "Furman v Georgia", "8th"]
    names += ["Katz v US", "California v Greenwood", "4th"]
    seven = sum(1 << standard.lookup(n) for n in names)
    assert _goes_out_3_4(pt, ids_of(seven))
    extra = standard.lookup("Engel v Vitale")
    got = search.finish(search.prepare(seven), [], 4, extra=extra)
    assert got[extra] == 0
    assert got == search.finish_turns(seven | 1 << extra, [], 4)


def test_outs_of_six_are_the_live_cards_that_go_out_with_six(standard: Deck) -> None:
    pt = plan_tables(standard)
    rng = random.Random(13)
    every = (1 << len(standard)) - 1
    outs_seen = 0
    for hand, draws in _near_hands(pt, standard, rng, 40):
        six = rng.sample(ids_of(hand), 6)
        live = every & ~sum(1 << c for c in [*six, *draws[:2]])
        got = outs_of_six(pt, six, live)
        want = sum(1 << x for x in ids_of(live) if _goes_out_3_4(pt, [*six, x]))
        assert got == want, (six, ids_of(got), ids_of(want))
        outs_seen += got.bit_count()
    assert outs_seen > 20  # many of the sixes are one card away, so the check means something


def test_a_core_counts_from_the_first_draw_among_its_outs(standard: Deck) -> None:
    pt = plan_tables(standard)
    names = ["Justice", "Gregg v Georgia", "Furman v Georgia", "8th", "Katz v US", "4th"]
    six = [standard.lookup(n) for n in names]
    stray = standard.lookup("Engel v Vitale")
    live = ((1 << len(standard)) - 1) & ~sum(1 << c for c in [*six, stray])
    cores = one_away_cores(pt, [*six, stray], live)
    (core, outs) = next((m, o) for m, o in cores if m == sum(1 << c for c in six))
    assert outs >> standard.lookup("California v Greenwood") & 1
    x = ids_of(outs)[0]
    weight = [1.0, 0.7, 0.49, 0.343, 0.0]
    found = dict(first_out_weights(cores, [stray, stray, x], weight))
    assert found[core] == 0.343
    assert dict(first_out_weights(cores, [stray], weight))[core] == 0.0


def test_a_search_asked_about_some_cards_or_the_soonest_way_out_agrees_with_the_full_one(
    standard: Deck,
) -> None:
    # `wanted` reports only the cards asked about (the walk may stop once they are found), and
    # `first_turn` the soonest turn any card is spared (it stops there): each must equal what the
    # full search says.
    pt = plan_tables(standard)
    search = CompletionSearch(pt)
    rng = random.Random(14)
    for hand, draws in _near_hands(pt, standard, rng, 40):
        start = search.prepare(hand)
        full = search.finish(start, draws, 4)
        wanted = sum(1 << c for c in rng.sample(ids_of(hand), 3))
        assert search.finish(start, draws, 4, wanted=wanted) == {
            c: t for c, t in full.items() if wanted >> c & 1
        }
        assert search.first_turn(start, draws, 4) == min(full.values())
        extra = rng.choice(ids_of(hand))
        seven = search.prepare(hand & ~(1 << extra))
        assert search.first_turn(seven, draws, 4, extra=extra) == min(full.values())
