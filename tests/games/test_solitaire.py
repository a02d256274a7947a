"""Solitaire (docs/RULES.md, "Other ways to play"): every rule line, valid and invalid moves, and
par."""

from __future__ import annotations

from itertools import combinations

import pytest
from engine_helpers import engine_pack

from cards.civio_sets import check_call, precedents_among
from cards.deck import Deck, standard_deck
from cards.engine import IllegalActionError
from cards.games.solitaire.game import (
    CALL,
    DEAL_SIZE,
    END,
    END_ACTION,
    TURN,
    TURN_ACTION,
    Solitaire,
    SolitaireAction,
    SolitaireResult,
    deal_cards,
    par,
    seed_of_day,
)
from cards.go_out import ordering
from cards.precedent import check_precedent

DECK = standard_deck()
FLUSH = ["School", "Barnette", "Tinker", "Pico", "Expression", "1st", "14th"]
THREE = ["Barnette", "Expression", "1st"]
FOUR = ["Justice", "Furman v Georgia", "Fair Procedures", "8th"]


def ids(names: list[str]) -> list[int]:
    return [DECK.lookup(n) for n in names]


def fixed_deal(first: list[str]) -> list[int]:
    """A 21-card deal that starts with `first` and is padded with other cards."""
    head = ids(first)
    rest = [c for c in DECK.ids if c not in head]
    return head + rest[: DEAL_SIZE - len(head)]


def turned(game: Solitaire, n: int) -> Solitaire:
    for _ in range(n):
        game.apply(TURN_ACTION)
    return game


def state(game: Solitaire) -> tuple[object, ...]:
    return (game.turned, game.result, len(game.events), game.view())


# Deal: "Shuffle and deal 21 cards face down in a row; the rest of the deck is out of play."
def test_the_deal_is_21_distinct_cards_from_the_seed() -> None:
    deal = deal_cards(DECK, 7)
    assert len(deal) == DEAL_SIZE == len(set(deal))
    assert deal == deal_cards(DECK, 7)
    assert deal != deal_cards(DECK, 8)
    game = Solitaire(7)
    assert game.deal == deal and game.turned == () and game.face_down == DEAL_SIZE


def test_a_fixed_deal_must_be_21_distinct_cards() -> None:
    with pytest.raises(ValueError, match="21 distinct"):
        Solitaire(0, deal=[0] * 21)
    with pytest.raises(ValueError, match="21 distinct"):
        Solitaire(0, deal=list(range(20)))


def test_the_deal_of_the_day_is_the_same_for_everyone_on_a_date() -> None:
    from datetime import date

    assert seed_of_day(date(2026, 11, 25)) == seed_of_day(date(2026, 11, 25))
    assert seed_of_day(date(2026, 11, 25)) != seed_of_day(date(2026, 11, 26))


# "Turn them up one at a time. Every card turned up stays available."
def test_turning_shows_the_next_card_and_keeps_the_others() -> None:
    game = Solitaire(3)
    game.apply(TURN_ACTION)
    game.apply(TURN_ACTION)
    assert game.turned == game.deal[:2]
    assert game.view().turned == list(game.deal[:2])
    assert game.view().face_down == DEAL_SIZE - 2
    assert [e.card for e in game.events] == list(game.deal[:2])


def test_no_card_can_be_turned_once_all_are_up() -> None:
    game = turned(Solitaire(3), DEAL_SIZE)
    assert TURN not in game.decision.options  # type: ignore[union-attr]
    before = state(game)
    with pytest.raises(IllegalActionError, match="already turned up"):
        game.apply(TURN_ACTION)
    assert state(game) == before


# "After any card is turned, you may call CIVIO" (needs 7 cards up: a CIVIO is 7 cards).
def test_civio_cannot_be_called_before_seven_cards_are_up() -> None:
    game = turned(Solitaire(0, deal=fixed_deal(FLUSH)), 6)
    assert CALL not in game.decision.options  # type: ignore[union-attr]
    before = state(game)
    with pytest.raises(IllegalActionError, match="needs 7 cards"):
        game.apply(SolitaireAction.call(ids(FLUSH[:3]), ids(FLUSH[3:6])))
    assert state(game) == before


