"""What the Easy Play table writes in its panes at 80x24: the hand's lines, the other players
and the discard pile, and what the highlighted card pairs with.

Every card carries its type letter ([C] Case, [L] Law, ...) as at the main table, and no name
is cut in the middle: a long name gives way to its short form (`short_name`, `tiny_name`), a
long list to "+N more". The hand keeps its order through a round: the cards dealt sorted by
type and name, then each card drawn, at the bottom, in the order it came.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from textual.content import Content

from cards.deck import Deck
from cards.games.easy_play.round import DRAW, EasyPlay, pair_points, pair_table
from cards.models import Card
from civio_tui.plurals import counted
from civio_tui.widgets.cards import pts, short_name, tiny_name, type_tag

RIGHT_WIDTH = 38
"""Characters in a line of the right-hand pane at 80 columns."""
RIGHT_LINES = 11
"""Lines of the right-hand pane: the other players and the discard pile, then the highlighted
card's partners in what room is left."""
HAND_WIDTH = 36
"""Characters in a line of the hand's list (inside its border and padding)."""


SMALL_WORDS = frozenset({"of", "v", "the", "and", "in", "re"})


def brief(card: Card, limit: int) -> str:
    """The card's name in about `limit` characters, never cut in the middle of a word: the
    printed name, its short form, its shortest form, else the first two words that say
    something of its shortest name ("Civil Liberties", "Heart of Atlanta"), even if longer."""
    for text in (card.name, short_name(card, limit), tiny_name(card, limit)):
        if len(text) <= limit and "…" not in text:
            return text
    source = min([card.name, *(a for a in card.aliases if len(a) >= 3)], key=len).split()
    words: list[str] = []
    for word in source:
        words.append(word)
        if sum(w.lower() not in SMALL_WORDS for w in words) == 2:
            break
    return " ".join(words)


def person(name: str, width: int) -> str:
    """A player's name in `width` characters (names may be 40 long): cut with an ellipsis."""
    return name if len(name) <= width else name[: max(width - 1, 1)] + "…"


def hand_order(game: EasyPlay, seat: int) -> list[int]:
    """`seat`'s hand as listed: the cards dealt, sorted by type and name (numbers in order),
    then the cards drawn
    this round in the order they came, so a card never moves while it is held."""
    deck = game.deck
    drawn = {e.card for e in game.events if e.seat == seat and e.action.kind == DRAW}
    hand = game.hands[seat]
    dealt = sorted((c for c in hand if c not in drawn), key=lambda c: _by_type(deck[c]))
    return dealt + [c for c in hand if c in drawn]


def _by_type(card: Card) -> tuple[str, list[tuple[int, str]]]:
    """Type, then name with its numbers read as numbers (the 1st Amendment before the 15th)."""
    parts = re.split(r"(\d+)", card.name)
    return card.type_label(), [(int(p), "") if p.isdigit() else (0, p) for p in parts]


def hand_label(deck: Deck, card: int, pairs: int, *, marked: bool, new: bool) -> Content:
    """One line of the hand: `▶ [C] Brown v Board of Education  2 pairs  new`. The name gives
    way to its short form when the line would not fit."""
    tail = f"  {counted(pairs, 'pair')}" if pairs else ""
    room = HAND_WIDTH - 2 - 4 - len(tail) - (len("  new") if new else 0)
    c = deck[card]
    name = brief(c, room)
    if len(name) > room and new:  # the cursor is on a card just drawn: "new" may go
        new, name = False, brief(c, room + len("  new"))
    return Content.assemble(
        "▶ " if marked else "  ",
        type_tag(c),
        " ",
        name,
        (tail, "dim"),
        ("  new", "bold $accent") if new else "",
    )


def tagged(deck: Deck, card: int, limit: int) -> Content:
    """`[C] Brown v Board of Education`, the name shortened to `limit` characters if need be."""
    c = deck[card]
    return Content.assemble(type_tag(c), " ", brief(c, limit))


def pairs_lines(
    deck: Deck, pairs: Sequence[tuple[int, int]], lines: int, width: int = RIGHT_WIDTH
) -> list[str]:
    """Laid pairs in at most `lines` lines ("  CRA+NAACP, Roe+Griswold"): in their short names,
    in shorter ones when those do not all fit, then the latest that fit after "+N more"."""
    best: tuple[int, list[str]] = (-1, [])
    for limit in (16, 11):
        items = [f"{brief(deck[a], limit)}+{brief(deck[b], limit)}" for a, b in pairs]
        shown, rows = _wrap(" ", items, lines, width, "pair", latest=True)
        if shown == len(items):
            return rows
        best = max(best, (shown, rows), key=lambda b: b[0])
    return best[1]


