"""Hints: the move the strongest level would make, and one sentence why.

`hint(view, decision)` asks `hard` for its choice, with its search seeded from the view and the
decision themselves, so the same position always gets the same hint. The sentence names the
cards that matter: the precedent a kept card helps build, the card a discard gives up, the
arrangement that goes out.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence

from ai.civio.hard import HardPlayer
from ai.civio.heuristics import Situation, from_view, plan_tables
from ai.civio.inference import HiddenHandModel
from ai.civio.medium import HeuristicPolicy
from ai.civio.nudge import Nudge, nudge, teaching_nudge
from cards.deck import Deck
from cards.games.civio.actions import (
    ACCEPT,
    CALL,
    DECLINE,
    OVERRULE,
    Action,
    Decision,
    DecisionKind,
)
from cards.games.civio.laws import law_facts
from cards.games.civio.view import PlayerView
from cards.go_out import best_go_out, goes_out, ordering
from cards.link_reasons import link
from cards.links import ids_of
from cards.models import effect_label
from cards.ruleset import RuleSet
from cards.table import DISCARD_PILE, SUPPLY

__all__ = ["Nudge", "explain", "hint", "hint_seed", "nudge", "teaching_nudge"]


def hint_seed(view: PlayerView, decision: Decision) -> int:
    """The seed of a hint's search: a digest of the view and the decision."""
    text = view.model_dump_json() + json.dumps(decision.to_json(), sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def hint(
    view: PlayerView,
    decision: Decision,
    deck: Deck | None = None,
    seat_names: Sequence[str] | None = None,
) -> tuple[Action, str]:
    """The option the strongest level would choose for `decision`, and one sentence why. The
    sentence calls the other players by `seat_names` (indexed by seat), else "seat N"."""
    if decision.seat != view.seat:
        raise ValueError(f"the decision is seat {decision.seat}'s, the view seat {view.seat}'s")
    sit = from_view(view, deck)
    action = HardPlayer().choose(view, decision, random.Random(hint_seed(view, decision)))
    return action, explain(sit, decision, action, view.rules, seat_names)


# ------------------------------------------------------------------------------ sentences


def _name(deck: Deck, card: int) -> str:
    return deck[card].name


def _chain(deck: Deck, cards: Sequence[int]) -> str:
    return " → ".join(_name(deck, c) for c in cards)


def listing(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def linked(deck: Deck, a: int, b: int) -> bool:
    """True when `a` and `b` may stand side by side in a precedent by a direct link."""
    return any(x is not None and x.direct for x in (link(deck, a, b), link(deck, b, a)))


def _best_group(sit: Situation, hand: Sequence[int], card: int) -> tuple[int, ...] | None:
    """The fullest valid precedent of 3 or 4 of `hand`'s cards that holds `card`, in order."""
    pt = plan_tables(sit.deck)
    hm = 0
    for c in hand:
        hm |= 1 << c
    for table in (pt.valid4, pt.valid3):
        for m in sorted(table):
            if m >> card & 1 and not m & ~hm:
                found = ordering(sit.deck, ids_of(m))
                if found is not None:
                    return found
    return None


def _partial_group(sit: Situation, hand: Sequence[int], card: int) -> tuple[list[int], int]:
    """Cards of `hand` that, with `card`, are 3 of a valid 4-card precedent or 2 of a valid
    3-card one (the most live completions wins): (those cards, how many live cards complete)."""
    pt = plan_tables(sit.deck)
    live = sit.live
    best: tuple[list[int], int] = ([], 0)
    others = [c for c in hand if c != card]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            m = (1 << card) | (1 << a) | (1 << b)
            n = (pt.ext4.get(m, 0) & live).bit_count()
            if n > best[1]:
                best = ([a, b], n)
    if best[1]:
        return best
    for a in others:
        n = (pt.ext3.get((1 << card) | (1 << a), 0) & live).bit_count()
        if n > best[1]:
            best = ([a], n)
    return best


def _why_keep(sit: Situation, hand: Sequence[int], card: int) -> str:
    deck = sit.deck
    group = _best_group(sit, hand, card)
    if group is not None:
        others = [c for c in group if c != card]
        i = group.index(card)
        if 0 < i < len(group) - 1:
            what = f"it links {_name(deck, group[i - 1])} to {_name(deck, group[i + 1])}"
        else:
            what = f"it goes with {listing([_name(deck, c) for c in others])}"
        return f"{what} for a {len(group)}-card precedent ({_chain(deck, group)})"
    partners, n = _partial_group(sit, hand, card)
    if partners:
        size = len(partners) + 2
        unseen = "1 unseen card completes it" if n == 1 else f"{n} unseen cards complete it"
        return (
            f"with {listing([_name(deck, c) for c in partners])} it is one card from a "
            f"{size}-card precedent, and {unseen}"
        )
    return "it still fits precedents your other cards could join"


def _key_card(
    sit: Situation,
    hand: Sequence[int],
    exclude: int | None = None,
    among: Sequence[int] | None = None,
) -> int:
    """The card of `hand` its plans lean on most (other than `exclude`; only `among` these
    when given)."""
    imp = HeuristicPolicy().importance(sit, list(hand))
    order = sorted(range(len(hand)), key=lambda i: (-imp[i], hand[i]))
    for i in order:
        if hand[i] != exclude and (among is None or hand[i] in among):
            return hand[i]
    return hand[order[0]]


def goes_out_sentence(deck: Deck, hand: Sequence[int], rules: RuleSet) -> str:
    arrangement = best_go_out(deck, list(hand), rules)
    if arrangement is None:
        return ""
    parts = " and ".join(_chain(deck, p) for p in arrangement.precedents)
    kind = "a Thurgood Flush" if arrangement.kind == "flush" else "a 3-card and a 4-card precedent"
    return f"{parts}: {kind}"


FEED_WARNING = 0.15
"""A discard the plans would prefer is named as dangerous when it hands the next player the
round with at least this chance (and twice the chance of the discard chosen)."""


def _seat(seat_names: Sequence[str] | None, seat: int | None) -> str:
    """How a sentence calls another player: by name when the caller gave the names."""
    if seat_names and seat is not None and 0 <= seat < len(seat_names):
        return seat_names[seat]
    return f"seat {seat}"


def _feed_warning(
    sit: Situation, decision: Decision, chosen: int, seat_names: Sequence[str] | None
) -> str:
    """A clause naming the discard the plans alone would choose, when the next player would
    likely take it and go out; empty otherwise."""
    nxt = sit.next_seat()
    if sit.skips[nxt]:
        return ""
    scores = HeuristicPolicy().discard_scores(sit, decision)
    preferred = max(decision.options, key=lambda a: scores[a]).card
    if preferred is None or preferred == chosen:
        return ""
    model = HiddenHandModel(sit, nxt)
    if not model.ok:
        return ""
    risk = model.risk(preferred)
    if risk < FEED_WARNING or risk < 2 * model.risk(chosen):
        return ""
    return (
        f"; discarding {_name(sit.deck, preferred)} instead would give "
        f"{_seat(seat_names, nxt)} about a {round(risk * 100)}% chance to take it and go out"
    )


def explain_discard(
    sit: Situation,
    decision: Decision,
    card: int,
    rules: RuleSet,
    seat_names: Sequence[str] | None = None,
    grounds: str | None = None,
) -> str:
    """Why discard `card` (see `explain`): the cards that go out without it, else the card kept
    that the plans lean on most and why. `grounds`, when given, takes the place of what the
    sentence says of that kept card (the review gives it once, then the grounds of each
    discard itself)."""
    deck = sit.deck
    c = card
    keep = [x for x in sit.hand if x != c]
    if goes_out(deck, keep):
        return (
            f"Discard {_name(deck, c)}: the rest go out as "
            f"{goes_out_sentence(deck, keep, rules)}, so you can call CIVIO."
        )
    k = _key_card(sit, keep)
    attack = law_facts(deck).attack[c]
    tail = ""
    if attack is not None and decision.stage == "main":
        tail = f"; the discard also launches a {effect_label(attack, attack)} attack"
    tail += _feed_warning(sit, decision, c, seat_names)
    # Keep or discard is first about the card just drawn: say which it is.
    drawn = decision.drawn if decision.drawn is not None else decision.confiscated
    just = "drew" if decision.source != DISCARD_PILE else "took from the discard pile"
    if drawn is not None and drawn == decision.confiscated:
        just = "confiscated"
    discarded = _name(deck, c)
    if grounds is not None:
        if drawn == c:
            discarded += f" (the card you just {just})"
        elif drawn is not None:
            tail += f" (you keep {_name(deck, drawn)}, the card you just {just})"
        return f"Discard {discarded}: {grounds}{tail}."
    kept = _name(deck, k)
    if drawn == c:
        discarded += f", the card you just {just},"
    elif drawn == k:
        kept += f", the card you just {just}"
    elif drawn is not None:
        tail += f" (you keep {_name(deck, drawn)}, the card you just {just})"
    return f"Discard {discarded} and keep {kept}: {_why_keep(sit, keep, k)}{tail}."


def explain(
    sit: Situation,
    decision: Decision,
    action: Action,
    rules: RuleSet,
    seat_names: Sequence[str] | None = None,
) -> str:
    """One sentence saying why `action` is a good answer to `decision`; other players are
    called by `seat_names` (indexed by seat), else "seat N"."""
    deck = sit.deck
    hand = sit.hand
    kind = decision.kind
    if kind is DecisionKind.CIVIO:
        if action.choice == CALL:
            return f"Call CIVIO: your cards go out as {goes_out_sentence(deck, hand, rules)}."
        return "Play on: calling now is not possible."
    if kind is DecisionKind.DISCARD:
        assert action.card is not None
        return explain_discard(sit, decision, action.card, rules, seat_names)
    if kind is DecisionKind.DRAW:
        top = sit.discard_top
        if action.source == DISCARD_PILE and top is not None:
            cards = [*hand, top]
            for drop in hand:
                rest = [x for x in cards if x != drop]
                if goes_out(deck, rest):
                    return (
                        f"Take {_name(deck, top)} from the discard pile: with it your cards go "
                        f"out as {goes_out_sentence(deck, rest, rules)}."
                    )
            return f"Take {_name(deck, top)} from the discard pile: {_why_keep(sit, cards, top)}."
        if action.source == SUPPLY and top is not None:
            return (
                f"Draw from the supply: {_name(deck, top)} on the discard pile does less for "
                "your precedents than an unseen card is likely to."
            )
        return "Draw from the supply: it is the only place to draw from."
    if kind is DecisionKind.REVEAL:
        c = action.card
        assert c is not None
        # The card that stays hidden is one of the others that could be turned up.
        still_hidden = [a.card for a in decision.options if a.card is not None and a.card != c]
        if not still_hidden:
            return f"Turn up {_name(deck, c)}: it is the only card you can turn up."
        k = _key_card(sit, hand, exclude=c, among=still_hidden)
        # Not "lean on it least": the card turned up may well be in the hidden card's plan.
        return (
            f"Turn up {_name(deck, c)} and keep {_name(deck, k)} hidden, as your plans need it "
            f"more: {_why_keep(sit, hand, k)}."
        )
    if kind is DecisionKind.FACE_UP:
        hidden = [x for x in hand if x not in action.cards]
        names = listing([_name(deck, x) for x in hidden])
        if not any(linked(deck, h, x) for h in hidden for x in hand if x != h):
            # No precedent leans on them yet: say what hiding does, not what it protects.
            return (
                f"Keep {names} hidden: none of them links to your other cards yet, so they give "
                "the others no clue, and hidden cards can only be confiscated blind."
            )
        # Say which links: "them" read as both cards even when only one of them links (a
        # new player looked for a link of the other one and found none).
        links: list[str] = []
        said: set[frozenset[int]] = set()
        for h in hidden:
            partners = [x for x in hand if x != h and linked(deck, h, x)]
            if not partners:
                continue
            o = next((x for x in partners if x in hidden), partners[0])
            if frozenset((h, o)) in said:
                continue  # "A goes with B" already says "B goes with A"
            said.add(frozenset((h, o)))
            if o in hidden:
                links.append(f"{_name(deck, h)} and {_name(deck, o)} go together")
            else:
                links.append(f"{_name(deck, h)} goes with {_name(deck, o)}")
        return (
            f"Keep {names} hidden: your precedents lean on them most ({listing(links)}), and "
            "hidden cards can only be confiscated blind."
        )
    if kind is DecisionKind.ATTACK_TARGET:
        if action.kind == DECLINE:
            return "Decline the attack: no opponent is worth attacking now."
        if len(decision.options) - (1 if sit.attacks_optional else 0) <= 1:
            return f"Attack {_seat(seat_names, action.seat)}: it is your only opponent."
        return (
            f"Attack {_seat(seat_names, action.seat)}: its face-up cards are the closest to "
            "going out."
        )
    if kind is DecisionKind.OVERRULE:
        effect = effect_label(decision.effect, "attack")
        if action.kind == OVERRULE and action.card is not None:
            return f"Overrule with {_name(deck, action.card)}: it stops the {effect} attack."
        if action.kind == ACCEPT:
            return f"Accept: none of your cards overrules {effect}."
    if kind is DecisionKind.CONFISCATE:
        target = decision.target
        if action.card is not None:
            cards = [*hand, action.card]
            return f"Take {_name(deck, action.card)}: {_why_keep(sit, cards, action.card)}."
        return (
            f"Take a hidden card: none of {_seat(seat_names, target)}'s face-up cards would help "
            "you as much as the cards it keeps hidden might."
        )
    return f"{action.to_str(deck)}."
