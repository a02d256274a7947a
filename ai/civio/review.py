"""Review of one seat's decisions in a recorded round: for each, what the strongest level
(`hard`) would have chosen, how much the choice made cost in the search's own terms, and a
verdict: best, good, inaccuracy or mistake (the idea of lichess's game review).

    # seat_decisions: cards.games.civio.record
    decisions = seat_decisions(rules, seats, dealer, seed, actions, seat, deck)
    review = review_decisions(decisions, seat, deck, seat_names=names)
    # or both at once: civio_tui.review.review_round(rules, seats, dealer, seed, actions, seat,
    # deck, seat_names=names)
    review.decisions[0].verdict, review.summary_line()

A loss is shown to the player (and in `to_json`) as percentage points of the chance to win the
round (`UNIT`): hard's own measure of a position (`ai.civio.hard.OptionValues`) is that chance,
roughly. The measure is the weight of going out soon, `gamma ** t` for going out t turns from
now (1 for at once, 0.7 for one turn later), averaged over the sampled deals of the unseen cards
and times the chance of not handing the next player the round. A loss of 0.10 (10 points) is
about a tenth of a round won given away. Decisions that search leaves to the medium heuristic
are judged in the same unit: declining to call CIVIO gives away `1 - gamma` (a sure win now for
one a turn later at best); accepting an attack that could be overruled costs a turn, `(1 -
gamma)` of the value the search gives the seat's next draw or discard; laying cards face up,
turning one up and choosing whom to attack do not change how soon the seat's own cards go out,
so they cost 0 (good, when not the search's choice).

One evaluation decides each line: a choice is best only when it is the search's choice or the
search values it the same (then the line recommends the choice itself); otherwise the line names
the search's choice and what the difference cost.

Each reason names what decided the line in its position, not one sentence per kind of decision:
at a draw, what the top discard would do for the seat's cards against the unseen cards that let
them go out (or how far they are from it) and what the other draw costs, in the same points; at
a discard, the card kept and why, then, while that card stays the one the plans lean on most,
what each discarded card links with and what the next best discard costs; at a card turned up,
why that card; at an attack, each opponent's distance from going out or the Law it shows. What
the previous line said is pointed back to ("as on turn 4") rather than said again.

Once the round is over every hand is known, so each discard also gets its `danger` in
hindsight (kept apart from the verdict, which judges what the seat could know): the opponent it
let go out, whether every discard there did the same, and which would have been safe.

Each decision's search is seeded from the seat's view and the decision (`ai.civio.hint.hint_seed`),
so a review repeats exactly and agrees with the hint the player could have asked for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ai.civio.hard import HardSearch, OptionValues, ViewKnowledge
from ai.civio.heuristics import Situation, distance, from_view, go_out_completions, plan_tables
from ai.civio.hint import (
    _best_group,
    _key_card,
    _why_keep,
    explain,
    explain_discard,
    goes_out_sentence,
    hint_seed,
    linked,
    listing,
)
from ai.civio.medium import HeuristicPolicy
from cards.deck import Deck, standard_deck
from cards.games.civio.actions import (
    ACCEPT,
    CALL,
    DECLINE,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    OVERRULE,
    Action,
    DecisionKind,
)
from cards.games.civio.laws import law_facts
from cards.go_out import goes_out
from cards.links import ids_of
from cards.ruleset import RuleSet
from cards.table import DISCARD_PILE

if TYPE_CHECKING:
    from cards.games.civio.actions import Decision
    from cards.games.civio.record import SeatDecision
    from cards.games.civio.view import PlayerView

VERDICTS = ("best", "good", "inaccuracy", "mistake")
UNIT = "percentage points of the chance to win the round"
EQUAL = 0.005
"""A loss below this is no loss: the choice is as good as the search's (verdict best)."""
GOOD = 0.03
"""A loss below this is good."""
INACCURACY = 0.10
"""A loss below this is an inaccuracy; from it on, a mistake."""


