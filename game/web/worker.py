"""The page's Python in its Web Worker: static/js/worker.mjs hands each message from the page to :func:`handle`.

The only module of the page's Python that touches the browser: it posts :class:`~game.web.app.App`'s answer
to each message back to the page (static/js/page.js).
"""

from __future__ import annotations

from js import postMessage

from .app import App

app = App()


def handle(text: str) -> None:
    """Handle one message from the page (JSON) and post the page its effects: one answer for each message."""
    postMessage(app.handle(text))
