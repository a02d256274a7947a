"""Solitaire at 80x24: turn cards one at a time, sorted by type; choose two precedents (or one of
seven) from them and call CIVIO; after the game, par and when it could have been called."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Static
from textual.widgets.option_list import Option

from cards.engine import IllegalActionError
from cards.games.solitaire.game import (
    CALL,
    DEAL_SIZE,
    END_ACTION,
    TURN,
    TURN_ACTION,
    Solitaire,
    SolitaireAction,
    SolitaireResult,
    par,
    seed_of_day,
)
from cards.models import CardType
from civio_tui import keymap
from civio_tui.card_games_save import SavedSolitaire, SolitaireSaves
from civio_tui.card_words import kind_label
from civio_tui.plurals import counted
from civio_tui.records import RecordsFile
from civio_tui.screens.base import CivioModal, CivioScreen
from civio_tui.screens.card_games import (
    LIST_ROOM,
    TwoPrecedents,
    card_facts,
    fitting_name,
    layout,
    precedent_keys,
)
from civio_tui.widgets.lists import NavList

if TYPE_CHECKING:
    from civio_tui.app import CivioApp

TYPE_ORDER = (
    CardType.ISSUE,
    CardType.CASE,
    CardType.LAW,
    CardType.CIVIL_RIGHTS_ACT,
    CardType.FREEDOM,
    CardType.AMENDMENT,
    CardType.WILD,
)
TYPE_HEADINGS = {
    CardType.ISSUE: "Issues",
    CardType.CASE: "Cases",
    CardType.LAW: "Laws",
    CardType.CIVIL_RIGHTS_ACT: "Civil Rights Act",
    CardType.FREEDOM: "Freedoms",
    CardType.AMENDMENT: "Amendments",
    CardType.WILD: "Wild card",
}
HOW_TO = (
    "Turn cards with t. When you see a CIVIO (a 3-card and a 4-card precedent, or one of 7), "
    "put its cards in precedent 1 and 2 with the keys 1 and 2 (Enter = 1), then press c. "
    "Score: 1 per point card in it + 1 per card still face down."
)


def footer_bindings(*ids: str) -> list[Binding]:
    return [keymap.spec(i).binding() for i in ids]


def quiet(*ids: str) -> list[Binding]:
    """The bindings of `ids`, kept out of the footer and calling `action_quietly`: they work
    while the footer's binding of the same key is hidden because it does not apply now."""
    return [replace(b, show=False, action=f"quietly({b.action!r})") for b in footer_bindings(*ids)]


