"""Playing through the UI alone: open a game from its URL, click legal spots and buttons until it ends."""

from __future__ import annotations

import json
import random
from urllib.parse import urlencode

from playwright.sync_api import Error as PlaywrightError

from game.bots import new_bot
from game.match import Match
from game.web.games import presenter_for
from game.web.render import targets_by_place
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


# The app draws what waited for the frame showing a move, and saves the game, once that frame is painted (with
# static/js/redraw.js's later()), and the engine answers each message in its own time: game/web/page/engine.py's
# promise.
SETTLED = "faceDownSettled()"
# The engine has answered every message the page sent it, such as the last click (game/web/page/engine.py).
ANSWERED = "faceDownAnswered()"
A_SECOND_GOES_BY = "new Promise((done) => setTimeout(() => done(false), 1000))"


def settle(page, attempts: int = 30) -> None:
    """Wait until the page (or frame) has drawn and saved all of its last move.

    An iframe out of sight paints no frames, and a frame above it that grows can push it out of sight at
    any time (an embed sizes itself to its table): so a frame is scrolled into view before each wait of up to
    a second, until one sees the page settled.
    """
    for _ in range(attempts):
        if hasattr(page, "frame_element"):
            page.frame_element().scroll_into_view_if_needed()
        if page.evaluate(f"() => Promise.race([{SETTLED}.then(() => true), {A_SECOND_GOES_BY}])"):
            return
    raise AssertionError(f"the page painted no frame in {attempts} s")


def quiet_read(page, script: str, arg=None, attempts: int = 20):
    """What ``script`` reads from the page once it keeps still: two reads, a settled page apart, that agree.

    A bot moves in its own time: a read between a move's first frame and the rest of it (what waits a frame, the
    cards fitted to it, the save Python writes once it is painted) sees the table in passing.
    """
    settle(page)
    last = page.evaluate(script, arg)
    for _ in range(attempts):
        settle(page)
        read = page.evaluate(script, arg)
        if read == last:
            return read
        last = read
    raise AssertionError(f"the page changed between every two reads ({attempts} tries)")


def answered(page) -> None:
    """Wait until the page's Python has answered what the page sent it (a click reaches it as a message)."""
    page.evaluate(ANSWERED)


def open_game(page, site_url: str, timeout: float = 60_000, **params) -> None:
    """Load the app with these URL parameters and wait until it is interactive.

    A game the link names opens with the first seat (a person's) to play, unless ``first_player`` is given.
    """
    defaults = {"speed": "instant", **({"first_player": "first seat"} if "game" in params else {})}
    query = urlencode({**defaults, **params})
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
        answered(page)
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
    answered(page)
    return True


# Where the page keeps its game: the `save` slot its URL names (an embed's always does), else "main".
SAVE_OF_THIS_PAGE = "`face-down/${new URLSearchParams(location.search).get('save') || 'main'}/game`"


def play_well_to_end(page, max_moves: int = 500) -> int:
    """Play the seat on screen as a Perfect bot would until the result shows; returns the number of moves made.

    The bot reads the seat's view and events from the page's save (the app's own bots answer in between),
    so a game ends in a few dozen moves rather than the hundreds random clicks take. Works in a frame too.
    """
    moves = 0
    while not page.locator(OVER).count():
        assert moves < max_moves, "the game did not end"
        settle(page)  # a frame is brought into view: out of sight, the app's bots wait for a painted frame
        page.wait_for_function(
            f"document.querySelector({CHOICES!r}) || document.querySelector({OVER!r})"
            " || !document.querySelector('#curtain').hidden",
            timeout=20_000,
        )
        if page.locator(OVER).count():
            break
        if page.locator("#curtain:not([hidden])").count():
            page.locator("#curtain button").click()
            answered(page)
            continue
        moment = page.locator('#table [data-command="done-looking"]')  # a held peek, or a round's end
        if moment.count():
            moment.click()
            continue
        settle(page)
        table = Table.from_json(page.evaluate(f"localStorage.getItem({SAVE_OF_THIS_PAGE})"))
        legal, seat = table.legal_actions(), table.viewer
        bot = new_bot(table.config.game, "perfect", seed=seat)
        action = bot.choose(table.match.view(seat), table.match.events(seat)) if legal else None
        if action is None:
            continue  # a bot moves first, or the seat may only snap and would rather not
        click_action(page, presenter_for(table.config.game), legal, legal.index(action))
        moves += 1
    page.locator(".result").wait_for()
    return moves


def click_action(page, presenter, legal: list[dict], index: int) -> None:
    """Play ``legal[index]`` through the table: its spot (and the spot's menu, if it offers several), or its button."""
    place = presenter.place_of(legal[index])
    if place is None:
        page.click(f'#table [data-action="{index}"]')
        return
    page.click(f'#table [data-pos="{place}"]')
    if len(targets_by_place(presenter, legal)[0][place]) > 1:
        page.click(f'#table .menu [data-action="{index}"]')


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
