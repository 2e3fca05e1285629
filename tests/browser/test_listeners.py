"""Every event handler of the page is Python: game/web/page/ binds them, in MicroPython, through PyScript.

Two witnesses, at moments that have bound them all (a game played with clicks and keys, the menu and a panel
opened; the embed; a room's page):

- every call of ``addEventListener`` on the window, the document or an element, recorded before any script runs
  (an init script wraps it in the page's own world; Playwright's helpers live in a world of their own) with the
  stack of the code that made it. A listener bound from Python is added by MicroPython's glue,
  static/vendor/micropython/micropython.mjs, which runs the Python function that asks for it: its stack passes
  through that file;
- the listeners the page holds in the end, as the Chrome DevTools Protocol lists them (``getEventListeners``) on
  the window, the document and every element, with the script that defined each handler: a handler made for a
  Python function is defined by micropython.mjs. This also sees handlers set as properties (``onclick``) or in the
  HTML. (Handlers of no script, defined by code Playwright evaluated, are the test's own.)

The exceptions allowed, and no others:

- PyScript's own (static/vendor/pyscript/): the framework's machinery, none of them the game's;
- the room transport's (static/vendor/net/), which is JavaScript (WebRTC and Nostr): its internal listeners.

The service worker (static/js/sw.js) runs in a worker of its own, whose listeners are not the page's.
"""

from __future__ import annotations

import pytest

from .driver import LEGAL, open_game, settle
from .rooms_driver import choose

PYTHON = "/static/vendor/micropython/micropython.mjs"
ALLOWED = ("/static/vendor/pyscript/", "/static/vendor/net/")  # PyScript's machinery; the transport's own
RECORD = """(() => {
  const add = EventTarget.prototype.addEventListener;
  window.__listeners = [];
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (this === window || this instanceof Document || this instanceof Element) {
      const target = this === window ? "window" : this instanceof Document ? "document" : this.tagName;
      window.__listeners.push({ target, type, stack: new Error().stack });
    }
    return add.call(this, type, ...rest);
  };
})();"""


def added_not_from_python(page) -> list[dict]:
    """The recorded ``addEventListener`` calls that no Python function nor allowed machinery made."""
    calls = page.evaluate("window.__listeners")
    assert any(PYTHON in call["stack"] for call in calls), "not a vacuous pass: Python bound the page's listeners"
    allowed = (PYTHON, *ALLOWED)
    return [call for call in calls if not any(place in call["stack"] for place in allowed)]


class Listeners:
    """The page's listeners, as the DevTools protocol lists them, with the script that defined each handler."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.scripts: dict[str, str] = {}
        self.cdp.on("Debugger.scriptParsed", lambda event: self.scripts.__setitem__(event["scriptId"], event["url"]))
        self.cdp.send("Debugger.enable")  # so that every script's URL is known by its id
        page.add_init_script(RECORD)

    def listed(self) -> list[dict]:
        """Every listener on the window, the document and each element: its target, type and handler's script."""
        found = []
        for target, object_id in self._targets():
            answer = self.cdp.send("DOMDebugger.getEventListeners", {"objectId": object_id, "depth": 0})
            for listener in answer["listeners"]:
                script = self.scripts.get(listener["scriptId"], "")
                found.append({"target": target, "type": listener["type"], "script": script})
        return found

    def held_not_from_python(self) -> list[dict]:
        """The listeners held whose handler neither Python nor allowed machinery defined (nor the test itself)."""
        held = self.listed()
        types = {listener["type"] for listener in held if listener["script"].endswith(PYTHON)}
        assert {"click", "keydown"} <= types, held  # not a vacuous pass
        return [
            listener
            for listener in held
            if listener["script"]  # "": a handler of code Playwright evaluated
            and not listener["script"].endswith(PYTHON)
            and not any(place in listener["script"] for place in ALLOWED)
        ]

    def _targets(self):
        for name in ("window", "document"):
            yield name, self.cdp.send("Runtime.evaluate", {"expression": name})["result"]["objectId"]
        array = self.cdp.send("Runtime.evaluate", {"expression": "[...document.querySelectorAll('*')]"})["result"]
        properties = self.cdp.send("Runtime.getProperties", {"objectId": array["objectId"], "ownProperties": True})
        for item in properties["result"]:
            if item["name"].isdigit():
                yield f"element {item['value']['description']}", item["value"]["objectId"]


@pytest.fixture
def listeners(new_context):
    """A fresh page (its own profile: the protocol session sees every script from the start) and its Listeners."""
    return Listeners(new_context().new_page())


def test_every_listener_of_a_game_page_is_bound_from_python(listeners, site_url):
    page = listeners.page
    open_game(page, site_url, game="concentration", pairs="8", players="1", bots="0", look="0")
    page.locator(LEGAL).first.click()
    page.keyboard.press("ArrowRight")
    settle(page)
    page.locator("#menu summary").click()
    page.locator("[data-command='settings']").click()
    assert added_not_from_python(page) == []
    assert listeners.held_not_from_python() == []


def test_every_listener_of_the_embed_is_bound_from_python(listeners, site_url):
    page = listeners.page
    page.goto(f"{site_url}embed.html?game=cambio&speed=instant&first_player=%22first+seat%22")
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=60_000)
    settle(page)
    assert added_not_from_python(page) == []
    assert listeners.held_not_from_python() == []


def test_every_listener_of_a_rooms_page_is_bound_from_python_but_the_transports(listeners, site_url):
    page = listeners.page
    page.goto(f"{site_url}?transport=tabs")
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=60_000)
    choose(page, "concentration", 2)
    page.click("[data-command='room-create']")
    page.wait_for_selector("#room-invite .room-qr svg", state="attached", timeout=30_000)
    page.click("#room [data-command='room-copy']")
    assert added_not_from_python(page) == []
    assert listeners.held_not_from_python() == []
