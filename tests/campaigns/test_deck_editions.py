"""A campaign begun on an earlier edition of the standard deck goes on with that edition."""

from __future__ import annotations

import shutil
from pathlib import Path

from cards.deck import load_deck, standard_deck, standard_editions
from civio_tui.campaigns.catalogue import list_campaigns, new_campaign, open_campaign
from civio_tui.campaigns.model import parse_save

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"


def _copy(tmp_path: Path, *names: str) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    for name in names:
        shutil.copy(SAMPLES / name, folder / name)
    return folder


def test_a_campaign_on_the_earlier_edition_opens_and_plays_on_it(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "Mid round.civio.json")
    earlier = standard_editions()[1]
    saved = parse_save((folder / "Mid round.civio.json").read_bytes()).campaign
    assert saved.deck.sha256 == earlier.sha256  # the sample was made before the corrections
    session = open_campaign("Mid round", save_dir=folder)
    assert session.deck is earlier
    assert session.round is not None and session.round.deck is earlier
    before = len(session.round.actions)
    session.apply(session.choose_ai("random"))
    reopened = open_campaign("Mid round", save_dir=folder)
    assert len(reopened.round.actions) == before + 1  # type: ignore[union-attr]
    assert parse_save((folder / "Mid round.civio.json").read_bytes()).campaign.deck == saved.deck


def test_a_new_campaign_uses_the_current_edition(tmp_path: Path) -> None:
    session = new_campaign("Fresh", ["random"], save_dir=tmp_path, seed=3)
    assert session.deck is standard_deck()
    [summary] = list_campaigns(tmp_path)
    assert summary.readable


def test_a_teacher_pack_campaign_from_before_opens_with_the_pack(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "Other deck.civio.json")
    pack = load_deck(SAMPLES / "teacher-pack.toml")
    session = open_campaign("Other deck", save_dir=folder, deck=pack)
    assert session.deck.name == pack.name
    assert session.deck.sha256 != pack.sha256
    assert [c.name for c in session.deck.cards] == [c.name for c in pack.cards]
    # Without the pack it is still another deck, as before.
    assert not list_campaigns(folder)[0].readable
