"""Browser end-to-end fixtures: the built site on 127.0.0.1, Debian's Chromium driven by Playwright.

Every test here carries the ``browser`` marker (so the Pyodide run skips them), and every page's
requests are recorded: a test fails if any request, the workers' included, leaves 127.0.0.1, or if
the page reported an uncaught error.
"""

from __future__ import annotations

import re
import threading
import tomllib
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

from tools.serve import ROOT, SiteHandler, make_server

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
# file:// is the single-file download, opened from disk.
LOCAL_SCHEMES = ("http://127.0.0.1:", "data:", "blob:", "file://")


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


def netlify_rules() -> list[tuple[re.Pattern, dict[str, str]]]:
    """netlify.toml's ``[[headers]]``: each rule's path pattern (``*`` matches anything) and its headers."""
    rules = tomllib.loads((ROOT / "netlify.toml").read_text()).get("headers", [])
    return [(re.compile(re.escape(rule["for"]).replace(r"\*", ".*")), rule["values"]) for rule in rules]


class NetlifyHandler(SiteHandler):
    """The site with the headers netlify.toml gives each path, as the deploy serves it."""

    rules = netlify_rules()

    @classmethod
    def headers_for(cls, path: str) -> dict[str, str]:
        """Every matching rule's headers; Netlify revalidates whatever no rule gives a Cache-Control."""
        headers = {"Cache-Control": "public, max-age=0, must-revalidate"}
        for pattern, values in cls.rules:
            if pattern.fullmatch(urlsplit(path).path):
                headers.update(values)
        return headers

    def guess_type(self, path):
        return self.headers_for(self.path).get("Content-Type") or super().guess_type(path)

    def end_headers(self) -> None:
        for name, value in self.headers_for(self.path).items():
            if name != "Content-Type":  # sent by guess_type's caller already
                self.send_header(name, value)
        SimpleHTTPRequestHandler.end_headers(self)  # not SiteHandler's: its no-cache would override the rules


@pytest.fixture
def netlify_site():
    """The built site served with netlify.toml's headers, for one test: ``.url``, and ``.stop()`` to go offline."""
    server = make_server(0, handler=NetlifyHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop():
        server.shutdown()
        server.server_close()

    yield SimpleNamespace(url=f"http://127.0.0.1:{server.server_address[1]}/", stop=stop)
    stop()


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


# Not the page's errors: Trystero logs a peer that closed its tab or reloaded as an error, and the room
# treats that as the peer leaving (tests/browser/test_rooms.py closes and reloads pages on purpose).
PEER_GONE = re.compile(r"Trystero peer error: OperationError: User-Initiated Abort")


def _watch_errors(page, errors: list[str]) -> None:
    # PyScript reports a Python traceback as a console error, not as an uncaught page error.
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if message.type == "error" and not PEER_GONE.match(message.text) else None
        ),
    )


@pytest.fixture
def page(new_context):
    """A page in a fresh context, 1000 × 900."""
    return new_context(viewport={"width": 1000, "height": 900}).new_page()


@pytest.fixture(scope="session")
def artifacts():
    """The folder for screenshots (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
