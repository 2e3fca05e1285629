"""Nothing lost: seats reclaimed after a reconnect, bots standing in, and the host resuming from its save."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from game.net import Client, Host
from game.net.messages import encode
from game.net.seats import proof_is_valid, prove
from tests.net.support import Agents, Room, seat_everyone, seeded_entropy
from tests.support import FIRST_SEAT

GRACE_MS = 10_000


def started(game: str = "deluxe-memory", peers: tuple[str, ...] = ("a", "b", "c"), **settings) -> tuple[Room, Agents]:
    """A room with ``peers`` seated in order, the game dealt (seat 0 to play first), and agents for them."""
    host = Host(game, len(peers), FIRST_SEAT, entropy=seeded_entropy(game), **settings)
    room = Room(host, game)
    seat_everyone(room, list(peers))
    room.deliver(host.start())
    return room, Agents(room, dict.fromkeys(peers, "medium"), game)


def come_back(room: Room, peer: str, seat: int, secret: str, evidence: dict | None = None) -> Client:
    """A returning player on a new connection: a fresh client that knows only what it stored (secret, evidence)."""
    client = Client(entropy=seeded_entropy(f"back/{peer}"))
    if evidence is not None:
        client.restore(evidence)
    room.join(peer, client)
    room.send(peer, client.reclaim(seat, secret))
    return client


def test_hmac_proof():
    """The proof is HMAC-SHA256 keyed by the secret; a different secret or nonce does not pass."""
    secret, nonce = "11" * 32, "22" * 32
    assert prove(secret, nonce) == hmac.new(bytes(32 * [0x11]), bytes(32 * [0x22]), hashlib.sha256).hexdigest()
    assert proof_is_valid(secret, nonce, prove(secret, nonce))
    assert not proof_is_valid("33" * 32, nonce, prove(secret, nonce))
    assert not proof_is_valid(secret, "33" * 32, prove(secret, nonce))


def test_a_player_who_drops_gets_seat_and_full_view_back():
    """Mid-game the client closes; on a new connection it reclaims its seat and gets everything again."""
    room, agents = started()
    host = room.host
    agents.play(until_step=20)
    secret, evidence = room.clients["b"].secret, room.clients["b"].evidence
    room.leave("b")
    lobby = json.loads(room.received["a"][-1])
    assert lobby["type"] == "lobby" and lobby["seats"][1]["connected"] is False
    for _ in range(5):  # the others play on until it is seat 1's turn; then the game waits
        if 1 in host.match.to_act():
            break
        assert agents.step()
    client = come_back(room, "b2", 1, secret, evidence)
    assert host.lobby.seat_of("b2") == 1
    assert client.seat == 1 and client.view == host.match.view(1) and client.events == host.match.events(1)
    assert json.loads(room.received["a"][-1])["seats"][1]["connected"] is True
    agents = Agents(room, {"a": "medium", "b2": "medium", "c": "medium"}, "again")
    agents.play()
    assert client.verdict.ok and room.clients["a"].verdict.ok


def test_a_wrong_proof_is_refused_and_the_seat_stays_free():
    """Without the secret there is no seat: the wrong answer is refused to that peer alone."""
    room, agents = started()
    host = room.host
    agents.play(until_step=6)
    room.leave("c")
    intruder = room.join("x")
    seen = {peer: len(texts) for peer, texts in room.received.items() if peer != "x"}
    before = host.save()
    room.send("x", intruder.reclaim(2, "00" * 32))
    assert intruder.errors[-1]["code"] == "proof"
    assert host.lobby.seat_of("x") is None and host.lobby.seats[2].peer is None
    assert {peer: len(texts) for peer, texts in room.received.items() if peer != "x"} == seen
    assert host.save() == before
    # A proof that once worked does not work twice: each challenge has a fresh nonce.
    returning = come_back(room, "c2", 2, room.host.lobby.seats[2].secret)
    assert host.lobby.seat_of("c2") == 2 and returning.view == host.match.view(2)
    room.leave("c2")
    replay = next(text for text in room.sent["c2"] if json.loads(text)["type"] == "prove")
    room.send("x", encode("reclaim", seat=2))
    room.send("x", replay)
    assert intruder.errors[-1]["code"] == "proof" and host.lobby.seats[2].peer is None


def test_a_bot_plays_an_absent_seat_after_the_grace_period_until_the_player_returns():
    """The seat waits for ``grace_ms``; then a bot plays it; the player reclaims it and the bot stops."""
    room, agents = started("cambio", ("a", "b"), grace_ms=GRACE_MS, absent_bot="easy")
    host = room.host
    secret = room.clients["b"].secret
    room.leave("b")
    left = room.now
    while host.match.view(None)["turn"] != 1:  # seat 1's own turn: its move is not one it may let pass
        assert agents.step()
    assert host.bot_seats_to_act(left + GRACE_MS - 1) == []
    assert host.bot_seats_to_act(left + GRACE_MS) == [1]
    room.deliver(host.play_bot_move(host.bot_move(left + GRACE_MS)))
    assert host.match.history[-1][0] == 1
    assert json.loads(room.received["a"][-1])["seats"][1]["bot_playing"] is True
    come_back(room, "b2", 1, secret)
    assert json.loads(room.received["a"][-1])["seats"][1]["bot_playing"] is False
    while 1 not in host.match.to_act():
        assert agents.step()
    assert host.bot_seats_to_act(room.now + 10 * GRACE_MS) == []


def test_without_an_absent_bot_the_seat_just_waits():
    """``absent_bot=None``: no bot ever plays a player's seat."""
    room, _agents = started("cambio", ("a", "b"), grace_ms=0, absent_bot=None)
    room.leave("a")
    assert 0 in room.host.match.to_act()
    assert room.host.bot_seats_to_act(room.now + 10**9) == []
    assert room.host.bot_move(room.now + 10**9) is None


