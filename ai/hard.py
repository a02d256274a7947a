"""`hard`: a search over determinised deals, with the medium heuristic around it.

At a discard, hard deals the cards it cannot see at random, consistently with its view
(`ai.determinise`), into many worlds. In each world it reads the cards it would draw on its
coming turns and finds, for every card it might discard, the first turn at which the cards it
keeps plus the cards it draws contain a hand that goes out (a 3-card and a 4-card precedent).
A discard scores `gamma ** t` for going out t turns from now (gamma: the chance no opponent goes
out meanwhile), averaged over the worlds; every discard meets the same worlds (common random
numbers), so the comparison measures the discards, not the luck of the deals. The draw is
searched the same way: the top discard now against the supply card each world puts there.

Around the search: a discard or draw that goes out at once is taken at once; a discard that
would hand the next player the round (`feed_probability`, summed exactly over that player's
possible hidden cards) is not searched unless every discard is as risky; an attacking Law is
credited with the turn it costs its target. The remaining decisions go to the medium heuristic.

Budgets are counted in iterations (sampled worlds), so a seed gives the same choice on every
machine; `time_limit` (seconds) may stop a search early, for the TUI: every option has then met
the same worlds, and the best so far is played.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ai.base import register
from ai.determinise import future_draws, sample_worlds
from ai.heuristics import (
    PlanTables,
    Situation,
    feed_probability,
    from_view,
    mask_of,
    plan_tables,
)
from ai.medium import MEDIUM_STYLE, HeuristicPolicy, Style, law_table
from cards.actions import DRAW_DISCARD, DRAW_SUPPLY, Action, Decision, DecisionKind
from cards.deck import standard_deck
from cards.links import ids_of

if TYPE_CHECKING:
    from cards.round import Round
    from cards.view import PlayerView


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How much one decision may search, and the weights of its scores."""

    iterations: int = 256
    """Sampled worlds per decision."""
    horizon: int = 6
    """Coming turns looked at in each world."""
    gamma: float = 0.7
    """Weight of going out one turn later: roughly the chance no opponent goes out meanwhile."""
    risk: float = 0.02
    """A discard that hands the next player the round with more than this chance (and more
    than twice the safest discard's) is left out of the search."""
    help: float = 0.8
    """How much a discard is marked down for what it adds to the next player's visible plans
    (a card it would take and build on, short of going out)."""
    blend: float = 0.05
    """Weight of the medium heuristic's own ranking of the discards, as a share of one world."""


class Knowledge(Protocol):
    """What a search may use: worlds to search in, and the chance a discard feeds a player."""

    def worlds(self, n: int, rng: random.Random) -> list[Round]: ...

    def feed_risk(self, card: int, seat: int) -> float: ...


class ViewKnowledge:
    """Knowledge from a `PlayerView` alone: sampled worlds, and risks summed over every deal of
    the cards the view does not show."""

    def __init__(self, view: PlayerView, sit: Situation) -> None:
        self.view = view
        self.sit = sit

    def worlds(self, n: int, rng: random.Random) -> list[Round]:
        return sample_worlds(self.view, self.sit.deck, rng, n)

    def feed_risk(self, card: int, seat: int) -> float:
        return feed_probability(self.sit, card, seat)