def test_a_seven_card_precedent_is_a_civio() -> None:
    game = turned(Solitaire(0, deal=fixed_deal(FLUSH)), 7)
    game.apply(SolitaireAction.call(list(reversed(ids(FLUSH)))))  # any order: the game arranges
    assert game.result is not None
    assert check_precedent(DECK, game.result.precedents[0]).valid
    # "No tripling for a Thurgood Flush": points + cards still face down.
    points = sum(DECK[c].points for c in ids(FLUSH))
    assert game.result.score == points + DEAL_SIZE - 7
    assert game.is_over and game.decision is None


def test_a_three_and_a_disjoint_four_are_a_civio() -> None:
    game = turned(Solitaire(0, deal=fixed_deal(FOUR + THREE)), 9)
    game.apply(SolitaireAction.call(ids(FOUR), ids(THREE)))
    result = game.result
    assert result is not None
    assert [len(p) for p in result.precedents] == [3, 4]  # the 3-card precedent first
    assert all(check_precedent(DECK, p).valid for p in result.precedents)
    points = sum(DECK[c].points for c in ids(THREE + FOUR))
    assert result.points == points
    assert result.score == points + DEAL_SIZE - 9


@pytest.mark.parametrize(
    ("groups", "message"),
    [
        ([THREE, FOUR[:3]], "3-card and a 4-card"),
        ([THREE[:1]], r"\(you chose 1 card\)"),
        ([THREE + FOUR[:3]], "3-card and a 4-card"),
        ([THREE + FOUR], "in any order"),
        ([THREE, [*FOUR[:3], "Barnette"]], "chosen twice"),
        ([THREE, [*FOUR[:3], "Tinker"]], "not among the cards turned up"),
        ([THREE, ["Justice", "Furman v Georgia", "Fair Procedures", "Race"]], "in any order"),
    ],
)
def test_a_wrong_call_is_explained_and_costs_nothing(groups: list[list[str]], message: str) -> None:
    game = turned(Solitaire(0, deal=fixed_deal([*FOUR, *THREE, "Race"])), 10)
    before = state(game)
    with pytest.raises(IllegalActionError, match=message):
        game.apply(SolitaireAction.call(*[ids(g) for g in groups]))
    assert state(game) == before
    game.apply(SolitaireAction.call(ids(THREE), ids(FOUR)))  # the right call still works
    assert game.result is not None


def test_a_wrong_group_is_explained_with_the_rules_sentence() -> None:
    group = ids(["Justice", "Furman v Georgia", "Fair Procedures", "Race"])
    check = check_call(DECK, fixed_deal([*FOUR, *THREE, "Race"]), [ids(THREE), group])
    assert not check.valid and check.reason is not None
    # The sentence is one the precedent checker gives for some order of those cards.
    assert check.reason.split(": ", 1)[1] in {
        check_precedent(DECK, list(p)).reason for p in __import__("itertools").permutations(group)
    }


# "All 21 turned with no CIVIO called: 0."
def test_ending_with_no_civio_scores_zero_only_when_all_are_up() -> None:
    game = turned(Solitaire(5), DEAL_SIZE - 1)
    before = state(game)
    with pytest.raises(IllegalActionError, match="once every card is up"):
        game.apply(END_ACTION)
    assert state(game) == before
    game.apply(TURN_ACTION)
    assert END in game.decision.options  # type: ignore[union-attr]
    game.apply(END_ACTION)
    assert game.result is not None and game.result.score == 0
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(TURN_ACTION)


def test_the_view_shows_only_the_turned_cards() -> None:
    game = turned(Solitaire(11), 4)
    view = game.view()
    shown = set(view.turned)
    assert shown == set(game.deal[:4])
    assert not shown & set(game.deal[4:])
    assert "deal" not in view.model_dump()


