"""The engine's worker: PyScript runs this in Pyodide, in its named worker ``engine`` (index.html), off the page's
thread, with the engine installed from its wheel (pyscript.toml); the page (:mod:`game.web.page`) calls what it
exports (``__export__``).

The only module of the engine's side that touches the browser: it hands each message of the page's to
:class:`~game.web.app.App` and returns the effects as plain data (a JavaScript array, so that the page's
MicroPython reads them without parsing JSON). Nothing here reaches the page's ``window`` or ``document``, so
the worker needs no SharedArrayBuffer and no cross-origin isolation: blogs and a file keep working.
"""

from __future__ import annotations

import js
from polyscript import xworker
from pyodide.code import eval_code
from pyodide.ffi import create_once_callable, to_js

from game.web.app import App


def soon(number: int) -> None:
    """Run the app's timer ``number`` here once the messages already waiting are handled; the page gets its
    effects through its ``batch`` (they answer no message of the page's)."""

    def run(*_):
        effects = app.run_timer(number)
        if effects != "[]":
            xworker.sync.batch(js.JSON.parse(effects))

    js.setTimeout(create_once_callable(run), 0)


app = App(soon)


def handle(text: str):
    """Handle one message from the page (JSON); its effects, a JavaScript array: one answer for each message."""
    return js.JSON.parse(app.handle(text))


def started() -> str:
    """How this worker's Python started: "restored" from the memory snapshot, or "booted" (static/js/python.mjs)."""
    return js.faceDownPythonStart


async def snapshot() -> str | None:
    """Have a memory snapshot made for the next visit (static/js/python.mjs); its key once kept, else ``None``."""
    return await js.faceDownMakeSnapshot()


def debug_state() -> str:
    """What this page knows of its room, as JSON (``window.faceDownRoom()``): for tests and bug reports."""
    return app.debug_state()


SCRATCH: dict = {}  # the namespace of the code run by python(), kept from one call to the next


def python(code: str):
    """Run ``code`` in this interpreter (``window.faceDownPython``, for tests and tools/stdlib_record.py), in a
    namespace of its own kept across calls; the value of its last expression, as plain data."""
    return to_js(eval_code(code, SCRATCH), dict_converter=js.Object.fromEntries)


__export__ = ["handle", "started", "snapshot", "debug_state", "python"]
