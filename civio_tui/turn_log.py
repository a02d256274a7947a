"""The table's log of a round: each turn's own steps (the draw, the discard, the card turned
face up, the attack's target) told in one sentence, "Medium drew from the supply, discarded Jim
Crow Laws to attack you (Lose Turn) and turned face up Katz v US.", so that a lap of four
players fits the log at 80x24; the rest (answers to an attack, a confiscation, the notes) as
the round's events tell it (cards/games/civio/events.py). Cards go by their short names here;
Your cards, the card pop-up and `p` show them in full.

A turn in progress is told as far as it went: the discard of an attacking Law says so at once
("…discarded Jim Crow Laws, which attacks (Lose Turn)."), and the same sentence names the
target once it is chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cards.deck import Deck
from cards.engine import sees
from cards.games.civio.actions import DECLINE, DISCARD, DRAW, REVEAL, TARGET
from cards.games.civio.events import Event
from cards.table import SUPPLY
from civio_tui.widgets.cards import plain_name

_STEPS = (DRAW, DISCARD, REVEAL, TARGET, DECLINE)
"""A player's own steps in a turn: in a row, they are told in one sentence (after a
confiscation, the attacker's discard and card turned face up in a second one)."""


def round_log(
    deck: Deck,
    events: Sequence[Event],
    viewer: int | None,
    names: Sequence[str],
    you: int | None = None,
) -> list[str]:
    """The round's log as `viewer` may see it, the seat `you` told of as "you"."""
    lines: list[str] = []
    turn: list[Event] = []

    def tell_turn() -> None:
        if turn:
            lines.append(_turn_sentence(deck, turn, viewer, names, you))
            for event in turn:
                lines.extend(n.describe(deck, viewer, names, you) for n in event.notes)
            turn.clear()

    for event in events:
        kind = event.action.kind
        same = turn and (event.seat, event.turn) == (turn[0].seat, turn[0].turn)
        if same and kind in _STEPS and kind != DRAW:
            turn.append(event)
            continue
        tell_turn()
        if kind in _STEPS:
            turn.append(event)
        else:
            lines.extend(event.lines(deck, viewer, names, you))
    tell_turn()
    return lines


def _turn_sentence(
    deck: Deck, turn: list[Event], viewer: int | None, names: Sequence[str], you: int | None
) -> str:
    def name(card: int) -> str:
        return plain_name(deck[card])

    def whom(seat: int) -> str:
        return "you" if seat == you else names[seat]

    aimed = next((e for e in turn if e.action.kind in (TARGET, DECLINE)), None)
    drawn: int | None = None
    clauses: list[str] = []
    for event in turn:
        action = event.action
        if action.kind == DRAW:
            # "drew" is from the supply, "took" from the discard pile (RULES.md: a turn).
            shown = sees(event.to, viewer) and event.cards
            card = f" {name(event.cards[0])}" if shown else ""
            drawn = event.cards[0] if shown else None
            clauses.append(f"drew{card}" if action.source == SUPPLY else f"took{card}")
        elif action.kind == DISCARD and action.card is not None:
            card = "it" if action.card == drawn else name(action.card)
            clauses.append(_discard_clause(deck, event, card, aimed, whom))
        elif action.kind == REVEAL and action.card is not None:
            clauses.append(f"turned up {name(action.card)}")
        elif action.kind in (TARGET, DECLINE) and not _launched(turn):
            law = f" with {name(event.cards[0])}" if event.cards else ""
            if action.kind == DECLINE or action.seat is None:
                clauses.append(f"chose not to attack{law}")
            else:
                clauses.append(f"attacked {whom(action.seat)}{law}{_effect(deck, event)}")
    who = "You" if turn[0].seat == you else names[turn[0].seat]
    return f"{who} {_joined(clauses)}."


def _discard_clause(
    deck: Deck, event: Event, card: str, aimed: Event | None, whom: Callable[[int], str]
) -> str:
    if not event.cards:  # no attack launched
        return f"discarded {card}"
    effect = _effect(deck, event)
    if aimed is None:
        return f"discarded {card}, which attacks{effect}"
    if aimed.action.kind == DECLINE or aimed.action.seat is None:
        return f"discarded {card} and chose not to attack"
    return f"discarded {card} to attack {whom(aimed.action.seat)}{effect}"


def _launched(turn: list[Event]) -> bool:
    return any(e.action.kind == DISCARD and e.cards for e in turn)


def _effect(deck: Deck, event: Event) -> str:
    law = event.cards[0] if event.cards else None
    action = deck[law].action if law is not None else None
    return f" ({action.what.label})" if action is not None else ""


def _joined(clauses: list[str]) -> str:
    """ "a, b and c"; after a clause with a comma of its own, ", and"."""
    if len(clauses) < 2:
        return "".join(clauses)
    comma = "," if "," in clauses[-2] else ""
    return f"{', '.join(clauses[:-1])}{comma} and {clauses[-1]}"
