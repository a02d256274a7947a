"""The rules of CIVIO in our own words, with worked examples (docs/RULES.md is the reference)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Markdown

from cards.deck import Deck
from cards.models import Effect
from civio_tui.screens.base import CivioScreen
from civio_tui.widgets.footer import KeysFooter
from civio_tui.widgets.scroll import KeyScroll

RULES_MARKDOWN = """\
# How to play CIVIO

**New here?** *Learn to play* on the main menu teaches all of this by doing, in eight short
lessons. Words you do not know are explained at the end of this page.

You start as an **Intern** at a civil-rights law firm. Each round you hold seven cards: Supreme
Court cases, laws, amendments, freedoms and issues. Link all seven into **precedents** before your
opponents do, call **CIVIO!**, and climb the ranks towards **Chief Justice of the Supreme Court**.

A **precedent** is a row of cards in which each card is linked to the one before it, the way a
court builds on (or turns against) an earlier decision. You go out with two rows (3 cards and 4
cards) or one row of all seven.

## The cards

- `[C]` **Case**: a Supreme Court decision with its year and issues, a **plus** column (earlier
  cards it strengthened), a **minus** column (earlier cards it weakened), and the amendments it
  strengthens.
- `[L]` **Law**: a law with a year and issues, and one **attack** (Lose Turn, or Confiscate and
  Arrest) or one **overrule**.
- `[A]` **Amendment**: a constitutional amendment; it closes a precedent.
- `[F]` **Freedom**: Religion, Privacy, Press, Expression, Association, Fair Procedures, Equality.
- `[I]` **Issue**: a battleground such as Race, School or Elections.
- `[R]` **Civil Rights Act of 1964**: play it as a Law (it overrules Lose Turn) **or** as the
  Freedom Equality.
- `[W]` **Marbury v Madison**: wild; it fits anywhere and changes nothing around it.

A card ending in **+1** is a point card (the booklet marks it with a star).

## A round, step by step

1. Everyone is dealt 7 cards; one card starts the **discard pile**, the rest is the **supply**.
2. You choose **5 cards to lay face up** and keep **2 hidden**. Everyone chooses at once, so
   nobody copies anybody.
3. On your turn, **draw** the top card of the supply or of the discard pile.
4. **Keep or discard** it. If you keep it, discard another card instead. A card you just took
   from the discard pile cannot go straight back (that would be a pass).
5. A kept card joins your hidden cards. If you now hold **3 hidden**, turn one face up: every
   turn ends with 5 face up and 2 hidden.
6. If all seven cards now form precedents, you may **call CIVIO** and win the round. The game
   offers the call; it never makes it for you.

When the supply runs out, the discard pile (all but its top card) is shuffled into a new supply.
After a long round with no winner (300 turns by default) the round ends and everyone scores as a
non-winner.

## Building a precedent

A precedent is a row of cards read left to right; each card must be allowed to follow the one
before it. Marbury v Madison is invisible to this check: skip it when looking at "the card before".

- **Issue**: only as the first card. The next card must be a Case or Law that lists that issue.
- **Case**: may start a precedent, or follow an Issue it lists, or follow another Case when
  *either of the two* lists the other in its plus or minus column, or follow a Law that the Case
  lists.
- **Law**: may start, or follow an Issue it lists, or follow a Case that shares an issue with it
  when the Law is the same year or later.
- **Freedom**: only right after a Case whose **plus** column names it. One Freedom per precedent,
  and after it only Amendments may follow.
- **Amendment**: only in the closing run at the end, and only if some Case in the same precedent
  strengthens that amendment.
- Every precedent needs at least one Case or Law.

### Worked examples

- **Valid, 3 cards:** `[C] Brown v Board of Education` → `[C] Lemon v Kurtzman` →
  `[C] Zelman v Simmons-Harris`. Lemon lists Brown; Zelman lists Lemon.
- **Valid, with a Law:** `[L] Jim Crow Laws` → `[C] Plessy v Ferguson` →
  `[R] Civil Rights Act of 1964`. Plessy lists Jim Crow Laws, so it may follow the Law; the Civil
  Rights Act, played as a Law of 1964, shares the issue Race with Plessy and is later.
- **Valid, with an amendment:** `[C] Katz v US` → `[C] California v Greenwood` →
  `[A] 4th Amendment`. Katz strengthens the 4th, so the 4th may close the precedent.
- **Invalid:** `[C] Engel v Vitale` → `[C] Korematsu v US`. Neither case lists the other, so the
  table tells you: *"Korematsu v US cannot follow Engel v Vitale: neither case lists the other"*.

At the table, the pane **Your cards** shows each precedent you build, whether it is valid, and
if not, exactly why.

## Going out: CIVIO!

You win the round when all seven cards form **a 3-card and a 4-card precedent**, or **one
7-card precedent** (a *Thurgood Flush*).

## Attacks and overrules

Discard a Law with an **attack** and it strikes an opponent of your choice (under the summary's
house rules you may also decline).

