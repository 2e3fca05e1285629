"""A room with its doors: a Host behind a HostGate, guests' Clients behind GuestGates, on an in-memory wire.

``GatedRoom`` is :class:`tests.net.support.Room` with the real handshake, MACs and sequence numbers
in between (nothing stubbed: the keys are real P-256 keys). Every text that crosses the wire is kept
in ``wire`` as ``(sender, receiver, text)``, so a test can replay, reorder or forward any of them.
The wire is encrypted; what the host put inside each sealed message is kept apart, by the gate that
sealed it (:class:`TappedGate`), so a test can read what a guest was sent. The host's own player is a
local Client under ``LOCAL_PEER``, as on the host's page: the host's replica plays its seat. Bots play every
player's seat through its own peer (:class:`tests.net.support.Players`), and :class:`~tests.net.support.Truth`
knows every card (the test holds every page's sealing seed).
"""

from __future__ import annotations

import json
from collections import deque

from game.net import Client, Host, Outgoing
from game.net.channel import Channel, DirectionKeys
from game.net.gate import LOCAL_PEER, GuestGate, HostGate
from game.net.messages import encode
from game.net.shuffle import commitment_of
from tests.net.support import TICK_MS, Players, Truth, seeded_entropy

ROOM_ID = "Vq3k9XJ2a7Qe"
HOST_ID = "HostPeerId0000000001"  # the host page's transport id
MADE_UP = DirectionKeys(b"k" * 32, b"k" * 32)  # keys an impostor made up


def sealed_with(keys: DirectionKeys, body: str, seq: int = 0, ack: int = 0) -> str:
    """``body`` sealed as message ``seq`` with ``keys`` (an impostor's, or a recorder's own), as a link would."""
    channel = Channel(keys, keys)
    return channel.seal(seq, ack, channel.box(seq, body))


class TappedGate(HostGate):
    """A HostGate that also keeps, per guest, the body of every message it sealed for that guest, in order."""

    def __init__(self, *arguments, **keywords):
        super().__init__(*arguments, **keywords)
        self.bodies: dict[str, list[str]] = {}

    def seal(self, outgoing: list[Outgoing], now_ms: int) -> list[Outgoing]:
        """Seal as the HostGate does, keeping each sealed message's body."""
        sealed = super().seal(outgoing, now_ms)
        sealed_for = {message.peer for message in sealed}
        for message in outgoing:
            if message.peer != LOCAL_PEER and message.peer in sealed_for:
                self.bodies.setdefault(message.peer, []).append(message.text)
        return sealed


