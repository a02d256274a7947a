"""The end of an Easy Play round, or of the whole game: who went out, everyone's points this
round, their totals and the rank those totals hold (docs/RULES.md, Ranks, as in the main game), then
what everyone held: once the round is over nothing is secret, so each player's pairs and the
cards left in their hand are shown to all (in hot-seat too, as the main game's round results)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from cards.games.easy_play.game import EasyPlayGame
from cards.games.easy_play.round import EasyResult
from cards.ranks import points_for_rank, rank_for
from civio_tui.plurals import counted
from civio_tui.screens.base import CivioModal
from civio_tui.screens.easy_play.panes import brief, pairs_lines, person, wrap_names
from civio_tui.widgets.cards import pts, type_tag
from civio_tui.widgets.footer import KeysFooter

NAME_WIDTH = 14
RANK_WIDTH = 38
BODY_WIDTH = 74
"""Characters in a line of the box (78 wide, inside its border and padding)."""
BODY_LINES = 15
"""Lines the box has for the standings and the cards held at 80x24; more scroll."""


def standings_lines(game: EasyPlayGame, names: Sequence[str], number: int) -> list[Content]:
    """Round `number` (1-based, finished): a headline, then one row per player: pairs laid,
    points this round, total after it, rank held."""
    rnd: Any = game.finished_rounds[number - 1]
    result: EasyResult | None = rnd.result
    assert result is not None
    totals = game.totals_after(number)
    before = game.totals_after(number - 1)
    if result.winner is None:
        head = "No one went out: everyone scores the pairs they laid."
    else:
        head = f"{names[result.winner]} went out and called CIVIO! (+2)"
    lines = [Content.styled(head, "bold")]
    lines.append(
        Content.styled(f"{'Player':<{NAME_WIDTH}} pairs  round  total  rank", "bold $text-muted")
    )
    for seat, name in enumerate(names):
        pairs = len(result.laid[seat])
        rank = rank_for(totals[seat])
        up = rank != rank_for(before[seat])
        row = (
            f"{name[:NAME_WIDTH]:<{NAME_WIDTH}} {pairs:>5}  {result.scores[seat]:>+5}  "
            f"{totals[seat]:>5}  "
        )
        lines.append(Content.assemble(row, (rank[:RANK_WIDTH], "bold $success" if up else "")))
    promoted = [names[s] for s in range(game.seats) if rank_for(totals[s]) != rank_for(before[s])]
    if promoted:
        lines.append(Content.styled(f"Promoted: {', '.join(promoted)}", "$success"))
    return lines


def held_lines(game: EasyPlayGame, names: Sequence[str], number: int) -> list[Content]:
    """Round `number` (1-based, finished): each player's cards left in hand and pairs laid,
    for everyone to see (the round is over: nothing is secret any more)."""
    rnd: Any = game.finished_rounds[number - 1]
    result: EasyResult | None = rnd.result
    assert result is not None
    deck = game.deck
    lines = [Content.styled("What everyone held at the end of the round", "bold")]
    for seat, name in enumerate(names):
        hand = result.hands[seat]
        left = f"{counted(len(hand), 'card')} left" if hand else "no cards left"
        lines.append(Content.styled(f"{person(name, BODY_WIDTH - 20)}: {left}", "bold"))
        if hand:
            cards = [f"{type_tag(deck[c]).plain} {brief(deck[c], 24)}" for c in hand]
            lines += [Content(row) for row in wrap_names("  in hand:", cards, 3, BODY_WIDTH)]
        laid = result.laid[seat]
        if laid:
            rows = pairs_lines(deck, laid, 2, BODY_WIDTH - 8)
            rows[0] = "  pairs: " + rows[0].strip()
            lines += [Content(row) for row in rows]
        else:
            lines.append(Content("  pairs: none"))
    return lines


def goal_line(game: EasyPlayGame) -> str:
    rounds = counted(game.max_rounds, "round") if game.max_rounds is not None else ""
    if game.target is None:
        return f"The game lasts {rounds}: then the higher total wins."
    limit = f" or {rounds} are played" if rounds else ""
    return f"The game goes on until someone is {game.target}{limit}."


class EasyStandingsScreen(CivioModal[str]):
    """Dismisses with "next" (Enter: the next round, or, once the game is over, back to the
    menu) or None (Esc: look at the table again)."""

    DEFAULT_CSS = """
    EasyStandingsScreen { align: center middle; }
    #es-box {
        width: 78; height: auto; max-height: 22;
        border: round $accent; padding: 0 1; background: $panel;
    }
    #es-title { text-style: bold; color: $accent; }
    #es-scroll { height: auto; max-height: 15; }
    #es-body { height: auto; }
    #es-held { height: auto; margin-top: 1; }
    #es-foot { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", "Continue", id="easy_standings.next"),
        Binding("escape", "back", "The table", id="easy_standings.back"),
    ]

    def __init__(
        self, game: EasyPlayGame, names: Sequence[str], title: str = "", *, keys: str = ""
    ) -> None:
        super().__init__()
        self.game = game
        self.names = list(names)
        self.title_text = title
        """The game's name, when it is opened from a list (no table underneath)."""
        self.keys = keys
        """What the keys do, when not as at a game of one's own (at a networked table)."""

    def compose(self) -> ComposeResult:
        game = self.game
        number = len(game.finished_rounds)
        with Vertical(id="es-box"):
            if game.is_over:
                won = " and ".join(self.names[s] for s in game.winners)
                rounds = counted(number, "round")
                title = f"Game over after {rounds}: {won} won!"
                foot = (
                    "Enter or Esc: back to the list"
                    if self.title_text
                    else "Enter: back to the menu · Esc: look at the table"
                )
            else:
                title = f"Round {number} is over"
                foot = "Enter or n: deal the next round · Esc: look at the table"
            if self.title_text:
                title = f"{self.title_text}: {title}"
            foot = self.keys or foot
            yield Static(title, id="es-title")
            body = standings_lines(game, self.names, number) if number else []
            held = held_lines(game, self.names, number) if number else []
            if len(body) + 1 + len(held) > BODY_LINES:
                foot += " · ↑↓: scroll"
            with VerticalScroll(id="es-scroll"):
                yield Static(Content("\n").join(body), id="es-body")
                if held:
                    yield Static(Content("\n").join(held), id="es-held")
            goal = goal_line(game) if not game.is_over else self._final_words()
            yield Static(f"{goal}\n{foot}", id="es-foot")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#es-scroll", VerticalScroll).focus()  # ↑↓ scroll what does not fit

    def _final_words(self) -> str:
        game = self.game
        won = " and ".join(self.names[s] for s in game.winners)
        best = max(game.totals)
        if game.target is not None and best >= points_for_rank(game.target):
            return f"{won} reached {game.target} with {pts(best)}."
        return f"The round limit is reached: {won} had the higher total ({pts(best)})."

    def action_next(self) -> None:
        self.dismiss("next")
