"""How a card looks in one line: a type letter, the name, and marks that never rely on colour.

Every card starts with its type in brackets ([C] Case, [L] Law, ...), coloured by type too; point
cards end in `+1`; your own hidden cards carry the word "hidden" as well as a shaded mark.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from textual.content import Content

from cards.deck import Deck
from cards.joins import joins
from cards.models import Card, CardType

TYPE_LETTER: dict[CardType, str] = {
    CardType.CASE: "C",
    CardType.LAW: "L",
    CardType.AMENDMENT: "A",
    CardType.FREEDOM: "F",
    CardType.ISSUE: "I",
    CardType.CIVIL_RIGHTS_ACT: "R",
    CardType.WILD: "W",
}

# Theme variables (see app.py) so the colour-blind and 16-colour themes can recolour cards.
TYPE_STYLE: dict[CardType, str] = {
    CardType.CASE: "bold $card-case",
    CardType.LAW: "bold $card-law",
    CardType.AMENDMENT: "bold $card-amendment",
    CardType.FREEDOM: "bold $card-freedom",
    CardType.ISSUE: "bold $card-issue",
    CardType.CIVIL_RIGHTS_ACT: "bold $card-cra",
    CardType.WILD: "bold $card-wild",
}

TYPE_LEGEND: tuple[tuple[str, str], ...] = (
    ("C", "Case"),
    ("L", "Law"),
    ("A", "Amendment"),
    ("F", "Freedom"),
    ("I", "Issue"),
    ("R", "Civil Rights Act of 1964 (Law or Equality)"),
    ("W", "Wild card (Marbury v Madison)"),
)

HIDDEN_MARK = "▒"


def pts(points: int) -> str:
    """Points in words, singular when one: "1 point", "5 points" (a new player read "5 pts"
    beside card counts as arithmetic)."""
    return f"{points} point" if points in (1, -1) else f"{points} points"


def type_tag(card: Card) -> Content:
    """`[C]` in the card type's colour."""
    return Content.assemble((f"[{TYPE_LETTER[card.type]}]", TYPE_STYLE[card.type]))


def _abbreviated(text: str) -> bool:
    return any(len(token) > 1 and token.isalpha() and token.isupper() for token in text.split())


def short_name(card: Card, limit: int = 20) -> str:
    """A name that fits a narrow pane: the printed name if short, else its shortest alias
    (spelled-out aliases before abbreviations like "VRA")."""
    if len(card.name) <= limit:
        return card.name
    aliases = sorted(
        (a for a in card.aliases if 3 <= len(a) <= limit and not a.isdigit()),
        key=lambda a: (_abbreviated(a), len(a)),
    )
    if aliases:
        return aliases[0]
    first = card.name.split(" v ")[0]
    if 4 <= len(first) <= limit:
        return first
    return card.name[: limit - 1] + "…"


def with_short_name(text: Content, card: Card, limit: int = 20) -> Content | None:
    """`text` with `card`'s printed name replaced by its short name ("Take from the discard
    pile: [C] Fraser"), for a line that must be cut; None when the name is not in it or is
    already short."""
    short = short_name(card, limit)
    at = text.plain.find(card.name)
    if short == card.name or at < 0:
        return None
    name = text[at : at + len(card.name)]  # keeps the name's style (italic when hidden)
    styled = Content(short)
    for span in name.spans:
        if span.start == 0 and span.end >= len(card.name):
            styled = styled.stylize(span.style)
    return text[:at] + styled + text[at + len(card.name) :]


def spelled_name(card: Card, limit: int = 20) -> str:
    """The card's short name, but never an abbreviation a newcomer cannot read ("CRA 1964",
    "EO 9066"): then its shortest spelled-out name ("Civil Rights Act")."""
    name = short_name(card, limit)
    if name == card.name or not _abbreviated(name):
        return name
    spelled = [a for a in (*card.aliases, card.name) if not _abbreviated(a) and len(a) >= 3]
    return min(spelled, key=len, default=card.name)


def plain_name(card: Card, limit: int = 15) -> str:
    """The name a sentence calls the card by, such as the log's: the printed name when short,
    else its shortest alias that shares a word with it ("Escobedo", "Lawrence"), else its
    short name spelled out ("Civil Rights Act"); never an abbreviation a newcomer cannot read
    ("VRA")."""
    if len(card.name) <= limit:
        return card.name
    words = set(re.findall(r"[a-z0-9]+", card.name.lower())) - {"v", "of", "the"}
    spelled = [
        a
        for a in card.aliases
        if 3 <= len(a) <= limit
        and not _abbreviated(a)
        and words & set(re.findall(r"[a-z0-9]+", a.lower()))
    ]
    return min(spelled, key=len) if spelled else spelled_name(card)


def tiny_name(card: Card, limit: int = 13) -> str:
    """The fewest letters that still name the card, for the compact opponents pane: "Brown",
    "Dred Scott", "14th", "VRA". An alias must share a word with the name or be an acronym,
    so "Fair Procedures" is never called "Due Process"."""
    if len(card.name) <= 10:
        return card.name
    words = set(re.findall(r"[a-z0-9]+", card.name.lower())) - {"v", "of", "the"}
    aliases = [
        a
        for a in card.aliases
        if 3 <= len(a) <= limit
        and not a.isdigit()
        and (a.isupper() or words & set(re.findall(r"[a-z0-9]+", a.lower())))
    ]
    if aliases:
        return min(aliases, key=len)
    if len(card.name) <= limit:
        return card.name
    # No short form of its own: the name's longest word ("Espionage", "Liberties", "Atlanta",
    # "Procedures"), which names one card only, rather than a name cut in the middle.
    word = max(re.findall(r"[A-Za-z]{5,}", card.name), key=len, default="")
    if 5 <= len(word) <= limit:
        return word
    return card.name[: limit - 1] + "…"


