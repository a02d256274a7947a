"""The save folder: name rules, atomic writes, backups, and never writing over foreign files."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from civio_tui.campaigns import store
from civio_tui.campaigns.store import (
    CampaignExistsError,
    CampaignNameError,
    SaveConflictError,
    SaveFolder,
    check_name,
    sha256_bytes,
)


@pytest.mark.parametrize(
    "name",
    [
        "Spring 2025",
        "alpha-1",
        "v1.2 test",
        "under_score",
        "Müller",
        "ÉCOLE",
        "x" * store.NAME_MAX,
    ],
)
def test_good_names_are_kept(name: str) -> None:
    assert check_name(name) == name


def test_names_are_trimmed_and_nfc() -> None:
    assert check_name("  Spring  ") == "Spring"
    assert check_name("Mu\u0308ller") == "M\u00fcller"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("../x", "path separator"),
        ("..", "start with a letter"),
        (".", "start with a letter"),
        ("a/b", "path separator"),
        ("a\\b", "path separator"),
        ("/etc/passwd", "path separator"),
        ("C:\\saves\\x", "character ':'"),
        ("~/x", "character '~'"),
        (".hidden", "start with a letter"),
        ("-rf", "start with a letter"),
        ("tab\there", "control character U+0009"),
        ("nl\nx", "control character U+000A"),
        ("nul\x00x", "control character U+0000"),
        ("dot.", "end with '.'"),
        ("", "empty"),
        ("   ", "empty"),
        ("x" * (store.NAME_MAX + 1), "at most"),
        ("CON", "reserved"),
        ("com1.save", "reserved"),
        ("Lpt9", "reserved"),
        ("star*", "character '*'"),
        ("q?", "character '?'"),
        ("pipe|x", "character '|'"),
        ('quote"x', "character"),
        ("a<b>", "character '<'"),
        ("rtl\u202ex", "control character U+202E"),
    ],
)
def test_bad_names_are_refused(name: str, why: str) -> None:
    with pytest.raises(CampaignNameError, match=re.escape(why)):
        check_name(name)


@given(st.text(max_size=60))
def test_any_accepted_name_is_one_plain_file_in_the_folder(text: str) -> None:
    try:
        name = check_name(text)
    except CampaignNameError:
        return
    folder = Path("/saves")
    slot = SaveFolder(folder).slot(name)
    for path in (slot.path, slot.backup):
        assert path.parent == folder
        assert not path.name.startswith(".")
        assert "/" not in path.name and "\\" not in path.name and "\x00" not in path.name
        assert os.path.normpath(path) == str(path)


def test_save_dir_resolution(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(store.SAVE_DIR_ENV, raising=False)
    assert store.resolve_save_dir() == store.default_save_dir()
    assert "civio-tui" in str(store.default_save_dir())
    monkeypatch.setenv(store.SAVE_DIR_ENV, str(tmp_path / "env"))
    assert store.resolve_save_dir() == tmp_path / "env"
    assert store.resolve_save_dir(str(tmp_path / "opt")) == tmp_path / "opt"


def test_create_refuses_any_existing_name_ignoring_case(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path / "saves")
    slot = folder.create("Spring", b"one")
    assert slot.path.read_bytes() == b"one"
    for clash in ("Spring", "spring", "SPRING", " Spring "):
        with pytest.raises(CampaignExistsError, match="'Spring' already exists"):
            folder.create(clash, b"two")
    assert slot.path.read_bytes() == b"one"
    # An unreadable file and a lone backup hold their names too.
    (tmp_path / "saves" / "Broken.civio.json").write_bytes(b"{not json")
    (tmp_path / "saves" / "Lost.civio.bak.json").write_bytes(b"{}")
    for clash in ("broken", "LOST"):
        with pytest.raises(CampaignExistsError):
            folder.create(clash, b"x")
    assert (tmp_path / "saves" / "Broken.civio.json").read_bytes() == b"{not json"
    assert _leftovers(tmp_path / "saves") == []


def test_replace_keeps_the_previous_save_as_backup(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    slot = folder.create("Run", b"v1")
    folder.replace(slot, b"v2", expected=sha256_bytes(b"v1"))
    assert slot.path.read_bytes() == b"v2"
    assert slot.backup.read_bytes() == b"v1"
    folder.replace(slot, b"v3", expected=sha256_bytes(b"v2"))
    assert (slot.path.read_bytes(), slot.backup.read_bytes()) == (b"v3", b"v2")
    assert _leftovers(tmp_path) == []


def test_replace_refuses_a_file_changed_behind_its_back(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    slot = folder.create("Run", b"v1")
    slot.path.write_bytes(b"edited by hand")
    with pytest.raises(SaveConflictError, match="changed by something else"):
        folder.replace(slot, b"v2", expected=sha256_bytes(b"v1"))
    assert slot.path.read_bytes() == b"edited by hand"
    assert not slot.backup.exists()
    slot.path.unlink()
    with pytest.raises(SaveConflictError, match="disappeared"):
        folder.replace(slot, b"v2", expected=sha256_bytes(b"v1"))
    assert not slot.path.exists()
    assert _leftovers(tmp_path) == []


def test_replace_without_hard_links_copies_the_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = SaveFolder(tmp_path)
    slot = folder.create("Run", b"v1")

    def no_links(*_args: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    folder.replace(slot, b"v2", expected=sha256_bytes(b"v1"))
    assert (slot.path.read_bytes(), slot.backup.read_bytes()) == (b"v2", b"v1")
    other = folder.create("Other", b"o")
    assert other.path.read_bytes() == b"o"
    with pytest.raises(CampaignExistsError):
        folder.create("other", b"x")
    assert _leftovers(tmp_path) == []


def test_a_failed_write_leaves_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = SaveFolder(tmp_path)
    slot = folder.create("Run", b"v1")

    def full_disk(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        folder.replace(slot, b"v2", expected=sha256_bytes(b"v1"))
    assert slot.path.read_bytes() == b"v1"
    assert _leftovers(tmp_path) == []


def test_scan_lists_mains_and_lone_backups(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    assert SaveFolder(tmp_path / "missing").scan() == []
    folder.create("b", b"1")
    folder.create("A", b"1")
    (tmp_path / "Gone.civio.bak.json").write_bytes(b"1")
    (tmp_path / "notes.txt").write_text("not a save")
    (tmp_path / ".A.civio.json.123.abcd0123.tmp").write_bytes(b"partial")
    (tmp_path / "bad name!.civio.json").write_bytes(b"1")
    entries = folder.scan()
    assert [(e.name, e.name_ok, e.has_main, e.has_backup) for e in entries] == [
        ("A", True, True, False),
        ("b", True, True, False),
        ("bad name!", False, True, False),
        ("Gone", True, False, True),
    ]
    found = folder.find("a")
    assert found is not None and found.name == "A"
    assert folder.find("nobody") is None


def test_stale_temp_files_of_dead_processes_are_cleaned(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    slot = folder.create("Run", b"v1")
    dead = tmp_path / ".Run.civio.json.999999999.abcd0123.tmp"
    dead_backup = tmp_path / ".Run.civio.bak.json.999999999.abcd0124.tmp"
    alive = tmp_path / f".Run.civio.json.{os.getpid()}.abcd0125.tmp"
    other = tmp_path / ".Other.civio.json.999999999.abcd0126.tmp"
    for path in (dead, dead_backup, alive, other):
        path.write_bytes(b"x")
    folder.clean_stale_temps(slot)
    assert not dead.exists() and not dead_backup.exists()
    assert alive.exists() and other.exists()


def test_delete_removes_the_campaign_and_its_backup(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    slot = folder.create("Run", b"v1")
    folder.replace(slot, b"v2", expected=sha256_bytes(b"v1"))
    keep = folder.create("Keep", b"k")
    removed = folder.delete(slot)
    assert sorted(p.name for p in removed) == ["Run.civio.bak.json", "Run.civio.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [keep.path.name]


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_campaigns_never_import_textual() -> None:
    """Campaigns and their command run headless: no Textual, checked in a fresh interpreter."""
    import subprocess
    import sys

    script = (
        "import sys, civio_tui.campaigns.catalogue, civio_tui.campaigns.autoplay, "
        "civio_tui.commands.campaign_cmd; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
