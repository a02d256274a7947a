"""The end of a round: who went out, everyone's precedents and points, new totals and ranks.

A promotion of the human player is a moment: a banner across the top.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from cards.deck import Deck
from civio_tui.campaigns.model import Campaign
from civio_tui.game_backends import HUMAN_SEAT
from civio_tui.round_summary import RoundSummary
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.results import SeatResults, headline
from civio_tui.widgets.scroll import KeyScroll


class RoundEndScreen(CivioScreen[str]):
    """Dismisses with "next" (Enter) or "menu" (Esc)."""

    CSS_PATH = "round_end.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Continue", id="round_end.next"),
        Binding("space", "next", "Continue", show=False, id="round_end.next_space"),
        Binding("escape", "menu", "Main menu", id="round_end.menu"),
        Binding("r", "replay", "Replay", id="round_end.replay"),
    ]

    def __init__(
        self,
        deck: Deck,
        summary: RoundSummary,
        campaign: Campaign | None = None,
        *,
        leave: str = "main menu",
        humans: tuple[int, ...] = (HUMAN_SEAT,),
        enter: str | None = None,
    ) -> None:
        super().__init__()
        self.leave_words = leave
        """Where Esc goes, in words ("main menu"; a lesson's round: "back to the lesson")."""
        if leave != "main menu":
            keys = self._bindings.key_to_bindings
            for key, found in keys.items():
                keys[key] = [
                    replace(b, description=leave.capitalize()) if b.id == "round_end.menu" else b
                    for b in found
                ]
        self.enter_words = enter
        """What Enter does, when not dealing the next round here (at a networked table the
        next deal has started by itself)."""
        self.deck = deck
        self.summary = summary
        self.humans = humans
        """The seats people play: each one promoted gets the banner."""
        self.campaign = campaign
        """The saved campaign the round belongs to (None: a game that is not saved, no replay)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "replay" and self.campaign is None)

    def action_replay(self) -> None:
        if self.campaign is not None:
            from civio_tui.screens.replay import open_replay

            open_replay(self, self.campaign, self.summary.number, self.deck)

    def compose(self) -> ComposeResult:
        summary = self.summary
        names = [row.name for row in summary.seats]
        promoted = [summary.seats[s] for s in self.humans if summary.seats[s].promoted]
        with Vertical(id="round-end-box", classes="pane"):
            if promoted:
                yield Static(
                    Content.assemble(
                        ("★ PROMOTION ★\n", "bold"),
                        " ".join(
                            f"{me.name} rose from {me.rank_before} to {me.rank}!" for me in promoted
                        ),
                    ),
                    id="promotion",
                )
            yield Static(headline(summary, names), id="round-headline")
            yield Static(id="round-rating")
            with KeyScroll(id="round-results"):
                yield SeatResults(self.deck, summary, id="round-seats")
            next_text = self.enter_words or (
                "Enter: see the final table" if summary.game_over else "Enter: deal the next round"
            )
            replay = " · r: replay it" if self.campaign is not None else ""
            yield Static(f"{next_text}{replay} · Esc: {self.leave_words}", id="round-keys")
        yield KeysFooter()

    def on_mount(self) -> None:
        box = self.query_one("#round-end-box")
        box.border_title = f"Round {self.summary.number} is over"
        self.query_one(KeyScroll).focus()
        self.query_one("#round-rating").display = False
        if self.campaign is not None and not self.campaign.practice:
            self.rate(self.campaign)

    @work(thread=True, exclusive=True, group="round-rating")
    def rate(self, campaign: Campaign) -> None:
        """Each person's rating after this round and what the round changed (lichess's "+12"),
        read beside the folder's other games (`civio_tui.ratings`)."""
        from civio_tui.campaigns.store import resolve_save_dir
        from civio_tui.ratings import round_changes, said_unsure

        people = [self.summary.seats[s].name for s in self.humans]
        folder = resolve_save_dir(self.app.save_dir)
        changes = round_changes(folder, campaign, self.summary.number, people)
        if changes:
            self.app.call_from_thread(self._rated, said_unsure(changes))

    def _rated(self, text: str) -> None:
        line = self.query_one("#round-rating", Static)
        line.update(text)
        line.display = True

    def action_next(self) -> None:
        self.dismiss("next")

    def action_menu(self) -> None:
        self.dismiss("menu")

    def action_back(self) -> None:
        self.dismiss("menu")
