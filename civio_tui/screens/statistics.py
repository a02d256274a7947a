"""Statistics: your figures over every campaign (from the main menu) or one campaign, with
charts drawn by textual-plotext: your rating after each rated round (over every campaign only,
`civio_tui.ratings`), every player's points after each round, and rounds won by strongest
opponent level. Each chart has its numbers in words under it; with NO_COLOR set (or
after pressing c) the charts give way to the numbers alone, for screen readers.

When several people played (friends at one keyboard, or players who typed their names), the
figures are one person's at a time, over the campaigns that person played: w shows the next
person's, so each friend sees their own record."""

from __future__ import annotations

import os
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static
from textual_plotext import PlotextPlot

from civio_tui import keymap
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.scroll import KeyScroll


def points_text(camp: dict[str, Any]) -> str:
    """The points chart's numbers: one line per player, its total after each round."""
    rows = [f"Points after each round of {camp['name']}:"]
    for name, points in camp["points_after_round"].items():
        rows.append(f"  {name}: " + (", ".join(str(p) for p in points) or "no round yet"))
    return "\n".join(rows)


def levels_text(document: dict[str, Any]) -> str:
    """The level chart's numbers."""
    from civio_tui.campaigns.stats import played_levels

    rows = ["Rounds won by strongest opponent level:"]
    for level, row in played_levels(document).items():
        rows.append(f"  {level}: {row['wins']} won of {row['rounds']}")
    return "\n".join(rows)


MARKERS = ("•", "x", "+", "o")
BAR_FILLS = ("█", "░")
"""The fills of the played and won bars."""
RECENT = 10
"""How many of the latest ratings the words list."""


def rating_text(document: dict[str, Any]) -> str:
    """The ratings in words, with what they mean."""
    from civio_tui.ratings import rating_lines

    if document.get("rating") is None and document.get("puzzle_rating") is None:
        return "Rating: none yet (every round that is not a practice game is rated)."
    return "\n".join(rating_lines(document, document.get("player")))


def rating_history_text(document: dict[str, Any]) -> str:
    """The rating chart's numbers: the latest ratings, oldest first."""
    row = document.get("rating")
    if row is None:
        return ""
    recent = [str(g["value"]) for g in row["history"][-RECENT:]]
    latest = f"the latest {RECENT}, " if len(row["history"]) > RECENT else ""
    return f"Rating after each rated round ({latest}oldest first): {', '.join(recent)}"


