"""The cards one seat cannot locate, each given a place: what `Round.from_view` needs besides
the view itself to rebuild a whole round.

The engine never chooses these places (it knows nothing of sampling or of players): a caller
gives them, e.g. `ai.civio.determinise.sample_world(view, deck, rng)`, which deals them at random,
or a test that wants one exact world.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UnseenCards:
    """One placing of the cards a view does not show.

    `hidden[s]`: the hidden cards of seat `s` that the viewer does not know (empty for the
    viewer itself), added after the ones it knows; `supply`: the whole supply, top last;
    `face_up_choices[s]`: during the opening, the 5 cards an opponent that has already chosen
    lays face up (None otherwise, and always None for the viewer, whose choice the view shows);
    `seed`: the rebuilt round's own RNG seed (its later reshuffles and blind confiscations).
    """

    hidden: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    face_up_choices: tuple[tuple[int, ...] | None, ...]
    seed: int
