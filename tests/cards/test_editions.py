"""Earlier editions of the standard deck, and the corrections that made the current one."""

from __future__ import annotations

from pathlib import Path

from cards.deck import (
    Deck,
    deck_by_sha256,
    editions_of,
    load_deck,
    standard_deck,
    standard_editions,
)
from cards.precedent import check_precedent

# Campaigns begun before the 2026-11 corrections name this deck. The edition file must never
# change: if it did, those campaigns would no longer open.
EDITION_2026_10 = "ca7eaadf9b6c"
PACK = Path(__file__).resolve().parents[2] / "saves" / "samples" / "teacher-pack.toml"


def test_the_earlier_edition_keeps_its_identity_and_is_found_by_it() -> None:
    current, earlier = standard_editions()
    assert current is standard_deck()
    assert earlier.sha256.startswith(EDITION_2026_10)
    assert current.sha256 != earlier.sha256
    assert deck_by_sha256(earlier.sha256) is earlier
    assert [c.name for c in earlier.cards] == [c.name for c in current.cards]


def test_a_pack_that_extends_the_standard_deck_is_rebuilt_on_each_edition() -> None:
    pack = load_deck(PACK)
    rebuilt = editions_of(pack)
    assert rebuilt[0] is pack
    assert len(rebuilt) == len(standard_editions())
    assert rebuilt[1].cards[: len(standard_deck())] == standard_editions()[1].cards
    assert rebuilt[1].cards[-1] == pack.cards[-1]
    assert rebuilt[1].sha256 != pack.sha256


def test_a_deck_of_its_own_has_no_other_edition(standard: Deck) -> None:
    own = Deck("own", standard.cards[:20], custom=True, source="test")
    assert editions_of(own) == (own,)


def _card(deck: Deck, name: str):  # type: ignore[no-untyped-def]
    return deck[deck.lookup(name)]


def test_the_2026_11_corrections() -> None:
    current, earlier = standard_editions()
    # Near v Minnesota cites Schenck only for the wartime exception: no longer a plus link.
    assert "Schenck v US" in _card(earlier, "Near v Minnesota").plus
    assert "Schenck v US" not in _card(current, "Near v Minnesota").plus
    reason = check_precedent(current, [current.lookup(n) for n in ("Schenck", "Near")]).reason
    assert reason is not None and "neither" in reason
    # Heart of Atlanta rests on the Commerce Clause and does not reach the 14th Amendment.
    heart = _card(current, "Heart of Atlanta")
    assert not heart.amendments and heart.points == 0
    assert "Commerce" not in _card(earlier, "Heart of Atlanta").summary
    assert "commerce" in heart.summary
    # Summaries that overstated the record.
    assert "Suspended literacy tests" in _card(current, "Voting Rights Act of 1965").summary
    assert "wiretapping" not in _card(current, "Katz v US").summary
    assert "plurality" in _card(current, "Pico").summary
    assert "Reversed the dismissal" in _card(current, "Gomillion").summary
    cra = _card(current, "Civil Rights Act of 1964").summary
    assert "or by sex in employment" in cra
