"""Replays: a finished round step by step, the table drawn as it was from the player's own seat,
with a review of the player's decisions; and the list of a campaign's rounds to choose from.

← → step one event, Home/End jump to the deal and the end, t asks for a turn number; o opens
every hand (the round is over, so nothing is spoiled); v reviews the player's decisions in a
worker, with a progress bar, and b jumps to the costliest one; a plays on from the position
shown on an analysis board (civio_tui/screens/civio/analysis.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from cards.deck import Deck
from cards.games.civio.round import Round
from civio_tui import keymap
from civio_tui.plurals import counted
from civio_tui.review import UNIT_NOTE
from civio_tui.screens.base import CivioScreen
from civio_tui.seating import HUMAN
from civio_tui.widgets.cards import HIDDEN_MARK, pts, short_name, type_tag
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.scroll import KeyScroll

if TYPE_CHECKING:
    from ai.civio.review import Judgement, Review
    from civio_tui.campaigns.model import Campaign
    from civio_tui.campaigns.playback import Playback

LOG_LINES = 5


class ReviewCancelled(Exception):
    """The screen was closed while its review was running."""


CONTINUED = 4
"""Where a list of cards goes on when it takes more than one line."""


def _cards(deck: Deck, cards: list[int], start: int = 0, width: int = 0) -> Content:
    """`[C] Brown · [A] 14th Amendment · ...`, names a student can read (not "VRA": the replay
    has the room the opponents pane lacks). With a `width`, a card that would cross the edge
    starts the next line, so its type letter is never left at the end of one line and its
    name at the start of the next; `start` is the column the list begins at."""
    parts: list[Content | str] = []
    column = start
    for i, c in enumerate(cards):
        card = Content.assemble(type_tag(deck[c]), " ", short_name(deck[c]))
        # Room for the card and for the " ·" that ends the line if another card follows.
        room = 0 if i == len(cards) - 1 else 2
        if i and width and column + 3 + card.cell_length + room > width:
            parts.append(" ·\n" + " " * CONTINUED)
            column = CONTINUED
        elif i:
            parts.append(" · ")
            column += 3
        parts.append(card)
        column += card.cell_length
    return Content.assemble(*parts)


def table_text(
    playback: Playback,
    rnd: Round,
    seat: int,
    everything: bool,
    width: int = 0,
    *,
    friends: bool = False,
) -> Content:
    """The table at one moment as `seat` saw it (or with every hand open), its card lists
    fitted to `width` columns (0: left to the widget's wrapping). Among `friends` (several
    people played) nobody is "(you)": the heading says whose view it is."""
    deck = playback.deck
    view = rnd.view(seat)
    names = playback.seat_names
    scores = view.scores or [0] * rnd.seats
    lines: list[Content] = []
    for p in view.players:
        me = p.seat == seat
        name = names[p.seat]
        who = f"{name} (you)" if me and not friends and name.casefold() != "you" else name
        turn = "  ◀ to play" if p.seat == view.current_seat and not view.is_over else ""
        skips = f" · loses {p.skips} turn{'s' if p.skips > 1 else ''}" if p.skips else ""
        lines.append(
            Content.assemble((who, "bold"), f" ({pts(scores[p.seat])} so far){skips}")
            + Content.styled(turn, "bold $accent")
        )
        face_up = view.face_up if me else p.face_up
        hidden: list[int] = []
        if me:
            hidden = view.hidden
        elif everything:
            hidden = rnd.hidden[p.seat]
        if view.pending is not None and view.pending.phase == "face_up" and everything:
            face_up, hidden = [], rnd.hidden[p.seat] if not me else view.face_up + view.hidden
        up = _cards(deck, face_up, 6, width) if face_up else Content("—")
        lines.append(Content("  up: ") + up)
        if hidden:
            lines.append(Content.assemble(f"  {HIDDEN_MARK} ", _cards(deck, hidden, 4, width)))
        else:
            count = p.hidden_count
            extra = (
                Content.assemble(" (you know ", _cards(deck, p.known_hidden), ")")
                if p.known_hidden
                else ""
            )
            lines.append(
                Content.assemble(
                    (f"  {HIDDEN_MARK * 2} {counted(count, 'hidden card')}", "dim"),
                    extra,
                )
            )
    top = view.discard_pile[-1] if view.discard_pile else None
    pile = Content.assemble(type_tag(deck[top]), " ", deck[top].name) if top is not None else "—"
    lines.append(
        Content.assemble(
            "Discard pile: ", pile, f" ({len(view.discard_pile)})  ·  Supply: {view.supply_count}"
        )
    )
    return Content("\n").join(lines)


class ReplayScreen(CivioScreen[None]):
    """One finished round, event by event."""

    CSS_PATH = "replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings(
        "look.back",
        "look.back_vi",
        "look.next",
        "look.next_vi",
        "look.start",
        "look.end",
        "look.turn",
        "look.open",
        "look.review",
        "look.analyse",
        "look.biggest",
        "look.whose",
    )

    def __init__(self, campaign: Campaign, number: int, deck: Deck) -> None:
        from civio_tui.campaigns.playback import Playback

        super().__init__()
        self.playback = Playback.of(campaign, number, deck)
        human = campaign.human
        self.seat = campaign.players.index(human) if human is not None else 0
        self.people = [s for s, p in enumerate(campaign.players) if p.level == HUMAN]
        """The seats people played; with several (friends at one keyboard) w chooses whose
        view and decisions."""
        self.position = 0
        # Friends at one keyboard replay the round together: no one player's view first.
        self.everything = len(self.people) > 1
        self.review: Review | None = None
        self.reviewing = False

    def compose(self) -> ComposeResult:
        with Vertical(id="replay-box", classes="pane"):
            yield Static(id="replay-head")
            with KeyScroll(id="replay-table"):
                yield Static(id="replay-table-text")
            yield Static(id="replay-log")
            yield Static(id="replay-review")
            yield ProgressBar(id="replay-progress", show_eta=False)
            yield Input(
                placeholder="Go to turn: type its number, then Enter (Esc: cancel)",
                type="integer",
                id="replay-turn",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(
            "#replay-box"
        ).border_title = f"Replay: {self.playback.campaign.name}, round {self.playback.number}"
        self.query_one("#replay-progress").display = False
        self.query_one("#replay-turn").display = False
        self.query_one("#replay-table").focus()
        self.draw()
        self.call_after_refresh(self.draw)

    def on_resize(self) -> None:
        # The card lists are fitted to the width: draw again once it is known, and when it
        # changes.
        self.call_after_refresh(self.draw)

    # -- drawing

    def draw(self) -> None:
        playback = self.playback
        rnd = playback.round_at(self.position)
        length = playback.length
        names = playback.seat_names
        if self.position == 0:
            where = "the deal"
        elif rnd.turn == 0:
            where = "the opening"
        else:
            where = f"turn {rnd.turn}"
        how = "every hand open" if self.everything else f"as {names[self.seat]} saw it"
        self.query_one("#replay-head", Static).update(
            Content.assemble(
                (f"Step {self.position} of {length}", "bold"),
                f" · {where} · {how}",
                (" · the round is over" if self.position == length else "", "bold"),
            )
        )
        shown = self.query_one("#replay-table-text", Static)
        width = shown.content_region.width
        friends = len(self.people) > 1
        shown.update(table_text(playback, rnd, self.seat, self.everything, width, friends=friends))
        self.query_one("#replay-log", Static).update(self._log())
        self.query_one("#replay-review", Static).update(self._review_text())

    def _log(self) -> Content:
        playback = self.playback
        seat = None if self.everything else self.seat
        lines: list[Content] = []
        for index in range(self.position - 1, -1, -1):
            event = playback.events[index]
            said = event.lines(playback.deck, seat, playback.seat_names, you=self.seat)
            style = "bold" if index == self.position - 1 else "dim"
            turn = "Opening" if event.turn == 0 else f"Turn {event.turn}"
            for line in reversed(said):
                lines.insert(0, Content.assemble((f"{turn}: ", "dim"), (line, style)))
            if len(lines) >= LOG_LINES:
                break
        if not lines:
            lines = [Content.styled("The cards are dealt. Press → to play the first move.", "dim")]
        return Content("\n").join(lines[-LOG_LINES:])

    def _judgement_here(self) -> Judgement | None:
        if self.review is None or self.position == 0:
            return None
        return next((d for d in self.review.decisions if d.position == self.position - 1), None)

    def _whose(self) -> str:
        """Whose decisions the review is about: "your", or a friend's name's."""
        if len(self.people) > 1:
            return f"{self.playback.seat_names[self.seat]}'s"
        return "your"

    def _review_text(self) -> Content:
        if self.reviewing:
            return Content.styled(f"Reviewing {self._whose()} decisions…", "italic")
        if self.review is None:
            other = " · w: another player's" if len(self.people) > 1 else ""
            return Content.styled(
                "← →: step · Home/End · t: go to a turn · o: open every hand · "
                f"v: review {self._whose()} decisions{other} · a: play on from here",
                "dim",
            )
        # b jumps to the costliest mistake: offered only when there is one.
        go = " (b: go there)" if self.review.biggest() is not None else ""
        summary = Content.assemble(
            ("Review: ", "bold"), self.review.summary_line(self._whose()), (go, "dim")
        )
        here = self._judgement_here()
        if here is None:
            return summary + Content.assemble("\n", (UNIT_NOTE, "dim"))
        mark = {"best": "✓", "good": "✓", "inaccuracy": "?!", "mistake": "??"}[here.verdict]
        line = summary + Content.assemble(
            "\n",
            (f"{mark} {here.verdict.capitalize()}: ", "bold"),
            here.why,
        )
        if here.danger is not None:
            line += Content.assemble("\n", ("⚠ ", "bold"), (here.danger, "italic"))
        return line

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "whose":
            return len(self.people) > 1  # no key at all with one person
        # While a turn number is typed, the arrows move in the box, not through the round.
        typing = self.query_one("#replay-turn", Input).has_focus
        return not (typing and action in ("step", "jump"))

    # -- moving

    def action_step(self, delta: int) -> None:
        self.position = max(0, min(self.playback.length, self.position + delta))
        self.draw()

    def action_jump(self, position: int) -> None:
        self.position = self.playback.length if position < 0 else position
        self.draw()

    def action_ask_turn(self) -> None:
        box = self.query_one("#replay-turn", Input)
        box.display = True
        box.value = ""
        box.focus()

    @on(Input.Submitted, "#replay-turn")
    def go_to_turn(self, event: Input.Submitted) -> None:
        box = event.input
        text = event.value.strip()
        last = self.playback.last_turn()
        if not text.isdigit():
            self.notify(f"Type a turn number from 0 (the opening) to {last}.")
            return
        turn = int(text)
        if turn > last:
            self.notify(f"The round ended at turn {last}: going to the end.")
        self.position = self.playback.position_of_turn(turn)
        box.display = False
        self.query_one("#replay-table").focus()
        self.draw()

    def action_back(self) -> None:
        box = self.query_one("#replay-turn", Input)
        if box.display:
            box.display = False
            self.query_one("#replay-table").focus()
            return
        self.workers.cancel_group(self, "review")
        self.dismiss(None)

    def action_open_hands(self) -> None:
        self.everything = not self.everything
        own = "your own" if len(self.people) == 1 else f"{self._whose()}"
        self.notify("Every hand is open." if self.everything else f"Back to {own} view.")
        self.draw()

    def action_whose(self) -> None:
        """The next person's view and decisions (friends at one keyboard): each friend reviews
        their own round, not the first player's."""
        if len(self.people) < 2:
            return
        at = self.people.index(self.seat) if self.seat in self.people else -1
        self.seat = self.people[(at + 1) % len(self.people)]
        self.workers.cancel_group(self, "review")
        self.review = None
        self.reviewing = False
        self.query_one("#replay-progress").display = False
        name = self.playback.seat_names[self.seat]
        self.notify(f"{name}'s round: v reviews {name}'s decisions; o shows {name}'s view.")
        self.draw()

    def action_analyse(self) -> None:
        from civio_tui.screens.civio.analysis import open_analysis

        if self.position >= self.playback.length:
            self.notify("The round is over here: step back (←) to play on from an earlier move.")
            return
        open_analysis(self, self.playback, self.position, self.seat)

    def on_screen_resume(self) -> None:
        self.draw()

    def action_biggest(self) -> None:
        worst = self.review.biggest() if self.review is not None else None
        if worst is None:
            self.notify("Review the round first (v)." if self.review is None else "No mistakes!")
            return
        self.position = worst.position + 1
        self.draw()

    # -- reviewing

    def action_review(self) -> None:
        if self.reviewing:
            return
        if self.review is not None:
            self.notify(self.review.summary_line(self._whose()))
            return
        self.reviewing = True
        bar = self.query_one("#replay-progress", ProgressBar)
        bar.display = True
        bar.update(total=None, progress=0)
        self.draw()
        self.run_review()

    @work(thread=True, exclusive=True, group="review")
    def run_review(self) -> None:
        from cards.games.civio.actions import Action
        from civio_tui.campaigns.playback import scores_before
        from civio_tui.review import review_round

        worker = get_current_worker()
        playback = self.playback
        campaign = playback.campaign
        record = playback.record
        deck = playback.deck

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise ReviewCancelled
            self.app.call_from_thread(self._progress, done, total)

        try:
            review = review_round(
                campaign.rules,
                len(campaign.players),
                record.dealer,
                record.seed,
                [Action.from_str(a, deck) for a in record.actions or ()],
                self.seat,
                deck,
                scores=scores_before(campaign, record.round),
                seat_names=playback.seat_names,
                progress=progress,
            )
        except ReviewCancelled:
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._reviewed, review)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#replay-progress", ProgressBar).update(total=total, progress=done)

    def _reviewed(self, review: Review) -> None:
        self.review = review
        self.reviewing = False
        self.query_one("#replay-progress").display = False
        # The summary is drawn in the review's own lines: a toast saying it too would cover
        # them at 80x24 while they are first read.
        self.draw()


