"""Teaching nudges: what to look at for a decision, without choosing the move.

`nudge(view, decision)` names the idea where `hint` names the move: of a link between two cards
the seat can see, it names one card and what to look for, never the other card ("Race is an
Issue: which of your cards lists it?"), so the player still finds the move. Every link it rests
on is `cards.link_reasons`'s, every "needs" is `cards.joins`; `teaching_nudge` returns those
facts with the text so a test can check each one against the rules. It speaks of the decision
as it stands: after a confiscation, of the card just taken, not of the card drawn before it.
Pure: the view and the decision in, words out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.civio.heuristics import deck_for
from cards.deck import Deck
from cards.games.civio.actions import OVERRULE, Decision, DecisionKind
from cards.games.civio.view import PlayerView
from cards.joins import joins
from cards.link_reasons import Link, link
from cards.links import AMENDMENT, CASE, CRA, FREEDOM, ISSUE, LAW, tables
from cards.models import effect_label
from cards.precedent import amendment_label
from cards.table import DISCARD_PILE


@dataclass(frozen=True, slots=True)
class Nudge:
    """A nudge's words, and the facts about cards it states (for checking against the rules)."""

    text: str
    links: tuple[Link, ...] = ()
    """Each link the text points at: it names one of its two cards, never the other."""
    needs: tuple[tuple[int, str], ...] = ()
    """Each (card, what it needs) the text states, as `cards.joins` gives it."""


def nudge(
    view: PlayerView,
    decision: Decision,
    deck: Deck | None = None,
    seat_names: Sequence[str] | None = None,
) -> str:
    """A sentence or two pointing at the idea behind `decision`, without choosing for the
    player. Other players are called by `seat_names` (indexed by seat), else "seat N"."""
    return teaching_nudge(view, decision, deck, seat_names).text


def _seat(seat_names: Sequence[str] | None, seat: int | None) -> str:
    if seat_names and seat is not None and 0 <= seat < len(seat_names):
        return seat_names[seat]
    return f"seat {seat}"


def _rank(deck: Deck, found: Link) -> int:
    """Which link to mention first: an Issue opening a precedent, then Case to Case, a Law, a
    Freedom, and last an Amendment."""
    t = tables(deck)
    kp, kc = t.kind[found.prev], t.kind[found.card]
    if kp == ISSUE:
        return 0
    if kp == CASE and kc == CASE:
        return 1
    if LAW in (kp, kc):
        return 2
    if kc == FREEDOM:
        return 3
    return 4


def _best_link(deck: Deck, cards: Sequence[int], focus: int | None = None) -> Link | None:
    """The most telling direct link between two of `cards` (one of them `focus` when given)."""
    found: list[Link] = []
    for a in cards:
        for b in cards:
            if a == b or (focus is not None and focus not in (a, b)):
                continue
            x = link(deck, a, b)
            if x is not None and x.direct and "anywhere" not in x.why:
                found.append(x)
    if not found:
        return None
    return min(found, key=lambda x: (_rank(deck, x), cards.index(x.prev), cards.index(x.card)))


def _idea(deck: Deck, x: Link, shown: int, whose: str, *, it: bool = False) -> str:
    """Where to look for the link `x`, naming only its card `shown` (the other is among
    `whose` cards, "your cards" or "your other cards": finding it is the player's move), or
    calling it "it" when `it` (the sentence before has just named it)."""
    kinds = tables(deck).kind
    kp, kc = kinds[x.prev], kinds[x.card]
    name = "It" if it else deck[shown].name
    obj = "it" if it else deck[shown].name
    if kp == ISSUE:
        if shown == x.prev:
            return f"{name} is an Issue: which of {whose} lists it?"
        return f"{name} lists an Issue among {whose}: a precedent could start there."
    if kc == AMENDMENT:
        if shown == x.card:
            return f"Which of {whose} strengthens {'it' if it else amendment_label(deck[shown])}?"
        return f"{name} strengthens an Amendment among {whose}."
    if kc == FREEDOM or (kc == CRA and kp == CASE and "plus column" in x.why):
        if shown == x.card:
            return f"Which of {whose} lists {obj} in its plus column?"
        return f"{name} lists a Freedom among {whose} in its plus column."
    if kc in (LAW, CRA) and kp == CASE:  # a Law after a Case sharing an issue
        if shown == x.card:
            return f"{name} shares an issue with one of {whose}, and is not older: which?"
        return f"{name} shares an issue with a Law among {whose} that could follow it."
    # A Case after a Case or a Law: one of the two lists the other.
    lister = x.card if deck[x.prev].name in deck[x.card].links else x.prev
    if shown == lister:
        return f"{name} lists one of {whose} in its plus or minus column: which?"
    return f"One of {whose} lists {obj} in its plus or minus column: which?"


