"""Playing through the UI alone: open a game from its URL, click legal spots and buttons until it ends."""

from __future__ import annotations

import json
import random
from urllib.parse import urlencode

from playwright.sync_api import Error as PlaywrightError

from game.match import Match
from game.web.table import Table
from tests.support import random_step

SAVE = "face-down/main/game"  # where the app keeps the game on screen (localStorage)
READY = "html[data-ready='true']"
OVER = "html[data-over='true']"
# Things a player can press to move the game on: legal spots, action buttons, and a spot's menu. A busy table
# (aria-busy) is being redrawn: a room's move is on its way to the host, or the marks of spots that stopped
# being choices are drawn a frame after the move (render.changes_that_can_wait), so none of it counts yet.
LEGAL = "#table:not([aria-busy]) [data-legal]"
CHOICES = f"{LEGAL}, #table:not([aria-busy]) [data-action]"
# From now on, count in window.flipsIn the spots drawn on the table (anew, or with new classes) that flip in.
COUNT_FLIPS_IN = """() => {
  window.flipsIn = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      const nodes = record.type === "attributes" ? [record.target] : [...record.addedNodes];
      window.flipsIn += nodes.filter((node) => node.classList?.contains("fd-flip-in")).length;
    }
  }).observe(document.getElementById("table"), { subtree: true, childList: true, attributeFilter: ["class"] });
}"""


# The app draws what waited for the frame showing a move, and saves the game, once that frame is painted
# (App.refresh, with static/js/redraw.js's later()): a promise of a later() asked for after the app's own.
SETTLED = "new Promise((done) => faceDownRedraw.later(done, 0, true))"


def settle(page) -> None:
    """Wait until the page (or frame) has drawn and saved all of its last move."""
    page.evaluate(f"() => {SETTLED}")


def open_game(page, site_url: str, timeout: float = 60_000, **params) -> None:
    """Load the app with these URL parameters and wait until it is interactive."""
    query = urlencode({"speed": "instant", **params})
    page.goto(f"{site_url}?{query}")
    page.wait_for_selector(READY, state="attached", timeout=timeout)


def open_saved(page, site_url: str, table: Table, **params) -> None:
    """Open the app on ``table``, as if it had been saved there; ``params`` are page settings (speed, look...).

    The page must be at the site's origin already (the ``page`` and ``phone`` fixtures start there).
    """
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [SAVE, table.to_json()])
    open_game(page, site_url, **params)
    assert "restored" in page.locator("#log").inner_text(), "the app did not resume the save"


def saved_table(page) -> Table:
    """The table the page saved after its last move (once that move is drawn and saved)."""
    settle(page)
    return Table.from_json(page.evaluate(f"localStorage.getItem({SAVE!r})"))


def near_the_end(table: Table, moves_left: int, seed: int = 0) -> Table:
    """A copy of ``table`` played on by random legal moves until ``moves_left`` moves before one random ending.

    Browser tests start here rather than playing whole games by clicks: the pure suites prove the rules.
    """
    match, rng = table.match.copy(), random.Random(seed)
    while match.result() is None:
        match.act(*random_step(match, rng))
    data = json.loads(match.to_json())
    data["history"] = data["history"][: max(0, len(data["history"]) - moves_left)]
    return Table(table.config, table.seed, match=Match.from_json(json.dumps(data)), viewer=table.viewer)


def step(page, rng: random.Random) -> bool:
    """Make one move the way a player would (lift a curtain, or press a random choice); False if none."""
    curtain = page.locator("#curtain:not([hidden]) button")
    if curtain.count():
        curtain.click()
        return True
    # Picked in the page, in one call: counting the choices first and clicking the n-th after would race a
    # bot's move (a Cambio snap) that changes them in between.
    picked = page.evaluate_handle(
        "([selector, pick]) => { const nodes = document.querySelectorAll(selector);"
        " return nodes.length ? nodes[Math.floor(pick * nodes.length)] : null; }",
        [CHOICES, rng.random()],
    ).as_element()
    if picked is None:
        return False
    try:
        picked.click(timeout=5_000)
    except PlaywrightError:
        # A bot's move may have changed that spot first: redrawn it, or made it no choice (disabled, which
        # Playwright waits on). Then what to press is picked again on the next step; otherwise it is a fault.
        if picked.evaluate("(node, selector) => node.isConnected && node.matches(selector)", CHOICES):
            raise
    return True


def play_to_end(page, seed: int = 0, max_moves: int = 3000) -> int:
    """Play random legal moves until the result screen shows; returns the number of moves made."""
    rng = random.Random(seed)
    moves = 0
    while not page.locator(OVER).count():
        assert moves < max_moves, "the game did not end"
        if step(page, rng):
            moves += 1
        else:
            # Bots are moving (or a look is up): wait for something to press or for the end.
            page.wait_for_function(
                f"document.querySelector({CHOICES!r}) || document.querySelector({OVER!r})"
                " || !document.querySelector('#curtain').hidden",
                timeout=20_000,
            )
    page.locator(".result").wait_for()
    return moves
