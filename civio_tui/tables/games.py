"""The games a table can seat: every game of the registry (civio_tui/games.py) that two or more
play, as a `TableMatch`, the whole game at a table rebuilt from its seed and its action log.

A match is a number of deals (`rounds`, 1 by default) or deals until a seat reaches a `target`
rank, each dealt through the registry with the dealer moving one seat left, the totals and the
end as in `cards.game.game_winners`. A deal's own views carry no totals: `TableMatch.totals`
has them. The next deal starts by itself when one ends (a deal needs
no choice), so the log is only the players' actions and replaying it always gives the same match.

An action is kept in the log as its engine's JSON (`to_json()`, or a plain action's fields) and
read back by finding the legal action that writes the same JSON: what is not legal now is not
read at all. A computer's choice is seeded from the table's seed and the log's length, so every
process that computes it computes the same action, and a repeated computation cannot fork the
table.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from cards.deck import Deck, standard_deck
from cards.game import game_winners, round_seed
from cards.ranks import parse_rank
from cards.ruleset import RULESET_NAMES, RuleSet
from civio_tui.games import GAMES, MAX_GAME_ROUNDS, GameInfo, UnknownGameError, game

STAND_IN = "medium"
"""The level that plays for a person who is away (a game without it: its weakest level)."""


class TableRefused(ValueError):
    """An operation the table's state or its settings do not allow; nothing was changed.
    `option` names the setting at fault (`seats`, `rules`, `target`, `rounds`, `computer`,
    `name`), so that a command can name its option; None when no setting is."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True, slots=True)
class Pending:
    """The one decision the match waits for: whose, what about, and the legal actions (JSON)."""

    seat: int
    kind: str
    options: tuple[dict[str, Any], ...]


def computer_rng(seed: int, n: int) -> random.Random:
    """The RNG of the computer's choice for the log's action number `n`."""
    return random.Random(f"table:{seed}:{n}")


def action_json(action: Any) -> dict[str, Any]:
    """An engine's action as the log keeps it."""
    if hasattr(action, "to_json"):
        out: dict[str, Any] = action.to_json()
        return out
    return dataclasses.asdict(action)


