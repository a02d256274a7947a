"""A decision put in words for the human: a title, a prompt and labelled options."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content

from cards.actions import Action, Decision


@dataclass(frozen=True)
class OptionLabel:
    """One option of a question as the player reads it."""

    action: Action | None
    text: Content
    card: int | None = None
    """The card this option is about (for card detail), if any."""


@dataclass(frozen=True)
class Question:
    """The pending decision put to the human: a prompt and numbered options."""

    decision: Decision
    title: str
    prompt: str
    options: tuple[OptionLabel, ...]
    note: str = ""
    """A line of advice shown under the options (hidden on short terminals)."""
