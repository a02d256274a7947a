"""Action and Decision values: text and JSON forms round-trip; bad input is refused clearly."""

from __future__ import annotations

import json
import sys
import threading

import pytest

from cards.deck import Deck
from cards.games.civio.actions import (
    ACCEPT_ACTION,
    CIVIO_CALL,
    CIVIO_PLAY_ON,
    DECLINE_ACTION,
    Action,
    Decision,
    DecisionKind,
    InvalidActionError,
)


def every_kind(deck: Deck) -> list[Action]:
    engel = deck.id_of("Engel v Vitale")
    return [
        Action.face_up([5, 3, 9, 1, 7]),
        Action.draw("supply"),
        Action.draw("discard"),
        Action.discard(engel),
        Action.reveal(engel),
        Action.target(2),
        DECLINE_ACTION,
        Action.overrule(deck.id_of("Voting Rights Act of 1965")),
        ACCEPT_ACTION,
        Action.confiscate(engel),
        Action.confiscate_hidden(0),
        Action.confiscate_hidden(1),
        CIVIO_CALL,
        CIVIO_PLAY_ON,
    ]


def test_text_form_round_trips_for_every_kind(standard: Deck) -> None:
    for action in every_kind(standard):
        text = action.to_str(standard)
        assert Action.from_str(text, standard) == action, text


def test_json_form_round_trips_and_returns_shared_instances(standard: Deck) -> None:
    for action in every_kind(standard):
        data = json.loads(json.dumps(action.to_json()))
        back = Action.from_json(data)
        assert back == action
        if action.kind != "face_up":
            assert back is action.shared()


def test_readable_forms(standard: Deck) -> None:
    engel = standard.id_of("Engel v Vitale")
    assert Action.discard(engel).to_str(standard) == "discard Engel v Vitale"
    assert Action.draw("supply").to_str(standard) == "draw supply"
    assert Action.target(2).to_str(standard) == "target 2"
    assert Action.confiscate_hidden(1).to_str(standard) == "confiscate hidden 1"
    assert CIVIO_PLAY_ON.to_str(standard) == "civio play on"
    # Names match as on the command line.
    assert Action.from_str("DISCARD engel vs. vitale", standard) == Action.discard(engel)
    assert Action.from_str("draw discard pile", standard) == Action.draw("discard")
    assert Action.from_str("civio play_on", standard) == CIVIO_PLAY_ON
    assert Action.face_up([9, 1]).cards == (1, 9)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "draw",
        "draw deck",
        "discard Nobody v Nothing",
        "target two",
        "confiscate hidden 5x",
        "accept now",
        "fly away",
    ],
)
def test_bad_text_raises_invalid_action(standard: Deck, text: str) -> None:
    with pytest.raises(InvalidActionError):
        Action.from_str(text, standard)


def test_unknown_card_name_suggests(standard: Deck) -> None:
    with pytest.raises(InvalidActionError, match="did you mean"):
        Action.from_str("discard Engle v Vitale", standard)


@pytest.mark.parametrize(
    "data", [{}, {"kind": "jump"}, {"kind": "discard", "card": "x"}, {"kind": "draw", "foo": 1}]
)
def test_bad_json_raises_invalid_action(data: dict[str, object]) -> None:
    with pytest.raises(InvalidActionError):
        Action.from_json(data)


def test_decision_json_round_trip() -> None:
    d = Decision(
        seat=1,
        kind=DecisionKind.OVERRULE,
        options=(Action.overrule(24), ACCEPT_ACTION),
        attacker=0,
        target=1,
        effect="confiscate",
        law=23,
    )
    data = json.loads(json.dumps(d.to_json()))
    assert data["kind"] == "overrule" and data["options"][1] == {"kind": "accept"}
    assert Decision.from_json(data) == d
    assert ACCEPT_ACTION in d


def test_an_absurd_card_or_seat_does_not_grow_the_shared_actions() -> None:
    # A hand-edited position may name card 10**9: that must cost one object, not a table of
    # a billion shared actions (civio hint used to run out of memory on it).
    from cards.games.civio import actions

    big = Action.discard(10**6)
    assert big == Action("discard", card=10**6) and big != Action.discard(5)
    assert Action.target(10**6).seat == 10**6
    assert len(actions._CARD_ACTIONS["discard"]) < 10**4
    assert len(actions._TARGETS) < 10**4
    assert Action.discard(5) is Action.discard(5)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"kind": "draw", "source": "nowhere"}, "source 'nowhere' is not one of"),
        ({"kind": "draw"}, "needs its source"),
        ({"kind": "discard"}, "needs its card"),
        ({"kind": "accept", "card": 3}, "has no card"),
        ({"kind": "target", "seat": 1, "card": 4}, "has no card"),
        ({"kind": "confiscate", "card": 1, "slot": 0}, "either a card or a hidden slot"),
        ({"kind": "confiscate"}, "either a card or a hidden slot"),
        ({"kind": "confiscate", "slot": 3}, "slot 3 is not one of 0 or 1"),
        ({"kind": "civio", "choice": "maybe"}, "choice 'maybe' is not one of"),
        ({"kind": "face_up", "cards": 5}, "cards must be a list"),
        (["draw", "supply"], "not a JSON object"),
    ],
)
def test_malformed_json_actions_are_refused_naming_the_problem(data: object, problem: str) -> None:
    with pytest.raises(InvalidActionError, match=problem):
        Action.from_json(data)  # type: ignore[arg-type]


def test_every_action_the_engine_writes_reads_back(standard: Deck) -> None:
    for action in [*every_kind(standard), Action.confiscate_hidden(0), Action.confiscate(4)]:
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_two_threads_growing_the_shared_actions_at_once_keep_each_at_its_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A networked table's poll and its screen make actions on two threads; switching between
    # them as often as the interpreter can, their growing one list together must not put an
    # action at another card's index.
    from cards.games.civio import actions

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(40):
            monkeypatch.setitem(actions._CARD_ACTIONS, "reveal", [])
            monkeypatch.setattr(actions, "_TARGETS", [])
            start = threading.Barrier(2)

            def grow(top: int, start: threading.Barrier) -> None:
                start.wait()
                for n in range(0, top, 7):
                    Action.reveal(n)
                    Action.target(n)

            threads = [threading.Thread(target=grow, args=(top, start)) for top in (90, 91)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert [a.card for a in actions._CARD_ACTIONS["reveal"]] == list(range(85))
            assert [a.seat for a in actions._TARGETS] == list(range(85))
    finally:
        sys.setswitchinterval(switch)
