"""The glue between the table screen and the engine: no widgets here, and no rules either.

A `TableController` drives a game through its backend (`game_backends`: a saved campaign or
memory): whose move it is, the human's pending decision in words (`questions`), the log, and the
round's summary (`round_summary`). All rules come from `cards/`; AI choices from `ai/`. The
screen takes `ai_choice()` on the UI thread, lets a worker choose, and applies the result back
on the UI thread.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cards.deck import Deck
from cards.games.civio.actions import (
    CIVIO_PLAY_ON,
    Action,
    Decision,
    DecisionKind,
)
from cards.games.civio.round import Round, check_table
from cards.games.civio.view import PlayerView
from cards.ranks import DEFAULT_TARGET, rank_for
from cards.ruleset import RuleSet
from civio_tui.game_backends import (
    HUMAN,
    HUMAN_SEAT,
    CampaignBackend,
    GameBackend,
    MemoryBackend,
    free_game_name,
)
from civio_tui.questions import Question, ask, face_up_action, waiting_words
from civio_tui.round_summary import RoundSummary, SeatResult
from civio_tui.seating import Seat
from civio_tui.session import Session
from civio_tui.session.tables import civio_session
from civio_tui.settings import MAX_NAME

if TYPE_CHECKING:
    from ai import PendingChoice


class TableController:
    """A game in progress at the table: whose move it is, what the human is asked, the log.

    The table is drawn for the `viewer`: the human seat whose cards and log are shown. With one
    human that is always their seat; at a hot-seat table (several humans) it is the human now
    to decide, or, while the AI plays, the last human shown (the screen covers the table
    meanwhile, hands over between them and sets `viewer` once the next player is alone at the
    screen)."""

    def __init__(
        self, deck: Deck, backend: GameBackend, session: Session[Round] | None = None
    ) -> None:
        """`session`: the seats' session when it is not the backend's own (a networked table's
        tab, whose other seats play elsewhere)."""
        self.deck = deck
        self.backend = backend
        self.save_problem: str | None = None
        self.save_failed = False
        """Whether the last save failed (the game in memory is ahead of the file)."""
        self.resumed_by = "Continue on the main menu"
        """What picks the game up again after leaving (a lesson's round is resumed in it)."""
        self.totals_before_round: list[int] = backend.totals()
        self.session = session if session is not None else civio_session(backend)
        """Seats, computers' choices, taking back and the hot-seat handover (`session`)."""
        self.session.handover.resume(self._first_viewer())

    def _first_viewer(self) -> int:
        """Whom to show the table to on opening: the human to decide, else the one kept with
        the round, else the first human."""
        humans = self.humans or [HUMAN_SEAT]
        rnd = self.backend.round
        decision = rnd.decision if rnd is not None and not rnd.is_over else None
        if decision is not None and decision.seat in humans:
            return decision.seat
        kept = self.backend.ui_state.get("viewer") if rnd is not None else None
        return kept if type(kept) is int and kept in humans else humans[0]

    @property
    def humans(self) -> list[int]:
        """The seats people play at this keyboard, in seat order."""
        return list(self.session.people)

    @property
    def viewer(self) -> int:
        """The human whose cards and log the table shows (see the class docstring)."""
        viewer = self.session.handover.viewer
        return HUMAN_SEAT if viewer is None else viewer

    @property
    def hot_seat(self) -> bool:
        """Several humans share the keyboard: the screen hands over between them."""
        return self.session.hot_seat

    @classmethod
    def new_game(
        cls,
        deck: Deck,
        opponents: Sequence[str],
        *,
        rules: str | RuleSet = "booklet",
        target: str = DEFAULT_TARGET,
        seed: int | None = None,
        save_dir: str | None = None,
        save: bool = True,
        player_name: str = "You",
        practice: bool = False,
        max_rounds: int | None = None,
        humans: Sequence[str] = (),
    ) -> TableController:
        """A new game, saved as a campaign named "Game N" when the save folder allows; in a
        `practice` game the player may take moves back.

        The player sits as `player_name` ("You" when blank, or when an opponent has that name).
        With two or more `humans` (their names), they sit first, in that order, and share the
        keyboard (hot-seat); the `opponents` follow. A seating that cannot be played raises
        ValueError (civio_tui.seating's words)."""
        from civio_tui.campaigns.model import opponent_names
        from civio_tui.seating import check_seating, clean_name

        check_table(deck, len(opponents) + max(1, len(humans)))
        ruleset = rules if isinstance(rules, RuleSet) else RuleSet.named(rules)
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**9)
        opponent_seats = opponent_names(list(opponents))
        player_name = clean_name(player_name)[:MAX_NAME] or "You"
        if player_name.casefold() in {n.casefold() for n in opponent_seats}:
            player_name = "You"
        seats: list[Seat] | None = None
        if len(humans) > 1:
            seats = [Seat(clean_name(n), HUMAN) for n in humans]
            seats += [Seat(n, level) for n, level in zip(opponent_seats, opponents, strict=True)]
            check_seating(seats)
        problem = None
        if save:
            from civio_tui.campaigns.catalogue import new_campaign
            from civio_tui.campaigns.store import SaveError

            try:
                session = new_campaign(
                    free_game_name(save_dir, deck),
                    list(opponents),
                    save_dir=save_dir,
                    rules=ruleset,
                    target=target,
                    seed=seed,
                    deck=deck,
                    player_name=player_name,
                    practice=practice,
                    max_rounds=max_rounds,
                    seats=seats,
                )
                return cls(deck, CampaignBackend(session))
            except (SaveError, OSError) as exc:
                problem = f"This game will not be saved: {exc}"
        names = [player_name, *opponent_seats]
        if seats is not None:
            names = [s.name for s in seats]
        backend = MemoryBackend(
            deck,
            opponents,
            rules=ruleset,
            target=target,
            seed=seed,
            names=names,
            practice=practice,
            max_rounds=max_rounds,
            seat_levels=[s.level for s in seats] if seats is not None else None,
        )
        controller = cls(deck, backend)
        controller.save_problem = problem
        return controller

    @classmethod
    def resume(cls, deck: Deck, name: str, save_dir: str | None = None) -> TableController:
        """Open a saved campaign (raises the campaign module's errors, with reasons)."""
        from civio_tui.campaigns.catalogue import open_campaign

        return cls(deck, CampaignBackend(open_campaign(name, save_dir=save_dir, deck=deck)))

    # -- seats and state ----------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return self.backend.names

    @property
    def levels(self) -> list[str]:
        return self.backend.levels

    @property
    def human_name(self) -> str:
        """The name of the human the table is shown to (the `viewer`)."""
        return self.names[self.viewer]

    @property
    def rules(self) -> RuleSet:
        return self.backend.rules

    @property
    def seed(self) -> int:
        return self.backend.seed

    @property
    def practice(self) -> bool:
        return self.backend.practice

    @property
    def max_rounds(self) -> int | None:
        """The round limit of a short game (None: it goes on until the target rank)."""
        return self.backend.max_rounds

    @property
    def round(self) -> Round | None:
        return self.backend.round

    @property
    def round_number(self) -> int:
        return self.backend.round_number

    @property
    def in_round(self) -> bool:
        rnd = self.backend.round
        return rnd is not None and not rnd.is_over

    def start_round(self) -> Round:
        self.totals_before_round = self.backend.totals()
        rnd = self._saving(self.backend.next_round)
        return rnd

    @property
    def rnd(self) -> Round:
        rnd = self.backend.round
        assert rnd is not None, "no round in progress"
        return rnd

    def view(self) -> PlayerView:
        return self.rnd.view(self.viewer)

    @property
    def decision(self) -> Decision | None:
        return self.rnd.decision

    def human_to_move(self) -> bool:
        """A human decides now (at a hot-seat table, maybe another than the viewer)."""
        decision = self.decision
        return decision is not None and decision.seat in self.humans

    def viewer_decision(self) -> Decision | None:
        """What the human the table is shown to decides now: the pending decision when it is
        theirs, else one they may make before it is asked (a networked table's opening, where
        everyone chooses at once: `Session.early_decision`)."""
        decision = self.decision
        if decision is not None and decision.seat == self.viewer:
            return decision
        early: Decision | None = self.session.early_decision(self.viewer)
        return early

    def viewer_to_move(self) -> bool:
        """The human the table is shown to decides now."""
        return self.viewer_decision() is not None

    def ai_to_move(self) -> bool:
        decision = self.decision
        return decision is not None and decision.seat not in self.humans

    def ai_choice(self) -> PendingChoice:
        """The pending AI decision with its view and RNG, taken now on the UI thread; its
        `choose()` then runs in a worker without reading the live round."""
        return self.backend.ai_choice()

    def apply(self, action: Action) -> None:
        """Apply an action of whoever decides now."""
        self._saving(lambda: self.backend.apply(action))

    def take_back(self) -> bool:
        """In a practice game, go back to your latest real choice of this round, everything
        after it undone (and saved); False when there is nothing to take back."""
        if not (self.practice and self.in_round):
            return False
        # A failed save comes back as the round (truthy): the move was taken back in memory.
        return bool(self._saving(lambda: self.backend.take_back(self.viewer)))

    @property
    def table_state(self) -> dict[str, Any]:
        """The table screen's own state kept with the round in progress ({} for a new round)."""
        return self.backend.ui_state

    def note_table_state(self, state: dict[str, Any]) -> None:
        """Keep the table screen's state with the round in progress in memory only (a redraw
        calls this): the next save writes it, so drawing never writes to disk."""
        if self.in_round:
            self.backend.note_ui_state(state)

    def keep_table_state(self, state: dict[str, Any]) -> None:
        """Keep the table screen's state with the round in progress (saved when it changed), so
        Continue shows the table exactly as it was left."""
        if not self.in_round:
            return

        def keep() -> None:
            self.backend.set_ui_state(state)  # saves only when the state changed
            if self.save_failed:
                self.backend.save()  # try again to save the moves since the failed save

        self._saving(keep)

    def _saving(self, step: Any) -> Any:
        """Run a step that autosaves; a failed save is remembered, and play goes on."""
        from civio_tui.campaigns.store import SaveError

        try:
            result = step()
        except (SaveError, OSError) as exc:
            self.save_problem = f"Could not save the game: {exc}"
            self.save_failed = True
            return self.backend.round
        self.save_failed = False
        return result

    def leaving_words(self) -> str:
        """What leaving the table now costs, in one true sentence for the confirmation."""
        if self.backend.name is None:
            return "This game could not be saved: if you leave, it is lost."
        if self.save_failed:
            return (
                f"The last save of {self.backend.name!r} failed: the moves since the last "
                "good save will be lost."
            )
        return (
            f"Your game {self.backend.name!r} is saved after every move: {self.resumed_by} "
            "picks it up where you left it."
        )

    def round_heading(self) -> str:
        """The log's first line for the round: who deals, who plays first, rules and seed."""
        rnd = self.rnd
        dealer, first = rnd.dealer, (rnd.dealer + 1) % rnd.seats
        you, names = self._you, self.names
        deals = "You deal" if dealer == you else f"{names[dealer]} deals"
        plays = "you play" if first == you else f"{names[first]} plays"
        return (
            f"— Round {self.round_number} — {deals}; {plays} first. "
            f"Rules: {self.rules.name}. Seed {self.seed}."
        )

    @property
    def _you(self) -> int | None:
        """The seat the log speaks to as "you": the player who gave no name (a named player
        reads their own name, as on the scoreboard)."""
        return self.viewer if self.human_name == "You" else None

    def round_log(self) -> list[str]:
        """The round's log for the human, its heading first (civio_tui/turn_log.py)."""
        from civio_tui.turn_log import round_log

        events = self.rnd.events
        return [
            self.round_heading(),
            *round_log(self.deck, events, self.viewer, self.names, self._you),
        ]

    def totals(self) -> list[int]:
        return self.backend.totals()

    def is_game_over(self) -> bool:
        return self.backend.finished

    # -- the human's question -----------------------------------------------------------------

    def question(self) -> Question | None:
        """The viewer's decision (`viewer_decision`) in their words, or None when they have
        none."""
        decision = self.viewer_decision()
        if decision is None:
            return None
        return ask(decision, self.view(), self.deck, self.names, hot_seat=self.hot_seat)

    def face_up_action(self, decision: Decision, hidden: set[int]) -> Action | None:
        """The face-up option that keeps exactly `hidden` hidden, if there is one."""
        return face_up_action(decision, self.rnd.hand(self.viewer), hidden)

    # -- describing other seats' moves --------------------------------------------------------

    def ai_civio_pending(self) -> bool:
        """True while another seat decides whether to call CIVIO: a moment that exists only
        when its hand goes out, so the table must not show it
        (docs/RULES.md, Hidden information)."""
        decision = self.decision
        return (
            decision is not None
            and decision.seat not in self.humans
            and decision.kind is DecisionKind.CIVIO
        )

    def shown_decision(self) -> Decision | None:
        """The pending decision as the human may know it: while another seat has a CIVIO offer,
        the decision that would follow its "play on", as if no offer had been made."""
        if not self.ai_civio_pending():
            return self.decision
        after = self.rnd.clone()
        after.apply(CIVIO_PLAY_ON)
        return after.decision

    def waiting_text(self) -> str:
        """What the table is waiting for when it is not the human's decision."""
        return waiting_words(self.shown_decision(), self.names, self.viewer)

    # -- the end of a round -------------------------------------------------------------------

    def round_summary(self) -> RoundSummary:
        result = self.rnd.result
        assert result is not None
        before = self.totals_before_round
        after = self.totals()
        rows = []
        for seat, name in enumerate(self.names):
            rows.append(
                SeatResult(
                    seat=seat,
                    name=name,
                    level=self.levels[seat],
                    precedents=tuple(tuple(p) for p in result.precedents[seat]),
                    hand=tuple(result.hands[seat]),
                    points=result.scores[seat],
                    total_before=before[seat],
                    total=after[seat],
                    rank_before=rank_for(before[seat]),
                    rank=rank_for(after[seat]),
                )
            )
        return RoundSummary(
            number=self.round_number,
            winner=result.winner,
            kind=result.kind,
            reason=result.reason,
            turns=result.turns,
            seats=tuple(rows),
            game_over=self.backend.finished,
            winners=tuple(self.backend.winners()),
        )
