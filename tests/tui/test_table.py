"""The table screen (civio_tui/screens/civio/table.py) played with the Pilot: the focus when your
turn arrives, keys that must not go astray, your cards judged as you arrange them, a question's
card options in the order of your cards, notices, and the table at 80x24 and 120x40."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Footer

from cards.deck import Deck
from cards.games.civio.actions import Action, Decision, DecisionKind
from cards.games.civio.view import PlayerView
from cards.ruleset import RuleSet
from civio_tui.screens.civio.table import TableScreen
from civio_tui.screens.pass_device import PassScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.question import QuestionPane
from civio_tui.widgets.table_panes import OpponentInfo, opponents_lines
from tests.tui.conftest import (
    PLAIN_BOT,
    DealtBackend,
    ScriptedPlayer,
    make_app,
    open_table,
    option_index,
    screen_text,
    settle,
)
from tests.tui.test_hot_seat import on_screen
from tests.tui.test_table_decisions import HAND as OPENING_HAND

HAND = [
    "Voting Rights Act of 1965",
    "Brown v Board of Education of Topeka",
    "Engel v Vitale",
    "Lemon v Kurtzman",
    "Zelman v Simmons-Harris",
    "Texas v Johnson",
    "Griswold v Connecticut",
]


SUPPLY = [
    "Mapp v Ohio",
    "Baker v Carr",
    "Reynolds v Sims",
    "Escobedo v Illinois",
    "Gideon v Wainwright",
]


def against_bot(
    deck: Deck, hand: list[str], bot: list[str], player: ScriptedPlayer
) -> DealtBackend:
    return DealtBackend(deck, [hand, bot], [player], discard="Roe v Wade", supply=SUPPLY)


def table(app: object) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), screen
    return screen


LONG_NAMES = [
    "Regents of the University of California v Bakke",
    "Hazelwood School District v Kuhlmeier",
    "Bethel School District v Fraser",
    "Tinker v Des Moines School District",
    "Heart of Atlanta Motel v US",
    "Civil Liberties Act of 1988",
    "South Carolina v Katzenbach",
]


def three_opponents(deck: Deck) -> DealtBackend:
    third = ["Engel v Vitale", "Lemon v Kurtzman", "Texas v Johnson", "Griswold v Connecticut"]
    third += ["Loving v Virginia", "Furman v Georgia", "Near v Minnesota"]
    return DealtBackend(
        deck,
        [[*SUPPLY, "Miranda v Arizona", "In re Gault"], PLAIN_BOT, LONG_NAMES, third],
        [ScriptedPlayer(deck) for _ in range(3)],
        discard="Shaw v Reno",
    )


@asynccontextmanager
async def plain_table(
    deck: Deck, size: tuple[int, int]
) -> AsyncIterator[tuple[Pilot[int], TableScreen]]:
    """The table against plain bots, open and drawn at `size`."""
    backend = against_bot(deck, HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await settle(pilot)
        yield pilot, screen


async def test_your_turn_arriving_leaves_the_focus_in_your_cards(deck: Deck) -> None:
    backend = against_bot(deck, HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("1", "2")
        hand = screen.query_one(HandPane)
        hand.focus()
        await pilot.press("8")  # done: the Bot plays, then your draw comes
        await settle(pilot)
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DRAW
        assert app.focused is hand
        # The new question is on show, and its digits answer it from Your cards.
        assert "Draw" in str(screen.query_one("#question-box").border_title)
        await pilot.press("1")
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.DISCARD
        assert app.focused is hand
        # This question follows your own answer: Enter on a card picks it at once.
        card = hand.cursor_card
        await pilot.press("enter")
        await settle(pilot)
        assert card not in screen.controller.view().hand


async def test_a_redraw_or_a_focus_move_that_changes_no_key_keeps_the_footer_as_it_is(
    deck: Deck,
) -> None:
    # A networked table redraws on every other seat's move: rebuilding the footer each time
    # cost more than the rest of the redraw.
    async with plain_table(deck, (80, 24)) as (pilot, screen):
        keys = list(screen.query_one(Footer).children)
        assert keys
        for _ in range(3):
            screen.refresh_panes()
            screen.refresh_bindings()  # as a move of the focus does
            await settle(pilot)
        assert list(screen.query_one(Footer).children) == keys


async def test_a_redraw_that_changes_nothing_repaints_nothing(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A networked table redraws on every other seat's move: a pane or a box title repainted
    # unchanged is drawn again and sent to the browser again.
    async with plain_table(deck, (110, 36)) as (pilot, screen):
        repainted: list[str] = []
        for widget in screen.query("#table *"):
            refresh = widget.refresh

            def spy(*args: object, _refresh=refresh, _widget=widget, **kwargs: object) -> object:
                repainted.append(f"{type(_widget).__name__}#{_widget.id}")
                return _refresh(*args, **kwargs)

            monkeypatch.setattr(widget, "refresh", spy)
        screen.refresh_panes()
        screen.refresh_bindings()
        await settle(pilot)
        assert repainted == []


async def test_the_footer_hides_and_shows_only_the_key_the_focus_brings(deck: Deck) -> None:
    # On each of your turns at a networked table the question takes the focus (Enter: Choose
    # appears) and leaves it: the other keys stay as they are, and Enter's comes back as it was.
    async with plain_table(deck, (110, 36)) as (pilot, screen):
        footer = screen.query_one(Footer)
        keys = list(footer.children)
        assert [k.key for k in keys[:2]] == ["enter", "escape"]
        screen.set_focus(None)
        await settle(pilot)
        assert [k for k in footer.children if k.display] == keys[1:]
        screen.set_focus(screen.query_one(QuestionPane).options_list)
        await settle(pilot)
        assert [k for k in footer.children if k.display] == keys


def test_a_footer_too_narrow_leaves_out_the_screens_last_keys_but_never_help_or_quit() -> None:
    from textual.binding import ActiveBinding, Binding

    from civio_tui.widgets.footer import left_out

    table = [
        Binding("enter", "choose", "Choose", key_display="⏎"),  # " ⏎ Choose " 10 columns
        Binding("space", "choose", "Choose"),  # one key per action, the first
        Binding("escape", "menu", "Menu", key_display="esc"),  # 10
        Binding("u", "take_back", "Undo"),  # 8
        Binding("L", "focus_log", "Log", show=False),
        Binding("a", "arrange", "Arrange"),  # 11
        Binding("ctrl+q", "quit_game", "Quit", key_display="^q"),  # 9
        Binding("question_mark", "help", "Help", key_display="?"),  # 8, its last blank cut
    ]
    active = {b.key: ActiveBinding(None, b, True, "") for b in table}  # type: ignore[arg-type]

    def dropped(width: int) -> set[str]:
        return set(left_out(active, width, lambda b: b.key_display or b.key))

    assert dropped(55) == set()
    assert dropped(54) == {"arrange"}
    assert dropped(30) == {"arrange", "take_back", "menu"}
    assert dropped(10) == {"arrange", "take_back", "menu", "choose"}


def test_a_pane_repaints_only_the_rows_whose_text_or_style_changed() -> None:
    from textual.content import Content
    from textual.geometry import Region, Size

    from civio_tui.widgets.redraw import drawn, repaint

    class Pane:
        size = Size(20, 3)

        def __init__(self) -> None:
            self.refreshed: list[tuple[tuple[Region, ...], bool]] = []

        def refresh(self, *regions: Region, layout: bool = False) -> None:
            self.refreshed.append((regions, layout))

    rows = [Content("Ana · 3 pts"), Content("  [C] Reed"), Content("↳ took Katz")]
    before = drawn(rows)
    pane = Pane()
    repaint(pane, rows, before, layout=False)
    assert pane.refreshed == []
    repaint(pane, [rows[0], Content.styled("  [C] Reed", "bold"), rows[2]], before, layout=False)
    assert pane.refreshed == [((Region(0, 1, 20, 1),), False)]
    repaint(pane, rows[:2], before, layout=True)
    assert pane.refreshed[-1] == ((), True)


async def test_a_stray_enter_does_not_answer_an_attack_that_arrived(deck: Deck) -> None:
    bot = ["Espionage Act of 1917", *PLAIN_BOT[1:]]
    backend = against_bot(deck, HAND, bot, ScriptedPlayer(deck, "Espionage Act of 1917"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("6", "7")
        hand = screen.query_one(HandPane)
        hand.focus()
        await pilot.pause()
        vra = deck.lookup("Voting Rights Act of 1965")
        hand.cursor_card = vra
        await pilot.press("8")  # the Bot attacks at once
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.OVERRULE
        assert app.focused is hand and hand.cursor_card == vra
        await pilot.press("enter")  # typed while arranging: nothing is overruled yet
        await pilot.pause()
        assert screen.question is question
        assert screen.controller.decision is question.decision
        hint = " ".join(str(screen.query_one("#question-hint").render()).split())
        assert "Enter again: Overrule with [L] Voting Rights Act" in hint
        await pilot.press("enter")  # now it is meant
        await settle(pilot)
        assert screen.controller.view().players[0].skips == 0
        assert screen.controller.decision is not question.decision


async def test_the_opening_judges_your_precedents_as_you_arrange(deck: Deck) -> None:
    hand = [
        "Katz v US",
        "California v Greenwood",
        "4th Amendment",
        "Race",
        "Engel v Vitale",
        "Tinker v Des Moines School District",
        "Equality",
    ]
    backend = against_bot(deck, hand, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        assert screen.question is not None
        assert screen.question.decision.kind is DecisionKind.FACE_UP
        hand_pane = screen.query_one(HandPane)
        hand_pane.focus()
        await pilot.press("left", "down", "left", "down", "left")  # Katz, Greenwood, 4th to B
        await pilot.pause()
        text = hand_pane.render().plain  # type: ignore[union-attr]
        assert "Precedent B  ✓ valid · 2 points" in text
        await pilot.press("down", "left")  # Race after the 4th: not valid, and why
        await pilot.pause()
        text = hand_pane.render().plain  # type: ignore[union-attr]
        assert "Precedent B  ✗ not valid" in text


async def test_a_card_question_is_numbered_in_the_order_of_your_cards(deck: Deck) -> None:
    # Race is card 0 of the deck: it too takes its place, not the end of the list.
    hand = [*HAND[1:], "Race"]
    assert deck.lookup("Race") == 0
    backend = against_bot(deck, hand, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        hand_pane = screen.query_one(HandPane)
        hand_pane.focus()
        await pilot.press("end", "left")  # Race to Precedent B, at the top of Your cards
        await pilot.pause()
        order = screen.arrangement.cards
        assert order[0] == 0
        # The opening's options follow Your cards as you move them.
        assert screen.question is not None
        assert [o.card for o in screen.question.options if o.card is not None] == order
        pane = screen.query_one(QuestionPane)
        assert "[I] Race" in pane.options[0].plain
        await pilot.press("1", "2", "8")
        await settle(pilot)
        await pilot.press("1")  # draw from the supply
        await settle(pilot)
        question = screen.question
        assert question is not None and question.decision.kind is DecisionKind.DISCARD
        drawn = question.decision.drawn
        assert drawn is not None
        cards = [o.card for o in question.options]
        assert cards == [drawn, *[c for c in screen.arrangement.cards if c != drawn]]


async def test_a_notice_never_covers_the_answers(deck: Deck) -> None:
    from textual.widgets._toast import Toast

    backend = against_bot(deck, HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("8")  # Done before marking: a notice says why not
        for _ in range(20):
            await pilot.pause()
            toasts = list(screen.query(Toast))
            if toasts:
                break
        assert toasts and "Mark 2 more" in str(toasts[0].render())
        for box in ("#question-box", "#hand-box"):
            region = screen.query_one(box).region
            assert not toasts[0].region.overlaps(region), box


def test_going_out_is_said_in_card_counts_and_points(deck: Deck) -> None:
    from cards.ruleset import RuleSet
    from civio_tui.arrangement import HandArrangement
    from civio_tui.widgets.hand import HandState

    names = [
        "Katz v US",
        "California v Greenwood",
        "4th Amendment",
        "Jim Crow Laws",
        "Plessy v Ferguson",
        "Brown v Board of Education of Topeka",
        "14th Amendment",
    ]
    hand = [deck.lookup(n) for n in names]
    arrangement = HandArrangement()
    arrangement.sync(hand)
    pane = HandPane(deck)
    status = arrangement.status(deck, hand, RuleSet())
    pane.show(arrangement, status, HandState(frozenset(), frozenset()))
    lines = " ".join(line.plain for line in pane._status_lines(200))
    assert "These 7 can go out (6 points): a arranges" in lines
    assert "`" not in lines
    # One line in Your cards at 80x24, whose last row is the first to scroll away.
    assert len(pane._status_lines(46)) == 1
    arrangement.arrange_best(deck, hand, RuleSet())
    pane.show(arrangement, arrangement.status(deck, hand, RuleSet()), pane.state)
    lines = " ".join(line.plain for line in pane._status_lines(200))
    assert "Goes out with a 3-card and a 4-card precedent: 6 points" in lines
    assert [line.plain for line in pane._status_lines(46)] == [
        "✓ Goes out: 6 points if you call CIVIO"
    ]


async def test_a_practice_game_says_so_at_the_top_of_the_table(deck: Deck) -> None:
    for practice in (True, False):
        controller = TableController.new_game(
            deck, ["random"], seed=7, save=False, practice=practice
        )
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(pilot, controller)
            title = str(table(app).query_one("#opponents-box").border_title)
            assert title.startswith("Practice game") is practice, title


async def test_without_colour_the_focused_pane_has_a_heavy_border(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    backend = against_bot(deck, HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("tab")  # to Your cards
        await pilot.pause()
        assert isinstance(app.focused, HandPane)
        assert screen.query_one("#hand-box").styles.border_top[0] == "heavy"
        assert screen.query_one("#question-box").styles.border_top[0] == "round"


async def seat_three_opponents(pilot: Pilot[int], deck: Deck) -> None:
    """At the table against three scripted bots, past the opening (two cards kept hidden)."""
    await open_table(pilot, TableController(deck, three_opponents(deck)))
    await pilot.press("1", "2", "8")
    await settle(pilot)


async def test_the_table_text_keeps_apart_and_keeps_its_years_at_80x24(deck: Deck) -> None:

    backend = DealtBackend(
        deck, [LONG_NAMES, PLAIN_BOT], [ScriptedPlayer(deck)], discard="Fair Procedures"
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("4", "5", "8")  # Tinker and Heart of Atlanta stay hidden
        await settle(pilot)
        # The log's text (the top discard in its title) ends a column before the question's
        # title line begins.
        log = screen.query_one("#log")
        title = str(log.border_title)
        assert title.startswith("Log · Pile: ") and "[F]" in title and title.endswith("Privacy")
        assert log.scrollable_content_region.right < screen.query_one("#question-box").region.x
        await pilot.press("1")
        await settle(pilot)
        # The highlighted option is shown whole, its second line under its text.
        menu = screen.query_one(QuestionPane).options_list
        await pilot.press("down")
        await pilot.pause()
        lines = str(menu.get_option_at_index(1).prompt).splitlines()
        assert len(lines) == 2 and lines[1].startswith("   "), lines
        assert lines[1][3] != " "
        hand = str(screen.query_one(HandPane).render())
        assert not re.search(r"\d…", hand), hand  # "196…": a year cut in half
        shown = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert not any(re.search(r"\d…", line) for line in shown), shown


async def test_at_120x40_the_opponents_cards_keep_their_names(deck: Deck) -> None:
    from civio_tui.widgets.table_panes import OpponentsPane

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await seat_three_opponents(pilot, deck)
        screen = table(app)
        opponents = screen.query_one(OpponentsPane)
        assert not opponents.compact
        text = " ".join(str(opponents.render()).split())
        # Three opponents and their last moves: the long names take their short forms.
        assert "[C] Heart of Atlanta" in text and "[C] Tinker" in text
        assert text.count("↳ discarded") == 3
        assert "…" not in text  # a name too long for a line takes its short form instead
        assert screen.query_one("#opponents-box").max_scroll_y == 0
        await pilot.resize_terminal(120, 50)
        await pilot.pause()
        await pilot.pause()
        text = " ".join(str(opponents.render()).split())
        assert "[C] Heart of Atlanta Motel v US" in text
        assert "[C] Tinker v Des Moines School District" in text


def test_a_long_name_keeps_its_points_and_rank_on_a_line_of_their_own(deck: Deck) -> None:
    ctl = TableController.new_game(
        deck, ["hard"], seed=3, save=False, humans=["Anastasia Rodriguez", "Ben"]
    )
    ctl.start_round()
    view = ctl.rnd.view(1)
    seats = [OpponentInfo(0, "Anastasia Rodriguez", "human"), OpponentInfo(2, "Hard", "hard")]
    lines = [line.plain for line in opponents_lines(deck, view, seats, None, 30)]
    assert all(len(line) <= 30 for line in lines), lines
    assert "Anastasia Rodriguez (human)" in lines[0]
    assert lines[1].strip() == "0 points · Intern"
    # A short heading stays on one line; the opening's words are not cut.
    assert "  Hard · 0 points · Intern" in lines
    assert not any(line.endswith("…") for line in lines), lines
    # The compact form (three opponents at 80x24) keeps to one line: the points stay on the
    # name's line, the rank goes, and then the name is cut rather than the points.
    compact = opponents_lines(deck, view, seats, None, 32, compact=True)
    assert compact[0].plain == "  Anastasia Rodriguez · 0 points"
    compact = opponents_lines(deck, view, seats, None, 30, compact=True)
    assert compact[0].plain == "  Anastasia Rodrig… · 0 points"
    assert compact[1].plain.startswith("c") and "points" not in compact[1].plain


async def test_hot_seat_table_at_80x24_cuts_no_name_or_rank(deck: Deck, tmp_path: Path) -> None:
    app = make_app()
    ctl = TableController.new_game(
        deck,
        ["hard"],
        rules=RuleSet(max_turns=12),
        seed=5,
        save_dir=str(tmp_path),
        humans=["Anastasia Rodriguez", "Benjamin Okonkwo"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableScreen(ctl)
        await app.push_screen(table)
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        text = on_screen(app)
        assert "Benjamin Okonkwo (human)" in text and "Intern…" not in text
        title = str(table.query_one("#hand-box").border_title)
        assert title == "Anastasia Rodriguez · 0 points · Intern"


async def test_the_draw_option_names_the_discard_pile_card_as_the_pile_does(deck: Deck) -> None:
    from civio_tui.widgets.question import QuestionPane

    backend = DealtBackend(
        deck,
        [OPENING_HAND, PLAIN_BOT],
        [ScriptedPlayer(deck)],
        discard="Roe v Wade",
        supply=["Bethel School District v Fraser", "Katz v US", "Baker v Carr"],  # Bot's discard
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await pilot.press("1", "2", "8")  # the opening: keep two hidden
        await settle(pilot)
        await pilot.pause()
        options = app.screen.query_one(QuestionPane).options_list
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        text = screen_text(pilot.app)
        assert "Log · Pile: [C] Fraser" in text
        take = next(line for line in shown if "discard pile" in line)
        assert "Fraser" in take and "…" not in take.split("]")[-1], shown


async def test_at_80x24_three_opponents_and_their_last_moves_fit_and_the_log_follows(
    deck: Deck,
) -> None:
    from civio_tui.widgets.log_pane import LogPane

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_three_opponents(pilot, deck)
        screen = table(app)
        log = screen.query_one(LogPane)
        log.scroll_home(animate=False)
        await pilot.pause()
        assert not log.following
        await pilot.press("1", "1")  # draw, discard it: the three bots play their turns
        await settle(pilot)
        for _ in range(10):
            await pilot.pause()
        # Your turn starts: the log shows the newest lines again.
        assert log.following and log.scroll_y == log.max_scroll_y
        # Each opponent's hidden count is on its name's line, in view even when the box
        # scrolls (long names here); each one's last move is told.
        box = screen.query_one("#opponents-box")
        lines = str(screen.query_one("#opponents").render()).splitlines()
        counted = [i for i, line in enumerate(lines) if "▒×2" in line]
        assert len(counted) == 3 and counted[-1] < box.size.height, lines
        assert sum("↳ −" in line for line in lines) == 3, lines
        assert len(lines) <= box.size.height + 1, lines
        # The pile's facts are in the log's title: the log has the rows.
        assert str(log.border_title).startswith("Log · Pile: ")
        assert log.size.height >= 9


def worst_case_opponents(deck: Deck, ctl: TableController) -> tuple[PlayerView, list[OpponentInfo]]:
    """The most the rules let three opponents show at once, all with the longest names in the
    deck: each holds 5 face-up cards (never more) and 2 hidden cards everyone knows, one taken
    from the discard pile last turn, one confiscated face up; that turn took the one, attacked
    the opponent with the longest name and confiscated the other, so it discarded twice; one
    opponent will skip a turn; three-digit points."""
    from civio_tui.last_moves import LastMove
    from civio_tui.widgets.cards import tiny_name, type_tag

    view = ctl.view()
    widest = sorted(deck.cards, key=lambda c: -len(f"{type_tag(c).plain} {tiny_name(c, 11)}"))
    longest = [deck.lookup(c.name) for c in widest[:27]]
    players = list(view.players)
    infos = []
    names = {1: "Hard", 2: "Medium 1", 3: "Medium 2"}
    for n, seat in enumerate((1, 2, 3)):
        face_up, (took, taken, *discards) = longest[5 * n : 5 * n + 5], longest[15 + 4 * n :][:4]
        known = {"face_up": face_up, "hidden_count": 2, "known_hidden": [took, taken]}
        players[seat] = players[seat].model_copy(update={**known, "skips": n % 2})
        target = 2 if seat != 2 else 3
        move = LastMove(4, took=took, discards=tuple(discards), attacked=target)
        infos.append(OpponentInfo(seat, names[seat], "medium", move))
    worst = view.model_copy(update={"players": players, "turn": 5, "scores": [3, 118, 96, 104]})
    return worst, infos


async def test_at_80x24_three_opponents_at_their_fullest_need_no_scrolling(deck: Deck) -> None:
    from civio_tui.widgets.cards import tiny_name
    from civio_tui.widgets.table_panes import OpponentsPane

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_three_opponents(pilot, deck)
        screen = table(app)
        worst, infos = worst_case_opponents(deck, screen.controller)
        pane = screen.query_one(OpponentsPane)
        pane.show(worst, infos, 1, pane.room)
        for _ in range(3):
            await pilot.pause()
        screen.query_one("#table").title_opponents()
        box = screen.query_one("#opponents-box")
        assert box.max_scroll_y == 0
        assert "↓ more" not in str(box.border_title)
        # Every line of the pane is inside the box on screen, and says everything.
        assert pane.region.bottom <= box.region.bottom and box.region.bottom <= 23
        text = " ".join(str(pane.render()).split())
        for info in infos:
            seat = worst.players[info.seat]
            assert info.name in text
            for card in [*seat.face_up, *seat.known_hidden]:
                assert tiny_name(deck[card], 11) in text
        assert text.count("↳ +") == 3 and text.count("▒ ") >= 6 and "skips 1" in text
        assert "…" not in text  # names are short forms, never cut
        # The log keeps its title and 3 lines below.
        assert screen.query_one("#log").region.height >= 4


class KeepsAndDiscards(ScriptedPlayer):
    """Draws from the supply, keeps the card and discards the next of `plan` (so that it
    turns a card face up); a Law discarded attacks `target`."""

    def __init__(self, deck: Deck, plan: list[str], target: int = 0) -> None:
        super().__init__(deck, target=target)
        self.plan = [deck.lookup(name) for name in plan]

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        if decision.kind is DecisionKind.DISCARD and self.plan:
            return Action.discard(self.plan.pop(0))
        return super().choose(view, decision, rng)


def visible_log(screen: TableScreen) -> list[str]:
    """The log's lines as wrapped in its visible rows."""
    from civio_tui.widgets.log_pane import LogPane

    return [row.rstrip() for row in screen.query_one(LogPane).shown()]


