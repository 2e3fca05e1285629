"""Browser end-to-end fixtures: the built site on 127.0.0.1, Debian's Chromium driven by Playwright.

Every test here carries the ``browser`` marker (so the Pyodide run skips them), and every page's
requests are recorded: a test fails if any request, the workers' included, leaves 127.0.0.1, or if
the page reported an uncaught error.
"""

from __future__ import annotations

import re
import shutil
import threading
import time
import tomllib
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from tools.chromium import CHROMIUM, FLAGS, RTC_FLAGS, TEST_FLAGS
from tools.serve import ROOT, SiteHandler, make_server

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
# file:// is the single-file download, opened from disk.
LOCAL_SCHEMES = ("http://127.0.0.1:", "data:", "blob:", "file://")


# The browser tests that open many profiles (rooms, first visits): one after another in one worker, never two at once.
PEER_MODULES = {
    "test_rooms.py",
    "test_relays.py",
    "test_sleep.py",
    "test_transport.py",
    "test_netlab.py",
    "test_offline.py",
    "test_embed.py",
    "test_headers.py",
}


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if Path(item.fspath).is_relative_to(here):
            item.add_marker(pytest.mark.browser)
            # Under `pytest -n 3 --dist loadgroup` (make test) the tests that open many profiles run in one
            # worker, one after another; the others go to whichever worker is free, each worker with its own
            # Chromium and kept profiles.
            if Path(item.fspath).name in PEER_MODULES:
                item.add_marker(pytest.mark.xdist_group("browser-peers"))


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
    """One headless Chromium for the session, able to connect peers on loopback for the room tests."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *RTC_FLAGS, *TEST_FLAGS])
        yield chromium
        chromium.close()


class Watch:
    """What a test's browser contexts did: every URL requested (pages and workers alike) and every page error."""

    def __init__(self):
        self.requests: list[str] = []
        self.errors: list[str] = []

    def follow(self, context) -> None:
        """Record ``context``'s requests, and the errors of every page it opens, from now on."""
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("page", lambda page: _watch_errors(page, self))

    def check(self) -> None:
        """Fail if a request left 127.0.0.1 or a page reported an error."""
        outside = [url for url in self.requests if not url.startswith(LOCAL_SCHEMES)]
        assert not outside, f"requests left 127.0.0.1: {outside[:5]}"
        assert not self.errors, f"the page reported errors: {self.errors[:3]}"


# Where Debian's Chromium keeps its crash dumps (Crashpad's database).
CRASH_REPORTS = Path.home() / ".config" / "chromium" / "Crash Reports"


def _crash_report() -> str:
    """Say that the page crashed, keeping Chromium's newest crash dumps in tests/artifacts/crashes/.

    A dump names the signal and the crashing thread's stack, for a post-mortem: a crash seen once in a
    long run could not be made to happen again here (the notes of issue 20 say what was tried).
    """
    time.sleep(1)  # Crashpad writes the dump as the renderer goes
    dumps = sorted(CRASH_REPORTS.glob("*/*.dmp"), key=lambda dump: dump.stat().st_mtime)[-3:]
    kept = ARTIFACTS / "crashes"
    kept.mkdir(parents=True, exist_ok=True)
    for dump in dumps:
        shutil.copy(dump, kept)
    return f"the page crashed (its renderer process died); crash dumps kept: {[dump.name for dump in dumps]}"


def _watch_errors(page, watch: Watch) -> None:
    # The list is looked up as each error comes: a kept page serves test after test, each with its own list.
    page.on("crash", lambda _: watch.errors.append(_crash_report()))
    # The page reports a failure of the engine's (game/web/page/engine.py) as a console error, not as an uncaught
    # page error.
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on(
        "console",
        lambda message: watch.errors.append(message.text) if message.type == "error" else None,
    )


@pytest.fixture
def watch():
    """This test's record of requests and page errors, checked when it ends."""
    return Watch()


@pytest.fixture
def new_context(browser, watch):
    """Make browser contexts, each a fresh profile (a first visit: Python boots cold), watched until the test ends.

    For the tests about a first visit: the boot, the snapshot, offline play. Any other test takes a
    page from a kept profile (``page``, ``phone``), which starts Python from its snapshot.
    """
    contexts = []

    def make(**options):
        context = browser.new_context(**options)
        watch.follow(context)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    watch.check()


