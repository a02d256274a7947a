"""`civio campaign replay | review | export`: looking back at a campaign's finished rounds."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from civio_tui.commands.common import UsageError, print_json, print_table
from civio_tui.plurals import counted

if TYPE_CHECKING:
    from cards.deck import Deck
    from civio_tui.campaigns.model import Campaign
    from civio_tui.campaigns.playback import Playback


def add_parsers(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    """The three actions' parsers, each with the options every campaign action has."""
    replay = sub.add_parser(
        "replay", help="a finished round move by move, as a player saw it", parents=parents
    )
    replay.add_argument("name", metavar="NAME")
    replay.add_argument("--round", type=int, required=True, metavar="N", help="the round (1-…)")
    replay.add_argument(
        "--seat",
        metavar="S",
        help="whose view: a player's name or seat number (default: you; needed when friends "
        "shared the keyboard)",
    )
    replay.add_argument(
        "--open", action="store_true", help="tell everything: every hand and every card drawn"
    )
    review = sub.add_parser(
        "review", help="each decision of a round judged against the strongest AI", parents=parents
    )
    review.add_argument("name", metavar="NAME")
    review.add_argument("--round", type=int, required=True, metavar="N", help="the round (1-…)")
    review.add_argument(
        "--seat",
        metavar="S",
        help="whose decisions: a player's name or seat number (default: you; needed when "
        "friends shared the keyboard)",
    )
    export = sub.add_parser(
        "export",
        help="a readable record of the campaign or one round (Markdown or JSON)",
        parents=parents,
    )
    export.add_argument("name", metavar="NAME")
    export.add_argument("--round", type=int, metavar="N", help="only this round")
    export.add_argument(
        "--format", choices=["md", "json"], help="md (default) or json (the same as --json)"
    )


def _campaign(args: argparse.Namespace, deck: Deck) -> Campaign:
    from civio_tui.campaigns.catalogue import read_summary

    summary = read_summary(args.name, save_dir=getattr(args, "save_dir", None), deck=deck)
    if summary.campaign is None:
        raise UsageError(f"campaign {summary.name!r} is unreadable: {summary.problem}")
    return summary.campaign


def _seat(campaign: Campaign, text: str | None) -> int:
    names = [p.name for p in campaign.players]
    if text is None:
        people = campaign.humans
        if len(people) > 1:  # friends at one keyboard: nobody's view is "yours" by default
            listed = " or ".join(p.name for p in people)
            raise UsageError(
                f"--seat: {campaign.name!r} was played by friends at one keyboard: say whose "
                f"(--seat {listed})"
            )
        human = campaign.human
        return names.index(human.name) if human is not None else 0
    if text.strip().isdigit():
        seat = int(text)
        if seat < len(names):
            return seat
    for seat, name in enumerate(names):
        if name.casefold() == text.strip().casefold():
            return seat
    listed = ", ".join(f"{i} {n}" for i, n in enumerate(names))
    raise UsageError(f"--seat: no seat {text!r} in {campaign.name!r} (seats: {listed})")


def _hands(playback: Playback, position: int) -> dict[str, dict[str, list[str]]]:
    rnd = playback.round_at(position)
    deck = playback.deck
    return {
        name: {
            "face_up": [deck[c].name for c in rnd.face_up[s]],
            "hidden": [deck[c].name for c in rnd.hidden[s]],
        }
        for s, name in enumerate(playback.seat_names)
    }


def replay_json(playback: Playback, seat: int, everything: bool) -> dict[str, Any]:
    """The `civio campaign replay --json` document: the round's events in order as `seat` saw
    them (with `everything`, as they were, with every hand after each event)."""
    deck = playback.deck
    names = playback.seat_names
    events = []
    for index, event in enumerate(playback.events):
        lines = event.lines(deck, None if everything else seat, names, you=seat)
        if not lines:
            continue
        entry: dict[str, Any] = {
            "index": index,
            "turn": event.turn,
            "player": names[event.seat],
            "lines": lines,
        }
        if everything:
            entry["hands"] = _hands(playback, index + 1)
        events.append(entry)
    result = playback.final.result
    assert result is not None
    return {
        "campaign": playback.campaign.name,
        "round": playback.number,
        "seat": seat,
        "player": names[seat],
        "open": everything,
        "dealer": names[playback.record.dealer],
        "events": events,
        "result": {
            "winner": names[result.winner] if result.winner is not None else None,
            "reason": result.reason,
            "turns": result.turns,
            "points": dict(playback.record.points),
            "hands": {names[s]: [deck[c].name for c in h] for s, h in enumerate(result.hands)},
        },
    }


