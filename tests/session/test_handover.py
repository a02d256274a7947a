"""The hot-seat handover policy on its own: the moments of a round, one by one."""

from __future__ import annotations

from civio_tui.session.handover import Cover, Handover, Moment, Over, Pass, Show
from civio_tui.session.tables import FACE_UP_WHY, OVERRULE_WHY

ANA, BEN, CPU = 0, 1, 2
NAMES = ["Ana", "Ben", "Cal"]


def table() -> Handover:
    return Handover([ANA, BEN], NAMES)


def called(handover: Handover, m: Moment) -> Pass:
    """The pass screen `m` brings, answered."""
    step = handover.next(m)
    assert isinstance(step, Pass), step
    handover.arrived(step)
    return step


def test_each_person_chooses_the_opening_alone_after_a_pass_screen() -> None:
    h = table()
    first = called(h, Moment(ANA, ANA, simultaneous=True, why=FACE_UP_WHY))
    assert first.reason == "Ana chooses which cards to lay face up, unseen by the others."
    assert h.next(Moment(ANA, ANA, simultaneous=True, why=FACE_UP_WHY)) == Show(ANA)
    second = called(h, Moment(BEN, ANA, simultaneous=True, why=FACE_UP_WHY))
    assert (second.seat, second.returning) == (BEN, False)
    # Ben's opening interrupts nobody: Ana's turn then is called as her turn.
    assert called(h, Moment(ANA, ANA)).reason == "It is Ana's turn."


def test_the_keyboard_goes_back_to_the_attacker_in_the_same_words_decision_or_not() -> None:
    for decision_left in (True, False):
        h = table()
        called(h, Moment(ANA, ANA))
        attacked = called(h, Moment(BEN, ANA, why=OVERRULE_WHY))
        assert attacked.reason == "Ben is attacked and answers it (overrule, or accept)."
        # Ana's turn goes on (a decision of hers) or is over (the computer's turn next).
        m = Moment(ANA, ANA) if decision_left else Moment(CPU, CPU)
        back = called(h, m)
        assert (back.seat, back.reason) == (ANA, "Back to Ana, whose turn it was.")
        assert back.returning is not decision_left  # her table then says her turn is over
        assert h.next(m) == (Show(ANA) if decision_left else Cover())


def test_a_computer_answering_an_attack_is_played_under_the_cover_then_back_to_the_attacker() -> (
    None
):
    h = table()
    called(h, Moment(ANA, ANA))
    assert h.next(Moment(CPU, ANA)) == Cover()
    assert h.at_screen is None
    back = called(h, Moment(BEN, BEN))
    assert (back.seat, back.reason) == (ANA, "Back to Ana, whose turn it was.")
    assert back.returning
    assert called(h, Moment(BEN, BEN)).reason == "It is Ben's turn."


def test_after_the_cover_the_same_person_is_called_again() -> None:
    h = table()
    called(h, Moment(ANA, ANA))
    assert h.next(Moment(CPU, CPU)) == Cover()
    assert h.next(Moment(CPU, CPU)) == Cover()  # still up, nothing remembered twice
    assert called(h, Moment(ANA, ANA)).seat == ANA


def test_the_round_over_lifts_the_cover_for_the_last_person_shown() -> None:
    h = table()
    called(h, Moment(BEN, BEN))
    assert h.next(Moment(CPU, CPU)) == Cover()
    assert h.next(Moment(None, None, over=True)) == Over(BEN)
    assert (h.covered, h.at_screen) == (False, BEN)
    h.new_round()
    assert isinstance(h.next(Moment(BEN, BEN)), Pass)  # a new deal: called again


def test_one_person_is_never_passed_to_nor_covered() -> None:
    h = Handover([BEN], NAMES)
    for m in (Moment(CPU, CPU), Moment(BEN, CPU, why=OVERRULE_WHY), Moment(ANA, ANA)):
        assert h.next(m) == Show(BEN)
    assert h.next(Moment(None, None, over=True)) == Over(BEN)


def test_a_game_that_hides_nothing_shows_everyones_table() -> None:
    h = Handover([ANA, BEN], NAMES, private=False)
    assert not h.active
    assert h.next(Moment(BEN, BEN)) == Show(None)
    assert h.next(Moment(CPU, CPU)) == Show(None)


def test_continue_calls_the_next_person_before_drawing_anything() -> None:
    h = table()
    h.resume(BEN)
    assert h.at_screen is None and h.viewer == BEN
    assert called(h, Moment(BEN, BEN)).seat == BEN