# A page at the site's own origin that loads nothing: where a kept profile's storage is cleared between tests.
BLANK = "__blank__"
SNAPSHOTS = "face-down-python"  # static/js/python.mjs's Cache Storage of the kept snapshot
CLEAR_STORAGE = f"""() => {{
  localStorage.clear();
  return caches.has("{SNAPSHOTS}");
}}"""


PLAYWRIGHT_VIEWPORT = {"width": 1280, "height": 720}  # a context's viewport when none is asked for


class KeptProfile:
    """A browser profile kept for the whole session, whose pages start Python from its memory snapshot.

    The first page boots Python cold and makes the snapshot (static/js/python.mjs); every later one
    restores it, about 0.8 s instead of a 4 s boot. One page (one tab) is lent to test after test: a
    navigation in a tab that lives on costs Chromium about half the CPU of a new tab's first one. Between
    tests the page is reset (blank, routes gone, default size and media) and the game's storage cleared
    (the snapshot's cache stays), so no test sees another's save or settings.
    """

    def __init__(self, browser, site_url: str, **options):
        self.site_url = site_url
        self.viewport = options.get("viewport", PLAYWRIGHT_VIEWPORT)
        self.watch = Watch()
        self.context = browser.new_context(**options)
        self.watch.follow(self.context)
        self.context.route(
            f"{site_url}{BLANK}", lambda route: route.fulfill(body="<!doctype html>", content_type="text/html")
        )
        self.warm = False
        self.idle_page = None  # the tab between tests

    def new_page(self, watch: Watch):
        """A page of this profile with the game's storage cleared, whose requests and errors go to ``watch``:
        the kept tab if no one holds it, else a new one."""
        if not self.warm:
            self._make_snapshot()
        self.watch.requests, self.watch.errors = watch.requests, watch.errors
        page, self.idle_page = self.idle_page, None
        if page is None or page.is_closed():
            page = self.context.new_page()
            page.goto(f"{self.site_url}{BLANK}")
        page.set_viewport_size(self.viewport)
        page.emulate_media(color_scheme="null", reduced_motion="null")
        assert page.evaluate(CLEAR_STORAGE), "the kept profile lost its Python snapshot"
        return page

    def give_back(self, page) -> None:
        """End a test's use of ``page``: it leaves for the blank page (the app's pagehide runs now, within the
        test) and becomes the kept tab, or closes if the profile has one already."""
        if page.is_closed():
            return
        page.unroute_all(behavior="ignoreErrors")
        try:
            page.goto(f"{self.site_url}{BLANK}")
        except PlaywrightError:  # the renderer crashed (reported by the watch): the tab goes, a new one follows
            page.close()
            return
        if self.idle_page is None:
            self.idle_page = page
        else:
            page.close()

    def _make_snapshot(self) -> None:
        page = self.context.new_page()
        page.goto(f"{self.site_url}?game=concentration&pairs=8&speed=instant")
        page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=120_000)
        page.goto(f"{self.site_url}{BLANK}")
        self.idle_page = page
        self.watch.check()
        self.warm = True

    def close(self) -> None:
        """Close the profile's context."""
        self.context.close()


PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1000, "height": 900}}


@pytest.fixture(scope="session")
def kept_profiles(browser, site_url):
    """The session's kept profiles by name, each made on first use: "phone" (360 × 740), any other 1000 × 900."""
    profiles: dict[str, KeptProfile] = {}

    def get(name: str) -> KeptProfile:
        if name not in profiles:
            profiles[name] = KeptProfile(browser, site_url, **(PHONE if name == "phone" else DESKTOP))
        return profiles[name]

    yield get
    for profile in profiles.values():
        profile.close()


def _kept_page(kept_profiles, watch, name: str):
    profile = kept_profiles(name)
    page = profile.new_page(watch)
    yield page
    profile.give_back(page)
    watch.check()


@pytest.fixture
def page(kept_profiles, watch):
    """A page of the kept desktop profile (1000 × 900): Python starts from its snapshot, storage is cleared."""
    yield from _kept_page(kept_profiles, watch, "desktop")


@pytest.fixture
def phone(kept_profiles, watch):
    """A page of the kept phone profile (360 × 740, mobile, touch), like ``page``."""
    yield from _kept_page(kept_profiles, watch, "phone")


@pytest.fixture(scope="session")
def artifacts():
    """The folder for screenshots (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
