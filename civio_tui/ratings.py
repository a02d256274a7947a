"""A person's rating, like lichess's: a number and its uncertainty, moved by every rated round;
and a separate puzzle rating. Computed with openskill's Plackett-Luce model from the records
alone, so the same records always give the same rating (docs/ARCHITECTURE.md, "Ratings").

The scale: openskill's skill `mu` (start 25, uncertainty `sigma` 25/3) shown as
`1500 + SCALE * (mu - 25)`, its uncertainty as `SCALE * sigma`, so a new person is 1500 ± 233.
SCALE is chosen so that, between two settled players, 200 points more means winning about 3
rounds in 4 (the chess convention the computer levels' anchors below are read with).

Rounds rated: every finished CIVIO round of a campaign that is not a practice game (practice
games and lessons allow taking moves back). The winner ranks first, the others after by their
points in the round (`round_ranks`); a round nobody won is a draw for the person. Only the
person's own rating moves:
- a computer seat plays at its level's fixed anchor (`LEVEL_RATINGS`, from the README's arena
  win rates against Medium);
- another person (a classmate at a networked table, a friend at one keyboard) plays at their
  rating against the computer over the campaigns they began before this one (their own folder
  when it is a served player's folder beside this one, else this folder), a new person's
  1500 ± 233 when they have none. Only rounds against the computer count there, so no two
  people's ratings wait on each other.
Rounds are taken in the order of their campaign's creation (then name, then round number).

Puzzles: each first answer to a puzzle is a round against the puzzle, rated by its kind and
difficulty (`puzzle_opponent`); solved at the first answer is a win, anything else a loss.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce, PlackettLuceRating

from civio_tui.campaigns.model import HUMAN, Campaign, RoundRecord
from civio_tui.campaigns.store import SaveError, SaveFolder, name_key
from civio_tui.save_format import UnreadableSave

if TYPE_CHECKING:
    from civio_tui.records import PuzzleStats

START = 1500
SCALE = 28.0
"""Shown points per unit of openskill's mu."""
PROVISIONAL_ABOVE = 120
"""A rating whose uncertainty is above this is provisional (shown with "?", as lichess does);
it takes about 15 rounds to come below."""

LEVEL_RATINGS = {"random": 1000, "easy": 1400, "medium": 1500, "hard": 1580}
"""The computer levels' fixed ratings. Medium is the 1500 a new person starts at; Easy wins
35.6% against Medium and Hard 61.2% (README, AI table: 100 points below and 80 above); Random
loses 99.8% of its rounds against Easy, more than any gap this scale shows, and is put 400
below Easy."""
ANCHOR_UNCERTAINTY = 28
"""The anchors' uncertainty: small, since the levels' strength is measured and never moves."""

PUZZLE_DIFFICULTY = {"easy": 1300, "medium": 1500, "hard": 1700}
PUZZLE_KIND = {"go-out": 0, "complete": 0, "broken": 0, "best": 100, "linked": -100}
"""A puzzle's rating: its difficulty's, plus its kind's offset (choosing the best 7 of up to 10
cards is harder than arranging 7; naming the rule of a pair from a list is easier)."""

UNSURE = "? means the number is still unsure"
"""What a provisional rating's "?" means, wherever it is shown."""
MEANING = (
    "Medium plays at 1500, Easy 1400, Hard 1580; 200 points above someone means you win about "
    f"3 rounds in 4 against them; ± shrinks as you play, and {UNSURE}."
)
"""What the number means, in one sentence for a 14-year-old."""
PUZZLE_MEANING = (
    "Puzzles are rated 1300 (easy), 1500 (medium), 1700 (hard): you solve one rated like you "
    "at the first try about half the time."
)


_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """A rating as shown: its value, its uncertainty (one standard deviation) and how many
    rated rounds (or puzzles) it is over."""

    value: int
    uncertainty: int
    games: int

    @property
    def provisional(self) -> bool:
        return self.uncertainty > PROVISIONAL_ABOVE

    def text(self) -> str:
        """ "1520 ± 140", with lichess's "?" after a provisional value."""
        return f"{self.value}{'?' if self.provisional else ''} ± {self.uncertainty}"

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "uncertainty": self.uncertainty,
            "games": self.games,
            "provisional": self.provisional,
        }