@dataclass(frozen=True)
class Judgement:
    """One decision of the seat: its turn, kind, the choice made and the search's choice (in
    `Action.to_str` form), the loss, the verdict and a sentence naming the cards."""

    turn: int
    kind: str
    chosen: str
    best: str
    loss: float
    verdict: str
    why: str
    position: int
    """The event index of the decision in the round (where a replay shows it)."""
    danger: str | None = None
    """What the choice handed an opponent, known in hindsight (None when nothing)."""
    handed_round: bool = False
    """In hindsight: the next player took this discard and went out with it that turn."""

    @property
    def points(self) -> float:
        """The loss in `UNIT`."""
        return round(100 * self.loss, 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "kind": self.kind,
            "chosen": self.chosen,
            "best": self.best,
            "loss": self.points,
            "verdict": self.verdict,
            "why": self.why,
            "danger": self.danger,
        }


@dataclass(frozen=True)
class Review:
    """Every judged decision of one seat in one round, in order."""

    seat: int
    decisions: list[Judgement] = field(default_factory=list)

    def summary(self) -> dict[str, int]:
        counts = dict.fromkeys(VERDICTS, 0)
        for d in self.decisions:
            counts[d.verdict] += 1
        return counts

    def biggest(self) -> Judgement | None:
        """The costliest decision that was not best or good (the earliest of equal ones)."""
        bad = [d for d in self.decisions if d.verdict in ("inaccuracy", "mistake")]
        return max(bad, key=lambda d: d.loss, default=None)

    def summary_line(self, whose: str = "your") -> str:
        """ "2 mistakes, 3 inaccuracies; your biggest: turn 7" (or that there were none);
        `whose` names the player otherwise ("Ben's biggest", friends at one keyboard)."""
        counts = self.summary()
        if not self.decisions:
            return "No decisions to review: every move was forced."
        parts = [
            _count(counts["mistake"], "mistake", "mistakes"),
            _count(counts["inaccuracy"], "inaccuracy", "inaccuracies"),
        ]
        worst = self.biggest()
        fed = next((d for d in self.decisions if d.handed_round), None)
        # What happened is told apart from the verdicts, which judge what the seat could see.
        after = (
            f" In hindsight, the discard on turn {fed.turn} handed over the round." if fed else ""
        )
        if worst is None:
            judged = _count(len(self.decisions), "decision", "decisions")
            return (
                f"No mistakes or inaccuracies in {judged}: "
                f"{counts['best']} best, {counts['good']} good.{after}"
            )
        return f"{parts[0]}, {parts[1]}; {whose} biggest: turn {worst.turn}.{after}"

    def to_json(self) -> dict[str, Any]:
        """The `civio campaign review --json` document (docs/ARCHITECTURE.md, "campaign review")."""
        return {
            "decisions": [d.to_json() for d in self.decisions],
            "summary": {**self.summary(), "unit": UNIT},
        }


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _as_good(loss: float | None, searched: bool) -> bool:
    """The search valued the choice level with its own (a line then explains the choice)."""
    return searched and round(loss or 0.0, 3) < EQUAL


def verdict(loss: float, same: bool) -> str:
    """The verdict for a choice that cost `loss` (`same`: it is the search's own choice)."""
    if same or loss < EQUAL:
        return "best"
    if loss < GOOD:
        return "good"
    if loss < INACCURACY:
        return "inaccuracy"
    return "mistake"


@dataclass
class _Pending:
    """A decision judged before the seat's next searched value is known (an accepted attack
    is priced from it)."""

    index: int
    turn: int
    kind: DecisionKind
    chosen: Action
    best: Action
    why_best: str
    why_chosen: str
    position: int
    loss: float | None
    searched: bool
    danger: str | None = None
    handed_round: bool = False
    hand: tuple[int, ...] = ()
    """For a discard, the seat's cards before it (the links a discard breaks are among them)."""


