"""Click-to-paint latency per game: from a click on a legal card to the frame that shows its effect.

The page is played through real mouse input (Playwright's ``page.mouse``, which Chromium receives as
input events), against instant bots, with private looks off so that every legal click changes the table
at once. bench/probe.js times each click in the page; the driver here only picks what to click, waits
for the sample to finish, and starts a new game when one is over. Clicks on the result screen's "Play
again" button move things on but are not counted.

The driver clicks the way a person does: on a page that has settled (a first visit's one-off Python
snapshot is made in a worker a few seconds after the page is playable: the clicks wait for it), and a
reaction time after the table last changed. Clicking within a frame of the bot's move, as a script can,
would time the browser still drawing that move and the wait for the display's next frame (about 10 ms
here), not the click. The same clicks on bench/bare-clicks.html, a page of plain buttons, give the floor.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from urllib.parse import urlencode

from game import GAMES
from tests.browser.driver import CHOICES, OVER

from .boot import SNAPSHOT_COMING, SNAPSHOT_SAVED, TIMEOUT_MS
from .browser import wait_ready

# One person against one Medium bot, so that bots move between the clicks, or alone in a game played alone.
SETTLE_MS = 5_000
BARE = "bench/bare-clicks.html"
# A person's reaction to what changed on screen takes 200 ms or more; the random part spreads the clicks
# over the display's frame.
REACTION_S = (0.2, 0.25)

# What to press next: a random legal choice (picked with the given fraction), the result screen's
# "Play again", or nothing yet (bots are still moving). Returns the spot's centre, scrolled into view.
NEXT = """([choices, over, pick]) => {
  const press = (node, kind) => {
    node.scrollIntoView({ block: "nearest" });
    const box = node.getBoundingClientRect();
    return { kind, x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };
  if (document.querySelector(over)) return press(document.querySelector('[data-command="again"]'), "again");
  const curtain = document.querySelector("#curtain:not([hidden]) button");
  if (curtain) return press(curtain, "curtain");
  const nodes = document.querySelectorAll(choices);
  return nodes.length ? press(nodes[Math.floor(pick * nodes.length)], "choice") : null;
}"""
# The last click's sample is complete, or it changed nothing within a second (a click that missed).
DONE = """() => {
  const last = window.__bench.clicks.at(-1);
  return !last || last.nextFrame !== null || (last.mutated === null && performance.now() - last.start > 1000);
}"""


# The longest of the page's main-thread tasks that started at or after its first paint (bench/probe.js).
LONGEST_TASK = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
  return Math.max(0, ...window.__bench.longTasks.filter(([start]) => start >= paint).map(([, took]) => took));
}"""


def game_url(site_url: str, game: str) -> str:
    """The link that starts ``game`` with instant bots and no private looks."""
    seats = {"players": "1", "bots": "0"} if 1 in GAMES[game].player_counts else {"players": "2", "bots": "1"}
    params = {"game": game, **seats, "level": "medium", "seed": "1", "speed": "instant", "look": "0"}
    return f"{site_url}?{urlencode(params)}"


def measure(context, page_url: str, clicks: int, label: str, seed: int = 0) -> tuple[list[dict], float]:
    """Make ``clicks`` counted clicks on the page at ``page_url``; return the probe's samples for them (ms,
    page clock), and the longest main-thread task from the page's first paint to the last click (ms; 0 if none
    was over 50 ms). ``label`` and ``seed`` pick the random choices."""
    rng = random.Random(f"bench/{label}/{seed}")
    page = context.new_page()
    try:
        page.goto(page_url)
        wait_ready(page, TIMEOUT_MS)
        if page.evaluate(SNAPSHOT_COMING):
            page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=TIMEOUT_MS)
        page.evaluate("selector => { window.__bench.measured = selector; }", CHOICES)
        made = 0
        while made < clicks:
            page.wait_for_function(NEXT, arg=[CHOICES, OVER, 0], timeout=SETTLE_MS * 4)  # the bots are done
            time.sleep(rng.uniform(*REACTION_S))
            spot = page.evaluate(NEXT, [CHOICES, OVER, rng.random()])  # what is there to press now
            if spot is None:
                continue
            page.mouse.click(spot["x"], spot["y"])
            made += spot["kind"] == "choice"
            page.wait_for_function(DONE, timeout=SETTLE_MS)
        samples = page.evaluate("window.__bench.clicks.filter((click) => click.counts)")
        longest = page.evaluate(LONGEST_TASK)
    finally:
        page.close()
    return samples, longest


def playable_games(root: Path) -> list[str]:
    """The games the web app under ``root`` can show (those with a presenter module), in registry order."""
    presenters = {path.stem for path in (root / "game" / "web" / "games").glob("*.py")}
    return [game for game in GAMES if game.replace("-", "_") in presenters]


def latencies(samples: list[dict], end: str = "painted") -> list[float]:
    """Milliseconds from each click to its ``end`` ("painted" or "nextFrame"), for samples that changed the page."""
    return [sample[end] - sample["start"] for sample in samples if sample[end] is not None]
