"""Fixtures for the Textual tests: isolated config and save folders, a frozen cursor blink,
instant AI pacing, and helpers to drive the table to a given decision."""

from __future__ import annotations

import html
import random
import re
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from cards.deck import Deck, standard_deck
from cards.games.civio.actions import CIVIO_PLAY_ON, Action, Decision, DecisionKind
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.ruleset import RuleSet
from civio_tui.app import CivioApp
from civio_tui.campaigns import catalogue
from civio_tui.game_backends import MemoryBackend
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.settings import Settings
from civio_tui.table_controller import TableController


@pytest.fixture(autouse=True)
def isolated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Path:
    """Keep every test away from the player's real settings and saves; freeze the cursor; deal
    the same cards on every run."""
    config = tmp_path / "config"
    saves = tmp_path / "saves"
    monkeypatch.setenv("CIVIO_CONFIG_DIR", str(config))
    monkeypatch.setenv("CIVIO_SAVE_DIR", str(saves))
    monkeypatch.delenv("NO_COLOR", raising=False)
    # A blinking cursor would make snapshots depend on timing (harlequin does the same).
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    # A game started from a form with no seed draws one from `random` (a campaign from
    # `secrets`): seeded from the test's name, a test deals the same cards on every run instead
    # of failing now and then on an unlucky deal.
    seed = zlib.crc32(request.node.nodeid.encode())
    random.seed(seed)
    monkeypatch.setattr(
        catalogue, "secrets", SimpleNamespace(randbits=random.Random(seed).getrandbits)
    )
    return tmp_path


PLAIN_BOT = [
    "Korematsu v US",
    "Plessy v Ferguson",
    "Dred Scott v Sandford",
    "Schenck v US",
    "Dennis v US",
    "Bowers v Hardwick",
    "Gregg v Georgia",
]
"""Seven cards that link to nothing of one another: a hand that never goes out."""
FLUSH_HAND = [
    "School",
    "Board of Education v Barnette",
    "Tinker v Des Moines School District",
    "Board of Education v Pico",
    "Expression",
    "1st Amendment",
    "14th Amendment",
]
"""Seven cards that go out as a Thurgood Flush (24 points under the booklet rules)."""


def make_app(**settings: object) -> CivioApp:
    """The app with instant AI pacing (tests never wait for the pace of a human)."""
    values: dict[str, object] = {"ai_speed": "instant", **settings}
    return CivioApp(settings=Settings.model_validate(values))


class ScriptedPlayer:
    """A predictable opponent: draws from the supply and discards what it drew, except that it
    discards `discard_first` (a card name) at its first chance; aims attacks at `target`;
    accepts every attack; calls CIVIO unless it `plays_on`; takes the first option of anything
    else."""

    name = "scripted"

    def __init__(
        self,
        deck: Deck,
        discard_first: str | None = None,
        target: int = 0,
        *,
        plays_on: bool = False,
    ) -> None:
        self.card = deck.lookup(discard_first) if discard_first else None
        self.target = target
        self.plays_on = plays_on

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        options = decision.options
        kind = decision.kind
        if kind is DecisionKind.DRAW:
            return Action.draw("supply") if Action.draw("supply") in options else options[0]
        if kind is DecisionKind.DISCARD:
            if self.card is not None and Action.discard(self.card) in options:
                card, self.card = self.card, None
                return Action.discard(card)
            if decision.drawn is not None and Action.discard(decision.drawn) in options:
                return Action.discard(decision.drawn)
            return options[0]
        if kind is DecisionKind.ATTACK_TARGET:
            return (
                Action.target(self.target) if Action.target(self.target) in options else options[0]
            )
        if kind is DecisionKind.OVERRULE:
            return options[-1]
        if kind is DecisionKind.CIVIO and self.plays_on:
            return CIVIO_PLAY_ON
        return options[0]


