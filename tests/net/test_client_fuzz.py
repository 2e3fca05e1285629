"""A hostile host against ``Client``: thousands of crafted and mutated messages, and the client never raises.

The host is the one peer a guest trusts to speak, and the gate only proves a message came from it; a
host that is broken or cheating can still send anything. Every message here is schema-shaped enough
to get past ``decode`` often, with values chosen to break the handlers: seats not at the table, gaps
and overlaps in the event stream, reveals of garbage logs, nonces that match no pledge. The client
must take each one without an exception, and every reply it sends must be a valid client message.
"""

from __future__ import annotations

import json
import random

from game import new_match
from game.bots import autoplay
from game.net import Client
from game.net.messages import CLIENT_MESSAGES, HOST_MESSAGES, decode, encode
from game.net.shuffle import commitment_of, derive_seed
from tests.net.gated import HOST_ID, GatedRoom
from tests.net.support import seeded_entropy

MESSAGES = 2500
HEXES = ["00" * 32, "ab" * 32, commitment_of("00" * 32)]


def hostile_value(rng: random.Random, name: str, real: list[dict]) -> object:
    """A value for field ``name``: often plausible, sometimes borrowed from a real message, sometimes absurd."""
    pools = {
        "seat": [0, 1, 2, 7, 63, None],
        "you": [0, 1, 7, 63, None],
        "step": [0, 1, 5, 10**6, 2**31 - 1],
        "since": [0, 1, 2, 3, 10**6],
        "total": [0, 1, 2, 10**6],
        "players": [1, 2, 7, 63],
        "phase": ["lobby", "shuffle", "playing", "over"],
        "game": ["concentration", "cambio", "no such game", "x"],
        "options": [{}, {"pairs": 8}, {"pairs": -1}, {"deck": ["x"]}],
        "seats": [
            [],
            [
                {
                    "seat": 7,
                    "kind": "player",
                    "name": "X",
                    "level": None,
                    "connected": True,
                    "bot_playing": False,
                    "host": False,
                }
            ],
        ],
        "events": [[], [{}], [{"type": "flip", "card": 99}], [{"to": [0], "card": "zz"}] * 3],
        "view": [None, {}, {"cards": "none"}, {"to_act": [7]}],
        "changes": [None, [], [[["to_act"], [7]]], [[["cells", 99], "AS"]], [[["nothing", "here"]]], [[["turn"]]]],
        "legal": [None, [], [{"type": "flip", "card": 1}], [{"type": "x"}] * 5],
        "log": [[], [[0, {"type": "flip", "card": 0}]], [[7, {}]], [[0, {"type": "nonsense"}]] * 4],
        "pledges": [[], [{"seat": 1, "pledge": HEXES[2]}], [{"seat": 7, "pledge": HEXES[1]}] * 2],
        "nonces": [
            [],
            [{"seat": 1, "nonce": HEXES[0]}],
            [{"seat": 1, "nonce": HEXES[1]}, {"seat": 1, "nonce": HEXES[0]}],
        ],
        "code": ["rate", "x"],
        "message": ["Refused.", "x" * 999],
    }
    borrowed = [message[name] for message in real if name in message]
    choices = pools.get(name, HEXES) + borrowed[-3:]
    return rng.choice(choices)


def hostile_message(rng: random.Random, real: list[dict]) -> str:
    """One message of a host type with hostile field values, or a real one mutated."""
    if real and rng.random() < 0.3:
        text = json.dumps(rng.choice(real))
        cut = rng.randrange(len(text))
        return rng.choice([text[:cut], text[:cut] + text[cut + 1 :], text.replace("1", "7", 1), text, text])
    kind = rng.choice(list(HOST_MESSAGES))
    fields = {name: hostile_value(rng, name, real) for name in HOST_MESSAGES[kind]}
    return encode(kind, **fields)


def a_seated_guest() -> tuple[Client, list[dict]]:
    """A guest at seat 1 of a finished Concentration game, and everything its host sent it (the reveal too).

    Its messages are the raw material: replayed as they are, a reveal makes the client check the whole
    game again, so a hostile update just before it (another seat's stream) reaches the verifier.
    """
    room = GatedRoom("concentration", 2, {"pairs": 8}, seed="fuzz")
    door = room.join("GuestA")
    room.send("GuestA", door.client.hello("Ada"))
    room.send("GuestA", door.client.sit(1))
    room.control(room.host.start())
    room.play()
    real = [json.loads(text) for text in room.bodies("GuestA")]
    assert any(message["type"] == "reveal" for message in real)
    return door.client, real


