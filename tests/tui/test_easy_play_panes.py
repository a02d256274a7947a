"""The Easy Play table's panes at 80x24: every card with its type letter, no name cut in the
middle and nothing past the pane's width or height, a hand whose order holds through a round
(a drawn card goes to the bottom), and counts in good English."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from pathlib import Path

import pytest

from ai.easy_play.levels import LEVELS
from cards.deck import standard_deck
from cards.games.easy_play.game import EasyPlayGame
from cards.games.easy_play.round import DRAW, EasyPlay, pair_table
from civio_tui.easy_play_save import list_easy_games, new_easy_game
from civio_tui.screens.easy_play.list import easy_summary_line
from civio_tui.screens.easy_play.panes import (
    HAND_WIDTH,
    RIGHT_LINES,
    RIGHT_WIDTH,
    counted,
    hand_label,
    hand_order,
    pairs_lines,
    partner_lines,
    table_lines,
    wrap_names,
)
from civio_tui.seating import MAX_NAME, Seat
from civio_tui.widgets.cards import TYPE_LETTER

DECK = standard_deck()
NAMES = ["Ana", "Maria-Fernanda Oyelaran-Castellanos Lees", "Computer 1", "Computer 2"]
"""A name may be 40 characters long (seating.MAX_NAME)."""


def positions(seats: int, seed: int) -> list[EasyPlay]:
    """A copy of the round after each move of a game the medium level plays for every seat."""
    rnd = EasyPlay(seats, seats - 1, seed, DECK)
    player = LEVELS.player("medium", DECK)
    rng = random.Random(seed)
    out = [rnd.clone()]
    while rnd.decision is not None:
        d = rnd.decision
        rnd.apply(player.choose(rnd.view(d.seat), d, rng))
        out.append(rnd.clone())
    return out


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_panes_fit_80x24_with_type_letters_and_no_name_cut(seats: int, seed: int) -> None:
    assert len(NAMES[1]) == MAX_NAME
    table = pair_table(DECK)
    for rnd in positions(seats, seed)[::3]:
        viewer = rnd.current if not rnd.is_over else 0
        shown = table_lines(rnd, NAMES[:seats], viewer)
        assert len(shown) <= RIGHT_LINES - 3  # room is left for the highlighted card
        hand = hand_order(rnd, viewer)
        for card in hand:
            pairs = sum(1 for o in hand if table[card] >> o & 1)
            label = hand_label(DECK, card, pairs, marked=False, new=card == rnd.drawn)
            assert label.cell_length <= HAND_WIDTH and "…" not in label.plain
            assert label.plain.strip().startswith(f"[{TYPE_LETTER[DECK[card].type]}] ")
            room = RIGHT_LINES - len(shown)
            partners = partner_lines(rnd, viewer, card, room)
            assert 3 <= len(partners) <= room
            assert partners[0].plain.startswith(f"[{TYPE_LETTER[DECK[card].type]}] ")
            for line in [*shown, *partners]:
                assert line.cell_length <= RIGHT_WIDTH, line.plain
                # Only a 40-character person's name is cut, never a card's.
                text = line.plain.removeprefix("▶ ")
                if text.startswith(NAMES[1][:10]):
                    text = text[text.index(":") :]
                assert "…" not in text, line.plain


def test_the_hand_keeps_its_order_and_a_drawn_card_goes_to_the_bottom() -> None:
    for seats, seed in ((2, 5), (3, 6)):
        games = positions(seats, seed)
        for before, after in pairwise(games):
            for seat in range(seats):
                was, now = hand_order(before, seat), hand_order(after, seat)
                kept = [c for c in now if c in was]
                assert kept == [c for c in was if c in now]  # nothing held moves
                event = after.events[-1]
                if event.seat == seat and event.action.kind == DRAW:
                    assert now[-1] == event.card
    first = positions(2, 5)[0]
    dealt = hand_order(first, 0)
    assert [DECK[c].type_label() for c in dealt] == sorted(DECK[c].type_label() for c in dealt)
    # Numbers in names are read as numbers: the 1st Amendment comes before the 15th.
    amendments = [DECK.find(n) for n in ("15th Amendment", "1st Amendment", "5th Amendment")]
    rnd = EasyPlay(2, 1, 5, DECK, deal_order=None)
    rnd.hands[0] = [c for c in amendments if c is not None]
    assert [DECK[c].name for c in hand_order(rnd, 0)] == [
        "1st Amendment",
        "5th Amendment",
        "15th Amendment",
    ]


def test_long_lists_of_partners_end_in_a_count_not_a_cut_name() -> None:
    names = ["Lawrence v Texas", "Furman v Georgia", "Roe v Wade", "Miranda v Arizona"]
    assert wrap_names("  in your hand:", names[:2], 3) == [
        "  in your hand: Lawrence v Texas,",
        "    Furman v Georgia",
    ]
    assert wrap_names("  in your hand:", names, 2) == [
        "  in your hand: Lawrence v Texas,",
        "    Furman v Georgia, +2 more",
    ]
    assert wrap_names("  in your hand:", names, 1) == ["  in your hand: 4 cards"]


def test_counts_read_as_english(tmp_path: Path) -> None:
    assert [counted(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]
    players = [Seat("Ada"), Seat("Computer", "medium")]
    store = new_easy_game("Spring", players, save_dir=tmp_path, deck=DECK, seed=3)
    saved = store.saved
    assert saved is not None
    game: EasyPlayGame = saved.game
    rnd = game.current_round
    assert rnd is not None
    player = LEVELS.player("medium", DECK)
    while rnd.decision is not None:
        d = rnd.decision
        rnd.apply(player.choose(rnd.view(d.seat), d, random.Random(0)))
    assert store.save(game, players) is None
    [summary] = list_easy_games(tmp_path, DECK)
    assert "1 round played" in easy_summary_line(summary).plain


def test_laid_pairs_show_at_least_one_pair_by_name() -> None:
    names = [
        ("Heart of Atlanta Motel v US", "Civil Liberties Act of 1988"),
        ("Brown v Board of Education of Topeka", "Board of Education v Barnette"),
        ("Tinker v Des Moines", "Loving v Virginia"),
    ]
    pairs = []
    for a, b in names:
        first, second = DECK.find(a), DECK.find(b)
        assert first is not None and second is not None
        pairs.append((first, second))
    for lines in (1, 2):
        rows = pairs_lines(DECK, pairs, lines)
        assert len(rows) <= lines and all(len(r) <= RIGHT_WIDTH for r in rows)
        assert re.search(r"[a-z]\+[A-Z]", rows[0]), rows  # a pair by name, not "3 pairs"
    assert pairs_lines(DECK, pairs[:1], 1) == ["  Heart of Atlanta+Liberties"]
    assert pairs_lines(DECK, pairs, 1) == ["  +2 more, Tinker+Loving"]  # the latest kept
