"""The save file: a campaign as a pydantic model that writes and reads itself as JSON.

A save holds the campaign's settings (players and their levels, rules, target rank, seed, the
deck's identity), the finished rounds' history, and the round in progress as its seed, dealer and
action list: resuming replays the actions. Every finished round keeps its actions and the check of
its last state too, so it can be replayed and reviewed later (rounds saved before version 3 have
none: they are shown as "no replay"). A `RoundCheck` of derived state (whose turn, the
discard pile, hashes of every seat's view) is stored beside them so a replay that comes out
differently is caught and reported, never silently accepted.

`schema_version` says which shape the file has. Older versions are migrated on load
(`MIGRATIONS`); newer ones are refused with a message saying so.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from cards.game import game_winners
from cards.ranks import parse_rank, rank_for
from cards.ruleset import RuleSet
from civio_tui.save_format import DeckEdition, Envelope, Migration, UnreadableSave

FORMAT = "civio-tui campaign"
SCHEMA_VERSION = 3
HUMAN = "human"


SaveFormatError = UnreadableSave
"""A file that is not a save this version can read; the message is the reason, for people."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


DeckIdentity = DeckEdition
"""Which deck a campaign is played with (the save format's deck edition)."""


MAX_PLAYER_NAME = 40
"""The longest player name, in characters."""


class Player(_Strict):
    """A seat: its name and who plays it (`human`, or an AI level such as `medium`)."""

    name: str = Field(min_length=1, max_length=MAX_PLAYER_NAME)
    level: str = Field(min_length=1)


class RoundCheck(_Strict):
    """Derived state of a round, stored to check that its replay matches (the round in
    progress, or a finished round's last state).

    The readable fields are there for people; `state_sha256` covers the whole state (every
    seat's cards, the discard pile, the supply's order, skips, whose turn and decision).
    """

    actions: int = Field(ge=0)
    turn: int = Field(ge=0)
    to_decide: str | None
    decision: str | None
    discard_top: str | None
    supply: int = Field(ge=0)
    state_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class RoundRecord(_Strict):
    """A finished round: who won (None: no winner), everyone's points, and whether the winner
    went out with a Thurgood Flush; and, to replay it, its actions (in `Action.to_str` form,
    dealt from `seed` by `dealer`) with the check of its last state. `actions` is None for a
    round saved before rounds were kept (schema version 2): it has no replay."""

    round: int = Field(ge=1)
    dealer: int = Field(ge=0)
    seed: int
    winner: str | None
    points: dict[str, int]
    flush: bool
    turns: int = Field(ge=0)
    actions: list[str] | None = None
    check: RoundCheck | None = None

    @model_validator(mode="after")
    def _replay_whole(self) -> Self:
        if (self.actions is None) != (self.check is None):
            raise ValueError("a kept round needs both its actions and its check")
        if self.check is not None and self.check.actions != len(self.actions or ()):
            raise ValueError(
                f"round {self.round}: the check counts {self.check.actions} actions, "
                f"the round has {len(self.actions or ())}"
            )
        return self

    @property
    def replayable(self) -> bool:
        return self.actions is not None


class RoundInProgress(_Strict):
    """The round being played: resumed by replaying `actions` (in `Action.to_str` form) on a
    round dealt from `seed` by `dealer`."""

    round: int = Field(ge=1)
    dealer: int = Field(ge=0)
    seed: int
    actions: list[str]
    check: RoundCheck
    ui: dict[str, Any] = Field(default_factory=dict)
    """The table screen's own state for this round (how the player arranged their cards),
    so Continue shows the table as it was left; not part of the game and not checked."""


class Standing(_Strict):
    """A player's cumulative points and rank (derived from the history, stored for people)."""

    name: str
    points: int
    rank: str


