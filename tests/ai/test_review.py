"""The review of a seat's decisions: it flags a planted blunder, agrees with the strongest level,
and repeats exactly."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import ai
from ai.civio.hard import HardPlayer, HardSearch, OptionValues, SearchBudget
from ai.civio.heuristics import plan_tables
from ai.civio.hint import hint, linked
from ai.civio.review import (
    GOOD,
    INACCURACY,
    hindsight,
    option_costs,
    review_decisions,
    verdict,
)
from cards.deck import Deck
from cards.games.civio.actions import Action, DecisionKind
from cards.games.civio.record import SeatDecision, seat_decisions
from cards.games.civio.round import Round
from cards.go_out import goes_out
from cards.links import ids_of
from cards.ruleset import RuleSet
from civio_tui.review import review_round

RULES = RuleSet()
SMALL = SearchBudget(iterations=48)
TINY = SearchBudget(iterations=12)
NAMES = ["Ada", "Bo"]


def planted_round(deck: Deck) -> tuple[int, list[Action], int, Action]:
    """A two-player round of medium players in which seat 0, able to discard its way out, keeps
    the card that would have gone out instead: (seed, the actions up to that blunder, its
    index, the discard that went out)."""
    player = ai.get_player("medium")
    for seed in range(100):
        rnd = Round(RULES, 2, 1, seed, deck)
        rng = random.Random(seed)
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            if d.seat == 0 and d.kind is DecisionKind.DISCARD:
                hand = rnd.face_up[0] + rnd.hidden[0]
                out = [a for a in d.options if goes_out(deck, [c for c in hand if c != a.card])]
                if out and len(out) < len(d.options):
                    blunder = next(a for a in d.options if a not in out)
                    rnd.apply(blunder)
                    return seed, rnd.actions, len(rnd.actions) - 1, out[0]
            rnd.apply(player.choose(rnd.view(d.seat), d, rng))
    raise AssertionError("no round offered seat 0 a way out")


def test_a_planted_blunder_is_a_mistake_naming_the_cards(standard: Deck) -> None:
    seed, actions, index, way_out = planted_round(standard)
    search = HardSearch(SMALL)
    review = review_round(
        RULES, 2, 1, seed, actions, 0, standard, seat_names=["Ada", "Bo"], search=search
    )
    blunder = next(d for d in review.decisions if d.position == index)
    assert blunder.verdict == "mistake" and blunder.loss >= INACCURACY
    assert blunder.kind == "discard" and blunder.chosen == actions[index].to_str(standard)
    best = Action.from_str(blunder.best, standard)
    # The search's choice goes out, and the sentence says so, naming the cards.
    hand_after = Round.replay(RULES, 2, 1, seed, actions[:index], standard)
    cards = hand_after.face_up[0] + hand_after.hidden[0]
    assert goes_out(standard, [c for c in cards if c != best.card])
    chosen = actions[index].card
    assert way_out.card is not None and chosen is not None
    assert blunder.why.startswith(f"You chose to discard {standard[chosen].name}")
    assert "so you can call CIVIO" in blunder.why
    assert review.biggest() == blunder
    assert f"your biggest: turn {blunder.turn}" in review.summary_line()
    # Every other decision is judged too, and the review repeats exactly.
    assert len(review.decisions) > 1
    again = review_round(
        RULES, 2, 1, seed, actions, 0, standard, seat_names=["Ada", "Bo"], search=HardSearch(SMALL)
    )
    assert again.to_json() == review.to_json()


def test_choices_of_the_strongest_level_are_best(standard: Deck) -> None:
    """A seat played by hard itself (with the review's seeds) makes only best choices."""
    hard = HardPlayer(SMALL)
    medium = ai.get_player("medium")
    rnd = Round(RULES, 2, 0, 5, standard)
    rng = random.Random(5)
    from ai.civio.hint import hint_seed

    while not rnd.is_over and len(rnd.actions) < 60:
        d = rnd.decision
        assert d is not None
        view = rnd.view(d.seat)
        if d.seat == 0:
            rnd.apply(hard.choose(view, d, random.Random(hint_seed(view, d))))
        else:
            rnd.apply(medium.choose(view, d, rng))
    review = review_round(RULES, 2, 0, 5, rnd.actions, 0, standard, search=HardSearch(SMALL))
    assert review.decisions
    assert {d.verdict for d in review.decisions} == {"best"}
    assert review.summary()["best"] == len(review.decisions)
    assert review.summary_line().startswith("No mistakes or inaccuracies in ")


def test_verdict_thresholds() -> None:
    assert verdict(0.5, same=True) == "best"
    assert verdict(0.001, same=False) == "best"
    assert verdict(GOOD / 2, same=False) == "good"
    assert verdict(GOOD, same=False) == "inaccuracy"
    assert verdict(INACCURACY, same=False) == "mistake"


def _feeds(deck: Deck, hand: list[int], card: int) -> bool:
    """With every hand known: taking `card` lets `hand` go out (giving up one of its cards)."""
    return any(goes_out(deck, [c for c in hand if c != drop] + [card]) for drop in hand)


def fed_rounds(deck: Deck, count: int) -> Iterator[tuple[int, list[Action], int]]:
    """Two-player rounds of medium players in which seat 0 discards a card that seat 1 takes
    at once and goes out with, although another discard was safe: (seed, the actions, the
    feed's index), the first `count` seeds that give one."""
    player = ai.get_player("medium")
    found = 0
    for seed in range(200):
        rnd = Round(RULES, 2, 1, seed, deck)
        rng = random.Random(seed)
        planted = None
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            if d.seat == 0 and d.kind is DecisionKind.DISCARD and planted is None:
                other = rnd.face_up[1] + rnd.hidden[1]
                feeding = [a for a in d.options if _feeds(deck, other, a.card or 0)]
                if feeding and len(feeding) < len(d.options):
                    planted = len(rnd.actions)
                    rnd.apply(feeding[0])
                    continue
            rnd.apply(player.choose(rnd.view(d.seat), d, rng))
        if planted is None or rnd.result is None or rnd.result.winner != 1:
            continue
        draw = next(a for a in rnd.actions[planted + 1 :] if a.kind == "draw")
        if draw == Action.draw("discard"):
            yield seed, rnd.actions, planted
            found += 1
            if found == count:
                return
    raise AssertionError("too few rounds let seat 1 go out on seat 0's discard")


def test_feeding_discards_are_mistakes_naming_the_card_and_the_opponent(standard: Deck) -> None:
    """The verdict judges what Ada could see; the danger, what happened. Most discards that
    handed Bo the round were visible risks (mistakes); every one is named in hindsight."""
    mistakes = 0
    for seed, actions, index in fed_rounds(standard, 6):
        review = review_round(
            RULES, 2, 1, seed, actions, 0, standard, seat_names=NAMES, search=HardSearch(SMALL)
        )
        fed = next(d for d in review.decisions if d.position == index)
        card = actions[index].card
        assert card is not None and fed.danger is not None
        name = standard[card].name
        assert fed.danger.startswith(f"Hindsight: Bo needed exactly {name}: with it, Bo's 7")
        assert " cards went out as " in fed.danger
        assert "A safe discard existed: " in fed.danger
        assert review.to_json()["decisions"][review.decisions.index(fed)]["danger"] == fed.danger
        mistakes += fed.verdict == "mistake"
        assert [d for d in review.decisions if d.handed_round] == [fed]
        told = f"In hindsight, the discard on turn {fed.turn} handed over the round."
        assert review.summary_line().endswith(told)
        others = [d for d in review.decisions if d.position != index and d.kind == "discard"]
        assert all(d.danger is None or "Bo needed exactly" in d.danger for d in others)
    assert mistakes >= 4


def test_verdicts_agree_with_themselves_over_many_rounds(standard: Deck) -> None:
    """Over reviewed rounds of medium players: a line marked best recommends the choice made
    and gives no cost; any other line names another move, a cost that fits its verdict, and
    the choice made."""
    player = ai.get_player("medium")
    lines = 0
    repeats = 0
    for seed in range(6):
        rnd = Round(RULES, 3, seed % 3, seed, standard)
        rng = random.Random(seed)
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            rnd.apply(player.choose(rnd.view(d.seat), d, rng))
        review = review_round(
            RULES, 3, seed % 3, seed, rnd.actions, 0, standard, search=HardSearch(TINY)
        )
        for j in review.decisions:
            lines += 1
            if j.verdict == "best":
                assert j.chosen == j.best and not j.why.startswith("You chose")
                assert j.points < 0.5
            else:
                assert j.chosen != j.best and j.why.startswith("You chose to ")
                assert verdict(j.loss, same=False) == j.verdict
        # No line gives the grounds of an earlier one again: it points back to it instead.
        grounds = [j.why.partition(": ")[2].partition(")")[0] for j in review.decisions]
        given = [g for g in grounds if g]
        assert len(set(given)) == len(given), [j.why for j in review.decisions]
        repeats += sum("for the reason given " in j.why for j in review.decisions)
    assert lines >= 30 and repeats < lines // 4


def test_a_discard_is_reviewed_as_lost_when_every_discard_lets_the_next_player_out(
    standard: Deck,
) -> None:
    """In hindsight, with the next player one card from going out in two ways: both discards
    feed them; the review says so and names the one the search valued more."""
    player = ai.get_player("medium")
    rnd = Round(RULES, 2, 1, 3, standard)
    rng = random.Random(3)
    while not rnd.is_over:
        d = rnd.decision
        assert d is not None
        rnd.apply(player.choose(rnd.view(d.seat), d, rng))
    assert rnd.result is not None and rnd.result.winner is not None
    out = rnd.face_up[rnd.result.winner] + rnd.hidden[rnd.result.winner]
    assert goes_out(standard, out)
    # Two cards that each complete the winner's hand less one of its cards.
    for gap in out:
        base = [c for c in out if c != gap]
        other = next(
            (y for y in range(len(standard)) if y not in out and goes_out(standard, [*base, y])),
            None,
        )
        if other is not None:
            break
    assert other is not None
    junk = next(y for y in range(len(standard)) if y not in out and y != other)
    asked = next(
        a
        for a in seat_decisions(RULES, 2, 1, 3, rnd.actions, 0, standard)
        if a.decision.kind is DecisionKind.DISCARD
    )
    feed, also = Action.discard(gap), Action.discard(other)
    planted = replace(
        asked,
        decision=replace(asked.decision, options=(feed, also)),
        action=feed,
        hands=(asked.hands[0], (*base, junk)),
        taken_by=1,
        won_with=True,
        winner=1,
    )
    values = OptionValues({feed: (0.2,), also: (0.5,)}, 1)
    said = hindsight(planted, 1, RULES, standard, ["Ada", "Bo"], values)
    assert said is not None
    name = standard[gap].name
    assert said.startswith(f"Hindsight: Bo needed exactly {name}: with it, Bo's 7 cards went out")
    assert said.endswith(
        f"Every discard here let Bo go out; {standard[other].name} cost the least."
    )
    planted = replace(planted, action=also)
    said = hindsight(planted, 1, RULES, standard, ["Ada", "Bo"], values)
    assert said is not None and said.endswith("this one cost the least.")
    harmless = next(
        y
        for y in range(len(standard))
        if y not in (*out, other, junk) and not goes_out(standard, [*base, y])
    )
    options = (also, Action.discard(harmless))
    safe = replace(planted, decision=replace(asked.decision, options=options))
    said = hindsight(safe, 1, RULES, standard, ["Ada", "Bo"], None)
    assert said is not None
    assert said.endswith(f"A safe discard existed: {standard[harmless].name}.")


def test_each_option_costs_what_the_review_charges_for_choosing_it(standard: Deck) -> None:
    """`option_costs` (the analysis board's figures) and the review judge with one evaluation:
    the option chosen costs what the review says it cost, and the best option costs nothing."""
    seed, actions, _, _ = planted_round(standard)
    search = HardSearch(TINY)
    review = review_round(RULES, 2, 1, seed, actions, 0, standard, search=search)
    judged = {d.position: d for d in review.decisions}
    asked = seat_decisions(RULES, 2, 1, seed, actions, 0, standard)
    compared = 0
    for decision in asked:
        costs, searched = option_costs(decision.view, decision.decision, standard, search)
        assert [c.action for c in costs] == list(decision.decision.options)
        best = [c for c in costs if c.best]
        assert len(best) == 1 and best[0].loss == 0.0
        chosen = next(c for c in costs if c.action == decision.action)
        if searched and decision.position in judged:
            assert round(chosen.loss or 0.0, 3) == judged[decision.position].loss
            assert judged[decision.position].best == best[0].action.to_str(standard) or (
                judged[decision.position].verdict == "best"
            )
            compared += 1
    assert compared >= 3


def test_the_hint_recommends_the_option_the_figures_mark_best(standard: Deck) -> None:
    """The analysis board shows both: at the full budget they come from one search."""
    seed, actions, _, _ = planted_round(standard)
    asked = seat_decisions(RULES, 2, 1, seed, actions, 0, standard)
    checked = 0
    for decision in asked:
        costs, searched = option_costs(decision.view, decision.decision, standard)
        if not searched:
            continue
        best = next(c.action for c in costs if c.best)
        assert hint(decision.view, decision.decision, standard)[0] == best
        checked += 1
        if checked == 4:
            return
    raise AssertionError("fewer than 4 searched decisions")


def _medium_round(deck: Deck, seats: int, seed: int) -> list[Action]:
    player = ai.get_player("medium")
    rnd = Round(RULES, seats, seed % seats, seed, deck)
    rng = random.Random(seed)
    while not rnd.is_over:
        d = rnd.decision
        assert d is not None
        rnd.apply(player.choose(rnd.view(d.seat), d, rng))
    return rnd.actions


def test_reasons_vary_with_the_position_over_reviewed_rounds(standard: Deck) -> None:
    """Over reviewed rounds, with card names and figures masked, no reason is given on more
    than a third of the lines of one kind (draws, discards, cards turned up): each names what
    decided it in its position rather than one sentence per kind."""
    names = sorted({standard[c].name for c in range(len(standard))}, key=len, reverse=True)
    cards = re.compile("|".join(re.escape(n) for n in names))
    by_kind: dict[str, list[str]] = {}
    for seed in range(4):
        seats = 2 + seed % 2
        actions = _medium_round(standard, seats, seed)
        review = review_round(
            RULES, seats, seed % seats, seed, actions, 0, standard, search=HardSearch(TINY)
        )
        for j in review.decisions:
            masked = re.sub(r"\d+", "N", cards.sub("X", j.why))
            by_kind.setdefault(j.kind, []).append(masked)
        # The card kept is said once: a discard line after it names its own grounds.
        kept = [
            found.group(1) if found else None
            for j in review.decisions
            if j.kind == "discard"
            for found in [re.search(r" and keep (.+?)(?:, the card you just [a-z ]+)?: ", j.why)]
        ]
        assert all(a is None or a != b for a, b in itertools.pairwise(kept)), kept
    for kind in ("draw", "discard", "reveal"):
        lines = by_kind[kind]
        assert len(lines) >= 12, kind
        text, most = Counter(lines).most_common(1)[0]
        assert most <= len(lines) // 3, (kind, most, len(lines), text)


def planted_draw(deck: Deck) -> tuple[SeatDecision, list[int], int, int, int]:
    """A draw of seat 0 rewritten: its cards one card from going out (a 3-card precedent, 3
    cards of a 4-card one and a card that goes with neither), and on the discard pile a card
    that links with that odd card but goes out with none: (the decision, the hand, the odd
    card, the top discard, the card the 4-card precedent lacks)."""
    actions = _medium_round(deck, 2, 3)
    asked = next(
        a
        for a in seat_decisions(RULES, 2, 1, 3, actions, 0, deck)
        if a.decision.kind is DecisionKind.DRAW
    )
    view = asked.view
    pool = set(view.unseen_cards(deck)) | set(view.face_up + view.hidden) | {view.discard_pile[-1]}
    pt = plan_tables(deck)
    links = {c: {d for d in pool if d != c and linked(deck, c, d)} for c in pool}
    for odd in sorted(pool):
        for top in sorted(links[odd]):
            # The precedents are made of cards that link with neither the odd card nor the top.
            free = sum(1 << c for c in pool - links[odd] - links[top] - {odd, top})
            three = next((ids_of(m) for m in sorted(pt.valid3) if not m & ~free), None)
            if three is None:
                continue
            four = next(
                (
                    ids_of(m)
                    for m in sorted(pt.valid4)
                    if not m & ~free and not set(three) & set(ids_of(m))
                ),
                None,
            )
            if four is None:
                continue
            hand = [*three, *four[:-1], odd]
            if any(goes_out(deck, [c for c in hand if c != x] + [top]) for x in hand):
                continue
            planted = view.model_copy(
                update={
                    "face_up": hand[:5],
                    "hidden": hand[5:],
                    "known_by": {},
                    "discard_pile": [*view.discard_pile[:-1], top],
                }
            )
            return replace(asked, view=planted), hand, odd, top, four[-1]
    raise AssertionError("no precedents to plant")


def test_a_draw_reason_names_the_link_and_the_cards_the_hand_waits_for(standard: Deck) -> None:
    """A top discard that links only with the odd card of a hand one card from going out:
    the review draws from the supply and says why in the cards of this position (the top
    discard, the card it links with, a card that would go out), with the figure the same
    evaluation charges for taking it."""
    asked, hand, odd, top, lacks = planted_draw(standard)
    search = HardSearch(SMALL)
    supply = replace(asked, action=Action.draw("supply"))
    review = review_decisions([supply], 0, standard, search=search)
    line = review.decisions[0]
    assert line.verdict == "best" and line.best == "draw supply"
    assert line.why.startswith(
        f"Draw from the supply: {standard[top].name} links with {standard[odd].name}"
    )
    live = set(asked.view.unseen_cards(standard))
    outs = [
        u for u in live if any(goes_out(standard, [c for c in hand if c != x] + [u]) for x in hand)
    ]
    assert lacks in outs
    assert any(standard[u].name in line.why for u in outs)
    costs, _ = option_costs(asked.view, asked.decision, standard, search)
    take = next(c for c in costs if c.action == Action.draw("discard"))
    assert take.points is not None and take.points >= 0.5
    figure = int(100 * round(take.loss or 0.0, 3) + 0.5)
    assert line.why.endswith(f"taking it would cost {figure} points of your chance to win.")
    # Taken instead, the line is judged against the same figure.
    taken = review_decisions([replace(asked, action=take.action)], 0, standard, search=search)
    assert taken.decisions[0].why.startswith(
        f"You chose to take the top discard, costing {figure} points of your chance to win. "
        f"Draw from the supply: {standard[top].name} links with"
    )


def test_attack_reasons_name_the_laws_the_cost_and_each_opponents_distance(
    standard: Deck,
) -> None:
    """Overruling names the attacking Law, the Law that stops it and what accepting would cost;
    choosing whom to attack says how far each opponent's known cards are from going out."""
    names = ["Ada", "Bo", "Cy"]
    found: dict[DecisionKind, SeatDecision] = {}
    for seed in range(40):
        actions = _medium_round(standard, 3, seed)
        for asked in seat_decisions(RULES, 3, seed % 3, seed, actions, 0, standard):
            kind = asked.decision.kind
            if kind in (DecisionKind.OVERRULE, DecisionKind.ATTACK_TARGET):
                found.setdefault(kind, asked)
        if len(found) == 2:
            break
    assert len(found) == 2

    def reason(asked: SeatDecision) -> str:
        review = review_decisions([asked], 0, standard, seat_names=names, search=HardSearch(TINY))
        return review.decisions[0].why

    asked = found[DecisionKind.OVERRULE]
    d = asked.decision
    assert d.attacker is not None and d.law is not None
    by = names[d.attacker]
    assert reason(asked).startswith(f"Overrule {by}'s {standard[d.law].name} with ")
    cost = "cost you your next turn" if d.effect == "lose_turn" else f"let {by} take one of"
    assert f"accepting would {cost}" in reason(asked)
    asked = found[DecisionKind.ATTACK_TARGET]
    targets = [a.seat for a in asked.decision.options if a.seat is not None]
    why = reason(asked)
    assert re.match(r"Attack (Bo|Cy): its known cards are \d cards? from going out; ", why), why
    assert all(names[s] in why for s in targets)
