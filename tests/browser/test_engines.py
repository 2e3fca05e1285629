"""The same smoke test on the three browser engines phones and laptops run: Chromium, WebKit and Gecko.

Each engine boots the site, takes a pair in Concentration, reloads and finds the game resumed, and shows
Cambio's opening peek (started from the picker, private looks turned on in the settings panel). The other
browser tests drive Chromium alone (Playwright); here:

- **Chromium**: Debian's, through Playwright (the kept desktop profile, like the other tests);
- **WebKit** (Safari's engine): WebKitGTK's MiniBrowser, driven by Selenium through WebKitWebDriver (apt
  ``webkit2gtk-driver``), on an X server of its own (``Xvfb``: MiniBrowser has no headless mode that works);
- **Firefox ESR** (apt ``firefox-esr``): puppeteer-core over WebDriver BiDi, through tests/browser/firefox.mjs.

The scenario is written once, against three calls every driver has: go to a URL, evaluate an expression in the
page (its value, awaited), reload. Clicks are the page's own ``click()`` on the element: what is tested is that
the page works in the engine, not the engine's input.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from game.web.table import Table
from tests.support import table_for

from .driver import SAVE

HERE = Path(__file__).resolve().parent
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
SHOWN = "#table [data-pos][aria-label*='shown for a moment']"
BOOT_S = 90  # a cold boot of Pyodide in an engine that has no snapshot yet, on a busy machine
# Private looks up for 2 s (the settings panel), then Cambio for two, one of them the computer (the picker).
CAMBIO_FROM_THE_PICKER = """(() => {
  const look = document.querySelector("#settings-form [name=look]");
  look.value = "2";
  look.dispatchEvent(new Event("change", { bubbles: true }));
  document.getElementById("game-cambio").click();
  document.getElementById("picker").requestSubmit();
})()"""

pytestmark = pytest.mark.xdist_group("engines")  # one engine at a time: each is a browser of its own


class Firefox:
    """Firefox ESR driven by tests/browser/firefox.mjs (puppeteer-core over WebDriver BiDi)."""

    def __init__(self):
        self.process = subprocess.Popen(
            ["node", str(HERE / "firefox.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=HERE.parent.parent,
        )
        assert json.loads(self.process.stdout.readline()) == {"ready": True}, "Firefox did not start"

    def _ask(self, op: str, arg: str | None = None):
        self.process.stdin.write(json.dumps({"op": op, "arg": arg}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        assert not answer["errors"], f"the page reported errors: {answer['errors'][:3]}"
        if "error" in answer:
            raise AssertionError(f"Firefox: {answer['error']}")
        return answer["result"]

    def goto(self, url: str) -> None:
        self._ask("goto", url)

    def evaluate(self, expression: str):
        return self._ask("evaluate", expression)

    def reload(self) -> None:
        self._ask("reload")

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


class WebKit:
    """WebKitGTK's MiniBrowser driven by Selenium through WebKitWebDriver, on its own X server."""

    # The expression's value, awaited, as JSON; a failure as {"error": ...}.
    EVALUATE = """const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (0, eval)(arguments[0])).then(
  (value) => done(JSON.stringify({ value: value ?? null })),
  (error) => done(JSON.stringify({ error: String(error) })),
);"""

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self.display = _x_server()
        display = next(self.display)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(env={**os.environ, "DISPLAY": display})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(BOOT_S)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def evaluate(self, expression: str):
        answer = json.loads(self.driver.execute_async_script(self.EVALUATE, expression))
        if "error" in answer:
            raise AssertionError(f"WebKit: {answer['error']}")
        return answer["value"]

    def reload(self) -> None:
        self.driver.refresh()

    def close(self) -> None:
        self.driver.quit()
        self.display.close()


class Chromium:
    """A Playwright page of Chromium (the kept desktop profile)."""

    def __init__(self, page):
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, expression: str):
        return self.page.evaluate(expression)

    def reload(self) -> None:
        self.page.reload()

    def close(self) -> None:
        pass


def _x_server() -> Iterator[str]:
    """An X server (Xvfb) on a display number it picks itself; yields the display, stops it when closed."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"], pass_fds=[write]
    )
    os.close(write)
    try:
        with os.fdopen(read) as chosen:
            yield f":{chosen.readline().strip()}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(params=["chromium", "webkit", "firefox"])
def engine(request):
    """The engine the test runs on."""
    if request.param == "chromium":
        made = Chromium(request.getfixturevalue("page"))
    else:
        made = WebKit() if request.param == "webkit" else Firefox()
    yield made
    with contextlib.suppress(Exception):
        made.close()


def wait_for(engine, condition: str, timeout_s: float = 20) -> None:
    """Poll ``condition`` (a JavaScript expression) in the page until it is true."""
    deadline = time.monotonic() + timeout_s
    while not engine.evaluate(f"Boolean({condition})"):
        assert time.monotonic() < deadline, f"the page never showed: {condition}"
        time.sleep(0.1)


def click(engine, selector: str) -> None:
    """Click the element ``selector`` finds, then wait until the page has drawn and saved what it did."""
    engine.evaluate(f"document.querySelector({json.dumps(selector)}).click()")
    engine.evaluate("faceDownSettled().then(() => true)")


def a_pair(table: Table) -> tuple[int, int]:
    """Two places of a Concentration table holding a pair (same rank, same colour)."""
    cells = table.match.state()["cells"]
    colour = {"S": "black", "C": "black", "H": "red", "D": "red"}
    for first, card in enumerate(cells):
        for second in range(first + 1, len(cells)):
            other = cells[second]
            if card[:-1] == other[:-1] and colour[card[-1]] == colour[other[-1]]:
                return first, second
    raise AssertionError("no pair on the table")


def saved(engine) -> Table:
    """The game the page saved."""
    return Table.from_json(engine.evaluate(f"localStorage.getItem({json.dumps(SAVE)})"))


def test_boot_a_pair_a_reload_and_cambios_opening_peek(engine, site_url):
    solo = {"game": "concentration", "players": "1", "bots": "0", "pairs": "8"}
    dealt = table_for(seed=7, **solo)
    first, second = a_pair(dealt)
    page_settings = {"first_player": "first seat", "look": "0", "speed": "instant"}
    engine.goto(f"{site_url}?{urlencode({**solo, 'seed': '7', **page_settings})}")
    wait_for(engine, "document.documentElement.dataset.ready === 'true'", BOOT_S)
    click(engine, f'#table [data-pos="cell-{first}"]')
    click(engine, f'#table [data-pos="cell-{second}"]')
    cells = dealt.match.state()["cells"]
    assert saved(engine).match.state()["taken"] == [[cells[first], cells[second]]]
    faces = "[...document.querySelectorAll('#table [data-pos]')].map((spot) => spot.getAttribute('aria-label'))"
    before = engine.evaluate(faces)
    engine.reload()
    wait_for(engine, "document.documentElement.dataset.ready === 'true'", BOOT_S)
    assert "restored" in engine.evaluate("document.getElementById('log').textContent")
    assert engine.evaluate(faces) == before
    # Cambio from the picker, with private looks turned on in the settings: no new boot, and the page's forms.
    engine.evaluate(CAMBIO_FROM_THE_PICKER)
    wait_for(engine, f"document.querySelectorAll({json.dumps(SHOWN)}).length === 2")
    assert "Memorise your two bottom cards" in engine.evaluate("document.getElementById('prompt').textContent")