class Campaign(_Strict):
    """A named series of rounds against fixed opponents, up to a target rank or, when
    `max_rounds` is set, at most that many rounds (a short game for a lesson)."""

    name: str
    created_at: datetime
    rules: RuleSet
    target: str
    seed: int
    deck: DeckIdentity
    players: list[Player] = Field(min_length=2, max_length=4)
    history: list[RoundRecord] = []
    standings: list[Standing]
    current: RoundInProgress | None = None
    finished: bool = False
    winners: list[str] = []
    practice: bool = False
    """A practice game: the human may take moves back (and so may see what is to come)."""
    max_rounds: int | None = Field(default=None, ge=1)
    """The game also ends after this many rounds (docs/RULES.md, Ranks); None: only the target."""

    @model_serializer(mode="wrap")
    def _optional_only_when_set(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A campaign that is no practice game and has no round limit writes the same file as
        # before those fields existed, so earlier versions of civio-tui still open it.
        data: dict[str, Any] = handler(self)
        if not self.practice:
            data.pop("practice", None)
        if self.max_rounds is None:
            data.pop("max_rounds", None)
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            raise ValueError("two players have the same name")
        parse_rank(self.target)
        if self.target != parse_rank(self.target):
            raise ValueError(f"target {self.target!r} is not spelled as in the rank table")
        seats = len(self.players)
        for number, record in enumerate(self.history, 1):
            if record.round != number:
                raise ValueError(f"history: round {record.round} where round {number} belongs")
            if record.dealer >= seats:
                raise ValueError(f"history: round {number} has dealer seat {record.dealer}")
            if set(record.points) != set(names):
                raise ValueError(f"history: round {number} does not score exactly the players")
            if record.winner is not None and record.winner not in names:
                raise ValueError(f"history: round {number} winner {record.winner!r} is no player")
        if self.max_rounds is not None and len(self.history) > self.max_rounds:
            raise ValueError(
                f"history: {len(self.history)} rounds in a game of at most {self.max_rounds}"
            )
        if self.standings != standings(self.players, self.history):
            raise ValueError("standings do not add up to the history")
        if self.current is not None:
            if self.finished:
                raise ValueError("a finished campaign has a round in progress")
            if self.current.round != len(self.history) + 1:
                raise ValueError(
                    f"round in progress is numbered {self.current.round}, "
                    f"expected {len(self.history) + 1}"
                )
            if self.current.dealer >= seats:
                raise ValueError(f"round in progress has dealer seat {self.current.dealer}")
        if any(w not in names for w in self.winners):
            raise ValueError("a campaign winner is no player")
        if bool(self.winners) != self.finished:
            raise ValueError("winners are named exactly when the campaign is finished")
        return self

    @property
    def human(self) -> Player | None:
        """The first human player (hot-seat campaigns have several: `humans`)."""
        return next((p for p in self.players if p.level == HUMAN), None)

    @property
    def humans(self) -> list[Player]:
        """Every human player, in seat order (2 to 4 at a hot-seat table)."""
        return [p for p in self.players if p.level == HUMAN]

    @property
    def rounds_played(self) -> int:
        return len(self.history)

    @property
    def in_round(self) -> bool:
        return self.current is not None

    def points(self) -> dict[str, int]:
        return {s.name: s.points for s in self.standings}

    def standing(self, name: str) -> Standing:
        return next(s for s in self.standings if s.name == name)

    def player_rows(self) -> list[dict[str, Any]]:
        """Each player's name, level, points and rank, in seat order (for JSON documents)."""
        return [
            {
                "name": p.name,
                "level": p.level,
                "points": self.standing(p.name).points,
                "rank": self.standing(p.name).rank,
            }
            for p in self.players
        ]

    def stats(self) -> dict[str, Any]:
        """Simple figures over the finished rounds."""
        wins = Counter(r.winner for r in self.history if r.winner is not None)
        flushes = Counter(r.winner for r in self.history if r.flush and r.winner is not None)
        played = len(self.history)
        return {
            "rounds_played": played,
            "rounds_without_winner": sum(1 for r in self.history if r.winner is None),
            "mean_turns": round(sum(r.turns for r in self.history) / played, 1) if played else 0,
            "players": {
                p.name: {
                    "wins": wins[p.name],
                    "flushes": flushes[p.name],
                    "best_round": max((r.points[p.name] for r in self.history), default=0),
                    "mean_points": (
                        round(sum(r.points[p.name] for r in self.history) / played, 2)
                        if played
                        else 0
                    ),
                }
                for p in self.players
            },
        }


def standings(players: list[Player], history: list[RoundRecord]) -> list[Standing]:
    """Cumulative points and rank of each player, in seat order."""
    totals = {p.name: 0 for p in players}
    for record in history:
        for name, points in record.points.items():
            if name in totals:
                totals[name] += points
    return [Standing(name=n, points=pts, rank=rank_for(pts)) for n, pts in totals.items()]


def campaign_winners(
    camp_standings: list[Standing],
    target: str,
    max_rounds: int | None = None,
    rounds_played: int | None = None,
) -> list[str]:
    """Who has won when someone holds the target rank, or after `max_rounds` rounds (docs/RULES.md,
    Ranks; `cards.game.game_winners`, the rule a `Game` follows too). Empty while the game goes on.

    A campaign is decided after every round, its totals only grow and it shares tied titles,
    so its latest totals stand for every round played: the rule checks the target on them and
    the round limit on their count (`rounds_played`; None: one round's worth, enough when
    there is no limit)."""
    totals = [s.points for s in camp_standings]
    count = 1 if rounds_played is None else rounds_played
    seats = game_winners([totals] * count, target, max_rounds)
    return [camp_standings[s].name for s in seats]


def now() -> datetime:
    return datetime.now(UTC)


# --- reading and migrating -------------------------------------------------------------------


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the development draft) kept the deck as two flat fields and the opponents as
    a list of levels beside an implicit human seat named `You`."""
    camp = dict(doc.get("campaign") or {})
    if "deck_name" in camp or "deck_sha256" in camp:
        camp["deck"] = {
            "name": camp.pop("deck_name", None),
            "sha256": camp.pop("deck_sha256", None),
        }
    if "opponents" in camp and "players" not in camp:
        levels = camp.pop("opponents")
        camp["players"] = [{"name": "You", "level": HUMAN}] + [
            {"name": name, "level": level}
            for name, level in zip(opponent_names(levels), levels, strict=True)
        ]
    return {**doc, "schema_version": 2, "campaign": camp}


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 kept only the outcome of a finished round; version 3 also keeps its actions
    and check. The rounds of a version-2 file are marked as having no replay (actions null)."""
    camp = dict(doc.get("campaign") or {})
    camp["history"] = [
        {**record, "actions": None, "check": None} for record in camp.get("history") or []
    ]
    return {**doc, "schema_version": 3, "campaign": camp}