def test_the_host_resumes_from_its_save_and_players_reclaim_their_seats():
    """The host's page reloads mid-game: the saved room resumes, peers reclaim, the game ends verified."""
    saves: list[str] = []
    host = Host("paved-with-gold", 2, entropy=seeded_entropy("save"), on_save=saves.append)
    room = Room(host, "save")
    seat_everyone(room, ["a", "b"])
    room.deliver(host.start())
    agents = Agents(room, {"a": "hard", "b": "hard"}, "save")
    for _ in range(30):
        agents.step()
        assert json.loads(json.loads(saves[-1])["match"])["history"] == host.match.history, "saved after each move"
    secrets = {peer: room.clients[peer].secret for peer in ("a", "b")}
    clients = dict(room.clients)

    resumed = Host.load(saves[-1], room.now, entropy=seeded_entropy("reloaded"))
    assert resumed.match.to_json() == host.match.to_json() and resumed.phase == "playing"
    assert resumed.lobby.seat_of("a") is None, "connections do not survive a reload: seats must be reclaimed"
    room2 = Room(resumed, "save")
    room2.now = room.now
    for seat, peer in enumerate(("a", "b")):
        # The same client objects come back over the new transport with their stored secrets.
        room2.join(peer + "2", clients[peer])
        room2.send(peer + "2", clients[peer].reclaim(seat, secrets[peer]))
        assert clients[peer].view == resumed.match.view(seat) and clients[peer].events == resumed.match.events(seat)
    Agents(room2, {"a2": "hard", "b2": "hard"}, "resumed").play()
    assert all(client.verdict.ok and client.warning is None for client in clients.values())


