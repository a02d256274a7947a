"""Structure checks for the TUI: start-up imports stay light, every binding has an id and is
listed in Help, and the arrangement of your cards follows the hand."""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from cards.deck import Deck, load_deck
from cards.ruleset import RuleSet
from civio_tui import keymap
from civio_tui.arrangement import UNPLACED, HandArrangement

ROOT = Path(__file__).resolve().parents[2]


def test_starting_the_app_imports_no_engine_ai_or_saves() -> None:
    """`civio` must reach its first frame fast: the engine, the AIs and the save code are
    imported when a game starts, not when the menu opens."""
    script = (
        "import sys, json\n"
        "import civio_tui.app\n"
        "from civio_tui.screens.main_menu import MainMenuScreen\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules = set(json.loads(result.stdout))
    heavy = {
        "cards.games.civio.round",
        "cards.go_out",
        "cards.deck",
        "ai",
        "civio_tui.campaigns.catalogue",
        "civio_tui.campaigns.replay",
        "civio_tui.campaigns.session",
    }
    assert not heavy & modules, sorted(heavy & modules)


def _all_subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_all_subclasses(sub))
    return found


def _import_every_module() -> list[str]:
    """Import every module of civio_tui (an import error fails the test; nothing is skipped but
    `__main__` modules, which run a program when imported)."""
    import civio_tui

    names = [
        m.name
        for m in pkgutil.walk_packages(civio_tui.__path__, "civio_tui.")
        if not m.name.endswith(".__main__")
    ]
    for name in names:
        importlib.import_module(name)
    return names


def _screen_classes_in_source(folder: Path) -> set[str]:
    """Classes defined in the .py files under `folder` with a base named like a screen
    (`Screen[None]`, `ModalScreen[bool]`, `CivioScreen`, ...)."""
    found = set()
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                "Screen" in ast.unparse(base).split("[")[0] for base in node.bases
            ):
                found.add(node.name)
    return found


def test_every_binding_of_ours_has_an_id_and_secondary_keys_are_hidden() -> None:
    modules = _import_every_module()
    assert "civio_tui.app" in modules and "civio_tui.serve.sign_in" in modules
    classes = [
        c
        for c in _all_subclasses(Widget) + _all_subclasses(App)
        if c.__module__.startswith("civio_tui")
    ]
    # Every screen of the package is among the classes checked (found by walking the package,
    # cross-checked against the class statements in the source).
    screens = {c.__name__ for c in classes if issubclass(c, Screen)}
    assert _screen_classes_in_source(ROOT / "civio_tui") <= screens
    checked = 0
    for cls in classes:
        for binding in cls.__dict__.get("BINDINGS", []):
            assert isinstance(binding, Binding), (cls, binding)
            assert binding.id, f"{cls.__name__}: binding {binding.key} has no id"
            keys = binding.key.split(",")
            if any(k in ("h", "j", "k", "l") for k in keys):
                assert not binding.show, f"{binding.id}: vi keys are secondary (show=False)"
            assert not any(k in ("ctrl+h", "ctrl+i", "ctrl+m") for k in keys), binding.id
            checked += 1
    assert checked > 30


def test_a_footer_label_names_one_action() -> None:
    """ "← Back" stepping through a replay beside "esc Back" leaving it read as one thing done
    twice; a label may name one action's two ways ("← Campaign → Campaign")."""
    actions: dict[str, set[str]] = {}
    for spec in keymap.KEYS:
        if spec.show:
            actions.setdefault(spec.description, set()).add(spec.action.split("(")[0])
    assert {label: found for label, found in actions.items() if len(found) > 1} == {}


