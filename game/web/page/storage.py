"""This browser's storage of the page's own keys (``face-down/...``), which the engine reads at boot and writes
through its effects. MicroPython, on the page's thread."""

import js

from game.web.page.dom import window

PREFIX = "face-down/"


def kept():
    """Every key of the page's own and its text; empty where the browser keeps nothing (a sandboxed frame)."""
    found = {}
    try:
        local = window.localStorage
        for index in range(local.length):
            key = local.key(index)
            if key.startswith(PREFIX):
                found[key] = local.getItem(key)
    except Exception:  # no storage here: nothing was kept
        pass
    return found


def store(key, text):
    """Keep ``text`` under ``key`` (``None``: forget it); a browser that refuses is said on the console."""
    try:
        if text is None:
            window.localStorage.removeItem(key)
        else:
            window.localStorage.setItem(key, text)
    except Exception as error:
        js.console.info("Face Down could not keep this in the browser's storage:", str(error))
