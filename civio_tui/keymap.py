"""Every key binding of the game, as data with a stable id.

A binding's id never changes, so a player can remap it in settings.json (`"keymap": {"table.hint":
"f2"}`) and the Help screen can list every key from this one table. Keys that repeat another
(hjkl beside the arrows) are `show=False` so the footer stays short.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.binding import Binding, BindingType


@dataclass(frozen=True)
class KeySpec:
    """One binding as data: where it works, what it does, which keys press it."""

    id: str
    key: str
    action: str
    description: str
    help: str
    show: bool = True
    priority: bool = False
    key_display: str | None = None

    def binding(self) -> Binding:
        # Textual is imported here, not above: the key names (`key_label`) are also read by
        # commands that show no screen (`civio class` counts the lessons, whose texts name keys).
        from textual.binding import Binding

        return Binding(
            self.key,
            self.action,
            self.description,
            show=self.show,
            priority=self.priority,
            key_display=self.key_display,
            id=self.id,
        )


# Where each group of keys works, in the order the Help screen shows them.
CONTEXTS: dict[str, str] = {
    "app": "Everywhere",
    "nav": "In any list",
    "menu": "Main menu",
    "table": "At the table",
    "hand": "In your cards",
    "browse": "Encyclopedia and card lists",
    "games": "Solitaire, Puzzles and Concentration",
    "easy": "In Easy Play",
    "lesson": "In a lesson",
    "look": "Replays and statistics",
}

KEYS: tuple[KeySpec, ...] = (
    # Everywhere.
    KeySpec(
        "app.help", "question_mark,f1", "help", "Help", "Open the help: every key", key_display="?"
    ),
    KeySpec("app.rules", "f2", "rules", "Rules", "Open the rules", show=False),
    # Priority: an App binding is otherwise dead under a dialog (a ModalScreen), and the pass
    # screen and every "are you sure?" are dialogs.
    KeySpec(
        "app.quit",
        "ctrl+q",
        "quit_game",
        "Quit",
        "Quit the game (asks first mid-game; twice quits)",
        priority=True,
    ),
    KeySpec("app.back", "escape", "back", "Back", "Close this screen or go back"),
    # Any list: arrows and vi keys move, Enter and Space act.
    KeySpec("nav.up", "up,k", "cursor_up", "Up", "Move up", show=False),
    KeySpec("nav.down", "down,j", "cursor_down", "Down", "Move down", show=False),
    KeySpec("nav.left", "left,h", "cursor_left", "Left", "Move left", show=False),
    KeySpec("nav.right", "right,l", "cursor_right", "Right", "Move right", show=False),
    KeySpec("nav.act", "enter,space", "select", "Choose", "Choose or act on the highlighted item"),
    KeySpec("nav.first", "home,g", "first", "First", "Jump to the first item", show=False),
    KeySpec("nav.last", "end,G", "last", "Last", "Jump to the last item", show=False),
    KeySpec("nav.pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", show=False),
    KeySpec(
        "nav.pane_back",
        "shift+tab",
        "app.focus_previous",
        "Previous pane",
        "Move to the previous pane",
        show=False,
    ),
    # Main menu.
    KeySpec("menu.quit", "q", "quit_game", "Quit", "Quit from the main menu"),
    KeySpec("menu.tables", "t", "tables", "Tables", "Open Tables (where a class keeps tables)"),
    # The table.
    *(
        KeySpec(
            f"table.pick_{n}",
            str(n),
            f"pick({n})",
            f"Pick {n}",
            f"Pick option {n} of the question",
            show=False,
        )
        for n in range(1, 10)
    ),
    KeySpec(
        "table.hint",
        "H",
        "hint",
        "Hint",
        "A nudge: what to look at (shift+h); press again for the move and why",
        key_display="H",
    ),
    KeySpec("table.detail", "i", "detail", "Card", "Show the highlighted card in full"),
    KeySpec("table.pile", "p", "discard_pile", "Pile", "Browse the whole discard pile"),
    KeySpec(
        "table.explain",
        "e",
        "explain",
        "Links",
        "Explain the highlighted card: every card it may follow or precede, and why",
    ),
    KeySpec(
        "table.undo",
        "u",
        "take_back",
        "Undo",
        "Take back your last move (practice games only)",
    ),
    KeySpec("table.log", "L", "focus_log", "Log", "Jump to the log (shift+l)", show=False),
    KeySpec(
        "table.next_pane",
        "tab",
        "cycle_pane(1)",
        "Next pane",
        "Next pane: the question, your cards, the log, the opponents",
        show=False,
    ),
    KeySpec(
        "table.previous_pane",
        "shift+tab",
        "cycle_pane(-1)",
        "Previous pane",
        "Previous pane",
        show=False,
    ),
    KeySpec("table.menu", "escape", "leave_table", "Menu", "Back to the main menu (asks first)"),
    # Arranging your cards into precedents.
    KeySpec(
        "hand.group_left",
        "left,h",
        "move_group(-1)",
        "← group",
        "Move the highlighted card to the previous precedent",
        show=False,
    ),
    # The arrow is in the footer ("←→ Move"); the vi key is its own, hidden binding.
    KeySpec(
        "hand.group_right",
        "right",
        "move_group(1)",
        "Move",
        "Move the highlighted card to the next precedent",
        key_display="←→",
    ),
    KeySpec(
        "hand.group_right_vi",
        "l",
        "move_group(1)",
        "→ group",
        "Move the highlighted card to the next precedent",
        show=False,
    ),
    KeySpec(
        "hand.raise",
        "shift+up,K",
        "reorder(-1)",
        "Card up",
        "Move the highlighted card up within its precedent",
        show=False,
    ),
    KeySpec(
        "hand.lower",
        "shift+down,J",
        "reorder(1)",
        "Card down",
        "Move the highlighted card down within its precedent",
        show=False,
    ),
    KeySpec(
        "hand.arrange", "a", "arrange", "Arrange", "Arrange your cards in their best precedents"
    ),
    # Browsing cards.
    KeySpec("browse.search", "slash", "search", "Search", "Search cards by name", key_display="/"),
    KeySpec("browse.filter", "f", "filters", "Filter", "Focus the filters"),
    KeySpec(
        "browse.explain",
        "e",
        "explain",
        "Links",
        "Explain the card: every card it may follow or precede, and why",
    ),
    # The other games (civio_tui/screens/solitaire/, puzzles.py, concentration/).
    KeySpec("games.turn", "t", "turn", "Turn a card", "Solitaire: turn up the next card"),
    KeySpec(
        "games.first", "1", "put(1)", "Precedent 1", "Put the card in precedent 1 (or take it out)"
    ),
    KeySpec(
        "games.second", "2", "put(2)", "Precedent 2", "Put the card in precedent 2 (or take it out)"
    ),
    KeySpec("games.call", "c", "call", "Call CIVIO", "Solitaire: call CIVIO with your precedents"),
    KeySpec("games.end", "x", "end", "End", "Solitaire: turn the rest and end the game with 0"),
    KeySpec(
        "games.explain",
        "e",
        "explain",
        "Links",
        "Explain the highlighted card (Concentration: a card face up or captured): every card "
        "it may follow or precede, and why",
    ),
    KeySpec("games.new", "n", "new", "New", "Start a new deal, puzzle or game"),
    KeySpec("games.day", "d", "day", "Of the day", "The deal or puzzle of the day"),
    KeySpec("games.seed", "s", "seed", "Seed", "Play the deal or puzzle of a chosen seed"),
    KeySpec(
        "games.pairs",
        "p",
        "pairs",
        "Pairs",
        "Concentration: the pairs captured so far, what links each, and those still to find",
    ),
    # Easy Play (civio_tui/screens/easy_play/).
    KeySpec("easy.supply", "s", "draw('supply')", "Draw", "Easy Play: draw from the supply"),
    KeySpec(
        "easy.take",
        "d",
        "draw('discard')",
        "Take discard",
        "Easy Play: take the discard pile's top",
    ),
    KeySpec("easy.pair", "p", "pair", "Pair", "Easy Play: mark a card, then its partner, to lay"),
    KeySpec("easy.discard", "x", "discard", "Discard", "Easy Play: discard the highlighted card"),
    KeySpec("easy.civio", "c", "civio", "CIVIO!", "Easy Play: call CIVIO when your hand is empty"),
    KeySpec(
        "easy.leave",
        "escape",
        "back",
        "Leave (saved)",
        "Easy Play: leave the game; it is saved after every move, Continue picks it up",
    ),
    # Learn to play.
    KeySpec(
        "lesson.hint",
        "H",
        "hint",
        "Hint",
        "A hint; again for the move (each costs a star)",
        key_display="H",
    ),
    KeySpec(
        "lesson.take_back",
        "backspace,u",
        "take_back",
        "Take back",
        "Take back the last card you placed",
        key_display="⌫",
    ),
    KeySpec("lesson.leave", "escape", "back", "Leave", "Leave the lesson (your place is kept)"),
    # Replays and statistics (civio_tui/screens/replay.py, statistics.py).
    # The arrows are priority keys: the focused pane would otherwise claim them (to scroll
    # sideways) and the footer would not show them.
    KeySpec(
        "look.back",
        "left",
        "step(-1)",
        "Prev",
        "Replay: one event back",
        key_display="←",
        priority=True,
    ),
    KeySpec("look.back_vi", "h", "step(-1)", "Prev", "Replay: one event back", show=False),
    KeySpec(
        "look.next",
        "right",
        "step(1)",
        "Next",
        "Replay: one event on",
        key_display="→",
        priority=True,
    ),
    KeySpec("look.next_vi", "l", "step(1)", "Next", "Replay: one event on", show=False),
    # Home and End too: once the table text scrolls, the pane would take them to scroll.
    KeySpec(
        "look.start",
        "home",
        "jump(0)",
        "Deal",
        "Replay: back to the deal",
        show=False,
        priority=True,
    ),
    KeySpec(
        "look.end",
        "end",
        "jump(-1)",
        "End",
        "Replay: the end of the round",
        show=False,
        priority=True,
    ),
    # Not in the footer, which 80 columns fill: the replay's own key line names it.
    KeySpec(
        "look.turn",
        "t",
        "ask_turn",
        "Turn…",
        "Replay: go to a turn (its number, Enter)",
        show=False,
    ),
    KeySpec("look.open", "o", "open_hands", "Open hands", "Replay: every hand, or yours again"),
    KeySpec("look.review", "v", "review", "Review", "Replay: review your decisions"),
    KeySpec(
        "look.analyse",
        "a",
        "analyse",
        "Analyse",
        "Replay: play on from here against the computer (fair deal or open hands)",
    ),
    KeySpec(
        "look.biggest", "b", "biggest", "Biggest", "Replay: your costliest decision", show=False
    ),
    KeySpec(
        "look.campaign_back",
        "left",
        "campaign(-1)",
        "Campaign",
        "Statistics: the previous campaign's chart",
        key_display="←",
        priority=True,
    ),
    KeySpec(
        "look.campaign_back_vi",
        "h",
        "campaign(-1)",
        "Campaign",
        "Statistics: the previous campaign's chart",
        show=False,
    ),
    KeySpec(
        "look.campaign_next",
        "right",
        "campaign(1)",
        "Campaign",
        "Statistics: the next campaign's chart",
        key_display="→",
        priority=True,
    ),
    KeySpec(
        "look.campaign_next_vi",
        "l",
        "campaign(1)",
        "Campaign",
        "Statistics: the next campaign's chart",
        show=False,
    ),
    KeySpec("look.charts", "c", "charts", "Charts on/off", "Statistics: charts or numbers only"),
    KeySpec(
        "look.whose",
        "w",
        "whose",
        "Whose",
        "Replay and statistics: another player's (friends at one keyboard)",
    ),
    KeySpec(
        "look.export",
        "x",
        "export",
        "Export",
        "Campaigns: save the highlighted campaign's record as a Markdown file",
    ),
)

_BY_ID = {spec.id: spec for spec in KEYS}


def spec(binding_id: str) -> KeySpec:
    return _BY_ID[binding_id]


def bindings(*ids: str) -> list[BindingType]:
    """The Textual bindings for these ids, in this order."""
    return [_BY_ID[i].binding() for i in ids]


def key_label(binding_id: str, keymap: dict[str, str] | None = None) -> str:
    """The keys of a binding as a player reads them, after any remap: `? / f1`."""
    keys = (keymap or {}).get(binding_id, _BY_ID[binding_id].key)
    names = {
        "question_mark": "?",
        "slash": "/",
        "escape": "Esc",
        "enter": "Enter",
        "space": "Space",
        "tab": "Tab",
        "shift+tab": "Shift+Tab",
    }
    labels = [names.get(k.strip()) or _key_name(k.strip()) for k in keys.split(",")]
    if labels == [str(n) for n in range(1, 10)]:
        return "1-9"
    return " / ".join(labels)


def first_key_label(binding_id: str, keymap: dict[str, str] | None = None) -> str:
    """The first of a binding's keys as a player reads it, after any remap: `?` of `? / F1`."""
    return key_label(binding_id, keymap).split(" / ")[0]


def _key_name(key: str) -> str:
    """A Textual key name as keys are printed on keyboards: "F1", "Ctrl+Q", "Home". A single
    character stays as it is, since its case is the key (g and G differ)."""
    arrows = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
    if len(key) == 1 or key in arrows:
        return arrows.get(key, key)
    return "+".join(
        part.upper() if len(part) == 1 else part.capitalize() for part in key.split("+")
    )


def unknown_ids(keymap: dict[str, str]) -> list[str]:
    """Remapped ids that name no binding (a typo in settings.json)."""
    return sorted(set(keymap) - set(_BY_ID))
