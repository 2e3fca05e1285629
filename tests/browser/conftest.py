"""Browser end-to-end fixtures: the built site on 127.0.0.1, Debian's Chromium driven by Playwright.

Every test here carries the ``browser`` marker (so the Pyodide run skips them), and every page's
requests are recorded: a test fails if any request, the workers' included, leaves 127.0.0.1, or if
the page reported an uncaught error.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tools.serve import make_server

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium tries to reach outside hosts (PLATFORM.md).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
LOCAL_SCHEMES = ("http://127.0.0.1:", "data:", "blob:")


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if Path(item.fspath).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_url():
    """The repo root (built by `make site`) served on 127.0.0.1."""
    if not Path("static/vendor/manifest.json").exists():
        pytest.fail("The site is not built: run `make site` (make test does it).")
    server = make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def requests_seen():
    """Every URL requested by the test's browser contexts, pages and workers alike."""
    return []


@pytest.fixture
def new_context(browser, requests_seen):
    """Make browser contexts (each a fresh profile) whose requests are recorded and checked at the end."""
    contexts = []
    errors = []

    def make(**options):
        context = browser.new_context(**options)
        context.on("request", lambda request: requests_seen.append(request.url))
        context.on("page", lambda page: _watch_errors(page, errors))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    outside = [url for url in requests_seen if not url.startswith(LOCAL_SCHEMES)]
    assert not outside, f"requests left 127.0.0.1: {outside[:5]}"
    assert not errors, f"the page reported errors: {errors[:3]}"


def _watch_errors(page, errors: list[str]) -> None:
    # PyScript reports a Python traceback as a console error, not as an uncaught page error.
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)


@pytest.fixture
def page(new_context):
    """A page in a fresh context, 1000 × 900."""
    return new_context(viewport={"width": 1000, "height": 900}).new_page()


@pytest.fixture(scope="session")
def artifacts():
    """The folder for screenshots (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
