"""Loading and checking a deck: the standard deck data, or a custom card pack.

A deck is an ordered tuple of cards; a card's position is its id, which the engine and the
rules use in place of the card on hot paths.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import tomllib
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cards.models import Card, CardType, DeckFile
from cards.user_files import UserFileError, read_user_text, shown_path

STANDARD_COUNTS: dict[CardType, int] = {
    CardType.CASE: 49,
    CardType.AMENDMENT: 8,
    CardType.FREEDOM: 7,
    CardType.ISSUE: 6,
    CardType.LAW: 6,
    CardType.CIVIL_RIGHTS_ACT: 1,
    CardType.WILD: 1,
}
STANDARD_SIZE = sum(STANDARD_COUNTS.values())
MAX_DECK_CARDS = 200
"""The most cards a deck may hold, the standard deck's 78 included. The AI's search grows with
the deck: a round between Hard players takes about 4 times as long at 200 cards as at 78, and
a deck of 500 cards made two rounds last over two minutes and 750 MB."""
VALID_AMENDMENTS = frozenset({1, 4, 5, 6, 8, 9, 14, 15})


class DeckError(ValueError):
    """A deck or card pack that cannot be used; the message names the file, card and field."""


class UnknownCardError(LookupError):
    """A card name that matches no card; carries the closest names as suggestions."""

    def __init__(self, text: str, suggestions: Sequence[str]) -> None:
        self.text = text
        self.suggestions = tuple(suggestions)
        hint = f" (did you mean: {', '.join(self.suggestions)}?)" if self.suggestions else ""
        super().__init__(f"unknown card {text!r}{hint}")


_DROPPED_TOKENS = frozenset({"v", "vs", "versus"})


def require_deck(deck: Deck, sha256: object) -> None:
    """A saved game names its deck by sha256: ValueError when it is not `deck`."""
    if sha256 != deck.sha256:
        raise ValueError("the saved game was played with a different deck")


def normalise_name(text: str) -> str:
    """The matching key of a card name (docs/DECK.md, Name matching)."""
    text = text.lower().replace("&", " and ")
    text = re.sub(r"[^0-9a-z]+", " ", text)
    return " ".join(tok for tok in text.split() if tok not in _DROPPED_TOKENS)


# Views and saves name their deck only by its SHA-256, so whoever holds a view (the AI levels)
# finds the deck here: every deck this process built and still uses, by its SHA-256.
_LIVE_DECKS: weakref.WeakValueDictionary[str, Deck] = weakref.WeakValueDictionary()


def deck_by_sha256(sha256: str) -> Deck | None:
    """The deck with this SHA-256 if this process has built it and still holds it; the
    standard deck and its earlier editions are always found."""
    found = _LIVE_DECKS.get(sha256)
    if found is None:
        found = next((d for d in standard_editions() if d.sha256 == sha256), None)
    return found


class Deck:
    """An immutable, validated deck. Card ids are positions in `cards`."""

    def __init__(
        self,
        name: str,
        cards: Sequence[Card],
        *,
        custom: bool,
        source: str,
        extension: tuple[str, Deck] | None = None,
    ) -> None:
        self.name = name
        self.cards: tuple[Card, ...] = tuple(cards)
        self.custom = custom
        self.source = source
        # A pack that extends the standard deck: its own text and the deck it was built on, so
        # it can be rebuilt on an earlier edition of the standard deck (see `editions_of`).
        self.extension = extension
        self._by_exact = {card.name: i for i, card in enumerate(self.cards)}
        self._by_key: dict[str, int] = {}
        for i, card in enumerate(self.cards):
            for label in (card.name, card.full_name, *card.aliases):
                if label:
                    self._by_key.setdefault(normalise_name(label), i)
        self.sha256 = hashlib.sha256(self.canonical_json().encode()).hexdigest()
        self._cache: dict[str, Any] = {}
        _LIVE_DECKS.setdefault(self.sha256, self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        # A deck sent to another process (an arena worker under "spawn") is findable there too.
        self.__dict__.update(state)
        _LIVE_DECKS.setdefault(self.sha256, self)

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def __repr__(self) -> str:
        return f"<Deck {self.name!r}: {len(self.cards)} cards, sha256 {self.sha256[:12]}>"

    @property
    def ids(self) -> range:
        return range(len(self.cards))

    def canonical_json(self) -> str:
        """The deck's identity document: sorted keys, no whitespace, cards in deck order."""
        payload = [card.model_dump(mode="json") for card in self.cards]
        return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def id_of(self, exact_name: str) -> int:
        """The id of a card given its exact printed name."""
        return self._by_exact[exact_name]

    def find(self, text: str) -> int | None:
        """The id of the card whose name, full name or alias matches `text`, else None."""
        return self._by_key.get(normalise_name(text))

    def lookup(self, text: str) -> int:
        """Like `find`, but a miss raises UnknownCardError with the closest names."""
        found = self.find(text)
        if found is not None:
            return found
        raise UnknownCardError(text, self.suggest(text))

    def suggest(self, text: str, n: int = 3) -> list[str]:
        key = normalise_name(text)
        keys = difflib.get_close_matches(key, list(self._by_key), n=n * 3, cutoff=0.5)
        names: list[str] = []
        for k in keys:
            name = self.cards[self._by_key[k]].name
            if name not in names:
                names.append(name)
        if not names and key:
            names = [
                c.name for c in self.cards if any(tok in normalise_name(c.name) for tok in [key])
            ]
        return names[:n]

    def names(self, ids: Iterable[int]) -> list[str]:
        return [self.cards[i].name for i in ids]

    def of_type(self, card_type: CardType) -> list[int]:
        return [i for i, c in enumerate(self.cards) if c.type is card_type]

    def amendment_card(self, number: int) -> int | None:
        for i, card in enumerate(self.cards):
            if card.type is CardType.AMENDMENT and number in card.amendments:
                return i
        return None

    def cached(self, key: str, build: Any) -> Any:
        """Per-deck memo for structures derived from the cards (e.g. the rules' link tables)."""
        if key not in self._cache:
            self._cache[key] = build(self)
        return self._cache[key]


