"""The lobby: the host's controls, seats claimed by peers, secrets kept to their owners, and the start."""

from __future__ import annotations

import json

import pytest

from game.net import Client, Host
from game.net.client import VERIFIED
from game.net.ratelimit import TokenBucket
from tests.net.support import Players, Room, seat_everyone, seeded_entropy


def lobby_of(room: Room, peer: str) -> dict:
    """The last lobby message ``peer`` received."""
    return next(json.loads(text) for text in reversed(room.received[peer]) if json.loads(text)["type"] == "lobby")


def test_the_host_chooses_the_game_and_refuses_what_a_room_cannot_deal():
    """Unknown games, wrong player counts, bad options and fixed deals are refused with a sentence."""
    host = Host(entropy=seeded_entropy(0))
    for game, players, options, words in [
        ("chess", 2, None, "Unknown game"),
        ("cambio", 1, None, "is for 2, 3, 4, 5, 6 players"),
        ("cambio", 2, {"final_lap": "yes"}, "must be true or false"),
        ("cambio", 2, {"colour": True}, "Unknown option"),
        ("cambio", 2, {"deck": ["AS"] * 54}, "must stay unset"),
        ("matches", 2, {"coins": []}, "must stay unset"),
    ]:
        with pytest.raises(ValueError, match=words):
            host.configure(game, players, options)
    assert (host.lobby.game, host.lobby.players) == ("concentration", 2), "a refused change changes nothing"
    with pytest.raises(ValueError, match="Unknown bot level"):
        host.add_bot(0, "genius")


def test_peers_sit_and_stand_and_only_the_sitter_gets_the_secret():
    """A peer claims an open seat and alone receives its secret; everyone sees who sits where."""
    host = Host("cambio", 3, entropy=seeded_entropy(1))
    room = Room(host)
    seat_everyone(room, ["a", "b"])
    room.join("c")
    secrets = {peer: room.clients[peer].secret for peer in ("a", "b")}
    assert len(set(secrets.values())) == 2 and None not in secrets.values()
    for peer, texts in room.received.items():
        for secret_peer, secret in secrets.items():
            assert (peer == secret_peer) == any(secret in text for text in texts), (peer, secret_peer)
    lobby = lobby_of(room, "c")
    assert [seat["kind"] for seat in lobby["seats"]] == ["player", "player", "open"]
    assert lobby["seats"][0]["name"] == "Player a" and lobby["you"] is None
    assert lobby_of(room, "b")["you"] == 1
    room.send("b", room.clients["b"].stand())
    assert host.lobby.seats[1].kind == "open" and lobby_of(room, "a")["seats"][1]["kind"] == "open"
    room.send("c", room.clients["c"].sit(1))
    assert host.lobby.seat_of("c") == 1 and room.clients["c"].secret not in (None, secrets["b"])


def test_a_seated_player_moves_to_an_open_seat_and_the_old_one_opens_with_its_secret_forgotten():
    host = Host("concentration", 3, entropy=seeded_entropy(5))
    room = Room(host)
    room.join("a")
    room.send("a", room.clients["a"].sit(1))
    old_secret = room.clients["a"].secret
    room.send("a", room.clients["a"].sit(2))
    assert host.lobby.seat_of("a") == 2 and host.lobby.seats[1].kind == "open"
    assert room.clients["a"].seat == 2 and room.clients["a"].secret not in (None, old_secret)
    assert host.lobby.seats[2].secret != old_secret
    room.join("b")
    room.send("b", room.clients["b"].sit(2))  # taken: refused, and nothing moves
    assert host.lobby.seat_of("a") == 2 and host.lobby.seat_of("b") is None
    assert room.clients["b"].errors[-1]["code"] == "seat"


