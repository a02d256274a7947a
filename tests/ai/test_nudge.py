"""Teaching nudges (ai/civio/nudge.py) and the hint's wording: every claim a nudge makes about a
card is true by the rules, over many seeded positions; a nudge never says the move."""

from __future__ import annotations

import re

from ai.civio.hint import hint, nudge, teaching_nudge
from cards.deck import Deck
from cards.games.civio.actions import Action, DecisionKind
from cards.games.civio.round import Round
from cards.joins import joins
from cards.link_reasons import link
from cards.ruleset import RuleSet
from tests.ai.test_hint import positions

# Words that start a hint's move; a nudge must not tell the move this way.
MOVE_WORDS = ("Discard ", "Draw from", "Take ", "Turn up ", "Attack seat", "Overrule with", "Call ")


def _names_in(deck: Deck, text: str) -> set[int]:
    """The cards whose full printed name appears in `text` (longest names first, so "Brown v
    Board of Education of Topeka" is not also read as a shorter name inside it)."""
    found: set[int] = set()
    rest = text
    for c in sorted(deck.ids, key=lambda c: -len(deck[c].name)):
        pattern = r"(?<![\w/])" + re.escape(deck[c].name) + r"(?![\w/])"
        if re.search(pattern, rest):
            found.add(c)
            rest = re.sub(pattern, " ", rest)
    return found


def test_every_claim_of_a_nudge_is_true_by_the_rules(standard: Deck) -> None:
    kinds = set()
    count = pointed = 0
    for seed in range(40, 52):
        for view, decision in positions(standard, seed):
            n = teaching_nudge(view, decision)
            assert n.text == nudge(view, decision)
            assert n.text and n.text[-1] in ".?", n.text
            assert not n.text.startswith(MOVE_WORDS), n.text
            visible = view.known_cards()
            named = _names_in(standard, n.text)
            for x in n.links:
                # The link is the rules' own: the module's table, a direct one, between cards
                # the player sees; the nudge names one of its cards, and finding the other is
                # the player's move.
                assert link(standard, x.prev, x.card) == x and x.direct
                assert {x.prev, x.card} <= visible
                assert len({x.prev, x.card} & named) == 1, n.text
                pointed += 1
            pool = list(view.hand)
            if decision.kind is DecisionKind.DRAW:
                pool += view.discard_pile[-1:]
            text = n.text
            for card, needs in n.needs:
                assert joins(standard, card, pool).needs == needs
                assert needs in text
                text = text.replace(needs, "")  # names a kind of card it needs, not a card seen
            # Every card it names is one the player can see (no peeking at hidden cards).
            assert _names_in(standard, text) <= visible, n.text
            kinds.add(decision.kind)
            count += 1
    assert count > 300 and pointed > 100
    assert {DecisionKind.FACE_UP, DecisionKind.DRAW, DecisionKind.DISCARD} <= kinds


def test_a_nudge_points_at_a_link_without_naming_the_card_to_play(standard: Deck) -> None:
    """Brown v Board lists Race: at the opening the nudge names Race and asks which card lists
    it, never Brown (finding it is the player's part)."""
    names = ("Race", "Brown v Board of Education of Topeka", "Religion", "Privacy", "Press")
    hand = [standard.id_of(n) for n in (*names, "8th Amendment", "9th Amendment")]
    rnd = _round(standard, hand)
    decision = rnd.decision
    assert decision is not None and decision.kind is DecisionKind.FACE_UP
    view = rnd.view(decision.seat)
    assert sorted(view.hand) == sorted(hand)
    text = nudge(view, decision)
    assert text.startswith("Race is an Issue: which of your other cards lists it?"), text
    assert "Brown" not in text


def _round(deck: Deck, order: list[int]) -> Round:
    """A round of two whose deal is `order` (7 cards each, then the discard and the supply)."""
    rest = [c for c in deck.ids if c not in order]
    return Round(RuleSet.named("booklet"), 2, 1, seed=0, deck=deck, deal_order=[*order, *rest])


def test_after_a_confiscation_the_discard_nudge_speaks_of_the_card_taken(standard: Deck) -> None:
    """After drawing and then confiscating, the discard is about the card taken, not about the
    card drawn earlier in the turn."""
    name = standard.id_of
    you = [name(n) for n in ("Gideon v Wainwright", "Race", "School", "Press", "Privacy")]
    you += [name("Executive Order 9066"), name("8th Amendment")]
    bot = [name(n) for n in ("Miranda v Arizona", "Justice", "Religion", "1st Amendment")]
    bot += [name(n) for n in ("4th Amendment", "5th Amendment", "6th Amendment")]
    drawn = name("Gomillion v Lightfoot")
    rnd = _round(standard, [*you, *bot, name("Gregg v Georgia"), drawn])
    hidden = {name("Executive Order 9066"), name("8th Amendment")}
    rnd.apply(Action.face_up([c for c in you if c not in hidden]))
    rnd.apply(Action.face_up(bot[:5]))
    for text in ("draw supply", "discard Executive Order 9066", "target 1", "accept"):
        rnd.apply(rnd.parse(text))
    rnd.apply(rnd.parse("confiscate Miranda v Arizona"))
    bots = rnd.decision  # Bot draws a card in place of Miranda and turns one face up
    assert bots is not None and bots.seat == 1
    rnd.apply(bots.options[0])
    decision = rnd.decision
    assert decision is not None and decision.kind is DecisionKind.DISCARD
    assert decision.drawn == drawn  # the engine still knows the draw: the nudge must not say it
    text = nudge(rnd.view(0), decision)
    assert text.startswith("You confiscated Miranda v Arizona."), text
    assert "Gomillion" not in text


def test_discard_nudge_and_hint_name_the_card_just_drawn(standard: Deck) -> None:
    checked = 0
    for view, decision in positions(standard, 31):
        if decision.kind is not DecisionKind.DISCARD or decision.drawn is None:
            continue
        name = standard[decision.drawn].name
        assert name in nudge(view, decision)
        assert f"{name}, the card you just" in hint(view, decision)[1]
        checked += 1
        if checked == 6:
            return
    assert checked


def test_face_up_hint_speaks_of_precedents_only_when_the_cards_link(standard: Deck) -> None:
    said = {True: 0, False: 0}
    for seed in range(60, 90):
        view, decision = positions(standard, seed)[0]
        assert decision.kind is DecisionKind.FACE_UP
        _, reason = hint(view, decision)
        hand = view.hand
        hidden = [c for c in hand if standard[c].name in reason.split(" hidden:")[0]]
        linked = any(
            (x := link(standard, a, b)) is not None and x.direct
            for h in hidden
            for o in hand
            if o != h
            for a, b in ((h, o), (o, h))
        )
        leans = "lean on them" in reason
        assert leans == linked, reason
        if leans:
            # Which of them links, and to what: not "them" for a card that links to nothing.
            for h in hidden:
                links = any(
                    (x := link(standard, a, b)) is not None and x.direct
                    for o in hand
                    if o != h
                    for a, b in ((h, o), (o, h))
                )
                said_links = reason.split("most (", 1)[1].split("), and", 1)[0]
                named = standard[h].name in said_links
                assert named == links, reason
        said[leans] += 1
    assert said[True] and said[False]