_CARD_HEADER = re.compile(r"\s*\[\[\s*cards\s*\]\]\s*(#.*)?")


def _card_lines(text: str) -> list[int]:
    """The line of each `[[cards]]` header (spaces and a trailing comment allowed, as in TOML)."""
    return [n for n, line in enumerate(text.splitlines(), 1) if _CARD_HEADER.fullmatch(line)]


def _where(source: str, lines: list[int], index: int | None, raw: Any) -> str:
    if index is None:
        return source
    line = f", line {lines[index]}" if index < len(lines) else ""
    name = raw.get("name") if isinstance(raw, dict) else None
    card = f", card {name!r}" if name else f", card #{index + 1}"
    return f"{source}{line}{card}"


def parse_deck_text(text: str, source: str) -> DeckFile:
    """Parse and validate one deck file's text; errors name the file, line, card and field."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DeckError(f"{source}: not valid TOML: arrays or tables nested too deeply") from None
    lines = _card_lines(text)
    raw_cards = raw.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DeckError(f"{source}: no [[cards]] entries")
    if len(raw_cards) > MAX_DECK_CARDS:
        raise _too_many(source, len(raw_cards))
    try:
        return DeckFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = list(err["loc"])
        index = loc[1] if len(loc) > 1 and loc[0] == "cards" and isinstance(loc[1], int) else None
        field = ".".join(str(p) for p in loc[2:]) if index is not None else ".".join(map(str, loc))
        where = _where(source, lines, index, raw_cards[index] if index is not None else None)
        more = f" (and {len(exc.errors()) - 1} more problems)" if len(exc.errors()) > 1 else ""
        raise DeckError(f"{where}, field {field!r}: {err['msg']}{more}") from None


def _too_many(source: str, count: int) -> DeckError:
    return DeckError(
        f"{source}: {count} cards; a deck may hold at most {MAX_DECK_CARDS} "
        "(the standard deck's 78 included when a pack extends it)"
    )


def check_cards(cards: Sequence[Card], source: str, *, custom: bool, lines: list[int]) -> None:
    """Every check of docs/DECK.md beyond the shape of one card."""
    if len(cards) > MAX_DECK_CARDS:
        raise _too_many(source, len(cards))

    def fail(index: int, field: str, problem: str) -> DeckError:
        where = _where(source, lines, index, {"name": cards[index].name})
        return DeckError(f"{where}, field {field!r}: {problem}")

    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        for label in (card.name, *card.aliases):
            key = normalise_name(label)
            if not key:
                raise fail(i, "aliases" if label != card.name else "name", "empty name")
            if key in seen and seen[key] != i:
                other = cards[seen[key]].name
                what = "duplicate name" if label == card.name else f"alias {label!r} clashes with"
                raise fail(i, "name" if label == card.name else "aliases", f"{what} {other!r}")
            seen[key] = i

    by_name = {c.name: c for c in cards}
    issues = {c.name for c in cards if c.type is CardType.ISSUE}
    numbers = {n for c in cards if c.type is CardType.AMENDMENT for n in c.amendments}
    for i, card in enumerate(cards):
        if card.is_lawlike != (card.action is not None):
            problem = (
                "a Law needs exactly one action"
                if card.is_lawlike
                else f"a {card.type_label()} card must not have an action"
            )
            raise fail(i, "action", problem)
        needs_year = card.type in (CardType.CASE, CardType.LAW, CardType.CIVIL_RIGHTS_ACT)
        if needs_year and card.year is None:
            raise fail(i, "year", f"a {card.type_label()} card needs a year")
        for issue in card.issues:
            if issue not in issues:
                raise fail(i, "issues", f"{issue!r} is not an Issue card in the deck")
        for column in ("plus", "minus"):
            for entry in getattr(card, column):
                target = by_name.get(entry)
                if target is None:
                    raise fail(i, column, f"{entry!r} names no card in the deck")
                if target.name == card.name:
                    raise fail(i, column, "a card cannot list itself")
        if card.type is CardType.AMENDMENT:
            if len(card.amendments) != 1:
                raise fail(i, "amendments", "an Amendment card holds exactly its own number")
        else:
            for number in card.amendments:
                if number not in numbers:
                    raise fail(i, "amendments", f"no Amendment card for the {number}")

    if not custom:
        counts = Counter(c.type for c in cards)
        for card_type, wanted in STANDARD_COUNTS.items():
            if counts[card_type] != wanted:
                raise DeckError(
                    f"{source}, field 'type': {counts[card_type]} {card_type.value} cards where "
                    f"the 78-card deck has {wanted} (a pack that differs must say custom = true)"
                )


def deck_from_text(text: str, source: str, base: Deck | None = None) -> Deck:
    """Build a Deck from a file's text; a pack with `extends = "standard"` adds to `base`."""
    parsed = parse_deck_text(text, source)
    lines = _card_lines(text)
    cards: list[Card] = list(parsed.cards)
    if parsed.extends == "standard":
        if not parsed.custom:
            raise DeckError(
                f"{source}: a pack that extends the standard deck must say custom = true"
            )
        base = base or standard_deck()
        # Line numbers refer to the pack's own cards, which come after the base cards.
        lines = [0] * len(base.cards) + lines
        cards = list(base.cards) + cards
    check_cards(cards, source, custom=parsed.custom, lines=lines)
    extension = (text, base) if parsed.extends == "standard" and base is not None else None
    return Deck(parsed.name, cards, custom=parsed.custom, source=source, extension=extension)


