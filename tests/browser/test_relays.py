"""Rooms through the relays people actually run: a relay nobody here wrote (nostr-relay from pip, with its own
defaults: 4,096 characters of content at most, a limit it does not publish) carries a whole room, every event fitted
to its limit; and a page whose every relay turns it away says so.

The mix of relays that misbehave in every other way (one down, one rate-limiting, one dropping events, one asking
for auth) is the relay lab's (bench/relays.py, in ``make bench``): it plays every game to the end through them.
"""

from __future__ import annotations

import hashlib
import time

import pytest

from game.web.roomscreen import RELAYS_REFUSE
from tools.relays import project_relay

from .rooms_driver import assert_verified, choose, create_room, join, perfect_moves, play, start
from .rooms_fixtures import (  # noqa: F401
    open_peer_fixture,
    relay_url_fixture,
    third_party_relay_fixture,
)
from .test_rooms import open_app_fixture  # noqa: F401
from .test_transport import room, wait_for_mesh

pytestmark = pytest.mark.rooms

NOSTR_RELAY_CONTENT = 4096  # nostr-relay's default limit on an event's content
# Every event of one room's mailbox, as anyone connected to the relay sees them (static/js/net/mailbox.js: the kind).
OVERHEAR = """([url, kind]) => new Promise((ready) => {
  window.overheard = [];
  const socket = new WebSocket(url);
  socket.onopen = () => { socket.send(JSON.stringify(["REQ", "all", { kinds: [kind] }])); ready(); };
  socket.onmessage = ({ data }) => {
    const [type, , event] = JSON.parse(data);
    if (type === "EVENT") overheard.push(event);
  };
})"""


def mailbox_kind(app_id: str, name: str) -> int:
    """The event kind of room ``name``'s mailbox."""
    topic = hashlib.sha256(f"face-down/mailbox/topic/{app_id}/{name}".encode()).hexdigest()
    return 20_000 + int(topic[:8], 16) % 10_000


def refusals(relay) -> list[str]:
    """The refusals nostr-relay logged (each one slows its connection down: 2 s, then 4, 8...)."""
    return [line for line in relay.log.read_text().splitlines() if "Throttling" in line]


def test_long_texts_cross_a_third_party_relay_in_parts_it_takes(open_peer, third_party_relay):
    """Two pages through nostr-relay alone: texts of every length up to the largest a room sends arrive whole, in
    parts whose events it takes (none over 4,096 characters, none refused)."""
    before = len(refusals(third_party_relay))
    listener = open_peer()
    name = room()
    app_id = listener.call("() => net.config().appId")
    listener.page.evaluate(OVERHEAR, [third_party_relay.url, mailbox_kind(app_id, name)])
    a, b = [open_peer(f"relay={third_party_relay.url}&ice=none&via=relay") for _ in range(2)]
    for peer in (a, b):
        peer.open("nostr", name, "pw")
    wait_for_mesh([a, b])
    texts = [f"{size}:" + "x" * size for size in (10, 2_000, 2_900, 3_000, 6_000, 21_552, 88_000)]
    for text in texts:
        assert a.send(b.id, text)
    b.wait_until(f"(log) => log.filter((e) => e[0] === 'msg').length >= {len(texts)}")
    assert sorted(b.messages()) == sorted((a.id, text) for text in texts)
    overheard = listener.page.evaluate("overheard")
    assert max(len(event["content"]) for event in overheard) <= NOSTR_RELAY_CONTENT
    status = a.call("() => net.transport().status()")
    assert status["relays"] == 1 and status["refused"] == 0 and status["refusals"] == 0, status
    assert len(refusals(third_party_relay)) == before


@pytest.mark.slow  # a whole game through the relay: the relay lab (make bench) plays every game so
def test_a_room_plays_to_the_end_through_a_third_party_relay_alone(open_app, site_url, third_party_relay):
    """The issue's stuck case: Concentration with 26 pairs for three, whose opening message is over what nostr-relay
    takes in one event, played to the end through it alone (``via=relay``), and not one event refused."""
    before = len(refusals(third_party_relay))
    home = f"{site_url}?relay={third_party_relay.url}&ice=none&via=relay&speed=instant&look=0"
    host, link = create_room(open_app, "concentration", 3, home=home, pairs="26")
    guests = [join(open_app, link, name, seat) for seat, name in ((1, "Ben"), (2, "Cleo"))]
    start(host, [host, *guests])
    play([host, *guests], perfect_moves())
    assert_verified([host, *guests])
    for peer in guests:
        state = peer.state()
        assert state["path"] == "relay" and state["links"]["backlog"] == 0, state
    assert len(refusals(third_party_relay)) == before


@pytest.fixture(name="refusing_relays")
def refusing_relays_fixture():
    """Two relays that turn this app away: one asks for auth, the other takes only ten characters. They stop after
    the test's pages have closed (a relay gone while a page still talks to it is an error on the page)."""
    with project_relay("--auth") as asking, project_relay("--max-content", "10") as tiny:
        yield [asking, tiny]


def test_a_page_whose_every_relay_refuses_it_says_so(refusing_relays, open_peer):
    """Relays that ask for auth, or refuse every event, are set aside: the transport says none will carry the room
    (the room's page turns that into a sentence: tests/web/test_roomscreen.py), within seconds."""
    peer = open_peer(f"relay={','.join(refusing_relays)}&ice=none&via=relay")
    peer.open("nostr", room(), "pw")
    peer.wait_until("(log) => log.some((e) => e[0] === 'relays' && e[1] === 0 && e[2] === 2)")
    status = peer.call("() => net.transport().status()")
    assert status["relays"] == 0 and status["refused"] == 2, status


def test_a_room_page_whose_every_relay_refuses_it_says_so_within_20_s(refusing_relays, open_app, site_url):
    """The host's page, on relays that all turn it away, says so in a sentence with what to try, well within 20 s."""
    home = f"{site_url}?relay={','.join(refusing_relays)}&ice=none&via=relay&speed=instant&look=0"
    host = open_app(home)
    choose(host.page, "concentration", 2)
    started = time.monotonic()
    host.page.click('[data-command="room-create"]')
    host.page.locator("#room-status", has_text=RELAYS_REFUSE).wait_for(timeout=20_000)
    assert time.monotonic() - started < 20
    assert "Connected" not in host.page.locator("#room").text_content()
