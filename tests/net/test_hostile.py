"""The hostile-peer suite: well over 1,000 fuzzed and crafted messages, every one refused cleanly.

A refusal means: exactly one ``error``, to the sender alone (the other peers receive nothing), and the
room exactly as it was (``host.save()``, which holds the match's ``to_json``, is byte-for-byte the same).
The attacks come in the lobby, during the shuffle and throughout a Cambio game that honest agents play
between volleys: malformed JSON, wrong types and fields, huge messages, floods, out-of-turn moves,
replays and stale state ids, and impersonation (claiming or acting for another seat).
"""

from __future__ import annotations

import json
import random
import string
from collections import Counter

from game.net import Host
from game.net.messages import CLIENT_MESSAGES, MAX_MESSAGE_BYTES, encode
from game.net.seats import prove
from tests.net.support import Agents, Room, seat_everyone, seeded_entropy

HEX = "ab" * 32
WRONG_VALUES = [None, True, False, -1, 1.5, "0", [], {}, [0], {"seat": 0}, 2**40, "x" * 300]


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
        b'{"v":2,"type":"sync"}',
        42,
        {"v": 2, "type": "sync"},
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
        "{'v': 1, 'type': 'sync'}",
        '{"v":2,"type":"sync"} trailing',
        "[" * 20_000 + "]" * 20_000,
        '{"a":' * 10_000 + "1" + "}" * 10_000,
        '{"v":2,"type":"act","state":NaN,"action":{"type":"skip"}}',
        '{"v":2,"type":"act","state":Infinity,"action":{"type":"skip"}}',
        '{"v":2,"type":"act","state":' + "9" * 5000 + ',"action":{"type":"skip"}}',
        "\ud800",
        "\x00" * 100,
    ]
    valid = encode("act", state=3, action={"type": "draw", "source": "deck"})
    truncated = [valid[: rng.randrange(1, len(valid))] for _ in range(20)]
    garbage = ["".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 80))) for _ in range(40)]
    return fixed + truncated + garbage


def wrong_versions() -> list[str]:
    """A protocol version that is missing or not exactly the number 2."""
    texts = [json.dumps({"type": "sync"})]
    for version in [0, 1, 3, "2", True, 2.0, -2, [2], {}, None, 10**30]:
        texts.append(json.dumps({"v": version, "type": "sync"}))
    return texts


def unknown_types() -> list[str]:
    """A message type the host does not take (including the host's own types)."""
    kinds = ["", "ACT", "Act", "acts", "admin", "deal", "start", "lobby", "update", "error", "reveal", 5, None, ["act"]]
    return [json.dumps({"v": 2, "type": kind}) for kind in kinds] + [json.dumps({"v": 2})]


VALID_FIELDS = {
    "hello": {"name": "Mallory"},
    "sit": {"seat": 0},
    "stand": {},
    "reclaim": {"seat": 0},
    "prove": {"seat": 0, "proof": HEX},
    "pledge": {"pledge": HEX},
    "contribute": {"nonce": HEX},
    "act": {"state": 0, "action": {"type": "draw", "source": "deck"}},
    "sync": {},
}
BAD_VALUES = {
    "name": ["", "x" * 41, "\n", "a\x00b", "\u202e", 5, None, ["Mallory"]],
    "seat": [-1, 64, 2**40, True, "0", 1.0, None, [0]],
    "proof": ["ABC", "g" * 64, "a" * 63, "A" * 64, "a" * 65, 5, None],
    "nonce": ["ABC", "g" * 64, "a" * 63, "A" * 64, "a" * 65, 5, None],
    "pledge": ["ABC", "g" * 64, "a" * 63, "A" * 64, "a" * 65, 5, None],
    "state": [-1, 2**31, True, "0", 0.0, None, [0]],
    "action": [
        [],
        "draw",
        None,
        {},
        {"type": 5},
        {"type": None},
        {"type": "draw", "source": ["deck"]},
        {"type": "draw", "source": {"deck": 1}},
        {"type": "draw", "source": 1.5},
        {"type": "x" * 65},
        {"type": "draw", "k" * 21: 1},
        {"type": "draw", "": 1},
        {"type": "draw", **{f"k{index}": 1 for index in range(8)}},
        {"type": "snap", "owner": 2**40, "slot": 0},
        {"type": "snap", "owner": "\x07", "slot": 0},
    ],
}


def wrong_fields() -> list[str]:
    """Every client message type with a field missing, an extra field, or a field of the wrong type."""
    assert set(VALID_FIELDS) == set(CLIENT_MESSAGES)
    texts = []
    for kind, fields in VALID_FIELDS.items():
        for name in fields:
            texts.append(json.dumps({"v": 2, "type": kind, **{k: v for k, v in fields.items() if k != name}}))
            texts += [json.dumps({"v": 2, "type": kind, **fields, name: value}) for value in BAD_VALUES[name]]
        # Impersonation by field: no message may name the seat or peer it speaks for.
        for extra in ({"seat_as": 0}, {"peer": "a"}, {"as": 1}, {"to": [0]}, {"v2": 1}, {"seat": 0, "x": 1}):
            texts.append(json.dumps({"v": 2, "type": kind, **fields, **extra}))
    return texts