class SolitaireCards(NavList):
    """The turned-up cards; Enter puts one in precedent 1 while the game goes on (the footer
    shows that as key 1, so Enter's "Choose" leaves room for the game's keys)."""

    BINDINGS: ClassVar[list[BindingType]] = [replace(keymap.spec("nav.act").binding(), show=False)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = getattr(self.screen, "game", None)
        if action == "select" and isinstance(game, Solitaire) and game.is_over:
            return False  # nothing to put a card in: the footer drops "Choose"
        return super().check_action(action, parameters)


ALL_UP = (
    "Every card is up: call CIVIO with c if you can make one, or press x to end the game "
    "(it scores 0)."
)


def score_in_words(result: SolitaireResult) -> str:
    """How a score is made, for a player who does not know the rule yet: "5 points on its
    cards + 10 for the cards still face down = 15"."""
    points = f"{counted(result.points, 'point')} on its cards"
    down = DEAL_SIZE - result.turned
    cards = f"{down} for the card{'s' if down != 1 else ''} still face down"
    return f"{points} + {cards} = {result.score}"


class SeedModal(CivioModal[int]):
    """Ask for a deal's seed: any whole number."""

    DEFAULT_CSS = """
    SeedModal { align: center middle; }
    #seed-box { width: 50; height: auto; border: thick $primary; background: $surface;
                padding: 1 2; }
    #seed-error { color: $error; }
    """

    def __init__(self, what: str = "deal") -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="seed-box"):
            yield Static(f"Which {self.what}? Type its seed (a whole number) and press Enter.")
            yield Input(placeholder="for example 42", id="seed-input")
            yield Static("", id="seed-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        try:
            seed = int(text)
        except ValueError:
            self.query_one("#seed-error", Static).update(f"{text!r} is not a whole number")
            return
        self.dismiss(seed)


class SolitaireScreen(CivioScreen[None]):
    """One Solitaire game at a time; n, d and s start another deal."""

    CSS_PATH = "screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # The footer shows only the keys that apply now, so it fits in 80 columns: t while a
        # card is face down, x once all are up, n d s after the game. The `quiet` twins keep
        # x, n, d and s working while their shown binding is hidden (Help lists them all).
        replace(keymap.spec("games.turn").binding(), description="Turn"),
        *precedent_keys(),
        *keymap.bindings("games.call", "games.explain", "games.end"),
        replace(keymap.spec("games.new").binding(), description="New deal"),
        replace(keymap.spec("games.day").binding(), description="Deal of the day"),
        *keymap.bindings("games.seed"),
        *quiet("games.end", "games.new", "games.day", "games.seed"),
    ]

    def __init__(
        self,
        seed: int | None = None,
        *,
        today: date | None = None,
        resume: SavedSolitaire | None = None,
    ) -> None:
        super().__init__()
        self.resume = resume
        """The deal in progress to continue (None: start deal `seed`)."""
        self.today = today or date.today()
        self.day_seed = seed_of_day(self.today)
        self.start_seed = self.day_seed if seed is None else seed
        self.game: Solitaire
        self.picked = TwoPrecedents()
        self.records: RecordsFile | None = None
        self.best_result: SolitaireResult | None = None
        self.saves: SolitaireSaves | None = None
        self.unsaved: str | None = None
        """Why the deal could not be saved (None: it is saved after every move)."""

    def compose(self) -> ComposeResult:
        yield from layout("sol", SolitaireCards)

    def on_mount(self) -> None:
        self.records = RecordsFile(self.app.save_dir)
        self.saves = SolitaireSaves(self.app.save_dir, self.app.deck)
        if self.resume is not None:
            self.continue_game(self.resume)
        else:
            self.start(self.start_seed)

    # The game.
    def start(self, seed: int) -> None:
        self.game = Solitaire(seed, self.app.deck)
        self.picked = TwoPrecedents()
        self.best_result = None
        self.say(HOW_TO)
        self.save()
        self.refresh_all()
        self.query_one(NavList).focus()

    def continue_game(self, saved: SavedSolitaire) -> None:
        self.game = saved.game
        self.picked = TwoPrecedents()
        for number, group in enumerate(saved.picked, 1):
            for card in group:
                self.picked.toggle(card, number)
        self.best_result = None
        up = ALL_UP if self.game.face_down == 0 else HOW_TO
        up_now = len(self.game.turned)
        self.say(
            f"Welcome back: {counted(up_now, 'card')} {'is' if up_now == 1 else 'are'} up. {up}"
        )
        self.refresh_all()
        self.query_one(NavList).focus()

    def save(self) -> None:
        """Keep the deal after every move, so Continue picks it up (a problem is said)."""
        if self.saves is None:
            return
        picked = [list(self.picked.groups[1]), list(self.picked.groups[2])]
        problem = self.saves.write(SavedSolitaire(self.game, picked))
        if problem is not None and self.unsaved is None:
            self.notify(f"Not saved: {problem}", severity="warning", timeout=10)
        self.unsaved = problem

    def say(self, text: str | Content) -> None:
        self.query_one("#sol-message", Static).update(text)

    def deal_label(self) -> str:
        seed = self.game.seed
        day = f"deal of the day, {self.today.isoformat()}" if seed == self.day_seed else "deal"
        return f"{day} · seed {seed}"

    def refresh_all(self) -> None:
        game = self.game
        best = None
        if self.records is not None:
            best = self.records.records.solitaire.best.get(str(game.seed))
        best_text = f" · your best here: {best}" if best is not None else ""
        unsaved = ("  not saved", "bold $warning") if self.unsaved else ""
        self.query_one("#sol-title", Static).update(
            Content.assemble(
                ("Solitaire", "bold $accent"), f"  {self.deal_label()}{best_text}", unsaved
            )
        )
        down = game.face_down
        row = Content.assemble(
            ("▮" * down, "$primary"),
            ("·" * (DEAL_SIZE - down), "$text-muted"),
            f"  {down} face down · {len(game.turned)} turned up",
        )
        self.query_one("#sol-row", Static).update(row)
        self.refresh_cards()
        self.refresh_side()
        self.refresh_bindings()

    def refresh_cards(self) -> None:
        deck = self.game.deck
        cards = self.query_one(NavList)
        highlighted = cards.highlighted_option.id if cards.highlighted_option else None
        cards.clear_options()
        options: list[Option] = []
        turned = self.game.turned
        if not turned:
            options.append(Option("No card turned up yet: press t to turn one.", disabled=True))
        for card_type in TYPE_ORDER:
            of_type = [c for c in turned if deck[c].type is card_type]
            if not of_type:
                continue
            options.append(Option(Content.styled(TYPE_HEADINGS[card_type], "bold"), disabled=True))
            for c in sorted(of_type, key=lambda c: (deck[c].year or 0, deck[c].name)):
                options.append(Option(self.card_line(c), id=str(c)))
        cards.add_options(options)
        ids = [o.id for o in options]
        if highlighted is not None and highlighted in ids:  # headings have no id
            cards.highlighted = ids.index(highlighted)
        elif self.game.events and self.game.events[-1].card is not None:
            newest = str(self.game.events[-1].card)
            if newest in ids:
                cards.highlighted = ids.index(newest)

    def card_line(self, c: int) -> Content:
        card = self.game.deck[c]
        mark = self.picked.mark(c)
        point = "•" if card.points else " "
        year = f" {card.year}" if card.year and str(card.year) not in card.name else ""
        newest = self.game.events and self.game.events[-1].card == c
        name = fitting_name(card, LIST_ROOM - len(mark) - len(point) - 1 - len(year))
        return Content.assemble(
            (mark, "bold $accent"),
            (point, "$success"),
            (f" {name or card.name}", "bold" if newest else ""),
            (year, "$text-muted"),
        )

    def refresh_side(self) -> None:
        deck = self.game.deck
        result = self.game.result
        if result is not None:
            self.query_one("#sol-side", Static).update(self.result_text(result))
            return
        parts: list[Content | str] = [Content.styled("Your CIVIO", "bold")]
        parts.extend(self.picked.lines(deck))
        parts.append(Content.styled("• = a point card", "$text-muted"))
        card = self.highlighted_card()
        if card is not None:
            parts.append("")
            parts.append(card_facts(self.game.deck[card]))
            parts.append(Content.styled("e: what it may follow or precede", "$text-muted"))
        self.query_one("#sol-side", Static).update(Content("\n").join(parts))

    def on_option_list_option_highlighted(self, event: NavList.OptionHighlighted) -> None:
        if getattr(self, "game", None) is not None and not self.game.is_over:
            self.refresh_side()

    def result_text(self, result: SolitaireResult) -> Content:
        deck = self.game.deck
        best = self.best_result or par(deck, self.game.deal)
        self.best_result = best
        lines: list[Content | str] = []
        if result.precedents:
            lines.append(Content.styled(f"CIVIO! You scored {result.score}", "bold $success"))
            lines.append(score_in_words(result))
        else:
            lines.append(Content.styled("No CIVIO called: score 0", "bold $warning"))
        lines.append("")
        if best.precedents:
            lines.append(Content.styled(f"Par {best.score}: the best score on this deal", "bold"))
            lines.append(f"Call CIVIO once card {best.turned} is up: {score_in_words(best)}")
            for number, precedent in enumerate(best.precedents, 1):
                lines.append(
                    Content.assemble(
                        (f"{number}. ", "bold"), " → ".join(deck[c].name for c in precedent)
                    )
                )
        else:
            lines.append("Par 0: these 21 cards hold no CIVIO at all.")
        return Content("\n").join(lines)

    # Keys.
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game: Solitaire | None = getattr(self, "game", None)
        over = game is None or game.is_over
        all_up = game is not None and game.face_down == 0
        if action in ("put", "call"):
            return not over
        if action == "turn":
            return not over and not all_up
        if action == "end":  # shown once every card is up; x works before too (quietly)
            return not over and all_up
        if action in ("new", "day", "seed"):
            return over
        if action == "quietly":
            return not over
        return True

    def action_quietly(self, action: str) -> None:
        """A key whose footer entry is hidden now (x before every card is up, n d s during
        the game): it does what it always does."""
        getattr(self, f"action_{action}")()

    def highlighted_card(self) -> int | None:
        option = self.query_one(NavList).highlighted_option
        if option is None or option.id is None:
            return None
        return int(option.id)

    def action_turn(self) -> None:
        if TURN not in (self.game.decision.options if self.game.decision else ()):
            self.say(ALL_UP)
            return
        self.game.apply(TURN_ACTION)
        self.save()
        card = self.game.deck[self.game.turned[-1]]
        turned = Content.assemble("You turned up ", (card.name, "bold"), f" ({kind_label(card)}).")
        if self.game.face_down == 0:
            turned = Content.assemble(turned, " That was the last card. ", ALL_UP)
        self.say(turned)
        self.refresh_all()

    def action_put(self, number: int) -> None:
        card = self.highlighted_card()
        if card is None:
            self.say("Highlight a turned-up card first (turn one with t).")
            return
        self.picked.toggle(card, number)
        self.save()
        self.refresh_cards()
        self.refresh_side()

    def on_option_list_option_selected(self, event: NavList.OptionSelected) -> None:
        event.stop()
        self.action_put(1)

    def action_explain(self) -> None:
        card = self.highlighted_card()
        if card is None:
            self.say("Highlight a turned-up card first: e shows what it may follow or precede.")
            return
        from civio_tui.screens.links import LinksScreen

        self.app.push_screen(LinksScreen(card, self.game.deck))

    def action_call(self) -> None:
        decision = self.game.decision
        if decision is None or CALL not in decision.options:
            self.say(
                f"A CIVIO is 7 cards: turn up at least 7 first ({len(self.game.turned)} so far)."
            )
            return
        groups = self.picked.chosen()
        try:
            self.game.apply(SolitaireAction.call(*groups))
        except IllegalActionError as exc:
            self.say(
                Content.assemble(
                    ("Not a CIVIO yet", "bold $warning"),
                    f" (no cost, keep playing): {str(exc).removeprefix('not a CIVIO: ')}",
                )
            )
            return
        self.finish()

    def action_end(self) -> None:
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            while self.game.decision and TURN in self.game.decision.options:
                self.game.apply(TURN_ACTION)
            self.game.apply(END_ACTION)
            self.finish()

        what = "The game ends with 0 points."
        if self.game.face_down:
            what = "The rest of the cards are turned up and the game ends with 0 points."
        self.app.push_screen(
            ConfirmScreen(
                "End this game?",
                what,
                yes="End it",
                no="Keep playing",
            ),
            answer,
        )

    def finish(self) -> None:
        result = self.game.result
        assert result is not None
        self.save()
        note = ""
        if self.records is not None:
            new_best = self.records.records.record_solitaire(self.game.seed, result.score)
            problem = self.records.save()
            if problem:
                note = f" ({problem})"
            elif new_best and result.score:
                note = " A new best on this deal!"
        best = par(self.game.deck, self.game.deal)
        self.best_result = best
        if result.score >= best.score:
            verdict = "You made par!"
        else:
            more = best.score - result.score
            were = "points were" if more != 1 else "point was"
            verdict = f"Par is {best.score}: {more} more {were} possible (see how on the right)."
        self.say(f"{verdict}{note}")
        self.refresh_all()

    def _confirm_leaving(self, then: Callable[[], object], *, another: bool = True) -> None:
        """Ask before leaving a deal in progress (for `another` deal, or back to the menu)."""
        from civio_tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                then()

        if self.game.is_over or not self.game.turned:
            then()
            return
        # Kept only when the save folder is usable and the last save went through: after a
        # failed save (a full disk) the file on disk is an earlier moment of the deal, or none.
        kept = self.saves is not None and self.saves.problem is None and self.unsaved is None
        failed = self.saves is not None and self.saves.problem is None and not kept
        if another:
            title, what = "Start another deal?", "This deal is not finished; "
            what += "the new deal takes its place in your save." if kept else "it is not kept."
        else:
            title = "Leave this deal?"
            if kept:
                what = "It is saved: More games offers to continue it."
            elif failed:
                what = (
                    f"It could not be saved ({self.unsaved}): leaving loses the moves since "
                    "its last save."
                )
            else:
                what = "This game is not finished; it will not be kept."
        self.app.push_screen(
            ConfirmScreen(title, what, yes="Start it" if another else "Leave", no="Keep playing"),
            answer,
        )

    def action_new(self) -> None:
        self._confirm_leaving(lambda: self.start(random.randrange(1, 1_000_000)))

    def action_day(self) -> None:
        self._confirm_leaving(lambda: self.start(self.day_seed))

    def action_seed(self) -> None:
        def chosen(seed: int | None) -> None:
            if seed is not None:
                self.start(seed)

        self._confirm_leaving(lambda: self.app.push_screen(SeedModal(), chosen))

    def action_back(self) -> None:
        self._confirm_leaving(lambda: self.dismiss(None), another=False)


def continue_solitaire(app: CivioApp) -> None:
    """Open the saved Solitaire deal (the main menu's Continue); a save that cannot be read
    says why."""
    from civio_tui.card_games_save import in_progress
    from civio_tui.game_file import open_saved

    saves = SolitaireSaves(app.save_dir, app.deck)
    open_saved(app, saves, in_progress, lambda saved: SolitaireScreen(resume=saved))
