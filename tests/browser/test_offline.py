"""Offline play: the service worker after one visit, the single-file download, a multi-file copy opened from a file.

Build first: `make site single` (make test does it).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.support import table_for
from tools.chromium import CHROMIUM, FLAGS, TEST_FLAGS
from tools.serve import ROOT, make_server

from .conftest import LOCAL_SCHEMES, NetlifyHandler
from .driver import LEGAL, OVER, READY, near_the_end, open_saved, play_to_end

pytestmark = pytest.mark.offline

SINGLE_FILE = ROOT / "dist" / "face-down.html"
QUICK = {"game": "concentration", "pairs": "8", "look": "0", "speed": "instant"}


def open_and_move(page, url: str, seed: int) -> None:
    """Open ``url`` (the app with QUICK's game and ``seed``), wait until it is playable, and make a move."""
    page.goto(f"{url}?{urlencode({**QUICK, 'seed': seed})}")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.locator(LEGAL).first.click()
    page.locator("#log li", has_text="You turned up").wait_for()


def wait_for_worker(page) -> None:
    """Wait until the service worker is active, which it becomes once it has precached every file."""
    state = page.evaluate(
        """Promise.race([
          navigator.serviceWorker.ready.then((registration) => registration.active.state),
          new Promise((resolve) => setTimeout(() => resolve("not active after 60 s"), 60000)),
        ])"""
    )
    assert state in ("activating", "activated")


def test_after_one_visit_the_app_plays_with_the_server_gone(browser, netlify_site, tmp_path):
    profile = tmp_path / "profile"
    requests, errors = [], []

    def launch():
        # A persistent profile on disk, so that a new browser process finds the worker and its cache again.
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=[*FLAGS, *TEST_FLAGS]
        )
        context.on("request", lambda request: requests.append(request.url))
        context.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        return context

    context = launch()
    page = context.new_page()
    open_and_move(page, netlify_site.url, seed=1)
    open_saved(page, netlify_site.url, near_the_end(table_for(seed=1, **QUICK), 4), look="0")
    play_to_end(page, seed=1)
    wait_for_worker(page)
    # Chromium's own verdict on the web app manifest, the icon and the worker: nothing stops an install.
    assert context.new_cdp_session(page).send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
    netlify_site.stop()

    page.reload()  # resumes the finished game from its save; "Play again" deals a new one
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.locator(OVER).count()
    page.locator("[data-command='again']").click()
    page.locator(LEGAL).first.click()
    page.locator("#log li", has_text="You turned up").wait_for()

    open_and_move(context.new_page(), netlify_site.url, seed=3)

    context.close()
    context = launch()
    open_and_move(context.new_page(), netlify_site.url, seed=4)
    context.close()
    outside = [url for url in requests if not url.startswith(LOCAL_SCHEMES)]
    assert not outside, f"requests left 127.0.0.1: {outside[:5]}"
    assert not errors, f"the page reported errors: {errors[:3]}"


class NextDeploy(NetlifyHandler):
    """The site, and once ``deployed`` is set, the same site after a deploy that changed index.html."""

    deployed = False
    INDEX = (ROOT / "index.html").read_bytes().replace(b"<head>", b"<head>\n<!-- the next deploy -->", 1)

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if not self.deployed or path not in ("/", "/index.html", "/static/vendor/manifest.json"):
            return super().do_GET()
        body = self.INDEX if path != "/static/vendor/manifest.json" else self.next_manifest()
        self.send_response(200)
        self.send_header("Content-Type", "application/json" if path.endswith(".json") else "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def next_manifest(self) -> bytes:
        manifest = json.loads((ROOT / "static" / "vendor" / "manifest.json").read_text())
        index = next(entry for entry in manifest["files"] if entry["url"] == "index.html")
        index.update(bytes=len(self.INDEX), sha256=hashlib.sha256(self.INDEX).hexdigest())
        return json.dumps({**manifest, "version": "next-deploy"}).encode()


def test_a_new_deploy_is_offered_and_taken_whole(new_context):
    server = make_server(0, handler=NextDeploy)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?{urlencode(QUICK)}"
    try:
        page = new_context().new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        wait_for_worker(page)
        page.reload()  # now the worker serves the page
        page.wait_for_selector(READY, state="attached", timeout=60_000)

        NextDeploy.deployed = True
        page.reload()  # still the old version, from the old cache, while the new one installs beside it
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        update = page.locator("#update")
        update.wait_for(timeout=60_000)
        assert "Update available" in update.inner_text()
        assert "the next deploy" not in page.evaluate("document.head.innerHTML")

        update.locator("button").click()  # the new worker takes over and the page reloads from its cache
        page.wait_for_function("document.head.innerHTML.includes('the next deploy')", timeout=60_000)
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        # The old version's cache is gone. (The Python snapshot's cache is python.mjs's, kept across deploys.)
        site_caches = [name for name in page.evaluate("caches.keys()") if name != "face-down-python"]
        assert site_caches == ["face-down-next-deploy"]
    finally:
        NextDeploy.deployed = False
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def single_file(tmp_path_factory):
    """dist/face-down.html copied to a folder whose name has a space, as downloads often do."""
    if not SINGLE_FILE.exists():
        pytest.fail("The single file is not built: run `make single` (make test does it).")
    folder = tmp_path_factory.mktemp("downloads") / "Face Down offline"
    folder.mkdir()
    return Path(shutil.copy(SINGLE_FILE, folder))


def test_the_single_file_is_within_its_size_budget():
    assert SINGLE_FILE.stat().st_size <= 12_000_000


def test_the_single_file_plays_from_disk_with_no_network(new_context, single_file):
    # One game is enough: every game's modules come from the one engine zip, which the file holds whole. Cambio
    # between two people: a random game of it is short, and it passes the device behind the curtain.
    context = new_context()
    context.set_offline(True)
    page = context.new_page()
    params = {"game": "cambio", "players": "2", "bots": "0", "seed": 5, "look": "0", "speed": "instant"}
    page.goto(f"{single_file.as_uri()}?{urlencode(params)}")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert play_to_end(page, seed=5) > 0
    assert page.locator(".result h2").inner_text()


def test_a_multi_file_copy_opened_from_disk_points_to_the_download(browser):
    # Not the new_context fixture: the browser's refusal to run the module scripts is an expected console error.
    context = browser.new_context()
    page = context.new_page()
    page.goto((ROOT / "index.html").as_uri())
    message = page.locator("#message")
    message.wait_for()
    assert "browsers don't run it from a file" in message.inner_text()
    link = message.locator("a")
    assert link.get_attribute("href").endswith("dist/face-down.html")
    assert page.locator("#loading").is_hidden()
    context.close()
