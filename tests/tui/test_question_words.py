"""The words of the table's questions (civio_tui/questions.py) where players tripped: a discard
that launches an attack says so before it is made, and a blind confiscation tells the hidden
card you know apart from the pick, which is chance."""

from __future__ import annotations

from cards.deck import Deck
from cards.games.civio.actions import ACCEPT_ACTION, DRAW_DISCARD, DRAW_SUPPLY, Action
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from civio_tui.questions import ask
from tests.tui.conftest import PLAIN_BOT

MINE = [
    "Executive Order 9066",
    "Engel v Vitale",
    "Lemon v Kurtzman",
    "Texas v Johnson",
    "Griswold v Connecticut",
    "Loving v Virginia",
    "Near v Minnesota",
]
SUPPLY = ["Mapp v Ohio", "Baker v Carr", "Reynolds v Sims", "Escobedo v Illinois"]
NAMES = ["You", "Bot"]


def dealt(deck: Deck) -> Round:
    """You face Bot, you to play; each lays its first 5 cards face up."""
    order = [deck.lookup(n) for n in [*MINE, *PLAIN_BOT, "Roe v Wade", *SUPPLY]]
    rnd = Round(RuleSet(), 2, 1, 7, deck, deal_order=order)
    rnd.apply(Action.face_up([deck.lookup(n) for n in MINE[:5]]))
    rnd.apply(Action.face_up([deck.lookup(n) for n in PLAIN_BOT[:5]]))
    return rnd


def texts(rnd: Round, deck: Deck) -> tuple[str, list[str]]:
    decision = rnd.decision
    assert decision is not None and decision.seat == 0
    question = ask(decision, rnd.view(0), deck, NAMES)
    return question.prompt, [o.text.plain for o in question.options]


def test_a_law_that_attacks_says_so_on_its_discard_option_and_at_the_turn_up(deck: Deck) -> None:
    rnd = dealt(deck)
    rnd.apply(DRAW_SUPPLY)
    _, options = texts(rnd, deck)
    order = next(o for o in options if "Executive Order 9066" in o)
    assert order.endswith("· attacks (Confiscate)")
    assert not any("attacks" in o for o in options if o is not order)
    rnd.apply(Action.discard(deck.lookup("Executive Order 9066")))  # 3 hidden: one turns up
    prompt, _ = texts(rnd, deck)
    assert prompt.endswith("Then Executive Order 9066 attacks: you choose whom.")


def test_a_blind_confiscation_tells_the_known_hidden_card_from_the_pick(deck: Deck) -> None:
    rnd = dealt(deck)
    mapp = deck.lookup("Mapp v Ohio")
    rnd.apply(DRAW_SUPPLY)
    rnd.apply(Action.discard(mapp))
    # Bot takes Mapp from the pile: everyone knows it is among Bot's hidden cards.
    rnd.apply(DRAW_DISCARD)
    rnd.apply(Action.discard(deck.lookup(PLAIN_BOT[0])))
    rnd.apply(Action.reveal(deck.lookup(PLAIN_BOT[5])))
    rnd.apply(DRAW_SUPPLY)
    rnd.apply(Action.discard(deck.lookup("Executive Order 9066")))
    rnd.apply(Action.reveal(deck.lookup("Baker v Carr")))
    rnd.apply(Action.target(1))
    rnd.apply(ACCEPT_ACTION)
    assert rnd.view(0).players[1].known_hidden == [mapp]
    prompt, options = texts(rnd, deck)
    assert "You know Mapp v Ohio is hidden there, but not which card it is." in prompt
    face_up = [o for o in options if o.startswith("Take face-up [")]
    assert len(face_up) == 5 and not any("Mapp" in o for o in face_up)
    assert options[5:] == [
        "Take a hidden card of Bot unseen (1 of 2): Mapp v Ohio or the unknown one, by chance",
        "Take a hidden card of Bot unseen (2 of 2): Mapp v Ohio or the unknown one, by chance",
    ]
