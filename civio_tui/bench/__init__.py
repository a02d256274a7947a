"""`civio bench` sections: each module here measures one part and returns top-level keys.

A section is a module `civio_tui/bench/<name>.py` defining

    def measure() -> dict[str, object]

which returns the keys it owns in the `civio bench --json` document (docs/ARCHITECTURE.md, "bench"),
measured with fixed seeds. Sections run in the order of SECTIONS; a section named there whose
module is missing fails the run (ModuleNotFoundError) rather than leaving its keys out.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

SECTIONS: tuple[str, ...] = (
    "go_out",
    "engine",
    "ai",
    "tui_start",
    "solitaire_par",
    "puzzle",
    "replay",
    "review",
)


def load_section(name: str) -> Callable[[], dict[str, Any]]:
    """The `measure` function of section `name`."""
    module = importlib.import_module(f"{__name__}.{name}")
    measure: Callable[[], dict[str, Any]] = module.measure
    return measure


def run_sections(names: Sequence[str] = SECTIONS) -> dict[str, Any]:
    """Every available section's figures, merged into one document."""
    document: dict[str, Any] = {}
    for name in names:
        document.update(load_section(name)())
    return document
