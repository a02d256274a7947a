"""A lesson's table step played with the real round engine (cards/games/civio/round.py), from a
fixed deal.

The player answers the engine's own decisions, put in the table's words (civio_tui/questions.py);
the lesson's data says which move it expects. A wrong move is not applied: it gets the lesson's
reason for it, else the engine's own refusal (a card taken from the discard pile, a Law that does
not overrule this attack), else the link the card would break, in the rules' words
(cards.link_reasons). Bot's moves are data too, played for it.
"""

from __future__ import annotations

from textual.content import Content

from cards.deck import Deck
from cards.engine import IllegalActionError
from cards.games.civio.actions import (
    CONFISCATE,
    DISCARD,
    OVERRULE,
    TARGET,
    Action,
    DecisionKind,
)
from cards.games.civio.laws import law_facts
from cards.games.civio.round import Round
from cards.link_reasons import link_reason
from cards.links import tables
from cards.ruleset import RuleSet
from civio_tui.lessons.model import Deal, Move, TableTurn
from civio_tui.questions import OptionLabel, ask
from civio_tui.widgets.cards import card_line, spelled_name, type_tag

YOU, BOT = 0, 1
NAMES = ("You", "Bot")
VERBS = {
    DecisionKind.DRAW: "Take from the pile: ",
    DecisionKind.DISCARD: "Discard ",
    DecisionKind.REVEAL: "Turn face up: ",
    DecisionKind.CONFISCATE: "Take ",
    DecisionKind.OVERRULE: "Overrule with ",
}


def start_round(deck: Deck, deal: Deal) -> Round:
    """The round `deal` describes, its opening laid out: the first turn's draw is pending."""
    order = [deck.id_of(name) for name in (*deal.you, *deal.bot, deal.discard, *deal.supply)]
    dealer = YOU if deal.bot_first else BOT  # play starts left of the dealer
    rnd = Round(RuleSet.named("booklet"), 2, dealer, seed=0, deck=deck, deal_order=order)
    for cards, hidden in ((deal.you, deal.hidden), (deal.bot, deal.bot_hidden)):
        kept = {deck.id_of(name) for name in hidden}
        rnd.apply(Action.face_up([c for c in map(deck.id_of, cards) if c not in kept]))
    return rnd


