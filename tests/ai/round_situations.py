"""Test support for the AI tests: a seat's `Situation` read straight from a live round.

It reads every seat's hidden cards from the engine (through the round's own record of who
knows what), so it has no place in `ai/`, where a player sees only its view: the tests use it
to check that `from_view` gives the same facts, and to sample situations inside whole rounds.
"""

from __future__ import annotations

from ai.civio.heuristics import Situation, mask_of
from cards.games.civio.round import Round


def from_round(rnd: Round, seat: int) -> Situation:
    """The situation of `seat` in `rnd`, read from the round's own record of who knows what
    (the same facts `rnd.view(seat)` shows; not for the opening, where views hide choices)."""
    me = 1 << seat
    known = rnd.known
    live = 0
    for c, k in enumerate(known):
        if not k & me:
            live |= 1 << c
    for s in range(rnd.seats):
        for c in rnd.face_up[s]:
            live &= ~(1 << c)
    for c in rnd.discard_pile:
        live &= ~(1 << c)
    opp_known: dict[int, list[int]] = {}
    opp_face_up: dict[int, list[int]] = {}
    unknown: dict[int, int] = {}
    for s in range(rnd.seats):
        if s == seat:
            continue
        kh = [c for c in rnd.hidden[s] if known[c] & me]
        opp_known[s] = list(rnd.face_up[s]) + kh
        opp_face_up[s] = list(rnd.face_up[s])
        unknown[s] = len(rnd.hidden[s]) - len(kh)
    pile = rnd.discard_pile
    return Situation(
        deck=rnd.deck,
        seat=seat,
        seats=rnd.seats,
        face_up=list(rnd.face_up[seat]),
        hidden=list(rnd.hidden[seat]),
        exposed=mask_of([c for c in rnd.hidden[seat] if known[c] & ~me]),
        live=live,
        discard_top=pile[-1] if pile else None,
        taken=rnd.taken if rnd.current == seat else None,
        discard_count=len(pile),
        supply_count=len(rnd.supply),
        opp_known=opp_known,
        opp_face_up=opp_face_up,
        opp_hidden_unknown=unknown,
        skips=list(rnd.skips),
        current=rnd.current,
        turns_played=rnd.turns_played,
        max_turns=rnd.rules.max_turns,
        attacks_optional=rnd.rules.attacks == "optional",
    )
