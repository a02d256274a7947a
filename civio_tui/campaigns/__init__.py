"""Campaigns and their save files: what the TUI and `civio campaign` call.

Every function takes `save_dir`: a path, None (then `--save-dir`/`$CIVIO_SAVE_DIR`/the user data
folder, see `resolve_save_dir`), or a `SaveFolder`; and `deck` (default: the standard deck; pass
the `--cards` pack so campaigns made with it are readable). Names match ignoring case.

    from civio_tui.campaigns import (
        list_campaigns, most_recent_campaign, new_campaign, open_campaign, SaveError,
    )

    # Main menu "Continue": the readable, unfinished campaign saved last (or None).
    latest = most_recent_campaign(save_dir, deck)

    # Campaigns screen: every file, readable or not; unreadable ones carry `problem` (a sentence
    # for the player) and `recoverable`: what `recover_campaign(name)` would copy to a new
    # campaign (the readable backup, or the finished rounds), None if nothing.
    for s in list_campaigns(save_dir, deck):
        s.name, s.readable, s.problem, s.campaign  # Campaign: players, standings, history, ...

    # New game / Continue: a CampaignSession.
    session = new_campaign("Spring", ["medium", "hard"], save_dir=save_dir, deck=deck,
                           rules="booklet", target="Chief Justice", seed=None,
                           player_name="You")
    session = open_campaign("spring", save_dir=save_dir, deck=deck)

    # Playing (the session saves after every action; nothing else needs saving):
    if not session.in_round and not session.finished:
        session.next_round()                 # deals round N (and saves)
    rnd = session.round                      # a Round: decision, view(seat), events
    session.human_seat                       # 0; session.seat_names for event.describe(names=)
    if session.is_human_turn():
        session.apply(action)                # IllegalActionError: nothing changed
    else:
        pending = session.ai_choice()        # view, decision and RNG taken now; then
        action = pending.choose()            # fine in a worker thread, and, on the UI thread,
        session.apply(action)                # apply it (or simply session.choose_ai())
    # After the round ends (`rnd.is_over`), `rnd.result` has the scores and the campaign's
    # history/standings are already updated and saved; `session.finished` and
    # `session.campaign.winners` say whether the campaign is over. `session.round_number` is
    # the number of `session.round` (in progress or just finished).

    # The table's own state (e.g. how the player arranged their cards into precedents), kept
    # with the round in progress so Continue shows the table exactly as it was left:
    session.set_ui_state({"groups": [[12, 40, 7], [3, 9]], "loose": [21, 60]})  # saves now
    session.ui_state                         # {} after next_round()

    # Errors: new_campaign raises ValueError for bad settings (unknown level, rank, rules);
    # everything else raised on purpose is a SaveError with a message for the player:
    # CampaignNameError (bad name), CampaignExistsError, NoSuchCampaignError,
    # UnreadableCampaignError (`.reason`, `.recoverable`), SaveConflictError (the file changed
    # behind the session's back: stop playing this session, it will not write over that file).
    # OSError (disk full, read-only folder) may also come from apply()/next_round()/save();
    # the game in memory is intact and session.save() can be retried.

Modules: `model` (the save file's pydantic models, schema_version, migrations), `store` (the
folder, names, atomic writes with a backup), `replay` (a save's round in progress, replayed and
checked), `catalogue` (listing, creating, opening, deleting, recovering), `session` (playing and
autosaving), `autoplay`.
"""

from __future__ import annotations

import importlib
from typing import Any

# Names re-exported here, loaded on first use so that importing `civio_tui.campaigns.store`
# (e.g. for SaveError) does not pull in the engine and the AIs.
_EXPORTS = {
    "Campaign": "model",
    "SaveFile": "model",
    "SaveFormatError": "model",
    "CampaignSession": "session",
    "CampaignSummary": "catalogue",
    "UnreadableCampaignError": "catalogue",
    "delete_campaign": "catalogue",
    "list_campaigns": "catalogue",
    "most_recent_campaign": "catalogue",
    "new_campaign": "catalogue",
    "open_campaign": "catalogue",
    "read_summary": "catalogue",
    "recover_campaign": "catalogue",
    "CampaignExistsError": "store",
    "CampaignNameError": "store",
    "NoSuchCampaignError": "store",
    "SaveConflictError": "store",
    "SaveError": "store",
    "SaveFolder": "store",
    "check_name": "store",
    "resolve_save_dir": "store",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
