"""Rooms you can trust: each attack of issue 24, made against the real gates, keys and shuffle.

Nothing is stubbed: the host signs with a real P-256 key, each connection has real ECDH-derived MAC
keys, and the attacker is a peer on the same in-memory wire (tests/net/gated.py) that can send any
text, with any peer id, and replay, reorder or forward anything it saw.
"""

from __future__ import annotations

import copy
import json
import sys

import pytest

from game.net import Client, Host, Outgoing, p256
from game.net.endcheck import end_check
from game.net.gate import LOCAL_PEER, GuestGate, HostGate
from game.net.identity import Ephemeral, HostIdentity, Knock, key_id
from game.net.messages import encode
from game.net.roomsave import read_room_file, room_file
from game.net.seats import prove
from game.net.shuffle import LEFT_OUT, commitment_of, derive_seed
from tests.net.gated import HOST_ID, MADE_UP, ROOM_ID, GatedRoom, sealed_with, seated_room
from tests.net.support import seeded_entropy

HELD = "0f" * 32  # the nonce a guest holds back by hand, to choose when the pledges close and the deal comes
SEAL = "5e" * 32  # the sealing seed that guest pledged beside it

# RFC 6979, appendix A.2.5: the P-256 key and its deterministic ECDSA-SHA256 signature of "sample".
RFC_SECRET = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
RFC_PUBLIC = (
    "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
    "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
)
RFC_SIGNATURE = (
    "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
    "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"
)


def knowledge(client: Client) -> dict:
    """Everything a client knows (its attributes but its random source; its copy of the game as its log, its
    game's state and its party's knowledge; its signer as its count), as a deep copy to compare later."""
    known = {name: value for name, value in vars(client).items() if name not in ("_entropy", "replica", "signer")}
    replica, signer = client.replica, client.signer
    if replica is not None:
        match = None if replica.match is None else replica.match.to_json()
        known["replica"] = (list(replica.log), match, replica.cards.to_dict(), replica.broken)
    known["signer"] = None if signer is None else signer.written
    return copy.deepcopy(known)


# ------------------------------------------------------------------------------------------ the keys


def test_p256_agrees_with_rfc_6979():
    """Our public key and our verifier agree with the RFC's published P-256 test vector."""
    assert p256.public_key(RFC_SECRET).hex() == RFC_PUBLIC
    public, signature = bytes.fromhex(RFC_PUBLIC), bytes.fromhex(RFC_SIGNATURE)
    assert p256.verify(public, b"sample", signature)
    assert not p256.verify(public, b"samplf", signature)
    assert not p256.verify(public, b"sample", signature[:-1] + bytes([signature[-1] ^ 1]))
    ours = p256.sign(RFC_SECRET, b"sample", bytes(32))
    assert p256.verify(public, b"sample", ours) and not p256.verify(public, b"other", ours)


