"""The browser half of the benchmark: the site served on 127.0.0.1, and Debian's Chromium with the probe.

The launch flags and the server are the browser tests' own (tests/browser/conftest.py, tools/serve.py),
so the benchmark measures the same setup the tests check.
"""

from __future__ import annotations

import contextlib
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from tools.chromium import CHROMIUM, FLAGS
from tools.serve import ROOT, SiteHandler, make_server

PROBE = Path(__file__).with_name("probe.js")
VIEWPORT = {"width": 1000, "height": 900}


@contextlib.contextmanager
def serve(root: Path = ROOT, handler: type[SiteHandler] = SiteHandler) -> Iterator[str]:
    """Serve ``root`` on a free port of 127.0.0.1 while the block runs; yields the site's URL."""
    server = make_server(0, root, handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def fresh_profile(playwright, viewport: dict[str, int] = VIEWPORT, executable: str = CHROMIUM) -> Iterator:
    """A persistent browser context on a new, empty profile: a first-time visitor whose caches last.

    Chromium's HTTP cache (and the compiled-code caches kept beside it) belongs to the profile, so a
    new profile is a cold visit, and a second tab in the same profile is a warm one. ``executable`` starts
    Chromium (bench/throttled.py's starts it on a slowed CPU).
    """
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as folder:
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=executable, args=FLAGS, viewport=viewport
        )
        context.add_init_script(path=str(PROBE))
        try:
            yield context
        finally:
            context.close()


@contextlib.contextmanager
def browser_context(playwright) -> Iterator:
    """A throwaway (incognito-like) context in a fresh browser, with the probe."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    try:
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(path=str(PROBE))
        yield context
    finally:
        browser.close()


def wait_ready(page, timeout_ms: float) -> float:
    """Wait for ``<html data-ready="true">``; return when it appeared, in ms from the navigation's start."""
    page.wait_for_function("window.__bench && window.__bench.readyAt !== null", timeout=timeout_ms, polling=50)
    return page.evaluate("window.__bench.readyAt")
