"""Campaigns: every saved game, to continue, delete, or recover from its backup."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui import keymap
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.cards import pts
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.campaigns.catalogue import CampaignSummary
    from civio_tui.campaigns.model import Campaign

from civio_tui.easy_play_save import EasySummary
from civio_tui.widgets.footer import KeysFooter

EASY_ONLY_HERE = (
    "An Easy Play game: Enter continues it (or shows how it ended), d deletes it. Replays, "
    "statistics, export and recovery are for the main game's campaigns."
)


def summary_line(summary: CampaignSummary | EasySummary) -> Content:
    if isinstance(summary, EasySummary):
        from civio_tui.screens.easy_play.list import easy_summary_line

        return easy_summary_line(summary)
    camp = summary.campaign
    if camp is None:
        # Here `r` recovers it: the command line's way is for the command line.
        reason = (
            f"{summary.recovery}: press r to copy it to a new campaign"
            if summary.recovery
            else summary.problem or ""
        )
        return Content.assemble(
            (summary.name, "bold"), ("  cannot be opened: ", "$status-bad"), (reason, "dim")
        )
    human = camp.human or camp.players[0]
    standing = camp.standing(human.name)
    opponents = ", ".join(f"{p.name}" for p in camp.players if p is not human)
    if camp.finished:
        state = "finished: " + " and ".join(camp.winners) + " won"
    elif camp.in_round:
        state = f"round {camp.rounds_played + 1} in progress"
    else:
        played = camp.rounds_played
        state = f"{played} round{'' if played == 1 else 's'} played"
    practice = " · practice" if camp.practice else ""
    most = camp.max_rounds
    limit = f" or {most} round{'' if most == 1 else 's'}" if most is not None else ""
    settings = f"{camp.rules.name} rules · to {camp.target}{limit}{practice}"
    if len(camp.humans) > 1:  # friends at one keyboard: no one player's points stand first
        ai = ", ".join(p.name for p in camp.players if p not in camp.humans) or "no AI players"
        # The state on the next line: long names on the first would wrap it to the margin.
        return Content.assemble(
            (summary.name, "bold"),
            f"  {' and '.join(p.name for p in camp.humans)} at one keyboard",
            f"\n    {state}",
            (f" · with {ai}\n    {settings}", "dim"),
        )
    # Short lines, each indented, so that nothing wraps back to the margin at 80 columns.
    return Content.assemble(
        (summary.name, "bold"),
        f"  {pts(standing.points)} · {standing.rank} · {state}",
        (f"\n    vs {opponents}\n    {settings}", "dim"),
    )


class CampaignsScreen(CivioScreen[None]):
    """Enter continues a campaign; d deletes one (asks first); r recovers a damaged one."""

    CSS_PATH = "campaigns.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New", id="campaigns.new"),
        Binding("d,delete", "delete", "Delete", id="campaigns.delete"),
        Binding("r", "recover", "Recover", id="campaigns.recover"),
        Binding("p", "past_rounds", "Rounds", id="campaigns.rounds"),
        Binding("s", "stats", "Stats", id="campaigns.stats"),
        *keymap.bindings("look.export"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.summaries: list[CampaignSummary | EasySummary] = []
        self._select: str | None = None
        """The campaign to highlight once the list is loaded again (else the same line)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="campaigns-box", classes="pane"):
            yield Static("Looking for saved games…", id="campaigns-status")
            yield NavList(id="campaigns-list")
            export = "download its record" if self.app.served else "export to a file"
            yield Static(
                "Enter: continue, or see how it ended · p: replay its rounds · s: statistics · "
                f"x: {export} · n: new · d: delete · r: recover · Esc: back",
                id="campaigns-keys",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#campaigns-box").border_title = "Campaigns"
        self.query_one(NavList).focus()

    def on_screen_resume(self) -> None:
        self.load()

    @work(thread=True, exclusive=True, group="campaigns")
    def load(self) -> None:
        from civio_tui.campaigns.catalogue import list_campaigns
        from civio_tui.campaigns.store import SaveError, name_key
        from civio_tui.easy_play_save import list_easy_games

        try:
            campaigns = list_campaigns(self.app.save_dir, self.app.deck)
            easy = list_easy_games(self.app.save_dir, self.app.deck)
            both: list[CampaignSummary | EasySummary] = [*campaigns, *easy]
            summaries = sorted(both, key=lambda s: (name_key(s.name), s.name))
            problem = None
        except (SaveError, OSError) as exc:
            summaries, problem = [], str(exc)
        self.app.call_from_thread(self.show, summaries, problem)

    def show(self, summaries: list[CampaignSummary | EasySummary], problem: str | None) -> None:
        from civio_tui.campaigns.catalogue import folder_for

        names = [s.name for s in summaries]
        menu = self.query_one(NavList)
        previous = menu.highlighted
        select = self._select if self._select in names else None
        self._select = None
        self.summaries = summaries
        menu.clear_options()
        menu.add_options([Option(summary_line(s), id=str(i)) for i, s in enumerate(summaries)])
        # Served, the folder is the server's: a student is told of their games, not its path.
        served = self.app.served
        where = "" if served else f" in {folder_for(self.app.save_dir).path}"
        if problem:
            text = "Cannot read your saved games." if served else f"Cannot read{where}: {problem}"
        elif not summaries:
            text = f"No saved games yet{where}. Start one with n (New game): it saves itself."
        else:
            count = len(summaries)
            games = f"{count} saved game{'' if count == 1 else 's'}"
            text = f"{games}{where}. Every game saves after each move."
        self.query_one("#campaigns-status", Static).update(text)
        if summaries:
            if select is not None:
                menu.highlighted = names.index(select)
            else:
                menu.highlighted = min(previous or 0, len(summaries) - 1)

    def _current(self) -> CampaignSummary | EasySummary | None:
        index = self.query_one(NavList).highlighted
        if index is None or not 0 <= index < len(self.summaries):
            return None
        return self.summaries[index]

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        summary = self._current()
        if summary is None:
            return
        if isinstance(summary, EasySummary):
            from civio_tui.screens.easy_play.list import open_easy_summary

            open_easy_summary(self.app, summary)
            return
        if summary.campaign is None:
            self.notify(
                summary.problem or "This file cannot be opened.", severity="error", timeout=10
            )
            return
        if summary.campaign.finished:
            self._show_final_table(summary.name)
            return
        self.app.open_saved_game(summary.name)

    def _show_final_table(self, name: str) -> None:
        """A finished campaign opens on its final standings and its rounds, read only."""
        from civio_tui.campaigns.store import SaveError
        from civio_tui.screens.civio.game_over import GameOverScreen
        from civio_tui.table_controller import TableController

        try:
            controller = TableController.resume(self.app.deck, name, self.app.save_dir)
        except (SaveError, OSError, ValueError) as exc:
            self.notify(str(exc), title="Cannot open this game", severity="error", timeout=10)
            return
        self.app.push_screen(GameOverScreen(controller, back_to="the list of campaigns"))

    def action_new(self) -> None:
        from civio_tui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen())

    def action_delete(self) -> None:
        summary = self._current()
        if summary is None:
            return
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            from civio_tui.campaigns.catalogue import delete_campaign
            from civio_tui.campaigns.store import SaveError
            from civio_tui.easy_play_save import delete_easy_game

            try:
                if isinstance(summary, EasySummary):
                    delete_easy_game(summary.path)
                else:
                    delete_campaign(summary.name, save_dir=self.app.save_dir)
            except (SaveError, OSError) as exc:
                self.notify(str(exc), severity="error")
            self.load()

        self.app.push_screen(
            ConfirmScreen(
                f"Delete {summary.name!r}?",
                "Its save file is removed for good."
                if isinstance(summary, EasySummary)
                else "Its save file and backup are removed for good.",
                yes="Delete",
                no="Keep it",
            ),
            answer,
        )

    def action_past_rounds(self) -> None:
        summary = self._current()
        if isinstance(summary, EasySummary):
            self.notify(EASY_ONLY_HERE)
            return
        if summary is None or summary.campaign is None:
            self.notify("Choose a campaign that can be opened to see its rounds.")
            return
        from civio_tui.screens.replay import CampaignRoundsScreen

        self.app.push_screen(CampaignRoundsScreen(summary.campaign, self.app.deck))

    def action_stats(self) -> None:
        from civio_tui.screens.statistics import StatisticsScreen

        summary = self._current()
        if isinstance(summary, EasySummary):
            self.notify(EASY_ONLY_HERE)
            return
        readable = summary is not None and summary.campaign is not None
        self.app.push_screen(StatisticsScreen(summary.name if readable and summary else None))

    def action_export(self) -> None:
        summary = self._current()
        if isinstance(summary, EasySummary):
            self.notify(EASY_ONLY_HERE)
            return
        if summary is None or summary.campaign is None:
            self.notify("Choose a campaign that can be opened to export its record.")
            return
        self.notify(f"Writing the record of {summary.name!r}…")
        self._export(summary.campaign)

    @work(thread=True, exclusive=True, group="export")
    def _export(self, campaign: Campaign) -> None:
        """Replaying every round to tell its log takes a moment: not on the screen's thread."""
        from civio_tui.campaigns.catalogue import folder_for
        from civio_tui.campaigns.export import markdown, write_markdown
        from civio_tui.campaigns.store import SaveError

        if self.app.served:
            # A file on the server is no use to a student: the browser downloads the record.
            try:
                text = markdown(campaign, self.app.deck)
            except SaveError as exc:
                self.app.call_from_thread(
                    self.notify, str(exc), title="Cannot export", severity="error", timeout=10
                )
                return
            self.app.call_from_thread(self._download, f"{campaign.name}.md", text)
            return
        try:
            path = write_markdown(campaign, self.app.deck, folder_for(self.app.save_dir).path)
        except (SaveError, OSError) as exc:
            self.app.call_from_thread(
                self.notify, str(exc), title="Cannot export", severity="error", timeout=10
            )
            return
        self.app.call_from_thread(
            self.notify,
            f"The record of {campaign.name!r} (players, rounds, points and every move) is in "
            f"{path}. Open it with any text editor.",
            title="Exported",
            timeout=15,
        )

    def _download(self, file_name: str, text: str) -> None:
        import io

        from civio_tui.campaigns.catalogue import folder_for

        # In the browser the file is downloaded; a driver without one (a test) keeps it here.
        self.app.deliver_text(
            io.StringIO(text),
            save_directory=folder_for(self.app.save_dir).path / "exports",
            save_filename=file_name,
            mime_type="text/markdown",
        )
        self.notify(
            f"Your browser is downloading {file_name!r} (players, rounds, points and every "
            "move): find it with your other downloads and open it with any text editor.",
            title="Exported",
            timeout=15,
        )

    def action_recover(self) -> None:
        summary = self._current()
        if isinstance(summary, EasySummary):
            self.notify(EASY_ONLY_HERE)
            return
        if summary is None or summary.campaign is not None:
            self.notify("Only a damaged campaign with a readable backup can be recovered.")
            return
        from civio_tui.campaigns.catalogue import recover_campaign
        from civio_tui.campaigns.store import SaveError

        try:
            session = recover_campaign(summary.name, save_dir=self.app.save_dir, deck=self.app.deck)
        except (SaveError, OSError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        self.notify(f"Recovered as {session.name!r}.")
        self._select = session.name
        self.load()