def pairs_text(deck: Deck, pairs: Sequence[tuple[int, int]], width: int) -> str:
    """Laid pairs on one line of `width` characters (`pairs_lines`)."""
    return pairs_lines(deck, pairs, 1, width + 1)[0].strip()


def wrap_names(head: str, names: Sequence[str], lines: int, width: int = RIGHT_WIDTH) -> list[str]:
    """`head` then the names, whole, over at most `lines` lines (continued lines indented);
    what does not fit ends the last line as "+N more"."""
    return _wrap(head, names, lines, width, "card")[1]


def _wrap(
    head: str, names: Sequence[str], lines: int, width: int, noun: str, *, latest: bool = False
) -> tuple[int, list[str]]:
    """How many names fit whole in `lines` lines after `head` (the rest said as "+N more", or
    all as "N cards" when not one fits), and the lines. With `latest`, the names kept are the
    last ones, after "+N more"."""
    rows: list[str] = []
    for shown in range(len(names), -1, -1):
        hidden = len(names) - shown
        parts = list(names[hidden:] if latest else names[:shown])
        if shown == 0 and names:
            parts = [counted(len(names), noun)]
        elif hidden and latest:
            parts.insert(0, f"+{hidden} more")
        elif hidden:
            parts.append(f"+{hidden} more")
        pieces = [p + "," for p in parts[:-1]] + parts[-1:]
        rows = [head]
        for piece in pieces:
            if len(rows[-1]) + 1 + len(piece) > width:
                rows.append(f"    {piece}")
            else:
                rows[-1] = f"{rows[-1]} {piece}"
        if len(rows) <= lines and all(len(r) <= width for r in rows):
            return shown, rows
    return 0, rows[:lines]


def table_lines(game: EasyPlay, names: Sequence[str], viewer: int | None) -> list[Content]:
    """The other players (whose turn, cards in hand, points and pairs laid) and the top of the
    discard pile. A player with no pairs takes one line, with pairs two (three at a table of
    two or three)."""
    deck = game.deck
    lines: list[Content] = []
    pair_rows = 2 if game.seats <= 3 else 1  # four players leave room for one line each
    for s in range(game.seats):
        if s == viewer:
            continue
        turn = "▶ " if game.current == s and not game.is_over else ""
        laid = game.laid[s]
        points = pts(pair_points(deck, laid))
        cards = counted(len(game.hands[s]), "card")
        tail = f": {cards}, {points if laid else 'no pairs'}"
        name = person(names[s], RIGHT_WIDTH - len(turn) - len(tail))
        lines.append(Content.styled(f"{turn}{name}{tail}", "bold"))
        if not laid:
            continue
        lines += [Content(row) for row in pairs_lines(deck, laid, pair_rows)]
    head = Content.styled("Discard pile: ", "bold")
    if game.discard_pile:
        lines.append(head + tagged(deck, game.discard_pile[-1], RIGHT_WIDTH - 18))
    else:
        lines.append(head + "empty")
    return lines


def partner_lines(game: EasyPlay, viewer: int, card: int, room: int) -> list[Content]:
    """What `card` pairs with, in `room` lines at most: the cards in the viewer's hand, the top
    of the discard pile, and how many cards the viewer has not seen could."""
    deck = game.deck
    table = pair_table(deck)
    mates = [c for c in hand_order(game, viewer) if table[card] >> c & 1]
    top = game.discard_pile[-1] if game.discard_pile else None
    on_pile = top is not None and bool(table[card] >> top & 1)
    unseen = game.view(viewer).unseen_cards(len(deck))
    later = sum(1 for c in unseen if table[card] >> c & 1)
    lines = [Content.styled(f"{tagged(deck, card, RIGHT_WIDTH - 16).plain} pairs with:", "bold")]
    hand_room = max(1, room - 2 - on_pile)
    names = [brief(deck[c], 24) for c in mates] or ["nothing"]
    lines += [Content(line) for line in wrap_names("  in your hand:", names, hand_room)]
    if on_pile:
        lines.append(Content("  the discard pile's top (d takes it)"))
    lines.append(Content(f"  {counted(later, 'card')} not seen yet"))
    return lines[:room]
