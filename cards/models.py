"""Card models: what a card is, validated by pydantic when a deck file is loaded.

Points are derived from the rules (docs/RULES.md, Scoring), never typed into the data.
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class CardType(StrEnum):
    CASE = "case"
    LAW = "law"
    AMENDMENT = "amendment"
    FREEDOM = "freedom"
    ISSUE = "issue"
    CIVIL_RIGHTS_ACT = "civil_rights_act"
    WILD = "wild"


class Effect(StrEnum):
    """What an attack does, or which attacks an overrule stops."""

    LOSE_TURN = "lose_turn"
    CONFISCATE = "confiscate"
    BOTH = "both"

    @property
    def label(self) -> str:
        """The effect's printed name ("Lose Turn", "Confiscate and Arrest"): the one spelling
        every message uses."""
        return _EFFECT_LABELS[self]


_EFFECT_LABELS = {
    Effect.LOSE_TURN: "Lose Turn",
    Effect.CONFISCATE: "Confiscate and Arrest",
    Effect.BOTH: "Lose Turn and Confiscate and Arrest",
}


def effect_label(value: str | None, default: str = "") -> str:
    """The printed name of an effect given by its value ("lose_turn"), as decisions and events
    carry it; `default` when there is none or it is not an effect."""
    if value is None:
        return default
    try:
        return Effect(value).label
    except ValueError:
        return default


class LawAction(BaseModel):
    """A Law card's one action: an attack it launches or the attacks it overrules."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["attack", "overrule"]
    what: Effect

    @field_validator("what")
    @classmethod
    def _attack_is_single(cls, what: Effect, info: object) -> Effect:
        data = getattr(info, "data", {})
        if data.get("kind") == "attack" and what is Effect.BOTH:
            raise ValueError("an attack is either lose_turn or confiscate, never both")
        return what

    def overrules(self, attack: Effect) -> bool:
        return self.kind == "overrule" and self.what in (attack, Effect.BOTH)

    def describe(self) -> str:
        return f"{'Attack' if self.kind == 'attack' else 'Overrule'}: {self.what.label}"


class Card(BaseModel):
    """One card as printed, with the facts the rules read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    full_name: str = ""
    aliases: tuple[str, ...] = ()
    type: CardType
    year: int | None = None
    issues: tuple[str, ...] = ()
    plus: tuple[str, ...] = ()
    minus: tuple[str, ...] = ()
    amendments: tuple[int, ...] = ()
    action: LawAction | None = None
    summary: str = ""
    provenance: Literal["publisher", "reconstructed"] = "reconstructed"
    note: str | None = None

    @field_validator("name", "full_name", "aliases", "issues", "plus", "minus", "summary", "note")
    @classmethod
    def _no_control_characters(cls, value: object) -> object:
        # A card's words are printed to terminals: an escape or bell character in a pack would
        # move the cursor, clear the screen or ring, so a pack holding one is refused.
        for text in value if isinstance(value, tuple) else (value,):
            for char in text or "":
                if unicodedata.category(char) == "Cc":
                    raise ValueError(
                        f"a card's text cannot hold the control character U+{ord(char):04X}"
                    )
        return value

    @field_validator("action", mode="before")
    @classmethod
    def _one_action(cls, value: object) -> object:
        # A second [[cards.action]] makes a list, which pydantic would call "not a dictionary".
        if isinstance(value, list):
            raise ValueError(f"a Law has exactly one action, not a list of {len(value)}")
        return value

    @property
    def points(self) -> int:
        """Card points (docs/RULES.md, Scoring)."""
        if self.type in (CardType.AMENDMENT, CardType.FREEDOM, CardType.CIVIL_RIGHTS_ACT):
            return 1
        if self.type is CardType.CASE and self.amendments:
            return 1
        return 0

    @property
    def is_lawlike(self) -> bool:
        """True for Laws and the Civil Rights Act (which may act as a Law)."""
        return self.type in (CardType.LAW, CardType.CIVIL_RIGHTS_ACT)

    @property
    def links(self) -> tuple[str, ...]:
        """Every card this one lists in its plus or minus column."""
        return self.plus + self.minus

    def type_label(self) -> str:
        return {
            CardType.CASE: "Case",
            CardType.LAW: "Law",
            CardType.AMENDMENT: "Amendment",
            CardType.FREEDOM: "Freedom",
            CardType.ISSUE: "Issue",
            CardType.CIVIL_RIGHTS_ACT: "Civil Rights Act",
            CardType.WILD: "Wild card",
        }[self.type]


class DeckFile(BaseModel):
    """The shape of a deck or custom card pack file."""

    model_config = ConfigDict(extra="forbid")

    name: str = "custom pack"
    custom: bool = False
    extends: Literal["standard"] | None = None
    cards: list[Card]
