"""The room transports in real Chromium: Nostr through the local relay, BroadcastChannel, and links.

Each peer is a page of tests/fixtures/transport.html in its own browser context (a separate profile),
except where tabs of one profile are the point. Everything stays on 127.0.0.1: the relay is
``tools/relay.mjs`` and the ICE server list is empty (``?ice=none``). The whole module also passes
inside a loopback-only network namespace:

    tools/sealed.sh python -m pytest -m rooms tests/browser/test_transport.py -s

With ``-s`` it prints the measured datachannel round trips.
"""

from __future__ import annotations

import os
import time
import uuid

import pytest
from playwright.sync_api import Error as PlaywrightError

from game.net import p256

from .rooms_fixtures import WAIT_MS, open_peer_fixture, relay_url_fixture, summary  # noqa: F401

pytestmark = pytest.mark.rooms


def room() -> str:
    """A fresh room id, so no test meets another test's peers on the shared relay."""
    return f"test-{uuid.uuid4().hex[:12]}"


def nostr_peers(open_peer, relay_url, count: int, name: str, password: str = "pw") -> list:
    """``count`` peers, each in its own context, in room ``name`` through the local relay."""
    peers = [open_peer(f"relay={relay_url}&ice=none") for _ in range(count)]
    for peer in peers:
        peer.open("nostr", name, password)
    return peers


def wait_for_mesh(peers: list) -> None:
    """Wait until every peer has seen every other peer join."""
    for peer in peers:
        for other in peers:
            if other is not peer:
                peer.wait_for("join", other.id)


def test_two_peers_meet_through_the_local_relay_and_talk(open_peer, relay_url, capsys):
    a, b = nostr_peers(open_peer, relay_url, 2, room())
    wait_for_mesh([a, b])
    assert a.peers() == {b.id} and b.peers() == {a.id}

    assert a.send(b.id, '{"hello": "b"}')
    b.wait_for("msg", a.id, '{"hello": "b"}')
    b.broadcast("to everyone")
    a.wait_for("msg", b.id, "to everyone")
    assert not a.send("nobody-with-this-id", "lost"), "a peer that is not connected takes no message"

    small = a.round_trips(b.id, 200)
    large = a.round_trips(b.id, 30, size=12_000)
    with capsys.disabled():
        print(f"\nnostr datachannel round trip, small: {summary(small)}; 12 KB each way: {summary(large)}")

    b.leave()
    a.wait_for("leave", b.id)
    assert a.peers() == set()
    assert a.messages() == [(b.id, "to everyone")], "the pings stay out of the log; nothing else arrived"


def test_four_peers_form_a_mesh_and_messages_reach_only_their_targets(open_peer, relay_url):
    peers = nostr_peers(open_peer, relay_url, 4, room())
    wait_for_mesh(peers)
    first, *others = peers
    last = others[-1]

    for peer in peers:
        peer.broadcast(f"hello from {peer.id}")
    for peer in peers:
        expected = {(other.id, f"hello from {other.id}") for other in peers if other is not peer}
        peer.wait_until(f"(log) => log.filter((entry) => entry[0] === 'msg').length >= {len(expected)}")
        assert set(peer.messages()) == expected

    assert first.send(last.id, "for your eyes only")
    last.wait_for("msg", first.id, "for your eyes only")
    # Ordered channels: once the broadcast after the private message has arrived, the private one had its chance.
    first.broadcast("after")
    for peer in others:
        peer.wait_for("msg", first.id, "after")
    for peer in others[:-1]:
        assert (first.id, "for your eyes only") not in peer.messages()

    # A peer that vanishes without saying goodbye (its profile closed) is noticed by the rest.
    last.page.context.close()
    for peer in peers[:-1]:
        peer.wait_for("leave", last.id)
        assert last.id not in peer.peers()


def test_a_peer_with_the_wrong_password_is_refused(open_peer, relay_url):
    name = room()
    a, b = nostr_peers(open_peer, relay_url, 2, name, password="right")
    (intruder,) = nostr_peers(open_peer, relay_url, 1, name, password="wrong")
    wait_for_mesh([a, b])
    # Whichever side fails to decrypt the other's offer reports it: the newcomer, the room's peers, or both.
    error = ["error", "incorrect room password when decrypting offer"]
    deadline = time.monotonic() + WAIT_MS / 1000
    while not any(error in peer.log() for peer in (a, b, intruder)):
        assert time.monotonic() < deadline, "nobody noticed the wrong password"
        a.page.wait_for_timeout(50)
    assert intruder.id not in a.peers() | b.peers()
    assert intruder.peers() == set()


