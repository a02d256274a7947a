"""PINs for served names: chosen once, stored only as a salted scrypt hash; wrong tries are
limited per client and per name in one place every tab sees (the clock is injected, never
slept), and the answers, and the work behind them, are the same whether a name exists or not."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from pathlib import Path

import pytest

from civio_tui.serve import pins as pins_module
from civio_tui.serve.pins import (
    DIFFERENT,
    NEW_NAMES_WAIT,
    NO_MATCH,
    PIN_FILE,
    PinDesk,
    locked_message,
)
from civio_tui.serve.players import PlayerFolder
from civio_tui.serve.tries import CLIENT_LIMIT, NAME_LIMIT, NEW_NAME_LIMIT


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


def desk_at(root: Path, clock: Clock, client: str) -> PinDesk:
    """The PIN desk of a tab connected from `client`."""
    return PinDesk(root, clock, CHEAP, client=client)


def ana_chooses_a_pin(root: Path, clock: Clock) -> None:
    """Ana's first visit, from her own computer (not the one the test guesses from)."""
    assert desk_at(root, clock, "10.9.9.9").check("Ana", "4821", "4821").created


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


def test_a_client_gets_five_tries_then_one_every_12_seconds(desk: PinDesk, clock: Clock) -> None:
    ana_chooses_a_pin(desk.root, clock)
    messages = wrong_tries(desk, "Ana", CLIENT_LIMIT.tries + 1)
    wait = locked_message(CLIENT_LIMIT.every, for_name=False)
    assert messages == [NO_MATCH] * CLIENT_LIMIT.tries + [wait]
    assert "from this computer. Wait 12 seconds" in wait
    assert desk.check("Zed", "0000").message == wait  # the guesser waits on every name
    clock.now += 6
    locked = desk.check("Ana", "4821")  # even the right PIN waits
    assert not locked.ok and locked.message == locked_message(6, for_name=False)
    clock.now += 6
    assert desk.check("Ana", "4821").ok


def test_a_right_pin_gives_the_client_its_tries_back(desk: PinDesk, clock: Clock) -> None:
    ana_chooses_a_pin(desk.root, clock)
    wrong_tries(desk, "Ana", CLIENT_LIMIT.tries - 1)
    assert desk.check("Ana", "4821").ok
    assert wrong_tries(desk, "Ana", CLIENT_LIMIT.tries) == [NO_MATCH] * CLIENT_LIMIT.tries


def test_guessers_on_other_computers_never_lock_the_owner_out_of_their_own(
    save_root: Path, clock: Clock
) -> None:
    ana_chooses_a_pin(save_root, clock)
    owner = desk_at(save_root, clock, "10.9.9.9")  # Ana's own computer
    for guesser in range(NAME_LIMIT.tries):  # each guesser computer: one wrong PIN
        assert desk_at(save_root, clock, f"10.0.1.{guesser}").check("Ana", "0000").message == (
            NO_MATCH
        )
    newcomer = desk_at(save_root, clock, "10.0.2.1").check("Ana", "4821")
    assert newcomer.message == locked_message(NAME_LIMIT.every)  # the name is slowed...
    assert "for this name. Wait 6 minutes, then try again, or ask your teacher" in str(
        newcomer.message
    )
    assert owner.check("Ana", "4821").ok  # ...but not on the owner's computer
    assert owner.wrong_tries("Ana") == NAME_LIMIT.tries  # the teacher sees them
    assert owner.locked_for("Ana") == NAME_LIMIT.every


def test_a_name_that_does_not_exist_gets_the_same_answers(desk: PinDesk, clock: Clock) -> None:
    ana_chooses_a_pin(desk.root, clock)
    real = wrong_tries(desk, "Ana", CLIENT_LIMIT.tries + 1)
    clock.now += CLIENT_LIMIT.tries * CLIENT_LIMIT.every
    made_up = wrong_tries(desk, "Zed", CLIENT_LIMIT.tries + 1)
    assert real == made_up
    assert not PlayerFolder(desk.root, "Zed").path.exists()  # trying makes no player


