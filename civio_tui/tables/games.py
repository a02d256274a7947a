"""The games a table can seat, each as a `TableMatch`: a whole game (round after round) rebuilt
from its seed and the table's action log, with actions in and out as JSON.

A match starts the next round by itself when one ends (the deal needs no choice), so the log is
only the players' actions and replaying it always gives the same match. A computer's choice is
seeded from the table's seed and the log's length: every process that computes it computes the
same action, so a repeated computation can never fork the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from cards.deck import Deck, standard_deck
from cards.game import Game
from cards.games.civio.actions import Action
from cards.games.concentration.game import Concentration, TurnCard
from cards.games.easy_play.game import EasyPlayGame
from cards.games.easy_play.round import EasyAction
from cards.ranks import DEFAULT_TARGET, parse_rank
from cards.ruleset import RULESET_NAMES, RuleSet
from civio_tui.games import CIVIO, CONCENTRATION, EASY_PLAY


@dataclass(frozen=True, slots=True)
class Pending:
    """The one decision the match waits for: whose, what about, and the legal actions (JSON)."""

    seat: int
    kind: str
    options: tuple[dict[str, Any], ...]


class TableMatch(Protocol):
    seats: int

    @property
    def pending(self) -> Pending | None: ...
    @property
    def is_over(self) -> bool: ...
    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action given as JSON; ValueError (or the engine's IllegalActionError, a
        ValueError) naming the problem, nothing changed."""

    def view(self, seat: int) -> BaseModel:
        """Exactly what `seat` may know now (the engine's own view of that seat)."""

    @property
    def engines(self) -> list[Any]:
        """The engines dealt so far, in order (the rounds; Concentration's one game): the
        last is in play, or the game is over."""

    def action_json(self, action: Any) -> dict[str, Any]:
        """An engine's action as the log keeps it."""

    def computer_action(self, level: str, rng: random.Random) -> dict[str, Any]:
        """The pending seat's action as the computer of `level` chooses it from that seat's
        view."""


def computer_rng(seed: int, n: int) -> random.Random:
    """The RNG of the computer's choice for the log's action number `n`."""
    return random.Random(f"table:{seed}:{n}")


class _RoundsMatch:
    """CIVIO or Easy Play: rounds of a `Game` until it is over."""

    def __init__(self, game: Game, parse: Callable[[dict[str, Any]], Any], choose: Any) -> None:
        self.game = game
        self.seats = game.seats
        self._parse = parse
        self._choose = choose
        self._deal()

    def _deal(self) -> None:
        if self.game.current is None and not self.game.is_over:
            self.game.start_round()

    @property
    def pending(self) -> Pending | None:
        rnd: Any = self.game.current
        d = None if rnd is None else rnd.decision
        if d is None:
            return None
        return Pending(d.seat, str(d.kind), tuple(a.to_json() for a in d.options))

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def apply(self, action: dict[str, Any]) -> None:
        rnd: Any = self.game.current
        if rnd is None:
            raise ValueError("the game is over")
        rnd.apply(self._parse(action))
        self._deal()

    def view(self, seat: int) -> BaseModel:
        rnd: Any = self.game.rounds[-1]
        view: BaseModel = rnd.view(seat)
        return view

    @property
    def engines(self) -> list[Any]:
        return list(self.game.rounds)

    def action_json(self, action: Any) -> dict[str, Any]:
        out: dict[str, Any] = action.to_json()
        return out

    def computer_action(self, level: str, rng: random.Random) -> dict[str, Any]:
        rnd: Any = self.game.current
        d = rnd.decision
        action = self._choose(level, self.game.deck, rnd.view(d.seat), d, rng)
        out: dict[str, Any] = action.to_json()
        return out


def _choose_civio(level: str, deck: Deck, view: Any, decision: Any, rng: random.Random) -> Any:
    from ai import get_player

    return get_player(level).choose(view, decision, rng)


def _choose_easy(level: str, deck: Deck, view: Any, decision: Any, rng: random.Random) -> Any:
    from ai.easy_play.levels import LEVELS

    return LEVELS.player(level, deck).choose(view, decision, rng)


