"""Each game's session: how its engine's state reads as a handover `Moment`, and the ports
(computers, moves, saves, taking back) its session runs on. Textual-free, like the session."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ai.base import PendingChoice
from cards.games.civio.actions import DecisionKind
from civio_tui.session.handover import Moment
from civio_tui.session.seats import SessionSeat
from civio_tui.session.session import Session

if TYPE_CHECKING:
    from ai.concentration.levels import ConcentrationPlayer
    from ai.easy_play.levels import EasyPlayer
    from cards.games.civio.round import Round
    from cards.games.concentration.game import Concentration
    from cards.games.easy_play.game import EasyPlayGame
    from cards.games.easy_play.round import EasyPlay
    from civio_tui.game_backends import GameBackend

FACE_UP_WHY = "{name} chooses which cards to lay face up, unseen by the others."
OVERRULE_WHY = "{name} is attacked and answers it (overrule, or accept)."


def civio_moment(rnd: Round) -> Moment:
    """The booklet game: every seat chooses its face-up cards unseen by the others; an attack
    is answered by its target within the attacker's turn."""
    decision = rnd.decision
    if decision is None or rnd.is_over:
        return Moment(None, None, over=True)
    opening = decision.kind is DecisionKind.FACE_UP
    why = FACE_UP_WHY if opening else ""
    if decision.kind is DecisionKind.OVERRULE:
        why = OVERRULE_WHY
    return Moment(decision.seat, rnd.current, simultaneous=opening, why=why)


def civio_session(backend: GameBackend) -> Session[Round]:
    """The booklet game played through its backend (a saved campaign or memory), which saves
    after every move itself."""
    seats = [
        SessionSeat.from_level(n, lv) for n, lv in zip(backend.names, backend.levels, strict=True)
    ]
    return Session(
        seats,
        current=lambda: backend.round,
        moment=civio_moment,
        computer=lambda _rnd: backend.ai_choice(),
        play=backend.apply,
        undo=backend.take_back,
        practice=backend.practice,
    )


def turn_moment(game: Any) -> Moment:
    """A game whose seats take turns and nobody answers out of turn."""
    decision = game.decision
    if decision is None or game.is_over:
        return Moment(None, None, over=True)
    return Moment(decision.seat, decision.seat)


def easy_play_session(
    match: EasyPlayGame,
    seats: Sequence[SessionSeat],
    players: dict[int, EasyPlayer],
    autosave: Callable[[], str | None] | None = None,
) -> Session[EasyPlay]:
    """Easy Play, round after round of `match`. A computer's RNG is made from the game's
    seed, the round, the moves made in it and the seat (as a campaign's AI), so the same
    position always gets the same move, before and after the game is saved and continued."""
    from civio_tui.campaigns.session import decision_rng

    def computer(rnd: EasyPlay) -> PendingChoice:
        decision = rnd.decision
        assert decision is not None
        seat = decision.seat
        rng = decision_rng(match.seed, len(match.rounds), len(rnd.events), seat)
        return PendingChoice(players[seat], rnd.view(seat), decision, rng)

    return Session(
        seats,
        current=lambda: match.last_round,
        moment=turn_moment,
        computer=computer,
        autosave=autosave,
    )


def concentration_session(
    current: Callable[[], Concentration | None],
    seats: Sequence[SessionSeat],
    players: dict[int, ConcentrationPlayer],
    rng: Any,
    autosave: Callable[[], str | None] | None = None,
) -> Session[Concentration]:
    """Concentration (`current`: the game on the table): nothing is hidden from anyone, so
    there is no handover."""

    def computer(g: Concentration) -> PendingChoice:
        decision = g.decision
        assert decision is not None
        return PendingChoice(players[decision.seat], g.view(decision.seat), decision, rng)

    return Session(
        seats,
        current=current,
        moment=turn_moment,
        computer=computer,
        autosave=autosave,
        private=False,
    )
