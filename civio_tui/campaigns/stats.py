"""Statistics over campaigns, from one player's own seat: what `civio stats` prints and the
Statistics screen draws.

Whose seat: with `player` (a name, any case), the human of that name in each campaign, and only
the campaigns where that person played, so each friend of a hot-seat game sees their own record;
without it, the human of each campaign (the first one at a hot-seat table). `human_names` lists
the people to choose from.

Definitions (README, "Statistics"):
- a round counts under its table's strongest opponent level (random < easy < medium < hard);
  `win_rate` = rounds won / rounds, with its Wilson 95% interval (`civio_tui.arena.wilson`);
- `points_per_round`: the player's points averaged over every finished round;
- `flushes`: rounds the player won with a Thurgood Flush; `fastest_civio`: the fewest turns in
  which the player won a round (None before a first win);
- attacks made and suffered are counted in the rounds that have a replay (`rounds_with_replay`):
  rounds saved before rounds were kept only have their outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ai
from cards.deck import Deck
from cards.games.civio.actions import TARGET
from civio_tui.arena import wilson
from civio_tui.campaigns.model import Campaign, Player
from civio_tui.campaigns.playback import NoReplayError, Playback


def level_order(level: str) -> int:
    """How strong a level is among those the game offers (unknown levels first)."""
    offered = ai.player_names()
    return offered.index(level) if level in offered else -1


def strongest_opponent(campaign: Campaign) -> str:
    """The level of the strongest AI at the table ("-" when there is none)."""
    levels = [p.level for p in campaign.players if p.level != "human"]
    return max(levels, key=level_order, default="-")


def points_after_rounds(campaign: Campaign) -> dict[str, list[int]]:
    """Each player's total after each finished round (the chart of a campaign)."""
    totals = {p.name: 0 for p in campaign.players}
    out: dict[str, list[int]] = {p.name: [] for p in campaign.players}
    for record in campaign.history:
        for name in totals:
            totals[name] += record.points.get(name, 0)
            out[name].append(totals[name])
    return out


def _you(campaign: Campaign, player: str | None = None) -> Player | None:
    """The seat the statistics are about: the human named `player` (None when no human of
    this campaign has that name), else the campaign's (first) human."""
    if player is None:
        return campaign.human or campaign.players[0]
    wanted = player.casefold()
    return next((p for p in campaign.humans if p.name.casefold() == wanted), None)


def human_names(campaigns: Sequence[Campaign]) -> list[str]:
    """Every person who played in `campaigns` (names alike but for case are one), by rounds
    played, most first (ties in the order met)."""
    rounds: dict[str, int] = {}
    names: dict[str, str] = {}
    for camp in campaigns:
        for person in camp.humans:
            key = person.name.casefold()
            names.setdefault(key, person.name)
            rounds[key] = rounds.get(key, 0) + camp.rounds_played
    return [names[key] for key in sorted(rounds, key=lambda k: -rounds[k])]


def attacks(campaign: Campaign, deck: Deck, player: str | None = None) -> tuple[int, int, int]:
    """(attacks made by the player, attacks suffered by the player, rounds counted): over the
    rounds that can be played back."""
    you = _you(campaign, player)
    if you is None:
        return 0, 0, 0
    seat = campaign.players.index(you)
    made = suffered = counted = 0
    for record in campaign.history:
        if not record.replayable:
            continue
        try:
            playback = Playback.of(campaign, record.round, deck)
        except NoReplayError:
            continue
        counted += 1
        for event in playback.events:
            action = event.action
            if action.kind != TARGET:
                continue
            if event.seat == seat:
                made += 1
            elif action.seat == seat:
                suffered += 1
    return made, suffered, counted


