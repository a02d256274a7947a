"""The opponents see only their view: no module of `ai/` imports the round engine
(`cards.games.civio.round`) at run time, except the measuring instruments, which are handed the live
round through the explicit `Instrument` interface and are never offered.

Checked in fresh interpreters, as tests/test_import_hygiene.py does, so nothing the tests
import leaks in."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ai import Instrument, attach_round, get_player, player_names
from ai.base import register
from cards.deck import standard_deck
from cards.games.civio.round import Round
from cards.ruleset import RuleSet

ROOT = Path(__file__).resolve().parents[2]
INSTRUMENTS = {"ai.civio.cheater"}
"""The modules allowed the live round (today they import it only for type checking)."""


SCRIPT = """
import importlib, json, pkgutil, random, sys

# Import time: every module of ai/, one at a time, noting any that brings in the engine.
pulled = []
package = importlib.import_module("ai")
names = ["ai", *(info.name for info in pkgutil.walk_packages(package.__path__, "ai."))]
for name in names:
    importlib.import_module(name)
    if "cards.games.civio.round" in sys.modules and not pulled:
        pulled.append(name)

# Run time: each offered level chooses, the hint and the nudge answer, from views and
# decisions read as JSON.
from ai import get_player, player_names
from ai.civio.hint import hint
from ai.civio.nudge import nudge
from cards.games.civio.actions import Decision
from cards.deck import standard_deck
from cards.games.civio.view import PlayerView

deck = standard_deck()
played = 0
for view_json, decision_json in json.loads(open(sys.argv[1]).read()):
    view = PlayerView.model_validate(view_json)
    decision = Decision.from_json(decision_json)
    for level in player_names():
        assert get_player(level).choose(view, decision, random.Random(1)) in decision.options
    if len(decision.options) > 1:
        hint(view, decision, deck=deck)
        nudge(view, decision, deck=deck)
    played += 1
print(json.dumps({"modules": names, "pulled_at_import": pulled, "played": played,
                  "round_at_run_time": "cards.games.civio.round" in sys.modules}))
"""


def test_no_ai_module_but_the_instruments_uses_the_round_engine(tmp_path: Path) -> None:
    """Import time and run time: every offered level, the hint and the nudge, for decisions of
    every kind seen in a seeded round, work from the view and decision alone."""
    deck = standard_deck()
    rnd = Round(RuleSet.named("booklet"), 3, 0, 5, deck)
    rng = random.Random(5)
    asked: list[tuple[object, object]] = []
    kinds: dict[str, int] = {}
    while not rnd.is_over:
        decision = rnd.decision
        assert decision is not None
        if kinds.get(decision.kind, 0) < 2:
            kinds[decision.kind] = kinds.get(decision.kind, 0) + 1
            asked.append((rnd.view(decision.seat).model_dump(mode="json"), decision.to_json()))
        rnd.apply(rng.choice(decision.options))
    assert {"face_up", "draw", "discard"} <= set(kinds)
    path = tmp_path / "asked.json"
    path.write_text(json.dumps(asked))
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert {"ai.civio.hard", "ai.civio.hint", "ai.civio.medium", "ai.civio.cheater"} <= set(
        report["modules"]
    )
    assert set(report["pulled_at_import"]) <= INSTRUMENTS, report["pulled_at_import"]
    assert report["played"] == len(asked) and not report["round_at_run_time"]


def test_only_the_instruments_are_handed_the_round() -> None:
    every = player_names(include_unoffered=True)
    instruments = {name for name in every if isinstance(get_player(name), Instrument)}
    assert instruments == {"cheater", "cheater-hands"}
    assert not instruments & set(player_names())

    class Curious:
        """An opponent that asks for the round without being an Instrument."""

        name = "curious"
        seen: Round | None = None

        def attach_round(self, rnd: Round, seat: int) -> None:
            self.seen = rnd

        def choose(self, *args: object) -> object:
            raise NotImplementedError

    rnd = Round(RuleSet.named("booklet"), 2, 0, 1, standard_deck())
    curious = Curious()
    attach_round(curious, rnd, 0)  # type: ignore[arg-type]
    assert curious.seen is None
    cheater = get_player("cheater")
    attach_round(cheater, rnd, 1)
    assert getattr(cheater, "_round", None) is rnd


def test_an_instrument_cannot_be_offered() -> None:
    with pytest.raises(ValueError, match="measuring instrument"):
        register("cheater-offered", type(get_player("cheater")), offered=True)
    assert "cheater-offered" not in player_names(include_unoffered=True)


def test_levels_are_offered_weakest_first_whatever_their_import_order() -> None:
    from civio_tui.campaigns.stats import level_order

    # easy's module imports medium's, so medium registers first; the order is by strength.
    assert player_names() == ["random", "easy", "medium", "hard"]
    # Statistics group a campaign by its strongest opponent.
    assert max(["medium", "easy"], key=level_order) == "medium"
    assert max(["easy", "random"], key=level_order) == "easy"
