"""The embed's side of its conversation with the page that frames it (embed.html). MicroPython, on the page's
thread; imported only in the embed.

1. Its own save slot. Unless the URL names one (``save=...``), the slot is derived from the frame's parameters and
   its place among the parent page's frames: two embeds on one page never share a saved game, and each finds its
   own again when the page is reloaded. It is written into the URL before the engine reads it.
2. Messages to the parent page, each ``{source: "face-down", type, ...}``: ``ready`` once the game is playable;
   ``over`` with ``game``, ``names``, ``winners``, ``scores`` at the end of each game (``<html data-result>``);
   ``resize`` with ``width``, ``height`` whenever the content's size changes. They go to the parent's origin when
   the browser says what it is, and hold nothing a player may not see. The embed listens to no messages, so a page
   can't play moves in it.
"""

import math

import js

from game.web.page.dom import ROOT, attr, document, query_pairs, replace_url, window


def utf16(text):
    """``text``'s UTF-16 code units, as JavaScript counts a string's characters."""
    for char in text:
        code = ord(char)
        if code > 0xFFFF:
            yield 0xD800 | ((code - 0x10000) >> 10)
            yield 0xDC00 | ((code - 0x10000) & 0x3FF)
        else:
            yield code


def fnv1a(text):
    """FNV-1a, 32 bits, over UTF-16 units, in base 36: short, stable, and good enough to tell a page's few embeds
    apart (the slots kept by the embed's earlier JavaScript are found again)."""
    value = 0x811C9DC5
    for unit in utf16(text):
        value ^= unit
        value = (value * 0x01000193) & 0xFFFFFFFF
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        value, digit = divmod(value, 36)
        text = digits[digit] + text
        if value == 0:
            return text


def frame_index():
    """This frame's place among its parent's frames (cross-origin, a frame may still count them), or -1."""
    frames = window.parent.frames
    for index in range(frames.length):
        if frames[index] == window:
            return index
    return -1


class Embed:
    """The embed's save slot and its messages to the parent page."""

    def __init__(self):
        self.framed = window.parent != window
        self.ready_sent = False
        self.last_result = None
        self.last_size = ""
        self.parent_origin = "*"

    def start(self):
        """Take the embed's save slot, and in a frame start telling the parent page."""
        params = js.URLSearchParams.new(window.location.search)
        if not params.has("save"):
            # Sorted as JavaScript sorts [name, value] pairs: by "name,value".
            pairs = sorted(query_pairs(window.location.search), key=lambda pair: pair[0] + "," + pair[1])
            slot = (
                "&".join(name + "=" + value for name, value in pairs) + "#" + str(frame_index() if self.framed else -1)
            )
            params.set("save", "embed-" + fnv1a(slot))
            replace_url("?" + params.toString(), window.location.hash)
        if not self.framed:
            return
        ancestors = attr(window.location, "ancestorOrigins")
        if ancestors is not None and ancestors.length:
            self.parent_origin = ancestors[0]
        elif document.referrer:
            self.parent_origin = js.URL.new(document.referrer).origin  # else "*": nothing sent is secret
        options = js.Object.new()
        options.attributes = True
        options.attributeFilter = ["data-ready", "data-over", "data-result"]
        js.MutationObserver.new(self.on_markers).observe(ROOT, options)
        js.ResizeObserver.new(self.on_resize).observe(ROOT)

    def post(self, kind, details):
        message = js.Object.assign(js.Object.new(), details)
        message.source = "face-down"
        message.type = kind
        window.parent.postMessage(message, self.parent_origin)

    def on_markers(self, *_):
        if not self.ready_sent and attr(ROOT.dataset, "ready") == "true":
            self.ready_sent = True
            self.post("ready", js.Object.new())
        result = attr(ROOT.dataset, "result") if attr(ROOT.dataset, "over") == "true" else None
        if result and result != self.last_result:
            self.post("over", js.JSON.parse(result))
        self.last_result = result

    def on_resize(self, *_):
        box = ROOT.getBoundingClientRect()
        width, height = math.ceil(box.width), math.ceil(box.height)
        size = str(width) + "x" + str(height)
        if size == self.last_size:
            return
        self.last_size = size
        details = js.Object.new()
        details.width = width
        details.height = height
        self.post("resize", details)