def _fact(
    deck: Deck, cards: Sequence[int], focus: int | None, whose: str, *, it: bool = False
) -> Nudge:
    """One link among `cards` (through `focus` when given), pointed at; else, for `focus`, that
    it links to none of `whose` cards and what it needs (empty text when there is nothing true
    to say). With `it`, `focus` is called "it": the sentence before has named it."""
    x = _best_link(deck, cards, focus)
    if x is not None:
        shown = focus if focus is not None else x.prev
        return Nudge(_idea(deck, x, shown, whose or "your other cards", it=it), (x,))
    if focus is None:
        return Nudge("")
    name = "It" if it else deck[focus].name
    needs = joins(deck, focus, cards).needs
    if needs is None:  # Marbury v Madison fits anywhere
        return Nudge("")
    return Nudge(f"{name} links to none of {whose}: it needs {needs}.", (), ((focus, needs),))


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def teaching_nudge(
    view: PlayerView,
    decision: Decision,
    deck: Deck | None = None,
    seat_names: Sequence[str] | None = None,
) -> Nudge:
    """The nudge for `decision` with the facts it states (see `Nudge`)."""
    if decision.seat != view.seat:
        raise ValueError(f"the decision is seat {decision.seat}'s, the view seat {view.seat}'s")
    deck = deck if deck is not None else deck_for(view)
    hand = list(view.hand)
    kind = decision.kind
    if kind is DecisionKind.FACE_UP:
        fact = _fact(deck, hand, None, "")
        idea = "Hide the two cards your precedents need most: others can take them only blind."
        if not fact.links:
            fact = Nudge("None of your cards link to each other yet.")
        return Nudge(_join(fact.text, idea), fact.links, fact.needs)
    if kind is DecisionKind.DRAW:
        pile = view.discard_pile
        if not pile:
            return Nudge("The discard pile is empty: you draw from the supply.")
        top = pile[-1]
        fact = _fact(deck, [*hand, top], top, "your cards")
        name = deck[top].name
        question = f"Is {name} worth more to you than an unseen card?"
        return Nudge(_join(fact.text, question), fact.links, fact.needs)
    if kind is DecisionKind.DISCARD:
        # The card this decision is about: the one just confiscated (a discard after an
        # attack), else the one drawn; never one no longer in hand.
        drawn = decision.confiscated if decision.confiscated is not None else decision.drawn
        if drawn not in hand:
            drawn = None
        parts: list[str] = []
        fact = Nudge("")
        if drawn is not None:
            fact = _fact(deck, hand, drawn, "your other cards", it=True)
            how = "took" if decision.source == DISCARD_PILE else "drew"
            if drawn == decision.confiscated:
                how = "confiscated"
            where = " from the discard pile" if how == "took" else ""
            parts.append(f"You {how} {deck[drawn].name}{where}. {fact.text}")
        parts.append("Which card does the least for your precedents?")
        if view.taken_from_discard is not None and view.taken_from_discard in hand:
            parts.append("A card taken from the discard pile cannot go back there this turn.")
        return Nudge(_join(*parts), fact.links, fact.needs)
    if kind is DecisionKind.REVEAL:
        return Nudge(
            "Turn one of your 3 hidden cards face up: keep hidden the two your precedents "
            "need most."
        )
    if kind is DecisionKind.ATTACK_TARGET:
        effect = effect_label(decision.effect, "the")
        law = f"{deck[decision.law].name}'s " if decision.law is not None else "Your "
        return Nudge(
            f"{law}{effect} attack hurts most the player closest to going out: whose face-up "
            "cards already link together?"
        )
    if kind is DecisionKind.OVERRULE:
        effect = effect_label(decision.effect, "this")
        who = _seat(seat_names, decision.attacker)
        can = any(a.kind == OVERRULE for a in decision.options)
        tail = (
            "A Law that overrules it stops the attack, but everyone then sees that card."
            if can
            else "None of your cards overrules it, so the attack goes ahead."
        )
        return Nudge(f"{who} attacks you with {effect}. {tail}")
    if kind is DecisionKind.CONFISCATE:
        target = decision.target
        return Nudge(
            f"Which of {_seat(seat_names, target)}'s face-up cards would link to yours? "
            "A hidden card is taken blind: it may help, or not at all."
        )
    if kind is DecisionKind.CIVIO:
        return Nudge(
            "Look at all 7 of your cards: a 3-card and a 4-card precedent, or one precedent of "
            "all 7, lets you call CIVIO and win the round."
        )
    return Nudge("Think about which of your cards link to each other.")