def statistics(
    campaigns: Sequence[Campaign], deck: Deck, player: str | None = None
) -> dict[str, Any]:
    """The `civio stats --json` document over `campaigns` (docs/ARCHITECTURE.md, "stats"), from
    `player`'s seat when given (then only over the campaigns that person played; the document's
    "player" says whose), else from each campaign's human's."""
    rounds = won = flushes = points = made = suffered = with_replay = 0
    fastest: int | None = None
    by_level: dict[str, list[int]] = {}
    per_campaign = []
    campaigns = [c for c in campaigns if _you(c, player) is not None]
    for camp in campaigns:
        seat = _you(camp, player)
        assert seat is not None
        you = seat.name
        level = strongest_opponent(camp)
        tally = by_level.setdefault(level, [0, 0])
        for record in camp.history:
            rounds += 1
            points += record.points.get(you, 0)
            tally[0] += 1
            if record.winner == you:
                won += 1
                tally[1] += 1
                flushes += record.flush
                fastest = record.turns if fastest is None else min(fastest, record.turns)
        m, s, n = attacks(camp, deck, player)
        made, suffered, with_replay = made + m, suffered + s, with_replay + n
        per_campaign.append(
            {
                "name": camp.name,
                "opponent_level": level,
                "rounds": camp.rounds_played,
                "rounds_won": sum(1 for r in camp.history if r.winner == you),
                "points_after_round": points_after_rounds(camp),
            }
        )
    levels = {}
    for level in sorted(by_level, key=level_order):
        n, wins = by_level[level]
        lo, hi = wilson(wins, n)
        levels[level] = {
            "rounds": n,
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
        }
    return {
        "player": seat_name(campaigns, player),
        "campaigns": len(campaigns),
        "rounds": rounds,
        "rounds_won": won,
        "win_rate_by_level": levels,
        "points_per_round": round(points / rounds, 2) if rounds else 0.0,
        "flushes": flushes,
        "fastest_civio": fastest,
        "attacks_made": made,
        "attacks_suffered": suffered,
        "rounds_with_replay": with_replay,
        "per_campaign": per_campaign,
    }


def seat_name(campaigns: Sequence[Campaign], player: str | None) -> str | None:
    """`player` as spelt in the campaigns (None without a player)."""
    if player is None:
        return None
    found = (_you(c, player) for c in campaigns)
    return next((p.name for p in found if p is not None), player)


def possessive(name: str) -> str:
    """ "Ana's", or "Your" for the player who gave no name ("You")."""
    return "Your" if name == "You" else f"{name}'s"


NO_AI = "friends only, no AI"
"""How the words name the level "-" of the JSON: a table with no AI player."""


def played_levels(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The rows of `win_rate_by_level` to show a player: those with a finished round ("0 of 0
    rounds" says nothing), the level "-" named in words (it read as a stray dash)."""
    return {
        NO_AI if level == "-" else level: row
        for level, row in document["win_rate_by_level"].items()
        if row["rounds"]
    }


def summary_lines(document: dict[str, Any]) -> list[str]:
    """The statistics in words, one figure a line (the text of `civio stats`, and the Statistics
    screen's alternative to its charts)."""
    rounds = document["rounds"]
    if not rounds:
        count = document["campaigns"]
        return [
            f"{count} campaign{'' if count == 1 else 's'}, no finished round yet: "
            "play a round to see your statistics."
        ]
    fastest = document["fastest_civio"]
    lines = [
        f"Campaigns: {document['campaigns']}",
        f"Rounds: {rounds}, won: {document['rounds_won']} "
        f"({100 * document['rounds_won'] / rounds:.0f}%)",
        f"Points per round: {document['points_per_round']}",
        f"Thurgood Flushes: {document['flushes']}",
        "Fastest CIVIO: "
        + (
            f"{fastest} turn{'' if fastest == 1 else 's'}"
            if fastest is not None
            else "no round won yet"
        ),
        f"Attacks made: {document['attacks_made']}, suffered: {document['attacks_suffered']} "
        f"(in the {document['rounds_with_replay']} rounds with a replay)",
        "Win rate by strongest opponent (95% range of your likely true rate):",
    ]
    for who, row in played_levels(document).items():
        lo, hi = row["ci95"]
        lines.append(
            f"  {who}: {row['wins']} of {row['rounds']} rounds, "
            f"{100 * row['win_rate']:.0f}% ({100 * lo:.0f}% to {100 * hi:.0f}%)"
        )
    return lines
