"""A match of rounds (docs/RULES.md, Ranks): cumulative points, ranks, the end of the game and ties.

A `Game` is reconstructible from its settings plus each round's action history (`to_json` /
`from_json`): round k is dealt by seat `(first_dealer + k) % seats` with the seed
`round_seed(game.seed, k)`, so nothing else needs saving.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from cards.deck import Deck, standard_deck
from cards.games.civio.actions import Action
from cards.ranks import DEFAULT_TARGET, parse_rank, points_for_rank, rank_for
from cards.ruleset import RuleSet

if TYPE_CHECKING:
    from cards.games.civio.round import Round

MAX_TIEBREAK_ROUNDS = 5
"""With `tiebreak="tiebreaker"`: extra rounds played at most before the title is shared anyway."""


def round_seed(game_seed: int, k: int) -> int:
    """The seed of round `k` (0-based) of a game seeded `game_seed`: stable across machines."""
    digest = hashlib.sha256(f"civio-round:{game_seed}:{k}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_winners(
    totals_after: Sequence[Sequence[int]],
    target: str | None,
    max_rounds: int | None = None,
    tiebreak: str = "shared",
) -> list[int]:
    """Who holds the title (docs/RULES.md, Ranks), or [] while the game goes on: the one rule of how
    a game ends and who wins it, for `Game` and for campaigns alike.

    `totals_after[n - 1]`: every seat's cumulative points after round n (one entry per finished
    round). The game ends after the first round at which a seat reaches the `target` rank, or
    after `max_rounds`; then the higher total wins and a tie shares the title
    (`tiebreak="shared"`), or (`"tiebreaker"`) rounds go on until one seat leads, at most
    MAX_TIEBREAK_ROUNDS more, then the title is shared.
    """
    needed = points_for_rank(target) if target is not None else None
    first_end = None
    for n, totals in enumerate(totals_after, 1):
        if (needed is not None and max(totals) >= needed) or (
            max_rounds is not None and n >= max_rounds
        ):
            first_end = n
            break
    if first_end is None:
        return []
    leaders = _leaders(totals_after[-1])
    played = len(totals_after)
    if tiebreak == "shared" or len(leaders) == 1 or played - first_end >= MAX_TIEBREAK_ROUNDS:
        return leaders
    return []


def _leaders(totals: Sequence[int]) -> list[int]:
    top = max(totals)
    return [s for s, t in enumerate(totals) if t == top]


@dataclass
class Game:
    """Rounds among `seats` players until one reaches the `target` rank or after `max_rounds`.

    Play: `rnd = game.start_round()`, apply actions until `rnd.is_over`, repeat while
    `not game.is_over`. Totals count finished rounds only. Ties at the end: the higher total
    wins; still tied, the title is shared (`tiebreak="shared"`, the default) or more rounds are
    played until one seat leads (`"tiebreaker"`, at most MAX_TIEBREAK_ROUNDS, then shared).
    """

    seats: int
    rules: RuleSet = field(default_factory=RuleSet)
    seed: int = 0
    target: str | None = DEFAULT_TARGET
    max_rounds: int | None = None
    tiebreak: Literal["shared", "tiebreaker"] = "shared"
    first_dealer: int = 0
    deck: Deck = field(default_factory=standard_deck, repr=False)
    rounds: list[Round] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 4:
            raise ValueError(f"a game needs 2-4 seats, not {self.seats}")
        if self.target is not None:
            self.target = parse_rank(self.target)
        if self.target is None and self.max_rounds is None:
            raise ValueError("a game needs a target rank or a number of rounds")
        if self.max_rounds is not None and self.max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        if self.tiebreak not in ("shared", "tiebreaker"):
            raise ValueError("tiebreak is 'shared' or 'tiebreaker'")
        if not 0 <= self.first_dealer < self.seats:
            raise ValueError(f"first_dealer {self.first_dealer} is not a seat")

    # ------------------------------------------------------------------- the rounds

    def dealer_for(self, k: int) -> int:
        """The dealer of round k: the deal moves one seat left each round."""
        return (self.first_dealer + k) % self.seats

    def seed_for(self, k: int) -> int:
        return round_seed(self.seed, k)

    @property
    def current(self) -> Round | None:
        """The round in progress, if any."""
        if self.rounds and not self.rounds[-1].is_over:
            return self.rounds[-1]
        return None

    @property
    def finished_rounds(self) -> list[Round]:
        return [r for r in self.rounds if r.is_over]

    def start_round(self) -> Round:
        """Deal the next round (it carries the totals so far into its views)."""
        if self.current is not None:
            raise ValueError("the current round is not over yet")
        if self.is_over:
            raise ValueError("the game is over")
        from cards.games.civio.round import Round  # the engine loads only when a round is dealt

        k = len(self.rounds)
        rnd = Round(
            self.rules,
            self.seats,
            self.dealer_for(k),
            self.seed_for(k),
            self.deck,
            scores=self.totals,
        )
        self.rounds.append(rnd)
        return rnd

    # ------------------------------------------------------------------- scores

    def totals_after(self, n: int) -> list[int]:
        """Cumulative points after the first `n` finished rounds."""
        totals = [0] * self.seats
        for rnd in self.finished_rounds[:n]:
            assert rnd.result is not None
            for s, points in enumerate(rnd.result.scores):
                totals[s] += points
        return totals

    @property
    def totals(self) -> list[int]:
        return self.totals_after(len(self.rounds))

    def rank(self, seat: int) -> str:
        return rank_for(self.totals[seat])

    def ranks(self) -> list[str]:
        return [rank_for(t) for t in self.totals]

    def _totals_history(self) -> list[list[int]]:
        """Every seat's cumulative points after each finished round."""
        out: list[list[int]] = []
        totals = [0] * self.seats
        for rnd in self.finished_rounds:
            assert rnd.result is not None
            totals = [t + p for t, p in zip(totals, rnd.result.scores, strict=True)]
            out.append(totals)
        return out

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def winners(self) -> list[int]:
        """When over: the seats holding the title (more than one when it is shared); empty while
        the game goes on (`game_winners` of the finished rounds)."""
        if self.current is not None:
            return []
        return game_winners(self._totals_history(), self.target, self.max_rounds, self.tiebreak)

    def history(self) -> list[dict[str, Any]]:
        """One entry per finished round: winner, points per seat, whether it was a flush."""
        out = []
        for k, rnd in enumerate(self.finished_rounds):
            r = rnd.result
            assert r is not None
            out.append(
                {
                    "round": k + 1,
                    "winner": r.winner,
                    "points": list(r.scores),
                    "flush": r.kind == "flush",
                    "turns": r.turns,
                }
            )
        return out

    # ------------------------------------------------------------------- saving

    def to_json(self) -> dict[str, Any]:
        """Settings plus each round's action history: all a save needs (deck named by sha256)."""
        return {
            "seats": self.seats,
            "rules": self.rules.model_dump(mode="json"),
            "seed": self.seed,
            "target": self.target,
            "max_rounds": self.max_rounds,
            "tiebreak": self.tiebreak,
            "first_dealer": self.first_dealer,
            "deck_sha256": self.deck.sha256,
            "rounds": [[a.to_json() for a in rnd.actions] for rnd in self.rounds],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], deck: Deck | None = None) -> Game:
        """Rebuild a game (every round replayed with checks) from `to_json` output."""
        deck = deck if deck is not None else standard_deck()
        if data.get("deck_sha256") not in (None, deck.sha256):
            raise ValueError("the saved game was played with a different deck")
        game = cls(
            seats=int(data["seats"]),
            rules=RuleSet.model_validate(data.get("rules", {})),
            seed=int(data["seed"]),
            target=data.get("target"),
            max_rounds=data.get("max_rounds"),
            tiebreak=data.get("tiebreak", "shared"),
            first_dealer=int(data.get("first_dealer", 0)),
            deck=deck,
        )
        for actions in data.get("rounds", []):
            rnd = game.start_round()
            for a in actions:
                rnd.apply(cls.parse_action(a))
        return game

    @staticmethod
    def parse_action(data: dict[str, Any]) -> Any:
        """One saved action (a variant's game reads its own kind of action)."""
        return Action.from_json(data)