class GatedRoom:
    """A gated host, its local player at seat 0, and guests joined through the handshake."""

    def __init__(self, game: str = "concentration", players: int = 2, options: dict | None = None, seed: object = 0):
        self.seed = seed
        self.now = 0
        self.host = Host(game, players, options, host_peer=LOCAL_PEER, entropy=seeded_entropy(f"{seed}/host"))
        self.gate = TappedGate(self.host, ROOM_ID, HOST_ID, entropy=seeded_entropy(f"{seed}/gate"))
        self.local = Client(contributes=False)
        self.doors: dict[str, GuestGate] = {}
        self.pages: list[Client] = []  # every guest's client that ever joined, for the sealing seed its page kept
        self.wire: list[tuple[str, str, str]] = []
        self.truth = Truth(self)
        self.control(self.host.peer_joined(LOCAL_PEER))
        self.control(self.host.assign(0, LOCAL_PEER))

    def tick(self) -> int:
        """Advance the fake clock by one message's worth and return it."""
        self.now += TICK_MS
        return self.now

    @property
    def clients(self) -> dict[str, Client]:
        """Every peer's client: the host's own player's, and each guest's behind its door."""
        return {LOCAL_PEER: self.local} | {peer: door.client for peer, door in self.doors.items()}

    def seals(self) -> list[str]:
        """Every sealing seed the test can see: the host's, and every page's (kept in its evidence)."""
        pages = [client.evidence["seal"] for client in self.pages if client.evidence["seal"]]
        return pages + ([] if self.host.party is None else [self.host.party.seed])

    def join(self, peer: str, client: Client | None = None) -> GuestGate:
        """Connect guest ``peer``: it knocks at the host, which proves itself and welcomes it."""
        client = client or Client(entropy=seeded_entropy(f"{self.seed}/{peer}"))
        self.pages.append(client)
        door = GuestGate(
            client, ROOM_ID, self.gate.identity.key_id, peer, entropy=seeded_entropy(f"{self.seed}/k/{peer}")
        )
        self.doors[peer] = door
        self.to_host(peer, door.knock(HOST_ID))
        assert door.host_peer == HOST_ID, f"{peer} did not verify the host"
        return door

    def seat_guests(self, *peers: str) -> None:
        """Join each guest and sit it at the next seat (1, 2, ...) by its own ``sit``."""
        for seat, peer in enumerate(peers, 1):
            door = self.join(peer)
            self.send(peer, door.client.hello(peer))
            self.send(peer, door.client.sit(seat))

    def leave(self, peer: str) -> None:
        """Drop ``peer``'s connection."""
        self.doors.pop(peer, None)
        self.deliver(self.gate.peer_left(peer, self.tick()))

    def reload_guest(self, peer: str, page: GuestGate | None = None) -> GuestGate:
        """``peer``'s page reloads: a new client that knows only what the page stored (its device's key, its
        seat's secret and the shuffle evidence with its sealing seed) joins on a new connection and reclaims the
        seat. ``page``: the door it had, if it has already left the room."""
        page = page or self.doors[peer]
        client = Client(entropy=seeded_entropy(f"reloaded/{peer}"), key=page.client.key)
        client.restore(json.loads(json.dumps(page.client.evidence)))
        if peer in self.doors:
            self.leave(peer)
        door = self.join(peer, client)
        self.send(peer, client.reclaim(page.client.secret_seat, page.client.secret))
        return door

    def restart(self, host: Host) -> None:
        """The host's page comes back running ``host`` (loaded from a save, or a new one with the same key):
        a new gate, and every guest's connection gone. The host's own player takes seat 0 back, with its
        secret if ``host`` knows it, else by the host's hand. Guests return with :meth:`rejoin`."""
        self.host = host
        self.gate = TappedGate(host, ROOM_ID, HOST_ID, entropy=seeded_entropy(f"{self.seed}/gate/{self.now}"))
        for door in self.doors.values():
            door.peer_left(HOST_ID)
            door.link = None  # the host's page forgot its keys: they are no use any more
        self.control(host.peer_joined(LOCAL_PEER))
        if host.lobby.seats[0].secret == self.local.secret:
            self.control(host.receive(LOCAL_PEER, self.local.reclaim(0, self.local.secret), self.tick()))
        else:
            self.control(host.assign(0, LOCAL_PEER))

    def rejoin(self, peer: str, reclaim: bool = True) -> None:
        """Guest ``peer``'s page (still open) connects to the host again, and reclaims its seat if ``reclaim``."""
        door = self.doors[peer]
        self.to_host(peer, door.knock(HOST_ID))
        assert door.host_peer == HOST_ID, f"{peer} did not verify the host"
        if reclaim:
            self.send(peer, door.client.reclaim(door.client.secret_seat, door.client.secret))

    def send(self, peer: str, text: str) -> None:
        """One of guest ``peer``'s own messages, sealed by its door, then everything that follows."""
        self.to_host(peer, self.doors[peer].seal(text, self.now))

    def to_host(self, peer: str, raw: object) -> list[Outgoing]:
        """Put ``raw`` on the wire from ``peer`` to the host; deliver what follows; return the host's answer."""
        self.wire.append((peer, HOST_ID, raw))
        outgoing = self.gate.receive(peer, raw, self.tick())
        self.deliver(outgoing)
        return outgoing

    def deliver(self, outgoing: list[Outgoing]) -> None:
        """Hand the gate's messages to their receivers, and their replies back, until all is quiet."""
        queue = deque(outgoing)
        while queue:
            message = queue.popleft()
            if message.peer == LOCAL_PEER:
                for reply in self.local.receive(message.text):
                    now = self.tick()
                    queue.extend(self.gate.seal(self.host.receive(LOCAL_PEER, reply, now), now))
                continue
            self.wire.append((HOST_ID, message.peer, message.text))
            door = self.doors.get(message.peer)
            if door is None:
                continue
            for reply in door.receive(HOST_ID, message.text, self.now):
                self.wire.append((message.peer, HOST_ID, reply))
                queue.extend(self.gate.receive(message.peer, reply, self.tick()))

    def to(self, peer: str) -> list[str]:
        """Every text the host put on the wire for ``peer``."""
        return [text for sender, receiver, text in self.wire if sender == HOST_ID and receiver == peer]

    def bodies(self, peer: str) -> list[str]:
        """What was inside every sealed message the host sent ``peer``: the protocol messages, in clear."""
        return self.gate.bodies.get(peer, [])

    def control(self, outgoing: list[Outgoing]) -> None:
        """Deliver what one of the host's own controls (start, add_bot, ...) returned."""
        self.deliver(self.gate.seal(outgoing, self.now))

    def pledge_by_hand(self, peer: str, nonce: str, seal: str) -> None:
        """Guest ``peer`` (a client that does not contribute by itself, while the shuffle is open) pledges ``nonce``
        and the sealing seed ``seal``: its page keeps the seed, to play the game, but not the nonce, so that it
        reveals only by :meth:`reveal_by_hand`, when the test chooses."""
        client = self.doors[peer].client
        client.evidence.update(seat=client.seat, seal=seal)
        self.send(peer, encode("pledge", pledge=commitment_of(nonce), seal=commitment_of(seal)))
        client.contributes = True  # from now on it plays its part (its pledge is in: it is asked for none again)

    def reveal_by_hand(self, peer: str, nonce: str) -> None:
        """Guest ``peer`` reveals the nonce it pledged by hand, and its page keeps it, as its client would have."""
        client = self.doors[peer].client
        client.evidence.update(nonce=nonce, revealed=True)
        self.send(peer, encode("contribute", nonce=nonce))

    def play(self, until_step: int | None = None) -> None:
        """Every player's seat moves as a Perfect bot that sees only its own peer's copy of the game, until the end
        (or until the host's copy reaches ``until_step``)."""
        levels = {peer: "perfect" for peer in self.clients if self.host.lobby.seat_of(peer) is not None}
        Players(self, levels, self.seed).play(until_step=until_step)


def seated_room(guests: tuple[str, ...] = ("GuestA",), game: str = "concentration", players: int = 2) -> GatedRoom:
    """A gated room: the host's player at seat 0, each guest at the next seat by its own ``sit``."""
    room = GatedRoom(game, players, {"pairs": 8} if game == "concentration" else None)
    room.seat_guests(*guests)
    return room