@pytest.mark.skipif(sys.platform == "emscripten", reason="the cryptography package is not in Pyodide")
def test_p256_interoperates_with_the_cryptography_package():
    """Signatures and ECDH secrets agree with OpenSSL's, both ways (the test extra installs ``cryptography``)."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec, utils

    ours = p256.private_key(seeded_entropy("key")(48))
    theirs = ec.derive_private_key(ours, ec.SECP256R1())
    signature = p256.sign(ours, b"room", seeded_entropy("k")(32))
    der = utils.encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    theirs.public_key().verify(der, b"room", ec.ECDSA(hashes.SHA256()))  # raises if it does not verify
    r, s = utils.decode_dss_signature(theirs.sign(b"room", ec.ECDSA(hashes.SHA256())))
    assert p256.verify(p256.public_key(ours), b"room", r.to_bytes(32, "big") + s.to_bytes(32, "big"))
    other = p256.private_key(seeded_entropy("other")(48))
    openssl = theirs.exchange(ec.ECDH(), ec.derive_private_key(other, ec.SECP256R1()).public_key())
    assert p256.shared_secret(ours, p256.public_key(other)) == openssl


def test_a_public_key_off_the_curve_is_refused():
    """ECDH with a point off the curve could leak the private key: such a share is refused, never used."""
    good = bytearray(bytes.fromhex(RFC_PUBLIC))
    good[-1] ^= 1
    with pytest.raises(ValueError, match="not a point"):
        p256.decode_point(bytes(good))
    assert not p256.verify(bytes(good), b"sample", bytes.fromhex(RFC_SIGNATURE))


# ----------------------------------------------------------------------------------- the handshake


def test_a_guest_verifies_the_host_and_every_message_is_sealed():
    """The happy path: the handshake, a whole game through the gates, and a verified shuffle for both."""
    room = seated_room()
    room.control(room.host.start())
    room.play()
    door = room.doors["GuestA"]
    assert door.client.verdict.ok and end_check(room.host.sequencer.replica).party is None and door.refused == 0
    texts = room.to("GuestA")
    assert json.loads(texts[0])["type"] == "identity" and all(text.startswith("~") for text in texts[1:])


def test_a_fake_host_is_refused():
    """Another peer (a guest who wants seats) answers a knock with its own key: the guest does not take it."""
    room = seated_room()
    victim = GuestGate(Client(), ROOM_ID, room.gate.identity.key_id, "Victim", entropy=seeded_entropy("v"))
    impostor = Host("concentration", 2, {"pairs": 8}, host_peer=LOCAL_PEER)
    fake = HostGate(impostor, ROOM_ID, "Mallory", entropy=seeded_entropy("m"))
    answer = fake.receive("Victim", victim.knock("Mallory"), 1)
    for message in answer:
        victim.receive("Mallory", message.text, 1)
    assert victim.host_peer is None and victim.client.lobby is None, "a key that is not the invited one"
    # Orders in the clear, or sealed with keys of its own, are dropped too.
    before = knowledge(victim.client)
    lobby = encode("lobby", phase="lobby", game="cambio", players=2, options={}, seats=[], you=0)
    victim.receive("Mallory", lobby, 2)
    victim.receive("Mallory", sealed_with(MADE_UP, encode("challenge", seat=1, nonce="ab" * 32)), 3)
    assert knowledge(victim.client) == before and victim.refused == len(answer) + 2


def test_a_forwarded_handshake_is_refused():
    """The fake host passes the guest's knock on to the real host and its answer back: signed for another link."""
    room = seated_room()
    victim = GuestGate(Client(), ROOM_ID, room.gate.identity.key_id, "Victim", entropy=seeded_entropy("v"))
    knock = victim.knock("Mallory")
    answer = room.gate.receive("Mallory", knock, room.tick())  # Mallory's own connection to the host
    identity = next(message.text for message in answer if json.loads(message.text)["type"] == "identity")
    victim.receive("Mallory", identity, room.tick())
    assert victim.host_peer is None and victim.refused == 1


def test_a_forwarded_challenge_does_not_win_the_seat():
    """Mallory asks to reclaim GuestA's seat and gets GuestA to answer on its own link: the proof is worthless."""
    room = seated_room()
    owner = room.doors["GuestA"]
    room.join("Mallory")
    room.send("Mallory", encode("reclaim", seat=1))
    nonce = json.loads(_last(room, "Mallory", "challenge"))["nonce"]
    # Sent to GuestA in the clear, the challenge is dropped: only its verified host's sealed messages count.
    assert owner.receive("Mallory", encode("challenge", seat=1, nonce=nonce), room.tick()) == []
    # Even if GuestA answered (on its own connection), the answer is bound to that connection.
    proof = prove(owner.client.secret, nonce, owner.client.binding)
    before = room.host.save()
    room.send("Mallory", encode("prove", seat=1, proof=proof))
    assert room.host.lobby.seat_of("Mallory") is None and room.host.lobby.seat_of("GuestA") == 1
    assert room.host.save() == before
    assert json.loads(_last(room, "Mallory", "error"))["code"] == "proof"


