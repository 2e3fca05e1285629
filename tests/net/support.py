"""An in-memory transport for a host and its clients, with a guard on every message the host sends.

``Room`` moves texts between a :class:`Host` and :class:`Client` objects synchronously, the way a real
transport would, on a fake clock. Every message the host returns is checked by :class:`LeakGuard`
at the moment it is produced: no card id may appear in it unless that peer's seat has been shown
the card (in ``match.events(seat)`` or ``match.view(seat)``) by then. ``Agents`` lets bots play
through clients, seeing only what each client received.
"""

from __future__ import annotations

import json
import random
from collections import deque

from game.bots import new_bot
from game.net import Client, Host, Outgoing
from game.net.entropy import Entropy
from tests.support import hidden_ids

TICK_MS = 150  # the fake clock's step per message: slower than the rate cap refills


def seeded_entropy(seed: object) -> Entropy:
    """A deterministic stand-in for ``os.urandom``, so that every test run deals the same cards."""
    rng = random.Random(f"entropy/{seed}")
    return rng.randbytes


class LeakGuard:
    """Checks that a message to a peer holds only card ids its seat was entitled to see when it was sent."""

    def __init__(self, host: Host):
        self.host = host
        self.messages = 0
        self.card_ids = 0
        self._match = None
        self._known: dict[int | None, set[str]] = {}
        self._counted: dict[int | None, int] = {}

    def entitled(self, seat: int | None) -> set[str]:
        """Every card id ``seat`` has been shown so far: in its event stream, or in its view now."""
        match = self.host.match
        if match is None:
            return set()
        if match is not self._match:
            self._match, self._known, self._counted = match, {}, {}
        known = self._known.setdefault(seat, set())
        known |= hidden_ids(match.events(seat, since=self._counted.get(seat, 0)))
        self._counted[seat] = match.event_count
        known |= hidden_ids(match.view(seat))
        return known

    def check(self, message: Outgoing) -> None:
        """Fail if ``message`` carries a card id its peer's seat may not see, or claims another seat."""
        seat = self.host.lobby.seat_of(message.peer)
        body = json.loads(message.text)
        if body["type"] == "update":
            assert body["seat"] == seat, f"{message.peer} at seat {seat} was sent seat {body['seat']}'s stream"
        ids = hidden_ids(body)
        leaked = ids - self.entitled(seat)
        assert not leaked, f"{message.peer} (seat {seat}) was sent {sorted(leaked)} in {body['type']}"
        self.messages += 1
        self.card_ids += len(ids)


class Room:
    """A host and its clients joined by an in-memory transport on a fake clock."""

    def __init__(self, host: Host, seed: object = 0):
        self.host = host
        self.seed = seed
        self.now = 0
        self.clients: dict[str, Client] = {}
        self.received: dict[str, list[str]] = {}
        self.sent: dict[str, list[object]] = {}
        self.guard = LeakGuard(host)

    def tick(self) -> int:
        """Advance the fake clock by one message's worth and return it."""
        self.now += TICK_MS
        return self.now

    def join(self, peer: str, client: Client | None = None) -> Client:
        """Connect ``peer`` with a fresh client (or ``client``, e.g. one that remembers its secret)."""
        if client is None:
            contributes = peer != self.host.settings.host_peer
            client = Client(entropy=seeded_entropy(f"{self.seed}/{peer}"), contributes=contributes)
        self.clients[peer] = client
        self.received.setdefault(peer, [])
        self.deliver(self.host.peer_joined(peer))
        return client

    def leave(self, peer: str) -> None:
        """Drop ``peer``'s connection."""
        del self.clients[peer]
        self.deliver(self.host.peer_left(peer, self.tick()))

    def send(self, peer: str, text: object) -> list[Outgoing]:
        """Deliver one message from ``peer`` to the host, then everything that follows; return the host's answer."""
        outgoing = self._to_host(peer, text)
        self.deliver(outgoing)
        return outgoing

    def deliver(self, outgoing: list[Outgoing]) -> None:
        """Check and hand the host's messages to their clients, and their replies back, until all is quiet."""
        queue = deque(self._checked(outgoing))
        while queue:
            message = queue.popleft()
            if message.peer not in self.clients:
                continue  # the connection is gone; a real transport would drop it too
            self.received[message.peer].append(message.text)
            for reply in self.clients[message.peer].receive(message.text):
                queue.extend(self._to_host(message.peer, reply))

    def _to_host(self, peer: str, text: object) -> list[Outgoing]:
        self.sent.setdefault(peer, []).append(text)
        return self._checked(self.host.receive(peer, text, self.tick()))

    def _checked(self, outgoing: list[Outgoing]) -> list[Outgoing]:
        for message in outgoing:
            self.guard.check(message)
        return outgoing


def seat_everyone(room: Room, peers: list[str], bots: dict[int, str] | None = None) -> None:
    """Join ``peers`` and sit them at seats 0, 1, ... by their own ``sit``; put ``bots`` (seat -> level) in."""
    for seat, peer in enumerate(peers):
        client = room.join(peer)
        room.send(peer, client.hello(f"Player {peer}"))
        room.send(peer, client.sit(seat))
    for seat, level in (bots or {}).items():
        room.deliver(room.host.add_bot(seat, level))


class Agents:
    """Bots playing through clients: each sees only its client's view and the events its client received."""

    def __init__(self, room: Room, levels: dict[str, str], seed: object = 0):
        self.room = room
        self.bots = {
            peer: new_bot(room.host.lobby.game, level, seed=f"{seed}/{peer}") for peer, level in levels.items()
        }
        self.told = dict.fromkeys(levels, 0)

    def choices(self) -> list[tuple[str, str]]:
        """Ask every agent, in peer order, what it wants to do now; return ``(peer, text)`` for those that act."""
        texts = []
        for peer, bot in self.bots.items():
            client = self.room.clients.get(peer)
            if client is None or client.view is None or client.seat is None or client.view_seat != client.seat:
                continue
            if self.told[peer] > len(client.events):
                self.told[peer] = 0  # the client was sent its whole stream again
            events = client.events[self.told[peer] :]
            self.told[peer] = len(client.events)
            action = bot.choose(client.view, events)
            if action is not None:
                texts.append((peer, client.act(action)))
        return texts

    def step(self, race: bool = False) -> bool:
        """One round: a host-side bot acts, or else the agents do; return False if nobody could move.

        Without ``race`` only the first agent that wants to act sends its move. With it, every agent
        decides on the same state and all the moves are sent, in a rotating order: the host must take
        the first and refuse the now stale rest (or let racing Cambio snaps through in arrival order).
        """
        host = self.room.host
        now = self.room.tick()
        move = host.bot_move(now)
        if move is not None:
            self.room.deliver(host.play_bot_move(move))
            return True
        texts = self.choices()
        if not race:
            texts = texts[:1]
        elif texts:
            turn = host.match.step % len(texts)
            texts = texts[turn:] + texts[:turn]
        for peer, text in texts:
            self.room.send(peer, text)
        return bool(texts)

    def play(self, race: bool = False, max_steps: int = 20_000, until_step: int | None = None) -> None:
        """Play until the game is over (or the match reaches ``until_step``); fail if it gets stuck."""
        host = self.room.host
        for _ in range(max_steps):
            if host.phase != "playing" or (until_step is not None and host.match.step >= until_step):
                return
            assert self.step(race), f"nobody can move at state {host.match.step}: {host.match.to_act()}"
        raise AssertionError(f"the game did not end within {max_steps} rounds")