@dataclass(frozen=True)
class RatedGame:
    """One rated round (or puzzle): what it was, against whom, how it went, the rating after."""

    what: str
    opponents: tuple[str, ...]
    result: str
    """"won", "lost" or "draw"."""
    rating: Rating
    round: tuple[str, int] | None = None
    """The campaign and round number of a rated round (None for a puzzle)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "opponents": list(self.opponents),
            "result": self.result,
            "value": self.rating.value,
            "uncertainty": self.rating.uncertainty,
        }


@dataclass(frozen=True)
class RatingHistory:
    """Every rated round in order, each with the rating after it."""

    games: tuple[RatedGame, ...]

    @property
    def current(self) -> Rating | None:
        return self.games[-1].rating if self.games else None

    def change_text(self, index: int = -1) -> str:
        """The rating after a game (the last one by default) and what that game changed:
        "1559? (+59)"."""
        if not self.games:
            return ""
        index %= len(self.games)
        after = self.games[index].rating
        before = self.games[index - 1].rating.value if index else START
        return f"{after.value}{'?' if after.provisional else ''} ({after.value - before:+d})"

    def to_json(self) -> dict[str, Any] | None:
        """The `civio stats --json` document's `rating` (None before a rated round)."""
        current = self.current
        if current is None:
            return None
        return {**current.to_json(), "history": [g.to_json() for g in self.games]}


def _skill(value: float, uncertainty: float) -> PlackettLuceRating:
    return _MODEL.rating(mu=25.0 + (value - START) / SCALE, sigma=uncertainty / SCALE)


def _shown(skill: PlackettLuceRating, games: int) -> Rating:
    return Rating(round(START + SCALE * (skill.mu - 25.0)), round(SCALE * skill.sigma), games)


def _rate(
    me: PlackettLuceRating, others: Sequence[PlackettLuceRating], ranks: list[int]
) -> PlackettLuceRating:
    """The person's skill after a round against `others`; `ranks` (lower is better) puts the
    person first. The others' ratings do not move: each person's rating is their own."""
    teams = [[me], *([o] for o in others)]
    return _MODEL.rate(teams, ranks=[float(r) for r in ranks])[0][0]


def level_skill(level: str) -> PlackettLuceRating | None:
    """A computer level's fixed skill (None for a level without an anchor)."""
    value = LEVEL_RATINGS.get(level)
    return None if value is None else _skill(value, ANCHOR_UNCERTAINTY)


def puzzle_opponent(kind: str, difficulty: str) -> int:
    """A puzzle's rating, by its difficulty and kind (an unknown one counts as medium)."""
    return PUZZLE_DIFFICULTY.get(difficulty, START) + PUZZLE_KIND.get(kind, 0)


# --- rounds ----------------------------------------------------------------------------------

PeopleSkill = Callable[[str, datetime], PlackettLuceRating | None]
"""Another person's skill for a round of a campaign begun at the given time (None: unknown)."""


def _campaign_order(campaign: Campaign) -> tuple[datetime, str]:
    return began(campaign), name_key(campaign.name)


def began(campaign: Campaign) -> datetime:
    """When the campaign was created; a time saved without its zone is read as UTC, so saves of
    every version compare."""
    when = campaign.created_at
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _seat_of(campaign: Campaign, person: str) -> str | None:
    key = name_key(person)
    return next((p.name for p in campaign.humans if name_key(p.name) == key), None)


def round_ranks(record: RoundRecord, seats: Sequence[str]) -> list[int]:
    """Each seat's place in a round (1 is best; equal places tie): the winner first, then the
    others by their points in the round, which count the precedents they built (a round
    nobody won ranks everyone by points)."""
    keys = [(name != record.winner, -record.points.get(name, 0)) for name in seats]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def round_history(
    campaigns: Iterable[Campaign],
    person: str,
    people: PeopleSkill | None = None,
    *,
    computer_only: bool = False,
) -> RatingHistory:
    """`person`'s rating over their rated rounds in `campaigns`; another person in a round plays
    at `people(name, campaign.created_at)` (a new person's rating when that is None or not
    given). `computer_only` rates only campaigns where `person` is the one human."""
    skill = _MODEL.rating()
    games: list[RatedGame] = []
    for camp in sorted(campaigns, key=_campaign_order):
        you = _seat_of(camp, person)
        if you is None or camp.practice or (computer_only and len(camp.humans) > 1):
            continue
        others = [p for p in camp.players if p.name != you]
        skills = []
        for other in others:
            if other.level == HUMAN:
                known = people(other.name, began(camp)) if people else None
                skills.append(known or _MODEL.rating())
            else:
                anchor = level_skill(other.level)
                if anchor is None:
                    break
                skills.append(anchor)
        else:
            names = tuple(o.name for o in others)
            for record in camp.history:
                if record.winner is None:
                    result = "draw"
                else:
                    result = "won" if record.winner == you else "lost"
                skill = _rate(skill, skills, round_ranks(record, [you, *names]))
                games.append(
                    RatedGame(
                        f"{camp.name}, round {record.round}",
                        names,
                        result,
                        _shown(skill, len(games) + 1),
                        (camp.name, record.round),
                    )
                )
    return RatingHistory(tuple(games))


