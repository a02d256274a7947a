"""`LiveTable`: one process's copy of a table holds exactly the actions the table's log holds,
also when an append fails after the match took the action."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import StoreUnavailable, TableStore, Tx


def test_an_action_whose_commit_fails_is_not_kept_in_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TableStore.in_root(tmp_path) as store, TableStore.in_root(tmp_path) as elsewhere:
        code = ops.open_table(store, "Ana", "concentration", 2, now=0, seed=2).code
        ops.join(store, code, "Ben", now=0)
        ops.start(store, code, "Ana", now=0)
        ana = LiveTable(store, code)
        pending = ana.match.pending
        assert pending is not None
        write = store.write

        @contextmanager
        def commit_fails(**kwargs: Any) -> Iterator[Tx]:
            with write(**kwargs) as tx:
                yield tx
                raise StoreUnavailable("the table file cannot be used: disk I/O error")

        monkeypatch.setattr(store, "write", commit_fails)
        with pytest.raises(StoreUnavailable, match="disk I/O error"):
            ana.submit(pending.options[0], name="Ana", now=1)
        monkeypatch.undo()
        assert ops.read_table(store, code).log_length == ana.log_length == 0
        # Ana turns another card from her other tab; this one takes it in.
        other = LiveTable(elsewhere, code)
        assert other.submit(pending.options[1], name="Ana", now=2).applied
        assert ana.refresh()
        assert ana.log_length == 1
        assert ana.match.engines[-1].events == other.match.engines[-1].events
        assert ana.match.pending == other.match.pending
