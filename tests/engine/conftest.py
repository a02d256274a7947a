"""Fixtures for the round engine tests."""

from __future__ import annotations

import pytest
from engine_helpers import engine_pack

from cards.deck import Deck


@pytest.fixture(scope="session")
def pack() -> Deck:
    """tests/engine/fixtures/engine_pack.toml: 40 cards with simple names (Case 01 ...)."""
    return engine_pack()
