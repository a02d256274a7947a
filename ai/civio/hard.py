"""`hard`: a search over determinised deals, with the medium heuristic around it.

At a discard, hard deals the cards it cannot see at random, consistently with its view
(`ai.civio.determinise`), into many worlds. In each world it reads the cards it would draw on its
coming turns and finds, for every card it might discard, the first turn at which the cards it
keeps plus the cards it draws contain a hand that goes out (a 3-card and a 4-card precedent).
A discard scores `gamma ** t` for going out t turns from now (gamma: the chance no opponent goes
out meanwhile), averaged over the worlds; every discard meets the same worlds (common random
numbers), so the comparison measures the discards, not the luck of the deals. A world's
foresight keeps exactly the cards its draws complete, so half the score comes from the plans a
player can follow without it: six cards kept that one live card completes. The draw is
searched the same way: the top discard now against the supply card each world puts there.

Around the search: a discard or draw that goes out at once is taken at once; each discard is
worth `chance_to_win_after_discard`: its score, plus the chance to win that the search's horizon
does not see, times the chance it does not hand the next player the round
(`ai.civio.inference.HiddenHandModel`: that player's hidden cards, inferred from the cards it
shows and the ones it took from the pile, weighted by how close to going out they would leave it,
summed exactly over every deal of them), of which half is charged (`INFERRED_FEED_WEIGHT`). A
feed loses the whole round, not just the score, so a discard that keeps a strong hand does not
pay for a risky card. The score is also marked down by
what the card adds to that player's visible plans; an attacking Law is credited with the turn it
costs its target.
The remaining decisions go to the medium heuristic.

Budgets are counted in iterations (sampled worlds), so a seed gives the same choice on every
machine; `time_limit` (seconds) may stop a search early, for the TUI: every option has then met
the same worlds, and the best so far is played.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ai.base import register
from ai.civio.determinise import World, future_draws, sample_deals
from ai.civio.heuristics import (
    PlanTables,
    Situation,
    feed_probability,
    from_view,
    mask_of,
    plan_tables,
)
from ai.civio.inference import HiddenHandModel, outs_of_six
from ai.civio.medium import MEDIUM_STYLE, HeuristicPolicy, Style
from cards.deck import standard_deck
from cards.games.civio.actions import DRAW_DISCARD, DRAW_SUPPLY, Action, Decision, DecisionKind
from cards.games.civio.laws import law_facts
from cards.links import ids_of

if TYPE_CHECKING:
    from cards.games.civio.view import PlayerView


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How much one decision may search, and the weights of its scores."""

    iterations: int = 512
    """Sampled worlds per decision."""
    horizon: int = 8
    """Coming turns looked at in each world."""
    gamma: float = 0.7
    """Weight of going out one turn later: roughly the chance no opponent goes out meanwhile."""
    help: float = 0.8
    """How much a discard is marked down for what it adds to the next player's visible plans
    (a card it would take and build on, short of going out)."""
    blend: float = 0.05
    """Weight of the medium heuristic's own ranking of the discards, as a share of one world."""
    floor: float = 0.25
    """The chance to win a round that the search's horizon does not see (going out later, or on
    a card an opponent discards), per unit of the search's value: hard won 32% of the rounds in
    which its discard scored 0 and 32% + 1.29 v of those where it scored v (1,888 discards
    against medium, 300 rounds), so a round lost to a feed costs 0.25 more than its score."""
    commit: float = 0.5
    """Share of a discard's score taken from the plans it can follow without foresight (six
    cards kept, the seventh slot waiting for a card that goes out) instead of the search's
    first turn out, which in each world knows which cards to keep for its coming draws."""


def chance_to_win_after_discard(score: float, feed: float, floor: float) -> float:
    """A discard's worth as a chance to win the round: 1 - `feed` (the chance the next player
    takes the card and goes out at once) times what the hand is then worth, its search `score`
    (the discounted chance of going out soon) plus `floor` (the chance to win beyond what the
    score sees). A feed loses the whole round, so its cost grows with the floor: a strong hand
    does not pay for a risky discard."""
    return (1.0 - feed) * (score + floor)


