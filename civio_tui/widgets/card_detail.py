"""A card in full: every field, and its relations to other cards both ways."""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual.content import Content

from cards.deck import Deck, standard_deck
from cards.link_reasons import can_follow, can_precede
from cards.models import Card, CardType
from civio_tui.plurals import counted
from civio_tui.widgets.cards import TYPE_LETTER, TYPE_STYLE, card_line, short_name


@dataclass(frozen=True)
class Relation:
    """One line of a card's relations: `label` names how card `other` relates to it."""

    label: str
    other: int


def relations(deck: Deck, card_id: int) -> list[Relation]:
    """How a card links to others: what it strengthens and weakens, and who does so to it."""
    card = deck[card_id]
    found: list[Relation] = []

    def add(label: str, names: tuple[str, ...]) -> None:
        for name in names:
            other = deck.find(name)
            if other is not None:
                found.append(Relation(label, other))

    add("strengthens", card.plus)
    add("weakens", card.minus)
    if card.type is not CardType.AMENDMENT:
        for number in card.amendments:
            amendment = deck.amendment_card(number)
            if amendment is not None:
                found.append(Relation("strengthens amendment", amendment))
    for other_id, other in enumerate(deck.cards):
        if other_id == card_id:
            continue
        if card.name in other.plus:
            found.append(Relation("strengthened by", other_id))
        if card.name in other.minus:
            found.append(Relation("weakened by", other_id))
        if card.type is CardType.AMENDMENT and card.amendments[0] in other.amendments:
            found.append(Relation("strengthened by", other_id))
        if card.type is CardType.ISSUE and card.name in other.issues:
            found.append(Relation("names this issue", other_id))
    return found


def _field(label: str, value: str) -> Content:
    return Content.assemble((f"{label}: ", "bold"), value)


def _amendment_names(deck: Deck, numbers: tuple[int, ...]) -> str:
    names = []
    for number in numbers:
        card_id = deck.amendment_card(number)
        names.append(deck[card_id].name if card_id is not None else f"Amendment {number}")
    return ", ".join(names)


def links_in_words(deck: Deck, card_id: int, most: int = 6) -> Content | None:
    """The card's links in two short sentences: the cards it may follow and those that may
    follow it, by the links the two cards make alone (`e` lists every one, with the rule)."""
    card = deck[card_id]
    if card.type is CardType.WILD:
        return Content("It fits anywhere in a precedent: Marbury is the wild card.")
    sentences: list[str] = []
    for verb, links, side in (
        ("It can follow", can_follow(deck, card_id), "prev"),
        ("It can be followed by", can_precede(deck, card_id), "card"),
    ):
        names = [
            short_name(deck[getattr(x, side)])
            for x in links
            if x.direct and deck[getattr(x, side)].type is not CardType.WILD
        ]
        if not names:
            continue
        shown = ", ".join(names[:most])
        if len(names) > most:
            shown += f" and {len(names) - most} more"
        sentences.append(f"{verb} {shown}.")
    if card.type is CardType.AMENDMENT:
        sentences.append("It closes a precedent that holds a Case that strengthens it.")
    if not sentences:
        return None
    return Content(" ".join(sentences))


def card_facts(deck: Deck, card: Card) -> Content:
    """History first: the name, year and summary (what happened and why it matters); then its
    links in words; then the rules data (issues, plus and minus, amendments, action, points);
    the note and provenance last, dim."""
    letter = TYPE_LETTER[card.type]
    heading = Content.assemble(
        (f"[{letter}] ", TYPE_STYLE[card.type]), (card.name, f"bold {TYPE_STYLE[card.type]}")
    )
    kind = card.type_label()
    if card.type is CardType.CIVIL_RIGHTS_ACT:
        kind = "Civil Rights Act: a Law, or the Freedom Equality"
    facts = [kind]
    if card.year is not None:
        facts.append(str(card.year))
    facts.append(counted(card.points, "point"))
    lines: list[Content] = [heading, Content.assemble((" · ".join(facts), "dim"))]
    if card.summary:
        lines.append(Content(""))
        lines.append(Content(card.summary))
    card_id = deck.cards.index(card) if card in deck.cards else None
    links = links_in_words(deck, card_id) if card_id is not None else None
    if links is not None:
        lines.append(Content(""))
        lines.append(Content.assemble(("Links: ", "bold"), links))
    lines.append(Content(""))
    if card.full_name and card.full_name != card.name:
        lines.append(_field("Full name", card.full_name))
    if card.issues:
        lines.append(_field("Issues", ", ".join(card.issues)))
    if card.type is not CardType.AMENDMENT and card.amendments:
        lines.append(_field("Strengthens amendments", _amendment_names(deck, card.amendments)))
    elif card.type is CardType.CASE:
        lines.append(_field("Amendments", "none (a diminishing case: 0 points)"))
    if card.plus:
        lines.append(_field("Plus (+), strengthened", ", ".join(card.plus)))
    if card.minus:
        lines.append(_field("Minus (−), weakened", ", ".join(card.minus)))
    if card.action is not None:
        lines.append(_field("Action", card.action.describe()))
    pack_card = deck.custom and card not in standard_deck().cards
    if pack_card:
        source = f"from the card pack {deck.name} ({deck.source}), not the standard deck"
    elif card.provenance == "publisher":
        source = "a publisher's card: the publisher's own sources name this card"
    else:
        source = "reconstructed by us from the public record of the decision or law"
    lines.append(Content(""))
    if card.note:
        lines.append(Content.assemble(("Note: ", "dim bold"), (_for_players(card.note), "dim")))
    lines.append(Content.assemble(("Provenance: ", "dim bold"), (source, "dim")))
    return Content("\n").join(lines)


_DOC_POINTER = re.compile(r" ?\(\w+\.md\)")
"""A note's pointer to a developers' document, as the deck data writes it."""


def _for_players(note: str) -> str:
    """A card's note as players read it: a pointer in brackets to a developers' document
    (docs/DECK.md) means nothing to a student at the card, so it is left out."""
    return _DOC_POINTER.sub("", note)


def relation_line(deck: Deck, relation: Relation) -> Content:
    return Content.assemble(
        (f"{relation.label:<22}", "dim"), card_line(deck[relation.other], points=False)
    )