# Par: "max over k of (the best points of a CIVIO among the first k cards, plus 21 - k)".
@pytest.mark.parametrize("seed", range(6))
def test_par_is_a_real_civio_among_the_first_turned_cards(seed: int) -> None:
    deal = deal_cards(DECK, seed)
    best = par(DECK, deal)
    if not best.precedents:
        assert best.score == 0
        return
    first = set(deal[: best.turned])
    cards = [c for p in best.precedents for c in p]
    assert set(cards) <= first and len(cards) == len(set(cards)) == 7
    assert all(check_precedent(DECK, p).valid for p in best.precedents)
    assert sorted(len(p) for p in best.precedents) in ([3, 4], [7])
    assert best.score == best.points + DEAL_SIZE - best.turned
    # Calling it in a real game gives exactly par.
    game = turned(Solitaire(seed), best.turned)
    game.apply(SolitaireAction.call(*best.precedents))
    assert game.result is not None and game.result.score == best.score


@pytest.mark.parametrize("seed", [0, 4])
def test_every_three_and_four_card_precedent_of_a_deal_is_found(seed: int) -> None:
    deal = deal_cards(DECK, seed)
    found = precedents_among(DECK, deal, (3, 4))
    for size in (3, 4):
        brute = {
            sum(1 << c for c in combo)
            for combo in combinations(deal, size)
            if ordering(DECK, list(combo)) is not None
        }
        assert {p.mask for p in found[size]} == brute


def _par_by_brute_force(deal: tuple[int, ...]) -> int:
    from cards.go_out import goes_out

    best = 0
    for k in range(7, DEAL_SIZE + 1):
        points = max(
            (
                sum(DECK[c].points for c in hand)
                for hand in combinations(deal[:k], 7)
                if goes_out(DECK, list(hand))
            ),
            default=None,
        )
        if points is not None:
            best = max(best, points + DEAL_SIZE - k)
    return best


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_par_matches_the_definition_by_brute_force(seed: int) -> None:
    deal = deal_cards(DECK, seed)
    assert par(DECK, deal).score == _par_by_brute_force(deal)


def test_the_phase_is_play_until_the_game_ends() -> None:
    from cards.games.solitaire.game import HANDLERS, SolitairePhase

    assert set(HANDLERS) == {SolitairePhase.PLAY}
    game = turned(Solitaire(5), DEAL_SIZE)
    assert game.phase is SolitairePhase.PLAY
    game.apply(END_ACTION)
    assert game.phase is SolitairePhase.OVER and game.phase.label == "over"


def test_a_saved_deal_is_rebuilt_by_replaying_its_actions() -> None:
    from cards.games.solitaire.game import SolitaireAction

    deck = standard_deck()
    game = Solitaire(31, deck)
    for _ in range(9):
        game.apply(TURN_ACTION)
    again = Solitaire.from_json(game.to_json(), deck)
    assert again.turned == game.turned and again.decision == game.decision
    tampered = game.to_json() | {"actions": [{"kind": "end"}]}
    with pytest.raises(IllegalActionError):
        Solitaire.from_json(tampered, deck)
    with pytest.raises(ValueError, match="different deck"):
        Solitaire.from_json(game.to_json() | {"deck_sha256": "0" * 64}, deck)
    assert SolitaireAction.from_json({"kind": "call", "precedents": [[1, 2]]}).precedents == (
        (1, 2),
    )


def test_par_finds_the_civio_a_deal_holds() -> None:
    # The flush is up after 7 cards: par is at least calling it there.
    deal = tuple(fixed_deal(FLUSH))
    best = par(DECK, deal)
    flush_score = sum(DECK[c].points for c in ids(FLUSH)) + DEAL_SIZE - 7
    assert best.precedents and best.score >= flush_score and best.turned >= 7
    # Every deal of the default par test holds a CIVIO, so each par names one.
    assert all(par(DECK, deal_cards(DECK, seed)).precedents for seed in range(6))


def _pack_cases() -> tuple[Deck, list[int]]:
    """The engine test pack and 21 of its Cases, which list no other card (no precedent)."""
    pack = engine_pack()
    return pack, [c for c in pack.ids if pack[c].name.startswith("Case ")][:DEAL_SIZE]