class CompletionSearch:
    """For one seat's cards and a sequence of coming draws: the first turn at which each card it
    might give up is not needed to go out. Holds memo-free state only; cheap to build."""

    def __init__(self, pt: PlanTables) -> None:
        self.pt = pt

    def finish_turns(self, hand: int, draws: Sequence[int], horizon: int) -> dict[int, int]:
        """For each card of `hand` (8 cards, or 7 and a card that must be kept): the first t in
        0..horizon at which the other cards of `hand` plus `draws[:t]` contain 7 cards that go
        out as 3 + 4; horizon + 1 when they never do."""
        pt = self.pt
        ext3 = pt.ext3
        ext4 = pt.ext4
        partners = pt.partners
        cands = ids_of(hand)
        left = set(cands)
        found: dict[int, int] = {}
        threes: list[int] = []
        fours: list[int] = []
        held: list[int] = []
        have = 0

        def mark(g: int, t: int) -> None:
            for c in list(left):
                if not g >> c & 1:
                    found[c] = t
                    left.discard(c)

        def add(card: int, t: int) -> None:
            nonlocal have
            bit = 1 << card
            # The precedents a new card completes lie among the held cards it shares one with:
            # a few of them, so walking their pairs and triples through the extension tables
            # beats scanning every precedent of the card.
            near = [c for c in held if partners[card] >> c & 1]
            new3: list[int] = []
            new4: list[int] = []
            for i, a in enumerate(near):
                ba = 1 << a
                e3 = ext3.get(ba | bit, 0)
                for j in range(i + 1, len(near)):
                    b = near[j]
                    m = ba | (1 << b) | bit
                    if e3 >> b & 1:
                        new3.append(m)
                    e4 = ext4.get(m, 0)
                    if e4:
                        for d in near[j + 1 :]:
                            if e4 >> d & 1:
                                new4.append(m | (1 << d))
            have |= bit
            held.append(card)
            for a3 in new3:
                for b4 in fours:
                    if not a3 & b4:
                        mark(a3 | b4, t)
                        if not left:
                            return
            fours.extend(new4)
            for b4 in new4:
                for a3 in threes:
                    if not a3 & b4:
                        mark(a3 | b4, t)
                        if not left:
                            return
                for a3 in new3:
                    if not a3 & b4:
                        mark(a3 | b4, t)
                        if not left:
                            return
            threes.extend(new3)

        for c in cands:
            add(c, 0)
            if not left:
                break
        for t in range(1, horizon + 1):
            if not left or t > len(draws):
                break
            x = draws[t - 1]
            if not have >> x & 1:
                add(x, t)
        for c in left:
            found[c] = horizon + 1
        return found


