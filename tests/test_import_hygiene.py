"""The game core (cards/) and the opponents (ai/) never import Textual or the app layer.

Checked in a fresh interpreter, as harlequin does, so nothing imported by the tests leaks in.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import importlib, json, pkgutil, sys
imported = []
for package_name in ("cards", "ai"):
    package = importlib.import_module(package_name)
    imported.append(package_name)
    for info in pkgutil.walk_packages(package.__path__, package_name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
# Use the checker and the finder too: lazy imports inside functions would show up here.
from cards.deck import standard_deck
from cards.go_out import best_go_out, best_non_winner, goes_out
from cards.precedent import check_precedent
from cards.ruleset import RuleSet
deck = standard_deck()
hand = list(range(7))
goes_out(deck, hand); best_go_out(deck, hand, RuleSet()); best_non_winner(deck, hand)
check_precedent(deck, hand)
leaked = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "civio_tui"))
print(json.dumps({"imported": imported, "leaked": leaked}))
"""


def run_fresh(script: str) -> object:
    """The JSON `script` prints last, run in a fresh interpreter."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_cards_and_ai_import_no_textual() -> None:
    report = run_fresh(SCRIPT)
    assert isinstance(report, dict)
    assert "cards.precedent" in report["imported"] and "cards.go_out" in report["imported"]
    assert report["leaked"] == []


SESSION_SCRIPT = """
import importlib, json, pkgutil, sys
import civio_tui.session as package
for info in pkgutil.walk_packages(package.__path__, "civio_tui.session."):
    importlib.import_module(info.name)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] == "textual")))
"""


def test_the_session_imports_no_textual() -> None:
    """The session every game runs on (seats, handover, saves) works without the screens: a
    networked table or a test drives it with no Textual loaded."""
    assert run_fresh(SESSION_SCRIPT) == []