# MIGRATIONS[n] turns a version-n document into a version-(n+1) one.
MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2, 2: _v2_to_v3}


class SaveFile(Envelope):
    """One campaign's save file (its deck edition is `campaign.deck`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    KIND: ClassVar[str] = FORMAT
    VERSION: ClassVar[int] = SCHEMA_VERSION
    WHAT: ClassVar[str] = "campaign"
    MIGRATIONS: ClassVar[dict[int, Migration]] = MIGRATIONS

    format: Literal["civio-tui campaign"] = "civio-tui campaign"
    schema_version: Literal[3] = 3
    saved_by: str
    saved_at: datetime
    campaign: Campaign

    @property
    def edition(self) -> DeckEdition:
        return self.campaign.deck


def opponent_names(levels: list[str]) -> list[str]:
    """Seat names for AI opponents: the level, capitalised, numbered when it repeats."""
    counts = Counter(levels)
    seen: Counter[str] = Counter()
    names = []
    for level in levels:
        seen[level] += 1
        base = level.capitalize()
        names.append(f"{base} {seen[level]}" if counts[level] > 1 else base)
    return names


def parse_save(data: bytes) -> SaveFile:
    """The SaveFile in `data`, migrated to the current schema; SaveFormatError says why not."""
    return SaveFile.parse(data)
