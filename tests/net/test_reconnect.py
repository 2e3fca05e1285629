"""Nothing lost: seats reclaimed after a reconnect, a guest's page reloading from what it stored, the host resuming
from its save, a refused move taken back, and a device that never comes back."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from game.net import Host
from game.net.client import VERIFIED
from game.net.gate import LOCAL_PEER
from game.net.messages import encode
from game.net.seats import proof_is_valid, prove
from tests.net.support import Players, Room, seat_everyone, seeded_entropy
from tests.support import FIRST_SEAT


def started(game: str = "deluxe-memory", peers: tuple[str, ...] = ("a", "b", "c"), **settings) -> tuple[Room, Players]:
    """A room with ``peers`` seated in order, the game dealt (seat 0 to play first), and bots for them."""
    options = {**FIRST_SEAT, **({"pairs": 8} if game == "concentration" else {})}
    host = Host(game, len(peers), options, entropy=seeded_entropy(game), **settings)
    room = Room(host, game)
    seat_everyone(room, list(peers))
    room.control(host.start())
    return room, Players(room, dict.fromkeys(peers, "medium"), game)


def copy_of(room: Room, peer: str):
    """``peer``'s copy of the game."""
    return room.clients[peer].replica.match


def test_hmac_proof():
    """The proof is HMAC-SHA256 keyed by the secret; a different secret or nonce does not pass."""
    secret, nonce = "11" * 32, "22" * 32
    assert prove(secret, nonce) == hmac.new(bytes(32 * [0x11]), bytes(32 * [0x22]), hashlib.sha256).hexdigest()
    assert proof_is_valid(secret, nonce, prove(secret, nonce))
    assert not proof_is_valid("33" * 32, nonce, prove(secret, nonce))
    assert not proof_is_valid(secret, "33" * 32, prove(secret, nonce))


@pytest.mark.cpython_only
def test_a_guest_that_reloads_rebuilds_its_copy_from_the_log_and_plays_on():
    """Mid-game b's page reloads: the game waits for b's device (no one else holds its keys); back with only what
    its page stored (its signing key, its seat's secret, its sealing seed), b reclaims its seat, rebuilds its copy
    of the game from the log, sends the shares it owes, and the game ends verified for all."""
    room, players = started(peers=("a", "b"))
    host = room.host
    players.play(until_step=12)
    while host.sequencer.replica.match.state()["actor"] != 0:
        assert players.step()
    away = room.clients["b"]
    room.leave("b")
    assert json.loads(room.received["a"][-1])["seats"][1]["connected"] is False
    assert players.step(), "a picks a card: a private look, which needs b's device's share"
    assert room.clients["a"].replica.waiting == [2], "a's device waits for b's (b's party is 2)"
    assert not players.step(), "and nobody can move meanwhile"
    back = room.reload("b", "b2", page=away)
    assert host.lobby.seat_of("b2") == 1 and back.seat == 1
    assert back.replica is not None and back.replica is not away.replica
    assert back.replica.log == host.sequencer.entries, "its copy rebuilt from the whole log, and its shares sent"
    assert room.clients["a"].replica.waiting == [] and room.clients["a"].replica.idle
    lobby = next(json.loads(text) for text in reversed(room.received["a"]) if '"type":"lobby"' in text)
    assert lobby["seats"][1]["connected"] is True
    room.guard.audit()
    Players(room, {"a": "medium", "b2": "medium"}, "again").play()
    room.guard.audit()
    assert back.verdict.message == VERIFIED and room.clients["a"].verdict.message == VERIFIED


def test_a_wrong_proof_is_refused_and_the_seat_stays_free():
    """Without the secret there is no seat: the wrong answer is refused to that peer alone."""
    room, players = started()
    host = room.host
    players.play(until_step=6)
    stored = room.clients["c"]
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
    returning = room.reload("c", "c2", page=stored)
    assert host.lobby.seat_of("c2") == 2 and returning.replica.match.history == host.sequencer.replica.match.history
    room.leave("c2")
    replay = next(text for text in room.sent["c2"] if json.loads(text)["type"] == "prove")
    room.send("x", encode("reclaim", seat=2))
    room.send("x", replay)
    assert intruder.errors[-1]["code"] == "proof" and host.lobby.seats[2].peer is None


def test_a_device_that_never_comes_back_is_waited_for_then_the_host_ends_the_game_unchecked():
    """c leaves for good: every reveal waits for its device, and the page names it; the host ends the game, and
    every peer is told it was not checked (never "verified", never a cheat)."""
    room, players = started("concentration", ("a", "b", "c"))
    host = room.host
    players.play(until_step=2)
    room.leave("c")
    for _ in range(10):
        if not players.step():
            break
    assert host.sequencer.replica.waiting == [3]
    assert room.clients["a"].replica.waiting == [3] and not room.clients["a"].replica.idle
    assert host.bot_move() is None
    with pytest.raises(ValueError):
        host.configure("concentration", 3)
    room.control(host.end_unchecked())
    assert host.phase == "over"
    for peer in ("a", "b"):
        verdict = room.clients[peer].verdict
        assert not verdict.ok and verdict.message.startswith("Not checked") and not verdict.settled