class HardSearch:
    """The search behind `hard`, and behind `cheater`, which hands it the true round as its
    only world."""

    def __init__(self, budget: SearchBudget | None = None, style: Style = MEDIUM_STYLE) -> None:
        self.budget = budget or SearchBudget()
        self.policy = HeuristicPolicy(style)
        self.time_limit: float | None = None

    def decide(
        self, sit: Situation, decision: Decision, rng: random.Random, knowledge: Knowledge
    ) -> Action:
        options = decision.options
        if len(options) == 1:
            return options[0]
        kind = decision.kind
        if kind is DecisionKind.DISCARD:
            return self.discard(sit, decision, rng, knowledge)
        if kind is DecisionKind.DRAW and DRAW_DISCARD in options and DRAW_SUPPLY in options:
            return self.draw(sit, decision, rng, knowledge)
        if kind is DecisionKind.CONFISCATE and decision.target is not None:
            return self.confiscate(sit, decision, rng, knowledge)
        return self.policy.decide(sit, decision, rng)

    def confiscate(
        self, sit: Situation, decision: Decision, rng: random.Random, knowledge: Knowledge
    ) -> Action:
        """Which card to take: the one whose hand, after the discard that follows, goes out
        soonest over the sampled worlds (in each, a blind take gets one of the target's hidden
        cards there, at random)."""
        target = decision.target
        assert target is not None
        b = self.budget
        hand = mask_of(sit.hand)
        taken = sit.taken
        search = CompletionSearch(plan_tables(sit.deck))
        totals: dict[Action, dict[int, float]] = {a: {} for a in decision.options}
        deadline = self._deadline()
        for n, world in enumerate(knowledge.worlds(b.iterations, rng)):
            if deadline is not None and n and time.perf_counter() > deadline:
                break
            # The target's replacement comes off the supply before anyone else draws.
            draws = future_draws(world, sit.seat, b.horizon, drawn=True, consumed=1)
            hidden = world.hidden[target]
            for a in decision.options:
                # A blind take gets one of the target's hidden cards there, at random.
                cards = [a.card] if a.card is not None else list(hidden)
                share = 1.0 / max(1, len(cards))
                row = totals[a]
                for card in cards:
                    for c, t in search.finish_turns(hand | (1 << card), draws, b.horizon).items():
                        if c != taken and t <= b.horizon:
                            key = -1 if c == card else c  # giving the new card straight back
                            row[key] = row.get(key, 0.0) + share * b.gamma**t
        scores = {a: max(row.values(), default=0.0) for a, row in totals.items()}
        return max(decision.options, key=lambda a: (scores[a], a.card is not None))

    def _deadline(self) -> float | None:
        return None if self.time_limit is None else time.perf_counter() + self.time_limit

    def discard(
        self, sit: Situation, decision: Decision, rng: random.Random, knowledge: Knowledge
    ) -> Action:
        scores = self.policy.discard_scores(sit, decision)
        ranked = sorted(decision.options, key=lambda a: -scores[a])
        if scores[ranked[0]] >= 1e6:  # goes out now
            return ranked[0]
        b = self.budget
        nxt = sit.next_seat()
        feeds = sit.skips[nxt] == 0  # a seat about to lose its turn takes nothing
        if feeds:
            risk = {a: knowledge.feed_risk(a.card, nxt) for a in ranked if a.card is not None}
            safest = min(risk.values())
            ranked = [a for a in ranked if risk[a] <= max(b.risk, 2 * safest)]
        if len(ranked) == 1:
            return ranked[0]
        hand = mask_of(sit.hand)
        laws = law_table(sit.deck)
        search = CompletionSearch(plan_tables(sit.deck))
        totals = {a: 0.0 for a in ranked}
        deadline = self._deadline()
        worlds = 0
        for n, world in enumerate(knowledge.worlds(b.iterations, rng)):
            if deadline is not None and n and time.perf_counter() > deadline:
                break
            worlds += 1
            draws = future_draws(world, sit.seat, b.horizon, drawn=True)
            turns = search.finish_turns(hand, draws, b.horizon)
            for a in ranked:
                t = turns[a.card]  # type: ignore[index]
                if t <= b.horizon:
                    totals[a] += b.gamma**t
        helps = {a: 0.0 for a in ranked}
        if b.help and feeds:
            base = self.policy.threat(sit, nxt)
            for a in ranked:
                g = max(0.0, self.policy.opponent_gain(sit, nxt, a.card))  # type: ignore[arg-type]
                helps[a] = g / (base + g + 1e-9)
        lo = min(scores[a] for a in ranked)
        span = max(scores[a] for a in ranked) - lo or 1.0
        main = decision.stage == "main"

        def key(a: Action) -> tuple[float, float]:
            value = totals[a] * (1.0 - b.help * helps[a])
            value += b.blend * worlds * (scores[a] - lo) / span
            if main and a.card is not None and laws.attack[a.card] is not None:
                value /= b.gamma  # the attack costs its target a turn, or a card
            return (value, scores[a])

        return max(ranked, key=key)

    def draw(
        self, sit: Situation, decision: Decision, rng: random.Random, knowledge: Knowledge
    ) -> Action:
        _, _, wins = self.policy.draw_values(sit)
        if wins:
            return DRAW_DISCARD
        top = sit.discard_top
        assert top is not None
        b = self.budget
        hand = mask_of(sit.hand)
        search = CompletionSearch(plan_tables(sit.deck))
        take: dict[int, float] = {c: 0.0 for c in sit.hand}
        supply = 0.0
        deadline = self._deadline()
        for n, world in enumerate(knowledge.worlds(b.iterations, rng)):
            if deadline is not None and n and time.perf_counter() > deadline:
                break
            # Taking the top discard leaves the supply to the other seats this turn; the card it
            # gives up must be chosen before the coming draws are seen.
            later = future_draws(world, sit.seat, b.horizon, drawn=True)
            for c, t in search.finish_turns(hand | (1 << top), later, b.horizon).items():
                if c != top and t <= b.horizon:
                    take[c] += b.gamma**t
            # Drawing from the supply: the card is seen before the discard is chosen.
            draws = future_draws(world, sit.seat, b.horizon + 1, drawn=False)
            if not draws:
                return DRAW_DISCARD
            turns = search.finish_turns(hand | (1 << draws[0]), draws[1:], b.horizon)
            best = min(turns.values())
            if best <= b.horizon:
                supply += b.gamma**best
        return DRAW_DISCARD if max(take.values()) > supply else DRAW_SUPPLY


class HardPlayer:
    """Searches deals of the cards it cannot see; `time_limit` (seconds) optional."""

    name = "hard"

    def __init__(self, budget: SearchBudget | None = None, time_limit: float | None = None) -> None:
        self.search = HardSearch(budget)
        self.search.time_limit = time_limit
        plan_tables(standard_deck())

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        if len(decision.options) == 1:
            return decision.options[0]
        sit = from_view(view)
        return self.search.decide(sit, decision, rng, ViewKnowledge(view, sit))


register(
    "hard",
    HardPlayer,
    description="searches sampled deals of the unseen cards, with the medium heuristic inside",
)