class Drill:
    """One table step in play: the round, and the next move of the step's script."""

    def __init__(self, deck: Deck, step: TableTurn) -> None:
        self.deck = deck
        self.step = step
        self.rnd = start_round(deck, step.deal)
        self.index = 0
        self.done_moves: list[str] = []
        """The player's moves made so far, in text form (kept in the progress to resume)."""
        self.opening = self._play_unasked()
        """What Bot did before the player's first move."""

    @property
    def done(self) -> bool:
        return self.index >= len(self.step.moves)

    @property
    def move(self) -> Move:
        return self.step.moves[self.index]

    def expected(self) -> Action:
        return self.rnd.parse(self.move.action)

    def _accepted(self) -> set[Action]:
        return {self.rnd.parse(text) for text in (self.move.action, *self.move.also)}

    # -- the player's options -----------------------------------------------------------------

    def options(self) -> list[OptionLabel]:
        """The pending decision's options in the table's words, plus the card just taken from
        the discard pile among the discards (the rules forbid it, and the engine says why)."""
        decision = self.rnd.decision
        assert decision is not None and decision.seat == YOU
        view = self.rnd.view(YOU)
        labels = list(ask(decision, view, self.deck, NAMES).options)
        if decision.kind == DecisionKind.DISCARD and self.rnd.taken is not None:
            taken = self.rnd.taken
            text = Content.assemble("Discard ", card_line(self.deck[taken], points=True))
            labels.insert(1, OptionLabel(Action.discard(taken), text, card=taken))
        hidden = set(view.hidden) if decision.kind != DecisionKind.REVEAL else set()
        return [self._short(decision.kind, o, o.card in hidden) for o in labels]

    def _short(self, kind: DecisionKind, option: OptionLabel, hidden: bool) -> OptionLabel:
        """An option about a card in a line of the lesson's narrow column: the verb and the
        card's name, spelled out (its columns are in the card pane beside)."""
        action = option.action
        if action is not None and action.kind == TARGET and action.seat is not None:
            # The table adds the seat's score, which reads as the attack's worth here.
            return OptionLabel(action, Content(f"Attack {NAMES[action.seat]}"))
        if action is not None and action.kind == CONFISCATE and action.slot is not None:
            # The table's "Take a hidden card of Bot unseen (1 of 2)" wraps in this column.
            return OptionLabel(action, Content(f"Take hidden card {action.slot + 1}"))
        if option.card is None or kind not in VERBS:
            return option
        card = self.deck[option.card]
        parts: list[str | tuple[str, str] | Content] = [type_tag(card), " ", spelled_name(card)]
        if card.points:
            parts.append((f" +{card.points}", "bold"))
        if hidden:
            parts.append((" hidden", "dim"))
        return OptionLabel(option.action, Content.assemble(VERBS[kind], *parts), option.card)

    # -- moves --------------------------------------------------------------------------------

    def try_move(self, action: Action) -> tuple[bool, str]:
        """Make the player's move if it is the one expected: (True, the praise and what happened
        next), else (False, why not) and nothing changes."""
        move = self.move
        if action not in self._accepted():
            return False, self.why_wrong(action)
        said = self._apply(action, own=bool(move.praise))
        self.done_moves.append(action.to_str(self.deck))
        self.index += 1
        said += self._play_unasked()
        return True, " ".join([move.praise, *said] if move.praise else said)

    def replay(self, moves: list[str]) -> None:
        """Make again the player's moves saved in the progress (stops at one that no longer
        fits the script)."""
        for text in moves:
            if self.done:
                return
            try:
                action = self.rnd.parse(text)
            except ValueError:
                return
            if not self.try_move(action)[0]:
                return

    def _apply(self, action: Action, *, own: bool = False) -> list[str]:
        """Apply `action`; the sentences of what it caused, as the player may see them (the
        player's own move is not told back to them)."""
        before = len(self.rnd.events)
        self.rnd.apply(action)
        lines = [
            line
            for event in self.rnd.events[before:]
            for line in event.lines(self.deck, YOU, NAMES, you=YOU)
        ]
        return lines[1:] if own else lines

    def _play_unasked(self) -> list[str]:
        """Play the moves the player is not asked for (Bot's, and those made for the player),
        up to the next one they are: what they did, as the table tells it."""
        said: list[str] = []
        while not self.done and not self.move.asked:
            move = self.move
            said += self._apply(self.rnd.parse(move.action))
            if move.praise:
                said.append(move.praise)
            self.index += 1
        return said

    def why_wrong(self, action: Action) -> str:
        """Why `action` is not this step's move: the lesson's words for it, else the rules'."""
        for text, reason in self.move.wrong:
            if self.rnd.parse(text) == action:
                return reason
        if not self.rnd.is_legal(action):
            try:
                self.rnd.clone().apply(action)
            except IllegalActionError as refusal:
                return f"{refusal}."
        if action.kind == DISCARD and action.card is not None:
            why = self._link_kept(action.card)
            if why:
                return why
        if action.kind == OVERRULE and action.card is not None:
            return self.move.nudge
        return f"Not the move this step teaches. {self.move.nudge}"

    def _link_kept(self, card: int) -> str | None:
        """A link `card` makes with another card of the player's hand, in the rules' words."""
        hand = [c for c in self.rnd.hand(YOU) if c != card]
        name = self.deck[card].name
        # The card it is most useful with: the partner with the most links in the hand, then
        # the most points (Race is kept for Brown v Board, not for a Korematsu worth nothing).
        related = tables(self.deck).related
        hand.sort(key=lambda c: (-sum(related[c] >> o & 1 for o in hand), -self.deck[c].points))
        for other in hand:
            why = link_reason(self.deck, card, other) or link_reason(self.deck, other, card)
            if why:
                return f"Keep {name}: {why}."
        if law_facts(self.deck).attacks(card):
            return f"{name} is an attack: not now."
        return None