class TableMatch:
    """A whole game at a table (see the module docstring)."""

    def __init__(self, info: GameInfo, seats: int, options: dict[str, Any], seed: int) -> None:
        self.info = info
        self.seats = seats
        self.seed = seed
        self.rules = RuleSet.named(options["rules"])
        self.target: str | None = options["target"]
        self.rounds: int | None = options["rounds"]
        self.deck: Deck = standard_deck()
        self.engines: list[Any] = []
        """The deals so far, in order: the last is in play, or the game is over."""
        self.applied = 0
        """How many actions the match has taken (its place in the table's log)."""
        self._deal()

    def _deal(self) -> None:
        if (self.engines and not self.engines[-1].is_over) or self.is_over:
            return
        k = len(self.engines)
        dealer = k % self.seats
        engine = self.info.deal(self.seats, dealer, round_seed(self.seed, k), self.rules, self.deck)
        if k and hasattr(engine, "scores_before"):
            # A deal's views show the points each seat carries into it (the Opponents' totals
            # and ranks), as a campaign's rounds do; the rules and the computers never read them.
            engine.scores_before = tuple(self.totals)
        self.engines.append(engine)

    @property
    def totals(self) -> list[int]:
        """Each seat's points (or pairs) over the finished deals."""
        totals = [0] * self.seats
        for engine in self.engines:
            if engine.is_over:
                totals = [t + s for t, s in zip(totals, engine.result.scores, strict=True)]
        return totals

    @property
    def is_over(self) -> bool:
        if not self.engines or not self.engines[-1].is_over:
            return False
        history, totals = [], [0] * self.seats
        for engine in self.engines:
            totals = [t + s for t, s in zip(totals, engine.result.scores, strict=True)]
            history.append(totals)
        return bool(game_winners(history, self.target, self.rounds))

    @property
    def pending(self) -> Pending | None:
        engine = self.engines[-1]
        d = engine.decision
        if d is None:
            return None
        options = tuple(action_json(a) for a in engine.legal_actions())
        return Pending(d.seat, str(d.kind), options)

    def early(self, seat: int) -> Any:
        """The decision `seat` may make before the deal in play asks it (its engine's
        `early_decision`, if it has one: CIVIO's opening, where every seat chooses at once);
        None when there is none."""
        early = getattr(self.engines[-1], "early_decision", None)
        return None if early is None else early(seat)

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action given as JSON; ValueError naming the problem, nothing changed."""
        engine = self.engines[-1]
        if engine.is_over:
            raise ValueError("the game is over")
        for legal in engine.legal_actions():
            if action_json(legal) == action:
                engine.apply(legal)
                self.applied += 1
                self._deal()
                return
        raise ValueError(f"{action} is not one of the legal actions now")

    def view(self, seat: int) -> BaseModel:
        """Exactly what `seat` may know now (the engine's own view of that seat)."""
        view: BaseModel = self.engines[-1].view(seat)
        return view

    def computer_action(self, level: str, rng: random.Random) -> dict[str, Any]:
        """The pending seat's action as the computer of `level` chooses it from that seat's
        view."""
        engine = self.engines[-1]
        d = engine.decision
        player = self.info.levels().player(level, self.deck)
        return action_json(player.choose(engine.view(d.seat), d, rng))


@dataclass(frozen=True)
class TableGame:
    """One game a table can play: the registry's entry, the seats a table has, its computer
    levels and the level that stands in for a person who is away."""

    info: GameInfo

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def seats(self) -> tuple[int, int]:
        return max(2, self.info.seats[0]), self.info.seats[1]

    @property
    def levels(self) -> list[str]:
        return self.info.level_names()

    @property
    def stand_in(self) -> str:
        levels = self.levels
        return STAND_IN if STAND_IN in levels else levels[0]

    def options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The rule version and how the game ends: `rounds` deals (1 when neither is given)
        or until a seat reaches the `target` rank."""
        unknown = set(options) - {"rules", "target", "rounds"}
        if unknown:
            raise ValueError(f"unknown table options {sorted(unknown)}: rules, target, rounds")
        rules = options.get("rules", "booklet")
        if rules not in RULESET_NAMES:
            choices = " or ".join(RULESET_NAMES)
            raise TableRefused(f"unknown rule version {rules!r}: choose {choices}", "rules")
        rounds = options.get("rounds")
        if rounds is not None and (
            not isinstance(rounds, int) or not 1 <= rounds <= MAX_GAME_ROUNDS
        ):
            raise TableRefused(
                f"a table plays 1 to {MAX_GAME_ROUNDS:,} rounds, not {rounds!r}", "rounds"
            )
        target = options.get("target")
        if target is not None and not self.info.ranked:
            raise TableRefused(
                f"{self.title} is played for a number of rounds, not to a rank", "target"
            )
        if target is not None:
            try:
                target = parse_rank(str(target))
            except ValueError as exc:
                raise TableRefused(str(exc), "target") from None
        elif rounds is None:
            rounds = 1
        return {"rules": rules, "target": target, "rounds": rounds}


def table_games() -> list[TableGame]:
    """Every registered game two or more can play."""
    return [TableGame(info) for info in GAMES if info.seats[1] >= 2]


def table_game(game_id: str) -> TableGame:
    try:
        info = game(game_id)
    except UnknownGameError:
        info = None
    if info is None or info.seats[1] < 2:
        ids = ", ".join(g.id for g in table_games())
        raise ValueError(f"no table game {game_id!r}: choose from {ids}")
    return TableGame(info)


def new_match(game_id: str, seats: int, options: dict[str, Any], seed: int) -> TableMatch:
    """The match at its start (the first deal made)."""
    return TableMatch(table_game(game_id).info, seats, options, seed)
