"""The page's Python in its Web Worker: static/js/worker.mjs hands each message from the page to :func:`handle`.

The only module of the page's Python that touches the browser: it posts :class:`~game.web.app.App`'s answer
to each message back to the page (static/js/page.js).
"""

from __future__ import annotations

from js import Object, postMessage, setTimeout
from pyodide.ffi import create_once_callable, to_js

from .app import App


def soon(number: int) -> None:
    """Run the app's timer ``number`` in this worker once the messages already waiting are handled."""

    def run(*_):
        effects = app.run_timer(number)
        if effects != "[]":  # not an answer to a message of the page's: it comes as {batch}
            postMessage(to_js({"batch": effects}, dict_converter=Object.fromEntries))

    setTimeout(create_once_callable(run), 0)


app = App(soon)


def handle(text: str) -> None:
    """Handle one message from the page (JSON) and post the page its effects: one answer for each message."""
    postMessage(app.handle(text))
