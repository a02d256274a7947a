"""The address `civio serve` gives the class: one a browser on another computer can open."""

from __future__ import annotations

from civio_tui.serve.server import ClassroomServer


def test_a_server_on_every_address_names_one_a_browser_can_open() -> None:
    for host in ("0.0.0.0", "::"):
        server = ClassroomServer(environment={}, host=host, port=8123, tab_start="new")
        url = server.url()
        assert url.startswith("http://") and url.endswith(":8123/")
        assert "0.0.0.0" not in url and "[::]" not in url
    assert ClassroomServer(environment={}, port=8123, tab_start="new").url() == (
        "http://127.0.0.1:8123/"
    )
