"""A process that plays a table's computer seats one committed action at a time, printing the
log's length after each commit (the kill test's child: python table_driver_child.py ROOT CODE)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ai import get_player
from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import TableStore


def main(root: str, code: str) -> None:
    get_player("random")  # the AI loads before "ready", so the kill lands amid play
    live = LiveTable(TableStore.in_root(Path(root)), code)
    print("ready", live.log_length, flush=True)
    while live.table.state == ops.PLAYING:
        live.drive("kill-test-driver", now=time.time(), limit=1)
        print(live.log_length, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
