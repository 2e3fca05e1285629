"""The channel: every message after the handshake is encrypted for its one peer, authenticated and numbered.

Relayed messages cross public Nostr relays, and every guest has the room's link and password, so a
sealed message must show nobody but its peer what is inside. These tests check the construction
against its documented definition (also inside Pyodide, where only the standard library exists), the
refusals (any changed byte, its number or acknowledgement included, the other direction's message), and, end
to end, that a guest recording everything on the wire learns no card it was not shown. Which numbers are taken,
once and in order, is the link's (tests/net/test_link.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import re
import sys

import pytest

from game import new_match
from game.net.channel import ACK, MAX_SEALED_CHARS, PAD_BYTES, PROBE, Channel, DirectionKeys, box_chars
from game.net.identity import derive_keys
from game.net.log import Entry
from game.net.messages import MAX_MESSAGE_BYTES, encode
from tests.net.gated import GatedRoom
from tests.net.support import strings
from tests.support import advance_randomly, hidden_ids

SEND = DirectionKeys(bytes(range(32)), bytes(range(32, 64)))
RECEIVE = DirectionKeys(bytes(range(64, 96)), bytes(range(96, 128)))


def update_body(steps: int = 40) -> str:
    """A real update message of a Cambio game after ``steps`` random moves: events, a view and moves, card ids."""
    match = new_match("cambio", 3, seed="channel")
    advance_randomly(match, random.Random("channel"), steps)
    return encode("update", seat=0, step=match.step, since=0, events=match.events(0), view=match.view(0), legal=[])


def parts(text: str) -> tuple[str, str, str, str] | None:
    """``(seq, ack, mac, box)`` of a text shaped like a sealed message, else ``None``."""
    found = re.fullmatch(r"~(0|[1-9][0-9]*|-|\?)~(0|[1-9][0-9]*)~([0-9a-f]{64})~([A-Za-z0-9_-]*)", text)
    return None if found is None else found.groups()


class End:
    """One end of a connection, numbering what it seals from 0 (as a link does)."""

    def __init__(self, send: DirectionKeys, receive: DirectionKeys):
        self.channel = Channel(send, receive)
        self.sent = 0

    def seal(self, body: str, ack: int = 0) -> str:
        """``body`` sealed as the next message."""
        self.sent += 1
        return self.channel.seal(self.sent - 1, ack, self.channel.box(self.sent - 1, body))

    def open(self, raw: object) -> str | None:
        """The body of ``raw`` if it is genuine, else ``None``."""
        opened = self.channel.open(raw)
        return None if opened is None or opened.seq is None else self.channel.body(opened)


def ends() -> tuple[End, End]:
    """The two ends of one connection: what one sends with its keys, the other opens with the same keys."""
    return End(SEND, RECEIVE), End(RECEIVE, SEND)


def test_shake_256_is_there_and_is_the_standard_one():
    """SHAKE-256 of the empty string (the FIPS 202 example) and of "abc": this runs in Pyodide too."""
    assert hashlib.shake_256(b"").hexdigest(32) == "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
    assert hashlib.shake_256(b"abc").hexdigest(16) == "483366601360a8771c6863080cc4114d"


def test_the_sealed_text_is_the_documented_construction():
    """``~seq~ack~mac~box``: box = base64url(padded body XOR SHAKE-256(cipher key || seq)), mac = HMAC over seq,
    ack and box; an acknowledgement alone and a probe are ``~-~ack~mac~`` and ``~?~ack~mac~``."""
    sender, receiver = ends()
    body = update_body(10)
    sender.seal("first")
    sealed = sender.seal(body, ack=7)
    seq, ack, mac, box = parts(sealed)
    assert (seq, ack) == ("1", "7")
    assert mac == hmac.new(SEND.mac, f"1~7~{box}".encode("ascii"), hashlib.sha256).hexdigest()
    padded = body.encode() + b"\x80" + bytes(-(len(body.encode()) + 1) % PAD_BYTES)
    stream = hashlib.shake_256(SEND.cipher + (1).to_bytes(8, "big")).digest(len(padded))
    expected = bytes(a ^ b for a, b in zip(padded, stream, strict=True))
    assert base64.urlsafe_b64decode(box + "=" * (-len(box) % 4)) == expected
    assert len(padded) % PAD_BYTES == 0 and "=" not in box
    for kind in (ACK, PROBE):
        alone = sender.channel.seal(kind, 12)
        assert alone == f"~{kind}~12~{hmac.new(SEND.mac, f'{kind}~12~'.encode(), hashlib.sha256).hexdigest()}~"
        opened = receiver.channel.open(alone)
        assert (opened.seq, opened.ack, opened.probe, opened.box) == (None, 12, kind == PROBE, "")
        assert receiver.channel.open(alone + "AAAA") is None, "an acknowledgement carries no body"


def test_a_sealed_message_shows_nothing_of_its_body():
    """No card id, no JSON key, no quote in the text or in its ciphertext bytes; the same body twice looks unrelated."""
    sender, receiver = ends()
    body = update_body()
    cards = hidden_ids(json.loads(body))
    assert len(body) > 5000 and len(cards) >= 5
    first, second = sender.seal(body), sender.seal(body)
    for sealed in (first, second):
        box = sealed.rsplit("~", 1)[1]
        ciphertext = base64.urlsafe_b64decode(box + "=" * (-len(box) % 4))
        assert re.fullmatch(r"[~0-9a-f]+~[A-Za-z0-9_-]+", sealed), "nothing but the counts, the MAC and base64"
        for needle in [*(f'"{card}"' for card in cards), '"type"', '"view"', '"events"', "update"]:
            assert needle.encode() not in ciphertext and needle not in sealed, needle
    boxes = [sealed.rsplit("~", 1)[1] for sealed in (first, second)]
    same = sum(a == b for a, b in zip(*boxes, strict=True))
    assert same < len(boxes[0]) / 16, "two seals of one body share no more than chance (1 in 64 per character)"
    assert receiver.open(first) == body and receiver.open(second) == body


def test_lengths_show_only_to_the_padding():
    """Bodies whose lengths differ by a character or two (a "9H" or a "10H") seal to the same length, mostly."""
    sender, _ = ends()

    def box_length(size: int) -> int:
        return len(sender.seal("x" * size).rsplit("~", 1)[1])

    assert len({box_length(size) for size in range(300, 500)}) == 1, "200 lengths inside one block look alike"
    assert box_length(10) < box_length(300) < box_length(600)


def test_any_changed_character_is_refused_and_the_genuine_message_still_opens():
    """Every character of the count, the acknowledgement, the MAC and the box, changed in turn: each forgery is
    refused; so is a message's number, or its acknowledgement, put on another's box."""
    sender, receiver = ends()
    sealed = sender.seal(encode("challenge", seat=1, nonce="ab" * 32), ack=3)
    alphabet = "0123456789abcdefABCDEF_-~x?"
    for index, char in enumerate(sealed):
        for other in {alphabet[(alphabet.find(char) + 1) % len(alphabet)], "A", "0", "-", "?"} - {char}:
            forged = sealed[:index] + other + sealed[index + 1 :]
            assert receiver.open(forged) is None, (index, char, other)
    for forged in (sealed[:-1], sealed + "A", sealed + "AAAA", sealed.replace("~0~", "~00~", 1)):
        assert receiver.open(forged) is None, forged[:80]
    _, _, mac, box = parts(sealed)
    later = sender.seal("a later message")
    assert receiver.open(f"~1~3~{mac}~{box}") is None and receiver.open(later.replace("~1~0~", "~1~5~")) is None
    assert receiver.open(sealed) is not None and receiver.open(later) == "a later message"


def test_the_two_directions_and_the_two_keys_of_each_are_all_different():
    """Four keys and a binding from one handshake, all distinct; a message sent back the way it came is refused."""
    keys = derive_keys(b"\x01" * 32, b"transcript")
    values = [keys.host_to_guest.cipher, keys.host_to_guest.mac, keys.guest_to_host.cipher, keys.guest_to_host.mac]
    assert len(set(values)) == 4 and all(len(value) == 32 for value in values)
    host, guest = End(keys.host_to_guest, keys.guest_to_host), End(keys.guest_to_host, keys.host_to_guest)
    to_guest, to_host = host.seal("same body"), guest.seal("same body")
    assert to_guest.split("~")[3:] != to_host.split("~")[3:], "the same body at the same count differs per direction"
    assert host.open(to_guest) is None and guest.open(to_host) is None, "reflected back to its sender"
    assert guest.open(to_guest) == "same body" and host.open(to_host) == "same body"


@pytest.mark.skipif(sys.platform == "emscripten", reason="the cryptography package is not in Pyodide")
def test_the_keys_are_hkdf_as_the_cryptography_package_computes_it():
    """Each key is HKDF-SHA256 (RFC 5869) of the ECDH secret, salted with the transcript, named by its label."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    shared, signed = bytes(range(32)), b'["face-down/identity/1","room"]'

    def openssl(label: bytes) -> bytes:
        return HKDF(algorithm=hashes.SHA256(), length=32, salt=signed, info=label).derive(shared)

    keys = derive_keys(shared, signed)
    assert keys.host_to_guest == DirectionKeys(openssl(b"host to guest/cipher"), openssl(b"host to guest/mac"))
    assert keys.guest_to_host == DirectionKeys(openssl(b"guest to host/cipher"), openssl(b"guest to host/mac"))
    assert keys.binding == openssl(b"binding").hex()


