"""Full games through the room protocol: bots play through clients over the in-memory transport.

Every message the host sends is checked by the leak guard (see support.py) when it is sent; at the end
every client holds exactly its seat's events and view, and has verified the shuffle.
"""

from __future__ import annotations

import json

import pytest

from game.net import Host, Outgoing
from game.net.messages import encode
from game.net.shuffle import VERIFIED
from game.registry import GAMES as REGISTRY
from tests.net.support import Agents, Room, seat_everyone, seeded_entropy
from tests.support import hidden_ids


def play_room(game: str, peers: list[str], bots: dict[int, str], seed: int, race: bool = False) -> Room:
    """Seat ``peers`` (bots playing through their clients) and host ``bots``, start, and play to the end."""
    players = len(peers) + len(bots)
    host = Host(game, players, entropy=seeded_entropy(seed))
    room = Room(host, seed)
    seat_everyone(room, peers, bots)
    room.join("watcher")  # a spectator with no seat
    room.deliver(host.start())
    assert host.phase == "playing", "every seated peer sent its nonce, so the deal follows at once"
    agents = Agents(room, dict.fromkeys(peers, "hard"), seed)
    agents.play(race=race)
    assert host.phase == "over"
    return room


def assert_everyone_saw_their_own_game(room: Room) -> None:
    """Each client's stream and view are its seat's, and each verified the shuffle."""
    match = room.host.match
    for peer, client in room.clients.items():
        seat = room.host.lobby.seat_of(peer)
        assert client.view_seat == seat
        assert client.events == match.events(seat)
        assert client.view == match.view(seat)
        assert client.verdict is not None and client.verdict.ok, (peer, client.verdict)
        assert client.verdict.message == VERIFIED
        assert client.errors == [] or all(error["code"] in ("stale", "too_late") for error in client.errors)


def room_games() -> list[tuple[str, list[str], dict[int, str]]]:
    """Every game of the registry at three or four players (at most as many as it takes), peers on every seat
    but, in every other game, the last, where the host plays a bot."""
    games = []
    for index, (game, rules) in enumerate(REGISTRY.items()):
        players = min(rules.max_players, 3 + index % 2)
        bots = {} if index % 2 else {players - 1: "medium"}
        games.append((game, ["a", "b", "c", "d"][: players - len(bots)], bots))
    return games


GAMES = room_games()


@pytest.mark.parametrize(("game", "peers", "bots"), GAMES, ids=[game for game, _, _ in GAMES])
def test_full_game_leaks_nothing_and_verifies(game, peers, bots):
    """A whole game over the protocol: no message holds an unseen card id; every client verifies the shuffle."""
    room = play_room(game, peers, bots, seed=1)
    assert_everyone_saw_their_own_game(room)
    assert room.guard.messages > 100 and room.guard.card_ids > 100
    assert room.host.match.result() is not None
    for peer in room.clients:
        for text in room.received[peer]:
            assert len(text.encode()) <= 64 * 1024


def test_racing_moves_are_taken_in_arrival_order():
    """Every agent moves on the same state at once: the first counts, stale ones are refused, snaps race."""
    room = play_room("cambio", ["a", "b", "c"], {}, seed=2, race=True)
    assert_everyone_saw_their_own_game(room)
    codes = {error["code"] for client in room.clients.values() for error in client.errors}
    assert "stale" in codes, "racing agents must have sent moves for states that had moved on"


def test_every_update_tells_each_seat_what_it_may_play():
    """After every move each client holds its seat's legal actions as the host's match has them (a spectator none)."""
    host = Host("cambio", 3, entropy=seeded_entropy(4))
    room = Room(host, 4)
    seat_everyone(room, ["a", "b"], {2: "easy"})
    room.join("watcher")
    room.deliver(host.start())
    agents = Agents(room, dict.fromkeys(["a", "b"], "medium"), seed=4)
    offered = 0
    while host.phase == "playing":
        assert agents.step(), "somebody can always move while the game is on"
        for peer, client in room.clients.items():
            seat = host.lobby.seat_of(peer)
            assert client.legal == ([] if seat is None else host.match.legal_actions(seat)), (peer, host.match.step)
            offered += len(client.legal)
    assert offered > 100
    assert all(client.legal == [] for client in room.clients.values()), "nothing is playable once it is over"


def test_the_guard_catches_a_card_sent_to_the_wrong_seat():
    """The leak check can fail: seat 0's private cards sent to seat 1 are caught."""
    host = Host("cambio", 2, entropy=seeded_entropy(3))
    room = Room(host)
    seat_everyone(room, ["a", "b"])
    room.deliver(host.start())
    own = hidden_ids(host.match.events(0)) - hidden_ids(host.match.events(1))
    assert own, "seat 0 peeked at its bottom row, which seat 1 has not seen"
    wrong = Outgoing("b", encode("update", seat=1, step=0, since=0, events=host.match.events(0), view=None, legal=None))
    with pytest.raises(AssertionError, match="was sent"):
        room.guard.check(wrong)


def test_long_streams_come_in_parts_under_the_size_cap():
    """A spectator joining a long game gets the whole stream and log in several messages, each under 64 KB."""
    # A long game: 2,669 moves (calls on one's own turn only and a final lap make for long rounds).
    host = Host("cambio", 6, {"call": "own turn", "final_lap": True}, entropy=seeded_entropy(8))
    room = Room(host)
    for seat in range(6):
        host.add_bot(seat, "easy")
    room.deliver(host.start())
    assert host.phase == "playing", "with no remote players the deal needs no nonces"
    while host.phase == "playing":
        room.deliver(host.play_bot_move(host.bot_move(room.tick())))
    late = room.join("late")
    kinds = [json.loads(text)["type"] for text in room.received["late"]]
    assert len(json.dumps(host.match.events(None))) > 64 * 1024
    assert kinds.count("update") > 1 and kinds.count("reveal") > 1
    parts = [message for message in map(json.loads, room.received["late"]) if message["type"] == "update"]
    assert [part["legal"] is None for part in parts] == [True] * (len(parts) - 1) + [False], "moves come last"
    assert all(len(text.encode()) <= 64 * 1024 for text in room.received["late"])
    assert late.events == host.match.events(None)
    assert late.verdict is not None and late.verdict.ok
