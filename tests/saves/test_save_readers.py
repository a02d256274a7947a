"""Every reader of a save file refuses what it cannot use with one sentence and never changes
the file: arbitrary bytes, arbitrary JSON, and the committed samples with any part replaced by
arbitrary JSON. Nothing escapes as an exception (not even RecursionError or OverflowError)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.deck import standard_deck
from civio_tui.campaigns.catalogue import list_campaigns
from civio_tui.card_games_save import ConcentrationSaves, SolitaireSaves
from civio_tui.easy_play_save import list_easy_games
from civio_tui.lessons.progress import ProgressFile
from civio_tui.records import RecordsFile
from civio_tui.settings import Settings

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"
DECK = standard_deck()


def _easy_play(folder: Path) -> str | None:
    [summary] = [s for s in list_easy_games(folder, DECK) if s.name == "Sample"]
    assert summary.readable != (summary.problem is not None)
    return summary.problem


def _solitaire(folder: Path) -> str | None:
    saves = SolitaireSaves(folder, DECK)
    assert (saves.saved is None) or saves.problem is None
    return saves.problem


def _concentration(folder: Path) -> str | None:
    saves = ConcentrationSaves(folder, DECK)
    assert (saves.saved is None) or saves.problem is None
    return saves.problem


def _records(folder: Path) -> str | None:
    return RecordsFile(folder).problem


def _lessons(folder: Path) -> str | None:
    return ProgressFile(folder).load()[1]


def _settings(folder: Path) -> str | None:
    return Settings.read(folder)[1]


def _campaign(folder: Path) -> str | None:
    [summary] = list_campaigns(folder, DECK)
    assert summary.readable != (summary.problem is not None)
    return summary.problem


READERS: dict[str, tuple[str, str, Callable[[Path], str | None]]] = {
    # reader: (file name in the folder, the sample it starts from, the reader)
    "easy play": ("Sample.easy-play.json", "games/Mid game.easy-play.json", _easy_play),
    "solitaire": ("solitaire.json", "games/solitaire.json", _solitaire),
    "concentration": ("concentration.json", "games/concentration.json", _concentration),
    "records": ("games-records.json", "games/games-records.json", _records),
    "lessons": ("lessons.json", "games/lessons.json", _lessons),
    "settings": ("settings.json", "games/settings.json", _settings),
    "campaign": ("Sample.civio.json", "Rounds won.civio.json", _campaign),
}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        yield Path(tmp)


def _refused_or_read(reader: str, data: bytes) -> None:
    """The reader on a file holding `data`: a clean answer, and the file left as it was."""
    filename, _, read = READERS[reader]
    with _folder() as folder:
        path = folder / filename
        path.write_bytes(data)
        problem = read(folder)
        assert problem is None or (problem and "\n" not in problem.strip()), problem
        assert path.read_bytes() == data


def _paths(doc: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*here, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _paths(value, (*here, index))


def _replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {**doc, head: _replaced(doc.get(head), rest, value)}
    copy = list(doc)
    copy[head] = _replaced(doc[head], rest, value)
    return copy


def _sample(reader: str) -> Any:
    return json.loads((SAMPLES / READERS[reader][1]).read_bytes())


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("reader", READERS)
@FUZZ
@given(data=st.binary(max_size=200))
def test_a_reader_refuses_arbitrary_bytes_cleanly(reader: str, data: bytes) -> None:
    _refused_or_read(reader, data)


@pytest.mark.parametrize("reader", READERS)
@FUZZ
@given(value=json_values)
def test_a_reader_refuses_arbitrary_json_cleanly(reader: str, value: Any) -> None:
    _refused_or_read(reader, json.dumps(value).encode())


@pytest.mark.parametrize("reader", READERS)
@FUZZ
@given(choice=st.data(), value=json_values)
def test_a_reader_refuses_a_sample_with_any_part_replaced(
    reader: str, choice: st.DataObject, value: Any
) -> None:
    doc = _sample(reader)
    path = choice.draw(st.sampled_from(list(_paths(doc))))
    _refused_or_read(reader, json.dumps(_replaced(doc, path, value)).encode())


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("depth", [900, 100_000])
def test_deep_nesting_anywhere_in_a_file_is_refused(reader: str, depth: int) -> None:
    doc = json.dumps(_sample(reader))
    nested = doc[:-1] + f', "deep": {_deep(depth)}' + "}"
    _refused_or_read(reader, nested.encode())
    _refused_or_read(reader, _deep(depth).encode())


@pytest.mark.parametrize(
    ("reader", "path", "value"),
    [
        ("easy play", ("game", "seed"), float("inf")),
        ("solitaire", ("game", "seed"), float("inf")),
        ("concentration", ("game", "seed"), float("inf")),
        ("solitaire", ("game",), None),
        ("concentration", ("game",), None),
        ("easy play", ("game",), None),
        ("concentration", ("game", "players"), 10**400),
        ("easy play", ("game", "rounds", 0, 0, "card"), float("inf")),
    ],
)
def test_the_files_that_crashed_the_game_are_refused(
    reader: str, path: tuple[Any, ...], value: Any
) -> None:
    filename, _, read = READERS[reader]
    data = json.dumps(_replaced(_sample(reader), path, value)).encode()
    with _folder() as folder:
        (folder / filename).write_bytes(data)
        problem = read(folder)
        assert problem is not None and "kept as it was" in problem
        assert (folder / filename).read_bytes() == data


def test_campaign_list_reports_a_broken_easy_play_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from civio_tui.cli import main

    shutil.copyfile(SAMPLES / "games" / "Mid game.easy-play.json", tmp_path / "Good.easy-play.json")
    (tmp_path / "Deep.easy-play.json").write_text(_deep(100_000))
    doc = _replaced(_sample("easy play"), ("game", "seed"), float("inf"))
    (tmp_path / "Seed.easy-play.json").write_text(json.dumps(doc))
    assert main(["campaign", "list", "--save-dir", str(tmp_path), "--json"]) == 0
    listed = {e["name"]: e for e in json.loads(capsys.readouterr().out)}
    assert listed["Good"]["readable"]
    assert "nested too deeply" in listed["Deep"]["problem"]
    assert "kept as it was" in listed["Seed"]["problem"]


@pytest.mark.parametrize(
    ("reader", "path"),
    [("records", ("solitaire",)), ("settings", ("keymap",)), ("lessons", ("lessons",))],
)
def test_a_key_with_a_line_break_is_named_on_one_line(reader: str, path: tuple[str, ...]) -> None:
    filename, _, read = READERS[reader]
    data = json.dumps(_replaced(_sample(reader), path, {"a\nb": 0})).encode()
    with _folder() as folder:
        (folder / filename).write_bytes(data)
        problem = read(folder)
    assert problem is not None and "\n" not in problem
    assert f"{path[0]}.'a\\nb'" in problem
