"""Each opponent's last turn on the table (civio_tui/last_moves.py, the opponents pane): what it
took from the discard pile, what it discarded, whom it attacked, a lost turn; never the card it
drew from the supply. And the hidden cards' marks, the same whatever the count."""

from __future__ import annotations

from cards.deck import Deck
from cards.games.civio.actions import ACCEPT_ACTION, DRAW_DISCARD, DRAW_SUPPLY, Action
from cards.games.civio.events import NOTE_SKIPPED, Event, Note
from civio_tui.last_moves import LastMove, last_moves
from civio_tui.table_controller import TableController
from civio_tui.widgets.cards import hidden_backs
from civio_tui.widgets.table_panes import OpponentInfo, last_move_items, opponents_lines


def lap(deck: Deck) -> list[Event]:
    """Seat 1 draws from the supply and discards Tinker; seat 2 takes Tinker from the pile,
    discards Jim Crow Laws and attacks seat 1, who accepts; seat 3's turn is lost."""
    tinker, jim_crow = (
        deck.lookup("Tinker v Des Moines School District"),
        deck.lookup("Jim Crow Laws"),
    )
    brown = deck.lookup("Brown v Board of Education of Topeka")
    skipped = Note(NOTE_SKIPPED, 3)
    return [
        Event(0, 1, 1, DRAW_SUPPLY, (brown,), to=1 << 1),
        Event(1, 1, 1, Action.discard(tinker)),
        Event(2, 2, 2, DRAW_DISCARD, (tinker,)),
        Event(3, 2, 2, Action.discard(jim_crow)),
        Event(4, 2, 2, Action.target(1), (jim_crow,)),
        Event(5, 2, 1, ACCEPT_ACTION, notes=(skipped,)),
    ]


def test_each_seat_s_last_turn_is_read_from_the_round_s_events(deck: Deck) -> None:
    tinker, jim_crow = (
        deck.lookup("Tinker v Des Moines School District"),
        deck.lookup("Jim Crow Laws"),
    )
    moves = last_moves(lap(deck))
    # Seat 1's acceptance belongs to seat 2's turn: its own last turn stays as it was.
    assert moves[1] == LastMove(1, took=None, discards=(tinker,))
    assert moves[2] == LastMove(2, took=tinker, discards=(jim_crow,), attacked=1)
    assert moves[3].skipped


def test_the_last_move_is_told_in_words_or_in_signs_never_naming_a_supply_card(
    deck: Deck,
) -> None:
    moves = last_moves(lap(deck))
    names = {1: "Hard 1", 2: "Hard 2", 3: "Medium"}
    words = " ".join(i.plain for i in last_move_items(deck, moves[2], names, compact=False))
    assert words == "↳ took [C] Tinker discarded [L] Jim Crow Laws attacked Hard 1"
    signs = [i.plain for i in last_move_items(deck, moves[2], names, compact=True)]
    assert signs == ["↳ +Tinker", "−Jim Crow", "→Hard 1"]
    # Taken and still hidden, the card is marked so: it is not listed again among its cards.
    kept = last_move_items(deck, moves[2], names, compact=True, still_hidden=True)
    assert kept[0].plain == "↳ +Tinker▒"
    # Seat 1 drew Brown from the supply: only seat 1 saw it.
    first = " ".join(i.plain for i in last_move_items(deck, moves[1], names, compact=False))
    assert first == "↳ discarded [C] Tinker"
    lost = [i.plain for i in last_move_items(deck, moves[3], names, compact=True)]
    assert lost == ["↳ lost a turn"]


def test_three_opponents_with_their_last_moves_keep_to_four_lines_each_when_compact(
    deck: Deck,
) -> None:
    ctl = TableController.new_game(deck, ["random"] * 3, seed=4, save=False)
    ctl.start_round()
    rnd = ctl.rnd
    while rnd.turn < 5 and not rnd.is_over:
        decision = rnd.decision
        rnd.apply(decision.options[-1] if decision.kind.value == "face_up" else decision.options[0])
    moves = last_moves(rnd.events)
    seats = [OpponentInfo(s, f"Hard {s}", "hard", moves.get(s)) for s in (1, 2, 3)]
    lines = opponents_lines(deck, rnd.view(0), seats, None, 30, compact=True)
    assert all(line.cell_length <= 30 for line in lines)
    assert sum("↳" in line.plain for line in lines) == 3
    assert len(lines) <= 12, [line.plain for line in lines]