INFERRED_FEED_WEIGHT = 0.5
"""The share of an inferred feed risk (the hidden-hand model's) that a discard's worth is
charged. Charging half instead of all of it won 2.0 ± 1.1 more rounds in 100 against
`cheater-hands` (docs/AI.md, hard, step 4): avoiding every likely feed costs the hand more pace
than the feeds it saves."""


class Knowledge(Protocol):
    """What a search may use: worlds to search in, the chance a discard feeds a player, and how
    much of that chance a discard is charged (`feed_weight`: 1 when the search knows for certain
    whether a card feeds)."""

    feed_weight: float

    def worlds(self, n: int, rng: random.Random) -> Sequence[World]: ...

    def feed_risk(self, card: int, seat: int) -> float: ...


class ViewKnowledge:
    """Knowledge from a `PlayerView` alone: sampled deals of the unseen cards, and feed risks
    summed over every deal of the next player's hidden cards, weighted by the hidden-hand
    model."""

    feed_weight = INFERRED_FEED_WEIGHT

    def __init__(self, view: PlayerView, sit: Situation, depth: int) -> None:
        self.view = view
        self.sit = sit
        self.depth = depth
        self._models: dict[int, HiddenHandModel] = {}

    def worlds(self, n: int, rng: random.Random) -> list[World]:
        return list(sample_deals(self.view, self.sit.deck, rng, n, self.depth))

    def feed_risk(self, card: int, seat: int) -> float:
        model = self._models.get(seat)
        if model is None:
            model = self._models[seat] = HiddenHandModel(self.sit, seat)
        if model.ok:
            return model.risk(card)
        return feed_probability(self.sit, card, seat)


def sets_with(pt: PlanTables, card: int, held: int, fresh: int) -> tuple[list[int], list[int]]:
    """The valid 3- and 4-card sets (as masks) made of `card` and cards of `held` that hold at
    least one card of `fresh` (a part of `held`). Each is listed once, from its lowest card of
    `fresh` (y below): the precedents a card completes lie among the held cards it shares one
    with, a few of them, so walking those through the extension tables beats scanning every
    precedent of the card."""
    ext3 = pt.ext3
    ext4 = pt.ext4
    bit = 1 << card
    near = pt.partners[card] & held
    threes: list[int] = []
    fours: list[int] = []
    ys = near & fresh
    while ys:
        yb = ys & -ys
        ys ^= yb
        xy = bit | yb
        zs = near & ~(fresh & ((yb << 1) - 1))  # y itself and the fresh cards below it out
        e = ext3.get(xy, 0) & zs
        while e:
            zb = e & -e
            e ^= zb
            threes.append(xy | zb)
        while zs:
            zb = zs & -zs
            zs ^= zb  # zs keeps the cards above z, where w lies
            e = ext4.get(xy | zb, 0) & zs
            while e:
                wb = e & -e
                e ^= wb
                fours.append(xy | zb | wb)
    return threes, fours


def freed_by(new: Sequence[int], known: Sequence[int]) -> int:
    """The cards outside some 7-card hand that goes out as a disjoint pair of a set of `new`
    and one of `known`: `mask & freed_by(...)` are the cards of `mask` such a hand can spare
    (the result is the union of the hands' complements, a negative int; 0 for no pair)."""
    freed = 0
    for a in new:
        for b in known:
            if not a & b:
                freed |= ~(a | b)
    return freed


class _OnTop(NamedTuple):
    """What a card added on top of the prepared cards makes with them (`CompletionSearch.
    on_top`)."""

    threes: list[int]
    """Its 3-card sets with prepared cards."""
    fours: list[int]
    """Its 4-card sets with prepared cards."""
    freed: int
    """`freed_by` those against the prepared cards' own sets."""
    by_one: list[tuple[int, int]]
    """(a prepared card, the cards that complete it and this one to a 3-card set)."""
    by_two: list[tuple[int, int]]
    """(two prepared cards, the cards that complete them and this one to a 4-card set)."""
    reach: int
    """Every card named in `by_one` and `by_two`: the cards added later that make a set with
    this one and prepared cards."""