def _last(room: GatedRoom, peer: str, kind: str) -> str:
    """The body of the last message of type ``kind`` the host sent ``peer``."""
    return next(body for body in reversed(room.bodies(peer)) if json.loads(body)["type"] == kind)


def test_no_remote_peer_speaks_as_the_hosts_player():
    """A peer named ``@host`` is dropped at the door; one named ``host`` is just another spectator."""
    room = seated_room()
    before = room.host.save()
    knock = GuestGate(Client(), ROOM_ID, room.gate.identity.key_id, LOCAL_PEER).knock(HOST_ID)
    for name in (LOCAL_PEER, "", "a" * 65, "host peer", "hôst"):
        assert room.gate.receive(name, knock, room.tick()) == []
        assert room.gate.peer_left(name, room.tick()) == []
    assert room.host.save() == before and room.host.lobby.seat_of(LOCAL_PEER) == 0
    room.join("host")
    room.control(room.host.start())
    entry = {"by": 0, "k": 0, "kind": "act", "body": {"seat": 0, "state": 0, "action": {"type": "flip"}}, "sig": ""}
    room.send("host", encode("submit", entry=entry))
    assert json.loads(_last(room, "host", "error"))["code"] == "seat"
    assert room.host.lobby.seat_of(LOCAL_PEER) == 0 and room.host.sequencer.replica.match.step == 0


def test_replayed_reordered_and_misdirected_host_messages_are_refused():
    """The guest takes each sealed message once and in order, and only the ones sealed for its connection: a
    replay is only acknowledged again, a message ahead of a missing one waits for it."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.control(room.host.start())
    door = room.doors["GuestA"]
    sealed = [text for text in room.to("GuestA") if text.startswith("~")]
    before = knowledge(door.client)
    for text in sealed[-5:]:
        assert door.receive(HOST_ID, text, room.tick()) == []  # a replay: nothing taken twice
    for text in [text for text in room.to("GuestB") if text.startswith("~")][-5:]:
        assert door.receive(HOST_ID, text, room.tick()) == []  # sealed for GuestB's connection
    assert knowledge(door.client) == before and door.refused == 5
    # Reordered: the host's answer to a sync comes in several messages; the second, handed over first, waits.
    held = [
        message.text for message in room.gate.receive("GuestA", door.seal(door.client.sync(), room.now), room.tick())
    ]
    assert len(held) >= 3
    door.receive(HOST_ID, held[1], room.tick())
    assert knowledge(door.client) == before, "nothing is taken ahead of the message it follows"
    for text in held:
        door.receive(HOST_ID, text, room.tick())
    assert door.refused == 5 and door.link.received == len(sealed) + len(held), "each taken once, in order"
    assert door.client.replica.log == room.host.sequencer.replica.log


def test_a_spoofed_peer_id_unseats_but_cannot_steal():
    """A second knock under GuestA's id (a spoofed transport id) ends GuestA's link; the seat waits for its secret."""
    room = seated_room()
    owner = room.doors["GuestA"]
    spoof = GuestGate(Client(), ROOM_ID, room.gate.identity.key_id, "GuestA", entropy=seeded_entropy("spoof"))
    room.doors["GuestA"] = spoof
    room.to_host("GuestA", spoof.knock(HOST_ID))
    assert spoof.host_peer == HOST_ID and room.host.lobby.seats[1].peer is None, "the seat waits"
    room.send("GuestA", spoof.client.reclaim(1, "ab" * 32))
    assert room.host.lobby.seat_of("GuestA") is None and spoof.client.seat is None
    # The owner's old connection is dead: its sealed messages no longer open.
    before = room.host.save()
    assert room.gate.receive("GuestA", owner.seal(owner.client.sit(1), room.now), room.tick()) == []
    assert room.host.save() == before
    # The owner reconnects and reclaims with its secret.
    room.doors["GuestA"] = owner
    room.to_host("GuestA", owner.knock(HOST_ID))
    room.send("GuestA", owner.client.reclaim(1, owner.client.secret))
    assert room.host.lobby.seat_of("GuestA") == 1 and owner.client.seat == 1


# -------------------------------------------------------------------------------------- the shuffle


def test_the_last_contributor_cannot_grind_its_nonce():
    """The host's operator knows the secret and plays a second device, revealing last: only its pledge counts."""
    room = seated_room(("GuestA", "Second"), players=3)
    room.doors["Second"].client.contributes = False  # the operator's device pledges by hand
    room.control(room.host.start())
    secret = room.host.shuffle.secret  # the operator reads it from the save
    pledged = "0f" * 32
    room.pledge_by_hand("Second", pledged, SEAL)
    assert room.host.shuffle.closed and set(room.host.shuffle.nonces) == {1}, "GuestA revealed; Second waits"
    honest = room.host.shuffle.nonces[1]
    # Grind: find the nonce that gives the host the best deal. None but the pledged one is taken.
    for attempt in range(50):
        ground = f"{attempt:064x}"
        before = room.host.save()
        room.send("Second", encode("contribute", nonce=ground))
        assert room.host.phase == "shuffle" and room.host.save() == before
        assert json.loads(_last(room, "Second", "error"))["code"] == "shuffle"
    # Its only choice: reveal what it pledged (or withhold it, and the sealed deal waits for its device for ever).
    room.reveal_by_hand("Second", pledged)
    assert room.host.phase == "playing" and room.host.shuffle.seed == derive_seed(secret, [honest, pledged])


