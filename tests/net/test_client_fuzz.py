"""A hostile host against ``Client``: thousands of crafted and mutated messages, and the client never raises.

The host is the one peer a guest trusts to speak, and the gate only proves a message came from it; a
host that is broken or cheating can still send anything, and it can sign any entry as its own party. Every
message here is schema-shaped enough to get past ``decode`` often, with values chosen to break the handlers:
seats not at the table, parties that hold no seat, logs with gaps and overlaps, entries replayed, cut, or signed by
the host with bodies of its making, nonces that match no pledge. The client must take each one without an
exception, change nothing for a message it refuses, name nobody but the host, and send only valid client messages.
"""

from __future__ import annotations

import copy
import functools
import json
import random

import pytest

from game.net import Client
from game.net.log import Entry, Signer
from game.net.messages import CLIENT_MESSAGES, HOST_MESSAGES, ProtocolError, decode, encode
from game.net.shuffle import commitment_of
from tests.net.gated import HOST_ID, GatedRoom
from tests.net.support import seeded_entropy

MESSAGES = 2500
HEXES = ["00" * 32, "ab" * 32, commitment_of("00" * 32)]
FORGED = seeded_entropy("the host's own signatures")
KINDS = ["act", "deck", "shares", "claim", "seed", "end", "nonsense"]


@functools.lru_cache(maxsize=1)
def finished_game() -> tuple[GatedRoom, list[dict]]:
    """A finished Concentration game with GuestA at seat 1, and everything its host sent GuestA (played once)."""
    room = GatedRoom("concentration", 2, {"pairs": 8}, seed="fuzz")
    door = room.join("GuestA")
    room.send("GuestA", door.client.hello("Ada"))
    room.send("GuestA", door.client.sit(1))
    room.control(room.host.start())
    room.play()
    return room, [json.loads(text) for text in room.bodies("GuestA")]


