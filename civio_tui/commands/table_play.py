"""Playing one's seat at a networked table in plain lines of text (`civio table join` and
`civio table play`): what the table did, as this seat may know it, and on this seat's turn its
cards and the numbered choices. Between lines typed, the table is read again as soon as another
seat commits a change to it (`CommitWatch`, civio_tui/tables/wake.py, as the app's table tabs
are woken) and every `WOKEN_POLL_SECONDS` anyway, so the others' moves appear as they happen and
the seat counts as present; where no commit can wake it (no inotify, an input that cannot be
waited on with the watch) the table is read every `POLL_SECONDS`. At CIVIO's opening everyone
chooses at once: the seat is asked before its turn, and its choice is kept until the table takes
it (civio_tui/session/remote.py).

Everything shown comes from this seat's own view and the events as told to this seat.

Each finished round is kept in the person's own save folder as the app keeps it
(`record_table_rounds`): a CIVIO round is then in their campaign "Table CODE", with its rating
change said as the app's round end says it.
"""

from __future__ import annotations

import select
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from cards.deck import Deck, standard_deck
from civio_tui.session.remote import EARLY_KEPT, POLL_SECONDS, WOKEN_POLL_SECONDS, TableTab
from civio_tui.session.seats import PERSON
from civio_tui.tables import ops
from civio_tui.tables.store import StoreUnavailable
from civio_tui.tables.wake import CommitWatch

LEAVE = "q"
START = "s"


def play(tab: TableTab, stdin: TextIO, out: TextIO, *, save_dir: Path) -> int:
    """Play until the game ends, the table closes, or the person leaves (`q`); each finished
    round goes into the person's games in `save_dir`."""
    shown = _Shown(save_dir)
    say = _printer(out)
    say(f"Table {tab.code}, seat {tab.seat + 1} ({tab.name}). Type {LEAVE} to leave the table.")
    with _Typed(tab, stdin) as typed:
        return _play(tab, typed, say, shown)


def _play(tab: TableTab, typed: _Typed, say: Callable[[str], None], shown: _Shown) -> int:
    deck = standard_deck()
    asked: tuple[int, int] | None = None
    waiting = False
    while True:
        tab.poll()
        shown.catch_up(tab, deck, say)
        if tab.problem:
            say(tab.problem)
        for text in tab.told:
            say(text)
        tab.told.clear()
        state = tab.table.state
        if tab.session.engine.is_over and tab.next_round():
            continue
        if state == ops.ABANDONED or (state == ops.ENDED and tab.session.engine.is_over):
            say("The game is over." if state == ops.ENDED else "The table was closed.")
            return 0
        hosting = tab.table.row.host.casefold() == tab.name.casefold()
        if state == ops.OPEN and not waiting:
            say(
                f"You opened this table. Classmates join with the code {tab.code}. Type {START} "
                "to start the game (a computer takes each empty seat)."
                if hosting
                else f"Waiting for {tab.table.row.host} to start the game."
            )
        waiting = state == ops.OPEN
        position = (len(tab.match.engines), tab.match.applied)
        decision = None if waiting else _my_decision(tab)
        mine = decision is not None
        if mine and position != asked:
            _ask(tab, deck, decision, say)
            asked = position
        line = typed.line()
        if line is None:
            continue
        if line == "":  # end of input
            return 0
        word = line.strip().lower()
        if word == LEAVE:
            tab.leave()
            if not waiting:
                say(
                    "You left the table: a computer plays your seat until you come back "
                    f"(civio table play {tab.code})."
                )
            else:  # before the start the seat is freed; the host's leaving closes the table
                say(f"You left: table {tab.code} is closed." if hosting else "You left the table.")
            return 0
        if waiting:
            if hosting and word == START:
                _start(tab, say)
            else:
                say(
                    f"The game has not started yet. Type {START} to start it, or {LEAVE}."
                    if hosting
                    else "The game has not started yet."
                )
            continue
        if not mine or position != asked:
            say("It is not your turn." if not mine else "The table moved on: look again.")
            continue
        if not _answer(tab, decision, line, say):
            asked = None


def _start(tab: TableTab, say: Callable[[str], None]) -> None:
    """The host starts the game from their seat, as `civio table start` does."""
    try:
        tab.start()
    except (ops.TableRefused, StoreUnavailable) as exc:
        say(str(exc))


