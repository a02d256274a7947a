"""`civio campaign`: create, list, show, autoplay, delete and recover saved campaigns; replay,
review and export their finished rounds (campaign_lookback.py)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from civio_tui.commands.common import (
    CARDS_OPTION,
    JSON_OPTION,
    RULES_OPTION,
    SAVE_DIR_OPTION,
    UsageError,
    check_game_rounds,
    print_json,
    print_table,
    rules_from_args,
)
from civio_tui.games import game
from civio_tui.plurals import counted

if TYPE_CHECKING:
    from cards.deck import Deck
    from civio_tui.campaigns.catalogue import CampaignSummary
    from civio_tui.campaigns.model import Campaign
    from civio_tui.campaigns.session import CampaignSession
    from civio_tui.easy_play_save import EasySummary


MAX_AUTOPLAY_ROUNDS = 10_000
"""The most rounds one `campaign autoplay` plays (hard AIs play a round in about a second)."""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "campaign",
        help="create, list, show, autoplay or delete saved campaigns",
        description=(
            "Campaigns are series of rounds against fixed AI opponents, from Intern up to a "
            "target rank, saved after every turn. Save folder: --save-dir, else $CIVIO_SAVE_DIR, "
            "else your user data folder."
        ),
    )
    sub = parser.add_subparsers(dest="campaign_command", metavar="ACTION")
    shared = [JSON_OPTION, SAVE_DIR_OPTION, CARDS_OPTION]

    new = sub.add_parser("new", help="start a new campaign", parents=[*shared, RULES_OPTION])
    new.add_argument("name", metavar="NAME", help="letters, digits, spaces, - _ . (max 40)")
    new.add_argument(
        "--opponents",
        required=True,
        metavar="LEVEL[,LEVEL...]",
        help="1-3 comma-separated AI levels, e.g. medium,hard",
    )
    new.add_argument("--target", metavar="RANK", help="rank that ends it (default Chief Justice)")
    new.add_argument(
        "--rounds",
        type=int,
        metavar="N",
        help="a short game: it also ends after N rounds, the higher total winning",
    )
    new.add_argument("--seed", type=int, metavar="S", help="seed for every deal (default random)")
    new.add_argument("--player", metavar="NAME", default="You", help="your name (default You)")
    new.add_argument(
        "--practice",
        action="store_true",
        help="a practice game: at the table, u takes back your last move",
    )

    sub.add_parser(
        "list",
        help="list the saved campaigns and Easy Play games, readable or not",
        description=(
            "Every campaign of the main game and every Easy Play game in the save folder (they "
            'share one name space). With --json, each entry\'s "game" is "civio" or '
            '"easy-play"; the other actions (show, autoplay, delete, ...) are for the main '
            "game's campaigns: Easy Play games are continued or deleted from the game (More "
            "games, Easy Play; or Campaigns)."
        ),
        parents=shared,
    )
    show = sub.add_parser("show", help="a campaign's standings, history and stats", parents=shared)
    show.add_argument("name", metavar="NAME")

    auto = sub.add_parser(
        "autoplay",
        help="play a campaign's rounds with an AI in your seat, saving after every turn",
        parents=shared,
    )
    auto.add_argument("name", metavar="NAME")
    auto.add_argument("--rounds", type=int, required=True, metavar="N", help="rounds to play")
    auto.add_argument("--as", dest="as_level", required=True, metavar="LEVEL", help="AI level")
    auto.add_argument("--progress", action="store_true", help=argparse.SUPPRESS)

    delete = sub.add_parser("delete", help="delete a campaign and its backup", parents=shared)
    delete.add_argument("name", metavar="NAME")
    delete.add_argument("--yes", action="store_true", help="do not ask")

    recover = sub.add_parser(
        "recover",
        help="copy the backup of a damaged campaign to a new campaign",
        parents=shared,
    )
    recover.add_argument("name", metavar="NAME")
    recover.add_argument("--to", metavar="NEW", help='the new name (default "NAME recovered")')

    from civio_tui.commands.campaign_lookback import add_parsers as add_lookback

    add_lookback(sub, shared)


def run(args: argparse.Namespace) -> int:
    from civio_tui.campaigns.store import SaveError

    action = getattr(args, "campaign_command", None)
    if action is None:
        raise UsageError(
            "choose an action: new, list, show, autoplay, delete, recover, replay, review or "
            "export "
            "(see civio campaign --help)"
        )
    try:
        return int(_ACTIONS[action](args))
    except SaveError as exc:
        raise UsageError(f"{exc}{_easy_play_hint(args, exc)}") from None
    except BrokenPipeError:
        raise  # the reader stopped reading (`| head`): not an error of the save folder
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        raise UsageError(f"{exc.strerror or exc}{where}") from None


def _easy_play_hint(args: argparse.Namespace, exc: Exception) -> str:
    """When NAME is no campaign but an Easy Play game, where that game is played."""
    from civio_tui.campaigns.catalogue import folder_for
    from civio_tui.campaigns.store import NoSuchCampaignError, SaveError

    name = getattr(args, "name", None)
    if not isinstance(exc, NoSuchCampaignError) or not isinstance(name, str):
        return ""
    try:
        taken = folder_for(_save_dir(args)).taken_by(name)
    except SaveError:
        return ""
    if taken is None or not taken.startswith("an Easy Play game"):
        return ""
    return (
        f": {taken} is there; Easy Play games are continued and deleted in the game "
        "(More games, then Easy Play; or Campaigns)"
    )


# --- the actions ---------------------------------------------------------------------------


def _new(args: argparse.Namespace) -> int:
    from cards.table import MAX_SEATS, check_pack
    from civio_tui.campaigns.catalogue import new_campaign

    opponents = [p.strip() for p in args.opponents.split(",")]
    if any(not p for p in opponents):
        raise UsageError(f"--opponents: empty level in {args.opponents!r}")
    deck = _deck(args)
    if len(opponents) < MAX_SEATS:  # more opponents: new_campaign says how many a table takes
        check_pack(deck, len(opponents) + 1)  # a pack too small for this table, by its file
    kwargs: dict[str, Any] = {}
    if args.target is not None:
        kwargs["target"] = args.target
    if args.rounds is not None:
        check_game_rounds(args.rounds)
    session = new_campaign(
        args.name,
        opponents,
        save_dir=_save_dir(args),
        rules=rules_from_args(args),
        seed=args.seed,
        deck=deck,
        player_name=args.player,
        practice=args.practice,
        max_rounds=args.rounds,
        **kwargs,
    )
    if args.json:
        print_json(show_json(session.campaign))
    else:
        camp = session.campaign
        print(
            f"Created campaign {camp.name!r}: {' vs '.join(p.name for p in camp.players)}, "
            f"{camp.rules.name} rules, target {camp.target}{_limit(camp)}, seed {camp.seed}"
            f"{', a practice game' if camp.practice else ''}."
        )
        print(f"Saved in {session.slot.path}")
    return 0


def _list(args: argparse.Namespace) -> int:
    from civio_tui.campaigns.catalogue import folder_for, list_campaigns
    from civio_tui.campaigns.store import name_key
    from civio_tui.easy_play_save import list_easy_games

    folder = folder_for(_save_dir(args))
    deck = _deck(args)
    summaries: list[CampaignSummary | EasySummary] = [*list_campaigns(folder, deck)]
    summaries += list_easy_games(folder.path, deck)
    summaries.sort(key=lambda s: (name_key(s.name), s.name))
    if args.json:
        print_json([s.to_json() for s in summaries])
        return 0
    if not summaries:
        print(f"No campaigns or Easy Play games in {folder.path}")
        return 0
    rows: list[tuple[str, ...]] = []
    for s in summaries:
        entry = s.to_json()
        rows.append(
            (
                s.name,
                game(entry["game"]).title,
                entry["rank"] or "-",
                "-" if entry["points"] is None else str(entry["points"]),
                "-" if entry["rounds_played"] is None else str(entry["rounds_played"]),
                _state(s),
            )
        )
    print_table(("NAME", "GAME", "RANK", "POINTS", "ROUNDS", "STATE"), rows)
    print(f"({folder.path})")
    return 0


def _show(args: argparse.Namespace) -> int:
    from civio_tui.campaigns.catalogue import read_summary

    summary = read_summary(args.name, save_dir=_save_dir(args), deck=_deck(args))
    if summary.campaign is None:
        raise UsageError(f"campaign {summary.name!r} is unreadable: {summary.problem}")
    camp = summary.campaign
    if args.json:
        print_json(show_json(camp))
        return 0
    print(f"Campaign {camp.name!r}: {_campaign_state(camp)}")
    practice = " · practice game (moves can be taken back)" if camp.practice else ""
    print(
        f"Rules {camp.rules.name} · target {camp.target}{_limit(camp)} · seed {camp.seed} · deck "
        f"{camp.deck.describe()}{practice}"
    )
    print()
    stats = camp.stats()["players"]
    rows: list[tuple[str, ...]] = []
    for player in camp.players:
        standing = camp.standing(player.name)
        mine = stats[player.name]
        rows.append(
            (
                player.name,
                player.level,
                str(standing.points),
                standing.rank,
                str(mine["wins"]),
                str(mine["flushes"]),
                str(mine["best_round"]),
            )
        )
    print_table(("PLAYER", "LEVEL", "POINTS", "RANK", "WINS", "FLUSHES", "BEST"), rows)
    if camp.history:
        print()
        names = [p.name for p in camp.players]
        rows = []
        for record in camp.history:
            winner = (record.winner or "no winner") + (" (flush)" if record.flush else "")
            rows.append(
                (
                    str(record.round),
                    winner,
                    *(str(record.points[n]) for n in names),
                    str(record.turns),
                )
            )
        print_table(("ROUND", "WINNER", *(n.upper() for n in names), "TURNS"), rows)
    return 0


def _autoplay(args: argparse.Namespace) -> int:
    from ai import player_names
    from civio_tui.campaigns.autoplay import autoplay
    from civio_tui.campaigns.catalogue import open_campaign

    if not 1 <= args.rounds <= MAX_AUTOPLAY_ROUNDS:
        raise UsageError(f"--rounds must be at least 1 and at most {MAX_AUTOPLAY_ROUNDS:,}")
    level = args.as_level.strip().lower()
    if level not in player_names():  # the levels a player meets, not the measuring instruments
        raise UsageError(f"--as: unknown level {level!r}: choose from {', '.join(player_names())}")
    session = open_campaign(args.name, save_dir=_save_dir(args), deck=_deck(args), autosave="turn")
    if session.finished:
        raise UsageError(
            f"campaign {session.name!r} is finished: {_campaign_state(session.campaign)}"
        )
    if args.progress:
        session.on_save = _print_progress
    played = autoplay(
        session,
        rounds=args.rounds,
        as_level=level,
        on_round=None if args.json else _print_round,
    )
    if args.json:
        print_json({**show_json(session.campaign), "rounds_autoplayed": played})
    else:
        print(f"Played {counted(played, 'round')}. In all: {_campaign_state(session.campaign)}.")
    return 0


def _delete(args: argparse.Namespace) -> int:
    from civio_tui.campaigns.catalogue import delete_campaign, read_summary

    summary = read_summary(args.name, save_dir=_save_dir(args), deck=_deck(args))
    if not args.yes:
        # A closed stdin or stderr is None: no terminal either.
        if not (sys.stdin and sys.stderr and sys.stdin.isatty() and sys.stderr.isatty()):
            raise UsageError("no terminal to ask on: add --yes to delete without asking")
        what = (
            _campaign_state(summary.campaign)
            if summary.campaign
            else f"unreadable: {summary.problem}"
        )
        sys.stderr.write(f"Delete campaign {summary.name!r} ({what})? [y/N] ")
        sys.stderr.flush()
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            if args.json:
                print_json({"name": summary.name, "deleted": False, "files": []})
            else:
                print(f"Kept campaign {summary.name!r}.")
            return 0
    removed = delete_campaign(summary.name, save_dir=_save_dir(args))
    if args.json:
        print_json({"name": summary.name, "deleted": True, "files": [str(p) for p in removed]})
    else:
        print(f"Deleted campaign {summary.name!r} ({counted(len(removed), 'file')}).")
    return 0


def _recover(args: argparse.Namespace) -> int:
    from civio_tui.campaigns.catalogue import recover_campaign

    session = recover_campaign(args.name, args.to, save_dir=_save_dir(args), deck=_deck(args))
    if args.json:
        print_json(show_json(session.campaign))
    else:
        print(
            f"Recovered what could be read of {args.name!r} as campaign {session.name!r} "
            f"({session.slot.path}); the damaged file is left as it was."
        )
    return 0


def _looking_back(args: argparse.Namespace) -> int:
    from civio_tui.commands import campaign_lookback

    run: Any = getattr(campaign_lookback, f"run_{args.campaign_command}")
    return int(run(args, _deck(args)))


_ACTIONS = {
    "new": _new,
    "list": _list,
    "show": _show,
    "autoplay": _autoplay,
    "delete": _delete,
    "recover": _recover,
    "replay": _looking_back,
    "review": _looking_back,
    "export": _looking_back,
}


# --- output ----------------------------------------------------------------------------------


def _limit(camp: Campaign) -> str:
    return f" or {counted(camp.max_rounds, 'round')}" if camp.max_rounds is not None else ""


def show_json(camp: Campaign) -> dict[str, Any]:
    """The `civio campaign show --json` document (docs/ARCHITECTURE.md, "campaign show").
    A shared title names its holders joined by " & "."""
    return {
        "name": camp.name,
        "rules": camp.rules.name,
        "target": camp.target,
        "max_rounds": camp.max_rounds,
        "finished": camp.finished,
        "winner": " & ".join(camp.winners) if camp.winners else None,
        "rounds_played": camp.rounds_played,
        "in_round": camp.in_round,
        "players": camp.player_rows(),
        "history": [
            {"round": r.round, "winner": r.winner, "points": dict(r.points), "flush": r.flush}
            for r in camp.history
        ],
    }


def _campaign_state(camp: Campaign | None) -> str:
    if camp is None:
        return "unreadable"
    if camp.finished:
        how = "title shared by" if len(camp.winners) > 1 else "won by"
        played = counted(camp.rounds_played, "round")
        return f"finished after {played}: {how} {' & '.join(camp.winners)}"
    where = f"round {camp.rounds_played + 1} in progress" if camp.in_round else "between rounds"
    return f"{counted(camp.rounds_played, 'round')} played, {where}"


def _state(summary: CampaignSummary | EasySummary) -> str:
    from civio_tui.easy_play_save import EasySummary

    if isinstance(summary, EasySummary):
        saved = summary.saved
        if saved is None:
            return f"UNREADABLE: {summary.problem}"
        winners = [saved.names[s] for s in saved.game.winners]
        in_round = saved.game.current is not None
    else:
        if summary.campaign is None:
            return f"UNREADABLE: {summary.problem}"
        winners, in_round = summary.campaign.winners, summary.campaign.in_round
    if winners:
        return f"finished: {' & '.join(winners)}"
    return "in a round" if in_round else "between rounds"


def _print_round(session: CampaignSession) -> None:
    record = session.campaign.history[-1]
    if record.winner is None:
        outcome = "no winner"
    else:
        outcome = f"won by {record.winner}" + (" with a Thurgood Flush" if record.flush else "")
    points = ", ".join(f"{n} {p}" for n, p in record.points.items())
    print(
        f"Round {record.round}: {outcome}, {counted(record.turns, 'turn')} ({points})", flush=True
    )


def _print_progress(session: CampaignSession) -> None:
    rnd = session.round
    actions = len(rnd.events) if rnd is not None and not rnd.is_over else 0
    print(f"saved {session.campaign.rounds_played} {actions}", flush=True)


def _save_dir(args: argparse.Namespace) -> str | None:
    return getattr(args, "save_dir", None)


def _deck(args: argparse.Namespace) -> Deck:
    from cards.deck import load_deck

    return load_deck(getattr(args, "cards", None))