def review_decisions(
    decisions: Sequence[SeatDecision],
    seat: int,
    deck: Deck | None = None,
    *,
    seat_names: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    search: HardSearch | None = None,
) -> Review:
    """Judge `seat`'s `decisions` in a recorded round, in order, each from the view the seat
    had (`cards.games.civio.record.seat_decisions` reads them from the record; `civio_tui.review`
    does both). `progress(done, total)` is called after each judged decision (for a progress bar);
    `search` defaults to hard's."""
    deck = deck if deck is not None else standard_deck()
    search = search or HardSearch()
    gamma = search.budget.gamma
    total = len(decisions)
    judged: list[_Pending] = []
    said = _Said()
    waiting: list[_Pending] = []  # accepted attacks, priced at the next searched value
    for done, asked in enumerate(decisions, 1):
        view, decision, chosen = asked.view, asked.decision, asked.action
        sit, values, best = _evaluate(view, decision, deck, search)
        loss = _loss(decision, values, best, chosen, gamma)
        if values is not None:
            for item in waiting:
                item.loss = (1 - gamma) * (values.value(best) or 0.0)
            waiting.clear()
        # The figure is given in the reason only on a line whose choice was the search's: any
        # other line gives it as what the choice cost.
        reason = _Reasons(sit, asked, values, seat_names, said)
        why_best = _fresh(reason(best, priced=chosen == best), said.grounds, asked, sit, values)
        item = _Pending(
            len(judged),
            asked.turn,
            decision.kind,
            chosen,
            best,
            why_best,
            reason(chosen, priced=False) if chosen != best else "",
            asked.position,
            loss,
            values is not None,
        )
        if chosen != best and _as_good(loss, values is not None):  # the line explains `chosen`
            reason.note(chosen, item.why_chosen)
        else:
            reason.note(best, why_best)
        if decision.kind is DecisionKind.DISCARD:
            item.hand = tuple(sit.hand)
        if decision.kind is DecisionKind.DISCARD and asked.hands:
            nxt = sit.next_seat()
            item.danger = hindsight(asked, nxt, view.rules, deck, seat_names, values)
            item.handed_round = asked.taken_by == nxt and asked.won_with
        judged.append(item)
        if loss is None:
            waiting.append(item)
        if progress is not None:
            progress(done, total)
    for item in waiting:  # no searched decision followed: the round ended first
        item.loss = 0.0
    return Review(seat, [_judge(item, deck, seat_names) for item in judged])


def _evaluate(
    view: PlayerView, decision: Decision, deck: Deck, search: HardSearch
) -> tuple[Situation, OptionValues | None, Action]:
    """The one evaluation of a decision: the search's values of its options (None for the
    decisions hard leaves to the medium heuristic) and its choice, seeded as the hint is."""
    sit = from_view(view, deck)
    rng = random.Random(hint_seed(view, decision))
    knowledge = ViewKnowledge(view, sit, search.budget.horizon + 1)
    values = search.values(sit, decision, rng, knowledge, full=True)
    best = _best(values) if values is not None else None
    if best is None:  # what hard does with the decisions it does not search
        best = search.policy.decide(sit, decision, rng)
    return sit, values, best


def _loss(
    decision: Decision, values: OptionValues | None, best: Action, chosen: Action, gamma: float
) -> float | None:
    """What choosing `chosen` instead of `best` costs, as a share of the round (see the module
    docstring); None for an accepted attack that could be overruled, which costs a turn priced
    from the seat's next searched value."""
    if values is not None:
        gap = (values.value(best) or 0.0) - (values.value(chosen) or 0.0)
        return min(1.0, max(0.0, gap))  # at most the whole round
    if decision.kind is DecisionKind.CIVIO and chosen != best and best.choice == CALL:
        return 1 - gamma
    if decision.kind is DecisionKind.OVERRULE and chosen.kind == ACCEPT and best.kind != ACCEPT:
        return None
    return 0.0


@dataclass(frozen=True)
class OptionCost:
    """One option of a decision as the review would judge choosing it."""

    action: Action
    loss: float | None
    """What choosing it costs, as a share of the round (`points`: in `UNIT`); None when it
    costs a turn the search does not price at this decision."""
    best: bool
    """It is the search's choice."""

    @property
    def points(self) -> float | None:
        return None if self.loss is None else round(100 * self.loss, 1)


def option_costs(
    view: PlayerView,
    decision: Decision,
    deck: Deck | None = None,
    search: HardSearch | None = None,
) -> tuple[list[OptionCost], bool]:
    """Every option of `decision` (the seat of `view`'s) judged as the review judges the choice
    made, with the same evaluation: (the options in their order, whether the search valued
    them). Unsearched, an option costs 0 unless it declines a CIVIO the search would call or
    accepts an attack it would overrule (as in the review)."""
    deck = deck if deck is not None else standard_deck()
    search = search or HardSearch()
    _, values, best = _evaluate(view, decision, deck, search)
    gamma = search.budget.gamma
    costs = [
        OptionCost(option, _loss(decision, values, best, option, gamma), option == best)
        for option in decision.options
    ]
    return costs, values is not None