def test_a_refused_move_is_taken_back_and_what_followed_it_is_signed_again():
    """a signs an illegal move and a legal one before the host has answered either: the first is refused, so the
    client drops it and signs the second again at the count the host expects; it is played once, and the game
    goes on with a's count unbroken."""
    room, players = started("concentration", ("a", "b"))
    host = room.host
    players.play(until_step=2)
    while 0 not in host.sequencer.replica.match.to_act():
        assert players.step()
    client = room.clients["a"]
    legal = client.replica.match.legal_actions(0)[0]
    count = client.signer.written
    illegal, good = client.act({"type": "flip", "pos": 99}), client.act(legal)
    room.send("a", illegal)
    assert client.errors[-1]["code"] == "illegal"
    assert host.sequencer.replica.match.history[-1] == [0, legal], "played once, signed again"
    assert [entry.k for entry in host.sequencer.entries if entry.by == 1][count] == count
    room.send("a", good)  # the first signature of the legal move comes late: taken as sent already, or stale
    assert [seat_action for seat_action in host.sequencer.replica.match.history if seat_action == [0, legal]] == [
        [0, legal]
    ]
    players.play()
    assert client.verdict.message == VERIFIED and room.clients["b"].verdict.message == VERIFIED


def test_an_entry_that_comes_before_the_one_it_follows_is_asked_for_again_from_the_missing_count():
    """a signs two moves before sending either, and the second reaches the host first (as when a page holds a move
    while its copy writes what follows): the host's refusal names the count it misses, not the one it got, so the
    client signs both again from there and the host takes the first; before, the client signed the second again at
    the same count, which the host refused again, for ever."""
    room, players = started("concentration", ("a", "b"))
    host = room.host
    players.play(until_step=2)
    while 0 not in host.sequencer.replica.match.to_act():
        assert players.step()
    client = room.clients["a"]
    first, second = client.replica.match.legal_actions(0)[:2]
    count = client.signer.written
    held, ahead = client.act(first), client.act(second)
    refusal = [json.loads(out.text) for out in host.receive("a", ahead, room.tick())]
    assert [(error["code"], error["k"]) for error in refusal] == [("order", count)], refusal
    room.send("a", ahead)
    assert host.sequencer.replica.match.history[-1] == [0, first], "the missing move, signed again, came"
    room.send("a", held)  # its first signature comes late: taken as sent already
    players.play()
    assert client.verdict.message == VERIFIED and room.clients["b"].verdict.message == VERIFIED


def test_the_host_resumes_from_its_save_and_players_reclaim_their_seats():
    """The host's page reloads mid-game: the saved room resumes (its copy played again from the saved log), the
    guests reclaim their seats and rebuild their copies, and the game ends verified."""
    saves: list[str] = []
    host = Host("concentration", 2, {"pairs": 8}, entropy=seeded_entropy("save"), on_save=saves.append)
    room = Room(host, "save")
    seat_everyone(room, ["a", "b"])
    room.control(host.start())
    players = Players(room, {"a": "hard", "b": "hard"}, "save")
    for _ in range(8):
        players.step()
        logged = json.loads(saves[-1])["log"]
        assert len(logged) == len(host.sequencer.entries), "saved after each move"
    secrets = {peer: room.clients[peer].secret for peer in ("a", "b")}
    clients = dict(room.clients)

    resumed = Host.load(saves[-1], room.now, entropy=seeded_entropy("reloaded"))
    assert resumed.sequencer.replica.match.to_json() == host.sequencer.replica.match.to_json()
    assert resumed.phase == "playing" and resumed.sequencer.entries == host.sequencer.entries
    assert resumed.lobby.seat_of("a") is None, "connections do not survive a reload: seats must be reclaimed"
    room2 = Room(resumed, "save")
    room2.now, room2.pages = room.now, room.pages  # the test still knows every page's seed
    for seat, peer in enumerate(("a", "b")):
        # The same pages come back over the new transport with their stored secrets.
        room2.join(peer + "2", clients[peer])
        room2.send(peer + "2", clients[peer].reclaim(seat, secrets[peer]))
        assert clients[peer].replica.match.history == resumed.sequencer.replica.match.history
    Players(room2, {"a2": "hard", "b2": "hard"}, "resumed").play()
    assert all(client.verdict.message == VERIFIED and client.warning is None for client in clients.values())


def test_a_save_in_every_phase_loads():
    """Lobby, shuffle, playing and over all round-trip through save and load."""
    host = Host("concentration", 2, options={"pairs": 8}, entropy=seeded_entropy("phases"), host_peer="me")
    room = Room(host)
    seat_everyone(room, ["me", "b"])
    for phase in ("lobby", "shuffle", "playing", "over"):
        if phase == "shuffle":
            room.clients["b"].contributes = False
            room.control(host.start())
        elif phase == "playing":
            room.clients["b"].contributes = True
            room.send("b", room.clients["b"].sync())
        elif phase == "over":
            Players(room, {"me": "perfect", "b": "perfect"}).play()
        assert host.phase == phase
        assert Host.load(host.save(), 0).save() == host.save()


