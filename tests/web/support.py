"""A room at play for the web layer's tests: its peers' seat sources."""

from __future__ import annotations

from game.net import Host
from game.web.source import RoomSource
from tests.net.support import Room, seat_everyone, seeded_entropy


def room_at_play(game: str = "cambio", players: int = 3) -> tuple[Room, dict[str, RoomSource]]:
    """A started room: peers a, b, ... seated in order, each with its seat source (its moves go through
    ``room.send``)."""
    host = Host(game, players, entropy=seeded_entropy(7))
    room = Room(host, 7)
    peers = [chr(ord("a") + seat) for seat in range(players)]
    seat_everyone(room, peers)
    room.deliver(host.start())
    return room, {peer: RoomSource(room.clients[peer]) for peer in peers}