@dataclass
class _Said:
    """What the review's earlier lines said, so a line that would say it again says so briefly."""

    grounds: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    """A line's grounds (what follows its first colon): the turn, position and kind of the line
    that first gave them."""
    waiting: tuple[int, object] | None = None
    """The last draw line's turn, and what the seat's cards waited for then."""
    kept: dict[int, tuple[int, DecisionKind]] = field(default_factory=dict)
    """A card a line said why it kept (at a discard, or hidden at a card turned up): the turn
    and kind of the latest such line."""
    key: int | None = None
    """The card the plans lean on most, as the last discard line to name it said."""


class _Reasons:
    """The reasons given at one decision: the hint's sentences (`ai.civio.hint.explain`), made
    to name what decided the verdict in this position where a fixed sentence per decision kind
    would repeat on every line (draws, cards turned up, attack targets)."""

    def __init__(
        self,
        sit: Situation,
        asked: SeatDecision,
        values: OptionValues | None,
        seat_names: Sequence[str] | None,
        said: _Said,
    ) -> None:
        self.sit = sit
        self.asked = asked
        self.values = values
        self.seat_names = seat_names
        self.said = said

    def __call__(self, action: Action, priced: bool) -> str:
        decision = self.asked.decision
        kind = decision.kind
        if kind is DecisionKind.DRAW:
            found = self._draw(action, priced)
            if found is not None:
                return found[0]
        else:
            reason = {
                DecisionKind.DISCARD: self._discard,
                DecisionKind.REVEAL: self._reveal,
                DecisionKind.ATTACK_TARGET: self._target,
                DecisionKind.OVERRULE: self._overrule,
            }.get(kind)
            line = reason(action) if reason is not None else None
            if line is not None:
                return line
        return explain(self.sit, decision, action, self.asked.view.rules, self.seat_names)

    def note(self, shown: Action, why: str) -> None:
        """Remember what the line said: `why`, the reason it gives for `shown`."""
        kind = self.asked.decision.kind
        turn = self.asked.turn
        if kind is DecisionKind.DRAW:
            found = self._draw(shown, False)
            waits = found[1] if found is not None else None
            self.said.waiting = None if waits is None else (turn, waits)
        kept = self._kept(shown)
        if kept is not None and kept[1] in why:
            self.said.kept[kept[0]] = (turn, kind)
            if kind is DecisionKind.DISCARD:
                self.said.key = kept[0]

    def _kept(self, action: Action) -> tuple[int, str] | None:
        """For a discard or a card turned up: the card the hint's sentence says is kept (hidden)
        and the reason it gives (None when it names none)."""
        sit = self.sit
        kind = self.asked.decision.kind
        card = action.card
        if card is None:
            return None
        if kind is DecisionKind.DISCARD:
            keep = [c for c in sit.hand if c != card]
            if goes_out(sit.deck, keep):
                return None
            k = _key_card(sit, keep)
            return k, _why_keep(sit, keep, k)
        if kind is DecisionKind.REVEAL:
            still = [a.card for a in self.asked.decision.options if a.card not in (None, card)]
            if not still:
                return None
            k = _key_card(sit, sit.hand, exclude=card, among=[c for c in still if c is not None])
            return k, _why_keep(sit, sit.hand, k)
        return None

    def _draw(self, action: Action, priced: bool) -> tuple[str, object] | None:
        """Why draw from where `action` draws, from what decided it: what the top discard
        would do for the seat's cards (the links it makes, how much closer it brings them to
        going out), what they wait for instead (the unseen cards that let them go out, or how
        far they are from it), and, when `priced`, what the other draw would cost. Also what
        the cards waited for, to say "as on turn N" on the next draw. None when the hint's
        sentence says it all (only one place to draw from, or the top discard goes out)."""
        sit = self.sit
        deck = sit.deck
        top = sit.discard_top
        values = self.values
        if top is None or values is None or DRAW_DISCARD not in self.asked.decision.options:
            return None
        hand = sit.hand
        if any(goes_out(deck, [c for c in hand if c != drop] + [top]) for drop in hand):
            return None
        live = sit.live
        now = distance(deck, hand, live)
        # The card the top discard would replace: the one that leaves the hand nearest to
        # going out, and of those the one its plans lean on least.
        weights = _importance(sit, hand)
        near, give_up = min(
            (distance(deck, [c for c in hand if c != drop] + [top], live), weights[drop], drop)
            for drop in hand
        )[::2]
        name = deck[top].name
        outs = _outs(sit, hand)
        waits: object = ("outs", frozenset(outs)) if outs else ("far", now)
        earlier = self.said.waiting
        again = earlier[0] if earlier is not None and earlier[1] == waits else None
        # In points, rounded as a line that chose the other draw is charged (`_judge`).
        gap = (values.value(DRAW_SUPPLY) or 0.0) - (values.value(DRAW_DISCARD) or 0.0)
        gap = 100 * round(max(-1.0, min(1.0, gap)), 3)
        if action == DRAW_DISCARD:
            text = f"Take {name} from the discard pile: {_why_keep(sit, [*hand, top], top)}"
            if near < now:
                text += f"; it takes you from {now} to {_away(near)} from going out"
            if priced and -gap >= 0.5:
                text += f"; drawing from the supply instead would cost {_points(-gap)}"
            return text + ".", None
        if near < now:
            what = (
                f"{name} would take you from {now} to {_away(near)} from going out, "
                f"giving up {deck[give_up].name}, but "
            )
            what += "the supply does better" if gap >= 0.5 else "the supply does as well"
            waits = None
        else:
            what = _not_closer(sit, hand, top, outs, now, again)
        if priced:
            what += f"; taking it would cost {_points(gap)}" if gap >= 0.5 else ""
        return f"Draw from the supply: {what}.", waits

    def _discard(self, action: Action) -> str | None:
        """Why discard this card, once an earlier line said why the card the plans lean on most
        is kept and it still is: what the card discarded links with, and what the search's
        next best discard would cost (or that it does as well). None to give the hint's
        sentence (a new card kept, or the rest go out)."""
        kept = self._kept(action)
        card = action.card
        values = self.values
        if kept is None or self.said.key != kept[0] or card is None or values is None:
            return None
        sit = self.sit
        deck = sit.deck
        partners = _linked_names(deck, sit.hand, card)
        if not partners:
            grounds = "it links with none of your cards"
        elif len(partners) == 1:
            grounds = f"it links only with {partners[0]}"
        else:
            grounds = f"it links with {listing(partners[:2])}{' and more' if partners[2:] else ''}"
        ranked = sorted(values.keys, key=values.keys.__getitem__, reverse=True)
        if ranked[0] == action and len(ranked) > 1 and ranked[1].card is not None:
            gap = (values.value(action) or 0.0) - (values.value(ranked[1]) or 0.0)
            points = 100 * round(max(0.0, gap), 3)
            other = deck[ranked[1].card].name
            if points >= 0.5:
                grounds += f"; {other}, the next best, would cost {_points(points)}"
            else:
                grounds += f"; {other} would do as well"
        rules = self.asked.view.rules
        return explain_discard(sit, self.asked.decision, card, rules, self.seat_names, grounds)

    def _reveal(self, action: Action) -> str | None:
        """Why turn up this card: nothing hangs on it when the cards go out; when an earlier
        line said why the card kept hidden is kept, what decides is the card turned up (the
        others know it already; it links with none of the cards; what it goes with), and the
        line points back. None to give the hint's sentence (the kept card's reason, first
        given here)."""
        kept = self._kept(action)
        card = action.card
        if kept is None or card is None:
            return None
        sit = self.sit
        if goes_out(sit.deck, sit.hand):
            name = sit.deck[card].name
            return f"Turn up {name}: your cards go out whichever you show, so you can call CIVIO."
        said = self.said.kept.get(kept[0])
        if said is None:
            return None
        turn, kind = said
        deck = sit.deck
        name, k = deck[card].name, deck[kept[0]].name
        now = turn == self.asked.turn and kind is DecisionKind.DISCARD
        back = "the card this turn's discard kept" if now else f"as on turn {turn}"
        head = f"Turn up {name} and keep {k} hidden ({back}): "
        partners = _linked_names(deck, sit.hand, card)
        if sit.exposed >> card & 1:
            return head + f"the others know {name} already, so showing it gives nothing away."
        if not partners:
            return head + f"{name} links with none of your cards, so showing it gives no plan away."
        others = [p for p in partners if p != k]
        if not others:
            return head + f"{name} goes only with {k}, so your plans need it less."
        return head + f"{name} goes with {listing(others[:2])}, but your plans need {k} more."

    def _target(self, action: Action) -> str | None:
        """Whom to attack, among several (hard leaves it to the medium heuristic, which attacks
        the opponent whose known cards have the most ways to go out and no Law shown that
        overrules the attack): how far that opponent's known cards are from going out against
        the others', or the Law another shows. None to give the hint's sentence (a single
        opponent, or no attack)."""
        sit = self.sit
        decision = self.asked.decision
        seats = [a.seat for a in decision.options if a.seat is not None]
        target = action.seat
        if target is None or len(decision.options) < 2:
            return None
        deck = sit.deck
        stoppers = law_facts(deck).stoppers(decision.effect)
        names = self.seat_names
        known = {s: sit.opp_known.get(s, []) for s in seats}
        away = {s: distance(deck, known[s], sit.live) for s in seats}
        if len(seats) == 1:  # attack or decline (house rule)
            does = "it loses its next turn" if decision.effect == "lose_turn" else "you take a card"
            return (
                f"Attack {_seat_name(names, target)}: {does}, and its known cards are "
                f"{_away(away[target])} from going out."
            )
        policy = HeuristicPolicy()
        threat = {s: policy.threat(sit, s) for s in seats}
        parts = []
        for seat in seats:
            if seat == target:
                continue
            who = _seat_name(names, seat)
            shown = _shown(known[seat], stoppers)
            if shown is not None:
                parts.append(f"{who} shows {deck[shown].name}, which would overrule it")
            elif away[seat] > away[target]:
                parts.append(f"{who}'s are {_away(away[seat])} away")
            elif away[seat] == away[target] and threat[seat] < threat[target]:
                parts.append(f"{who}'s are as near, with fewer ways to get there")
            else:
                parts.append(f"{who}'s are {_away(away[seat])} away, with fewer ways to get there")
        own = _shown(known[target], stoppers)
        head = f"Attack {_seat_name(names, target)}: its known cards are "
        head += f"{_away(away[target])} from going out"
        if own is not None:
            head += f" (it shows {deck[own].name}, which may overrule it)"
        return f"{head}; {listing(parts)}."

    def _overrule(self, action: Action) -> str | None:
        """Why overrule an attack with this Law: what accepting would cost, and what showing
        the Law gives away (nothing when it is face up already). None to give the hint's
        sentence (accepting)."""
        decision = self.asked.decision
        card = action.card
        if action.kind != OVERRULE or card is None:
            return None
        deck = self.sit.deck
        attacker = decision.attacker
        who = "the attacker" if attacker is None else _seat_name(self.seat_names, attacker)
        law = "attack" if decision.law is None else deck[decision.law].name
        name = deck[card].name
        if decision.effect == "lose_turn":
            cost = "cost you your next turn"
        else:
            cost = f"let {who} take one of your cards"
        if card in self.sit.face_up:
            shown = "it is face up already, so showing it gives nothing away"
        else:
            shown = f"the others learn that you hold {name}"
        return f"Overrule {who}'s {law} with {name}: accepting would {cost}; {shown}."