def test_tabs_of_one_profile_talk_over_broadcast_channel(open_peer):
    name = room()
    elsewhere = open_peer()  # another profile: BroadcastChannel never reaches it
    elsewhere.open("tabs", name)
    first = open_peer()
    other_password = open_peer(context=first.page.context)
    other_password.open("tabs", name, "another password")
    tabs = [first] + [open_peer(context=first.page.context) for _ in range(2)]
    for tab in tabs:
        tab.open("tabs", name)
    wait_for_mesh(tabs)
    _, second, third = tabs

    assert first.send(second.id, "psst")
    second.wait_for("msg", first.id, "psst")
    second.broadcast("hello tabs")
    first.wait_for("msg", second.id, "hello tabs")
    third.wait_for("msg", second.id, "hello tabs")
    # One channel carries everything in order: the broadcast after the private message reached the third tab.
    first.broadcast("after")
    third.wait_for("msg", first.id, "after")
    assert (first.id, "psst") not in third.messages()
    assert elsewhere.log() == [] and other_password.log() == []

    # Closing a tab says goodbye (pagehide); leaving does too.
    second.page.close()
    first.wait_for("leave", second.id)
    third.leave()
    first.wait_for("leave", third.id)
    assert first.peers() == set()


def connect_by_link(host, guest) -> tuple[str, str]:
    """The invitation dance (host's link → guest's answer → host), then both connected: the link and the answer."""
    invitation = host.call("(base) => net.transport().createOfferLink(base)", "https://example.invalid/play")
    answer = guest.call("(text) => net.transport().acceptOffer(text)", invitation)
    assert host.call("(text) => net.transport().acceptAnswer(text)", answer) == guest.id
    wait_for_mesh([host, guest])
    return invitation, answer


def test_link_connects_profiles_with_no_relay_at_all(open_peer, capsys):
    host, guest, second_guest = (open_peer("ice=none") for _ in range(3))
    for peer in (host, guest, second_guest):
        peer.open("link")

    invitation, answer = connect_by_link(host, guest)
    assert invitation.startswith("https://example.invalid/play#offer=")
    assert guest.send(host.id, "via the link")
    host.wait_for("msg", guest.id, "via the link")
    times = host.round_trips(guest.id, 200)
    with capsys.disabled():
        print(f"\nlink datachannel round trip: {summary(times)}; offer {len(invitation)} chars, answer {len(answer)}")

    # One host, one invitation per guest: a star, and a broadcast reaches every guest.
    connect_by_link(host, second_guest)
    assert host.peers() == {guest.id, second_guest.id}
    host.broadcast("welcome")
    guest.wait_for("msg", host.id, "welcome")
    second_guest.wait_for("msg", host.id, "welcome")

    guest.leave()
    host.wait_for("leave", guest.id)
    # A guest whose browser profile vanishes says nothing; the host notices after the grace period.
    second_guest.page.context.close()
    host.wait_for("leave", second_guest.id)
    assert host.peers() == set()
    assert open_peer.sockets == [], "the link transport opened a WebSocket"


@pytest.mark.parametrize(
    ("method", "text", "complaint"),
    [
        ("acceptOffer", "nonsense!", "not a Face Down invitation"),
        ("acceptOffer", "https://example.invalid/#offer=AAAA", "not a Face Down invitation"),
        ("acceptAnswer", "garbage", "not a Face Down answer"),
    ],
)
def test_link_refuses_text_that_is_not_a_token(open_peer, method, text, complaint):
    peer = open_peer("ice=none")
    peer.open("link")
    with pytest.raises(PlaywrightError, match=complaint):
        peer.call(f"(text) => net.transport().{method}(text)", text)


def test_link_refuses_its_own_offer_an_offer_as_answer_and_a_used_answer(open_peer):
    host = open_peer("ice=none")
    guest = open_peer("ice=none")
    host.open("link")
    guest.open("link")
    offer = host.call("() => net.transport().createOffer()")
    with pytest.raises(PlaywrightError, match="your own invitation"):
        host.call("(text) => net.transport().acceptOffer(text)", offer)
    with pytest.raises(PlaywrightError, match="not a Face Down answer"):
        host.call("(text) => net.transport().acceptAnswer(text)", offer)
    answer = guest.call("(text) => net.transport().acceptOffer(text)", offer)
    assert host.call("(text) => net.transport().acceptAnswer(text)", answer) == guest.id
    with pytest.raises(PlaywrightError, match="used already"):
        host.call("(text) => net.transport().acceptAnswer(text)", answer)