def test_no_nonce_is_taken_before_every_pledge_is_published():
    """A reveal before the pledges close would show the host's operator a nonce it could then pledge against."""
    room = seated_room(("GuestA", "Second"), players=3)
    room.doors["Second"].client.contributes = False
    room.control(room.host.start())
    own = room.doors["GuestA"].client.own_nonce
    assert not room.host.shuffle.closed and own is not None and not room.doors["GuestA"].client.evidence["revealed"]
    room.send("GuestA", encode("contribute", nonce=own))
    assert json.loads(_last(room, "GuestA", "error"))["code"] == "shuffle" and not room.host.shuffle.nonces
    assert own not in room.host.save()


def test_pledges_added_after_they_were_published_are_caught():
    """The operator lets the shuffle finish, reads the revealed nonces, then slips in a pledge of its own (for its
    own seat, which pledges none) and deals again under the same commitment: not verified."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.control(room.host.start())
    host = room.host
    assert set(host.shuffle.nonces) == {1, 2} and host.phase == "playing"
    secret, honest = host.shuffle.secret, sorted(host.shuffle.nonces.values())
    ground = next(f"{n:064x}" for n in range(1000) if derive_seed(secret, [*honest, f"{n:064x}"]).startswith("0"))
    host.shuffle.pledges[0], host.shuffle.nonces[0] = commitment_of(ground), ground
    room.control(host._deal())  # a re-deal with the ground nonce, under the commitment already published
    room.play()
    verdict = room.doors["GuestA"].client.verdict
    assert not verdict.ok and "other pledges" in verdict.message


def test_a_player_who_drops_during_the_shuffle_is_waited_for_and_asked_again():
    """GuestB drops before pledging: the host waits for the grace period, and GuestB, back, is asked again."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    away = room.doors["GuestB"]
    room.leave("GuestB")
    room.control(room.host.start())
    assert room.host.phase == "shuffle" and not room.host.shuffle.closed, "waiting for GuestB"
    room.doors["GuestB"] = away
    room.to_host("GuestB", away.knock(HOST_ID))
    room.send("GuestB", away.client.reclaim(2, away.client.secret))
    assert room.host.phase == "playing" and set(room.host.shuffle.nonces) == {1, 2}
    room.play()
    assert away.client.verdict.ok and room.doors["GuestA"].client.verdict.ok
    assert not away.client.errors and not room.doors["GuestA"].client.errors, "nobody was told of a refusal"