def read_campaigns(player_dir: Path) -> list[Campaign]:
    """Every campaign file in a save folder that reads as a save, whatever its deck (one that
    does not is left out: it is reported where campaigns are listed). No round is replayed, so
    this is the same set for `civio stats`, the Statistics screen and `civio class`, whichever
    deck they were started with."""
    from civio_tui.campaigns.model import parse_save

    folder = SaveFolder(player_dir)
    campaigns = []
    try:
        entries = folder.scan()
    except OSError:
        return []
    for entry in entries:
        if not (entry.name_ok and entry.has_main):
            continue
        try:
            campaign = parse_save(folder.read(entry.slot.path)).campaign
        except (OSError, SaveError, UnreadableSave):
            continue
        if campaign.name == entry.name:
            campaigns.append(campaign)
    return campaigns


def _served_name(player_dir: Path) -> str | None:
    """The name of a served player's folder (its `player.json`), else None."""
    from civio_tui.serve.players import PLAYER_FILE

    try:
        document = json.loads((player_dir / PLAYER_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    name = document.get("name") if isinstance(document, dict) else None
    return name if isinstance(name, str) and name else None


def people_in(player_dir: Path, campaigns: Sequence[Campaign]) -> PeopleSkill:
    """How the other people of `player_dir`'s rounds are rated: by their rounds against the
    computer in campaigns begun before the round's campaign, read from their own served
    folder beside `player_dir` when there is one, else from `campaigns` (friends at one
    keyboard share a folder). Folders are read once."""
    from civio_tui.serve.players import PlayerFolder, PlayerNameError

    served = _served_name(player_dir) is not None
    folders: dict[str, list[Campaign]] = {}

    def campaigns_of(name: str) -> list[Campaign]:
        key = name_key(name)
        if key not in folders:
            found: list[Campaign] = list(campaigns)
            if served:
                try:
                    theirs = PlayerFolder(player_dir.parent, name)
                    if theirs.exists and theirs.path.resolve() != player_dir.resolve():
                        found = read_campaigns(theirs.path)
                except (PlayerNameError, OSError):
                    pass
            folders[key] = found
        return folders[key]

    def skill(name: str, before: datetime) -> PlackettLuceRating | None:
        earlier = [c for c in campaigns_of(name) if began(c) < before]
        history = round_history(earlier, name, computer_only=True)
        current = history.current
        return None if current is None else _skill(current.value, current.uncertainty)

    return skill


def main_person(player_dir: Path, campaigns: Sequence[Campaign]) -> str | None:
    """Whose folder it is: a served player's name, else the person who played the most rounds
    in it (None when nobody played)."""
    from civio_tui.campaigns.stats import human_names

    served = _served_name(player_dir)
    if served is not None:
        return served
    people = human_names(campaigns)
    return people[0] if people else None


def rating_history(
    player_dir: Path, player: str | None = None, campaigns: Sequence[Campaign] | None = None
) -> RatingHistory:
    """`player`'s (default: the folder's person's) rating over the rounds in `player_dir`;
    `campaigns`, when given, are that folder's campaigns already read."""
    campaigns = read_campaigns(player_dir) if campaigns is None else campaigns
    person = player or main_person(player_dir, campaigns)
    if person is None:
        return RatingHistory(())
    return round_history(campaigns, person, people_in(player_dir, campaigns))


@dataclass(frozen=True)
class RatingChange:
    """What a round did to one person's rating: its line ("Ana's rating: 1532? (+12) this
    round") and the rating after it."""

    text: str
    rating: Rating


def said_unsure(changes: Sequence[RatingChange]) -> str:
    """A round's rating changes in one line, with what "?" means when one of them is
    provisional ("1608? (+108)": the "?" is lichess's, and tells a newcomer nothing by
    itself)."""
    text = " · ".join(c.text for c in changes)
    return f"{text} ({UNSURE})" if any(c.rating.provisional for c in changes) else text


def round_changes(
    player_dir: Path, campaign: Campaign, number: int, people: Sequence[str]
) -> list[RatingChange]:
    """What round `number` of `campaign` (as given, the folder's file of it may be older) did
    to each of `people`'s ratings, one change each; none for an unrated round."""
    from civio_tui.campaigns.stats import possessive

    key = name_key(campaign.name)
    campaigns = [c for c in read_campaigns(player_dir) if name_key(c.name) != key]
    campaigns.append(campaign)
    changes = []
    for person in people:
        history = round_history(campaigns, person, people_in(player_dir, campaigns))
        found = [i for i, g in enumerate(history.games) if g.round == (campaign.name, number)]
        if found:
            text = f"{possessive(person)} rating: {history.change_text(found[0])} this round"
            changes.append(RatingChange(text, history.games[found[0]].rating))
    return changes


def current_rating(player_dir: Path, player: str | None = None) -> Rating | None:
    """The rating after the last rated round in `player_dir` (one player's save folder); None
    when there is no rated round."""
    return rating_history(player_dir, player).current


# --- puzzles ---------------------------------------------------------------------------------


def puzzle_history(answers: Iterable[tuple[str, str, bool]]) -> RatingHistory:
    """The puzzle rating over first answers given as (kind, difficulty, solved at the first
    try), in the order they were given."""
    skill = _MODEL.rating()
    games: list[RatedGame] = []
    for kind, difficulty, solved in answers:
        puzzle = _skill(puzzle_opponent(kind, difficulty), ANCHOR_UNCERTAINTY)
        skill = _rate(skill, [puzzle], [1, 2] if solved else [2, 1])
        games.append(
            RatedGame(
                f"{kind} puzzle ({difficulty})",
                (),
                "won" if solved else "lost",
                _shown(skill, len(games) + 1),
            )
        )
    return RatingHistory(tuple(games))


def puzzle_rating_history(player_dir: Path, player: str | None = None) -> RatingHistory:
    """`player`'s puzzle rating in `player_dir` (default: the person with the most rated
    answers there)."""
    from civio_tui.records import RecordsFile

    records = RecordsFile(player_dir).records
    if player is None:
        served = _served_name(player_dir)
        answered = sorted(records.puzzles, key=lambda n: (-len(records.puzzles[n].answers), n))
        player = served if served in records.puzzles else next(iter(answered), None)
    stats = next(
        (s for n, s in records.puzzles.items() if player and name_key(n) == name_key(player)),
        None,
    )
    return RatingHistory(()) if stats is None else stats_puzzle_history(stats)


def stats_puzzle_history(stats: PuzzleStats) -> RatingHistory:
    """The puzzle rating of one person's puzzle records."""
    return puzzle_history((a.kind, a.difficulty, a.first_try) for a in stats.answers)


def current_puzzle_rating(player_dir: Path, player: str | None = None) -> Rating | None:
    """The puzzle rating after the last rated first answer in `player_dir`; None before one."""
    return puzzle_rating_history(player_dir, player).current


# --- shown ---------------------------------------------------------------------------------


def ratings_document(
    player_dir: Path, player: str | None = None
) -> dict[str, dict[str, Any] | None]:
    """`civio stats --json`'s `rating` and `puzzle_rating` for `player` (default: the folder's
    person) in `player_dir`: read from the folder as `current_rating` reads it, so every place
    that shows a rating shows the same one."""
    return {
        "rating": rating_history(player_dir, player).to_json(),
        "puzzle_rating": puzzle_rating_history(player_dir, player).to_json(),
    }


def rating_lines(document: dict[str, Any], whose: str | None = None) -> list[str]:
    """The ratings of a `ratings_document` in words (named as `whose` when given), then what
    they mean."""
    from civio_tui.campaigns.stats import possessive

    owner = f"{possessive(whose)} " if whose else ""
    lines, meanings = [], []
    for key, label, unit, meaning in (
        ("rating", "rating", "round", MEANING),
        ("puzzle_rating", "puzzle rating", "puzzle", PUZZLE_MEANING),
    ):
        row = document.get(key)
        if row is None:
            continue
        shown = Rating(row["value"], row["uncertainty"], row["games"])
        games = f"{shown.games} rated {unit}{'' if shown.games == 1 else 's'}"
        note = ", provisional" if shown.provisional else ""
        title = f"{owner}{label}" if owner else label.capitalize()
        lines.append(f"{title}: {shown.text()} ({games}{note})")
        meanings.append(meaning)
    return lines + meanings