def card_line(
    card: Card,
    *,
    hidden: bool = False,
    short: bool = False,
    year: bool = True,
    points: bool = True,
    limit: int = 20,
) -> Content:
    """One card on one line: `[C] Brown v Board of Education 1954 +1`, marked if hidden."""
    name = short_name(card, limit) if short else card.name
    parts: list[str | tuple[str, str] | Content] = [type_tag(card), " "]
    parts.append((name, "italic" if hidden else ""))
    if year and card.year is not None and not name.endswith(str(card.year)):
        parts.append((f" {card.year}", "dim"))
    if points and card.points:
        parts.append((f" +{card.points}", "bold"))
    if hidden:
        parts.append((f" {HIDDEN_MARK}hidden", "dim italic"))
    return Content.assemble(*parts)


_YEAR = re.compile(r" \d{3,4}")


def fit_line(line: Content, width: int) -> Content:
    """A line cut to `width` cells without cutting a year in half: the cards' years (the dim
    " 1969" after a name) go first, and only then is the line cut short with an ellipsis."""
    if line.cell_length <= width:
        return line
    years = [
        span
        for span in line.spans
        if span.style == "dim" and _YEAR.fullmatch(line.plain[span.start : span.end])
    ]
    for span in sorted(years, key=lambda s: s.start, reverse=True):
        line = line[: span.start] + line[span.end :]
    if line.cell_length <= width:
        return line
    return line.truncate(width, ellipsis=True)


def hidden_backs(count: int) -> Content:
    """An opponent's hidden cards: shaded backs and the count in words."""
    if count <= 0:
        return Content.assemble(("no hidden cards", "dim"))
    noun = "card" if count == 1 else "cards"
    # The same two shaded backs whatever the count: the count is in words beside them.
    return Content.assemble((HIDDEN_MARK * 2, "dim"), f" {count} hidden {noun}")


def links_line(
    deck: Deck,
    card: int,
    hand: list[int],
    table: tuple[int, ...],
    width: int,
    namer: Callable[[Card], str] | None = None,
) -> Content:
    """What `card` can join, in one line under it: the cards of your hand and of the table it
    may follow or be followed by, and what it still needs ("↳ after Race · before 14th
    Amendment"). The cards go by their printed names when the line has room, else by shorter
    spelled-out names ("Civil Rights Act"), and only then by the fewest letters ("VRA" means
    nothing to a newcomer); `namer`, when given, names them instead (the lessons' choice)."""
    line = Content()
    for line in _link_tries(deck, card, hand, table, namer):
        if line.cell_length <= width:
            return line
    return line.truncate(width, ellipsis=True)


def links_lines(
    deck: Deck, card: int, hand: list[int], table: tuple[int, ...], width: int
) -> list[Content]:
    """`links_line`, wrapped under the card rather than cut when even the fewest letters do
    not fit on one line: every card it links to stays named."""
    line = Content()
    # Your own cards first: the table's are dropped before the line wraps (a second row in
    # Your cards takes one from the question's answers at 80x24).
    for tries in (table, ()):
        for line in _link_tries(deck, card, hand, tries, None):
            if line.cell_length <= width:
                return [line]
    indent = "     "
    rows = line.wrap(max(10, width - len(indent)))
    return [rows[0], *(Content.assemble(indent, row) for row in rows[1:])]


def _link_tries(
    deck: Deck,
    card: int,
    hand: list[int],
    table: tuple[int, ...],
    namer: Callable[[Card], str] | None,
) -> Iterator[Content]:
    """The links line of `card` (see `links_line`), once per way of naming the cards, the
    longest names first."""
    if deck[card].type is CardType.WILD:
        text = Content.styled("fits anywhere in a precedent (wild card)", "italic")
        yield Content.assemble(("   ↳ ", "dim"), text)
        return
    own = [c for c in hand if c != card]
    on_table = [c for c in table if c not in hand]
    j = joins(deck, card, [*own, *on_table])
    # Which cards go where is found once; only their names change from one try to the next.
    sides: list[tuple[str, dict[str, list[int]]]] = []
    for prefix, pool in (("", own), ("table: ", on_table)):
        groups: dict[str, list[int]] = {"after": [], "before": [], "either side of": []}
        for c in pool:
            where = (c in j.after, c in j.before)
            if any(where):
                label = "either side of" if all(where) else "after" if where[0] else "before"
                groups[label].append(c)
        sides.append((prefix, groups))
    namers = [namer] if namer is not None else [_printed_name, spelled_name, tiny_name]
    for name in namers:
        parts: list[str] = []
        for prefix, groups in sides:
            words = [
                f"{label} {', '.join(name(deck[c]) for c in cards)}"
                for label, cards in groups.items()
                if cards
            ]
            if words:
                parts.append(prefix + " · ".join(words))
        if j.needs:
            parts.append(f"needs {j.needs}")
        if not parts:
            parts.append("links to none of these cards")
        yield Content.assemble(("   ↳ ", "dim"), (" · ".join(parts), "italic"))


def _printed_name(card: Card) -> str:
    return card.name