- The target may **reveal** a Law from their cards that overrules that attack. The card stays in
  their hand, now known to all, and the attack is over. The Laws that overrule:
{overrules}
- **Lose Turn**: the target skips their next turn (two Lose Turns skip two turns).
- **Confiscate and Arrest**: the attacker takes one of the target's face-up cards, or one of the
  hidden ones blind. The target draws a replacement from the supply; the attacker then discards a
  card (this discard attacks nobody).

## Scoring

Point cards: each Amendment, each Freedom, the Civil Rights Act, and each Case that strengthens
an amendment is worth **1**. Issues, Laws, Marbury and Cases that strengthen no amendment are
worth 0.

- **The winner** scores the points in their precedents **+ 2** for going out.
- **A Thurgood Flush** triples the winner's whole score: (points + 2) × 3. (Summary house rule:
  points × 3 + 2.)
- **Everyone else** scores the points in their best 3- or 4-card precedents; other cards score
  nothing. The game works this out for you.

### Worked scores

- A 3-card and a 4-card precedent, each with one Amendment, one Freedom and one
  amendment-strengthening Case: 3 + 3 + 2 = **8**.
- The booklet's flush: `[I] School` → `[C] Board of Education v Barnette` → `[C] Tinker` →
  `[C] Board of Education v Pico` → `[F] Expression` → `[A] 1st` → `[A] 14th`: six point cards,
  so (6 + 2) × 3 = **24**.
- A flush of 3 Amendments, 1 Freedom and 3 strengthening Cases: (7 + 2) × 3 = **27** under the
  booklet, 7 × 3 + 2 = **23** under the summary.

## Ranks

Points add up across rounds:

| rank | points |
|---|---|
| Intern | 0-5 |
| Law Clerk | 6-10 |
| Lawyer (2nd chair) | 11-20 |
| Lawyer (1st chair) | 21-30 |
| Judge | 31-40 |
| Appellate Court Judge | 41-60 |
| Associate Justice of the Supreme Court | 61-80 |
| Chief Justice of the Supreme Court | 81+ |

The game ends when someone reaches the target rank chosen at the start (Chief Justice unless
you choose otherwise). Most points wins; a tie shares the title.

## Rule readings

**Booklet** (the default) follows the publisher's booklet. **Summary** follows a widely shared
summary in two places: attacks may be declined, and a flush scores points × 3 + 2.

## Words you will meet

- **v** (in "Brown v Board"): *versus*, the two sides of a court case.
- **Precedent**: in law, an earlier decision that later courts follow. In the game, a row of
  cards, each linked to the one before it.
- **Issue**: a question people fight over in court, such as Race or School.
- **Amendment**: a change added to the Constitution. The first ten are the Bill of Rights.
- **Plus column / strengthened**: the earlier cards a Case built on or agreed with.
- **Minus column / weakened**: the earlier cards a Case limited or overturned.
- **Strengthens an amendment**: the Court's decision gave that amendment more force. Such a
  Case is a point card; a Case that strengthens none (a *diminishing* case) scores 0.
- **Supply**: the face-down pile you draw from. **Discard pile**: the face-up pile beside it.
- **Attack**: a Law you discard that hurts one opponent. **Overrule**: showing a Law that cancels
  an attack on you. **Confiscate and Arrest**: the attacker takes one of your cards.
- **Wild card**: Marbury v Madison, which fits anywhere.
- **Thurgood Flush**: all seven cards in one precedent, named after Thurgood Marshall, the lawyer
  who won Brown v Board and became the first Black Justice of the Supreme Court.
- **Lawyer (2nd chair)**: the lawyer who assists at a trial; **1st chair** leads the case.
  **Appellate Court**: a court that hears appeals against lower courts' decisions.
- **Par** (Solitaire): the best score that was possible on the deal, as in golf.
"""


OVERRULES_PLACE = "{overrules}"
"""Where the deck's overrules are listed in RULES_MARKDOWN (`rules_markdown`)."""


def overrule_lines(deck: Deck) -> list[str]:
    """Every card of `deck` that overrules an attack, with the attacks it stops, as the
    sub-items of a Markdown list (a custom pack lists its own)."""
    lines = []
    for card in deck.cards:
        action = card.action
        if action is None or action.kind != "overrule":
            continue
        what = action.what
        stops = f"both attacks ({what.label})" if what is Effect.BOTH else what.label
        lines.append(f"  - **{card.name}** overrules {stops}.")
    return lines or ["  - (no card of this deck overrules an attack)"]


def rules_markdown(deck: Deck) -> str:
    """The rules as the screen shows them, with `deck`'s overrules listed."""
    return RULES_MARKDOWN.replace(OVERRULES_PLACE, "\n".join(overrule_lines(deck)))


class RulesScreen(CivioScreen[None]):
    """The rules, scrollable with arrows, j/k, Page Up/Down."""

    CSS_PATH = "rules.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "back", "Back", show=False, id="rules.close")
    ]

    def compose(self) -> ComposeResult:
        with KeyScroll(id="rules-scroll", classes="pane"):
            yield Markdown(rules_markdown(self.app.deck), id="rules-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        scroll = self.query_one(KeyScroll)
        scroll.border_title = "Rules"
        # Eight screens of text: say how to read on (a new player saw only the first).
        scroll.border_subtitle = "↑↓ PgUp PgDn to read on · End: words explained · Esc back"
        scroll.focus()