@functools.lru_cache(maxsize=1)
def midway_guest() -> Client:
    """GuestA's page reloaded and caught up to the middle of that game's log: the victim, copied for each run."""
    room, real = finished_game()
    page = room.doors["GuestA"].client
    client = Client(entropy=seeded_entropy("victim"), key=page.key)
    client.restore(json.loads(json.dumps(page.evidence)))
    lobby = next(message for message in real if message["type"] == "lobby" and message["phase"] == "playing")
    start = next(message for message in real if message["type"] == "start")
    entries = [entry.to_json() for entry in room.host.sequencer.entries]
    for text in (json.dumps(lobby), json.dumps(start), encode("log", since=0, entries=entries[: len(entries) // 2])):
        client.receive(text)
    assert client.replica is not None and client.replica.broken is None and len(client.replica.log) > 10
    return client


def hostile_value(rng: random.Random, name: str, real: list[dict]) -> object:
    """A value for field ``name``: often plausible, sometimes borrowed from a real message, sometimes absurd."""
    pools = {
        "seat": [0, 1, 2, 7, 63, None],
        "you": [0, 1, 7, 63, None],
        "since": [0, 1, 2, 3, 10**6],
        "k": [None, 0, 1, 5, 10**6],
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
        "parties": [[], [[0], [1]], [[0], [7]], [[1], [0]], [[0, 1]], [[0], []], [[0], [1], [2]]],
        "keys": [[], ["04" + "ab" * 64]],
        "seals": [[], HEXES[:2], HEXES],
        "entries": [[], [{}], [{"by": 0, "k": 0, "kind": "act", "body": {}, "sig": "00"}], [[]]],
        "pledges": [[], [{"seat": 1, "pledge": HEXES[2]}], [{"seat": 7, "pledge": HEXES[1]}] * 2],
        "nonces": [
            [],
            [{"seat": 1, "nonce": HEXES[0]}],
            [{"seat": 1, "nonce": HEXES[1]}, {"seat": 1, "nonce": HEXES[0]}],
        ],
        "code": ["rate", "stale", "order", "x"],
        "message": ["Refused.", "x" * 999],
    }
    borrowed = [message[name] for message in real if name in message]
    choices = pools.get(name, HEXES) + borrowed[-3:]
    return rng.choice(choices)


def hostile_body(rng: random.Random, bodies: list[dict]) -> dict:
    """A body the host could sign as its own party's: a real one with one field changed, or a made-up one."""
    body = copy.deepcopy(rng.choice(bodies))
    field = rng.choice([*body, "seat", "to", "deal", "shares", "action", "value"])
    body[field] = rng.choice([None, 0, 1, 7, -1, 10**9, "x", [], {}, [{}], {"type": "pick", "pos": 99}, HEXES[0]])
    return body


def hostile_log(rng: random.Random, client: Client, entries: list[Entry], signer: Signer) -> str:
    """A log message for ``client``: real entries from about where its copy is (some cut or changed after they were
    signed), and entries the host signed itself as its party, at its next count, with bodies of its making."""
    taken = 0 if client.replica is None else len(client.replica.log)
    since = max(0, taken + rng.choice([-2, -1, 0, 0, 0, 1]))
    made = []
    for index in range(since, since + rng.randint(1, 3)):
        choice = rng.random()
        if choice < 0.4 and index < len(entries):
            made.append(entries[index].to_json())
        elif choice < 0.6 and index < len(entries):
            data = entries[index].to_json()
            data[rng.choice(list(data))] = rng.choice([None, 0, 1, -1, "x", {}, HEXES[0]])
            made.append(data)
        else:
            expected = 0 if client.replica is None else client.replica.counts.expected(0)
            signer.written = max(0, expected + rng.choice([-1, 0, 0, 0, 1]))
            body = hostile_body(rng, [entry.body for entry in entries])
            made.append(signer.sign(rng.choice(KINDS), body, FORGED).to_json())
    return encode("log", since=since, entries=made)


def hostile_message(rng: random.Random, real: list[dict]) -> str:
    """One message of a host type with hostile field values, or a real one mutated."""
    if real and rng.random() < 0.3:
        text = json.dumps(rng.choice(real))
        cut = rng.randrange(len(text))
        return rng.choice([text[:cut], text[:cut] + text[cut + 1 :], text.replace("1", "7", 1), text, text])
    kind = rng.choice(list(HOST_MESSAGES))
    fields = {name: hostile_value(rng, name, real) for name in HOST_MESSAGES[kind]}
    return encode(kind, **fields)


def held(client: Client) -> str:
    """Everything the client holds that a message could change, as one text."""
    replica = client.replica
    game = None if replica is None else [len(replica.log), replica.match and replica.match.step, repr(replica.broken)]
    mine = [client.seat, client.secret, client.secret_seat, client.lobby, client.evidence, len(client.unsequenced)]
    return json.dumps([mine, game, repr(client.verdict), repr(client.shuffle_verdict)], default=repr)


def test_thousands_of_hostile_host_messages_never_raise():
    """2,500 hostile messages at a guest midway through a game, half of them logs (real entries, real ones changed,
    and entries the host signed itself): no exception, nothing changed by a message refused, nobody named but the
    host, valid replies only."""
    rng = random.Random("client fuzz")
    room, real = finished_game()
    entries = room.host.sequencer.entries
    signer = Signer(room.host.sequencer.signer.secret, *room.host.sequencer.replica.signed, 0)
    client = copy.deepcopy(midway_guest())
    decoded = taken = named = 0
    for number in range(MESSAGES):
        text = hostile_log(rng, client, entries, signer) if number % 2 else hostile_message(rng, real)
        before, log = held(client), 0 if client.replica is None else len(client.replica.log)
        replies = client.receive(text)  # must not raise
        for reply in replies:
            decode(reply, CLIENT_MESSAGES)
        try:
            decode(text, HOST_MESSAGES)
            decoded += 1
        except ProtocolError:
            assert held(client) == before, (number, text[:300])
        broke = [error for error in client.errors if error["message"].startswith("A message from the host broke")]
        assert not broke, (number, text[:300], broke)
        replica = client.replica
        taken += replica is not None and len(replica.log) > log
        if replica is not None and replica.broken is not None:
            assert replica.broken.party in (None, 0), ("only the host's party is named", replica.broken)
            named += 1
        if replica is None or replica.broken is not None:
            client = copy.deepcopy(midway_guest())  # a fresh victim, for one that stopped or was told of a new game
    assert decoded >= MESSAGES // 2, "most messages passed the schema, so the handlers were reached"
    assert taken >= MESSAGES // 20, "many entries reached the guest's copy of the game"
    assert named >= MESSAGES // 50, "many made its copy stop and name the host"


@pytest.mark.parametrize(
    "seating",
    [
        {"parties": [[0], [7]]},
        {"parties": [[0], [1], [1]]},
        {"parties": [[0, 1], [1]]},
        {"parties": [[0]]},
        {"keys": []},
        {"seals": []},
        {"lobby": None},
    ],
)
def test_a_start_whose_seating_is_not_the_tables_is_refused_and_changes_nothing(seating):
    """A start that does not give every seat of the table to exactly one party with one key and one sealing
    commitment (a seat not at the table, a seat twice, one left out, a key or commitment missing), or that comes
    before any table was shown, is refused with a sentence, and the guest's copy of the game stays as it was."""
    _, real = finished_game()
    start = next(message for message in real if message["type"] == "start")
    client = copy.deepcopy(midway_guest())
    client.lobby = seating.pop("lobby", client.lobby)
    fields = {name: value for name, value in start.items() if name not in ("v", "type")}
    before = held(client)
    assert client.receive(encode("start", **{**fields, **seating})) == []
    assert held(client) == before
    assert client.errors[-1]["code"] == "bad_host_message"
    assert client.errors[-1]["message"].startswith("The host's seating"), client.errors[-1]


def test_a_move_for_seat_seven_names_the_host():
    """The issue's case at protocol 2: a move for seat 7, not at the table, that the host signed as its own party's:
    the guest's copy stops and names the host's party, and nothing breaks."""
    room, _ = finished_game()
    client = copy.deepcopy(midway_guest())
    signer = Signer(room.host.sequencer.signer.secret, *room.host.sequencer.replica.signed, 0)
    signer.written = client.replica.counts.expected(0)
    body = {"seat": 7, "state": client.replica.match.step, "action": {"type": "pick", "pos": 0}}
    client.receive(encode("log", since=len(client.replica.log), entries=[signer.sign("act", body, FORGED).to_json()]))
    assert client.replica.broken is not None and client.replica.broken.party == 0, client.replica.broken
    assert client.verdict is not None and not client.verdict.ok
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
    before = held(door.client), door.host_peer
    replays = 0
    for number in range(2000):
        sender, text = rng.choice([HOST_ID, "Mallory", "GuestA"]), hostile_wire_text(rng, real)
        replays += sender == HOST_ID and text in real and text.startswith("~")
        assert door.receive(sender, text, room.tick()) == [], number
    assert (held(door.client), door.host_peer) == before
    assert door.refused == 2000 - replays and replays > 20
