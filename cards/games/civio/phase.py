"""Where a round stands: the `Phase` enum (docs/RULES.md, A round; docs/ENGINE_API.md, Turn flow).

A phase is one point of the turn where one seat must decide. Each phase carries what the
outside world sees of it: its name (`phase.value`, the `phase` of a `PendingView`), the kind of
decision it poses (`DecisionKind`, None once the round is over) and the stage of the turn it
belongs to ("main", "replacement", "after_confiscation"). The rules of each phase (its
decision, who decides, how an action applies, why an action is illegal) live in one handler
per phase, in `cards/games/civio/round_phases.py`. This module is apart so that views and variant
engines can name phases without importing the round engine.
"""

from __future__ import annotations

from enum import Enum

from cards.games.civio.actions import DecisionKind

MAIN = "main"
REPLACEMENT = "replacement"
AFTER_CONFISCATION = "after_confiscation"


class Phase(Enum):
    """The engine's position in the turn: name (the value), decision kind and stage."""

    kind: DecisionKind | None
    stage: str

    def __new__(cls, name: str, kind: DecisionKind | None, stage: str = MAIN) -> Phase:
        phase = object.__new__(cls)
        phase._value_ = name
        phase.kind = kind
        phase.stage = stage
        return phase

    # Members compare by identity; hashing them the same way keeps table look-ups in C (Enum's
    # own __hash__ is Python code, run on every action applied).
    __hash__ = object.__hash__

    FACE_UP = "face_up", DecisionKind.FACE_UP
    DRAW = "draw", DecisionKind.DRAW
    DISCARD = "discard", DecisionKind.DISCARD
    REVEAL = "reveal", DecisionKind.REVEAL
    """The turn player, after its main discard."""
    TARGET = "attack_target", DecisionKind.ATTACK_TARGET
    OVERRULE = "overrule", DecisionKind.OVERRULE
    CONFISCATE = "confiscate", DecisionKind.CONFISCATE
    TARGET_REVEAL = "target_reveal", DecisionKind.REVEAL, REPLACEMENT
    """The target, after its replacement draw."""
    CONF_DISCARD = "confiscation_discard", DecisionKind.DISCARD, AFTER_CONFISCATION
    """The attacker's discard after a confiscation (it launches nothing)."""
    CONF_REVEAL = "attacker_reveal", DecisionKind.REVEAL, AFTER_CONFISCATION
    """The attacker, after that discard."""
    CIVIO = "civio", DecisionKind.CIVIO
    OVER = "over", None

    @classmethod
    def named(cls, name: str) -> Phase:
        """The phase called `name` ("attack_target"); ValueError for an unknown name."""
        for phase in cls:
            if phase.value == name:
                return phase
        raise ValueError(f"{name!r} is not a phase of a round")

    @property
    def label(self) -> str:
        """The phase's name as views and saves spell it ("attack_target")."""
        name: str = self._value_
        return name


END_OF_TURN = "end_of_turn"
"""What a view shows instead of another seat's pending CIVIO choice (it would tell that the hand
goes out)."""
