"""`civio games`: the registry of games as commands list it."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from civio_tui.cli import main
from civio_tui.games import GAMES, game


def test_games_json_lists_every_game_with_its_seats_and_levels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["games", "--json"]) == 0
    docs = json.loads(capsys.readouterr().out)
    by_id = {d["id"]: d for d in docs}
    assert list(by_id) == ["civio", "easy-play", "solitaire", "concentration"]
    assert by_id["civio"]["seats"] == [2, 4] and "hard" in by_id["civio"]["levels"]
    assert "cheater" not in by_id["civio"]["levels"], "instruments are never offered"
    assert by_id["easy-play"]["levels"] == ["random", "easy", "medium"]
    assert by_id["solitaire"] == {"id": "solitaire", "title": "Solitaire", "seats": [1, 1],
                                  "levels": []}  # fmt: skip
    assert by_id["concentration"]["seats"] == [1, 4]
    assert by_id["concentration"]["levels"] == ["easy", "hard"]


def test_games_text_names_each_game_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for info in GAMES:
        assert sum(line.split()[0] == info.id for line in out.splitlines()[1:]) == 1


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.id)
def test_each_entry_deals_and_loads_its_engine(info: object) -> None:
    from cards.deck import standard_deck
    from cards.ruleset import RuleSet

    assert info is game(info.id)  # type: ignore[attr-defined]
    deck = standard_deck()
    seats = info.seats[0] if info.seats[0] > 1 else info.seats[1]  # type: ignore[attr-defined]
    engine = info.deal(seats, 0, 7, RuleSet(), deck)  # type: ignore[attr-defined]
    engine.apply(engine.legal_actions()[0])
    again = info.load(json.loads(json.dumps(engine.to_json())), deck)  # type: ignore[attr-defined]
    assert again.to_json() == engine.to_json() and again.seats == seats
    levels = info.levels()  # type: ignore[attr-defined]
    for name in levels:
        assert levels.player(name, deck).choose is not None


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown game 'go-fish': choose from civio, easy-play"):
        game("go-fish")


@pytest.mark.parametrize("info", [g for g in GAMES if g.screen], ids=lambda g: g.id)
def test_each_more_games_entry_opens_a_screen_and_is_on_the_menu(info: object) -> None:
    from textual.screen import Screen

    from civio_tui.games import GameInfo, _get
    from civio_tui.screens.games import MENU

    assert isinstance(info, GameInfo)
    assert info.screen is not None and issubclass(_get(info.screen), Screen)
    assert (info.id, info.title, info.about) in MENU


def test_a_small_card_pack_cannot_play_solitaire_and_says_why() -> None:
    from cards.deck import Deck, standard_deck

    deck = standard_deck()
    small = Deck("ten cards", deck.cards[:10], custom=True, source="test")
    assert game("solitaire").cannot_play is not None
    assert (
        game("solitaire").cannot_play(small) == "Solitaire needs 21 cards; this card pack has 10."
    )
    assert game("solitaire").cannot_play(deck) is None


def _string_constants(tree: ast.AST) -> list[ast.Constant]:
    """The string constants of a module that are not docstrings."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in docstrings
    ]  # fmt: skip


def test_no_module_but_the_registry_spells_a_game_id() -> None:
    """Adding a game is its packages and one registry entry: other code names games through it.
    `solitaire` and `concentration` are also command names (the CLI's table of subcommands and
    their parsers); "civio" is also the program and the CIVIO call's action kind, so the
    registry's `CIVIO.id` is what code compares a game with (not checked here)."""
    root = Path(__file__).resolve().parents[2]
    others = {g.id for g in GAMES} - {"civio"}
    commands = {"civio_tui/cli.py", "civio_tui/commands/solitaire_cmd.py",
                "civio_tui/commands/concentration_cmd.py"}  # fmt: skip
    found: list[str] = []
    for package in ("cards", "ai", "civio_tui"):
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if name == "civio_tui/games.py" or name in commands:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{name}:{c.lineno}" for c in _string_constants(tree) if c.value in others]
    assert found == []
