"""The hostile-peer suite: well over 1,000 fuzzed and crafted messages, every one refused cleanly.

A refusal means: exactly one ``error``, to the sender alone (the other peers receive nothing), and the
room exactly as it was (``host.save()``, which holds the game's log, is byte-for-byte the same). An entry its
own device sent before (a replay) is not refused but let be: no answer, nothing changed. The attacks come in
the lobby, during the shuffle and throughout a game that honest players (and the attacker's own honest client)
play between volleys: malformed JSON, wrong types and fields, huge messages, floods, entries signed by another
device or not at all, out of turn, for another seat, at a stale state or an unexpected count, replays, and
impersonation (claiming or acting for another seat).
"""

from __future__ import annotations

import json
import random
import string
from collections import Counter

from game.net import Host
from game.net.log import Signer
from game.net.messages import CLIENT_MESSAGES, MAX_MESSAGE_BYTES, PROTOCOL, encode
from game.net.seats import prove
from tests.net.support import Players, Room, seat_everyone, seeded_entropy

HEX = "ab" * 32
KEY = "04" + "ab" * 64
WRONG_VALUES = [None, True, False, -1, 1.5, "0", [], {}, [0], {"seat": 0}, 2**40, "x" * 300]
ENTRY = {"by": 2, "k": 0, "kind": "act", "body": {"seat": 2, "state": 0, "action": {"type": "flip"}}, "sig": "ab" * 64}


class Attacker:
    """Sends messages that must be refused, and checks each refusal."""

    def __init__(self, room: Room):
        self.room = room
        self.codes: Counter[str] = Counter()

    @property
    def count(self) -> int:
        """How many refusals have been checked."""
        return sum(self.codes.values())

    def refused(self, peer: str, raw: object, now: int | None = None) -> str:
        """Send ``raw`` from ``peer``: one error to ``peer`` alone, nothing else changed. Returns the code."""
        host = self.room.host
        before = host.save()
        outgoing = host.receive(peer, raw, self.room.tick() if now is None else now)
        assert [message.peer for message in outgoing] == [peer], f"{raw!r:.200} reached {outgoing}"
        body = json.loads(outgoing[0].text)
        assert body["type"] == "error", f"{raw!r:.200} was accepted: {body}"
        assert body["message"][:1].isupper() and body["message"].endswith("."), body["message"]
        assert host.save() == before, f"{raw!r:.200} changed the room"
        self.room.guard.check(outgoing[0])
        self.codes[body["code"]] += 1
        return body["code"]

    def ignored(self, peer: str, raw: str) -> None:
        """Send ``raw`` (an entry the host has taken already) from ``peer``: no answer, nothing changed."""
        host = self.room.host
        before = host.save()
        assert host.receive(peer, raw, self.room.tick()) == [], f"{raw!r:.200} was answered"
        assert host.save() == before, f"{raw!r:.200} changed the room"
        self.codes["ignored"] += 1

    def volley(self, peer: str, texts: list[object], code: str | None = None) -> None:
        """Send every text from ``peer``; each must be refused (with ``code``, if given)."""
        for raw in texts:
            got = self.refused(peer, raw)
            assert code is None or got == code, f"{raw!r:.200}: {got}, expected {code}"


# ------------------------------------------------------------------------------ message factories


def malformed(rng: random.Random) -> list[object]:
    """Not a message at all: not text, not JSON, not an object, or JSON Python would choke on."""
    fixed = [
        None,
        b'{"v":2,"type":"sync","since":0}',
        42,
        {"v": 2, "type": "sync", "since": 0},
        ["sync"],
        "",
        " ",
        "null",
        "true",
        "1",
        "[]",
        '"sync"',
        "{",
        "}",
        "{'v': 2, 'type': 'sync'}",
        '{"v":2,"type":"sync","since":0} trailing',
        "[" * 20_000 + "]" * 20_000,
        '{"a":' * 10_000 + "1" + "}" * 10_000,
        '{"v":2,"type":"sync","since":NaN}',
        '{"v":2,"type":"sync","since":Infinity}',
        '{"v":2,"type":"sync","since":' + "9" * 5000 + "}",
        "\ud800",
        "\x00" * 100,
    ]
    valid = encode("submit", entry=ENTRY)
    truncated = [valid[: rng.randrange(1, len(valid))] for _ in range(20)]
    garbage = ["".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 80))) for _ in range(40)]
    return fixed + truncated + garbage


def wrong_versions() -> list[str]:
    """A protocol version that is missing or not exactly the number 2 (protocol 1's rooms are gone)."""
    texts = [json.dumps({"type": "sync", "since": 0})]
    for version in [0, 1, 3, "2", True, 2.0, -1, [2], {}, None, 10**30]:
        texts.append(json.dumps({"v": version, "type": "sync", "since": 0}))
    return texts