class _Shown:
    """How far this person has read: the table's notices and each round's events."""

    def __init__(self, save_dir: Path) -> None:
        self.save_dir = save_dir
        self.round = -1
        self.events = 0
        self.scored = -1

    def catch_up(self, tab: TableTab, deck: Deck, say: Callable[[str], None]) -> None:
        for notice in tab.new_notices():
            if notice.kind != "refused":  # a refusal is told to its sender, not the table
                say(f"· {notice.text}")
        engines = tab.match.engines
        shown_round = engines.index(tab.session.engine)
        if shown_round != self.round:
            self.round, self.events = shown_round, 0
            if len(engines) > 1:
                say(f"Round {shown_round + 1}.")
        events = tab.session.engine.events
        names = tab.labels()
        for event in events[self.events :]:
            text = _describe(event, deck, tab.seat, names)
            if text:
                for name in names:  # the opening's layouts, one seat a line
                    text = text.replace(f". {name} lays face up:", f".\n{name} lays face up:")
                say(text)
        self.events = len(events)
        if tab.session.engine.is_over and self.scored != shown_round:
            self.scored = shown_round
            totals = zip(tab.labels(), tab.match.totals, strict=True)
            points = ", ".join(f"{name} {t}" for name, t in totals)
            say(f"Round {shown_round + 1} is over. Totals: {points}.")
            for line in _keep(tab, deck, self.save_dir, shown_round + 1):
                say(line)


def _keep(tab: TableTab, deck: Deck, save_dir: Path, number: int) -> list[str]:
    """Keep the finished rounds in the person's games; what to tell them of it."""
    from civio_tui.campaigns.store import resolve_save_dir
    from civio_tui.campaigns.table_record import record_table_rounds
    from civio_tui.ratings import round_changes, said_unsure

    kept = record_table_rounds(save_dir, tab.table, tab.match, deck)
    if kept.problem is not None:
        return [kept.problem]
    if kept.campaign is None:
        return [f"Kept in your games in {save_dir}."]
    command = ["civio", "campaign", "replay", kept.campaign.name, "--round", str(number)]
    if len(kept.campaign.humans) > 1:  # whose view the replay shows
        command += ["--seat", tab.name]
    if save_dir != resolve_save_dir():
        command += ["--save-dir", str(save_dir)]
    lines = [f"Kept in your games in {save_dir}: `{shlex.join(command)}`."]
    changes = round_changes(save_dir, kept.campaign, number, [tab.name])
    return lines + ([said_unsure(changes)] if changes else [])


def _describe(event: Any, deck: Deck, seat: int, names: list[str]) -> str | None:
    try:
        text: str | None = event.describe(deck, seat, names)
    except TypeError:  # Concentration's events are public and take no seat
        text = event.describe(deck, tuple(names))
    return text


def _my_decision(tab: TableTab) -> Any:
    """What this seat decides now: the table's question when it is this seat's, else one it
    may answer before it is asked (the opening's choice); None when there is none."""
    if tab.session.to_move() == PERSON:
        return tab.session.decision
    return tab.session.early_decision(tab.seat)


def _ask(tab: TableTab, deck: Deck, decision: Any, say: Callable[[str], None]) -> None:
    view = tab.session.view(tab.seat)
    for line in _view_lines(view, deck, tab):
        say(line)
    say("Your turn:")
    hand = _opening_hand(decision)
    worded = _civio_words(tab, view, deck, decision)
    for k, option in enumerate(decision.options, 1):
        if hand:  # the opening: 21 ways to lay out 7 cards, each told by the 2 kept hidden
            say(f"  {k}. keep hidden {_names(deck, [c for c in hand if c not in option.cards])}")
        else:
            say(f"  {k}. {worded.get(option) or _option_text(option, deck)}")
    places = " or a place such as A1" if isinstance(decision.options[0], int) else ""
    say(f"Choose 1-{len(decision.options)}{places} (or {LEAVE} to leave the table):")


def _civio_words(tab: TableTab, view: Any, deck: Deck, decision: Any) -> dict[Any, str]:
    """A CIVIO decision's options in the words the app's table uses ("Take from the discard
    pile: …", "Attack Ben"); empty for the other games."""
    from cards.games.civio.actions import Decision

    if not isinstance(decision, Decision):
        return {}
    from civio_tui.questions import ask

    question = ask(decision, view, deck, tab.labels())
    return {o.action: o.text.plain for o in question.options if o.action is not None}


def _opening_hand(decision: Any) -> list[int]:
    """The 7 cards of a CIVIO opening (every option lays 5 of them face up); else none."""
    from cards.games.civio.actions import DecisionKind

    if getattr(decision, "kind", None) != DecisionKind.FACE_UP:
        return []
    return sorted({c for option in decision.options for c in option.cards})


def _answer(tab: TableTab, decision: Any, line: str, say: Callable[[str], None]) -> bool:
    """Make the chosen move; False when the choices must be shown again."""
    options = list(decision.options)
    k = _choice_number(line, options)
    if k is None:
        say(f"Type a number from 1 to {len(options)}, or {LEAVE}.")
        return True
    try:
        tab.session.apply(_action(options[k - 1]))
    except ValueError as exc:  # refused, or the table moved on: ask again from what it is now
        say(str(exc))
        return False
    if tab.early is not None:
        say(EARLY_KEPT)
    return False


