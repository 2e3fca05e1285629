"""Rooms over a wire that loses, repeats and reorders texts, as public relays and a sleeping phone do: every game
plays with every guest's copy of the log exactly the host's, and a connection the transport lost comes back with its
seat and no new handshake."""

from __future__ import annotations

import heapq
import json
import random
from collections import deque

import pytest

from game import GAMES
from game.net import Outgoing
from game.net.gate import LOCAL_PEER
from tests.net.gated import HOST_ID, GatedRoom, seated_room
from tests.net.support import Players

KNOCKS = 10  # a knock may be lost too: the page knocks again (game/web/roomscreen.py)
QUIET_MS = 600_000


class LossyRoom(GatedRoom):
    """A gated room whose wire loses ``loss`` of the texts, repeats ``repeat`` of them and delays each at random
    (so they overtake each other); the links' timers run on the fake clock. Each call settles the room: it returns
    once every text has been delivered or lost and every link is quiet."""

    def __init__(self, game: str, players: int, options: dict | None, seed: object, loss: float, repeat: float):
        self.rng = random.Random(f"wire/{seed}")
        self.loss, self.repeat = loss, repeat
        self.texts = 0
        self._queue: list[tuple[int, int, str, str, str]] = []
        super().__init__(game, players, options, seed)

    def put(self, sender: str, receiver: str, text: str) -> None:
        """One text on the wire: lost, delayed, or twice."""
        self.wire.append((sender, receiver, text))
        self.texts += 1
        for _ in range(2 if self.rng.random() < self.repeat else 1):
            if self.rng.random() >= self.loss:
                heapq.heappush(self._queue, (self.now + self.rng.randint(5, 800), self.texts, sender, receiver, text))

    def join(self, peer: str, client=None):
        """Knock until the host's answer gets through."""
        door = None
        for _ in range(KNOCKS):
            door = super().join(peer, client) if door is None else door
            if door.host_peer == HOST_ID:
                return door
        raise AssertionError(f"{peer}'s knocks never got through")

    def to_host(self, peer: str, raw: object) -> list[Outgoing]:
        self.put(peer, HOST_ID, raw)
        self.settle()
        if not isinstance(raw, str) or not raw.startswith("~"):
            door = self.doors.get(peer)
            for _ in range(KNOCKS):  # a lost knock or identity: knock again, as the page does
                if door is None or door.host_peer == HOST_ID:
                    break
                self.put(peer, HOST_ID, door.knock(HOST_ID))
                self.settle()
        return []

    def deliver(self, outgoing: list[Outgoing]) -> None:
        self._host_says(outgoing)
        self.settle()

    def _host_says(self, outgoing: list[Outgoing]) -> None:
        """The host's texts: its own player's taken at once (with the host's answers), the others' on the wire."""
        queue = deque(outgoing)
        while queue:
            message = queue.popleft()
            if message.peer != LOCAL_PEER:
                self.put(HOST_ID, message.peer, message.text)
                continue
            for reply in self.local.receive(message.text):
                now = self.tick()
                queue.extend(self.gate.seal(self.host.receive(LOCAL_PEER, reply, now), now))

    def settle(self) -> None:
        """Deliver, tick the links and wait on the fake clock until nothing is left to do (a link that can never be
        acknowledged, whose handshake's answer was lost, is left waiting after ten minutes)."""
        until = self.now + QUIET_MS
        while True:
            due = [self._queue[0][0]] if self._queue else []
            due += [when for when in [self.gate.next_due(), *(d.next_due() for d in self.doors.values())] if when]
            if not due or (not self._queue and min(due) > until):
                return
            self.now = max(self.now, min(due))
            while self._queue and self._queue[0][0] <= self.now:
                _, _, sender, receiver, text = heapq.heappop(self._queue)
                if receiver == HOST_ID:
                    self._host_says(self.gate.receive(sender, text, self.now))
                elif receiver in self.doors:
                    for reply in self.doors[receiver].receive(sender, text, self.now):
                        self.put(receiver, HOST_ID, reply)
            self._host_says(self.gate.tick(self.now))
            for peer, door in self.doors.items():
                for text in door.tick(self.now):
                    self.put(peer, HOST_ID, text)