def unknown_types() -> list[str]:
    """A message type the host does not take (including the host's own types, and protocol 1's)."""
    kinds = ["", "SUBMIT", "Submit", "acts", "act", "admin", "deal", "start", "log", "update", "error", "reveal", 5]
    return [json.dumps({"v": PROTOCOL, "type": kind}) for kind in [*kinds, None, ["submit"]]] + [
        json.dumps({"v": PROTOCOL})
    ]


VALID_FIELDS = {
    "hello": {"name": "Mallory", "key": KEY},
    "sit": {"seat": 0},
    "stand": {},
    "reclaim": {"seat": 0},
    "prove": {"seat": 0, "proof": HEX},
    "pledge": {"pledge": HEX, "seal": HEX},
    "contribute": {"nonce": HEX},
    "submit": {"entry": ENTRY},
    "play": {"state": 0, "action": {"type": "flip", "pos": 0}},
    "sync": {"since": 0},
}
BAD_VALUES = {
    "name": ["", "x" * 41, "\n", "a\x00b", "\u202e", 5, ["Mallory"]],
    "key": ["", "04", "05" + "ab" * 64, "04" + "AB" * 64, "04" + "ab" * 65, 4, None, [KEY]],
    "seat": [-1, 64, 2**40, True, "0", 1.0, None, [0]],
    "proof": ["ABC", "g" * 64, "a" * 63, "A" * 64, "a" * 65, 5, None],
    "nonce": ["ABC", "g" * 64, "a" * 63, "A" * 64, "a" * 65, 5, None],
    "pledge": ["ABC", "g" * 64, "a" * 63, "A" * 64, "a" * 65, 5, None],
    "seal": ["ABC", "g" * 64, "a" * 63, "A" * 64, "a" * 65, 5, None],
    "since": [-1, 2**31, True, "0", 0.0, None, [0]],
    "entry": [[], "entry", None, 5, [ENTRY]],
    "state": [-1, 2**31, True, "0", 0.0, None, [0]],
    "action": [[], "flip", None, 5, {"pos": 0}, {"type": 5}],
}


def wrong_fields() -> list[str]:
    """Every client message type with a field missing, an extra field, or a field of the wrong type."""
    assert set(VALID_FIELDS) == set(CLIENT_MESSAGES)
    texts = []
    for kind, fields in VALID_FIELDS.items():
        for name in fields:
            texts.append(json.dumps({"v": PROTOCOL, "type": kind, **{k: v for k, v in fields.items() if k != name}}))
            texts += [json.dumps({"v": PROTOCOL, "type": kind, **fields, name: value}) for value in BAD_VALUES[name]]
        # Impersonation by field: no message may name the seat or peer it speaks for.
        for extra in ({"seat_as": 0}, {"peer": "a"}, {"as": 1}, {"to": [0]}, {"v2": 1}, {"seat": 0, "x": 1}):
            texts.append(json.dumps({"v": PROTOCOL, "type": kind, **fields, **extra}))
    return texts


def wrong_entries() -> list[str]:
    """Submissions whose entry is not an entry: its fields missing, extra or of the wrong kind."""
    damaged = [
        {key: value for key, value in ENTRY.items() if key != "sig"},
        {**ENTRY, "extra": 1},
        {**ENTRY, "by": -1},
        {**ENTRY, "by": True},
        {**ENTRY, "k": 2**31},
        {**ENTRY, "k": "0"},
        {**ENTRY, "kind": "deal"},
        {**ENTRY, "kind": None},
        {**ENTRY, "body": []},
        {**ENTRY, "sig": "AB" * 64},
        {**ENTRY, "sig": "ab" * 63},
    ]
    return [encode("submit", entry=entry) for entry in damaged]