def test_url_parameters_override_the_config(open_peer):
    default = open_peer().call("() => net.config()")
    assert default["relayUrls"] and all(url.startswith("wss://") for url in default["relayUrls"])
    assert default["iceServers"], "by default the STUN servers are there"

    local = open_peer("relay=ws://127.0.0.1:1,ws://127.0.0.1:2&relay=ws://127.0.0.1:3&ice=none").call(
        "() => net.config()"
    )
    assert local["relayUrls"] == ["ws://127.0.0.1:1", "ws://127.0.0.1:2", "ws://127.0.0.1:3"]
    assert local["iceServers"] == []
    assert local["appId"] == default["appId"]

    turn = open_peer("ice=turn:127.0.0.1:3478").call("() => net.config()")
    assert turn["iceServers"] == [{"urls": "turn:127.0.0.1:3478"}]
    with pytest.raises(PlaywrightError, match="must start with ws:// or wss://"):
        open_peer("relay=https://127.0.0.1:1").call("() => net.config()")


def test_transports_carry_text_only_and_need_a_room(open_peer):
    peer = open_peer()
    peer.open("tabs", room())
    with pytest.raises(PlaywrightError, match="text only"):
        peer.call("() => net.transport().broadcast({ not: 'text' })")
    for kind, name, complaint in [("carrier-pigeon", "room", "Unknown transport"), ("nostr", "", "needs a room id")]:
        with pytest.raises(PlaywrightError, match=complaint):
            peer.call(
                "(kind, name) => import('/static/vendor/net/transport.js').then((m) => m.openTransport(kind, name))",
                kind,
                name,
            )


def test_qr_code_is_an_svg_that_grows_with_the_link(open_peer):
    peer = open_peer()
    short = peer.call("(text) => net.qrSvg(text)", "https://example.invalid/#room=abc")
    long = peer.call("(text) => net.qrSvg(text)", "https://example.invalid/#offer=" + "A" * 700)
    for svg in (short, long):
        assert svg.startswith("<svg") and "viewBox" in svg
    size = lambda svg: int(svg.split('viewBox="0 0 ')[1].split()[0])  # noqa: E731
    assert size(long) > size(short)
    peer.page.set_content(f"<body>{long}</body>")
    box = peer.page.locator("svg").bounding_box()
    assert box["width"] > 0 and abs(box["width"] - box["height"]) < 1


WEBCRYPTO = """async ([publicHex, signatureHex, message]) => {
  const bytes = (hex) => Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
  const hex = (buffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const data = new TextEncoder().encode(message);
  const ecdsa = { name: "ECDSA", namedCurve: "P-256" };
  const theirs = await crypto.subtle.importKey("raw", bytes(publicHex), ecdsa, false, ["verify"]);
  const verified = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, theirs, bytes(signatureHex), data);
  const ours = await crypto.subtle.generateKey(ecdsa, true, ["sign", "verify"]);
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, ours.privateKey, data);
  const ecdh = { name: "ECDH", namedCurve: "P-256" };
  const pair = await crypto.subtle.generateKey(ecdh, true, ["deriveBits"]);
  const other = await crypto.subtle.importKey("raw", bytes(publicHex), ecdh, false, []);
  const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: other }, pair.privateKey, 256);
  return {
    verified,
    publicKey: hex(await crypto.subtle.exportKey("raw", ours.publicKey)),
    signature: hex(signature),
    ecdhPublic: hex(await crypto.subtle.exportKey("raw", pair.publicKey)),
    shared: hex(shared),
  };
}"""


def test_the_hosts_python_keys_speak_webcrypto(open_peer):
    """game/net/p256.py's keys, signatures and ECDH secrets are WebCrypto's, both ways, in Chromium."""
    secret = p256.private_key(os.urandom(48))
    message = "room Vq3k9XJ2a7Qe, host peer, guest peer, nonce"
    signature = p256.sign(secret, message.encode(), os.urandom(32))
    page = open_peer().page
    result = page.evaluate(WEBCRYPTO, [p256.public_key(secret).hex(), signature.hex(), message])
    assert result["verified"], "WebCrypto verifies the Python signature"
    assert p256.verify(bytes.fromhex(result["publicKey"]), message.encode(), bytes.fromhex(result["signature"]))
    assert p256.shared_secret(secret, bytes.fromhex(result["ecdhPublic"])).hex() == result["shared"]
