"""A room at play for the web layer's tests: its peers' seat sources, whose moves go through the room."""

from __future__ import annotations

from game.net import Host
from game.web.source import RoomSource
from tests.net.support import Room, seat_everyone, seeded_entropy


def room_at_play(game: str = "cambio", players: int = 3) -> tuple[Room, dict[str, RoomSource], list[str]]:
    """A started room: peers a, b, ... seated in order, each with a source whose moves go through the room."""
    host = Host(game, players, entropy=seeded_entropy(7))
    room = Room(host, 7)
    peers = [chr(ord("a") + seat) for seat in range(players)]
    seat_everyone(room, peers)
    room.deliver(host.start())
    sent: list[str] = []

    def sender(peer):
        def send(text):
            sent.append(peer)
            room.send(peer, text)

        return send

    return room, {peer: RoomSource(room.clients[peer], sender(peer)) for peer in peers}, sent