def huge() -> list[str]:
    """Messages over 64 KB, in characters or only in UTF-8 bytes."""
    over = MAX_MESSAGE_BYTES + 1
    head = '{"v":2,"type":"hello","key":"' + KEY + '","name":"'
    return [
        head + "x" * over + '"}',
        head + "é" * (over // 2 + 1) + '"}',  # under the cap in characters, over it in bytes
        head + "€" * (over // 3 + 1) + '"}',
        " " * over,
        "[" * over,
        encode("submit", entry={**ENTRY, "body": {"pad": "x" * over}}),
        encode("sync", since=0) + " " * over,
    ]


# ------------------------------------------------------------------------------------------ the room


def hostile_room() -> tuple[Room, Players]:
    """Concentration for three (the host plays no seat): honest players at seats 0 and 1, the attacker's own
    (honest) client at seat 2, and a spectator the attacker also runs."""
    host = Host("concentration", 3, {"pairs": 8}, entropy=seeded_entropy("hostile"))
    room = Room(host, "hostile")
    seat_everyone(room, ["a", "b", "m"])
    room.join("s")  # the unseated attacker
    return room, Players(room, {"a": "hard", "b": "medium", "m": "easy"}, "hostile")


def signed(room: Room, body: dict, kind: str = "act", key: str | None = None, by: int = 3, k: int | None = None) -> str:
    """A submission of an entry of ``kind`` signed with ``key`` (the attacker's device's, if none) as party ``by``
    (the attacker's is 3), at count ``k`` (the one the host expects from that party, if none)."""
    mallory = room.clients["m"]
    count = mallory.replica.counts.expected(by) if k is None else k
    signer = Signer(key or mallory.key, mallory.room, mallory.replica.signed[1], by, count)
    return encode("submit", entry=signer.sign(kind, body, seeded_entropy(count)).to_json())


def play_volley(attacker: Attacker, accepted: list[tuple[str, str]], rng: random.Random) -> None:
    """Attacks on a game in play, built from the state it is in now."""
    room = attacker.room
    host = room.host
    match = host.sequencer.replica.match
    step = match.step
    mallory = host.lobby.seat_of("m")
    # Out of turn: other seats' moves, signed by the attacker's device, at the right state id and count.
    for seat in [seat for seat in range(3) if seat != mallory]:
        for action in rng.sample(match.legal_actions(seat), min(4, len(match.legal_actions(seat)))):
            assert attacker.refused("m", signed(room, {"seat": seat, "state": step, "action": action})) == "seat"
    # Moves no seat may make, and the attacker's own moves at a wrong state id.
    attacker.refused("m", signed(room, {"seat": mallory, "state": step, "action": {"type": "flip", "pos": 99}}))
    attacker.refused("m", signed(room, {"seat": mallory, "state": step, "action": {"type": "conjure"}}))
    own = match.legal_actions(mallory) or [{"type": "flip", "pos": 0}]
    for action in own[:3]:
        for state in (step + 1, step + 100, 2**31 - 1, *((step - 1, 0) if step > 0 else ())):
            body = {"seat": mallory, "state": state, "action": action}
            assert attacker.refused("m", signed(room, body)) in ("stale", "illegal")
    # Entries not the attacker's own: another device's name, no true signature, a count it has not reached.
    body = {"seat": mallory, "state": step, "action": own[0]}
    assert attacker.refused("m", signed(room, body, by=1)) == "signature"
    assert attacker.refused("m", signed(room, body, key=room.clients["a"].key, by=1)) == "signature"
    assert attacker.refused("m", signed(room, body, key=room.clients["a"].key)) == "signature"
    count = room.clients["m"].replica.counts.expected(3)
    assert attacker.refused("m", signed(room, body, k=count + 5)) == "order"
    # A guest asking the host to sign its move as the host's own player's (only the host's page may).
    for peer in ("m", "s"):
        assert attacker.refused(peer, encode("play", state=step, action=own[0])) == "seat"
    # The spectator may not act at all, whatever it sends.
    for seat in match.to_act():
        for action in match.legal_actions(seat)[:2]:
            assert attacker.refused("s", signed(room, {"seat": seat, "state": step, "action": action})) == "seat"
    # Replays: entries taken earlier, sent again by their own peer (let be) and by the attacker (not its own).
    for peer, text in rng.sample(accepted, min(6, len(accepted))):
        attacker.ignored(peer, text)
        if peer != "m":
            assert attacker.refused("m", text) == "signature"
    # Seat grabs during play.
    for seat in range(3):
        assert attacker.refused("m", encode("sit", seat=seat)) == "phase"
        assert attacker.refused("s", encode("sit", seat=seat)) == "phase"
    assert attacker.refused("m", encode("stand")) == "phase"
    assert attacker.refused("m", encode("contribute", nonce=HEX)) == "phase"
    attacker.volley("m", wrong_entries(), "schema")


def reclaim_attempts(attacker: Attacker, peer: str, secret_seen: str) -> None:
    """Claiming another player's seat without its secret: every answer to the challenge is refused."""
    room = attacker.room
    for seat in (0, 1):
        assert attacker.refused(peer, encode("prove", seat=seat, proof=HEX)) == "proof"  # no challenge asked
        if room.host.lobby.seat_of(peer) is not None:
            assert attacker.refused(peer, encode("reclaim", seat=seat)) == "seat"  # one seat per connection
            continue
        outgoing = room.host.receive(peer, encode("reclaim", seat=seat), room.tick())
        assert [json.loads(message.text)["type"] for message in outgoing] == ["challenge"]
        assert [message.peer for message in outgoing] == [peer]
        nonce = json.loads(outgoing[0].text)["nonce"]
        guesses = [HEX, prove(HEX, nonce), prove(secret_seen, HEX)]  # a stale answer, a wrong secret
        assert attacker.refused(peer, encode("prove", seat=1 - seat, proof=guesses[1])) == "proof"
        # The challenge is spent by any answer, so a second guess needs a new challenge.
        for guess in guesses:
            room.host.receive(peer, encode("reclaim", seat=seat), room.tick())
            assert attacker.refused(peer, encode("prove", seat=seat, proof=guess)) == "proof"
            assert attacker.refused(peer, encode("prove", seat=seat, proof=guess)) == "proof"
    for seat in (3, 63):
        assert attacker.refused(peer, encode("reclaim", seat=seat)) == "seat"


def flood(attacker: Attacker, peer: str, rng: random.Random) -> None:
    """200 messages in the same millisecond: after the burst, every one is refused for its rate."""
    now = attacker.room.tick()
    junk = malformed(rng) + wrong_fields()
    codes = [attacker.refused(peer, rng.choice(junk), now=now) for _ in range(200)]
    assert codes.count("rate") >= 150
    # Even valid requests are refused once the bucket is dry.
    assert attacker.refused(peer, encode("sync", since=0), now=now) == "rate"


def test_a_thousand_hostile_messages_are_refused_and_change_nothing():
    """Lobby, shuffle and play: every attack gets one error to its sender, and the room is unchanged."""
    rng = random.Random("hostile")
    room, players = hostile_room()
    host = room.host
    attacker = Attacker(room)
    static = malformed(rng) + wrong_versions() + unknown_types() + wrong_fields() + huge()

    # In the lobby: seats taken, nothing to stand from, nothing to play in.
    attacker.volley("s", static)
    for seat in range(3):
        assert attacker.refused("s", encode("sit", seat=seat)) == "seat"
        assert attacker.refused("m", encode("sit", seat=seat)) == "seat"  # taken, or already seated
    assert attacker.refused("s", encode("stand")) == "seat"
    attacker.volley("m", [encode("submit", entry=ENTRY), encode("contribute", nonce=HEX)], "phase")

    # The shuffle: hold the players' pledges back, then attack the commitment round.
    room.clients["a"].contributes = room.clients["b"].contributes = False
    room.control(host.start())
    assert host.phase == "shuffle" and set(host.shuffle.pledges) == {2} and not host.shuffle.nonces
    assert attacker.refused("m", encode("pledge", pledge=HEX, seal=HEX)) == "duplicate"
    assert attacker.refused("m", encode("contribute", nonce=HEX)) == "shuffle"  # no reveal before the pledges close
    assert attacker.refused("s", encode("contribute", nonce=HEX)) == "seat"
    assert attacker.refused("m", encode("submit", entry=ENTRY)) == "phase"
    attacker.volley("m", wrong_fields())
    for peer in ("a", "b"):
        room.clients[peer].contributes = True
        room.send(peer, room.clients[peer].sync())
    assert host.phase == "playing"

    # The game: honest play between volleys, and every kind of attack at many states.
    secret_seen = room.clients["a"].secret
    accepted: list[tuple[str, str]] = []
    volleys = 0
    while host.phase == "playing":
        for _ in range(rng.randrange(2, 6)):
            moves = players.choices()[:1]
            for peer, action in moves:
                text = room.clients[peer].act(action)
                room.send(peer, text)
                accepted.append((peer, text))
            if host.phase != "playing" or not moves:
                break
        if host.phase != "playing":
            break
        volleys += 1
        play_volley(attacker, accepted, rng)
        if volleys % 5 == 1:
            attacker.volley(rng.choice(["m", "s"]), rng.sample(static, 40))
        if volleys % 10 == 2:
            reclaim_attempts(attacker, "s" if volleys % 20 == 2 else "m", secret_seen)
        if volleys % 15 == 3:
            flood(attacker, rng.choice(["m", "s"]), rng)

    # After the end: no more moves, and the replays are still let be.
    assert host.phase == "over"
    body = {"seat": 2, "state": host.sequencer.replica.match.step, "action": {"type": "flip", "pos": 0}}
    assert attacker.refused("m", signed(room, body)) == "illegal"
    for peer, text in accepted[-10:]:
        attacker.ignored(peer, text)
    assert attacker.count >= 1000, attacker.codes
    for code in ("malformed", "version", "unknown_type", "schema", "too_big", "rate", "phase", "seat", "proof"):
        assert attacker.codes[code] > 0, (code, attacker.codes)
    for code in ("stale", "illegal", "duplicate", "signature", "order", "ignored"):
        assert attacker.codes[code] > 0, (code, attacker.codes)
    # The honest players finished a verified game regardless, and the attacker's own client too.
    for peer in ("a", "b", "m", "s"):
        assert room.clients[peer].verdict.ok, (peer, room.clients[peer].verdict)
