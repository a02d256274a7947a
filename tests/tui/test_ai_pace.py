"""The computers' pace (civio_tui/screens/game_screen.py, civio_tui/settings.py): brisk by
default, and the time a computer thinks counts towards its pause."""

from __future__ import annotations

from dataclasses import dataclass, field

from civio_tui.screens.game_screen import choose_paced
from civio_tui.settings import AI_DELAYS, Settings


@dataclass
class FakeClock:
    now: float = 0.0
    slept: list[float] = field(default_factory=list)

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@dataclass
class Thinking:
    """A computer's choice that takes `seconds` of the clock to make."""

    clock: FakeClock
    seconds: float
    decision: object = None

    def choose(self) -> str:
        self.clock.now += self.seconds
        return "move"


def test_a_quick_choice_waits_out_the_pause() -> None:
    clock = FakeClock()
    assert choose_paced(Thinking(clock, 0.05), 0.25, clock=clock, sleep=clock.sleep) == "move"
    assert clock.now == 0.25


def test_thinking_time_is_part_of_the_pause_not_added_to_it() -> None:
    clock = FakeClock()
    choose_paced(Thinking(clock, 0.4), 0.25, clock=clock, sleep=clock.sleep)
    assert clock.slept == [] and clock.now == 0.4


def test_the_default_pace_plays_a_computer_turn_in_about_half_a_second() -> None:
    # A turn is at least a draw and a discard: two paced steps.
    turn = 2 * Settings().ai_delay
    assert 0.3 <= turn <= 0.6
    assert AI_DELAYS["slow"] > Settings().ai_delay > AI_DELAYS["fast"] > AI_DELAYS["instant"]
