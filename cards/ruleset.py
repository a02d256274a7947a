"""Rule-set variants (docs/RULES.md, Rule sets): the booklet by default, the summary's as flags."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RULESET_NAMES = ("booklet", "summary")


class RuleSet(BaseModel):
    """The rule flags a round is played under."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    flush_scoring: Literal["booklet", "cards_only"] = "booklet"
    attacks: Literal["mandatory", "optional"] = "mandatory"
    max_turns: int = Field(default=300, ge=1)

    @classmethod
    def named(cls, name: str, **overrides: object) -> RuleSet:
        """`booklet` (the default) or `summary` (cards-only flush scoring, optional attacks)."""
        key = name.strip().lower()
        if key == "booklet":
            return cls.model_validate(overrides)
        if key == "summary":
            return cls.model_validate(
                {"flush_scoring": "cards_only", "attacks": "optional", **overrides}
            )
        raise ValueError(f"unknown rule set {name!r}: choose booklet or summary")

    @property
    def name(self) -> str:
        """`booklet`, `summary`, or `custom` when the flags match neither."""
        if self.flush_scoring == "booklet" and self.attacks == "mandatory":
            return "booklet"
        if self.flush_scoring == "cards_only" and self.attacks == "optional":
            return "summary"
        return "custom"