def test_the_host_seats_people_and_bots_then_starts():
    """assign, add_bot and clear shape the table; start needs every seat filled, and every player's device to have
    said who it is (its signing key, in its hello)."""
    host = Host("deluxe-memory", 3, entropy=seeded_entropy(2))
    room = Room(host)
    room.join("a")
    room.join("b")
    room.send("a", room.clients["a"].hello("Ana"))
    assert host.unseated() == [("a", "Ana"), ("b", None)]
    room.deliver(host.assign(0, "b"))
    assert host.unseated() == [("a", "Ana")]
    assert room.clients["b"].secret is not None and room.clients["b"].seat == 0
    with pytest.raises(ValueError, match="already sits at seat 0"):
        host.assign(1, "b")
    with pytest.raises(ValueError, match="no connection"):
        host.assign(1, "ghost")
    with pytest.raises(ValueError, match="no seat 7"):
        host.add_bot(7, "easy")
    room.deliver(host.add_bot(1, "hard"))
    with pytest.raises(ValueError, match="Every seat needs"):
        host.start()
    room.deliver(host.assign(2, "a"))
    room.deliver(host.clear(2))
    room.deliver(host.add_bot(2, "easy"))
    assert [seat["kind"] for seat in lobby_of(room, "a")["seats"]] == ["player", "bot", "bot"]
    with pytest.raises(ValueError, match="has not said who it is"):
        host.start()
    assert host.phase == "lobby"
    room.send("b", room.clients["b"].hello("Ben"))
    assert host.lobby.seats[0].key == room.clients["b"].hello("Ben").split('"key":"')[1][:130]
    room.deliver(host.start())
    assert host.phase == "playing"
    assert host.sequencer.replica.seating.parties == ((1, 2), (0,)), "the host's party holds its bots"
    room.send("b", room.clients["b"].hello("Mallory"))
    assert host.lobby.seats[0].name == "Mallory" and host.lobby.seats[0].key == host.sequencer.replica.seating.keys[1]
    with pytest.raises(ValueError, match="only in the lobby"):
        host.add_bot(0, "easy")
    with pytest.raises(ValueError, match="only in the lobby or after a game"):
        host.configure("cambio", 3)


def test_the_hosts_own_player_adds_no_nonce_and_an_all_bot_table_deals_at_once():
    """The host's own seat contributes through the secret; with no remote players the deal is immediate."""
    host = Host("cambio", 2, host_peer="me", entropy=seeded_entropy(3))
    room = Room(host)
    seat_everyone(room, ["me"], {1: "medium"})
    room.deliver(host.start())
    assert host.phase == "playing" and host.shuffle.nonces == {}
    assert not any(json.loads(text)["type"] == "commit" for text in room.received["me"])
    assert room.clients["me"].own_nonce is None and room.clients["me"].commitment == host.shuffle.commitment


def test_without_a_hosts_own_player_the_shuffle_still_waits_for_a_dropped_player():
    """``host_peer=None`` (no seat is the host's): a player who dropped before the start is waited for, then asked."""
    host = Host("concentration", 2, options={"pairs": 8}, entropy=seeded_entropy(6))
    room = Room(host)
    seat_everyone(room, ["a", "b"])
    secret = room.clients["b"].secret
    room.leave("b")
    room.deliver(host.start())
    assert host.phase == "shuffle" and not host.shuffle.closed, "b is within the grace period"
    back = Client(entropy=seeded_entropy("b back"), key=room.pages[1].key)  # its page kept its device's key
    room.join("b2", back)
    room.send("b2", back.reclaim(1, secret))
    assert host.phase == "playing" and set(host.shuffle.nonces) == {0, 1}
    assert back.replica is not None and back.replica.me.index == 2


def test_a_rematch_starts_from_the_lobby_with_the_same_seats():
    """After a game the host may choose again; clients reset, keep their seats, and verify the new game."""
    host = Host("concentration", 2, options={"pairs": 8}, entropy=seeded_entropy(4))
    room = Room(host)
    seat_everyone(room, ["a", "b"])
    room.deliver(host.start())
    Players(room, {"a": "perfect", "b": "perfect"}).play()
    first = host.shuffle.seed
    assert all(client.verdict.message == VERIFIED for client in room.clients.values())
    room.deliver(host.configure("concentration", 2, {"pairs": 12}))
    assert host.phase == "lobby" and room.clients["a"].verdict is None and room.clients["a"].replica is None
    room.deliver(host.start())
    assert host.shuffle.seed != first and room.clients["a"].seat == 0
    Players(room, {"a": "perfect", "b": "perfect"}).play()
    assert all(client.verdict.ok and client.warning is None for client in room.clients.values())


def test_connections_come_and_go():
    """A message from a peer never announced joins it first; leaving twice is harmless."""
    host = Host(entropy=seeded_entropy(5))
    outgoing = host.receive("new", '{"v":2,"type":"sync","since":0}', 0)
    assert [json.loads(message.text)["type"] for message in outgoing] == ["lobby", "lobby"]
    assert host.connected() == ["new"]
    assert host.peer_left("new", 1) == [] and host.peer_left("new", 2) == []
    assert host.connected() == []


def test_the_token_bucket_refills_with_the_clock_it_is_given():
    """A burst, then one message per 1/rate seconds; a clock going backwards refills nothing."""
    bucket = TokenBucket(burst=3, per_second=2)
    assert [bucket.take(1000) for _ in range(4)] == [True, True, True, False]
    assert not bucket.take(1499)
    assert bucket.take(1500) and not bucket.take(1500)
    assert not bucket.take(0), "time going back gives no tokens"
    assert bucket.take(2000) and not bucket.take(2000)
    assert [bucket.take(10_000) for _ in range(4)] == [True, True, True, False], "never more than the burst"