def test_the_largest_message_fits_and_any_text_round_trips():
    """A 64 KB body seals within MAX_SEALED_CHARS at any count; other scripts and odd characters come back whole."""
    sender, receiver = ends()
    sender.sent = 10**10 - 1  # the longest count the format allows
    largest = sender.seal("x" * MAX_MESSAGE_BYTES, ack=10**10 - 1)
    assert len(largest) <= MAX_SEALED_CHARS < len(largest) + 4
    assert len(largest.rsplit("~", 1)[1]) == box_chars(MAX_MESSAGE_BYTES)
    assert receiver.open(largest + "AAAA") is None, "over the limit: refused before any work"
    assert receiver.open(largest) == "x" * MAX_MESSAGE_BYTES
    sender, receiver = ends()
    for body in ("", "é€😀", "\x00" * 3, "ends in a zero\x00", "\ud800"):
        assert receiver.open(sender.seal(body)) == body, repr(body)


# ------------------------------------------------------------------------------------- the eavesdropper


def test_a_guest_recording_all_traffic_learns_no_card_it_was_not_shown():
    """GuestA records every sealed text between the host and every peer, as a relay would carry them, and
    holds everything its own page has: the room's link and password, its keys. It can read its own
    messages and nothing else, and no card another seat was shown alone is anywhere in what it has.

    The game is stopped halfway, while some cards are still known only to the host's seat or to GuestB.
    """
    room = GatedRoom("cambio", 3, seed="eavesdrop")
    for seat, peer in enumerate(("GuestA", "GuestB"), 1):
        door = room.join(peer)
        room.send(peer, door.client.hello(peer))
        room.send(peer, door.client.sit(seat))
    room.control(room.host.start())
    room.play(until_step=30)
    assert room.host.phase == "playing" and room.host.sequencer.replica.match.step >= 30

    truth, seating = room.truth, room.host.sequencer.replica.seating
    a, others = seating.party_of(1), {seating.party_of(0), seating.party_of(2)}
    _, faces = truth.reference()
    seen_by_others = set().union(*(truth.shown(party) for party in others))
    private = {faces[ref] for ref in seen_by_others - truth.shown(a)} & truth.hidden(a)
    assert len(private) >= 3, "faces of cards the other seats have seen and GuestA has not"

    # Everything on the wire: each text, tried with each of GuestA's keys (its page's memory is the attacker's).
    recorder = room.doors["GuestA"].link._channel
    own_keys = (recorder._receive, recorder._send)
    readable = []
    for sender, receiver, text in room.wire:
        if parts(text) is None:
            assert json.loads(text)["type"] in ("knock", "identity"), "only the handshake travels in clear"
            continue
        box = parts(text)[3]
        exposed = text.encode() + base64.urlsafe_b64decode(box + "=" * (-len(box) % 4))  # what any relay sees
        assert not any(f'"{card}"'.encode() in exposed for card in private), f"a card in clear to {receiver}"
        for keys in own_keys:
            body = End(keys, keys).open(text)
            if body is not None:
                readable.append(body)
                assert "GuestA" in (sender, receiver), f"GuestA read a message from {sender} to {receiver}"
    with_a_body = [t for s, r, t in room.wire if "GuestA" in (s, r) and t.startswith("~") and parts(t)[0].isdigit()]
    assert len(readable) == len(with_a_body)
    bodies = [json.loads(body) for body in readable]
    assert not private & set(strings(bodies))
    # Nor can it open one with the keys it read: every other party's share of a card it was not shown.
    entries = [Entry.from_json(data) for body in bodies if body["type"] == "log" for data in body["entries"]]
    read: dict = {}
    truth.read(a, entries, read)
    assert truth.openable(a, read), "GuestA read every other key of the cards it was shown"
    assert not truth.openable(a, read) - truth.shown(a)
