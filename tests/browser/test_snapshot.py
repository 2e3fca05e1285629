"""A returning visit starts Python from a memory snapshot (static/js/python.mjs); a bad snapshot costs nothing.

The first visit boots Pyodide and then makes the snapshot in a worker; the next one restores it. These
tests read <html data-python> ("booted" or "restored") and the snapshot cache itself.
"""

from __future__ import annotations

from .driver import LEGAL, open_game, play_to_end

QUICK = {"game": "concentration", "pairs": "8", "look": "0"}
SAVED = "html[data-snapshot='saved']"
CACHE = "face-down-python"
KEYS = f"caches.open('{CACHE}').then((cache) => cache.keys()).then((keys) => keys.map((request) => request.url))"
NOTE = f"localStorage.getItem('{CACHE}')"  # the key of the snapshot kept, noted by the page


def booted_from(page) -> str:
    """How this page's Python started: "restored" from a snapshot, or "booted"."""
    return page.evaluate("document.documentElement.dataset.python")


def visit_until_saved(context, site_url: str, change: str = "") -> list[str]:
    """Visit the app, check that Python booted, wait for the worker to keep a snapshot; the cache's keys.

    ``change``, a JS function, is then called with ``(cache, key)`` before the page closes.
    """
    page = context.new_page()
    open_game(page, site_url, **QUICK)
    assert booted_from(page) == "booted"
    page.wait_for_selector(SAVED, state="attached", timeout=90_000)
    keys = page.evaluate(KEYS)
    assert page.evaluate(NOTE) == keys[0]
    if change:
        script = f"async (key) => {{ const cache = await caches.open('{CACHE}'); await ({change})(cache, key); }}"
        page.evaluate(script, keys[0])
    page.close()
    return keys


def test_a_returning_visit_restores_python_from_its_snapshot_and_plays(new_context, site_url):
    context = new_context()
    keys = visit_until_saved(context, site_url)
    assert len(keys) == 1 and "/snapshot/" in keys[0]

    page = context.new_page()
    open_game(page, site_url, seed="5", **QUICK)
    assert booted_from(page) == "restored"
    assert play_to_end(page, seed=5) >= 8
    assert page.locator(".result h2").inner_text()


def test_a_damaged_snapshot_is_dropped_and_python_boots_afresh(new_context, site_url):
    context = new_context()
    damage = "(cache, key) => cache.put(key, new Response(new Uint8Array(100_000).fill(7)))"
    [key] = visit_until_saved(context, site_url, damage)

    page = context.new_page()
    open_game(page, site_url, **QUICK)
    assert booted_from(page) == "booted"
    page.locator(LEGAL).first.click()
    page.wait_for_selector("#log li", state="attached")
    page.wait_for_selector(SAVED, state="attached", timeout=90_000)  # a good one is made again
    assert page.evaluate(KEYS) == [key]


def test_a_snapshot_of_another_engine_is_not_restored_and_is_dropped(new_context, site_url):
    context = new_context()
    # The same Pyodide, another engine zip: the snapshot moved to a key whose hash is all zeros.
    move = """async (cache, key) => {
      await cache.put(key.replace(/[0-9a-f]{64}$/, "0".repeat(64)), await cache.match(key));
      await cache.delete(key);
    }"""
    [key] = visit_until_saved(context, site_url, move)

    page = context.new_page()
    open_game(page, site_url, **QUICK)
    assert booted_from(page) == "booted"
    page.wait_for_selector(SAVED, state="attached", timeout=90_000)
    assert page.evaluate(KEYS) == [key]  # the stale one is gone


def test_a_visit_without_the_note_of_a_kept_snapshot_boots_and_keeps_one_again(new_context, site_url):
    # A first visit does not open Cache Storage (it costs the boot time): only the page's note sends it there.
    context = new_context()
    [key] = visit_until_saved(context, site_url, "() => localStorage.removeItem('face-down-python')")

    page = context.new_page()
    open_game(page, site_url, **QUICK)
    assert booted_from(page) == "booted"
    page.wait_for_selector(SAVED, state="attached", timeout=90_000)
    assert page.evaluate(NOTE) == key
    assert page.evaluate(KEYS) == [key]
