"""The seating model (civio_tui/seating.py): who may sit at a table, and the words for what is
wrong."""

from __future__ import annotations

import pytest

from civio_tui.seating import (
    HUMAN,
    Seat,
    SeatingError,
    check_seating,
    clean_name,
    default_name,
    human_seats,
    seating_problems,
)


def test_two_to_four_seats_with_a_human_are_accepted() -> None:
    for count in (2, 3, 4):
        seats = [Seat(default_name(i), HUMAN) for i in range(count)]
        assert seating_problems(seats) == []
    mixed = [Seat("Ana"), Seat("Medium", "medium"), Seat("Ben"), Seat("Easy", "easy")]
    assert seating_problems(mixed, {"easy", "medium"}) == []
    assert human_seats(mixed) == [0, 2]


@pytest.mark.parametrize("count", [0, 1, 5])
def test_a_table_of_other_sizes_is_refused(count: int) -> None:
    seats = [Seat(default_name(i)) for i in range(count)]
    problems = seating_problems(seats)
    assert problems[0] == f"A game needs 2 to 4 players; this table has {count}."


def test_a_table_of_only_ai_players_is_refused() -> None:
    seats = [Seat("Easy", "easy"), Seat("Hard", "hard")]
    assert seating_problems(seats) == ["At least one player must be a human."]


def test_names_are_trimmed_checked_for_length_and_unique_ignoring_case() -> None:
    assert clean_name("  Ana   Maria ") == "Ana Maria"
    assert seating_problems([Seat("   "), Seat("Ben")]) == ["Player 1 needs a name."]
    long = "x" * 41
    assert seating_problems([Seat("Ana"), Seat(long)]) == [
        "Player 2's name is 41 characters long; at most 40."
    ]
    assert seating_problems([Seat("Ana"), Seat("x" * 40)]) == []
    assert seating_problems([Seat("Ana"), Seat(" ANA ")]) == [
        "Player 2 has the same name as Player 1 ('ANA'): give each player a different name."
    ]


def test_a_name_never_carries_an_escape_or_a_bell_to_the_screen() -> None:
    assert clean_name("Ana\x1b[2J\x07 Maria") == "Ana[2J Maria"


def test_an_unknown_ai_level_is_named_when_the_levels_are_given() -> None:
    seats = [Seat("Ana"), Seat("Bot", "grandmaster")]
    assert seating_problems(seats) == []  # no levels given: not judged
    assert seating_problems(seats, ["easy", "medium"]) == [
        "Player 2: there is no AI level 'grandmaster' (offered: easy, medium)."
    ]


def test_check_seating_raises_the_first_problem() -> None:
    check_seating([Seat("Ana"), Seat("Ben")])
    with pytest.raises(SeatingError, match="needs a name"):
        check_seating([Seat(""), Seat("")])


def test_default_names_count_from_one() -> None:
    assert [default_name(i) for i in range(4)] == ["Player 1", "Player 2", "Player 3", "Player 4"]