def load_deck(path: str | Path | None = None) -> Deck:
    """The standard deck, or the deck/pack in `path` (the `--cards FILE` option), read through
    `cards.user_files` (a regular file of at most 1 MB)."""
    if path is None:
        return standard_deck()
    if not str(path).strip():
        raise DeckError("--cards: no file name given")
    try:
        text = read_user_text(path)
    except UserFileError as exc:
        raise DeckError(f"card file {exc}") from None
    return deck_from_text(text, shown_path(path))


@cache
def standard_deck() -> Deck:
    """The packaged 78-card deck (loaded once per process)."""
    text = resources.files("cards").joinpath("data/standard.toml").read_text(encoding="utf-8")
    return deck_from_text(text, "cards/data/standard.toml")


# Earlier editions of the standard deck, newest first. A correction to a card changes the deck's
# SHA-256, so a campaign begun before it would no longer open; it goes on with its own edition.
_EARLIER_EDITIONS = ("data/editions/standard-2026-10.toml",)


def standard_editions() -> tuple[Deck, ...]:
    """The standard deck, then its earlier editions (those loaded only when first asked for)."""
    return (standard_deck(), *_earlier_editions())


@cache
def _earlier_editions() -> tuple[Deck, ...]:
    data = resources.files("cards")
    return tuple(
        deck_from_text(data.joinpath(path).read_text(encoding="utf-8"), f"cards/{path}")
        for path in _EARLIER_EDITIONS
    )


def editions_of(deck: Deck) -> tuple[Deck, ...]:
    """`deck`, then the same deck on each earlier edition of the standard deck: the standard
    deck's editions themselves, or a pack that extends the standard deck rebuilt on each."""
    editions = standard_editions()
    if any(deck is d for d in editions):
        return editions
    if deck.extension is not None and any(deck.extension[1] is d for d in editions):
        # Built once per deck: listing a save folder asks for every campaign of another deck.
        return (deck, *deck.cached("earlier editions", _rebuilt_on_earlier_editions))
    return (deck,)


def _rebuilt_on_earlier_editions(deck: Deck) -> tuple[Deck, ...]:
    assert deck.extension is not None
    text = deck.extension[0]
    return tuple(deck_from_text(text, deck.source, e) for e in _earlier_editions())