class CampaignRoundsScreen(CivioScreen[None]):
    """A campaign's finished rounds: Enter replays one; s shows the campaign's statistics."""

    CSS_PATH = "replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "stats", "Statistics", id="rounds.stats"),
    ]

    def __init__(self, campaign: Campaign, deck: Deck) -> None:
        super().__init__()
        self.campaign = campaign
        self.deck = deck

    def compose(self) -> ComposeResult:
        camp = self.campaign
        with Vertical(id="rounds-box", classes="pane"):
            yield Static(
                f"{counted(camp.rounds_played, 'finished round')}. "
                "Enter: replay one move by move · s: statistics · Esc: back",
                id="rounds-keys",
            )
            yield NavList(*self._options(), id="rounds-list")
        yield KeysFooter()

    def _options(self) -> list[Option]:
        camp = self.campaign
        # Each person's own points (friends at one keyboard: every one of them, not the first).
        people = [p.name for p in camp.humans] or [camp.players[0].name]
        options = []
        for record in camp.history:
            winner = f"won by {record.winner}" if record.winner else "no winner"
            flush = " with a Thurgood Flush" if record.flush else ""
            turns = f"{record.turns} turn{'' if record.turns == 1 else 's'}"
            points = ", ".join(f"{name} {pts(record.points[name])}" for name in people)
            text = f"Round {record.round}: {winner}{flush} in {turns} · {points}"
            if not record.replayable:
                text += " · no replay (saved before rounds were kept)"
            options.append(Option(text, id=str(record.round), disabled=not record.replayable))
        if not options:
            options.append(Option("No finished round yet.", disabled=True))
        return options

    def on_mount(self) -> None:
        self.query_one("#rounds-box").border_title = f"{self.campaign.name}: rounds"
        menu = self.query_one(NavList)
        menu.focus()
        replayable = [i for i, r in enumerate(self.campaign.history) if r.replayable]
        if replayable:
            menu.highlighted = replayable[-1]

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        open_replay(self, self.campaign, int(event.option.id), self.deck)

    def action_stats(self) -> None:
        from civio_tui.screens.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen(self.campaign.name))


def open_replay(screen: CivioScreen[Any], campaign: Campaign, number: int, deck: Deck) -> None:
    """Push the replay of round `number`, or say why it has none."""
    from civio_tui.campaigns.playback import NoReplayError

    try:
        replay = ReplayScreen(campaign, number, deck)
    except NoReplayError as exc:
        screen.notify(str(exc), title="No replay", severity="warning", timeout=8)
        return
    screen.app.push_screen(replay)
