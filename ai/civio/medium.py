"""`medium`: a strong heuristic player, and the policy the harder levels build on.

Every choice compares the hands it could lead to by their plan value (`ai.civio.heuristics`): the
valid 3- and 4-card precedents the hand could still complete with live cards, each weighted by
how many cards it still needs. The live cards are the ones it cannot locate, so cards discarded,
lying face up or known to be held are not waited for (it remembers discards and cards taken).

- Draw: take the top discard when it completes the hand, or raises the hand's value enough.
- Discard: keep the seven of eight that value highest, less what the card would give the next
  player (valued on the cards of theirs it can see), plus a bonus for launching an attack.
- Lay face up / reveal: keep hidden the cards the hand leans on most (they cannot be taken by a
  targeted confiscation and tell opponents nothing); reveal cards opponents already know first.
- Attack the opponent whose visible cards are closest to going out; always overrule; confiscate
  the card that helps it most and hurts the target most; always call CIVIO (in a race for the
  round, going out now always pays).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ai.base import register
from ai.civio.heuristics import (
    DEFAULT_Q,
    HandEval,
    PlanTables,
    Situation,
    from_view,
    plan_tables,
)
from cards.deck import standard_deck
from cards.games.civio.actions import (
    ACCEPT,
    CIVIO_CALL,
    DECLINE,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    OVERRULE,
    Action,
    Decision,
    DecisionKind,
)
from cards.games.civio.laws import law_facts
from cards.go_out import best_go_out, goes_out
from cards.ruleset import RuleSet

if TYPE_CHECKING:
    from cards.games.civio.view import PlayerView


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs of the heuristic; the levels differ in these (and easy in its mistakes)."""

    q: float = DEFAULT_Q
    take_margin: float = 1.25
    """Take the top discard when it multiplies the hand's value by at least this."""
    danger: float = 0.5
    """Weight of what a discard would add to the next player's visible plans."""
    attack_bonus: float = 0.25
    """Discarding an attacking Law is worth this fraction of the hand's value."""
    denial: float = 0.5
    """Weight of the damage a confiscation does to the target's visible plans."""
    memory: bool = True
    """Count discarded cards as gone (easy forgets them)."""
    by_distance: bool = False
    """Rank hands by their distance to going out first, and by their plan value second."""


DISTANCE_WEIGHT = 1e5
MEDIUM_STYLE = Style()
_ANY_RULES = RuleSet()  # best_go_out picks the same arrangement under every rule set


def _bit_positions(cards: Sequence[int], card: int) -> int:
    return 1 << list(cards).index(card)