class DealtBackend(MemoryBackend):
    """A game in memory whose first round is dealt in a fixed order (Round's deal_order hook),
    against scripted opponents."""

    def __init__(
        self,
        deck: Deck,
        hands: Sequence[Sequence[str]],
        players: Sequence[ScriptedPlayer],
        *,
        discard: str,
        supply: Sequence[str] = (),
        rules: RuleSet | None = None,
    ) -> None:
        levels = ["scripted"] * len(players)
        names = [
            "You",
            *(f"Bot {i}" if len(players) > 1 else "Bot" for i in range(1, len(players) + 1)),
        ]
        self._deck = deck
        self.deal = [deck.lookup(n) for hand in hands for n in hand]
        self.deal.append(deck.lookup(discard))
        self.deal.extend(deck.lookup(n) for n in supply)
        super().__init__(
            deck,
            ["random"] * len(players),
            rules=rules or RuleSet(),
            target="Chief Justice of the Supreme Court",
            seed=11,
            names=names,
        )
        self.levels = ["human", *levels]
        self._players = dict(enumerate(players, 1))  # type: ignore[arg-type]

    def next_round(self) -> Round:
        k = len(self.game.rounds)
        rnd = Round(
            self.rules,
            len(self.names),
            self.game.dealer_for(k),
            self.game.seed_for(k),
            self._deck,
            deal_order=self.deal if k == 0 else None,
            scores=self.game.totals,
        )
        self.game.rounds.append(rnd)
        return rnd


@pytest.fixture(scope="session")
def deck() -> Deck:
    return standard_deck()


async def main_menu(pilot: Pilot[int]) -> MainMenuScreen:
    """Wait until the main menu is on screen and has looked for saved games."""
    for _ in range(100):
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, MainMenuScreen) and screen.scanned:
            return screen
    raise AssertionError("the main menu did not finish looking for saves")


async def choose_entry(pilot: Pilot[int], key: str) -> None:
    """Press the number of the main menu's entry `key` ("new", "settings", ...), read from the
    menu so a test does not break when entries are added."""
    screen = pilot.app.screen
    assert isinstance(screen, MainMenuScreen)
    keys = [entry for entry, _ in screen.entries()]
    await pilot.press(str(keys.index(key) + 1))


async def wait_until(pilot: Pilot[Any], check: Callable[[], bool], limit: int = 200) -> None:
    """Pause until `check()` holds; fail after `limit` pauses without it."""
    for _ in range(limit):
        await pilot.pause()
        if check():
            return
    raise AssertionError("the app never got there")


async def wait_for_screen(pilot: Pilot[int], screen_type: type, limit: int = 50) -> None:
    """Pause until a `screen_type` is on top; fail after `limit` pauses without one."""
    for _ in range(limit):
        await pilot.pause()
        if isinstance(pilot.app.screen, screen_type):
            return
    raise AssertionError(
        f"{screen_type.__name__} never came on top (still {type(pilot.app.screen).__name__})"
    )


async def open_table(pilot: Pilot[int], controller: TableController) -> None:
    """Put the table for `controller` on screen and wait for the first question."""
    from civio_tui.screens.civio.table import TableScreen

    app = pilot.app
    assert isinstance(app, CivioApp)
    await app.push_screen(TableScreen(controller))
    await settle(pilot)


async def settle(pilot: Pilot[int], limit: int = 400) -> None:
    """Wait until the human must decide, the round is over, or another screen is on top."""
    from civio_tui.screens.civio.table import TableScreen

    for _ in range(limit):
        await pilot.pause()
        screen = pilot.app.screen
        if not isinstance(screen, TableScreen):
            return
        ctl = screen.controller
        over = ctl.round is not None and ctl.rnd.is_over
        if over or (ctl.round is not None and ctl.human_to_move() and screen.question is not None):
            return
    raise AssertionError("the table did not settle")


async def press_1_to_round_end(pilot: Pilot[int], limit: int = 300) -> None:
    """Answer every question with 1 (draw from the supply, discard what was drawn, accept, call
    CIVIO when offered) until the round-end screen is on top."""
    from civio_tui.screens.civio.round_end import RoundEndScreen
    from civio_tui.screens.civio.table import TableScreen

    for _ in range(limit):
        screen = pilot.app.screen
        if isinstance(screen, RoundEndScreen):
            return
        assert isinstance(screen, TableScreen), screen
        if not screen.controller.rnd.is_over:
            await pilot.press("1")
            await settle(pilot)
        else:
            await pilot.pause()
    raise AssertionError("the round did not end")


def option_index(screen: object, card_name: str, deck: Deck) -> int:
    """The 1-based number of the question's option about `card_name`."""
    card = deck.lookup(card_name)
    question = screen.question  # type: ignore[attr-defined]
    for index, option in enumerate(question.options, 1):
        if option.card == card:
            return index
    raise AssertionError(f"no option about {card_name} in {question.title!r}")


def full_disk(*args: object) -> None:
    """A writer on a full disk: patched over `write_safely` where a game saves."""
    raise OSError(28, "No space left on device")


def screen_text(app: App[Any]) -> str:
    """Everything the terminal shows now, as one line of plain text."""
    svg = app.export_screenshot()
    text = html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg)))
    return " ".join(text.replace("\xa0", " ").split())