def _shown(cards: Sequence[int], stoppers: int) -> int | None:
    """The first of `cards` among `stoppers` (a mask): a Law that overrules the attack."""
    return next((c for c in cards if stoppers >> c & 1), None)


def _linked_names(deck: Deck, hand: Sequence[int], card: int) -> list[str]:
    """The names of the other cards of `hand` that `card` links with directly."""
    return [deck[c].name for c in hand if c != card and linked(deck, card, c)]


def _away(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _importance(sit: Situation, hand: Sequence[int]) -> dict[int, float]:
    return dict(zip(hand, HeuristicPolicy().importance(sit, list(hand)), strict=True))


def _outs(sit: Situation, hand: Sequence[int]) -> list[int]:
    """The unseen cards that would let `hand` go out at once (drawn, one card given up)."""
    pt = plan_tables(sit.deck)
    found = 0
    for drop in hand:
        for m in go_out_completions(pt, [c for c in hand if c != drop], sit.live):
            found |= m
    return ids_of(found)


def _not_closer(
    sit: Situation, hand: Sequence[int], top: int, outs: Sequence[int], now: int, again: int | None
) -> str:
    """Why the top discard would not do: what it would do for `hand` (the precedent it would
    make, the cards it links with, or none), against what the cards wait for: the unseen
    `outs` that let them go out, else how far (`now`) they are from it. `again`: the turn of
    the previous draw, when the cards waited for the same then."""
    deck = sit.deck
    name = deck[top].name
    partners = [c for c in hand if linked(deck, top, c)]
    group = _best_group(sit, [*hand, top], top) if partners else None
    if group is not None:
        does = f"{name} would make {' → '.join(deck[c].name for c in group)}"
    elif partners:
        does = f"{name} links with {listing([deck[c].name for c in partners[:2]])}"
    else:
        does = f"{name} links with none of your cards"
    back = "" if again is None else f", as on turn {again}"
    if outs:
        names = [deck[c].name for c in outs[:2]]
        which = f"{', '.join(names)} or another" if len(outs) > 2 else " or ".join(names)
        cards = _count(len(outs), "unseen card", "unseen cards")
        if len(outs) == 1:
            if partners:
                return f"{does}, but only {which} would let you go out{back}"
            return f"{does}, while {which} would {'still ' if back else ''}let you go out{back}"
        if again is not None:
            but = "but only" if partners else "while"
            return f"{does}, {but} the same {cards} as on turn {again} would let you go out"
        if partners:
            return f"{does}, but it is not one of the {cards} that would let you go out ({which})"
        return f"{does}, while {cards} would let you go out ({which})"
    if now >= 8:
        return f"{does}, and no plan of your cards can still be completed"
    if partners:
        return f"{does}, but you would still be {_away(now)} from going out{back}"
    still = "still " if again is not None else ""
    return f"{does}, and you are {still}{_away(now)} from going out{back}"


def _fresh(
    why: str,
    seen: dict[str, tuple[int, int, str]],
    asked: SeatDecision,
    sit: Situation,
    values: OptionValues | None,
) -> str:
    """`why`, unless its grounds (what follows its first colon) were already given on an
    earlier line: then a discard is explained by its own card (what it linked with, and what
    the runner-up discard would have cost) and anything else points back to that line, so the
    same advice is not repeated on every line."""
    head, colon, grounds = why.partition(": ")
    if not colon:
        return why
    # The grounds up to the end of their first precedent: what follows varies with the draw.
    decision = asked.decision
    line = (asked.turn, asked.position, decision.kind.value)
    turn, position, kind = seen.setdefault(grounds.partition(")")[0], line)
    if position == asked.position:
        return why
    if decision.kind is not DecisionKind.DISCARD or values is None:
        if turn == asked.turn:
            return f"{head}, for the reason given for this turn's {kind.replace('_', ' ')}."
        return f"{head}, for the reason given on turn {turn}."
    best = _best(values)
    card = best.card if best is not None else None
    if best is None or card is None:
        return why
    deck = sit.deck
    links = _linked_names(deck, sit.hand, card)
    just = " (the card you just drew)" if card == decision.drawn else ""
    what = f", which links with {listing(links[:3])}" if links else ", which links with none"
    runner = sorted(values.keys, key=values.keys.__getitem__)[-2:-1]
    cost = ""
    if runner and runner[0].card is not None:
        points = 100 * ((values.value(best) or 0.0) - (values.value(runner[0]) or 0.0))
        if points >= 0.5:
            cost = f"; {deck[runner[0].card].name}, the next best, would cost {_points(points)}"
    return f"Discard {deck[card].name}{just}{what}: of your cards it costs the least{cost}."


def _points(points: float) -> str:
    """Points of the chance to win as a whole number, half up: a loss of 0.5 points or more (not
    best) is never 0. The unit is named each time, since the same screens count game points."""
    n = int(points + 0.5)
    return f"{n} point{'' if n == 1 else 's'} of your chance to win"


def _best(values: OptionValues) -> Action | None:
    keys = values.keys
    return max(keys, key=keys.__getitem__) if keys else None


def _judge(item: _Pending, deck: Deck, seat_names: Sequence[str] | None) -> Judgement:
    loss = round(item.loss or 0.0, 3)
    chosen = item.chosen
    # Best only when the one evaluation puts the choice level with the search's: unsearched
    # decisions cost 0 by convention, which makes another choice good, never best.
    same = chosen == item.best or _as_good(loss, item.searched)
    word = verdict(loss, same)
    best = chosen if same else item.best
    if chosen == item.best:
        why = item.why_best
    elif same:
        other = said(item.best, deck, seat_names)
        why = f"{item.why_chosen.removesuffix('.')} (as good as the search's choice, to {other})."
    else:
        cost = f", costing {_points(100 * loss)}" if loss >= EQUAL else ""
        lost = _links_broken(item, deck)
        why = f"You chose to {said(chosen, deck, seat_names)}{lost}{cost}. {item.why_best}"
    return Judgement(
        turn=item.turn,
        kind=item.kind.value,
        chosen=chosen.to_str(deck),
        best=best.to_str(deck),
        loss=loss,
        verdict=word,
        why=why,
        position=item.position,
        danger=item.danger,
        handed_round=item.handed_round,
    )


def _links_broken(item: _Pending, deck: Deck) -> str:
    """For a discard that was not best: ", which linked with A and B" (the cards of the hand it
    went with), or nothing when it went with none."""
    card = item.chosen.card
    if item.kind is not DecisionKind.DISCARD or card is None:
        return ""
    kept = _linked_names(deck, item.hand, card)
    if not kept:
        return ""
    return f", which linked with {listing(kept[:3])}"


def hindsight(
    asked: SeatDecision,
    nxt: int,
    rules: RuleSet,
    deck: Deck,
    seat_names: Sequence[str] | None,
    values: OptionValues | None,
) -> str | None:
    """What a discard handed the next player, seen with every hand known: None when the card
    could not have let them go out (or they lose their turn)."""
    if asked.view.players[nxt].skips:
        return None
    hand = asked.hands[nxt]

    def out_with(card: int | None) -> list[int] | None:
        if card is None or card in hand:
            return None
        for drop in hand:
            rest = [c for c in hand if c != drop] + [card]
            if goes_out(deck, rest):
                return rest
        return None

    card = asked.action.card
    rest = out_with(card)
    if rest is None or card is None:
        return None
    who = _seat_name(seat_names, nxt)
    name = deck[card].name
    verb = "went out" if asked.taken_by == nxt and asked.won_with else "could have gone out"
    text = (
        f"Hindsight: {who} needed exactly {name}: with it, {who}'s {len(rest)} cards {verb} "
        f"as {goes_out_sentence(deck, rest, rules)}."
    )
    safe = [a for a in asked.decision.options if out_with(a.card) is None]
    if not safe:
        every = f" Every discard here let {who} go out"
        cheapest = _cheapest(asked.decision.options, values)
        if cheapest is None or cheapest.card is None:
            return text + every + "."
        if cheapest == asked.action:
            return text + every + "; this one cost the least."
        return text + every + f"; {deck[cheapest.card].name} cost the least."
    names = [deck[a.card].name for a in safe if a.card is not None]
    more = " or another" if len(names) > 2 else ""
    return text + f" A safe discard existed: {', '.join(names[:2])}{more}."


def _cheapest(options: Sequence[Action], values: OptionValues | None) -> Action | None:
    if values is None:
        return None
    return max(options, key=lambda a: values.value(a) or 0.0)


def _seat_name(seat_names: Sequence[str] | None, seat: int) -> str:
    return seat_names[seat] if seat_names and seat < len(seat_names) else f"seat {seat}"


def said(action: Action, deck: Deck, seat_names: Sequence[str] | None = None) -> str:
    """An action as the end of "You chose to ...": "discard Engel v Vitale"."""
    kind = action.kind
    card = deck[action.card].name if action.card is not None else None
    if kind == "draw":
        return "take the top discard" if action.source == DISCARD_PILE else "draw from the supply"
    if kind == "civio":
        return "call CIVIO" if action.choice == CALL else "play on instead of calling CIVIO"
    if kind == ACCEPT:
        return "accept the attack"
    if kind == DECLINE:
        return "decline the attack"
    if kind == "target" and action.seat is not None:
        return f"attack {_seat_name(seat_names, action.seat)}"
    if kind == "face_up":
        return "lay face up " + ", ".join(deck[c].name for c in action.cards)
    if kind == "overrule" and card:
        return f"overrule with {card}"
    if kind == "confiscate":
        return f"take {card}" if card else "take a hidden card"
    if kind == "reveal" and card:
        return f"turn up {card}"
    if card:
        return f"{kind} {card}"
    return action.to_str(deck)