def test_evidence_kept_across_a_guest_reload_catches_a_rigged_deal():
    """GuestA reveals and reloads; meanwhile the host puts its own nonce in GuestA's place. GuestA is not fooled."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.doors["GuestB"].client.contributes = False  # hold the deal back until GuestA has reloaded
    room.control(room.host.start())
    room.pledge_by_hand("GuestB", HELD, SEAL)
    assert room.host.phase == "shuffle" and 1 in room.host.shuffle.nonces
    # While GuestA's page reloads, the host turns cheat: GuestA's pledge and nonce become ones it chose.
    ground = "77" * 32
    room.host.shuffle.pledges[1], room.host.shuffle.nonces[1] = commitment_of(ground), ground
    door = room.reload_guest("GuestA")
    room.reveal_by_hand("GuestB", HELD)
    room.play()
    verdict = door.client.verdict
    assert not verdict.ok and verdict.message.startswith("SHUFFLE NOT VERIFIED"), verdict
    assert "AWAY" not in verdict.message, "the guest knows it revealed: this is tampering, not absence"


def test_a_guest_reloaded_after_revealing_is_verified_and_told_of_no_refusal():
    """Back from a reload mid-shuffle, the guest reveals its kept nonce again: the host takes it quietly."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.doors["GuestB"].client.contributes = False
    room.control(room.host.start())
    room.pledge_by_hand("GuestB", HELD, SEAL)
    door = room.reload_guest("GuestA")
    assert door.client.evidence["revealed"] and door.client.evidence["acknowledged"] and not door.client.errors
    room.reveal_by_hand("GuestB", HELD)
    room.play()
    assert door.client.verdict.ok and not door.client.errors


def test_the_host_confirms_each_reveal_and_the_guest_keeps_the_confirmation():
    """The host answers a reveal with ``received`` (the game and the pledge), and the guest's evidence says so."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.doors["GuestB"].client.contributes = False
    room.control(room.host.start())
    door = room.doors["GuestA"]
    assert door.client.evidence["revealed"] is False and door.client.evidence["acknowledged"] is False
    room.pledge_by_hand("GuestB", HELD, SEAL)
    received = json.loads(_last(room, "GuestA", "received"))
    assert received["commitment"] == room.host.shuffle.commitment == door.client.commitment
    assert received["pledge"] == commitment_of(door.client.own_nonce) == room.host.shuffle.pledges[1]
    assert door.client.evidence["revealed"] and door.client.evidence["acknowledged"]
    # An acknowledgement that is not for this game and this nonce is not taken.
    for fields in ({"commitment": "ab" * 32, "pledge": received["pledge"]}, {**received, "pledge": "ab" * 32}):
        client = Client()
        client.restore({**door.client.evidence, "acknowledged": False})
        client.receive(encode("received", **{key: fields[key] for key in ("commitment", "pledge")}))
        assert client.evidence["acknowledged"] is False


def test_a_reveal_lost_with_the_connection_is_sent_again_and_the_game_verifies():
    """GuestA's reveal goes out as its link drops and never arrives. Back after a reload, GuestA is asked again (a
    sealed deal waits for every device), reveals the nonce its page kept, and the game verifies."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.doors["GuestB"].client.contributes = False
    room.control(room.host.start())
    # GuestB's pledge closes the list and the host asks everyone to reveal; GuestA answers, and its link drops.
    held = room.doors["GuestB"]
    held.client.evidence.update(seat=2, seal=SEAL)
    pledge = encode("pledge", pledge=commitment_of(HELD), seal=commitment_of(SEAL))
    outgoing = room.gate.receive("GuestB", held.seal(pledge, room.now), room.tick())
    held.client.contributes = True
    lost = room.doors["GuestA"]
    replies = [
        reply
        for message in outgoing
        if message.peer == "GuestA"
        for reply in lost.receive(HOST_ID, message.text, room.now)
    ]
    assert len(replies) == 1, "its reveal, which never arrives"
    room.deliver([message for message in outgoing if message.peer != "GuestA"])
    room.leave("GuestA")
    assert lost.client.evidence["revealed"] and not lost.client.evidence["acknowledged"]
    room.reveal_by_hand("GuestB", HELD)
    assert room.host.phase == "shuffle" and set(room.host.shuffle.nonces) == {2}, "the deal waits for GuestA"
    door = room.reload_guest("GuestA", lost)
    assert room.host.phase == "playing" and set(room.host.shuffle.nonces) == {1, 2}
    room.play()
    assert door.client.verdict.ok and door.client.evidence["acknowledged"], door.client.verdict


