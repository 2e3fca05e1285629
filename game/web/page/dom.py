"""The page as the page's own modules reach it: the window, the document and a few helpers every one of them uses.

MicroPython, on the page's thread (see :mod:`game.web.page.main`). MicroPython has no ``__future__`` module, so the
page's modules have no ``from __future__ import annotations``; they use no annotations that would need one.
"""

import js
from pyscript.ffi import create_proxy

window = js.window  # the page's window (pyscript's ``window`` here is the ``js`` module, which binds no listener)
document = js.document
ROOT = document.documentElement
EMBEDDED = document.querySelector('meta[name="face-down-embed"]') is not None
REDRAW = js.faceDownRedraw  # static/js/redraw.js, the table's one writer


def attr(thing, name):
    """``thing.name``, or ``None`` where JavaScript has none (MicroPython raises AttributeError for undefined)."""
    return getattr(thing, name, None)


def by_id(name):
    """The element whose id is ``name`` (``None`` if the page has none: the embed has no menu)."""
    return document.getElementById(name)


def listen(target, kind, handler, capture=False):
    """Bind ``handler``, a Python function of the event, to ``target``'s ``kind`` events: how every listener of the
    page is bound.

    This is what PyScript's ``when()`` does for a DOM target, without what it adds: its first call imports
    ``pyscript.web`` (1,463 lines MicroPython compiles on the page's thread) to read its selector.
    """
    target.addEventListener(kind, create_proxy(handler), capture)


def listed(array):
    """A JavaScript array's items, as a Python list."""
    return [array[index] for index in range(array.length)]


def query_pairs(search):
    """The (name, value) pairs of the URL query ``search``, in order."""
    return [(pair[0], pair[1]) for pair in listed(getattr(js.Array, "from")(js.URLSearchParams.new(search)))]


def place():
    """The page's URL, as the engine reads it: its parts, and its query as a dict."""
    location = window.location
    return {
        "origin": location.origin,
        "pathname": location.pathname,
        "search": location.search,
        "hash": location.hash,
        "params": dict(query_pairs(location.search)),
    }


def replace_url(search, fragment):
    """Show the page's path with ``search`` (``?...``) and ``fragment`` (``#...``) in the address bar, adding no
    history."""
    window.history.replaceState(None, "", window.location.pathname + search + fragment)
