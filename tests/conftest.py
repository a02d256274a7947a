"""Shared test fixtures: the standard deck and the small rules pack in tests/cards/fixtures."""

from __future__ import annotations

import compileall
import gc
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cards.deck import Deck, load_deck, standard_deck

FIXTURES = Path(__file__).parent / "cards" / "fixtures"
MINI_PACK = FIXTURES / "mini.toml"
PACKAGES = ("cards", "ai", "civio_tui")


@pytest.fixture(autouse=True)
def _no_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands fit their tables to `COLUMNS` when it is set: the shell's must not change
    what a test reads (a test that wants a width sets it)."""
    monkeypatch.delenv("COLUMNS", raising=False)


_thawed = [True]
"""Whether objects were left in the collector's full rounds since the last freeze."""


@pytest.fixture(autouse=True, scope="session")
def _unfreeze_noted() -> Iterator[None]:
    """Note each `gc.unfreeze` (a seated tab's, when it leaves its table:
    `civio_tui.screens.remote_seat`), so that a test's end freezes again only then:
    `gc.get_freeze_count` walks every frozen object, some 15 ms a test."""
    unfreeze = gc.unfreeze

    def noted() -> None:
        _thawed[0] = True
        unfreeze()

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gc, "unfreeze", noted)
        yield


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After each test (its fixtures gone): let go of the Textual styles caches that Textual's
    own cache keeps, and leave what lasts out of the collector's full rounds.

    `StylesCache.get_inner_outer` is an `lru_cache` on a method: it kept up to 1,024 widgets'
    styles caches, each with the lines it drew, alive after their apps were gone (some 200,000
    objects once a few dozen apps had run). Every full collection walked them, and the
    modules, classes and functions the tests import, which live as long as the worker: a
    quarter of the app-driving tests' CPU time. Frozen (`gc.freeze`) after the first test and
    after each unfreeze, what lasts is left out; what each test makes is collected as ever."""
    styles_cache = sys.modules.get("textual._styles_cache")
    if styles_cache is not None:
        styles_cache.StylesCache.get_inner_outer.cache_clear()
    if _thawed[0]:
        gc.collect()
        gc.freeze()
        _thawed[0] = False


def pytest_configure(config: pytest.Config) -> None:
    """Compile the project's modules and rewrite the test modules' asserts once, in the process
    that starts the workers: the tests start many processes that import the game (workers,
    `civio` commands, killed saves), and where bytecode writing is off (PYTHONDONTWRITEBYTECODE)
    each would compile it again, and each worker would rewrite every test module again."""
    if sys.dont_write_bytecode and not hasattr(config, "workerinput"):
        root = Path(__file__).parent.parent
        for package in (*PACKAGES, "tests"):
            compileall.compile_dir(root / package, quiet=1)
        _rewrite_test_modules(config, Path(__file__).parent)


def _rewrite_test_modules(config: pytest.Config, tests: Path) -> None:
    """Write pytest's cache of each test module with its asserts rewritten, as pytest itself
    does when bytecode writing is on (the cache is read whether or not writing is on)."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc_fp,
            get_cache_dir,
        )
    except ImportError:  # another pytest: it rewrites them itself, as it always can
        return
    for path in [*tests.rglob("test_*.py"), *tests.rglob("conftest.py")]:
        pyc = get_cache_dir(path) / (path.name[:-3] + PYC_TAIL)
        if _read_pyc(path, pyc, lambda *_: None) is not None:
            continue
        source_stat, code = _rewrite_test(path, config)
        pyc.parent.mkdir(exist_ok=True)
        part = pyc.with_name(f"{pyc.name}.{os.getpid()}")
        with open(part, "wb") as out:
            _write_pyc_fp(out, source_stat, code)
        os.replace(part, pyc)


@pytest.fixture(scope="session")
def standard() -> Deck:
    """The packaged 78-card deck."""
    return standard_deck()


@pytest.fixture(scope="session")
def mini() -> Deck:
    """A hand-written custom pack whose cards exercise each precedent rule."""
    return load_deck(MINI_PACK)


@pytest.fixture(scope="session")
def mini_pack_path() -> Path:
    return MINI_PACK


def extended_pack_text(extra: int, seed: int = 1) -> str:
    """A pack that extends the standard deck with `extra` cards: mostly Cases (listing earlier
    Cases, Laws and Freedoms, strengthening Amendments), and Laws sharing the standard Issues,
    some in the same year as a Case, so every kind of link the rules read occurs."""
    import random

    deck = standard_deck()
    rng = random.Random(seed)
    by_type: dict[str, list[str]] = {}
    for card in deck.cards:
        by_type.setdefault(card.type.value, []).append(card.name)
    listable = by_type["case"] + by_type["law"]
    lines = ['name = "extended pack"', "custom = true", 'extends = "standard"', ""]
    for i in range(extra):
        year = 1900 + rng.randrange(120)
        issue = rng.choice(by_type["issue"])
        if i % 10 == 9:
            name = f"Extra Law {i}"
            lines += [
                "[[cards]]",
                f'name = "{name}"',
                'type = "law"',
                f"year = {year}",
                f'issues = ["{issue}"]',
                'action = { kind = "attack", what = "lose_turn" }',
                "",
            ]
            listable.append(name)
            continue
        name = f"Extra Case {i}"
        plus = rng.sample(listable, 2)
        if rng.random() < 0.3:
            plus.append(rng.choice(by_type["freedom"]))
        minus = [rng.choice(listable)] if rng.random() < 0.3 else []
        minus = [m for m in minus if m not in plus]
        amendments = rng.sample([1, 4, 5, 6, 8, 14], rng.randrange(3))
        lines += [
            "[[cards]]",
            f'name = "{name}"',
            'type = "case"',
            f"year = {year}",
            f'issues = ["{issue}"]',
            "plus = [" + ", ".join(f'"{p}"' for p in plus) + "]",
            "minus = [" + ", ".join(f'"{m}"' for m in minus) + "]",
            f"amendments = {amendments}",
            "",
        ]
        listable.append(name)
    return "\n".join(lines)


@pytest.fixture
def extended_pack(tmp_path: Path):  # type: ignore[no-untyped-def]
    """`extended_pack(extra)`: the path of a pack of the standard deck and `extra` more cards."""

    def write(extra: int, seed: int = 1) -> Path:
        path = tmp_path / f"extended-{extra}-{seed}.toml"
        path.write_text(extended_pack_text(extra, seed), encoding="utf-8")
        return path

    return write