_NOTHING: tuple[list[int], list[int], int] = ([], [], 0)


def _bits(mask: int) -> Iterator[int]:
    """The bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class Prepared:
    """The precedents among the cards a completion search starts from (`CompletionSearch.
    prepare`): found once per decision, then reused for every world, with what each card drawn
    onto them adds, alone or with one other card drawn (`CompletionSearch.on_top`,
    `CompletionSearch.pair`), worked out the first time a world draws it."""

    __slots__ = ("found", "fours", "goes_out", "have", "left", "on_top", "pairs", "threes")

    def __init__(
        self,
        found: dict[int, int],
        have: int,
        left: int,
        threes: list[int],
        fours: list[int],
        goes_out: bool,
    ) -> None:
        self.found = found
        self.have = have
        self.left = left
        """The candidates not yet found (a mask)."""
        self.threes = threes
        self.fours = fours
        # Whether the held cards already go out: a card added later is then never needed.
        self.goes_out = goes_out
        self.on_top: dict[int, _OnTop] = {}
        """For a card added on top (as a bit): `CompletionSearch.on_top`."""
        self.pairs: dict[int, tuple[list[int], list[int], int]] = {}
        """For two cards added on top (a mask): `CompletionSearch.pair`."""


def _mark(found: dict[int, int], hit: int, t: int) -> None:
    """The cards of `hit` are not needed from turn t on."""
    for low in _bits(hit):
        found[low.bit_length() - 1] = t


def one_away_cores(pt: PlanTables, cards: Sequence[int], live: int) -> list[tuple[int, int]]:
    """Every six of `cards` that some live card completes: (the six as a mask, their outs)."""
    cores = []
    for six in combinations(cards, 6):
        outs = outs_of_six(pt, six, live)
        if outs:
            cores.append((mask_of(six), outs))
    return cores


def first_out_weights(
    cores: Sequence[tuple[int, int]], draws: Sequence[int], weight: Sequence[float]
) -> list[tuple[int, float]]:
    """For each core: `weight[t]` for the first draw t (from 1) among its outs, 0 for none."""
    found = []
    for six, outs in cores:
        w = 0.0
        for t, x in enumerate(draws, 1):
            if outs >> x & 1:
                w = weight[t]
                break
        found.append((six, w))
    return found


class CompletionSearch:
    """For one seat's cards and a sequence of coming draws: the first turn at which each card it
    might give up is not needed to go out. The precedents among the cards it holds now are
    found once (`prepare`); each world then only adds its draws (`finish`)."""

    def __init__(self, pt: PlanTables) -> None:
        self.pt = pt

    def prepare(self, hand: int) -> Prepared:
        """The start of a search from `hand` (8 cards, or 7 and a card that must be kept; or 7
        cards, to `finish` with one more)."""
        pt = self.pt
        found: dict[int, int] = {}
        left = hand
        have = 0
        threes: list[int] = []
        fours: list[int] = []
        goes_out = False
        for c in ids_of(hand):
            new3, new4 = sets_with(pt, c, have, have)
            freed = freed_by(new3, fours) | freed_by(new4, threes)
            have |= 1 << c
            if freed:
                goes_out = True
                _mark(found, left & freed, 0)
                left &= ~freed
                if not left:
                    break
            threes += new3
            fours += new4
        return Prepared(found, have, left, threes, fours, goes_out)

    def on_top(self, start: Prepared, card: int) -> _OnTop:
        """What `card`, added on top of the prepared cards, makes with them
        (`Prepared.on_top`, filled here)."""
        found = start.on_top.get(1 << card)
        if found is None:
            pt = self.pt
            ext3 = pt.ext3
            ext4 = pt.ext4
            have = start.have
            bit = 1 << card
            near = pt.partners[card] & have
            new3: list[int] = []
            new4: list[int] = []
            by_one: list[tuple[int, int]] = []
            by_two: list[tuple[int, int]] = []
            reach = 0
            hs = near
            while hs:
                hb = hs & -hs
                hs ^= hb  # hs keeps the near cards above h
                e = ext3.get(bit | hb, 0)
                if e:
                    by_one.append((hb, e))
                    reach |= e
                    new3.extend(bit | hb | zb for zb in _bits(e & hs))
                gs = hs
                while gs:
                    gb = gs & -gs
                    gs ^= gb
                    e = ext4.get(bit | hb | gb, 0)
                    if e:
                        by_two.append((hb | gb, e))
                        reach |= e
                        new4.extend(bit | hb | gb | wb for wb in _bits(e & gs))
            freed = freed_by(new3, start.fours) | freed_by(new4, start.threes)
            found = start.on_top[bit] = _OnTop(new3, new4, freed, by_one, by_two, reach)
        return found

    def pair(self, start: Prepared, card: int, other: int) -> tuple[list[int], list[int], int]:
        """The sets made of `card`, `other` (another card added on top, as a bit) and prepared
        cards, and `freed_by` them against the prepared sets (`Prepared.pairs`, filled here)."""
        key = 1 << card | other
        found = start.pairs.get(key)
        if found is None:
            top = self.on_top(start, card)
            if top.reach & other:
                new3 = [key | h for h, e in top.by_one if e & other]
                new4 = [key | h for h, e in top.by_two if e & other]
                freed = freed_by(new3, start.fours) | freed_by(new4, start.threes)
                found = (new3, new4, freed)
            else:
                found = _NOTHING
            start.pairs[key] = found
        return found

    def finish(
        self,
        start: Prepared,
        draws: Sequence[int],
        horizon: int,
        extra: int | None = None,
        wanted: int = -1,
    ) -> dict[int, int]:
        """For each card of the prepared hand (and `extra`, a card added to it now, when
        given) that is in `wanted` (a mask; every card by default): the first t in 0..horizon
        at which the other cards plus `draws[:t]` contain 7 cards that go out as 3 + 4;
        horizon + 1 when they never do."""
        return self._walk(start, draws, horizon, extra, wanted, False)

    def first_turn(
        self, start: Prepared, draws: Sequence[int], horizon: int, extra: int | None = None
    ) -> int:
        """The least of `finish`'s turns: the first t at which the cards held then, less any
        one of them, go out (the walk stops there)."""
        turns = self._walk(start, draws, horizon, extra, -1, True)
        return min(turns.values(), default=horizon + 1)

    def _walk(
        self,
        start: Prepared,
        draws: Sequence[int],
        horizon: int,
        extra: int | None,
        wanted: int,
        first: bool,
    ) -> dict[int, int]:
        """`finish`; with `first`, stopping at the first turn any card is found."""
        found = {c: t for c, t in start.found.items() if wanted >> c & 1} if start.found else {}
        left = start.left
        held = start.have
        added = draws[:horizon]
        turn = 1  # the turn of added[0]
        if extra is not None and not held >> extra & 1:
            if start.goes_out:
                # The prepared cards go out without it, and marked their go-out before it came.
                if wanted >> extra & 1:
                    found[extra] = 0
            else:
                left |= 1 << extra
            added = [extra, *added]
            turn = 0
        elif extra is not None:
            left |= 1 << extra
        left &= wanted
        if first and found:
            return found
        pt = self.pt
        partners = pt.partners
        start3 = start.threes
        start4 = start.fours
        on_top = start.on_top
        pairs = start.pairs
        ext3 = pt.ext3
        ext4 = pt.ext4
        # The sets holding a card added on top of the prepared ones.
        more3: list[int] = []
        more4: list[int] = []
        fresh = 0
        for t, x in enumerate(added, turn):
            if not left:
                break
            bit = 1 << x
            if held & bit:
                continue
            top = on_top.get(bit) or self.on_top(start, x)
            new3 = top.threes
            new4 = top.fours
            freed = top.freed
            near = partners[x] & fresh
            if near:
                # The sets it makes with cards added before it: with one of them (y) and held
                # cards, worked out once per decision, or with two or more (y the lowest, z the
                # next).
                new3 = new3[:]
                new4 = new4[:]
                beside = partners[x] & held
                added3: list[int] = []
                added4: list[int] = []
                ys = near
                while ys:
                    yb = ys & -ys
                    ys ^= yb  # ys keeps the added cards above y
                    pair3, pair4, pair_freed = pairs.get(bit | yb) or self.pair(start, x, yb)
                    freed |= pair_freed
                    new3 += pair3
                    new4 += pair4
                    if not ys:
                        continue
                    xy = bit | yb
                    e = ext3.get(xy, 0) & ys
                    while e:
                        zb = e & -e
                        e ^= zb
                        added3.append(xy | zb)
                    zs = ys
                    while zs:
                        zb = zs & -zs
                        zs ^= zb
                        # w: a held card, but not z or an added card below it
                        e = ext4.get(xy | zb, 0) & beside & ~(fresh & ((zb << 1) - 1))
                        while e:
                            wb = e & -e
                            e ^= wb
                            added4.append(xy | zb | wb)
                freed |= freed_by(added3, start4) | freed_by(added4, start3)
                new3 += added3
                new4 += added4
            if more4 and new3:
                freed |= freed_by(new3, more4)
            if more3 and new4:
                freed |= freed_by(new4, more3)
            hit = left & freed
            if hit:
                _mark(found, hit, t)
                left ^= hit
                if first:
                    break
            held |= bit
            fresh |= bit
            more3 += new3
            more4 += new4
        _mark(found, left, horizon + 1)
        return found

    def finish_turns(self, hand: int, draws: Sequence[int], horizon: int) -> dict[int, int]:
        """`finish` from `hand` in one call."""
        return self.finish(self.prepare(hand), draws, horizon)


@dataclass(frozen=True, slots=True)
class OptionValues:
    """A search's verdict on each option of one decision: `keys[a]` sorts the options (the
    highest is chosen; the first option wins a tie), and `keys[a][0] / worlds` is the option's
    value in the search's own terms: the weight of going out soon (`gamma ** t` for going out t
    turns from now, 1 for at once), averaged over the sampled worlds; for a discard, plus the
    chance to win beyond it (`SearchBudget.floor`) and times the chance of not handing the next
    player the round. Only the options searched are listed."""

    keys: dict[Action, tuple[float, ...]]
    worlds: int

    def value(self, action: Action) -> float | None:
        key = self.keys.get(action)
        return None if key is None else key[0] / max(1, self.worlds)


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
        found = self.values(sit, decision, rng, knowledge)
        if found is None:
            return self.policy.decide(sit, decision, rng)
        keys = found.keys
        return max(keys, key=keys.__getitem__)

    def values(
        self,
        sit: Situation,
        decision: Decision,
        rng: random.Random,
        knowledge: Knowledge,
        full: bool = False,
    ) -> OptionValues | None:
        """What the search thinks of every option of a discard, a draw or a confiscation (None
        for the decisions it leaves to the medium heuristic). `full` searches on even when an
        option goes out at once (the review wants every option's value, not just the choice)."""
        options = decision.options
        kind = decision.kind
        if kind is DecisionKind.DISCARD:
            return self.discard_values(sit, decision, rng, knowledge, full)
        if kind is DecisionKind.DRAW and DRAW_DISCARD in options and DRAW_SUPPLY in options:
            return self.draw_values(sit, rng, knowledge, full)
        if kind is DecisionKind.CONFISCATE and decision.target is not None:
            return self.confiscate_values(sit, decision, rng, knowledge)
        return None

    def _worlds(self, knowledge: Knowledge, rng: random.Random) -> Iterator[World]:
        """The search's worlds, one at a time; with a time limit, as many as it allows (at
        least one)."""
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for n, world in enumerate(knowledge.worlds(self.budget.iterations, rng)):
            if deadline is not None and n and time.perf_counter() > deadline:
                return
            yield world

    def _weights(self) -> list[float]:
        """`gamma ** t` for going out t turns from now; 0 past the horizon."""
        b = self.budget
        return [b.gamma**t for t in range(b.horizon + 1)] + [0.0]

    def confiscate_values(
        self, sit: Situation, decision: Decision, rng: random.Random, knowledge: Knowledge
    ) -> OptionValues:
        """Which card to take: the one whose hand, after the discard that follows, goes out
        soonest over the sampled worlds (in each, a blind take gets one of the target's hidden
        cards there, at random)."""
        target = decision.target
        assert target is not None
        b = self.budget
        hand = mask_of(sit.hand)
        wanted = -1 if sit.taken is None else ~(1 << sit.taken)
        search = CompletionSearch(plan_tables(sit.deck))
        start = search.prepare(hand)
        weight = self._weights()
        totals: dict[Action, dict[int, float]] = {a: {} for a in decision.options}
        rows = list(totals.items())
        worlds = 0
        for world in self._worlds(knowledge, rng):
            worlds += 1
            # The target's replacement comes off the supply before anyone else draws.
            draws = future_draws(world, sit.seat, b.horizon, drawn=True, consumed=1)
            hidden = world.hidden[target]
            for a, row in rows:
                # A blind take gets one of the target's hidden cards there, at random.
                cards = [a.card] if a.card is not None else list(hidden)
                share = 1.0 / max(1, len(cards))
                for card in cards:
                    turns = search.finish(start, draws, b.horizon, extra=card, wanted=wanted)
                    for c, t in turns.items():
                        if t <= b.horizon:
                            key = -1 if c == card else c  # giving the new card straight back
                            row[key] = row.get(key, 0.0) + share * weight[t]
        return OptionValues(
            {
                a: (max(totals[a].values(), default=0.0), float(a.card is not None))
                for a in decision.options
            },
            worlds,
        )

    def discard_values(
        self,
        sit: Situation,
        decision: Decision,
        rng: random.Random,
        knowledge: Knowledge,
        full: bool = False,
    ) -> OptionValues:
        """Each discard's `chance_to_win_after_discard`: how soon its hand goes out over the
        worlds, less what the card adds to the next player's plans, plus the chance to win
        beyond that, times the chance it does not hand the next player the round."""
        gains: dict[int, float] = {}
        scores = self.policy.discard_scores(sit, decision, gains)
        options = sorted(decision.options, key=lambda a: -scores[a])
        goes_out = {a for a in options if scores[a] >= 1e6}
        if goes_out and not full:  # goes out now
            return OptionValues({options[0]: (1.0, scores[options[0]])}, 1)
        b = self.budget
        nxt = sit.next_seat()
        feeds = sit.skips[nxt] == 0  # a seat about to lose its turn takes nothing
        feed = {a: 0.0 for a in options}
        helps = {a: 0.0 for a in options}
        if feeds:
            base = self.policy.threat(sit, nxt)
            for a in options:
                card = a.card
                assert card is not None
                feed[a] = knowledge.feed_risk(card, nxt)
                if b.help:
                    g = max(0.0, self.policy.next_gain(sit, card, gains))
                    helps[a] = g / (base + g + 1e-9)
        hand = mask_of(sit.hand)
        laws = law_facts(sit.deck)
        search = CompletionSearch(plan_tables(sit.deck))
        start = search.prepare(hand)
        cards = [a.card for a in options if a.card is not None]
        assert len(cards) == len(options)
        wanted = mask_of(cards)
        weight = self._weights()
        sums = [0.0] * len(options)
        kept_sums = [0.0] * len(options)
        cores = one_away_cores(search.pt, sit.hand, sit.live) if b.commit else []
        worlds = 0
        for world in self._worlds(knowledge, rng):
            worlds += 1
            draws = future_draws(world, sit.seat, b.horizon, drawn=True)
            turns = search.finish(start, draws, b.horizon, wanted=wanted)
            for i, c in enumerate(cards):
                sums[i] += weight[turns[c]]
            if cores:
                # The best six kept without each card: the cards of the hand a six leaves out.
                best: dict[int, float] = {}
                for six, w in first_out_weights(cores, draws, weight):
                    if w:
                        for low in _bits(hand & ~six):
                            if w > best.get(low, 0.0):
                                best[low] = w
                for i, c in enumerate(cards):
                    kept_sums[i] += best.get(1 << c, 0.0)
        totals = {
            a: s + b.commit * (k - s) for a, s, k in zip(options, sums, kept_sums, strict=True)
        }
        lo = min(scores.values())
        span = max(scores.values()) - lo or 1.0
        main = decision.stage == "main"

        def key(a: Action) -> tuple[float, float]:
            value = totals[a] * (1.0 - b.help * helps[a])
            value += b.blend * worlds * (scores[a] - lo) / span
            if main and a.card is not None and laws.attack[a.card] is not None:
                value /= b.gamma  # the attack costs its target a turn, or a card
            charged = knowledge.feed_weight * feed[a]
            return (chance_to_win_after_discard(value, charged, b.floor * worlds), scores[a])

        keys = {a: key(a) for a in options if a not in goes_out}
        # Going out now (only searched on with `full`) wins the round: worth at least a round
        # won and at least any other discard.
        top = max([float(worlds), *(k[0] for k in keys.values())])
        return OptionValues(
            {a: (top, scores[a]) if a in goes_out else keys[a] for a in options}, worlds
        )

    def draw_values(
        self, sit: Situation, rng: random.Random, knowledge: Knowledge, full: bool = False
    ) -> OptionValues:
        """Taking the top discard (with the best card to give up for it) against drawing
        from the supply; a tie goes to the supply."""
        _, _, wins = self.policy.draw_values(sit)
        if wins and not full:
            return OptionValues({DRAW_DISCARD: (1.0,)}, 1)
        top = sit.discard_top
        assert top is not None
        b = self.budget
        hand = mask_of(sit.hand)
        search = CompletionSearch(plan_tables(sit.deck))
        with_top = search.prepare(hand | (1 << top))
        without = search.prepare(hand)
        weight = self._weights()
        take: dict[int, float] = {c: 0.0 for c in sit.hand}
        supply = 0.0
        worlds = 0
        for world in self._worlds(knowledge, rng):
            worlds += 1
            # Taking the top discard leaves the supply to the other seats this turn; the card it
            # gives up must be chosen before the coming draws are seen.
            later = future_draws(world, sit.seat, b.horizon, drawn=True)
            for c, t in search.finish(with_top, later, b.horizon, wanted=hand).items():
                take[c] += weight[t]
            # Drawing from the supply: the card is seen before the discard is chosen.
            draws = future_draws(world, sit.seat, b.horizon + 1, drawn=False)
            if not draws:  # nothing to draw from the supply
                return OptionValues({DRAW_DISCARD: (1.0,), DRAW_SUPPLY: (0.0,)}, 1)
            supply += weight[search.first_turn(without, draws[1:], b.horizon, extra=draws[0])]
        taken = float(worlds) if wins else max(take.values())
        return OptionValues({DRAW_SUPPLY: (supply,), DRAW_DISCARD: (taken,)}, worlds)


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
        knowledge = ViewKnowledge(view, sit, self.search.budget.horizon + 1)
        return self.search.decide(sit, decision, rng, knowledge)


register(
    "hard",
    HardPlayer,
    description="searches sampled deals of the unseen cards, with the medium heuristic inside",
)
