"""A room with its doors: a Host behind a HostGate, guests' Clients behind GuestGates, on an in-memory wire.

``GatedRoom`` is :class:`tests.net.support.Room` with the real handshake, MACs and sequence numbers
in between (nothing stubbed: the keys are real P-256 keys). Every text that crosses the wire is kept
in ``wire`` as ``(sender, receiver, text)``, so a test can replay, reorder or forward any of them.
The wire is encrypted; what the host put inside each sealed message is kept apart, by the gate that
sealed it (:class:`TappedGate`), so a test can read what a guest was sent. The host's own player is a
local Client under ``LOCAL_PEER``, as on the host's page.
"""

from __future__ import annotations

from collections import deque

from game.bots import new_bot
from game.net import Client, Host, Outgoing
from game.net.gate import LOCAL_PEER, GuestGate, HostGate
from tests.net.support import TICK_MS, seeded_entropy

ROOM_ID = "Vq3k9XJ2a7Qe"
HOST_ID = "HostPeerId0000000001"  # the host page's transport id


class TappedGate(HostGate):
    """A HostGate that also keeps, per guest, the body of every message it sealed for that guest, in order."""

    def __init__(self, *arguments, **keywords):
        super().__init__(*arguments, **keywords)
        self.bodies: dict[str, list[str]] = {}

    def seal(self, outgoing: list[Outgoing]) -> list[Outgoing]:
        """Seal as the HostGate does, keeping each sealed message's body."""
        sealed = super().seal(outgoing)
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
        self.wire: list[tuple[str, str, str]] = []
        self.deliver(self.gate.seal(self.host.peer_joined(LOCAL_PEER)))
        self.deliver(self.gate.seal(self.host.assign(0, LOCAL_PEER)))

    def tick(self) -> int:
        """Advance the fake clock by one message's worth and return it."""
        self.now += TICK_MS
        return self.now

    def join(self, peer: str, client: Client | None = None) -> GuestGate:
        """Connect guest ``peer``: it knocks at the host, which proves itself and welcomes it."""
        client = client or Client(entropy=seeded_entropy(f"{self.seed}/{peer}"))
        door = GuestGate(
            client, ROOM_ID, self.gate.identity.key_id, peer, entropy=seeded_entropy(f"{self.seed}/k/{peer}")
        )
        self.doors[peer] = door
        self.to_host(peer, door.knock(HOST_ID))
        assert door.host_peer == HOST_ID, f"{peer} did not verify the host"
        return door

    def leave(self, peer: str) -> None:
        """Drop ``peer``'s connection."""
        self.doors.pop(peer, None)
        self.deliver(self.gate.peer_left(peer, self.tick()))

    def send(self, peer: str, text: str) -> None:
        """One of guest ``peer``'s own messages, sealed by its door, then everything that follows."""
        self.to_host(peer, self.doors[peer].seal(text))

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
                    queue.extend(self.gate.seal(self.host.receive(LOCAL_PEER, reply, self.tick())))
                continue
            self.wire.append((HOST_ID, message.peer, message.text))
            door = self.doors.get(message.peer)
            if door is None:
                continue
            for reply in door.receive(HOST_ID, message.text):
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
        self.deliver(self.gate.seal(outgoing))

    def play(self, max_rounds: int = 5000, until_step: int | None = None) -> None:
        """Every seat's player moves as a Perfect bot that sees only its client's view and events, until the end
        (or until the match reaches ``until_step``)."""
        bots: dict[str, object] = {}
        told: dict[str, int] = {}
        players = {LOCAL_PEER: self.local} | {peer: door.client for peer, door in self.doors.items()}
        for _ in range(max_rounds):
            if self.host.phase != "playing" or (until_step is not None and self.host.match.step >= until_step):
                return
            now = self.tick()
            if self.host.bot_seats_to_act(now):
                self.control(self.host.bot_step(now))
                continue
            assert self._one_moves(players, bots, told, now), "nobody can move"
        raise AssertionError("the game did not end")

    def _one_moves(self, players: dict[str, Client], bots: dict[str, object], told: dict[str, int], now: int) -> bool:
        """The first player whose bot wants to act (an optional snap may be let pass) sends its move."""
        for mover, client in players.items():
            if not client.legal or client.seat is None:
                continue
            bot = bots.setdefault(mover, new_bot(self.host.lobby.game, "perfect", seed=mover))
            if told.get(mover, 0) > len(client.events):
                told[mover] = 0
            action = bot.choose(client.view, client.events[told.get(mover, 0) :])
            told[mover] = len(client.events)
            if action is None:
                continue
            if mover == LOCAL_PEER:
                self.deliver(self.gate.seal(self.host.receive(LOCAL_PEER, client.act(action), now)))
            else:
                self.send(mover, client.act(action))
            return True
        return False
