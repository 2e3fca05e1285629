"""The engine's worker: PyScript runs this in Pyodide, in its named worker ``engine`` (index.html), off the page's
thread, with the engine installed from its wheel (pyscript.toml).

The worker's end of the engine's channel (:mod:`game.web.page.engine` says what travels on it): every message of the
page's comes in as JSON text through ``xworker.onmessage``; :class:`~game.web.app.App` handles it, and the answer, its
effects as JSON, goes back through ``xworker.postMessage``, one for each message, in order, even when the engine
failed on it. The effects of the app's own timers go the same way, as batches; questions (how this Python started,
the room's state, Python to run, a snapshot to make) get replies. Nothing here reaches the page's ``window`` or
``document``, so the worker needs no SharedArrayBuffer and no cross-origin isolation: blogs and a file keep working.
"""

from __future__ import annotations

import json
import traceback

import js
from polyscript import xworker
from pyodide.code import eval_code
from pyodide.ffi import create_once_callable

from game.web.app import App


def send(kind: str, effects: str, error: str | None = None) -> None:
    """Send the page ``effects`` (JSON text of a list): an ``answer`` to its message, or a ``batch`` of the engine's
    own; with ``error``, what went wrong."""
    said = "" if error is None else f',"error":{json.dumps(error)}'
    xworker.postMessage(f'{{"kind":"{kind}","effects":{effects}{said}}}')


def reply(number: int, value: object = None, error: str | None = None) -> None:
    """Reply to the page's question ``number`` with ``value`` (plain data), or with ``error``."""
    answer = {"kind": "reply", "id": number, "value": value} if error is None else {"kind": "reply", "id": number}
    if error is not None:
        answer["error"] = error
    xworker.postMessage(json.dumps(answer))


def soon(number: int) -> None:
    """Run the app's timer ``number`` here once the messages already waiting are handled; its effects go to the page
    as a batch (they answer no message of the page's)."""

    def run(*_):
        try:
            effects = app.run_timer(number)
        except Exception:
            js.console.error(traceback.format_exc())
            return
        if effects != "[]":
            send("batch", effects)

    js.setTimeout(create_once_callable(run), 0)


app = App(soon)
SCRATCH: dict = {}  # the namespace of the code run for the page's "python" questions, kept from one to the next


def on_message(event) -> None:
    """A message from the page (PyScript's worker calls ``xworker.onmessage`` with each): a question, or one for
    the app, which is answered whatever happens."""
    text = event.data
    received = json.loads(text)
    if received["type"] == "ask":
        answer(received)
        return
    try:
        effects = app.handle(text)
    except Exception:
        failure = traceback.format_exc()
        js.console.error(failure)
        send("answer", "[]", failure)
        return
    send("answer", effects)


def answer(question: dict) -> None:
    """Reply to one of the page's questions (``window.faceDownRoom()``, ``faceDownPython()``: tests, tools and bug
    reports; the start and the snapshot: the page's <html data-python> and data-snapshot)."""
    number, asked = question["id"], question["question"]
    try:
        if asked == "started":
            reply(number, js.faceDownPythonStart)  # "restored" or "booted" (static/js/python.mjs)
        elif asked == "room":
            reply(number, app.debug_state())
        elif asked == "python":
            reply(number, eval_code(question["code"], SCRATCH))
        elif asked == "snapshot":
            # Made in a worker of its own (static/js/python.mjs): its key once kept, else None.
            js.faceDownMakeSnapshot().then(lambda key: reply(number, key))
        else:
            reply(number, error=f"no such question: {asked}")
    except Exception as error:
        reply(number, error=f"{type(error).__name__}: {error}")


xworker.onmessage = on_message