def test_a_deal_without_any_civio_has_par_zero_with_every_card_turned() -> None:
    pack, deal = _pack_cases()
    assert par(pack, tuple(deal)) == SolitaireResult(0, 0, DEAL_SIZE, ())


def test_ending_without_a_civio_gives_a_result_of_zero_points_and_no_precedents() -> None:
    pack, deal = _pack_cases()
    game = turned(Solitaire(0, pack, deal=deal), DEAL_SIZE)
    game.apply(END_ACTION)
    assert game.result == SolitaireResult(0, 0, DEAL_SIZE, ())
    view = game.view()
    assert (view.over, view.score, view.precedents, view.options) == (True, 0, [], [])


def test_a_called_civio_is_saved_with_its_precedents_and_replays_to_the_same_result() -> None:
    game = turned(Solitaire(0, deal=fixed_deal(FOUR + THREE)), 9)
    game.apply(SolitaireAction.call(ids(FOUR), ids(THREE)))
    saved = game.to_json()
    assert saved["actions"][-1] == {"kind": "call", "precedents": [ids(THREE), ids(FOUR)]}
    assert TURN_ACTION.to_json() == {"kind": "turn"}
    # A game saved from a fixed deal replays on that deal (the seed alone would deal others).
    again = Solitaire(0, deal=game.deal)
    for action in saved["actions"]:
        again.apply(SolitaireAction.from_json(action))
    assert again.result == game.result and again.events == game.events


def test_the_log_says_each_move_in_words() -> None:
    game = turned(Solitaire(0, deal=fixed_deal(FOUR + THREE)), 9)
    justice = DECK[ids(["Justice"])[0]]
    assert game.events[0].describe(DECK) == f"You turned up {justice.name} (Issue)."
    game.apply(SolitaireAction.call(ids(FOUR), ids(THREE)))
    three = " → ".join(DECK.names(game.result.precedents[0]))  # type: ignore[union-attr]
    four = " → ".join(DECK.names(game.result.precedents[1]))  # type: ignore[union-attr]
    assert game.events[-1].describe(DECK) == f"You called CIVIO: {three} and {four}."
    ended = turned(Solitaire(5), DEAL_SIZE)
    ended.apply(END_ACTION)
    assert ended.events[-1].describe(DECK) == (
        "Every card is up and no CIVIO was called: the game ends with 0."
    )


def test_refusals_say_what_is_wrong_in_the_rules_words() -> None:
    def refusal(game: Solitaire, action: SolitaireAction) -> str:
        with pytest.raises(IllegalActionError) as caught:
            game.apply(action)
        return str(caught.value)

    one_up = turned(Solitaire(2), 1)
    assert refusal(one_up, SolitaireAction.call(ids(THREE))) == (
        "a CIVIO needs 7 cards and only 1 is turned up"
    )
    six_up = turned(Solitaire(2), 6)
    assert refusal(six_up, SolitaireAction.call(ids(THREE))) == (
        "a CIVIO needs 7 cards and only 6 are turned up"
    )
    assert refusal(six_up, END_ACTION) == (
        "the game ends with 0 only once every card is up; turn a card or call CIVIO"
    )
    assert refusal(six_up, SolitaireAction(TURN, ((1, 2),))) == "turning a card takes no precedents"
    all_up = turned(Solitaire(2), DEAL_SIZE)
    assert refusal(all_up, TURN_ACTION) == "every card is already turned up"
    assert refusal(all_up, SolitaireAction(END, ((1,),))) == "ending the game takes no precedents"
    assert refusal(all_up, SolitaireAction.call(ids(THREE))).startswith("not a CIVIO: ")
    all_up.apply(END_ACTION)
    assert refusal(all_up, TURN_ACTION) == "the game is over"
    with pytest.raises(ValueError, match="'fly' is not a Solitaire action"):
        SolitaireAction.from_json({"kind": "fly"})
