"""Teaching nudges: what to look at for a decision, without choosing the move.

`nudge(view, decision)` names the idea ("Brown v Board of Education of Topeka lists the issue
Race: a precedent could start there.") where `hint` names the move. Every link it states is a
sentence of `cards.link_reasons` between two cards the seat can see, and every "needs" is
`cards.joins`; `teaching_nudge` returns those claims with the text so a test can check each one
against the rules. Pure: the view and the decision in, words out.
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
    """Each link the text states (its `why` is in the text)."""
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


def _link_sentence(deck: Deck, x: Link) -> str:
    kinds = tables(deck).kind
    if kinds[x.prev] == ISSUE:
        return f"{x.why}: a precedent could start there."
    if kinds[x.card] == AMENDMENT:
        return f"{x.why}, so {amendment_label(deck[x.card])} can close a precedent after it."
    if kinds[x.card] in (LAW, CRA):  # a Law after a Case: the sentence already says the order
        return f"{x.why}."
    return f"{x.why}, so {deck[x.card].name} can follow {deck[x.prev].name}."


def _fact(deck: Deck, cards: Sequence[int], focus: int | None, whose: str) -> Nudge:
    """One link among `cards` (through `focus` when given); else, for `focus`, that it links to
    none of `whose` cards and what it needs (empty text when there is nothing true to say)."""
    x = _best_link(deck, cards, focus)
    if x is not None:
        return Nudge(_link_sentence(deck, x), (x,))
    if focus is None:
        return Nudge("")
    name = deck[focus].name
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
        idea = (
            "Hide the two cards your precedents need most: the others cannot see them, and "
            "can take them only blind."
        )
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
        question = f"Would {name} help your precedents more than an unseen card from the supply?"
        return Nudge(_join(fact.text, question), fact.links, fact.needs)
    if kind is DecisionKind.DISCARD:
        drawn = decision.drawn if decision.drawn is not None else decision.confiscated
        parts: list[str] = []
        fact = Nudge("")
        if drawn is not None:
            fact = _fact(deck, hand, drawn, "your other cards")
            how = "took" if decision.source == DISCARD_PILE else "drew"
            if drawn == decision.confiscated:
                how = "confiscated"
            where = " from the discard pile" if decision.source == DISCARD_PILE else ""
            parts.append(f"You {how} {deck[drawn].name}{where}. {fact.text}")
        parts.append("Which card does the least for your precedents?")
        if view.taken_from_discard is not None and view.taken_from_discard in hand:
            parts.append("A card taken from the discard pile cannot go back there this turn.")
        return Nudge(_join(*parts), fact.links, fact.needs)
    if kind is DecisionKind.REVEAL:
        return Nudge(
            "You hold 3 hidden cards and must turn one face up. Keep hidden the two your "
            "precedents need most: face-up cards show the others what you are building."
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
