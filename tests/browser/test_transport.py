"""The room transports in real Chromium: WebRTC signaled through the local relay, the relay itself when WebRTC
cannot connect, and BroadcastChannel.

Each peer is a page of tests/fixtures/transport.html in its own browser context (a separate profile),
except where tabs of one profile are the point. Everything stays on 127.0.0.1: the relay is
``tools/relay.mjs`` and the ICE server list is empty (``?ice=none``). The whole module also passes
inside a loopback-only network namespace:

    tools/sealed.sh python -m pytest -m rooms tests/browser/test_transport.py -s

With ``-s`` it prints the measured datachannel round trips.
"""

from __future__ import annotations

import os
import subprocess
import time
import uuid

import pytest
from playwright.sync_api import Error as PlaywrightError

from game.net import p256
from tools.serve import ROOT

from .rooms_fixtures import WAIT_MS, hostile_relay_url_fixture, open_peer_fixture, relay_url_fixture, summary  # noqa: F401

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
    a.wait_for("path", b.id, "direct")

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
    # Whichever side fails to decrypt the other's offer says so in a sentence: the newcomer, the room's peers, or both.
    error = ["error", "This invitation's room password does not match the room: ask the host for the link again."]
    deadline = time.monotonic() + WAIT_MS / 1000
    while not any(error in peer.log() for peer in (a, b, intruder)):
        assert time.monotonic() < deadline, "nobody noticed the wrong password"
        a.page.wait_for_timeout(50)
    assert intruder.id not in a.peers() | b.peers()
    assert intruder.peers() == set()


# --- through the relays: when WebRTC cannot connect two networks --------------------------------------------------

# Every event the relay forwards, as anyone connected to it sees them (a relay is public: it hides nothing).
EAVESDROP = """(url) => new Promise((ready) => {
  window.overheard = [];
  const socket = new WebSocket(url);
  socket.onopen = () => { socket.send(JSON.stringify(["REQ", "all", {}])); ready(); };
  socket.onmessage = ({ data }) => {
    const [type, , event] = JSON.parse(data);
    if (type === "EVENT") overheard.push(event);
  };
})"""


def test_peers_that_cannot_connect_directly_talk_through_the_relays(open_peer, relay_url, capsys):
    listener = open_peer()
    listener.page.evaluate(EAVESDROP, relay_url)
    name = room()
    a, b = [open_peer(f"relay={relay_url}&ice=none&via=relay") for _ in range(2)]
    for peer in (a, b):
        peer.open("nostr", name, "pw")
    wait_for_mesh([a, b])
    a.wait_for("path", b.id, "relay")
    b.wait_for("path", a.id, "relay")

    # In order, each once (every relay delivers its own copy), the long one in parts.
    texts = [f"message {number} about the seven of clubs" for number in range(20)] + ["x" * 40_000]
    for text in texts:
        assert a.send(b.id, text)
    b.wait_until(f"(log) => log.filter((e) => e[0] === 'msg').length >= {len(texts)}")
    assert b.messages() == [(a.id, text) for text in texts]
    times = a.round_trips(b.id, 40)
    with capsys.disabled():
        print(f"\nrelay round trip (local relay): {summary(times)}")

    # The relay carried all of it, and none of it could be read there.
    overheard = listener.page.evaluate("overheard")
    assert len(overheard) >= len(texts)
    contents = " ".join(event["content"] for event in overheard)
    assert "clubs" not in contents and "message" not in contents and b.id not in contents

    b.page.close(run_before_unload=True)  # its goodbye goes through the relays too
    a.wait_for("leave", b.id)
    assert a.peers() == set()


def test_a_peer_heard_in_the_room_is_reached_through_the_relays_when_no_direct_channel_opens(open_peer, relay_url):
    # The second peer cannot open WebRTC at all; the first tries, waits a few seconds, then goes through the relays.
    name = room()
    hopeful = open_peer(f"relay={relay_url}&ice=none")
    stuck = open_peer(f"relay={relay_url}&ice=none&via=relay")
    hopeful.open("nostr", name, "pw")
    stuck.open("nostr", name, "pw")
    hopeful.wait_for("join", stuck.id)
    hopeful.wait_for("path", stuck.id, "relay")
    assert hopeful.send(stuck.id, "across")
    stuck.wait_for("msg", hopeful.id, "across")
    assert stuck.send(hopeful.id, "and back")
    hopeful.wait_for("msg", stuck.id, "and back")
    status = hopeful.call("() => net.transport().status()")
    assert (status["relays"], status["refused"], status["refusals"], status["heard"]) == (1, 0, 0, [stuck.id])


def test_a_cheating_peer_in_the_mailbox_cannot_speak_for_another_nor_break_the_room(open_peer, hostile_relay_url):
    """Every envelope a peer holding the invitation can send, made to harm (tests/fixtures/hostile_mailbox.mjs), through
    a relay that forwards even events whose signature does not hold: nothing forged is taken, nobody is dropped,
    and the two honest pages go on talking in order."""
    name = room()
    a, b = [open_peer(f"relay={hostile_relay_url}&ice=none&via=relay") for _ in range(2)]
    for peer in (a, b):
        peer.open("nostr", name, "pw")
    wait_for_mesh([a, b])
    assert a.send(b.id, "before")
    b.wait_for("msg", a.id, "before")
    app_id = a.call("() => net.config().appId")
    attack = [
        "node",
        str(ROOT / "tests/fixtures/hostile_mailbox.mjs"),
        hostile_relay_url,
        app_id,
        name,
        "pw",
        a.id,
        b.id,
    ]
    for step in ([], ["--flood"]):
        done = subprocess.run([*attack, *step], capture_output=True, text=True, timeout=60)
        assert done.stdout.startswith("sent"), done.stderr
        assert a.send(b.id, f"after{' '.join(step)}")
        b.wait_for("msg", a.id, f"after{' '.join(step)}")
    a.round_trips(b.id, 3)  # whatever b still had to look at has been looked at
    assert b.messages() == [(a.id, "before"), (a.id, "after"), (a.id, "after--flood")], "nothing forged was taken"
    log = b.log()
    assert ["leave", a.id] not in log, "a goodbye in another's name drops nobody"
    assert not [entry for entry in log if entry[0] == "error"], "the other password is someone else's problem"
    joined = {entry[1] for entry in log if entry[0] == "join"}
    assert a.id in joined and len(joined) <= 16, "made-up peers are kept to a few"
    assert a.id in b.peers()


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

    # The FACE_DOWN_TURN form (USER and PASSWORD percent-encoded), itself encoded as a query value.
    turn = open_peer("ice=stun:127.0.0.1:3478,turn:fd%253Auser:p%2540ss%40127.0.0.1:3478%3Ftransport=tcp&via=relay")
    assert turn.call("() => net.config()")["iceServers"] == [
        {"urls": "stun:127.0.0.1:3478"},
        {"urls": "turn:127.0.0.1:3478?transport=tcp", "username": "fd:user", "credential": "p@ss"},
    ]
    assert turn.call("() => net.config()")["via"] == "relay"
    assert local["via"] == "any"
    for query, complaint in [
        ("relay=https://127.0.0.1:1", "must start with ws:// or wss://"),
        ("ice=http://127.0.0.1:1", "must start with stun:"),
        ("via=pigeon", 'must be "any" or "relay"'),
    ]:
        with pytest.raises(PlaywrightError, match=complaint):
            open_peer(query).call("() => net.config()")


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
    long = peer.call("(text) => net.qrSvg(text)", "https://example.invalid/#room=" + "A" * 700)
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
