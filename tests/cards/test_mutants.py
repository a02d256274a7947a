"""The mutation run over the rules engines (tests/cards/mutants.py): its mutants are real Python
and include the changes the tests once let through; the whole run (slow) kills nearly all."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.cards.mutants import ROOT, TARGETS, Target, mutants_of

# Changes that once survived the default tests, each as (target, line text, old, new).
ONCE_SURVIVED = [
    ("solitaire", "if best is None:", "is", "is not"),
    ("round_phases", "rnd.source = DISCARD_PILE", "rnd.source = DISCARD_PILE", "pass"),
    ("round_phases", "outcome = ((c,), (1 << s) | (1 << t), t, False)", "<<", ">>"),
    ("round_phases", "c = th[(slot ^ rnd.rng.getrandbits(1)) % len(th)]", "%", "//"),
    ("precedent", "cases = 0", "0", "1"),
]


def _target(name: str) -> Target:
    return next(t for t in TARGETS if t.name == name)


@pytest.mark.parametrize(("name", "text", "old", "new"), ONCE_SURVIVED)
def test_the_run_makes_the_mutants_that_once_survived(
    name: str, text: str, old: str, new: str
) -> None:
    target = _target(name)
    assert any(m.old == old and m.new == new and text in m.context for m in mutants_of(target))


@pytest.mark.slow
def test_every_mutant_is_python_that_differs_from_the_module() -> None:
    # A mutant that does not compile would count as killed and flatter the score.
    for target in TARGETS:
        source = (ROOT / target.path).read_text(encoding="utf-8")
        mutants = mutants_of(target)
        assert len(mutants) > 5, target.name
        for mutant in mutants:
            changed = mutant.apply(source)
            assert changed != source
            compile(changed, mutant.describe(), "exec")


@pytest.mark.slow
def test_the_default_tests_kill_the_mutants_of_the_rules_engines() -> None:
    # In a process of its own: a test run forked from this one would keep the unmutated
    # modules this process has imported.
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests/cards/mutants.py"), "--json", "--jobs", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    survivors = "\n".join(report["survived"])
    for name, text, _, new in ONCE_SURVIVED:
        assert not any(text in s and new in s for s in report["survived"]), (name, survivors)
    # Some mutants change nothing a rule decides (cache sizes, a start value every entry of
    # which is overwritten), so the floor stays well below every mutant killed.
    assert report["score"] >= 0.6, survivors
