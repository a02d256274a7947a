"""A decision put in words for the human: a title, a prompt and labelled options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from textual.content import Content

from cards.deck import Deck
from cards.games.civio.actions import (
    ACCEPT,
    DECLINE,
    OVERRULE,
    TARGET,
    Action,
    Decision,
    DecisionKind,
)
from cards.games.civio.laws import law_facts
from cards.games.civio.view import PlayerView
from cards.models import Effect, effect_label
from cards.table import DISCARD_PILE
from civio_tui.widgets.cards import card_line, pts


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


def ask(
    decision: Decision,
    view: PlayerView,
    deck: Deck,
    names: Sequence[str],
    *,
    hot_seat: bool = False,
) -> Question:
    """`decision` (the viewer's own) in the viewer's words, with the cards they can see. At a
    `hot_seat` table (friends at one keyboard) the words say what happens there."""
    return _Asking(deck, view, list(names), hot_seat).question(decision)


CARD_QUESTIONS = (
    DecisionKind.FACE_UP,
    DecisionKind.DISCARD,
    DecisionKind.REVEAL,
    DecisionKind.OVERRULE,
)
"""The questions whose options are cards of the player's: listed in the order of their cards."""


def newest_card(decision: Decision) -> int | None:
    """The card that just came into the deciding hand: the one confiscated when the question
    follows a confiscation, else the one drawn this turn (None when neither)."""
    if decision.stage == "after_confiscation":
        return decision.confiscated
    return decision.drawn if decision.stage == "main" else None


def in_hand_order(question: Question, order: Sequence[int]) -> Question:
    """The question with its card options in the player's `order` of their cards (a card just
    drawn first), so the list reads like the hand beside it; options with no card of theirs
    ("Accept", "Done") stay last, in their order."""
    if question.decision.kind not in CARD_QUESTIONS:
        return question
    place = {card: i for i, card in enumerate(order)}
    newest = newest_card(question.decision)

    def key(option: OptionLabel) -> tuple[bool, int]:
        where = len(place) if option.card is None else place.get(option.card, len(place))
        return (option.card is None or option.card != newest, where)

    return replace(question, options=tuple(sorted(question.options, key=key)))


def question_tip(question: Question) -> str:
    """The keys that answer `question`, under its note."""
    count = len(question.options)
    keys = f"1-{count}" if count > 1 else "1"
    tip = f"Press {keys}, or ↑↓ and Enter. H asks for a hint."
    if question.decision.kind in (DecisionKind.DISCARD, DecisionKind.REVEAL):
        tip += " Or pick the card in Your cards."
    return f"{question.note}\n{tip}" if question.note else tip


def face_up_action(decision: Decision, hand: Sequence[int], hidden: set[int]) -> Action | None:
    """The face-up option that keeps exactly `hidden` of `hand` hidden, if there is one."""
    for action in decision.options:
        if set(hand) - set(action.cards) == hidden:
            return action
    return None


def waiting_words(decision: Decision | None, names: Sequence[str], viewer: int) -> str:
    """What the table is waiting for when `decision` is not the viewer's to make."""
    if decision is None:
        return "The round is over."
    if decision.seat == viewer:
        return "Your move is next…"
    name = names[decision.seat]
    kind = decision.kind
    if kind == DecisionKind.FACE_UP:
        return f"{name} is choosing which cards to lay face up…"
    if kind == DecisionKind.DRAW:
        return f"{name} is drawing…"
    if kind == DecisionKind.DISCARD:
        return f"{name} is choosing a card to discard…"
    if kind == DecisionKind.REVEAL:
        return f"{name} is turning a card face up…"
    if kind == DecisionKind.ATTACK_TARGET:
        return f"{name} is choosing whom to attack…"
    if kind == DecisionKind.OVERRULE:
        return f"{name} may overrule the attack…"
    if kind == DecisionKind.CONFISCATE:
        return f"{name} is choosing a card to confiscate…"
    return f"{name} is playing…"


@dataclass(frozen=True)
class _Asking:
    """What a question is written from: the deck, the asked seat's view, every seat's name."""

    deck: Deck
    view: PlayerView
    names: list[str]
    hot_seat: bool = False

    def question(self, decision: Decision) -> Question:
        builder = {
            DecisionKind.FACE_UP: self._q_face_up,
            DecisionKind.DRAW: self._q_draw,
            DecisionKind.DISCARD: self._q_discard,
            DecisionKind.REVEAL: self._q_reveal,
            DecisionKind.ATTACK_TARGET: self._q_attack,
            DecisionKind.OVERRULE: self._q_overrule,
            DecisionKind.CONFISCATE: self._q_confiscate,
            DecisionKind.CIVIO: self._q_civio,
        }[decision.kind]
        return builder(decision)

    def _card(self, card: int, **kwargs: Any) -> Content:
        return card_line(self.deck[card], **kwargs)

    def _q_face_up(self, decision: Decision) -> Question:
        # The 21 combinations are asked as "which 2 to keep hidden": the screen toggles cards
        # and finds the matching option (see face_up_action).
        view = self.view
        options = tuple(
            OptionLabel(None, self._card(c), card=c) for c in view.face_up + view.hidden
        )
        # Against the AI every seat chooses at the same moment; friends at one keyboard choose
        # one after another, each behind the pass screen, and the cards turn up together.
        how = "Players choose one by one, unseen." if self.hot_seat else "Everyone chooses at once."
        return Question(
            decision,
            "Opening: lay out your cards",
            f"Mark 2 cards to keep hidden (▒); the other 5 go face up. {how}",
            options,
        )

    def _q_draw(self, decision: Decision) -> Question:
        view = self.view
        options = []
        for action in decision.options:
            if action.source == DISCARD_PILE:
                top = view.discard_pile[-1]
                text = Content.assemble("Take from the discard pile: ", self._card(top))
                options.append(OptionLabel(action, text, card=top))
            else:
                text = Content(f"Draw the top card of the supply ({view.supply_count} left)")
                options.append(OptionLabel(action, text))
        return Question(
            decision,
            f"Draw (turn {view.turn})",
            "Draw a card: the hidden top of the supply, or the face-up top of the discard pile.",
            tuple(options),
        )

    def _q_discard(self, decision: Decision) -> Question:
        drawn = decision.drawn
        laws = law_facts(self.deck)
        options: list[OptionLabel] = []
        ordered = sorted(decision.options, key=lambda a: a.card != drawn)
        for action in ordered:
            assert action.card is not None
            card = self._card(action.card, points=True)
            if action.card == drawn and decision.stage == "main":
                text = Content.assemble("Discard it at once: ", card)
            else:
                text = Content.assemble("Discard ", card)
            if decision.stage == "main" and laws.attacks(action.card):
                # The discard itself launches the attack: the option says so before it is made.
                # "Confiscate" alone: the option must fit a line beside the card's name.
                effect = effect_label(laws.attack[action.card]).removesuffix(" and Arrest")
                text = Content.assemble(text, (f" · attacks ({effect})", "bold $warning"))
            options.append(OptionLabel(action, text, card=action.card))
        if decision.stage == "after_confiscation":
            taken = decision.confiscated
            what = self.deck[taken].name if taken is not None else "a card"
            prompt = f"You confiscated {what}. Now discard one card (this discard attacks nobody)."
            title = "Discard after confiscating"
        elif drawn is not None and decision.source == DISCARD_PILE:
            prompt = (
                f"You took {self.deck[drawn].name} from the discard pile. Discard another card "
                "(a card taken from the pile cannot go straight back)."
            )
            title = "Discard a card"
        elif drawn is not None:
            prompt = (
                f"You drew {self.deck[drawn].name}: keep it and discard another card, or "
                "discard it at once."
            )
            title = "Keep or discard"
        else:
            prompt = "Discard one card."
            title = "Discard a card"
        note = ""
        if decision.stage == "main" and any(laws.attacks(a.card) for a in decision.options):
            note = "A Law with an attack, once discarded, strikes an opponent of your choice."
        return Question(decision, title, prompt, tuple(options), note)

    def _q_reveal(self, decision: Decision) -> Question:
        options = tuple(
            OptionLabel(a, Content.assemble("Turn face up: ", self._card(a.card)), card=a.card)
            for a in decision.options
            if a.card is not None
        )
        if decision.stage == "replacement":
            prompt = "You drew a replacement and now hold 3 hidden cards: turn one of them face up."
        else:
            prompt = "You hold 3 hidden cards: turn one of them face up (everyone will see it)."
            pile = self.view.discard_pile
            # The Law you just discarded attacks once this card is turned (docs/RULES.md).
            if decision.stage == "main" and pile and law_facts(self.deck).attacks(pile[-1]):
                prompt += f" Then {self.deck[pile[-1]].name} attacks: you choose whom."
        return Question(decision, "Turn a card face up", prompt, options)

    def _law_words(self, decision: Decision) -> tuple[str, str]:
        law = self.deck[decision.law].name if decision.law is not None else "a Law"
        effect = effect_label(decision.effect, decision.effect or "")
        return law, effect

    def _q_attack(self, decision: Decision) -> Question:
        law, effect = self._law_words(decision)
        view = self.view
        options = []
        for action in decision.options:
            if action.kind == TARGET and action.seat is not None:
                total = (view.scores or [0] * view.seats)[action.seat]
                text = Content(f"Attack {self.names[action.seat]} ({pts(total)})")
                options.append(OptionLabel(action, text))
            elif action.kind == DECLINE:
                options.append(OptionLabel(action, Content("Decline: attack nobody")))
        what = (
            "they skip their next turn"
            if decision.effect == "lose_turn"
            else "you take one of their cards"
        )
        return Question(
            decision,
            "Attack!",
            f"You discarded {law}: {effect}. Choose whom to attack ({what}, unless they "
            "overrule it).",
            tuple(options),
        )

    def _q_overrule(self, decision: Decision) -> Question:
        law, effect = self._law_words(decision)
        attacker = self.names[decision.attacker] if decision.attacker is not None else "Someone"
        options = []
        for action in decision.options:
            if action.kind == OVERRULE and action.card is not None:
                text = Content.assemble(
                    "Overrule with ", self._card(action.card), " (it stays; all will know it)"
                )
                options.append(OptionLabel(action, text, card=action.card))
            elif action.kind == ACCEPT:
                consequence = (
                    "you lose your next turn"
                    if decision.effect == "lose_turn"
                    else f"{attacker} takes one of your cards"
                )
                options.append(OptionLabel(action, Content(f"Accept: {consequence}")))
        if len(options) == 1:
            prompt = (
                f"{attacker} attacks you with {law} ({effect}). You hold no Law that overrules it."
            )
        else:
            prompt = f"{attacker} attacks you with {law} ({effect}). You can overrule it."
        return Question(decision, "You are attacked", prompt, tuple(options))

    def _q_confiscate(self, decision: Decision) -> Question:
        victim = self.names[decision.target] if decision.target is not None else "them"
        known = (
            self.view.players[decision.target].known_hidden if decision.target is not None else ()
        )
        blind = [a for a in decision.options if a.slot is not None]
        # The hidden cards lie face down in an order you cannot see: a blind pick gets either
        # one by chance, even the one you know (docs/RULES.md, Hidden information).
        knowing = " or ".join(self.deck[c].name for c in known)
        options = []
        for action in decision.options:
            if action.card is not None:
                taken = Content.assemble("Take face-up ", self._card(action.card))
                options.append(OptionLabel(action, taken, card=action.card))
        for number, action in enumerate(blind, 1):
            text = f"Take a hidden card of {victim} unseen ({number} of {len(blind)})"
            if known and len(known) < len(blind):
                text += f": {knowing} or the unknown one, by chance"
            elif known:
                text += f": one of {knowing}, by chance"
            options.append(OptionLabel(action, Content(text)))
        prompt = (
            f"The attack stands. Take one of {victim}'s face-up cards, or one of their "
            f"{len(blind)} hidden cards without seeing it. They draw a replacement; then you "
            "discard."
        )
        if known:
            names = " and ".join(self.deck[c].name for c in known)
            prompt += f" You know {names} is hidden there, but not which card it is."
        return Question(decision, Effect.CONFISCATE.label, prompt, tuple(options))

    def _q_civio(self, decision: Decision) -> Question:
        from cards.go_out import best_go_out
        from cards.scoring import winner_score

        hand = self.view.hand
        best = best_go_out(self.deck, hand, self.view.rules)
        score = winner_score(best, self.view.rules) if best is not None else 0
        # Card counts in words: "(3 + 4, 5 points)" read as a sum that does not add up.
        shape = (
            "a Thurgood Flush"
            if best is not None and best.kind == "flush"
            else "a 3-card and a 4-card precedent"
        )
        options = []
        for action in decision.options:
            if action.choice == "call":
                text = Content.assemble(
                    ("Call CIVIO!", "bold"), f" Win the round now with {shape}: {pts(score)}"
                )
            else:
                text = Content("Play on (you can call on a later turn)")
            options.append(OptionLabel(action, text))
        return Question(
            decision,
            "CIVIO!",
            "All 7 of your cards form precedents. You can call CIVIO and win the round.",
            tuple(options),
        )
