"""PINs for served names: chosen once, stored only as a salted scrypt hash, five wrong tries
lock a name for a minute (the clock is injected, never slept), and the answers are the same
whether a name exists or not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civio_tui.serve.pins import (
    DIFFERENT,
    LOCK_SECONDS,
    MAX_TRIES,
    NO_MATCH,
    PIN_FILE,
    PinDesk,
    locked_message,
)
from civio_tui.serve.players import PlayerFolder


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


CHEAP = {"n": 2**8, "r": 8, "p": 1}  # scrypt still, at a cost that keeps the tests fast


@pytest.fixture
def desk(save_root: Path, clock: Clock) -> PinDesk:
    return PinDesk(save_root, clock, CHEAP)


def test_a_pin_chosen_once_opens_the_name_again_and_no_other_pin_does(
    save_root: Path, clock: Clock
) -> None:
    first = PinDesk(save_root, clock).check("Ana", "4821", "4821")  # the real cost, once
    assert first.ok and first.created
    again = PinDesk(save_root, clock, CHEAP)  # a reload: a new process, a new desk
    assert again.check("ana", "4821").ok
    assert not again.check("Ana", "4822").ok
    assert not again.check("Ana", "4821", "4821").created  # the PIN is not chosen twice


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "١٢٣٤", ""])
def test_a_pin_is_4_to_8_plain_digits(desk: PinDesk, pin: str) -> None:
    verdict = desk.check("Ana", pin, pin)
    assert not verdict.ok and verdict.message == "A PIN is 4 to 8 digits (0-9)."
    assert not desk.has_pin("Ana")


def test_the_two_boxes_must_agree_on_a_first_visit(desk: PinDesk) -> None:
    assert desk.check("Ana", "4821", "4812").message == DIFFERENT
    assert not desk.has_pin("Ana")


def test_the_file_holds_a_salted_hash_and_no_pin(desk: PinDesk, save_root: Path) -> None:
    assert desk.check("Ana", "739184", "739184").ok
    assert desk.check("Ben", "739184", "739184").ok
    ana = (PlayerFolder(save_root, "Ana").path / PIN_FILE).read_text()
    ben = (PlayerFolder(save_root, "Ben").path / PIN_FILE).read_text()
    assert "739184" not in ana and "739184" not in ben
    assert json.loads(ana)["algorithm"] == "scrypt"
    assert json.loads(ana)["salt"] != json.loads(ben)["salt"]
    assert json.loads(ana)["hash"] != json.loads(ben)["hash"]
    assert (PlayerFolder(save_root, "Ana").path / PIN_FILE).stat().st_mode & 0o077 == 0


def wrong_tries(desk: PinDesk, name: str, count: int) -> list[str | None]:
    return [desk.check(name, "0000").message for _ in range(count)]


def test_five_wrong_pins_lock_the_name_for_a_minute(desk: PinDesk, clock: Clock) -> None:
    assert desk.check("Ana", "4821", "4821").ok
    messages = wrong_tries(desk, "Ana", MAX_TRIES)
    assert messages == [NO_MATCH] * (MAX_TRIES - 1) + [locked_message(LOCK_SECONDS)]
    clock.now += 20
    locked = desk.check("Ana", "4821")  # even the right PIN waits
    assert not locked.ok and locked.message == locked_message(40)
    assert "Wait 40 seconds" in str(locked.message)
    assert PinDesk(desk.root, clock).locked_for("Ana") == 40  # a new tab sees the lock
    clock.now += 41
    assert desk.check("Ana", "4821").ok


def test_a_right_pin_clears_the_count_of_wrong_ones(desk: PinDesk) -> None:
    assert desk.check("Ana", "4821", "4821").ok
    wrong_tries(desk, "Ana", MAX_TRIES - 1)
    assert desk.check("Ana", "4821").ok
    assert wrong_tries(desk, "Ana", MAX_TRIES - 1) == [NO_MATCH] * (MAX_TRIES - 1)


def test_a_name_that_does_not_exist_gets_the_same_answers(desk: PinDesk, clock: Clock) -> None:
    assert desk.check("Ana", "4821", "4821").ok
    real = wrong_tries(desk, "Ana", MAX_TRIES + 1)
    made_up = wrong_tries(desk, "Zed", MAX_TRIES + 1)
    assert real == made_up
    clock.now += 10
    assert desk.check("Ana", "1111").message == desk.check("Zed", "1111").message
    assert not PlayerFolder(desk.root, "Zed").path.exists()  # trying makes no player


def test_reset_lets_the_next_visit_choose_a_new_pin(desk: PinDesk) -> None:
    assert desk.check("Ana", "4821", "4821").ok
    wrong_tries(desk, "Ana", MAX_TRIES)
    assert desk.reset("Ana")
    assert desk.locked_for("Ana") == 0
    assert desk.check("Ana", "4821").message == NO_MATCH  # no PIN now: choose one
    assert desk.check("Ana", "5555", "5555").created
    assert desk.check("Ana", "5555").ok


def test_a_damaged_pin_file_opens_the_name_to_nobody(desk: PinDesk, save_root: Path) -> None:
    assert desk.check("Ana", "4821", "4821").ok
    (PlayerFolder(save_root, "Ana").path / PIN_FILE).write_text("{not json")
    assert not desk.check("Ana", "4821").ok
    assert not desk.check("Ana", "4821", "4821").ok