def test_a_host_that_drops_a_confirmed_nonce_is_caught_after_a_reload():
    """The host confirms GuestA's nonce, then deals without it; GuestA reloads mid-game and is still not fooled."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.doors["GuestB"].client.contributes = False
    room.control(room.host.start())
    room.pledge_by_hand("GuestB", HELD, SEAL)
    assert room.doors["GuestA"].client.evidence["acknowledged"] and 1 in room.host.shuffle.nonces
    del room.host.shuffle.nonces[1]  # the host turns cheat
    room.reveal_by_hand("GuestB", HELD)
    assert room.host.phase == "shuffle", "an honest host waits for GuestA's nonce"
    room.control(room.host._deal())  # this one deals without it
    assert room.host.phase == "playing" and set(room.host.shuffle.nonces) == {2}
    room.play(until_step=4)
    door = room.reload_guest("GuestA")  # the confirmation comes back from the page's storage
    room.play()
    assert not door.client.verdict.ok and door.client.verdict.message == LEFT_OUT, door.client.verdict


def test_evidence_kept_by_an_older_page_is_taken_with_the_newer_fields_unset():
    """Evidence stored before the confirmations and re-deals existed is restored, not refused as damaged."""
    older = {"game": "ab" * 32, "seat": 1, "nonce": "cd" * 32, "revealed": True, "pledges": []}
    client = Client()
    client.restore(older)
    assert not client.errors and client.evidence == {
        **older,
        "acknowledged": False,
        "settled": False,
        "redealt": None,
        "redealt_away": False,
        "connection": None,
        "seal": None,
    }
    client.restore({**older, "revealed": "yes"})
    assert client.errors[-1]["code"] == "bad_evidence" and client.evidence["revealed"] is True


def test_a_lobby_message_mid_game_does_not_wipe_the_evidence():
    """A host that sends a lobby in the middle of the shuffle cannot make the guest forget its nonce."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.doors["GuestB"].client.contributes = False
    room.control(room.host.start())
    door = room.doors["GuestA"]
    evidence = copy.deepcopy(door.client.evidence)
    assert evidence["nonce"] and evidence["game"] == room.host.shuffle.commitment
    lobby = encode("lobby", phase="lobby", game="concentration", players=3, options={}, seats=[], you=1)
    room.control([Outgoing("GuestA", lobby)])
    assert door.client.evidence == evidence


# -------------------------------------------------------------------------------------- under load


def test_a_sync_flood_costs_the_host_a_few_full_resyncs():
    """A peer sending ``sync`` at the rate cap for ten seconds gets the whole game a handful of times, not 67."""
    room = seated_room(("GuestA", "Flooder"), players=3)
    room.control(room.host.start())
    flooder = room.doors["Flooder"]
    start, sent_before = room.now, len(room.bodies("Flooder"))
    resyncs = 0
    while room.now - start < 10_000:
        room.send("Flooder", flooder.client.sync())
        resyncs = sum(1 for text in room.bodies("Flooder")[sent_before:] if '"type":"lobby"' in text)
    refused = [json.loads(text) for text in room.bodies("Flooder")[sent_before:]]
    rates = [message for message in refused if message["type"] == "error" and message["code"] == "rate"]
    assert resyncs <= 4 and len(rates) >= 50, (resyncs, len(rates))