class HeuristicPolicy:
    """The heuristic decisions on a `Situation` (from a view, or from a round inside a search)."""

    def __init__(self, style: Style = MEDIUM_STYLE) -> None:
        self.style = style

    # ------------------------------------------------------------------ building blocks

    def live(self, sit: Situation) -> int:
        if self.style.memory:
            return sit.live
        # Forgetting discards: every card not in sight now might still come.
        seen = 0
        for c in sit.hand:
            seen |= 1 << c
        for cards in sit.opp_known.values():
            for c in cards:
                seen |= 1 << c
        if sit.discard_top is not None:
            seen |= 1 << sit.discard_top
        return ((1 << len(sit.deck)) - 1) & ~seen

    def evaluator(self, sit: Situation, cards: Sequence[int], live: int | None = None) -> HandEval:
        pt: PlanTables = plan_tables(sit.deck)
        return HandEval(pt, cards, self.live(sit) if live is None else live, self.style.q)

    def importance(self, sit: Situation, cards: Sequence[int]) -> list[float]:
        """For each card: how much the hand's value falls without it."""
        ev = self.evaluator(sit, cards)
        full = ev.full()
        base = ev.value(full)
        return [base - ev.value(full & ~(1 << i)) for i in range(len(cards))]

    def opponent_gain(self, sit: Situation, opp: int, card: int) -> float:
        """What `card` adds to the plans of `opp`'s cards that `sit.seat` can see."""
        known = sit.opp_known.get(opp, [])
        if not known or card in known:
            return 0.0
        cards = [*known[:7], card]
        # The opponent cannot locate our hidden cards either: to it they may still come.
        live = self.live(sit)
        for c in sit.hidden:
            live |= 1 << c
        live &= ~(1 << card)
        ev = self.evaluator(sit, cards, live)
        full = ev.full()
        return ev.value(full) - ev.value(full & ~(1 << (len(cards) - 1)))

    def next_gain(self, sit: Situation, card: int, gains: dict[int, float]) -> float:
        """`opponent_gain` of `card` for the next player, kept in `gains` (card: gain, for this
        situation) so that asking again costs nothing."""
        gain = gains.get(card)
        if gain is None:
            gain = gains[card] = self.opponent_gain(sit, self.next_player(sit), card)
        return gain

    def threat(self, sit: Situation, opp: int) -> float:
        known = sit.opp_known.get(opp, [])
        if not known:
            return 0.0
        ev = self.evaluator(sit, known[:8])
        return ev.value(ev.full())

    def next_player(self, sit: Situation) -> int:
        return sit.next_seat()

    # ---------------------------------------------------------------------- decisions

    def decide(self, sit: Situation, decision: Decision, rng: random.Random) -> Action:
        options = decision.options
        if len(options) == 1:
            return options[0]
        kind = decision.kind
        if kind is DecisionKind.DRAW:
            return self.draw(sit, decision)
        if kind is DecisionKind.DISCARD:
            return self.discard(sit, decision)
        if kind is DecisionKind.REVEAL:
            return self.reveal(sit, decision)
        if kind is DecisionKind.FACE_UP:
            return self.face_up(sit, decision)
        if kind is DecisionKind.ATTACK_TARGET:
            return self.attack_target(sit, decision)
        if kind is DecisionKind.OVERRULE:
            return self.overrule(sit, decision)
        if kind is DecisionKind.CONFISCATE:
            return self.confiscate(sit, decision)
        if kind is DecisionKind.CIVIO:
            return CIVIO_CALL if CIVIO_CALL in options else options[0]
        return options[0]

    def draw_values(self, sit: Situation) -> tuple[tuple[int, float], tuple[int, float], bool]:
        """For the hand now and the best hand keeping the top discard: (minus the distance to
        going out when the style ranks by it, else 0; plan value); and whether the top discard
        goes out."""
        hand = sit.hand
        top = sit.discard_top
        assert top is not None
        cards = [*hand, top]
        ev = self.evaluator(sit, cards)
        full = ev.full()
        by_distance = self.style.by_distance

        def rank(keep: int) -> tuple[int, float]:
            return (-ev.distance(keep) if by_distance else 0, ev.value(keep))

        now = rank(full & ~(1 << len(hand)))
        best = (-9, float("-inf"))
        wins = False
        for i in range(len(hand)):
            keep = [c for j, c in enumerate(cards) if j != i]
            if goes_out(sit.deck, keep):
                wins = True
            best = max(best, rank(full & ~(1 << i)))
        return now, best, wins

    def draw(self, sit: Situation, decision: Decision) -> Action:
        if DRAW_DISCARD not in decision.options or sit.discard_top is None:
            return decision.options[0]
        if DRAW_SUPPLY not in decision.options:
            return DRAW_DISCARD
        now, best, wins = self.draw_values(sit)
        if wins or best[0] > now[0]:
            return DRAW_DISCARD
        if best[0] == now[0] and best[1] > now[1] * self.style.take_margin + 1e-12:
            return DRAW_DISCARD
        return DRAW_SUPPLY

    def discard_scores(
        self, sit: Situation, decision: Decision, gains: dict[int, float] | None = None
    ) -> dict[Action, float]:
        """A score per discard option (higher is better); a discard that goes out scores above
        any other, by its points. `gains` keeps the next player's `opponent_gain` of the cards
        it works out (`next_gain`), for a caller that needs them too."""
        hand = sit.hand
        ev = self.evaluator(sit, hand)
        full = ev.full()
        style = self.style
        laws = law_facts(sit.deck)
        main = decision.stage == "main"
        base = ev.value(full)
        gains = {} if gains is None else gains
        scores: dict[Action, float] = {}
        for action in decision.options:
            c = action.card
            assert c is not None
            keep = [x for x in hand if x != c]
            if goes_out(sit.deck, keep):
                arrangement = best_go_out(sit.deck, keep, _ANY_RULES)
                points = arrangement.points if arrangement is not None else 0
                flush = arrangement is not None and arrangement.kind == "flush"
                scores[action] = 1e6 + points + (1000 if flush else 0)
                continue
            keep_mask = full & ~_bit_positions(hand, c)
            value = ev.value(keep_mask)
            if style.by_distance:
                value -= DISTANCE_WEIGHT * ev.distance(keep_mask)
            if main and laws.attack[c] is not None:
                value += style.attack_bonus * base
            if style.danger:
                value -= style.danger * self.next_gain(sit, c, gains)
            scores[action] = value
        return scores

    def discard(self, sit: Situation, decision: Decision) -> Action:
        scores = self.discard_scores(sit, decision)
        return max(decision.options, key=lambda a: scores[a])

    def reveal(self, sit: Situation, decision: Decision) -> Action:
        hand = sit.hand
        imp = self.importance(sit, hand)
        pos = {c: i for i, c in enumerate(hand)}

        def cost(action: Action) -> float:
            c = action.card
            assert c is not None
            # A card an opponent already knows gives little away when shown.
            known = 0.5 if sit.exposed >> c & 1 else 1.0
            return imp[pos[c]] * known + 1e-9 * c

        return min(decision.options, key=cost)

    def face_up(self, sit: Situation, decision: Decision) -> Action:
        hand = sit.hand
        imp = self.importance(sit, hand)
        order = sorted(range(len(hand)), key=lambda i: (-imp[i], hand[i]))
        hidden = {hand[i] for i in order[:2]}
        wanted = tuple(sorted(c for c in hand if c not in hidden))
        for action in decision.options:
            if action.cards == wanted:
                return action
        return decision.options[0]

    def attack_target(self, sit: Situation, decision: Decision) -> Action:
        laws = law_facts(sit.deck)
        stoppers = laws.stoppers(decision.effect)

        def score(action: Action) -> float:
            if action.kind == DECLINE or action.seat is None:
                return -1.0
            seat = action.seat
            visible_stop = any(stoppers >> c & 1 for c in sit.opp_known.get(seat, []))
            return self.threat(sit, seat) * (0.01 if visible_stop else 1.0) + 1e-9 * (4 - seat)

        return max(decision.options, key=score)

    def overrule(self, sit: Situation, decision: Decision) -> Action:
        overrules = [a for a in decision.options if a.kind == OVERRULE]
        if not overrules:
            return next(a for a in decision.options if a.kind == ACCEPT)
        face_up = set(sit.face_up)
        # Prefer showing a card that is face up already: it gives nothing away.
        overrules.sort(key=lambda a: (a.card not in face_up, a.card))
        return overrules[0]

    def confiscate(self, sit: Situation, decision: Decision) -> Action:
        target = decision.target
        assert target is not None
        hand = sit.hand
        style = self.style
        known = sit.opp_known.get(target, [])
        face_up = sit.opp_face_up.get(target, [])
        t_ev = self.evaluator(sit, known[:8]) if known else None

        def gain(card: int) -> float:
            cards = [*hand, card]
            ev = self.evaluator(sit, cards)
            full = ev.full()
            return max(ev.value(full & ~(1 << i)) for i in range(len(cards)))

        def hurt(card: int) -> float:
            if t_ev is None or card not in known[:8]:
                return 0.0
            full = t_ev.full()
            return t_ev.value(full) - t_ev.value(full & ~_bit_positions(known[:8], card))

        base = self.evaluator(sit, hand)
        now = base.value(base.full())
        best: Action = decision.options[0]
        best_score = float("-inf")
        hidden_known = [c for c in known if c not in face_up]
        unknown = sit.opp_hidden_unknown.get(target, 0)
        blind = 0.0
        slots = len(hidden_known) + unknown
        if slots:
            seen = sum(gain(c) + style.denial * hurt(c) for c in hidden_known)
            blind = (seen + unknown * now) / slots
        for action in decision.options:
            if action.slot is not None:
                score = blind
            else:
                c = action.card
                assert c is not None
                score = gain(c) + style.denial * hurt(c)
            if score > best_score + 1e-12:
                best, best_score = action, score
        return best


class HeuristicPlayer:
    """A `Player` that applies a `HeuristicPolicy` to its view."""

    name = "heuristic"

    def __init__(self, style: Style = MEDIUM_STYLE) -> None:
        self.policy = HeuristicPolicy(style)
        # Build the standard deck's tables now, not inside the first timed decision.
        plan_tables(standard_deck())

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        if len(decision.options) == 1:
            return decision.options[0]
        return self.policy.decide(from_view(view), decision, rng)


class MediumPlayer(HeuristicPlayer):
    name = "medium"

    def __init__(self) -> None:
        super().__init__(MEDIUM_STYLE)


register(
    "medium",
    MediumPlayer,
    description="a strong heuristic: counts the plans each hand can still complete",
)
