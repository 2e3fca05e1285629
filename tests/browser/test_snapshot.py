"""A returning visit starts Python from a memory snapshot (static/js/python.mjs); a bad snapshot costs nothing.

The first visit boots Pyodide and then makes the snapshot in a worker; the next one restores it. These
tests read <html data-python> ("booted" or "restored") and the snapshot cache itself. They share one fresh
profile, visited once (the ``profile`` fixture), rather than paying a first visit each.
"""

from __future__ import annotations

import pytest

from .conftest import KeptProfile
from .driver import LEGAL, open_game

QUICK = {"game": "concentration", "pairs": "8", "look": "0"}
SAVED = "html[data-snapshot='saved']"
CACHE = "face-down-python"
KEYS = f"caches.open('{CACHE}').then((cache) => cache.keys()).then((keys) => keys.map((request) => request.url))"


def booted_from(page) -> str:
    """How this page's Python started: "restored" from a snapshot, or "booted"."""
    return page.evaluate("document.documentElement.dataset.python")


def snapshot_keys(page) -> list[str]:
    """The keys of the snapshots kept in the profile's cache."""
    return page.evaluate(KEYS)


@pytest.fixture(scope="module")
def profile(browser, site_url):
    """One profile for this module, visited once first: Python booted, and the worker kept a snapshot.

    Each test changes the snapshot, visits again and checks that a good snapshot is kept
    once more, so it leaves the profile as it found it (``visit`` checks that first).
    """
    profile = KeptProfile(browser, site_url)
    yield profile
    profile.close()


@pytest.fixture
def visit(profile, watch, site_url):
    """``visit(change)``: run ``change``, a JS function of ``(cache, key)``, on the kept snapshot, then visit again.

    Returns the new page, once it is playable, and the key of the snapshot kept before.
    """
    pages = []

    def visit_(change: str = "") -> tuple:
        page = profile.new_page(watch)
        pages.append(page)
        [key] = snapshot_keys(page)  # the last test left one good snapshot
        if change:
            script = f"async (key) => {{ const cache = await caches.open('{CACHE}'); await ({change})(cache, key); }}"
            page.evaluate(script, key)
        open_game(page, site_url, **QUICK)
        return page, key

    yield visit_
    for page in pages:
        page.close()
    watch.check()


def test_a_returning_visit_restores_python_from_its_snapshot_and_plays(visit):
    page, key = visit()
    assert booted_from(page) == "restored" and "/snapshot/" in key
    page.locator(LEGAL).first.click()
    page.locator("#log li", has_text="You turned up").wait_for()


def test_a_damaged_snapshot_is_dropped_and_python_boots_afresh(visit):
    page, key = visit("(cache, key) => cache.put(key, new Response(new Uint8Array(100_000).fill(7)))")
    assert booted_from(page) == "booted"
    page.locator(LEGAL).first.click()
    page.wait_for_selector("#log li", state="attached")
    page.wait_for_selector(SAVED, state="attached", timeout=90_000)  # a good one is made again
    assert snapshot_keys(page) == [key]


def test_a_snapshot_of_another_engine_is_not_restored_and_is_dropped(visit):
    # The same Pyodide, another engine wheel: the snapshot moved to a key whose hash is all zeros.
    page, key = visit(
        """async (cache, key) => {
          await cache.put(key.replace(/[0-9a-f]{64}$/, "0".repeat(64)), await cache.match(key));
          await cache.delete(key);
        }"""
    )
    assert booted_from(page) == "booted"
    page.wait_for_selector(SAVED, state="attached", timeout=90_000)
    assert snapshot_keys(page) == [key]  # the stale one is gone