def test_opponents_lines_kept_from_earlier_moves_are_those_drawn_afresh(deck: Deck) -> None:
    # The table keeps each opponent's lines between moves and draws again only those whose
    # facts changed: what it shows must be what a fresh drawing shows, move after move.
    ctl = TableController.new_game(deck, ["random"] * 3, seed=4, save=False)
    ctl.start_round()
    rnd = ctl.rnd
    known: dict[object, list[object]] = {}
    for _ in range(40):
        if rnd.is_over:
            break
        moves = last_moves(rnd.events)
        seats = [OpponentInfo(s, f"Hard {s}", "hard", moves.get(s)) for s in (1, 2, 3)]
        acting = rnd.decision.seat
        for form in ({"full_names": True}, {}, {"compact": True}):
            fresh = opponents_lines(deck, rnd.view(0), seats, acting, 30, **form)
            kept = opponents_lines(deck, rnd.view(0), seats, acting, 30, **form, known=known)
            assert [(x.plain, x.spans) for x in kept] == [(x.plain, x.spans) for x in fresh]
        decision = rnd.decision
        rnd.apply(decision.options[-1] if decision.kind.value == "face_up" else decision.options[0])
    assert known


def test_the_hidden_cards_marks_are_the_same_whatever_the_count() -> None:
    marks = {hidden_backs(n).plain.split(" ")[0] for n in (1, 2, 7)}
    assert marks == {"▒▒"}
    assert hidden_backs(1).plain == "▒▒ 1 hidden card"


def test_compact_cards_take_the_first_line_with_room_and_the_last_move_comes_last() -> None:
    from textual.content import Content

    from civio_tui.widgets.table_panes import pack_tight

    names = ["[I] Elections", "[F] Expression", "[C] Miranda", "[C] Escobedo", "[C] Brandenburg"]
    lines = pack_tight([Content(n) for n in names], 30, [Content("↳ −15th")])
    assert [line.plain for line in lines] == [
        "  [I] Elections [F] Expression",
        "  [C] Miranda [C] Escobedo",
        "  [C] Brandenburg ↳ −15th",
    ]


def test_every_card_has_a_tiny_name_of_its_own_that_is_never_cut(deck: Deck) -> None:
    from civio_tui.widgets.cards import tiny_name

    names = {card.name: tiny_name(card, 11) for card in deck.cards}
    assert len(set(names.values())) == len(names)  # one card each
    assert all(len(n) <= 11 and not n.endswith("…") for n in names.values())
    # A card with no short form of its own goes by its name's longest word.
    assert names["Civil Liberties Act of 1988"] == "Liberties"
    assert names["Espionage Act of 1917"] == "Espionage"
    assert names["Civil Rights Act of 1964"] == "CRA 1964"


def test_the_last_move_takes_a_line_with_room_for_it_which_then_goes_last() -> None:
    from textual.content import Content

    from civio_tui.widgets.table_panes import pack_tight

    cards = [Content("[A] 5th, 6th"), Content("[C] Lawrence, Escobedo, Gault")]
    move = [Content("↳ +Gault"), Content("−Dennis")]
    lines = pack_tight(cards, 31, move, indent="")
    assert [line.plain for line in lines] == [
        "[C] Lawrence, Escobedo, Gault",
        "[A] 5th, 6th ↳ +Gault −Dennis",
    ]
    # A group's pieces keep their order: a line of one is never moved.
    group = [Content("[C] Lawrence, Escobedo,"), Content("Gault")]
    lines = pack_tight([group, Content("[A] 5th")], 31, [Content("↳ −Dennis −Near −Katz")], "")
    assert [line.plain for line in lines][:2] == ["[C] Lawrence, Escobedo,", "Gault [A] 5th"]