def test_thousands_of_hostile_host_messages_never_raise():
    """2,500 hostile messages, every tenth the real reveal: no exception, no handler broken, valid replies only."""
    rng = random.Random("client fuzz")
    client, real = a_seated_guest()
    decoded = verdicts = 0
    reveals = [json.dumps(message) for message in real if message["type"] == "reveal"]
    for number in range(MESSAGES):
        # Every tenth message is the host's real reveal, so the hostile messages before it reach the verifier.
        text = rng.choice(reveals) if number % 10 == 9 else hostile_message(rng, real)
        checked = client.verdict
        replies = client.receive(text)  # must not raise
        verdicts += client.verdict is not checked  # the whole game was checked again
        for reply in replies:
            decode(reply, CLIENT_MESSAGES)
        try:
            decode(text, HOST_MESSAGES)
            decoded += 1
        except ValueError:
            pass
        broke = [error for error in client.errors if error["message"].startswith("A message from the host broke")]
        assert not broke, (number, text[:300], broke)
        if rng.random() < 0.01:
            client, real = a_seated_guest()  # a fresh victim now and then
    assert decoded >= MESSAGES // 2, "most messages passed the schema, so the handlers were reached"
    assert verdicts >= MESSAGES // 20, "many runs reached the verifier"


def test_a_stream_of_seat_seven_then_a_reveal_gives_a_verdict():
    """The issue's case: an update for a seat that is not at the table, then the reveal of a finished game."""
    secret = "00" * 32
    match = new_match("concentration", 2, {"pairs": 8}, seed=derive_seed(secret, []))
    autoplay(match, {0: "easy", 1: "easy"}, seed=1)
    client = Client(entropy=seeded_entropy("seven"))
    for text in (
        encode("lobby", phase="playing", game="concentration", players=2, options=match.options, seats=[], you=None),
        encode("start", commitment=commitment_of(secret), pledges=[], nonces=[]),
        encode("update", seat=7, step=match.step, since=0, events=[], view={}, changes=None, legal=[]),
        encode("reveal", secret=secret, since=0, log=match.history, total=len(match.history)),
    ):
        client.receive(text)
    assert client.verdict is not None and not client.verdict.ok, client.verdict
    assert "seat 7" in client.verdict.message
    assert not [error for error in client.errors if error["message"].startswith("A message from the host broke")]


def hostile_wire_text(rng: random.Random, real: list[str]) -> object:
    """A text on the wire: sealed-looking with a made-up count or MAC, a handshake message, a real one cut, or junk."""
    body = rng.choice(real).split("~", 4)[-1] if real else "{}"
    seq, mac = rng.choice([0, 1, 2, 10**9, 10**10, "-", "?"]), rng.choice(["0" * 64, "f" * 64, "ab" * 32, "x" * 64])
    ack = rng.choice([0, 1, 10**9, 10**10, "-"])
    share = "04" + rng.choice(["00", "ff", "ab"]) * 64
    options = [
        f"~{seq}~{ack}~{mac}~{body}",
        f"~{seq}~{mac}~{body}",
        f"~{seq}~{ack}~{mac}",
        "~",
        "~~~",
        rng.choice(real)[: rng.randrange(1, 80)] if real else "~",
        encode("identity", key=share, share=share, signature="00" * 64),
        encode("knock", nonce=HEXES[0], share=share),
        json.dumps({"v": 2, "type": "identity", "key": 5}),
        rng.choice(real) if real else "",  # a replay: genuine, and already taken
        None,
        b"~0~" + bytes(64),
        "~0~" + "a" * 64 + "~" + "\ud800",
    ]
    return rng.choice(options)


def test_thousands_of_hostile_texts_at_a_guests_door_never_raise():
    """2,000 texts from the host's peer id and from others: the door never raises and lets none through (a replay of
    a genuine text is only acknowledged again)."""
    rng = random.Random("door fuzz")
    room = GatedRoom("concentration", 2, {"pairs": 8}, seed="door")
    door = room.join("GuestA")
    room.send("GuestA", door.client.hello("Ada"))
    room.send("GuestA", door.client.sit(1))
    room.control(room.host.start())
    real = room.to("GuestA")
    before = json.dumps(door.client.evidence), door.client.step, len(door.client.events), door.host_peer
    replays = 0
    for number in range(2000):
        sender, text = rng.choice([HOST_ID, "Mallory", "GuestA"]), hostile_wire_text(rng, real)
        replays += sender == HOST_ID and text in real and text.startswith("~")
        assert door.receive(sender, text, room.tick()) == [], number
    assert (json.dumps(door.client.evidence), door.client.step, len(door.client.events), door.host_peer) == before
    assert door.refused == 2000 - replays and replays > 20