async def test_at_80x24_the_log_shows_a_whole_lap_of_four_players(deck: Deck) -> None:
    # Each of the four turns draws, keeps the card, discards another and turns one face up;
    # one discards a Law that attacks (Lose Turn), and its target accepts; long card names.
    bots = [
        KeepsAndDiscards(deck, ["Bethel School District v Fraser", "Heart of Atlanta Motel v US"]),
        KeepsAndDiscards(deck, ["Korematsu v US", "Dred Scott v Sandford"]),
        KeepsAndDiscards(deck, ["Furman v Georgia", "Jim Crow Laws"], target=1),
    ]
    third = ["Jim Crow Laws", "Loving v Virginia", "Furman v Georgia", "Near v Minnesota"]
    third += ["Gomillion v Lightfoot", "Reed v Reed", "Shelley v Kraemer"]
    backend = DealtBackend(
        deck,
        [HAND, LONG_NAMES, PLAIN_BOT, third],
        bots,
        discard="Shaw v Reno",
        supply=[*SUPPLY, "Miranda v Arizona", "In re Gault", "Katz v US", "Wisconsin v Yoder"],
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("1", "2", "8")  # the opening; the three bots play their turns
        await settle(pilot)
        await pilot.press("1")  # draw from the supply
        await settle(pilot)
        await pilot.press(str(option_index(screen, "Lemon v Kurtzman", deck)))
        await settle(pilot)
        await pilot.press("1")  # turn a card face up: the bots play their turns
        await settle(pilot)
        for _ in range(5):
            await pilot.pause()
        assert screen.question is not None and screen.question.decision.kind is DecisionKind.DRAW
        lines = [line.plain for line in screen.query_one("#log").lines]
        lap = lines[next(i for i, line in enumerate(lines) if line.startswith("You drew")) :]
        assert sum(" turned up " in line for line in lap) == 4, lap
        assert any("to attack Bot 1 (Lose Turn); Bot 1 accepted." in line for line in lap), lap
        # Every word of the lap is in the log's visible rows, the newest at the bottom.
        shown = " ".join(" ".join(visible_log(screen)).split())
        assert " ".join(" ".join(lap).split()) in shown, (lap, visible_log(screen))
