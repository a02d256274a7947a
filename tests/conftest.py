"""Shared test fixtures: the standard deck and the small rules pack in tests/cards/fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.deck import Deck, load_deck, standard_deck

FIXTURES = Path(__file__).parent / "cards" / "fixtures"
MINI_PACK = FIXTURES / "mini.toml"


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
