"""Fixtures for the peer-to-peer room tests: a local Nostr relay, a WebRTC-ready Chromium, peers on pages.

A test module imports the fixture functions it uses; pytest registers them under their ``name=``, which
differs from the function's so that test arguments do not shadow the import. The session's Chromium has
the WebRTC flags of PLATFORM.md (conftest's ``browser``), so conftest's ``new_context`` (which checks that
requests stay on 127.0.0.1 and that pages report no errors) drives the peers unchanged.
"""

from __future__ import annotations

import statistics
from urllib.parse import urlsplit

import pytest

from tools.relays import ThirdPartyRelay, project_relay

from .rooms_driver import WAIT_MS

TEST_PAGE = "tests/fixtures/transport.html"


@pytest.fixture(name="relay_url", scope="session")
def relay_url_fixture():
    """``node tools/relay.mjs`` on 127.0.0.1 for the session: its ws:// URL."""
    with project_relay() as url:
        yield url


@pytest.fixture(name="third_party_relay", scope="session")
def third_party_relay_fixture(tmp_path_factory):
    """``nostr-relay`` (pip), a relay nobody here wrote, with its own defaults, for the session (``.url``, ``.log``)."""
    relay = ThirdPartyRelay(tmp_path_factory.mktemp("nostr-relay"))
    yield relay
    relay.stop()


@pytest.fixture(name="hostile_relay_url")
def hostile_relay_url_fixture():
    """A relay that forwards whatever it is sent, signed or not (``--hostile``), for one test: its ws:// URL."""
    with project_relay("--hostile") as url:
        yield url


class Peer:
    """One page of tests/fixtures/transport.html: a thin Python face for its ``window.net`` hooks."""

    def __init__(self, page):
        self.page = page
        self.id = None

    def call(self, expression: str, *args):
        """Evaluate ``expression`` (a JS function of the arguments) in the page and return its result."""
        return self.page.evaluate(f"(args) => ({expression})(...args)", list(args))

    def open(self, kind: str, room: str = "", password: str = "") -> str:
        """Open a transport of ``kind`` and remember this peer's id."""
        self.id = self.call("(kind, room, password) => net.open(kind, room, password)", kind, room, password)
        return self.id

    def log(self) -> list[list[str]]:
        """Every event so far: ["join", id], ["leave", id], ["msg", id, text], ["error", message]."""
        return self.page.evaluate("net.log")

    def wait_for(self, *entry: str) -> None:
        """Wait until the log holds ``entry`` (e.g. "join", peer_id)."""
        self.page.wait_for_function(
            "(entry) => net.log.some((seen) => JSON.stringify(seen) === JSON.stringify(entry))",
            arg=list(entry),
            timeout=WAIT_MS,
        )

    def wait_until(self, predicate: str) -> None:
        """Wait until ``predicate`` (a JS function of the log) is true."""
        self.page.wait_for_function(f"() => ({predicate})(net.log)", timeout=WAIT_MS)

    def messages(self) -> list[tuple[str, str]]:
        """The (sender, text) pairs received so far."""
        return [(entry[1], entry[2]) for entry in self.log() if entry[0] == "msg"]

    def peers(self) -> set[str]:
        """The peer ids the transport lists as connected."""
        return set(self.page.evaluate("net.transport().peers()"))

    def send(self, peer_id: str, text: str) -> bool:
        """Send ``text`` to one peer: whether the transport took it."""
        return self.call("(peer, text) => net.transport().send(peer, text)", peer_id, text)

    def broadcast(self, text: str) -> None:
        """Send ``text`` to every connected peer."""
        self.call("(text) => net.transport().broadcast(text)", text)

    def leave(self) -> None:
        """Leave the room: say goodbye to every peer, then close the channels."""
        self.page.evaluate("net.transport().leave()")

    def round_trips(self, peer_id: str, count: int, size: int = 0) -> list[float]:
        """``count`` ping/pong round trips to ``peer_id`` with ``size`` bytes of padding each way, in ms."""
        return self.call("(peer, count, size) => net.roundTrips(peer, count, size)", peer_id, count, size)


@pytest.fixture(name="open_peer")
def open_peer_fixture(new_context, site_url):
    """Open the test page as a peer: in a new context (a fresh profile) or, with ``context=``, next to others.

    ``query`` is the page's URL query (the config overrides). Each context may use the camera and the
    microphone, because without that permission Chromium gathers no ICE candidates. Every WebSocket a
    page opens is recorded, and the test fails if one went anywhere but 127.0.0.1.
    """
    origin = site_url.rstrip("/")
    sockets = []

    def open_(query: str = "", context=None) -> Peer:
        if context is None:
            context = new_context()
            context.grant_permissions(["microphone", "camera"], origin=origin)
        page = context.new_page()
        page.on("websocket", lambda socket: sockets.append(socket.url))
        page.goto(f"{site_url}{TEST_PAGE}?{query}")
        page.wait_for_selector("html[data-ready]", state="attached")
        return Peer(page)

    open_.sockets = sockets
    yield open_
    outside = [url for url in sockets if urlsplit(url).hostname != "127.0.0.1"]
    assert not outside, f"WebSockets left 127.0.0.1: {outside}"


def summary(times: list[float]) -> str:
    """Median and 95th percentile of ``times`` (ms), for the printed measurements."""
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else times[0]
    return f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms (n={len(times)})"