def test_keymap_ids_are_unique_and_help_lists_the_keys_without_them() -> None:
    from civio_tui.screens.help import help_content

    ids = [spec.id for spec in keymap.KEYS]
    assert len(ids) == len(set(ids))
    text = help_content({}).plain
    playing = (Path(__file__).parents[2] / "docs/PLAYING.md").read_text(encoding="utf-8")
    for spec in keymap.KEYS:
        # The ids are names for settings.json, listed in docs/PLAYING.md; Help shows the keys.
        name = "table.pick_1` … `table.pick_9" if spec.id.startswith("table.pick_") else spec.id
        assert f"`{name}`" in playing, spec.id
        if spec.id == "table.hint":
            continue  # the one example of a remap
        assert spec.id not in text, spec.id
        if not spec.id.startswith("table.pick_"):
            assert spec.help in text, spec.id
    assert "1-9" in text and "H" in text and "docs/PLAYING.md" in text


def test_help_at_the_table_starts_with_the_tables_keys() -> None:
    from civio_tui.screens.help import help_content

    lines = help_content({}, first="table").plain.splitlines()
    contexts = [line for line in lines if line in keymap.CONTEXTS.values()]
    assert contexts[:2] == ["At the table", "In your cards"]
    elsewhere = [line for line in help_content({}).plain.splitlines() if line in contexts]
    assert elsewhere[0] == "Everywhere"


def test_the_arrangement_follows_the_hand(standard: Deck) -> None:
    ids = [standard.lookup(n) for n in ("Katz v US", "California v Greenwood", "4th Amendment")]
    others = [standard.lookup(n) for n in ("Race", "Engel v Vitale", "Korematsu v US", "Equality")]
    arrangement = HandArrangement()
    arrangement.sync(ids + others)
    assert arrangement.groups[UNPLACED] == ids + others
    for card in ids:
        arrangement.move(card, 1)  # not placed -> precedent A (wrapping round)
    assert arrangement.groups[0] == ids
    status = arrangement.status(standard, ids + others, RuleSet())
    check = status.checks[0]
    assert check is not None and check.valid and check.points == 2
    arrangement.reorder(ids[2], -1)  # the 4th Amendment moves up, before Greenwood: invalid
    moved = arrangement.status(standard, ids + others, RuleSet()).checks[0]
    assert moved is not None and not moved.valid and moved.failure_position == 2
    assert moved.reason is not None and "only more Amendments may follow" in moved.reason
    arrangement.reorder(ids[2], 1)
    arrangement.move(others[1], -1)  # Engel v Vitale to precedent B
    arrangement.move(others[2], -1)  # Korematsu v US follows it: invalid, with the reason
    check_b = arrangement.status(standard, ids + others, RuleSet()).checks[1]
    assert check_b is not None and not check_b.valid
    assert (
        check_b.reason
        == "Korematsu v US cannot follow Engel v Vitale: neither case lists the other"
    )
    arrangement.sync(ids + others[:-1] + [standard.lookup("Religion")])
    assert standard.lookup("Equality") not in arrangement.cards
    assert arrangement.groups[UNPLACED][-1] == standard.lookup("Religion")


def _rules_section(heading: str) -> list[str]:
    """The bullets under `heading` on the Rules screen, each joined into one line."""
    from civio_tui.screens.rules import RULES_MARKDOWN

    section = RULES_MARKDOWN.split(f"### {heading}\n", 1)[1].split("\n\n#", 1)[0]
    return [" ".join(b.split()) for b in section.split("\n- ")[1:] if b.strip()]


def _shown_cards(bullet: str) -> list[str]:
    """The cards a bullet lays out: `[C] Name` → `[C] Name` → ..."""
    return re.findall(r"`\[[A-Z]\] ([^`]+)`", bullet)


def test_rules_screen_examples_hold(standard: Deck) -> None:
    """The worked examples, read from the Rules screen's own text, are checked by the rules
    themselves: each precedent is valid or invalid as it says, with the reason it quotes."""
    from cards.precedent import check_precedent

    examples = _rules_section("Worked examples")
    assert len(examples) == 4
    for bullet in examples:
        names = _shown_cards(bullet)
        assert len(names) >= 2, bullet
        check = check_precedent(standard, [standard.lookup(n) for n in names])
        if bullet.startswith("**Valid"):
            assert check.valid, (bullet, check.reason)
        else:
            assert bullet.startswith("**Invalid:**") and not check.valid, bullet
            quoted = re.search(r'\*"(.+)"\*', bullet)
            assert quoted is not None and quoted.group(1) == check.reason