class _ConcentrationMatch:
    def __init__(self, seats: int, seed: int) -> None:
        self.game = Concentration(seed, seats)
        self.seats = seats

    @property
    def pending(self) -> Pending | None:
        d = self.game.decision
        if d is None:
            return None
        kind = "second_card" if d.second else "first_card"
        return Pending(d.seat, kind, tuple({"position": p} for p in d.options))

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def apply(self, action: dict[str, Any]) -> None:
        if not isinstance(action, dict) or set(action) != {"position"}:
            raise ValueError(f"not a Concentration action: {action!r}")
        position = action["position"]
        if not isinstance(position, int) or isinstance(position, bool):
            raise ValueError(f"not a Concentration action: {action!r}")
        self.game.apply(TurnCard(position))

    def view(self, seat: int) -> BaseModel:
        return self.game.view(seat)

    @property
    def engines(self) -> list[Any]:
        return [self.game]

    def action_json(self, action: Any) -> dict[str, Any]:
        return {"position": action.position}

    def computer_action(self, level: str, rng: random.Random) -> dict[str, Any]:
        from ai.concentration.levels import ConcentrationPlayer

        d = self.game.decision
        assert d is not None
        turn = ConcentrationPlayer(level).choose(self.game.view(d.seat), d, rng)
        return {"position": turn.position}


@dataclass(frozen=True)
class TableGame:
    """One game a table can play: its id, title, seats, computer levels and the level that
    stands in for a person who is away (the game's Medium, or its nearest)."""

    id: str
    title: str
    seats: tuple[int, int]
    levels: tuple[str, ...]
    stand_in: str
    build: Callable[[int, dict[str, Any], int], TableMatch]
    options: Callable[[dict[str, Any]], dict[str, Any]]


def _rounds_options(options: dict[str, Any]) -> dict[str, Any]:
    """The rule version and how the game ends (a target rank, or a number of rounds)."""
    rules = options.get("rules", "booklet")
    if rules not in RULESET_NAMES:
        raise ValueError(f"unknown rule version {rules!r}: choose {' or '.join(RULESET_NAMES)}")
    rounds = options.get("rounds")
    if rounds is not None and (not isinstance(rounds, int) or rounds < 1):
        raise ValueError(f"rounds must be a whole number of at least 1, not {rounds!r}")
    target = options.get("target")
    if target is None and rounds is None:
        target = DEFAULT_TARGET
    elif target is not None:
        target = parse_rank(str(target))
    return {"rules": rules, "target": target, "rounds": rounds}


def _game_kwargs(seats: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    return {
        "seats": seats,
        "rules": RuleSet.named(options["rules"]),
        "seed": seed,
        "target": options["target"],
        "max_rounds": options["rounds"],
        "deck": standard_deck(),
    }


def _civio(seats: int, options: dict[str, Any], seed: int) -> TableMatch:
    game = Game(**_game_kwargs(seats, options, seed))
    return _RoundsMatch(game, Action.from_json, _choose_civio)


def _easy_play(seats: int, options: dict[str, Any], seed: int) -> TableMatch:
    game = EasyPlayGame(**_game_kwargs(seats, options, seed))
    return _RoundsMatch(game, EasyAction.from_json, _choose_easy)


def _no_options(options: dict[str, Any]) -> dict[str, Any]:
    if options:
        raise ValueError(f"Concentration takes no table options, not {sorted(options)}")
    return {}


TABLE_GAMES: dict[str, TableGame] = {
    g.id: g
    for g in (
        TableGame(
            CIVIO.id, CIVIO.title, (2, 4), ("random", "easy", "medium", "hard"), "medium",
            _civio, _rounds_options,
        ),
        TableGame(
            EASY_PLAY.id, EASY_PLAY.title, (2, 4), ("random", "easy", "medium"), "medium",
            _easy_play, _rounds_options,
        ),
        TableGame(
            CONCENTRATION.id, CONCENTRATION.title, (2, 4), ("easy", "hard"), "easy",
            lambda seats, options, seed: _ConcentrationMatch(seats, seed), _no_options,
        ),
    )
}  # fmt: skip


def table_game(game_id: str) -> TableGame:
    try:
        return TABLE_GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"no table game {game_id!r}: choose from {', '.join(TABLE_GAMES)}"
        ) from None


def new_match(game_id: str, seats: int, options: dict[str, Any], seed: int) -> TableMatch:
    """The match at its start (the first round dealt)."""
    return table_game(game_id).build(seats, options, seed)
