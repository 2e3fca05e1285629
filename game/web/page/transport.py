"""The room's transport on the page: static/js/rooms.js loads it (JavaScript: WebRTC and Nostr), the engine's effects
open and close it, and its news goes to the engine. MicroPython, on the page's thread; imported when a room opens."""

import js

from game.web.page.dom import attr, listed
from game.web.page.engine import engine


class Transport:
    """The room's transport: opened and closed by the engine's effects, its news sent to the engine numbered by the
    transport it came from (``gen``), whatever kind of news it is."""

    def __init__(self):
        self.opened = None
        self.gen = None  # the number of the transport the engine wants open

    def open(self, gen, kind, room, key):
        self.gen = gen
        listeners = js.Object.new()
        listeners.open = lambda opened: self.on_open(gen, opened)
        listeners.news = lambda event, *args: self.news(gen, event, list(args))

        def done(opened):
            if opened is not None and attr(opened, "refused") is not None:
                self.news(gen, "refused", [opened.refused])  # the link's network settings are wrong
            elif self.gen != gen and opened is not None:
                opened.leave()  # the room was left while it opened

        def broke(error):
            js.console.error("Face Down's room network failed:", error)
            self.news(gen, "broke", [str(error)])

        js.faceDownNet.open(kind, room, key, listeners).then(done, broke)

    def on_open(self, gen, opened):
        if self.gen != gen:
            return
        self.opened = opened
        self.news(gen, "open", [opened.selfId])

    def news(self, gen, event, args):
        if self.gen == gen:
            engine.post({"type": "net", "gen": gen, "event": event, "args": [plain(arg) for arg in args]})

    def close(self):
        self.gen = None
        if self.opened is not None:
            self.opened.leave()
        self.opened = None

    def send(self, peer, text):
        if self.opened is not None:
            self.opened.send(peer, text)

    def status(self):
        """The transport's status for a timer's message (how many relays, which peers heard), or ``None``."""
        if self.opened is None:
            return None
        status = self.opened.status()
        return {"relays": status.relays, "heard": [plain(peer) for peer in listed(status.heard)]}


def plain(value):
    """``value`` from JavaScript as JSON takes it: a string, number, bool or ``None`` as it is, else its text."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


transport = Transport()
