"""`civio serve` in a real browser: Debian's Chromium, headless, driven by Playwright.

A player types their name and chooses a PIN, starts a game (New game, then Enter), plays the
opening, reloads the page, signs in again with the PIN, presses Continue and finds the same
table. The screen is read by
replaying the bytes the page's terminal received into a terminal emulator (pyte): xterm.js
draws on a canvas, so the page itself has no text to read. A screenshot of the table is kept
in `test-artifacts/` (CIVIO_ARTIFACTS overrides the folder).

Marked `browser`: run with `pytest -m browser`. Without Chromium it is skipped; install it
with `apt-get install -y chromium` (as root, after `apt-get update`).
"""

from __future__ import annotations

import base64
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from civio_tui.serve.probe import ServedProcess

pytestmark = pytest.mark.browser

ARTIFACTS = Path(os.environ.get("CIVIO_ARTIFACTS") or Path(__file__).parents[2] / "test-artifacts")

# Keep every byte the page's terminal receives, and the size it asks for.
CAPTURE = """
(() => {
  window.__civio = {bytes: [], width: 0, height: 0};
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = new Native(url, protocols);
    const query = new URL(url).searchParams;
    window.__civio.width = +query.get("width");
    window.__civio.height = +query.get("height");
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      if (typeof data === "string" && data.startsWith('["resize"')) {
        const size = JSON.parse(data)[1];
        window.__civio.width = size.width;
        window.__civio.height = size.height;
      }
      return send(data);
    };
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        window.__civio.bytes.push(...new Uint8Array(event.data));
      }
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
})();
"""


# The bytes received since `n`, as base64 (one string: an array of numbers crosses Playwright's
# protocol element by element, seconds for a few hundred kilobytes of a long game).
NEW_BYTES = """
(n) => {
  const bytes = window.__civio.bytes.slice(n);
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode.apply(null, bytes.slice(i, i + 8192));
  }
  return {bytes: btoa(text), count: bytes.length, width: window.__civio.width,
          height: window.__civio.height};
}
"""


class PageScreen:
    """The page's terminal screen as text, replayed into pyte from what the page received
    (only the new bytes each time; `reset` after a reload, which starts a new terminal)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.reset()

    def reset(self) -> None:
        self.offset = 0
        self.screen: Any = None
        self.stream: Any = None

    def text(self) -> str:
        import pyte

        captured = self.page.evaluate(NEW_BYTES, self.offset)
        size = (max(captured["width"], 80), max(captured["height"], 24))
        if self.screen is None:
            self.screen = pyte.Screen(*size)
            self.stream = pyte.ByteStream(self.screen)
        elif (self.screen.columns, self.screen.lines) != size:
            self.screen.resize(size[1], size[0])
        self.stream.feed(base64.b64decode(captured["bytes"]))
        self.offset += captured["count"]
        return "\n".join(self.screen.display)

    def wait_for(self, words: str, timeout: float = 40.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if words in text:
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{words!r} never appeared; the screen shows:\n{text}")
            self.page.wait_for_timeout(150)


def hand_names(folder: Path) -> list[str]:
    """The player's seven cards in the saved round, by name (from the save, not the screen)."""
    from cards.deck import standard_deck
    from civio_tui.campaigns import open_campaign

    deck = standard_deck()
    session = open_campaign("Game 1", save_dir=folder, deck=deck)
    return [deck[card].name for card in session.round.view(session.human_seat or 0).hand]


def shown(name: str, text: str) -> bool:
    """A card's name is on screen (a narrow pane may cut it short with …)."""
    flat = re.sub(r"\s+", " ", text)
    return name in flat or name[:14] in flat


def menu_key(text: str, label: str) -> str:
    """The digit of a main-menu entry as drawn (the order depends on the player's progress)."""
    return re.findall(rf"(\d)  {re.escape(label)}", text)[-1]


def sign_in(screen: PageScreen, name: str, pin: str, again: str = "") -> None:
    """Name, Enter, PIN (and the PIN again on a first visit), Enter; then the menu."""
    screen.wait_for("Who is playing")
    keyboard = screen.page.keyboard
    screen.page.mouse.click(400, 300)  # give the terminal the keyboard
    keyboard.type(name)
    keyboard.press("Enter")
    screen.wait_for("Now your PIN")
    keyboard.type(pin)
    if again:
        keyboard.press("Tab")
        screen.wait_for("Type the same PIN again")  # the second box has the keys now
        keyboard.type(again)
    keyboard.press("Enter")
    screen.wait_for("New game")


def test_a_player_plays_reloads_and_continues_the_same_table(tmp_path: Path, browser: Any) -> None:
    root = tmp_path / "class"
    requests: list[str] = []
    with ServedProcess(root) as server:
        page = browser.new_page(viewport={"width": 1200, "height": 760})
        page.on("request", lambda request: requests.append(request.url))
        page.add_init_script(CAPTURE)
        page.goto(server.url)
        screen = PageScreen(page)
        sign_in(screen, "Ana", "4821", "4821")  # a first visit: the PIN chosen, typed twice
        page.keyboard.press(menu_key(screen.text(), "New game"))  # New game, then
        screen.wait_for("Start game")
        page.keyboard.press("Enter")  # Enter starts it
        screen.wait_for("Your move")
        for key in "128":  # the opening: keep cards 1 and 2 hidden, lay the rest face up
            page.keyboard.press(key)
            page.wait_for_timeout(300)
        screen.wait_for("Ana lays face up")  # the log says the opening was played
        hand = hand_names(root / "ana")
        before = screen.wait_for("Ana's cards")
        assert "Ana" in before
        assert sum(shown(card, before) for card in hand) >= 5, (hand, before)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "browser-table.png"))

        page.reload()  # the first tab's game ends (saved); a new one starts
        screen.reset()
        sign_in(screen, "ana", "4821")  # back again: name and PIN
        menu = screen.wait_for("Continue  (Game 1")
        page.keyboard.press(menu_key(menu, "Continue"))
        after = screen.wait_for("Ana's cards")
        page.screenshot(path=str(ARTIFACTS / "browser-table-continued.png"))
        assert hand_names(root / "ana") == hand
        assert sum(shown(card, after) for card in hand) >= 5, (hand, after)
        page.close()
    outside = [url for url in requests if not url.startswith(server.url)]
    assert outside == [], outside  # nothing from another host: no web font, nothing