def test_a_save_in_every_phase_loads():
    """Lobby, shuffle, playing and over all round-trip through save and load."""
    host = Host("concentration", 2, options={"pairs": 8}, entropy=seeded_entropy("phases"), host_peer="me")
    room = Room(host)
    seat_everyone(room, ["me", "b"])
    for phase in ("lobby", "shuffle", "playing", "over"):
        if phase == "shuffle":
            room.clients["b"].contributes = False
            room.deliver(host.start())
        elif phase == "playing":
            room.clients["b"].contributes = True
            room.send("b", room.clients["b"].sync())
        elif phase == "over":
            Agents(room, {"me": "perfect", "b": "perfect"}).play()
        assert host.phase == phase
        assert Host.load(host.save(), 0).save() == host.save()


def test_a_room_saved_before_an_option_existed_loads_with_its_old_behaviour():
    """A room whose lobby and match options lack first_player (saved before it existed) opens with the first seat."""
    host = Host("concentration", 2, {"pairs": 8, "first_player": "first seat"}, entropy=seeded_entropy("old room"))
    room = Room(host)
    seat_everyone(room, ["a", "b"])
    room.deliver(host.start())
    Agents(room, {"a": "medium", "b": "medium"}).play(until_step=6)
    data = json.loads(host.save())
    match = json.loads(data["match"])
    for options in (data["lobby"]["options"], match["options"]):
        del options["first_player"]
    data["match"] = json.dumps(match)
    resumed = Host.load(json.dumps(data), 0)
    assert resumed.lobby.options["first_player"] == resumed.match.options["first_player"] == "first seat"
    assert resumed.match.history == host.match.history


def corrupted(save: str) -> list[str]:
    """Damaged versions of a good save of a game in play."""
    data = json.loads(save)

    def edit(change) -> str:
        copy = json.loads(save)
        change(copy)
        return json.dumps(copy)

    match = json.loads(data["match"])
    bad_history = {**match, "history": [*match["history"], [0, {"type": "pick", "pos": 999}]]}
    other_seed = {**match, "seed": "not the shuffle's seed"}
    return [
        "",
        "{",
        "[]",
        save[: len(save) // 2],
        edit(lambda d: d.update(format="face-down-room/0")),
        edit(lambda d: d.update(phase="halftime")),
        edit(lambda d: d.update(phase="lobby")),
        edit(lambda d: d.update(phase="over")),
        edit(lambda d: d.update(settings={"grace_ms": -5, "host_peer": None, "absent_bot": None})),
        edit(lambda d: d.update(settings={"grace_ms": 5})),
        edit(lambda d: d["lobby"].update(game="chess")),
        edit(lambda d: d["lobby"].update(players=3)),
        edit(lambda d: d["lobby"]["seats"][0].update(secret="nope")),
        edit(lambda d: d["lobby"]["seats"][0].update(kind="open", secret=None)),
        edit(lambda d: d["lobby"]["seats"][1].update(kind="bot")),
        edit(lambda d: d["lobby"].update(options={"deck": ["AS"]})),
        edit(lambda d: d["shuffle"].update(secret="00")),
        edit(lambda d: d.update(shuffle=None)),
        edit(lambda d: d.update(match=None)),
        edit(lambda d: d.update(match=json.dumps(bad_history))),
        edit(lambda d: d.update(match=json.dumps(other_seed))),
        edit(lambda d: d.update(match={"not": "text"})),
        edit(lambda d: d.update(races=[1, 2])),
        edit(lambda d: d["shuffle"]["nonces"].append({"seat": 1, "nonce": "ab" * 32})),
    ]


def test_a_corrupt_save_is_a_clear_error():
    """Every kind of damage raises ValueError saying the room save is damaged, and why."""
    room, agents = started("paved-with-gold", ("a", "b"))
    agents.play(until_step=12)
    save = room.host.save()
    assert Host.load(save, 0).match.to_json() == room.host.match.to_json()
    for text in corrupted(save):
        with pytest.raises(ValueError, match=r"^This room save is damaged\. [A-Z].+\.") as caught:
            Host.load(text, 0)
        assert type(caught.value) is ValueError