def lossy_room(game: str, loss: float = 0.3, repeat: float = 0.1) -> LossyRoom:
    """A three-seat room (the host's player and two guests) of ``game`` on a lossy wire, started."""
    players = 3 if 3 in GAMES[game].player_counts else GAMES[game].player_counts[0]
    options = {"pairs": 8} if game == "concentration" else None
    room = LossyRoom(game, players, options, seed=game, loss=loss, repeat=repeat)
    room.seat_guests(*["GuestA", "GuestB"][: players - 1])
    room.control(room.host.start())
    return room


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_plays_over_a_wire_that_loses_a_third_repeats_and_reorders(game):
    """Every text has a 30% chance to be lost and 10% to come twice, and they overtake each other: every guest's log
    is exactly the host's, each entry taken once and in order, and the game ends verified for everyone (Cambio, whose
    whole game deals a sealed deck every round, plays its first 40 moves here)."""
    room = lossy_room(game)
    room.play(until_step=40 if game == "cambio" else None)
    replica = room.host.sequencer.replica
    assert game == "cambio" or replica.match.result() is not None
    for peer, door in room.doors.items():
        client = door.client
        assert client.replica.log == replica.log, peer
        assert game == "cambio" or (client.verdict is not None and client.verdict.ok), (peer, client.verdict)
        assert door.link.backlog == 0, "all acknowledged"
    links = room.gate.links()
    assert sum(link.resent for link in links.values()) > 0, "the wire lost texts, and they went again"


def test_a_guest_the_transport_lost_comes_back_on_the_same_link_with_its_seat_and_what_it_missed():
    """The transport says GuestA left (a sleeping phone): its seat shows away, a move goes on without it, and its
    first genuine text afterwards brings the connection back: same link, same seat, only the news it missed."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.control(room.host.start())
    room.play(until_step=4)
    door, link = room.doors["GuestA"], room.gate.links()["GuestA"]
    room.deliver(room.gate.peer_left("GuestA", room.tick()))
    seats = next(json.loads(body) for body in reversed(room.bodies("GuestB")) if '"type":"lobby"' in body)["seats"]
    assert room.host.lobby.seats[1].peer is None and seats[1]["connected"] is False
    room.doors.pop("GuestA")  # asleep: it hears nothing
    awake = {peer: "perfect" for peer in room.clients if room.host.lobby.seat_of(peer) is not None}
    moved = Players(room, awake, "asleep").step()  # its cards wait for GuestA's device, but the move is logged
    probe = room.gate.peer_back("GuestA", room.tick())  # the transport hears it again: a probe, nothing else yet
    assert room.host.lobby.seats[1].peer is None, "the transport's word is not enough: only its keys are"
    room.doors["GuestA"] = door
    told = len(room.bodies("GuestA"))
    for text in door.resume(room.tick()):
        room.to_host("GuestA", text)
    room.deliver(probe)
    assert room.gate.links()["GuestA"] is link and room.host.lobby.seat_of("GuestA") == 1
    assert door.client.replica.log == room.host.sequencer.replica.log
    logs = [json.loads(body) for body in room.bodies("GuestA")[told:] if json.loads(body)["type"] == "log"]
    assert all(message["since"] > 0 for message in logs), "what it missed, not the whole game"
    assert logs or not moved
    lobby = next(json.loads(body) for body in reversed(room.bodies("GuestB")) if '"type":"lobby"' in body)
    assert lobby["seats"][1]["connected"] is True


def test_a_returning_connection_does_not_get_a_seat_that_changed_hands():
    """While GuestA was away the host cleared its seat and a newcomer sat there, and is away now too: GuestA comes
    back as a spectator (the seat is the newcomer's, secret and all)."""
    room = seated_room(("GuestA",), players=2)
    room.deliver(room.gate.peer_left("GuestA", room.tick()))
    asleep = room.doors.pop("GuestA")
    room.control(room.host.clear(1))
    newcomer = room.join("Newcomer")
    room.send("Newcomer", newcomer.client.sit(1))
    room.deliver(room.gate.peer_left("Newcomer", room.tick()))
    room.doors["GuestA"] = asleep
    for text in asleep.resume(room.tick()):
        room.to_host("GuestA", text)
    assert room.host.lobby.seats[1].peer is None and room.host.lobby.seat_of("GuestA") is None
    assert asleep.client.lobby["you"] is None and room.host.lobby.seats[1].secret == newcomer.client.secret
