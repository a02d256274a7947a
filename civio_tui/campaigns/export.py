"""A campaign as a readable record a student can hand in and a teacher can read: the players,
every round with its precedents and points, and the log in words (`civio campaign export`).

`record(campaign, deck, round_number=None)` is the JSON form; `markdown(...)` the same as
Markdown. The log is told with everything shown (the round is over, so every hand is laid down),
the player's own seat as "you" (friends at one keyboard each by their name: nobody is "you" in
a record they share). `write_markdown(...)` saves that Markdown as a file in the save
folder's `exports/` (the Campaigns screen's export key).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cards.deck import Deck
from civio_tui.campaigns.model import Campaign, RoundRecord
from civio_tui.campaigns.playback import NoReplayError, Playback, kept_round
from civio_tui.campaigns.store import check_name
from civio_tui.plurals import counted
from civio_tui.safe_files import write_safely

EXPORTS = "exports"
"""The save folder's subfolder for exports: saves are never in it, so no export replaces one."""

REASONS = {
    "civio": "CIVIO was called",
    "max_turns": "the turn limit was reached with no CIVIO",
    "no_draw": "no card could be drawn",
}


def _you(campaign: Campaign) -> int | None:
    """The seat the log calls "you": the one human's; None at a hot-seat table."""
    human = campaign.human
    if human is None or len(campaign.humans) > 1:
        return None
    return campaign.players.index(human)


def round_record(campaign: Campaign, record: RoundRecord, deck: Deck) -> dict[str, Any]:
    """One round: its outcome and, when it was kept, its precedents, hands and log."""
    names = [p.name for p in campaign.players]
    out: dict[str, Any] = {
        "round": record.round,
        "dealer": names[record.dealer],
        "seed": record.seed,
        "winner": record.winner,
        "flush": record.flush,
        "turns": record.turns,
        "points": dict(record.points),
        "replay": record.replayable,
    }
    if not record.replayable:
        return out
    try:
        playback = Playback.of(campaign, record.round, deck)
    except NoReplayError as exc:
        out["replay"] = False
        out["problem"] = str(exc)
        return out
    result = playback.final.result
    assert result is not None
    deck = playback.deck  # the edition the campaign was dealt from
    you = _you(campaign)
    out["ended"] = REASONS.get(result.reason, result.reason)
    out["precedents"] = {
        names[s]: [[deck[c].name for c in prec] for prec in result.precedents[s]]
        for s in range(len(names))
    }
    out["hands"] = {names[s]: [deck[c].name for c in result.hands[s]] for s in range(len(names))}
    out["log"] = [
        {"turn": turn, "player": names[e.seat], "text": line}
        for e in playback.events
        for turn, line in e.lines_by_turn(deck, names, you=you)
    ]
    return out


def record(campaign: Campaign, deck: Deck, round_number: int | None = None) -> dict[str, Any]:
    """The whole campaign, or only round `round_number` (NoReplayError if there is none)."""
    chosen = [kept_round(campaign, round_number)] if round_number is not None else campaign.history
    return {
        "campaign": campaign.name,
        "rules": campaign.rules.name,
        "target": campaign.target,
        "seed": campaign.seed,
        "deck": campaign.deck.name,
        "finished": campaign.finished,
        "winners": list(campaign.winners),
        "players": campaign.player_rows(),
        "rounds": [round_record(campaign, r, deck) for r in chosen],
    }


def markdown(campaign: Campaign, deck: Deck, round_number: int | None = None) -> str:
    """The record as Markdown."""
    doc = record(campaign, deck, round_number)
    lines = [f"# CIVIO campaign “{doc['campaign']}”", ""]
    state = (
        f"finished, won by {' & '.join(doc['winners'])}" if doc["finished"] else "not finished yet"
    )
    lines += [
        f"- Rules: {doc['rules']}; target rank: {doc['target']}; seed {doc['seed']}",
        f"- Deck: {doc['deck']}",
        f"- Rounds played: {len(campaign.history)}; the campaign is {state}",
        "",
        "## Players",
        "",
        "| Player | Plays as | Points | Rank |",
        "|---|---|---|---|",
    ]
    friends = sum(p["level"] == "human" for p in doc["players"]) > 1
    person = "a person at the keyboard" if friends else "you"
    for p in doc["players"]:
        who = person if p["level"] == "human" else f"AI ({p['level']})"
        lines.append(f"| {p['name']} | {who} | {p['points']} | {p['rank']} |")
    for rnd in doc["rounds"]:
        lines += ["", *_round_markdown(rnd, [p["name"] for p in doc["players"]])]
    return "\n".join(lines) + "\n"


def _round_markdown(rnd: dict[str, Any], names: list[str]) -> list[str]:
    if rnd["winner"] is None:
        outcome = "no winner"
    else:
        outcome = f"won by {rnd['winner']}" + (" with a Thurgood Flush" if rnd["flush"] else "")
    lines = [
        f"## Round {rnd['round']}",
        "",
        f"Dealt by {rnd['dealer']}; {outcome} after {counted(rnd['turns'], 'turn')}"
        + (f" ({rnd['ended']})." if "ended" in rnd else "."),
        "",
        "| Player | Points | Precedents |",
        "|---|---|---|",
    ]
    precedents = rnd.get("precedents", {})
    for name in names:
        chains = "; ".join(" → ".join(p) for p in precedents.get(name, [])) or "—"
        lines.append(f"| {name} | {rnd['points'][name]} | {chains} |")
    lines.append("")
    if not rnd["replay"]:
        why = rnd.get("problem", "this round was saved before rounds were kept")
        lines.append(f"No replay: {why}.")
        return lines
    lines += ["### Log", ""]
    turn = None
    for entry in rnd["log"]:
        if entry["turn"] != turn:
            turn = entry["turn"]
            heading = "Opening" if turn == 0 else f"Turn {turn}"
            lines.append(f"- **{heading}**")
        lines.append(f"  - {entry['text']}")
    return lines


def write_markdown(campaign: Campaign, deck: Deck, save_dir: Path) -> Path:
    """Write `markdown(campaign, deck)` to `save_dir/exports/NAME.md` and return that path.

    The text goes to a new temporary file first, then takes the name in one step: a failed write
    leaves the previous export whole. A later export of the same campaign replaces the earlier one.
    """
    folder = save_dir / EXPORTS
    target = folder / f"{check_name(campaign.name)}.md"
    write_safely(folder, target.name, markdown(campaign, deck).encode("utf-8"))
    return target
