"""The page's own Python, as PyScript starts it: bind every event handler of the page, then hand the page to the
engine.

PyScript runs this script in MicroPython on the page's thread (index.html's ``<script type="mpy">``, whose config
names the page's other modules, which PyScript puts beside it); the engine, the bots and the screen run in
Pyodide in PyScript's named worker ``engine`` (:mod:`game.web.worker`). The page's Python is these modules, each
with one job:

- :mod:`~game.web.page.events` and :mod:`~game.web.page.keys` bind the page's events, each to a Python function
  that makes it a message for the engine;
- :mod:`~game.web.page.engine`, the page's end of the one ordered channel to the engine's worker;
- :mod:`~game.web.page.executor` carries the engine's effects out, the one place that does;
- what only some visits need is imported when they need it: the room's transport
  (:mod:`~game.web.page.transport`), the sounds (:mod:`~game.web.page.sound`), the embed's messages
  (:mod:`~game.web.page.embed`), and the service worker and the snapshot once the page is ready
  (:mod:`~game.web.page.offline`);
- :mod:`~game.web.page.dom`, :mod:`~game.web.page.forms` and :mod:`~game.web.page.storage`, what they share.
"""

import js
from pyscript import workers

from game.web.page import events, keys
from game.web.page.dom import EMBEDDED, ROOT, attr, by_id, document, window
from game.web.page.engine import engine
from game.web.page.executor import carry_out, say_text
from game.web.page.forms import picker_fields
from game.web.page.storage import kept


def expose_for_tests():
    """What tests, tools and bug reports read: the engine's answers, the room it knows of, its Python."""
    window.faceDownAnswered = engine.all_answered
    window.faceDownSettled = engine.settled
    window.faceDownRoom = lambda: engine.ask("room")
    window.faceDownPython = lambda code: engine.ask("python", {"code": code})


async def start():
    """Bind the page's events, then wait for the engine's worker and hand it the page."""
    if EMBEDDED:
        from game.web.page.embed import Embed

        Embed().start()
    events.bind()
    keys.bind()
    try:
        await workers["engine"]
    except Exception as error:  # its runtime or the engine's wheel did not download, say
        js.console.error("Face Down could not start its engine:", error)
        say_text("The game could not load. Check the connection, then reload the page to try again.")
        return
    engine.connect(document.querySelector('script[type="py"][name="engine"]').xworker, carry_out)
    expose_for_tests()
    ROOT.dataset.python = await engine.ask("started")
    requested = attr(ROOT.dataset, "startRequested") == "true"
    engine.post(
        {
            "type": "boot",
            "storage": kept(),
            "rooms": by_id("room") is not None,
            "menu": by_id("menu") is not None,  # the embed has none: no picker, no records
            "picked": attr(ROOT.dataset, "picked") == "true",
            "start_requested": requested,
            "picker": picker_fields() if requested else None,
        }
    )


await start()  # noqa: F704 (PyScript runs the page's script as a coroutine)