def test_rules_screen_flush_scores_as_it_says(standard: Deck) -> None:
    from cards.go_out import best_go_out
    from cards.precedent import check_precedent
    from cards.scoring import winner_score

    (flush,) = [b for b in _rules_section("Worked scores") if b.startswith("The booklet's flush")]
    hand = [standard.lookup(n) for n in _shown_cards(flush)]
    assert len(hand) == 7
    best = best_go_out(standard, hand, RuleSet.named("booklet"))
    assert best is not None and best.kind == "flush"
    said = re.search(r"so \((\d+) \+ 2\) × 3 = \*\*(\d+)\*\*", flush)
    assert said is not None
    assert int(said.group(1)) == check_precedent(standard, hand).points
    assert winner_score(best, RuleSet.named("booklet")) == int(said.group(2))


def test_the_arrangement_saves_and_is_left_alone_when_nothing_better(standard: Deck) -> None:
    cards = [
        standard.lookup(n)
        for n in ("Race", "School", "Justice", "Elections", "Privacy", "Press", "Religion")
    ]
    arrangement = HandArrangement()
    arrangement.sync(cards)
    arrangement.move(cards[3], 1)
    arrangement.move(cards[5], 1)
    before = arrangement.to_json()
    message = arrangement.arrange_best(standard, cards, RuleSet())
    assert message.startswith("No 3- or 4-card precedent")
    assert arrangement.to_json() == before
    assert HandArrangement.from_json(json.loads(json.dumps(before))).groups == arrangement.groups
    for bad in (None, [], {"groups": [[1], [1]], "loose": []}, {"groups": [["x"], []]}):
        assert HandArrangement.from_json(bad).groups == [[], [], []]


def test_a_card_pack_card_says_where_it_comes_from(standard: Deck) -> None:
    from civio_tui.widgets.card_detail import card_facts

    pack = load_deck(
        Path(__file__).resolve().parents[2] / "saves" / "samples" / "teacher-pack.toml"
    )
    own = next(card for card in pack.cards if card not in standard.cards)
    text = card_facts(pack, own).plain
    assert f"from the card pack {pack.name}" in text and "reconstructed" not in text
    tinker = pack[pack.lookup("Tinker")]  # a standard card in the same pack keeps its source
    assert "a publisher's card" in card_facts(pack, tinker).plain


def test_help_wraps_a_long_description_under_itself() -> None:
    from civio_tui.screens.help import KEY_COLUMN, help_content

    lines = help_content({}, width=60).plain.splitlines()
    assert max(len(line) for line in lines) <= 60
    at = next(i for i, line in enumerate(lines) if "Next pane: the question" in line)
    assert lines[at + 1].startswith(" " * KEY_COLUMN) and lines[at + 1].strip()
    assert lines[at].index("Next pane") == KEY_COLUMN
    # The card marks explain the shaded mark on an opponent's known hidden card too.
    assert any("an opponent's hidden card that you know" in line for line in lines)


def test_help_gives_an_arrow_and_its_vi_key_one_line() -> None:
    # "←  Replay: one event back" then "h  Replay: one event back": two lines saying the same.
    from civio_tui.screens.help import help_content

    lines = help_content({}, width=74).plain.splitlines()
    back = [line for line in lines if line.endswith("Replay: one event back")]
    assert len(back) == 1 and back[0].split()[:3] == ["←", "/", "h"]
    descriptions = [line[21:] for line in lines if line.startswith("  ") and line[21:].strip()]
    repeated = {d for d in descriptions if descriptions.count(d) > 1}
    assert not any(a == b for a, b in pairwise(descriptions)), repeated
