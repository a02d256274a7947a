"""Each seat's last turn in the round, as the table shows it beside the seat (what it took from
the discard pile, what it discarded, whom it attacked, or that it skipped the turn), read from
the round's public events: a card drawn from the supply stays unnamed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from cards.games.civio.actions import DISCARD, DRAW, TARGET
from cards.games.civio.events import NOTE_SKIPPED, Event
from cards.table import DISCARD_PILE


@dataclass(frozen=True)
class LastMove:
    """A seat's last turn: `took` the card taken from the discard pile (None: it drew from the
    supply), its `discards` in order (a confiscation's attacker discards twice), the seat it
    `attacked`, or `skipped` when it lost that turn to an attack."""

    turn: int
    took: int | None = None
    discards: tuple[int, ...] = ()
    attacked: int | None = None
    skipped: bool = False


def last_moves(events: Iterable[Event]) -> dict[int, LastMove]:
    """Per seat that has had a turn this round, its last one."""
    moves: dict[int, LastMove] = {}
    for event in events:
        for note in event.notes:
            if note.what == NOTE_SKIPPED and note.seat is not None:
                moves[note.seat] = LastMove(event.turn + 1, skipped=True)
        action, seat = event.action, event.seat
        if action.kind == DRAW:
            took = event.cards[0] if action.source == DISCARD_PILE and event.cards else None
            moves[seat] = LastMove(event.turn, took=took)
            continue
        move = moves.get(seat)
        if move is None or move.turn != event.turn:
            continue  # an answer to someone else's attack, not a move of its own turn
        if action.kind == DISCARD and action.card is not None:
            moves[seat] = replace(move, discards=(*move.discards, action.card))
        elif action.kind == TARGET and action.seat is not None:
            moves[seat] = replace(move, attacked=action.seat)
    return moves