def test_a_room_saved_before_an_option_existed_loads_with_its_old_behaviour():
    """A room whose lobby options lack first_player (saved before it existed) opens with the first seat."""
    host = Host("concentration", 2, {"pairs": 8, "first_player": "first seat"}, entropy=seeded_entropy("old room"))
    room = Room(host)
    seat_everyone(room, ["a", "b"])
    room.control(host.start())
    Players(room, {"a": "medium", "b": "medium"}).play(until_step=6)
    data = json.loads(host.save())
    del data["lobby"]["options"]["first_player"]
    resumed = Host.load(json.dumps(data), 0)
    assert resumed.lobby.options["first_player"] == "first seat"
    assert resumed.sequencer.replica.match.options["first_player"] == "first seat"
    assert resumed.sequencer.replica.match.history == host.sequencer.replica.match.history


def corrupted(save: str) -> list[str]:
    """Damaged versions of a good save of a game in play."""
    data = json.loads(save)

    def edit(change) -> str:
        copy = json.loads(save)
        change(copy)
        return json.dumps(copy)

    def entry(index: int, **change) -> callable:
        return lambda d: d["log"][index].update(change)

    moved = data["log"][:3] + data["log"][4:]
    return [
        "",
        "{",
        "[]",
        save[: len(save) // 2],
        edit(lambda d: d.update(format="face-down-room/2")),
        edit(lambda d: d.update(phase="halftime")),
        edit(lambda d: d.update(phase="lobby")),
        edit(lambda d: d.update(settings={"host_peer": None, "identity": "00" * 32, "room": ""})),
        edit(lambda d: d.update(settings={"host_peer": None})),
        edit(lambda d: d["lobby"].update(game="chess")),
        edit(lambda d: d["lobby"].update(players=3)),
        edit(lambda d: d["lobby"]["seats"][0].update(secret="nope")),
        edit(lambda d: d["lobby"]["seats"][0].update(kind="open", secret=None)),
        edit(lambda d: d["lobby"]["seats"][1].update(kind="bot")),
        edit(lambda d: d["lobby"]["seats"][1].update(key="04" + "ab" * 63)),
        edit(lambda d: d["lobby"].update(options={"deck": ["AS"]})),
        edit(lambda d: d["shuffle"].update(secret="00")),
        edit(lambda d: d.update(shuffle=None)),
        edit(lambda d: d["shuffle"]["nonces"].append({"seat": 1, "nonce": "ab" * 32})),
        edit(lambda d: d.update(seals=None)),
        edit(lambda d: d.update(seals=[{"seat": 0, "seal": "xy"}])),
        edit(lambda d: d.update(seed="zz")),
        edit(lambda d: d.update(log=None)),
        edit(lambda d: d.update(log={"not": "a list"})),
        edit(lambda d: d.update(log=moved)),
        edit(entry(5, sig="00" * 64)),
        edit(entry(5, kind="nonsense")),
        edit(entry(2, body={"seat": 0, "state": 0, "action": {"type": "flip", "pos": 99}})),
    ]


def test_a_corrupt_save_is_a_clear_error():
    """Every kind of damage raises ValueError saying the room save is damaged, and why."""
    room, players = started("paved-with-gold", ("a", "b"))
    players.play(until_step=12)
    save = room.host.save()
    assert Host.load(save, 0).sequencer.replica.match.to_json() == room.host.sequencer.replica.match.to_json()
    for text in corrupted(save):
        with pytest.raises(ValueError, match=r"^This room save is damaged\. [A-Z].+\.") as caught:
            Host.load(text, 0)
        assert type(caught.value) is ValueError, text[:200]


def test_the_hosts_own_player_reclaims_its_seat_after_the_host_reloads():
    """The host's page reloads: its own player is the host's party, whose keys come from the save."""
    saves: list[str] = []
    host = Host(
        "concentration", 2, {"pairs": 8}, host_peer=LOCAL_PEER, entropy=seeded_entropy("own"), on_save=saves.append
    )
    room = Room(host, "own")
    seat_everyone(room, [LOCAL_PEER, "b"])
    room.control(host.start())
    Players(room, {LOCAL_PEER: "medium", "b": "medium"}).play(until_step=4)
    resumed = Host.load(saves[-1], room.now)
    own = room.clients[LOCAL_PEER]
    room2 = Room(resumed, "own")
    room2.pages = room.pages
    room2.join(LOCAL_PEER, own)
    room2.send(LOCAL_PEER, own.reclaim(0, own.secret))
    room2.join("b", room.clients["b"])
    room2.send("b", room.clients["b"].reclaim(1, room.clients["b"].secret))
    Players(room2, {LOCAL_PEER: "medium", "b": "medium"}).play()
    assert room.clients["b"].verdict.message == VERIFIED