def test_a_wrong_pin_costs_the_same_scrypt_work_whether_the_name_exists(
    desk: PinDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert desk.check("Ana", "4821", "4821").ok
    costs: list[tuple[int, int, int]] = []
    scrypt = hashlib.scrypt

    def counted_scrypt(
        password: bytes, *, salt: bytes, n: int, r: int, p: int, dklen: int
    ) -> bytes:
        costs.append((n, r, p))
        return scrypt(password, salt=salt, n=n, r=r, p=p, dklen=dklen)

    monkeypatch.setattr(pins_module.hashlib, "scrypt", counted_scrypt)
    assert desk.check("Ana", "1111").message == NO_MATCH
    existing, costs[:] = list(costs), []
    assert desk.check("Zed", "1111").message == NO_MATCH
    assert existing == costs == [(CHEAP["n"], CHEAP["r"], CHEAP["p"])]


def test_reset_lets_the_next_visit_choose_a_new_pin(save_root: Path, clock: Clock) -> None:
    ana_chooses_a_pin(save_root, clock)
    guesser = desk_at(save_root, clock, "10.0.1.1")
    for n in range(NAME_LIMIT.tries):
        desk_at(save_root, clock, f"10.0.1.{n}").check("Ana", "0000")
    assert guesser.reset("Ana")
    assert guesser.locked_for("Ana") == 0 and guesser.wrong_tries("Ana") == 0
    other = desk_at(save_root, clock, "10.0.3.1")
    assert other.check("Ana", "4821").message == NO_MATCH  # no PIN now: choose one
    assert other.check("Ana", "5555", "5555").created
    assert other.check("Ana", "5555").ok


def test_a_damaged_pin_file_opens_the_name_to_nobody(desk: PinDesk, save_root: Path) -> None:
    assert desk.check("Ana", "4821", "4821").ok
    (PlayerFolder(save_root, "Ana").path / PIN_FILE).write_text("{not json")
    assert not desk.check("Ana", "4821").ok
    assert not desk.check("Ana", "4821", "4821").ok


def guess_in_parallel(root: Path, client: str, start: object, answers: object) -> None:
    """One tab's process: wait for the others, then guess three PINs for Ana."""
    desk = PinDesk(root, Clock(), CHEAP, client=client)
    start.wait()  # type: ignore[attr-defined]
    for guess in ("0000", "1111", "2222"):
        answers.put(desk.check("Ana", guess).message)  # type: ignore[attr-defined]


def guess_with_twenty_tabs(root: Path, clients: list[str]) -> int:
    """Twenty tab processes guessing Ana's PIN at the same moment: how many PINs were checked
    (every other try was told to wait)."""
    ana_chooses_a_pin(root, Clock())
    context = multiprocessing.get_context("fork")
    start, answers = context.Barrier(len(clients)), context.Queue()
    tabs = [
        context.Process(target=guess_in_parallel, args=(root, client, start, answers))
        for client in clients
    ]
    for tab in tabs:
        tab.start()
    messages = [answers.get(timeout=60) for _ in range(3 * len(clients))]
    for tab in tabs:
        tab.join(60)
    assert all(m == NO_MATCH or str(m).startswith("Too many wrong PINs") for m in messages)
    return messages.count(NO_MATCH)


def test_twenty_computers_guessing_at_once_check_no_more_pins_than_the_names_limit(
    save_root: Path,
) -> None:
    assert guess_with_twenty_tabs(save_root, [f"10.0.0.{n}" for n in range(20)]) == (
        NAME_LIMIT.tries
    )


def test_twenty_tabs_of_one_computer_guessing_at_once_pay_for_every_wrong_pin(
    save_root: Path, clock: Clock
) -> None:
    checked = guess_with_twenty_tabs(save_root, ["127.0.0.1"] * 20)
    assert CLIENT_LIMIT.tries <= checked <= NAME_LIMIT.tries
    owed = (checked - CLIENT_LIMIT.tries + 1) * CLIENT_LIMIT.every  # every wrong PIN counted
    after = PinDesk(save_root, lambda: 1_000_000.0, CHEAP, client="127.0.0.1").check("Ben", "0000")
    assert after.message == locked_message(owed, for_name=False)


def test_every_tab_and_computer_together_try_a_name_about_250_times_a_day(
    save_root: Path, clock: Clock
) -> None:
    """Twenty computers guessing as fast as they are let for two hours: 10 tries, then one
    every 6 minutes. At that rate, all 10,000 four-digit PINs take 40 days."""
    ana_chooses_a_pin(save_root, clock)
    guessers = [desk_at(save_root, clock, f"10.0.0.{n}") for n in range(20)]
    checked = 0
    for _ in range(int(2 * 3600 / NAME_LIMIT.every)):
        for guesser in guessers:
            checked += guesser.check("Ana", "0000").message == NO_MATCH
        clock.now += NAME_LIMIT.every
    assert checked == NAME_LIMIT.tries + 2 * 3600 / NAME_LIMIT.every - 1
    per_day = NAME_LIMIT.tries + 24 * 3600 / NAME_LIMIT.every
    assert 10_000 / per_day >= 40


def test_a_class_behind_one_address_makes_its_names_and_a_script_is_slowed(
    save_root: Path, clock: Clock
) -> None:
    school = desk_at(save_root, clock, "192.0.2.1")  # every computer behind one address
    for n in range(NEW_NAME_LIMIT.tries):
        assert school.check(f"Student {n}", "4821", "4821").created
    refused = school.check("One more", "4821", "4821")
    assert refused.message == NEW_NAMES_WAIT.format(seconds=int(NEW_NAME_LIMIT.every))
    assert not school.has_pin("One more")
    assert school.check("Student 0", "4821").ok  # signing in is not slowed by it
    clock.now += NEW_NAME_LIMIT.every
    assert school.check("One more", "4821", "4821").created
