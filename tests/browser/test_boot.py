"""The default game starts by itself; the page paints before Python is ready."""

from __future__ import annotations

from tests.support import table_for

from .driver import READY, near_the_end, open_saved, play_to_end


def test_default_is_solo_concentration_against_a_medium_bot(page, site_url):
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    names = page.locator(".players .player").all_inner_texts()
    assert len(names) == 2 and "Medium" in names[1]
    assert page.locator("#table [data-pos]").count() == 24  # 12 pairs, 4 x 6


def test_concentration_played_to_the_result_screen(page, site_url, artifacts, watch):
    open_saved(page, site_url, near_the_end(table_for(game="concentration", pairs=8), 6), look="0")
    page.screenshot(path=str(artifacts / "concentration.png"))
    play_to_end(page, seed=1)
    assert page.locator(".result h2").inner_text()
    # A solo game never downloads the rooms' network code (the transport and the QR code generator).
    assert not [url for url in watch.requests if "/static/vendor/net/" in url]


def test_python_runs_off_the_page_and_on_its_own_stack_not_a_switched_one(page, site_url):
    # The engine's Python runs in PyScript's worker, and static/js/python.mjs hides WebAssembly stack switching
    # (JSPI) from Pyodide there: Chromium crashed pages whose Python ran on a switched stack. Pyodide decides by
    # these very globals whether to switch stacks. The page's own Python is MicroPython, which has no stacks to
    # switch.
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.evaluate("typeof globalThis.pyodide === 'undefined' && typeof globalThis.__python === 'undefined'")
    in_worker = "import js\n[hasattr(js, 'document'), hasattr(js.WebAssembly, 'Suspending')]"
    assert page.evaluate(f"faceDownPython({in_worker!r})") == [False, False]