def _choice_number(line: str, options: list[Any]) -> int | None:
    """The option's number (1-based) typed, or a Concentration place by name ("C3")."""
    text = line.strip()
    if text.isdigit():
        k = int(text)
        return k if 1 <= k <= len(options) else None
    if options and isinstance(options[0], int):
        from cards.games.concentration.game import parse_position

        try:
            position = parse_position(text)
        except ValueError:
            return None
        return options.index(position) + 1 if position in options else None
    return None


def _action(option: Any) -> Any:
    """An engine action from a decision's option (Concentration's options are places)."""
    if isinstance(option, int):
        from cards.games.concentration.game import TurnCard

        return TurnCard(option)
    return option


def _option_text(option: Any, deck: Deck) -> str:
    if isinstance(option, int):
        from cards.games.concentration.game import position_name

        return f"turn up the card at {position_name(option)}"
    text: str = option.to_str(deck)
    return text


def _names(deck: Deck, cards: list[int]) -> str:
    return ", ".join(deck[c].name for c in cards) or "none"


def _view_lines(view: Any, deck: Deck, tab: TableTab) -> list[str]:
    """This seat's cards and what it sees of the table, in a few lines."""
    names = tab.labels()
    if hasattr(view, "hidden_count") or hasattr(view, "players"):
        lines = [f"Your face-up cards: {_names(deck, view.face_up)}"]
        lines.append(f"Your hidden cards: {_names(deck, view.hidden)}")
        for p in view.opponents():
            lines.append(
                f"{names[p.seat]}: face up {_names(deck, p.face_up)}; {p.hidden_count} hidden"
            )
        top = _names(deck, view.discard_pile[-1:])
        lines.append(f"Discard pile: {top} on top; supply: {view.supply_count} cards")
        return lines
    if hasattr(view, "hand_counts"):
        lines = [f"Your hand: {_names(deck, view.hand)}"]
        for s, count in enumerate(view.hand_counts):
            if s != view.seat:
                pairs = len(view.laid[s])
                lines.append(f"{names[s]}: {count} cards in hand, {pairs} pairs laid")
        top = _names(deck, view.discard_pile[-1:])
        lines.append(f"Discard pile: {top} on top; supply: {view.supply_count} cards")
        return lines
    from cards.games.concentration.game import CELLS, COLUMNS, position_name

    cells = []
    for p in range(CELLS):
        if p in view.captured:
            cells.append(f"{position_name(p)} --")
        elif view.first is not None and view.first[0] == p:
            cells.append(f"{position_name(p)} {deck[view.first[1]].name}")
        else:
            cells.append(f"{position_name(p)} ??")
    rows = [cells[i : i + COLUMNS] for i in range(0, CELLS, COLUMNS)]
    scores = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.scores))
    return ["  ".join(row) for row in rows] + [f"Pairs: {scores}"]


def _printer(out: TextIO) -> Callable[[str], None]:
    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    return say


class _Typed:
    """The lines typed at `stdin`, each waited for until the table changes: a commit another
    seat makes to it wakes the wait (`CommitWatch`), and so does the table's time to be read
    anyway."""

    def __init__(self, tab: TableTab, stdin: TextIO) -> None:
        self.tab = tab
        self.stdin = stdin
        self.watch: CommitWatch | None = None

    def line(self) -> str | None:
        """A line typed ("" at the end of input), or None when the table is to be read again
        first."""
        if self.watch is None and _selectable(self.stdin):
            # Begun before the table is read again: no commit is missed in between. Begun
            # only once the table is waited on, so a table already over is not watched.
            self.watch = CommitWatch(self.tab.live.store.path, self.tab.code)
            return None
        watch = self.watch
        if watch is None or not watch.watching:
            line = _read_line(self.stdin, [], POLL_SECONDS)
        else:
            line = _read_line(self.stdin, [watch], WOKEN_POLL_SECONDS)
        if watch is not None:
            # The commits woken for are taken (the table is read next); a watch whose mark
            # was removed watches it again once it is there.
            watch.wait(0)
        return line

    def __enter__(self) -> _Typed:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.watch is not None:
            self.watch.close()


def _selectable(stream: TextIO) -> bool:
    try:
        stream.fileno()
    except (OSError, ValueError):  # a stream in memory, or closed
        return False
    return True


def _read_line(stdin: TextIO, also: list[Any], timeout: float) -> str | None:
    """A line typed within `timeout` seconds ("" at the end of input), else None; None at once
    when one of `also` (what `select` can wait on) is ready first."""
    try:
        ready, _, _ = select.select([stdin, *also], [], [], timeout)
    except (OSError, ValueError):  # not a selectable stream: wait for the line itself
        return stdin.readline()
    return stdin.readline() if stdin in ready else None