def whole_ticks(low: int, high: int, most: int = 6) -> list[int]:
    """At most `most` whole-number ticks from `low` to `high`, evenly spaced."""
    step = max(1, -(-(high - low) // (most - 1)))
    return list(range(low, high + 1, step))


class StatisticsScreen(CivioScreen[None]):
    """Figures and charts; ← → choose the campaign whose points are drawn; c: charts on/off."""

    CSS_PATH = "statistics.tcss"
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings(
        "look.campaign_back",
        "look.campaign_back_vi",
        "look.campaign_next",
        "look.campaign_next_vi",
        "look.charts",
        "look.whose",
    )

    def __init__(self, campaign: str | None = None) -> None:
        super().__init__()
        self.campaign = campaign
        self.document: dict[str, Any] | None = None
        self.shown = 0
        self.charts = not os.environ.get("NO_COLOR")
        self.people: list[str] = []
        """The people whose figures can be shown (more than one: w chooses)."""
        self.player: str | None = None
        """Whose figures are shown (None: the one person of every campaign)."""
        self._campaigns: list[Any] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box", classes="pane"), KeyScroll(id="stats-scroll"):
            yield Static(id="stats-rating-text")
            yield PlotextPlot(id="stats-rating")
            yield Static(id="stats-rating-history")
            yield Static("Reading your campaigns…", id="stats-numbers")
            yield PlotextPlot(id="stats-points")
            yield Static(id="stats-points-text")
            yield PlotextPlot(id="stats-levels")
            yield Static(id="stats-levels-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        title = f"Statistics: {self.campaign}" if self.campaign else "Statistics: all campaigns"
        self.query_one("#stats-box").border_title = title
        self.query_one("#stats-scroll").focus()
        for plot in self.query(PlotextPlot):
            plot.display = False
        self.load()

    @work(thread=True, exclusive=True, group="stats")
    def load(self) -> None:
        from civio_tui.campaigns.catalogue import list_campaigns
        from civio_tui.campaigns.stats import statistics
        from civio_tui.campaigns.store import SaveError

        try:
            found = list_campaigns(self.app.save_dir, self.app.deck)
        except (SaveError, OSError) as exc:
            self.app.call_from_thread(self._failed, str(exc))
            return
        from civio_tui.campaigns.stats import human_names

        wanted = self.campaign.casefold() if self.campaign else None
        campaigns = [
            s.campaign
            for s in found
            if s.campaign is not None and (wanted is None or s.name.casefold() == wanted)
        ]
        people = human_names(campaigns)
        if self.campaign is not None and campaigns:
            people = [p.name for p in campaigns[0].humans]  # in seat order
        # Your own name first: Settings' name, or the name you sit at the class's tables under
        # (a classmate's table you sat at has its host in the first seat).
        mine = {self.app.settings.new_game.player_name.casefold(), self.app.table_name.casefold()}
        people.sort(key=lambda name: name.casefold() not in mine)
        player = people[0] if len(people) > 1 else None
        document = self._with_ratings(statistics(campaigns, self.app.deck, player))
        self.app.call_from_thread(self._loaded, document, campaigns, people)

    def _with_ratings(self, document: dict[str, Any]) -> dict[str, Any]:
        """`document` with the person's ratings, over every campaign (a rating is a person's,
        not one campaign's: the view of one campaign has none)."""
        from civio_tui.campaigns.store import resolve_save_dir
        from civio_tui.ratings import ratings_document

        if self.campaign is not None:
            return document
        folder = resolve_save_dir(self.app.save_dir)
        return {**document, **ratings_document(folder, document["player"])}

    @work(thread=True, exclusive=True, group="stats")
    def _load_player(self, player: str) -> None:
        from civio_tui.campaigns.stats import statistics

        document = self._with_ratings(statistics(self._campaigns, self.app.deck, player))
        self.app.call_from_thread(self._loaded, document, self._campaigns, self.people)

    def _failed(self, problem: str) -> None:
        self.query_one("#stats-numbers", Static).update(f"Cannot read the save folder: {problem}")

    def _loaded(self, document: dict[str, Any], campaigns: list[Any], people: list[str]) -> None:
        from civio_tui.campaigns.stats import possessive, summary_lines

        self.document = document
        self._campaigns, self.people = campaigns, people
        self.player = document.get("player")
        played = [i for i, c in enumerate(document["per_campaign"]) if c["rounds"]]
        self.shown = played[-1] if played else 0
        lines = summary_lines(document)
        if self.player is not None:
            lines.insert(0, f"{possessive(self.player)} statistics (w: another player's)")
        self.query_one("#stats-numbers", Static).update("\n".join(lines))
        self.refresh_bindings()
        self.draw()

    def draw(self) -> None:
        document = self.document
        if document is None:
            return
        per_campaign = document["per_campaign"]
        have_rounds = bool(document["rounds"])
        points = self.query_one("#stats-points", PlotextPlot)
        levels = self.query_one("#stats-levels", PlotextPlot)
        points.display = levels.display = self.charts and have_rounds
        rating = document.get("rating")
        rated = self.query_one("#stats-rating", PlotextPlot)
        rated.display = self.charts and rating is not None
        rated_view = "rating" in document
        rating_box = self.query_one("#stats-rating-text", Static)
        rating_box.display = rated_view
        rating_box.update(rating_text(document) if rated_view else "")
        history_box = self.query_one("#stats-rating-history", Static)
        history_box.display = rated_view and rating is not None
        history_box.update(rating_history_text(document))
        if rating is not None and self.charts:
            self.draw_rating(rated, rating["history"])
        points_text_box = self.query_one("#stats-points-text", Static)
        if not per_campaign or not have_rounds:
            points_text_box.update("")
            self.query_one("#stats-levels-text", Static).update("")
            return
        camp = per_campaign[self.shown]
        more = " (← → another campaign)" if len(per_campaign) > 1 else ""
        points_text_box.update(points_text(camp) + more)
        self.query_one("#stats-levels-text", Static).update(levels_text(document))
        if not self.charts:
            return
        plt = points.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(f"Points after each round: {camp['name']}")
        # A marker of its own per player, so the lines stay apart without colour.
        for marker, (name, series) in zip(
            MARKERS, camp["points_after_round"].items(), strict=False
        ):
            if series:
                plt.plot(list(range(1, len(series) + 1)), series, label=name, marker=marker)
        plt.xlabel("round")
        # Whole points and whole rounds: plotext's own ticks read "5.50 points" and "round 1.5".
        totals = [v for series in camp["points_after_round"].values() for v in series]
        rounds = max((len(v) for v in camp["points_after_round"].values()), default=1)
        y = whole_ticks(min(totals, default=0), max(totals, default=0))
        x = whole_ticks(1, rounds)
        plt.yticks([float(t) for t in y], [str(t) for t in y])
        plt.xticks([float(t) for t in x], [str(t) for t in x])
        points.refresh()
        plt = levels.plt
        plt.clear_data()
        plt.clear_figure()
        from civio_tui.campaigns.stats import played_levels

        rows = played_levels(document)
        plt.title("Rounds played and won, by strongest opponent")
        played = [r["rounds"] for r in rows.values()]
        # The stub says `label` and a str `marker`; plotext takes `labels` and a marker per bar.
        plt.multiple_bar(  # type: ignore[call-arg]
            list(rows),
            [played, [r["wins"] for r in rows.values()]],
            labels=["played", "won"],
            # Told apart by their fill, not only by colour (colour-blind players).
            marker=list(BAR_FILLS),  # type: ignore[arg-type]
        )
        counts = whole_ticks(0, max(played, default=1))
        plt.yticks([float(t) for t in counts], [str(t) for t in counts])
        levels.refresh()

    def draw_rating(self, chart: PlotextPlot, history: list[dict[str, Any]]) -> None:
        """The rating after each rated round, between the bounds of its uncertainty."""
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title("Rating after each rated round (± its uncertainty)")
        x = list(range(1, len(history) + 1))
        values = [g["value"] for g in history]
        plt.plot(x, [g["value"] + g["uncertainty"] for g in history], marker="·")
        plt.plot(x, values, marker="•", label="rating")
        plt.plot(x, [g["value"] - g["uncertainty"] for g in history], marker="·")
        plt.xlabel("rated round")
        ticks = whole_ticks(1, len(history))
        plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
        # Ticks on round hundreds and fifties: plotext's own read "1816.7".
        low = min(g["value"] - g["uncertainty"] for g in history) // 50 * 50
        high = -(-max(g["value"] + g["uncertainty"] for g in history) // 50) * 50
        step = -(-(high - low) // 4 // 50) * 50
        levels = list(range(low, high + 1, step))
        plt.yticks([float(t) for t in levels], [str(t) for t in levels])
        chart.refresh()

    def action_campaign(self, delta: int) -> None:
        if self.document is None or not self.document["per_campaign"]:
            return
        count = len(self.document["per_campaign"])
        self.shown = (self.shown + delta) % count
        self.draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "whose":
            return len(self.people) > 1  # no key at all with one person
        if action == "campaign":
            # One campaign has no other chart to go to: no key for it in the footer.
            return self.document is not None and len(self.document["per_campaign"]) > 1
        return super().check_action(action, parameters)

    def action_whose(self) -> None:
        if len(self.people) < 2:
            return
        at = next(
            (
                i
                for i, p in enumerate(self.people)
                if p.casefold() == (self.player or "").casefold()
            ),
            -1,
        )
        player = self.people[(at + 1) % len(self.people)]
        from civio_tui.campaigns.stats import possessive

        self.query_one("#stats-numbers", Static).update(f"Reading {possessive(player)} campaigns…")
        self._load_player(player)

    def action_charts(self) -> None:
        self.charts = not self.charts
        self.notify("Charts shown." if self.charts else "Numbers only (no charts).")
        self.draw()
