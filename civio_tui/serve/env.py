"""What `civio serve` tells each tab's process: the teacher's settings and the tab's client
travel in these environment variables (never on a command line), and the one message a tab
sends the server besides its screen."""

ROOT_ENV = "CIVIO_SERVE_ROOT"
RULES_ENV = "CIVIO_SERVE_RULES"
TARGET_ENV = "CIVIO_SERVE_TARGET"
ROUNDS_ENV = "CIVIO_SERVE_ROUNDS"
CARDS_ENV = "CIVIO_SERVE_CARDS"
CLIENT_ENV = "CIVIO_SERVE_CLIENT"
"""The address the tab connects from: wrong PINs are limited per client."""

SIGNED_IN_META = "civio-signed-in"
"""The meta message a tab sends once its player is in (with "player": their folder's name): the
game's limits apply from then, and the teacher's lock or remove can end that player's tab."""

FORK = "fork"
"""A tab's game is forked from a process that has the game loaded (`civio_tui/serve/forker.py`)."""
NEW = "new"
"""A tab's game is a new Python process (textual-serve's own way)."""
TAB_STARTS = (FORK, NEW)