def run_replay(args: argparse.Namespace, deck: Deck) -> int:
    from civio_tui.campaigns.playback import Playback
    from civio_tui.campaigns.stats import possessive

    campaign = _campaign(args, deck)
    playback = Playback.of(campaign, args.round, deck)
    seat = _seat(campaign, args.seat)
    doc = replay_json(playback, seat, args.open)
    if args.json:
        print_json(doc)
        return 0
    how = "with every card shown" if args.open else f"as {doc['player']} saw it"
    print(f"Round {doc['round']} of {campaign.name!r}, {how} (dealt by {doc['dealer']}):")
    turn = None
    for entry in doc["events"]:
        if entry["turn"] != turn:
            turn = entry["turn"]
            print("Opening" if turn == 0 else f"Turn {turn}")
        for line in entry["lines"]:
            print(f"  {line}")
    end = doc["result"]
    who = end["winner"] or "nobody"
    points = ", ".join(f"{n} {p}" for n, p in end["points"].items())
    print(f"Won by {who} after {counted(end['turns'], 'turn')} ({points}).")
    if args.open:  # everything told: every hand as the round ended (the JSON, after each event)
        for name, hand in end["hands"].items():
            print(f"  {possessive(name)} hand: {', '.join(hand)}")
    return 0


def run_review(args: argparse.Namespace, deck: Deck) -> int:
    from cards.games.civio.actions import Action
    from civio_tui.campaigns.playback import NoReplayError, kept_round, scores_before
    from civio_tui.campaigns.replay import campaign_deck
    from civio_tui.campaigns.stats import possessive
    from civio_tui.review import UNIT_NOTE, review_round

    campaign = _campaign(args, deck)
    deck = campaign_deck(campaign, deck)  # the edition the campaign was dealt from
    record = kept_round(campaign, args.round)
    if record.actions is None:
        raise NoReplayError(
            f"round {args.round} of {campaign.name!r} was saved before rounds were kept: "
            "it cannot be reviewed"
        )
    seat = _seat(campaign, args.seat)
    names = [p.name for p in campaign.players]
    review = review_round(
        campaign.rules,
        len(names),
        record.dealer,
        record.seed,
        [Action.from_str(a, deck) for a in record.actions],
        seat,
        deck,
        scores=scores_before(campaign, args.round),
        seat_names=names,
    )
    if args.json:
        print_json(review.to_json())
        return 0
    print(f"Round {args.round} of {campaign.name!r}: {possessive(names[seat])} decisions")
    print_table(
        ("TURN", "DECISION", "VERDICT", "LOSS", "WHY"),
        [
            (str(d.turn), d.kind, d.verdict, f"{d.points:.1f}", _with_danger(d.why, d.danger))
            for d in review.decisions
        ],
        right=(0, 3),
    )
    print(review.summary_line("your" if names[seat] == "You" else f"{names[seat]}'s"))
    print(UNIT_NOTE)
    return 0


def _with_danger(why: str, danger: str | None) -> str:
    return why if danger is None else f"{why} ⚠ {danger}"


def run_export(args: argparse.Namespace, deck: Deck) -> int:
    from civio_tui.campaigns.export import markdown, record

    if args.json and args.format == "md":
        raise UsageError("--json and --format md: choose one")
    campaign = _campaign(args, deck)
    if args.json or args.format == "json":
        print_json(record(campaign, deck, args.round))
    else:
        sys.stdout.write(markdown(campaign, deck, args.round))
    return 0
