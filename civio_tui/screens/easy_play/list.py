"""Easy Play games on the Campaigns screen: their line in the list, and opening one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

from civio_tui.easy_play_save import EasySummary
from civio_tui.plurals import counted
from civio_tui.widgets.cards import pts

if TYPE_CHECKING:
    from civio_tui.app import CivioApp


def easy_summary_line(summary: EasySummary) -> Content:
    """ "NAME  Easy Play · 12 pts · Law Clerk · round 3 in progress", then who plays and the
    goal, each line short enough for 80 columns."""
    saved = summary.saved
    if saved is None:
        return Content.assemble(
            (summary.name, "bold"),
            ("  Easy Play", "$accent"),
            ("  cannot be opened: ", "$status-bad"),
            (summary.problem or "", "dim"),
        )
    game = saved.game
    seat = saved.humans[0]
    points, rank = saved.standing(seat)
    if game.is_over:
        state = "finished: " + " and ".join(saved.names[s] for s in game.winners) + " won"
    elif game.current is not None:
        state = f"round {len(game.rounds)} in progress"
    else:
        state = f"{counted(len(game.finished_rounds), 'round')} played"
    others = ", ".join(n for s, n in enumerate(saved.names) if s != seat)
    limit = f" or {game.max_rounds} rounds" if game.max_rounds is not None else ""
    goal = f"to {game.target}{limit}" if game.target else f"{game.max_rounds} rounds"
    return Content.assemble(
        (summary.name, "bold"),
        ("  Easy Play", "$accent"),
        f" · {pts(points)} · {rank} · {state}",
        (f"\n    {saved.names[seat]} vs {others}\n    {goal}", "dim"),
    )


def open_easy_summary(app: CivioApp, summary: EasySummary) -> None:
    """Enter on the list: continue the game, or show how it ended; an unreadable file says
    why (it is left as it is)."""
    if summary.saved is None:
        app.notify(summary.problem or "This file cannot be opened.", severity="error", timeout=10)
        return
    from civio_tui.screens.easy_play.screen import continue_easy_play

    continue_easy_play(app, summary.name)
