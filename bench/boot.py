"""Boot figures: first paint and time to interactive, cold and warm, for the app and for a bare PyScript page.

Each run opens a new browser profile and visits the page twice, in two tabs one after the other:

- the first visit is **cold**: empty HTTP cache, no compiled code cached, no service worker, no storage;
- the second is **warm**: the same profile, so whatever the first visit cached (the browser decides) is used,
  and the app's Python memory snapshot (static/js/python.mjs): the first visit waits until it is kept.

Runs alternate between the app and the bare page, so that a busy spell on the machine hits both alike
and their ratio holds. "Interactive" is ``<html data-ready="true">``: the app sets it when a game is
dealt and clickable, the bare page (bench/bare.html) right after printing its one line.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from playwright.sync_api import Error as PlaywrightError

from .browser import fresh_profile, wait_ready

APP = ""
BARE = "bench/bare.html"
TIMEOUT_MS = 120_000
# The app marks <html data-python="booted"> when it will make a Python snapshot after the page has run,
# and data-snapshot="saved" once it has (a few seconds later, in a worker).
SNAPSHOT_COMING = "document.documentElement.dataset.python === 'booted'"
SNAPSHOT_SAVED = "html[data-snapshot='saved']"
# The cold visit's tab stays open this long after it is interactive before the warm visit: Chromium writes
# its compiled-code caches (and a service worker installs) a moment after a page has run, and a returning
# visitor comes back later than that.
SETTLE_SECONDS = 2.0


@dataclass
class Boots:
    """Samples in ms from the navigation's start, one per run (None for a failed visit)."""

    cold: list[float | None] = field(default_factory=list)
    warm: list[float | None] = field(default_factory=list)
    first_paint: list[float | None] = field(default_factory=list)


def visit(context, url: str, linger: float = 0.0) -> tuple[float | None, float | None]:
    """Open ``url`` in a new tab until it is interactive, keep it ``linger`` seconds more, close it.

    With a ``linger``, the tab also stays until the app's Python snapshot is kept, if it makes one: the
    warm visit that follows is a returning visitor's, who comes back later than that.

    Returns (time to interactive, first contentful paint), in ms from the navigation's start, or
    (None, None) if the tab crashed or never became interactive: one lost sample, not a lost run.
    """
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit")
        ready = wait_ready(page, TIMEOUT_MS)
        paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
        if linger and page.evaluate(SNAPSHOT_COMING):
            page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=TIMEOUT_MS)
        page.wait_for_timeout(linger * 1000)
    except PlaywrightError as error:
        print(f"bench: a visit to {url} failed, sample dropped: {error.message.splitlines()[0]}", file=sys.stderr)
        return None, None
    finally:
        page.close()
    return ready, paint


def measure(playwright, site_url: str, runs: int, pages: tuple[str, ...] = (APP, BARE)) -> dict:
    """Boot every page in ``pages`` cold then warm, ``runs`` times, alternating; return {page: Boots}."""
    boots = {page: Boots() for page in pages}
    for _ in range(runs):
        for page in pages:
            with fresh_profile(playwright) as context:
                ready, paint = visit(context, site_url + page, linger=SETTLE_SECONDS)
                boots[page].cold.append(ready)
                boots[page].first_paint.append(paint)
                boots[page].warm.append(visit(context, site_url + page)[0])
    return boots