def test_identity_keys_survive_the_save_and_a_damaged_one_is_refused():
    """The host's key is in its save, so a reload (or another device) is the same host; damage is a clear error."""
    room = seated_room()
    again = Host.load(room.host.save(), room.tick())
    assert HostIdentity(again.settings.identity).key_id == room.gate.identity.key_id
    data = json.loads(room.host.save())
    data["settings"]["identity"] = "00" * 32
    with pytest.raises(ValueError, match="identity key is damaged"):
        Host.load(json.dumps(data), 0)
    assert key_id(room.gate.identity.public) == room.gate.identity.key_id


def test_a_knock_flood_costs_a_few_signatures():
    """Each knock costs the host a signature: a few per peer, then one per five seconds."""
    room = seated_room()
    knocker = GuestGate(Client(), ROOM_ID, room.gate.identity.key_id, "Knocker")
    answered = sum(bool(room.gate.receive("Knocker", knocker.knock(HOST_ID), room.now)) for _ in range(50))
    assert answered == 3


def test_a_knock_answer_is_checked_against_the_knock():
    """An identity answer is good for the knock it answers only (another nonce, another room: refused)."""
    identity = HostIdentity.new(seeded_entropy("id"))
    for room_id, guest in ((ROOM_ID, "G"), ("OtherRoom123", "G"), (ROOM_ID, "H")):
        knock = Knock(ROOM_ID, identity.key_id, "G", "ab" * 32, Ephemeral(seeded_entropy(1)))
        fields, _ = identity.answer(room_id, HOST_ID, guest, knock.nonce, knock.ephemeral.share, seeded_entropy(2))
        assert (knock.check(HOST_ID, fields) is not None) == (room_id == ROOM_ID and guest == "G")


def test_a_room_file_resumes_the_same_host_elsewhere_and_guests_reclaim():
    """The host exports its room; another device loads it: same key, so the guest verifies it and reclaims."""
    room = seated_room()
    room.control(room.host.start())
    text = room_file(ROOM_ID, "password-1234", room.host.save())
    room_id, password, save, seat = read_room_file(text)
    assert (room_id, password, seat) == (ROOM_ID, "password-1234", None)
    elsewhere = Host.load(save, room.tick())
    gate = HostGate(elsewhere, ROOM_ID, "NewDevicePeer")
    assert gate.identity.key_id == room.gate.identity.key_id
    old = room.doors["GuestA"]
    door = GuestGate(Client(key=old.client.key), ROOM_ID, room.gate.identity.key_id, "GuestA")
    door.client.restore(old.client.evidence)
    outgoing = gate.receive("GuestA", door.knock("NewDevicePeer"), room.tick())
    for message in outgoing:
        door.receive("NewDevicePeer", message.text, room.now)
    assert door.host_peer == "NewDevicePeer"
    outgoing = gate.receive("GuestA", door.seal(door.client.reclaim(1, old.client.secret), room.now), room.tick())
    for message in outgoing:
        for reply in door.receive("NewDevicePeer", message.text, room.now):
            for answer in gate.receive("GuestA", reply, room.tick()):
                door.receive("NewDevicePeer", answer.text, room.now)
    assert elsewhere.lobby.seat_of("GuestA") == 1 and door.client.seat == 1
    for damaged in ("", "{}", json.dumps({"format": "face-down-room-file/1", "room": 5}), "[1]"):
        with pytest.raises(ValueError, match=r"not a Face Down room|damaged"):
            read_room_file(damaged)
