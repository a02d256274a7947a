"""`python -m civio_tui.serve`: one browser tab's game (what `civio serve` starts per tab)."""

import sys

from civio_tui.serve.child import main

sys.exit(main())
