"""Rebuild the sample campaigns in saves/samples/ that the tests read.

    .venv/bin/python tests/campaigns/make_samples.py

Run it only when the save format or the engine changes on purpose: the samples also guard against
an engine change that would stop existing saves from replaying (test_campaign_samples.py).
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cards.deck import load_deck  # noqa: E402
from civio_tui.campaigns.autoplay import autoplay  # noqa: E402
from civio_tui.campaigns.catalogue import new_campaign  # noqa: E402
from civio_tui.campaigns.model import SaveFile  # noqa: E402
from civio_tui.campaigns.session import CampaignSession  # noqa: E402

SAMPLES = ROOT / "saves" / "samples"
PACK = SAMPLES / "teacher-pack.toml"
WHEN = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


def _mid_round(folder: Path, name: str, deck_path: Path | None = None) -> CampaignSession:
    session = new_campaign(
        name, ["random", "random"], save_dir=folder, seed=2025, deck=load_deck(deck_path)
    )
    autoplay(session, rounds=2, as_level="random")
    session.next_round()
    for _ in range(60):
        session.apply(session.choose_ai("random"))
    return session


def _fixed_times(data: bytes) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(data)
    doc["saved_at"] = WHEN.isoformat()
    doc["campaign"]["created_at"] = WHEN.isoformat()
    return doc


def _write(name: str, doc: dict[str, Any] | bytes) -> None:
    path = SAMPLES / f"{name}.civio.json"
    if isinstance(doc, bytes):
        path.write_bytes(doc)
    else:
        path.write_bytes(SaveFile.model_validate(doc).to_bytes())
    print(f"wrote {path.relative_to(ROOT)}")


def _raw(name: str, doc: dict[str, Any]) -> None:
    _write(name, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        mid = _fixed_times(_mid_round(folder, "Mid round").slot.path.read_bytes())
        _write("Mid round", mid)

        finished = new_campaign("Finished", ["random"], save_dir=folder, seed=7, target="Law Clerk")
        autoplay(finished, rounds=100, as_level="random")
        _write("Finished", _fixed_times(finished.slot.path.read_bytes()))

        # Rounds the player's seat wins (played by medium against easy AIs): for statistics.
        won = new_campaign("Rounds won", ["easy", "easy"], save_dir=folder, seed=12)
        autoplay(won, rounds=3, as_level="medium")
        _write("Rounds won", _fixed_times(won.slot.path.read_bytes()))

        other = _mid_round(folder, "Other deck", PACK)
        _write("Other deck", _fixed_times(other.slot.path.read_bytes()))

    def renamed(name: str) -> dict[str, Any]:
        doc: dict[str, Any] = json.loads(json.dumps(mid))
        doc["campaign"]["name"] = name
        return doc

    version2 = renamed("Version 2")
    version2["schema_version"] = 2
    for record in version2["campaign"]["history"]:
        del record["actions"], record["check"]
    _raw("Version 2", version2)

    old = renamed("Old format")
    old["schema_version"] = 1
    camp = old["campaign"]
    for record in camp["history"]:
        del record["actions"], record["check"]
    del camp["current"]["ui"]
    deck = camp.pop("deck")
    camp["deck_name"], camp["deck_sha256"] = deck["name"], deck["sha256"]
    players = camp.pop("players")
    assert players[0] == {"name": "You", "level": "human"}
    camp["opponents"] = [p["level"] for p in players[1:]]
    _raw("Old format", old)

    text = json.dumps(renamed("Corrupt"), indent=2).encode()
    _write("Corrupt", text[: len(text) // 2])

    wrong = renamed("Wrong schema")
    wrong["campaign"]["seats"] = wrong["campaign"].pop("players")
    _raw("Wrong schema", wrong)

    newer = renamed("Newer version")
    newer["schema_version"] = 4
    newer["campaign"]["league"] = {"season": 1}
    _raw("Newer version", newer)

    tampered = renamed("Tampered")
    actions = tampered["campaign"]["current"]["actions"]
    index = next(i for i, a in enumerate(actions) if a == "draw supply" and i > 10)
    actions[index] = "draw discard"
    _raw("Tampered", tampered)


if __name__ == "__main__":
    main()