def huge() -> list[str]:
    """Messages over 64 KB, in characters or only in UTF-8 bytes."""
    over = MAX_MESSAGE_BYTES + 1
    head = '{"v":2,"type":"hello","name":"'
    return [
        head + "x" * over + '"}',
        head + "é" * (over // 2 + 1) + '"}',  # under the cap in characters, over it in bytes
        head + "€" * (over // 3 + 1) + '"}',
        " " * over,
        "[" * over,
        encode("act", state=0, action={"type": "draw", "source": "deck"}) + " " * over,
    ]


# ------------------------------------------------------------------------------------------ the room


def hostile_room() -> tuple[Room, Agents]:
    """Cambio for three (a final lap makes the game long enough for the attacks): honest agents at seats 0 and 1,
    the attacker's own agent at seat 2, a spectator."""
    host = Host("cambio", 3, {"final_lap": True}, entropy=seeded_entropy("hostile"))
    room = Room(host, "hostile")
    seat_everyone(room, ["a", "b", "m"])
    room.join("s")  # the unseated attacker
    agents = Agents(room, {"a": "hard", "b": "medium", "m": "easy"}, "hostile")
    return room, agents


def play_volley(attacker: Attacker, accepted: list[tuple[str, str]], rng: random.Random) -> None:
    """Attacks on a game in play, built from the state it is in now."""
    room = attacker.room
    host = room.host
    match = host.match
    step = match.step
    mallory = host.lobby.seat_of("m")
    # Out of turn: other seats' moves, from the attacker's seat, at the right state id.
    acting = [seat for seat in match.to_act() if seat != mallory]
    own = match.legal_actions(mallory)
    for seat in acting:
        for action in rng.sample(match.legal_actions(seat), min(4, len(match.legal_actions(seat)))):
            if action not in own:
                attacker.refused("m", encode("act", state=step, action=action))
    # Moves no seat may make, and the attacker's own moves at a wrong state id.
    attacker.refused("m", encode("act", state=step, action={"type": "peek", "owner": 9, "slot": 9}))
    attacker.refused("m", encode("act", state=step, action={"type": "conjure"}))
    for action in own[:3]:
        for state in (step + 1, step + 100, 2**31 - 1):
            assert attacker.refused("m", encode("act", state=state, action=action)) == "stale"
        if step > 0 and action["type"] not in match.rules.racing:  # a racing move from an older state may count
            for state in {step - 1, 0, rng.randrange(step)}:
                assert attacker.refused("m", encode("act", state=state, action=action)) == "stale"
    # The spectator may not act at all, whatever it sends.
    for seat in match.to_act():
        for action in match.legal_actions(seat)[:2]:
            assert attacker.refused("s", encode("act", state=step, action=action)) == "seat"
    # Replays: moves that were accepted earlier, sent again by their own peer and by the attacker.
    for peer, text in rng.sample(accepted, min(6, len(accepted))):
        attacker.refused(peer, text)
        attacker.refused("m", text)
    # Seat grabs during play.
    for seat in range(3):
        assert attacker.refused("m", encode("sit", seat=seat)) == "phase"
        assert attacker.refused("s", encode("sit", seat=seat)) == "phase"
    assert attacker.refused("m", encode("stand")) == "phase"
    assert attacker.refused("m", encode("contribute", nonce=HEX)) == "phase"


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
    assert attacker.refused(peer, encode("sync"), now=now) == "rate"


def test_a_thousand_hostile_messages_are_refused_and_change_nothing():
    """Lobby, shuffle and play: every attack gets one error to its sender, and the room is unchanged."""
    rng = random.Random("hostile")
    room, agents = hostile_room()
    host = room.host
    attacker = Attacker(room)
    static = malformed(rng) + wrong_versions() + unknown_types() + wrong_fields() + huge()

    # In the lobby: seats taken, nothing to stand from, nothing to act in.
    attacker.volley("s", static)
    for seat in range(3):
        assert attacker.refused("s", encode("sit", seat=seat)) == "seat"
        assert attacker.refused("m", encode("sit", seat=seat)) == "seat"  # taken, or already seated
    assert attacker.refused("s", encode("stand")) == "seat"
    attacker.volley("m", [encode("act", state=0, action={"type": "skip"}), encode("contribute", nonce=HEX)], "phase")

    # The shuffle: hold the players' pledges back, then attack the commitment round.
    room.clients["a"].contributes = room.clients["b"].contributes = False
    room.deliver(host.start())
    assert host.phase == "shuffle" and set(host.shuffle.pledges) == {2} and not host.shuffle.nonces
    assert attacker.refused("m", encode("pledge", pledge=HEX)) == "duplicate"
    assert attacker.refused("m", encode("contribute", nonce=HEX)) == "shuffle"  # no reveal before the pledges close
    assert attacker.refused("s", encode("contribute", nonce=HEX)) == "seat"
    assert attacker.refused("m", encode("act", state=0, action={"type": "skip"})) == "phase"
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
        for _ in range(rng.randrange(3, 12)):
            before = host.match.step
            texts = agents.choices()[:1]
            if not texts and host.bot_seats_to_act(room.now) == []:
                break
            for peer, text in texts:
                room.send(peer, text)
                if host.phase == "playing" and host.match.step > before:
                    accepted.append((peer, text))
            if host.phase != "playing":
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

    # After the end: no more moves, and the replays still fail.
    assert host.phase == "over"
    attacker.volley("m", [text for _, text in accepted[-20:]], "phase")
    assert attacker.count >= 1000, attacker.codes
    for code in ("malformed", "version", "unknown_type", "schema", "too_big", "rate", "phase", "seat", "proof"):
        assert attacker.codes[code] > 0, (code, attacker.codes)
    for code in ("stale", "illegal", "duplicate"):
        assert attacker.codes[code] > 0, (code, attacker.codes)
    # The honest players finished a verified game regardless.
    for peer in ("a", "b"):
        assert room.clients[peer].verdict.ok
